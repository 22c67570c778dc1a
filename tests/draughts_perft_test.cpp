// Capture chains, flying kings and the quantity-then-quality capture priority,
// checked by Spanish draughts perft from the start position. Numbers: DCTL's
// test suite (R. Halbersma, board_08x08.cpp), first posted in the FMJD forum
// thread "Perft for all recognized draughts variants" (2010); see RULES.md B.6.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/movegen.h"
#include "core/perft.h"
#include "script/loader.h"

namespace regula {
namespace {

TEST(DraughtsPerft, SpanishStartPositionToDepth8) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 7, 49, 302, 1469, 7361, 36473, 177532, 828783};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

TEST(DraughtsPerft, SpanishFirstMovesAreTheSevenOfRulesB6) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  MoveList ml;
  legal_moves(pos, ml);
  std::set<std::string> got;
  for (const Move& m : ml)
    got.insert((*rules)->topology.name(m.from) + "-" + (*rules)->topology.name(m.to));
  // 9-13, 10-13, 10-14, 11-14, 11-15, 12-15, 12-16 in Spanish numbering.
  EXPECT_EQ(got,
            (std::set<std::string>{"h3-g4", "f3-g4", "f3-e4", "d3-e4", "d3-c4", "b3-c4", "b3-a4"}));
}

}  // namespace
}  // namespace regula
