// Captures by enclosure (PieceType::captured), as tafl games take pieces: when
// a piece arrives, each enemy beside it that it closes a trap on is taken. A
// custodial piece is taken between the arriving piece and, on the far side
// along the same line, an armed piece of the mover's team or a site hostile to
// the victim (Ruleset::hostile); a surrounded piece when each of its four
// orthogonal neighbours is one of these (a side off the board is neither, so
// it is safe on the edge). Only the arrival closes a trap: a piece may move in
// between two enemies. The traps are all found first, then closed together.
// A shieldwall (PieceType::shieldwall) is closed by an arrival on the edge: the
// row of enemies beside it along the edge, two or more, is bracketed at its far
// end as a custodial piece is, and each of its pieces faces an armed piece of
// the mover's team on the inner side; the row's shieldwall pieces are taken.

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

// Whether s holds an armed piece of the mover's team that is the victim's enemy.
bool armed_enemy(const Position& pos, SiteId s, SeatId victim, SeatId mover) {
  const Ruleset& r = pos.rules();
  const PieceCode c = s == kNoSite ? PieceCode{} : pos.at(s);
  return c && r.allies(piece_seat(c), mover) && !r.allies(piece_seat(c), victim) &&
         r.types[piece_type(c)].armed;
}

// The sites a piece may capture at once: four by custodial or surrounding
// traps, and two shieldwalls along the edge (bounded here by the board).
struct Taken {
  std::array<SiteId, 4 + kMaxSites> sites;
  int n = 0;
  void add(SiteId s) {
    for (int i = 0; i < n; ++i)
      if (sites[i] == s) return;
    sites[n++] = s;
  }
};

// The shieldwalls an arrival on site closes, for each edge site lies on: the
// row of enemies from site's neighbour along the edge in each direction.
void shieldwalls(const Position& pos, SiteId site, SeatId mover, Taken& taken) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  for (int o = 0; o < 4; ++o) {
    if (topo.neighbor(site, kOrthogonal[o]) != kNoSite) continue;  // not an edge of site
    const DirId inward = kOrthogonal[(o + 2) % 4];
    for (DirId along : {kOrthogonal[(o + 1) % 4], kOrthogonal[(o + 3) % 4]}) {
      SiteId v = topo.neighbor(site, along);
      SiteId last = kNoSite;
      int length = 0;
      bool faced = true;
      for (; v != kNoSite && pos.at(v) && !r.allies(piece_seat(pos.at(v)), mover);
           v = topo.neighbor(v, along)) {
        faced = faced && armed_enemy(pos, topo.neighbor(v, inward), piece_seat(pos.at(v)), mover);
        last = v;
        ++length;
      }
      if (length < 2 || !faced || !encloses(pos, v, piece_seat(pos.at(last)), mover)) continue;
      for (SiteId w = topo.neighbor(site, along); w != v; w = topo.neighbor(w, along))
        if (r.types[piece_type(pos.at(w))].shieldwall) taken.add(w);
    }
  }
}

class Enclosure final : public Effect {
 public:
  explicit Enclosure(bool walls) : walls_(walls) {}
  const char* name() const override { return "capture by enclosure"; }
  void on_arrival(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const PieceCode p = c.pos.at(site);
    const TypeId t = piece_type(p);
    if (!r.types[t].armed) return;
    const SeatId mover = piece_seat(p);
    Taken taken;
    for (DirId d : kOrthogonal) {
      const SiteId v = r.topology.neighbor(site, d);
      if (v == kNoSite || !c.pos.at(v) || r.allies(piece_seat(c.pos.at(v)), mover)) continue;
      if (trapped(c.pos, site, v, d, mover)) taken.add(v);
    }
    if (walls_) shieldwalls(c.pos, site, mover, taken);
    for (int i = 0; i < taken.n; ++i) c.capture(taken.sites[i], t);
  }

 private:
  bool walls_;  // some piece type is taken in shieldwalls
};

}  // namespace

void add_enclosure(const Ruleset& r, EffectLists& out) {
  bool any = false, walls = false;
  uint32_t armed = 0;
  for (size_t t = 0; t < r.types.size(); ++t) {
    any |= r.types[t].captured != PieceType::Enclosure::kNone;
    walls |= r.types[t].shieldwall;
    if (r.types[t].armed) armed |= 1u << t;
  }
  if (any && armed) out.add(std::make_unique<Enclosure>(walls), event_bit(Event::kArrival), armed);
}

}  // namespace regula::effects
