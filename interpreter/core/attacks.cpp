#include "core/attacks.h"

#include <algorithm>

#include "core/movegen.h"

namespace regula {

bool walk_clear(const Position& pos, const WalkPath& p) {
  for (int v = 0; v < p.nvia; ++v)
    if (pos.at(p.via[v]) != kEmpty) return false;
  return true;
}

SiteSet pinned_pieces(const Position& pos, SeatId me) {
  SiteSet pins;
  const Ruleset& r = pos.rules();
  const SiteId king = pos.royal_site(me);
  if (king == kNoSite) return pins;
  for (int d = 0; d < kNumDirs; ++d) {
    // Enemies attacking towards the king move in direction opposite(d).
    const DirId towards_king = Topology::opposite(static_cast<DirId>(d));
    bool any = false;
    for (SeatId e = 0; e < r.num_seats() && !any; ++e)
      if (!r.allies(e, me)) any = !r.slide_attacks[e][towards_king].empty();
    if (!any) continue;
    const SiteId* nb = r.topology.neighbors_of(static_cast<DirId>(d));
    SiteId s = nb[king];
    SiteId own = kNoSite;
    while (s != kNoSite) {
      PieceCode c = pos.at(s);
      if (c) {
        if (own == kNoSite && r.allies(piece_seat(c), me)) {
          own = s;
        } else {
          if (own != kNoSite && !r.allies(piece_seat(c), me)) {
            for (const auto& a : r.slide_attacks[piece_seat(c)][towards_king])
              if (a.type == piece_type(c)) {
                pins.set(own);
                break;
              }
          }
          break;
        }
      }
      s = nb[s];
    }
  }
  return pins;
}

namespace {

// May a rule of an attacker of seat e on site `from` capture on site `to`, as far as its
// regions and once-per-game flags go (move generation's conditions on a rule)?
bool rule_allows(const Ruleset& r, const Position& pos, SeatId e, SiteId from, SiteId to,
                 uint8_t requires_clear, int from_region, int to_region) {
  return !(pos.flags(from) & requires_clear) &&
         (from_region < 0 || r.regions[from_region].contains(e, from)) &&
         (to_region < 0 || r.regions[to_region].contains(e, to));
}

// Whether seat e could take the piece on the en passant victim's site (of type victim):
// a slide that takes en passant reaches the en passant site, which it may not end a plain
// move on, with nothing in between.
bool ep_attacked(const Position& pos, SeatId e, TypeId victim) {
  const Ruleset& r = pos.rules();
  const SiteId ep = pos.ep();
  if (pos.at(ep) != kEmpty) return false;
  for (auto [t, ri] : r.ep_attacks[e]) {
    if (!r.may_capture(t, victim)) continue;
    const MoveRule& rule = r.rules[ri];
    if (has_mode(rule.mode, Mode::kMove) &&
        (rule.to_region < 0 || r.regions[rule.to_region].contains(e, ep)))
      continue;
    const PieceCode code = make_piece(t, e);
    for (DirId d : rule.dirs[e]) {
      const SiteId* back = r.topology.neighbors_of(Topology::opposite(d));
      SiteId o = ep;
      int k = 0;
      do {
        o = back[o];
        ++k;
      } while (o != kNoSite && pos.at(o) == kEmpty);
      if (o == kNoSite || pos.at(o) != code || k < rule.min_range ||
          (rule.max_range && k > rule.max_range))
        continue;
      if (rule_allows(r, pos, e, o, ep, rule.requires_clear, rule.from_region, -1)) return true;
    }
  }
  return false;
}

// Whether some piece of seat e could capture anywhere onto site with an anywhere rule.
bool anywhere_attacked(const Position& pos, SiteId site, SeatId e, TypeId victim) {
  const Ruleset& r = pos.rules();
  for (auto [t, ri] : r.anywhere_attacks[e]) {
    const MoveRule& rule = r.rules[ri];
    if (!r.may_capture(t, victim) ||
        (rule.to_region >= 0 && !r.regions[rule.to_region].contains(e, site)))
      continue;
    const PieceCode code = make_piece(t, e);
    const int others = pos.count(code) - (pos.at(site) == code ? 1 : 0);
    if (others <= 0) continue;
    if (rule.from_region < 0 && !rule.requires_clear) return true;
    for (SiteId o = 0; o < pos.num_sites(); ++o)
      if (o != site && pos.at(o) == code &&
          rule_allows(r, pos, e, o, site, rule.requires_clear, rule.from_region, -1))
        return true;
  }
  return false;
}

// Whether one of moves takes the piece on site.
bool takes(const MoveList& moves, SiteId site) {
  for (const Move& m : moves) {
    if (m.to == site && m.from != site) return true;
    for (int i = 0; i < m.ncap; ++i)
      if (m.cap[i] == site) return true;
  }
  return false;
}

// Rare rule kinds (capture chains): generate seat e's moves on a copy with the piece in
// question on the site, and look for one that takes it.
bool generated_attack(const Position& pos, SiteId site, SeatId defender, TypeId victim, SeatId e) {
  Position copy = pos;
  copy.set_site(site, make_piece(victim, defender), pos.flags(site));
  copy.set_to_move(e);
  MoveList ml;
  generate_pseudo(copy, ml);
  return takes(ml, site);
}

// The moves a generate hook adds for seat e, on a copy with the piece in
// question on the site: whether one takes it. Not while a generate hook is
// running (one that asks about attacks would run itself again without end).
bool hook_attack(const Position& pos, SiteId site, SeatId defender, TypeId victim, SeatId e) {
  Hooks& hooks = *pos.rules().hooks;
  if (hooks.generating()) return false;
  Position copy = pos;
  copy.set_site(site, make_piece(victim, defender), pos.flags(site));
  copy.set_to_move(e);
  MoveList ml;
  hooks.generate(copy, ml);
  return takes(ml, site);
}

// Whether a screen move of seat e could capture on site: looking back from the
// site along each direction, past the empty sites to the screen, then past the
// empty sites beyond it to a piece of e that moves over screens that way.
bool screen_attacked(const Position& pos, SiteId site, SeatId e, TypeId victim) {
  const Ruleset& r = pos.rules();
  for (int d = 0; d < kNumDirs; ++d) {
    const auto& list = r.screen_attacks[e][d];
    if (list.empty()) continue;
    const SiteId* back = r.topology.neighbors_of(Topology::opposite(static_cast<DirId>(d)));
    int after = 1;  // sites from the screen to the target
    SiteId s = back[site];
    while (s != kNoSite && pos.at(s) == kEmpty) s = back[s], ++after;
    if (s == kNoSite) continue;
    int before = 0;  // empty sites between the attacker and the screen
    s = back[s];
    while (s != kNoSite && pos.at(s) == kEmpty) s = back[s], ++before;
    if (s == kNoSite) continue;
    const PieceCode c = pos.at(s);
    if (piece_seat(c) != e) continue;
    const TypeId t = piece_type(c);
    for (const auto& a : list)
      if (a.type == t && (!a.after || after <= a.after) && (!a.before || before <= a.before) &&
          r.may_capture(t, victim) &&
          rule_allows(r, pos, e, s, site, a.requires_clear, a.from_region, a.to_region))
        return true;
  }
  return false;
}

// Whether the royal of seat on site, of a type that may not face an enemy royal,
// stands on an open line with one along a direction it may not face it in.
bool faces_royal(const Position& pos, SiteId site, SeatId seat, TypeId type) {
  const Ruleset& r = pos.rules();
  for (DirId d : r.types[type].facing) {
    const SiteId* nb = r.topology.neighbors_of(d);
    SiteId s = nb[site];
    while (s != kNoSite && pos.at(s) == kEmpty) s = nb[s];
    if (s == kNoSite) continue;
    const PieceCode c = pos.at(s);
    if (r.types[piece_type(c)].royal && !r.allies(piece_seat(c), seat) &&
        !pos.is_inert(piece_seat(c)))
      return true;
  }
  return false;
}

// Whether seat's royal of the given type on site is attacked or faces an enemy royal.
bool royal_in_check(const Position& pos, SiteId site, SeatId seat, TypeId type) {
  return is_attacked(pos, site, seat, type) ||
         (pos.rules().any_facing && faces_royal(pos, site, seat, type));
}

}  // namespace

bool attack_map(Position& pos, SeatId defender, TypeId victim, SiteId vacated, SiteSet& map) {
  const Ruleset& r = pos.rules();
  const int n = pos.num_sites();
  const PieceCode saved = pos.at(vacated);
  const uint8_t saved_flags = pos.flags(vacated);
  pos.set_site(vacated, kEmpty, 0);
  // A generate hook's moves are not in the tables: the moves are tried instead.
  bool covered = !(r.hooks && r.hooks->has_generate());
  for (SiteId o = 0; o < n && covered; ++o) {
    const PieceCode c = pos.at(o);
    if (!c) continue;
    const SeatId e = piece_seat(c);
    const TypeId t = piece_type(c);
    if (r.allies(e, defender) || pos.is_inert(e) || !r.may_capture(t, victim)) continue;
    for (int ri : r.types[t].rules) {
      const MoveRule& rule = r.rules[ri];
      if (!has_mode(rule.mode, Mode::kCapture)) continue;
      if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(e, o)) continue;
      if (pos.flags(o) & rule.requires_clear) continue;
      // The targets the rule may capture on: its to region, or all.
      const std::vector<uint8_t>* to =
          rule.to_region >= 0 ? &r.regions[rule.to_region].member[e] : nullptr;
      auto to_ok = [to](SiteId s) { return !to || (*to)[s]; };
      switch (rule.kind) {
        case RuleKind::kSlide: {
          const int max = rule.max_range ? rule.max_range : n;
          for (DirId d : rule.dirs[e]) {
            const SiteId* nb = r.topology.neighbors_of(d);
            SiteId s = o;
            for (int k = 1; k <= max; ++k) {
              s = nb[s];
              if (s == kNoSite) break;
              if (k >= rule.min_range && to_ok(s)) map.set(s);
              if (pos.at(s)) break;
            }
          }
          break;
        }
        case RuleKind::kTable:
          for (SiteId s : rule.table[e][o])
            if (to_ok(s)) map.set(s);
          break;
        case RuleKind::kWalk: {
          const auto& paths = rule.walks[e][o];
          if (!to && !rule.walk_crosses_target) {
            for (const WalkPath& p : paths)
              if (!map.test(p.dest) && walk_clear(pos, p)) map.set(p.dest);
            break;
          }
          for (const WalkPath& p : paths) {
            if (map.test(p.dest) || !to_ok(p.dest) || !walk_clear(pos, p)) continue;
            // A path that crosses its own destination is blocked once the piece stands there.
            const auto via_end = p.via.begin() + p.nvia;
            if (std::find(p.via.begin(), via_end, p.dest) == via_end) map.set(p.dest);
          }
          break;
        }
        case RuleKind::kAnywhere:
          for (SiteId s = 0; s < n; ++s)
            if (s != o && to_ok(s)) map.set(s);
          break;
        case RuleKind::kScreen: {
          const int before = rule.screen_before ? rule.screen_before + 1 : n;
          const int after = rule.screen_after ? rule.screen_after : n;
          for (DirId d : rule.dirs[e]) {
            const SiteId* nb = r.topology.neighbors_of(d);
            SiteId s = nb[o];
            for (int k = 1; s != kNoSite && pos.at(s) == kEmpty && k < before; ++k) s = nb[s];
            if (s == kNoSite || pos.at(s) == kEmpty) continue;
            s = nb[s];
            for (int k = 1; s != kNoSite && k <= after; ++k, s = nb[s]) {
              if (to_ok(s)) map.set(s);
              if (pos.at(s)) break;
            }
          }
          break;
        }
        case RuleKind::kDrop:
        case RuleKind::kCastle:
        case RuleKind::kGenerated:
          break;
        case RuleKind::kHop:
          covered = false;
          break;
      }
    }
  }
  pos.set_site(vacated, saved, saved_flags);
  return covered;
}

bool is_attacked(const Position& pos, SiteId site, SeatId defender, TypeId victim_type) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, defender) || pos.is_inert(e)) continue;
    for (int d = 0; d < kNumDirs; ++d) {
      const auto& list = r.slide_attacks[e][d];
      if (list.empty()) continue;
      const SiteId* nb = topo.neighbors_of(Topology::opposite(static_cast<DirId>(d)));
      SiteId s = site;
      int k = 0;
      while (true) {
        s = nb[s];
        ++k;
        if (s == kNoSite) break;
        PieceCode c = pos.at(s);
        if (!c) continue;
        if (piece_seat(c) == e) {
          TypeId t = piece_type(c);
          for (const auto& a : list)
            if (a.type == t && k >= a.min_range && (a.max_range == 0 || k <= a.max_range) &&
                r.may_capture(t, victim_type) &&
                rule_allows(r, pos, e, s, site, a.requires_clear, a.from_region, a.to_region))
              return true;
        }
        break;
      }
    }
    for (auto [t, ri] : r.table_attacks[e]) {
      if (!r.may_capture(t, victim_type)) continue;
      PieceCode code = make_piece(t, e);
      for (SiteId o : r.rules[ri].rev_table[e][site])
        if (pos.at(o) == code && !(pos.flags(o) & r.rules[ri].requires_clear)) return true;
    }
    for (auto [t, ri] : r.walk_attacks[e]) {
      if (!r.may_capture(t, victim_type)) continue;
      PieceCode code = make_piece(t, e);
      const MoveRule& rule = r.rules[ri];
      const WalkPath* paths = rule.rev_walks[e][site].data();
      for (auto [origin, count] : rule.rev_groups[e][site]) {
        if (pos.at(origin) == code && !(pos.flags(origin) & rule.requires_clear))
          for (int i = 0; i < count; ++i)
            if (walk_clear(pos, paths[i])) return true;
        paths += count;
      }
    }
    if (!r.anywhere_attacks[e].empty() && anywhere_attacked(pos, site, e, victim_type)) return true;
    if (r.any_screen_attacks && screen_attacked(pos, site, e, victim_type)) return true;
    if (site == pos.ep_victim() && pos.ep() != kNoSite && !r.ep_attacks[e].empty() &&
        ep_attacked(pos, e, victim_type))
      return true;
    if (!r.other_attackers[e].empty()) {
      // Generating every move of e runs the hook too.
      if (generated_attack(pos, site, defender, victim_type, e)) return true;
    } else if (r.hooks && r.hooks->has_generate() &&
               hook_attack(pos, site, defender, victim_type, e)) {
      return true;
    }
  }
  return false;
}

bool in_check(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  if (r.royals[seat].empty()) return false;
  if (r.royals[seat].size() == 1 && pos.count(make_piece(r.royals[seat][0], seat)) == 1) {
    SiteId k = pos.royal_site(seat);
    return k != kNoSite && royal_in_check(pos, k, seat, r.royals[seat][0]);
  }
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    PieceCode c = pos.at(s);
    if (c && piece_seat(c) == seat && r.types[piece_type(c)].royal &&
        royal_in_check(pos, s, seat, piece_type(c)))
      return true;
  }
  return false;
}

}  // namespace regula
