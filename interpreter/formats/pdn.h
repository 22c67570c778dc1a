#pragma once
// PDN (Portable Draughts Notation, FMJD PDN 3.0): how draughts players and their
// programs name squares, write moves (9-13, 10x19x28), positions
// (W:W31,32,K10:B1,2,3) and game records. A script asks for it with the PDN
// GameType string ("24,W,8,8,N1,1"); the numbering follows from its fields alone,
// as the standard defines it, so that any draughts game the standard can describe
// is numbered without the engine knowing its name:
//   type          the game's number in the standard's table (20 international, ...)
//   start colour  W or B: the colour of the seat that moves first
//   width, height the board
//   notation      N (numbers counting the playing squares) or A (a letter and a
//                 number, like chess), followed by the corner of square 1 (or a1)
//                 as the first mover sees the board: 0 bottom left, 1 bottom
//                 right, 2 top left, 3 top right. Numbers run along the rows
//                 (the principal direction is horizontal) away from that corner,
//                 row after row away from it.
//   invert        0: the first mover's bottom-left corner is a playing square;
//                 1: it is not (the squares of the other colour are played).

#include <string>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace regula {

class Topology;

struct PdnGameType {
  int type = 0;
  // Whether the fields after the type number were given ("20" alone is allowed
  // in a record's tag).
  bool full = false;
  char first_colour = 'W';  // 'W' or 'B'
  int width = 0;
  int height = 0;
  char notation = 'N';  // 'N' numeric, 'A' algebraic
  int corner = 0;       // 0 bottom left, 1 bottom right, 2 top left, 3 top right
  int invert = 0;       // 0: the bottom-left corner is a playing square
  std::string text() const;
};

// Parses "24,W,8,8,N1,1" (or "24" alone when allow_short); the error names the
// field that is wrong.
Expected<PdnGameType> parse_pdn_game_type(const std::string& text, bool allow_short = false);

// What a ruleset that uses PDN keeps (Ruleset::pdn): the game type, each site's
// PDN name and which seat and piece type each PDN colour and piece letter stands
// for.
struct Pdn {
  PdnGameType game_type;
  std::string capture = "x";  // the capture separator moves are written with
  // Per site: its PDN name ("1".."32", or "a1".. for algebraic notation), or ""
  // for a square that is not played on.
  std::vector<std::string> square;
  std::vector<SiteId> numbered;  // sites by number - 1 (numeric notation)
  // The seat of each PDN colour: [0] white (W), [1] black (B).
  SeatId colour_seat[2] = {0, 1};
  TypeId man = 0;
  TypeId king = 1;

  // The site a PDN square name (or a site's own name) stands for, or kNoSite.
  SiteId find(const Topology& topo, const std::string& name) const;
  // A site's PDN name, or its own name where it has none.
  const std::string& name(const Topology& topo, SiteId site) const;
  // 'W' or 'B' for a seat.
  char colour(SeatId seat) const { return seat == colour_seat[0] ? 'W' : 'B'; }
};

// A site as a ruleset's notation names it: its PDN name when the rules use PDN
// (pdn is not null), else its own name; and the site such a name stands for, or
// kNoSite.
const std::string& site_name(const Pdn* pdn, const Topology& topo, SiteId site);
SiteId find_site(const Pdn* pdn, const Topology& topo, const std::string& name);

// Numbers the squares of a grid as game_type says, for a first mover who faces
// north (facing 0: sits at the bottom) or south (facing 2: sits at the top).
// Fails when the board or the facing does not fit.
Status number_pdn_squares(const Topology& topo, int first_facing, Pdn& pdn);

}  // namespace regula
