// Game records from anywhere, read by the session's record reader with the
// rules a record names loaded once per process (and kept). A record that loads
// is written again and reads back to the same position and result.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "core/rule_error.h"
#include "fuzz_support.h"
#include "script/loader.h"
#include "session/game_record.h"

using namespace regula;

namespace {

using Loaded = Expected<std::shared_ptr<const Ruleset>>;

// Rules by name and options, each loaded once.
Loaded load_once(const std::string& name, const script::OptionList& options) {
  return fuzz::load_once(name, options, 64);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text = fuzz::as_text(data, size);
  try {
    auto game = read_record(text, load_once);
    if (!game) {
      fuzz::refused("record", game.error());
      return 0;
    }
    const std::string written = write_record(*game);
    fuzz::note("read; written again:\n" + written);
    auto again = read_record(written, load_once);
    fuzz::check(again.ok(), "a written record does not read back: " +
                                (again ? std::string() : again.error().text()) + "\n" + written);
    fuzz::check(again->position() == game->position(),
                "a written record reads back to another position:\n" + written);
    fuzz::check(again->result().score() == game->result().score() &&
                    again->result().reason == game->result().reason,
                "a written record reads back to another result:\n" + written);
  } catch (const RuleError&) {
    // A limit of the engine reached in play: an error the caller reports.
  }
  return 0;
}
