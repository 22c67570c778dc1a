#include "ai/adjudication.h"

#include <cstdlib>

#include "ai/player.h"
#include "ai/spec_options.h"
#include "core/game_end.h"

namespace regula::ai {

namespace {

constexpr uint64_t kMaxTurns = 1'000'000;
constexpr uint64_t kMaxScore = kWinScore;

// The teams of the rules, in the order of their first seats.
std::vector<std::pair<int, SeatId>> teams_of(const Ruleset& rules) {
  std::vector<std::pair<int, SeatId>> teams;
  for (SeatId s = 0; s < rules.num_seats(); ++s) {
    bool seen = false;
    for (const auto& t : teams) seen |= t.first == rules.seats[s].team;
    if (!seen) teams.emplace_back(rules.seats[s].team, s);
  }
  return teams;
}

// Reads the options of one kind into the fields named by keys; every key given
// must be known, and every key in needed must be given.
Status read_fields(const std::string& what, const std::string& text,
                   const std::vector<std::pair<std::string, int*>>& keys,
                   const std::vector<std::string>& needed, bool* two_sided) {
  auto options = split_options(what, text);
  if (!options) return options.error();
  for (const std::string& k : needed) {
    bool given = false;
    for (const auto& [key, _] : options->items) given |= key == k;
    if (!given) return Error{what, "needs " + k + "=N"};
  }
  for (const auto& [key, value] : options->items) {
    if (key == "twosided" && two_sided) {
      if (value != "true" && value != "false")
        return Error{what, "twosided takes true or false, not '" + value + "'"};
      *two_sided = value == "true";
      continue;
    }
    int* field = nullptr;
    for (const auto& [k, f] : keys)
      if (k == key) field = f;
    if (!field) {
      std::string known;
      for (const auto& [k, _] : keys) known += (known.empty() ? "" : ", ") + k;
      if (two_sided) known += ", twosided";
      return Error{what, "unknown key '" + key + "' (it takes " + known + ")"};
    }
    auto n = number(what, key, value, key == "score" ? kMaxScore : kMaxTurns);
    if (!n) return n.error();
    *field = static_cast<int>(*n);
  }
  return std::nullopt;
}

}  // namespace

std::string Adjudication::text() const {
  std::string out;
  if (resign_turns > 0)
    out += "resign turns=" + std::to_string(resign_turns) +
           " score=" + std::to_string(resign_score) + (two_sided ? "" : " one-sided");
  if (draw_turns > 0)
    out += std::string(out.empty() ? "" : "; ") + "draw after=" + std::to_string(draw_after) +
           " turns=" + std::to_string(draw_turns) + " score=" + std::to_string(draw_score);
  return out;
}

Status parse_resign(const std::string& text, Adjudication& a) {
  if (Status st =
          read_fields("--resign", text, {{"turns", &a.resign_turns}, {"score", &a.resign_score}},
                      {"turns", "score"}, &a.two_sided))
    return st;
  if (a.resign_turns < 1) return Error{"--resign", "turns must be at least 1"};
  return std::nullopt;
}

Status parse_draw(const std::string& text, Adjudication& a) {
  if (Status st = read_fields(
          "--draw", text,
          {{"after", &a.draw_after}, {"turns", &a.draw_turns}, {"score", &a.draw_score}},
          {"after", "turns", "score"}, nullptr))
    return st;
  if (a.draw_turns < 1) return Error{"--draw", "turns must be at least 1"};
  return std::nullopt;
}

Status check_adjudication(const Ruleset& rules, const Adjudication& a) {
  if (!a.any()) return std::nullopt;
  const size_t teams = teams_of(rules).size();
  if (teams != 2)
    return Error{"adjudication",
                 "needs rules with two teams; " + rules.name + " has " + std::to_string(teams)};
  return std::nullopt;
}

Adjudicator::Adjudicator(const Ruleset& rules, const Adjudication& a) : rules_(rules), a_(a) {
  const auto teams = teams_of(rules);
  for (size_t i = 0; i < 2 && i < teams.size(); ++i) {
    team_ids_[i] = teams[i].first;
    first_seat_[i] = teams[i].second;
  }
}

int Adjudicator::team_index(SeatId seat) const {
  return rules_.seats[seat].team == team_ids_[0] ? 0 : 1;
}

void Adjudicator::turn(SeatId seat, std::optional<int> score) {
  Runs& r = runs_[team_index(seat)];
  if (!score) {
    r = {};
    return;
  }
  r.behind = *score <= -a_.resign_score ? r.behind + 1 : 0;
  r.ahead = *score >= a_.resign_score ? r.ahead + 1 : 0;
  r.even = std::abs(*score) <= a_.draw_score ? r.even + 1 : 0;
}

std::optional<Result> Adjudicator::decide(int decisions) const {
  if (a_.resign_turns > 0)
    for (int t = 0; t < 2; ++t)
      if (runs_[t].behind >= a_.resign_turns &&
          (!a_.two_sided || runs_[1 - t].ahead >= a_.resign_turns))
        return win_for(rules_, first_seat_[1 - t],
                       "adjudicated: " + rules_.seats[first_seat_[t]].name + " resigns");
  if (a_.draw_turns > 0 && decisions >= a_.draw_after && runs_[0].even >= a_.draw_turns &&
      runs_[1].even >= a_.draw_turns)
    return Result::draw(rules_.num_seats(), "adjudicated draw");
  return std::nullopt;
}

}  // namespace regula::ai
