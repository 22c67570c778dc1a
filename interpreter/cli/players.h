#pragma once
// Computer players for the commands: the one factory every command asks (so
// that all of them know the same players), and a search's report as one line.

#include <memory>
#include <string>

#include "ai/player.h"
#include "core/expected.h"
#include "core/position.h"

namespace regula::cli {

// The player a specification names: random, ai:LEVEL, alphabeta[:k=v,...],
// mcts[:k=v,...] (see ai/player_spec.h) or uci:PATH[:k=v,...] (uci/players.h).
Expected<std::unique_ptr<ai::Player>> make_player(const std::string& spec,
                                                  std::shared_ptr<const Ruleset> rules,
                                                  uint64_t seed);

// What a search reports, from the side of the seat deciding at pos: "depth 6/11
// score +0.35 nodes 52,301 nps 210k time 249 ms pv e4 e5 Nf3" (a won game
// "mate in 2", an MCTS search its expected points "expected 61%").
std::string search_info_text(const Position& pos, const ai::SearchInfo& info);

}  // namespace regula::cli
