// What the capture of a piece of a type does to the game (EndRules::on_capture):
// it decides the result ("Chief takes Chief wins"), freezes the captured
// piece's army or takes its seat out of play. The first entry that matches the
// captured type and the capturing type applies.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class CaptureEnds final : public Effect {
 public:
  const char* name() const override { return "capture ends"; }
  void on_capture(EffectContext& c, SiteId, PieceCode victim, TypeId by) const override {
    const std::vector<CaptureEnd>& ends = c.pos.rules().end.on_capture;
    const TypeId vt = piece_type(victim);
    for (size_t i = 0; i < ends.size(); ++i) {
      const CaptureEnd& ce = ends[i];
      if (ce.captured != vt || (ce.by >= 0 && ce.by != by)) continue;
      switch (ce.effect) {
        case CaptureEnd::Effect::kFreeze:
        case CaptureEnd::Effect::kOut:
          c.pos.set_seat_state(
              piece_seat(victim),
              ce.effect == CaptureEnd::Effect::kFreeze ? SeatState::kFrozen : SeatState::kOut,
              2 + static_cast<int>(i), &c.undo);
          break;
        case CaptureEnd::Effect::kContinue:
          break;
        default:
          // The result itself is read by game_end; the first capture that decides wins.
          if (c.pos.end_rule() < 0) c.pos.set_end(static_cast<int>(i), c.mover);
      }
      return;
    }
  }
};

}  // namespace

void add_capture_ends(const Ruleset& r, EffectLists& out) {
  if (!r.end.on_capture.empty())
    out.add(std::make_unique<CaptureEnds>(), event_bit(Event::kCapture));
}

}  // namespace regula::effects
