// A flag fall in the records of `regula match`, made certain: the first player
// is a UCI engine (a shell script) that thinks for half a second over a move
// under a clock of a tenth of a second for the whole game, so its flag falls
// at its first move, before anything is played. Whether that loses or draws is
// FIDE's 6.9: it draws when the side with time left cannot win by any series
// of legal moves, which the clocks read as having nothing but royal pieces.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "cli_support.h"
#include "move_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::run;

// The engine: `uci`, `isready` and `quit` answered at once, `go` after half a
// second, with the white king's step a1a2.
std::string slow_engine() {
  const auto path = test_support::script_dir() / "slow_engine.sh";
  std::ofstream(path) << "#!/bin/sh\n"
                         "while IFS= read -r line; do\n"
                         "  case \"$line\" in\n"
                         "    uci) echo 'id name slow'; echo uciok;;\n"
                         "    isready) echo readyok;;\n"
                         "    go*) sleep 0.5; echo 'bestmove a1a2';;\n"
                         "    quit) exit 0;;\n"
                         "  esac\n"
                         "done\n";
  chmod(path.c_str(), 0755);
  return path.string();
}

// A 4x4 game of kings and rooks, checkmate wins: white a king and a rook, black
// a king and `black`'s pieces.
std::string kings_and_rooks(const std::string& name, const std::string& black) {
  return test_support::write_script(
      name,
      test_support::grid_game(
          4, 4,
          R"(piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
             piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)",
          R"(ends = { check = true, checkmate = "loss", stalemate = "draw" },)",
          R"({ white = { king = "a1", rook = "d1" }, black = { )" + black + " } }"));
}

struct Played {
  test_support::CliRun match;
  std::string records;
  test_support::CliRun replay;  // the records read back
};

// One game, the slow engine white, under a clock of 0.1 s; its records, and
// what `regula replay` says of them.
Played one_game(const std::string& script) {
  const std::string file = (test_support::script_dir() / "flag_fall_records.pgn").string();
  Played p;
  p.match = run("match " + script + " --players uci:" + slow_engine() +
                ",random -n 1 --threads 1 --seed 3 --tc 0.1 --records " + file);
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  p.records = text.str();
  p.replay = run("replay --rules-path " + test_support::script_dir().string() + " " + file);
  std::remove(file.c_str());
  return p;
}

TEST(CliMatchFlagFall, AgainstABareKingTheFlagFallIsRecordedAsADraw) {
  const Played p = one_game(kings_and_rooks("flag_fall_bare", R"(king = "c4")"));
  ASSERT_EQ(p.match.code, 0) << p.match.out;
  EXPECT_NE(p.records.find("[Result \"1/2-1/2\"]"), std::string::npos) << p.records;
  EXPECT_NE(p.records.find("[Termination \"white's time is up, but no other side can win\"]"),
            std::string::npos)
      << p.records;
  EXPECT_NE(p.records.find("[TimeControl \"0.1\"]"), std::string::npos) << p.records;
  // Nothing was played: the flag fell before the engine's move was made.
  EXPECT_NE(p.records.find("\n\n1/2-1/2\n"), std::string::npos) << p.records;
  EXPECT_EQ(p.replay.code, 0) << p.replay.out;
  EXPECT_NE(p.replay.out.find("result: 1/2-1/2 (white's time is up, but no other side can win, as "
                              "the record states)"),
            std::string::npos)
      << p.replay.out;
}

TEST(CliMatchFlagFall, AgainstAKingAndRookTheFlagFallLoses) {
  const Played p = one_game(kings_and_rooks("flag_fall_rook", R"(king = "c4", rook = "b4")"));
  ASSERT_EQ(p.match.code, 0) << p.match.out;
  EXPECT_NE(p.records.find("[Result \"0-1\"]"), std::string::npos) << p.records;
  EXPECT_NE(p.records.find("[Termination \"white loses on time\"]"), std::string::npos)
      << p.records;
  EXPECT_EQ(p.replay.code, 0) << p.replay.out;
  EXPECT_NE(p.replay.out.find("result: 0-1 (white loses on time, as the record states)"),
            std::string::npos)
      << p.replay.out;
}

}  // namespace
}  // namespace regula
