#pragma once
// How a computer player answers a draw offer.

#include "ai/player.h"

namespace regula::ai {

// Whether the player of seat accepts a draw offered in pos: it searches pos
// with its own budget, as if to move there, and accepts when it does not see
// its side ahead. A player that reports no judgement (random play, an engine
// that sends no score) declines. pos must have a decision to make.
bool accepts_draw(Player& player, const Position& pos, SeatId seat);

}  // namespace regula::ai
