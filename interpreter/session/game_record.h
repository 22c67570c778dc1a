#pragma once
// Game records: PGN-style tags, then the moves in long form, numbered by round.
//   [Event "..."] [Rules "jetan/cazaux"] [Options "array=manator"]
//   [FEN "..."] (when the game did not start from the script's start position)
//   [Result "1-0"] [Termination "checkmate"] [Stakes "white 3, black 5"]
//   1. e2e4 e7e5 2. g1f3 ... 1-0
// Scripts with a PDN GameType (Ruleset::pdn) get PDN records: [Date], [White],
// [Black], [GameType "24,W,8,8,N1,1"], results 2-0 / 0-2 / 1-1 counted for the
// white side, and moves 9-13 10x19x28. Read, a PDN record may hold variations,
// NAGs, rating marks and results in either style. In any record of a PDN
// script or of two seats, a result that the moves do not reach is the
// players' word (a resignation or an agreed draw), and one that contradicts
// them is an error (session/record_end.h).
// Every seat counter that is not zero at the end gets a tag of its own. A record
// written here always loads here: the reader replays each move against the legal
// moves, so a damaged record fails with the move number and what was wrong.

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "session/game.h"

namespace regula {

using RecordTags = std::vector<std::pair<std::string, std::string>>;

// extra tags (Event, White, Black, ...) come first, in the order given.
std::string write_record(const Game& game, const RecordTags& extra = {});

// The layout every record shares (this one, PGN's, PDN's): the tags, a blank
// line, then the words of the move text joined by spaces, whole, in lines of
// at most 79 characters.
std::string layout_record(const RecordTags& tags, const std::vector<std::string>& words);

// Finds the rules a record names: given the [Rules] name and the [Options], the
// compiled rules or an Error. The caller provides it (script::named_rules_loader
// looks the name up on a search path; a reader of many records may keep loaded
// rules), so that a record is read without this library loading scripts.
using RulesLoader = std::function<Expected<std::shared_ptr<const Ruleset>>(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& options)>;

// Loads the rules named by [Rules] (with [Options]) through load, sets up [FEN],
// and replays the moves. A hook of the script that fails while the moves replay
// is the error returned.
Expected<Game> read_record(const std::string& text, const RulesLoader& load);

// Every game of a text that holds several, one after another (a PDN file: a tag
// after move text starts the next game). A game without a [Rules] tag, as PDN
// files from other programs are, is replayed with fallback_rules when given.
Expected<std::vector<Game>> read_records(const std::string& text, const RulesLoader& load,
                                         const std::string& fallback_rules = "");
// The same, one game at a time: each is replayed and handed to `each` (with
// its index from 0 and the number of games) before the next is read, so that a file of many games
// is read in the memory of one. The first error, of a game or of `each`, stops it.
Status for_each_record(const std::string& text, const RulesLoader& load,
                       const std::string& fallback_rules,
                       const std::function<Status(Game&&, size_t, size_t)>& each);

// The script among names (loaded by load, without options) that a PDN file's
// first [GameType] tag names, for a file from another program, which has no
// [Rules] tag: the one script whose PDN GameType has that game number, or ""
// when none or several do.
std::string pdn_rules_for(const std::string& text, const std::vector<std::string>& names,
                          const RulesLoader& load);

// The result as the game's record writes it: 2-0 / 0-2 / 1-1 (the white side's
// score first) for scripts with PDN, else Result::score(); * while it goes on.
std::string record_result(const Game& game);

// The tags of a record, in order, without replaying it; of a text of several
// games (a PGN or PDN file), the first game's.
Expected<RecordTags> read_record_tags(const std::string& text);

}  // namespace regula
