// The command line's records and positions: play --load, save, redo, resign,
// the seed, replay's report, refused record paths, script names, help and the
// version, and position strings that make no sense for their rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "cli_support.h"

namespace {

using regula::test_support::CliRun;
using regula::test_support::run;
namespace fs = std::filesystem;

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() / ("regula_cli_records_" + name)).string();
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CliRecords, SaveThenLoadGoesOnFromTheLastPosition) {
  const std::string saved = temp_path("saved.pgn");
  fs::remove(saved);
  CliRun first =
      run("play chess/orthodox --seat black=human --seed 1", "e4\ne5\nsave " + saved + "\nquit\n");
  EXPECT_EQ(first.code, 0) << first.out;
  EXPECT_TRUE(has(first.out, "record written to " + saved + "\n")) << first.out;
  EXPECT_EQ(read(saved),
            "[Event \"regula game\"]\n[Rules \"chess/orthodox\"]\n[Result \"*\"]\n\n"
            "1. e2e4 e7e5 *\n");
  // --load: the game goes on after its last move, with the seats given as usual.
  CliRun next =
      run("play --load " + saved + " --seat black=human --seed 1", "Nf3\nposition\nquit\n");
  EXPECT_EQ(next.code, 0) << next.out;
  EXPECT_TRUE(has(next.out, "going on from " + saved + " after 2 turns\n")) << next.out;
  EXPECT_TRUE(
      has(next.out, "black> rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"))
      << next.out;
  // RULES with --load is only for records without [Rules]; --position is refused.
  CliRun both = run("play --load " + saved + " --position startpos");
  EXPECT_EQ(both.code, 2) << both.out;
  CliRun none = run("play");
  EXPECT_EQ(none.code, 2) << none.out;
  EXPECT_TRUE(has(none.out, "name the RULES to play, or a record to go on from with --load FILE"))
      << none.out;
}

// The history comes with the record: a repetition counts the positions played before --load.
TEST(CliRecords, LoadKeepsTheRepetitionHistory) {
  const std::string saved = temp_path("repeat.pgn");
  std::ofstream(saved)
      << "[Rules \"chess/orthodox\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n";
  // The start position stood there twice (before move 1 and after 2...Ng8): the
  // third time, after 4...Ng8, is a draw by threefold repetition.
  CliRun r =
      run("play --load " + saved + " --seat white=human --seat black=human --seed 1", "Ng8\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "result: draw (3-fold repetition) 1/2-1/2\n")) << r.out;
}

TEST(CliRecords, LoadNamesTheFileAndLineOfABadRecord) {
  const std::string bad = temp_path("bad.pgn");
  std::ofstream(bad) << "[Rules \"chess/orthodox\"]\n\n1. e4 e5\n2. Ke3 *\n";
  CliRun r = run("play --load " + bad);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, bad + ":4:4: game 1, move 3 (Ke3): no legal move Ke3")) << r.out;
  CliRun replay = run("replay " + bad);
  EXPECT_EQ(replay.code, 1) << replay.out;
  EXPECT_TRUE(has(replay.out, bad + ":4:4: game 1, move 3 (Ke3): no legal move Ke3")) << replay.out;
}

TEST(CliRecords, ReplayPrintsTheBoardThePositionAndTheResult) {
  const std::string mate = temp_path("mate.pgn");
  std::ofstream(mate) << "[Rules \"chess/orthodox\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  CliRun r = run("replay " + mate);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out,
            "Chess (FIDE)\nmoves: 4\n"
            "8  r n b . k b n r\n7  p p p p . p p p\n6  . . . . . . . .\n"
            "5  . . . . p . . .\n4  . . . . . . P q\n3  . . . . . P . .\n"
            "2  P P P P P . . P\n1  R N B Q K B N R\n   a b c d e f g h\n"
            "position: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"
            "result: 0-1 (checkmate)\n");
}

// A record from elsewhere states how the game ended where its moves stop: a
// resignation, a loss on time (PGN's "time forfeit"), an agreed draw.
TEST(CliRecords, ReplayEndsTheGameAsTheRecordStates) {
  const std::pair<const char*, const char*> cases[] = {
      {"[Result \"1-0\"]\n", "result: 1-0 (black resigns, as the record states)\n"},
      {"[Result \"0-1\"]\n[Termination \"time forfeit\"]\n",
       "result: 0-1 (white loses on time, as the record states)\n"},
      {"[Result \"1/2-1/2\"]\n", "result: 1/2-1/2 (draw agreed, as the record states)\n"},
      {"[Result \"*\"]\n", "result: *\n"},
  };
  const std::string file = temp_path("stated.pgn");
  for (const auto& [tags, result] : cases) {
    std::ofstream(file) << "[Rules \"chess/orthodox\"]\n" << tags << "\n1. e4 e5 2. Nf3 *\n";
    CliRun r = run("replay " + file);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.substr(std::min(r.out.find("result: "), r.out.size())), result) << tags;
  }
  fs::remove(file);
}

TEST(CliRecords, ReplayRefusesAStatedResultTheMovesContradict) {
  const std::string file = temp_path("contradicted.pgn");
  std::ofstream(file) << "[Rules \"chess/orthodox\"]\n[Event \"?\"]\n[Result \"1-0\"]\n\n"
                         "1. f3 e5 2. g4 Qh4# 1-0\n";
  CliRun r = run("replay " + file);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out, file +
                       ":3: the record states [Result \"1-0\"], but its moves end the game 0-1 "
                       "(checkmate)\n");
  fs::remove(file);
}

TEST(CliRecords, UndoRedoResignAndHelp) {
  const std::string rec = temp_path("resign.pgn");
  fs::remove(rec);
  CliRun r = run("play chess/orthodox --seat black=human --seed 1 --record " + rec,
                 "help\ne4\ne5\nundo\nposition\nredo\nposition\nredo\nresign\n");
  EXPECT_EQ(r.code, 0) << r.out;
  for (const char* command :
       {"  moves ", "  board ", "  position ", "  undo ", "  redo ", "  draw ", "  accept ",
        "  resign ", "  save FILE ", "  help ", "  quit "})
    EXPECT_TRUE(has(r.out, std::string("\n") + command)) << command << "\n" << r.out;
  EXPECT_TRUE(has(r.out, "black> rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "white> rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "white> nothing to redo\n")) << r.out;
  EXPECT_TRUE(has(r.out, "result: black wins (white resigns) 0-1\n")) << r.out;
  EXPECT_EQ(read(rec),
            "[Event \"regula game\"]\n[Rules \"chess/orthodox\"]\n[Result \"0-1\"]\n"
            "[Termination \"white resigns\"]\n\n1. e2e4 e7e5 0-1\n");
  // The record says so, and replays to the same end.
  CliRun replay = run("replay " + rec);
  EXPECT_TRUE(has(replay.out, "result: 0-1 (white resigns, as the record states)\n")) << replay.out;
}

TEST(CliRecords, SaveRefusesAnUnwritablePathAndPlaysOn) {
  CliRun r = run("play chess/orthodox --seat black=human --seed 1",
                 "save /nonexistent-dir/game.pgn\ne4\nposition\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(
      has(r.out, "/nonexistent-dir/game.pgn: cannot write the record: No such file or directory\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "black> rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"))
      << r.out;
}

TEST(CliRecords, AnUnwritableRecordIsRefusedBeforeTheGame) {
  CliRun r = run("play chess/orthodox --record /nonexistent-dir/game.pgn", "e4\n");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(r.out,
            "/nonexistent-dir/game.pgn: cannot write the record: No such file or directory\n");
  const std::string dir = temp_path("dir");
  fs::create_directories(dir);
  CliRun d = run("play chess/orthodox --record " + dir);
  EXPECT_EQ(d.code, 1) << d.out;
  EXPECT_EQ(d.out, dir + ": cannot write the record: it is a directory\n");
  // A writable path is tried without leaving a file behind when the game is refused.
  const std::string fresh = temp_path("fresh.pgn");
  fs::remove(fresh);
  CliRun seat = run("play chess/orthodox --record " + fresh + " --seat black=robot");
  EXPECT_EQ(seat.code, 2) << seat.out;
  EXPECT_FALSE(fs::exists(fresh));
}

TEST(CliRecords, TheSeedIsChosenAndPrinted) {
  CliRun r = run("play chess/orthodox --seat white=random --seat black=random");
  EXPECT_EQ(r.code, 0) << r.out;
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(r.out, m, std::regex("^seed ([0-9]+): replay with --seed ([0-9]+)\n")))
      << r.out;
  EXPECT_EQ(m[1], m[2]);
  // The same seed plays the same game.
  CliRun again =
      run("play chess/orthodox --seat white=random --seat black=random --seed " + m[1].str());
  EXPECT_EQ(again.out, r.out.substr(m[0].length()));
  // Given, it is not printed.
  EXPECT_FALSE(has(again.out, "seed ")) << again.out;
}

TEST(CliRecords, NamesThatAreNotScripts) {
  CliRun typo = run("check chess/orthdox");
  EXPECT_EQ(typo.code, 1) << typo.out;
  EXPECT_TRUE(has(typo.out, "chess/orthdox: no script 'chess/orthdox' on the rules search path"))
      << typo.out;
  EXPECT_TRUE(has(typo.out, "; did you mean chess/orthodox?\n")) << typo.out;
  CliRun last = run("perft xiangqui 1");
  EXPECT_EQ(last.code, 1) << last.out;
  EXPECT_TRUE(has(last.out, "did you mean chess/xiangqi?")) << last.out;
  CliRun far = run("check zzzzzzzz");
  EXPECT_EQ(far.code, 1) << far.out;
  EXPECT_FALSE(has(far.out, "did you mean")) << far.out;
  CliRun file = run("check nonexist.lua");
  EXPECT_EQ(file.code, 1) << file.out;
  EXPECT_EQ(file.out, "nonexist.lua: no such file\n");
  // A file that exists is read as a file, whatever its name looks like.
  const std::string dir = temp_path("scripts");
  fs::create_directories(dir);
  std::ofstream(dir + "/mine.lua") << "return extends(\"chess/orthodox\", { title = \"Mine\" })\n";
  CliRun mine = run("check " + dir + "/mine.lua");
  EXPECT_EQ(mine.code, 0) << mine.out;
  EXPECT_EQ(mine.out, "ok: Mine\n");
}

TEST(CliRecords, HelpAndVersion) {
  CliRun v = run("--version");
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_TRUE(
      std::regex_match(v.out, std::regex("regula [0-9]+\\.[0-9]+( \\(commit [0-9a-f]+\\))?\n")))
      << v.out;
  CliRun h = run("help");
  EXPECT_EQ(h.code, 0) << h.out;
  for (const char* c : {"  list ", "  perft ", "  play ", "  replay ", "  test ", "  help "})
    EXPECT_TRUE(has(h.out, c)) << c << "\n" << h.out;
  CliRun p = run("help play");
  EXPECT_EQ(p.code, 0) << p.out;
  EXPECT_TRUE(has(p.out, "Usage: regula play [OPTIONS] [rules]")) << p.out;
  EXPECT_TRUE(has(p.out, "--load")) << p.out;
  CliRun bad = run("help frobnicate");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_TRUE(has(bad.out, "regula help: no command 'frobnicate' (commands: list,")) << bad.out;
}

// Position strings that cannot arise under their rules, on every command that reads one.
TEST(CliRecords, SenselessPositionsAreRefused) {
  struct Case {
    std::string rules, position, error;
  };
  const Case cases[] = {
      {"chess/orthodox", "4k3/8/8/8/8/8/8/8 w - - 0 1",
       "position: white has no king on the board, and the rules of check need one"},
      {"chess/orthodox", "rnbqkbnr/ppppp1pp/8/7Q/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
       "position: black, not to move, is in check (white could take its king)"},
      {"chess/orthodox", "P3k3/8/8/8/8/8/8/4K3 b - - 0 1",
       "position: white pawn on a8 could never move again and would have had to promote there"},
      // Shogi's knight two ranks from the far side: promotion is optional there
      // but forced where it could never move again.
      {"shogi/shogi", "4k4/8N/9/9/9/9/9/9/4K4[] b - - 0 1",
       "position: white knight on i8 could never move again and would have had to promote "
       "there"},
      // A man on the far row is crowned on arrival: an uncrowned one there cannot be.
      {"draughts/international", "W:W3:B30",
       "position: white man on f10 could never move again and would have had to promote there"},
      {"chess/xiangqi", "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1",
       "position: white has no general on the board, and the rules of check need one"},
  };
  for (const Case& c : cases) {
    for (const char* command : {"moves", "perft", "play"}) {
      const std::string args = std::string(command) + " " + c.rules +
                               (std::string(command) == "perft" ? " 1" : "") + " --position \"" +
                               c.position + "\"";
      CliRun r = run(args, "quit\n");
      EXPECT_EQ(r.code, 1) << args << "\n" << r.out;
      EXPECT_TRUE(has(r.out, c.error)) << args << "\n" << r.out;
    }
  }
  // UCI's position command says why, and keeps the position it had.
  CliRun uci =
      run("uci chess/orthodox", "uci\nposition fen 4k3/8/8/8/8/8/8/8 w - - 0 1\nisready\nquit\n");
  EXPECT_EQ(uci.code, 0) << uci.out;
  EXPECT_TRUE(has(uci.out,
                  "info string error: position fen '4k3/8/8/8/8/8/8/8 w - - 0 1': white has no "
                  "king on the board, and the rules of check need one\nreadyok\n"))
      << uci.out;
  // Where check is no rule, a missing king is no error: antichess's king is an ordinary piece.
  CliRun anti = run("perft chess/antichess 1 --position \"8/8/8/8/8/8/8/4K3 w - - 0 1\"");
  EXPECT_EQ(anti.code, 0) << anti.out;
}

}  // namespace
