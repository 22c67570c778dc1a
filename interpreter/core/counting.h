#pragma once
// The counting rules of Thai and Burmese chess (EndRules::counting): the limit
// a count would have for a side, and the draw when a running count has passed
// its limit. Its own file because the count is read in two places, the effect
// that moves it at each turn's end (effects/counting.cpp) and the end of the
// game (game_end.cpp), and both must agree on what the material allows.

#include <optional>

#include "core/position.h"
#include "core/result.h"

namespace regula {

// The limit, in moves, of a count the side would start now: 0 while a pawn of
// the rule stands on the board or the other side is bare; the limit for a side
// with more than one piece; or the first bare limit whose pieces the other
// side has.
int counting_limit(const Position& pos, SeatId side);

// Whether no pawn of the rule stands on the board.
bool counting_pawns_gone(const Position& pos);

// The draw when the running count has passed its limit, unless the side to
// move is checkmated; nothing otherwise.
std::optional<Result> counting_result(const Position& pos);

}  // namespace regula
