#pragma once
// The rules of a piece in plain words, read off the compiled rules, for a GUI's
// rules panel and `regula info`: "exactly 3 orthogonal steps, may turn, no
// square twice, may not jump". Directions are named as the first seat sees
// them (forward is away from its side).

#include <string>
#include <vector>

#include "core/ruleset.h"

namespace regula {

// One line per way the piece moves, then what it may not capture, how it
// promotes, and whether it is royal.
std::vector<std::string> describe_piece(const Ruleset& rules, TypeId type);

// The directions of a rule in words: "orthogonally", "diagonally forward", ...
std::string describe_dirs(const Ruleset& rules, const std::vector<DirId>& dirs);

}  // namespace regula
