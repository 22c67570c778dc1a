// The chess-like scripts Fairy-Stockfish also plays, against it: perft from the
// start position (its counts: Fairy-Stockfish 11.1, Debian, `go perft N` with
// the UCI_Variant named below; xiangqi's are also the published table), and
// divides compared along seeded random games (fsf_support.h). Shogi, whose
// reading differs from Fairy-Stockfish's, has its own tests (fsf_hands_test.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/perft.h"
#include "fsf_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
namespace fsf = test_support::fsf;

struct Script {
  const char* name;
  const char* variant;
  std::vector<uint64_t> perft;  // from depth 1
  fsf::Check check;             // how far the divides are compared
  int positions;                // at least this many compared
};

const std::vector<Script>& scripts() {
  static const std::vector<Script> all = {
      // Cannons, blocked horses and elephants and the flying general.
      {"chess/xiangqi",
       "xiangqi",
       {44, 1920, 79666, 3290240},
       {.start_depth = 3, .games = 30, .plies = 120, .depth = 2},
       300},
      // The king castles three squares with the rook on its partner site; pawns
      // promote to the two new pieces.
      {"chess/capablanca",
       "capablanca",
       {28, 784, 25228, 805128},
       {.start_depth = 3, .games = 30, .plies = 120, .depth = 2},
       300},
      // 10x10; pawns promote on ranks 8 to 10, only to a type their side has
      // lost, and may not step onto the 10th while there is none.
      {"chess/grand",
       "grand",
       {65, 4225, 259514, 15921643},
       {.start_depth = 3, .games = 30, .plies = 120, .depth = 2},
       300},
      // Written in Betza.
      {"chess/makruk", "makruk", {23, 529, 12012, 273026}, {.start_depth = 4, .games = 30}, 200},
      {"chess/antichess",
       "antichess",
       {20, 400, 8067, 153299},
       {.start_depth = 4, .games = 30},
       200},
      // Depth 5 differs from chess's 4,865,609 by the drops of ply 5.
      {"chess/crazyhouse",
       "crazyhouse",
       {20, 400, 8902, 197281, 4888832},
       {.start_depth = 4, .games = 50},
       500},
  };
  return all;
}

TEST(FairyStockfishScripts, PerftFromTheStartIsFairyStockfishs) {
  for (const Script& s : scripts()) {
    Position pos(bundled(s.name));
    for (size_t d = 0; d < s.perft.size(); ++d)
      EXPECT_EQ(perft(pos, static_cast<int>(d) + 1), s.perft[d]) << s.name << " depth " << d + 1;
  }
}

TEST(FairyStockfishDivide, ScriptsAgreeAtTheStartAndInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  for (const Script& s : scripts()) {
    const auto rep = fsf::compare(bundled(s.name), s.variant, s.check);
    EXPECT_GT(rep.positions, s.positions) << s.name;
    EXPECT_TRUE(rep.differences.empty()) << s.name << "\n" << rep.text();
  }
}

}  // namespace
}  // namespace regula
