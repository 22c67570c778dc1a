// scripts/bench's cheap parts: the figures --check reads from the tables the
// script writes, and a quick run of the threads section checked against a
// file of recorded figures, one far above and one far below what any machine
// measures, so that the outcome does not depend on the machine's speed. And
// how scripts/strength writes one part's table into BENCHMARKS.md.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <sys/wait.h>

namespace {

const std::string kBench = std::string(REGULA_TEST_DATA) + "/../../scripts/bench";
const std::string kStrength = std::string(REGULA_TEST_DATA) + "/../../scripts/strength";

struct Ran {
  int code = -1;
  std::string out;
};

Ran sh(const std::string& command) {
  Ran r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string written(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(BenchScript, FiguresAreReadFromTheTablesItWrites) {
  const std::string file =
      written("bench_figures.md",
              "# Benchmarks\n"
              "## Perft (leaves counted in bulk)\n\n"
              "| script | depth | nodes | seconds | nodes/s |\n"
              "|---|---|---|---|---|\n"
              "| chess/orthodox | 6 | 119060324 | 10.408 | 11439309 |\n"
              "## Random playouts from the start\n\n"
              "| script | games | seconds, 1 thread | games/s, 1 thread | "
              "games/s, 2 threads | mean plies | plies/s, 1 thread |\n"
              "|---|---|---|---|---|---|---|\n"
              "| chaturanga/four-handed dice=on | 20000 | 7.408 | 2699.8 | "
              "4793.9 | 616.19555 | 1663595 |\n"
              "## Some other table\n\n"
              "| perft chess/orthodox 6 | 5.5 | 5.5 | 1.000 |\n"
              "## Threads\n\n"
              "| command | threads | count | wall s | CPU s | CPU / wall | "
              "per wall second | speed-up |\n"
              "|---|---|---|---|---|---|---|---|\n"
              "| perft chess/orthodox 6 | 1 | 119060324 | 9.50 | 9.48 | 1.00 | "
              "12532665 |  |\n"
              "| perft chess/orthodox 6 | 2 | 119060324 | 5.00 | 9.90 | 1.98 | "
              "23812065 | 1.90 |\n");
  const Ran r = sh(kBench + " --figures " + file);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out,
            "perft chess/orthodox 6, nodes/s\t11439309\n"
            "playouts chaturanga/four-handed dice=on -n 20000, games/s, 1 thread\t2699.8\n"
            "playouts chaturanga/four-handed dice=on -n 20000, games/s, 2 threads\t4793.9\n"
            "perft chess/orthodox 6 on 1 thread, per wall second\t12532665\n"
            "perft chess/orthodox 6 on 2 threads, per wall second\t23812065\n");
}

TEST(BenchScript, TheQuickThreadsSectionIsCheckedAgainstTheRecordedFigures) {
  if (!std::filesystem::exists("/usr/bin/time"))
    GTEST_SKIP() << "scripts/bench needs /usr/bin/time (scripts/setup time installs it)";
  const std::string recorded = written(
      "bench_recorded.md",
      "## Threads\n\n"
      "| command | threads | count | wall s | CPU s | CPU / wall | per wall second | speed-up |\n"
      "|---|---|---|---|---|---|---|---|\n"
      "| perft chess/orthodox 4 | 1 | 197281 | 0 | 0 | 0 | 1000000000000 |  |\n"
      "| perft chess/orthodox 4 | 2 | 197281 | 0 | 0 | 0 | 1 | 1 |\n");
  const std::string run = kBench + " --quick --only threads --regula " + REGULA_BINARY;
  const Ran slow = sh(run + " --check --recorded " + recorded);
  EXPECT_EQ(slow.code, 1) << slow.out;
  for (const char* row :
       {"\n| perft chess/orthodox 4 | 1 | 197281 | ", "\n| perft chess/orthodox 4 | 2 | 197281 | ",
        "\n| selfplay chess/orthodox -n 20 --seed 1 | 2 | 20 | ",
        "\n| selfplay jetan/burroughs -n 20 --seed 1 | 1 | 20 | ",
        "\n  SLOWER        perft chess/orthodox 4 on 1 thread, per wall second: ",
        "\n  ok            perft chess/orthodox 4 on 2 threads, per wall second: ",
        "\n  not recorded  selfplay jetan/burroughs -n 20 --seed 1 on 2 threads, per wall second: ",
        "\n!!! scripts/bench --check: 1 of 2 figures more than 10% under "})
    EXPECT_NE(slow.out.find(row), std::string::npos) << row << "\n" << slow.out;
  const Ran bad = sh(kBench + " --only threads,nothing");
  EXPECT_EQ(bad.code, 2) << bad.out;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A part's table replaces the section of that part (whatever the engine's version
// in its heading), keeps every other section, and a new part is added at the
// end of "Playing strength", before the next chapter.
TEST(StrengthScript, WriteReplacesItsPartsSectionAndKeepsTheOthers) {
  const std::string into = written("strength_into.md",
                                   "# Benchmarks\n\n"
                                   "## Playing strength\n\n"
                                   "Intro.\n\n"
                                   "### Level 3 against the random player\n\n"
                                   "| a | old random row |\n\n"
                                   "### The top level against fairy-stockfish (Engine 1.0)\n\n"
                                   "Machine: old\n\n"
                                   "| b | old engine row |\n"
                                   "| b | another old engine row |\n\n"
                                   "### Games that end by the rules (level 3 against level 2)\n\n"
                                   "By hand.\n\n"
                                   "## A later chapter\n\n"
                                   "Kept.\n");
  // Writes a part's section, as --write does, into `into`.
  auto write = [&](const std::string& name, const std::string& section) {
    return sh(kStrength + " --into " + into + " --section " + written(name, section));
  };
  const Ran engine = write("strength_engine.md",
                           "### The top level against fairy-stockfish (Engine 2.0)\n\n"
                           "Machine: new\n\n"
                           "| b | new engine row |\n");
  ASSERT_EQ(engine.code, 0) << engine.out;
  const Ran time = write("strength_time.md",
                         "### The top level's search against fairy-stockfish at 1 s a move "
                         "(Engine 2.0)\n\n"
                         "| c | time row |\n");
  ASSERT_EQ(time.code, 0) << time.out;
  EXPECT_EQ(read(into),
            "# Benchmarks\n\n"
            "## Playing strength\n\n"
            "Intro.\n\n"
            "### Level 3 against the random player\n\n"
            "| a | old random row |\n\n"
            "### The top level against fairy-stockfish (Engine 2.0)\n\n"
            "Machine: new\n\n"
            "| b | new engine row |\n\n"
            "### Games that end by the rules (level 3 against level 2)\n\n"
            "By hand.\n\n"
            "### The top level's search against fairy-stockfish at 1 s a move (Engine 2.0)\n\n"
            "| c | time row |\n\n"
            "## A later chapter\n\n"
            "Kept.\n");
  const Ran missing = sh(kStrength + " --into " + into + " --section /nonexistent");
  EXPECT_EQ(missing.code, 2) << missing.out;
  const Ran odd = sh(kStrength + " --games 3");
  EXPECT_EQ(odd.code, 2) << odd.out;
}

}  // namespace
