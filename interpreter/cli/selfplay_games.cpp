#include "cli/selfplay_games.h"

#include <random>
#include <utility>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/rule_error.h"

namespace regula::cli {

namespace {

// Fills what a record says about how the game ended, from its last position.
void finish_record(const Position& pos, const Result& res, int plies, GameRecord& g) {
  const Ruleset& r = pos.rules();
  g.plies = plies;
  g.reason = res.over ? res.reason : "unfinished (max plies)";
  g.result.assign(r.num_seats(), Outcome::kNone);
  g.captures = 0;
  if (r.stakes || r.money.enabled()) g.stakes.emplace();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (res.over) g.result[s] = res.outcome[s];
    g.captures += pos.counter(s, kCaptured);
    if (g.stakes) g.stakes->push_back(settled_counter(pos, res, s, kStakes));
  }
}

// A game of random turns, the fast way (no player objects).
void play_random_game(const std::shared_ptr<const Ruleset>& rules, int max_plies, GameRecord& g,
                      MoveList& moves, Turn& t) {
  std::mt19937_64 rng(g.seed);
  Position pos(rules);
  int plies = 0;
  int64_t decisions = 0, branches = 0;
  Result res;
  while (true) {
    res = game_result(pos, moves);
    if (res.over || plies >= max_plies || moves.empty()) break;
    if (!pos.awaiting_roll()) {
      ++decisions;
      branches += moves.size();
      ++plies;
    }
    play_random_turn(pos, moves, rng, t);
  }
  g.branching = std::make_pair(decisions, branches);
  finish_record(pos, res, plies, g);
}

// A game between the players named for each seat.
void play_players_game(const std::shared_ptr<const Ruleset>& rules,
                       const std::vector<std::string>& specs, int max_plies,
                       const ai::PlayerFactory& make, GameRecord& g) {
  const Ruleset& r = *rules;
  const SeatPlayers seats = seat_players(rules, specs, g.seed, make);
  std::vector<ai::PlayerTally> tallies(r.num_seats());
  ai::MatchGame game;
  if (Status st = ai::play_game(rules, seats.players, g.seed, max_plies, true, game, tallies,
                                seats.player_of_seat))
    throw RuleError(*st);
  // The last position, for the captures and stakes: the turns played again.
  Position pos(rules);
  Undo u;
  for (const Turn& t : game.turns) {
    if (pos.awaiting_roll()) {
      pos.make(t.first(), u);
      continue;
    }
    for (const Move& m : t.steps) pos.make(m, u);
  }
  finish_record(pos, game.result, game.plies, g);
}

}  // namespace

SeatPlayers seat_players(const std::shared_ptr<const Ruleset>& rules,
                         const std::vector<std::string>& specs, uint64_t seed,
                         const ai::PlayerFactory& make) {
  SeatPlayers out;
  for (SeatId s = 0; s < rules->num_seats(); ++s) {
    auto p = make(specs[s], rules, ai::game_seed(seed, static_cast<uint64_t>(s) + 1));
    if (!p) throw RuleError(p.error());
    out.owned.push_back(std::move(*p));
    out.players.push_back(out.owned.back().get());
    out.player_of_seat.push_back(s);
  }
  return out;
}

GameRecord selfplay_base_record(const Ruleset& r, const std::vector<std::string>& specs,
                                int max_plies) {
  GameRecord base;
  base.script = r.name;
  base.script_hash = r.content_hash;
  base.options = r.options;
  base.max_plies = max_plies;
  if (r.stakes || r.money.enabled()) base.stakes.emplace();
  for (SeatId s = 0; s < r.num_seats(); ++s)
    base.players.emplace_back(r.seats[s].name, specs.empty() ? "random" : specs[s]);
  return base;
}

void play_selfplay_game(const std::shared_ptr<const Ruleset>& rules,
                        const std::vector<std::string>& specs, int max_plies,
                        const ai::PlayerFactory& make, GameRecord& rec, SelfplayScratch& scratch) {
  if (specs.empty())
    play_random_game(rules, max_plies, rec, scratch.moves, scratch.turn);
  else
    play_players_game(rules, specs, max_plies, make, rec);
}

}  // namespace regula::cli
