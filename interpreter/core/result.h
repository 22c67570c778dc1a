#pragma once
// How a game ended, per seat, with the reason as text ("checkmate", "Chief takes
// Chief"). Teams are resolved when a result is made: a win for one seat is a win
// for every seat of its team and a loss for the others. Each seat also gets the
// points it scores (1 a win, 1/2 a draw, 0 a loss) and its rank: 1 for the best,
// seats that did equally well sharing a rank, and among losers those that left
// play later ranking better.

#include <array>
#include <cstdint>
#include <string>

#include "core/types.h"

namespace regula {

enum class Outcome : uint8_t { kNone, kWin, kLoss, kDraw };

struct Result {
  bool over = false;
  int seats = 0;
  std::array<Outcome, kMaxSeats> outcome{};
  std::array<int8_t, kMaxSeats> rank{};
  std::string reason;

  static Result draw(int seats, std::string reason) {
    Result r;
    r.over = true;
    r.seats = seats;
    for (int s = 0; s < seats; ++s) {
      r.outcome[s] = Outcome::kDraw;
      r.rank[s] = 1;
    }
    r.reason = std::move(reason);
    return r;
  }
  bool is_draw() const { return over && outcome[0] == Outcome::kDraw; }
  // Points of a seat: 1 for a win, 0.5 for a draw, 0 for a loss.
  double points(SeatId seat) const {
    switch (outcome[seat]) {
      case Outcome::kWin:
        return 1;
      case Outcome::kDraw:
        return 0.5;
      default:
        return 0;
    }
  }
  // "1-0", "0-1", "1/2-1/2" for two seats; for more, each seat's points in seat
  // order ("1-0-1-0", "0-1/2-1/2"); "*" while the game goes on.
  std::string score() const {
    if (!over) return "*";
    auto pts = [&](int s) -> std::string {
      switch (outcome[s]) {
        case Outcome::kWin:
          return "1";
        case Outcome::kDraw:
          return "1/2";
        default:
          return "0";
      }
    };
    std::string out;
    for (int s = 0; s < seats; ++s) out += (s ? "-" : "") + pts(s);
    return out;
  }
};

}  // namespace regula
