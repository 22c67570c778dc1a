// replay: reads a game record, replays it against the rules it names, and says
// where the game stands, so that a record can be checked from the command line.

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/common.h"
#include "notation/input_limits.h"
#include "notation/position_string.h"
#include "session/game_record.h"

namespace regula::cli {

namespace {

// The whole of a record file ("-": standard input), or an error naming it;
// never more than kMaxRecordText bytes are read.
Expected<std::string> read_record_file(const std::string& path) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) return Error{path, "cannot open the record"};
    in = &file;
  }
  std::string text(kMaxRecordText + 1, '\0');
  in->read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in->gcount()));
  if (in->bad()) return Error{path, "cannot read the record"};
  if (text.size() > kMaxRecordText)
    return Error{
        path, "more than " + std::to_string(kMaxRecordText) + " bytes, the limit of a game record"};
  return text;
}

}  // namespace

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
  cmd->callback([&rc, path, dirs, rules] {
    auto text = read_record_file(*path);
    if (!text) {
      rc = fail(text.error());
      return;
    }
    script::SearchPath search;
    for (auto& dir : *dirs) search.add(dir);
    std::string fallback = *rules;
    if (fallback.empty() && text->find("[Rules ") == std::string::npos)
      fallback = pdn_rules_for(*text);
    auto games = read_records(*text, search, fallback);
    if (!games) {
      rc = fail(games.error());
      return;
    }
    for (size_t i = 0; i < games->size(); ++i) {
      const Game& game = (*games)[i];
      const Ruleset& r = game.rules();
      if (games->size() > 1) out("%sgame %zu\n", i ? "\n" : "", i + 1);
      out("%s\n", r.title);
      out("moves: %zu\n", game.turns().size());
      out("position: %s\n", write_position(game.position()));
      const Result& res = game.result();
      const std::string score = record_result(game);
      out("result: %s\n", res.over ? score + " (" + res.reason + ")" : std::string("*"));
      rc = hook_status(r);
      if (rc) return;
    }
  });
}

}  // namespace regula::cli
