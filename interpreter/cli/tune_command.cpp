// tune: the default evaluation's weights learned from self-play games by
// Texel's method (ai/tune.h): what each piece is worth, with intervals, and a
// Lua table of the weights that a script takes as its `ai` field.

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "ai/match.h"
#include "ai/random_turn.h"
#include "ai/seat_view.h"
#include "ai/tune.h"
#include "cli/common.h"
#include "cli/players.h"
#include "cli/progress.h"
#include "cli/selfplay_games.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "formats/presentation.h"

namespace regula::cli {

namespace {

namespace fs = std::filesystem;

// The bootstrap's resamples: enough for the 2.5th and 97.5th percentiles.
constexpr int kResamples = 100;

struct TuneArgs {
  RulesArgs rules;
  int games = 100;
  std::string player = "ai:1";
  uint64_t seed = 1;
  int threads = 0;
  int max_plies = 400;
  int skip = 8;
  int random_plies = 4;
  bool squares = false;
  std::string out;
};

// One game: random turns first (so that games differ), then the players, and
// its quiet positions sampled. Nothing when the opening already ended it.
std::vector<ai::TuneSample> play_one(const TuneArgs& args,
                                     const std::shared_ptr<const Ruleset>& rules,
                                     const ai::Evaluator& eval,
                                     const std::vector<std::vector<SiteId>>* views, int index) {
  const Ruleset& r = *rules;
  const uint64_t seed = ai::game_seed(args.seed, static_cast<uint64_t>(index));
  std::mt19937_64 rng(seed);
  Position start(rules);
  MoveList moves;
  Turn t;
  for (int i = 0; i < args.random_plies; ++i) {
    if (game_result(start, moves).over || moves.empty()) return {};
    play_random_turn(start, moves, rng, t);
  }
  const SeatPlayers seats =
      seat_players(rules, std::vector<std::string>(r.num_seats(), args.player), seed, make_player);
  std::vector<ai::PlayerTally> tallies(r.num_seats());
  ai::MatchGame game;
  if (Status st = ai::play_game(rules, seats.players, seed, args.max_plies, true, game, tallies,
                                seats.player_of_seat, {}, {}, {}, &start))
    throw RuleError(*st);
  std::vector<ai::TuneSample> samples;
  ai::sample_game(eval, start, game.turns, game.result, args.skip - args.random_plies, index,
                  samples, views);
  return samples;
}

// Plays the games on one thread per copy of the rules; each game's samples in
// its slot. Stops taking games at Ctrl-C; rethrows the first error.
void play_games(const TuneArgs& args, const std::vector<std::shared_ptr<const Ruleset>>& copies,
                std::vector<std::vector<ai::TuneSample>>& per_game, std::vector<uint8_t>& played) {
  const int threads = static_cast<int>(copies.size());
  Progress progress("tune", "games", static_cast<uint64_t>(args.games));
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  std::vector<std::exception_ptr> errors(threads);
  auto work = [&](int w) {
    const ai::Evaluator eval(*copies[w]);
    const auto views = ai::seat_views(*copies[w]);
    for (int g; !stop && (g = next++) < args.games;) {
      if (interrupted()) break;
      try {
        per_game[g] = play_one(args, copies[w], eval, args.squares ? &views : nullptr, g);
        played[g] = 1;
        progress.add();
      } catch (...) {
        errors[w] = std::current_exception();
        stop = true;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
  work(0);
  for (auto& th : pool) th.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

// The file the weights go to: --out, or NAME_weights.lua in the current
// directory (NAME: the script's file name, its dots made underscores so that
// require finds it). Never a file the rules were read from.
std::string out_path(const TuneArgs& args, const Ruleset& r, int& rc) {
  std::string path = args.out;
  if (path.empty()) {
    std::string stem = fs::path(r.name).stem().string();
    std::replace(stem.begin(), stem.end(), '.', '_');
    path = stem + "_weights.lua";
  }
  std::error_code ec;
  for (const std::string& file : r.files)
    if (fs::exists(path, ec) && fs::equivalent(path, file, ec)) {
      err("regula tune: --out %s: that is a file of the rules themselves; choose another\n", path);
      rc = 2;
      return "";
    }
  return path;
}

struct Fit {
  ai::TuneWeights start, fitted;
  ai::TuneFree free;
  double k = 0, before = 0, after = 0;
  // The log-loss on every fifth game, before and after a fit on the others
  // (negative: fewer than five games).
  double held_before = -1, held_after = -1;
  TypeId unit = -1;
  std::vector<ai::TuneInterval> intervals;
};

// Fits the weights; nothing, with the reason said, when more are free than one
// fit may change.
std::optional<Fit> fit_all(const Ruleset& r, const std::vector<ai::TuneSample>& samples, int games,
                           uint64_t seed) {
  Fit f;
  const ai::Evaluator eval(r);
  f.start = ai::current_weights(r, eval);
  f.free = ai::free_weights(r, samples);
  if (const auto why = ai::too_many_weights(f.free)) {
    err("regula tune: %s\n", *why);
    return std::nullopt;
  }
  f.k = ai::fit_scale(samples, f.start);
  f.before = ai::tune_loss(samples, f.start, f.k);
  f.fitted = ai::fit_weights(samples, f.start, f.free, f.k);
  f.after = ai::tune_loss(samples, f.fitted, f.k);
  if (games >= 5) {
    std::vector<int> fit_on(games, 0), held(games, 0);
    for (int g = 0; g < games; ++g) (g % 5 == 4 ? held : fit_on)[g] = 1;
    const ai::TuneWeights others = ai::fit_weights(samples, f.start, f.free, f.k, 30, fit_on);
    f.held_before = ai::tune_loss(samples, f.start, f.k, held);
    f.held_after = ai::tune_loss(samples, others, f.k, held);
  }
  f.unit = ai::unit_type(r, f.free);
  f.intervals =
      ai::bootstrap_intervals(samples, f.fitted, f.free, f.k, f.unit, games, kResamples, seed);
  return f;
}

// The squares fitted: how many of each type, and its best and worst site (as
// the first seat sees the board), in pieces of value 1.
std::string squares_text(const Ruleset& r, const Fit& f) {
  const int sites = r.topology.size();
  std::string text = "squares (worth on a site, in pieces of value 1, as " + r.seats[0].name +
                     " sees the board; the rest 0):\n";
  char buf[256];
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    int fitted = 0;
    SiteId best = kNoSite, worst = kNoSite;
    for (SiteId s = 0; s < sites; ++s) {
      const size_t q = static_cast<size_t>(t) * sites + s;
      if (!f.free.squares[q]) continue;
      ++fitted;
      if (best == kNoSite || f.fitted.squares[q] > f.fitted.squares[t * sites + best]) best = s;
      if (worst == kNoSite || f.fitted.squares[q] < f.fitted.squares[t * sites + worst]) worst = s;
    }
    if (!fitted) continue;
    std::snprintf(buf, sizeof buf, "  %s: %d sites fitted; best %s %+.2f, worst %s %+.2f\n",
                  r.types[t].name.c_str(), fitted, r.topology.name(best).c_str(),
                  f.fitted.squares[t * sites + best] / ai::kPieceUnit,
                  r.topology.name(worst).c_str(),
                  f.fitted.squares[t * sites + worst] / ai::kPieceUnit);
    text += buf;
  }
  return text;
}

// What a variant author asks: each piece's worth in the weakest piece's unit.
std::string report_text(const TuneArgs& args, const Ruleset& r, const Fit& f, int games,
                        size_t positions) {
  char buf[256];
  std::string text = presentation_of(r).title + ": " + std::to_string(games) + " games (" +
                     args.player + "), seed " + std::to_string(args.seed) + ", " +
                     grouped(positions) + " positions\n";
  std::snprintf(buf, sizeof buf, "log-loss %.4f -> %.4f (k = %.5f per score unit)\n", f.before,
                f.after, f.k);
  text += buf;
  // What the fit gains on games it did not see: where it gains much less
  // than on its own games, it learned those games rather than the pieces.
  if (f.held_before >= 0) {
    std::snprintf(buf, sizeof buf,
                  "held out (every fifth game, fitted on the others): log-loss %.4f -> %.4f\n",
                  f.held_before, f.held_after);
    text += buf;
  }
  const double unit = f.unit >= 0 ? f.fitted.values[f.unit] : double{ai::kPieceUnit};
  text += "worth in " + (f.unit >= 0 ? r.types[f.unit].name : std::string("pieces of value 1")) +
          " (95% interval, bootstrap over games):\n";
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    if (!f.free.values[t]) {
      text += "  " + r.types[t].name + ": not fitted (its count never differs between sides)\n";
      continue;
    }
    const ai::TuneInterval& i = f.intervals[t];
    if (t == f.unit || f.unit < 0)
      std::snprintf(buf, sizeof buf, "%.2f\n", f.fitted.values[t] / unit);
    else
      std::snprintf(buf, sizeof buf, "%.2f [%.2f, %.2f]\n", f.fitted.values[t] / unit, i.low,
                    i.high);
    text += "  " + r.types[t].name + ": " + buf;
  }
  if (f.free.mobility) {
    std::snprintf(buf, sizeof buf, "mobility: %.2f score units per decision (was %.0f)\n",
                  f.fitted.mobility, f.start.mobility);
    text += buf;
  }
  if (!f.free.squares.empty()) text += squares_text(r, f);
  return text;
}

// Writes the weights' Lua table to path, saying how a script takes it.
void write_weights(const TuneArgs& args, const Ruleset& r, const Fit& f, int games,
                   size_t positions, const std::string& path, int& rc) {
  const std::string module = fs::path(path).stem().string();
  char buf[128];
  std::snprintf(buf, sizeof buf, "log-loss %.4f -> %.4f", f.before, f.after);
  const std::string comment = "Evaluation weights for " + r.name +
                              ", fitted by `regula tune` from " + std::to_string(games) +
                              " games (" + args.player + ", seed " + std::to_string(args.seed) +
                              "): " + std::to_string(positions) + " positions, " + buf +
                              ".\nIn the script, beside this file: ai = require \"" + module + "\"";
  std::ofstream file(path, std::ios::binary);
  file << ai::weights_lua(r, f.fitted, comment);
  file.close();
  if (!file) {
    err("regula tune: --out %s: cannot write the file\n", path);
    rc = 1;
    return;
  }
  out("wrote %s: in the script, beside it, ai = require \"%s\"\n", path, module);
}

void run_tune(const TuneArgs& args, int& rc) {
  auto rules = load_or_fail(args.rules, rc);
  if (!rules) return;
  const Ruleset& r = *rules;
  if (r.hooks && r.hooks->has_evaluate()) {
    err("regula tune: %s judges positions with its evaluate hook; tune fits the default "
        "evaluation's weights only\n",
        r.name);
    rc = 2;
    return;
  }
  if (auto p = make_player(args.player, rules, 1); !p) {
    rc = fail(p.error());
    return;
  }
  const std::string path = out_path(args, r, rc);
  if (path.empty()) return;
  int threads = args.threads > 0 ? args.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, args.games);
  const auto copies = thread_rules(args.rules, rules, threads, rc);
  if (copies.empty()) return;
  std::vector<std::vector<ai::TuneSample>> per_game(args.games);
  std::vector<uint8_t> played(args.games, 0);  // not vector<bool>: threads set neighbouring games
  play_games(args, copies, per_game, played);
  for (const auto& copy : copies)
    if ((rc = hook_status(*copy))) return;
  const int games = static_cast<int>(std::count(played.begin(), played.end(), 1));
  if (interrupted())
    err("regula tune: interrupted: %d of %d games played; the fit uses them\n", games, args.games);
  std::vector<ai::TuneSample> samples;
  for (auto& g : per_game) samples.insert(samples.end(), g.begin(), g.end());
  if (samples.size() < 20) {
    err("regula tune: only %zu quiet positions in %d games, too few to fit; play more games "
        "(--games) or skip fewer plies (--skip)\n",
        samples.size(), games);
    rc = 1;
    return;
  }
  const std::optional<Fit> f = fit_all(r, samples, args.games, args.seed);
  if (!f) {
    rc = 2;
    return;
  }
  out("%s", report_text(args, r, *f, games, samples.size()));
  write_weights(args, r, *f, games, samples.size(), path, rc);
  if (interrupted() && !rc) rc = 130;
}

void declare_tune_options(CLI::App& cmd, TuneArgs& args) {
  add_rules_args(cmd, args.rules);
  cmd.add_option("-n,--games", args.games, "number of self-play games (default 100)")
      ->check(CLI::Range(1, 1'000'000));
  cmd.add_option(
      "--player", args.player,
      "who plays every seat, as selfplay's --players names players (default ai:1, a fast "
      "level)");
  cmd.add_option("--seed", args.seed,
                 "random seed of the games and of the bootstrap; the same seed gives the same "
                 "weights, whatever --threads")
      ->check(unsigned_number());
  cmd.add_option("--threads", args.threads, "games played at once (default: every core)")
      ->check(CLI::Range(1, 256));
  cmd.add_option("--max-plies", args.max_plies,
                 "stop a game after this many moves; its positions count as drawn (default 400)")
      ->check(CLI::Range(1, 100000));
  cmd.add_option("--skip", args.skip, "plies at the start of each game not sampled (default 8)")
      ->check(CLI::Range(0, 10000));
  cmd.add_option("--random-plies", args.random_plies,
                 "random turns that open each game, so that games differ (default 4)")
      ->check(CLI::Range(0, 1000));
  cmd.add_flag("--squares", args.squares,
               "fit what each piece gains on each site too (ai.squares), where the games put "
               "pieces of a type on a site in 10 positions or more; needs many more games than "
               "the values alone");
  cmd.add_option("--out", args.out,
                 "the Lua file of the weights (default: NAME_weights.lua in the current "
                 "directory, NAME the script's file name)");
  add_quiet_flag(cmd);
}

}  // namespace

void add_tune(CLI::App& app, int& rc) {
  auto args = std::make_shared<TuneArgs>();
  auto* cmd = app.add_subcommand(
      "tune",
      "learn the evaluation's weights (piece values, mobility, with --squares piece-square "
      "worths) from self-play games, print what "
      "each piece is worth and write them as a Lua table for the script's ai field");
  declare_tune_options(*cmd, *args);
  cmd->callback([&rc, args] { run_tune(*args, rc); });
}

}  // namespace regula::cli
