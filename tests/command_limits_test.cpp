// What one command may spend in script hooks (core/command_limits.h): a stop
// request and a deadline that a hook obeys in the middle of a call (UCI stop,
// Ctrl-C), an instruction count for all the command's hook calls, and one Lua
// memory cap for all the states of every thread. The hostile scripts are in
// tests/data/hostile/hooks; each says on its first line what it attacks.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.h"
#include "core/command_limits.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "script/loader.h"
#include "script/lua_hooks.h"

namespace regula {
namespace {

namespace fs = std::filesystem;

const fs::path kHooks = fs::path(REGULA_TEST_DATA) / "hostile" / "hooks";

std::string script(const std::string& name) {
  return (kHooks / name).string();
}

// How long a test waits for an answer that comes at once: far more than it
// takes, so that a slow machine (or the sanitizers) fails nothing, and far
// less than the minutes a hook that ignored stop would run on.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
constexpr auto kPatience = std::chrono::seconds(60);
#else
constexpr auto kPatience = std::chrono::seconds(5);
#endif

// Puts the process's command limits back as they start, whatever a test did.
struct LimitsGuard {
  LimitsGuard() { reset(); }
  ~LimitsGuard() { reset(); }
  static void reset() {
    CommandLimits& limits = command_limits();
    limits.set_lua_memory(CommandLimits::kDefaultLuaMemory);
    limits.set_instructions(0);
    limits.begin();
  }
};

std::shared_ptr<const Ruleset> load(const std::string& name) {
  auto r = script::load_rules(script(name));
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// The error legal_moves throws in pos (of type E), if it throws one.
template <class E>
std::optional<Error> thrown_by_moves(Position pos) {
  try {
    MoveList moves;
    legal_moves(pos, moves);
  } catch (const E& e) {
    return e.error();
  }
  return std::nullopt;
}

// ---- the regula command, run with a pipe on its input --------------------------------

// A running `regula`: its pid, the write end of its input and the read end
// of its output (stdout and stderr together).
class Child {
 public:
  explicit Child(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(out[1], 2);
      close(in[1]);
      close(out[0]);
      std::vector<char*> argv{const_cast<char*>(REGULA_BINARY)};
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(REGULA_BINARY, argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    in_ = in[1];
    out_ = out[0];
  }
  ~Child() {
    if (in_ >= 0) close(in_);
    if (out_ >= 0) close(out_);
    if (pid_ > 0 && exit_code_ == kRunning) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void send(const std::string& line) {
    const std::string text = line + "\n";
    ASSERT_EQ(write(in_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }
  void interrupt() { kill(pid_, SIGINT); }
  // Whether the child handles SIGINT yet (its SigCgt mask in /proc), waiting
  // kPatience at most: before that, an interrupt would kill it outright.
  bool handles_interrupt() {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (std::chrono::steady_clock::now() < deadline) {
      std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
      for (std::string line; std::getline(status, line);)
        if (line.rfind("SigCgt:", 0) == 0 &&
            (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1) & 1))
          return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  // Reads until a line starting with prefix has come (that line, whole), or
  // until kPatience has passed or the output ends (nullopt).
  std::optional<std::string> line_starting(const std::string& prefix) {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (true) {
      for (size_t start = 0, end; (end = out_text_.find('\n', start)) != std::string::npos;
           start = end + 1)
        if (out_text_.compare(start, prefix.size(), prefix) == 0)
          return out_text_.substr(start, end - start);
      if (!read_some(deadline)) return std::nullopt;
    }
  }
  // Waits for the exit (kPatience at most) and returns its code, or -1.
  int exit_code() {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (read_some(deadline)) {
    }
    while (exit_code_ == kRunning && std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_)
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return exit_code_ == kRunning ? -1 : exit_code_;
  }
  const std::string& output() const { return out_text_; }

 private:
  static constexpr int kRunning = -2;
  // Appends what the output holds within the deadline; false at its end or
  // once the deadline has passed.
  bool read_some(std::chrono::steady_clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{out_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    char buf[4096];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n <= 0) return false;
    out_text_.append(buf, static_cast<size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  int exit_code_ = kRunning;
  std::string out_text_;
};

// ---- stop, inside a hook call ----------------------------------------------------------

// Starts `go infinite` from the start position, sends stop after `wait` (at
// once for 0), and returns the bestmove line the engine answers with ("" and
// a test failure when none comes).
std::string best_after_stop(Child& uci, std::chrono::milliseconds wait) {
  uci.send("position startpos");
  uci.send("go infinite");
  if (wait.count() > 0) std::this_thread::sleep_for(wait);
  uci.send("stop");
  const auto best = uci.line_starting("bestmove ");
  EXPECT_TRUE(best) << "no bestmove after stop:\n" << uci.output();
  return best ? *best : std::string();
}

// Ends the engine, which must exit cleanly.
void quit_engine(Child& uci) {
  uci.send("quit");
  EXPECT_EQ(uci.exit_code(), 0) << uci.output();
}

// The search has judged the first moves when a filter call in the tree is
// stopped: its answer is the first decision it ordered (no iteration ended).
TEST(CommandLimits, UciStopEndsASearchInsideASlowHook) {
  Child uci({"uci", script("slow_filter_deep.lua")});
  uci.send("uci");
  uci.send("isready");
  ASSERT_TRUE(uci.line_starting("readyok")) << uci.output();
  // Let the search reach the slow calls: it is then inside one for a second or so.
  EXPECT_EQ(best_after_stop(uci, std::chrono::milliseconds(200)), "bestmove a1a2");
  quit_engine(uci);
}

// Stopped while the root's moves are being filtered (each filter call spends
// nearly all its budget), the search knows no move, and the first legal one is
// not found in time either.
TEST(CommandLimits, UciStopBeforeAnyMoveIsJudged) {
  Child uci({"uci", script("slow_filter.lua")});
  uci.send("uci");
  EXPECT_EQ(best_after_stop(uci, std::chrono::milliseconds(10)), "bestmove (none)");
  EXPECT_NE(
      uci.output().find("info string go: stopped before any move was judged (stopped: "
                        "the search was stopped); the answer is the first legal move, if there is "
                        "time to find it"),
      std::string::npos)
      << uci.output();
  quit_engine(uci);
}

// Stopped before its first hook call, the search answers the first legal move.
TEST(CommandLimits, UciStopAtOnceAnswersALegalMove) {
  Child uci({"uci", script("slow_filter_deep.lua")});
  EXPECT_EQ(best_after_stop(uci, std::chrono::milliseconds(0)), "bestmove a1a2");
  quit_engine(uci);
}

TEST(CommandLimits, CtrlCEndsACommandInsideASlowHook) {
  Child perft({"perft", script("slow_filter.lua"), "5"});
  // Started (a sanitized build starts slowly), then inside the hook.
  ASSERT_TRUE(perft.handles_interrupt());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  perft.interrupt();
  EXPECT_EQ(perft.exit_code(), 1) << perft.output();
  EXPECT_NE(perft.output().find("slow_filter.lua:6: stopped: stop requested"), std::string::npos)
      << perft.output();
}

// Ctrl-C during a long run without hooks: selfplay ends the games under way,
// and the summary and the records hold the same games, every one of them.
TEST(CommandLimits, CtrlCStopsSelfplayWithWhatWasPlayed) {
  const std::string records =
      (std::filesystem::temp_directory_path() / "regula_ctrl_c_selfplay.jsonl").string();
  std::filesystem::remove(records);
  Child run(
      {"selfplay", "chess/orthodox", "-n", "1000000", "--threads", "2", "--games-out", records});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while ((!std::filesystem::exists(records) || std::filesystem::file_size(records) == 0) &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  run.interrupt();
  ASSERT_EQ(run.exit_code(), 130) << run.output();
  const std::string& text = run.output();
  const std::string said = "regula selfplay: interrupted: ";
  const size_t at = text.find(said);
  ASSERT_NE(at, std::string::npos) << text;
  const long played = std::stol(text.substr(at + said.size()));
  EXPECT_GT(played, 0);
  EXPECT_NE(text.find(std::to_string(played) + " of 1000000 games played; the summary counts them"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Chess (FIDE): " + std::to_string(played) + " games (random)"),
            std::string::npos)
      << text;
  std::ifstream in(records);
  long lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, played);
}

// Ctrl-C during a count, which cannot stop half way: the first moves counted
// so far are said, and the program ends with 130.
TEST(CommandLimits, CtrlCEndsACountSayingWhatWasCounted) {
  Child perft({"perft", "chess/orthodox", "8", "--threads", "1"});
  // Long enough for the script to load (a Ctrl-C before the count would end
  // the program as Ctrl-C does), far too short for the count.
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  perft.interrupt();
  EXPECT_EQ(perft.exit_code(), 130) << perft.output();
  EXPECT_NE(perft.output().find("regula perft: interrupted: "), std::string::npos)
      << perft.output();
  EXPECT_NE(perft.output().find(" of 20 first moves counted, "), std::string::npos)
      << perft.output();
}

TEST(CommandLimits, ADeadlineEndsAHookCallAndTheHooksGoOn) {
  LimitsGuard guard;
  auto rules = load("slow_filter.lua");
  ASSERT_TRUE(rules);
  command_limits().begin(5);
  auto e = thrown_by_moves<CommandStopped>(Position(rules));
  ASSERT_TRUE(e) << "the filter ran past the deadline";
  EXPECT_EQ(e->text(), script("slow_filter.lua") + ":6: stopped: the command's time limit passed");
  // Not the script's fault: nothing is recorded against it.
  EXPECT_FALSE(script::hook_error(*rules));
}

TEST(CommandLimits, AStoppedCommandCallsNoHookAndTheNextOneDoes) {
  LimitsGuard guard;
  auto rules = load("busy_filter.lua");
  ASSERT_TRUE(rules);
  command_limits().request_stop();
  auto e = thrown_by_moves<CommandStopped>(Position(rules));
  ASSERT_TRUE(e);
  EXPECT_EQ(e->what, "stopped: stop requested");
  command_limits().begin();
  Position start(rules);
  MoveList moves;
  legal_moves(start, moves);
  EXPECT_EQ(moves.size(), 2);
}

// Reading the moves of this position command runs the filter for every move of
// 1,000 positions, nearly a whole budget each time: a minute or more, which only
// the stop read meanwhile cuts short. The position is then unknown: go answers
// at once, and the engine reads on.
TEST(CommandLimits, UciStopEndsTheHooksOfAPositionCommand) {
  Child uci({"uci", script("slow_filter.lua")});
  std::string moves;
  for (int i = 0; i < 250; ++i) moves += " a1a2 c3c2 a2a1 c2c3";
  uci.send("position startpos moves" + moves);
  uci.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  uci.send("stop");
  const auto best = uci.line_starting("bestmove ");
  ASSERT_TRUE(best) << "no bestmove after stop:\n" << uci.output();
  EXPECT_EQ(*best, "bestmove (none)");
  EXPECT_NE(uci.output().find("info string error: position: stopped before its moves were read; "
                              "the position is unknown, and go answers bestmove (none) until the "
                              "next position command\n"),
            std::string::npos)
      << uci.output();
  EXPECT_NE(uci.output().find("info string error: go: the last position command was stopped "
                              "before its moves were read; send it again\n"),
            std::string::npos)
      << uci.output();
  uci.send("isready");
  EXPECT_TRUE(uci.line_starting("readyok")) << uci.output();
  quit_engine(uci);
}

// A quit read while a position command's hooks run ends them, and the engine.
TEST(CommandLimits, UciQuitEndsTheHooksOfAPositionCommand) {
  Child uci({"uci", script("slow_filter.lua")});
  std::string moves;
  for (int i = 0; i < 250; ++i) moves += " a1a2 c3c2 a2a1 c2c3";
  uci.send("position startpos moves" + moves);
  uci.send("quit");
  EXPECT_EQ(uci.exit_code(), 0) << uci.output();
}

// ---- the engine's services, charged by their work ---------------------------------------

// Each pos:attacked is a handful of VM instructions, and about as much time as
// fifty: charged for its work, a million of them overrun the call's budget.
TEST(CommandLimits, EachCallOfAServiceIsChargedByItsWork) {
  LimitsGuard guard;
  auto rules = load("attacked_loop.lua");
  ASSERT_TRUE(rules);
  auto e = thrown_by_moves<RuleError>(Position(rules));
  ASSERT_TRUE(e) << "a million pos:attacked within one call's budget";
  EXPECT_EQ(e->text(), script("attacked_loop.lua") +
                           ":6: instruction budget exhausted: more than 10000000 instructions "
                           "(kHookBudget; an endless loop?)");
}

// Where capture chains make pos:attacked generate the enemy's moves (some two
// microseconds a call here), the estimate of a call that reads tables (84
// instructions with the loop's) would let 100,000 calls through; charged for
// the CPU time they take too, they overrun the budget.
TEST(CommandLimits, AServiceThatGeneratesMovesIsChargedItsTime) {
  LimitsGuard guard;
  auto rules = load("attacked_chains.lua");
  ASSERT_TRUE(rules);
  auto e = thrown_by_moves<RuleError>(Position(rules));
  ASSERT_TRUE(e) << "100,000 generations of moves within one call's budget";
  EXPECT_EQ(e->text(), script("attacked_chains.lua") +
                           ":7: instruction budget exhausted: more than 10000000 instructions "
                           "(kHookBudget; an endless loop?)");
}

// 10,000 pos:attacked a call: some 60,000 VM instructions, and charged for
// their work, some 500,000, so that the second of the start position's two
// calls spends a command's 600,000.
TEST(CommandLimits, ServicesDrawFromTheCommandsBudget) {
  const auto r =
      test_support::run("moves \"" + script("attacked_some.lua") + "\" --hook-instructions 600000");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("attacked_some.lua:6: the command's instruction budget is spent: more "
                       "than 600000 instructions in all its hook calls (--hook-instructions N "
                       "changes it)"),
            std::string::npos)
      << r.out;
}

// The command's deadline ends a loop of services: they look at the clock.
TEST(CommandLimits, ADeadlineEndsALoopOfServices) {
  LimitsGuard guard;
  auto rules = load("attacked_loop.lua");
  ASSERT_TRUE(rules);
  command_limits().begin(1);
  auto e = thrown_by_moves<CommandStopped>(Position(rules));
  ASSERT_TRUE(e) << "the services ran past the deadline";
  EXPECT_EQ(e->text(),
            script("attacked_loop.lua") + ":6: stopped: the command's time limit passed");
}

// ---- one instruction budget for the command --------------------------------------------

// Each call runs about 500,000 instructions, a twentieth of its own budget;
// the start position has two moves, and the command's 1,500,000 run out in the
// second time they are filtered.
TEST(CommandLimits, AllHookCallsOfACommandDrawFromOneBudget) {
  LimitsGuard guard;
  auto rules = load("busy_filter.lua");
  ASSERT_TRUE(rules);
  command_limits().set_instructions(1'500'000);
  command_limits().begin();
  std::optional<Error> e;
  for (int i = 0; i < 3 && !e; ++i) e = thrown_by_moves<RuleError>(Position(rules));
  ASSERT_TRUE(e) << "the command's budget did not hold";
  EXPECT_EQ(e->what,
            "the command's instruction budget is spent: more than 1500000 instructions in all its "
            "hook calls (--hook-instructions N changes it)");
  EXPECT_EQ(e->where.rfind(script("busy_filter.lua") + ":", 0), 0u) << e->text();
}

TEST(CommandLimits, HookInstructionsOptionOfTheCommandLine) {
  const auto r =
      test_support::run("moves \"" + script("busy_filter.lua") + "\" --hook-instructions 600000");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("the command's instruction budget is spent: more than 600000 "
                       "instructions in all its hook calls (--hook-instructions N changes it)"),
            std::string::npos)
      << r.out;
}

// Each UCI go is a command: a search of depth 1 runs some 11,000,000
// instructions of hooks, so two fit in 15,000,000 only if each has its own.
TEST(CommandLimits, EachUciGoHasTheWholeInstructionCount) {
  Child uci({"uci", script("busy_filter.lua"), "--hook-instructions", "15000000"});
  uci.send("position startpos");
  uci.send("go depth 1");
  auto best = uci.line_starting("bestmove ");
  ASSERT_TRUE(best) << uci.output();
  EXPECT_EQ(*best, "bestmove a1a2");
  uci.send("go depth 1");
  // The second search's answer (the first's is a1a2).
  EXPECT_TRUE(uci.line_starting("bestmove a1b1")) << uci.output();
  uci.send("quit");
  EXPECT_EQ(uci.exit_code(), 0) << uci.output();
  EXPECT_EQ(uci.output().find("instruction budget"), std::string::npos) << uci.output();
}

// ---- strings are charged by what is made -----------------------------------------------

// Each filter call makes 70,000 times three strings of over 200 bytes: 42 MB.
// The allocation (one instruction per 8 bytes) and the loop's instructions
// stay under a call's budget; charged besides for the bytes each library call
// makes, they do not.
TEST(CommandLimits, StringsAreChargedByTheLengthOfWhatIsMade) {
  LimitsGuard guard;
  auto rules = load("string_building.lua");
  ASSERT_TRUE(rules);
  auto e = thrown_by_moves<RuleError>(Position(rules));
  ASSERT_TRUE(e) << "42 MB of strings made within one call's budget";
  EXPECT_EQ(e->what,
            "instruction budget exhausted: more than 10000000 instructions (kHookBudget; an "
            "endless loop?)");
}

// ---- one memory cap for every Lua state --------------------------------------------------

// Each thread's state keeps 40 MiB: one fits under a cap of 64 MiB, two do not.
TEST(CommandLimits, LuaStatesOfAllThreadsShareOneMemoryCap) {
  LimitsGuard guard;
  command_limits().set_lua_memory(size_t{64} << 20);
  auto rules = load("hoarding_filter.lua");
  ASSERT_TRUE(rules);
  const Position start(rules);
  for (int i = 0; i < 5; ++i) ASSERT_FALSE(thrown_by_moves<RuleError>(start)) << i;
  std::optional<Error> e;
  std::thread other([&] {
    for (int i = 0; i < 5 && !e; ++i) e = thrown_by_moves<RuleError>(start);
  });
  other.join();
  ASSERT_TRUE(e) << "two states held 80 MiB under a cap of 64";
  EXPECT_EQ(e->what,
            "script ran out of memory (at most 64 MiB for all script states together; "
            "--lua-memory MIB changes it)");
  EXPECT_EQ(e->where, script("hoarding_filter.lua") + ":8");
}

TEST(CommandLimits, LuaMemoryOptionOfTheCommandLine) {
  const auto r =
      test_support::run("perft \"" + script("hoarding_filter.lua") + "\" 4 --lua-memory 16");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("hoarding_filter.lua:8: script ran out of memory (at most 16 MiB for all "
                       "script states together; --lua-memory MIB changes it)"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace regula
