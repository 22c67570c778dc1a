// The tree of a walk's paths (core/walk_tree.h): its nodes in preorder, the
// destinations each clear prefix reaches, and where no tree is kept.
#include <gtest/gtest.h>

#include <vector>

#include "core/ruleset.h"
#include "core/walk_tree.h"

namespace regula {
namespace {

WalkPath path(SiteId dest, std::vector<SiteId> via) {
  WalkPath p{};
  p.dest = dest;
  p.nvia = static_cast<uint8_t>(via.size());
  for (size_t i = 0; i < via.size(); ++i) p.via[i] = via[i];
  return p;
}

TEST(WalkTree, SharedPrefixesAreOneNodeAndLeavesNameTheirDestination) {
  // Sorted by destination, then length, as the compiler keeps them: 7 sites
  // tested path by path, 2 nodes in the tree.
  const std::vector<WalkPath> paths = {path(4, {}), path(5, {1}), path(6, {1, 2}), path(7, {1, 2}),
                                       path(8, {1, 2})};
  const WalkTree tree = build_walk_tree(paths);
  ASSERT_FALSE(tree.empty());
  EXPECT_EQ(tree.group_begin, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(tree.open, 1);  // 4 needs no clear site
  ASSERT_EQ(tree.nodes.size(), 2u);
  EXPECT_EQ(tree.nodes[0].site, 1);
  EXPECT_EQ(tree.nodes[0].end, 2);
  EXPECT_EQ(tree.nodes[1].site, 2);
  EXPECT_EQ(tree.nodes[1].end, 2);
  auto leaves = [&](size_t n) {
    return std::vector<uint8_t>(tree.leaves.begin() + tree.nodes[n].leaf_begin,
                                tree.leaves.begin() + tree.nodes[n].leaf_end);
  };
  EXPECT_EQ(std::vector<uint8_t>(tree.leaves.begin(), tree.leaves.begin() + tree.open),
            (std::vector<uint8_t>{0}));
  EXPECT_EQ(leaves(0), (std::vector<uint8_t>{1}));
  EXPECT_EQ(leaves(1), (std::vector<uint8_t>{2, 3, 4}));
}

TEST(WalkTree, PathsThatShareLittleKeepNoTree) {
  // A lame leap's shape: one blocking site per path, two paths per site at most.
  EXPECT_TRUE(build_walk_tree({path(5, {1}), path(6, {1}), path(7, {2})}).empty());
  EXPECT_FALSE(build_walk_tree({path(5, {1}), path(6, {1}), path(7, {1})}).empty());
}

TEST(WalkTree, MoreDestinationsThanBitsKeepNoTree) {
  std::vector<WalkPath> paths;
  for (SiteId d = 0; d <= WalkTree::kMaxGroups; ++d) paths.push_back(path(d, {500}));
  EXPECT_TRUE(build_walk_tree(paths).empty());
  paths.pop_back();
  EXPECT_FALSE(build_walk_tree(paths).empty());
  EXPECT_TRUE(build_walk_tree({}).empty());
}

}  // namespace
}  // namespace regula
