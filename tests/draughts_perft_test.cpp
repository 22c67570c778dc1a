// Capture chains, flying kings and the quantity-then-quality capture priority,
// checked by Spanish draughts perft from the start position. Numbers: DCTL's
// test suite (R. Halbersma, board_08x08.cpp), first posted in the FMJD forum
// thread "Perft for all recognized draughts variants" (2010). English draughts
// (short kings, men capturing forward, a free choice among captures): A. Bik,
// "perft for 8x8 checkers", talkchess.com (May 2009), the same numbers as DCTL's.
// Italian and Russian draughts: DCTL's board_08x08 suite (Russian first posted in the
// "Standard validation generator moves" thread of the shashki.com forum). International draughts
// (10x10): the counts G. Gilbert, B. Boomstra and A. Bik published, which DCTL's board_10x10 suite
// reproduces.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

// Perft of a bundled script from its start position, depth 1 onward.
void expect_perft(const std::string& script, const std::vector<uint64_t>& expected) {
  auto rules = script::load_rules(script);
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  for (size_t d = 1; d <= expected.size(); ++d)
    EXPECT_EQ(perft(pos, static_cast<int>(d)), expected[d - 1]) << script << " depth " << d;
}

TEST(DraughtsPerft, SpanishStartPositionToDepth8) {
  expect_perft("draughts/spanish", {7, 49, 302, 1469, 7361, 36473, 177532, 828783});
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

TEST(DraughtsPerft, EnglishStartPositionToDepth9) {
  expect_perft("draughts/english", {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680});
}

// The legal moves of a position of a bundled draughts script, as move_text writes
// them: in PDN square numbers (see pdn_test.cpp for the numbering).
std::set<std::string> moves_of(const std::string& script, const std::string& position) {
  auto rules = script::load_rules(script);
  EXPECT_TRUE(rules) << rules.error().text();
  if (!rules) return {};
  auto pos = read_position(*rules, position);
  EXPECT_TRUE(pos) << position << ": " << (pos ? "" : pos.error().text());
  if (!pos) return {};
  MoveList ml;
  legal_moves(*pos, ml);
  std::set<std::string> out;
  for (const std::string& t : move_texts(*pos, ml)) out.insert(t);
  return out;
}

TEST(DraughtsPerft, EnglishMenCaptureForwardKingsAreShortAndTheChoiceIsFree) {
  // Black is upper case. A white man does not take the black man behind him.
  EXPECT_EQ(moves_of("draughts/english", "8/8/8/2m5/3M4/8/1K6/8 white"),
            (std::set<std::string>{"14-10", "14-9"}));
  // A king steps one square and jumps only an adjacent piece: d4 is out of reach.
  EXPECT_EQ(moves_of("draughts/english", "8/8/8/8/3M4/8/1k6/8 white"),
            (std::set<std::string>{"25-22", "25-30", "25-29", "25-21"}));
  // A capture is compulsory, but one piece may be taken instead of two.
  EXPECT_EQ(moves_of("draughts/english", "8/8/5M2/8/1M1M4/2m5/8/8 white"),
            (std::set<std::string>{"22x15x8", "22x13"}));
  // A black man reaching the first row is crowned (PDN says nothing of it).
  EXPECT_EQ(moves_of("draughts/english", "8/8/8/8/8/8/3M4/8 black"),
            (std::set<std::string>{"26-30", "26-31"}));
  auto rules = script::load_rules("draughts/english");
  ASSERT_TRUE(rules);
  auto crowned = read_position(*rules, "B:W:B26");
  ASSERT_TRUE(crowned) << crowned.error().text();
  auto m = parse_move(*crowned, "26-30");
  ASSERT_TRUE(m) << m.error().text();
  EXPECT_EQ(m->promote, (*rules)->type_index("king"));
}

TEST(DraughtsPerft, InternationalStartPositionToDepth8) {
  expect_perft("draughts/international", {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961});
}

TEST(DraughtsPerft, InternationalMenCaptureBackwardKingsFlyTheMostPiecesMustBeTaken) {
  const std::string rules = "draughts/international";
  // White is upper case here. A man takes backward.
  EXPECT_EQ(moves_of(rules, "10/10/10/10/10/10/3M6/2m7/10/10 white"),
            (std::set<std::string>{"32x41"}));
  // Two pieces (e5 then e7) must be taken rather than one (c5).
  EXPECT_EQ(moves_of(rules, "10/10/10/4m5/10/2m1m5/3M6/10/10/10 white"),
            (std::set<std::string>{"32x23x12"}));
  // A king runs the whole long diagonal.
  EXPECT_EQ(moves_of(rules, "10/10/10/10/10/10/10/10/10/K9 white"),
            (std::set<std::string>{"46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14",
                                   "46-10", "46-5"}));
}

TEST(DraughtsPerft, ItalianStartPositionToDepth8) {
  expect_perft("draughts/italian", {7, 49, 302, 1469, 7361, 36473, 177532, 828783});
}

TEST(DraughtsPerft, ItalianCapturePrioritiesDecideInTheirOrder) {
  const std::string rules = "draughts/italian";
  // White is upper case. A man may not take a king; a king may.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/4k3/3M4/8/8 white"), (std::set<std::string>{"22-18"}));
  EXPECT_EQ(moves_of(rules, "8/8/8/8/4k3/3K4/8/8 white"), (std::set<std::string>{"22x15"}));
  // One piece either way: the king takes, not the man.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/2m3m1/1M3K2/8/8 white"), (std::set<std::string>{"23x16"}));
  // One piece by the king either way: the king rather than the man.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/2k1m3/3K4/8/8 white"), (std::set<std::string>{"22x13"}));
  // Two pieces, one of them a king, either way: the way that meets the king first.
  EXPECT_EQ(moves_of(rules, "8/8/2m3k1/8/2k1m3/3K4/8/8 white"), (std::set<std::string>{"22x13x6"}));
}

TEST(DraughtsPerft, SpanishFlyingKingMayLandOnAnySquareBeyond) {
  // White is upper case. The king on h1 (square 1) takes f3 (10) and may stop on any of the
  // five squares beyond: e4 (14) to a8 (32).
  EXPECT_EQ(moves_of("draughts/spanish", "8/8/8/8/8/5m2/8/7K white"),
            (std::set<std::string>{"1x14", "1x19", "1x23", "1x28", "1x32"}));
}

TEST(DraughtsPerft, SpanishTheMostPiecesThenTheMostKings) {
  const std::string rules = "draughts/spanish";
  // The man on c2 (7) takes three pieces by b3, b5, d7 (a4, c6, e8: 16, 23, 30) rather than
  // two by d3, f5.
  EXPECT_EQ(moves_of(rules, "8/3m4/8/1m3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"7x16x23x30"}));
  // Three pieces either way, both allowed...
  EXPECT_EQ(moves_of(rules, "8/3m1m2/8/1m3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"7x16x23x30", "7x14x21x30"}));
  // ...until the piece on b5 is a king: the way that takes it.
  EXPECT_EQ(moves_of(rules, "8/3m1m2/8/1k3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"7x16x23x30"}));
}

TEST(DraughtsPerft, SpanishManReachingTheLastRowInACaptureStopsThere) {
  // a6xc8 (24x31) crowns the man, and the move ends although e6 stands on the king's diagonal.
  EXPECT_EQ(moves_of("draughts/spanish", "8/1m6/M3m3/8/8/8/8/8 white"),
            (std::set<std::string>{"24x31"}));
}

TEST(DraughtsPerft, SpanishBlockedSideLoses) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  // The white man on b7 has a8 and c8 taken and cannot jump off the board.
  auto pos = read_position(*rules, "m1m5/1M6/8/8/8/8/8/8 white");
  ASSERT_TRUE(pos) << pos.error().text();
  const Result res = game_result(*pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kLoss);
  EXPECT_EQ(res.outcome[1], Outcome::kWin);
}

TEST(DraughtsPerft, RussianManCrownedInACaptureGoesOnAsAKing) {
  // b6xd8 crowns the man; as a king it takes f6 from d8 and may land on g5 or h4.
  EXPECT_EQ(moves_of("draughts/russian", "8/2m5/1M3m2/8/8/8/8/8 white"),
            (std::set<std::string>{"b6:d8:g5", "b6:d8:h4"}));
}

TEST(DraughtsPerft, RussianKingLandsWhereTheCaptureGoesOn) {
  // Of the squares beyond c3, only from e5 can the king take again (f4): it must land there.
  EXPECT_EQ(moves_of("draughts/russian", "8/8/8/8/5m2/2m5/8/K7 white"),
            (std::set<std::string>{"a1:e5:g3", "a1:e5:h2"}));
}

TEST(DraughtsPerft, RussianChoiceAmongCapturesIsFree) {
  // One piece (g3) or two (d4, f6): either.
  EXPECT_EQ(moves_of("draughts/russian", "8/8/5m2/8/3m4/2M3m1/7M/8 white"),
            (std::set<std::string>{"h2:f4", "c3:e5:g7"}));
}

TEST(DraughtsPerft, RussianStartPositionToDepth8) {
  expect_perft("draughts/russian", {7, 49, 302, 1469, 7482, 37986, 190146, 929899});
}

TEST(DraughtsPerft, CaptureCriteriaAreCheckedWhenLoaded) {
  const std::string base = R"(return game { title = "t", board = grid { width = 4, height = 4 },
  pieces = { piece { name = "m", symbol = "M", moves = { hop { dirs = "diagonal" } } } },
  setup = { white = { m = "a1" }, black = { m = "b2" } },
  capture = CAPTURE })";
  auto with = [&](const std::string& capture) {
    std::string text = base;
    text.replace(text.find("CAPTURE"), 7, capture);
    return text;
  };
  EXPECT_TRUE(test_support::load("criteria_ok", with(R"({ "max", "earliest-value" })")));
  const Error bad = test_support::load_error("criteria_bad", with(R"({ "max", "most" })"));
  EXPECT_NE(bad.what.find("capture criterion 'most'"), std::string::npos) << bad.text();
  const Error empty = test_support::load_error("criteria_empty", with("{}"));
  EXPECT_NE(empty.what.find("lists criteria"), std::string::npos) << empty.text();
}

}  // namespace
}  // namespace regula
