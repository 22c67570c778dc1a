// Tafl's encirclement (EndRules::encircled): the attackers win when they have
// closed every defender in, so that none can reach the board's edge. A flood
// from the seat's pieces over orthogonal neighbours that hold no enemy piece
// either meets a site on the edge or runs out. Its own file because it is the
// one end condition that searches the board.

#include <array>

#include "core/game_end.h"

namespace regula {

bool encircled(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  constexpr DirId kOrthogonal[4] = {kN, kE, kS, kW};
  auto edge = [&](SiteId s) {
    for (DirId d : kOrthogonal)
      if (topo.neighbor(s, d) == kNoSite) return true;
    return false;
  };
  auto enemy = [&](SiteId s) { return pos.at(s) && !r.allies(piece_seat(pos.at(s)), seat); };
  // Fixed buffers: this runs at every position of a search.
  std::array<uint8_t, kMaxSites> seen{};
  std::array<SiteId, kMaxSites> todo;
  int count = 0;
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (pos.at(s) && piece_seat(pos.at(s)) == seat) {
      seen[s] = 1;
      todo[count++] = s;
    }
  while (count > 0) {
    const SiteId s = todo[--count];
    if (edge(s)) return false;
    for (DirId d : kOrthogonal) {
      const SiteId n = topo.neighbor(s, d);
      if (n == kNoSite || seen[n] || enemy(n)) continue;
      seen[n] = 1;
      todo[count++] = n;
    }
  }
  return true;
}

}  // namespace regula
