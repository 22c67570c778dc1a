// The progress bar's line: what a long command shows on a terminal while it
// runs (cli/progress.h). Each expected line was worked out by hand from the
// numbers given: the rate is done / seconds, the time left (total - done) / rate,
// and the bar takes the width the words leave on a line one short of the
// terminal's (at most 40 cells), filled in proportion, rounded down: 80 columns
// less 28 + 24 characters of words and 9 of brackets and percent leave 18.
#include <gtest/gtest.h>

#include <string>

#include "cli/progress.h"

namespace regula::cli {
namespace {

TEST(Progress, TheLineSaysDoneRateAndTimeLeft) {
  // 1,234 of 20,000 games in 2 s: 617 games/s, 18,766 left: 30.4 s.
  EXPECT_EQ(Progress::line("selfplay", "games", 1234, 20000, 2.0, 80),
            "selfplay  1,234/20,000 games  [#-----------------]   6%  617 games/s  0:30 left");
  // 3 of 20 first moves in 4 s: 0.75 a second, 17 left: 22.7 s.
  EXPECT_EQ(Progress::line("perft", "first moves", 3, 20, 4.0, 80),
            "perft  3/20 first moves  [##---------------]  15%  0.8 first moves/s  0:23 left");
  // No total known: the count, the rate and the time so far.
  EXPECT_EQ(Progress::line("stats", "records", 5000, 0, 2.0, 80),
            "stats  5,000 records  2,500 records/s  0:02");
  // Hours, and a whole run done.
  EXPECT_EQ(Progress::line("compare", "games", 100, 100, 3725.0, 80),
            "compare  100/100 games  [##########################] 100%  0.0 games/s  1:02:05");
}

TEST(Progress, ANarrowTerminalLeavesTheBarOutAndCutsTheLine) {
  EXPECT_EQ(Progress::line("selfplay", "games", 1234, 20000, 2.0, 50),
            "selfplay  1,234/20,000 games   6%  617 games/s  0");
  EXPECT_EQ(Progress::line("selfplay", "games", 1234, 20000, 2.0, 50).size(), 49u);
}

}  // namespace
}  // namespace regula::cli
