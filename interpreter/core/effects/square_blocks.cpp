// A completed square block (PieceType::square): when a piece's arrival
// completes a k x k block of the grid whose every site holds a piece of its
// type, the enemy pieces in the block are captured (square_captures) and the
// allied ones become the mover's (square_takes), as the elephant combat of
// four-handed Chaturanga has it.

#include <array>

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

// The sites of the first k x k block through site whose every site holds a
// piece of type t, in out; 0 when there is none.
int completed_square(const Position& pos, SiteId site, TypeId t, int k,
                     std::array<SiteId, kMaxSquareSites>& out) {
  const Topology& topo = pos.rules().topology;
  const int x = topo.x(site), y = topo.y(site);
  for (int x0 = x - k + 1; x0 <= x; ++x0)
    for (int y0 = y - k + 1; y0 <= y; ++y0) {
      int n = 0;
      for (int dx = 0; dx < k && n >= 0; ++dx)
        for (int dy = 0; dy < k && n >= 0; ++dy) {
          const SiteId s = topo.at(x0 + dx, y0 + dy);
          if (s == kNoSite || !pos.at(s) || piece_type(pos.at(s)) != t)
            n = -1;
          else
            out[n++] = s;
        }
      if (n > 0) return n;
    }
  return 0;
}

class SquareBlock final : public Effect {
 public:
  const char* name() const override { return "square block"; }
  void on_arrival(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const TypeId t = piece_type(c.pos.at(site));
    const PieceType& pt = r.types[t];
    if (pt.square <= 0) return;
    const SeatId army = piece_seat(c.pos.at(site));
    std::array<SiteId, kMaxSquareSites> block;
    const int n = completed_square(c.pos, site, t, pt.square, block);
    for (int i = 0; i < n; ++i) {
      const SiteId s = block[i];
      const SeatId o = piece_seat(c.pos.at(s));
      if (pt.square_captures && !r.allies(o, army))
        c.capture(s, t);
      else if (pt.square_takes && o != army && r.allies(o, army))
        c.pos.set_site(s, make_piece(t, army), c.pos.flags(s), &c.undo);
    }
  }
};

}  // namespace

void add_square_blocks(const Ruleset& r, EffectLists& out) {
  uint32_t types = 0;
  for (size_t t = 0; t < r.types.size(); ++t)
    if (r.types[t].square > 0) types |= 1u << t;
  if (types) out.add(std::make_unique<SquareBlock>(), event_bit(Event::kArrival), types);
}

}  // namespace regula::effects
