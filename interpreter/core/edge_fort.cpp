// Tafl's edge fort (EndRules::edge_fort): a piece, the king, wins for its seat
// when it stands on the board's edge, may move, and the enemy can never break
// the fort around it. Its own file because, like encirclement, it searches the
// board, and because "can never break" needs a reading of its own:
//
// * the fort's inside is every site the piece reaches moving orthogonally
//   through sites that hold no allied piece; no enemy piece may be there (one
//   that is has broken in already);
// * the enemy could stand on any site outside, except where an allied piece
//   stands that can never be captured;
// * an allied piece can never be captured when no capture by enclosure can
//   close on it with the enemy standing wherever it could: custodial, on
//   neither line are both neighbours open (a site the enemy could stand on, or
//   one hostile to the piece); surround, not all four; shieldwall, not its
//   whole row along the edge with every piece faced from outside the fort and
//   both ends open. Pieces that can be captured open their sites in turn, until
//   nothing changes (the largest set of pieces safe together);
// * the fort holds when every allied piece beside its inside is safe.
// The allies are assumed to stay put: they can keep the fort by not moving,
// and the piece inside always has a move.

#include <array>

#include "core/game_end.h"

namespace regula {

namespace {

constexpr std::array<DirId, 4> kOrthogonal = {kN, kE, kS, kW};

// The search around one piece on the edge; its arrays are fixed buffers, as it
// may run at every position of a search.
class Fort {
 public:
  Fort(const Position& pos, SiteId king)
      : pos_(pos), r_(pos.rules()), topo_(r_.topology), seat_(piece_seat(pos.at(king))) {}

  bool holds(SiteId king) {
    if (!can_move(king) || !fill_inside(king)) return false;
    settle_safety();
    for (SiteId s = 0; s < pos_.num_sites(); ++s)
      if (inside_[s])
        for (DirId d : kOrthogonal) {
          const SiteId n = topo_.neighbor(s, d);
          if (n != kNoSite && !inside_[n] && ally(n) && !safe_[n]) return false;
        }
    return true;
  }

 private:
  bool ally(SiteId s) const { return pos_.at(s) && r_.allies(piece_seat(pos_.at(s)), seat_); }

  bool can_move(SiteId king) const {
    const auto& barred = r_.types[piece_type(pos_.at(king))].barred[seat_];
    for (DirId d : kOrthogonal) {
      const SiteId n = topo_.neighbor(king, d);
      if (n != kNoSite && !pos_.at(n) && (barred.empty() || !barred[n])) return true;
    }
    return false;
  }

  // The inside, from the piece through sites free of allies; false when an
  // enemy piece is in it.
  bool fill_inside(SiteId king) {
    std::array<SiteId, kMaxSites> todo;
    int count = 0;
    inside_[king] = 1;
    todo[count++] = king;
    while (count > 0) {
      const SiteId s = todo[--count];
      for (DirId d : kOrthogonal) {
        const SiteId n = topo_.neighbor(s, d);
        if (n == kNoSite || inside_[n] || ally(n)) continue;
        if (pos_.at(n)) return false;
        inside_[n] = 1;
        todo[count++] = n;
      }
    }
    for (SiteId s = 0; s < pos_.num_sites(); ++s) safe_[s] = ally(s) && !inside_[s];
    return true;
  }

  // Whether an enemy piece could come to stand on s.
  bool reachable(SiteId s) const { return s != kNoSite && !inside_[s] && !safe_[s]; }

  // Whether s could close a trap on a piece of seat victim: an enemy standing
  // there, or a site hostile to the victim.
  bool open(SiteId s, SeatId victim) const {
    if (s == kNoSite) return false;
    if (reachable(s)) return true;
    return !safe_[s] && !r_.hostile[victim].empty() && r_.hostile[victim][s] != Hostility::kNever;
  }

  // Whether the piece on s, with shieldwall, is in a row along an edge that
  // could be taken: every piece of it faced from a reachable site, both ends
  // open.
  bool wall_open(SiteId s, SeatId victim) const {
    for (int o = 0; o < 4; ++o) {
      if (topo_.neighbor(s, kOrthogonal[o]) != kNoSite) continue;
      const DirId inward = kOrthogonal[(o + 2) % 4];
      const DirId ends[2] = {kOrthogonal[(o + 1) % 4], kOrthogonal[(o + 3) % 4]};
      bool faced = reachable(topo_.neighbor(s, inward)), bracketed = true;
      int length = 1;
      for (DirId along : ends) {
        SiteId v = topo_.neighbor(s, along);
        for (; v != kNoSite && ally(v); v = topo_.neighbor(v, along)) {
          faced = faced && reachable(topo_.neighbor(v, inward));
          ++length;
        }
        bracketed = bracketed && open(v, victim);
      }
      if (length >= 2 && faced && bracketed) return true;
    }
    return false;
  }

  bool capturable(SiteId s) const {
    const PieceType& t = r_.types[piece_type(pos_.at(s))];
    const SeatId victim = piece_seat(pos_.at(s));
    auto o = [&](DirId d) { return open(topo_.neighbor(s, d), victim); };
    switch (t.captured) {
      case PieceType::Enclosure::kCustodial:
        if ((o(kN) && o(kS)) || (o(kE) && o(kW))) return true;
        break;
      case PieceType::Enclosure::kSurround:
        if (o(kN) && o(kS) && o(kE) && o(kW)) return true;
        break;
      case PieceType::Enclosure::kNone:
        break;
    }
    return t.shieldwall && wall_open(s, victim);
  }

  void settle_safety() {
    for (bool changed = true; changed;) {
      changed = false;
      for (SiteId s = 0; s < pos_.num_sites(); ++s)
        if (safe_[s] && capturable(s)) {
          safe_[s] = 0;
          changed = true;
        }
    }
  }

  const Position& pos_;
  const Ruleset& r_;
  const Topology& topo_;
  const SeatId seat_;
  std::array<uint8_t, kMaxSites> inside_{};
  std::array<uint8_t, kMaxSites> safe_{};  // allied pieces that can never be captured
};

bool on_edge(const Topology& topo, SiteId s) {
  for (DirId d : kOrthogonal)
    if (topo.neighbor(s, d) == kNoSite) return true;
  return false;
}

}  // namespace

SeatId edge_fort(const Position& pos, TypeId type) {
  const Topology& topo = pos.rules().topology;
  if (topo.size() != topo.width() * topo.height()) {  // a grid with holes: edges inside it too
    for (SiteId s = 0; s < pos.num_sites(); ++s) {
      const PieceCode c = pos.at(s);
      if (c && piece_type(c) == type && on_edge(topo, s) && Fort(pos, s).holds(s))
        return piece_seat(c);
    }
    return -1;
  }
  // A whole rectangle: only its border is the edge, walked round once (this
  // runs at every position of a search, so it looks at no other site).
  SiteId s = topo.at(0, 0);
  for (DirId d : kOrthogonal)
    for (SiteId n; (n = topo.neighbor(s, d)) != kNoSite; s = n) {
      const PieceCode c = pos.at(s);
      if (c && piece_type(c) == type && Fort(pos, s).holds(s)) return piece_seat(c);
    }
  return -1;
}

}  // namespace regula
