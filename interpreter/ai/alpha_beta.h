#pragma once
// Alpha-beta search for two sides (or teams) that take turns: iterative
// deepening over decisions, a transposition table keyed on the position's
// Zobrist hash, move ordering (the hash move, captures by value, killers and
// history), quiescence on captures, promotions and pending removals, and the
// evaluation of ai/evaluation.h at the leaves. A throw of the dice is the
// expectation of its outcomes, searched with bounds (Ballard's Star1 and
// Star2), so that games with dice are searched as deep as games without.
// Several threads may search together (lazy SMP, as Stockfish does): they
// share the table and the budget of nodes, and the main thread's result is
// played.
//
// It searches decisions, not whole turns: a turn of several decisions (a line
// and the removal it earns) is several plies of the same side, and the score
// changes sign only where the side to decide changes team.

#include <memory>
#include <vector>

#include "ai/evaluation.h"
#include "ai/player.h"

namespace regula::ai {

constexpr int kDefaultContempt = kPieceUnit / 4;
// The most threads one search may use.
constexpr int kMaxSearchThreads = 64;

struct AlphaBetaOptions {
  Budget budget;      // no limit at all: 100,000 nodes
  uint64_t seed = 1;  // breaks ties among equal root decisions
  int hash_mb = 16;   // transposition table size
  int noise = 0;      // up to this many score units of seeded noise per root decision
  // What a draw costs the side searched for (and gains the other), so that it
  // avoids a draw its opponent could take while it plays on for more; -1: the
  // script's (its ai.contempt), else kDefaultContempt.
  int contempt = -1;
  // Search each throw of the dice with a full window (an expectimax that
  // prunes nothing across a throw) instead of with bounds (Star1 and Star2):
  // the same scores, more nodes; kept to check the bounded search against.
  bool full_chance = false;
  // No late-move reductions and no scores taken from the transposition table:
  // each search returns the exact score of its fixed-depth tree, whatever its
  // window, so that two ways of searching can be compared score for score.
  bool exact = false;
  // Threads that search together (lazy SMP: one transposition table, one
  // budget of nodes); more than one makes the search's choice depend on
  // timing, so the same seed no longer repeats a game.
  int threads = 1;
};

class AlphaBeta : public Player {
 public:
  AlphaBeta(std::shared_ptr<const Ruleset> rules, AlphaBetaOptions options, std::string name);
  ~AlphaBeta() override;

  std::string name() const override { return name_; }
  Turn choose(Position& pos, const std::atomic<bool>* stop = nullptr) override;
  void new_game() override;
  void set_budget(const Budget& budget) override { options_.budget = budget; }

  // The decision to make now in pos (which has one), with what the search saw
  // in info when given. pos is left as it was.
  Move decide(Position& pos, const std::atomic<bool>* stop = nullptr, SearchInfo* info = nullptr);

 private:
  struct Search;
  std::shared_ptr<const Ruleset> rules_;
  AlphaBetaOptions options_;
  std::string name_;
  Evaluator eval_;
  // The piece types whose capture by any enemy piece wins the game for it.
  std::vector<TypeId> vital_;
  // The transposition table and what searches keep from one to the next.
  struct Memory;
  std::unique_ptr<Memory> memory_;
  uint64_t calls_ = 0;  // searches made, mixed into the tie-break seed
};

}  // namespace regula::ai
