#pragma once
// How each seat sees the board, for the evaluation's piece-square worths
// (AiSettings::squares), which are written once, as the first seat sees the
// board, and read by every seat from where its own army stands.

#include <vector>

#include "core/ruleset.h"

namespace regula::ai {

// views[seat][site]: the site that, for the first seat, stands where site
// stands for seat. On a grid, each seat's view is the symmetry of the board
// that carries the first seat's starting army onto that seat's (a mirror in
// chess, a half turn in shogi), trying first the turn between the two seats'
// facings; where no symmetry does (an empty start, unequal armies), that turn,
// or the board as it is when the board's shape has no such turn. On a board of
// points, every seat sees the board as it is.
std::vector<std::vector<SiteId>> seat_views(const Ruleset& rules);

}  // namespace regula::ai
