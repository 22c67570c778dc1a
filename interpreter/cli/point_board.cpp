#include <algorithm>
#include <string>
#include <vector>

#include "cli/common.h"

namespace regula::cli {

namespace {

// A character canvas: the points at their coordinates' ranks (distinct x values
// become columns, distinct y values rows, in order), each link drawn between
// them with '-', '|', '/' or '\'.
struct Canvas {
  std::vector<int> xs, ys;
  int step = 4;  // columns between two neighbouring x values
  std::vector<std::string> rows;

  Canvas(const Topology& t, int step_) : step(step_) {
    for (SiteId s = 0; s < t.size(); ++s) {
      xs.push_back(t.x(s));
      ys.push_back(t.y(s));
    }
    for (auto* v : {&xs, &ys}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    rows.assign(2 * ys.size() - 1, std::string((xs.size() - 1) * step + step, ' '));
  }
  int col(const Topology& t, SiteId s) const {
    return static_cast<int>(std::lower_bound(xs.begin(), xs.end(), t.x(s)) - xs.begin()) * step;
  }
  int row(const Topology& t, SiteId s) const {
    // North at the top.
    return 2 * static_cast<int>(ys.end() - std::upper_bound(ys.begin(), ys.end(), t.y(s)));
  }
  void links(const Topology& t) {
    for (SiteId a = 0; a < t.size(); ++a)
      for (DirId d = 0; d < 8; ++d) {
        SiteId b = t.neighbor(a, d);
        if (b == kNoSite || b < a) continue;
        int c1 = col(t, a), r1 = row(t, a), c2 = col(t, b), r2 = row(t, b);
        if (r1 == r2) {
          for (int c = std::min(c1, c2) + 1; c < std::max(c1, c2); ++c) rows[r1][c] = '-';
        } else {
          if (r1 > r2) {
            std::swap(r1, r2);
            std::swap(c1, c2);
          }
          const char ch = c1 == c2 ? '|' : (c2 > c1 ? '\\' : '/');
          for (int r = r1 + 1; r < r2; ++r) rows[r][c1 + (c2 - c1) * (r - r1) / (r2 - r1)] = ch;
        }
      }
  }
  void put(int r, int c, const std::string& text) {
    for (size_t i = 0; i < text.size() && c + i < rows[r].size(); ++i) rows[r][c + i] = text[i];
  }
};

}  // namespace

std::string point_board_text(const Position& pos) {
  const Ruleset& r = pos.rules();
  const Topology& t = r.topology;
  size_t name_width = 1;
  for (SiteId s = 0; s < t.size(); ++s) name_width = std::max(name_width, t.name(s).size());
  const int step = static_cast<int>(std::max<size_t>(name_width + 2, 4));
  Canvas pieces(t, step), names(t, step);
  // Too wide to read: the caller lists the pieces instead.
  if (pieces.rows.empty() || pieces.rows[0].size() > 160 || pieces.rows.size() > 80) return "";
  pieces.links(t);
  names.links(t);
  for (SiteId s = 0; s < t.size(); ++s) {
    const PieceCode c = pos.at(s);
    std::string sym = c ? r.types[piece_type(c)].symbol[piece_seat(c)] : ".";
    pieces.put(pieces.row(t, s), pieces.col(t, s), sym.substr(0, step - 1));
    names.put(names.row(t, s), names.col(t, s), t.name(s));
  }
  std::string out;
  for (size_t i = 0; i < pieces.rows.size(); ++i) {
    std::string line = "  " + pieces.rows[i] + "    " + names.rows[i];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace regula::cli
