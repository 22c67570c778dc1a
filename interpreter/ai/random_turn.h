#pragma once
// The random player's choice, shared by self-play, terminal play and tests: a
// throw of the dice drawn by its probability (core/chance.h), otherwise a
// whole turn drawn uniformly among the legal turns (turns.h), so that a move
// with twelve possible removals is no likelier than a move with none.

#include <random>

#include "core/chance.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/turns.h"

namespace regula {

namespace detail {

// Makes the steps of t from the index `from` on, for good.
inline void play_rest(Position& pos, const Turn& t, size_t from) {
  Undo u;
  for (size_t k = from; k < t.steps.size(); ++k) pos.make(t.steps[k], u);
}

// random_turn, leaving the turn played on pos when kPlay.
template <bool kPlay, typename Rng>
void random_turn(Position& pos, const MoveList& moves, Rng& rng, Turn& t) {
  const Ruleset& r = pos.rules();
  t.steps.clear();
  if (moves[0].kind == MoveKind::kChance) {
    t.steps.push_back(draw_chance(r, moves, rng));
    if constexpr (kPlay) play_rest(pos, t, 0);
    return;
  }
  if (r.fast.simple_flow) {
    t.steps.push_back(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]);
    if constexpr (kPlay) play_rest(pos, t, 0);
    return;
  }
  if (r.dice.count > 1) {
    // Orders of the same dice that reach the same position are one turn.
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    t = turns[std::uniform_int_distribution<size_t>(0, turns.size() - 1)(rng)];
    if constexpr (kPlay) play_rest(pos, t, 0);
    return;
  }
  // Each decision weighted by the number of whole turns it begins, so that every
  // turn is as likely; only decisions that may go on are made to count them.
  // When none of them may go on (most turns), the pick is uniform.
  thread_local std::vector<uint64_t> weights;
  thread_local std::vector<Undo> undos;
  const MoveList* choices = &moves;
  MoveList next;
  size_t made = 0;
  while (true) {
    const int n = choices->size();
    const ContinuationTest may_continue(pos);
    int first_on = 0;
    while (first_on < n && !may_continue((*choices)[first_on])) ++first_on;
    if (first_on == n) {
      // Drawn as the weighted draw below would, so that a seed plays the same game.
      const uint64_t x = std::uniform_int_distribution<uint64_t>(0, n - 1)(rng);
      t.steps.push_back((*choices)[static_cast<int>(x)]);
      break;
    }
    weights.assign(n, 1);
    uint64_t total = first_on;
    for (int i = first_on; i < n; ++i) {
      const Move& m = (*choices)[i];
      if (i == first_on || may_continue(m))
        weights[i] = may_continue.turns_after(pos, m, static_cast<int>(t.steps.size()));
      total += weights[i];
    }
    uint64_t x = std::uniform_int_distribution<uint64_t>(0, total ? total - 1 : 0)(rng);
    int i = 0;
    while (i + 1 < n && x >= weights[i]) x -= weights[i++];
    t.steps.push_back((*choices)[i]);
    if (i < first_on || (i > first_on && !may_continue((*choices)[i]))) break;
    if (undos.size() <= made) undos.resize(made + 1);
    pos.make(t.steps.back(), undos[made++]);
    if (!pos.in_turn() || decided_result(pos)) break;
    legal_moves(pos, next);
    if (next.empty()) break;
    choices = &next;
  }
  if constexpr (kPlay)
    play_rest(pos, t, made);
  else
    for (size_t k = made; k-- > 0;) pos.unmake(t.steps[k], undos[k]);
}

}  // namespace detail

// moves: the legal decisions of pos (non-empty). Writes the turn to play into t
// (whose steps keep their room from one call to the next); pos is as it was.
template <typename Rng>
void random_turn(Position& pos, const MoveList& moves, Rng& rng, Turn& t) {
  detail::random_turn<false>(pos, moves, rng, t);
}

// The same, leaving the turn played on pos (for playouts that never go back).
template <typename Rng>
void play_random_turn(Position& pos, const MoveList& moves, Rng& rng, Turn& t) {
  detail::random_turn<true>(pos, moves, rng, t);
}

// The same, returning the turn.
template <typename Rng>
Turn random_turn(Position& pos, const MoveList& moves, Rng& rng) {
  Turn t;
  random_turn(pos, moves, rng, t);
  return t;
}

}  // namespace regula
