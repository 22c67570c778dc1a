// Capablanca chess (rules/chess/capablanca.lua) against Fairy-Stockfish's
// "capablanca": the start position's perft (Fairy-Stockfish's counts) and
// divides along seeded random games, where the king castles three squares with
// the rook on its partner site and pawns promote to the two new pieces.
#include <gtest/gtest.h>

#include "core/perft.h"
#include "fsf_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
namespace fsf = test_support::fsf;

TEST(Capablanca, StartPerftIsFairyStockfishs) {
  auto r = bundled("chess/capablanca");
  ASSERT_TRUE(r);
  Position pos(r);
  // Fairy-Stockfish 11.1 (Debian; UCI_Variant capablanca, go perft N).
  EXPECT_EQ(perft(pos, 1), 28u);
  EXPECT_EQ(perft(pos, 2), 784u);
  EXPECT_EQ(perft(pos, 3), 25228u);
  EXPECT_EQ(perft(pos, 4), 805128u);
}

TEST(FairyStockfishDivide, CapablancaAgreesAtTheStartAndInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  const auto rep = fsf::compare(bundled("chess/capablanca"), "capablanca",
                                {.start_depth = 3, .games = 30, .plies = 120, .depth = 2});
  EXPECT_GT(rep.positions, 300);
  EXPECT_TRUE(rep.differences.empty()) << rep.text();
}

}  // namespace
}  // namespace regula
