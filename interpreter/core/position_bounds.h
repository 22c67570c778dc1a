#pragma once
// What the rules allow a position to hold, counted without replaying a game:
// how many pieces a hand can ever hold, how many pieces the game can ever
// have, which seats can have left play or be frozen, and who may command whom.
// Readers of position strings refuse anything beyond it, so that a position
// from a stranger is one the rules could have produced; its own file because
// it is about the rules' bounds, where position_sense is about play making
// sense from the position.

#include "core/expected.h"
#include "core/position.h"

namespace regula {

// The most pieces of type t seat s's hand can ever hold: what the game deals
// it when nothing adds to hands, every piece of the game when captures join
// the capturer's hand, and kUnboundedHand when hooks or an unlimited supply
// can make pieces out of nothing.
constexpr int kUnboundedHand = 1'000'000'000;
int hand_bound(const Ruleset& r, SeatId s, TypeId t);

// Refuses, with the reason, a position whose hands hold more than hand_bound;
// with pieces in hand, more pieces on the board and in hand together than
// the game deals, when nothing makes new ones; more pieces of a type no rule
// can give a seat than it was dealt; a seat commanded by a seat that is not its ally;
// and, when no hook can set seat states, no seat left in play, or a seat out
// or frozen that no rule could have put there (frozen with every piece of its
// type a freezing capture takes still standing, out with pieces left and no
// other way out).
Status check_position_bounds(const Position& pos);

}  // namespace regula
