#pragma once
// End conditions: what decides a game whatever moves remain (a capture that
// ends it, the move rule, repetition, passes, material, extinction, the script's
// end hook), and what a side with no legal move gets (checkmate, stalemate).

#include <optional>

#include "core/position.h"
#include "core/result.h"

namespace regula {

// A result that holds in pos before looking at its legal moves, if any.
std::optional<Result> decided_result(const Position& pos);

// The result of pos: decided_result, or the no-move outcome when the side to
// move has no legal move; Result{} (not over) otherwise.
Result game_result(Position& pos);
// The same, leaving the legal moves (empty when the game is over) in moves, for
// loops that need both and should generate once.
Result game_result(Position& pos, MoveList& moves);

// Per-seat counter k as the game stands. For the stakes counter of a finished
// game, the ledger also settles the result: each losing seat owes each winning
// seat Ruleset::stakes_win, and with money the pot is shared and the payments
// due at the end are made (Ruleset::money).
int settled_counter(const Position& pos, const Result& result, SeatId seat, int k);

// Whether no piece of seat can reach a site on the edge of the grid, moving
// orthogonally through sites that hold no enemy piece (EndRules::encircled).
bool encircled(const Position& pos, SeatId seat);

// The seat of a piece of this type that stands on the grid's edge in a fort the
// enemy can never break (EndRules::edge_fort, core/edge_fort.cpp), or -1.
SeatId edge_fort(const Position& pos, TypeId type);

// A result in which every seat of winner's team wins and everyone else loses.
Result win_for(const Ruleset& rules, SeatId winner, std::string reason);

// A drawn result decided on points where the rules say so
// (EndRules::points_decide): the seat with the greatest total wins, the reason
// saying the totals; any other result unchanged.
Result decide_on_points(const Position& pos, Result result);

// Sets the ranks of a finished result from its outcomes and, among losers, the
// order in which seats left play (later is better).
void rank_seats(Result& result, const Position& pos);

}  // namespace regula
