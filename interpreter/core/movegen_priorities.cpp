// Which of the legal moves the rules let a seat choose: drops that would give
// mate where that is forbidden, compulsory and majority captures, the orders
// that rank captures (Ruleset::capture_order) and drops that must be made when
// any can. They judge moves against each other rather than each alone, after
// the legality filter, and so are a step of their own.

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/attacks.h"
#include "core/hands.h"
#include "core/movegen.h"
#include "core/movegen_internal.h"

namespace regula {

namespace {

// Whether the piece standing on the destination is taken as the destination's,
// not already as one of the sites the move clears: a capture chain whose
// pieces leave as they are jumped may end on a site it took a piece from.
// Inline: it is asked of every move where captures are compulsory.
[[gnu::always_inline]] inline bool takes_on_arrival(const Position& pos, const Move& m) {
  return m.to != kNoSite && m.to != m.from && pos.at(m.to) != kEmpty &&
         std::find(m.cap.begin(), m.cap.begin() + m.ncap, m.to) == m.cap.begin() + m.ncap;
}

// capture_count, inline where moves are judged by it one after another.
[[gnu::always_inline]] inline int captures_of(const Position& pos, const Move& m) {
  int k = m.ncap;
  if (m.kind != MoveKind::kDrop && m.kind != MoveKind::kCastle && takes_on_arrival(pos, m)) ++k;
  return k;
}

}  // namespace

int capture_count(const Position& pos, const Move& m) {
  return captures_of(pos, m);
}

int capture_value(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  int v = 0;
  for (int i = 0; i < m.ncap; ++i)
    if (pos.at(m.cap[i])) v += r.types[piece_type(pos.at(m.cap[i]))].value;
  if (m.kind == MoveKind::kNormal && takes_on_arrival(pos, m))
    v += r.types[piece_type(pos.at(m.to))].value;
  return v;
}

namespace {

// The values a capture takes, in the order it takes them (the pieces jumped, then
// the one on the destination); n: how many.
int taken_values(const Position& pos, const Move& m, std::array<int, kMaxCaptures + 1>& out) {
  const Ruleset& r = pos.rules();
  int n = 0;
  for (int i = 0; i < m.ncap; ++i)
    if (const PieceCode c = pos.at(m.cap[i])) out[n++] = r.types[piece_type(c)].value;
  if (m.kind == MoveKind::kNormal && takes_on_arrival(pos, m))
    out[n++] = r.types[piece_type(pos.at(m.to))].value;
  return n;
}

// Drops the drops that would give mate where their rule forbids it (MoveRule::drop_no_mate).
void keep_non_mating_drops(Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i)
    if (moves[i].kind != MoveKind::kDrop || !r.rules[moves[i].rule].drop_no_mate ||
        !drop_gives_mate(pos, moves[i]))
      moves[kept++] = moves[i];
  moves.resize(kept);
}

// Whether the in-place promotion m obeys its clause's no_check and no_attack:
// made, it leaves no enemy royal attacked, and the promoted piece has no
// capture from where it landed.
bool promotion_is_quiet(Position& pos, const Move& m, const Promotion& pr) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  Undo u;
  ScopedMove made(pos, m, u);
  if (pr.no_check)
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (!r.allies(s, me) && !pos.is_out(s) && in_check(pos, s)) return false;
  if (pr.no_attack) {
    MoveList own;
    detail::piece_moves(pos, m.to, own);
    for (const Move& x : own)
      if (capture_count(pos, x) > 0) return false;
  }
  return true;
}

// Drops the in-place promotions that would check or attack where their clause
// forbids it (Promotion::no_check, no_attack).
void keep_quiet_promotions(Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    const MoveRule& rule = r.rules[m.rule];
    const Promotion* pr =
        m.kind == MoveKind::kNormal && m.promote >= 0 && rule.kind == RuleKind::kPromote
            ? &r.types[piece_type(pos.at(m.from))].promotions[rule.promotion]
            : nullptr;
    if (!pr || !(pr->no_check || pr->no_attack) || promotion_is_quiet(pos, m, *pr))
      moves[kept++] = m;
  }
  moves.resize(kept);
}

// Keeps the captures the rules' capture priority leaves open (Ruleset::capture_priority):
// any capture where capturing is compulsory, else those that take the most (and then
// the most value).
void keep_priority_captures(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  // Where no move takes on arrival, a move's captures are the sites it clears.
  const bool arrival = r.fast.arrival_captures;
  int best = 0, best_value = 0;
  if (arrival)
    for (const Move& m : moves) best = std::max(best, captures_of(pos, m));
  else
    for (const Move& m : moves) best = std::max(best, static_cast<int>(m.ncap));
  if (best <= 0) return;
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i) {
    int c = arrival ? captures_of(pos, moves[i]) : moves[i].ncap;
    bool keep = r.capture_priority == CapturePriority::kCompulsory ? c > 0 : c == best;
    if (keep) {
      if (kept != i) moves[kept] = moves[i];
      ++kept;
    }
  }
  moves.resize(kept);
  if (r.capture_priority == CapturePriority::kMaxCountThenValue) {
    for (const Move& m : moves) best_value = std::max(best_value, capture_value(pos, m));
    kept = 0;
    for (int i = 0; i < moves.size(); ++i)
      if (capture_value(pos, moves[i]) == best_value) moves[kept++] = moves[i];
    moves.resize(kept);
  }
}

// Keeps only the drops where there are any (Ruleset::must_drop).
void keep_drops_if_any(MoveList& moves) {
  bool any_drop = false;
  for (const Move& m : moves) any_drop |= m.kind == MoveKind::kDrop;
  if (!any_drop) return;
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i)
    if (moves[i].kind == MoveKind::kDrop) moves[kept++] = moves[i];
  moves.resize(kept);
}

}  // namespace

void keep_best_captures(const Position& pos, const std::vector<CaptureCriterion>& order,
                        MoveList& moves) {
  const Ruleset& r = pos.rules();
  // A score per move for the criteria that are numbers; earliest-value compares lists.
  auto score = [&](CaptureCriterion c, const Move& m) -> int64_t {
    switch (c) {
      case CaptureCriterion::kMostPieces:
        return capture_count(pos, m);
      case CaptureCriterion::kMostValue:
        return capture_value(pos, m);
      case CaptureCriterion::kMoverValue:
        return m.from != kNoSite && pos.at(m.from) ? r.types[piece_type(pos.at(m.from))].value : 0;
      case CaptureCriterion::kEarliestValue:
        break;
    }
    return 0;
  };
  for (CaptureCriterion c : order) {
    if (moves.size() <= 1) return;
    int kept = 0;
    if (c == CaptureCriterion::kEarliestValue) {
      std::array<int, kMaxCaptures + 1> best{}, cur{};
      int nbest = -1;
      for (int i = 0; i < moves.size(); ++i) {
        const int n = taken_values(pos, moves[i], cur);
        const bool better =
            nbest < 0 || std::lexicographical_compare(best.begin(), best.begin() + nbest,
                                                      cur.begin(), cur.begin() + n);
        const bool same =
            nbest >= 0 && n == nbest && std::equal(cur.begin(), cur.begin() + n, best.begin());
        if (better && !same) {
          best = cur;
          nbest = n;
          kept = 0;
        }
        if (better || same) moves[kept++] = moves[i];
      }
    } else {
      int64_t best = 0;
      bool any = false;
      for (int i = 0; i < moves.size(); ++i) {
        const int64_t v = score(c, moves[i]);
        if (!any || v > best) {
          best = v;
          any = true;
          kept = 0;
        }
        if (v == best) moves[kept++] = moves[i];
      }
    }
    moves.resize(kept);
  }
}

namespace detail {

void keep_preferred_moves(Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  if (r.drop_mate_rule) keep_non_mating_drops(pos, moves);
  if (r.quiet_promotion_rule) keep_quiet_promotions(pos, moves);
  if (r.capture_priority != CapturePriority::kFree && !moves.empty())
    keep_priority_captures(pos, moves);
  if (!r.capture_order.empty() && !moves.empty() && captures_of(pos, moves[0]) > 0)
    keep_best_captures(pos, r.capture_order, moves);
  if (r.must_drop) keep_drops_if_any(moves);
}

}  // namespace detail

}  // namespace regula
