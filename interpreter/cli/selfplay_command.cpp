// selfplay: games from the start, random or between players, to see how a
// reading of the rules plays out (draw rate, length, branching, how games end).

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "cli/common.h"
#include "cli/players.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/random_turn.h"
#include "core/rule_error.h"

namespace regula::cli {

namespace {

// What a run of games adds up to; workers keep their own and are summed at the end.
struct Tally {
  std::vector<std::array<int, 3>> per_seat;  // wins, losses, draws
  std::map<std::string, int> reasons;
  int draws = 0, unfinished = 0;
  uint64_t total_plies = 0, decisions = 0, branches = 0;

  void add(const Tally& o) {
    for (size_t s = 0; s < per_seat.size(); ++s)
      for (int k = 0; k < 3; ++k) per_seat[s][k] += o.per_seat[s][k];
    for (const auto& [reason, n] : o.reasons) reasons[reason] += n;
    draws += o.draws;
    unfinished += o.unfinished;
    total_plies += o.total_plies;
    decisions += o.decisions;
    branches += o.branches;
  }
};

void tally_result(const Ruleset& r, const Result& res, int plies, Tally& tally) {
  tally.total_plies += plies;
  if (!res.over) {
    ++tally.unfinished;
    ++tally.reasons["unfinished (max plies)"];
    return;
  }
  ++tally.reasons[res.reason];
  if (res.is_draw()) ++tally.draws;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    Outcome o = res.outcome[s];
    ++tally.per_seat[s][o == Outcome::kWin ? 0 : o == Outcome::kLoss ? 1 : 2];
  }
}

// A game of random turns, the fast way (no player objects).
void play_game(const std::shared_ptr<const Ruleset>& rules, uint64_t seed, int max_plies,
               Tally& tally, MoveList& moves, Turn& t) {
  std::mt19937_64 rng(seed);
  Position pos(rules);
  int plies = 0;
  Result res;
  while (true) {
    res = game_result(pos, moves);
    if (res.over || plies >= max_plies || moves.empty()) break;
    if (!pos.awaiting_roll()) {
      ++tally.decisions;
      tally.branches += moves.size();
      ++plies;
    }
    play_random_turn(pos, moves, rng, t);
  }
  tally_result(*rules, res, plies, tally);
}

// A game between the players named for each seat.
void play_game(const std::shared_ptr<const Ruleset>& rules, const std::vector<std::string>& specs,
               uint64_t seed, int max_plies, Tally& tally) {
  const Ruleset& r = *rules;
  std::vector<std::unique_ptr<ai::Player>> owned;
  std::vector<ai::Player*> players;
  std::vector<int> player_of_seat;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    auto p = make_player(specs[s], rules, ai::game_seed(seed, static_cast<uint64_t>(s) + 1));
    if (!p) throw RuleError(p.error());
    owned.push_back(std::move(*p));
    players.push_back(owned.back().get());
    player_of_seat.push_back(s);
  }
  std::vector<ai::PlayerTally> tallies(r.num_seats());
  ai::MatchGame game;
  if (Status st =
          ai::play_game(rules, players, seed, max_plies, false, game, tallies, player_of_seat))
    throw RuleError(*st);
  tally_result(r, game.result, game.plies, tally);
}

}  // namespace

void add_selfplay(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    int games = 100;
    uint64_t seed = 1;
    int max_plies = 1000;
    int threads = 0;
    bool json = false;
    std::string players;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("selfplay", "random playouts from the start position");
  add_rules_args(*cmd, args->rules);
  cmd->add_option("-n,--games", args->games, "number of games")->check(CLI::Range(1, 100000000));
  cmd->add_option("--seed", args->seed,
                  "random seed; each game plays with its own seed made from this one and its "
                  "number, so the results do not depend on --threads")
      ->check(unsigned_number());
  cmd->add_option("--max-plies", args->max_plies, "stop a game after this many moves")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--threads", args->threads, "games played at once (default: every core)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->add_option("--players", args->players,
                  "who plays, comma-separated: one player for every seat or one per seat in "
                  "seat order (e.g. ai:4,random); by default random turns, the fast way");
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    const Ruleset& r = *rules;
    std::vector<std::string> specs;
    if (!args->players.empty()) {
      specs = ai::split_player_list(args->players);
      if (specs.size() == 1) specs.assign(r.num_seats(), specs[0]);
      if (static_cast<int>(specs.size()) != r.num_seats()) {
        err("regula selfplay: --players names %zu players; %s has %d seats (give one for "
            "all, or one per seat)\n",
            specs.size(), r.title, r.num_seats());
        rc = 2;
        return;
      }
      for (const std::string& spec : specs)
        if (auto p = make_player(spec, rules, 1); !p) {
          rc = fail(p.error());
          return;
        }
    }
    int threads = args->threads;
    if (threads <= 0) threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min(threads, args->games);
    // Script hooks run in a Lua state of their own, which one thread at a time may
    // use: each further thread loads the script again.
    std::vector<std::shared_ptr<const Ruleset>> copies{rules};
    for (int i = 1; i < threads; ++i) {
      if (!r.hooks) {
        copies.push_back(rules);
        continue;
      }
      auto copy = load_or_fail(args->rules, rc);
      if (!copy) return;
      copies.push_back(copy);
    }
    std::vector<Tally> tallies(threads);
    for (Tally& t : tallies) t.per_seat.assign(r.num_seats(), {0, 0, 0});
    std::vector<std::exception_ptr> errors(threads);
    std::vector<int> failed_at(threads, -1);
    std::atomic<int> next{0};
    auto work = [&](int w) {
      MoveList moves;
      Turn t;
      for (int g; (g = next++) < args->games;) {
        try {
          if (specs.empty())
            play_game(copies[w], ai::game_seed(args->seed, g), args->max_plies, tallies[w], moves,
                      t);
          else
            play_game(copies[w], specs, ai::game_seed(args->seed, g), args->max_plies, tallies[w]);
        } catch (...) {
          errors[w] = std::current_exception();
          failed_at[w] = g;
          next = args->games;  // the others stop after their current game
          return;
        }
      }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
    work(0);
    for (auto& th : pool) th.join();
    // The error of the earliest game that failed, whatever thread played it.
    int first = -1;
    for (int w = 0; w < threads; ++w)
      if (errors[w] && (first < 0 || failed_at[w] < failed_at[first])) first = w;
    if (first >= 0) std::rethrow_exception(errors[first]);
    for (const auto& copy : copies)
      if (copy != rules && (rc = hook_status(*copy))) return;
    Tally total = tallies[0];
    for (int w = 1; w < threads; ++w) total.add(tallies[w]);
    auto& per_seat = total.per_seat;
    auto& reasons = total.reasons;
    const int draws = total.draws, unfinished = total.unfinished;
    const uint64_t total_plies = total.total_plies, decisions = total.decisions,
                   branches = total.branches;
    if ((rc = hook_status(r))) return;
    const double n = args->games;
    const double draw_rate = draws / n;
    const double mean_plies = total_plies / n;
    const double mean_branching = decisions ? static_cast<double>(branches) / decisions : 0.0;
    if (args->json) {
      nlohmann::json j;
      j["rules"] = r.name;
      j["games"] = args->games;
      j["seed"] = args->seed;
      j["max_plies"] = args->max_plies;
      if (!specs.empty()) j["players"] = specs;
      nlohmann::json seats = nlohmann::json::object();
      for (SeatId s = 0; s < r.num_seats(); ++s)
        seats[r.seats[s].name] = {
            {"wins", per_seat[s][0]}, {"losses", per_seat[s][1]}, {"draws", per_seat[s][2]}};
      j["seats"] = seats;
      j["draws"] = draws;
      j["draw_rate"] = draw_rate;
      j["unfinished"] = unfinished;
      j["mean_plies"] = mean_plies;
      j["mean_branching"] = mean_branching;
      j["reasons"] = reasons;
      // Names and titles may hold any bytes: written as ASCII, with \u escapes
      // for everything else and U+FFFD for what is not UTF-8, the JSON is valid
      // and nothing in it can reach the terminal as a control character.
      out("%s\n", j.dump(2, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace));
      return;
    }
    std::string who = "random";
    for (size_t i = 0; i < specs.size(); ++i)
      who = (i ? who + ", " : "") + r.seats[i].name + "=" + specs[i];
    out("%s: %d games (%s), seed %llu\n", r.title, args->games, who,
        static_cast<unsigned long long>(args->seed));
    for (SeatId s = 0; s < r.num_seats(); ++s)
      out("  %-10s wins %d  losses %d  draws %d\n", r.seats[s].name, per_seat[s][0], per_seat[s][1],
          per_seat[s][2]);
    out("draw rate: %.3f\n", draw_rate);
    out("unfinished (max plies %d): %d\n", args->max_plies, unfinished);
    out("mean length: %.1f plies\n", mean_plies);
    if (decisions) out("mean branching factor: %.1f\n", mean_branching);
    out("end reasons:\n");
    for (auto& [reason, count] : reasons) out("  %-40s %d\n", reason, count);
  });
}

}  // namespace regula::cli
