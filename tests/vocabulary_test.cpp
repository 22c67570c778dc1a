// The rule language, one element at a time: each test writes a tiny script,
// loads it, sets up a position and asserts the exact legal moves (as from-to
// site names) or the exact result the element must produce. Bad scripts must
// come back as an Error naming the file and the line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position_sense.h"
#include "core/rule_error.h"
#include "formats/presentation.h"
#include "move_support.h"
#include "notation/describe.h"
#include "notation/move_text.h"
#include "script/loader.h"
#include "script/lua_hooks.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using Rules = std::shared_ptr<const Ruleset>;

using namespace test_support;

// ---- movement ------------------------------------------------------------

TEST(VocabStep, OrthogonalStepsCaptureEnemiesNotFriends) {
  auto r = load("step", grid_game(5, 5, R"(
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } } },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "wazir", 0}, {"b3", "wazir", 0}, {"c4", "wazir", 1}});
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-c4", "c3-d3", "c3-c2"}));
  auto corner = board(r, {{"a1", "wazir", 0}});
  EXPECT_EQ(legal(corner), (Moves{"a1-a2", "a1-b1"}));
}

TEST(VocabStep, ForwardIsRelativeToTheSeat) {
  auto r = load("step_forward", grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } } },)"));
  ASSERT_TRUE(r);
  auto white = board(r, {{"c3", "pawn", 0}});
  EXPECT_EQ(legal(white), (Moves{"c3-c4"}));
  auto black = board(r, {{"c3", "pawn", 1}}, 1);
  EXPECT_EQ(legal(black), (Moves{"c3-c2"}));
}

TEST(VocabSlide, MinAndMaxBoundTheDistance) {
  auto r = load("slide", grid_game(5, 8, R"(
    piece { name = "lance", symbol = "L", moves = { slide { dirs = "n", min = 2, max = 3 } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)"));
  ASSERT_TRUE(r);
  auto open = board(r, {{"a1", "lance", 0}});
  EXPECT_EQ(legal(open), (Moves{"a1-a3", "a1-a4"}));
  auto enemy_at_min = board(r, {{"a1", "lance", 0}, {"a3", "rook", 1}});
  EXPECT_EQ(legal_from(enemy_at_min, "a1"), (Moves{"a1-a3"}));
  auto blocked_short = board(r, {{"a1", "lance", 0}, {"a2", "rook", 1}});
  EXPECT_EQ(legal_from(blocked_short, "a1"), Moves{});
  auto rook = board(r, {{"b2", "rook", 0}, {"b4", "rook", 1}, {"d2", "rook", 0}});
  EXPECT_EQ(legal_from(rook, "b2"), (Moves{"b2-b1", "b2-b3", "b2-b4", "b2-a2", "b2-c2"}));
}

TEST(VocabLeap, SymmetricOffsetsGiveAllEightDirections) {
  auto r = load("leap", grid_game(5, 5, R"(
    piece { name = "knight", symbol = "N", moves = { leap { offsets = { { 1, 2 } } } } },)"));
  ASSERT_TRUE(r);
  auto centre = board(r, {{"c3", "knight", 0}, {"b2", "knight", 0}, {"a4", "knight", 0}});
  EXPECT_EQ(legal_from(centre, "c3"),
            (Moves{"c3-a2", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"}));
  auto corner = board(r, {{"a1", "knight", 0}});
  EXPECT_EQ(legal(corner), (Moves{"a1-b3", "a1-c2"}));
}

TEST(VocabLeap, AsymmetricOffsetTurnsWithTheSeat) {
  auto r = load("leap_asym", grid_game(5, 5, R"(
    piece { name = "hook", symbol = "H",
            moves = { leap { offsets = { { 1, 2 } }, symmetric = false } } },)"));
  ASSERT_TRUE(r);
  auto white = board(r, {{"c1", "hook", 0}});
  EXPECT_EQ(legal(white), (Moves{"c1-d3"}));
  auto black = board(r, {{"c5", "hook", 1}}, 1);
  EXPECT_EQ(legal(black), (Moves{"c5-b3"}));
}

TEST(VocabWalk, ExactAndUpTo) {
  auto r = load("walk", grid_game(5, 5, R"(
    piece { name = "exact", symbol = "E", moves = { walk { steps = 2, dirs = "orthogonal" } } },
    piece { name = "upto", symbol = "U",
            moves = { walk { steps = 2, dirs = "orthogonal", exact = false } } },
    piece { name = "straight", symbol = "S",
            moves = { walk { steps = 2, dirs = "orthogonal", turn = false } } },)"));
  ASSERT_TRUE(r);
  const Moves two = {"c3-c5", "c3-c1", "c3-a3", "c3-e3", "c3-b4", "c3-d4", "c3-b2", "c3-d2"};
  auto exact = board(r, {{"c3", "exact", 0}});
  EXPECT_EQ(legal(exact), two);
  auto upto = board(r, {{"c3", "upto", 0}});
  Moves one_or_two = two;
  one_or_two.insert({"c3-c4", "c3-c2", "c3-b3", "c3-d3"});
  EXPECT_EQ(legal(upto), one_or_two);
  auto straight = board(r, {{"c3", "straight", 0}});
  EXPECT_EQ(legal(straight), (Moves{"c3-c5", "c3-c1", "c3-a3", "c3-e3"}));
}

TEST(VocabWalk, NoRevisitUnlessAllowed) {
  // On a one-file board a three-step walk can only come back by revisiting.
  auto r = load("walk_revisit", grid_game(1, 5, R"(
    piece { name = "once", symbol = "O", moves = { walk { steps = 3, dirs = "orthogonal" } } },
    piece { name = "again", symbol = "A",
            moves = { walk { steps = 3, dirs = "orthogonal", revisit = true } } },)"));
  ASSERT_TRUE(r);
  auto once = board(r, {{"a1", "once", 0}});
  EXPECT_EQ(legal(once), (Moves{"a1-a4"}));
  auto again = board(r, {{"a1", "again", 0}});
  EXPECT_EQ(legal(again), (Moves{"a1-a2", "a1-a4"}));
}

TEST(VocabWalk, BlockedUnlessOnePathIsClearOrItJumps) {
  auto r = load("walk_jump", grid_game(5, 5, R"(
    piece { name = "walker", symbol = "W", moves = { walk { steps = 2, dirs = "orthogonal" } } },
    piece { name = "jumper", symbol = "J",
            moves = { walk { steps = 2, dirs = "orthogonal", jump = true } } },
    piece { name = "block", symbol = "B" },)"));
  ASSERT_TRUE(r);
  // d4 is reachable through c4 or d3: one clear path is enough.
  auto one = board(r, {{"c3", "walker", 0}, {"c4", "block", 0}});
  EXPECT_EQ(legal(one), (Moves{"c3-c1", "c3-a3", "c3-e3", "c3-b4", "c3-d4", "c3-b2", "c3-d2"}));
  auto both = board(r, {{"c3", "walker", 0}, {"c4", "block", 0}, {"d3", "block", 0}});
  EXPECT_EQ(legal(both), (Moves{"c3-c1", "c3-a3", "c3-b4", "c3-b2", "c3-d2"}));
  auto jump = board(r, {{"c3", "jumper", 0}, {"c4", "block", 0}, {"d3", "block", 0}});
  EXPECT_EQ(legal(jump),
            (Moves{"c3-c5", "c3-c1", "c3-a3", "c3-e3", "c3-b4", "c3-d4", "c3-b2", "c3-d2"}));
}

TEST(VocabWalk, LegsInEitherOrder) {
  auto r = load("walk_legs", grid_game(5, 5, R"(
    piece { name = "fixed", symbol = "F", moves = { walk { legs = { "orthogonal", "diagonal" } } } },
    piece { name = "either", symbol = "E",
            moves = { walk { legs = { "orthogonal", "diagonal" }, any_order = true } } },
    piece { name = "block", symbol = "B" },)"));
  ASSERT_TRUE(r);
  auto open = board(r, {{"c3", "fixed", 0}});
  EXPECT_EQ(legal(open), (Moves{"c3-d5", "c3-b5", "c3-d3", "c3-b3", "c3-e4", "c3-e2", "c3-c4",
                                "c3-c2", "c3-d1", "c3-b1", "c3-a4", "c3-a2"}));
  // With c4 taken, d5 and b5 need the diagonal leg first.
  auto fixed = board(r, {{"c3", "fixed", 0}, {"c4", "block", 0}});
  EXPECT_EQ(legal(fixed), (Moves{"c3-d3", "c3-b3", "c3-e4", "c3-e2", "c3-c2", "c3-d1", "c3-b1",
                                 "c3-a4", "c3-a2"}));
  auto either = board(r, {{"c3", "either", 0}, {"c4", "block", 0}});
  EXPECT_EQ(legal(either), (Moves{"c3-d5", "c3-b5", "c3-d3", "c3-b3", "c3-e4", "c3-e2", "c3-c2",
                                  "c3-d1", "c3-b1", "c3-a4", "c3-a2"}));
}

TEST(VocabHop, ShortAndFlying) {
  auto r = load("hop", grid_game(8, 8, R"(
    piece { name = "man", symbol = "M", moves = { hop { dirs = "diagonal", chain = false } } },
    piece { name = "king", symbol = "K",
            moves = { hop { dirs = "diagonal", flying = true, chain = false } } },
    piece { name = "stone", symbol = "S" },)"));
  ASSERT_TRUE(r);
  auto man = board(r, {{"b2", "man", 0}, {"c3", "stone", 1}, {"a3", "stone", 1}});
  EXPECT_EQ(legal(man), (Moves{"b2-d4xc3"}));
  auto king = board(r, {{"a1", "king", 0}, {"d4", "stone", 1}, {"g7", "stone", 1}});
  EXPECT_EQ(legal(king), (Moves{"a1-e5xd4", "a1-f6xd4"}));
  auto own = board(r, {{"b2", "man", 0}, {"c3", "stone", 0}});
  EXPECT_EQ(legal_from(own, "b2"), Moves{});
}

TEST(VocabHop, ChainsContinueWhilePossible) {
  auto r = load("hop_chain", grid_game(8, 8, R"(
    piece { name = "man", symbol = "M", moves = { hop { dirs = "diagonal" } } },
    piece { name = "stone", symbol = "S" },)"));
  ASSERT_TRUE(r);
  auto pos =
      board(r, {{"b2", "man", 0}, {"c3", "stone", 1}, {"c5", "stone", 1}, {"e5", "stone", 1}});
  EXPECT_EQ(legal(pos), (Moves{"b2-b6xc3,c5", "b2-f6xc3,e5"}));
  ASSERT_TRUE(play(pos, "b2-b6xc3,c5"));
  EXPECT_EQ(pos.at(r->topology.find("c3")), kEmpty);
  EXPECT_EQ(pos.at(r->topology.find("c5")), kEmpty);
  EXPECT_NE(pos.at(r->topology.find("e5")), kEmpty);
  EXPECT_EQ(pos.counter(0, kCaptured), 2);
}

// removal = "immediate": the pieces a chain takes leave the board as they are
// jumped. The king's last jump, south from c8, crosses c5, taken at its first:
// at the end of the move c5 still stands there and stops it.
TEST(VocabHop, RemovalImmediateLetsTheChainCrossATakenSquare) {
  const std::string script = grid_game(8, 8, R"(
    piece { name = "king", symbol = "K",
            moves = { hop { dirs = "orthogonal", flying = true,
                            removal = option("removal", { "at-end", "immediate" }) } } },
    piece { name = "stone", symbol = "S" },)",
                                       R"(capture = "max",)");
  const std::initializer_list<Put> setup = {{"a5", "king", 0},
                                            {"c5", "stone", 1},
                                            {"e7", "stone", 1},
                                            {"d8", "stone", 1},
                                            {"c3", "stone", 1}};
  auto at_end = load("hop_removal_at_end", script, {{"removal", "at-end"}});
  ASSERT_TRUE(at_end);
  auto pos = board(at_end, setup);
  EXPECT_EQ(legal(pos), (Moves{"a5-c8xc5,e7,d8", "a5-b8xc5,e7,d8", "a5-a8xc5,e7,d8"}));
  auto at_once = load("hop_removal_immediate", script, {{"removal", "immediate"}});
  ASSERT_TRUE(at_once);
  pos = board(at_once, setup);
  EXPECT_EQ(legal(pos), (Moves{"a5-c2xc5,e7,d8,c3", "a5-c1xc5,e7,d8,c3"}));
  ASSERT_TRUE(play(pos, "a5-c1xc5,e7,d8,c3"));
  EXPECT_EQ(pos.counter(0, kCaptured), 4);
  for (const char* site : {"a5", "c5", "e7", "d8", "c3"})
    EXPECT_EQ(pos.at(at_once->topology.find(site)), kEmpty) << site;
}

// Under removal = "immediate" a chain may end on a site it took a piece from:
// the king takes c5 first and c6 last, landing on c5 or beyond. The piece
// that stood on c5 counts once, so every landing takes four pieces and all
// are kept under capture = "max"; at the end of the move c5 still stands
// there and the king stops on c8, b8 or a8 with three.
TEST(VocabHop, RemovalImmediateMayEndOnATakenSquare) {
  const std::string script = grid_game(8, 8, R"(
    piece { name = "king", symbol = "K",
            moves = { hop { dirs = "orthogonal", flying = true,
                            removal = option("removal", { "at-end", "immediate" }) } } },
    piece { name = "stone", symbol = "S" },)",
                                       R"(capture = "max",)");
  const std::initializer_list<Put> setup = {{"a5", "king", 0},
                                            {"c5", "stone", 1},
                                            {"e7", "stone", 1},
                                            {"d8", "stone", 1},
                                            {"c6", "stone", 1}};
  auto at_end = load("hop_end_taken_at_end", script, {{"removal", "at-end"}});
  ASSERT_TRUE(at_end);
  auto pos = board(at_end, setup);
  EXPECT_EQ(legal(pos), (Moves{"a5-c8xc5,e7,d8", "a5-b8xc5,e7,d8", "a5-a8xc5,e7,d8"}));
  auto at_once = load("hop_end_taken_immediate", script, {{"removal", "immediate"}});
  ASSERT_TRUE(at_once);
  pos = board(at_once, setup);
  EXPECT_EQ(legal(pos), (Moves{"a5-c5xc5,e7,d8,c6", "a5-c4xc5,e7,d8,c6", "a5-c3xc5,e7,d8,c6",
                               "a5-c2xc5,e7,d8,c6", "a5-c1xc5,e7,d8,c6"}));
  ASSERT_TRUE(play(pos, "a5-c5xc5,e7,d8,c6"));
  EXPECT_EQ(pos.counter(0, kCaptured), 4);
  EXPECT_EQ(pos.at(at_once->topology.find("c5")), make_piece(at_once->type_index("king"), 0));
}

// no_reverse = true: no 180-degree turn between two jumps. Without it the king
// takes f4, turns back across the emptied f4 and its own square and takes b4
// (or the other way round); with it each capture is a chain of one. The two
// paths to a4 (by g4 or by h4) are one move: same origin, destination and
// captured set.
TEST(VocabHop, NoReverseForbidsTheTurnStraightBack) {
  auto script = [](const std::string& no_reverse) {
    return grid_game(8, 8,
                     R"(
    piece { name = "king", symbol = "K",
            moves = { hop { dirs = "orthogonal", flying = true, removal = "immediate",
                            no_reverse = )" +
                         no_reverse + R"( } } },
    piece { name = "stone", symbol = "S" },)");
  };
  const std::initializer_list<Put> setup = {
      {"d4", "king", 0}, {"b4", "stone", 1}, {"f4", "stone", 1}};
  auto turning = load("hop_reverse", script("false"));
  ASSERT_TRUE(turning);
  auto pos = board(turning, setup);
  EXPECT_EQ(legal(pos), (Moves{"d4-a4xf4,b4", "d4-g4xb4,f4", "d4-h4xb4,f4"}));
  auto straight = load("hop_no_reverse", script("true"));
  ASSERT_TRUE(straight);
  pos = board(straight, setup);
  EXPECT_EQ(legal(pos), (Moves{"d4-g4xf4", "d4-h4xf4", "d4-a4xb4"}));
}

// Two chains with the same origin, destination and captured set are one move,
// whatever their paths: a man that takes the four pieces around d3, either way
// round, back to c1 (the rule docs/authoring.md "Capture rules" states).
TEST(VocabHop, ChainsWithTheSameEndsAndCapturesAreOneMove) {
  auto r = load("hop_ring", grid_game(8, 8, R"(
    piece { name = "man", symbol = "M", moves = { hop { dirs = "diagonal" } } },
    piece { name = "stone", symbol = "S" },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c1", "man", 0},
                       {"b2", "stone", 1},
                       {"d2", "stone", 1},
                       {"b4", "stone", 1},
                       {"d4", "stone", 1}});
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(r->topology.name(ml[0].from), "c1");
  EXPECT_EQ(r->topology.name(ml[0].to), "c1");
  EXPECT_EQ(ml[0].ncap, 4);
  EXPECT_EQ(perft(pos, 1), 1u);
}

TEST(VocabHop, BadRemovalAndNoReverseAreLocatedErrors) {
  auto script = [](const std::string& hop) {
    return "return game {\n  board = grid { width = 8, height = 8 },\n  pieces = {\n"
           "    piece { name = \"k\", symbol = \"K\",\n"
           "            moves = { hop { dirs = \"orthogonal\", " +
           hop + " } } },\n  },\n  setup = { white = { k = \"a1\" } },\n}\n";
  };
  expect_located(load_error("bad_removal", script("removal = \"later\"")), "bad_removal.lua:5",
                 "hop removal = \"later\" is not allowed; allowed: \"at-end\" (captured pieces "
                 "leave the board when the move ends) or \"immediate\" (each as it is jumped)");
  expect_located(load_error("bad_removal_type", script("removal = true")), "bad_removal_type.lua:5",
                 "removal must be a string, not a boolean");
  expect_located(load_error("bad_no_reverse", script("no_reverse = \"yes\"")),
                 "bad_no_reverse.lua:5", "no_reverse must be true or false, not a string");
  expect_located(load_error("bad_removal_chain", script("chain = false, removal = \"immediate\"")),
                 "bad_removal_chain.lua:5",
                 "hop removal = \"immediate\" needs a chain of jumps, and this hop has chain = "
                 "false");
  expect_located(load_error("bad_no_reverse_chain", script("chain = false, no_reverse = true")),
                 "bad_no_reverse_chain.lua:5",
                 "hop no_reverse = true needs a chain of jumps, and this hop has chain = false");
}

TEST(VocabCapture, CompulsoryMaxAndMaxThenValue) {
  const std::string script = grid_game(8, 8, R"(
    piece { name = "hopper", symbol = "H", moves = { hop { dirs = "orthogonal" } } },
    piece { name = "walker", symbol = "W", moves = { step { dirs = "orthogonal", mode = "move" } } },
    piece { name = "cheap", symbol = "C", value = 1 },
    piece { name = "dear", symbol = "D", value = 5 },)",
                                       R"(capture = option("capture", { "free", "compulsory", "max",
                                        "max-then-value" }),)");
  const std::initializer_list<Put> setup = {
      {"a1", "hopper", 0}, {"h1", "hopper", 0}, {"e4", "walker", 0}, {"a2", "cheap", 1},
      {"a4", "cheap", 1},  {"h4", "cheap", 1},  {"g1", "cheap", 1},  {"h2", "dear", 1}};
  const Moves captures = {"a1-a5xa2,a4", "h1-h5xh2,h4", "h1-f1xg1"};
  auto check = [&](const std::string& mode, const Moves& expected) {
    auto r = load("capture_" + mode, script, {{"capture", mode}});
    ASSERT_TRUE(r);
    auto pos = board(r, setup);
    EXPECT_EQ(legal(pos), expected) << mode;
  };
  Moves all = captures;
  all.insert({"e4-e5", "e4-e3", "e4-d4", "e4-f4"});
  check("free", all);
  check("compulsory", captures);
  check("max", (Moves{"a1-a5xa2,a4", "h1-h5xh2,h4"}));
  check("max-then-value", (Moves{"h1-h5xh2,h4"}));
}

TEST(VocabDrop, FromHandAnywhereOrInARegion) {
  auto r = load("drop", R"(return game {
  title = "drops",
  board = grid { width = 3, height = 3 },
  regions = { home = { rank = 1 } },
  pieces = {
    piece { name = "stone", symbol = "S", drop = true },
    piece { name = "marker", symbol = "M", drop = "home" },
  },
  hand = { white = { stone = 2 }, black = { stone = 2, marker = 1 } },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(pos.hand(0, r->type_index("stone")), 2);
  EXPECT_EQ(legal(pos), (Moves{"stone@a1", "stone@a2", "stone@a3", "stone@b1", "stone@b2",
                               "stone@b3", "stone@c1", "stone@c2", "stone@c3"}));
  ASSERT_TRUE(play(pos, "stone@b2"));
  EXPECT_EQ(pos.hand(0, r->type_index("stone")), 1);
  EXPECT_EQ(pos.at(r->topology.find("b2")), make_piece(r->type_index("stone"), 0));
  // Black's first rank is the top row; its stones go anywhere still empty.
  EXPECT_EQ(legal(pos),
            (Moves{"stone@a1", "stone@a2", "stone@a3", "stone@b1", "stone@b3", "stone@c1",
                   "stone@c2", "stone@c3", "marker@a3", "marker@b3", "marker@c3"}));
}

TEST(VocabPromotion, ChoicesAndOptional) {
  const std::string script = grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "last", to = { "queen", "rook" },
                          optional = option("promotion", { "mandatory", "optional" }) == "optional" } },
    piece { name = "queen", symbol = "Q" },
    piece { name = "rook", symbol = "R" },)",
                                       "regions = { last = { rank = 5 } },");
  auto mandatory = load("promo_mandatory", script);
  ASSERT_TRUE(mandatory);
  auto pos = board(mandatory, {{"a4", "pawn", 0}, {"c2", "pawn", 0}});
  EXPECT_EQ(legal(pos), (Moves{"a4-a5=queen", "a4-a5=rook", "c2-c3"}));
  auto optional = load("promo_optional", script, {{"promotion", "optional"}});
  ASSERT_TRUE(optional);
  auto opt = board(optional, {{"a4", "pawn", 0}});
  EXPECT_EQ(legal(opt), (Moves{"a4-a5=queen", "a4-a5=rook", "a4-a5"}));
  ASSERT_TRUE(play(opt, "a4-a5=rook"));
  EXPECT_EQ(opt.at(optional->topology.find("a5")), make_piece(optional->type_index("rook"), 0));
}

TEST(VocabPromotion, OnlyToATypeAlreadyLost) {
  const std::string script =
      grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "last", to = { "queen", "rook" }, only_lost = true } },
    piece { name = "queen", symbol = "Q" },
    piece { name = "rook", symbol = "R" },)",
                "regions = { last = { rank = 5 } },",
                "{ white = { pawn = \"a4\", queen = \"e1\", rook = \"d1\" } }");
  auto rules = load("promo_only_lost", script);
  ASSERT_TRUE(rules);
  // Nothing lost: the pawn arrives as a pawn.
  auto none = board(rules, {{"a4", "pawn", 0}, {"e1", "queen", 0}, {"d1", "rook", 0}});
  EXPECT_EQ(legal_from(none, "a4"), (Moves{"a4-a5"}));
  // The rook is gone: it may become a rook, and must.
  auto rook_lost = board(rules, {{"a4", "pawn", 0}, {"e1", "queen", 0}});
  EXPECT_EQ(legal_from(rook_lost, "a4"), (Moves{"a4-a5=rook"}));
  auto both_lost = board(rules, {{"a4", "pawn", 0}});
  EXPECT_EQ(legal_from(both_lost, "a4"), (Moves{"a4-a5=queen", "a4-a5=rook"}));
}

// none_lost = "illegal" (grand chess): on the last rank, where promotion is
// compulsory, a pawn may not arrive while its side has lost nothing it could
// become; on the rank before, where promotion is optional, it arrives as a pawn.
TEST(VocabPromotion, NoneLostMayForbidTheMove) {
  const std::string script = grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" },
                                                   step { dirs = "forward-diagonal", mode = "capture" } },
            promotion = { { zone = "last", to = { "queen" }, only_lost = true, none_lost = "illegal" },
                          { zone = "fourth", to = { "queen" }, only_lost = true, optional = true,
                            none_lost = "illegal" } } },
    piece { name = "queen", symbol = "Q" },)",
                                       "regions = { last = { rank = 5 }, fourth = { rank = 4 } },",
                                       "{ white = { pawn = \"a4\", queen = \"e1\" } }");
  auto rules = load("promo_none_lost", script);
  ASSERT_TRUE(rules);
  auto none =
      board(rules, {{"a4", "pawn", 0}, {"b5", "pawn", 1}, {"e1", "queen", 0}, {"c3", "pawn", 0}});
  EXPECT_EQ(legal_from(none, "a4"), (Moves{}));
  EXPECT_EQ(legal_from(none, "c3"), (Moves{"c3-c4"}));
  auto lost = board(rules, {{"a4", "pawn", 0}, {"b5", "pawn", 1}, {"c3", "pawn", 0}});
  EXPECT_EQ(legal_from(lost, "a4"), (Moves{"a4-a5=queen", "a4-b5=queen"}));
  EXPECT_EQ(legal_from(lost, "c3"), (Moves{"c3-c4=queen", "c3-c4"}));
  Error e = load_error("promo_none_lost_alone", grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } },
            promotion = { zone = "last", to = { "queen" }, none_lost = "illegal" } },
    piece { name = "queen", symbol = "Q" },)",
                                                          "regions = { last = { rank = 5 } },",
                                                          "{ white = { pawn = \"a4\" } }"));
  EXPECT_NE(e.what.find("promotion.none_lost is for only_lost = true"), std::string::npos)
      << e.what;
}

// gating (S-chess): a piece that starts on the home rank may, on its first
// move, bring a listed type of the hand in on the square it leaves; castling
// on the royal's square or the partner's. A piece that has moved, or that
// entered by gating, has no such right; nor has anyone once the hand is empty.
std::string gating_game(const std::string& gating) {
  return R"(return game {
  title = "gating",
  board = grid { width = 5, height = 3 },
  regions = { home = { rank = 1 } },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, track_moved = true,
            moves = { step { dirs = "all" }, castle { dir = "e", steps = 2, with = "rook" } } },
    piece { name = "rook", symbol = "R", track_moved = true, moves = { step { dirs = "orthogonal" } } },
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },
    piece { name = "ferz", symbol = "F", moves = { step { dirs = "diagonal" } } },
    piece { name = "man", symbol = "M", moves = { step { dirs = "forward" } } },
  },
  setup = { white = { wazir = "a1", king = "b1", rook = "e1" }, black = { king = "a3" } },
  hand = { white = { ferz = 1, man = 1 } },
  gating = )" +
         gating + R"(,
  ends = { no_moves = "draw" },
})";
}

TEST(VocabGating, FirstMovesMayBringAHandPieceIn) {
  auto rules = load("gating", gating_game(R"({ from = "home", pieces = { "ferz" } })"));
  ASSERT_TRUE(rules);
  Position pos(rules);
  // Black's king stands on its home rank, but black has nothing to gate.
  EXPECT_EQ(pos.flags(rules->topology.find("a1")) & kFlagGate, kFlagGate);
  EXPECT_EQ(pos.flags(rules->topology.find("a3")) & kFlagGate, 0);
  EXPECT_EQ(legal(pos), (Moves{"a1-a2", "a1-a2/ferz@a1", "b1-a2", "b1-a2/ferz@b1", "b1-b2",
                               "b1-b2/ferz@b1", "b1-c2", "b1-c2/ferz@b1", "b1-c1", "b1-c1/ferz@b1",
                               "b1-d1+e1-c1", "b1-d1+e1-c1/ferz@b1", "b1-d1+e1-c1/ferz@e1", "e1-e2",
                               "e1-e2/ferz@e1", "e1-d1", "e1-d1/ferz@e1"}));
  // The rook moves without gating: it has no right left; the king still has.
  ASSERT_TRUE(play(pos, "e1-e2"));
  ASSERT_TRUE(play(pos, "a3-b3"));
  EXPECT_EQ(legal_from(pos, "e2"), (Moves{"e2-e1", "e2-d2", "e2-e3"}));
  EXPECT_EQ(legal_from(pos, "b1").count("b1-c1/ferz@b1"), 1u);
  // The ferz comes in on a1: neither it nor the wazir has a right, and with
  // the hand's only ferz gone nobody has (the man is not listed).
  ASSERT_TRUE(play(pos, "a1-a2/ferz@a1"));
  EXPECT_EQ(pos.at(rules->topology.find("a1")), make_piece(rules->type_index("ferz"), 0));
  EXPECT_EQ(pos.hand(0, rules->type_index("ferz")), 0);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  ASSERT_TRUE(play(pos, "b3-c3"));
  for (const std::string& m : legal(pos)) EXPECT_EQ(m.find('/'), std::string::npos) << m;
}

TEST(VocabGating, CastlingFalseAndAnyTypeByDefault) {
  auto rules = load("gating_any", gating_game(R"({ from = "home", castling = false })"));
  ASSERT_TRUE(rules);
  Position pos(rules);
  EXPECT_EQ(legal_from(pos, "e1"), (Moves{"e1-e2", "e1-e2/ferz@e1", "e1-e2/man@e1", "e1-d1",
                                          "e1-d1/ferz@e1", "e1-d1/man@e1"}));
  EXPECT_EQ(legal_from(pos, "b1").count("b1-d1+e1-c1"), 1u);
  for (const std::string& m : legal_from(pos, "b1"))
    EXPECT_TRUE(m.rfind("b1-d1+", 0) != 0 || m == "b1-d1+e1-c1") << m;
}

// A move that gates and promotes at once keeps both in every text: UCI writes
// the promotion's letter, then the gated piece's (a1a2qh), and reads it back.
TEST(VocabGating, AMoveThatGatesAndPromotesKeepsBothInItsTexts) {
  auto rules = load("gating_promotion", R"(return game {
  title = "gating and promotion at once",
  board = grid { width = 2, height = 3 },
  regions = { home = { rank = 1 }, far = { rank = 2 } },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "runner", symbol = "R", moves = { step { dirs = "forward" } },
            promotion = { zone = "far", to = { "queen" } } },
    piece { name = "queen", symbol = "Q", moves = { slide { dirs = "all" } } },
    piece { name = "hawk", symbol = "H", moves = { step { dirs = "diagonal" } } },
  },
  setup = { white = { runner = "a1", king = "b1" }, black = { king = "b3" } },
  hand = { white = { hawk = 1 } },
  gating = { from = "home", pieces = { "hawk" } },
  ends = { no_moves = "draw" },
})");
  ASSERT_TRUE(rules);
  Position pos(rules);
  EXPECT_EQ(legal_from(pos, "a1"), (Moves{"a1-a2=queen", "a1-a2=queen/hawk@a1"}));
  MoveList moves;
  legal_moves(pos, moves);
  std::vector<std::string> ucis;
  for (const Move& m : moves)
    if (m.from == rules->topology.find("a1")) ucis.push_back(uci::uci_line(pos, {m}).at(0));
  std::sort(ucis.begin(), ucis.end());
  EXPECT_EQ(ucis, (std::vector<std::string>{"a1a2q", "a1a2qh"}));
  for (const std::string text : {"a1a2q", "a1a2qh"}) {
    auto turn = uci::parse_uci(pos, text);
    ASSERT_TRUE(turn) << text << ": " << turn.error().text();
    ASSERT_EQ(turn->steps.size(), 1u);
    EXPECT_EQ(uci::uci_line(pos, turn->steps).at(0), text);
  }
}

TEST(VocabGating, BadValuesAreLoadErrors) {
  struct Case {
    const char* gating;
    const char* what;
  };
  const std::vector<Case> cases = {
      {R"("home")", "gating must be a table { from = \"region\""},
      {R"({ pieces = { "ferz" } })", "gating.from is required"},
      {R"({ from = "nowhere" })", "gating.from: no region named 'nowhere' (regions: home)"},
      {R"({ from = "home", pieces = { "queen" } })", "no piece named 'queen'"},
      {R"({ from = "home", pieces = {} })", "gating.pieces is empty"},
      {R"({ from = "home", castle = false })",
       "unknown field 'castle' in gating (allowed: from, pieces, castling)"},
      {R"({ from = "home", castling = "yes" })", "castling"},
      {R"({ from = 3 })", "gating.from"},
  };
  int i = 0;
  for (const Case& c : cases) {
    const std::string name = "gating_bad" + std::to_string(i++);
    Error e = load_error(name, gating_game(c.gating));
    expect_located(e, name + ".lua:1", c.what);
  }
  // The once-per-game moves may leave no flag for the rights.
  std::string moves;
  for (int f = 1; f <= 7; ++f)
    moves += "step { dirs = \"n\", once = \"f" + std::to_string(f) + "\" }, ";
  std::string script = gating_game(R"({ from = "home" })");
  const std::string wazir = R"(moves = { step { dirs = "orthogonal" } } },)";
  script.replace(script.find(wazir), wazir.size(), "moves = { " + moves + "} },");
  Error e = load_error("gating_flags", script);
  expect_located(e, "gating_flags.lua:1", "gating needs a piece flag");
}

TEST(VocabCapture, CapturesAndCannotCaptureRestrictTargets) {
  auto r = load("restrict", grid_game(3, 3, R"(
    piece { name = "hunter", symbol = "H", moves = { step { dirs = "all" } }, captures = "prey" },
    piece { name = "prey", symbol = "P", moves = { step { dirs = "all" } } },
    piece { name = "guard", symbol = "G", moves = { step { dirs = "all" } },
            cannot_capture = "hunter" },)"));
  ASSERT_TRUE(r);
  auto hunter = board(r, {{"b2", "hunter", 0}, {"a1", "prey", 1}, {"c3", "guard", 1}});
  EXPECT_EQ(legal_from(hunter, "b2"),
            (Moves{"b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2"}));
  auto guard = board(r, {{"b2", "guard", 0}, {"a1", "hunter", 1}, {"c3", "prey", 1}});
  EXPECT_EQ(legal_from(guard, "b2"),
            (Moves{"b2-c3", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2"}));
}

TEST(VocabCapture, AlliesAreNeverCaptured) {
  auto r = load("allies", R"(return game {
  title = "allies",
  board = grid { width = 3, height = 1 },
  seats = { { name = "white", team = 1 }, { name = "black", team = 1, facing = "south" } },
  pieces = { piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } } },
  setup = { white = { rook = "a1" }, black = { rook = "b1" } },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(legal(pos), Moves{});
}

TEST(VocabOnce, OncePerGameMoveSetsItsFlagAndLabel) {
  auto r = load("once", grid_game(5, 5, R"(
    piece { name = "leaper", symbol = "L",
            moves = { step { dirs = "orthogonal", label = "walk" },
                      leap { offsets = { { 0, 2 } }, once = "jumped" } } },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "leaper", 0}, {"a5", "leaper", 1}});
  EXPECT_EQ(legal_from(pos, "c3"),
            (Moves{"c3-c4", "c3-c2", "c3-b3", "c3-d3", "c3-c5", "c3-c1", "c3-a3", "c3-e3"}));
  auto jump = find(pos, "c3-c5");
  ASSERT_TRUE(jump);
  EXPECT_EQ(r->rules[jump->rule].label, "jumped");
  auto stepm = find(pos, "c3-c4");
  ASSERT_TRUE(stepm);
  EXPECT_EQ(r->rules[stepm->rule].label, "walk");
  ASSERT_TRUE(play(pos, "c3-c5"));
  EXPECT_NE(pos.flags(r->topology.find("c5")), 0);
  ASSERT_TRUE(play(pos, "a5-a4"));
  EXPECT_EQ(legal_from(pos, "c5"), (Moves{"c5-c4", "c5-b5", "c5-d5"}));
  // The other leaper never jumped: it still may.
  pos.set_to_move(1);
  EXPECT_EQ(legal_from(pos, "a4"), (Moves{"a4-a5", "a4-a3", "a4-b4", "a4-a2", "a4-c4"}));
}

TEST(VocabAvoidAttack, FearfulPieceStaysOutOfReach) {
  auto r = load("avoid", grid_game(5, 5, R"(
    piece { name = "timid", symbol = "T", avoid_attack = true, moves = { step { dirs = "orthogonal" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "timid", 0}, {"a4", "rook", 1}});
  EXPECT_EQ(legal(pos), (Moves{"c3-c2", "c3-b3", "c3-d3"}));
}

TEST(VocabCastle, KingAndRookWhileBothUnmoved) {
  auto r = load("castle", grid_game(8, 2, R"(
    piece { name = "king", symbol = "K", royal = true, track_moved = true,
            moves = { step { dirs = "all" },
                      castle { dir = "e", steps = 2, with = "rook" },
                      castle { dir = "w", steps = 2, with = "rook" } } },
    piece { name = "rook", symbol = "R", track_moved = true, moves = { slide { dirs = "orthogonal" } } },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"e1", "king", 0}, {"a1", "rook", 0}, {"h1", "rook", 0}});
  EXPECT_EQ(legal_from(pos, "e1"),
            (Moves{"e1-d1", "e1-f1", "e1-d2", "e1-e2", "e1-f2", "e1-g1+h1-f1", "e1-c1+a1-d1"}));
  ASSERT_TRUE(play(pos, "e1-g1+h1-f1"));
  EXPECT_EQ(pos.at(r->topology.find("g1")), make_piece(r->type_index("king"), 0));
  EXPECT_EQ(pos.at(r->topology.find("f1")), make_piece(r->type_index("rook"), 0));
  EXPECT_EQ(pos.at(r->topology.find("h1")), kEmpty);
  // A rook that has moved no longer castles.
  auto moved = board(r, {{"e1", "king", 0}, {"a1", "rook", 0}, {"h1", "rook", 0}});
  moved.set_site(r->topology.find("h1"), make_piece(r->type_index("rook"), 0), kFlagMoved);
  EXPECT_EQ(legal_from(moved, "e1"),
            (Moves{"e1-d1", "e1-f1", "e1-d2", "e1-e2", "e1-f2", "e1-c1+a1-d1"}));
}

TEST(VocabEnPassant, DoubleStepCanBeTakenOnlyAtOnce) {
  auto r = load("ep", grid_game(5, 6, R"(
    piece { name = "pawn", symbol = "P",
            moves = { step { dirs = "forward", mode = "move" },
                      slide { dirs = "forward", min = 2, max = 2, mode = "move", from = "start", ep = "set" },
                      step { dirs = "forward-diagonal", mode = "capture", ep = "take" } } },)",
                                "regions = { start = { rank = 2 } },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"b2", "pawn", 0}, {"c4", "pawn", 1}, {"e5", "pawn", 1}});
  EXPECT_EQ(legal(pos), (Moves{"b2-b3", "b2-b4"}));
  ASSERT_TRUE(play(pos, "b2-b4"));
  EXPECT_EQ(legal_from(pos, "c4"), (Moves{"c4-c3", "c4-b3xb4"}));
  ASSERT_TRUE(play(pos, "c4-b3xb4"));
  EXPECT_EQ(pos.at(r->topology.find("b4")), kEmpty);
  EXPECT_EQ(pos.counter(1, kCaptured), 1);
  // Not a ply later.
  auto late =
      board(r, {{"b2", "pawn", 0}, {"a5", "pawn", 0}, {"c4", "pawn", 1}, {"e5", "pawn", 1}});
  ASSERT_TRUE(play(late, "b2-b4"));
  ASSERT_TRUE(play(late, "e5-e4"));
  ASSERT_TRUE(play(late, "b4-b5"));
  EXPECT_EQ(legal_from(late, "c4"), (Moves{"c4-c3"}));
}

TEST(VocabWalk, NoReverseForbidsSteppingStraightBack) {
  auto r = load("walk_no_reverse", grid_game(1, 5, R"(
    piece { name = "free", symbol = "F",
            moves = { walk { steps = 3, dirs = "orthogonal", revisit = true } } },
    piece { name = "onward", symbol = "O",
            moves = { walk { steps = 3, dirs = "orthogonal", revisit = true, no_reverse = true } } },)"));
  ASSERT_TRUE(r);
  auto free = board(r, {{"a1", "free", 0}});
  EXPECT_EQ(legal(free), (Moves{"a1-a2", "a1-a4"}));
  auto onward = board(r, {{"a1", "onward", 0}});
  EXPECT_EQ(legal(onward), (Moves{"a1-a4"}));
}

TEST(VocabGame, FirstSeatStakesAndCounters) {
  auto r = load("stakes", grid_game(3, 3, R"(
    piece { name = "man", symbol = "M", value = 3, moves = { step { dirs = "all" } } },)",
                                    R"(first = "black",
  stakes = true,
  counters = "moves",
  after = function(pos, move)
    local seat = pos:to_move() == "white" and "black" or "white"
    pos:set_counter(seat, "moves", pos:counter(seat, "moves") + 1)
  end,)",
                                    "{ white = { man = \"a1\" }, black = { man = \"c3\" } }"));
  ASSERT_TRUE(r);
  Position start(r);
  EXPECT_EQ(start.to_move(), 1);
  const int moves = static_cast<int>(
      std::find(r->seat_counter_names.begin(), r->seat_counter_names.end(), "moves") -
      r->seat_counter_names.begin());
  ASSERT_LT(moves, static_cast<int>(r->seat_counter_names.size()));
  auto pos = board(r, {{"a1", "man", 0}, {"b2", "man", 1}, {"c3", "man", 1}});
  ASSERT_TRUE(play(pos, "a1-b2"));
  EXPECT_EQ(pos.counter(0, kStakes), 3);
  EXPECT_EQ(pos.counter(0, kCaptured), 1);
  EXPECT_EQ(pos.counter(0, moves), 1);
  EXPECT_EQ(pos.counter(1, moves), 0);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
}

// ---- ends ----------------------------------------------------------------

TEST(VocabEnds, CaptureEndRulesByVictimAndCapturer) {
  auto r = load("capture_end", grid_game(3, 3, R"(
    piece { name = "chief", symbol = "C", moves = { step { dirs = "all" } } },
    piece { name = "soldier", symbol = "S", moves = { step { dirs = "all" } } },)",
                                         R"(ends = { captures = {
    { captured = "chief", by = "chief", result = "draw", reason = "chief takes chief" },
    { captured = "chief", result = "win" } } },)"));
  ASSERT_TRUE(r);
  auto by_chief = board(r, {{"a1", "chief", 0}, {"b2", "chief", 1}});
  EXPECT_FALSE(game_result(by_chief).over);
  ASSERT_TRUE(play(by_chief, "a1-b2"));
  Result draw = game_result(by_chief);
  EXPECT_TRUE(draw.is_draw());
  EXPECT_EQ(draw.reason, "chief takes chief");
  auto by_soldier = board(r, {{"a1", "soldier", 0}, {"c1", "chief", 0}, {"b2", "chief", 1}});
  ASSERT_TRUE(play(by_soldier, "a1-b2"));
  Result win = game_result(by_soldier);
  EXPECT_EQ(win.score(), "1-0");
  EXPECT_EQ(win.reason, "chief captured");
  EXPECT_EQ(legal(by_soldier), Moves{});
  // Capturing a soldier ends nothing.
  auto soldier = board(r, {{"a1", "chief", 0}, {"b2", "soldier", 1}, {"c3", "chief", 1}});
  ASSERT_TRUE(play(soldier, "a1-b2"));
  EXPECT_FALSE(game_result(soldier).over);
}

const char* kKingRook = R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";

TEST(VocabEnds, CheckCheckmateAndStalemate) {
  const std::string script = grid_game(5, 5, kKingRook,
                                       R"(ends = { check = true, checkmate = "loss",
            stalemate = option("stalemate", { "draw", "loss", "win" }) },)",
                                       "{ white = { king = \"a1\" }, black = { king = \"e5\" } }");
  auto r = load("check", script);
  ASSERT_TRUE(r);
  // Moving into check is illegal.
  auto check = board(r, {{"a1", "king", 0}, {"b5", "rook", 1}, {"e5", "king", 1}});
  EXPECT_EQ(legal(check), (Moves{"a1-a2"}));
  auto mate = board(r, {{"a5", "king", 1}, {"a3", "king", 0}, {"e5", "rook", 0}}, 1);
  EXPECT_TRUE(in_check(mate, 1));
  Result m = game_result(mate);
  EXPECT_EQ(m.score(), "1-0");
  EXPECT_EQ(m.reason, "checkmate");
  auto stalemate_result = [&](const std::string& value) {
    auto rr = load("stalemate_" + value, script, {{"stalemate", value}});
    EXPECT_TRUE(rr);
    if (!rr) return Result{};
    auto pos = board(rr, {{"a5", "king", 1}, {"a3", "king", 0}, {"b1", "rook", 0}}, 1);
    EXPECT_EQ(legal(pos), Moves{});
    EXPECT_FALSE(in_check(pos, 1));
    return game_result(pos);
  };
  EXPECT_EQ(stalemate_result("draw").score(), "1/2-1/2");
  EXPECT_EQ(stalemate_result("loss").score(), "1-0");
  EXPECT_EQ(stalemate_result("win").score(), "0-1");
  EXPECT_EQ(stalemate_result("win").reason, "stalemate");
}

TEST(VocabEnds, ExtinctionLosesWithTheLastPiece) {
  auto r = load("extinction", grid_game(3, 3, R"(
    piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } },)",
                                        "ends = { extinction = true },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "man", 0}, {"b2", "man", 1}});
  EXPECT_FALSE(game_result(pos).over);
  ASSERT_TRUE(play(pos, "a1-b2"));
  Result res = game_result(pos);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "no pieces left");
}

const char* kQuiet = R"(
    piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal", mode = "move" } } },
    piece { name = "post", symbol = "P" },)";

TEST(VocabEnds, MoveRuleCountsQuietPlies) {
  auto r = load("move_rule", grid_game(3, 3, kQuiet, "ends = { move_rule = 4 },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "man", 0}, {"c3", "man", 1}});
  for (const char* m : {"a1-a2", "c3-c2", "a2-a1"}) {
    ASSERT_TRUE(play(pos, m));
    EXPECT_FALSE(game_result(pos).over) << m;
  }
  ASSERT_TRUE(play(pos, "c2-c3"));
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "2-move rule");
}

TEST(VocabEnds, RepetitionDrawsOnTheThirdOccurrence) {
  auto r = load("repetition", grid_game(3, 3, kQuiet, "ends = { repetition = 3 },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "man", 0}, {"c3", "man", 1}});
  const char* cycle[] = {"a1-a2", "c3-c2", "a2-a1", "c2-c3"};
  for (int round = 0; round < 2; ++round)
    for (const char* m : cycle) {
      EXPECT_FALSE(game_result(pos).over) << round << " " << m;
      ASSERT_TRUE(play(pos, m));
    }
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "3-fold repetition");
}

TEST(VocabEnds, BlockedSidesPassAndPassesDraw) {
  auto r = load("passes", grid_game(1, 3, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } } },)",
                                    R"(ends = { no_moves = "pass", passes = 2 },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "pawn", 0}, {"a3", "pawn", 1}});
  ASSERT_TRUE(play(pos, "a1-a2"));
  EXPECT_EQ(legal(pos), (Moves{"pass"}));
  ASSERT_TRUE(play(pos, "pass"));
  EXPECT_FALSE(game_result(pos).over);
  EXPECT_EQ(legal(pos), (Moves{"pass"}));
  ASSERT_TRUE(play(pos, "pass"));
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "2 passes in a row");
}

TEST(VocabEnds, MaterialDrawAfterPliesWithoutResult) {
  auto r =
      load("material", grid_game(3, 3, kQuiet, "ends = { material = { pieces = 1, plies = 2 } },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "man", 0}, {"c3", "man", 1}});
  for (const char* m : {"a1-a2", "c3-c2"}) {
    ASSERT_TRUE(play(pos, m));
    EXPECT_FALSE(game_result(pos).over) << m;
  }
  ASSERT_TRUE(play(pos, "a2-a1"));
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_NE(res.reason.find("at most 1 pieces"), std::string::npos) << res.reason;
  // With two men a side the rule never starts counting.
  auto more = board(r, {{"a1", "man", 0}, {"b1", "man", 0}, {"c3", "man", 1}, {"b3", "man", 1}});
  for (const char* m : {"a1-a2", "c3-c2", "a2-a1", "c2-c3"}) ASSERT_TRUE(play(more, m));
  EXPECT_FALSE(game_result(more).over);
}

TEST(VocabEnds, CaptureTargetWins) {
  auto r = load("capture_target", grid_game(3, 3, R"(
    piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } },
    piece { name = "runner", symbol = "R", moves = { step { dirs = "orthogonal", mode = "move" } } },
    piece { name = "post", symbol = "P" },)",
                                            "ends = { capture_target = 2 },"));
  ASSERT_TRUE(r);
  auto pos =
      board(r, {{"a1", "man", 0}, {"a2", "post", 1}, {"a3", "post", 1}, {"c3", "runner", 1}});
  ASSERT_TRUE(play(pos, "a1-a2"));
  EXPECT_FALSE(game_result(pos).over);
  ASSERT_TRUE(play(pos, "c3-c2"));
  ASSERT_TRUE(play(pos, "a2-a3"));
  Result res = game_result(pos);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "captured 2 pieces");
}

// ---- boards, regions, seats ------------------------------------------------

TEST(VocabRegions, ByRankAndBySeat) {
  auto r = load("regions", grid_game(5, 5, R"(
    piece { name = "flyer", symbol = "F", moves = { anywhere { to = "far" } } },
    piece { name = "homer", symbol = "H", moves = { anywhere { to = "home" } } },
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", from = "start" } } },)",
                                     R"(regions = {
    far = { rank = 5 },
    start = { rank = 2 },
    home = { white = "a1 b1", black = "d5 e5" },
  },)"));
  ASSERT_TRUE(r);
  auto wf = board(r, {{"c3", "flyer", 0}});
  EXPECT_EQ(legal(wf), (Moves{"c3-a5", "c3-b5", "c3-c5", "c3-d5", "c3-e5"}));
  auto bf = board(r, {{"c3", "flyer", 1}}, 1);
  EXPECT_EQ(legal(bf), (Moves{"c3-a1", "c3-b1", "c3-c1", "c3-d1", "c3-e1"}));
  auto wh = board(r, {{"c3", "homer", 0}});
  EXPECT_EQ(legal(wh), (Moves{"c3-a1", "c3-b1"}));
  auto bh = board(r, {{"c3", "homer", 1}}, 1);
  EXPECT_EQ(legal(bh), (Moves{"c3-d5", "c3-e5"}));
  auto pawns = board(r, {{"c2", "pawn", 0}, {"d3", "pawn", 0}, {"b4", "pawn", 1}}, 0);
  EXPECT_EQ(legal(pawns), (Moves{"c2-c3"}));
  pawns.set_to_move(1);
  EXPECT_EQ(legal(pawns), (Moves{"b4-b3"}));
}

TEST(VocabPoints, LinkedPointsAndDirectionsForFourSeats) {
  auto r = load("points", R"(return game {
  title = "plus",
  board = points {
    points = { { "c", 1, 1 }, { "n", 1, 2 }, { "e", 2, 1 }, { "s", 1, 0 }, { "w", 0, 1 } },
    links = { { "c", "n" }, { "c", "e" }, { "c", "s" }, { "c", "w" } },
  },
  seats = {
    { name = "south", facing = "north" }, { name = "west", facing = "east" },
    { name = "north", facing = "south" }, { name = "east", facing = "west" },
  },
  pieces = {
    piece { name = "arrow", symbol = "A", moves = { step { dirs = "forward" } } },
    piece { name = "lefty", symbol = "L", moves = { step { dirs = "left" } } },
  },
  setup = { south = { arrow = "c" } },
})");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->topology.size(), 5);
  const char* forward[] = {"c-n", "c-e", "c-s", "c-w"};
  const char* left[] = {"c-w", "c-n", "c-e", "c-s"};
  for (int seat = 0; seat < 4; ++seat) {
    auto a = board(r, {{"c", "arrow", seat}}, seat);
    EXPECT_EQ(legal(a), (Moves{forward[seat]})) << "seat " << seat;
    auto l = board(r, {{"c", "lefty", seat}}, seat);
    EXPECT_EQ(legal(l), (Moves{left[seat]})) << "seat " << seat;
  }
  // Only linked points are neighbours: n and e are not adjacent.
  auto corner = board(r, {{"n", "arrow", 1}}, 1);
  EXPECT_EQ(legal(corner), Moves{});
}

const char* kFourSeats = R"(return game {
  title = "four",
  board = grid { width = 5, height = 5 },
  seats = {
    { name = "south", team = 1, facing = "north" }, { name = "north", team = 1, facing = "south" },
    { name = "west", team = 2, facing = "east" }, { name = "east", team = 2, facing = "west" },
  },
  turn_order = "south west north east",
  pieces = { piece { name = "king", symbol = "K", moves = { step { dirs = "all" } } } },
  setup = { south = { king = "c1" }, north = { king = "c5" }, west = { king = "a3" },
            east = { king = "e3" } },
  ends = { captures = { { captured = "king", result = "win", reason = "king taken" } } },
})";

TEST(VocabSeats, FourSeatsInTwoTeams) {
  auto r = load("four", kFourSeats);
  ASSERT_TRUE(r);
  Position pos(r);
  auto seat = [&] { return r->seats[pos.to_move()].name; };
  EXPECT_EQ(seat(), "south");
  ASSERT_TRUE(play(pos, "c1-c2"));
  EXPECT_EQ(seat(), "west");
  ASSERT_TRUE(play(pos, "a3-a4"));
  EXPECT_EQ(seat(), "north");
  ASSERT_TRUE(play(pos, "c5-c4"));
  EXPECT_EQ(seat(), "east");
  ASSERT_TRUE(play(pos, "e3-e4"));
  EXPECT_EQ(seat(), "south");
  // South may not take its partner's king on b2, only the enemy's on a2.
  auto pos2 =
      board(r, {{"a1", "king", 0}, {"b2", "king", 1}, {"a2", "king", 3}, {"e5", "king", 2}});
  EXPECT_EQ(legal(pos2), (Moves{"a1-a2", "a1-b1"}));
  ASSERT_TRUE(play(pos2, "a1-a2"));
  Result res = game_result(pos2);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.reason, "king taken");
  EXPECT_EQ(res.outcome[0], Outcome::kWin);   // south
  EXPECT_EQ(res.outcome[1], Outcome::kWin);   // north, its partner
  EXPECT_EQ(res.outcome[2], Outcome::kLoss);  // west
  EXPECT_EQ(res.outcome[3], Outcome::kLoss);  // east
}

TEST(VocabDice, RollIsAChanceStepAndOnlyRolledTypesMove) {
  auto r = load("dice", grid_game(5, 5, R"(
    piece { name = "low", symbol = "L", roll = { 1, 2, 3 }, moves = { step { dirs = "orthogonal" } } },
    piece { name = "high", symbol = "H", roll = { 4, 5, 6 }, moves = { step { dirs = "diagonal" } } },)",
                                  "dice = { 1, 2, 3, 4, 5, 6 },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "low", 0}, {"c3", "high", 0}, {"e5", "low", 1}});
  EXPECT_TRUE(pos.awaiting_roll());
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 6);
  for (const Move& m : ml) EXPECT_EQ(m.kind, MoveKind::kChance);
  EXPECT_EQ(legal(pos), (Moves{"roll1", "roll2", "roll3", "roll4", "roll5", "roll6"}));
  Undo u;
  ASSERT_TRUE(play(pos, "roll2"));
  EXPECT_FALSE(pos.awaiting_roll());
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_EQ(legal(pos), (Moves{"a1-a2", "a1-b1"}));
  auto high = board(r, {{"a1", "low", 0}, {"c3", "high", 0}, {"e5", "low", 1}});
  ASSERT_TRUE(play(high, "roll5"));
  EXPECT_EQ(legal(high), (Moves{"c3-b2", "c3-b4", "c3-d2", "c3-d4"}));
  ASSERT_TRUE(play(high, "c3-d4"));
  EXPECT_TRUE(high.awaiting_roll());
  EXPECT_EQ(high.to_move(), 1);
}

// ---- extends and options ---------------------------------------------------

const char* kBase = R"(local size = option("size", { "small", "big" }, "small")
local w = size == "big" and 7 or 5
return game {
  title = "base",
  board = grid { width = w, height = w },
  pieces = {
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },
    piece { name = "spare", symbol = "S", moves = { step { dirs = "all" } } },
  },
  setup = { white = { wazir = "a1" } },
}
)";

TEST(VocabExtends, OverridesOnePieceAndKeepsTheRest) {
  std::string base = write_script("base", kBase);
  auto r = load("derived", "return extends(\"" + base + R"LUA(", {
  title = "derived",
  pieces = {
    piece { name = "wazir", moves = { step { dirs = "diagonal" } } },
    piece { name = "spare", remove = true },
  },
}))LUA");
  ASSERT_TRUE(r);
  EXPECT_EQ(presentation_of(*r).title, "derived");
  EXPECT_EQ(r->topology.width(), 5);
  EXPECT_EQ(r->type_index("spare"), -1);
  ASSERT_GE(r->type_index("wazir"), 0);
  EXPECT_EQ(r->types[r->type_index("wazir")].letter, "W");
  auto pos = board(r, {{"c3", "wazir", 0}});
  EXPECT_EQ(legal(pos), (Moves{"c3-b2", "c3-b4", "c3-d2", "c3-d4"}));
  // Options pass through to the extended script.
  auto big = script::load_rules(script_dir() / "derived.lua", {{"size", "big"}});
  ASSERT_TRUE(big) << big.error().text();
  EXPECT_EQ((*big)->topology.width(), 7);
}

TEST(VocabOption, ValuesAreCheckedAndNamesMustBeDeclared) {
  std::string base = write_script("opt", kBase);
  auto big = script::load_rules(base, {{"size", "big"}});
  ASSERT_TRUE(big) << big.error().text();
  EXPECT_EQ((*big)->topology.width(), 7);
  ASSERT_EQ((*big)->declared_options.size(), 1u);
  EXPECT_EQ((*big)->options, (std::vector<std::pair<std::string, std::string>>{{"size", "big"}}));
  auto bad = script::load_rules(base, {{"size", "huge"}});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().text().find("opt.lua:1"), std::string::npos) << bad.error().text();
  EXPECT_NE(bad.error().text().find("small, big"), std::string::npos) << bad.error().text();
  auto unknown = script::load_rules(base, {{"colour", "red"}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().text().find("unknown option 'colour'"), std::string::npos)
      << unknown.error().text();
  EXPECT_NE(unknown.error().text().find("size"), std::string::npos) << unknown.error().text();
}

// ---- hooks -------------------------------------------------------------------

std::string hook_game(const std::string& hook) {
  return grid_game(3, 3, R"(
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },)",
                   hook);
}

TEST(VocabHooks, FilterRemovesMoves) {
  auto r = load("filter", hook_game("filter = function(pos, move) return move.to ~= \"b1\" end,"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "wazir", 0}, {"c3", "wazir", 1}});
  EXPECT_EQ(legal(pos), (Moves{"a1-a2"}));
  EXPECT_FALSE(script::hook_error(*r));
}

TEST(VocabHooks, AfterChangesThePosition) {
  auto r = load("after", hook_game(R"(after = function(pos, move)
    if move.to == "b1" then pos:remove("c3") end
  end,)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "wazir", 0}, {"c3", "wazir", 1}});
  Position start = pos;
  auto m = find(pos, "a1-b1");
  ASSERT_TRUE(m);
  Undo u;
  pos.make(*m, u);
  EXPECT_EQ(pos.at(r->topology.find("c3")), kEmpty);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  pos.unmake(*m, u);
  EXPECT_TRUE(pos == start);
  EXPECT_FALSE(script::hook_error(*r));
}

TEST(VocabHooks, GenerateAddsMoves) {
  auto r = load("generate", hook_game(R"(generate = function(pos)
    if pos:to_move() == "white" and pos:at("a1") then return { { from = "a1", to = "c3" } } end
    return {}
  end,)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "wazir", 0}, {"c3", "wazir", 1}});
  EXPECT_EQ(legal(pos), (Moves{"a1-a2", "a1-b1", "a1-c3"}));
  ASSERT_TRUE(play(pos, "a1-c3"));
  EXPECT_EQ(pos.pieces(1), 0);
  EXPECT_FALSE(script::hook_error(*r));
}

TEST(VocabHooks, EndCheckDecidesTheGame) {
  auto r = load("end_check", hook_game(R"(end_check = function(pos)
    local piece, seat = pos:at("c3")
    if piece == "wazir" and seat == "white" then return { winner = "white", reason = "reached c3" } end
  end,)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"b3", "wazir", 0}, {"a1", "wazir", 1}});
  EXPECT_FALSE(game_result(pos).over);
  ASSERT_TRUE(play(pos, "b3-c3"));
  Result res = game_result(pos);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "reached c3");
  EXPECT_EQ(legal(pos), Moves{});
}

// ---- bad scripts -----------------------------------------------------------

TEST(VocabErrors, SyntaxError) {
  Error e = load_error("bad_syntax", R"(return game {
  title = "x",
  board = grid { width = 3 height = 3 },
}
)");
  expect_located(e, "bad_syntax.lua:3", "'}' expected");
}

TEST(VocabErrors, UnknownField) {
  Error e = load_error("bad_field", R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = {
    piece { name = "a", symbol = "A", speed = 3 },
  },
  setup = { white = { a = "a1" } },
}
)");
  expect_located(e, "bad_field.lua:4", "unknown field 'speed' in piece");
}

TEST(VocabErrors, WrongType) {
  Error e = load_error("bad_type", R"(return game {
  board = grid { width = "three", height = 3 },
  pieces = { piece { name = "a", symbol = "A" } },
  setup = { white = { a = "a1" } },
}
)");
  expect_located(e, "bad_type.lua:2", "width must be a whole number");
}

TEST(VocabErrors, UnknownPieceInSetup) {
  Error e = load_error("bad_setup", R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "a", symbol = "A" } },
  setup = { white = { dragon = "a1" } },
}
)");
  // The setup table is a plain table with no line of its own; the error names
  // the game's line and says it comes from the setup.
  expect_located(e, "bad_setup.lua:1", "setup: no piece named 'dragon'");
}

TEST(VocabErrors, NumbersOutOfRangeAndOverlongWalks) {
  Error huge = load_error("bad_huge", R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "a", symbol = "A",
                     moves = { walk { steps = 1e9, dirs = "all" } } } },
  setup = { white = { a = "a1" } },
}
)");
  expect_located(huge, "bad_huge.lua:4", "steps is out of range");
  Error longer = load_error("bad_long", R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "a", symbol = "A",
                     moves = { walk { steps = 13, dirs = "all" } } } },
  setup = { white = { a = "a1" } },
}
)");
  expect_located(longer, "bad_long.lua:4", "at most 12 steps");
}

TEST(VocabErrors, MissingSetup) {
  Error e = load_error("no_setup", R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "a", symbol = "A" } },
}
)");
  expect_located(e, "no_setup.lua:1", "no setup");
}

TEST(VocabErrors, EndlessLoopAtLoadTime) {
  Error e = load_error("loop_load", R"(local n = 0
while true do n = n + 1 end
return game { }
)");
  expect_located(e, "loop_load.lua:2", "instruction budget");
}

TEST(VocabErrors, PointBoardsThatCannotBeIndexedAreRefused) {
  const std::string game = R"(return game {
  title = "points",
  board = points { points = { { "a", 0, 0 }, { "b", 1, 0 }, { "c", X, Y } },
                   links = { { "a", "b" }, LINK } },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } } },
  setup = { white = { man = "a" } },
}
)";
  auto with = [&](const std::string& x, const std::string& y, const std::string& link) {
    std::string s = game;
    s.replace(s.find("X"), 1, x);
    s.replace(s.find("Y"), 1, y);
    s.replace(s.find("LINK"), 4, link);
    return s;
  };
  ASSERT_TRUE(load("points_ok", with("2", "0", "{ \"b\", \"c\" }")));
  expect_located(load_error("points_self", with("2", "0", "{ \"c\", \"c\" }")), "points_self.lua:3",
                 "point 'c' is linked to itself");
  expect_located(load_error("points_same", with("1", "0", "{ \"b\", \"c\" }")), "points_same.lua:3",
                 "have the same coordinates");
  expect_located(load_error("points_far", with("50000", "50000", "{ \"b\", \"c\" }")),
                 "points_far.lua:3", "coordinates span 50001 x 50001");
}

TEST(VocabErrors, ConstructorTagsThatAreNotStringsAreRefused) {
  for (const char* value : {"{}", "true", "function() end"}) {
    std::string text = std::string(R"(local p = piece { name = "man", symbol = "M" }
p.__kind = )") + value +
                       R"(
return game { title = "t", board = grid { width = 2, height = 2 }, pieces = { p },
              setup = { white = { man = "a1" } } }
)";
    Error e = load_error("bad_kind", text);
    EXPECT_NE(e.text().find("bad_kind.lua"), std::string::npos) << e.text();
    EXPECT_NE(e.what.find("__kind is a"), std::string::npos) << e.text();
  }
}

TEST(VocabErrors, AnOptionDeclaredTwiceWithOtherValuesIsAnError) {
  const std::string tail = R"(
return game { title = "t", board = grid { width = 2, height = 2 },
              pieces = { piece { name = "man", symbol = "M" } }, setup = { white = { man = "a1" } } }
)";
  Error e =
      load_error("option_twice",
                 "option(\"size\", { \"small\", \"big\" })\noption(\"size\", { \"big\" })" + tail);
  EXPECT_NE(e.text().find("option_twice.lua:2"), std::string::npos) << e.text();
  EXPECT_NE(e.what.find("declared twice"), std::string::npos) << e.text();
  // The same declaration again (a base script loaded by extends) is fine.
  EXPECT_TRUE(load("option_again",
                   "option(\"size\", { \"small\", \"big\" })\n"
                   "option(\"size\", { \"small\", \"big\" })" +
                       tail));
}

TEST(VocabErrors, EndlessLoopInHook) {
  auto r = load("loop_hook", hook_game(R"(filter = function(pos, move)
    while true do end
  end,)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "wazir", 0}, {"c3", "wazir", 1}});
  MoveList ml;
  std::optional<Error> thrown;
  try {
    legal_moves(pos, ml);
  } catch (const RuleError& e) {
    thrown = e.error();
  }
  ASSERT_TRUE(thrown) << "the game went on after the hook failed";
  expect_located(*thrown, "loop_hook.lua:", "instruction budget");
  // The hook's line: the script's header takes 9 lines before the hook.
  EXPECT_NE(thrown->text().find("loop_hook.lua:10"), std::string::npos) << thrown->text();
  auto err = script::hook_error(*r);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->text(), thrown->text());
}

TEST(VocabUnlessAttacked, TheMoveIsOpenOnlyWhileThePieceIsNotAttacked) {
  auto r = load("unless_attacked", grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", moves = {
      step { dirs = "orthogonal" },
      leap { offsets = { { 2, 0 } }, mode = "move", unless_attacked = true } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)"));
  ASSERT_TRUE(r);
  auto safe = board(r, {{"c3", "king", 0}, {"e5", "rook", 1}});
  EXPECT_EQ(legal_from(safe, "c3"),
            (Moves{"c3-c4", "c3-d3", "c3-c2", "c3-b3", "c3-a3", "c3-e3", "c3-c5", "c3-c1"}));
  // The rook on e3 attacks c3 along the rank: only the steps remain.
  auto attacked = board(r, {{"c3", "king", 0}, {"e3", "rook", 1}});
  EXPECT_EQ(legal_from(attacked, "c3"), (Moves{"c3-c4", "c3-d3", "c3-c2", "c3-b3"}));
}

TEST(VocabUnlessAttacked, NeedsAPlainMove) {
  Error e = load_error("unless_attacked_capture", grid_game(5, 5, R"(
    piece { name = "king", symbol = "K",
            moves = { leap { offsets = { { 2, 0 } }, unless_attacked = true } } },)"));
  expect_located(e, "unless_attacked_capture.lua:7", "unless_attacked needs mode = \"move\"");
}

TEST(VocabPromotion, ToTheTypeThatStartedOnTheSquare) {
  auto r = load("promote_start",
                grid_game(3, 3, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } },
            promotion = { zone = "top", to = "start", only_lost = true } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "knight", symbol = "N", moves = { leap { offsets = { { 1, 2 } } } } },)",
                          R"(  regions = { top = { rank = 3 } },)",
                          R"({ white = { pawn = "a2 b2 c2", rook = "a1", knight = "b1" },
             black = { rook = "a3", knight = "b3" } })"));
  ASSERT_TRUE(r);
  // White still has its rook but lost its knight: on b3 (a knight's square) the
  // pawn becomes a knight; on a3 (a rook's) and c3 (nobody's) it stays a pawn.
  auto pos = board(r, {{"a2", "pawn", 0}, {"b2", "pawn", 0}, {"c2", "pawn", 0}, {"a1", "rook", 0}});
  EXPECT_EQ(legal_from(pos, "a2"), (Moves{"a2-a3"}));
  EXPECT_EQ(legal_from(pos, "b2"), (Moves{"b2-b3=knight"}));
  EXPECT_EQ(legal_from(pos, "c2"), (Moves{"c2-c3"}));
}

// ---- arrivals: command of an ally's army, a completed square ---------------

// Four seats in two teams on a 4x4 board, with the given pieces and more fields.
std::string teams_game(const std::string& pieces, const std::string& setup,
                       const std::string& more = "") {
  return "return game {\n  title = \"t\",\n  board = grid { width = 4, height = 4 },\n"
         "  seats = { { name = \"a\", team = 1 }, { name = \"b\", team = 2 },\n"
         "            { name = \"c\", team = 1 }, { name = \"d\", team = 2 } },\n"
         "  pieces = {\n" +
         pieces + "\n  },\n  setup = " + setup + ",\n" + more + "\n}\n";
}

TEST(VocabTakesCommand, ArrivingOnAnAllysStartSquareCommandsItsArmy) {
  auto r = load("takes_command", teams_game(R"(
    piece { name = "king", symbol = "K", takes_command = "ally-start",
            moves = { step { dirs = "orthogonal" } } },)",
                                            R"({ a = { king = "a1" }, b = { king = "d1" },
             c = { king = "b2" }, d = { king = "d4" } })"));
  ASSERT_TRUE(r);
  Position pos(r);
  // a's king steps onto c's start square (b2 is where c's king started; c's king
  // has gone to b3 here): a commands c.
  pos = board(r, {{"b1", "king", 0}, {"d1", "king", 1}, {"b3", "king", 2}, {"d4", "king", 3}});
  ASSERT_TRUE(play(pos, "b1-b2"));
  EXPECT_EQ(pos.controller(2), 0);
  EXPECT_EQ(pos.controller(1), 1) << "b is an enemy: nothing";
  ASSERT_TRUE(play(pos, "d1-c1"));
  EXPECT_EQ(pos.to_move(), 2);
  EXPECT_EQ(pos.decider(), 0);
  // An enemy's start square (b's d1) commands nothing.
  Position enemy =
      board(r, {{"c1", "king", 0}, {"d2", "king", 1}, {"b3", "king", 2}, {"d4", "king", 3}});
  ASSERT_TRUE(play(enemy, "c1-d1"));
  EXPECT_EQ(enemy.controller(1), 1);
  EXPECT_EQ(enemy.hash(), enemy.compute_hash());
}

TEST(VocabSquare, CompletingASquareTakesEnemiesAndWinsAllies) {
  auto r = load("square", teams_game(R"(
    piece { name = "stone", symbol = "S", moves = { step { dirs = "orthogonal", mode = "move" } },
            square = { size = 2, enemies = "capture", allies = "take" } },
    piece { name = "king", symbol = "K", moves = { step { dirs = "orthogonal" } } },)",
                                     R"({ a = { king = "a1" }, b = { king = "d1" },
             c = { king = "a4" }, d = { king = "d4" } })"));
  ASSERT_TRUE(r);
  // a's stone steps b1-b2 into the square b2 c2 b3 c3 of stones of c (ally) on c2,
  // b (enemy) on b3 and d (enemy) on c3: b's and d's are taken, c's becomes a's.
  Position pos = board(r, {{"b1", "stone", 0},
                           {"c2", "stone", 2},
                           {"b3", "stone", 1},
                           {"c3", "stone", 3},
                           {"a1", "king", 0},
                           {"d1", "king", 1},
                           {"a4", "king", 2},
                           {"d4", "king", 3}});
  ASSERT_TRUE(play(pos, "b1-b2"));
  const Topology& t = r->topology;
  const TypeId stone = r->type_index("stone");
  EXPECT_EQ(pos.at(t.find("b2")), make_piece(stone, 0));
  EXPECT_EQ(pos.at(t.find("c2")), make_piece(stone, 0));
  EXPECT_EQ(pos.at(t.find("b3")), kEmpty);
  EXPECT_EQ(pos.at(t.find("c3")), kEmpty);
  EXPECT_EQ(pos.counter(0, kCaptured), 2);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  // A king in the square in place of a stone: no square, nothing happens.
  Position king = board(r, {{"b1", "stone", 0},
                            {"c2", "stone", 2},
                            {"b3", "stone", 1},
                            {"c3", "king", 3},
                            {"a1", "king", 0},
                            {"d1", "king", 1},
                            {"a4", "king", 2}});
  ASSERT_TRUE(play(king, "b1-b2"));
  EXPECT_EQ(king.at(t.find("b3")), make_piece(stone, 1));
  EXPECT_EQ(king.at(t.find("c2")), make_piece(stone, 2));
}

TEST(VocabSquare, BadFieldsAreErrors) {
  const std::string pieces = R"(
    piece { name = "stone", symbol = "S", moves = { step { dirs = "orthogonal" } },
            square = SQUARE },)";
  auto with = [&](const std::string& sq) {
    std::string p = pieces;
    p.replace(p.find("SQUARE"), 6, sq);
    return grid_game(3, 3, p);
  };
  expect_located(load_error("square_field", with("{ size = 2, corner = 1 }")), "square_field.lua:6",
                 "unknown field 'corner' in square");
  expect_located(load_error("square_nothing", with("{ size = 2 }")), "square_nothing.lua:6",
                 "square = ... does nothing");
  expect_located(load_error("square_value", with("{ enemies = \"eat\" }")), "square_value.lua:6",
                 "square.enemies must be \"capture\" or \"stay\"");
  expect_located(load_error("command_value", grid_game(3, 3, R"(
    piece { name = "king", symbol = "K", takes_command = "enemy-start",
            moves = { step { dirs = "orthogonal" } } },)")),
                 "command_value.lua:6", "takes_command must be \"ally-start\"");
}

// ---- actions: offers in place of a move ------------------------------------

const char* kExchange = R"(
    piece { name = "king", symbol = "K", moves = { step { dirs = "orthogonal" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";
const char* kExchangeSetup = R"({ a = { king = "a1" }, b = { king = "d1" },
             c = { king = "a4", rook = "b4" }, d = { king = "d4" } })";
const char* kExchangeRules =
    R"(  stages = { stage { name = "offer", who = "next-enemy", choose = "answer",
                      answers = { "yes", "no" }, effects = { yes = { restore = "king" } } } },
  actions = { action { name = "swap", stage = "offer",
                       when = "team_pieces:king == 1 and enemy_pieces:king == 1" } },
  ends = { captures = { { captured = "king", result = "freeze" } } },)";

TEST(VocabActions, AnActionIsOpenWhileItsConditionHoldsAndItsAnswerTakesEffect) {
  auto r = load("actions", teams_game(kExchange, kExchangeSetup, kExchangeRules));
  ASSERT_TRUE(r);
  // All four kings: no action.
  Position full(r);
  EXPECT_EQ(legal(full).count("action:swap"), 0u);
  EXPECT_EQ(legal(full).size(), 2u);
  // a and b have lost their kings: c (to move) may offer, d answers.
  Position pos = board(r, {{"a4", "king", 2}, {"d4", "king", 3}, {"a1", "rook", 2}}, 2);
  pos.set_seat_state(0, SeatState::kFrozen, -1);
  pos.set_seat_state(1, SeatState::kFrozen, -1);
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_GT(ml.size(), 0);
  const Move offer = ml[ml.size() - 1];
  ASSERT_EQ(offer.kind, MoveKind::kAction);
  EXPECT_EQ(legal(pos),
            (Moves{"a4-a3", "a4-b4", "a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-d1", "action:swap"}));
  Undo u1;
  pos.make(offer, u1);
  EXPECT_EQ(pos.to_move(), 3);
  EXPECT_EQ(legal(pos), (Moves{"answer0", "answer1"}));
  MoveList answers;
  legal_moves(pos, answers);
  ASSERT_EQ(answers.size(), 2);
  EXPECT_EQ(answers[0].kind, MoveKind::kAnswer);
  Undo u2;
  pos.make(answers[0], u2);  // yes
  // a's king comes back on a1 (its start square, now empty of it? the rook stands
  // there): the nearest empty site, a2, the first neighbour north; b's on d1.
  const TypeId king = r->type_index("king");
  EXPECT_EQ(pos.at(r->topology.find("a2")), make_piece(king, 0));
  EXPECT_EQ(pos.at(r->topology.find("d1")), make_piece(king, 1));
  EXPECT_EQ(pos.seat_state(0), SeatState::kActive);
  EXPECT_EQ(pos.seat_state(1), SeatState::kActive);
  EXPECT_EQ(pos.to_move(), 3) << "play goes on after c, the seat that offered";
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  pos.unmake(answers[0], u2);
  pos.unmake(offer, u1);
  EXPECT_EQ(pos.seat_state(0), SeatState::kFrozen);
  EXPECT_EQ(pos.at(r->topology.find("a2")), kEmpty);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
}

TEST(VocabMoney, BadMoneyIsAnError) {
  auto game = [](const std::string& more) {
    return grid_game(3, 3, R"(
    piece { name = "king", symbol = "K", moves = { step { dirs = "orthogonal" } } },)",
                     more);
  };
  expect_located(load_error("money_amount", game(R"(  money = { ante = 5, payments = {
    { on = "capture", piece = "king" } } },)")),
                 "money_amount.lua:1", "a payment needs amount = N");
  expect_located(load_error("money_piece", game(R"(  money = { payments = {
    { on = "win-commanding", piece = "king", amount = 2 } } },)")),
                 "money_piece.lua:1", "a payment on win-commanding names no piece");
  expect_located(load_error("money_on", game(R"(  money = { payments = {
    { on = "mate", amount = 2 } } },)")),
                 "money_on.lua:1", "a payment needs on = \"capture\"");
  expect_located(load_error("money_stakes", game(R"(  stakes = true, money = { ante = 1 },)")),
                 "money_stakes.lua:1", "money and stakes = ... are two ledgers");
  expect_located(load_error("money_field", game(R"(  money = { ante = 1, bank = 3 },)")),
                 "money_field.lua:1", "unknown field 'bank' in money");
}

TEST(VocabActions, WithSeveralDiceAnActionTakesTheRestOfTheTurn) {
  auto r = load("actions_dice", R"(return game {
  title = "t",
  board = grid { width = 3, height = 3 },
  dice = { faces = { 1, 2 }, count = 2 },
  pieces = { piece { name = "man", symbol = "M", roll = { 1 },
                     moves = { step { dirs = "n", mode = "move" } } } },
  setup = { white = { man = "a1 c1" }, black = { man = "a3" } },
  stages = { stage { name = "answer", who = "next-enemy", choose = "answer",
                     answers = { "yes", "no" } } },
  actions = { action { name = "offer", stage = "answer", when = "pieces == 2" } },
  ends = { no_moves = "pass", passes = 4 },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  ASSERT_TRUE(play(pos, "roll" + std::to_string(2 | 1 << 5)));  // a 2 and a 1
  // Two dice to use: each man's step, and the offer.
  EXPECT_EQ(legal(pos), (Moves{"a1-a2", "c1-c2", "action:offer"}));
  ASSERT_TRUE(play(pos, "a1-a2"));
  ASSERT_TRUE(pos.in_turn());
  EXPECT_EQ(legal(pos).count("action:offer"), 1u) << "in place of the die left";
  ASSERT_TRUE(play(pos, "action:offer"));
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.roll(), 0) << "the offer took the die left";
  EXPECT_EQ(legal(pos), (Moves{"answer0", "answer1"}));
}

TEST(VocabActions, BadActionsAreErrors) {
  const std::string bad_stage =
      R"(  stages = { stage { name = "offer", who = "next-enemy", choose = "answer",
                      answers = { "yes", "no" } } },
  actions = { action { name = "swap", stage = "offr" } },)";
  expect_located(load_error("action_stage", teams_game(kExchange, kExchangeSetup, bad_stage)),
                 "action_stage.lua:15", "action needs stage = the name of a declared stage");
  const std::string bad_effect =
      R"(  stages = { stage { name = "offer", who = "next-enemy", choose = "answer",
                      answers = { "yes", "no" }, effects = { maybe = { restore = "king" } } } },)";
  expect_located(load_error("action_effect", teams_game(kExchange, kExchangeSetup, bad_effect)),
                 "action_effect.lua:13", "effects names 'maybe', which is not one of the answers");
  const std::string bad_type =
      R"(  stages = { stage { name = "offer", choose = "answer", answers = { "yes" } } },
  actions = { action { name = "swap", stage = "offer", when = "enemy_pieces:queen == 1" } },)";
  expect_located(load_error("action_type", teams_game(kExchange, kExchangeSetup, bad_type)),
                 "action_type.lua:14", "no piece named 'queen'");
  const std::string bad_quantity =
      R"(  stages = { stage { name = "offer", choose = "answer", answers = { "yes" } } },
  actions = { action { name = "swap", stage = "offer", when = "hand:king == 1" } },)";
  expect_located(load_error("action_quantity", teams_game(kExchange, kExchangeSetup, bad_quantity)),
                 "action_quantity.lua:14",
                 "only pieces, team_pieces and enemy_pieces count one type");
}

// ---- a royal that starts in hand ----------------------------------------

// A king that starts in hand (a placement game) may be checked: until it is
// placed nothing is checked, and once placed it may not be dropped or left
// where it is attacked.
TEST(VocabRoyalInHand, CheckAppliesOnceThePieceIsPlaced) {
  auto r = load("royal_in_hand", R"(return game {
  title = "royal in hand",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } }, drop = true },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },
  },
  setup = { white = { wazir = "b1" }, black = { king = "a4", rook = "c4" } },
  hand = { white = { king = 1 } },
  ends = { check = true },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_FALSE(check_position_sense(pos)) << check_position_sense(pos)->text();
  EXPECT_FALSE(decided_result(pos));
  // Not on the c file nor next to the black king (a3, b3, b4), nor on d4.
  EXPECT_EQ(legal(pos), (Moves{"king@a1", "king@a2", "king@b2", "king@d1", "king@d2", "king@d3",
                               "b1-a1", "b1-c1", "b1-b2"}));
  ASSERT_TRUE(play(pos, "king@d1"));
  ASSERT_TRUE(play(pos, "c4-d4"));
  // In check along the d file: only the king's steps off it.
  EXPECT_EQ(legal(pos), (Moves{"d1-c1", "d1-c2"}));
  // With nothing to drop or move, a king in hand is not mated: stalemate.
  auto bare = load("royal_in_hand_bare", R"(return game {
  title = "royal in hand, nowhere to go",
  board = grid { width = 2, height = 2 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } },
            drop = "top" },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
  },
  regions = { top = { white = "a2 b2", black = "a1 b1" } },
  setup = { black = { king = "b1", rook = "a1" } },
  hand = { white = { king = 1 } },
  ends = { check = true, stalemate = "win" },
})");
  ASSERT_TRUE(bare);
  Position stuck(bare);
  EXPECT_EQ(legal(stuck), (Moves{}));
  Result res = game_result(stuck);
  EXPECT_TRUE(res.over);
  EXPECT_EQ(res.reason, "stalemate");
}

TEST(VocabRoyalInHand, CheckStillNeedsARoyalSomewhere) {
  Error e = load_error("royal_nowhere",
                       grid_game(3, 3, R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } },)",
                                 "ends = { check = true },",
                                 "{ white = { king = \"a1\" }, black = { man = \"c3\" } }"));
  EXPECT_NE(e.what.find("the setup gives black no royal piece, on the board or in hand"),
            std::string::npos)
      << e.what;
}

// ---- promotion in place --------------------------------------------------

// promotion = { in_place = true }: a pawn standing in the zone may become a
// ferz there as its whole move, while its side has no ferz on the board; a
// pawn arriving in the zone does not promote.
TEST(VocabPromotion, InPlaceIsAMoveOfItsOwn) {
  const std::string script = grid_game(5, 5, R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "diagonal", to = { "ferz" }, in_place = true,
                          when = "pieces:ferz == 0" } },
    piece { name = "ferz", symbol = "F", moves = { step { dirs = "diagonal" } } },)",
                                       R"(regions = { diagonal = "c3 d4" },)");
  auto r = load("promo_in_place", script);
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "pawn", 0}, {"d3", "pawn", 0}});
  EXPECT_EQ(legal(pos), (Moves{"c3-c4", "c3-c3=ferz", "d3-d4"}));
  MoveList ml;
  legal_moves(pos, ml);
  for (const Move& m : ml)
    if (m.from == m.to) {
      EXPECT_EQ(move_text(pos, m), "c3c3=F");
      EXPECT_EQ(uci::uci_line(pos, {m}), (std::vector<std::string>{"c3c3f"}));
    }
  const uint64_t before = pos.hash();
  auto made = find(pos, "c3-c3=ferz");
  ASSERT_TRUE(made);
  Undo u;
  pos.make(*made, u);
  EXPECT_EQ(pos.at(r->topology.find("c3")), make_piece(r->type_index("ferz"), 0));
  EXPECT_EQ(pos.to_move(), 1);
  pos.unmake(*made, u);
  EXPECT_EQ(pos.at(r->topology.find("c3")), make_piece(r->type_index("pawn"), 0));
  EXPECT_EQ(pos.hash(), before);
  // A ferz on the board: no promotion.
  auto with_ferz = board(r, {{"c3", "pawn", 0}, {"a1", "ferz", 0}});
  EXPECT_EQ(legal_from(with_ferz, "c3"), (Moves{"c3-c4"}));
  // Arriving on d4 the pawn stays a pawn, and may promote there on a later move.
  ASSERT_TRUE(play(pos, "d3-d4"));
  pos.set_to_move(0);
  EXPECT_EQ(legal_from(pos, "d4"), (Moves{"d4-d5", "d4-d4=ferz"}));
  const std::string words = render_rules(describe_rules(*r));
  EXPECT_NE(words.find("may promote to ferz where it stands, as its whole move, while it "
                       "stands in diagonal, when pieces:ferz == 0"),
            std::string::npos)
      << words;
}

TEST(VocabPromotion, InPlaceRefusesFieldsOfArrival) {
  for (const char* field : {"optional = true", "ask = true", "on = \"enter\"",
                            "in_capture = \"stop\"", "forced = \"stuck\""}) {
    Error e = load_error("promo_in_place_bad", grid_game(5, 5,
                                                         std::string(R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "last", to = { "ferz" }, in_place = true, )") +
                                                             field + R"( } },
    piece { name = "ferz", symbol = "F" },)",
                                                         "regions = { last = { rank = 5 } },"));
    expect_located(e, "promo_in_place_bad.lua:6",
                   "cannot be combined with in_place: an in-place promotion is a move of its own");
  }
}

// ---- a pass in place of a move ---------------------------------------------

const char* kPassKings = R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";
const char* kPassSetup = "{ white = { king = \"a1\" }, black = { king = \"c3\" } }";

TEST(VocabPass, APassIsOneMoreMoveExceptInCheck) {
  auto r = load("pass", grid_game(3, 3, kPassKings, "  pass = true,\n  ends = { check = true },",
                                  kPassSetup));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"c3", "king", 1}});
  EXPECT_EQ(legal(pos), (Moves{"a1-a2", "a1-b1", "pass"}));
  // In check a pass would leave the king attacked: it is not offered.
  auto check = board(r, {{"a1", "king", 0}, {"a3", "rook", 1}, {"c3", "king", 1}});
  EXPECT_EQ(legal(check), (Moves{"a1-b1"}));
  // The move text reads it.
  auto typed = parse_move(pos, "pass");
  ASSERT_TRUE(typed) << typed.error().text();
  EXPECT_TRUE(typed->is_pass());
  EXPECT_FALSE(parse_move(check, "pass"));
}

TEST(VocabPass, APassChangesOnlyTheSideToMove) {
  auto r = load("pass_hash", grid_game(3, 3, kPassKings,
                                       "  pass = true,\n  ends = { check = true },", kPassSetup));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"c3", "king", 1}});
  const uint64_t start = pos.hash();
  ASSERT_TRUE(play(pos, "pass"));
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.hash(), board(r, {{"a1", "king", 0}, {"c3", "king", 1}}, 1).hash());
  EXPECT_NE(pos.hash(), start);
  ASSERT_TRUE(play(pos, "pass"));
  EXPECT_EQ(pos.hash(), start);
}

TEST(VocabPass, PassesInARowEndTheGameAsEndsPassesSays) {
  auto r = load("pass_end",
                grid_game(3, 3, kPassKings,
                          "  pass = true,\n  ends = { check = true, passes = 2 },", kPassSetup));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"c3", "king", 1}});
  // A move between two passes starts the count again.
  for (const char* m : {"pass", "c3-c2", "pass"}) {
    ASSERT_TRUE(play(pos, m));
    EXPECT_FALSE(game_result(pos).over) << m;
  }
  ASSERT_TRUE(play(pos, "pass"));
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "2 passes in a row");
}

TEST(VocabPass, PerftCountsThePass) {
  auto r = load("pass_perft", grid_game(3, 3, kPassKings,
                                        "  pass = true,\n  ends = { check = true },", kPassSetup));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"c3", "king", 1}});
  // a1-a2, a1-b1, pass; then black: after a1-a2 c3-c2 or a pass, after a1-b1
  // c3-b3 or a pass, after the pass c3-b3, c3-c2 or a pass.
  EXPECT_EQ(perft(pos, 1), 3u);
  EXPECT_EQ(perft(pos, 2), 7u);
}

TEST(VocabPass, BadPassIsAnError) {
  expect_located(
      load_error("pass_bad", grid_game(3, 3, kPassKings, "  pass = \"yes\",", kPassSetup)),
      "pass_bad.lua:", "pass");
}

}  // namespace
}  // namespace regula
