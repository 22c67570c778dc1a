#pragma once
// How a game is written and shown, beside its rules: its title and sources,
// the notation of its moves and positions, the names other programs know it
// by, and how a front end draws its board and pieces. The script compiler
// fills one for every ruleset (Ruleset::presentation); notation, the UCI
// server and the GUI read it, and core never does: nothing here changes which
// moves are legal or how a game ends, so two rulesets that differ only here
// play alike (notation/compare_rules.h compares the rules alone).

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/types.h"

namespace regula {

struct Pdn;
struct Ruleset;

struct Presentation {
  std::string title;
  std::vector<std::string> sources;
  std::string description;
  // How a grid is drawn: squares of two alternating shades, or all alike.
  bool checkered = true;
  std::string notation = "long";            // "long" (e2e4), "san"
  std::string step_joiner;                  // written between origin and destination ("-")
  bool drop_letter = true;                  // drops as N@c3, or the site alone
  std::string position_format = "generic";  // or "fen"
  // Draughts notation (formats/pdn.h): square numbers in moves, PDN FEN positions
  // and PDN game records, when the script gives a PDN GameType (else null).
  std::shared_ptr<const Pdn> pdn;
  // The variant's name as UCI engines know it (Fairy-Stockfish's UCI_Variant:
  // "chess", "shatranj"), or "": what `regula uci` offers and what an external
  // engine playing these rules is set to.
  std::string uci_variant;
  // What UCI writes after a move that promotes ("+"), in place of the new
  // type's letter; "" for the letter.
  std::string uci_promotion;
  // Per declared option (Ruleset::declared_options): one line, or "".
  std::vector<std::string> option_descriptions;
  // Per piece type (Ruleset::types), per seat: how a front end draws it, a
  // text (a Unicode figure), the absolute path of an SVG file, or "" for a
  // token with the piece's letter.
  std::vector<std::array<std::string, kMaxSeats>> glyphs;
  // Per seat: its pieces are drawn turned the way the seat faces on the screen
  // (upside down while it faces down the screen), as shogi's pieces point at
  // the enemy; else upright whichever way the board is turned.
  std::array<bool, kMaxSeats> turned{};
  // Per piece type: SAN writes it with no letter, and its file on captures (exd5).
  std::vector<bool> san_no_letter;

  const std::string& glyph(TypeId type, SeatId seat) const;
  bool san_without_letter(TypeId type) const;
};

// The presentation of rules, or the defaults (untitled, long notation, no
// glyphs) for rules built without one, as tests build them.
const Presentation& presentation_of(const Ruleset& rules);

}  // namespace regula
