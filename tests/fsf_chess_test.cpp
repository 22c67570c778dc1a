// The Fairy-Stockfish harness (fsf_support.h) on the chess scripts it has
// always known, and proof that it tells a different game apart.
#include <gtest/gtest.h>

#include "fsf_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
namespace fsf = test_support::fsf;

TEST(FairyStockfishDivide, ChessAndShatranjAgreeAtTheStartAndInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  for (auto [name, variant] :
       {std::pair{"chess/orthodox", "chess"}, {"chess/shatranj", "shatranj"}}) {
    const auto rep = fsf::compare(bundled(name), variant, {.start_depth = 4, .games = 30});
    // The start and a divide every third turn of 30 games (shatranj games last).
    EXPECT_GT(rep.positions, 300) << name;
    EXPECT_TRUE(rep.differences.empty()) << name << "\n" << rep.text();
  }
}

TEST(FairyStockfishDivide, ADifferentGameIsToldApart) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  // The authoring guide's knight that also steps orthogonally: the same as chess
  // for two plies, different from the third on.
  auto r = test_support::load("stepping_knight", R"(return extends("chess/orthodox", {
  pieces = {
    piece { name = "knight", moves = { leap { offsets = { { 1, 2 } } },
                                       step { dirs = "orthogonal" } } },
  },
}))");
  ASSERT_TRUE(r);
  const auto same = fsf::compare(r, "chess", {.start_depth = 2, .games = 0});
  EXPECT_EQ(same.positions, 1);
  EXPECT_TRUE(same.differences.empty()) << same.text();
  const auto differs = fsf::compare(r, "chess", {.start_depth = 3, .games = 0});
  ASSERT_FALSE(differs.differences.empty());
  // After 1. Nf3 and any reply the knight may also step to f4, e3 and g3, so
  // g1f3 leads to more leaves than in chess.
  EXPECT_NE(differs.text().find("start, depth 3: g1f3 regula "), std::string::npos)
      << differs.text();
  // Fairy-Stockfish is told the moves of a game as it plays them.
  const auto games = fsf::compare(r, "chess", {.start_depth = 1, .games = 3, .plies = 12});
  EXPECT_GT(games.positions, 3);
  EXPECT_FALSE(games.differences.empty());
}

}  // namespace
}  // namespace regula
