#pragma once
// The board as a graph of sites. Every board, a chess grid or the 24-point mill
// board, is a set of named sites with drawing coordinates, joined along the eight
// compass directions. Grids get every neighbour; point boards only the links the
// script gives, with each link's direction read off the coordinates. Seats see the
// compass through their own facing, so "forward" differs for each of four seats.

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace regula {

// Compass directions, clockwise from north; rotating a seat by a quarter turn
// adds 2, the opposite direction adds 4.
enum Compass : DirId { kN, kNE, kE, kSE, kS, kSW, kW, kNW, kNumDirs };

struct Offset {
  int dx = 0;
  int dy = 0;
  bool operator==(const Offset&) const = default;
};

class Topology {
 public:
  // A rectangular grid with files a.. and ranks 1.., every site linked to its eight neighbours.
  static Topology grid(int width, int height);
  // Explicit points (name, x, y) and links between them (undirected).
  static Expected<Topology> points(const std::vector<std::string>& names,
                                   const std::vector<std::array<int, 2>>& coords,
                                   const std::vector<std::array<std::string, 2>>& links);

  int size() const { return static_cast<int>(names_.size()); }
  bool is_grid() const { return is_grid_; }
  int width() const { return width_; }
  int height() const { return height_; }

  const std::string& name(SiteId site) const { return names_[site]; }
  SiteId find(const std::string& name) const;
  int x(SiteId site) const { return coords_[site][0]; }
  int y(SiteId site) const { return coords_[site][1]; }
  // Site at lattice coordinates, or kNoSite.
  SiteId at(int x, int y) const;

  SiteId neighbor(SiteId site, DirId dir) const { return neighbor_[dir * size() + site]; }
  const SiteId* neighbors_of(DirId dir) const { return &neighbor_[dir * size()]; }

  static Offset dir_offset(DirId dir);
  // Whether every site's neighbour along each direction is the site at its
  // coordinates plus the direction's offset (or none where there is none):
  // then which ray of one site passes through another follows from the two
  // sites' coordinates.
  bool neighbours_follow_coordinates() const;
  static DirId opposite(DirId dir) { return static_cast<DirId>((dir + 4) % 8); }
  static DirId direction_named(const std::string& name);  // "n", "ne", ... or -1
  static const char* direction_name(DirId dir);

  // Lines (for mills and similar): ordered runs of sites.
  const std::vector<std::vector<SiteId>>& lines() const { return lines_; }
  const std::vector<int>& lines_through(SiteId site) const { return lines_through_[site]; }
  void set_lines(std::vector<std::vector<SiteId>> lines);
  // Boards of at most 64 sites keep bit sets (bit s for site s): positions keep
  // each seat's pieces as one, and each line through a site is one here.
  bool small() const { return size() <= 64 && bit_sets_; }
  // Makes a small board go the way of large ones (no bit sets), so that tests can
  // check that both ways agree.
  void disable_bit_sets();
  // On a small board, each line through each site as a bit set, flat: the
  // masks of site are line_masks()[line_masks_begin()[site]] up to
  // line_masks()[line_masks_begin()[site + 1]].
  const uint64_t* line_masks() const { return line_masks_.data(); }
  const uint32_t* line_masks_begin() const { return line_masks_begin_.data(); }
  // On a small board, each line once, as a bit set.
  const std::vector<uint64_t>& line_set() const { return line_set_; }

 private:
  void build_index();

  bool is_grid_ = false;
  int width_ = 0;
  int height_ = 0;
  std::vector<std::string> names_;
  std::vector<std::array<int, 2>> coords_;
  std::vector<SiteId> neighbor_;  // [dir * size + site]
  std::unordered_map<std::string, SiteId> by_name_;
  int min_x_ = 0, min_y_ = 0, span_x_ = 0, span_y_ = 0;
  std::vector<SiteId> by_coord_;
  std::vector<std::vector<SiteId>> lines_;
  std::vector<std::vector<int>> lines_through_;  // per site, indices into lines_
  bool bit_sets_ = true;
  std::vector<uint64_t> line_masks_;        // small boards: lines through each site
  std::vector<uint32_t> line_masks_begin_;  // per site, into line_masks_; one more at the end
  std::vector<uint64_t> line_set_;          // small boards: each line once
};

// Rotates a seat-relative offset (forward = +y) by a seat's facing (quarter turns clockwise).
Offset rotate(Offset offset, int facing);
DirId rotate(DirId dir, int facing);

}  // namespace regula
