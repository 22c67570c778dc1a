#include "uci/players.h"

#include "ai/player_spec.h"
#include "uci/engine_player.h"

namespace regula::uci {

Expected<std::unique_ptr<ai::Player>> make_any_player(const std::string& spec,
                                                      std::shared_ptr<const Ruleset> rules,
                                                      uint64_t seed) {
  if (spec == "uci" || spec.rfind("uci:", 0) == 0) {
    auto engine = parse_engine_spec(spec == "uci" ? "uci:" : spec);
    if (!engine) return Error{spec, engine.error().what};
    auto player = std::make_unique<EnginePlayer>(spec, std::move(*engine), std::move(rules));
    if (auto bad = player->start()) return *bad;
    return std::unique_ptr<ai::Player>(std::move(player));
  }
  return ai::make_player(spec, std::move(rules), seed);
}

}  // namespace regula::uci
