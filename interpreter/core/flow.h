#pragma once
// The turn flow: after every decision, the one place that says what comes
// next. A turn is the decisions one seat makes before the game passes on; a
// decision may leave the same seat to decide again (a removal after a line,
// a promotion asked for, the next die's move), hand a decision to another seat
// (an offer to answer), or end the turn, after which the next seat in turn
// order that takes turns plays, and a throw of the dice comes first where the
// game has dice. Position::make applies the step and stores the outcome (the
// turn boundary, the decisions taken in the turn), which every consumer reads:
// perft, legal turns, records, players, the GUI and notation never work it out
// again. docs/authoring.md ("Decisions, turns and chance") draws the model.

#include <cstdint>

#include "core/move.h"
#include "core/types.h"

namespace regula {

class Position;
struct Ruleset;

// What comes after one decision.
struct FlowStep {
  int stage = -1;             // the stage now pending (an index into Ruleset::stages), or -1
  SiteId anchor = kNoSite;    // the site that stage is about (the piece that promotes)
  SeatId seat = 0;            // the seat that decides next
  bool turn_goes_on = false;  // the next decision belongs to the same turn
  bool clear_dice = false;    // the turn ends with dice unused: they are not carried over
};

// What flow_after needs of the decision besides the position it led to.
struct DecisionFacts {
  SeatId mover;        // the seat whose turn it was (Position::to_move before it)
  SeatId owner;        // the seat whose turn it is once a pending stage is settled
  int stage;           // the stage the decision answered, or -1
  uint32_t phase_bit;  // the phase the decision was made in (phase_bit), for triggers
};

// The step after decision m, from pos as the decision's changes left it (the
// seat to move and the stage not yet updated).
FlowStep flow_after(const Position& pos, const Move& m, const DecisionFacts& facts);

// Whether the next decision of pos continues the turn of the previous one, for
// a position set up from its parts (a position string): a stage of the
// mover's is pending, or dice of a throw are left after some were used.
bool turn_goes_on(const Position& pos);

// The decisions of the turn in progress that pos shows were made, for a
// position set up from its parts: the dice of the throw already used, or one
// (the move that started the pending stage).
int turn_decisions_shown(const Position& pos);

// The dice left after decision m (Position::roll's packing): one die is used by
// any move; of several, a move uses the die it names and a pass all that
// remain; a stage's decision uses none.
int dice_after(const Ruleset& r, int roll, const Move& m, int answered_stage);

// The number of dice packed in a roll.
int dice_in(int roll);

}  // namespace regula
