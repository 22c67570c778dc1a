#pragma once
// What one command may spend in script hooks, shared by every hook call the
// command makes on every thread. A command is what the user asked for once: a
// command-line command, a UCI `go`, a search the GUI starts. Its limits:
//
// - a stop request (UCI `stop`, Ctrl-C, the GUI's Stop), which a hook running
//   in the middle of a call obeys at its next check;
// - a wall-clock deadline, for a command with a time limit (`go movetime`, a
//   clock): a hook cannot run past it;
// - a number of Lua instructions for all hook calls together (on top of each
//   call's own budget, script/limits.h's kHookBudget);
// - the bytes all Lua states together may hold, so that N threads cannot take
//   N times one state's share.
//
// The stop request and the deadline end a hook call with CommandStopped, which
// the search treats as "stop now" (it answers with what it has found), not as
// a broken script. The instruction count and the memory cap end it with the
// script's error, naming the limit and the option that changes it.
//
// There is one instance per process (command_limits()): a signal handler must
// reach it, and the threads that run hooks are made by layers (ai, cli) that
// know nothing of the command that started them. A search adds its own stop
// flag and time limit for the hook calls made on its thread while it runs
// (SearchLimits), so that a search stopped or out of time (UCI stop, the GUI's
// Move now, a player's ms=) ends a hook call as well, without stopping the
// other threads' hooks. Games without hooks never look at either.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "core/rule_error.h"

namespace regula {

// A hook call ended because its command was asked to stop or ran out of time.
class CommandStopped : public RuleError {
 public:
  using RuleError::RuleError;
};

class CommandLimits {
 public:
  // An instruction count that is no limit.
  static constexpr int64_t kUnlimited = INT64_MAX;
  // The default of the memory cap (set_lua_memory): as much as one state had.
  static constexpr size_t kDefaultLuaMemory = size_t{512} << 20;

  // Starts a command: no stop requested, the deadline millis from now (0 for
  // none), and the whole instruction count (set_instructions) to spend.
  void begin(int64_t millis = 0);

  // Asks every hook call of the command to stop. Safe in a signal handler.
  void request_stop() noexcept { stop_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const noexcept { return stop_.load(std::memory_order_relaxed); }
  // Whether a hook must stop now: a stop was asked for, or the deadline
  // passed, of the command or of the search running on the calling thread.
  bool interrupted() const noexcept { return *interruption() != '\0'; }
  // Why interrupted() holds, in words ("stop requested", "the search's time
  // limit passed"); "" when it does not.
  const char* interruption() const noexcept;
  // interruption() without the deadlines, which cost a reading of the clock:
  // for checks made more often than a hook call's instructions are counted.
  const char* stop_reason() const noexcept;

  // Takes n instructions from the command's count; false once it is spent.
  bool spend(int64_t n) noexcept {
    if (instructions_.load(std::memory_order_relaxed) == kUnlimited) return true;
    return left_.fetch_sub(n, std::memory_order_relaxed) - n >= 0;
  }
  int64_t instructions() const noexcept { return instructions_.load(std::memory_order_relaxed); }
  // The whole count again, for a command that begins in the same process
  // without the rest of begin() (a UCI go: a Ctrl-C stop stays).
  void renew_instructions() noexcept { left_.store(instructions(), std::memory_order_relaxed); }
  // Sets the count of every command from now on (0 or less: no limit), and
  // starts this one's afresh.
  void set_instructions(int64_t n) noexcept;

  // Bytes all Lua states may hold together, and those they hold.
  size_t lua_memory() const noexcept { return lua_cap_.load(std::memory_order_relaxed); }
  void set_lua_memory(size_t bytes) noexcept { lua_cap_.store(bytes, std::memory_order_relaxed); }
  // Takes n bytes from the cap (false, and nothing taken, when they do not fit)
  // and gives them back.
  bool reserve_lua(size_t n) noexcept;
  void release_lua(size_t n) noexcept { lua_used_.fetch_sub(n, std::memory_order_relaxed); }
  size_t lua_used() const noexcept { return lua_used_.load(std::memory_order_relaxed); }

  static int64_t now() noexcept {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> deadline_{0};  // steady_clock nanoseconds, 0 for none
  std::atomic<int64_t> instructions_{kUnlimited};
  std::atomic<int64_t> left_{kUnlimited};
  std::atomic<size_t> lua_cap_{kDefaultLuaMemory};
  std::atomic<size_t> lua_used_{0};
};

// The process's command limits.
CommandLimits& command_limits();

// A search's stop flag (may be null) and time limit in milliseconds (0 for
// none, counted from now), which the hook calls made on this thread obey for
// as long as this lives, besides the command's limits.
class SearchLimits {
 public:
  SearchLimits(const std::atomic<bool>* stop, int64_t millis);
  ~SearchLimits();
  SearchLimits(const SearchLimits&) = delete;
  SearchLimits& operator=(const SearchLimits&) = delete;

 private:
  // Those of the search this one is nested in, given back at its end.
  const std::atomic<bool>* outer_stop_;
  int64_t outer_deadline_;
};

}  // namespace regula
