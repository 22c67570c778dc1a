#pragma once
// Betza's "funny notation" for how pieces move (the XBoard and Fairy-Stockfish
// reading): atoms such as W (one orthogonal step), N (the (1,2) leap) or R (an
// orthogonal rider), each preceded by modifiers that keep some of its
// directions (f, b, l, r, v, s and pairs such as fs, fh), some of its modes
// (m, c) or make it lame (n), a hopper (p, g) or an initial move (i).
//
// The parser is game-neutral and knows nothing of scripts: the script compiler
// turns what it reads into the rule language's own elements (steps, slides,
// leaps, screens), and the description of a compiled piece reads it back to check the
// Betza it writes. It reads what Fairy-Stockfish's src/piece.cpp reads, with
// the same meaning for every modifier on every atom, but refuses what that
// parser silently skips (an unknown letter, modifiers without an atom, a
// direction that selects nothing).

#include <cstddef>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/ruleset.h"
#include "core/topology.h"

namespace regula {

// One atom of a Betza string with its modifiers.
struct BetzaMove {
  enum class Kind : uint8_t {
    kLeap,      // one leap (or step) in each direction
    kRide,      // repeated leaps along a line, over empty sites only
    kLame,      // a leap whose sites on the way must be empty (n)
    kHop,       // over a screen (p)
    kGrasshop,  // over a screen, landing just beyond it (g)
  };
  char atom = 'W';  // the letter as written
  Kind kind = Kind::kLeap;
  int range = 1;  // kRide: leaps at most (0: any number)
  Mode mode = Mode::kBoth;
  bool initial = false;     // i: only from the piece's start squares, without capturing
  bool en_passant = false;  // e (with c): also captures en passant
  // The leaps it makes, as the mover sees them: dx to its right, dy forward.
  // A rider's are single leaps of its line.
  std::vector<Offset> offsets;
  // The characters of the text it was read from, [begin, end).
  size_t begin = 0, end = 0;
};

// The moves of a Betza string, or an error naming the offending character (its
// position counted from 1) and why it cannot stand there.
Expected<std::vector<BetzaMove>> parse_betza(const std::string& text);

// An atom's leaps in one direction each, as offsets (dx, dy) with dy >= dx >= 0
// (N: (1, 2)); none for a letter that is no atom. K and Q have two, W's first.
std::vector<Offset> betza_atom_leaps(char atom);

}  // namespace regula
