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
    const std::string written = write_position(*pos);
    fuzz::note(rules->name + " reads it as " + written);
    auto again = read_position(rules, written);
    fuzz::check(again.ok(), rules->name + ": the written position does not read back: " + written +
                                (again ? "" : ": " + again.error().text()));
    fuzz::check(*again == *pos && again->hash() == pos->hash(),
                rules->name + ": the written position reads back as another: " + written);
    fuzz::check(write_position(*again) == written,
                rules->name + ": the position reads back and writes differently: " + written);
    try {
      fuzz::check_moves(*pos);
    } catch (const RuleError&) {
      // A limit of the engine reached in play: an error the caller reports.
    }
  }
  return 0;
}
