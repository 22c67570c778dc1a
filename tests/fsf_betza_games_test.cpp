// Makruk and antichess, both written in Betza (rules/chess/makruk.lua and
// antichess.lua): perft from the start as Fairy-Stockfish counts it, and
// divides compared with it along seeded random games (fsf_support.h).
#include <gtest/gtest.h>

#include "core/perft.h"
#include "fsf_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
namespace fsf = test_support::fsf;

// Fairy-Stockfish 'go perft 4' from the start position (UCI_Variant makruk,
// antichess): 273026 and 153299 nodes.
TEST(BetzaGames, PerftFromTheStartAsFairyStockfishCounts) {
  auto makruk = bundled("chess/makruk");
  auto anti = bundled("chess/antichess");
  ASSERT_TRUE(makruk && anti);
  Position m(makruk), a(anti);
  EXPECT_EQ(perft(m, 4), 273026u);
  EXPECT_EQ(perft(a, 4), 153299u);
}

TEST(BetzaGames, MakrukAndAntichessAgreeWithFairyStockfish) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  for (auto [name, variant] :
       {std::pair{"chess/makruk", "makruk"}, {"chess/antichess", "antichess"}}) {
    const auto rep = fsf::compare(bundled(name), variant, {.start_depth = 4, .games = 30});
    EXPECT_GT(rep.positions, 200) << name;
    EXPECT_TRUE(rep.differences.empty()) << name << "\n" << rep.text();
  }
}

}  // namespace
}  // namespace regula
