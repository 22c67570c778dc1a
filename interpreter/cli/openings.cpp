#include "cli/openings.h"

#include <optional>
#include <sstream>

#include "cli/record_files.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "session/game_record.h"

namespace regula::cli {

namespace {

bool skipped(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

// Whether the text holds game records: its first line that is not skipped
// opens a tag.
bool holds_records(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!skipped(line)) return line[line.find_first_not_of(" \t\r")] == '[';
  return false;
}

// Why pos cannot open a game, or nothing when the game goes on there.
std::optional<std::string> closed(Position pos) {
  MoveList moves;
  const Result res = game_result(pos, moves);
  if (res.over) return "the game is over there (" + res.reason + ")";
  if (moves.empty()) return std::string("no decision can be made there");
  return std::nullopt;
}

Expected<std::vector<std::string>> read_lines(const std::string& text, const std::string& name,
                                              const std::shared_ptr<const Ruleset>& rules) {
  std::vector<std::string> out;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (skipped(line)) continue;
    if (line.back() == '\r') line.pop_back();
    const std::string where = name + ":" + std::to_string(number);
    auto pos = read_position_with_moves(rules, line);
    if (!pos) return Error{where, pos.error().text()};
    if (auto why = closed(*pos)) return Error{where, *why};
    out.push_back(write_position(*pos));
  }
  return out;
}

// Game records: the last position of each game, under the match's rules.
Expected<std::vector<std::string>> read_games(std::string text, const std::string& name,
                                              const std::shared_ptr<const Ruleset>& rules,
                                              const script::SearchPath& search) {
  // '#' comment lines are blanked, so that the readers' line numbers hold.
  std::string kept;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) kept += (skipped(line) ? "" : line) + "\n";
  const auto cached = script::cached_rules_loader(search);
  // The match's own rules are used as they are, not compiled again.
  RulesLoader load = [&](const std::string& rules_name, const script::OptionList& options) {
    if (rules_name == rules->name && options == rules->options)
      return Expected<std::shared_ptr<const Ruleset>>(rules);
    return cached(rules_name, options);
  };
  std::vector<std::string> out;
  const Status st =
      for_each_record(kept, load, rules->name, [&](Game&& game, size_t i, size_t) -> Status {
        const std::string where = name + ": game " + std::to_string(i + 1);
        if (game.rules_ptr() != rules)
          return Error{where,
                       "it is a game of " + game.rules().name + ", the match plays " + rules->name};
        if (auto why = closed(game.position())) return Error{where, *why};
        out.push_back(write_position(game.position()));
        return std::nullopt;
      });
  if (st) return in_file(*st, name);
  return out;
}

}  // namespace

Expected<std::vector<std::string>> read_openings(const std::string& path,
                                                 std::shared_ptr<const Ruleset> rules,
                                                 const script::SearchPath& search) {
  auto text = read_record_file(path);
  if (!text) return text.error();
  auto openings = holds_records(*text) ? read_games(*text, path, rules, search)
                                       : read_lines(*text, path, rules);
  if (openings && openings->empty())
    return Error{path, "no openings: give position lines or game records"};
  return openings;
}

}  // namespace regula::cli
