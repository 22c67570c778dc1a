#pragma once
// Players by name, external engines included: what the command line and the
// GUI call to turn a --players item into a player.
//
//   uci:PATH[:KEY=VALUE,...]   an external UCI engine (uci/engine_player.h)
//   anything else              ai::make_player (ai/player_spec.h)

#include <cstdint>
#include <memory>
#include <string>

#include "ai/player.h"
#include "core/expected.h"
#include "core/ruleset.h"

namespace regula::uci {

// The player a spec names, started (an engine has made its handshake), or an
// Error naming the spec and what is wrong. The rules must outlive the player.
Expected<std::unique_ptr<ai::Player>> make_any_player(const std::string& spec,
                                                      std::shared_ptr<const Ruleset> rules,
                                                      uint64_t seed);

}  // namespace regula::uci
