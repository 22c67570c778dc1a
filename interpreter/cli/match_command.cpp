// match: games between computer players (and engines), with the score, its
// confidence interval and the Elo difference, to measure a player or a rule.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>

#include <nlohmann/json.hpp>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "cli/common.h"
#include "cli/match_records.h"
#include "cli/openings.h"
#include "cli/players.h"
#include "cli/progress.h"
#include "formats/presentation.h"
#include "notation/position_string.h"
#include "session/game.h"
#include "session/game_record.h"
#include "session/time_control_text.h"
#include "uci/clock_budget.h"

namespace regula::cli {

namespace {

struct MatchArgs {
  RulesArgs rules;
  std::string players;
  int games = 100;
  uint64_t seed = 1;
  int threads = 0;
  int max_plies = 1000;
  bool json = false;
  bool verbose = false;
  bool row = false;
  std::string records;
  std::string resign, draw;
  std::string tc;  // the clock, in PGN's TimeControl syntax
  std::string openings;
  std::string openings_order = "sequential";
  int random_plies = 0;
};

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * x);
  return buf;
}

// An Elo difference as "+123", or "+inf" for a score of 1.
std::string elo_text(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f", elo);
  return std::string(buf) == "-0" ? "+0" : buf;
}

double unit_clamp(double x) {
  return std::clamp(x, 0.0, 1.0);
}

nlohmann::json number_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

double nodes_per_second(const ai::PlayerTally& p) {
  return p.millis > 0 ? 1000.0 * static_cast<double>(p.nodes) / p.millis : 0.0;
}

// Whether the match's games come in pairs of two players who swap sides from
// the same opening: then its intervals are the pairs' (ai::pair_stats).
bool paired(const ai::MatchReport& report) {
  return report.pairs() > 0;
}

// A player's score interval: the pairs' for two paired players (the second's
// mirrored), else Wilson's over the games.
ai::Interval score_interval(const ai::MatchReport& report, size_t player, int games) {
  if (!paired(report)) return ai::wilson_interval(report.players[player].points(), games);
  const ai::Interval first = ai::pair_stats(report.pentanomial).interval;
  const ai::Interval clamped{unit_clamp(first.low), unit_clamp(first.high)};
  return player == 0 ? clamped : ai::Interval{1 - clamped.high, 1 - clamped.low};
}

// What the outputs say of the first player against the field: its score with
// the 95% interval (from the pairs when there are pairs), and its share of the
// decisive games with theirs.
struct FirstPlayer {
  const ai::PlayerTally& a;
  int n;
  double score;
  ai::Interval si;
  int decisive;
  ai::Interval di;

  FirstPlayer(const ai::MatchReport& report, int games)
      : a(report.players[0]),
        n(games),
        score(a.points() / n),
        si(score_interval(report, 0, games)),
        decisive(a.wins + a.losses),
        di(ai::wilson_interval(a.wins, decisive)) {}
};

void print_json(const MatchArgs& args, const Ruleset& r, const ai::MatchOptions& options,
                const ai::MatchReport& report) {
  const FirstPlayer f(report, static_cast<int>(report.games.size()));
  const int n = f.n;
  nlohmann::json j;
  j["rules"] = r.name;
  j["games"] = n;
  j["seed"] = args.seed;
  j["threads"] = options.threads;
  j["max_plies"] = args.max_plies;
  if (options.adjudication.any()) j["adjudication"] = options.adjudication.text();
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < report.players.size(); ++i) {
    const ai::PlayerTally& p = report.players[i];
    const ai::Interval pi = score_interval(report, i, n);
    list.push_back({{"player", p.spec},
                    {"wins", p.wins},
                    {"draws", p.draws},
                    {"losses", p.losses},
                    {"score", p.points() / n},
                    {"score_interval", {pi.low, pi.high}},
                    {"decisions", p.decisions},
                    {"nodes", p.nodes},
                    {"millis", p.millis},
                    {"nps", nodes_per_second(p)}});
  }
  j["players"] = list;
  if (report.players.size() == 2) {
    j["elo"] = number_or_null(ai::elo_difference(f.score));
    j["elo_interval"] = {number_or_null(ai::elo_difference(f.si.low)),
                         number_or_null(ai::elo_difference(f.si.high))};
    j["decisive"] = f.decisive;
    j["decisive_won"] = f.decisive ? static_cast<double>(f.a.wins) / f.decisive : 0.0;
    j["decisive_interval"] = {f.di.low, f.di.high};
  }
  j["distinct_games"] = report.distinct;
  j["interval"] = paired(report) ? "pentanomial" : "wilson";
  if (options.openings) j["openings"] = options.openings;
  if (options.random_plies) j["random_plies"] = options.random_plies;
  if (paired(report)) {
    const ai::PairStats ps = ai::pair_stats(report.pentanomial);
    j["pairs"] = ps.pairs;
    j["pentanomial"] = report.pentanomial;
    j["pair_variance"] = ps.variance;
    j["los"] = ps.los;
  }
  j["unfinished"] = report.unfinished;
  j["mean_plies"] = report.mean_plies();
  j["reasons"] = report.reasons;
  j["millis"] = report.millis;
  out("%s\n", j.dump(2, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace));
}

void print_row(const Ruleset& r, const ai::MatchReport& report, int games) {
  const FirstPlayer f(report, games);
  const auto& players = report.players;
  out("| %s | %s | %s | %d | %d-%d-%d | %s [%s, %s] | %s [%s, %s] | ", r.name, f.a.spec,
      players[1].spec, f.n, f.a.wins, f.a.draws, f.a.losses, percent(f.score), percent(f.si.low),
      percent(f.si.high), elo_text(ai::elo_difference(f.score)),
      elo_text(ai::elo_difference(f.si.low)), elo_text(ai::elo_difference(f.si.high)));
  if (f.decisive)
    out("%s [%s, %s] |", percent(double(f.a.wins) / f.decisive), percent(f.di.low),
        percent(f.di.high));
  else
    out("no decisive game |");
  for (size_t i = 0; i < players.size(); ++i)
    out("%s%s", i ? " / " : " ",
        players[i].nodes ? std::to_string(std::lround(nodes_per_second(players[i])))
                         : std::string("-"));
  out(" | %.1f |\n", report.mean_plies());
}

void print_openings(const ai::MatchOptions& options, const ai::MatchReport& report) {
  out("openings: ");
  if (options.openings)
    out("%d (%s)", options.openings, options.random_order ? "shuffled" : "in order");
  else
    out("the start position");
  if (options.random_plies) out(", then %d random plies", options.random_plies);
  out(", each played %zu times with the players changing seats\n", report.players.size());
}

void print_pairs(const std::string& first, const ai::MatchReport& report) {
  const ai::PairStats ps = ai::pair_stats(report.pentanomial);
  const auto& b = report.pentanomial;
  out("pairs by %s's points (0, 1/2, 1, 3/2, 2): %d %d %d %d %d of %d; score %s [%s, %s], "
      "LOS %s\n",
      first, b[0], b[1], b[2], b[3], b[4], ps.pairs, percent(ps.score),
      percent(unit_clamp(ps.interval.low)), percent(unit_clamp(ps.interval.high)), percent(ps.los));
}

void print_text(const MatchArgs& args, const Ruleset& r, const ai::MatchOptions& options,
                const ai::MatchReport& report) {
  const FirstPlayer f(report, static_cast<int>(report.games.size()));
  const auto& players = report.players;
  const int n = f.n;
  out("%s: %d games, seed %llu, %d threads, %.1f s\n", presentation_of(r).title, n,
      static_cast<unsigned long long>(args.seed), options.threads, report.millis / 1000.0);
  if (options.grouped()) print_openings(options, report);
  for (size_t i = 0; i < players.size(); ++i) {
    const ai::PlayerTally& p = players[i];
    const ai::Interval pi = score_interval(report, i, n);
    out("  %-24s wins %d  draws %d  losses %d  score %s [%s, %s]", p.spec, p.wins, p.draws,
        p.losses, percent(p.points() / n), percent(pi.low), percent(pi.high));
    if (p.nodes) out("  nodes/s %.0f", nodes_per_second(p));
    if (p.decisions) out("  %.1f ms per decision", p.millis / static_cast<double>(p.decisions));
    out("\n");
  }
  if (players.size() == 2) {
    const std::string basis =
        paired(report) ? ", from " + std::to_string(report.pairs()) + " pairs" : std::string();
    out("%s vs %s: Elo %s [%s, %s] (95%%%s)\n", f.a.spec, players[1].spec,
        elo_text(ai::elo_difference(f.score)), elo_text(ai::elo_difference(f.si.low)),
        elo_text(ai::elo_difference(f.si.high)), basis);
    if (paired(report)) print_pairs(f.a.spec, report);
    if (f.decisive)
      out("decisive games won by %s: %d of %d, %s [%s, %s]\n", f.a.spec, f.a.wins, f.decisive,
          percent(double(f.a.wins) / f.decisive), percent(f.di.low), percent(f.di.high));
  }
  out("distinct games: %d of %d\n", report.distinct, n);
  out("mean length: %.1f plies; unfinished (max plies %d): %d\n", report.mean_plies(),
      args.max_plies, report.unfinished);
  if (options.adjudication.any()) out("adjudication: %s\n", options.adjudication.text());
  out("end reasons:\n");
  for (auto& [reason, count] : report.reasons) out("  %-40s %d\n", reason, count);
}

// The options of the run from the arguments; false (with rc set) on a bad
// --resign or --draw, or a records file that cannot be written.
bool match_options(const MatchArgs& args, ai::MatchOptions& options, int& rc) {
  options.players = ai::split_player_list(args.players);
  options.games = args.games;
  options.seed = args.seed;
  options.threads =
      args.threads > 0 ? args.threads : std::max(1, int(std::thread::hardware_concurrency()));
  options.max_plies = args.max_plies;
  options.keep_turns = !args.records.empty();
  for (auto [text, parse] :
       {std::pair{&args.resign, &ai::parse_resign}, std::pair{&args.draw, &ai::parse_draw}})
    if (!text->empty())
      if (Status st = parse(*text, options.adjudication)) {
        fail(*st);
        rc = 2;
        return false;
      }
  if (!args.tc.empty()) {
    auto control = parse_pgn_time_control(args.tc);
    if (!control || !*control) {
      fail(control ? Error{"--tc", "'?' is no clock to play under"}
                   : Error{"--tc", control.error().what});
      rc = 2;
      return false;
    }
    options.clock = **control;
  }
  options.random_plies = args.random_plies;
  options.random_order = args.openings_order == "random";
  // A records file that cannot be written is found before the games, not after.
  if (!args.records.empty() && !std::ofstream(args.records, std::ios::app)) {
    rc = fail(Error{args.records, "cannot write the records"});
    return false;
  }
  return true;
}

// The openings of --openings, read back from their position strings with the
// rules of the thread that plays them; false (with rc set) when the file
// cannot be read.
bool add_openings(const MatchArgs& args, const std::shared_ptr<const Ruleset>& rules,
                  ai::MatchOptions& options, int& rc) {
  if (args.openings.empty()) return true;
  script::SearchPath search;
  for (const std::string& dir : args.rules.rules_path) search.add(dir);
  auto openings = read_openings(args.openings, rules, search);
  if (!openings) {
    rc = fail(openings.error());
    return false;
  }
  auto texts = std::make_shared<const std::vector<std::string>>(std::move(*openings));
  options.openings = static_cast<int>(texts->size());
  options.opening = [texts](std::shared_ptr<const Ruleset> r, int i) {
    return read_position(std::move(r), (*texts)[i]);
  };
  return true;
}

void run_match_command(const std::shared_ptr<MatchArgs>& args, int& rc) {
  auto rules = load_or_fail(args->rules, rc);
  if (!rules) return;
  const Ruleset& r = *rules;
  ai::MatchOptions options;
  if (!match_options(*args, options, rc)) return;
  if (!add_openings(*args, rules, options, rc)) return;
  options.clock_budget = [&r](const std::string& spec, int64_t remaining, int64_t increment,
                              int moves_to_go) {
    return uci::clock_budget(r, spec, remaining, increment, moves_to_go);
  };
  auto reload = [args]() { return load(args->rules); };
  Progress bar("match", "games", static_cast<uint64_t>(options.games),
               Progress::OnInterrupt::kCommandStops, !args->verbose);
  options.stop = [] { return interrupted(); };
  std::function<void(const ai::MatchGame&, int)> progress = [&](const ai::MatchGame& g, int done) {
    bar.add();
    if (!args->verbose) return;
    std::string who;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      who += (s ? ", " : "") + r.seats[s].name + "=" + options.players[g.player_of_seat[s]];
    const std::string from =
        g.opening >= 0 ? " from opening " + std::to_string(g.opening + 1) : std::string();
    err("game %d (%d/%d)%s %s: %s (%s), %d plies\n", g.index + 1, done, options.games, from, who,
        g.result.over ? g.result.score() : std::string("unfinished"),
        g.result.over ? g.result.reason : std::string("max plies"), g.plies);
  };
  auto report = ai::run_match(rules, reload, options, make_player, progress);
  if (!report) {
    rc = fail(report.error());
    const std::string& where = report.error().where;
    if (where == "players" || where == "adjudication" || where == "games") rc = 2;
    return;
  }
  if ((rc = hook_status(r))) return;
  if (report->stopped) {
    err("regula match: interrupted: %zu of %d games played; what follows counts them\n",
        report->games.size(), options.games);
    rc = 130;
    if (report->games.empty()) return;
  }
  if (!args->records.empty())
    if (Status st =
            write_match_records(rules, *report, args->records, match_records_tags(options))) {
      rc = fail(*st);
      return;
    }
  if (args->json)
    print_json(*args, r, options, *report);
  else if (args->row)
    print_row(r, *report, static_cast<int>(report->games.size()));
  else
    print_text(*args, r, options, *report);
}

void declare_match_options(CLI::App& cmd, MatchArgs& args) {
  add_rules_args(cmd, args.rules);
  cmd.add_option("--players", args.players,
                 "the players, comma-separated: one per team (or per seat), e.g. ai:4,random "
                 "or alphabeta:depth=3,nodes=5000,mcts:iterations=800; they change sides "
                 "every game")
      ->required();
  cmd.add_option("-n,--games", args.games, "number of games")->check(CLI::Range(1, 1000000));
  cmd.add_option("--seed", args.seed,
                 "seed of the dice and the players; each game has its own, made from this one "
                 "and its number, so the results do not depend on --threads")
      ->check(unsigned_number());
  add_quiet_flag(cmd);
  cmd.add_option("--threads", args.threads, "games played at once (default: every core)")
      ->check(CLI::Range(1, 256));
  cmd.add_option("--max-plies", args.max_plies,
                 "decisions after which a game stops and counts as a draw")
      ->check(CLI::Range(1, 1000000));
  cmd.add_option("--records", args.records, "write every game's record to this file");
  cmd.add_option("--resign", args.resign,
                 "turns=N,score=S[,twosided=false]: a side loses once its searches have scored "
                 "it S or more behind (100 = a piece of value 1) in N of its turns in a row and "
                 "the other side's searches (unless twosided=false) it as far ahead in N of "
                 "theirs, as cutechess-cli's -resign (two teams only)");
  cmd.add_option("--draw", args.draw,
                 "after=P,turns=N,score=S: after P decisions, a draw once both sides' searches "
                 "have scored within S of even in N of their turns in a row, as cutechess-cli's "
                 "-draw (two teams only)");
  cmd.add_option("--tc", args.tc,
                 "play under a clock, in PGN's TimeControl syntax: periods "
                 "[MOVES/]SECONDS[+INCREMENT] joined by ':', e.g. 60+1 or 40/300:60; each "
                 "player's turns are charged to its clock and budgeted from it, and a player "
                 "whose time runs out loses the game (the records say [TimeControl])");
  cmd.add_option("--openings", args.openings,
                 "play from the openings of FILE: position strings, one a line (a line may "
                 "add 'moves ...' played from it, or be 'startpos moves ...'; '#' starts a "
                 "comment line), or game records (regula's, PGN or PDN: each game's last "
                 "position). Each opening is played once for each way the players sit (two "
                 "players: a pair of games, sides swapped), so -n must be a multiple of the "
                 "players; the openings are used in order (--openings-order), starting again "
                 "from the first when all have been played. With two players the games come "
                 "in pairs, and the interval is the pairs' (the pentanomial model of M. Van "
                 "den Bergh, as fishtest computes it): with n_k pairs in which the first "
                 "player scored k/2 points (k = 0..4; an empty bin counts 1e-3) and N their "
                 "sum, score mu = sum n_k (k/4) / N, variance v = sum n_k (k/4 - mu)^2 / N, "
                 "interval mu -+ 1.96 sqrt(v / N), Elo -400 log10(1/mu - 1) with the "
                 "interval's ends; without pairs, Wilson's over the games (docs/ai.md)");
  cmd.add_option("--openings-order", args.openings_order,
                 "sequential (the file's order, the default) or random (shuffled once by "
                 "--seed, then used in that order)")
      ->check(CLI::IsMember({"sequential", "random"}));
  cmd.add_option("--random-plies", args.random_plies,
                 "start each group of games (a pair for two players) from the position N "
                 "random plies after its opening (or the start): whole turns drawn uniformly "
                 "among the legal ones by a generator seeded by --seed and the group, drawn "
                 "again when the game ends within them")
      ->check(CLI::Range(0, 10000));
  cmd.add_flag("--json", args.json, "print one JSON object");
  cmd.add_flag("--row", args.row,
               "print one Markdown table row: rules | first player | second | games | "
               "wins-draws-losses | score [95%] | Elo [95%] | decisive games won [95%] | "
               "nodes/s of each | mean plies");
  cmd.add_flag("-v,--verbose", args.verbose, "print each game's result as it ends (stderr)");
}

}  // namespace

void add_match(CLI::App& app, int& rc) {
  auto args = std::make_shared<MatchArgs>();
  auto* cmd = app.add_subcommand(
      "match", "games between computer players: score, 95% interval and Elo difference");
  declare_match_options(*cmd, *args);
  cmd->callback([&rc, args] { run_match_command(args, rc); });
}

}  // namespace regula::cli
