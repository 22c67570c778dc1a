#include "gui/time_control.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

#include <QCoreApplication>
#include <QString>

#include "uci/clock_budget.h"

namespace regula::gui {

namespace {

constexpr double kMaxMinutes = 10000;  // about a week: more is no clock
constexpr double kMaxIncrementSeconds = 3600;
constexpr int kMaxMoves = 1000;

// The texts of this file are the window's, translated under the context
// "regula::gui::TimeControl" (docs/gui.md, "Translating the GUI").

// The word for no clock, in the window's language; "untimed" is read in any.
std::string untimed_word() {
  return QCoreApplication::translate("regula::gui::TimeControl", "untimed").toStdString();
}

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t") + 1 - a);
}

// A number written with digits and at most one point; none otherwise.
std::optional<double> decimal(const std::string& s) {
  if (s.empty() || s.find_first_not_of("0123456789.") != std::string::npos ||
      std::count(s.begin(), s.end(), '.') > 1 || s == ".")
    return std::nullopt;
  return std::strtod(s.c_str(), nullptr);
}

// An error in period n of a time control: sentence (already translated, with
// %1 the period, %2 the text in error and %3 the bound it passes) filled in,
// then how a period is written.
Error period_error(const QString& sentence, int n, const std::string& wrong, int bound) {
  return Error{
      "", sentence.arg(QString::number(n), QString::fromStdString(wrong), QString::number(bound))
              .append(QCoreApplication::translate(
                  "regula::gui::TimeControl",
                  " (say [MOVES/]MINUTES[+SECONDS], as 5, 3+2 or 40/90+30)"))
              .toStdString()};
}

// Period n of a time control.
Expected<TimePeriod> parse_period(const std::string& text, int n) {
  TimePeriod p;
  std::string rest = text;
  if (const size_t slash = rest.find('/'); slash != std::string::npos) {
    const std::string moves = trimmed(rest.substr(0, slash));
    if (moves.empty() || moves.find_first_not_of("0123456789") != std::string::npos ||
        moves.size() > 4 || std::stoi(moves) < 1 || std::stoi(moves) > kMaxMoves)
      return period_error(QCoreApplication::translate("regula::gui::TimeControl",
                                                      "time control, period %1: '%2' is not a "
                                                      "number of moves from 1 to %3"),
                          n, moves, kMaxMoves);
    p.moves = std::stoi(moves);
    rest = rest.substr(slash + 1);
  }
  std::string inc;
  const bool has_increment = rest.find('+') != std::string::npos;
  if (const size_t plus = rest.find('+'); plus != std::string::npos) {
    inc = trimmed(rest.substr(plus + 1));
    rest = rest.substr(0, plus);
  }
  const std::string minutes = trimmed(rest);
  const auto m = decimal(minutes);
  if (!m || *m <= 0 || *m > kMaxMinutes)
    return period_error(QCoreApplication::translate("regula::gui::TimeControl",
                                                    "time control, period %1: '%2' is not a "
                                                    "number of minutes above 0 and at most %3"),
                        n, minutes, static_cast<int>(kMaxMinutes));
  p.millis = std::llround(*m * 60000);
  if (has_increment) {
    const auto s = decimal(inc);
    if (!s || *s > kMaxIncrementSeconds)
      return period_error(QCoreApplication::translate("regula::gui::TimeControl",
                                                      "time control, period %1: '%2' is not a "
                                                      "number of seconds from 0 to %3"),
                          n, inc, static_cast<int>(kMaxIncrementSeconds));
    p.increment = std::llround(*s * 1000);
  }
  return p;
}

// Milliseconds as a number of `unit` milliseconds: whole, or with the fraction it needs.
std::string in_units(int64_t millis, int64_t unit) {
  if (millis % unit == 0) return std::to_string(millis / unit);
  std::string s = std::to_string(static_cast<double>(millis) / static_cast<double>(unit));
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

Expected<TimeControl> parse_time_control(const std::string& text) {
  TimeControl c;
  const std::string all = trimmed(text);
  if (all.empty() || all == "untimed" || all == untimed_word()) return c;
  size_t start = 0;
  for (int n = 1;; ++n) {
    const size_t comma = all.find(',', start);
    const std::string piece = all.substr(start, comma == std::string::npos ? comma : comma - start);
    if (!c.periods.empty() && c.periods.back().moves == 0)
      return Error{"", QCoreApplication::translate(
                           "regula::gui::TimeControl",
                           "time control: period %1 has no number of moves, so it lasts the "
                           "rest of the game: no period can follow it")
                           .arg(n - 1)
                           .toStdString()};
    auto p = parse_period(piece, n);
    if (!p) return p.error();
    c.periods.push_back(*p);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return c;
}

std::string time_control_text(const TimeControl& control) {
  if (!control.timed()) return untimed_word();
  std::string out;
  for (const TimePeriod& p : control.periods) {
    if (!out.empty()) out += ", ";
    if (p.moves) out += std::to_string(p.moves) + "/";
    out += in_units(p.millis, 60000);
    if (p.increment) out += "+" + in_units(p.increment, 1000);
  }
  return out;
}

std::vector<std::string> time_control_presets() {
  return {
      untimed_word(),     "2+1", "3+2", "5", "10+5", "15+10", "30+20", "90+30", "40/90+30, 30+30",
      "40/120, 20/60, 30"};
}

ai::Budget clock_budget(const Ruleset& rules, const std::string& spec, int64_t remaining,
                        int64_t increment, int moves_to_go) {
  return uci::clock_budget(rules, spec, remaining, increment, moves_to_go);
}

}  // namespace regula::gui
