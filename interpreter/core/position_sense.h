#pragma once
// Whether a position set up from text could arise under its rules, as far as
// the compiled rules can say without replaying a game. A position string may
// hold anything a Position can (a board without a royal piece, a piece where
// it could never have stopped); play from such a position would be
// meaningless (check against a missing royal, a side that could take the
// enemy royal), so readers of position strings refuse it with the reason.

#include "core/expected.h"
#include "core/position.h"

namespace regula {

// Refuses, with the reason:
// - under check rules (EndRules::check), a seat in play without any of its
//   royal pieces on the board or in hand (one in hand is placed later);
// - with two seats and check rules, the side not to move in check (the side to
//   move could take its royal);
// - a piece on a site where it could never move again (PieceType::stuck) and
//   where a promotion that would have been compulsory there applies (mandatory,
//   or forced by Promotion::forced_stuck or forced_region), not counting
//   promotions only to lost types, which may be impossible when it arrived.
Status check_position_sense(const Position& pos);

}  // namespace regula
