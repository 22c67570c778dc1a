// Each seat's view of the board (ai/seat_view.h), which the evaluation's
// piece-square worths are read through: the symmetry that carries the first
// seat's starting army onto each other seat's, worked out here by hand from
// each script's setup.
#include <gtest/gtest.h>

#include "ai/seat_view.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::Rules;

// views[seat][site], by name: the first seat's site standing where `site`
// stands for seat.
std::string seen(const Rules& r, int seat, const char* site) {
  const auto views = ai::seat_views(*r);
  return r->topology.name(views[seat][r->topology.find(site)]);
}

// Chess: Black's army is White's in a mirror (the Queens on one file), not in
// a half turn.
TEST(SeatView, ChessIsAMirror) {
  Rules r = bundled("chess/orthodox");
  EXPECT_EQ(seen(r, 0, "e8"), "e8");
  EXPECT_EQ(seen(r, 1, "d8"), "d1");
  EXPECT_EQ(seen(r, 1, "e8"), "e1");
  EXPECT_EQ(seen(r, 1, "a7"), "a2");
  EXPECT_EQ(seen(r, 1, "h3"), "h6");
}

// Shogi: the Bishop b2 faces the Bishop h8, a half turn.
TEST(SeatView, ShogiIsAHalfTurn) {
  Rules r = bundled("shogi/shogi");
  EXPECT_EQ(seen(r, 1, "h8"), "b2");
  EXPECT_EQ(seen(r, 1, "b8"), "h2");
  EXPECT_EQ(seen(r, 1, "a9"), "i1");
}

// Four-handed Chaturanga: West's army (a5 to a8, b5 to b8) is South's (a1 to
// d1, a2 to d2) turned a quarter clockwise, North's a half turn, East's three
// quarters.
TEST(SeatView, FourArmiesAreQuarterTurns) {
  Rules r = bundled("chaturanga/four-handed");
  EXPECT_EQ(seen(r, 1, "a8"), "a1");  // the Elephants
  EXPECT_EQ(seen(r, 1, "a5"), "d1");  // the Rajahs
  EXPECT_EQ(seen(r, 1, "b8"), "a2");
  EXPECT_EQ(seen(r, 2, "h8"), "a1");
  EXPECT_EQ(seen(r, 2, "e8"), "d1");
  EXPECT_EQ(seen(r, 3, "h1"), "a1");
  EXPECT_EQ(seen(r, 3, "h4"), "d1");
  EXPECT_EQ(seen(r, 3, "g1"), "a2");
}

// A board of points, and a grid whose armies differ: the board as it is, and
// the turn between the seats' facings.
TEST(SeatView, PointsAsTheyAreUnequalArmiesByFacing) {
  Rules mill = bundled("mill/nine-mens-morris");
  const auto views = ai::seat_views(*mill);
  ASSERT_EQ(views.size(), 2u);
  for (SiteId s = 0; s < mill->topology.size(); ++s) EXPECT_EQ(views[1][s], s);
  Rules empty = test_support::load("seat_view_unequal", R"(return game {
  title = "stones",
  board = grid { width = 5, height = 3 },
  pieces = { piece { name = "stone", symbol = "S", moves = { step { dirs = "all" } } } },
  setup = { white = { stone = "a1 b1" }, black = { stone = "c3" } },
}
)");
  ASSERT_TRUE(empty);
  EXPECT_EQ(seen(empty, 1, "a1"), "e3");
  EXPECT_EQ(seen(empty, 1, "b3"), "d1");
}

}  // namespace
}  // namespace regula
