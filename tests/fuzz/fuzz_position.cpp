// Position strings from anywhere: the input is read under every fuzzed ruleset.
// An accepted position writes and reads back to itself (same position, hash and
// text), and its legal moves and whole turns are made and taken back cleanly.
// Refusals are fine; crashes, sanitizer reports and failed checks are findings.

#include <cstddef>
#include <cstdint>

#include "core/rule_error.h"
#include "fuzz_support.h"
#include "notation/position_string.h"

using namespace regula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text = fuzz::as_text(data, size);
  for (const fuzz::Rules& rules : fuzz::rulesets()) {
    auto pos = read_position(rules, text);
    if (!pos) {
      fuzz::refused("position", pos.error());
      continue;
    }
    fuzz::note(rules->name + " reads it as " + write_position(*pos));
    fuzz::check_round_trip(*pos);
    try {
      fuzz::check_moves(*pos);
    } catch (const RuleError&) {
      // A limit of the engine reached in play: an error the caller reports.
    }
  }
  return 0;
}
