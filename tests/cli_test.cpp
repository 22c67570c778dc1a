// The `regula` command as a user runs it: output and exit codes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_support.h"

namespace {

using regula::test_support::CliRun;
using regula::test_support::run;

std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

std::string temp_script(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(Cli, PerftPrintsTheCountLast) {
  CliRun r = run("perft chess/orthodox 3");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(last_line(r.out), "8902");
  CliRun d = run("perft chess/orthodox 2 --divide");
  EXPECT_EQ(d.code, 0) << d.out;
  EXPECT_EQ(last_line(d.out), "400");
  EXPECT_NE(d.out.find("e2e4 20\n"), std::string::npos) << d.out;
  CliRun p = run("perft chess/orthodox 2 --position \"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\"");
  EXPECT_EQ(last_line(p.out), "191") << p.out;
}

// perft split at the root over threads counts what one thread counts: chess
// perft 4 is the published 197,281 (Chess Programming Wiki, "Perft Results"),
// the divide lists the same first moves in the same order, a script with hooks
// counts on rules of each thread's own, and the move budget is that of the
// whole count.
TEST(Cli, PerftCountsTheSameOnEveryNumberOfThreads) {
  for (const char* threads : {"1", "2", "3"}) {
    CliRun r = run(std::string("perft chess/orthodox 4 --threads ") + threads);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(last_line(r.out), "197281") << threads;
  }
  CliRun one = run("perft chess/orthodox 3 --divide --threads 1");
  CliRun three = run("perft chess/orthodox 3 --divide --threads 3");
  EXPECT_EQ(one.code, 0) << one.out;
  EXPECT_EQ(three.out, one.out);
  EXPECT_NE(one.out.find("e2e4 600\n"), std::string::npos) << one.out;
  // Four seats and the dice: each throw expanded below the first moves.
  CliRun dice = run("perft chaturanga/four-handed 3 --option dice=on --roll 3 --threads 2");
  CliRun dice1 = run("perft chaturanga/four-handed 3 --option dice=on --roll 3 --threads 1");
  EXPECT_EQ(dice.code, 0) << dice.out;
  EXPECT_EQ(dice.out, dice1.out);
  // A rook on a 4x4 board that the filter keeps off a3: from a1 it has a2, a4, b1, c1
  // and d1 (counted by hand).
  const std::string hooked = temp_script("regula_threads_filter.lua", R"(return game {
  title = "filtered rooks", board = grid { width = 4, height = 4 },
  pieces = { piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } } },
  setup = { white = { rook = "a1" }, black = { rook = "d4" } },
  filter = function(pos, move) return move.to ~= "a3" end,
}
)");
  EXPECT_EQ(last_line(run("perft " + hooked + " 1").out), "5");
  CliRun h1 = run("perft " + hooked + " 5 --threads 1");
  CliRun h2 = run("perft " + hooked + " 5 --threads 2");
  EXPECT_EQ(h1.code, 0) << h1.out;
  EXPECT_EQ(h2.out, h1.out);
  CliRun budget = run("perft chess/orthodox 5 --max-moves 1000 --threads 2");
  EXPECT_EQ(budget.code, 1) << budget.out;
  EXPECT_NE(budget.out.find("perft: stopped after 1000 moves, the limit of one count"),
            std::string::npos)
      << budget.out;
  EXPECT_EQ(run("perft chess/orthodox 2 --threads 0").code, 2);
}

TEST(Cli, MovesAndPerftTakeTheThrowOfTheDice) {
  CliRun m = run("moves chaturanga/four-handed --option dice=on --roll 3");
  EXPECT_EQ(m.code, 0) << m.out;
  EXPECT_EQ(m.out, "b1c3\nb1a3\n");
  CliRun pass = run("moves chaturanga/four-handed --option dice=on --roll 6");
  EXPECT_EQ(pass.out, "pass\n");
  // Each throw of the second seat expanded, not counted as a ply (counted by hand):
  // after either Horse move of south, west's throws give 2: a8c6; 3: a7c6, a7c8;
  // 4: a pass (the Tower is shut in); 5: the Rajah's two steps and three leaps and
  // four Soldier steps; 1 and 6: a pass each. 15 each, 30 in all.
  CliRun p = run("perft chaturanga/four-handed 2 --option dice=on --roll 3");
  EXPECT_EQ(p.code, 0) << p.out;
  EXPECT_EQ(last_line(p.out), "30") << p.out;
  CliRun no_dice = run("moves chaturanga/four-handed --roll 3");
  EXPECT_EQ(no_dice.code, 1);
  EXPECT_NE(no_dice.out.find("--roll: this game has no dice"), std::string::npos) << no_dice.out;
  CliRun bad = run("moves chaturanga/four-handed --option dice=on --roll 7");
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("'7' is not a throw of this game's dice"), std::string::npos) << bad.out;
  CliRun twice =
      run("moves chaturanga/four-handed --option dice=on --roll 3 --position \"" +
          std::string("(wE)(wP)2(nK)(nR)(nN)(nE)/(wN)(wP)2(nP)(nP)(nP)(nP)/(wR)(wP)6/(wK)(wP)6/"
                      "6(eP)(eK)/6(eP)(eR)/(sP)(sP)(sP)(sP)2(eP)(eN)/(sE)(sN)(sR)(sK)2(eP)(eE) "
                      "south roll=3\""));
  EXPECT_EQ(twice.code, 1) << twice.out;
  EXPECT_NE(twice.out.find("does not wait for a throw"), std::string::npos) << twice.out;
}

TEST(Cli, PlayShowsTheMoneyTheThrowAndTheSeats) {
  CliRun r = run("play chaturanga/four-handed-stakes --seed 3", "quit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("stakes: south -5, west -5, north -5, east -5\npot: 20\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("south to roll"), std::string::npos) << r.out;
  // All four seats played by the random player to the end: the settled ledger,
  // frozen seats and the seat each throw is for are shown.
  CliRun all =
      run("play chaturanga/four-handed --option dice=on --seed 5 --seat south=random "
          "--seat west=random --seat north=random --seat east=random");
  EXPECT_EQ(all.code, 0) << all.out;
  EXPECT_NE(all.out.find("west: roll "), std::string::npos) << all.out;
  EXPECT_NE(all.out.find(" is frozen\n"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("result: "), std::string::npos) << all.out;
}

TEST(Cli, ListInfoMoves) {
  CliRun l = run("list");
  EXPECT_EQ(l.code, 0);
  EXPECT_NE(l.out.find("chess/orthodox"), std::string::npos) << l.out;
  CliRun i = run("info chess/orthodox");
  EXPECT_EQ(i.code, 0);
  EXPECT_NE(i.out.find("Chess (FIDE)"), std::string::npos) << i.out;
  EXPECT_NE(i.out.find("royal"), std::string::npos) << i.out;
  CliRun m = run("moves chess/orthodox");
  EXPECT_EQ(m.code, 0);
  EXPECT_NE(m.out.find("g1f3"), std::string::npos) << m.out;
  EXPECT_NE(m.out.find("Nf3"), std::string::npos) << m.out;
}

// info names the hooks a script defines, so that an author sees at once
// whether the rules play from compiled tables alone.
TEST(Cli, InfoNamesTheHooksAScriptDefines) {
  CliRun plain = run("info chess/orthodox");
  EXPECT_NE(plain.out.find("\nhooks: none\n"), std::string::npos) << plain.out;
  const std::string hooked =
      temp_script("regula_info_hooks.lua",
                  "return game { title = \"hooked\", board = grid { width = 3, height = 3 },\n"
                  "  filter = function(pos, move) return true end,\n"
                  "  evaluate = function(pos, seat) return 0 end,\n"
                  "  pieces = { piece { name = \"man\", symbol = \"M\",\n"
                  "    moves = { step { dirs = \"orthogonal\" } } } },\n"
                  "  setup = { white = { man = \"a1\" }, black = { man = \"c3\" } } }\n");
  CliRun i = run("info " + hooked);
  EXPECT_EQ(i.code, 0) << i.out;
  EXPECT_NE(i.out.find("\nhooks: filter, evaluate\n"), std::string::npos) << i.out;
}

TEST(Cli, CheckReportsScriptErrorsWithFileAndLine) {
  CliRun ok = run("check chess/orthodox");
  EXPECT_EQ(ok.code, 0);
  EXPECT_EQ(last_line(ok.out), "ok: Chess (FIDE)");

  std::string syntax =
      temp_script("regula_bad_syntax.lua", "return game {\n  title = \"x\"\n  board = \n");
  CliRun s = run("check " + syntax);
  EXPECT_EQ(s.code, 1) << s.out;
  EXPECT_NE(s.out.find("regula_bad_syntax.lua:"), std::string::npos) << s.out;

  std::string unknown =
      temp_script("regula_bad_field.lua",
                  "return game {\n  title = \"x\",\n  board = grid { width = 3, height = 3 },\n"
                  "  seats = { { name = \"a\" }, { name = \"b\" } },\n"
                  "  pieces = { piece { name = \"k\", symbol = \"K\", colour = 1 } },\n}\n");
  CliRun u = run("check " + unknown);
  EXPECT_EQ(u.code, 1) << u.out;
  EXPECT_NE(u.out.find("regula_bad_field.lua:5: unknown field 'colour'"), std::string::npos)
      << u.out;
}

TEST(Cli, UnknownOptionIsRefused) {
  CliRun r = run("info chess/orthodox --option nosuch=1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("nosuch"), std::string::npos) << r.out;
  CliRun bad = run("info chess/orthodox --option novalue");
  EXPECT_EQ(bad.code, 2) << bad.out;
}

TEST(Cli, OptionValueOutsideTheAllowedOnesIsRefused) {
  // The first script that declares options, if any is bundled.
  CliRun l = run("list");
  std::istringstream in(l.out);
  std::string line;
  while (std::getline(in, line)) {
    std::string name = line.substr(0, line.find(' '));
    CliRun i = run("info " + name);
    auto at = i.out.find("(allowed: ");
    if (at == std::string::npos) continue;
    auto start = i.out.rfind('\n', at) + 3;
    std::string option = i.out.substr(start, i.out.find(' ', start) - start);
    CliRun r = run("info " + name + " --option " + option + "=no-such-value");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("no-such-value"), std::string::npos) << r.out;
    return;
  }
}

TEST(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("frobnicate").code, 2);
  EXPECT_EQ(run("perft chess/orthodox").code, 2);
  EXPECT_EQ(run("perft chess/orthodox notanumber").code, 2);
  CliRun missing = run("perft no/such-script 1");
  EXPECT_EQ(missing.code, 1) << missing.out;
}

TEST(Cli, PlayTakesMovesAndRejectsIllegalOnes) {
  std::string record = (std::filesystem::temp_directory_path() / "regula_cli_test.pgn").string();
  std::filesystem::remove(record);
  CliRun r = run("play chess/orthodox --seat white=human --seat black=human --record " + record,
                 "e2e5\nf3\ne5\nnonsense\ng4\nmoves\nQh4#\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("no legal move e2e5: out of reach: a pawn cannot move from e2 to e5; "
                       "legal moves from e2: e2e3 e2e4"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("no legal move nonsense"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checkmate"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("black wins"), std::string::npos) << r.out;
  std::ifstream in(record);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("1. f2f3 e7e5 2. g2g4 d8h4 0-1"), std::string::npos) << text;
}

TEST(Cli, PlayEndsCleanlyOnEndOfInput) {
  CliRun r = run("play chess/orthodox --seat black=random --seed 5", "e4\nundo\ne4\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("black: "), std::string::npos) << r.out;
}

// A line without end at the prompt is refused naming the limit, and play
// goes on (held whole, it grew without bound and the game ended without a word).
TEST(Cli, PlayRefusesALineWithoutEnd) {
  CliRun r =
      run("play chess/orthodox --seat black=random --seed 5", std::string(2 << 20, 'x') + "\ne4\n");
  EXPECT_EQ(r.code, 0) << r.out.substr(0, 400);
  EXPECT_NE(r.out.find("a line longer than 1 MiB (kMaxInputLine) was ignored; type a move or "
                       "'help'\n"),
            std::string::npos)
      << r.out.substr(0, 400);
  EXPECT_NE(r.out.find("black: "), std::string::npos) << r.out.substr(0, 400);
}

// Seats are named by the script: Jetan's are black and orange, not white.
TEST(Cli, PlaySeatsAreTheScriptsOwn) {
  CliRun jetan = run("play jetan/burroughs --seat black=random --seat orange=random --seed 3");
  EXPECT_EQ(jetan.code, 0) << jetan.out;
  EXPECT_NE(jetan.out.find("orange: "), std::string::npos) << jetan.out;
  EXPECT_NE(jetan.out.find("result: "), std::string::npos) << jetan.out;
  CliRun white = run("play jetan/burroughs --seat white=human");
  EXPECT_EQ(white.code, 2) << white.out;
  EXPECT_NE(white.out.find("no seat named 'white'"), std::string::npos) << white.out;
  EXPECT_NE(white.out.find("(seats: black, orange)"), std::string::npos) << white.out;
  CliRun player = run("play chess/orthodox --seat white=robot");
  EXPECT_EQ(player.code, 2) << player.out;
  EXPECT_NE(player.out.find("seat white: not a player: say random, ai:LEVEL"), std::string::npos)
      << player.out;
  CliRun level = run("play chess/orthodox --seat black=ai:6");
  EXPECT_EQ(level.code, 2) << level.out;
  EXPECT_NE(level.out.find("seat black: ai takes a level from 1 to 5 (ai:3), not '6'"),
            std::string::npos)
      << level.out;
  CliRun bare = run("play chess/orthodox --seat white");
  EXPECT_EQ(bare.code, 2) << bare.out;
  EXPECT_NE(bare.out.find("--seat takes NAME=human, NAME=random or NAME=ai:LEVEL"),
            std::string::npos)
      << bare.out;
  // The colour options of chess are gone: seats say it for every game.
  EXPECT_EQ(run("play chess/orthodox --white human").code, 2);
}

TEST(Cli, SelfplayJsonParses) {
  CliRun r = run("selfplay chess/orthodox -n 3 --seed 1 --max-plies 60 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  EXPECT_EQ(j["games"], 3);
  EXPECT_TRUE(j["seats"].contains("white"));
  EXPECT_TRUE(j.contains("draw_rate"));
  EXPECT_TRUE(j.contains("mean_branching"));
  CliRun text = run("selfplay chess/orthodox -n 2 --seed 1 --max-plies 40");
  EXPECT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("draw rate"), std::string::npos) << text.out;
}

// Each game has its own seed, so the games and what they add up to are the same
// however many threads play them; another seed plays other games.
TEST(Cli, SelfplayIsTheSameOnAnyNumberOfThreads) {
  const std::string cmd = "selfplay mill/ishikulu -n 60 --json --seed ";
  CliRun one = run(cmd + "5 --threads 1");
  ASSERT_EQ(one.code, 0) << one.out;
  for (const char* threads : {"2", "3", "7"}) {
    CliRun many = run(cmd + "5 --threads " + threads);
    ASSERT_EQ(many.code, 0) << many.out;
    EXPECT_EQ(many.out, one.out) << threads << " threads";
  }
  auto j = nlohmann::json::parse(one.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << one.out;
  EXPECT_EQ(j["games"], 60);
  int decided = j["draws"].get<int>() + j["seats"]["white"]["wins"].get<int>() +
                j["seats"]["black"]["wins"].get<int>() + j["unfinished"].get<int>();
  EXPECT_EQ(decided, 60);
  EXPECT_NE(run(cmd + "6 --threads 2").out, one.out);
  EXPECT_EQ(run("selfplay mill/ishikulu --threads 0").code, 2);
}

}  // namespace
