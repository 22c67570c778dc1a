// A position followed by the moves played from it, as --position reads it
// (notation/position_moves.h): the same position as playing them, with the
// game's history, and errors naming the move.
#include <gtest/gtest.h>

#include <string>

#include "cli_support.h"
#include "core/game_end.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::Rules;
using test_support::run;

std::string after(const Rules& r, const std::string& text) {
  auto pos = read_position_with_moves(r, text);
  EXPECT_TRUE(pos) << text << ": " << (pos ? "" : pos.error().text());
  return pos ? write_position(*pos) : "";
}

std::string error_of(const Rules& r, const std::string& text) {
  auto pos = read_position_with_moves(r, text);
  EXPECT_FALSE(pos) << text;
  return pos ? "" : pos.error().text();
}

TEST(PositionWithMoves, PlaysTheMovesFromTheStartOrAPosition) {
  auto r = bundled("chess/orthodox");
  // 1. e4 e5 2. Nf3, in three spellings: UCI, SAN and long form.
  const std::string want = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
  EXPECT_EQ(after(r, "startpos moves e2e4 e7e5 g1f3"), want);
  EXPECT_EQ(after(r, "moves e4 e7-e5 Nf3"), want);
  EXPECT_EQ(after(r, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves e7e5 g1f3"),
            want);
  // Without moves, the position alone; empty or startpos, the start.
  EXPECT_EQ(after(r, want), want);
  EXPECT_EQ(after(r, ""), after(r, "startpos"));
  // A promotion.
  EXPECT_EQ(after(r, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1 moves e7e8=Q"),
            "4Q3/6k1/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(PositionWithMoves, KeepsTheHistoryForRepetition) {
  auto r = bundled("chess/orthodox");
  // The knights out and back twice: the start position a third time is a draw.
  auto pos = read_position_with_moves(r, "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
  ASSERT_TRUE(pos);
  Position p = *pos;
  EXPECT_TRUE(game_result(p).over);
}

TEST(PositionWithMoves, ErrorsNameTheMove) {
  auto r = bundled("chess/orthodox");
  const std::string illegal = error_of(r, "startpos moves e2e4 e7e5 e4e5");
  EXPECT_NE(illegal.find("move 3 'e4e5'"), std::string::npos) << illegal;
  EXPECT_EQ(error_of(r, "startpos moves"), "position: 'moves' is followed by no move");
  const std::string over = error_of(r, "startpos moves f2f3 e7e5 g2g4 d8h4 a2a3");
  EXPECT_EQ(over, "position: move 5 'a2a3': the game is already over");
  EXPECT_FALSE(read_position_with_moves(r, "nonsense moves e2e4"));
}

TEST(PositionWithMoves, APromotionTheMoveCannotMakeIsAnError) {
  auto shogi = bundled("shogi/shogi");
  // e5 is outside the promotion zone: e4e5+ is no move, and never plain e4e5.
  EXPECT_EQ(error_of(shogi, "startpos moves e3e4 a7a6 e4e5+"),
            "position: move 3 'e4e5+': no legal move e4e5+: '+' asks for a promotion, and e4e5 "
            "cannot promote here");
  // e7 is inside it: e6e7+ promotes, e6e7 does not.
  const std::string line = "startpos moves e3e4 a7a6 e4e5 a6a5 e5e6 a5a4 ";
  auto promoted = read_position_with_moves(shogi, line + "e6e7+");
  auto plain = read_position_with_moves(shogi, line + "e6e7");
  ASSERT_TRUE(promoted && plain);
  const SiteId e7 = shogi->topology.find("e7");
  EXPECT_EQ(shogi->types[piece_type(promoted->at(e7))].name, "tokin");
  EXPECT_EQ(shogi->types[piece_type(plain->at(e7))].name, "pawn");

  auto chess = bundled("chess/orthodox");
  EXPECT_EQ(error_of(chess, "k7/4R3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8q"),
            "position: move 1 'e7e8q': no legal move e7e8q: 'q' asks for queen, and e7e8 cannot "
            "promote here");
  EXPECT_EQ(error_of(chess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8k"),
            "position: move 1 'e7e8k': no legal move e7e8k: 'k' asks for king, and e7e8 may "
            "promote only to Q, R, B, N");
  EXPECT_EQ(after(chess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 moves e7e8q"),
            "k3Q3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(PositionWithMoves, PerftAndMovesOnTheCommandLineTakeThem) {
  // After 1. e4: Black has 20 replies, and 600 positions two plies on (perft
  // 3 from the start is 8,902 = the sum over White's 20 first moves).
  auto p = run("perft chess/orthodox 2 --position 'startpos moves e2e4'");
  EXPECT_EQ(p.code, 0) << p.out;
  EXPECT_NE(p.out.find("600"), std::string::npos) << p.out;
  auto m = run("moves chess/orthodox --position 'startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6'");
  EXPECT_EQ(m.code, 0) << m.out;
  EXPECT_NE(m.out.find("h5f7"), std::string::npos) << m.out;
  auto bad = run("perft chess/orthodox 1 --position 'startpos moves e2e5'");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("move 1 'e2e5'"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace regula
