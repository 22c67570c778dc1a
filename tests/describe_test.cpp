// Pieces described in words from the compiled rules (notation/describe.h).
#include "notation/describe.h"

#include <gtest/gtest.h>

#include "script/loader.h"

namespace regula {
namespace {

std::vector<std::string> lines(const std::string& script, const std::string& piece) {
  auto r = script::load_rules(script);
  EXPECT_TRUE(r) << r.error().text();
  if (!r) return {};
  for (size_t t = 0; t < (*r)->types.size(); ++t)
    if ((*r)->types[t].name == piece) return describe_piece(**r, static_cast<TypeId>(t));
  ADD_FAILURE() << "no piece " << piece;
  return {};
}

using Lines = std::vector<std::string>;

TEST(Describe, JetanWalksSayTheirLengthTurnsAndJumps) {
  EXPECT_EQ(lines("jetan/burroughs", "dwar"),
            (Lines{"exactly 3 orthogonal steps, may turn, no square twice, may not jump"}));
  EXPECT_EQ(lines("jetan/burroughs", "flier"),
            (Lines{"exactly 3 diagonal steps, may turn, no square twice, may jump"}));
  EXPECT_EQ(lines("jetan/burroughs", "thoat"),
            (Lines{"one step orthogonally then one step diagonally, or in the reverse order, may "
                   "turn, no square twice, may jump"}));
  EXPECT_EQ(lines("jetan/burroughs", "princess"),
            (Lines{"exactly 3 steps in any direction, may turn, no square twice, may jump",
                   "moves to any empty square, once a game (escape)", "never captures",
                   "may not end a move where an enemy could capture it"}));
}

TEST(Describe, ChessPiecesAndTheirConditions) {
  EXPECT_EQ(lines("chess/orthodox", "knight"),
            (Lines{"leaps (1,2) in every direction, over pieces"}));
  EXPECT_EQ(lines("chess/orthodox", "pawn"),
            (Lines{"one step forward, without capturing",
                   "slides exactly 2 squares forward, not over pieces, without capturing, from "
                   "pawn_start, may be taken en passant",
                   "one step diagonally forward, only to capture, takes en passant",
                   "promotes to queen, rook, bishop or knight in last_rank"}));
  EXPECT_EQ(
      lines("chess/orthodox", "king"),
      (Lines{"one step in any direction",
             "castles with the rook: 2 squares toward the east, neither having moved",
             "castles with the rook: 2 squares toward the west, neither having moved", "royal"}));
}

TEST(Describe, DraughtsCapturesAndMillPhases) {
  EXPECT_EQ(lines("draughts/spanish", "king"),
            (Lines{"slides diagonally any distance, not over pieces, without capturing",
                   "captures by jumping diagonally over an enemy piece at any distance, landing "
                   "on any empty square beyond (one from which it can capture again, if there is "
                   "one), and goes on capturing while it can"}));
  EXPECT_EQ(lines("draughts/russian", "man"),
            (Lines{"one step diagonally forward, without capturing",
                   "captures by jumping diagonally over an adjacent enemy piece to the empty "
                   "square beyond, and goes on capturing while it can",
                   "promotes to king in crown; reached in the middle of a capture, at once, and "
                   "goes on capturing as one"}));
  EXPECT_EQ(lines("mill/ishikulu", "token"),
            (Lines{"one step in any direction, without capturing, in the move phase",
                   "moves to any empty point, in the fly phase",
                   "enters from the hand on an empty point, in the place phase"}));
  EXPECT_EQ(lines("chaturanga/four-handed", "elephant"),
            (Lines{"leaps (2,2) in every direction, over pieces",
                   "may not capture: horse, tower and rajah"}));
}

}  // namespace
}  // namespace regula
