#include "core/flag_fall.h"

#include "core/game_end.h"

namespace regula {

bool cannot_win(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (pos.hand(seat, t) > 0) return false;
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    const PieceCode code = pos.at(s);
    if (code && piece_seat(code) == seat && !r.types[piece_type(code)].royal) return false;
  }
  return true;
}

bool flag_fall_draws(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (!r.allies(s, seat) && !cannot_win(pos, s)) return false;
  return true;
}

Result flag_fall_result(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  const std::string& name = r.seats[seat].name;
  Result res;
  if (flag_fall_draws(pos, seat)) {
    res = Result::draw(r.num_seats(), name + "'s time is up, but no other side can win");
  } else {
    res.over = true;
    res.seats = r.num_seats();
    for (SeatId s = 0; s < res.seats; ++s)
      res.outcome[s] = r.allies(s, seat) ? Outcome::kLoss : Outcome::kWin;
    res.reason = name + " loses on time";
  }
  rank_seats(res, pos);
  return res;
}

}  // namespace regula
