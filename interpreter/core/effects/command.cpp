// Command of an ally's army (PieceType::takes_command): a piece that ends a
// move on the start square of an allied seat's piece of its own type (a Rajah
// on its ally's throne) gives its seat command of that seat's army.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class TakeCommand final : public Effect {
 public:
  const char* name() const override { return "take command"; }
  void on_arrival(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const TypeId t = piece_type(c.pos.at(site));
    if (!r.types[t].takes_command) return;
    const SeatId army = piece_seat(c.pos.at(site));
    const SeatId ally = r.start_seat[site];
    if (ally >= 0 && ally != army && r.allies(ally, army) && r.start_type[site] == t)
      c.pos.set_controller(ally, army, &c.undo);
  }
};

}  // namespace

void add_command(const Ruleset& r, EffectLists& out) {
  uint32_t types = 0;
  for (size_t t = 0; t < r.types.size(); ++t)
    if (r.types[t].takes_command) types |= 1u << t;
  if (types) out.add(std::make_unique<TakeCommand>(), event_bit(Event::kArrival), types);
}

}  // namespace regula::effects
