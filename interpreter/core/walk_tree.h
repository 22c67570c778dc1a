#pragma once
// The paths of a walk from one site, as a tree of their intermediate sites, so
// that generation tests each site once and drops every path through an
// occupied one at once, instead of testing each path on its own.

#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace regula {

struct WalkPath;

struct WalkTree {
  // The intermediate sites in preorder: a node's subtree ends before `end`.
  // Leaves [leaf_begin, leaf_end) are the destination groups of the paths whose
  // last intermediate site is this node.
  struct Node {
    SiteId site;
    uint16_t end;
    uint16_t leaf_begin;
    uint16_t leaf_end;
  };
  // At most this many destinations, one bit each (a larger set keeps no tree).
  static constexpr int kMaxGroups = 256;
  // Kept only where the paths test at least this many sites per node: where
  // they share less, testing each path costs less than the tree's two passes.
  static constexpr size_t kMinSharing = 3;
  std::vector<Node> nodes;
  // Destination groups, by index: paths with no intermediate site first
  // (leaves [0, open)), then those of the nodes.
  std::vector<uint8_t> leaves;
  uint16_t open = 0;
  // The first path of each destination group in the path list, and one past
  // the last group's end: group g is paths [group_begin[g], group_begin[g + 1]).
  std::vector<uint32_t> group_begin;

  bool empty() const { return group_begin.empty(); }

  // The destination groups that some path reaches with every intermediate
  // site clear (`clear(site)`), one bit each.
  template <class Clear>
  std::array<uint64_t, kMaxGroups / 64> reached(Clear clear) const {
    std::array<uint64_t, kMaxGroups / 64> bits{};
    const uint8_t* leaf = leaves.data();
    for (int k = 0; k < open; ++k) bits[leaf[k] >> 6] |= uint64_t{1} << (leaf[k] & 63);
    const Node* node = nodes.data();
    for (size_t i = 0; i < nodes.size();) {
      if (!clear(node[i].site)) {
        i = node[i].end;
        continue;
      }
      for (int k = node[i].leaf_begin; k < node[i].leaf_end; ++k)
        bits[leaf[k] >> 6] |= uint64_t{1} << (leaf[k] & 63);
      ++i;
    }
    return bits;
  }
  // The number of words of reached() that hold groups.
  size_t words() const { return (group_begin.size() + 62) / 64; }
};

// The tree of `paths` (sorted by destination, as the compiler keeps them), or
// an empty one where it would not fit its fields or would share too little.
WalkTree build_walk_tree(const std::vector<WalkPath>& paths);

}  // namespace regula
