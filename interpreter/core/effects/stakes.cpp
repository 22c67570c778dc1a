// Stakes (Ruleset::stakes): the capturer is owed the values of the pieces it
// takes, in its seat's stakes counter; what each loser owes each winner at the
// end is settled by game_end.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class CapturedValue final : public Effect {
 public:
  const char* name() const override { return "stakes"; }
  void on_decision_end(EffectContext& c) const override {
    if (c.taken)
      c.pos.set_counter(c.credit, kStakes, c.pos.counter(c.credit, kStakes) + c.gained, &c.undo);
  }
};

}  // namespace

void add_stakes(const Ruleset& r, EffectLists& out) {
  if (r.stakes) out.add(std::make_unique<CapturedValue>(), event_bit(Event::kDecisionEnd));
}

}  // namespace regula::effects
