// The mill games in the terminal: the board drawn as three rings with their lines,
// a line formed by a typed move that asks for the removal, and what info tells.
#include <gtest/gtest.h>

#include "cli_support.h"

namespace regula {
namespace {

using test_support::CliRun;
using test_support::run;

TEST(MillCli, InfoCountsLinksAndLines) {
  CliRun ish = run("info mill/ishikulu");
  ASSERT_EQ(ish.code, 0) << ish.out;
  EXPECT_NE(ish.out.find("board: points, 24 sites\nlinks: 40\nlines: 20\n"), std::string::npos)
      << ish.out;
  CliRun nmm = run("info mill/nine-mens-morris");
  EXPECT_NE(nmm.out.find("links: 32\nlines: 16\n"), std::string::npos) << nmm.out;
}

TEST(MillCli, PlayDrawsTheRingsAndAsksForTheRemoval) {
  CliRun r =
      run("play mill/ishikulu --seat black=human --position "
          "\"E5:T,E6:T,E7:T,A5:T,A7:T,R1:t,R3:t,E2:t,A2:t,R5:t white\"",
          "E6-A6\nxR1\nquit\n");
  ASSERT_EQ(r.code, 0) << r.out;
  // The outer ring's top side, with the diagonal leaving each corner, and the names.
  EXPECT_NE(r.out.find("  .-----------t-----------.       E1----------E2----------E3\n"
                       "  | \\         |         / |       | \\         |         / |\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("E8--A8--R8      R4--A4--E4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("E6-A6 goes on; choose:  xE2  xA2  xR1  xR3  xR5"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("captured: white 1, black 0"), std::string::npos) << r.out;
}

TEST(MillCli, MovesListsWholeTurnsInMillNotation) {
  CliRun r =
      run("moves mill/morabaraba --position \"E5:C,E6:C,E7:C,A5:C,A7:C,R1:c,R3:c,E2:c,A2:c,R5:c "
          "white\"");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out,
            "E5-E4\nE6-A6xE2\nE6-A6xA2\nE6-A6xR1\nE6-A6xR3\nE6-A6xR5\nE6-A6\nE7-E8\nA5-A4\nA5-A6\n"
            "A7-A8\nA7-R7\nA7-A6\n");
}

}  // namespace
}  // namespace regula
