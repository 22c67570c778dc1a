#pragma once
// Perft: the number of move sequences of a given length, the standard check of a
// move generator. Leaves are counted in bulk at the last ply. A die roll is not a
// player's move: chance nodes are expanded without using up depth.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace regula {

uint64_t perft(Position& pos, int depth);
// The count below each first move.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace regula
