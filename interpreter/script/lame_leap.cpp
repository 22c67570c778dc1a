#include "script/lame_leap.h"

#include <algorithm>
#include <cstdlib>

namespace regula::script {

std::vector<Offset> lame_path(Offset off, size_t limit) {
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
    if (out.size() > limit) break;
  }
  return out;
}

// By destination first, with a counting sort (destinations are sites, and a
// walk from an open square has hundreds of paths), then each destination's
// paths by length and sites.
void sort_paths(std::vector<WalkPath>& paths) {
  if (paths.size() < 2) return;
  SiteId last = 0;
  for (const WalkPath& p : paths) last = std::max(last, p.dest);
  std::vector<uint32_t> begin(static_cast<size_t>(last) + 2, 0);
  for (const WalkPath& p : paths) ++begin[p.dest + 1];
  for (size_t d = 1; d < begin.size(); ++d) begin[d] += begin[d - 1];
  std::vector<WalkPath> sorted(paths.size());
  std::vector<uint32_t> next(begin.begin(), begin.end() - 1);
  for (const WalkPath& p : paths) sorted[next[p.dest]++] = p;
  auto shorter = [](const WalkPath& a, const WalkPath& b) {
    if (a.nvia != b.nvia) return a.nvia < b.nvia;
    return std::lexicographical_compare(a.via.begin(), a.via.begin() + a.nvia, b.via.begin(),
                                        b.via.begin() + b.nvia);
  };
  for (size_t d = 0; d + 1 < begin.size(); ++d)
    std::sort(sorted.begin() + begin[d], sorted.begin() + begin[d + 1], shorter);
  sorted.erase(std::unique(sorted.begin(), sorted.end(),
                           [](const WalkPath& a, const WalkPath& b) {
                             return a.dest == b.dest && a.nvia == b.nvia &&
                                    std::equal(a.via.begin(), a.via.begin() + a.nvia,
                                               b.via.begin());
                           }),
               sorted.end());
  paths = std::move(sorted);
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
