// The mill return ban (Ruleset::return_ban): a piece that broke a line of its
// seat may not go straight back on the seat's next turn where that completes
// the line again. Each turn's first decision spends last turn's ban and may
// set a new one.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class ReturnBanEffect final : public Effect {
 public:
  explicit ReturnBanEffect(ReturnBan mode) : mode_(mode) {}
  const char* name() const override { return "return ban"; }
  void on_decision_end(EffectContext& c) const override {
    if (c.stage >= 0) return;
    const Move& m = c.move;
    Position& pos = c.pos;
    SiteId from = kNoSite, to = kNoSite;
    // The piece stood in a line on m.from before it moved: counting it there
    // and not on m.to gives the seat's pieces as they were.
    if (m.kind == MoveKind::kNormal && pos.completes_line(m.from, c.mover, m.to) &&
        (mode_ == ReturnBan::kAfterBreak || pos.completes_line(m.to, c.mover))) {
      from = m.to;
      to = m.from;
    }
    pos.set_ban(c.mover, from, to, &c.undo);
  }

 private:
  ReturnBan mode_;
};

}  // namespace

void add_return_ban(const Ruleset& r, EffectLists& out) {
  if (r.return_ban != ReturnBan::kNone)
    out.add(std::make_unique<ReturnBanEffect>(r.return_ban), event_bit(Event::kDecisionEnd));
}

}  // namespace regula::effects
