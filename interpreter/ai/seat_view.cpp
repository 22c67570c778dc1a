#include "ai/seat_view.h"

#include <array>
#include <functional>

namespace regula::ai {

namespace {

using Symmetry = std::function<std::array<int, 2>(int x, int y)>;

// The board's symmetries that a rectangle of w by h has, the quarter turns and
// the diagonal mirrors only when it is square. turn: quarter turns clockwise.
Symmetry turned(int turn, int w, int h) {
  switch (turn & 3) {
    case 1:
      return [h](int x, int y) { return std::array<int, 2>{y, h - 1 - x}; };
    case 2:
      return [w, h](int x, int y) { return std::array<int, 2>{w - 1 - x, h - 1 - y}; };
    case 3:
      return [w](int x, int y) { return std::array<int, 2>{w - 1 - y, x}; };
    default:
      return [](int x, int y) { return std::array<int, 2>{x, y}; };
  }
}

std::vector<Symmetry> candidates(int turn, int w, int h) {
  std::vector<Symmetry> out;
  const bool square = w == h;
  if (square || turn % 2 == 0) out.push_back(turned(turn, w, h));
  out.push_back([h](int x, int y) { return std::array<int, 2>{x, h - 1 - y}; });
  out.push_back([w](int x, int y) { return std::array<int, 2>{w - 1 - x, y}; });
  for (int t = 0; t < 4; ++t)
    if (t != (turn & 3) && (square || t % 2 == 0)) out.push_back(turned(t, w, h));
  if (square) {
    out.push_back([](int x, int y) { return std::array<int, 2>{y, x}; });
    out.push_back([w](int x, int y) { return std::array<int, 2>{w - 1 - y, w - 1 - x}; });
  }
  return out;
}

// The site each site goes to under f, or nothing when one goes off the board.
std::vector<SiteId> image(const Topology& topo, const Symmetry& f) {
  std::vector<SiteId> out(topo.size(), kNoSite);
  for (SiteId s = 0; s < topo.size(); ++s) {
    const auto [x, y] = f(topo.x(s), topo.y(s));
    out[s] = topo.at(x, y);
    if (out[s] == kNoSite) return {};
  }
  return out;
}

// Whether `to` carries the first seat's starting army onto seat's.
bool carries_army(const Ruleset& r, const std::vector<SiteId>& to, SeatId seat) {
  std::vector<PieceCode> start(r.topology.size(), kEmpty);
  for (const auto& [site, piece] : r.setup) start[site] = piece;
  int first = 0, theirs = 0;
  for (SiteId s = 0; s < r.topology.size(); ++s) {
    if (start[s] == kEmpty) continue;
    theirs += piece_seat(start[s]) == seat;
    if (piece_seat(start[s]) != 0) continue;
    ++first;
    const PieceCode there = start[to[s]];
    if (there == kEmpty || piece_seat(there) != seat || piece_type(there) != piece_type(start[s]))
      return false;
  }
  return first > 0 && first == theirs;
}

}  // namespace

std::vector<std::vector<SiteId>> seat_views(const Ruleset& r) {
  const int n = r.topology.size();
  std::vector<SiteId> identity(n);
  for (SiteId s = 0; s < n; ++s) identity[s] = s;
  std::vector<std::vector<SiteId>> views(r.num_seats(), identity);
  if (!r.topology.is_grid()) return views;
  const int w = r.topology.width(), h = r.topology.height();
  for (SeatId seat = 1; seat < r.num_seats(); ++seat) {
    const int turn = (r.seats[seat].facing - r.seats[0].facing + 4) & 3;
    std::vector<SiteId> chosen;
    for (const Symmetry& f : candidates(turn, w, h)) {
      std::vector<SiteId> to = image(r.topology, f);
      if (!to.empty() && carries_army(r, to, seat)) {
        chosen = std::move(to);
        break;
      }
    }
    if (chosen.empty() && (w == h || turn % 2 == 0)) chosen = image(r.topology, turned(turn, w, h));
    if (chosen.empty()) continue;
    // The first seat's site s stands where chosen[s] stands for seat.
    for (SiteId s = 0; s < n; ++s) views[seat][chosen[s]] = s;
  }
  return views;
}

}  // namespace regula::ai
