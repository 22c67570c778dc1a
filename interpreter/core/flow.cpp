#include "core/flow.h"

#include <algorithm>

#include "core/position.h"

namespace regula {

namespace {

bool is_ordinary(const Move& m) {
  return m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle;
}

// Whether the piece that arrived on site promotes by a decision of its own now.
bool asks_promotion(const Position& pos, SiteId site) {
  const PieceCode code = pos.at(site);
  if (!code) return false;
  const SeatId seat = piece_seat(code);
  const PieceType& pt = pos.rules().types[piece_type(code)];
  if (!pt.promo_ask || !promotion_at(pos, piece_type(code), seat, site)) return false;
  bool any = false;
  for_each_promotion(pos, piece_type(code), seat, site, [&](TypeId) { any = true; });
  return any;
}

// The stage the first matching trigger starts after ordinary move m of mover
// made in the phase of bit, or -1.
int triggered_stage(const Position& pos, const Move& m, SeatId mover, uint32_t bit) {
  const Ruleset& r = pos.rules();
  for (const Trigger& t : r.triggers) {
    if (!(t.phases & bit)) continue;
    switch (t.on) {
      case Trigger::On::kLine:
        if (m.to != kNoSite && pos.at(m.to) && piece_seat(pos.at(m.to)) == mover &&
            pos.completes_line(m.to, mover))
          return t.stage;
        break;
      case Trigger::On::kFull: {
        int occupied = 0;
        for (SeatId s = 0; s < r.num_seats(); ++s) occupied += pos.pieces(s);
        if (occupied == pos.num_sites()) return t.stage;
        break;
      }
      case Trigger::On::kLabel:
        if (m.rule < r.rules.size() && r.rules[m.rule].label == t.label) return t.stage;
        break;
      case Trigger::On::kMove:
        if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kCastle) return t.stage;
        break;
    }
  }
  return -1;
}

// The stage decision m starts or leads to, with the site it is about.
int next_stage(const Position& pos, const Move& m, const DecisionFacts& f, SiteId& anchor) {
  const Ruleset& r = pos.rules();
  if (r.fast.simple_flow) return -1;
  if (m.kind == MoveKind::kAction) return r.actions[m.chance].stage;
  if (r.promotion_stage >= 0 && m.kind == MoveKind::kNormal && m.promote < 0 &&
      asks_promotion(pos, m.to)) {
    anchor = m.to;
    return r.promotion_stage;
  }
  if (f.stage >= 0) {
    const Stage& st = r.stages[f.stage];
    int next = -1;
    if (st.choice == Stage::Choice::kMoveAgain && is_ordinary(m))
      next = triggered_stage(pos, m, f.mover, f.phase_bit);
    return next >= 0 ? next : st.then;
  }
  if (!r.triggers.empty() && is_ordinary(m)) return triggered_stage(pos, m, f.mover, f.phase_bit);
  return -1;
}

// The seat that decides a stage of kind who, started in mover's turn.
SeatId stage_decider(const Position& pos, Stage::Who who, SeatId mover) {
  const Ruleset& r = pos.rules();
  if (who == Stage::Who::kMover) return mover;
  SeatId next = pos.next_in_play(mover);
  for (int i = 0; who == Stage::Who::kNextEnemy && r.allies(next, mover) && i < r.num_seats(); ++i)
    next = pos.next_in_play(next);
  return next;
}

}  // namespace

FlowStep flow_after(const Position& pos, const Move& m, const DecisionFacts& f) {
  const Ruleset& r = pos.rules();
  FlowStep step;
  step.stage = next_stage(pos, m, f, step.anchor);
  if (step.stage >= 0 && r.stages[step.stage].choice == Stage::Choice::kPlace)
    // A placement is reached from where the moved piece landed; after another
    // stage's decision, from the site the turn's move anchored.
    step.anchor = is_ordinary(m) ? m.to : pos.anchor();
  if (step.stage >= 0) {
    const Stage::Who who = r.stages[step.stage].who;
    step.seat = stage_decider(pos, who, f.mover);
    step.turn_goes_on = who == Stage::Who::kMover;
    return step;
  }
  step.anchor = kNoSite;
  // Dice left from this turn's throw: the same seat uses them, while it may.
  if (pos.roll() != 0 && r.dice.count > 1) {
    if (pos.takes_turns(f.owner)) {
      step.seat = f.owner;
      step.turn_goes_on = true;
      return step;
    }
    step.clear_dice = true;
  }
  step.seat = pos.any_inert() ? pos.next_in_play(f.owner) : r.next_seat(f.owner);
  return step;
}

bool turn_goes_on(const Position& pos) {
  const Ruleset& r = pos.rules();
  if (pos.stage() >= 0) return r.stages[pos.stage()].who == Stage::Who::kMover;
  return r.dice.count > 1 && pos.roll() != 0 && dice_in(pos.roll()) < r.dice.count;
}

int turn_decisions_shown(const Position& pos) {
  const Ruleset& r = pos.rules();
  if (pos.stage() < 0 && r.dice.count > 1 && pos.roll() != 0)
    return std::max(1, r.dice.count - dice_in(pos.roll()));
  return 1;
}

int dice_in(int roll) {
  int n = 0;
  for (int k = 0; k < Dice::kMaxDice && ((roll >> (5 * k)) & 31); ++k) ++n;
  return n;
}

int dice_after(const Ruleset& r, int roll, const Move& m, int answered_stage) {
  if (!roll) return 0;
  const bool uses = is_ordinary(m) || m.kind == MoveKind::kAction ||
                    (m.kind == MoveKind::kPass && answered_stage < 0);
  if (!uses) return roll;
  if (r.dice.count <= 1 || !is_ordinary(m)) return 0;
  // Several dice: the die of the move's value, the first of that value.
  int out = 0, shift = 0;
  bool removed = false;
  for (int k = 0; k < Dice::kMaxDice; ++k) {
    const int v = (roll >> (5 * k)) & 31;
    if (!v) break;
    if (!removed && v == m.chance) {
      removed = true;
      continue;
    }
    out |= v << shift;
    shift += 5;
  }
  return out;
}

}  // namespace regula
