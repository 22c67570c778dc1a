#include "core/command_limits.h"

namespace regula {

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

const char* CommandLimits::interruption() const noexcept {
  if (stop_requested()) return "stop requested";
  if (interrupted()) return "the command's time limit passed";
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

CommandLimits& command_limits() {
  static CommandLimits limits;
  return limits;
}

}  // namespace regula
