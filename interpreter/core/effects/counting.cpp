// The count of the counting rules (EndRules::counting, core/counting.h), moved
// once at the end of each turn as Fairy-Stockfish moves its countingPly and
// countingLimit: a running count goes up by one ply; a count starts when none
// runs and the side now to move may count, and starts again when a capture or
// a promotion has left the side to move bare.

#include "core/counting.h"
#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

class Count final : public Effect {
 public:
  const char* name() const override { return "the count"; }
  void on_capture(EffectContext& c, SiteId, PieceCode victim, TypeId) const override {
    if ((c.pos.rules().end.counting.pawns >> piece_type(victim)) & 1u) c.took_pawn = true;
  }
  void on_turn_end(EffectContext& c) const override {
    Position& pos = c.pos;
    const CountingRule& rule = pos.rules().end.counting;
    int limit = pos.global(kCountLimit);
    if (limit) pos.set_global(kCountPly, pos.global(kCountPly) + 1, &c.undo);
    const SeatId next = pos.to_move();
    const int total = pos.pieces(0) + pos.pieces(1);
    // A bare side that takes the last pawn counts from its own capture.
    if (rule.bare_from_pieces && c.took_pawn && pos.pieces(c.mover) == 1)
      if (const int moves = counting_limit(pos, c.mover)) {
        limit = 2 * moves;
        start(c, limit, 2 * total - 1);
      }
    const bool changed = c.taken > 0 || c.move.promote >= 0 || c.move.kind == MoveKind::kPromote;
    if (limit && !(changed && pos.pieces(next) == 1)) return;
    if (const int moves = counting_limit(pos, next))
      start(c, 2 * moves, rule.bare_from_pieces && pos.pieces(next) == 1 ? 2 * total : 0);
  }

 private:
  static void start(EffectContext& c, int limit, int ply) {
    c.pos.set_global(kCountLimit, limit, &c.undo);
    c.pos.set_global(kCountPly, ply, &c.undo);
  }
};

}  // namespace

void add_counting(const Ruleset& r, EffectLists& out) {
  if (r.end.counting.on())
    out.add(std::make_unique<Count>(), event_bit(Event::kCapture) | event_bit(Event::kTurnEnd));
}

}  // namespace regula::effects
