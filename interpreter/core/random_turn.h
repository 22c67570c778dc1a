#pragma once
// The random player's choice, shared by self-play, terminal play and tests: a
// throw of the dice drawn by its probability (chance_probability), otherwise a
// whole turn drawn uniformly among the legal turns (turns.h), so that a move
// with twelve possible removals is no likelier than a move with none.

#include <random>

#include "core/game_end.h"
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
  if (r.dice.count > 1) {
    // Orders of the same dice that reach the same position are one turn.
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    return turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)];
  }
  // Each decision weighted by the number of whole turns it begins, so that every
  // turn is as likely; only decisions that may go on are made to count them.
  std::vector<Undo> undos;
  const MoveList* choices = &moves;
  MoveList next;
  std::vector<uint64_t> weights;
  std::vector<bool> goes_on;
  while (true) {
    weights.clear();
    goes_on.clear();
    uint64_t total = 0;
    for (const Move& m : *choices) {
      goes_on.push_back(may_continue(pos, m));
      total += weights.emplace_back(
          goes_on.back() ? turns_after_made(pos, m, static_cast<int>(t.steps.size())) : 1);
    }
    uint64_t x = std::uniform_int_distribution<uint64_t>(0, total ? total - 1 : 0)(rng);
    size_t i = 0;
    while (i + 1 < weights.size() && x >= weights[i]) x -= weights[i++];
    t.steps.push_back((*choices)[i]);
    if (!goes_on[i]) break;
    undos.emplace_back();
    pos.make(t.steps.back(), undos.back());
    if (!pos.in_turn() || decided_result(pos)) break;
    legal_moves(pos, next);
    if (next.empty()) break;
    choices = &next;
  }
  for (size_t k = undos.size(); k-- > 0;) pos.unmake(t.steps[k], undos[k]);
  return t;
}

}  // namespace regula
