// Bugs the sanitizers and the fuzzing harnesses of tests/fuzz found, each kept
// as the smallest input that showed it.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula {
namespace {

// fuzz_position: with two royal pieces of one seat, the royal site the engine
// kept was the one placed last, so making and taking back a move of the other
// left a position unequal to the one before it.
TEST(SanitizerFindings, MakeUnmakeRestoresTheRoyalSiteOfASeatWithTwoRoyals) {
  auto rules = script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules) << rules.error().text();
  auto pos = read_position(*rules, "4k3/8/8/8/8/8/8/k3K3 b - - 0 1");
  ASSERT_TRUE(pos) << pos.error().text();
  const Position before = *pos;
  MoveList moves;
  legal_moves(*pos, moves);
  ASSERT_EQ(moves.size(), 8);
  for (const Move& m : moves) {
    Undo u;
    pos->make(m, u);
    pos->unmake(m, u);
    ASSERT_TRUE(*pos == before) << write_position(*pos);
  }
}

}  // namespace
}  // namespace regula
