#pragma once
// What every command of the `regula` tool shares: the rules argument with its
// --option key=value list, printing errors as file:line: message, reporting
// errors a script hook raised while playing, and drawing a position as text.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/output.h"
#include "core/expected.h"
#include "core/position.h"
#include "core/result.h"
#include "script/loader.h"
#include "script/search_path.h"

namespace regula::cli {

// The RULES argument, the --option values and the --rules-path directories of
// one command, and what its script hooks may spend (core/command_limits.h).
struct RulesArgs {
  std::string spec;
  std::vector<std::string> options;     // "key=value"
  std::vector<std::string> rules_path;  // further directories require/extends may read
  uint64_t lua_memory_mib = 512;        // --lua-memory: all Lua states together
  uint64_t hook_instructions = 0;       // --hook-instructions: all hook calls (0: no limit)
};

// What `regula --help` says about where scripts may read other scripts from.
extern const char* const kRulesPathHelp;

// Adds RULES, --option, --rules-path, --lua-memory and --hook-instructions to a
// subcommand.
void add_rules_args(CLI::App& cmd, RulesArgs& args);
// Adds --position STR.
void add_position_arg(CLI::App& cmd, std::string& position);
// Adds --roll THROW: the throw of the dice the position starts from.
void add_roll_arg(CLI::App& cmd, std::string& roll);
// Makes the throw given with --roll (as records write it: "3", "6+3") in pos,
// which must be waiting for one; nothing when roll is empty. On an error it
// prints it, sets rc to 1 and returns false.
bool roll_or_fail(Position& pos, const std::string& roll, int& rc);
// Adds --shard I/N (cli/shard.h), checked as it is parsed: a bad one is a usage
// error naming the argument.
void add_shard_arg(CLI::App& cmd, std::string& shard, const std::string& help);
// Checks a 64-bit unsigned option (a seed, a budget): digits only, within
// range, since the conversion would quietly turn -1 into 2^64 - 1 and a number
// too large into the largest one.
CLI::Validator unsigned_number();

// Loads the script RULES names: a file (a path that exists), else a name on the
// rules search path. A name that is neither is refused with the nearest
// bundled name ("did you mean chess/orthodox?"), by edit distance over the
// whole names and over their last components.
Expected<std::shared_ptr<const Ruleset>> load(const RulesArgs& args);
// The nothing-found error of load, and the nearest bundled name (script/loader.h).
using script::closest_script;
using script::find_rules;
// The start position, or the one given as text (notation/position_moves.h).
Expected<Position> start_position(std::shared_ptr<const Ruleset> rules, const std::string& text);
// The same, for a command: on an error they print it, set rc to 1 and return nothing.
std::shared_ptr<const Ruleset> load_or_fail(const RulesArgs& args, int& rc);
std::optional<Position> position_or_fail(std::shared_ptr<const Ruleset> rules,
                                         const std::string& text, int& rc);

// The rules each of threads threads plays with. Script hooks run in a Lua
// state of their own, which one thread at a time may use: each further thread
// loads the script again. Empty (with rc set) when a load fails.
std::vector<std::shared_ptr<const Ruleset>> thread_rules(
    const RulesArgs& args, const std::shared_ptr<const Ruleset>& rules, int threads, int& rc);

// Prints the error to stderr and returns the exit code for it (1).
int fail(const Error& e);
// 1 (after printing it) when a script hook failed during the run, else 0.
int hook_status(const Ruleset& rules);

// The board as text: an ASCII grid for grid boards, occupied points otherwise.
// numbers: for scripts with PDN square numbers, draw them beside the board.
std::string board_text(const Position& pos, bool numbers = false);
// A point board drawn from its coordinates and links, the pieces on the left and
// the point names on the right; empty when the board is too large to draw.
std::string point_board_text(const Position& pos);
// "stakes: white 3, black 5" lines for the per-seat counters that are not zero,
// with the stakes of a finished game settled (see settled_counter).
std::string counters_text(const Position& pos, const Result& result);

// Each command registers itself and stores its exit code in rc when run.
void add_list(CLI::App& app, int& rc);
void add_info(CLI::App& app, int& rc);
void add_describe(CLI::App& app, int& rc);
void add_check(CLI::App& app, int& rc);
void add_perft(CLI::App& app, int& rc);
void add_moves(CLI::App& app, int& rc);
void add_explain(CLI::App& app, int& rc);
void add_compare(CLI::App& app, int& rc);
void add_play(CLI::App& app, int& rc);
void add_replay(CLI::App& app, int& rc);
void add_selfplay(CLI::App& app, int& rc);
void add_tune(CLI::App& app, int& rc);
void add_match(CLI::App& app, int& rc);
void add_stats(CLI::App& app, int& rc);
void add_uci(CLI::App& app, int& rc);
void add_help(CLI::App& app, int& rc);
void add_test(CLI::App& app, int& rc);

// "regula 0.1 (commit abc1234)": the project's version and, when known when
// the build was configured, its git commit.
std::string version_text();

}  // namespace regula::cli
