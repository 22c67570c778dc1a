#pragma once
// Move generation over a compiled Ruleset: pseudo-legal moves from the native
// rule tables, then the legality filter (royal safety, pieces that fear attack,
// the script's filter hook), capture priorities and forced passes.

#include "core/attacks.h"
#include "core/move.h"
#include "core/position.h"

namespace regula {

// Moves of the side to move as the rules generate them, before legality filtering.
void generate_pseudo(const Position& pos, MoveList& moves);

// The decisions available now: empty when the game is over; the die's outcomes
// (MoveKind::kChance) when a roll is due; a lone pass when the rules make a blocked
// side pass.
void legal_moves(Position& pos, MoveList& moves);

// Whether the move just made (pos is after it, mover is the seat that moved)
// leaves the mover's royal safe and its fearful pieces unattacked.
bool move_was_safe(const Position& pos, SeatId mover, const Move& move);

}  // namespace regula
