// The legality filter: which pseudo-legal moves leave the mover's royal safe
// and its pieces that fear attack unattacked, and pass the script's filter
// hook. The reference path makes each move, tests the position and unmakes it;
// the shortcuts (pins, the lines to the royal, a check probe on the board
// alone, an attack map per origin) judge most moves without making them where
// the rules let them agree with it. Each position gets one strategy, chosen
// before its moves are judged, so this file is about choosing it and applying it.

#include "core/attacks.h"
#include "core/filter_each.h"
#include "core/movegen.h"
#include "core/movegen_internal.h"

namespace regula {

bool move_was_safe(const Position& pos, SeatId mover, const Move& m) {
  const Ruleset& r = pos.rules();
  if (r.end.check && in_check(pos, mover)) return false;
  if (m.to != kNoSite && m.kind != MoveKind::kPass) {
    PieceCode c = pos.at(m.to);
    if (c && piece_seat(c) == mover && r.types[piece_type(c)].fears_attack && pos.end_rule() < 0 &&
        is_attacked(pos, m.to, mover, piece_type(c)))
      return false;
  }
  return true;
}

bool banned_return(const Position& pos, const Move& m) {
  const SeatId me = pos.to_move();
  return m.kind == MoveKind::kNormal && m.from == pos.ban_from(me) && m.to == pos.ban_to(me) &&
         pos.completes_line(m.to, me, m.from);
}

namespace {

// The shortcut that judges the moves of one position without making them. It
// is chosen once per position (choose_legality) because what decides it holds
// for every move alike: whether check is the only legality rule, whether the
// mover has one royal and it is in check, the pins or the lines to the royal,
// and the script's hooks. A move the shortcut leaves open is judged by the
// check probe where `probe` allows it, and otherwise by the reference path.
enum class Strategy {
  // Check is the only rule, only sliders can uncover an attack, the lone royal
  // is not in check: a quiet move of an unpinned piece other than the royal,
  // or a drop, is legal. The fastest, and the usual case of chess.
  kPins,
  // As kPins but with screens, lame leaps or royals that may not face each
  // other: a move that lands on, leaves and clears no site of the lines to the
  // royal is legal.
  kLines,
  // Check, but neither shortcut holds (in check, several royals, hooks):
  // every move is probed or tried.
  kCheckEach,
  // Check, but the mover has no royal on the board (it is still in hand):
  // only a move that brings one onto the board is tried.
  kNoRoyal,
  // No check, pieces that fear attack: a quiet move of such a piece is judged
  // by an attack map made once per origin (with the piece lifted off it).
  kAttackMap,
  // No check, and the map cannot be trusted (hooks): the moves of pieces that
  // fear attack, promotions, and all moves under a filter hook are tried.
  kFearTry,
};

// The strategy of one position and what it has learnt of the position.
struct Legality {
  Strategy strategy = Strategy::kCheckEach;
  SeatId me = 0;
  bool hook_filter = false;  // the script's filter hook judges every move first
  bool probe = false;        // with check: an ordinary move left open is judged by check_after
  SiteSet sites;             // kPins: the pinned pieces; kLines: the lines to the royal
  // kAttackMap: the map of the latest origin, and whether it covers every enemy rule.
  SiteId map_from = kNoSite;
  bool map_ok = false;
  SiteSet attacked;
  int checked = -1;  // whether the seat to move is in check, where learnt (1, 0), or -1
};

// What judging one move without making it found.
enum class Verdict { kLegal, kIllegal, kTry };

// Whether some royal piece of seat me stands on the board.
bool royal_on_board(const Position& pos, SeatId me) {
  for (TypeId t : pos.rules().royals[me])
    if (pos.count(make_piece(t, me)) > 0) return true;
  return false;
}

Legality choose_legality(const Position& pos) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  const bool hook_filter = r.hooks && r.hooks->has_filter();
  Legality l;
  l.me = me;
  l.hook_filter = hook_filter;
  if (!r.end.check) {
    // The map applies no filter hook, which may leave a site safe that it marks.
    const bool use_map =
        !hook_filter && !(r.hooks && (r.hooks->has_after() || r.hooks->has_filter_moves()));
    l.strategy = use_map ? Strategy::kAttackMap : Strategy::kFearTry;
    return l;
  }
  // An after hook may change more than the move (take a piece that blocked a line).
  const bool after_hook = r.hooks && r.hooks->has_after();
  if (r.fast.on && !hook_filter && !r.any_fears_attack && !after_hook && !royal_on_board(pos, me)) {
    l.strategy = Strategy::kNoRoyal;
    return l;
  }
  const bool one_royal = !hook_filter && !r.any_fears_attack && !after_hook &&
                         r.royals[me].size() == 1 &&
                         pos.count(make_piece(r.royals[me][0], me)) == 1;
  const bool checked = one_royal && in_check(pos, me);
  if (one_royal) l.checked = checked;
  // Not where attacks are found by generating moves on a copy (hooks), which
  // would read the probe's half-edited board.
  l.probe = one_royal && r.fast.probe_check && pos.ep() == kNoSite &&
            !(r.hooks && (r.hooks->has_generate() || r.hooks->has_filter_moves()));
  if (one_royal && r.fast.pins_simple && !checked) {
    l.strategy = Strategy::kPins;
    l.sites = pinned_pieces(pos, me);
  } else if (one_royal && !checked && !r.move_effects && r.fast.on &&
             check_lines(pos, me, l.sites)) {
    l.strategy = Strategy::kLines;
  }
  return l;
}

// The type that moves or is dropped by m, or -1.
inline TypeId mover_type(const Position& pos, const Move& m) {
  return m.kind == MoveKind::kDrop             ? m.drop_type
         : m.from != kNoSite && pos.at(m.from) ? piece_type(pos.at(m.from))
                                               : -1;
}

// kPins: out of check, a drop only adds a piece: it uncovers nothing (a royal
// dropped beside the one on the board is judged where it lands).
inline bool legal_by_pins(const Legality& l, const Ruleset& r, const Move& m, TypeId mover) {
  return (m.kind == MoveKind::kNormal && m.ncap == 0 && !l.sites.test(m.from) &&
          !r.types[mover].royal) ||
         (m.kind == MoveKind::kDrop && m.ncap == 0 && !r.types[mover].royal);
}

// kLines: the move touches no site of the lines to the royal.
inline bool legal_by_lines(const Legality& l, const Ruleset& r, const Move& m, TypeId mover) {
  bool ok = (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop) && mover >= 0 &&
            !r.types[mover].royal && !l.sites.test(m.to) &&
            (m.from == kNoSite || !l.sites.test(m.from));
  for (int c = 0; ok && c < m.ncap; ++c) ok = !l.sites.test(m.cap[c]);
  return ok;
}

// kAttackMap: a quiet move (the piece that arrives is the one judged, so no
// promotion; no en passant left pending) by the map of its origin.
Verdict judge_by_map(Legality& l, Position& pos, const Move& m, TypeId mover) {
  if (m.kind != MoveKind::kNormal || m.ncap != 0 || pos.at(m.to) || m.promote >= 0 ||
      m.ep_set != kNoSite)
    return Verdict::kTry;
  if (l.map_from != m.from) {
    l.attacked = SiteSet{};
    l.map_ok = attack_map(pos, l.me, mover, m.from, l.attacked);
    l.map_from = m.from;
  }
  if (!l.map_ok) return Verdict::kTry;
  return l.attacked.test(m.to) ? Verdict::kIllegal : Verdict::kLegal;
}

// The shortcut's verdict on m, or kTry when it leaves the move open.
inline Verdict judge(Legality& l, Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const TypeId mover = mover_type(pos, m);
  switch (l.strategy) {
    case Strategy::kPins:
      if (legal_by_pins(l, r, m, mover)) return Verdict::kLegal;
      break;
    case Strategy::kLines:
      if (legal_by_lines(l, r, m, mover)) return Verdict::kLegal;
      break;
    case Strategy::kCheckEach:
      break;
    case Strategy::kNoRoyal: {
      // The type that arrives: a drop's, a promotion's, the mover's; a gated
      // piece arrives too.
      const TypeId arriving = m.promote >= 0 ? m.promote : mover;
      return m.gate < 0 && arriving >= 0 && !r.types[arriving].royal ? Verdict::kLegal
                                                                     : Verdict::kTry;
    }
    case Strategy::kAttackMap:
    case Strategy::kFearTry:
      // A promotion is judged: the piece that arrives may fear attack or not.
      if (!l.hook_filter && !(mover >= 0 && r.types[mover].fears_attack) && m.promote < 0)
        return Verdict::kLegal;
      return l.strategy == Strategy::kAttackMap ? judge_by_map(l, pos, m, mover) : Verdict::kTry;
  }
  // The probe sees the board the move leaves, not a piece gated onto it.
  if (l.probe && m.kind == MoveKind::kNormal && m.ep_set == kNoSite && m.gate < 0) {
    const bool checked = l.checked == 0 && r.fast.check_by_rays
                             ? check_after_unchecked(pos, m, l.me)
                             : check_after(pos, m, l.me);
    return checked ? Verdict::kIllegal : Verdict::kLegal;
  }
  return Verdict::kTry;
}

// The reference path (after the filter hook, where there is one): the move is
// made, the position tested and the move unmade.
bool legal_when_tried(const Legality& l, Position& pos, const Move& m, Undo& u) {
  ScopedMove made(pos, m, u);
  return move_was_safe(pos, l.me, m);
}

}  // namespace

namespace detail {

int keep_legal(Position& pos, MoveList& moves) {
  Legality l = choose_legality(pos);
  // The filter hook judges every move of the position (no shortcut stands
  // where there is one), all in one go.
  if (l.hook_filter) filter_each(*pos.rules().hooks, pos, moves);
  int kept = 0;
  Undo u;
  for (int i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    const Verdict v = judge(l, pos, m);
    if (v == Verdict::kLegal || (v == Verdict::kTry && legal_when_tried(l, pos, m, u))) {
      if (kept != i) moves[kept] = m;
      ++kept;
    }
  }
  moves.resize(kept);
  return l.checked;
}

void keep_stage_moves_safe(Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  if (!r.end.check && !r.any_fears_attack) return;
  // Giving away one's own piece may uncover the royal.
  const SeatId me = pos.to_move();
  Undo u;
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i) {
    bool ok;
    {
      ScopedMove made(pos, moves[i], u);
      ok = !r.end.check || !in_check(pos, me);
    }
    if (ok) moves[kept++] = moves[i];
  }
  moves.resize(kept);
}

void keep_facing_answers(Position& pos, MoveList& moves) {
  const SeatId me = pos.to_move();
  const auto& dirs = pos.rules().facing_offer;
  Undo u;
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i) {
    bool breaks;
    {
      ScopedMove made(pos, moves[i], u);
      breaks = !royal_faces_enemy(pos, me, dirs);
    }
    if (breaks) moves[kept++] = moves[i];
  }
  moves.resize(kept);
}

void drop_banned_returns(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  if (r.return_ban == ReturnBan::kNone || pos.ban_from(pos.to_move()) == kNoSite) return;
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i)
    if (!banned_return(pos, moves[i])) moves[kept++] = moves[i];
  moves.resize(kept);
}

}  // namespace detail

}  // namespace regula
