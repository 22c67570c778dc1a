#include "uci/clock_budget.h"

#include <cctype>

#include "ai/player_spec.h"
#include "uci/uci_server.h"

namespace regula::uci {

ai::Budget clock_budget(const Ruleset& rules, const std::string& spec, int64_t remaining,
                        int64_t increment, int moves_to_go) {
  ai::Budget b;
  if (spec.size() == 4 && spec.compare(0, 3, "ai:") == 0 &&
      std::isdigit(static_cast<unsigned char>(spec[3])))
    b = ai::level_budget(rules, spec[3] - '0');
  b.millis = clock_millis(remaining, increment, moves_to_go);
  return b;
}

}  // namespace regula::uci
