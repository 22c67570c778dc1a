#pragma once
// What a computer player may spend on one turn of a game under a clock: the
// GUI's games and the command line's matches give their players the same
// share of the clock. Beside clock_millis (uci_server.h), whose share of the
// clock it is.

#include <cstdint>
#include <string>

#include "ai/player.h"
#include "core/ruleset.h"

namespace regula::uci {

// What a computer seat may spend on one turn with `remaining` on its clock,
// `moves_to_go` turns before its period ends (0: none) and `increment` after
// the turn: a share of the clock as UCI's wtime/winc give it (clock_millis).
// A level ("ai:N") keeps its own limit of nodes as well, so that a weak level
// stays weak with time to spare; other players think for the clock's time alone.
ai::Budget clock_budget(const Ruleset& rules, const std::string& spec, int64_t remaining,
                        int64_t increment, int moves_to_go);

}  // namespace regula::uci
