// Move generation lists each move once: rules of one piece that reach the same
// destination with the same effect (Move::same_effect) make one move, as the
// Betza spelling of the same piece does, while the types whose rules cannot
// overlap are left unchecked (PieceType::overlapping_rules).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/perft.h"
#include "move_support.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

// One piece on b2 of a board 6 wide and 7 high, its moves given as written.
std::string lone_piece(const std::string& moves) {
  return R"(return game {
  title = "one piece",
  board = grid { width = 6, height = 7 },
  pieces = { piece { name = "rook", symbol = "R", )" +
         moves + R"( } },
  setup = { white = { rook = "b2" } },
}
)";
}

TEST(MoveGen, StepAndSlideInTheSameDirectionsListEachMoveOnce) {
  auto both = load(
      "step_and_slide",
      lone_piece(R"(moves = { step { dirs = "orthogonal" }, slide { dirs = "orthogonal" } })"));
  auto betza = load("step_and_slide_betza", lone_piece(R"(betza = "WR")"));
  ASSERT_TRUE(both && betza);
  Position a(both), b(betza);
  const std::vector<std::string> want = {"b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-b5", "b2-b6",
                                         "b2-b7", "b2-c2", "b2-d2", "b2-e2", "b2-f2"};
  EXPECT_EQ(listed(a), want);
  EXPECT_EQ(listed(b), want);
  EXPECT_EQ(perft(a, 1), 11u);
  EXPECT_EQ(perft(b, 1), 11u);
  EXPECT_EQ(perft(a, 2), perft(b, 2));
  EXPECT_TRUE(both->types[0].overlapping_rules);
}

TEST(MoveGen, OverlappingRulesWithDifferentEffectsStayApart) {
  // The slide's moves carry a label: a different move to whoever reads it.
  auto r = load("step_and_labelled_slide", lone_piece(R"(moves = { step { dirs = "orthogonal" },
                                slide { dirs = "orthogonal", label = "far" } })"));
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(perft(pos, 1), 15u);
  // Only moves: the step may not capture, the slide only captures.
  auto apart = load("step_move_slide_capture",
                    lone_piece(R"(moves = { step { dirs = "orthogonal", mode = "move" },
                                    slide { dirs = "orthogonal", mode = "capture" } })"));
  ASSERT_TRUE(apart);
  EXPECT_FALSE(apart->types[0].overlapping_rules);
}

TEST(MoveGen, BundledChessChecksNoPieceForDuplicates) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  for (const PieceType& t : r->types) EXPECT_FALSE(t.overlapping_rules) << t.name;
}

// A walk lists several paths to one square and generation keeps the first
// clear one, and a labelled rule (the Princess's escape) is told apart from an
// unlabelled one to the same square: neither is an overlap to check per move,
// which would cost every Jetan position a comparison of each move with the rest.
TEST(MoveGen, WalksAndLabelledRulesAreNoOverlap) {
  for (const char* name : {"jetan/burroughs", "jetan/cazaux", "jetan/smith"}) {
    auto r = bundled(name);
    ASSERT_TRUE(r);
    for (const PieceType& t : r->types) EXPECT_FALSE(t.overlapping_rules) << name << " " << t.name;
  }
}

// A leap given twice lists its squares once (the table rule overlaps itself).
TEST(MoveGen, ALeapGivenTwiceListsEachSquareOnce) {
  auto r =
      load("leap_twice", lone_piece(R"(moves = { leap { offsets = { { 1, 2 }, { 2, 1 } } } })"));
  ASSERT_TRUE(r);
  Position pos(r);
  const std::vector<std::string> want = {"b2-a4", "b2-c4", "b2-d1", "b2-d3"};
  EXPECT_EQ(listed(pos), want);
  EXPECT_EQ(perft(pos, 1), 4u);
}

// Rules that overlap for one seat only: a step forward and a slide south meet
// for the seat that faces south, the second seat, not for the first, so the
// overlap must be looked for seat by seat.
TEST(MoveGen, AnOverlapOfTheSecondSeatOnlyIsFound) {
  auto r = load("second_seat_overlap", R"(return game {
  title = "second seat overlap",
  board = grid { width = 6, height = 7 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  pieces = { piece { name = "rook", symbol = "R",
                     moves = { step { dirs = "forward" }, slide { dirs = "s" } } } },
  setup = { white = { rook = "a1" }, black = { rook = "f7" } },
}
)");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->types[0].overlapping_rules);
  Position pos(r);
  ASSERT_TRUE(play(pos, "a1-a2"));
  const std::vector<std::string> want = {"f7-f1", "f7-f2", "f7-f3", "f7-f4", "f7-f5", "f7-f6"};
  EXPECT_EQ(listed(pos), want);
}

}  // namespace
}  // namespace regula
