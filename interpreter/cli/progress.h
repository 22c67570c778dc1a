#pragma once
// A progress bar on standard error for the commands that can run for minutes
// (perft, selfplay, compare, stats over large files, replay of large files):
// the work done of the whole, its rate and the time left, on one line redrawn
// four times a second by a thread of its own, so that the work itself only adds
// to a counter. Nothing is drawn when standard error is not a terminal, under
// --quiet, or during the first second, so that a short run prints nothing; the
// line is cleared when the work ends.
//
// Ctrl-C: the first one stops script hooks at once, as it does without a bar
// (the command then ends with their message), and asks the command to stop
// (interrupted()); a command that can stop between pieces of work (games)
// does, and prints what was done so far; for one that cannot (a count), the
// progress thread, a second later, prints what was done and ends the program
// with status 130. A second Ctrl-C ends it at once.

#include <signal.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace CLI {
class App;
}

namespace regula::cli {

// Adds --quiet (no progress bar) to a long command.
void add_quiet_flag(CLI::App& cmd);

// Whether Ctrl-C was pressed while a Progress was shown.
bool interrupted();

class Progress {
 public:
  // What a first Ctrl-C does: the command stops by itself (it asks
  // interrupted() between pieces of work), or the program ends after saying
  // what was done (done_text, when set, says it; else "N of TOTAL UNIT").
  enum class OnInterrupt { kCommandStops, kExit };

  // total: the units of the whole run, 0 when unknown.
  // may_draw: false for a command whose own output goes to the terminal as it
  // works, which the bar would break into.
  Progress(std::string command, std::string unit, uint64_t total,
           OnInterrupt on_interrupt = OnInterrupt::kCommandStops, bool may_draw = true);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(uint64_t n = 1) { done_.fetch_add(n, std::memory_order_relaxed); }
  void set(uint64_t n) { done_.store(n, std::memory_order_relaxed); }
  uint64_t done() const { return done_.load(std::memory_order_relaxed); }
  // What was done, for the message after a Ctrl-C that ends the program
  // (called from the progress thread).
  void on_exit_text(std::function<std::string()> text);

  // The line drawn after `seconds` with `done` of `total` units (for tests).
  static std::string line(const std::string& command, const std::string& unit, uint64_t done,
                          uint64_t total, double seconds, int width);

 private:
  void loop();
  void interrupted_exit();

  std::string command_, unit_;
  uint64_t total_;
  OnInterrupt on_interrupt_;
  std::atomic<uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_;
  bool draws_;
  bool drawn_ = false;
  std::function<std::string()> exit_text_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::optional<std::chrono::steady_clock::time_point> seen_interrupt_;
  struct sigaction previous_ {};
  std::thread thread_;
};

}  // namespace regula::cli
