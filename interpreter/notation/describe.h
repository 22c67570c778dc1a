#pragma once
// The rules of a piece in plain words, read off the compiled rules, for a GUI's
// rules panel and `regula info`: "exactly 3 orthogonal steps, may turn, no
// square twice, may not jump". Directions are named as the first seat sees
// them (forward is away from its side).

#include <optional>
#include <string>
#include <vector>

#include "core/ruleset.h"

namespace regula {

// One line per way the piece moves, then what it may not capture, how it
// promotes, and whether it is royal.
std::vector<std::string> describe_piece(const Ruleset& rules, TypeId type);

// The directions of a rule in words: "orthogonally", "diagonally forward", ...
std::string describe_dirs(const Ruleset& rules, const std::vector<DirId>& dirs);

// A piece's moves in Betza's notation (core/betza.h), as Fairy-Stockfish reads
// it: "fmWfceFifmnD" for a chess pawn. Castling, which Betza leaves to the
// game's rules, is set aside and reported; anything else Betza cannot say
// exactly (a walk, a capture by jumping, a once-per-game move, a move limited
// to a region other than the piece's start squares, absolute directions) leaves
// the piece without a form: nothing rather than something wrong.
struct BetzaDescription {
  std::string betza;
  bool castles = false;  // it also castles, which the Betza leaves out
};
std::optional<BetzaDescription> describe_betza(const Ruleset& rules, TypeId type);

}  // namespace regula
