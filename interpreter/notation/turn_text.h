#pragma once
// Whole turns (core/turns.h) as text, for move lists, records and typed input.
// A turn's decisions are written one after another in the form move_text gives
// each in the position it is made in: a removal that follows a move is joined
// to it ("E6-A6xR3"), any other later decision follows a comma ("c1c3,d2d3" for
// the moves of two dice), and a pass that only declines or ends a turn's
// remainder is left out. A turn that is one decision reads as that decision.
// Two turns that would read alike (the same moves with the dice used the other
// way round) get the dice they use in braces: "c1c3,d2d3 {3,5}".

#include <string>
#include <vector>

#include "core/expected.h"
#include "core/turns.h"

namespace regula {

std::vector<std::string> turn_texts(Position& pos, const std::vector<Turn>& turns);
std::string turn_text(Position& pos, const Turn& turn);

// What a typed or recorded text names: a whole turn, or, when it names only
// the first decisions of turns that go on (a move that forms a line, without
// the removal), those decisions with complete = false.
struct ParsedTurn {
  Turn turn;
  bool complete = true;
};

// pos may be at a turn's start or in the middle of one; the text then names
// the rest of it. Long form, SAN where the script asks for it, and loose
// spellings (case, '-', 'x') are accepted as parse_move accepts them.
Expected<ParsedTurn> parse_turn(Position& pos, const std::string& text);

}  // namespace regula
