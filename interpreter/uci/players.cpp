#include "uci/players.h"

#include <algorithm>
#include <cctype>

#include "ai/player_spec.h"
#include "uci/engine_player.h"

namespace regula::uci {

namespace {

// Whether an engine option sets the engine's strength (Level, Skill Level,
// UCI_Elo): easy to read as a budget, which it is not.
bool sets_strength(std::string key) {
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return key.find("level") != std::string::npos || key.find("skill") != std::string::npos ||
         key.find("elo") != std::string::npos;
}

// An engine spec that sets a strength but no budget: the engine would search
// kDefaultMoveMillis a move whatever its level, so the spec is refused with
// what to write instead.
Status check_budget(const std::string& spec, const EngineSpec& e) {
  if (e.go.any()) return std::nullopt;
  for (const auto& [key, value] : e.options)
    if (sets_strength(key))
      return Error{spec, key + "=" + value +
                             " sets the engine's strength, not what it searches: give "
                             "nodes=N, depth=N or movetime=MS as well (without them it "
                             "searches " +
                             std::to_string(kDefaultMoveMillis) +
                             " ms a move; regula's Level N searches what ai:N does)"};
  return std::nullopt;
}

}  // namespace

Expected<std::unique_ptr<ai::Player>> make_any_player(const std::string& spec,
                                                      std::shared_ptr<const Ruleset> rules,
                                                      uint64_t seed) {
  if (spec == "uci" || spec.rfind("uci:", 0) == 0) {
    auto engine = parse_engine_spec(spec == "uci" ? "uci:" : spec);
    if (!engine) return Error{spec, engine.error().what};
    if (auto bad = check_budget(spec, *engine)) return *bad;
    auto player = std::make_unique<EnginePlayer>(spec, std::move(*engine), std::move(rules));
    if (auto bad = player->start()) return *bad;
    return std::unique_ptr<ai::Player>(std::move(player));
  }
  return ai::make_player(spec, std::move(rules), seed);
}

}  // namespace regula::uci
