// explain_illegal: one-line reasons for moves that are not legal, on Jetan
// positions (walks, jumps, the threatened-square rule, the escape) and chess
// (slides, the mover's side).
#include "notation/explain.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "jetan_support.h"

namespace regula {
namespace {

using namespace jetan_test;

std::string why(Position& pos, const std::string& from, const std::string& to) {
  return explain_illegal(pos, sq(pos, from), sq(pos, to));
}

bool starts(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

TEST(Explain, PieceAndSide) {
  auto rules = load("cazaux");
  Position pos(rules);
  EXPECT_EQ(why(pos, "e5", "e6"), "no piece on e5");
  EXPECT_EQ(why(pos, "e9", "e8"),
            "not your piece: the panthan on e9 is orange's, and black is to move");
  EXPECT_EQ(why(pos, "c1", "c2"), "your own panthan stands on c2");
  EXPECT_EQ(why(pos, "e2", "e3"), "");  // legal
}

TEST(Explain, WalkLengthRevisitAndBlocking) {
  auto rules = load("cazaux");
  Position pos = build(rules, {{"black", "dwar", "e5"},
                               {"black", "panthan", "e6"},
                               {"black", "panthan", "d5"},
                               {"black", "panthan", "e4"},
                               {"black", "panthan", "f4"},
                               {"black", "panthan", "f6"}});
  // Two straight steps away: no three-step walk ends there.
  EXPECT_EQ(why(pos, "e5", "g5"),
            "wrong length: a dwar moves exactly 3 straight steps, and g5 is not 3 such steps "
            "from e5");
  // Adjacent squares are reached by U-shaped walks; the open ones here all are.
  EXPECT_TRUE(
      starts(why(pos, "e5", "f5"), "blocked: every path crosses an occupied square (e.g. via "))
      << why(pos, "e5", "f5");
  EXPECT_EQ(why(pos, "e5", "f7"),
            "blocked: every path crosses an occupied square (e.g. via f5 f6)");
  Position w = build(rules, {{"black", "warrior", "e5"}});
  EXPECT_EQ(why(w, "e5", "e9"),
            "wrong length: a warrior moves exactly 2 straight steps, and e9 is not 2 such steps "
            "from e5");
  Position c = build(rules, {{"black", "chief", "a1"}});
  EXPECT_EQ(why(c, "a1", "a5"),
            "wrong length: a chief moves exactly 3 straight or diagonal steps, and a5 is not 3 "
            "such steps from a1");
  // Jumpers: no path to report, only the reach.
  Position f = build(rules, {{"black", "flier", "e5"}});
  EXPECT_EQ(why(f, "e5", "e6"), "out of reach: no move of a flier from e5 ends on e6");
  // Smith's free steps.
  auto smith = load("smith", {{"steps", "free"}});
  Position d = build(smith, {{"black", "dwar", "e5"}});
  EXPECT_EQ(why(d, "e5", "h6"), "out of reach: a dwar moves 1 to 3 straight steps");
}

// Only on a board too narrow to turn does a walk need to cross a square twice.
TEST(Explain, Revisit) {
  const std::string file = ::testing::TempDir() + "explain_corridor.lua";
  FILE* f = std::fopen(file.c_str(), "w");
  ASSERT_TRUE(f);
  std::fputs(
      "return game { title = 'corridor', board = grid { width = 1, height = 6 },\n"
      "  pieces = { piece { name = 'dwar', symbol = 'D',\n"
      "    moves = { walk { steps = 3, dirs = 'orthogonal' } } } },\n"
      "  setup = { white = { dwar = 'a1' }, black = { dwar = 'a6' } } }\n",
      f);
  std::fclose(f);
  auto rules = script::load_rules(file);
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  EXPECT_EQ(why(pos, "a1", "a2"),
            "revisits a square: a dwar could reach a2 in 3 straight steps only by crossing a "
            "square twice");
  EXPECT_EQ(why(pos, "a1", "a4"), "");
  EXPECT_EQ(why(pos, "a1", "a3"),
            "wrong length: a dwar moves exactly 3 straight steps, and a3 is not 3 such steps "
            "from a1");
}

TEST(Explain, PrincessRules) {
  auto rules = load("burroughs");
  Position pos = build(rules, {{"black", "princess", "e5", true},
                               {"orange", "warrior", "e8"},
                               {"orange", "panthan", "e4"}});
  EXPECT_EQ(why(pos, "e5", "e4"), "a princess may not capture");
  EXPECT_EQ(why(pos, "e5", "e6"),
            "would stand on a threatened square: e6 could be captured there by the warrior on e8");
  EXPECT_EQ(why(pos, "e5", "e5"), "a move must leave its square");
  EXPECT_EQ(why(pos, "e5", "a1"), "escape already used: it is allowed once per game");
  EXPECT_EQ(why(pos, "e5", "e7"), "");
  // Cazaux: she may capture and enter threatened squares.
  auto cazaux = load("cazaux");
  Position bold = build(cazaux, {{"black", "princess", "e5", true},
                                 {"orange", "warrior", "e8"},
                                 {"orange", "panthan", "e4"}});
  EXPECT_EQ(why(bold, "e5", "e4"), "");
  EXPECT_EQ(why(bold, "e5", "e6"), "");
  // Smith's frightened Princess: refused by the script's filter.
  auto smith = load("smith", {{"princess", "frightened"}});
  Position fr = build(smith, {{"black", "princess", "a1", true},
                              {"orange", "padwar", "c5"},
                              {"orange", "padwar", "d4"},
                              {"orange", "warrior", "d3"}});
  EXPECT_TRUE(starts(why(fr, "a1", "a4"), "forbidden by a rule of this game"))
      << why(fr, "a1", "a4");
}

TEST(Explain, ThoatAppendixAndGameOver) {
  auto rules = load("burroughs-appendix");
  Position pos = build(rules, {{"black", "thoat", "e5"},
                               {"black", "panthan", "e6"},
                               {"black", "panthan", "d5"},
                               {"black", "panthan", "f5"},
                               {"black", "panthan", "e4"}});
  EXPECT_EQ(why(pos, "e5", "f7"), "blocked: every path crosses an occupied square (e.g. via e6)");
  auto cazaux = load("cazaux");
  Position over = build(cazaux, {{"black", "warrior", "e5"}, {"orange", "princess", "e7", true}});
  MoveList ml;
  legal_moves(over, ml);
  for (const Move& m : ml)
    if (move_text(over, m) == "e5-e7") {
      Undo u;
      over.make(m, u);
      break;
    }
  EXPECT_EQ(why(over, "e7", "e9"), "the game is over: Princess captured");
}

TEST(Explain, ChessSlides) {
  auto rules = script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules);
  Position pos(*rules);
  EXPECT_EQ(why(pos, "a1", "a4"), "blocked by the pawn on a2");
  EXPECT_EQ(why(pos, "c1", "c2"), "your own pawn stands on c2");
  EXPECT_EQ(why(pos, "c1", "e3"), "blocked by the pawn on d2");
  Position empty = Position::empty(*rules);
  empty.set_site(sq(empty, "d4"), make_piece((*rules)->type_index("bishop"), 0), 0);
  EXPECT_EQ(why(empty, "d4", "d5"), "out of reach: a bishop cannot move from d4 to d5");
}

}  // namespace
}  // namespace regula
