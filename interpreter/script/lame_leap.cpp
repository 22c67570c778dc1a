#include "script/lame_leap.h"

#include <algorithm>
#include <cstdlib>

namespace regula::script {

std::vector<Offset> lame_path(Offset off) {
  std::vector<Offset> out;
  int x = 0, y = 0;
  const int sx = off.dx > 0 ? 1 : off.dx < 0 ? -1 : 0;
  const int sy = off.dy > 0 ? 1 : off.dy < 0 ? -1 : 0;
  while (true) {
    const int diff = std::abs(off.dx - x) - std::abs(off.dy - y);
    if (diff > 0)
      x += sx;
    else if (diff < 0)
      y += sy;
    else
      x += sx, y += sy;
    if (x == off.dx && y == off.dy) break;
    out.push_back({x, y});
  }
  return out;
}

void sort_paths(std::vector<WalkPath>& paths) {
  std::sort(paths.begin(), paths.end(), [](const WalkPath& a, const WalkPath& b) {
    if (a.dest != b.dest) return a.dest < b.dest;
    if (a.nvia != b.nvia) return a.nvia < b.nvia;
    return std::lexicographical_compare(a.via.begin(), a.via.begin() + a.nvia, b.via.begin(),
                                        b.via.begin() + b.nvia);
  });
  paths.erase(std::unique(paths.begin(), paths.end(),
                          [](const WalkPath& a, const WalkPath& b) {
                            return a.dest == b.dest && a.nvia == b.nvia &&
                                   std::equal(a.via.begin(), a.via.begin() + a.nvia, b.via.begin());
                          }),
              paths.end());
}

size_t build_lame_leaps(const Topology& topo, const std::vector<Seat>& seats,
                        const std::vector<LameOffset>& leaps, MoveRule& rule) {
  const int n = topo.size();
  rule.kind = RuleKind::kWalk;
  rule.walks.assign(kMaxSeats, std::vector<std::vector<WalkPath>>(n));
  size_t count = 0;
  for (size_t s = 0; s < seats.size(); ++s)
    for (SiteId from = 0; from < n; ++from) {
      auto& paths = rule.walks[s][from];
      for (const LameOffset& leap : leaps) {
        const Offset to = rotate(leap.to, seats[s].facing);
        WalkPath p{};
        p.dest = topo.at(topo.x(from) + to.dx, topo.y(from) + to.dy);
        if (p.dest == kNoSite || p.dest == from) continue;
        bool on_board = true;
        for (Offset v : leap.via) {
          const Offset r = rotate(v, seats[s].facing);
          const SiteId site = topo.at(topo.x(from) + r.dx, topo.y(from) + r.dy);
          if (site == kNoSite) on_board = false;
          if (site == kNoSite || site == from || site == p.dest ||
              std::find(p.via.begin(), p.via.begin() + p.nvia, site) != p.via.begin() + p.nvia)
            continue;
          p.via[p.nvia++] = site;
        }
        if (on_board) paths.push_back(p);
      }
      sort_paths(paths);
      count += paths.size();
    }
  return count;
}

}  // namespace regula::script
