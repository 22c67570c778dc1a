#pragma once
// Random games from the start, as `regula selfplay` plays them without
// players: game i of a run with seed s draws from the seed
// ai::game_seed(s, i), so that the same seed gives the same games.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ruleset.h"

namespace regula::python {

struct SelfplayGame {
  uint64_t seed = 0;
  int plies = 0;
  bool finished = false;
  std::string score;   // "1-0", "1/2-1/2", "*" when max_plies stopped it
  std::string reason;  // "checkmate", "unfinished (max plies)"
  std::vector<double> returns;
  std::optional<std::vector<int>> stakes;  // settled, for games with stakes
};

std::vector<SelfplayGame> selfplay(const std::shared_ptr<const Ruleset>& rules, int games,
                                   uint64_t seed, int max_plies);

}  // namespace regula::python
