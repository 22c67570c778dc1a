#include "ai/seat_clocks.h"

#include <utility>

namespace regula::ai {

SeatClocks::SeatClocks(TimeControl control, int seats)
    : control_(std::move(control)), seats_(static_cast<size_t>(seats)) {
  if (!timed()) return;
  for (SeatTime& s : seats_) s.left = control_.periods[0].millis;
}

int64_t SeatClocks::increment(SeatId seat) const {
  return timed() ? period_of(seat).increment : 0;
}

int SeatClocks::moves_to_go(SeatId seat) const {
  if (!timed() || period_of(seat).moves == 0) return 0;
  return period_of(seat).moves - seats_[seat].moves;
}

bool SeatClocks::turn_played(SeatId seat, int64_t spent) {
  if (!timed()) return true;
  SeatTime& s = seats_[seat];
  if (spent > s.left) return false;
  const TimePeriod& p = period_of(seat);
  s.left += p.increment - spent;
  if (p.moves == 0 || ++s.moves < p.moves) return true;
  // The period is done: the next one's time is added (the last one repeats).
  if (s.period + 1 < static_cast<int>(control_.periods.size())) ++s.period;
  s.moves = 0;
  s.left += period_of(seat).millis;
  return true;
}

}  // namespace regula::ai
