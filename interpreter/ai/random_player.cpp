#include "ai/random_player.h"

#include "ai/random_turn.h"
#include "core/movegen.h"

namespace regula::ai {

Turn RandomPlayer::choose(Position& pos, const std::atomic<bool>*) {
  MoveList moves;
  legal_moves(pos, moves);
  Turn t;
  if (moves.empty()) return t;
  random_turn(pos, moves, rng_, t);
  return t;
}

}  // namespace regula::ai
