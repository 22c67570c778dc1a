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

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"

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

TEST(DraughtsPerft, EnglishStartPositionToDepth9) {
  auto rules = script::load_rules("draughts/english");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680};
  for (int d = 1; d <= 9; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

// The legal moves of a position of a bundled draughts script, as move_text writes them.
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
            (std::set<std::string>{"c5d6", "c5b6"}));
  // A king steps one square and jumps only an adjacent piece: d4 is out of reach.
  EXPECT_EQ(moves_of("draughts/english", "8/8/8/8/3M4/8/1k6/8 white"),
            (std::set<std::string>{"b2c3", "b2c1", "b2a1", "b2a3"}));
  // A capture is compulsory, but one piece may be taken instead of two.
  EXPECT_EQ(moves_of("draughts/english", "8/8/5M2/8/1M1M4/2m5/8/8 white"),
            (std::set<std::string>{"c3xe5xg7", "c3xa5"}));
  // A black man reaching the first row is crowned.
  EXPECT_EQ(moves_of("draughts/english", "8/8/8/8/8/8/2M5/8 black"),
            (std::set<std::string>{"c2d1=K", "c2b1=K"}));
}

TEST(DraughtsPerft, InternationalStartPositionToDepth8) {
  auto rules = script::load_rules("draughts/international");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

TEST(DraughtsPerft, InternationalMenCaptureBackwardKingsFlyTheMostPiecesMustBeTaken) {
  const std::string rules = "draughts/international";
  // White is upper case here. A man takes backward.
  EXPECT_EQ(moves_of(rules, "10/10/10/10/10/10/3M6/2m7/10/10 white"),
            (std::set<std::string>{"d4xb2"}));
  // Two pieces (e5 then e7) must be taken rather than one (c5).
  EXPECT_EQ(moves_of(rules, "10/10/10/4m5/10/2m1m5/3M6/10/10/10 white"),
            (std::set<std::string>{"d4xf6xd8"}));
  // A king runs the whole long diagonal.
  EXPECT_EQ(moves_of(rules, "10/10/10/10/10/10/10/10/10/K9 white"),
            (std::set<std::string>{"a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8", "a1i9",
                                   "a1j10"}));
}

TEST(DraughtsPerft, ItalianStartPositionToDepth8) {
  auto rules = script::load_rules("draughts/italian");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 7, 49, 302, 1469, 7361, 36473, 177532, 828783};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
}

TEST(DraughtsPerft, ItalianCapturePrioritiesDecideInTheirOrder) {
  const std::string rules = "draughts/italian";
  // White is upper case. A man may not take a king; a king may.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/4k3/3M4/8/8 white"), (std::set<std::string>{"d3c4"}));
  EXPECT_EQ(moves_of(rules, "8/8/8/8/4k3/3K4/8/8 white"), (std::set<std::string>{"d3xf5"}));
  // One piece either way: the king takes, not the man.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/2m3m1/1M3K2/8/8 white"), (std::set<std::string>{"f3xh5"}));
  // One piece by the king either way: the king rather than the man.
  EXPECT_EQ(moves_of(rules, "8/8/8/8/2k1m3/3K4/8/8 white"), (std::set<std::string>{"d3xb5"}));
  // Two pieces, one of them a king, either way: the way that meets the king first.
  EXPECT_EQ(moves_of(rules, "8/8/2m3k1/8/2k1m3/3K4/8/8 white"),
            (std::set<std::string>{"d3xb5xd7"}));
}

TEST(DraughtsPerft, SpanishFlyingKingMayLandOnAnySquareBeyond) {
  // White is upper case. The king on h1 takes f3 and may stop on any of the five squares beyond.
  EXPECT_EQ(moves_of("draughts/spanish", "8/8/8/8/8/5m2/8/7K white"),
            (std::set<std::string>{"h1xe4", "h1xd5", "h1xc6", "h1xb7", "h1xa8"}));
}

TEST(DraughtsPerft, SpanishTheMostPiecesThenTheMostKings) {
  const std::string rules = "draughts/spanish";
  // Three pieces by b3, b5, d7 rather than two by d3, f5.
  EXPECT_EQ(moves_of(rules, "8/3m4/8/1m3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"c2xa4xc6xe8=K"}));
  // Three pieces either way, both allowed...
  EXPECT_EQ(moves_of(rules, "8/3m1m2/8/1m3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"c2xa4xc6xe8=K", "c2xe4xg6xe8=K"}));
  // ...until the piece on b5 is a king: the way that takes it.
  EXPECT_EQ(moves_of(rules, "8/3m1m2/8/1k3m2/8/1m1m4/2M5/8 white"),
            (std::set<std::string>{"c2xa4xc6xe8=K"}));
}

TEST(DraughtsPerft, SpanishManReachingTheLastRowInACaptureStopsThere) {
  // a6xc8 crowns the man, and the move ends although e6 stands on the king's diagonal.
  EXPECT_EQ(moves_of("draughts/spanish", "8/1m6/M3m3/8/8/8/8/8 white"),
            (std::set<std::string>{"a6xc8=K"}));
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
            (std::set<std::string>{"b6xd8xg5=K", "b6xd8xh4=K"}));
}

TEST(DraughtsPerft, RussianKingLandsWhereTheCaptureGoesOn) {
  // Of the squares beyond c3, only from e5 can the king take again (f4): it must land there.
  EXPECT_EQ(moves_of("draughts/russian", "8/8/8/8/5m2/2m5/8/K7 white"),
            (std::set<std::string>{"a1xe5xg3", "a1xe5xh2"}));
}

TEST(DraughtsPerft, RussianChoiceAmongCapturesIsFree) {
  // One piece (g3) or two (d4, f6): either.
  EXPECT_EQ(moves_of("draughts/russian", "8/8/5m2/8/3m4/2M3m1/7M/8 white"),
            (std::set<std::string>{"h2xf4", "c3xe5xg7"}));
}

TEST(DraughtsPerft, RussianStartPositionToDepth8) {
  auto rules = script::load_rules("draughts/russian");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const uint64_t expected[] = {1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899};
  for (int d = 1; d <= 8; ++d) EXPECT_EQ(perft(pos, d), expected[d]) << "depth " << d;
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
