#include "experiments.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>
#include <thread>

#include "ai/compare_walk.h"
#include "ai/match.h"
#include "ai/player_spec.h"
#include "notation/compare_rules.h"
#include "notation/position_string.h"

namespace py = pybind11;

namespace regula::python {

namespace {

using Rules = std::shared_ptr<const Ruleset>;

int thread_count(int threads) {
  if (threads < 0) throw py::value_error("threads must not be negative (0: every core)");
  return threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

void check_lengths(int games, int max_plies) {
  if (games < 1) throw py::value_error("games must be at least 1");
  if (max_plies < 1) throw py::value_error("max_plies must be at least 1");
}

Rules load_or_throw(const std::string& spec, const script::OptionList& options) {
  auto rules = script::load_rules(spec, options);
  if (!rules) throw py::value_error(rules.error().text());
  return *rules;
}

// An Elo difference, None when it is infinite (a score of 0 or 1), as the
// command's JSON has null.
py::object elo_or_none(double score) {
  const double elo = ai::elo_difference(score);
  return std::isfinite(elo) ? py::object(py::float_(elo)) : py::object(py::none());
}

py::list match_players(const ai::MatchReport& report, int n) {
  py::list list;
  for (const ai::PlayerTally& p : report.players) {
    const ai::Interval pi = ai::wilson_interval(p.points(), n);
    py::dict d;
    d["player"] = p.spec;
    d["wins"] = p.wins;
    d["draws"] = p.draws;
    d["losses"] = p.losses;
    d["score"] = p.points() / n;
    d["score_interval"] = py::make_tuple(pi.low, pi.high);
    d["decisions"] = p.decisions;
    d["nodes"] = p.nodes;
    d["millis"] = p.millis;
    d["nps"] = p.millis > 0 ? 1000.0 * static_cast<double>(p.nodes) / p.millis : 0.0;
    list.append(d);
  }
  return list;
}

py::list match_games(const Ruleset& r, const ai::MatchReport& report) {
  py::list list;
  for (const ai::MatchGame& g : report.games) {
    py::dict d;
    d["game"] = g.index + 1;
    d["seed"] = g.seed;
    py::dict seats;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      seats[py::str(r.seats[s].name)] = report.players[g.player_of_seat[s]].spec;
    d["players"] = seats;
    d["player_of_seat"] = g.player_of_seat;
    d["score"] = g.result.over ? g.result.score() : std::string("*");
    d["reason"] = g.result.over ? g.result.reason : std::string("unfinished (max plies)");
    d["plies"] = g.plies;
    list.append(d);
  }
  return list;
}

// What `regula match --json` prints of a match from the start position (its
// intervals are Wilson's over the games), with one dict per game besides.
py::dict match_dict(const MatchRequest& q, const Ruleset& r, int threads,
                    const ai::MatchReport& report) {
  const int n = static_cast<int>(report.games.size());
  py::dict j;
  j["rules"] = r.name;
  j["games"] = n;
  j["seed"] = q.seed;
  j["threads"] = threads;
  j["max_plies"] = q.max_plies;
  j["players"] = match_players(report, n);
  if (report.players.size() == 2) {
    const ai::PlayerTally& a = report.players[0];
    const double score = a.points() / n;
    const ai::Interval si = ai::wilson_interval(a.points(), n);
    const int decisive = a.wins + a.losses;
    const ai::Interval di = ai::wilson_interval(a.wins, decisive);
    j["elo"] = elo_or_none(score);
    j["elo_interval"] = py::make_tuple(elo_or_none(si.low), elo_or_none(si.high));
    j["decisive"] = decisive;
    j["decisive_won"] = decisive ? static_cast<double>(a.wins) / decisive : 0.0;
    j["decisive_interval"] = py::make_tuple(di.low, di.high);
  }
  j["distinct_games"] = report.distinct;
  j["interval"] = "wilson";
  j["unfinished"] = report.unfinished;
  j["mean_plies"] = report.mean_plies();
  j["reasons"] = report.reasons;
  j["millis"] = report.millis;
  j["game_results"] = match_games(r, report);
  return j;
}

}  // namespace

py::dict run_match(const MatchRequest& q) {
  check_lengths(q.games, q.max_plies);
  Rules rules = load_or_throw(q.spec, q.options);
  ai::MatchOptions options;
  options.players = q.players;
  options.games = q.games;
  options.seed = q.seed;
  options.threads = thread_count(q.threads);
  options.max_plies = q.max_plies;
  auto reload = [q] { return script::load_rules(q.spec, q.options); };
  std::optional<Expected<ai::MatchReport>> report;
  {
    py::gil_scoped_release release;
    report.emplace(ai::run_match(rules, reload, options, ai::make_player));
  }
  if (!*report) throw py::value_error((*report).error().text());
  return match_dict(q, *rules, options.threads, **report);
}

namespace {

// What one game of a comparison found: its positions' tally, the ply where the
// readings first differ (-1: nowhere) and the difference there.
struct GameFinding {
  ComparisonTally tally;
  int first_ply = -1;
  std::string position;
  PositionDifference diff;
};

struct CompareRun {
  explicit CompareRun(const CompareRequest& request) : q(request), games(request.games) {}

  const CompareRequest& q;
  std::vector<GameFinding> games;
  std::atomic<int> next{0};
  std::mutex mutex;
  std::optional<Error> failure;  // the first, by game
  int failed_game = -1;

  void fail(int g, const Error& e) {
    std::lock_guard<std::mutex> lock(mutex);
    if (failed_game < 0 || g < failed_game) {
      failure = e;
      failed_game = g;
    }
  }

  // One thread: its own readings (a script's hooks need a Lua state per
  // thread), then games taken in turn until none is left.
  void work() {
    auto a = script::load_rules(q.spec_a, q.options_a);
    auto b = script::load_rules(q.spec_b, q.options_b);
    if (!a || !b) return fail(-1, !a ? a.error() : b.error());
    for (int g; (g = next++) < q.games;) {
      GameFinding& f = games[g];
      std::optional<Error> unread;
      auto look = [&](Position& pos, int ply) {
        auto other = same_position(pos, *b);
        if (!other) {
          unread = other.error();
          return false;
        }
        PositionDifference d = compare_positions(pos, *other);
        f.tally.add(d);
        if (!d.empty() && f.first_ply < 0) {
          f.first_ply = ply;
          f.position = write_position(pos);
          f.diff = std::move(d);
        }
        return true;
      };
      Status st = ai::walk_compare_game(*a, q.seed, g, q.max_plies, q.player, look);
      if (!st) st = unread;
      if (st) fail(g, *st);
    }
  }
};

py::list moves_list(const std::vector<MoveDifference>& moves) {
  py::list list;
  for (const MoveDifference& m : moves) {
    py::dict d;
    d["move"] = m.move;
    d["piece"] = m.piece;
    d["rule"] = m.rule;
    d["refused_because"] = m.reason;
    list.append(d);
  }
  return list;
}

py::dict side(uint64_t moves, const std::map<std::string, uint64_t>& piece,
              const std::map<std::string, uint64_t>& rule,
              const std::map<std::string, uint64_t>& reason) {
  py::dict d;
  d["moves"] = moves;
  d["by_piece"] = piece;
  d["by_rule"] = rule;
  d["by_reason"] = reason;
  return d;
}

py::dict reading(const Ruleset& r, const script::OptionList& options) {
  py::dict d;
  d["rules"] = r.name;
  d["script_hash"] = r.content_hash;
  std::vector<std::string> texts;
  for (const auto& [k, v] : options) texts.push_back(k + "=" + v);
  d["options"] = texts;
  return d;
}

// What `regula compare --json` prints of games played from the start.
py::dict compare_dict(const CompareRun& run, const Ruleset& a, const Ruleset& b, int threads) {
  const CompareRequest& q = run.q;
  ComparisonTally tally;
  py::list firsts, differences;
  for (size_t g = 0; g < run.games.size(); ++g) {
    const GameFinding& f = run.games[g];
    tally.add(f.tally);
    if (f.first_ply < 0) continue;
    firsts.append(py::dict(py::arg("game") = g + 1, py::arg("ply") = f.first_ply));
    differences.append(py::dict(py::arg("game") = g + 1, py::arg("ply") = f.first_ply,
                                py::arg("position") = f.position,
                                py::arg("only_a") = moves_list(f.diff.only_a),
                                py::arg("only_b") = moves_list(f.diff.only_b)));
  }
  py::dict j;
  j["kind"] = "compare";
  j["a"] = reading(a, q.options_a);
  j["b"] = reading(b, q.options_b);
  j["source"] = "games";
  j["games"] = q.games;
  j["seed"] = q.seed;
  j["max_plies"] = q.max_plies;
  j["player"] = q.player;
  j["threads"] = threads;
  j["positions"] = tally.positions;
  j["differing_positions"] = tally.differing;
  j["games_with_difference"] = py::len(firsts);
  j["first_differences"] = firsts;
  j["only_a"] = side(tally.only_a, tally.by_piece_a, tally.by_rule_a, tally.by_reason_a);
  j["only_b"] = side(tally.only_b, tally.by_piece_b, tally.by_rule_b, tally.by_reason_b);
  j["differences"] = differences;
  return j;
}

}  // namespace

py::dict run_compare(const CompareRequest& q) {
  check_lengths(q.games, q.max_plies);
  Rules a = load_or_throw(q.spec_a, q.options_a);
  Rules b = load_or_throw(q.spec_b, q.options_b);
  if (q.player != "random")
    if (auto p = ai::make_player(q.player, a, 0); !p) throw py::value_error(p.error().text());
  const int threads = std::min(thread_count(q.threads), q.games);
  CompareRun run(q);
  {
    py::gil_scoped_release release;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([&run] { run.work(); });
    for (std::thread& t : pool) t.join();
  }
  if (run.failure) throw py::value_error(run.failure->text());
  return compare_dict(run, *a, *b, threads);
}

}  // namespace regula::python
