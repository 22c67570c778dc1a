// Xiangqi (rules/chess/xiangqi.lua) against Fairy-Stockfish's "xiangqi": the
// start position's perft (3,290,240 at depth 4, Fairy-Stockfish's count, which
// is also the published one) and divides along seeded random games, where
// cannons, blocked horses and elephants and the flying general come up.
#include <gtest/gtest.h>

#include "core/perft.h"
#include "fsf_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
namespace fsf = test_support::fsf;

TEST(Xiangqi, StartPerftIsFairyStockfishs) {
  auto r = bundled("chess/xiangqi");
  ASSERT_TRUE(r);
  Position pos(r);
  // Fairy-Stockfish 11.1 (Debian; UCI_Variant xiangqi, go perft N).
  EXPECT_EQ(perft(pos, 1), 44u);
  EXPECT_EQ(perft(pos, 2), 1920u);
  EXPECT_EQ(perft(pos, 3), 79666u);
  EXPECT_EQ(perft(pos, 4), 3290240u);
}

TEST(FairyStockfishDivide, XiangqiAgreesAtTheStartAndInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  const auto rep = fsf::compare(bundled("chess/xiangqi"), "xiangqi",
                                {.start_depth = 3, .games = 30, .plies = 120, .depth = 2});
  EXPECT_GT(rep.positions, 300);
  EXPECT_TRUE(rep.differences.empty()) << rep.text();
}

}  // namespace
}  // namespace regula
