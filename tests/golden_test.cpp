// Golden tests beside scripts (NAME.tests next to NAME.lua, run by `regula
// test`): every bundled script passes its own, and an edited copy of a script
// fails with the .tests file and line of each expectation that changed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/golden_tests.h"
#include "cli_support.h"
#include "script/loader.h"

namespace {

using regula::test_support::CliRun;
using regula::test_support::run;
namespace fs = std::filesystem;

const std::string kRules = REGULA_RULES_DIR;

TEST(GoldenTests, EveryBundledScriptHasThemAndPassesThem) {
  CliRun r = run("test");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\ngolden tests: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" passed, 0 failed\n"), std::string::npos) << r.out;
  // Every game script `regula list` shows (the shared helpers are none) has a .tests file.
  CliRun list = run("list");
  ASSERT_EQ(list.code, 0) << list.out;
  std::istringstream lines(list.out);
  int scripts = 0;
  for (std::string line; std::getline(lines, line);) {
    const std::string name = line.substr(0, line.find(' '));
    ++scripts;
    EXPECT_TRUE(fs::exists(kRules + "/" + name + ".tests")) << name;
    EXPECT_NE(r.out.find(name + ": "), std::string::npos) << name << "\n" << r.out;
  }
  EXPECT_GE(scripts, 24);
}

TEST(GoldenTests, OneScriptByName) {
  CliRun r = run("test chess/orthodox");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "chess/orthodox: 6 passed, 0 failed\ngolden tests: 6 passed, 0 failed\n");
  CliRun typo = run("test chess/orthdox");
  EXPECT_EQ(typo.code, 1) << typo.out;
  EXPECT_NE(typo.out.find("did you mean chess/orthodox?"), std::string::npos) << typo.out;
}

// A copy of chess/orthodox without the pawn's double step, with its .tests
// copied beside it: each expectation that changed is named by its line.
TEST(GoldenTests, AnEditedScriptFailsWithTheLinesThatChanged) {
  const fs::path dir = fs::temp_directory_path() / "regula_golden_edit";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kRules + "/chess/orthodox.tests", dir / "orthodox.tests");
  std::ifstream in(kRules + "/chess/orthodox.lua");
  std::ofstream out(dir / "orthodox.lua");
  int removed = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.find("min = 2, max = 2, mode = \"move\", from = \"pawn_start\"") !=
        std::string::npos) {
      ++removed;
      continue;
    }
    out << line << "\n";
  }
  out.close();
  ASSERT_EQ(removed, 1);
  const std::string tests = (dir / "orthodox.tests").string();
  CliRun r = run("test " + (dir / "orthodox.lua").string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out,
            tests + ":8: legal moves differ: missing a2a4 b2b4 c2c4 d2d4 e2e4 f2f4 g2g4 h2h4\n" +
                tests + ":10: perft 1: expected 20, got 12\n" + tests +
                ":11: perft 2: expected 400, got 144\n" + tests +
                ":12: perft 3: expected 8902, got 2124\n" + tests +
                ":13: perft 4: expected 197281, got 31250\n" + tests +
                ":17: move 2 (e7e5): no legal move e7e5: out of reach: a pawn cannot move from e7 "
                "to e5; legal moves from e7: e7e6\n" +
                (dir / "orthodox.lua").string() + ": 0 passed, 6 failed\n" +
                "golden tests: 0 passed, 6 failed\n");
}

// What the runner refuses in a .tests file, by line.
TEST(GoldenTests, BadDirectivesAreFailuresWithTheirLine) {
  const fs::path dir = fs::temp_directory_path() / "regula_golden_bad";
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kRules + "/chess/orthodox.lua", dir / "orthodox.lua");
  std::ofstream(dir / "orthodox.tests") << "perft 1 20\n"
                                           "position startpos\n"
                                           "perft one 20\n"
                                           "frobnicate\n"
                                           "legal e2e4 e2e5\n"
                                           "position nonsense\n"
                                           "play e2e4\n"
                                           "result *\n";
  const std::string tests = (dir / "orthodox.tests").string();
  CliRun r = run("test " + (dir / "orthodox.lua").string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find(tests +
                       ":1: perft without a position (no position line before it, or it failed)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(tests + ":3: perft takes DEPTH COUNT\n"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find(
          tests +
          ":4: unknown directive 'frobnicate' (options, position, legal, perft, play, result)\n"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(tests + ":5: legal moves differ: missing e2e5; extra a2a3 a2a4"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(tests + ":6: position: position: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(tests +
                       ":7: play without a position (no position line before it, or it failed)\n"),
            std::string::npos)
      << r.out;
  // A line past kMaxInputLine, and a play line past kMaxRecordMoves: each
  // refused by its line (a 3 MB play line once took 1.1 GB).
  {
    std::ofstream f(dir / "orthodox.tests");
    f << "position startpos\nlegal " << std::string(2 << 20, 'x') << "\nplay";
    for (int i = 0; i < 5001; ++i) f << " g1f3 g8f6 f3g1 f6g8";
    f << "\n";
  }
  CliRun limits = run("test " + (dir / "orthodox.lua").string());
  EXPECT_EQ(limits.code, 1) << limits.out;
  EXPECT_NE(limits.out.find(tests + ":2: a line longer than 1 MiB (kMaxInputLine)\n"),
            std::string::npos)
      << limits.out;
  EXPECT_NE(limits.out.find(tests + ":3: play: more than 20000 moves (kMaxRecordMoves)\n"),
            std::string::npos)
      << limits.out;
  // A script with no .tests beside it is a failure too.
  fs::remove(dir / "orthodox.tests");
  CliRun none = run("test " + (dir / "orthodox.lua").string());
  EXPECT_EQ(none.code, 1) << none.out;
  EXPECT_NE(none.out.find("no golden tests (expected " + tests + ")"), std::string::npos)
      << none.out;
}

// A perft directive stops at its limit of decisions with a failure at its
// line, so that a golden file asking perft 32 ends (it once counted for hours).
TEST(GoldenTests, PerftStopsAtItsLimit) {
  const fs::path file = fs::temp_directory_path() / "regula_golden_perft_limit.tests";
  std::ofstream(file) << "position startpos\nperft 3 8902\nperft 4 197281\n";
  auto rules = regula::script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules.ok());
  auto report = regula::cli::run_golden_tests(file.string(), *rules, 1000);
  fs::remove(file);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->passed, 1);
  ASSERT_EQ(report->failed, 1);
  EXPECT_EQ(report->failures[0].text(),
            file.string() + ":3: perft 4: perft: stopped after 1000 moves, the limit of one count");
}

}  // namespace
