#pragma once
// Position strings: the text a user pastes to set up a position, a game record
// stores after [FEN], and the tests compare. Chess-like scripts (position = "fen")
// get FEN, with Fairy-Stockfish's extensions for big boards (multi-digit empty
// runs, [hand] after the board); every other script gets a generic form that can
// say anything a Position holds. Both round-trip exactly: what FEN cannot say
// (capture counters, flags that differ from what the castling field implies, a
// pending roll, ...) follows the six FEN fields as key=value fields, which FEN
// readers that stop after the sixth field ignore.
//
// Generic form, space-separated fields:
//   board    grid boards: ranks from the top, '/' between ranks, digits for empty
//            runs, single-character symbols bare, longer ones in parentheses, and
//            "(type@seat)" when a symbol is ambiguous; point boards: "site:piece"
//            items joined by ','; '-' for an empty point board. A piece may carry
//            flags in braces: "K{moved}", "(bT){moved+escape}".
//   seat     the seat to move, by name.
//   key=value, only the ones that are not zero:
//            hand.SEAT=type:n,...   COUNTER=v0,v1,...   halfmove= passes= ply=
//            material_plies= globalK=   ep=site:victim   roll=n   out=seat,...
//            end=rule:seat   return_ban=seat:from-to,...   phase=NAME (the phase of
//            the seat to move, written for the reader and checked when read)
//            flags=site{a+b},...   (FEN only: flags that differ
//            from those the castling field implies)
// PDN FEN, for scripts with a PDN GameType (Ruleset::pdn): "W:W31,32,K10:B1,2,3"
//            (the side to move, each colour's squares, K before a king's; ranges
//            1-12 and a final '.' are read too), then the key=value fields above
//            for what it cannot say. Such scripts still read the generic form.
// FEN: board side castling ep halfmove fullmove [key=value ...]. The en passant
// square is written whenever the last move made one, whether or not a capture
// there is possible, so that the position (and its hash) comes back exactly.

#include <memory>
#include <string>

#include "core/expected.h"
#include "core/position.h"

namespace regula {

std::string write_position(const Position& pos);
Expected<Position> read_position(std::shared_ptr<const Ruleset> rules, const std::string& text);
// Refuses a position whose counters (ply, halfmove, captures, a script's) or
// hands lie beyond what read_position takes, naming the first: play stops
// before such a position, so that every position regula writes reads back.
Status check_counters(const Position& pos);

}  // namespace regula
