// Captures by enclosure (PieceType::captured), as tafl games take pieces: when
// a piece arrives, each enemy beside it that it closes a trap on is taken. A
// custodial piece is taken between the arriving piece and, on the far side
// along the same line, an armed piece of the mover's team or a site hostile to
// the victim (Ruleset::hostile); a surrounded piece when each of its four
// orthogonal neighbours is one of these (a side off the board is neither, so
// it is safe on the edge). Only the arrival closes a trap: a piece may move in
// between two enemies. The traps are all found first, then closed together.

#include <array>

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

constexpr std::array<DirId, 4> kOrthogonal = {kN, kE, kS, kW};

// Whether s closes a trap on a piece of seat victim for the mover's team.
bool encloses(const Position& pos, SiteId s, SeatId victim, SeatId mover) {
  if (s == kNoSite) return false;
  const Ruleset& r = pos.rules();
  const PieceCode c = pos.at(s);
  if (c && r.allies(piece_seat(c), mover) && !r.allies(piece_seat(c), victim) &&
      r.types[piece_type(c)].armed)
    return true;
  if (r.hostile[victim].empty()) return false;
  const Hostility h = r.hostile[victim][s];
  return h == Hostility::kAlways || (h == Hostility::kEmpty && !c);
}

// Whether the enemy piece on v, beside the piece that arrived on site (in
// direction d from it), is taken.
bool trapped(const Position& pos, SiteId site, SiteId v, DirId d, SeatId mover) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  const PieceCode c = pos.at(v);
  const SeatId victim = piece_seat(c);
  switch (r.types[piece_type(c)].captured) {
    case PieceType::Enclosure::kCustodial:
      return encloses(pos, topo.neighbor(v, d), victim, mover);
    case PieceType::Enclosure::kSurround:
      for (DirId o : kOrthogonal) {
        const SiteId n = topo.neighbor(v, o);
        if (n != site && !encloses(pos, n, victim, mover)) return false;
      }
      return true;
    case PieceType::Enclosure::kNone:
      break;
  }
  return false;
}

class Enclosure final : public Effect {
 public:
  const char* name() const override { return "capture by enclosure"; }
  void on_arrival(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const PieceCode p = c.pos.at(site);
    const TypeId t = piece_type(p);
    if (!r.types[t].armed) return;
    const SeatId mover = piece_seat(p);
    std::array<SiteId, 4> taken;
    int n = 0;
    for (DirId d : kOrthogonal) {
      const SiteId v = r.topology.neighbor(site, d);
      if (v == kNoSite || !c.pos.at(v) || r.allies(piece_seat(c.pos.at(v)), mover)) continue;
      if (trapped(c.pos, site, v, d, mover)) taken[n++] = v;
    }
    for (int i = 0; i < n; ++i) c.capture(taken[i], t);
  }
};

}  // namespace

void add_enclosure(const Ruleset& r, EffectLists& out) {
  for (const PieceType& t : r.types)
    if (t.captured != PieceType::Enclosure::kNone) {
      out.add(std::make_unique<Enclosure>(), event_bit(Event::kArrival));
      return;
    }
}

}  // namespace regula::effects
