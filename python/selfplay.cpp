#include "selfplay.h"

#include <random>

#include "ai/match.h"
#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"

namespace regula::python {

namespace {

void finish(const Position& pos, const Result& res, SelfplayGame& g) {
  const Ruleset& r = pos.rules();
  g.finished = res.over;
  g.score = res.score();
  g.reason = res.over ? res.reason : "unfinished (max plies)";
  g.returns.assign(r.num_seats(), 0.0);
  if (r.stakes || r.money.enabled()) g.stakes.emplace();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (res.over && res.outcome[s] == Outcome::kWin) g.returns[s] = 1;
    if (res.over && res.outcome[s] == Outcome::kLoss) g.returns[s] = -1;
    if (g.stakes) g.stakes->push_back(settled_counter(pos, res, s, kStakes));
  }
}

// One game, as the selfplay command's random games are played.
SelfplayGame play(const std::shared_ptr<const Ruleset>& rules, uint64_t seed, int max_plies) {
  SelfplayGame g;
  g.seed = seed;
  std::mt19937_64 rng(seed);
  Position pos(rules);
  MoveList moves;
  Turn t;
  Result res;
  while (true) {
    res = game_result(pos, moves);
    if (res.over || g.plies >= max_plies || moves.empty()) break;
    if (!pos.awaiting_roll()) ++g.plies;
    play_random_turn(pos, moves, rng, t);
  }
  finish(pos, res, g);
  return g;
}

}  // namespace

std::vector<SelfplayGame> selfplay(const std::shared_ptr<const Ruleset>& rules, int games,
                                   uint64_t seed, int max_plies) {
  std::vector<SelfplayGame> out;
  out.reserve(games);
  for (int i = 0; i < games; ++i)
    out.push_back(play(rules, ai::game_seed(seed, static_cast<uint64_t>(i)), max_plies));
  return out;
}

}  // namespace regula::python
