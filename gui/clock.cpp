#include "gui/clock.h"

#include <chrono>

#include "core/flag_fall.h"

namespace regula::gui {

int64_t SteadyTimeSource::now() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

GameClock::GameClock() : time_(std::make_shared<SteadyTimeSource>()) {}

GameClock::GameClock(TimeControl control, int seats, std::shared_ptr<const TimeSource> time)
    : control_(std::move(control)), time_(std::move(time)) {
  const int64_t first = control_.timed() ? control_.periods[0].millis : 0;
  seats_.assign(static_cast<size_t>(seats), SeatTime{first, 0, 0});
}

void GameClock::charge() {
  const int64_t now = time_->now();
  if (running_ >= 0 && running_ < seats()) seats_[running_].left -= now - since_;
  since_ = now;
}

void GameClock::run(SeatId seat) {
  if (seat == running_) return;
  charge();
  running_ = timed() && seat >= 0 && seat < seats() ? seat : -1;
}

void GameClock::turn_played(SeatId seat) {
  if (!timed() || seat < 0 || seat >= seats()) return;
  charge();
  SeatTime& t = seats_[seat];
  if (t.left <= 0) return;  // the flag has fallen: nothing more is added
  const TimePeriod& p = control_.periods[t.period];
  t.left += p.increment;
  if (p.moves == 0 || ++t.moves < p.moves) return;
  // The period is done: the next one's time is added to what is left.
  if (t.period + 1 < static_cast<int>(control_.periods.size())) ++t.period;
  t.moves = 0;
  t.left += control_.periods[t.period].millis;
}

int64_t GameClock::remaining(SeatId seat) const {
  if (seat < 0 || seat >= seats()) return 0;
  int64_t left = seats_[seat].left;
  if (seat == running_) left -= time_->now() - since_;
  return left;
}

int GameClock::moves_to_go(SeatId seat) const {
  if (!timed() || seat < 0 || seat >= seats()) return 0;
  const SeatTime& t = seats_[seat];
  const int moves = control_.periods[t.period].moves;
  return moves ? moves - t.moves : 0;
}

int64_t GameClock::increment(SeatId seat) const {
  if (!timed() || seat < 0 || seat >= seats()) return 0;
  return control_.periods[seats_[seat].period].increment;
}

SeatId GameClock::flagged() const {
  return running_ >= 0 && remaining(running_) <= 0 ? running_ : -1;
}

QString clock_face(int64_t millis) {
  if (millis < 0) millis = 0;
  const int64_t seconds = millis / 1000;
  const int64_t h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60;
  auto two = [](int64_t n) { return QString("%1").arg(n, 2, 10, QChar('0')); };
  if (h > 0) return QString("%1:%2:%3").arg(h).arg(two(m), two(s));
  if (seconds >= 10) return QString("%1:%2").arg(m).arg(two(s));
  return QString("0:%1.%2").arg(two(s)).arg(millis / 100 % 10);
}

bool cannot_win(const Position& pos, SeatId seat) {
  return regula::cannot_win(pos, seat);
}

}  // namespace regula::gui
