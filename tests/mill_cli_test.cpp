// The mill games in the terminal: the board drawn as three rings with their lines,
// a line formed by a typed move that asks for the removal, and what info tells.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/golden_tests.h"
#include "cli_support.h"
#include "script/loader.h"

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
      run("play mill/ishikulu --option removal=compulsory --seat black=human --position "
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

// What a removal after a line is, in describe's words: compulsory or optional as
// the option makes it, and how a player with three tokens flies.
TEST(MillCli, DescribeSaysWhetherTheRemovalIsCompulsory) {
  const std::string may =
      "pieces are taken only by the removal that follows a move (remove), and it is optional: "
      "the player may decline it\n";
  const std::string must =
      "pieces are taken only by the removal that follows a move (remove), and it is "
      "compulsory: the player must take a piece\n";
  CliRun ish = run("describe mill/ishikulu");
  ASSERT_EQ(ish.code, 0) << ish.out;
  EXPECT_NE(ish.out.find(may), std::string::npos) << ish.out;
  EXPECT_EQ(ish.out.find("capturing is never compulsory"), std::string::npos) << ish.out;
  EXPECT_NE(ish.out.find("phase fly: while pieces == 3\n"), std::string::npos) << ish.out;
  CliRun must_run = run("describe mill/ishikulu --option removal=compulsory");
  ASSERT_EQ(must_run.code, 0) << must_run.out;
  EXPECT_NE(must_run.out.find(must), std::string::npos) << must_run.out;
  CliRun blocked = run("describe mill/ishikulu --option flying=when-blocked");
  EXPECT_NE(blocked.out.find("phase fly: while pieces == 3, and only when the next phase gives "
                             "no move\n"),
            std::string::npos)
      << blocked.out;
  CliRun mora = run("describe mill/morabaraba");
  EXPECT_NE(mora.out.find(may.substr(0, may.find("(remove)")) + "(shoot), and it is optional"),
            std::string::npos)
      << mora.out;
}

// Ishikulu's golden file gives cases under its options (removal=compulsory,
// flying=when-blocked) with the options directive.
TEST(MillCli, GoldenTestsReadCasesUnderOptions) {
  CliRun ok = run("test mill/ishikulu");
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("mill/ishikulu: 12 passed, 0 failed\n"), std::string::npos) << ok.out;
  // (The options line itself: GoldenTests.OptionsLoadTheScriptAgainForTheCasesAfterThem.)
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
