#pragma once
// A throw of the dice drawn by its probability. A roll is a chance event of the
// rules, not a player's choice, so the core offers the draw to everyone who
// plays one out (a game in progress, the random player, playouts), and they all
// draw the same throw from the same generator state.

#include <random>

#include "core/move.h"
#include "core/ruleset.h"

namespace regula {

// moves: the chance moves of a position awaiting a roll (non-empty), one per
// possible throw. Draws one by its weight in r.dice.
template <typename Rng>
const Move& draw_chance(const Ruleset& r, const MoveList& moves, Rng& rng) {
  uint64_t total = r.dice.outcome_total ? r.dice.outcome_total : 1;
  uint64_t x = std::uniform_int_distribution<uint64_t>(0, total - 1)(rng);
  for (const Move& m : moves) {
    for (size_t i = 0; i < r.dice.outcomes.size(); ++i) {
      if (r.dice.outcomes[i] != m.chance) continue;
      if (x < r.dice.outcome_weights[i]) return m;
      x -= r.dice.outcome_weights[i];
    }
  }
  return moves[moves.size() - 1];
}

}  // namespace regula
