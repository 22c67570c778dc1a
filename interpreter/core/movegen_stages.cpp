// The decisions that are not piece moves: the throws of the dice, the choices
// of a pending stage (pieces to remove or give away, answers, promotion
// choices asked for after the move) and the actions a seat may take instead of
// a move. None of them comes from the rule tables of the pieces, and the
// search asks for some of them by count alone (count_stage_moves), so they are
// kept apart from the piece moves.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/movegen.h"
#include "core/movegen_internal.h"

namespace regula {

namespace {

// The pieces a pending removal or gift may take, before protection, on a board
// with bit sets.
uint64_t stage_sites(const Position& pos, const Stage& st) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  uint64_t sites = 0;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (st.choice == Stage::Choice::kGiveOwn ? s == me : !r.allies(s, me) && !pos.is_out(s))
      sites |= pos.occupied(s);
  return sites;
}

// Appends a stage decision of the given kind on site (index: the answer chosen):
// a default move's header with those three fields, copied without the capture
// and path lists, which a stage decision leaves empty (ncap = npath = 0).
void add_stage_move(MoveList& moves, MoveKind kind, SiteId site, int index) {
  Move proto;
  proto.to = site;
  proto.kind = kind;
  proto.chance = static_cast<int16_t>(index);
  std::memcpy(static_cast<void*>(&moves.add()), &proto, offsetof(Move, cap));
}

// The pieces a pending removal (kRemoveEnemy) or gift (kGiveOwn) may take:
// those of the seats it names, less those standing in lines where the stage
// protects them (unless every one does).
void removal_moves(const Position& pos, const Stage& st, MoveList& moves) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  const bool own = st.choice == Stage::Choice::kGiveOwn;
  auto takes = [&](SeatId owner) {
    return own ? owner == me : !r.allies(owner, me) && !pos.is_out(owner);
  };
  if (pos.has_occupancy()) {
    Move proto;
    proto.kind = MoveKind::kRemove;
    for (uint64_t sites = stage_sites(pos, st); sites; sites &= sites - 1) {
      Move& m = moves.add();
      std::memcpy(static_cast<void*>(&m), &proto, offsetof(Move, cap));
      m.to = static_cast<SiteId>(__builtin_ctzll(sites));
    }
  } else {
    for (SiteId s = 0; s < pos.num_sites(); ++s) {
      const PieceCode c = pos.at(s);
      if (c && takes(piece_seat(c))) add_stage_move(moves, MoveKind::kRemove, s, 0);
    }
  }
  if (st.protect == Stage::Protect::kLinesUnlessAll) {
    uint64_t in_lines = 0;
    if (pos.has_occupancy())
      for (SeatId s = 0; s < r.num_seats(); ++s)
        if (takes(s)) in_lines |= pos.in_lines(s);
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i)
      if (pos.has_occupancy() ? !((in_lines >> moves[i].to) & 1)
                              : !pos.completes_line(moves[i].to, piece_seat(pos.at(moves[i].to))))
        moves[kept++] = moves[i];
    if (kept > 0) moves.resize(kept);
  }
}

// The types the piece on the stage's anchor may be promoted to, and a pass
// where it may stay as it is.
void promotion_choices(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  const SiteId site = pos.anchor();
  const PieceCode code = site == kNoSite ? kEmpty : pos.at(site);
  if (!code) return;
  for_each_promotion(pos, piece_type(code), me, site, [&](TypeId p) {
    add_stage_move(moves, MoveKind::kPromote, site, 0);
    moves[moves.size() - 1].promote = p;
  });
  const Promotion* pr = promotion_at(pos, piece_type(code), me, site);
  if (!pr || (!pr->mandatory && !promotion_forced(r, *pr, piece_type(code), me, site)))
    moves.push(Move::pass());
}

// Calls visit(site) for each empty site the placement stage st may put its
// piece on: those its reach rule leads to, for the seat to move, from the
// stage's anchor (the site the moved piece landed on).
template <typename Visit>
void for_each_placement(const Position& pos, const Stage& st, Visit&& visit) {
  const Ruleset& r = pos.rules();
  const SiteId from = pos.anchor();
  if (from == kNoSite || st.reach_rule < 0) return;
  const MoveRule& rule = r.rules[st.reach_rule];
  const SeatId me = pos.to_move();
  auto allowed = [&](SiteId s) {
    return rule.to_region < 0 || r.regions[rule.to_region].contains(me, s);
  };
  switch (rule.kind) {
    case RuleKind::kSlide: {
      const int max = rule.max_range ? rule.max_range : pos.num_sites();
      for (DirId d : rule.dirs[me]) {
        const SiteId* nb = r.topology.neighbors_of(d);
        SiteId s = nb[from];
        for (int k = 1; k <= max && s != kNoSite && pos.at(s) == kEmpty; ++k, s = nb[s])
          if (k >= rule.min_range && allowed(s)) visit(s);
      }
      break;
    }
    case RuleKind::kTable:
      for (SiteId s : rule.table[me][from])
        if (pos.at(s) == kEmpty && allowed(s)) visit(s);
      break;
    case RuleKind::kWalk: {
      // Paths are sorted by destination: a site is reached once, by any clear path.
      SiteId last = kNoSite;
      for (const WalkPath& w : rule.walks[me][from]) {
        if (w.dest == last || pos.at(w.dest) != kEmpty || !allowed(w.dest)) continue;
        bool clear = true;
        for (int i = 0; i < w.nvia && clear; ++i) clear = pos.at(w.via[i]) == kEmpty;
        if (clear) visit(last = w.dest);
      }
      break;
    }
    default:
      break;
  }
}

// The sites a pending placement may put its piece on, each a drop that takes
// nothing from the hand (Position::apply_decision).
void placement_moves(const Position& pos, const Stage& st, MoveList& moves) {
  const auto reach = static_cast<uint16_t>(st.reach_rule);
  for_each_placement(pos, st, [&](SiteId s) {
    add_stage_move(moves, MoveKind::kDrop, s, 0);
    Move& m = moves[moves.size() - 1];
    m.drop_type = st.place_type;
    m.rule = reach;
  });
}

}  // namespace

namespace detail {

void stage_moves(const Position& pos, const Stage& st, MoveList& moves) {
  switch (st.choice) {
    case Stage::Choice::kRemoveEnemy:
    case Stage::Choice::kGiveOwn:
      removal_moves(pos, st, moves);
      break;
    case Stage::Choice::kAnswer:
      for (size_t i = 0; i < st.answers.size(); ++i)
        add_stage_move(moves, MoveKind::kAnswer, kNoSite, static_cast<int>(i));
      break;
    case Stage::Choice::kPromote:
      promotion_choices(pos, moves);
      return;
    case Stage::Choice::kPlace:
      placement_moves(pos, st, moves);
      break;
    case Stage::Choice::kMoveAgain:
      break;
  }
  // Declining, or nothing to choose from: the stage passes.
  if (st.optional || moves.empty()) moves.push(Move::pass());
}

void chance_moves(const Ruleset& r, MoveList& moves) {
  for (int outcome : r.dice.outcomes) {
    Move& m = moves.add();
    m = Move{};
    m.kind = MoveKind::kChance;
    m.chance = static_cast<int16_t>(outcome);
  }
}

}  // namespace detail

double chance_probability(const Ruleset& rules, const Move& m) {
  const Dice& d = rules.dice;
  for (size_t i = 0; i < d.outcomes.size(); ++i)
    if (d.outcomes[i] == m.chance)
      return static_cast<double>(d.outcome_weights[i]) / static_cast<double>(d.outcome_total);
  return 0;
}

void add_actions(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  for (size_t i = 0; i < r.actions.size(); ++i) {
    if (!condition_holds(r.actions[i].when, pos, pos.to_move())) continue;
    Move& m = moves.add();
    m = Move{};
    m.kind = MoveKind::kAction;
    m.chance = static_cast<int16_t>(i);
  }
}

int count_stage_moves(const Position& pos) {
  const Ruleset& r = pos.rules();
  if (pos.stage() < 0 || pos.awaiting_roll() || r.end.check || r.any_fears_attack) return -1;
  const Stage& st = r.stages[pos.stage()];
  if (st.choice == Stage::Choice::kPlace) {
    // Counted without a list: the placements a whole-turn count asks for most.
    int n = 0;
    for_each_placement(pos, st, [&n](SiteId) { ++n; });
    return st.optional || n == 0 ? n + 1 : n;
  }
  if (!pos.has_occupancy()) return -1;
  return count_stage_moves(pos, st);
}

int count_stage_moves(const Position& pos, const Stage& st) {
  const Ruleset& r = pos.rules();
  if (st.choice != Stage::Choice::kRemoveEnemy && st.choice != Stage::Choice::kGiveOwn) return -1;
  const uint64_t sites = stage_sites(pos, st);
  int n = __builtin_popcountll(sites);
  if (st.protect == Stage::Protect::kLinesUnlessAll) {
    uint64_t in_lines = 0;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (sites & pos.occupied(s)) in_lines |= pos.in_lines(s);
    if (const uint64_t open = sites & ~in_lines) n = __builtin_popcountll(open);
  }
  return st.optional || n == 0 ? n + 1 : n;
}

}  // namespace regula
