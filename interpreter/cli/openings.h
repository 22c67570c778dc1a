#pragma once
// Openings for matches (`regula match --openings FILE`): the positions the
// games start from, read from a file of one of two kinds.
//   - Position lines: one opening a line, a position string (the rules' FEN or
//     generic form), optionally followed by "moves" and moves played from it,
//     or "startpos moves ..." for moves from the rules' start
//     (notation/position_moves.h). Blank lines and lines starting with '#'
//     are skipped.
//   - Game records (when the first line that is neither blank nor a '#'
//     comment starts with '['): regula's own records, PGN or PDN, one game
//     after another; each game's last position is an opening. A game without a
//     [Rules] tag is read under the match's rules.
// Every opening must be a position of the match's rules where the game goes
// on; errors name the file and line ("book.txt:3: ...") or the game.

#include <memory>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/ruleset.h"
#include "script/search_path.h"

namespace regula::cli {

// The openings of the file at path (name: what errors call it), each as a
// position string of rules.
Expected<std::vector<std::string>> read_openings(const std::string& path,
                                                 std::shared_ptr<const Ruleset> rules,
                                                 const script::SearchPath& search);

}  // namespace regula::cli
