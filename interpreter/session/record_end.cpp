#include "session/record_end.h"

#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/text.h"
#include "session/game_record.h"

namespace regula {

namespace {

// A [Termination] in Game's words: "white resigns", "draw agreed", "white
// loses on time", "white's time is up, but no other side can win".
void apply_termination(Game& game, const std::string& termination) {
  const Ruleset& r = game.rules();
  if (termination.empty() || game.over()) return;
  if (termination == "draw agreed") game.agree_draw();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (termination == r.seats[s].name + " resigns") game.resign(s);
    if (termination == r.seats[s].name + " loses on time") game.time_out(s, false);
    if (termination == r.seats[s].name + "'s time is up, but no other side can win")
      game.time_out(s, true);
  }
}

// The white side's outcome in a stated result: PDN's points or PGN's.
Outcome white_outcome(const std::string& stated, bool pdn) {
  if (stated == "1-0" || (pdn && stated == "2-0")) return Outcome::kWin;
  if (stated == "0-1" || (pdn && stated == "0-2")) return Outcome::kLoss;
  if (stated == "1/2-1/2" || (pdn && stated == "1-1")) return Outcome::kDraw;
  return Outcome::kNone;
}

}  // namespace

Status end_as_recorded(Game& game, const std::string& termination, const StatedResult& stated) {
  apply_termination(game, termination);
  const Ruleset& r = game.rules();
  const auto& pdn = presentation_of(r).pdn;
  if ((!pdn && r.num_seats() != 2) || stated.value.empty() || stated.value == "*")
    return std::nullopt;
  const Outcome white = white_outcome(stated.value, pdn != nullptr);
  if (white == Outcome::kNone) {
    if (pdn) return std::nullopt;  // 0-0, a double forfeit, says nothing of the board
    return Error{stated.where, "[Result \"" + excerpt(stated.value) +
                                   "\"] is not a PGN result (1-0, 0-1, 1/2-1/2, *)"};
  }
  const SeatId w = pdn ? pdn->colour_seat[0] : 0, b = pdn ? pdn->colour_seat[1] : 1;
  if (!game.over()) {
    if (white == Outcome::kDraw) return game.agree_draw();
    const SeatId loser = white == Outcome::kWin ? b : w;
    if (lower(termination) == "time forfeit") return game.time_out(loser, false);
    return game.resign(loser);
  }
  if (game.result().outcome[w] == white) return std::nullopt;
  const std::string what = stated.tag ? "[Result \"" + stated.value + "\"]"
                                      : "the result " + stated.value + " after its moves";
  const std::string by = game.ended_by_agreement() ? "its [Termination]" : "its moves";
  return Error{stated.where, "the record states " + what + ", but " + by + " end the game " +
                                 record_result(game) + " (" + game.result().reason + ")"};
}

}  // namespace regula
