// Chess perft from the start position: the standard check of the move generator.
// Numbers: the published perft table (chessprogramming wiki, "Perft Results").
#include <gtest/gtest.h>

#include "core/perft.h"
#include "script/loader.h"

namespace regula {
namespace {

TEST(ChessPerft, StartPositionToDepth6) {
  auto rules = script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609, 119060324};
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

}  // namespace
}  // namespace regula
