#pragma once
// How a record says its game ended beyond its moves: a [Termination] in this
// program's words (a resignation, an agreed draw, a loss on time) and the
// result it states ([Result], or PDN's result after the moves). A game whose
// moves end without a result of the rules takes the stated one, as the
// players' word; one whose moves reach a result must agree with what the
// record states. Its own file because every reader of records (one game, a
// file of many, PGN from other programs) ends its games this way.

#include <string>

#include "core/expected.h"
#include "session/game.h"

namespace regula {

// A result a record states, and where: "record:7" for a tag on line 7, or
// "record:12:30" for the word that ends a PDN game's moves.
struct StatedResult {
  std::string value;  // "1-0", "2-0", "1/2-1/2", "*"...; "" when none
  std::string where;
  bool tag = true;  // from the [Result] tag, else from the move text
};

// Ends the game after its moves as the record says: by its [Termination]
// (termination, "" when none), then by the stated result when the moves do not
// end it. Scripts with PDN read PDN's results (2-0, 1-1), other two-seat
// scripts PGN's (1-0, 1/2-1/2); a decisive result is the loser's resignation
// (its loss on time under PGN's [Termination "time forfeit"]), a drawn one an
// agreed draw. An Error, at stated.where, when the game ends otherwise than
// the record states, or a two-seat record states no PGN result.
Status end_as_recorded(Game& game, const std::string& termination, const StatedResult& stated);

}  // namespace regula
