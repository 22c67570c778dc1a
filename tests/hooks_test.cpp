// Script hooks as the engine runs them: a hook's pos handle dies with its call,
// the instruction budget holds across nested calls and pcall, a failing hook
// stops the game with its error (in the library and on the command line),
// generated moves are never quietly shortened, and two threads can run the same
// script's hooks at once.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.h"
#include "core/filter_each.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/rule_error.h"
#include "script/loader.h"
#include "script/lua_hooks.h"
#include "script_support.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using Rules = std::shared_ptr<const Ruleset>;

using namespace test_support;

// "file:line" of the first line of a script that contains marker.
std::string where(const std::string& name, const std::string& text, const std::string& marker) {
  size_t at = text.find(marker);
  EXPECT_NE(at, std::string::npos) << marker;
  int line = 1;
  for (size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return (script_dir() / (name + ".lua")).string() + ":" + std::to_string(line);
}

// A two-player game on a w x h grid with the given pieces, setup and hooks.
std::string grid_game(int w, int h, const std::string& pieces, const std::string& setup,
                      const std::string& hooks) {
  return "return game {\n  title = \"t\",\n  board = grid { width = " + std::to_string(w) +
         ", height = " + std::to_string(h) + " },\n  pieces = {\n" + pieces +
         "\n  },\n  setup = " + setup + ",\n" + hooks + "\n}\n";
}

// Wazirs on a 3x3 board, white on a1 and black on c3, with the given hooks.
std::string wazir_game(const std::string& hooks) {
  return grid_game(
      3, 3,
      R"(    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },)",
      R"({ white = { wazir = "a1" }, black = { wazir = "c3" } })", hooks);
}

std::optional<Error> legal_moves_error(const Rules& r) {
  Position pos(r);
  MoveList ml;
  return rule_error([&] { legal_moves(pos, ml); });
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "'" << part << "' not in: " << text;
}

// ---- the pos handle lives only as long as its call ---------------------------------

TEST(HooksPos, KeptPosIsAnErrorInALaterCall) {
  const std::string text = wazir_game(kKeptPosFilter);
  auto r = load("kept_pos", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err) << "using a kept pos raised no error";
  EXPECT_EQ(err->where, where("kept_pos", text, "kept:at")) << err->text();
  expect_contains(err->what, "after its hook returned");
}

// Methods belong to the handle they are called on (pos:at(site) passes pos):
// one kept from an earlier call works on this call's pos, and not on a kept one.
TEST(HooksPos, KeptMethodWorksOnlyOnTheCurrentPos) {
  const std::string text = wazir_game(R"(  filter = (function()
    local at, kept
    return function(pos, move)
      if at then
        local piece = at(pos, "a1")
        if piece ~= "wazir" then error("a kept method on this call's pos read " .. tostring(piece)) end
        return at(kept, "a1") ~= nil
      end
      at, kept = pos.at, pos
      return true
    end
  end)(),)");
  auto r = load("kept_method", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err) << "using a kept pos raised no error";
  EXPECT_EQ(err->where, where("kept_method", text, "at(kept")) << err->text();
  expect_contains(err->what, "after its hook returned");
}

// ---- the instruction budget ----------------------------------------------------------

// pos:attacked runs attack detection, which runs the generate hook when a piece
// captures by hopping: a nested Lua call inside the filter's.
TEST(HooksBudget, NestedCallsShareTheOutermostBudget) {
  const std::string text = grid_game(5, 5, R"(    piece { name = "man", symbol = "M", moves = {
      step { dirs = "diagonal", mode = "move" }, hop { dirs = "diagonal" } } },)",
                                     R"({ white = { man = "a1" }, black = { man = "e5" } })",
                                     R"(  filter = function(pos, move)
    while true do pos:attacked("c3", "white", "man") end
  end,
  generate = function(pos)
    for i = 1, 1000 do end
    return {}
  end,)");
  auto r = load("nested_budget", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err);
  expect_contains(err->text(), "nested_budget.lua:");
  expect_contains(err->what, "instruction budget");
}

TEST(HooksBudget, PcallCannotCatchTheBudget) {
  const std::string text = wazir_game(R"(  filter = function(pos, move)
    while true do pcall(function() while true do end end) end
  end,)");
  auto r = load("pcall_budget", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->where, where("pcall_budget", text, "while true do pcall")) << err->text();
  expect_contains(err->what, "instruction budget");
}

TEST(HooksBudget, PcallStillCatchesOrdinaryErrors) {
  auto r = load("pcall_ok", wazir_game(R"(  filter = function(pos, move)
    local ok, msg = pcall(error, "no")
    return not ok and msg == "no" and move.to ~= "b1"
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  EXPECT_EQ(ml.size(), 1);
  EXPECT_FALSE(script::hook_error(*r));
}

// The filter judges a position's moves in one call into Lua, each move as in a
// call of its own: 6 million instructions for each of the wazir's two moves
// fit the budget of one call (10 million), twelve million would not.
TEST(HooksBudget, EachMoveTheFilterJudgesHasABudgetOfItsOwn) {
  auto r = load("budget_each", wazir_game(R"(  filter = function(pos, move)
    for i = 1, 6000000 do end
    return move.to ~= "b1"
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(r->topology.name(ml[0].to), "a2");
  EXPECT_FALSE(script::hook_error(*r));
}

// Lua runs finalizers with hooks off: an endless one would hang outside the budget.
TEST(HooksBudget, FinalizersAreRefused) {
  const std::string text = wazir_game(R"(  filter = function(pos, move)
    setmetatable({}, { __gc = function() while true do end end })
    local t = {}
    for i = 1, 100000 do t[i] = { i } end
    return true
  end,)");
  auto r = load("finalizer", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->where, where("finalizer", text, "setmetatable")) << err->text();
  expect_contains(err->what, "__gc");
}

// ---- the filter judges a position's moves together ----------------------------------

// Hooks with a filter that records how the engine asks it: each list it is
// given in one call, and the moves asked about one at a time. It forbids the
// moves onto b1.
class RecordingFilter : public Hooks, public FilterEach {
 public:
  bool has_filter() const override { return true; }
  bool has_after() const override { return false; }
  bool has_generate() const override { return false; }
  bool has_end() const override { return false; }
  bool filter(const Position& pos, const Move& m) override {
    ++single;
    return pos.rules().topology.name(m.to) != "b1";
  }
  void after(Position&, const Move&, Undo&) override {}
  void generate(const Position&, MoveList&) override {}
  std::optional<Result> end(const Position&) override { return std::nullopt; }
  void filter_each(const Position& pos, MoveList& moves) override {
    const Topology& t = pos.rules().topology;
    std::vector<std::string> list;
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i) {
      list.push_back(t.name(moves[i].from) + t.name(moves[i].to));
      if (t.name(moves[i].to) != "b1") moves[kept++] = moves[i];
    }
    moves.resize(kept);
    lists.push_back(list);
  }

  std::vector<std::vector<std::string>> lists;
  int single = 0;
};

TEST(HooksFilter, APositionsMovesAreJudgedInOneCall) {
  auto loaded = load("one_call", wazir_game("  filter = function(pos, move) return true end,"));
  ASSERT_TRUE(loaded);
  auto rules = std::make_shared<Ruleset>(*loaded);
  auto hooks = std::make_shared<RecordingFilter>();
  rules->hooks = hooks;
  Position pos(rules);
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(rules->topology.name(ml[0].to), "a2");
  EXPECT_EQ(hooks->lists, (std::vector<std::vector<std::string>>{{"a1a2", "a1b1"}}));
  EXPECT_EQ(hooks->single, 0);
}

// The script's filter, judging the same lists: the same moves and perft as a
// filter asked one move at a time would give (wazirs that may not step onto b1
// or b3: White's a1a2 and Black's c3c2 alone, then the three steps of each).
TEST(HooksFilter, ScriptFilterGivesTheSameMovesAndPerft) {
  auto r = load("filter_perft",
                wazir_game("  filter = function(pos, move) return move.to ~= \"b1\" and move.to "
                           "~= \"b3\" end,"));
  ASSERT_TRUE(r);
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(r->topology.name(ml[0].to), "a2");
  EXPECT_EQ(perft(pos, 1), 1u);
  EXPECT_EQ(perft(pos, 2), 1u);
  EXPECT_EQ(perft(pos, 3), 3u);
  EXPECT_EQ(perft(pos, 4), 9u);
}

// ---- a failing hook stops the game -------------------------------------------------

TEST(HooksFailure, FailingFilterThrowsWithItsLineEveryTime) {
  const std::string text = wazir_game(R"(  filter = function(pos, move)
    if move.to == "b1" then error("no reading of the rules covers this") end
    return true
  end,
  end_check = function(pos) return nil end,)");
  auto r = load("failing_filter", text);
  ASSERT_TRUE(r);
  const std::string at = where("failing_filter", text, "error(");
  auto first = legal_moves_error(r);
  ASSERT_TRUE(first) << "the failing filter raised no error";
  EXPECT_EQ(first->where, at);
  EXPECT_EQ(first->what, "no reading of the rules covers this");
  // Poisoned: the next call throws the same error, before any Lua runs.
  auto second = legal_moves_error(r);
  ASSERT_TRUE(second) << "the second call raised no error";
  EXPECT_EQ(second->text(), first->text());
  // Any other hook of the ruleset too.
  Position pos(r);
  auto end = rule_error([&] { r->hooks->end(pos); });
  ASSERT_TRUE(end) << "end_check ran after the filter failed";
  EXPECT_EQ(end->text(), first->text());
  auto recorded = script::hook_error(*r);
  ASSERT_TRUE(recorded);
  EXPECT_EQ(recorded->text(), first->text());
}

TEST(HooksFailure, ErrorCaughtByPcallInsideANestedHookStillStops) {
  // The generate hook fails inside pos:attacked; the filter swallows the Lua
  // error, but the rules have already failed.
  const std::string text = grid_game(5, 5, R"(    piece { name = "man", symbol = "M", moves = {
      step { dirs = "diagonal", mode = "move" }, hop { dirs = "diagonal" } } },)",
                                     R"({ white = { man = "a1" }, black = { man = "e5" } })",
                                     R"(  filter = function(pos, move)
    pcall(pos.attacked, pos, "c3", "white", "man")
    return true
  end,
  generate = function(pos)
    if pos:to_move() == "black" then error("black cannot be generated") end
    return {}
  end,)");
  auto r = load("swallowed", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->where, where("swallowed", text, "error(\"black"));
  EXPECT_EQ(err->what, "black cannot be generated");
}

TEST(HooksFailure, BadReturnValuesNameTheHook) {
  const std::string bad_move = wazir_game(R"(  generate = function(pos)
    return { { from = "a1", to = "z9" } }
  end,)");
  auto g = load("bad_move", bad_move);
  ASSERT_TRUE(g);
  auto gerr = legal_moves_error(g);
  ASSERT_TRUE(gerr);
  EXPECT_EQ(gerr->where, where("bad_move", bad_move, "generate ="));
  expect_contains(gerr->what, "generate hook");

  const std::string bad_winner = wazir_game(R"(  end_check = function(pos)
    return { winner = "purple" }
  end,)");
  auto e = load("bad_winner", bad_winner);
  ASSERT_TRUE(e);
  Position pos(e);
  auto eerr = rule_error([&] { game_result(pos); });
  ASSERT_TRUE(eerr);
  EXPECT_EQ(eerr->where, where("bad_winner", bad_winner, "end_check ="));
  expect_contains(eerr->what, "end_check hook");
  expect_contains(eerr->what, "purple");
}

// ---- generated moves are never shortened ----------------------------------------------

std::string capture_game(int captures) {
  // An 8x8 board of black wazirs on ranks 2 to 7; the hook's move takes the first n.
  return grid_game(
      8, 8,
      R"(    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },)",
      R"({ white = { wazir = "a1" }, black = { wazir = "a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 h5" } })",
      R"(  generate = function(pos)
    if pos:to_move() ~= "white" then return {} end
    local caps = {}
    for _, s in ipairs(pos:sites()) do
      local piece, seat = pos:at(s)
      if seat == "black" and #caps < )" +
          std::to_string(captures) + R"( then caps[#caps + 1] = s end
    end
    return { { from = "a1", to = "h8", captures = caps } }
  end,)");
}

TEST(HooksGenerate, MoreCapturesThanTheEngineHoldsIsAnError) {
  auto fits = load("captures_fit", capture_game(kMaxCaptures));
  ASSERT_TRUE(fits);
  Position pos(fits);
  MoveList ml;
  legal_moves(pos, ml);
  bool found = false;
  for (const Move& m : ml) found |= m.ncap == kMaxCaptures;
  EXPECT_TRUE(found) << "the move with " << kMaxCaptures << " captures is missing";

  const std::string text = capture_game(kMaxCaptures + 1);
  auto over = load("captures_over", text);
  ASSERT_TRUE(over);
  auto err = legal_moves_error(over);
  ASSERT_TRUE(err) << "a move with " << kMaxCaptures + 1 << " captures was accepted";
  EXPECT_EQ(err->where, where("captures_over", text, "generate ="));
  expect_contains(err->what, "generate hook");
  expect_contains(err->what, std::to_string(kMaxCaptures));
}

TEST(HooksGenerate, UnknownCaptureSiteIsAnError) {
  const std::string text = wazir_game(R"(  generate = function(pos)
    return { { from = "a1", to = "b2", captures = { "c3", "q7" } } }
  end,)");
  auto r = load("bad_capture", text);
  ASSERT_TRUE(r);
  auto err = legal_moves_error(r);
  ASSERT_TRUE(err) << "a capture on no site was dropped quietly";
  expect_contains(err->what, "q7");
}

// ---- threads ------------------------------------------------------------------------

std::string threaded_game() {
  return grid_game(
      6, 6, R"(    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },)",
      R"({ white = { rook = "a1 f1", wazir = "c1" }, black = { rook = "a6 f6", wazir = "c6" } })",
      R"(  filter = function(pos, move)
    local piece = pos:at(move.to)
    return piece ~= "wazir" and move.to ~= "c3"
  end,
  after = function(pos, move)
    if move.to == "b2" and pos:at("d4") == nil then pos:place("d4", "wazir", "black") end
  end,)");
}

TEST(HooksThreads, TwoThreadsRunPerftAtOnce) {
  auto r = load("threaded", threaded_game());
  ASSERT_TRUE(r);
  constexpr int kDepth = 3;
  Position start(r);
  const uint64_t expected = perft(start, kDepth);
  ASSERT_GT(expected, 1000u);
  for (int round = 0; round < 20; ++round) {
    uint64_t counts[2] = {0, 0};
    std::optional<Error> errors[2];
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
      threads.emplace_back([&, t] {
        Position pos(r);
        errors[t] = rule_error([&] { counts[t] = perft(pos, kDepth); });
      });
    for (auto& t : threads) t.join();
    for (int t = 0; t < 2; ++t) {
      EXPECT_FALSE(errors[t]) << errors[t]->text();
      EXPECT_EQ(counts[t], expected) << "round " << round << " thread " << t;
    }
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_FALSE(script::hook_error(*r));
}

// A thread that outlives one ruleset and then uses another must get the new
// ruleset's hooks, even if the new one lands where the old one was.
TEST(HooksThreads, AThreadMovesFromOneRulesetToTheNext) {
  std::thread worker([] {
    for (int i = 0; i < 5; ++i) {
      const std::string forbidden = i % 2 ? "b1" : "a2";
      auto r = load("succession_" + std::to_string(i),
                    wazir_game("  filter = function(pos, move) return move.to ~= \"" + forbidden +
                               "\" end,"));
      ASSERT_TRUE(r);
      std::thread([r, forbidden] {
        Position pos(r);
        MoveList ml;
        legal_moves(pos, ml);
        ASSERT_EQ(ml.size(), 1);
        EXPECT_NE(r->topology.name(ml[0].to), forbidden);
      }).join();
      Position pos(r);
      MoveList ml;
      legal_moves(pos, ml);
      ASSERT_EQ(ml.size(), 1);
      EXPECT_NE(r->topology.name(ml[0].to), forbidden);
    }
  });
  worker.join();
}

// Another thread's state runs the texts read when the script was loaded, the
// modules it required included, whatever has become of the files since: a
// script edited (or saved half-way) after loading changes nothing.
TEST(HooksThreads, AnotherThreadRunsTheTextThatWasLoaded) {
  const fs::path dir = script_dir() / "loaded_texts";
  fs::create_directories(dir);
  const fs::path main = dir / "game.lua";
  const fs::path module = dir / "forbidden.lua";
  std::ofstream(module) << "return \"b1\"\n";
  std::ofstream(main) << "local forbidden = require \"forbidden\"\n" +
                             wazir_game(
                                 "  filter = function(pos, move) return move.to ~= "
                                 "forbidden end,");
  auto loaded = script::load_rules(main.string());
  ASSERT_TRUE(loaded) << loaded.error().text();
  const Rules r = *loaded;
  // As loaded, b1 is forbidden: a2 is the one move.
  auto moves_in_new_thread = [&r] {
    std::string out;
    std::optional<Error> error;
    std::thread([&] {
      error = rule_error([&] {
        Position pos(r);
        MoveList ml;
        legal_moves(pos, ml);
        for (const Move& m : ml) out += r->topology.name(m.to) + " ";
      });
    }).join();
    EXPECT_FALSE(error) << error->text();
    return out;
  };
  // Other rules in both files: a2 forbidden instead.
  std::ofstream(module) << "return \"a2\"\n";
  std::ofstream(main) << wazir_game(
      R"(  filter = function(pos, move) return move.to ~= "a2" end,)");
  EXPECT_EQ(moves_in_new_thread(), "a2 ");
  // A broken save, and files gone.
  std::ofstream(module) << "return (";
  std::ofstream(main) << "this is not Lua";
  EXPECT_EQ(moves_in_new_thread(), "a2 ");
  fs::remove(module);
  fs::remove(main);
  EXPECT_EQ(moves_in_new_thread(), "a2 ");
  EXPECT_FALSE(script::hook_error(*r));
}

// ---- the command line -----------------------------------------------------------------

TEST(HooksCli, FailingHookStopsTheCommandWithItsLine) {
  const std::string text = wazir_game(R"(  filter = function(pos, move)
    if move.to == "b1" then error("b1 has no rule") end
    return true
  end,)");
  const std::string file = write_script("cli_failing", text);
  const std::string message = where("cli_failing", text, "error(") + ": b1 has no rule\n";
  CliRun perft = run("perft " + file + " 3");
  EXPECT_EQ(perft.code, 1) << perft.out;
  EXPECT_EQ(perft.out, message);
  CliRun divide = run("perft " + file + " 2 --divide");
  EXPECT_EQ(divide.code, 1) << divide.out;
  EXPECT_EQ(divide.out, message) << "perft went on after the hook failed";
  CliRun moves = run("moves " + file);
  EXPECT_EQ(moves.code, 1) << moves.out;
  EXPECT_EQ(moves.out, message) << "moves listed moves after the hook failed";
  CliRun selfplay = run("selfplay " + file + " -n 3 --seed 1");
  EXPECT_EQ(selfplay.code, 1) << selfplay.out;
  EXPECT_EQ(selfplay.out, message);
  CliRun play = run("play " + file + " --seat white=random --seat black=random --seed 1");
  EXPECT_EQ(play.code, 1) << play.out;
  expect_contains(play.out, message);
  EXPECT_EQ(play.out.find("result:"), std::string::npos) << "play went on: " << play.out;
}

}  // namespace
}  // namespace regula
