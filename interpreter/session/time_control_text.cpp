#include "session/time_control_text.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "notation/input_limits.h"
#include "notation/text.h"

namespace regula {

namespace {

constexpr double kMaxSeconds = 600000;  // about a week: more is no clock
constexpr double kMaxIncrementSeconds = 3600;
constexpr int kMaxMoves = 1000;
constexpr const char* kForm =
    " (PGN's TimeControl: periods [MOVES/]SECONDS[+INCREMENT] joined by ':', as 300, 300+2 or "
    "40/5400+30:1800+30; - for no clock, ? when not known)";

// A number written with digits and at most one point; none otherwise.
std::optional<double> decimal(const std::string& s) {
  if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789.") != std::string::npos ||
      std::count(s.begin(), s.end(), '.') > 1 || s == ".")
    return std::nullopt;
  return std::strtod(s.c_str(), nullptr);
}

Expected<TimePeriod> parse_period(const std::string& text, int n) {
  auto bad = [&](const std::string& what) {
    return Error{"TimeControl",
                 "period " + std::to_string(n) + " (" + excerpt(text) + "): " + what + kForm};
  };
  if (!text.empty() && text[0] == '*')
    return bad("a sandclock (*SECONDS) is not a clock regula keeps");
  TimePeriod p;
  std::string rest = text;
  if (const size_t slash = rest.find('/'); slash != std::string::npos) {
    const std::string moves = rest.substr(0, slash);
    const auto m = decimal(moves);
    if (!m || moves.find('.') != std::string::npos || *m < 1 || *m > kMaxMoves)
      return bad("'" + excerpt(moves) + "' is not a number of moves from 1 to " +
                 std::to_string(kMaxMoves));
    p.moves = static_cast<int>(*m);
    rest = rest.substr(slash + 1);
  }
  if (const size_t plus = rest.find('+'); plus != std::string::npos) {
    const std::string inc = rest.substr(plus + 1);
    const auto s = decimal(inc);
    if (!s || *s > kMaxIncrementSeconds)
      return bad("'" + excerpt(inc) + "' is not a number of seconds from 0 to " +
                 std::to_string(static_cast<int>(kMaxIncrementSeconds)));
    p.increment = std::llround(*s * 1000);
    rest = rest.substr(0, plus);
  }
  const auto s = decimal(rest);
  if (!s || *s <= 0 || *s > kMaxSeconds)
    return bad("'" + excerpt(rest) + "' is not a number of seconds above 0 and at most " +
               std::to_string(static_cast<int>(kMaxSeconds)));
  p.millis = std::llround(*s * 1000);
  return p;
}

// Milliseconds in seconds: whole, or with the fraction they need.
std::string seconds(int64_t millis) {
  if (millis % 1000 == 0) return std::to_string(millis / 1000);
  std::string s = std::to_string(static_cast<double>(millis) / 1000.0);
  s.erase(s.find_last_not_of('0') + 1);
  return s;
}

}  // namespace

Expected<std::optional<TimeControl>> parse_pgn_time_control(const std::string& text) {
  const std::string all = trim(text);
  if (all == "?") return std::optional<TimeControl>();
  if (all == "-") return std::optional<TimeControl>(TimeControl{});
  if (all.empty()) return Error{"TimeControl", std::string("the value is empty") + kForm};
  TimeControl c;
  size_t start = 0;
  for (int n = 1;; ++n) {
    const size_t colon = all.find(':', start);
    const std::string piece =
        trim(all.substr(start, colon == std::string::npos ? colon : colon - start));
    if (!c.periods.empty() && c.periods.back().moves == 0)
      return Error{"TimeControl", "period " + std::to_string(n - 1) +
                                      " has no number of moves, so it lasts the rest of the "
                                      "game: no period can follow it" +
                                      kForm};
    auto p = parse_period(piece, n);
    if (!p) return p.error();
    c.periods.push_back(*p);
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return std::optional<TimeControl>(std::move(c));
}

std::string pgn_time_control_text(const std::optional<TimeControl>& control) {
  if (!control) return "?";
  if (!control->timed()) return "-";
  std::string out;
  for (const TimePeriod& p : control->periods) {
    if (!out.empty()) out += ":";
    if (p.moves) out += std::to_string(p.moves) + "/";
    out += seconds(p.millis);
    if (p.increment) out += "+" + seconds(p.increment);
  }
  return out;
}

}  // namespace regula
