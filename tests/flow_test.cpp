// The turn flow and the rule effects (core/flow.h, core/effect.h): the turn
// boundary the position stores after each decision and takes back on unmake,
// clocks that move once per turn from what the whole turn did, counted end
// conditions under several dice, position strings in the middle of a turn, and
// which effects each kind of rule compiles to.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/effect.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "move_support.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

// Two dice with faces 1 and 2; "one" moves on a 1, "two" on a 2, a step north
// (capturing), so that a turn of two decisions may capture in either order.
std::string two_dice_game(const std::string& ends) {
  return R"(return game {
  title = "two dice",
  board = grid { width = 3, height = 6 },
  pieces = {
    piece { name = "one", symbol = "O", roll = { 1 }, moves = { step { dirs = "n" } } },
    piece { name = "two", symbol = "T", roll = { 2 }, moves = { step { dirs = "n" } } },
  },
  setup = { white = { one = "a1", two = "c1" }, black = { one = "a6", two = "c6" } },
  dice = { faces = { 1, 2 }, count = 2 },
  ends = )" +
         ends + R"(,
}
)";
}

// The packed throw of two dice (Position::roll): the larger first.
int throw_of(int a, int b) {
  return a >= b ? a | b << 5 : b | a << 5;
}

void make_throw(Position& pos, int roll) {
  MoveList ml;
  legal_moves(pos, ml);
  for (const Move& m : ml)
    if (m.kind == MoveKind::kChance && m.chance == roll) {
      Undo u;
      pos.make(m, u);
      return;
    }
  ADD_FAILURE() << "no throw " << roll;
}

TEST(Flow, ThePositionStoresTheTurnBoundaryAndUnmakeRestoresIt) {
  auto r = load("flow_boundary", two_dice_game("{ no_moves = \"pass\", passes = 40 }"));
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_TRUE(pos.awaiting_roll());
  EXPECT_FALSE(pos.in_turn());
  make_throw(pos, throw_of(1, 2));
  // A throw stands between turns: the first move after it starts one.
  EXPECT_FALSE(pos.in_turn());
  EXPECT_EQ(pos.turn_decisions(), 0);
  EXPECT_TRUE(pos.between_turns());
  const Position before = pos;
  auto m = find(pos, "a1-a2");
  ASSERT_TRUE(m);
  Undo u;
  pos.make(*m, u);
  EXPECT_TRUE(pos.in_turn());
  EXPECT_EQ(pos.turn_decisions(), 1);
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_EQ(pos.global(kPly), 0) << "the ply counts turns";
  Position mid = pos;
  ASSERT_TRUE(play(pos, "c1-c2"));
  EXPECT_FALSE(pos.in_turn());
  EXPECT_EQ(pos.turn_decisions(), 0);
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.global(kPly), 1);
  EXPECT_TRUE(pos.awaiting_roll());
  pos = mid;
  pos.unmake(*m, u);
  EXPECT_TRUE(pos == before);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
}

TEST(Flow, TheMoveClockIsTheSameWhateverTheOrderOfTheTurnsDecisions) {
  auto r = load("flow_clock", two_dice_game("{ no_moves = \"pass\", move_rule = 40 }"));
  ASSERT_TRUE(r);
  auto start = [&] {
    Position pos =
        board(r, {{"a1", "one", 0}, {"a2", "one", 1}, {"c1", "two", 0}, {"c6", "two", 1}});
    pos.set_roll(throw_of(1, 2));
    pos.set_global(kHalfmove, 5);
    return pos;
  };
  // The capture first, then a quiet move; and the other way round.
  Position capture_first = start();
  ASSERT_TRUE(play(capture_first, "a1-a2"));
  EXPECT_EQ(capture_first.global(kHalfmove), 5) << "the clock moves at the end of the turn";
  EXPECT_TRUE(capture_first.turn_reset());
  ASSERT_TRUE(play(capture_first, "c1-c2"));
  Position capture_last = start();
  ASSERT_TRUE(play(capture_last, "c1-c2"));
  EXPECT_FALSE(capture_last.turn_reset());
  ASSERT_TRUE(play(capture_last, "a1-a2"));
  EXPECT_EQ(capture_first.global(kHalfmove), 0);
  EXPECT_EQ(capture_last.global(kHalfmove), 0);
  EXPECT_TRUE(capture_first == capture_last);
  // One turn, however the orders are merged.
  Position pos = start();
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  int both = 0;
  for (const Turn& t : turns) both += t.steps.size() == 2;
  EXPECT_EQ(both, 1);
  // A quiet turn moves the clock by one.
  Position quiet = board(r, {{"a1", "one", 0}, {"c1", "two", 0}, {"c6", "two", 1}});
  quiet.set_roll(throw_of(1, 2));
  quiet.set_global(kHalfmove, 5);
  ASSERT_TRUE(play(quiet, "a1-a2"));
  ASSERT_TRUE(play(quiet, "c1-c2"));
  EXPECT_EQ(quiet.global(kHalfmove), 6);
}

TEST(Flow, ACountedEndConditionFiresUnderSeveralDice) {
  auto r = load("flow_counted", two_dice_game(R"({ no_moves = "pass", conditions = {
    { when = "hand == 0", result = "draw", reason = "two turns under the condition", moves = 2 } } })"));
  ASSERT_TRUE(r);
  Position pos(r);
  int turns_played = 0;
  Result res;
  for (int i = 0; i < 40; ++i) {
    MoveList ml;
    legal_moves(pos, ml);
    res = game_result(pos, ml);
    if (res.over) break;
    if (pos.awaiting_roll()) {
      make_throw(pos, throw_of(2, 1));
      continue;
    }
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    ASSERT_FALSE(turns.empty());
    std::vector<Undo> undos;
    make_turn(pos, turns.front(), undos);
    ++turns_played;
  }
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.reason, "two turns under the condition");
  // White's two turns, black's two: white to move, and its count has reached 2.
  EXPECT_EQ(turns_played, 4);
  EXPECT_EQ(pos.global(kPly), 4);
  EXPECT_EQ(pos.to_move(), 0);
}

TEST(Flow, TheMoveRuleReasonOfAnOddNumberOfPliesCountsTurns) {
  auto r = load("flow_odd_rule", grid_game(1, 4,
                                           R"(    piece { name = "k", symbol = "K", moves = {
      step { dirs = "orthogonal" } } },)",
                                           R"(  ends = { move_rule = 3, no_moves = "loss" },)",
                                           R"({ white = { k = "a1" }, black = { k = "a4" } })"));
  ASSERT_TRUE(r);
  Position pos(r);
  for (const char* m : {"a1-a2", "a4-a3", "a2-a1"}) ASSERT_TRUE(play(pos, m));
  MoveList ml;
  legal_moves(pos, ml);
  const Result res = game_result(pos, ml);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.reason, "3 turns without a capture");
}

TEST(Flow, APositionStringInTheMiddleOfATurnKeepsItsClockReset) {
  auto r = load("flow_string", two_dice_game("{ no_moves = \"pass\", move_rule = 40 }"));
  ASSERT_TRUE(r);
  Position pos = board(r, {{"a1", "one", 0}, {"a2", "one", 1}, {"c1", "two", 0}, {"c6", "two", 1}});
  pos.set_roll(throw_of(1, 2));
  pos.set_global(kHalfmove, 5);
  ASSERT_TRUE(play(pos, "a1-a2"));
  const std::string text = write_position(pos);
  EXPECT_NE(text.find(" turn=1:reset"), std::string::npos) << text;
  auto back = read_position(r, text);
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(back->in_turn());
  EXPECT_EQ(back->turn_decisions(), 1);
  EXPECT_TRUE(back->turn_reset());
  EXPECT_EQ(write_position(*back), text);
  ASSERT_TRUE(play(*back, "c1-c2"));
  EXPECT_EQ(back->global(kHalfmove), 0);
  // Without a reset the rest of the turn shows it all: no turn= field.
  Position quiet = board(r, {{"a1", "one", 0}, {"c1", "two", 0}, {"c6", "two", 1}});
  quiet.set_roll(throw_of(1, 2));
  ASSERT_TRUE(play(quiet, "a1-a2"));
  EXPECT_EQ(write_position(quiet).find("turn="), std::string::npos);
  auto again = read_position(r, write_position(quiet));
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->in_turn());
  EXPECT_EQ(again->turn_decisions(), 1);
  // A turn in progress where none can be is refused.
  auto bad = read_position(r, write_position(Position(r)) + " turn=1");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().what.find("no turn is in progress"), std::string::npos)
      << bad.error().text();
}

// The effects a ruleset compiled, as "event: name" lines in the order they apply.
std::vector<std::string> effect_lines(const Ruleset& r) {
  static const char* const kEvents[] = {"turn start",   "departure", "capture", "pass over",
                                        "arrival",      "promotion", "answer",  "action",
                                        "decision end", "turn end"};
  std::vector<std::string> out;
  for (int e = 0; e < kNumEvents; ++e)
    for (const Effect* fx : r.effects->on(static_cast<Event>(e)))
      out.push_back(std::string(kEvents[e]) + ": " + fx->name());
  return out;
}

TEST(Flow, EachRuleCompilesToItsEffects) {
  using Lines = std::vector<std::string>;
  EXPECT_EQ(effect_lines(*bundled("chess/orthodox")), Lines{});
  EXPECT_EQ(effect_lines(*bundled("chess/crazyhouse")), Lines{"capture: captures to hand"});
  EXPECT_EQ(effect_lines(*bundled("mill/morabaraba")),
            (Lines{"decision end: return ban", "turn end: material clock"}));
  EXPECT_EQ(effect_lines(*bundled("draughts/spanish")),
            Lines{"turn start: moves under a condition"});
  EXPECT_EQ(effect_lines(*bundled("chaturanga/four-handed-stakes")),
            (Lines{"capture: capture payment", "capture: capture ends",
                   "arrival: occupation payment", "arrival: take command", "arrival: square block",
                   "promotion: promotion revives", "answer: restore by answer",
                   "action: restore by action", "decision end: leave condition"}));
}

}  // namespace
}  // namespace regula
