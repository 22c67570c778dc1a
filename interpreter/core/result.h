#pragma once
// How a game ended, per seat, with the reason as text ("checkmate", "Chief takes
// Chief"). Teams are resolved when a result is made: a win for one seat is a win
// for every seat of its team and a loss for the others.

#include <array>
#include <cstdint>
#include <string>

#include "core/types.h"

namespace regula {

enum class Outcome : uint8_t { kNone, kWin, kLoss, kDraw };

struct Result {
  bool over = false;
  std::array<Outcome, kMaxSeats> outcome{};
  std::string reason;

  static Result draw(int seats, std::string reason) {
    Result r;
    r.over = true;
    for (int s = 0; s < seats; ++s) r.outcome[s] = Outcome::kDraw;
    r.reason = std::move(reason);
    return r;
  }
  bool is_draw() const { return over && outcome[0] == Outcome::kDraw; }
  // "1-0", "0-1", "1/2-1/2" for two seats; "*" while the game goes on.
  std::string score() const {
    if (!over) return "*";
    if (outcome[0] == Outcome::kDraw) return "1/2-1/2";
    return outcome[0] == Outcome::kWin ? "1-0" : "0-1";
  }
};

}  // namespace regula
