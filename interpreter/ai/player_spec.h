#pragma once
// Players by name, as the command line and the GUI write them:
//
//   random                 a whole turn drawn uniformly among the legal turns
//   ai:N                   level N, 1 (weakest) to 5: alpha-beta where it
//                          applies (alpha_beta_applies), MCTS otherwise, each
//                          with the level's budget (level_budget)
//   alphabeta[:k=v,...]    alpha-beta with nodes=N, depth=N, ms=N, hash=MB, contempt=N
//   mcts[:k=v,...]         MCTS with iterations=N, depth=N, ms=N, playout=random|captures,
//                          cutoff=N (decisions before a playout is scored)
//
// Any of them may add seed=N to its options to override the seed given here.
// External engines (uci:PATH) are read by uci/players.h.

#include <memory>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/expected.h"
#include "core/ruleset.h"

namespace regula::ai {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 5;

// Whether the rules suit alpha-beta: two seats (or two teams) alternating, no
// dice. Otherwise the levels use MCTS.
bool alpha_beta_applies(const Ruleset& rules);

// The budget of a level for these rules (nodes for alpha-beta, iterations for MCTS).
Budget level_budget(const Ruleset& rules, int level);

// The player a specification names; an Error naming what is wrong otherwise.
// The rules must outlive the player.
Expected<std::unique_ptr<Player>> make_player(const std::string& spec,
                                              std::shared_ptr<const Ruleset> rules, uint64_t seed);

// A comma-separated list of players ("ai:4,random", "alphabeta:depth=3,nodes=900,mcts"):
// a piece that starts with a player's kind (random, ai, alphabeta, mcts, uci)
// begins a new one; any other piece is one more option of the one before.
std::vector<std::string> split_player_list(const std::string& text);

}  // namespace regula::ai
