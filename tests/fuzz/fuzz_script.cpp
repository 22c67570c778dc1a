// Rule scripts from anywhere: the input is a script's text, run in the sandbox
// with a small instruction budget (modules it requires come from the bundled
// rules) and compiled. Errors are fine; a script that compiles is played for a
// few random turns with its hooks, every position's moves made and taken back
// and its position string read back, which exercises the engine, the hook API
// and position strings on rules no one wrote by hand.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/command_limits.h"
#include "core/rule_error.h"
#include "formats/presentation.h"
#include "fuzz_support.h"
#include "script/compiler.h"
#include "script/loader.h"
#include "script/lua_hooks.h"
#include "script/lua_state.h"

using namespace regula;

namespace {

// Twice what the largest bundled script needs to load (under a million), and
// small enough that an endless loop ends within a few hundredths of a second.
constexpr long kBudget = 2'000'000;

// Whole turns played from the start position, each position checked.
constexpr int kTurns = 12;

// What all the hook calls of one input may spend together, as a command's
// limits (core/command_limits.h, --hook-instructions): ten load budgets of
// instructions, and a deadline, for what the instruction count sees only late
// (one call of a service such as pos:attacked is charged for its time once it
// returns) and for an instrumented build, where every instruction is slower.
constexpr int64_t kInputInstructions = 10 * kBudget;
constexpr int64_t kInputMillis = 2'000;

const std::string& script_file() {
  static const std::string file = (std::filesystem::temp_directory_path() /
                                   ("regula_fuzz_script_" + std::to_string(::getpid()) + ".lua"))
                                      .string();
  return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool limited = [] {
    command_limits().set_instructions(kInputInstructions);
    return true;
  }();
  (void)limited;
  command_limits().begin(kInputMillis);
  {
    std::ofstream out(script_file(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  const script::SearchPath path;
  auto file = path.find_chosen(script_file());
  if (!file) {
    fuzz::refused("script", file.error());
    return 0;
  }
  auto state = std::make_unique<script::LuaState>(path, script::OptionList{});
  state->set_budget(kBudget);
  auto value = state->run_file(*file);
  if (!value) {
    fuzz::refused("script", value.error());
    return 0;
  }
  auto compiled = script::compile_game(*value);
  if (!compiled) {
    fuzz::refused("script", compiled.error());
    return 0;
  }
  std::shared_ptr<Ruleset> rules = *compiled;
  fuzz::note("compiled: " + presentation_of(*rules).title);
  // Its hooks, attached as the loader does, run in the state it was loaded
  // in, on the same small budget; with the texts it read, from which another
  // thread would load it again.
  auto sources = std::make_shared<const script::LoadedSources>(*state->sources());
  script::HookState hooks = script::HookState::of(std::move(state), *value);
  if (hooks.any()) {
    rules->hooks = std::make_shared<script::LuaHooks>(
        std::move(hooks), script::ScriptSource{*file, path, {}, std::move(sources)});
    rules->finalize();
  }
  try {
    Position pos{std::shared_ptr<const Ruleset>(rules)};
    fuzz::check_random_game(pos, kTurns, static_cast<uint32_t>(size));
  } catch (const RuleError&) {
    // A failed hook or a limit of the engine reached in play: an error the caller reports.
  }
  return 0;
}
