// Seats that come back into play: an answer or an action that gives every seat
// that has lost all its pieces of a type one back (the exchange of Rajahs), and
// a seat frozen by the capture of a type that is back in play when one of its
// pieces promotes to that type.

#include <vector>

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

void back_in_play(Position& pos, SeatId seat, Undo& undo) {
  pos.set_seat_state(seat, SeatState::kActive, 0, &undo);
  for (SeatId s = 0; s < pos.rules().num_seats(); ++s)
    pos.set_controller(s, s == seat || pos.controller(s) == seat ? s : pos.controller(s), &undo);
}

namespace {

// The start square of seat's piece of type t, or the nearest empty site to it
// (breadth first over the links, in the board's order of directions); kNoSite
// when the piece started in hand or the board is full.
SiteId return_site(const Position& pos, SeatId seat, TypeId t) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  SiteId home = kNoSite;
  for (SiteId s = 0; s < pos.num_sites() && home == kNoSite; ++s)
    if (r.start_type[s] == t && r.start_seat[s] == seat) home = s;
  if (home == kNoSite) return kNoSite;
  std::vector<SiteId> queue{home};
  std::vector<uint8_t> seen(pos.num_sites(), 0);
  seen[home] = 1;
  for (size_t i = 0; i < queue.size(); ++i) {
    if (!pos.at(queue[i])) return queue[i];
    for (DirId d = 0; d < kNumDirs; ++d) {
      const SiteId n = topo.neighbor(queue[i], d);
      if (n != kNoSite && !seen[n]) {
        seen[n] = 1;
        queue.push_back(n);
      }
    }
  }
  return kNoSite;
}

// Every seat (with team_only, every seat allied with whose) that has lost all
// its pieces of type e.restore gets one back and is back in play; a seat that
// has left play does not come back.
void restore(EffectContext& c, const Stage::Effect& e, SeatId whose) {
  Position& pos = c.pos;
  const Ruleset& r = pos.rules();
  const TypeId t = e.restore;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat) {
    if ((e.team_only && !r.allies(seat, whose)) || pos.is_out(seat)) continue;
    if (r.setup_count[seat][t] == 0 || pos.count(make_piece(t, seat)) > 0) continue;
    const SiteId where = return_site(pos, seat, t);
    if (where == kNoSite) continue;
    pos.set_site(where, make_piece(t, seat), 0, &c.undo);
    back_in_play(pos, seat, c.undo);
  }
}

class RestoreByAnswer final : public Effect {
 public:
  const char* name() const override { return "restore by answer"; }
  void on_answer(EffectContext& c, int stage, int answer) const override {
    const Stage& st = c.pos.rules().stages[stage];
    if (answer >= 0 && answer < static_cast<int>(st.effects.size()) &&
        st.effects[answer].restore >= 0)
      restore(c, st.effects[answer], c.pos.owner());
  }
};

class RestoreByAction final : public Effect {
 public:
  const char* name() const override { return "restore by action"; }
  void on_action(EffectContext& c, int action) const override {
    const Action& a = c.pos.rules().actions[action];
    if (a.stage < 0 && a.effect.restore >= 0) restore(c, a.effect, c.mover);
  }
};

class PromotionRevives final : public Effect {
 public:
  const char* name() const override { return "promotion revives"; }
  void on_promotion(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const SeatId s = piece_seat(c.pos.at(site));
    const int why = c.pos.left_reason(s) - 2;
    if (c.pos.seat_state(s) == SeatState::kFrozen && why >= 0 &&
        why < static_cast<int>(r.end.on_capture.size()) &&
        r.end.on_capture[why].captured == c.move.promote)
      back_in_play(c.pos, s, c.undo);
  }
};

}  // namespace

void add_seat_returns(const Ruleset& r, EffectLists& out) {
  bool answers = false, actions = false, freezes = false;
  for (const Stage& st : r.stages)
    for (const Stage::Effect& e : st.effects) answers |= e.restore >= 0;
  for (const Action& a : r.actions) actions |= a.stage < 0 && a.effect.restore >= 0;
  for (const CaptureEnd& ce : r.end.on_capture) freezes |= ce.effect == CaptureEnd::Effect::kFreeze;
  if (answers) out.add(std::make_unique<RestoreByAnswer>(), event_bit(Event::kAnswer));
  if (actions) out.add(std::make_unique<RestoreByAction>(), event_bit(Event::kAction));
  if (freezes) out.add(std::make_unique<PromotionRevives>(), event_bit(Event::kPromotion));
}

}  // namespace regula::effects
