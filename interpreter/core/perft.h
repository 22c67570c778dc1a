#pragma once
// Perft: the number of sequences of whole turns (turns.h) of a given length,
// the standard check of a move generator. A placement with the removal it
// causes is one turn, so one node; a throw of the dice is not a player's move:
// chance nodes are expanded without using up depth. Leaves are counted in bulk
// at the last ply when no decision can continue a turn.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"
#include "core/turns.h"

namespace regula {

uint64_t perft(Position& pos, int depth);
// The count below each first whole turn.
std::vector<std::pair<Turn, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace regula
