#include "core/position_bounds.h"

#include <string>

namespace regula {

namespace {

Error beyond(const std::string& what) {
  return Error{"position", what};
}

// Whether the rules can make pieces out of nothing: a hook may, and a stage
// that places a piece from the unlimited supply does.
bool makes_pieces(const Ruleset& r) {
  if (r.hooks) return true;
  for (const Stage& s : r.stages)
    if (s.choice == Stage::Choice::kPlace) return true;
  return false;
}

// Every piece the game deals, on the board and in hand, all seats together.
int pieces_dealt(const Ruleset& r) {
  int n = 0;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) n += r.setup_count[s][t];
  return n;
}

// Whether a seat can come to hold a piece of type t it was not dealt: by
// promotion, by taking an ally's pieces of the type over, or by dropping a
// captured one.
bool can_gain(const Ruleset& r, TypeId t) {
  if (r.captures_to_hand || r.types[t].square_takes) return true;
  for (const PieceType& type : r.types) {
    for (const Promotion& p : type.promotions) {
      if (p.to_start) return true;
      for (TypeId to : p.to)
        if (to == t) return true;
    }
  }
  return false;
}

// Whether a capture end rule of this effect could have hit the seat: some piece
// of the type it takes is gone, or may have been replaced.
bool hit_by(const Position& pos, SeatId seat, CaptureEnd::Effect effect) {
  const Ruleset& r = pos.rules();
  for (const CaptureEnd& ce : r.end.on_capture) {
    if (ce.effect != effect || ce.captured < 0) continue;
    if (can_gain(r, ce.captured)) return true;
    int standing = pos.hand(seat, ce.captured);
    for (SiteId s = 0; s < pos.num_sites(); ++s)
      standing += pos.at(s) == make_piece(ce.captured, seat);
    if (standing < r.setup_count[seat][ce.captured]) return true;
  }
  return false;
}

// The types whose capture freezes a seat, for messages: "rajah or king".
std::string freezing_types(const Ruleset& r) {
  std::string out;
  for (const CaptureEnd& ce : r.end.on_capture)
    if (ce.effect == CaptureEnd::Effect::kFreeze && ce.captured >= 0)
      out += (out.empty() ? "" : " or ") + r.types[ce.captured].name;
  return out;
}

Status check_hands(const Position& pos) {
  const Ruleset& r = pos.rules();
  int total = 0;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      const int n = pos.hand(s, t), most = hand_bound(r, s, t);
      if (n > most)
        return beyond(r.seats[s].name + "'s hand holds " + std::to_string(n) + " " +
                      r.types[t].name + "; the rules can give it at most " + std::to_string(most));
      total += n;
    }
  // A board alone may hold what a composer likes (position_sense judges it);
  // what is in hand came from the deal or from captures, so it counts.
  if (total == 0 || makes_pieces(r)) return std::nullopt;
  for (SiteId s = 0; s < pos.num_sites(); ++s) total += pos.at(s) != kEmpty;
  const int dealt = pieces_dealt(r);
  if (total > dealt)
    return beyond("the board and the hands hold " + std::to_string(total) +
                  " pieces; the game deals " + std::to_string(dealt) + " and makes no more");
  return std::nullopt;
}

// A type no rule can give a seat more of (no promotion to it, no capture to
// hand, no taking over) stands on the board and in hand no more often than
// the seat was dealt it: seven horses of a seat dealt one cannot arise.
Status check_types_dealt(const Position& pos) {
  const Ruleset& r = pos.rules();
  // A game that deals nothing is played from the positions it is given.
  if (makes_pieces(r) || pieces_dealt(r) == 0) return std::nullopt;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    if (can_gain(r, t)) continue;
    for (SeatId s = 0; s < r.num_seats(); ++s) {
      const int n = pos.hand(s, t) + pos.count(make_piece(t, s));
      if (n > r.setup_count[s][t])
        return beyond(r.seats[s].name + " has " + std::to_string(n) + " pieces of type " +
                      r.types[t].name + " on the board and in hand; the game deals it " +
                      std::to_string(r.setup_count[s][t]) + " and no rule gives it more");
    }
  }
  return std::nullopt;
}

Status check_seats(const Position& pos) {
  const Ruleset& r = pos.rules();
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (!r.allies(s, pos.controller(s)))
      return beyond("control: " + r.seats[pos.controller(s)].name + " cannot command " +
                    r.seats[s].name + "'s army; only an ally takes command");
  // A hook may freeze a seat or take it out of play for any reason.
  if (r.hooks) return std::nullopt;
  bool any_in_play = false;
  for (SeatId s = 0; s < r.num_seats(); ++s) any_in_play |= pos.takes_turns(s);
  if (!any_in_play)
    return beyond("no seat is in play (every seat is out, or frozen with no commander in play)");
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    const std::string& name = r.seats[s].name;
    if (pos.seat_state(s) == SeatState::kFrozen && !hit_by(pos, s, CaptureEnd::Effect::kFreeze)) {
      const std::string types = freezing_types(r);
      if (types.empty()) return beyond(name + " is frozen, but no rule of the game freezes a seat");
      return beyond(name + " is frozen, but every " + types +
                    " it started with still stands (only the capture of one freezes a seat)");
    }
    if (pos.seat_state(s) != SeatState::kOut) continue;
    const bool extinct = r.end.extinction && pos.pieces(s) == 0 && pos.hand_total(s) == 0;
    if (!extinct && r.end.leave.terms.empty() && !hit_by(pos, s, CaptureEnd::Effect::kOut))
      return beyond(name + " is out of play, but it has pieces left and no rule of the game " +
                    "could have taken it out");
  }
  return std::nullopt;
}

}  // namespace

int hand_bound(const Ruleset& r, SeatId s, TypeId t) {
  if (r.hooks || (r.captures_to_hand && makes_pieces(r))) return kUnboundedHand;
  if (!r.captures_to_hand) return r.setup_hand[s][t];
  return pieces_dealt(r);
}

Status check_position_bounds(const Position& pos) {
  if (auto e = check_hands(pos)) return e;
  if (auto e = check_types_dealt(pos)) return e;
  return check_seats(pos);
}

}  // namespace regula
