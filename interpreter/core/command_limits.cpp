#include "core/command_limits.h"

namespace regula {

namespace {

// The limits of the search running on this thread (SearchLimits).
struct ThreadSearch {
  const std::atomic<bool>* stop = nullptr;
  int64_t deadline = 0;  // steady_clock nanoseconds, 0 for none
};
thread_local ThreadSearch t_search;

}  // namespace

void CommandLimits::begin(int64_t millis) {
  deadline_.store(millis > 0 ? now() + millis * 1'000'000 : 0, std::memory_order_relaxed);
  left_.store(instructions(), std::memory_order_relaxed);
  stop_.store(false, std::memory_order_relaxed);
}

void CommandLimits::set_instructions(int64_t n) noexcept {
  const int64_t count = n > 0 ? n : kUnlimited;
  instructions_.store(count, std::memory_order_relaxed);
  left_.store(count, std::memory_order_relaxed);
}

const char* CommandLimits::stop_reason() const noexcept {
  if (stop_requested()) return "stop requested";
  const ThreadSearch& search = t_search;
  if (search.stop && search.stop->load(std::memory_order_relaxed)) return "the search was stopped";
  return "";
}

const char* CommandLimits::interruption() const noexcept {
  if (const char* why = stop_reason(); *why) return why;
  const ThreadSearch& search = t_search;
  const int64_t d = deadline_.load(std::memory_order_relaxed);
  if (d == 0 && search.deadline == 0) return "";
  const int64_t t = now();
  if (d != 0 && t >= d) return "the command's time limit passed";
  if (search.deadline != 0 && t >= search.deadline) return "the search's time limit passed";
  return "";
}

bool CommandLimits::reserve_lua(size_t n) noexcept {
  const size_t cap = lua_memory();
  size_t used = lua_used_.load(std::memory_order_relaxed);
  do {
    if (n > cap || used > cap - n) return false;
  } while (!lua_used_.compare_exchange_weak(used, used + n, std::memory_order_relaxed));
  return true;
}

SearchLimits::SearchLimits(const std::atomic<bool>* stop, int64_t millis)
    : outer_stop_(t_search.stop), outer_deadline_(t_search.deadline) {
  t_search.stop = stop;
  t_search.deadline = millis > 0 ? CommandLimits::now() + millis * 1'000'000 : 0;
}

SearchLimits::~SearchLimits() {
  t_search.stop = outer_stop_;
  t_search.deadline = outer_deadline_;
}

CommandLimits& command_limits() {
  static CommandLimits limits;
  return limits;
}

}  // namespace regula
