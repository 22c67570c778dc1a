// Seats that leave play after a decision: one with no pieces on the board or
// in hand (EndRules::extinction), or one for which the script's leave
// condition holds (EndRules::leave).

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class Extinction final : public Effect {
 public:
  const char* name() const override { return "extinction"; }
  void on_decision_end(EffectContext& c) const override {
    Position& pos = c.pos;
    for (SeatId s = 0; s < pos.rules().num_seats(); ++s)
      if (pos.seat_state(s) != SeatState::kOut && pos.pieces(s) == 0 && pos.hand_total(s) == 0)
        pos.set_seat_state(s, SeatState::kOut, 1, &c.undo);
  }
};

class LeaveCondition final : public Effect {
 public:
  const char* name() const override { return "leave condition"; }
  void on_decision_end(EffectContext& c) const override {
    Position& pos = c.pos;
    for (SeatId s = 0; s < pos.rules().num_seats(); ++s)
      if (!pos.is_out(s) && condition_holds(pos.rules().end.leave, pos, s))
        pos.set_seat_state(s, SeatState::kOut, kLeftByLeave, &c.undo);
  }
};

}  // namespace

void add_leaving_play(const Ruleset& r, EffectLists& out) {
  if (r.end.extinction) out.add(std::make_unique<Extinction>(), event_bit(Event::kDecisionEnd));
  if (!r.end.leave.terms.empty())
    out.add(std::make_unique<LeaveCondition>(), event_bit(Event::kDecisionEnd));
}

}  // namespace regula::effects
