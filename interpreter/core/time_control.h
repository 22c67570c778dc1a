#pragma once
// How much time the players of a game have: the periods of a time control.
// Here, not beside the GUI's clocks, because a record carries the time control
// of a game played under a clock (session/time_control_text.h) and matches on
// the command line (ai/match.h) are played under one, as the GUI's games are.

#include <cstdint>
#include <vector>

namespace regula {

// One period of a time control: `moves` turns (0: the rest of the game) in
// `millis`, with `increment` added after each turn played in it (Fischer).
struct TimePeriod {
  int moves = 0;
  int64_t millis = 0;
  int64_t increment = 0;
  bool operator==(const TimePeriod&) const = default;
};

// The periods in order; none: untimed. A last period with a number of moves
// repeats (40 moves in 2 hours, then 40 more in 2 hours, ...).
struct TimeControl {
  std::vector<TimePeriod> periods;
  bool timed() const { return !periods.empty(); }
  bool operator==(const TimeControl&) const = default;
};

}  // namespace regula
