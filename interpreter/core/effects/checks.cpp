// The checks each seat has given in a row (EndRules::perpetual_check_loses),
// moved at the end of each turn: one more when the move leaves the next seat
// in check, back to zero otherwise. A repetition reads them to tell a cycle
// of checks from any other (game_end.cpp); only scripts that ask for the rule
// pay for the test of check after every move.

#include "core/attacks.h"
#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class ChecksInARow final : public Effect {
 public:
  const char* name() const override { return "checks in a row"; }
  void on_turn_end(EffectContext& c) const override {
    Position& pos = c.pos;
    const int k = kChecksInARow + c.mover;
    pos.set_global(k, in_check(pos, pos.to_move()) ? pos.global(k) + 1 : 0, &c.undo);
  }
};

}  // namespace

void add_checks_in_a_row(const Ruleset& r, EffectLists& out) {
  if (r.end.perpetual_check_loses)
    out.add(std::make_unique<ChecksInARow>(), event_bit(Event::kTurnEnd));
}

}  // namespace regula::effects
