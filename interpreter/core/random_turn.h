#pragma once
// The random player's choice, shared by self-play, terminal play and tests: a
// throw of the dice drawn by its probability (chance_probability), otherwise a
// whole turn drawn uniformly among the legal turns (turns.h), so that a move
// with twelve possible removals is no likelier than a move with none.

#include <random>

#include "core/movegen.h"
#include "core/turns.h"

namespace regula {

// moves: the legal decisions of pos (non-empty). Returns the turn to play.
template <typename Rng>
Turn random_turn(Position& pos, const MoveList& moves, Rng& rng) {
  const Ruleset& r = pos.rules();
  Turn t;
  if (moves[0].kind == MoveKind::kChance) {
    uint64_t total = r.dice.outcome_total ? r.dice.outcome_total : 1;
    uint64_t x = std::uniform_int_distribution<uint64_t>(0, total - 1)(rng);
    for (const Move& m : moves) {
      for (size_t i = 0; i < r.dice.outcomes.size(); ++i) {
        if (r.dice.outcomes[i] != m.chance) continue;
        if (x < r.dice.outcome_weights[i]) {
          t.steps.push_back(m);
          return t;
        }
        x -= r.dice.outcome_weights[i];
      }
    }
    t.steps.push_back(moves[moves.size() - 1]);
    return t;
  }
  if (!r.has_continuations) {
    t.steps.push_back(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
    return t;
  }
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  return turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)];
}

}  // namespace regula
