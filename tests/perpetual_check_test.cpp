// ends.repetition's perpetual_check = "loses" on a tiny script: a repetition
// whose cycle one side filled with checks loses for that side; a cycle with a
// quiet move of the checking side gives the plain result; the bad values are
// load errors.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game_end.h"
#include "move_support.h"
#include "notation/describe.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

// Kings and rooks on 5x5 with the given repetition rule.
std::string repetition_game(const std::string& repetition) {
  return grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)",
                   "  ends = { check = true, repetition = " + repetition + " },",
                   "{ white = { king = \"a1\" }, black = { king = \"e5\" } }");
}

// Plays the moves in order, the game going on before each.
void play_on(Position& pos, const std::vector<std::string>& moves) {
  for (const std::string& m : moves) {
    ASSERT_FALSE(game_result(pos).over) << m;
    ASSERT_TRUE(play(pos, m));
  }
}

TEST(PerpetualCheck, TheSideThatChecksWithEveryMoveOfTheCycleLoses) {
  auto r = load("perpetual", repetition_game(R"({ count = 3, perpetual_check = "loses" })"));
  ASSERT_TRUE(r);
  // Black's rook follows White's king along the fifth rank, checking each time.
  auto pos = board(r, {{"a1", "king", 0}, {"a5", "rook", 1}, {"e5", "king", 1}});
  play_on(pos, {"a1-b1", "a5-b5", "b1-a1", "b5-a5", "a1-b1", "a5-b5", "b1-a1"});
  EXPECT_EQ(legal(pos), (Moves{"b5-a5", "b5-c5", "b5-d5", "b5-b4", "b5-b3", "b5-b2", "b5-b1",
                               "e5-d5", "e5-d4", "e5-e4"}));
  ASSERT_TRUE(play(pos, "b5-a5"));
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.reason, "3-fold repetition by perpetual check");
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  EXPECT_EQ(res.outcome[1], Outcome::kLoss);
  EXPECT_EQ(legal(pos), Moves{});
}

TEST(PerpetualCheck, ACycleWithAQuietMoveGivesThePlainResult) {
  auto r = load("perpetual_quiet", repetition_game(R"({ count = 3, perpetual_check = "loses" })"));
  ASSERT_TRUE(r);
  // The rook checks from b5 the king on b1, but its move back to c5 gives no check.
  auto pos = board(r, {{"a1", "king", 0}, {"c5", "rook", 1}, {"e5", "king", 1}});
  const std::vector<std::string> cycle = {"a1-b1", "c5-b5", "b1-a1", "b5-c5"};
  play_on(pos, cycle);
  play_on(pos, {"a1-b1", "c5-b5", "b1-a1"});
  ASSERT_TRUE(play(pos, "b5-c5"));
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "3-fold repetition");
  // With a loser named, that side loses a plain repetition.
  auto named =
      load("perpetual_named",
           repetition_game(R"({ count = 3, loser = "white", perpetual_check = "loses" })"));
  ASSERT_TRUE(named);
  auto again = board(named, {{"a1", "king", 0}, {"c5", "rook", 1}, {"e5", "king", 1}});
  play_on(again, cycle);
  play_on(again, {"a1-b1", "c5-b5", "b1-a1"});
  ASSERT_TRUE(play(again, "b5-c5"));
  res = game_result(again);
  EXPECT_EQ(res.reason, "3-fold repetition");
  EXPECT_EQ(res.outcome[0], Outcome::kLoss);
}

TEST(PerpetualCheck, WithoutTheRuleACycleOfChecksIsAPlainRepetition) {
  auto r = load("perpetual_off", repetition_game("3"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"a5", "rook", 1}, {"e5", "king", 1}});
  play_on(pos, {"a1-b1", "a5-b5", "b1-a1", "b5-a5", "a1-b1", "a5-b5", "b1-a1"});
  ASSERT_TRUE(play(pos, "b5-a5"));
  const Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "3-fold repetition");
}

TEST(PerpetualCheck, BadValuesAreLoadErrors) {
  struct Case {
    const char* repetition;
    const char* what;
  };
  const std::vector<Case> cases = {
      {R"({ count = 3, perpetual_check = "wins" })",
       "repetition.perpetual_check must be \"loses\" (the side that gave check with every move "
       "of the cycle loses), not 'wins'"},
      {R"({ count = 3, perpetual = "loses" })",
       "unknown field 'perpetual' in repetition (allowed: count, loser, perpetual_check)"},
      {R"({ count = 3 })",
       "repetition = { count = N, loser = \"seat\", perpetual_check = \"loses\" } (or a number: "
       "a draw)"},
      {R"({ perpetual_check = "loses" })", "repetition = { count = N"},
  };
  int i = 0;
  for (const Case& c : cases) {
    const std::string name = "perpetual_bad" + std::to_string(i++);
    Error e = load_error(name, repetition_game(c.repetition));
    expect_located(e, name + ".lua:", c.what);
  }
  // The rule reads check: without it there is none to give.
  const std::string unchecked = grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },)",
                                          R"(  ends = { repetition = { count = 3,
                                                        perpetual_check = "loses" } },)");
  Error e = load_error("perpetual_unchecked", unchecked);
  expect_located(e, "perpetual_unchecked.lua:", "repetition.perpetual_check needs check = true");
}

TEST(PerpetualCheck, DescribeSaysIt) {
  auto r =
      load("perpetual_describe", repetition_game(R"({ count = 3, perpetual_check = "loses" })"));
  ASSERT_TRUE(r);
  const std::string text = render_rules(describe_rules(*r));
  EXPECT_NE(text.find("such a repetition in whose cycle one side gave check with every move: "
                      "that side loses (when both did, the game is drawn)"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace regula
