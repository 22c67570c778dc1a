#pragma once
// What a flag fall means under the rules (FIDE 6.9): the side whose time ran
// out loses, unless no side of the other teams can win by any series of legal
// moves, and then the game is drawn. Its own file because every clock of the
// program (the GUI's, the matches played on the command line) decides a flag
// fall the same way, from the position alone, and the script's rules say what
// "cannot win" means through the pieces they make royal.

#include "core/position.h"
#include "core/result.h"

namespace regula {

// Whether a seat cannot win by any series of legal moves, in the reading the
// clocks take of it: it has no pieces but royal ones, on the board or in hand.
bool cannot_win(const Position& pos, SeatId seat);

// Whether the seat's flag fall draws: every seat of the other teams cannot win.
bool flag_fall_draws(const Position& pos, SeatId seat);

// The result of the seat's flag fall, in Game::time_out's words: "white loses
// on time" (every other team wins), or a draw, "white's time is up, but no
// other side can win".
Result flag_fall_result(const Position& pos, SeatId seat);

}  // namespace regula
