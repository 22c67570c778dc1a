#include "core/topology.h"

#include <algorithm>
#include <climits>

namespace regula {

namespace {
constexpr Offset kDirOffsets[kNumDirs] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                          {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
constexpr const char* kDirNames[kNumDirs] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};

int sign(int v) {
  return (v > 0) - (v < 0);
}
}  // namespace

Offset Topology::dir_offset(DirId dir) {
  return kDirOffsets[dir];
}
const char* Topology::direction_name(DirId dir) {
  return kDirNames[dir];
}

DirId Topology::direction_named(const std::string& name) {
  for (int d = 0; d < kNumDirs; ++d)
    if (name == kDirNames[d]) return static_cast<DirId>(d);
  return -1;
}

Offset rotate(Offset o, int facing) {
  switch (((facing % 4) + 4) % 4) {
    case 0:
      return o;
    case 1:
      return {o.dy, -o.dx};
    case 2:
      return {-o.dx, -o.dy};
    default:
      return {-o.dy, o.dx};
  }
}

DirId rotate(DirId dir, int facing) {
  return static_cast<DirId>((dir + 2 * (((facing % 4) + 4) % 4)) % 8);
}

static std::string grid_name(int x, int y) {
  std::string s;
  if (x < 26) {
    s += static_cast<char>('a' + x);
  } else {
    s += static_cast<char>('a' + x / 26 - 1);
    s += static_cast<char>('a' + x % 26);
  }
  return s + std::to_string(y + 1);
}

Topology Topology::grid(int width, int height) {
  Topology t;
  t.is_grid_ = true;
  t.width_ = width;
  t.height_ = height;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      t.names_.push_back(grid_name(x, y));
      t.coords_.push_back({x, y});
    }
  t.build_index();
  const int n = t.size();
  t.neighbor_.assign(kNumDirs * n, kNoSite);
  for (SiteId s = 0; s < n; ++s)
    for (int d = 0; d < kNumDirs; ++d)
      t.neighbor_[d * n + s] = t.at(t.x(s) + kDirOffsets[d].dx, t.y(s) + kDirOffsets[d].dy);
  return t;
}

Expected<Topology> Topology::points(const std::vector<std::string>& names,
                                    const std::vector<std::array<int, 2>>& coords,
                                    const std::vector<std::array<std::string, 2>>& links) {
  Topology t;
  t.names_ = names;
  t.coords_ = coords;
  if (names.empty()) return Error{"", "a board needs at least one point"};
  if (names.size() > static_cast<size_t>(kMaxSites))
    return Error{"", "a board may have at most " + std::to_string(kMaxSites) + " points"};
  for (size_t i = 0; i < names.size(); ++i)
    if (!t.by_name_.emplace(names[i], static_cast<SiteId>(i)).second)
      return Error{"", "point '" + names[i] + "' is named twice"};
  // Sites are found by coordinates through a dense table over the drawing.
  constexpr int64_t kMaxCells = 1 << 20;
  int64_t lo_x = coords[0][0], hi_x = lo_x, lo_y = coords[0][1], hi_y = lo_y;
  for (auto& c : coords) {
    lo_x = std::min<int64_t>(lo_x, c[0]);
    hi_x = std::max<int64_t>(hi_x, c[0]);
    lo_y = std::min<int64_t>(lo_y, c[1]);
    hi_y = std::max<int64_t>(hi_y, c[1]);
  }
  if ((hi_x - lo_x + 1) * (hi_y - lo_y + 1) > kMaxCells)
    return Error{"", "the points' coordinates span " + std::to_string(hi_x - lo_x + 1) + " x " +
                         std::to_string(hi_y - lo_y + 1) + "; at most " +
                         std::to_string(kMaxCells) + " cells (draw the board smaller)"};
  t.build_index();
  for (SiteId s = 0; s < t.size(); ++s)
    if (t.at(t.x(s), t.y(s)) != s)
      return Error{"", "points '" + t.name(t.at(t.x(s), t.y(s))) + "' and '" + t.name(s) +
                           "' have the same coordinates"};
  const int n = t.size();
  t.neighbor_.assign(kNumDirs * n, kNoSite);
  for (const auto& link : links) {
    SiteId a = t.find(link[0]), b = t.find(link[1]);
    if (a == kNoSite || b == kNoSite)
      return Error{"", "link names unknown point '" + (a == kNoSite ? link[0] : link[1]) + "'"};
    if (a == b) return Error{"", "point '" + link[0] + "' is linked to itself"};
    int dx = t.x(b) - t.x(a), dy = t.y(b) - t.y(a);
    if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy))
      return Error{"", "link " + link[0] + "-" + link[1] +
                           " is neither orthogonal nor diagonal on the drawing"};
    Offset unit{sign(dx), sign(dy)};
    DirId d = static_cast<DirId>(std::find(std::begin(kDirOffsets), std::end(kDirOffsets), unit) -
                                 std::begin(kDirOffsets));
    if (t.neighbor_[d * n + a] != kNoSite && t.neighbor_[d * n + a] != b)
      return Error{"", "point '" + link[0] + "' has two links towards " + kDirNames[d]};
    t.neighbor_[d * n + a] = b;
    t.neighbor_[opposite(d) * n + b] = a;
  }
  return t;
}

void Topology::build_index() {
  by_name_.clear();
  for (size_t i = 0; i < names_.size(); ++i) by_name_.emplace(names_[i], static_cast<SiteId>(i));
  int max_x = INT_MIN, max_y = INT_MIN;
  min_x_ = INT_MAX;
  min_y_ = INT_MAX;
  for (auto& c : coords_) {
    min_x_ = std::min(min_x_, c[0]);
    min_y_ = std::min(min_y_, c[1]);
    max_x = std::max(max_x, c[0]);
    max_y = std::max(max_y, c[1]);
  }
  span_x_ = max_x - min_x_ + 1;
  span_y_ = max_y - min_y_ + 1;
  by_coord_.assign(static_cast<size_t>(span_x_) * span_y_, kNoSite);
  for (size_t i = 0; i < coords_.size(); ++i) {
    auto& slot = by_coord_[(coords_[i][1] - min_y_) * span_x_ + (coords_[i][0] - min_x_)];
    if (slot == kNoSite) slot = static_cast<SiteId>(i);
  }
  lines_through_.assign(names_.size(), {});
  line_masks_.clear();
  line_masks_begin_.assign(names_.size() + 1, 0);
}

SiteId Topology::find(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? kNoSite : it->second;
}

bool Topology::neighbours_follow_coordinates() const {
  for (SiteId s = 0; s < size(); ++s)
    for (int d = 0; d < kNumDirs; ++d) {
      const Offset o = dir_offset(static_cast<DirId>(d));
      if (neighbor(s, static_cast<DirId>(d)) != at(x(s) + o.dx, y(s) + o.dy)) return false;
    }
  return true;
}

SiteId Topology::at(int x, int y) const {
  x -= min_x_;
  y -= min_y_;
  if (x < 0 || y < 0 || x >= span_x_ || y >= span_y_) return kNoSite;
  return by_coord_[y * span_x_ + x];
}

void Topology::disable_bit_sets() {
  bit_sets_ = false;
  set_lines(std::move(lines_));
}

void Topology::set_lines(std::vector<std::vector<SiteId>> lines) {
  lines_ = std::move(lines);
  lines_through_.assign(names_.size(), {});
  for (size_t i = 0; i < lines_.size(); ++i)
    for (SiteId s : lines_[i]) lines_through_[s].push_back(static_cast<int>(i));
  line_masks_.clear();
  line_masks_begin_.assign(names_.size() + 1, 0);
  line_set_.clear();
  if (!small()) return;
  for (const auto& line : lines_) {
    uint64_t mask = 0;
    for (SiteId x : line) mask |= uint64_t{1} << x;
    line_set_.push_back(mask);
  }
  for (size_t s = 0; s < names_.size(); ++s) {
    line_masks_begin_[s] = static_cast<uint32_t>(line_masks_.size());
    for (int li : lines_through_[s]) {
      uint64_t mask = 0;
      for (SiteId x : lines_[li]) mask |= uint64_t{1} << x;
      line_masks_.push_back(mask);
    }
  }
  line_masks_begin_[names_.size()] = static_cast<uint32_t>(line_masks_.size());
}

}  // namespace regula
