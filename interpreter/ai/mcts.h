#pragma once
// Monte Carlo tree search (UCT) for any script: any number of seats, teams,
// dice. Each node is a decision point; a throw of the dice is a chance node
// whose children are drawn by their probability. A playout's result gives
// every seat its points (teams share them, as results do), and each decision
// is judged by the points of the seat that makes it. Playouts are random or
// guided by captures, and are scored by the evaluation after `cutoff`
// decisions when the game has not ended by then.

#include <memory>

#include "ai/evaluation.h"
#include "ai/player.h"

namespace regula::ai {

struct MctsOptions {
  // nodes = iterations; depth: the tree is that many decisions deep (see
  // Budget); no limit at all: 1000 iterations.
  Budget budget;
  uint64_t seed = 1;
  bool capture_playouts = true;  // playouts prefer captures, by value
  int cutoff = 0;            // decisions per playout before it is scored (0: the script's default)
  double exploration = 0.7;  // UCT's constant (points are 0..1)
};

class Mcts : public Player {
 public:
  Mcts(std::shared_ptr<const Ruleset> rules, MctsOptions options, std::string name);
  ~Mcts() override;

  std::string name() const override { return name_; }
  Turn choose(Position& pos, const std::atomic<bool>* stop = nullptr) override;
  void set_budget(const Budget& budget) override { options_.budget = budget; }

  // The decision to make now in pos, with what the search saw in info when given.
  Move decide(Position& pos, const std::atomic<bool>* stop = nullptr, SearchInfo* info = nullptr);

 private:
  class Search;
  std::shared_ptr<const Ruleset> rules_;
  MctsOptions options_;
  std::string name_;
  Evaluator eval_;
};

}  // namespace regula::ai
