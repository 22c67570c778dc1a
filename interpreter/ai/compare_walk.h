#pragma once
// The games `regula compare` walks to find where two readings of the rules
// differ: game g of a run from seed s is played from the start under the
// first reading, with its own seed game_seed(s, g), which draws the throws of
// the dice and (for random play) every decision: a move drawn uniformly among
// the legal moves, one move at a time, or the first move of the turn a player
// chooses. Each game is independent of the others, so that any thread may
// walk any of them and the run finds the same differences.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/expected.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace regula::ai {

// Sees a position of a game before its decision, with the decisions made
// before it (throws not counted); false stops the game.
using CompareLook = std::function<bool(Position& pos, int ply)>;

// Plays game `game` of a run from `seed` under `rules`, at most max_plies
// decisions, until it ends; `player` is "random" or a player specification
// (ai:2, alphabeta:depth=2, ...). An Error when the player cannot be made.
Status walk_compare_game(const std::shared_ptr<const Ruleset>& rules, uint64_t seed, int game,
                         int max_plies, const std::string& player, const CompareLook& look);

}  // namespace regula::ai
