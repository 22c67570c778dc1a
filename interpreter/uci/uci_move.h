#pragma once
// Turns as UCI moves: what `regula uci` prints and reads, and what an external
// engine is sent and answers. UCI writes a move as its origin and destination
// squares, with the promotion's letter in lower case (e2e4, e7e8q), a drop as
// the piece's letter, '@' and the square (P@e4, the shogi convention), and a
// null move as 0000; a pass a seat chooses in place of its move (pass = true)
// is its royal's move to its own square (e2e2), as Fairy-Stockfish writes
// janggi's pass, and 0000 reads as it too. These texts come from the Move alone, so they work for
// any grid script whose turns are single decisions.
//
// What UCI has no words for is written so that it still reads as one token:
//  * a hop chain gives its two ends only (a3e7, the path left out);
//  * a turn of several decisions joins them as turn_text does: a removal as
//    "x" and its site (d2d3xf6), an asked promotion as its letter (e7e8q), any
//    other decision after a comma; a pass that ends a turn's remainder is left
//    out;
//  * a throw, an answer or an action is its long text with '_' for spaces.
// Turns that would still read alike (two capture chains between the same
// squares, rules with the same ends and different effects) are written in the
// project's turn text instead, spaces as '_', so that every legal turn has a
// text of its own and reads back as itself.

#include <string>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "core/turns.h"

namespace regula::uci {

// The UCI text of each of turns, the legal turns of pos (legal_turns), in one
// pass. pos is restored before returning.
std::vector<std::string> uci_texts(Position& pos, const std::vector<Turn>& turns);

// The UCI text of one turn of pos (found among its legal turns; a turn that is
// not legal is written from its decisions alone).
std::string uci_text(Position& pos, const Turn& turn);

// The UCI text of a turn of pos from its decisions alone, without telling it
// apart from the other legal turns (no hook runs for a turn of one decision):
// what a stopped search answers with when there is no time for uci_text. pos
// is restored before returning.
std::string uci_decisions_text(Position& pos, const Turn& turn);

// The legal turn of pos a UCI text names: exactly as uci_texts writes it, or
// the same in other letter case when that names one turn only, or the
// project's own move text (notation/turn_text.h). An Error naming the text and
// why otherwise (the game is over, a throw of the dice is due, no legal turn
// reads so).
Expected<Turn> parse_uci(Position& pos, const std::string& text);

// A search's principal line (decisions of any seats, from pos) as UCI moves,
// one per whole turn: it stops before a throw of the dice, at a decision that
// is not legal where it is made, and leaves out a turn the line does not
// finish.
std::vector<std::string> uci_line(const Position& pos, const std::vector<Move>& decisions);

}  // namespace regula::uci
