#include "core/effects/effects.h"

namespace regula {

void EffectLists::add(std::unique_ptr<Effect> effect, uint32_t events, uint32_t arrival_types) {
  for (int e = 0; e < kNumEvents; ++e)
    if ((events >> e) & 1u) by_event_[e].push_back(effect.get());
  if (events & event_bit(Event::kArrival))
    for (int t = 0; t < kMaxTypes; ++t)
      if ((arrival_types >> t) & 1u) arrivals_[t].push_back(effect.get());
  events_ |= events;
  owned_.push_back(std::move(effect));
}

std::shared_ptr<const EffectLists> compile_effects(const Ruleset& r) {
  auto out = std::make_shared<EffectLists>();
  effects::add_captures_to_hand(r, *out);
  effects::add_payments(r, *out);
  effects::add_capture_ends(r, *out);
  effects::add_seat_returns(r, *out);
  effects::add_command(r, *out);
  effects::add_square_blocks(r, *out);
  effects::add_return_ban(r, *out);
  effects::add_stakes(r, *out);
  effects::add_leaving_play(r, *out);
  effects::add_material_clock(r, *out);
  effects::add_counted_conditions(r, *out);
  effects::add_counting(r, *out);
  effects::add_checks_in_a_row(r, *out);
  effects::add_gating(r, *out);
  effects::add_enclosure(r, *out);
  return out;
}

}  // namespace regula
