#pragma once
// A position given with the moves played from it, as UCI's `position ...
// moves ...` gives one: "FEN moves e2e4 e7e5", "startpos moves e2e4", or a
// position string alone. The command line's --position reads this form, so
// that perft, moves and play can start where a game has gone.

#include <memory>
#include <string>

#include "core/expected.h"
#include "core/position.h"

namespace regula {

// The position text names (empty or "startpos": the rules' start), with each
// move after the word "moves" played in turn. A move is a turn as turn_text
// reads it (long form, SAN where the script uses it, loose spellings); its
// error names it and its number.
Expected<Position> read_position_with_moves(std::shared_ptr<const Ruleset> rules,
                                            const std::string& text);

// Whether `word`, after the words of a move written so far, may be part of
// that move: a site the move clears, "xf3", which move text adds where two
// moves read alike (an approach and a withdrawal by the same step), after a
// move that is not itself a removal ("xR3"). Lists of moves split on spaces
// join such words to a move that is ambiguous without them (a removal by the
// next seat, "M@a2 xa1", is a move of its own).
bool clears_word(const Ruleset& r, const std::string& move, const std::string& word);

}  // namespace regula
