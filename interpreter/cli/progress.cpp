#include "cli/progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "cli/output.h"
#include "core/command_limits.h"

namespace regula::cli {

namespace {

std::atomic<bool> g_quiet{false};
std::atomic<int> g_interrupts{0};

// Ctrl-C: script hooks stop at once (core/command_limits.h), as they do
// without a progress bar, and the command is asked to stop. The second Ctrl-C
// ends the program as Ctrl-C would have without us.
extern "C" void on_sigint(int) {
  command_limits().request_stop();
  if (g_interrupts.fetch_add(1) > 0) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
  }
}

// 75 -> "1:15", 3725 -> "1:02:05".
std::string clock_text(double seconds) {
  const uint64_t s = seconds > 0 ? static_cast<uint64_t>(seconds + 0.5) : 0;
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60),
                  static_cast<unsigned long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%llu:%02llu", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  return buf;
}

int terminal_width() {
  winsize w{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20) return w.ws_col;
  return 80;
}

constexpr auto kFirstDraw = std::chrono::seconds(1);
constexpr auto kRedraw = std::chrono::milliseconds(250);
// How long a count that cannot stop by itself is given to end (hooks end at
// once with their own message) before the progress thread ends it.
constexpr auto kGrace = std::chrono::seconds(1);

}  // namespace

void add_quiet_flag(CLI::App& cmd) {
  cmd.add_flag_callback(
      "--quiet", [] { g_quiet = true; },
      "no progress bar on standard error (none is drawn when it is not a terminal either)");
}

bool interrupted() {
  return g_interrupts.load() > 0;
}

std::string Progress::line(const std::string& command, const std::string& unit, uint64_t done,
                           uint64_t total, double seconds, int width) {
  const double rate = seconds > 0 ? done / seconds : 0;
  std::string head =
      command + "  " + grouped(done) + (total ? "/" + grouped(total) : "") + " " + unit;
  char slow[32];
  std::snprintf(slow, sizeof slow, "%.1f", rate);
  std::string tail = "  " + (rate < 10 ? std::string(slow) : grouped(static_cast<uint64_t>(rate))) +
                     " " + unit + "/s  ";
  if (total && done < total && rate > 0)
    tail += clock_text((total - done) / rate) + " left";
  else
    tail += clock_text(seconds);
  if (!total) return (head + tail).substr(0, static_cast<size_t>(width - 1));
  const double part = std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
  char percent[8];
  std::snprintf(percent, sizeof percent, "%3d%%", static_cast<int>(part * 100));
  const int room = width - 1 - static_cast<int>(head.size() + tail.size()) - 9;
  std::string bar;
  if (room >= 10) {
    const int cells = std::min(room, 40);
    const int full = static_cast<int>(part * cells);
    bar = "  [" + std::string(full, '#') + std::string(cells - full, '-') + "]";
  }
  return (head + bar + " " + percent + tail).substr(0, static_cast<size_t>(width - 1));
}

Progress::Progress(std::string command, std::string unit, uint64_t total, OnInterrupt on_interrupt,
                   bool may_draw)
    : command_(std::move(command)),
      unit_(std::move(unit)),
      total_(total),
      on_interrupt_(on_interrupt),
      start_(std::chrono::steady_clock::now()),
      draws_(may_draw && !g_quiet && isatty(STDERR_FILENO)) {
  g_interrupts = 0;
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &previous_);
  thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  thread_.join();
  sigaction(SIGINT, &previous_, nullptr);
}

void Progress::on_exit_text(std::function<std::string()> text) {
  std::lock_guard<std::mutex> lock(mutex_);
  exit_text_ = std::move(text);
}

void Progress::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, kRedraw, [this] { return finished_; })) {
    const auto now = std::chrono::steady_clock::now();
    if (interrupted() && on_interrupt_ == OnInterrupt::kExit) {
      if (!seen_interrupt_) seen_interrupt_ = now;
      if (now - *seen_interrupt_ >= kGrace) interrupted_exit();
    }
    if (!draws_ || now - start_ < kFirstDraw) continue;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::string text = line(command_, unit_, done(), total_, seconds, terminal_width());
    if (interrupted()) text = (command_ + ": stopping after the work under way").substr(0, 79);
    err("\r%s\033[K", text);
    std::fflush(stderr);
    drawn_ = true;
  }
  if (drawn_) {
    err("\r\033[K");
    std::fflush(stderr);
  }
}

// Called with mutex_ held, from the progress thread.
void Progress::interrupted_exit() {
  const std::string what = exit_text_ ? exit_text_()
                                      : grouped(done()) + (total_ ? " of " + grouped(total_) : "") +
                                            " " + unit_ + " done";
  if (drawn_) err("\r\033[K");
  std::fflush(stdout);
  err("regula %s: interrupted: %s\n", command_, what);
  std::fflush(stderr);
  std::_Exit(130);
}

}  // namespace regula::cli
