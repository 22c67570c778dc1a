// Gating moves (Ruleset::Gating, as S-chess has them): a move of a piece that
// still holds the gating right may also bring a piece of the hand onto the
// site it leaves. They are the pieces' own moves once more with the gated type
// added, so they live apart from the generation of those moves: no kind of
// move needs to know of gating, and games without it never run this file.

#include "core/movegen_internal.h"

namespace regula::detail {

namespace {

// m once more for each type of the hand that may enter on site.
void add_gated(MoveList& moves, const Move& m, SiteId site,
               const std::array<TypeId, kMaxTypes>& types, int ntypes) {
  // A gate on the square the move ends on, or its partner's, has no room.
  if (site == m.to || site == m.to2) return;
  for (int i = 0; i < ntypes; ++i) {
    Move& g = moves.add();
    g = m;
    g.gate = types[i];
    g.gate_at = site;
  }
}

}  // namespace

void add_gatings(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  std::array<TypeId, kMaxTypes> types;
  int ntypes = 0;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (r.gating.gates(t) && pos.hand(me, t) > 0) types[ntypes++] = t;
  if (ntypes == 0) return;
  const int n = moves.size();
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    if (m.kind != MoveKind::kNormal && m.kind != MoveKind::kCastle) continue;
    if (m.kind == MoveKind::kCastle && !r.gating.castling) continue;
    if (m.from != kNoSite && (pos.flags(m.from) & kFlagGate))
      add_gated(moves, m, m.from, types, ntypes);
    if (m.kind == MoveKind::kCastle && m.from2 != kNoSite && (pos.flags(m.from2) & kFlagGate))
      add_gated(moves, m, m.from2, types, ntypes);
  }
}

}  // namespace regula::detail
