// Draughts PDN files from anywhere: the input is a file of one or more games,
// read game by game as `regula replay` reads it. A file without [Rules] tags
// (as other programs write them) is played under the bundled script its first
// [GameType] names; each game that reads is written again and reads back to
// the same position and result. Refusals are fine; crashes, sanitizer reports
// and failed checks are findings.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/rule_error.h"
#include "formats/presentation.h"
#include "fuzz_support.h"
#include "script/loader.h"
#include "session/game_record.h"

using namespace regula;

namespace {

using Loaded = Expected<std::shared_ptr<const Ruleset>>;

// Rules by name and options, each loaded once.
Loaded load_once(const std::string& name, const script::OptionList& options) {
  return fuzz::load_once(name, options, 256);
}

// The bundled scripts that use PDN: those a [GameType] tag can name. The
// others are left out so that finding the rules of a file does not compile
// every bundled script on each input.
const std::vector<std::string>& pdn_scripts() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const std::string& name : script::bundled_script_names()) {
      Loaded r = load_once(name, {});
      if (r && presentation_of(**r).pdn) out.push_back(name);
    }
    fuzz::check(!out.empty(), "no bundled script uses PDN");
    return out;
  }();
  return names;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text = fuzz::as_text(data, size);
  std::string fallback;
  if (text.find("[Rules ") == std::string::npos)
    fallback = pdn_rules_for(text, pdn_scripts(), load_once);
  try {
    Status st =
        for_each_record(text, load_once, fallback, [](Game&& game, size_t, size_t) -> Status {
          const std::string written = write_record(game);
          fuzz::note("read; written again:\n" + written);
          auto again = read_record(written, load_once);
          fuzz::check(again.ok(), "a written game does not read back: " +
                                      (again ? std::string() : again.error().text()) + "\n" +
                                      written);
          fuzz::check(again->position() == game.position(),
                      "a written game reads back to another position:\n" + written);
          fuzz::check(again->result().score() == game.result().score() &&
                          again->result().reason == game.result().reason,
                      "a written game reads back to another result:\n" + written);
          return std::nullopt;
        });
    if (st) fuzz::refused("PDN file", *st);
  } catch (const RuleError&) {
    // A limit of the engine reached in play: an error the caller reports.
  }
  return 0;
}
