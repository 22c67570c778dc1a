// compare: two readings of the rules (two scripts, or one script under two
// option sets) side by side, position by position: the moves legal under one
// only, each with the rule that makes it and the other reading's reason for
// refusing it; the first position where the readings part in each game, and
// over many games how often and where they differ, per piece and per rule.

#include <algorithm>
#include <atomic>
#include <exception>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/compare_walk.h"
#include "cli/common.h"
#include "cli/ordered_run.h"
#include "cli/progress.h"
#include "cli/record_files.h"
#include "cli/shard.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/compare_rules.h"
#include "notation/move_text.h"
#include "notation/position_string.h"

namespace regula::cli {

namespace {

struct CompareArgs {
  std::string a, b;
  std::vector<std::string> options, options_a, options_b, rules_path;
  int games = 10;
  uint64_t seed = 1;
  int max_plies = 200;
  std::string player = "random";
  std::string record, position, shard;
  int shown = 8;
  int threads = 0;
  bool all = false, json = false;
};

// One position where the readings differ, as found.
struct Found {
  int game = 0, ply = 0;
  std::string position;
  PositionDifference diff;
};

nlohmann::json moves_json(const std::vector<MoveDifference>& moves) {
  nlohmann::json list = nlohmann::json::array();
  for (const MoveDifference& m : moves)
    list.push_back(
        {{"move", m.move}, {"piece", m.piece}, {"rule", m.rule}, {"refused_because", m.reason}});
  return list;
}

void print_moves(const char* under, const char* other, const std::vector<MoveDifference>& moves,
                 int shown) {
  if (moves.empty()) return;
  out("  legal under %s only (%zu):\n", under, moves.size());
  for (size_t i = 0; i < moves.size() && static_cast<int>(i) < shown; ++i) {
    const MoveDifference& m = moves[i];
    out("    %s", m.move);
    if (!m.piece.empty()) out(" (%s", m.piece);
    if (!m.rule.empty()) out(m.piece.empty() ? " (%s" : ", %s", m.rule);
    if (!m.piece.empty() || !m.rule.empty()) out(")");
    out("\n      under %s: %s\n", other, m.reason);
  }
  if (static_cast<int>(moves.size()) > shown)
    out("    ... and %zu more\n", moves.size() - static_cast<size_t>(shown));
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

void print_counts(const char* title, const std::map<std::string, uint64_t>& counts) {
  std::vector<std::pair<std::string, uint64_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  out("  %s:\n", title);
  for (const auto& [k, n] : sorted) out("    %8llu  %s\n", static_cast<unsigned long long>(n), k);
}

// The two readings as loaded, with the options each is read under.
struct Readings {
  RulesArgs ra, rb;
  std::shared_ptr<const Ruleset> a, b;
  std::string name_a, name_b;  // as printed: the script, with its own options
};

// Loads both readings; nothing (with rc set) when they cannot be compared.
std::optional<Readings> load_readings(const CompareArgs& args, int& rc) {
  Readings x;
  x.ra = RulesArgs{args.a, args.options, args.rules_path};
  x.ra.options.insert(x.ra.options.end(), args.options_a.begin(), args.options_a.end());
  x.rb = RulesArgs{args.b.empty() ? args.a : args.b, args.options, args.rules_path};
  x.rb.options.insert(x.rb.options.end(), args.options_b.begin(), args.options_b.end());
  if (args.b.empty() && args.options_a.empty() && args.options_b.empty()) {
    err("compare: give a second script, or --option-a / --option-b to compare one script "
        "under two option sets\n");
    rc = 2;
    return std::nullopt;
  }
  x.a = load_or_fail(x.ra, rc);
  if (!x.a) return std::nullopt;
  x.b = load_or_fail(x.rb, rc);
  if (!x.b) return std::nullopt;
  x.name_a = x.a->name + (args.options_a.empty() ? "" : " (" + join(args.options_a) + ")");
  x.name_b = x.b->name + (args.options_b.empty() ? "" : " (" + join(args.options_b) + ")");
  return x;
}

// What the walk found in one game: the positions compared and those that
// differ. A position the second reading cannot read is a failure, which stops
// the game it is in; a player that cannot be made, or an exception, stops the run.
struct GameFinds {
  ComparisonTally tally;
  std::vector<Found> found;
  int first_ply = -1;
  std::optional<Error> failure, unplayable;
  std::exception_ptr thrown;
};

// Compares one position of game g (ply plies in) into what the game found;
// false when the second reading cannot read it.
bool look(const CompareArgs& args, const std::shared_ptr<const Ruleset>& b, Position& a, int g,
          int ply, GameFinds& finds) {
  auto other = same_position(a, b);
  if (!other) {
    finds.failure = other.error();
    return false;
  }
  PositionDifference d = compare_positions(a, *other);
  finds.tally.add(d);
  if (d.empty()) return true;
  if (finds.first_ply < 0) finds.first_ply = ply;
  if (args.all || finds.first_ply == ply) finds.found.push_back({g, ply, write_position(a), d});
  return true;
}

// The walk over the positions of the games: what it has found so far, the
// games added in order.
struct Walk {
  Walk(const CompareArgs& a, const Readings& r, const Shard& s) : args(a), readings(r), shard(s) {}

  const CompareArgs& args;
  const Readings& readings;
  const Shard& shard;
  ComparisonTally tally;
  std::vector<Found> found;
  std::vector<int> first_ply;  // per game with a difference
  int games = 0;
  std::optional<Error> failure, unplayable;
  std::exception_ptr thrown;

  // Adds what game g found; false when it ends the walk.
  bool add(int g, GameFinds&& f) {
    tally.add(f.tally);
    std::move(f.found.begin(), f.found.end(), std::back_inserter(found));
    if (f.first_ply >= 0) {
      if (first_ply.size() < static_cast<size_t>(g + 1)) first_ply.resize(g + 1, -1);
      first_ply[g] = f.first_ply;
    }
    if (f.failure) failure = f.failure;
    if (f.unplayable) unplayable = f.unplayable;
    if (f.thrown) thrown = f.thrown;
    return !f.failure && !f.unplayable && !f.thrown;
  }

  // The positions of the games of the --record file; false (with rc set) on an error.
  bool record(int& rc);
  // Games played under the first reading from the start, on `threads`
  // threads; false (with rc set) on an error.
  bool play(int threads, int& rc);
};

bool Walk::record(int& rc) {
  script::SearchPath search;
  for (const std::string& dir : args.rules_path) search.add(dir);
  Progress progress("compare", "games", 0);
  const Status st = for_each_record_game(
      args.record, search, readings.a->name, [&](Game&& game, size_t, size_t) -> Status {
        if (interrupted())
          return Error{args.record, "interrupted after " + std::to_string(games) + " games"};
        progress.add();
        if (!shard.owns(static_cast<uint64_t>(games))) {
          ++games;
          return std::nullopt;
        }
        auto start = same_position(game.start(), readings.a);
        if (!start) return start.error();
        Position pos = *start;
        int ply = 0;
        GameFinds finds;
        bool go = look(args, readings.b, pos, games, ply, finds);
        for (const Game::Played& p : game.history()) {
          if (!go) break;
          auto m = parse_move(pos, p.text);
          if (!m)
            return Error{args.record, "game " + std::to_string(games + 1) + ", move " +
                                          std::to_string(ply + 1) + " '" + p.text + "' under " +
                                          readings.name_a + ": " + m.error().what};
          Undo u;
          pos.make(*m, u);
          go = look(args, readings.b, pos, games, ++ply, finds);
        }
        add(games, std::move(finds));
        ++games;
        return std::nullopt;
      });
  // A Ctrl-C ends the reading as an error would; what was read is shown.
  if (!st || interrupted()) return true;
  rc = fail(*st);
  return false;
}

// The two readings one thread plays with. Script hooks run in a Lua state of
// their own, which one thread at a time may use: each further thread loads a
// script with hooks again.
struct ThreadReadings {
  std::shared_ptr<const Ruleset> a, b;
};

// The readings of each of `threads` threads; empty (with rc set) when a load fails.
std::vector<ThreadReadings> thread_readings(const Readings& r, int threads, int& rc) {
  std::vector<ThreadReadings> copies{{r.a, r.b}};
  for (int i = 1; i < threads; ++i) {
    ThreadReadings t{r.a, r.b};
    if (r.a->hooks && !(t.a = load_or_fail(r.ra, rc))) return {};
    if (r.b->hooks && !(t.b = load_or_fail(r.rb, rc))) return {};
    copies.push_back(t);
  }
  return copies;
}

// Game g played under the first reading from the start with its own seed
// (ai/compare_walk.h), compared position by position.
GameFinds play_game(const CompareArgs& args, const ThreadReadings& r, int g) {
  GameFinds finds;
  const Status st = ai::walk_compare_game(
      r.a, args.seed, g, args.max_plies, args.player,
      [&](Position& pos, int ply) { return look(args, r.b, pos, g, ply, finds); });
  if (st) finds.unplayable = *st;
  return finds;
}

// The games are played on the threads at once and added to the walk in game
// order, so that what is printed does not depend on the number of threads.
// The walk ends at the first game that fails, whatever thread played it.
bool Walk::play(int threads, int& rc) {
  const std::vector<ThreadReadings> copies = thread_readings(readings, threads, rc);
  if (copies.empty()) return false;
  Progress progress("compare", "games", shard.size(static_cast<uint64_t>(args.games)));
  std::atomic<bool> ended{false};
  uint64_t last = 0;  // one past the last game added
  OrderedRun<GameFinds> run(shard, static_cast<uint64_t>(args.games), 64 * copies.size(),
                            [&](uint64_t g, GameFinds&& f) {
                              if (ended) return;
                              progress.add();
                              last = g + 1;
                              if (!add(static_cast<int>(g), std::move(f))) ended = true;
                            });
  auto work = [&](size_t w) {
    while (auto g = run.next()) {
      if (interrupted() || ended) {
        // Ctrl-C: the games under way end, and what was walked is shown;
        // after a failure, the games after it are not walked.
        run.stop();
        return;
      }
      GameFinds finds;
      try {
        finds = play_game(args, copies[w], static_cast<int>(*g));
      } catch (...) {
        finds.thrown = std::current_exception();
      }
      run.done(*g, std::move(finds));
    }
  };
  std::vector<std::thread> pool;
  for (size_t w = 1; w < copies.size(); ++w) pool.emplace_back(work, w);
  work(0);
  for (auto& th : pool) th.join();
  games = run.emitted() == run.items() && !ended ? args.games : static_cast<int>(last);
  if (thrown) std::rethrow_exception(thrown);
  for (const ThreadReadings& t : copies)
    for (const auto& copy : {t.a, t.b})
      if (copy != readings.a && copy != readings.b && (rc = hook_status(*copy))) return false;
  if (unplayable) {
    rc = fail(*unplayable);
    return false;
  }
  return true;
}

// How many games differ somewhere, and the range and mean of the ply where
// they first do.
struct FirstDifferences {
  int games = 0;
  double sum = 0;
  int lo = -1, hi = -1;

  explicit FirstDifferences(const std::vector<int>& first_ply) {
    for (int p : first_ply)
      if (p >= 0) {
        ++games;
        sum += p;
        lo = lo < 0 ? p : std::min(lo, p);
        hi = std::max(hi, p);
      }
  }
};

void print_json(const CompareArgs& args, const Readings& readings, const Walk& walk) {
  const ComparisonTally& tally = walk.tally;
  nlohmann::json j;
  j["kind"] = "compare";
  j["a"] = {{"rules", readings.a->name},
            {"script_hash", readings.a->content_hash},
            {"options", readings.ra.options}};
  j["b"] = {{"rules", readings.b->name},
            {"script_hash", readings.b->content_hash},
            {"options", readings.rb.options}};
  j["source"] = !args.position.empty() ? "position " + args.position
                : !args.record.empty() ? "record " + args.record
                                       : std::string("games");
  j["run_games"] = args.position.empty() && args.record.empty() ? args.games : walk.games;
  j["games"] = walk.shard.whole() ? static_cast<uint64_t>(walk.games) : walk.shard.size(walk.games);
  j["shard"] = walk.shard.text();
  j["seed"] = args.seed;
  j["max_plies"] = args.max_plies;
  j["player"] = args.player;
  j["positions"] = tally.positions;
  j["differing_positions"] = tally.differing;
  j["games_with_difference"] = FirstDifferences(walk.first_ply).games;
  nlohmann::json firsts = nlohmann::json::array();
  for (size_t g = 0; g < walk.first_ply.size(); ++g)
    if (walk.first_ply[g] >= 0) firsts.push_back({{"game", g + 1}, {"ply", walk.first_ply[g]}});
  j["first_differences"] = firsts;
  j["only_a"] = {{"moves", tally.only_a},
                 {"by_piece", tally.by_piece_a},
                 {"by_rule", tally.by_rule_a},
                 {"by_reason", tally.by_reason_a}};
  j["only_b"] = {{"moves", tally.only_b},
                 {"by_piece", tally.by_piece_b},
                 {"by_rule", tally.by_rule_b},
                 {"by_reason", tally.by_reason_b}};
  nlohmann::json list = nlohmann::json::array();
  for (const Found& f : walk.found)
    list.push_back({{"game", f.game + 1},
                    {"ply", f.ply},
                    {"position", f.position},
                    {"only_a", moves_json(f.diff.only_a)},
                    {"only_b", moves_json(f.diff.only_b)}});
  j["differences"] = list;
  out("%s\n", j.dump(2, ' ', true, nlohmann::json::error_handler_t::replace));
}

void print_text(const CompareArgs& args, const Readings& readings, const Walk& walk) {
  const ComparisonTally& tally = walk.tally;
  out("A: %s\nB: %s\n", readings.name_a, readings.name_b);
  for (const Found& f : walk.found) {
    out("game %d, ply %d: %s\n  position: %s\n", f.game + 1, f.ply,
        walk.first_ply[f.game] == f.ply ? "the readings first differ" : "they differ", f.position);
    print_moves("A", "B", f.diff.only_a, args.shown);
    print_moves("B", "A", f.diff.only_b, args.shown);
  }
  const FirstDifferences firsts(walk.first_ply);
  const int walked = static_cast<int>(walk.shard.size(static_cast<uint64_t>(walk.games)));
  out("%llu positions in %d games; %llu differ (%.1f%%), in %d of %d games",
      static_cast<unsigned long long>(tally.positions), walked,
      static_cast<unsigned long long>(tally.differing),
      tally.positions ? 100.0 * static_cast<double>(tally.differing) / tally.positions : 0.0,
      firsts.games, walked);
  if (firsts.games)
    out("; first difference at ply %d to %d (mean %.1f)", firsts.lo, firsts.hi,
        firsts.sum / firsts.games);
  out("\n");
  if (tally.only_a) {
    out("moves legal under A only: %llu\n", static_cast<unsigned long long>(tally.only_a));
    print_counts("by piece", tally.by_piece_a);
    print_counts("by rule", tally.by_rule_a);
    print_counts("refused under B because", tally.by_reason_a);
  }
  if (tally.only_b) {
    out("moves legal under B only: %llu\n", static_cast<unsigned long long>(tally.only_b));
    print_counts("by piece", tally.by_piece_b);
    print_counts("by rule", tally.by_rule_b);
    print_counts("refused under A because", tally.by_reason_b);
  }
}

void run_compare(const CompareArgs& args, int& rc) {
  const Shard shard = args.shard.empty() ? Shard{} : *parse_shard(args.shard);
  const std::optional<Readings> readings = load_readings(args, rc);
  if (!readings) return;
  Walk walk(args, *readings, shard);
  if (!args.position.empty()) {
    auto pos = position_or_fail(readings->a, args.position, rc);
    if (!pos) return;
    walk.games = 1;
    GameFinds finds;
    look(args, readings->b, *pos, 0, 0, finds);
    walk.add(0, std::move(finds));
  } else if (!args.record.empty()) {
    if (!walk.record(rc)) return;
  } else {
    const uint64_t planned = shard.size(static_cast<uint64_t>(args.games));
    int threads = args.threads;
    if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    threads = static_cast<int>(std::clamp<uint64_t>(planned, 1, threads));
    if (!walk.play(threads, rc)) return;
  }
  if (walk.failure) {
    rc = fail(*walk.failure);
    return;
  }
  if ((rc = hook_status(*readings->a)) || (rc = hook_status(*readings->b))) return;
  if (interrupted()) {
    err("regula compare: interrupted: what follows covers the first %d games\n", walk.games);
    rc = 130;
  }
  if (args.json)
    print_json(args, *readings, walk);
  else
    print_text(args, *readings, walk);
}

void declare_compare_options(CLI::App& cmd, CompareArgs& args) {
  cmd.add_option("a", args.a, "the first reading: a bundled name or a .lua script")->required();
  cmd.add_option("b", args.b,
                 "the second reading (default: the first, under --option-b's options)");
  auto kv = CLI::Validator(
      [](std::string& s) {
        return s.find('=') == std::string::npos ? std::string("expected key=value, got " + s)
                                                : std::string();
      },
      "KEY=VALUE");
  cmd.add_option("--option", args.options, "script option for both readings (repeatable)")
      ->check(kv);
  cmd.add_option("--option-a", args.options_a, "script option for the first reading only")
      ->check(kv);
  cmd.add_option("--option-b", args.options_b, "script option for the second reading only")
      ->check(kv);
  cmd.add_option("--rules-path", args.rules_path,
                 "a further directory scripts may require and extend from (repeatable)")
      ->check(CLI::ExistingDirectory);
  cmd.add_option("-n,--games", args.games, "games to walk, played under the first reading")
      ->check(CLI::Range(1, 1000000));
  cmd.add_option("--seed", args.seed, "seed of the games (each game its own, from this one)")
      ->check(unsigned_number());
  cmd.add_option("--max-plies", args.max_plies, "decisions played in each game at most")
      ->check(CLI::Range(1, 100000));
  cmd.add_option("--player", args.player,
                 "who chooses the moves of the games: random (default) or a computer player "
                 "(ai:2, alphabeta:depth=2, ...)");
  auto* record = cmd.add_option("--record", args.record,
                                "walk the positions of the games of this record file instead");
  auto* position = cmd.add_option(
      "--position", args.position,
      "compare this one position (a position string, or startpos, optionally with 'moves ...')");
  record->excludes(position);
  cmd.add_option("--threads", args.threads,
                 "games walked at once (default: every core); what is printed is the same "
                 "whatever the number, the games added in their order")
      ->check(CLI::Range(1, 256));
  cmd.add_option("--show", args.shown, "moves listed per side and position (default 8)")
      ->check(CLI::Range(0, 100000));
  cmd.add_flag("--all", args.all, "list every position where the readings differ, not the first");
  cmd.add_flag("--json", args.json, "print one JSON object");
  add_quiet_flag(cmd);
  add_shard_arg(cmd, args.shard,
                "walk only part I of N of the games (game g when (g - 1) mod N = I - 1), each "
                "with the seed it has in the whole run");
}

}  // namespace

void add_compare(CLI::App& app, int& rc) {
  auto args = std::make_shared<CompareArgs>();
  auto* cmd = app.add_subcommand(
      "compare",
      "two readings side by side: the moves legal under one only, with the rule that makes them "
      "and why the other refuses them");
  declare_compare_options(*cmd, *args);
  cmd->callback([&rc, args] { run_compare(*args, rc); });
}

}  // namespace regula::cli
