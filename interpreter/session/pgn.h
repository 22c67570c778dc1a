#pragma once
// PGN (Portable Game Notation) for the scripts whose moves are SAN, chess and
// its relatives: the records other chess programs read. A game record
// (game_record.h) writes every script's moves in long form with regula's own
// tags; a PGN file must instead open with the Seven Tag Roster (Event, Site,
// Date, Round, White, Black, Result, in that order, "?" where unknown), write
// the moves in SAN, say a start other than the standard one with [SetUp "1"]
// and [FEN], name any other game in [Variant], end with the result token and
// keep its lines under 80 columns. [Rules] and [Options] follow as extra tags
// (PGN readers keep tags they do not know), so that regula reads its own files
// back under the same rules; a PGN file from elsewhere, which has no [Rules],
// finds its script by [Variant].

#include <string>
#include <vector>

#include "core/expected.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {

// Whether a game of these rules is written as PGN: the script writes SAN and is
// not a draughts game (those write PDN, game_record.h).
bool writes_pgn(const Ruleset& rules);

// A whole turn as people read it, with the round it belongs to: rounds count
// from the start position's move number and begin with the first seat's turn.
struct NumberedTurn {
  SeatId seat = 0;
  std::string text;  // SAN for a turn of one decision where the script writes SAN
  int round = 1;
  bool opens_round = false;  // the first seat's turn, written "12." (else "12...")
};
std::vector<NumberedTurn> numbered_turns(const Game& game);

// The game as PGN. extra tags override the roster's "?" (Event, Site, Date,
// Round, White, Black) and the others follow the roster in the order given.
std::string write_pgn(const Game& game, const RecordTags& extra = {});

// The UCI variant a PGN file's first [Variant] tag names, in lower case:
// "chess" without one or for "Standard". The scripts whose table names it
// are the only ones pgn_rules_for need load.
std::string pgn_variant(const std::string& text);

// The script among names (loaded by load, without options) that a PGN file's
// first [Variant] tag names by its UCI variant name (none, "Standard" or
// "chess": orthodox chess), among the scripts that write PGN; "" when none or
// several do, or when the text has a [Rules] tag.
std::string pgn_rules_for(const std::string& text, const std::vector<std::string>& names,
                          const RulesLoader& load);

// Every game of a record or PGN text, as read_records reads them; in a PGN
// game (writes_pgn) a result that the moves do not reach is the players' word
// (1-0: the second seat resigned, 0-1: the first, 1/2-1/2: a draw agreed), and
// one that contradicts the moves is an error.
Expected<std::vector<Game>> read_pgn(const std::string& text, const RulesLoader& load,
                                     const std::string& fallback_rules = "");

}  // namespace regula
