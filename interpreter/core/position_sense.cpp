#include "core/position_sense.h"

#include "core/attacks.h"

namespace regula {

namespace {

Error senseless(const std::string& what) {
  return Error{"position", what};
}

}  // namespace

Status check_position_sense(const Position& pos) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  // While a stage is under way (a promotion being chosen), a piece may stand
  // where it is about to promote.
  for (SiteId s = 0; s < pos.num_sites() && pos.stage() < 0; ++s) {
    const PieceCode c = pos.at(s);
    if (c == kEmpty) continue;
    const TypeId t = piece_type(c);
    const SeatId seat = piece_seat(c);
    const PieceType& type = r.types[t];
    if (type.stuck[seat].empty() || !type.stuck[seat][s]) continue;
    const Promotion* pr = promotion_at(pos, t, seat, s);
    if (!pr || pr->only_lost || pr->to_start) continue;
    if (pr->mandatory || promotion_forced(r, *pr, t, seat, s))
      return senseless(r.seats[seat].name + " " + type.name + " on " + topo.name(s) +
                       " could never move again and would have had to promote there");
  }
  if (!r.end.check) return std::nullopt;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat) {
    if (r.royals[seat].empty() || pos.seat_state(seat) != SeatState::kActive) continue;
    // A royal still in hand is checked once placed, and until then nothing is.
    bool found = false;
    for (TypeId t : r.royals[seat]) found |= pos.hand(seat, t) > 0;
    for (SiteId s = 0; s < pos.num_sites() && !found; ++s) {
      const PieceCode c = pos.at(s);
      if (c == kEmpty || piece_seat(c) != seat) continue;
      for (TypeId t : r.royals[seat]) found |= piece_type(c) == t;
    }
    if (!found) {
      std::string names;
      for (TypeId t : r.royals[seat]) names += (names.empty() ? "" : " or ") + r.types[t].name;
      return senseless(r.seats[seat].name + " has no " + names +
                       " on the board, and the rules of check need one");
    }
  }
  if (r.num_seats() == 2) {
    const SeatId other = 1 - pos.to_move();
    if (in_check(pos, other))
      return senseless(r.seats[other].name + ", not to move, is in check (" +
                       r.seats[pos.to_move()].name + " could take its " +
                       (r.royals[other].empty() ? std::string("royal piece")
                                                : r.types[r.royals[other].front()].name) +
                       ")");
  }
  return std::nullopt;
}

}  // namespace regula
