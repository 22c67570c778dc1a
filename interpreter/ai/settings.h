#pragma once
// The players' access to the AI settings that travel beside the rules
// (Ruleset::ai, core/ai_settings.h).

#include "core/ai_settings.h"

namespace regula {

struct Ruleset;

// The AI settings of rules, or the defaults for rules built without them.
const AiSettings& ai_settings(const Ruleset& rules);

}  // namespace regula
