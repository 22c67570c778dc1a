// Clocks that the rules keep besides the engine's own (the move-rule clock and
// the ply, which the turn flow moves): the material clock of EndRules
// (material_max pieces of equal value each, counted once per turn) and the
// moves each seat has made in a row under a waiting end condition
// (ConditionEnd::moves), counted once at the start of each of its turns.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class MaterialClock final : public Effect {
 public:
  const char* name() const override { return "material clock"; }
  void on_turn_end(EffectContext& c) const override {
    Position& pos = c.pos;
    const Ruleset& r = pos.rules();
    bool holds = true;
    int value = -1;
    for (SeatId s = 0; s < r.num_seats() && holds; ++s) {
      if (pos.pieces(s) > r.end.material_max) holds = false;
      if (value >= 0 && pos.material(s) != value) holds = false;
      value = pos.material(s);
    }
    pos.set_global(kMaterialPlies, holds ? pos.global(kMaterialPlies) + 1 : 0, &c.undo);
  }
};

class ConditionMoves final : public Effect {
 public:
  const char* name() const override { return "moves under a condition"; }
  void on_turn_start(EffectContext& c) const override {
    Position& pos = c.pos;
    for (const ConditionEnd& e : pos.rules().end.on_condition) {
      if (e.moves <= 0) continue;
      const int k = kConditionMoves + e.slot * kMaxSeats + c.mover;
      pos.set_global(k, condition_end_holds(e, pos, c.mover) ? pos.global(k) + 1 : 0, &c.undo);
    }
  }
};

}  // namespace

void add_material_clock(const Ruleset& r, EffectLists& out) {
  if (r.end.material_max > 0)
    out.add(std::make_unique<MaterialClock>(), event_bit(Event::kTurnEnd));
}

void add_counted_conditions(const Ruleset& r, EffectLists& out) {
  if (r.end.counted_conditions)
    out.add(std::make_unique<ConditionMoves>(), event_bit(Event::kTurnStart));
}

}  // namespace regula::effects
