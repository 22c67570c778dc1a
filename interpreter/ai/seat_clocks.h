#pragma once
// The players' clocks of a game the program plays with itself (a match): each
// seat's time left under a time control, charged with the time each of its
// turns took. Its own file because the match loop only asks what is left and
// whether a seat's time ran out, and the arithmetic of periods and increments
// is checked on its own, with times given rather than measured.

#include <cstdint>
#include <vector>

#include "core/time_control.h"
#include "core/types.h"

namespace regula::ai {

class SeatClocks {
 public:
  SeatClocks(TimeControl control, int seats);

  bool timed() const { return control_.timed(); }
  // Time left to the seat, in milliseconds.
  int64_t remaining(SeatId seat) const { return seats_[seat].left; }
  // What the seat gains after each turn of its period.
  int64_t increment(SeatId seat) const;
  // Turns left in the seat's period, 0 when it lasts the rest of the game.
  int moves_to_go(SeatId seat) const;
  // The seat took `spent` milliseconds over a turn: false, with nothing
  // changed, when that was more than it had (its flag fell before it moved);
  // else the time is taken off, the turn counted in its period, the
  // increment added, and a period done gives the next one's time (the last
  // period with a number of moves repeats).
  bool turn_played(SeatId seat, int64_t spent);

 private:
  struct SeatTime {
    int64_t left = 0;
    int period = 0;
    int moves = 0;  // turns played in the period
  };
  const TimePeriod& period_of(SeatId seat) const { return control_.periods[seats_[seat].period]; }

  TimeControl control_;
  std::vector<SeatTime> seats_;
};

}  // namespace regula::ai
