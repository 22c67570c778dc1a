#include "ai/compare_walk.h"

#include <random>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"

namespace regula::ai {

Status walk_compare_game(const std::shared_ptr<const Ruleset>& rules, uint64_t seed, int game,
                         int max_plies, const std::string& player, const CompareLook& look) {
  const uint64_t own = game_seed(seed, static_cast<uint64_t>(game));
  std::mt19937_64 rng(own);
  std::unique_ptr<Player> chooser;
  if (player != "random") {
    auto p = make_player(player, rules, own);
    if (!p) return p.error();
    chooser = std::move(*p);
  }
  Position pos(rules);
  MoveList moves;
  Turn t;
  Undo u;
  for (int ply = 0; ply < max_plies;) {
    if (game_result(pos, moves).over || moves.empty()) break;
    if (pos.awaiting_roll()) {
      random_turn(pos, moves, rng, t);
      pos.make(t.first(), u);
      continue;
    }
    if (!look(pos, ply)) break;
    Move m = moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)];
    if (chooser) {
      Position copy = pos;
      m = chooser->choose(copy).first();
    }
    pos.make(m, u);
    ++ply;
  }
  return std::nullopt;
}

}  // namespace regula::ai
