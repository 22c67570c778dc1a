#pragma once
// Game records: PGN-style tags, then the moves in long form, numbered by round.
//   [Event "..."] [Rules "jetan/cazaux"] [Options "array=manator"]
//   [FEN "..."] (when the game did not start from the script's start position)
//   [Result "1-0"] [Termination "checkmate"] [Stakes "white 3, black 5"]
//   1. e2e4 e7e5 2. g1f3 ... 1-0
// Every seat counter that is not zero at the end gets a tag of its own. A record
// written here always loads here: the reader replays each move against the legal
// moves, so a damaged record fails with the move number and what was wrong.

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "script/search_path.h"
#include "session/game.h"

namespace regula {

using RecordTags = std::vector<std::pair<std::string, std::string>>;

// extra tags (Event, White, Black, ...) come first, in the order given.
std::string write_record(const Game& game, const RecordTags& extra = {});

// Loads the rules named by [Rules] (with [Options]), sets up [FEN], and replays
// the moves. A record may come from anywhere: [Rules] is looked up only on the
// search path (default: the bundled rules), never read from elsewhere. A hook of
// the script that fails while the moves replay is the error returned.
Expected<Game> read_record(const std::string& text, const script::SearchPath& path = {});

// The same with the rules found by load (given the [Rules] name and the
// [Options]), for callers that keep loaded rules, such as a reader of many records.
using RulesLoader = std::function<Expected<std::shared_ptr<const Ruleset>>(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& options)>;
Expected<Game> read_record(const std::string& text, const RulesLoader& load);

// The tags of a record, in order, without replaying it.
Expected<RecordTags> read_record_tags(const std::string& text);

}  // namespace regula
