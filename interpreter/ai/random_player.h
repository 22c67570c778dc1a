#pragma once
// The random player: a throw-free turn drawn uniformly among the legal whole
// turns (ai/random_turn.h), from its own seeded generator.

#include <random>

#include "ai/player.h"

namespace regula::ai {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Turn choose(Position& pos, const std::atomic<bool>* stop = nullptr) override;

 private:
  std::mt19937_64 rng_;
};

}  // namespace regula::ai
