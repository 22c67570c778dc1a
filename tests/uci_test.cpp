// UCI both ways: regula as an engine (the server, driven through string
// streams, pipes and the `regula uci` command) and external engines as
// players (fake engines written here as shell scripts, and Fairy-Stockfish
// when it is installed), with the move converter between them.

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "ai/player_spec.h"
#include "ai/random_turn.h"
#include "cli_support.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/engine_player.h"
#include "uci/players.h"
#include "uci/uci_move.h"
#include "uci/uci_server.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::Rules;

const char* const kFairy = "/usr/games/fairy-stockfish";

bool has_fairy() {
  return access(kFairy, X_OK) == 0;
}

std::string session(const Rules& r, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::serve(r, in, out);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The moves of every bestmove line, in order.
std::vector<std::string> bestmoves(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& l : lines_of(text))
    if (l.rfind("bestmove ", 0) == 0) out.push_back(l.substr(9, l.find(' ', 9) - 9));
  return out;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

Position after(const Rules& r, const std::string& fen, const std::vector<std::string>& moves) {
  auto p = fen.empty() ? Expected<Position>(Position(r)) : read_position(r, fen);
  EXPECT_TRUE(p) << fen;
  Position pos = *p;
  for (const std::string& m : moves) {
    auto t = uci::parse_uci(pos, m);
    EXPECT_TRUE(t) << m << ": " << (t ? "" : t.error().text());
    if (!t) break;
    for (const Move& s : t->steps) {
      Undo u;
      pos.make(s, u);
    }
  }
  return pos;
}

// Whether text is a legal UCI move of pos.
bool legal(Position pos, const std::string& text) {
  return static_cast<bool>(uci::parse_uci(pos, text));
}

void play(Position& pos, const Turn& t) {
  for (const Move& m : t.steps) {
    Undo u;
    pos.make(m, u);
  }
}

// ------------------------------------------------------------- uci_variant

std::string variant_script(const std::string& variant) {
  return "return game {\n  board = grid { width = 3, height = 3 },\n  uci_variant = " + variant +
         ",\n  pieces = { piece { name = \"a\", symbol = \"A\", moves = step { dirs = "
         "\"all\" } } },\n  setup = { white = { a = \"a1\" }, black = { a = \"c3\" } },\n}\n";
}

TEST(UciVariant, ScriptsNameTheirVariant) {
  EXPECT_EQ(presentation_of(*bundled("chess/orthodox")).uci_variant, "chess");
  EXPECT_EQ(presentation_of(*bundled("chess/shatranj")).uci_variant, "shatranj");
  EXPECT_EQ(presentation_of(*bundled("draughts/spanish")).uci_variant, "");
  EXPECT_EQ(presentation_of(*test_support::load("variant_ok", variant_script("\"my-chess_2\"")))
                .uci_variant,
            "my-chess_2");
}

TEST(UciVariant, BadNamesAreLocatedErrors) {
  const Error spaced = test_support::load_error("variant_spaced", variant_script("\"two words\""));
  EXPECT_TRUE(has(spaced.text(), "variant_spaced.lua:")) << spaced.text();
  EXPECT_TRUE(has(spaced.text(),
                  "uci_variant must be printable characters without spaces, not "
                  "'two words'"))
      << spaced.text();
  const Error long_name =
      test_support::load_error("variant_long", variant_script("\"" + std::string(65, 'v') + "\""));
  EXPECT_TRUE(has(long_name.text(), "uci_variant must have 1 to 64 characters, not 65"))
      << long_name.text();
  const Error empty = test_support::load_error("variant_empty", variant_script("\"\""));
  EXPECT_TRUE(has(empty.text(), "uci_variant must have 1 to 64 characters, not 0")) << empty.text();
  const Error number = test_support::load_error("variant_number", variant_script("3"));
  EXPECT_TRUE(has(number.text(), "uci_variant")) << number.text();
}

TEST(UciVariant, ExtendsDoesNotInheritIt) {
  auto changed = test_support::load("variant_extends",
                                    "return extends(\"chess/orthodox\", { title = \"Mine\" })\n");
  EXPECT_EQ(presentation_of(*changed).uci_variant, "");
  auto named = test_support::load(
      "variant_extends_named",
      "return extends(\"chess/orthodox\", { title = \"Mine\", uci_variant = \"chess\" })\n");
  EXPECT_EQ(presentation_of(*named).uci_variant, "chess");
}

// ---------------------------------------------------------------- the server

TEST(UciServer, ALineWithoutEndIsIgnoredWithinItsLimit) {
  // 2 MiB without a newline, then commands: the line is refused naming the
  // limit (held whole it grew without bound), and the session goes on; at the
  // end of input a line that never ended is refused the same way.
  auto r = bundled("chess/orthodox");
  const std::string flood(2 << 20, 'x');
  const std::string out = session(r, flood + "\nisready\n" + flood);
  EXPECT_EQ(out,
            "info string error: a line longer than 1 MiB (kMaxInputLine) was ignored\n"
            "readyok\n"
            "info string error: a line longer than 1 MiB (kMaxInputLine) was ignored\n");
}

TEST(InputLines, ReadWithinTheirLimit) {
  std::istringstream in("one\r\ntwo\n\nlong line\nlast");
  std::string line;
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "one");
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "two");
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "");
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kTooLong);
  EXPECT_EQ(line, "");
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(read_input_line(in, line, 8), LineRead::kEnd);
}

TEST(UciServer, HandshakeListsTheVariantAndTheOptions) {
  auto r = bundled("chess/orthodox");
  const std::string out = session(r, "uci\nisready\nquit\n");
  const auto lines = lines_of(out);
  ASSERT_GE(lines.size(), 6u) << out;
  EXPECT_EQ(lines[0], "id name regula");
  EXPECT_TRUE(has(out, "option name UCI_Variant type combo default chess var chess\n")) << out;
  EXPECT_TRUE(has(out, "option name Level type spin default 3 min 1 max 5\n")) << out;
  EXPECT_TRUE(has(out, "option name Seed type spin default 1 min 0 max 2147483647\n")) << out;
  EXPECT_TRUE(has(out, "option name Hash type spin default 16 min 1 max 4096\n")) << out;
  EXPECT_TRUE(has(out, "option name Threads type spin default 1 min 1 max 64\n")) << out;
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
  // Hash sizes the alpha-beta table: rules that MCTS plays have none; rules
  // without a uci_variant offer their name.
  const std::string four = session(bundled("chaturanga/four-handed"), "uci\n");
  EXPECT_FALSE(has(four, "name Hash")) << four;
  EXPECT_FALSE(has(four, "name Threads")) << four;
  EXPECT_TRUE(has(four, "default chaturanga/four-handed var chaturanga/four-handed")) << four;
}

TEST(UciServer, PlaysALegalMoveAfterStartposMoves) {
  auto r = bundled("chess/orthodox");
  const std::string out =
      session(r, "uci\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\n");
  const auto best = bestmoves(out);
  ASSERT_EQ(best.size(), 1u) << out;
  EXPECT_TRUE(legal(after(r, "", {"e2e4", "e7e5"}), best[0])) << out;
  // Each iteration once: the closing report that repeats the last is not written.
  int depth3 = 0;
  for (const auto& l : lines_of(out)) depth3 += l.rfind("info depth 3 seldepth ", 0) == 0;
  EXPECT_EQ(depth3, 1) << out;
  EXPECT_TRUE(has(out, " score cp ")) << out;
  EXPECT_TRUE(has(out, " pv " + best[0])) << out;
}

// Threads searches with that many threads together, on one budget of nodes;
// out of range, it is refused and the search keeps its threads.
TEST(UciServer, ThreadsSearchTogether) {
  auto r = bundled("chess/orthodox");
  const std::string out = session(r,
                                  "setoption name Threads value 0\n"
                                  "setoption name Threads value 3\n"
                                  "position startpos moves e2e4\ngo nodes 30000\n");
  EXPECT_TRUE(has(out,
                  "info string error: setoption: Threads takes a whole number from 1 to 64, "
                  "not '0'\n"))
      << out;
  const auto best = bestmoves(out);
  ASSERT_EQ(best.size(), 1u) << out;
  EXPECT_TRUE(legal(after(r, "", {"e2e4"}), best[0])) << out;
  // The last report counts the nodes of every thread: the budget, and less
  // than 256 more a thread, each telling the others what it searched every 256.
  uint64_t nodes = 0;
  for (const auto& l : lines_of(out))
    if (const size_t at = l.find(" nodes "); l.rfind("info ", 0) == 0 && at != std::string::npos)
      nodes = std::stoull(l.substr(at + 7));
  EXPECT_GE(nodes, 30000u) << out;
  EXPECT_LT(nodes, 30000u + 3 * 512) << out;
}

TEST(UciServer, GoNodesAndClocksAnswer) {
  auto r = bundled("chess/orthodox");
  const std::string out =
      session(r,
              "position startpos\ngo nodes 300\n"
              "position startpos moves d2d4\ngo wtime 2000 btime 2000 winc 10 binc 10\n"
              "position startpos moves d2d4 d7d5\ngo movetime 50\n"
              "go\n");
  const auto best = bestmoves(out);
  ASSERT_EQ(best.size(), 4u) << out;
  EXPECT_TRUE(legal(Position(r), best[0])) << out;
  EXPECT_TRUE(legal(after(r, "", {"d2d4"}), best[1])) << out;
  EXPECT_TRUE(legal(after(r, "", {"d2d4", "d7d5"}), best[2])) << out;
  EXPECT_TRUE(legal(after(r, "", {"d2d4", "d7d5"}), best[3])) << out;
}

// Every go with a single budget answers with a bestmove, where the server
// plays MCTS (four seats) and where it plays alpha-beta (chess). Each go is a
// session of its own: a go that followed would stop a search that never ends.
TEST(UciServer, EveryKindOfGoAnswers) {
  for (const char* name : {"chaturanga/four-handed", "chess/orthodox"}) {
    auto r = bundled(name);
    for (const char* go : {"go depth 1", "go depth 3", "go nodes 100", "go movetime 50",
                           "go wtime 1000 btime 1000", "go infinite\nstop"}) {
      const std::string out = session(r, std::string("position startpos\n") + go + "\n");
      const auto best = bestmoves(out);
      ASSERT_EQ(best.size(), 1u) << name << ": " << go << "\n" << out;
      EXPECT_TRUE(legal(Position(r), best[0])) << name << ": " << go << "\n" << out;
    }
  }
}

TEST(UciServer, ClockMillisSharesTheClock) {
  EXPECT_EQ(uci::clock_millis(60000, 0, -1), 60000 / uci::kClockMoves);
  EXPECT_EQ(uci::clock_millis(60000, 1000, -1), 60000 / uci::kClockMoves + 500);
  EXPECT_EQ(uci::clock_millis(60000, 0, 10), 6000);
  // The last move before the time control keeps a margin; a flagged clock still answers.
  EXPECT_EQ(uci::clock_millis(10000, 0, 1), 9500);
  EXPECT_EQ(uci::clock_millis(100, 0, 1), 50);
  EXPECT_EQ(uci::clock_millis(10, 0, -1), 1);
  EXPECT_EQ(uci::clock_millis(-500, 100, -1), 1);
  // The extremes of a 64-bit clock: no sum overflows (the sanitizers abort on
  // one), a flagged clock answers at once, a huge one as at the budget's bound.
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(uci::clock_millis(kMin, kMin, -1), 1);
  EXPECT_EQ(uci::clock_millis(kMin, kMax, 1), 1);
  // At the bound, less the margin of a twentieth.
  EXPECT_EQ(uci::clock_millis(kMax, kMax, 1), ai::kMaxBudgetMillis - ai::kMaxBudgetMillis / 20);
  EXPECT_EQ(uci::clock_millis(kMax, 0, kMax), ai::kMaxBudgetMillis / uci::kClockMoves);
}

TEST(UciServer, GoArgumentsBecomeTheBudget) {
  uci::GoArgs a;
  EXPECT_FALSE(uci::go_budget(a, 0).any());
  a.wtime = 60000;
  a.btime = 3000;
  a.winc = 1000;
  EXPECT_EQ(uci::go_budget(a, 0).millis, 60000 / uci::kClockMoves + 500);
  EXPECT_EQ(uci::go_budget(a, 1).millis, 3000 / uci::kClockMoves);
  a.movetime = 250;  // wins over the clock
  a.depth = 0;       // at least one ply
  a.nodes = 900;
  const ai::Budget b = uci::go_budget(a, 0);
  EXPECT_EQ(b.millis, 250);
  EXPECT_EQ(b.depth, 1);
  EXPECT_EQ(b.nodes, 900u);
  a.infinite = true;
  const ai::Budget inf = uci::go_budget(a, 0);
  EXPECT_EQ(inf.depth, 0);
  EXPECT_EQ(inf.nodes, 0u);
  EXPECT_GE(inf.millis, 24 * 3600 * 1000);
}

TEST(UciServer, FindsTheMateInOne) {
  auto r = bundled("chess/orthodox");
  const std::string out =
      session(r, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
  EXPECT_EQ(bestmoves(out), std::vector<std::string>{"a1a8"}) << out;
  EXPECT_TRUE(has(out, "score mate 1 ")) << out;
}

TEST(UciServer, PromotionsAndCastlingAreUciMoves) {
  auto r = bundled("chess/orthodox");
  const std::string out =
      session(r,
              "position fen 4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1 moves b7b8n e8f7 e1g1\nd\n"
              "go depth 1\n");
  EXPECT_FALSE(has(out, "error")) << out;
  ASSERT_EQ(bestmoves(out).size(), 1u) << out;
  EXPECT_TRUE(legal(after(r, "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1", {"b7b8n", "e8f7", "e1g1"}),
                    bestmoves(out)[0]));
}

TEST(UciServer, BadInputIsAnsweredWithAnErrorAndChangesNothing) {
  auto r = bundled("chess/orthodox");
  const std::string out = session(r,
                                  "position startpos moves e2e4 e2e4\n"
                                  "position fen rnbqkbnr/zzz w - - 0 1\n"
                                  "position fen\n"
                                  "position sideways\n"
                                  "setoption name Level value 9\n"
                                  "setoption name UCI_Variant value shatranj\n"
                                  "setoption name UCI_Variant value chess\n"
                                  "setoption name Nonsense value 1\n"
                                  "go depth x\n");
  const auto lines = lines_of(out);
  std::vector<std::string> errors;
  for (const auto& l : lines)
    if (l.rfind("info string error: ", 0) == 0) errors.push_back(l);
  ASSERT_EQ(errors.size(), 8u) << out;
  EXPECT_TRUE(has(errors[0], "position: move 2 (e2e4): 'e2e4' is not a legal move here")) << out;
  EXPECT_TRUE(has(errors[1], "position fen 'rnbqkbnr/zzz w - - 0 1': ")) << out;
  EXPECT_TRUE(has(errors[2], "position fen: no position string")) << out;
  EXPECT_TRUE(has(errors[3], "expected startpos or fen, not 'sideways'")) << out;
  EXPECT_TRUE(has(errors[4], "Level takes a whole number from 1 to 5, not '9'")) << out;
  EXPECT_TRUE(has(errors[5], "UCI_Variant 'shatranj' is not offered")) << out;
  EXPECT_TRUE(has(errors[6], "no option 'Nonsense'")) << out;
  EXPECT_TRUE(has(errors[7], "go: depth needs a whole number, not 'x'")) << out;
  // Nothing took effect: the search plays from the start.
  ASSERT_EQ(bestmoves(out).size(), 1u) << out;
  EXPECT_TRUE(legal(Position(r), bestmoves(out)[0])) << out;
}

TEST(UciServer, UnknownCommandsAreIgnored) {
  auto r = bundled("chess/orthodox");
  const std::string out = session(r, "xyzzy\ndebug on\nponderhit\n\nisready\n");
  EXPECT_EQ(out, "readyok\n");
}

TEST(UciServer, QuitEndsTheLoop) {
  auto r = bundled("chess/orthodox");
  const std::string out = session(r, "isready\nquit\nisready\ngo depth 1\n");
  EXPECT_EQ(out, "readyok\n");
}

TEST(UciServer, StopEndsAnInfiniteSearchWithALegalMove) {
  auto r = bundled("chess/orthodox");
  std::ostringstream out;
  {
    uci::Server server(r, out);
    server.handle("position startpos moves e2e4");
    server.handle("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    // An infinite search holds its answer until stop.
    EXPECT_TRUE(server.searching());
    server.handle("isready");
    server.handle("stop");
    EXPECT_FALSE(server.searching());
  }
  const auto best = bestmoves(out.str());
  ASSERT_EQ(best.size(), 1u) << out.str();
  EXPECT_TRUE(legal(after(r, "", {"e2e4"}), best[0])) << out.str();
  EXPECT_TRUE(has(out.str(), "readyok\n")) << out.str();
}

TEST(UciServer, AFinishedGameHasNoBestMove) {
  auto r = bundled("chess/orthodox");
  const std::string out =
      session(r, "position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\ngo depth 2\n");
  EXPECT_TRUE(has(out, "info string the game is over: ")) << out;
  EXPECT_EQ(bestmoves(out), std::vector<std::string>{"(none)"}) << out;
}

TEST(UciServer, LevelAndSeedChangeThePlayer) {
  auto r = bundled("chess/orthodox");
  // The same seed and budget give the same move.
  const std::string a = session(r,
                                "setoption name Seed value 7\nsetoption name Level value 1\n"
                                "position startpos\ngo nodes 200\n");
  const std::string b = session(r,
                                "setoption name Seed value 7\nsetoption name Level value 1\n"
                                "position startpos\ngo nodes 200\n");
  EXPECT_FALSE(has(a, "error")) << a;
  EXPECT_EQ(bestmoves(a), bestmoves(b));
}

// A command that needs the position (position, go, ucinewgame, setoption)
// stops a search still running, which answers with its bestmove, rather than
// waiting for it: stop and isready are read at once.
TEST(UciServer, CommandsDuringABoundedSearchStopIt) {
  auto r = bundled("chess/orthodox");
  std::ostringstream out;
  {
    uci::Server server(r, out);
    server.handle("position startpos");
    server.handle("go nodes 1000000000000");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(server.searching());
    server.handle("position startpos moves e2e4");
    EXPECT_FALSE(server.searching());
    server.handle("isready");
    server.handle("go depth 1");
  }
  const auto best = bestmoves(out.str());
  ASSERT_EQ(best.size(), 2u) << out.str();
  EXPECT_TRUE(legal(after(r, "", {}), best[0])) << out.str();
  EXPECT_TRUE(legal(after(r, "", {"e2e4"}), best[1])) << out.str();
  EXPECT_TRUE(has(out.str(), "readyok\n")) << out.str();
}

// The nodes of the last info line before the bestmove.
uint64_t last_nodes(const std::string& text) {
  uint64_t nodes = 0;
  for (const std::string& line : lines_of(text)) {
    const size_t at = line.find(" nodes ");
    if (line.rfind("info ", 0) == 0 && at != std::string::npos)
      nodes = std::stoull(line.substr(at + 7));
  }
  return nodes;
}

TEST(UciServer, LevelSetsTheBudgetOfAPlainGo) {
  auto r = bundled("chess/orthodox");
  const std::string weak = session(r, "setoption name Level value 1\nposition startpos\ngo\n");
  const std::string strong = session(r, "setoption name Level value 3\nposition startpos\ngo\n");
  ASSERT_EQ(bestmoves(weak).size(), 1u) << weak;
  ASSERT_EQ(bestmoves(strong).size(), 1u) << strong;
  // Within the level's budget (a search stops a little past it at most).
  EXPECT_GT(last_nodes(weak), 0u) << weak;
  EXPECT_LE(last_nodes(weak), 2 * ai::level_budget(*r, 1).nodes) << weak;
  EXPECT_GE(last_nodes(strong), ai::level_budget(*r, 2).nodes) << strong;
}

// ------------------------------------------------------------- the converter

// Every legal turn of pos has a UCI text of its own that reads back as it.
void expect_round_trip(Position& pos) {
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  const std::vector<std::string> texts = uci::uci_texts(pos, turns);
  std::set<std::string> seen;
  for (size_t i = 0; i < turns.size(); ++i) {
    EXPECT_TRUE(seen.insert(texts[i]).second) << texts[i] << " twice in " << write_position(pos);
    EXPECT_EQ(texts[i].find(' '), std::string::npos) << texts[i];
    auto back = uci::parse_uci(pos, texts[i]);
    ASSERT_TRUE(back) << texts[i] << ": " << back.error().text();
    ASSERT_EQ(back->steps.size(), turns[i].steps.size()) << texts[i];
    for (size_t k = 0; k < turns[i].steps.size(); ++k)
      EXPECT_TRUE(back->steps[k].same_decision(turns[i].steps[k]))
          << texts[i] << " in " << write_position(pos);
    EXPECT_EQ(uci::uci_text(pos, turns[i]), texts[i]);
  }
}

// Round trips along a random game from the start, and the turns seen.
std::set<std::string> random_game_round_trip(const Rules& r, uint64_t seed, int plies) {
  std::mt19937_64 rng(seed);
  Position pos(r);
  MoveList moves;
  std::set<std::string> all;
  for (int ply = 0; ply < plies; ++ply) {
    if (game_result(pos, moves).over || moves.empty()) break;
    if (!pos.awaiting_roll()) {
      expect_round_trip(pos);
      std::vector<Turn> turns;
      legal_turns(pos, turns);
      for (const auto& t : uci::uci_texts(pos, turns)) all.insert(t);
    }
    play(pos, random_turn(pos, moves, rng));
  }
  return all;
}

TEST(UciMove, ChessMovesRoundTrip) {
  auto r = bundled("chess/orthodox");
  Position special = after(r, "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", {});
  expect_round_trip(special);
  std::vector<Turn> turns;
  legal_turns(special, turns);
  std::set<std::string> texts;
  for (const auto& t : uci::uci_texts(special, turns)) texts.insert(t);
  for (const char* m : {"b7b8q", "b7b8n", "b7a8r", "e5d6", "e1g1", "e1c1"})
    EXPECT_TRUE(texts.count(m)) << m;
  for (uint64_t seed = 1; seed <= 3; ++seed) random_game_round_trip(r, seed, 200);
}

TEST(UciMove, APromotionNoLegalMoveMakesIsAnError) {
  auto shogi = bundled("shogi/shogi");
  Position pos = after(shogi, "", {"e3e4", "a7a6"});
  auto bad = uci::parse_uci(pos, "e4e5+");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().text(),
            "move: 'e4e5+' is not a legal move here: '+' asks for a promotion, and e4e5 cannot "
            "promote here");
  Position zone = after(shogi, "", {"e3e4", "a7a6", "e4e5", "a6a5", "e5e6", "a5a4"});
  auto promotes = uci::parse_uci(zone, "e6e7+");
  ASSERT_TRUE(promotes) << promotes.error().text();
  ASSERT_GE(promotes->first().promote, 0);
  EXPECT_EQ(shogi->types[promotes->first().promote].name, "tokin");
  auto stays = uci::parse_uci(zone, "e6e7");
  ASSERT_TRUE(stays) << stays.error().text();
  EXPECT_LT(stays->first().promote, 0);

  auto chess = bundled("chess/orthodox");
  Position rook = after(chess, "k7/4R3/8/8/8/8/8/4K3 w - - 0 1", {});
  auto no_promotion = uci::parse_uci(rook, "e7e8q");
  ASSERT_FALSE(no_promotion);
  EXPECT_EQ(no_promotion.error().text(),
            "move: 'e7e8q' is not a legal move here: 'q' asks for queen, and e7e8 cannot promote "
            "here");
}

TEST(UciMove, ShatranjMovesRoundTrip) {
  auto r = bundled("chess/shatranj");
  const auto seen = random_game_round_trip(r, 5, 300);
  EXPECT_TRUE(seen.count("b1c3")) << "start moves missing";
  // Promotion to the Ferz, the only choice, is written like any promotion.
  Position p = after(r, "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 1", {});
  expect_round_trip(p);
  EXPECT_TRUE(legal(p, "b7b8q"));
}

TEST(UciMove, DraughtsCapturesRoundTrip) {
  auto r = bundled("draughts/spanish");
  for (uint64_t seed = 1; seed <= 4; ++seed) random_game_round_trip(r, seed, 150);
}

TEST(UciMove, MillRemovalsJoinTheirMove) {
  auto r = bundled("mill/nine-mens-morris");
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = random_game_round_trip(r, seed, 200);
    seen.insert(s.begin(), s.end());
  }
  bool removal = false;
  for (const auto& t : seen) removal |= t.find('x') != std::string::npos;
  EXPECT_TRUE(removal) << "no turn with a removal was seen";
}

TEST(UciMove, AChosenPassIsTheRoyalsMoveToItsOwnSquare) {
  // Fairy-Stockfish writes janggi's pass as the king's move to its own square
  // and reads no other text; 0000 still names the pass here.
  auto r = test_support::load("uci_pass", R"(return game {
  title = "t",
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } } },
  setup = { white = { king = "a1" }, black = { king = "c3" } },
  pass = true,
  ends = { check = true },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  const std::vector<std::string> texts = uci::uci_texts(pos, turns);
  EXPECT_EQ(std::set<std::string>(texts.begin(), texts.end()),
            (std::set<std::string>{"a1a2", "a1b1", "a1a1"}));
  expect_round_trip(pos);
  auto null = uci::parse_uci(pos, "0000");
  ASSERT_TRUE(null) << null.error().text();
  ASSERT_EQ(null->steps.size(), 1u);
  EXPECT_TRUE(null->steps[0].is_pass());
  Position black = after(r, "", {"a1a1"});
  EXPECT_EQ(black.to_move(), 1);
}

TEST(UciMove, ParseNamesTheMoveAndWhy) {
  auto r = bundled("chess/orthodox");
  Position pos(r);
  auto bad = uci::parse_uci(pos, "e2e5");
  ASSERT_FALSE(bad);
  EXPECT_TRUE(has(bad.error().what, "'e2e5' is not a legal move here; legal: "))
      << bad.error().what;
  // Other letter case and the project's own texts are understood.
  EXPECT_TRUE(uci::parse_uci(pos, "E2E4"));
  EXPECT_TRUE(uci::parse_uci(pos, "Nf3"));
  Position over = after(r, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", {});
  auto done = uci::parse_uci(over, "g8h8");
  ASSERT_FALSE(done);
  EXPECT_TRUE(has(done.error().what, "the game is over")) << done.error().what;
}

TEST(UciMove, LineTextsGroupDecisionsIntoTurns) {
  auto r = bundled("chess/orthodox");
  Position pos(r);
  std::vector<Move> line;
  Position at = pos;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) {
    auto t = uci::parse_uci(at, m);
    ASSERT_TRUE(t);
    line.push_back(t->first());
    play(at, *t);
  }
  EXPECT_EQ(uci::uci_line(pos, line), (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
  // A decision that is not legal where it comes ends the line.
  line.insert(line.begin() + 1, line[0]);
  EXPECT_EQ(uci::uci_line(pos, line), std::vector<std::string>{"e2e4"});
}

// ------------------------------------------------------ engines as players

std::filesystem::path fake_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("regula_uci_" + std::to_string(getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

const std::string kFakeUci =
    "echo 'id name fake engine'; "
    "echo 'option name UCI_Variant type combo default chess var chess var shatranj'; "
    "echo 'option name Skill Level type spin default 20 min 0 max 20'; echo uciok";

// A minimal UCI engine as a shell script: each line it reads goes to
// NAME.sh.log; `uci`, `isready`, `go` and `quit` are answered as told.
std::string fake_engine(const std::string& name, const std::string& on_go,
                        const std::string& on_uci = kFakeUci, const std::string& more = "") {
  const auto path = fake_dir() / (name + ".sh");
  std::ofstream(path) << "#!/bin/sh\n"
                         "log=\"$0.log\"\n"
                         ": > \"$log\"\n"
                         "while IFS= read -r line; do\n"
                         "  echo \"$line\" >> \"$log\"\n"
                         "  case \"$line\" in\n"
                         "    uci) "
                      << on_uci << ";;\n"
                      << "    isready) echo readyok;;\n"
                      << more << "    go*) " << on_go << ";;\n"
                      << "    quit) exit 0;;\n"
                         "  esac\n"
                         "done\n";
  chmod(path.c_str(), 0755);
  return path.string();
}

std::string log_of(const std::string& engine) {
  std::ifstream in(engine + ".log");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const RuleError& e) {
    return e.error().text();
  }
  return "";
}

bool reaped(pid_t pid) {
  return waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

TEST(UciEngine, SpecSyntax) {
  auto e =
      uci::parse_engine_spec("uci:/usr/games/fairy-stockfish:depth=2,Skill Level=3,movetime=50");
  ASSERT_TRUE(e) << e.error().text();
  EXPECT_EQ(e->path, "/usr/games/fairy-stockfish");
  EXPECT_EQ(e->go.depth, 2);
  EXPECT_EQ(e->go.millis, 50);
  ASSERT_EQ(e->options.size(), 1u);
  EXPECT_EQ(e->options[0].first, "Skill Level");
  EXPECT_EQ(e->options[0].second, "3");
  for (auto [spec, what] : std::vector<std::pair<std::string, std::string>>{
           {"uci:", "the engine's program is missing"},
           {"uci:x:depth=0", "depth takes a whole number from 1 to 64, not '0'"},
           {"uci:x:nodes=many", "nodes takes a whole number"},
           {"uci:x:fast", "'fast' is not KEY=VALUE"},
           {"uci:x:", "'' is not KEY=VALUE"}}) {
    auto bad = uci::parse_engine_spec(spec);
    ASSERT_FALSE(bad) << spec;
    EXPECT_EQ(bad.error().where, spec);
    EXPECT_TRUE(has(bad.error().what, what)) << spec << ": " << bad.error().what;
  }
  auto none = uci::make_any_player("uci", bundled("chess/orthodox"), 1);
  ASSERT_FALSE(none);
  EXPECT_TRUE(has(none.error().what, "the engine's program is missing")) << none.error().what;
}

TEST(UciEngine, PlaysTheEnginesMoveAndTellsItTheGame) {
  auto r = bundled("chess/orthodox");
  const std::string engine =
      fake_engine("fixed",
                  "echo 'info depth 1 seldepth 2 score cp 12 nodes 5 time 1 pv e2e4 e7e5'; "
                  "echo 'info string thinking'; echo 'bestmove e2e4 ponder e7e5'");
  auto p = uci::make_any_player("uci:" + engine + ":depth=2,Skill Level=3", r, 1);
  ASSERT_TRUE(p) << p.error().text();
  std::vector<ai::SearchInfo> infos;
  (*p)->on_info([&](const ai::SearchInfo& i) { infos.push_back(i); });
  Position pos(r);
  const Turn t = (*p)->choose(pos);
  EXPECT_EQ(uci::uci_text(pos, t), "e2e4");
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].depth, 1);
  EXPECT_EQ(infos[0].seldepth, 2);
  EXPECT_EQ(infos[0].score, 12);
  EXPECT_EQ(infos[0].nodes, 5u);
  EXPECT_EQ(infos[0].pv.size(), 2u);
  // The opponent answers; the engine is told the game from its start, and
  // answers a move that is no longer legal.
  play(pos, t);
  play(pos, *uci::parse_uci(pos, "e7e5"));
  const std::string err = error_of([&] { (*p)->choose(pos); });
  EXPECT_TRUE(has(err, "the engine's bestmove 'e2e4' is not a legal move in ")) << err;
  const std::string log = log_of(engine);
  const std::string start = write_position(Position(r));
  EXPECT_TRUE(has(log,
                  "uci\nsetoption name UCI_Variant value chess\n"
                  "setoption name Skill Level value 3\nucinewgame\nisready\n"
                  "position fen " +
                      start +
                      "\ngo depth 2\n"
                      "position fen " +
                      start + " moves e2e4 e7e5\ngo depth 2\n"))
      << log;
  // The budget adds the go arguments the spec does not set.
  (*p)->set_budget(ai::Budget{100, 7, 30});
  auto* engine_player = dynamic_cast<uci::EnginePlayer*>(p->get());
  ASSERT_NE(engine_player, nullptr);
  EXPECT_EQ(engine_player->go_command(), "go depth 2 nodes 100 movetime 30");
  EXPECT_EQ(engine_player->engine_name(), "fake engine");
  const pid_t pid = engine_player->pid();
  ASSERT_GT(pid, 0);
  p->reset();
  EXPECT_TRUE(reaped(pid));
  EXPECT_TRUE(has(log_of(engine), "quit\n"));
}

TEST(UciEngine, HandshakeErrorsNameWhatIsWrong) {
  auto chess = bundled("chess/orthodox");
  auto missing = uci::make_any_player("uci:/nonexistent/engine", chess, 1);
  ASSERT_FALSE(missing);
  EXPECT_TRUE(
      has(missing.error().text(), "uci:/nonexistent/engine: cannot run '/nonexistent/engine': "))
      << missing.error().text();
  const std::string only_chess =
      fake_engine("only_chess", "echo 'bestmove e2e4'",
                  "echo 'option name UCI_Variant type combo default chess var chess'; echo uciok");
  auto shatranj = uci::make_any_player("uci:" + only_chess, bundled("chess/shatranj"), 1);
  ASSERT_FALSE(shatranj);
  EXPECT_TRUE(has(shatranj.error().what,
                  "the engine does not offer UCI_Variant 'shatranj', which these rules name "
                  "(it offers: chess)"))
      << shatranj.error().what;
  // Rules that name no variant, against an engine of several: it would play
  // its default variant on their positions.
  const std::string several = fake_engine(
      "several", "echo 'bestmove e2e4'",
      "echo 'option name UCI_Variant type combo default chess var chess var shatranj'; echo uciok");
  auto draughts = uci::make_any_player("uci:" + several, bundled("draughts/spanish"), 1);
  ASSERT_FALSE(draughts);
  EXPECT_TRUE(has(draughts.error().what, "these rules name none")) << draughts.error().what;
  auto option = uci::make_any_player("uci:" + only_chess + ":Threads=2", chess, 1);
  ASSERT_FALSE(option);
  EXPECT_TRUE(
      has(option.error().what, "the engine has no option 'Threads' (its options: UCI_Variant)"))
      << option.error().what;
  const std::string dies = fake_engine("dies_at_uci", "true", "exit 4");
  auto died = uci::make_any_player("uci:" + dies, chess, 1);
  ASSERT_FALSE(died);
  EXPECT_TRUE(has(died.error().what, "the engine exited with status 4 before uciok"))
      << died.error().what;
  // An engine that floods its handshake: a line without end, or options
  // without end, is an error naming the limit, not memory filled.
  const std::string long_line =
      fake_engine("long_line", "true", "head -c 2000000 /dev/zero | tr '\\0' x; echo; echo uciok");
  auto flooded = uci::make_any_player("uci:" + long_line, chess, 1);
  ASSERT_FALSE(flooded);
  EXPECT_TRUE(
      has(flooded.error().what, "the engine sent a line longer than 1 MiB (kMaxLine) before uciok"))
      << flooded.error().what;
  const std::string many = fake_engine(
      "many_options", "true",
      "i=0; while [ $i -lt 5000 ]; do echo \"option name o$i type check default false\"; "
      "i=$((i+1)); done; echo uciok");
  auto listed = uci::make_any_player("uci:" + many, chess, 1);
  ASSERT_FALSE(listed);
  EXPECT_TRUE(
      has(listed.error().what, "the engine lists more than 4096 options (kMaxEngineOptions)"))
      << listed.error().what;
  // A program that is no UCI engine: cat echoes, and never says uciok.
  uci::EngineTimeouts quick;
  quick.handshake_ms = 300;
  uci::EnginePlayer cat("uci:cat", *uci::parse_engine_spec("uci:cat"), chess, quick);
  auto silent = cat.start();
  ASSERT_TRUE(silent);
  EXPECT_TRUE(has(silent->what, "no uciok within 300 ms")) << silent->what;
  EXPECT_EQ(cat.pid(), -1);
}

TEST(UciEngine, AnEngineThatDiesIsAnError) {
  auto r = bundled("chess/orthodox");
  const std::string engine = fake_engine("dies", "exit 3");
  auto p = uci::make_any_player("uci:" + engine, r, 1);
  ASSERT_TRUE(p) << p.error().text();
  auto* e = dynamic_cast<uci::EnginePlayer*>(p->get());
  const pid_t pid = e->pid();
  Position pos(r);
  const std::string err = error_of([&] { (*p)->choose(pos); });
  EXPECT_TRUE(has(err, "the engine exited with status 3 before answering 'go movetime 1000'"))
      << err;
  EXPECT_TRUE(reaped(pid));
  EXPECT_EQ(e->pid(), -1);
  const std::string again = error_of([&] { (*p)->choose(pos); });
  EXPECT_TRUE(has(again, "the engine is not running (it exited with status 3)")) << again;
}

TEST(UciEngine, AnEngineThatNeverAnswersTimesOut) {
  auto r = bundled("chess/orthodox");
  const std::string engine = fake_engine("silent", "true");
  uci::EngineTimeouts t;
  t.margin_ms = 300;
  const std::string spec = "uci:" + engine + ":movetime=100";
  uci::EnginePlayer p(spec, *uci::parse_engine_spec(spec), r, t);
  ASSERT_FALSE(p.start());
  const pid_t pid = p.pid();
  Position pos(r);
  const auto begin = std::chrono::steady_clock::now();
  const std::string err = error_of([&] { p.choose(pos); });
  const auto spent = std::chrono::steady_clock::now() - begin;
  EXPECT_TRUE(has(err, "no bestmove within 400 ms of 'go movetime 100'; the engine was stopped"))
      << err;
  EXPECT_LT(spent, std::chrono::seconds(5));
  EXPECT_TRUE(reaped(pid));
}

TEST(UciEngine, StopAsksTheEngineForItsMove) {
  auto r = bundled("chess/orthodox");
  // It thinks until told to stop.
  const std::string engine =
      fake_engine("waits", "true", kFakeUci, "    stop) echo 'bestmove g1f3';;\n");
  uci::EngineTimeouts t;
  t.unbounded_ms = 20'000;
  const std::string spec = "uci:" + engine + ":depth=30";
  uci::EnginePlayer p(spec, *uci::parse_engine_spec(spec), r, t);
  ASSERT_FALSE(p.start());
  Position pos(r);
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = true;
  });
  const Turn turn = p.choose(pos, &stop);
  stopper.join();
  EXPECT_EQ(uci::uci_text(pos, turn), "g1f3");
  EXPECT_TRUE(has(log_of(engine), "go depth 30\nstop\n")) << log_of(engine);
}

TEST(UciEngine, NewGameStartsTheGameAgain) {
  auto r = bundled("chess/orthodox");
  const std::string engine = fake_engine("newgame", "echo 'bestmove e2e4'");
  auto p = uci::make_any_player("uci:" + engine, r, 1);
  ASSERT_TRUE(p) << p.error().text();
  Position pos(r);
  (*p)->choose(pos);
  (*p)->new_game();
  (*p)->choose(pos);
  const std::string log = log_of(engine);
  const std::string start = write_position(pos);
  EXPECT_TRUE(has(log, "go movetime 1000\nucinewgame\nisready\nposition fen " + start + "\n"))
      << log;
}

// Each kind of budget goes to the engine as the go argument of its kind.
TEST(UciEngine, EveryBudgetIsPassedOnAsGo) {
  auto r = bundled("chess/orthodox");
  const std::string engine = fake_engine("budgets", "echo 'bestmove e2e4'");
  auto p = uci::make_any_player("uci:" + engine, r, 1);
  ASSERT_TRUE(p) << p.error().text();
  Position pos(r);
  for (const ai::Budget& b : {ai::Budget{0, 1, 0}, ai::Budget{100, 0, 0}, ai::Budget{0, 0, 50}}) {
    (*p)->set_budget(b);
    EXPECT_EQ(uci::uci_text(pos, (*p)->choose(pos)), "e2e4");
  }
  const std::string log = log_of(engine);
  EXPECT_TRUE(has(log, "\ngo depth 1\n")) << log;
  EXPECT_TRUE(has(log, "\ngo nodes 100\n")) << log;
  EXPECT_TRUE(has(log, "\ngo movetime 50\n")) << log;
}

// An engine given a depth or a node count, with no time, is still waited for
// only so long.
TEST(UciEngine, AnEngineThatNeverAnswersADepthOrNodesIsStopped) {
  auto r = bundled("chess/orthodox");
  const std::string engine = fake_engine("silent_depth", "true");
  uci::EngineTimeouts t;
  t.unbounded_ms = 300;
  for (const auto& [b, go] : {std::pair{ai::Budget{0, 1, 0}, std::string("go depth 1")},
                              std::pair{ai::Budget{100, 0, 0}, std::string("go nodes 100")}}) {
    const std::string spec = "uci:" + engine;
    uci::EnginePlayer p(spec, *uci::parse_engine_spec(spec), r, t);
    ASSERT_FALSE(p.start());
    p.set_budget(b);
    const pid_t pid = p.pid();
    Position pos(r);
    const std::string err = error_of([&] { p.choose(pos); });
    EXPECT_TRUE(has(err, "no bestmove within 300 ms of '" + go + "'; the engine was stopped"))
        << err;
    EXPECT_TRUE(reaped(pid));
  }
}

// Fairy-Stockfish under each kind of budget answers a legal move and says
// what it searched.
TEST(UciEngine, FairyStockfishAnswersUnderEveryBudget) {
  if (!has_fairy()) GTEST_SKIP() << kFairy << " is not installed (apt-get install fairy-stockfish)";
  auto r = bundled("chess/orthodox");
  auto p = uci::make_any_player(std::string("uci:") + kFairy, r, 1);
  ASSERT_TRUE(p) << p.error().text();
  Position pos(r);
  for (const ai::Budget& b : {ai::Budget{0, 1, 0}, ai::Budget{100, 0, 0}, ai::Budget{0, 0, 50}}) {
    std::vector<ai::SearchInfo> infos;
    (*p)->on_info([&](const ai::SearchInfo& i) { infos.push_back(i); });
    (*p)->set_budget(b);
    const Turn t = (*p)->choose(pos);
    EXPECT_TRUE(legal(pos, uci::uci_text(pos, t)));
    ASSERT_FALSE(infos.empty());
    if (b.depth) {
      EXPECT_EQ(infos.back().depth, 1);
    }
  }
}

// --------------------------------------------------------- whole games

// Plays a game between two players (seat 0 first) to its end or max_plies,
// checking every turn is legal; returns the result.
Result play_game(const Rules& r, ai::Player& first, ai::Player& second, int max_plies) {
  Position pos(r);
  MoveList moves;
  for (int ply = 0; ply < max_plies; ++ply) {
    const Result res = game_result(pos, moves);
    if (res.over) return res;
    ai::Player& p = pos.decider() == 0 ? first : second;
    const Turn t = p.choose(pos);
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    const bool ok = std::any_of(turns.begin(), turns.end(), [&](const Turn& l) {
      if (l.steps.size() != t.steps.size()) return false;
      for (size_t k = 0; k < l.steps.size(); ++k)
        if (!l.steps[k].same(t.steps[k])) return false;
      return true;
    });
    EXPECT_TRUE(ok) << p.name() << " played an illegal turn in " << write_position(pos);
    if (!ok) return Result{};
    play(pos, t);
  }
  return game_result(pos, moves);
}

TEST(UciEngine, FairyStockfishPlaysAGameAgainstRegula) {
  if (!has_fairy()) GTEST_SKIP() << kFairy << " is not installed (apt-get install fairy-stockfish)";
  auto r = bundled("chess/orthodox");
  auto ours = uci::make_any_player("ai:1", r, 1);
  auto fairy = uci::make_any_player(std::string("uci:") + kFairy + ":depth=1", r, 1);
  ASSERT_TRUE(ours) << ours.error().text();
  ASSERT_TRUE(fairy) << fairy.error().text();
  const Result res = play_game(r, **ours, **fairy, 1000);
  EXPECT_TRUE(res.over);
}

// Fairy-Stockfish's own move list (go perft 1) for a position of ours.
std::set<std::string> fairy_moves(const std::string& variant, const std::string& fen) {
  const auto in = fake_dir() / "perft_input.txt";
  std::ofstream(in) << "uci\nsetoption name UCI_Variant value " << variant << "\nposition fen "
                    << fen << "\ngo perft 1\nquit\n";
  const std::string cmd = std::string(kFairy) + " < " + in.string();
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; p && (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  if (p) pclose(p);
  std::set<std::string> moves;
  for (const auto& l : lines_of(out)) {
    const size_t colon = l.find(": ");
    if (colon != std::string::npos && l.rfind("Nodes", 0) != 0 && l.find(' ') > colon)
      moves.insert(l.substr(0, colon));
  }
  return moves;
}

TEST(UciEngine, FairyStockfishAgreesOnTheMovesOfShatranjAndChess) {
  if (!has_fairy()) GTEST_SKIP() << kFairy << " is not installed (apt-get install fairy-stockfish)";
  // Promotions, castling and en passant, then positions of random games.
  const std::vector<std::pair<const char*, const char*>> fixed = {
      {"chess/shatranj", "4k3/1P5p/8/8/8/8/7P/4K3 w - - 0 1"},
      {"chess/orthodox", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"}};
  for (const auto& [name, fen] : fixed) {
    auto r = bundled(name);
    Position pos = after(r, fen, {});
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    const auto texts = uci::uci_texts(pos, turns);
    EXPECT_EQ(std::set<std::string>(texts.begin(), texts.end()),
              fairy_moves(presentation_of(*r).uci_variant, fen))
        << name << " at " << fen;
  }
  for (const char* name : {"chess/shatranj", "chess/orthodox"}) {
    auto r = bundled(name);
    std::mt19937_64 rng(11);
    Position pos(r);
    MoveList moves;
    for (int ply = 0; ply < 60 && !game_result(pos, moves).over; ++ply) {
      if (ply % 6 == 0) {
        std::vector<Turn> turns;
        legal_turns(pos, turns);
        const auto texts = uci::uci_texts(pos, turns);
        const std::set<std::string> ours(texts.begin(), texts.end());
        const std::string fen = write_position(pos);
        EXPECT_EQ(ours, fairy_moves(presentation_of(*r).uci_variant, fen)) << name << " at " << fen;
      }
      play(pos, random_turn(pos, moves, rng));
    }
  }
}

// --------------------------------------------- regula uci over real pipes

// A program that runs `regula uci RULES`, for the engine player.
std::string regula_engine(const std::string& rules) {
  const auto path =
      fake_dir() / ("regula_" + std::to_string(std::hash<std::string>{}(rules)) + ".sh");
  std::ofstream(path) << "#!/bin/sh\nexec \"" << REGULA_BINARY << "\" uci " << rules << "\n";
  chmod(path.c_str(), 0755);
  return path.string();
}

TEST(UciEngine, RegulaUciPlaysRegulaOverPipes) {
  auto r = bundled("chess/orthodox");
  auto engine =
      uci::make_any_player("uci:" + regula_engine("chess/orthodox") + ":nodes=200,Level=2", r, 1);
  ASSERT_TRUE(engine) << engine.error().text();
  auto ours = uci::make_any_player("ai:1", r, 2);
  ASSERT_TRUE(ours) << ours.error().text();
  std::vector<ai::SearchInfo> infos;
  (*engine)->on_info([&](const ai::SearchInfo& i) { infos.push_back(i); });
  play_game(r, **engine, **ours, 60);
  EXPECT_FALSE(infos.empty());
  // And draughts, which has no UCI variant: its moves cross the pipes too.
  auto d = bundled("draughts/spanish");
  auto a = uci::make_any_player("uci:" + regula_engine("draughts/spanish") + ":nodes=100", d, 1);
  auto b = uci::make_any_player("random", d, 3);
  ASSERT_TRUE(a) << a.error().text();
  play_game(d, **a, **b, 80);
}

TEST(UciEngine, FairyStockfishPlaysRegulaUci) {
  if (!has_fairy()) GTEST_SKIP() << kFairy << " is not installed (apt-get install fairy-stockfish)";
  auto r = bundled("chess/shatranj");
  auto fairy = uci::make_any_player(std::string("uci:") + kFairy + ":depth=1", r, 1);
  auto regula = uci::make_any_player("uci:" + regula_engine("chess/shatranj") + ":nodes=300", r, 1);
  ASSERT_TRUE(fairy) << fairy.error().text();
  ASSERT_TRUE(regula) << regula.error().text();
  // Every turn is checked legal as it is played; the game reaches its end (the
  // 70-move rule and repetition bound it long before the cap).
  const Result res = play_game(r, **regula, **fairy, 2000);
  EXPECT_TRUE(res.over);
}

TEST(UciCli, RegulaUciAnswersOnStdinAndStdout) {
  using test_support::run;
  auto r = bundled("chess/orthodox");
  const auto out =
      run("uci chess/orthodox", "uci\nisready\nposition startpos moves e2e4\ngo depth 2\n");
  EXPECT_EQ(out.code, 0) << out.out;
  EXPECT_TRUE(has(out.out, "option name UCI_Variant type combo default chess var chess\n"))
      << out.out;
  EXPECT_TRUE(has(out.out, "uciok\nreadyok\n")) << out.out;
  const auto best = bestmoves(out.out);
  ASSERT_EQ(best.size(), 1u) << out.out;
  EXPECT_TRUE(legal(after(r, "", {"e2e4"}), best[0])) << out.out;
  // Four seats, where the server plays MCTS: a depth alone ends its search.
  auto four = bundled("chaturanga/four-handed");
  const auto depth = run("uci chaturanga/four-handed", "go depth 1\n");
  EXPECT_EQ(depth.code, 0) << depth.out;
  const auto four_best = bestmoves(depth.out);
  ASSERT_EQ(four_best.size(), 1u) << depth.out;
  EXPECT_TRUE(legal(Position(four), four_best[0])) << depth.out;
  const auto bad = run("uci no/such-rules", "uci\n");
  EXPECT_EQ(bad.code, 1) << bad.out;
}

}  // namespace
}  // namespace regula
