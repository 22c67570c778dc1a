// Piece moves: what each kind of rule (slides, step and leap tables, walks,
// screens, moves anywhere, castling, drops) generates for one piece, the
// dispatch over a seat's army, and generate_pseudo, the pass that lists them.
// The capture chains, whose search is a concern of its own, are in
// movegen_hops.cpp; everything here runs once per piece and per rule, so the
// dispatch and the rule kinds it calls share this file (and inline freely).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/movegen_internal.h"

namespace regula {

namespace detail {

void Gen::slide(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  const int max = rule.max_range ? rule.max_range : n;
  const uint8_t* barred = barred_sites(t);
  const uint64_t promo = promotion_mask(t);
  aim(from, ri, rule);
  for (DirId d : rule.dirs[me]) {
    const SiteId* nb = topo.neighbors_of(d);
    SiteId s = from;
    SiteId prev = from;
    for (int k = 1; k <= max; ++k) {
      prev = s;
      s = nb[s];
      if (s == kNoSite) break;
      PieceCode c = pos.at(s);
      // A restricted site: passed over when empty and open to it, else the end.
      if (barred && barred[s]) {
        if (c || barred[s] == kBarredPass) break;
        continue;
      }
      if (!c) {
        if (k >= rule.min_range && has_mode(rule.mode, Mode::kMove) && to_ok(rule, s)) {
          Move& m = start_as(proto, s);
          if (rule.sets_ep && k >= 2) m.ep_set = prev;
          promote_last_on(promo, t, s);
        } else if (rule.takes_ep && s == pos.ep() && k >= rule.min_range &&
                   enemy(pos.at(pos.ep_victim())) &&
                   r.may_capture(t, piece_type(pos.at(pos.ep_victim())))) {
          Move& m = start_as(proto, s);
          m.cap[0] = pos.ep_victim();
          m.ncap = 1;
          promote_last_on(promo, t, s);
        }
        continue;
      }
      if (k >= rule.min_range && has_mode(rule.mode, Mode::kCapture) && can_take(t, c) &&
          to_ok(rule, s)) {
        start_as(proto, s);
        promote_last_on(promo, t, s);
      }
      break;
    }
  }
}

// Along each direction over empty sites to the first piece (the screen), then
// beyond it: to the empty sites and the first piece after the screen, within
// the rule's ranges.
void Gen::screen(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  const int before = rule.screen_before ? rule.screen_before + 1 : n;
  const int after = rule.screen_after ? rule.screen_after : n;
  for (DirId d : rule.dirs[me]) {
    const SiteId* nb = topo.neighbors_of(d);
    SiteId s = nb[from];
    for (int k = 1; s != kNoSite && pos.at(s) == kEmpty && k < before; ++k) s = nb[s];
    if (s == kNoSite || pos.at(s) == kEmpty) continue;
    if (rule.screen_not_over & (1u << piece_type(pos.at(s)))) continue;  // not this screen
    s = nb[s];
    for (int k = 1; s != kNoSite && k <= after; ++k, s = nb[s]) {
      const PieceCode c = pos.at(s);
      if (c ? has_mode(rule.mode, Mode::kCapture) && can_take(t, c)
            : has_mode(rule.mode, Mode::kMove)) {
        if (to_ok(rule, s) && stands(t, s)) {
          start(from, s, ri, rule);
          promote_last(t);
        }
      }
      if (c) break;
    }
  }
}

void Gen::table(SiteId from, TypeId t, int ri, const MoveRule& rule,
                const std::vector<std::vector<std::vector<SiteId>>>& sites) {
  const uint8_t* barred = barred_sites(t);
  const uint64_t promo = promotion_mask(t);
  aim(from, ri, rule);
  for (SiteId s : sites[me][from]) {
    if (!lands(rule, t, s, barred)) continue;
    start_as(proto, s);
    promote_last_on(promo, t, s);
  }
}

// The walk's first clear path to each destination, in the order of the paths.
void Gen::walk(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  const auto& paths = rule.walks[me][from];
  if (!rule.walk_trees.empty()) {
    const WalkTree& tree = rule.walk_trees[me][from];
    if (!tree.empty()) return walk_tree(from, t, ri, rule, tree);
  }
  size_t i = 0;
  while (i < paths.size()) {
    SiteId dest = paths[i].dest;
    size_t end = i;
    while (end < paths.size() && paths[end].dest == dest) ++end;
    if (lands(rule, t, dest)) first_clear_path(from, t, ri, rule, &paths[i], paths.data() + end);
    i = end;
  }
}

// Gen::walk by the tree of the paths: the destinations some clear path reaches,
// each then given its first clear path.
void Gen::walk_tree(SiteId from, TypeId t, int ri, const MoveRule& rule, const WalkTree& tree) {
  const auto reached = tree.reached([&](SiteId s) { return pos.at(s) == kEmpty; });
  const auto& paths = rule.walks[me][from];
  for (size_t w = 0; w < tree.words(); ++w)
    for (uint64_t bits = reached[w]; bits; bits &= bits - 1) {
      const size_t g = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
      const SiteId dest = paths[tree.group_begin[g]].dest;
      if (lands(rule, t, dest))
        first_clear_path(from, t, ri, rule, &paths[tree.group_begin[g]],
                         paths.data() + tree.group_begin[g + 1]);
    }
}

// The move along the first clear path of [p, end), paths to one destination.
void Gen::first_clear_path(SiteId from, TypeId t, int ri, const MoveRule& rule, const WalkPath* p,
                           const WalkPath* end) {
  for (; p != end; ++p) {
    if (!walk_clear(pos, *p)) continue;
    Move& m = start(from, p->dest, ri, rule);
    m.npath = p->nvia;
    std::copy(p->via.begin(), p->via.begin() + p->nvia, m.path.begin());
    promote_last(t);
    return;
  }
}

// An in-place promotion (the rule's origin region is the clause's zone): one
// move per type the piece may become, while the clause's condition holds, and
// with step_dirs one more per empty neighbour along them where the new type
// may stand.
void Gen::promote_in_place(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  const Promotion& pr = r.types[t].promotions[rule.promotion];
  if (!pr.when.terms.empty() && !condition_holds(pr.when, pos, me)) return;
  for_each_promotion(pos, &pr, t, me, from, [&](TypeId p) {
    if (p == t) return;
    start(from, from, ri, rule).promote = p;
    for (DirId d : pr.step_dirs[me]) {
      const SiteId s = topo.neighbors_of(d)[from];
      if (s != kNoSite && pos.at(s) == kEmpty && stands(p, s)) start(from, s, ri, rule).promote = p;
    }
  });
}

void Gen::anywhere(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  auto to = [&](SiteId s) {
    if (s == from || !lands(rule, t, s)) return;
    start(from, s, ri, rule);
    promote_last(t);
  };
  if (!pos.has_occupancy()) {
    for (SiteId s = 0; s < n; ++s) to(s);
    return;
  }
  // Only empty sites can take a plain move, only occupied ones a capture.
  const uint64_t occ = occupied_all();
  if (rule.mode == Mode::kMove && rule.to_region < 0 && r.types[t].promotions.empty()) {
    for (uint64_t empty = ~occ & site_mask(); empty; empty &= empty - 1)
      start(from, static_cast<SiteId>(__builtin_ctzll(empty)), ri, rule);
    return;
  }
  uint64_t sites = 0;
  if (has_mode(rule.mode, Mode::kMove)) sites |= ~occ & site_mask();
  if (has_mode(rule.mode, Mode::kCapture)) sites |= occ;
  for (; sites; sites &= sites - 1) to(static_cast<SiteId>(__builtin_ctzll(sites)));
}

void Gen::castle(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  if (pos.flags(from) & kFlagMoved) return;
  const SiteId* nb = topo.neighbors_of(rule.castle_dir);
  SiteId s = nb[from];
  while (s != kNoSite && pos.at(s) == kEmpty) s = nb[s];
  if (s == kNoSite) return;
  if (rule.castle_site[me] != kNoSite && s != rule.castle_site[me]) return;
  PieceCode partner = pos.at(s);
  if (partner != make_piece(rule.castle_partner, me) || (pos.flags(s) & kFlagMoved)) return;
  // The royal's destination and the partner's: the partner lands on the site the
  // royal passed last; every site either of them crosses or lands on must be free.
  SiteId dest = from;
  SiteId passed = from;
  for (int k = 0; k < rule.castle_steps; ++k) {
    passed = dest;
    dest = nb[dest];
    if (dest == kNoSite) return;
    if (pos.at(dest) != kEmpty && dest != s) return;
  }
  if (pos.at(passed) != kEmpty && passed != from) return;
  // Sites between the partner and its destination must be empty too.
  const SiteId* back = topo.neighbors_of(Topology::opposite(rule.castle_dir));
  for (SiteId x = back[s]; x != passed && x != kNoSite; x = back[x])
    if (pos.at(x) != kEmpty && x != from) return;
  if (r.end.check) {
    if (is_attacked(pos, from, me, t)) return;
    for (SiteId x = nb[from]; x != dest; x = nb[x])
      if (is_attacked(pos, x, me, t)) return;
  }
  Move& m = start(from, dest, ri, rule);
  m.kind = MoveKind::kCastle;
  m.from2 = s;
  m.to2 = passed;
}

// Drops are the most numerous moves of placement games: each is the rule's
// prototype with its site, copied without the capture and path arrays.
void Gen::drop(int ri, const MoveRule& rule) {
  if (pos.hand(me, rule.drop_type) <= 0) return;
  const uint8_t* ok = rule.drop_sites[me].data();
  header(proto, kNoSite, kNoSite, ri, rule);
  proto.kind = MoveKind::kDrop;
  proto.drop_type = rule.drop_type;
  proto_rule = -1;
  // Files that hold an own piece of the type the rule names: closed to it.
  std::array<uint8_t, kMaxSites> closed_file;
  const bool by_file = rule.drop_file_type >= 0 &&
                       pos.count(make_piece(rule.drop_file_type, me)) > 0 && topo.is_grid();
  if (by_file) {
    std::fill(closed_file.begin(), closed_file.begin() + topo.width(), 0);
    const PieceCode own = make_piece(rule.drop_file_type, me);
    for (SiteId s = 0; s < n; ++s)
      if (pos.at(s) == own) closed_file[topo.x(s)] = 1;
  }
  if (pos.has_occupancy()) {
    for (uint64_t empty = ~occupied_all() & site_mask(); empty; empty &= empty - 1) {
      const auto s = static_cast<SiteId>(__builtin_ctzll(empty));
      if (ok[s] && !(by_file && closed_file[topo.x(s)])) start_as(proto, s);
    }
    return;
  }
  for (SiteId s = 0; s < n; ++s)
    if (pos.at(s) == kEmpty && ok[s] && !(by_file && closed_file[topo.x(s)])) start_as(proto, s);
}

// Whether a short hop from `from` has an enemy next to it with an empty site
// beyond, in some direction (small boards): most pieces have none, and then
// no chain need be set up.
bool Gen::may_hop(SiteId from, const MoveRule& rule) {
  const uint64_t foes = enemy_sites();
  const uint64_t occ = occupied_all();
  for (DirId d : rule.dirs[me]) {
    const SiteId* nb = topo.neighbors_of(d);
    const SiteId s = nb[from];
    if (s == kNoSite || !((foes >> s) & 1)) continue;
    const SiteId land = nb[s];
    if (land != kNoSite && !((occ >> land) & 1)) return true;
  }
  return false;
}

// Every piece of the seat's army (me).
void Gen::army(SeatId seat) {
  // In a phase where no piece moves (placing, say), nothing to look at.
  if (!r.phases.empty() && !r.phase_moves[phase_slot]) return;
  if (pos.has_occupancy() && !pos.roll()) {
    const int ri = r.fast.plain_steps[r.phases.empty() ? 0 : phase_slot];
    if (ri >= 0) {
      // Every piece steps to the empty neighbours, and does nothing else.
      const MoveRule& rule = r.rules[ri];
      const uint64_t occ = occupied_all();
      aim(kNoSite, ri, rule);
      for (uint64_t own = pos.occupied(seat); own; own &= own - 1) {
        const auto from = static_cast<SiteId>(__builtin_ctzll(own));
        proto.from = from;
        for (SiteId s : rule.steps[me][from])
          if (!((occ >> s) & 1)) {
            Move& m = out.add();
            std::memcpy(static_cast<void*>(&m), &proto, offsetof(Move, cap));
            m.to = s;
          }
      }
      return;
    }
  }
  if (r.fast.simple_army && pos.has_occupancy()) {
    for (uint64_t own = pos.occupied(seat); own; own &= own - 1)
      simple_piece(static_cast<SiteId>(__builtin_ctzll(own)));
  } else if (pos.has_occupancy()) {
    for (uint64_t own = pos.occupied(seat); own; own &= own - 1)
      piece(static_cast<SiteId>(__builtin_ctzll(own)));
  } else {
    for (SiteId s = 0; s < n; ++s) {
      PieceCode c = pos.at(s);
      if (c && piece_seat(c) == seat) piece(s);
    }
  }
}

// Keeps one move of each effect among those listed from index first on (the
// moves of one piece whose rules overlap, PieceType::overlapping_rules): the
// first of each, in the order the rules are written.
void Gen::keep_distinct(int first) {
  int kept = first;
  for (int i = first; i < out.size(); ++i) {
    const Move& m = out[i];
    bool seen = false;
    for (int k = first; k < kept && !seen; ++k)
      seen = out[k].same_effect(m) &&
             (out[k].rule == m.rule || r.rules[out[k].rule].label == r.rules[m.rule].label);
    if (seen) continue;
    if (kept != i) out[kept] = m;
    ++kept;
  }
  out.resize(kept);
}

// piece() for FastPaths::simple_army: steps, slides and hops, nothing to test first.
void Gen::simple_piece(SiteId from) {
  const TypeId t = piece_type(pos.at(from));
  const PieceType& pt = r.types[t];
  const int first = out.size();
  simple_rules(from, t, pt);
  if (pt.overlapping_rules) keep_distinct(first);
}

void Gen::simple_rules(SiteId from, TypeId t, const PieceType& pt) {
  for (int ri : pt.rules) {
    const MoveRule& rule = r.rules[ri];
    if (rule.kind == RuleKind::kHop) {
      if (rule.hop_flying || may_hop(from, rule)) hop(from, t, ri, rule);
    } else if (rule.slide_way == MoveRule::SlideWay::kSteps) {
      steps(from, t, ri, rule);
    } else if (rule.slide_way == MoveRule::SlideWay::kStepTable) {
      table(from, t, ri, rule, rule.steps);
    } else {
      slide(from, t, ri, rule);
    }
  }
}

// Plain steps to empty neighbours, in the table's order, and the promotions
// where a zone may hold (small boards).
void Gen::steps(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  const uint64_t occ = occupied_all();
  const uint64_t promo = promotion_mask(t);
  aim(from, ri, rule);
  for (SiteId s : rule.steps[me][from])
    if (!((occ >> s) & 1)) {
      start_as(proto, s);
      promote_last_on(promo, t, s);
    }
}

// The moves of the piece on `from`; under the dice, only if the piece accepts
// the die in play (the throw, or with several dice the one being tried).
void Gen::piece(SiteId from) {
  const TypeId t = piece_type(pos.at(from));
  const PieceType& pt = r.types[t];
  if (const int roll = pos.roll()) {
    const int v = r.dice.count > 1 ? die : roll;
    if (v > Dice::kMaxFace || !((pt.roll_mask >> v) & 1u)) return;
  }
  const int first = out.size();
  piece_rules(from, t, pt);
  if (pt.overlapping_rules) keep_distinct(first);
}

void Gen::piece_rules(SiteId from, TypeId t, const PieceType& pt) {
  const std::vector<int>& rules = r.phases.empty() ? pt.rules : pt.phase_rules[phase_slot];
  for (int ri : rules) {
    const MoveRule& rule = r.rules[ri];
    if (rule.origin_test && !origin_open(rule, from, t)) continue;
    switch (rule.kind) {
      case RuleKind::kSlide:
        if (rule.slide_way == MoveRule::SlideWay::kSlide)
          slide(from, t, ri, rule);
        else if (rule.slide_way == MoveRule::SlideWay::kSteps && pos.has_occupancy())
          steps(from, t, ri, rule);
        else
          table(from, t, ri, rule, rule.steps);
        break;
      case RuleKind::kTable:
        table(from, t, ri, rule, rule.table);
        break;
      case RuleKind::kWalk:
        walk(from, t, ri, rule);
        break;
      case RuleKind::kHop:
        if (rule.hop_flying || !pos.has_occupancy() || may_hop(from, rule)) hop(from, t, ri, rule);
        break;
      case RuleKind::kCastle:
        castle(from, t, ri, rule);
        break;
      case RuleKind::kAnywhere:
        anywhere(from, t, ri, rule);
        break;
      case RuleKind::kScreen:
        screen(from, t, ri, rule);
        break;
      case RuleKind::kPromote:
        promote_in_place(from, t, ri, rule);
        break;
      case RuleKind::kLineCapture:
        line_capture(from, t, ri, rule);
        break;
      case RuleKind::kDrop:
      case RuleKind::kGenerated:
        break;
    }
  }
}

void piece_moves(const Position& pos, SiteId from, MoveList& out) {
  const Ruleset& r = pos.rules();
  Gen g{pos, r, r.topology, out, piece_seat(pos.at(from)), pos.num_sites()};
  if (!r.phases.empty()) {
    g.phase_slot = 1 + current_phase(pos);
    g.phase = g.phase_slot ? 1u << (g.phase_slot - 1) : 0u;
  }
  g.piece(from);
}

}  // namespace detail

void generate_pseudo(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  detail::Gen g{pos, r, r.topology, moves, pos.to_move(), pos.num_sites()};
  if (!r.phases.empty()) {
    g.phase_slot = 1 + current_phase(pos);
    g.phase = g.phase_slot ? 1u << (g.phase_slot - 1) : 0u;
  }
  if (pos.is_inert(g.me)) return;
  // With several dice, the moves of each distinct die value in turn, each
  // naming the die it uses.
  const int roll = r.dice.count > 1 ? pos.roll() : 0;
  uint32_t tried = 0;
  for (int k = 0; k < Dice::kMaxDice; ++k) {
    if (roll) {
      g.die = (roll >> (5 * k)) & 31;
      if (!g.die) break;
      if ((tried >> g.die) & 1u) continue;
      tried |= 1u << g.die;
    }
    const int first = moves.size();
    g.army(g.me);
    if (r.command_either) {
      // The decider moves any army it commands, on any of their turns.
      const SeatId d = pos.decider();
      for (SeatId s = 0; s < r.num_seats(); ++s)
        if (s != g.me && (s == d || pos.controller(s) == d) && !pos.is_inert(s)) {
          detail::Gen other{pos, r, r.topology, moves, s, g.n, g.phase, g.phase_slot, g.die};
          other.army(s);
        }
    }
    for (int ri : r.drop_rules)
      if (r.rules[ri].phases & g.phase) g.drop(ri, r.rules[ri]);
    if (!roll) break;
    for (int i = first; i < moves.size(); ++i) moves[i].chance = static_cast<int16_t>(g.die);
  }
  if (r.gating.on()) detail::add_gatings(pos, moves);
  if (r.hooks && r.hooks->has_generate() && !r.hooks->generating()) r.hooks->generate(pos, moves);
}

}  // namespace regula
