#include "ai/settings.h"

#include "core/ruleset.h"

namespace regula {

const AiSettings& ai_settings(const Ruleset& rules) {
  static const AiSettings kDefaults;
  return rules.ai ? *rules.ai : kDefaults;
}

}  // namespace regula
