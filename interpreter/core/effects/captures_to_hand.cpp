// A captured piece joins the capturer's hand (shogi, crazyhouse), as what it
// was before it promoted when a promotion marked it.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class CapturesToHand final : public Effect {
 public:
  const char* name() const override { return "captures to hand"; }
  void on_capture(EffectContext& c, SiteId site, PieceCode victim, TypeId) const override {
    const Ruleset& r = c.pos.rules();
    const TypeId vt = piece_type(victim);
    const PieceType& pt = r.types[vt];
    TypeId as = (c.pos.flags(site) & r.promoted_flag) ? pt.marked_hand_as : pt.hand_as;
    if (as < 0) as = vt;
    c.pos.set_hand(c.credit, as, c.pos.hand(c.credit, as) + 1, &c.undo);
  }
};

}  // namespace

void add_captures_to_hand(const Ruleset& r, EffectLists& out) {
  if (r.captures_to_hand) out.add(std::make_unique<CapturesToHand>(), event_bit(Event::kCapture));
}

}  // namespace regula::effects
