#pragma once
// Lame leaps: a leap that a piece on a named site on the way blocks. They are
// compiled as walks of one fixed path each (the blocking sites as the path's
// intermediate sites), so that move generation and attack detection treat them
// exactly as they treat walks, from precomputed tables.

#include <vector>

#include "core/ruleset.h"

namespace regula::script {

// One leap and the sites, as offsets from the origin, that must be empty for it.
struct LameOffset {
  Offset to;
  std::vector<Offset> via;
};

// The sites a leap by off passes when it steps straight towards its destination:
// diagonally while the two distances left are equal, otherwise along the longer
// one (Fairy-Stockfish's lame leaper: the knight's leg, the elephant's eye).
std::vector<Offset> lame_path(Offset off);

// Sorts walk paths by destination (then by their intermediate sites) and drops
// repeats, as move generation and attack detection expect them.
void sort_paths(std::vector<WalkPath>& paths);

// Fills rule.walks (kind kWalk) with one path per seat, origin and leap whose
// destination is on the board, the blocking sites as its intermediate sites.
// Offsets are as the first seat sees them and turned for each seat's facing.
// Returns the number of paths.
size_t build_lame_leaps(const Topology& topo, const std::vector<Seat>& seats,
                        const std::vector<LameOffset>& leaps, MoveRule& rule);

}  // namespace regula::script
