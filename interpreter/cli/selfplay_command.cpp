// selfplay: random playouts from the start, to see how a reading of the rules
// plays out (draw rate, length, branching, how games end).

#include <cstdio>
#include <map>
#include <memory>
#include <random>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/random_turn.h"

namespace regula::cli {

void add_selfplay(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    int games = 100;
    uint64_t seed = 1;
    int max_plies = 1000;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("selfplay", "random playouts from the start position");
  add_rules_args(*cmd, args->rules);
  cmd->add_option("-n,--games", args->games, "number of games")->check(CLI::Range(1, 100000000));
  cmd->add_option("--seed", args->seed, "random seed")->check(unsigned_number());
  cmd->add_option("--max-plies", args->max_plies, "stop a game after this many moves")
      ->check(CLI::Range(1, 100000000));
  cmd->add_flag("--json", args->json, "print one JSON object");
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    const Ruleset& r = *rules;
    std::mt19937_64 rng(args->seed);
    std::vector<std::array<int, 3>> per_seat(r.num_seats(), {0, 0, 0});  // wins, losses, draws
    std::map<std::string, int> reasons;
    int draws = 0, unfinished = 0;
    uint64_t total_plies = 0, decisions = 0, branches = 0;
    MoveList moves;
    for (int g = 0; g < args->games; ++g) {
      Position pos(rules);
      int plies = 0;
      Result res;
      while (true) {
        res = game_result(pos, moves);
        if (res.over || plies >= args->max_plies || moves.empty()) break;
        Turn t = random_turn(pos, moves, rng);
        if (!pos.awaiting_roll()) {
          ++decisions;
          branches += moves.size();
          ++plies;
        }
        for (const Move& m : t.steps) {
          Undo u;
          pos.make(m, u);
        }
      }
      total_plies += plies;
      if (!res.over) {
        ++unfinished;
        ++reasons["unfinished (max plies)"];
        continue;
      }
      ++reasons[res.reason];
      if (res.is_draw()) ++draws;
      for (SeatId s = 0; s < r.num_seats(); ++s) {
        Outcome o = res.outcome[s];
        ++per_seat[s][o == Outcome::kWin ? 0 : o == Outcome::kLoss ? 1 : 2];
      }
    }
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
    out("%s: %d random games, seed %llu\n", r.title, args->games,
        static_cast<unsigned long long>(args->seed));
    for (SeatId s = 0; s < r.num_seats(); ++s)
      out("  %-10s wins %d  losses %d  draws %d\n", r.seats[s].name, per_seat[s][0], per_seat[s][1],
          per_seat[s][2]);
    out("draw rate: %.3f\n", draw_rate);
    out("unfinished (max plies %d): %d\n", args->max_plies, unfinished);
    out("mean length: %.1f plies\n", mean_plies);
    out("mean branching factor: %.1f\n", mean_branching);
    out("end reasons:\n");
    for (auto& [reason, count] : reasons) out("  %-40s %d\n", reason, count);
  });
}

}  // namespace regula::cli
