// replay: reads a game record, replays it against the rules it names, and says
// where the game stands (the board, its position string and the result), so
// that a record can be checked from the command line.

#include <unistd.h>

#include <memory>

#include "cli/common.h"
#include "cli/progress.h"
#include "cli/record_files.h"
#include "formats/presentation.h"
#include "notation/position_string.h"
#include "script/lua_hooks.h"
#include "session/game_record.h"

namespace regula::cli {

void add_replay(CLI::App& app, int& rc) {
  auto path = std::make_shared<std::string>();
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto rules = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "replay", "replay a game record (or each game of a PDN file) and show where the game stands");
  cmd->add_option("record", *path, "the record file, or - for standard input")->required();
  cmd->add_option("--rules", *rules,
                  "the script to replay games without a [Rules] tag with, such as PDN files "
                  "from other programs (e.g. draughts/spanish); their [GameType] is checked "
                  "against it. Without it, the one bundled script with the file's GameType");
  cmd->add_option("--rules-path", *dirs,
                  "a further directory the record's [Rules] may name a script in (repeatable)")
      ->check(CLI::ExistingDirectory);
  add_quiet_flag(*cmd);
  cmd->callback([&rc, path, dirs, rules] {
    script::SearchPath search;
    for (auto& dir : *dirs) search.add(dir);
    // Drawn only when the replays' text goes elsewhere than the terminal.
    Progress progress("replay", "games", 0, Progress::OnInterrupt::kExit, !isatty(STDOUT_FILENO));
    const Status st = for_each_record_game(
        *path, search, *rules, [&](Game&& game, size_t i, size_t count) -> Status {
          progress.add();
          const Ruleset& r = game.rules();
          if (count > 1) out("%sgame %zu\n", i ? "\n" : "", i + 1);
          out("%s\n", presentation_of(r).title);
          out("moves: %zu\n", game.turns().size());
          out("%s", board_text(game.position()));
          out("position: %s\n", write_position(game.position()));
          const Result& res = game.result();
          const std::string score = record_result(game);
          // A result the moves do not reach is the record's word, and is said to be.
          const std::string from = game.ended_by_agreement() ? ", as the record states" : "";
          out("result: %s\n", res.over ? score + " (" + res.reason + from + ")" : std::string("*"));
          // A hook that failed stops the replay with its error.
          return script::hook_error(r);
        });
    if (st) rc = fail(*st);
  });
}

}  // namespace regula::cli
