// Makruk and antichess, both written in Betza (rules/chess/makruk.lua and
// antichess.lua): their own rules on chosen positions. Their perft and divides
// against Fairy-Stockfish are in fsf_scripts_test.cpp.
#include <gtest/gtest.h>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;

// Fairy-Stockfish 'go perft 1' on 4k3/8/8/4P3/8/8/8/3K4 w (makruk): e5e6m and
// five Khun steps; the Bia arriving on the sixth rank must become a Met.
TEST(BetzaGames, MakrukBiaBecomesAMetOnTheSixthRank) {
  auto r = bundled("chess/makruk");
  ASSERT_TRUE(r);
  auto pos = read_position(r, "4k3/8/8/4P3/8/8/8/3K4 w - - 0 1");
  ASSERT_TRUE(pos) << pos.error().text();
  MoveList list;
  legal_moves(*pos, list);
  EXPECT_EQ(list.size(), 6);
  int promotions = 0;
  for (const Move& m : list)
    if (m.promote >= 0) {
      ++promotions;
      EXPECT_EQ(r->types[m.promote].name, "met");
    }
  EXPECT_EQ(promotions, 1);
}

// The antichess rules Fairy-Stockfish's giveaway_variant sets, each on a position.
TEST(BetzaGames, AntichessPromotesToAKingAndMakesCapturesCompulsory) {
  auto r = bundled("chess/antichess");
  ASSERT_TRUE(r);
  auto count = [&](const std::string& fen) {
    auto pos = read_position(r, fen);
    EXPECT_TRUE(pos) << pos.error().text();
    if (!pos) return uint64_t{0};
    return perft(*pos, 1);
  };
  // a7-a8 as a queen, rook, bishop, knight or king; the king on e1 may also step.
  EXPECT_EQ(count("7k/P7/8/8/8/8/8/4K3 w - - 0 1"), 5u + 5u);
  // A capture is possible (exd5), so nothing else may be played.
  EXPECT_EQ(count("7k/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), 1u);
  // The king is no royal: it walks into attack.
  EXPECT_EQ(count("7k/8/8/8/8/8/r7/4K3 w - - 0 1"), 5u);
}

TEST(BetzaGames, AntichessIsWonWithoutPiecesOrWithoutMoves) {
  auto r = bundled("chess/antichess");
  ASSERT_TRUE(r);
  auto result = [&](const std::string& fen) {
    auto pos = read_position(r, fen);
    EXPECT_TRUE(pos) << pos.error().text();
    return pos ? game_result(*pos) : Result{};
  };
  // White took Black's last piece: Black, to move with nothing, wins.
  Result none = result("8/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(none.over);
  EXPECT_EQ(none.outcome[1], Outcome::kWin);
  // Black's pawn on a2 is blocked by the knight on a1: a side with no move wins.
  Result blocked = result("8/8/8/8/8/8/p7/N3K3 b - - 0 1");
  EXPECT_TRUE(blocked.over);
  EXPECT_EQ(blocked.outcome[1], Outcome::kWin);
}

}  // namespace
}  // namespace regula
