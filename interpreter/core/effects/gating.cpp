// Gating (Ruleset::Gating): at the end of a move that gates, the piece from
// the hand enters on its site; and every move takes the gating right from
// the pieces that moved. A seat whose hand has nothing left to gate, in rules
// where the hand cannot fill again, has no rights left either, so that its
// positions repeat as Fairy-Stockfish counts them (its gates are cleared then).

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

void lose_right(Position& pos, SiteId site, Undo& undo) {
  if (site != kNoSite && (pos.flags(site) & kFlagGate))
    pos.set_site(site, pos.at(site), pos.flags(site) & ~kFlagGate, &undo);
}

bool has_gateable(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (r.gating.gates(t) && pos.hand(seat, t) > 0) return true;
  return false;
}

class Gate final : public Effect {
 public:
  const char* name() const override { return "gating"; }
  void on_decision_end(EffectContext& c) const override {
    const Move& m = c.move;
    if (m.kind != MoveKind::kNormal && m.kind != MoveKind::kCastle) return;
    Position& pos = c.pos;
    const Ruleset& r = pos.rules();
    lose_right(pos, m.to, c.undo);
    if (m.kind == MoveKind::kCastle) lose_right(pos, m.to2, c.undo);
    if (m.gate < 0) return;
    // A gated piece has not stood on its site since the start: no right.
    pos.set_site(m.gate_at, make_piece(m.gate, c.mover),
                 r.types[m.gate].track_moved ? kFlagMoved : 0, &c.undo);
    pos.set_hand(c.mover, m.gate, pos.hand(c.mover, m.gate) - 1, &c.undo);
    if (r.captures_to_hand || has_gateable(pos, c.mover)) return;
    for (SiteId s = 0; s < pos.num_sites(); ++s)
      if (pos.at(s) && piece_seat(pos.at(s)) == c.mover) lose_right(pos, s, c.undo);
  }
};

}  // namespace

void add_gating(const Ruleset& r, EffectLists& out) {
  if (r.gating.on()) out.add(std::make_unique<Gate>(), event_bit(Event::kDecisionEnd));
}

}  // namespace regula::effects
