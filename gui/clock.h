#pragma once
// The players' clocks: one per seat, under a time control (time_control.h),
// read from a time source the window is given, so that tests set the time
// rather than wait for it. The clock knows nothing of the game: the window
// says whose clock runs and when a seat has finished its turn, and asks whether
// the running seat's time is up. Kept apart from the window so that the
// arithmetic of periods and increments can be checked on its own.

#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.h"
#include "gui/time_control.h"

namespace regula::gui {

// Where the clocks read the time: milliseconds from any fixed point, never
// going back. Tests give the window one they set by hand.
class TimeSource {
 public:
  virtual ~TimeSource() = default;
  virtual int64_t now() const = 0;
};

// The monotonic clock of the machine.
class SteadyTimeSource final : public TimeSource {
 public:
  int64_t now() const override;
};

class GameClock {
 public:
  GameClock();  // untimed, on the machine's time
  GameClock(TimeControl control, int seats, std::shared_ptr<const TimeSource> time);

  const TimeControl& control() const { return control_; }
  bool timed() const { return control_.timed(); }
  int seats() const { return static_cast<int>(seats_.size()); }
  // Runs the seat's clock from now, stopping any other; -1 stops them all.
  void run(SeatId seat);
  SeatId running() const { return running_; }
  // The seat has finished a turn: the time it spent is taken off, the turn
  // counted in its period, the period's increment added, and a period done
  // gives the next one's time (the last period with a number of moves
  // repeats). Its clock goes on running until run() names another seat.
  void turn_played(SeatId seat);
  // Time left now (the running seat's counts down), in milliseconds.
  int64_t remaining(SeatId seat) const;
  // Turns left in the seat's period, 0 when it lasts the rest of the game.
  int moves_to_go(SeatId seat) const;
  int64_t increment(SeatId seat) const;
  int period(SeatId seat) const { return seats_[seat].period; }
  // The running seat when its time is up, else -1.
  SeatId flagged() const;

 private:
  struct SeatTime {
    int64_t left = 0;
    int period = 0;
    int moves = 0;  // turns played in the period
  };
  // Takes the time spent since the running clock last was read off it.
  void charge();

  TimeControl control_;
  std::vector<SeatTime> seats_;
  std::shared_ptr<const TimeSource> time_;
  SeatId running_ = -1;
  int64_t since_ = 0;
};

// A clock's face: "1:29:59" from an hour, "4:59" from ten seconds, "0:09.8"
// below (tenths, rounded down, so that a clock shows 0 only when the time is up).
QString clock_face(int64_t millis);

// Whether a seat cannot win by any series of legal moves, in the reading the
// clocks take of it: it has no pieces but royal ones, on the board or in hand.
// A seat whose time runs out loses unless every seat of the other teams
// cannot win; then the game is drawn.
bool cannot_win(const Position& pos, SeatId seat);

}  // namespace regula::gui
