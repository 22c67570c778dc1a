#pragma once
// Perft: the number of sequences of whole turns (turns.h) of a given length,
// the standard check of a move generator. A placement with the removal it
// causes is one turn, so one node; a throw of the dice is not a player's move:
// chance nodes are expanded without using up depth. Leaves are counted in bulk
// at the last ply when no decision can continue a turn.

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/position.h"
#include "core/turns.h"

namespace regula {

// The deepest perft (deeper is a RuleError): far beyond what any game can
// count in a lifetime, and shallow enough that the recursion (a move list per
// ply) fits the stack.
constexpr int kMaxPerftDepth = 32;
// The decisions perft makes by default before it stops (a RuleError naming the
// limit): about an hour of counting at the engine's speed, so that a depth
// typed by mistake ends instead of running for days. 0: no limit.
constexpr uint64_t kPerftMoveBudget = 100'000'000'000ull;

// max_moves: the decisions (calls of make) it may make, 0 for no limit; past it
// perft stops with a RuleError.
uint64_t perft(Position& pos, int depth, uint64_t max_moves = 0);
// The count below each first whole turn, in legal_turns' order; with take, only
// below the turns whose index in that order it accepts (a share of the work).
// more: other positions equal to pos (each on rules of its own where hooks keep
// state), each counted on by a thread of its own beside the caller's, which
// takes the next first turn left; max_moves is then the decisions of all
// threads together. An error in one thread stops the others and is thrown here.
std::vector<std::pair<Turn, uint64_t>> perft_divide(
    Position& pos, int depth, uint64_t max_moves = 0,
    const std::function<bool(size_t index)>& take = {}, const std::vector<Position*>& more = {},
    const std::function<void(uint64_t count)>& counted = {});

}  // namespace regula
