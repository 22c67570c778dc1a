#include "core/walk_tree.h"

#include <limits>

#include "core/ruleset.h"

namespace regula {

namespace {

constexpr size_t kMaxIndex = std::numeric_limits<uint16_t>::max();

// The tree while it is built, in flat lists linked by index (-1 ends a list),
// so that a build allocates nothing once its lists have grown.
struct Draft {
  struct Node {
    SiteId site;
    int first_child = -1, next_sibling = -1;
    int first_leaf = -1, last_leaf = -1;
  };
  struct Leaf {
    uint8_t group;
    int next = -1;
  };
  std::vector<Node> nodes;
  std::vector<Leaf> leaves;

  int child(int parent, SiteId site) {
    for (int c = nodes[parent].first_child; c >= 0; c = nodes[c].next_sibling)
      if (nodes[c].site == site) return c;
    nodes.push_back(Node{site});
    const int c = static_cast<int>(nodes.size()) - 1;
    nodes[c].next_sibling = nodes[parent].first_child;
    nodes[parent].first_child = c;
    return c;
  }

  void leaf(int node, uint8_t group) {
    leaves.push_back(Leaf{group});
    const int l = static_cast<int>(leaves.size()) - 1;
    if (nodes[node].last_leaf >= 0)
      leaves[nodes[node].last_leaf].next = l;
    else
      nodes[node].first_leaf = l;
    nodes[node].last_leaf = l;
  }

  void copy_leaves(int node, WalkTree& tree) const {
    for (int l = nodes[node].first_leaf; l >= 0; l = leaves[l].next)
      tree.leaves.push_back(leaves[l].group);
  }

  // Writes the subtree of `node` (not the root) in preorder; false when a
  // field would overflow.
  bool flatten(int node, WalkTree& tree) const {
    const size_t at = tree.nodes.size();
    const size_t leaf_begin = tree.leaves.size();
    copy_leaves(node, tree);
    if (tree.leaves.size() > kMaxIndex || at >= kMaxIndex) return false;
    tree.nodes.push_back({nodes[node].site, 0, static_cast<uint16_t>(leaf_begin),
                          static_cast<uint16_t>(tree.leaves.size())});
    for (int c = nodes[node].first_child; c >= 0; c = nodes[c].next_sibling)
      if (!flatten(c, tree)) return false;
    if (tree.nodes.size() > kMaxIndex) return false;
    tree.nodes[at].end = static_cast<uint16_t>(tree.nodes.size());
    return true;
  }
};

}  // namespace

WalkTree build_walk_tree(const std::vector<WalkPath>& paths) {
  // Built in scratch lists, then copied at their size: a load builds a tree
  // per walk, seat and origin.
  thread_local Draft draft;
  thread_local WalkTree work;
  draft.nodes.assign(1, Draft::Node{kNoSite});
  draft.leaves.clear();
  work.nodes.clear();
  work.leaves.clear();
  work.group_begin.clear();
  size_t tests = 0;  // sites tested one path at a time
  for (size_t i = 0; i < paths.size(); ++i) {
    if (i == 0 || paths[i].dest != paths[i - 1].dest) {
      if (work.group_begin.size() == WalkTree::kMaxGroups) return {};
      work.group_begin.push_back(static_cast<uint32_t>(i));
    }
    const auto group = static_cast<uint8_t>(work.group_begin.size() - 1);
    int at = 0;
    for (int v = 0; v < paths[i].nvia; ++v) at = draft.child(at, paths[i].via[v]);
    draft.leaf(at, group);
    tests += paths[i].nvia;
  }
  // Where paths share few sites, testing them one by one costs less than the
  // tree and its second pass.
  if (work.group_begin.empty() || tests < WalkTree::kMinSharing * (draft.nodes.size() - 1))
    return {};
  work.group_begin.push_back(static_cast<uint32_t>(paths.size()));
  draft.copy_leaves(0, work);
  const auto open = static_cast<uint16_t>(work.leaves.size());
  for (int c = draft.nodes[0].first_child; c >= 0; c = draft.nodes[c].next_sibling)
    if (!draft.flatten(c, work)) return {};
  WalkTree tree;
  tree.open = open;
  tree.nodes.assign(work.nodes.begin(), work.nodes.end());
  tree.leaves.assign(work.leaves.begin(), work.leaves.end());
  tree.group_begin.assign(work.group_begin.begin(), work.group_begin.end());
  return tree;
}

}  // namespace regula
