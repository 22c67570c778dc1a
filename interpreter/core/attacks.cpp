#include "core/attacks.h"

#include <algorithm>

#include "core/filter_each.h"
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

// Whether a rule of MoveRule::phases applies in the phase whose bit is given
// (0: no phase holds; then only the rules that name none), as move generation
// picks them (PieceType::phase_rules).
bool in_phase(uint32_t phases, uint32_t phase) {
  return phases == ~0u || (phases & phase) != 0;
}

// The bit of the phase seat e would be in with e to move (current_phase for e),
// for MoveRule::phases tests; every bit when no capturing rule depends on phases.
uint32_t attacker_phase(const Position& pos, SeatId e) {
  const Ruleset& r = pos.rules();
  if (!r.phased_attacks) return ~0u;
  if (e == pos.to_move()) return phase_bit(pos);
  // A phase that holds only when blocked is taken not to hold for a seat not to
  // move: whether it could move is not asked (such games judge no check).
  for (size_t i = 0; i < r.phases.size(); ++i)
    if (!r.phases[i].only_when_blocked && condition_holds(r.phases[i].when, pos, e)) return 1u << i;
  return 0;
}

// May a rule of an attacker of seat e on site `from` capture on site `to`, as far as its
// regions and once-per-game flags go (move generation's conditions on a rule)?
bool rule_allows(const Ruleset& r, const Position& pos, SeatId e, SiteId from, SiteId to,
                 uint8_t requires_clear, int from_region, int to_region) {
  return !(pos.flags(from) & requires_clear) &&
         (from_region < 0 || r.regions[from_region].contains(e, from)) &&
         (to_region < 0 || r.regions[to_region].contains(e, to));
}

// Calls f(origin, type) for each piece of seat e that could take a piece of
// type victim en passant on the empty site ep, until f returns true: a slide
// that takes en passant reaches ep, which it may not end a plain move on, with
// nothing in between. Whether f returned true.
template <typename F>
bool any_ep_capturer(const Position& pos, SeatId e, SiteId ep, TypeId victim, uint32_t phase,
                     F&& f) {
  const Ruleset& r = pos.rules();
  if (pos.at(ep) != kEmpty) return false;
  for (auto [t, ri] : r.ep_attacks[e]) {
    const MoveRule& rule = r.rules[ri];
    if (!r.may_capture(t, victim) || !in_phase(rule.phases, phase)) continue;
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
      if (rule_allows(r, pos, e, o, ep, rule.requires_clear, rule.from_region, -1) && f(o, t))
        return true;
    }
  }
  return false;
}

// Whether seat e could take the piece on the en passant victim's site (of type victim).
bool ep_attacked(const Position& pos, SeatId e, TypeId victim, uint32_t phase) {
  return any_ep_capturer(pos, e, pos.ep(), victim, phase, [](SiteId, TypeId) { return true; });
}

// Whether some piece of seat e could capture anywhere onto site with an anywhere rule.
bool anywhere_attacked(const Position& pos, SiteId site, SeatId e, TypeId victim, uint32_t phase) {
  const Ruleset& r = pos.rules();
  for (auto [t, ri] : r.anywhere_attacks[e]) {
    const MoveRule& rule = r.rules[ri];
    if (!r.may_capture(t, victim) || !in_phase(rule.phases, phase) ||
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

// Whether a move, or one of moves, takes the piece on site.
bool takes(const Move& m, SiteId site) {
  if (m.to == site && m.from != site) return true;
  for (int i = 0; i < m.ncap; ++i)
    if (m.cap[i] == site) return true;
  return false;
}
bool takes(const MoveList& moves, SiteId site) {
  return std::any_of(moves.begin(), moves.end(), [site](const Move& m) { return takes(m, site); });
}

// Whether the script's filters judge attacks here: it defines one, and the
// calling thread is not inside a filter call already (a filter that asks about
// attacks would otherwise run itself again without end).
bool filters_judge(const Ruleset& r) {
  return r.hooks && (r.hooks->has_filter() || r.hooks->has_filter_moves()) && !r.hooks->filtering();
}

// Seat e's moves, generated on a copy with the piece in question on the site
// (the generate hook's included, unless one is running): whether one takes it.
// With judged, whether one that the script's filters let through takes it, the
// filters seeing the list legal_moves would give them (return bans applied).
// For the rule kinds the tables leave out (capture chains), and wherever hooks
// have a say.
bool generated_attack(const Position& pos, SiteId site, SeatId defender, TypeId victim, SeatId e,
                      bool judged) {
  Position copy = pos;
  copy.set_site(site, make_piece(victim, defender), pos.flags(site));
  copy.set_to_move(e);
  MoveList ml;
  generate_pseudo(copy, ml);
  if (!takes(ml, site)) return false;
  if (!judged) return true;
  const Ruleset& r = pos.rules();
  if (r.return_ban != ReturnBan::kNone && copy.ban_from(e) != kNoSite) {
    int kept = 0;
    for (int i = 0; i < ml.size(); ++i)
      if (!banned_return(copy, ml[i])) ml[kept++] = ml[i];
    ml.resize(kept);
  }
  Hooks& hooks = *r.hooks;
  if (hooks.has_filter_moves() && !ml.empty()) hooks.filter_moves(copy, ml);
  if (!hooks.has_filter()) return takes(ml, site);
  // The filter judges the moves that take it, in one go.
  int takers = 0;
  for (int i = 0; i < ml.size(); ++i)
    if (takes(ml[i], site)) ml[takers++] = ml[i];
  ml.resize(takers);
  filter_each(hooks, copy, ml);
  return !ml.empty();
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

// Whether a piece of seat on site stands on an open line, along one of dirs,
// with an enemy royal whose seat is in play.
bool faces_along(const Position& pos, SiteId site, SeatId seat, const std::vector<DirId>& dirs) {
  const Ruleset& r = pos.rules();
  for (DirId d : dirs) {
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

// Whether the royal of seat on site, of a type that may not face an enemy royal,
// stands on an open line with one along a direction it may not face it in.
bool faces_royal(const Position& pos, SiteId site, SeatId seat, TypeId type) {
  return faces_along(pos, site, seat, pos.rules().types[type].facing);
}

// Whether seat's royal of the given type on site is attacked or faces an enemy royal.
bool royal_in_check(const Position& pos, SiteId site, SeatId seat, TypeId type) {
  return is_attacked(pos, site, seat, type) ||
         (pos.rules().any_facing && faces_royal(pos, site, seat, type));
}

}  // namespace

namespace {

// The targets an attack map may mark for a rule: its to region, or all (null).
struct MapTargets {
  const std::vector<uint8_t>* to;
  bool ok(SiteId s) const { return !to || (*to)[s]; }
};

// Marks the sites a slide of seat e from o could capture on.
void map_slide(const Position& pos, const MoveRule& rule, SeatId e, SiteId o, MapTargets to,
               SiteSet& map) {
  const Topology& topo = pos.rules().topology;
  const int max = rule.max_range ? rule.max_range : pos.num_sites();
  for (DirId d : rule.dirs[e]) {
    const SiteId* nb = topo.neighbors_of(d);
    SiteId s = o;
    for (int k = 1; k <= max; ++k) {
      s = nb[s];
      if (s == kNoSite) break;
      if (k >= rule.min_range && to.ok(s)) map.set(s);
      if (pos.at(s)) break;
    }
  }
}

// Marks the destinations of the clear walk paths of seat e from o.
void map_walk(const Position& pos, const MoveRule& rule, SeatId e, SiteId o, MapTargets to,
              SiteSet& map) {
  const auto& paths = rule.walks[e][o];
  if (!to.to && !rule.walk_crosses_target) {
    if (!rule.walk_trees.empty() && !rule.walk_trees[e][o].empty()) {
      const WalkTree& tree = rule.walk_trees[e][o];
      const auto reached = tree.reached([&](SiteId s) { return pos.at(s) == kEmpty; });
      for (size_t w = 0; w < tree.words(); ++w)
        for (uint64_t bits = reached[w]; bits; bits &= bits - 1)
          map.set(paths[tree.group_begin[w * 64 + __builtin_ctzll(bits)]].dest);
      return;
    }
    for (const WalkPath& p : paths)
      if (!map.test(p.dest) && walk_clear(pos, p)) map.set(p.dest);
    return;
  }
  for (const WalkPath& p : paths) {
    if (map.test(p.dest) || !to.ok(p.dest) || !walk_clear(pos, p)) continue;
    // A path that crosses its own destination is blocked once the piece stands there.
    const auto via_end = p.via.begin() + p.nvia;
    if (std::find(p.via.begin(), via_end, p.dest) == via_end) map.set(p.dest);
  }
}

// Marks the sites beyond a screen that a screen rule of seat e from o reaches.
void map_screen(const Position& pos, const MoveRule& rule, SeatId e, SiteId o, MapTargets to,
                SiteSet& map) {
  const Topology& topo = pos.rules().topology;
  const int n = pos.num_sites();
  const int before = rule.screen_before ? rule.screen_before + 1 : n;
  const int after = rule.screen_after ? rule.screen_after : n;
  for (DirId d : rule.dirs[e]) {
    const SiteId* nb = topo.neighbors_of(d);
    SiteId s = nb[o];
    for (int k = 1; s != kNoSite && pos.at(s) == kEmpty && k < before; ++k) s = nb[s];
    if (s == kNoSite || pos.at(s) == kEmpty) continue;
    if (rule.screen_not_over & (1u << piece_type(pos.at(s)))) continue;
    s = nb[s];
    for (int k = 1; s != kNoSite && k <= after; ++k, s = nb[s]) {
      if (to.ok(s)) map.set(s);
      if (pos.at(s)) break;
    }
  }
}

// Marks the sites rule (of the piece of seat e on o) could capture on; false
// for a rule kind the map does not cover (capture chains).
bool map_rule(const Position& pos, const MoveRule& rule, SeatId e, SiteId o, SiteSet& map) {
  const Ruleset& r = pos.rules();
  const MapTargets to{rule.to_region >= 0 ? &r.regions[rule.to_region].member[e] : nullptr};
  switch (rule.kind) {
    case RuleKind::kSlide:
      map_slide(pos, rule, e, o, to, map);
      break;
    case RuleKind::kTable:
      for (SiteId s : rule.table[e][o])
        if (to.ok(s)) map.set(s);
      break;
    case RuleKind::kWalk:
      map_walk(pos, rule, e, o, to, map);
      break;
    case RuleKind::kAnywhere:
      for (SiteId s = 0; s < pos.num_sites(); ++s)
        if (s != o && to.ok(s)) map.set(s);
      break;
    case RuleKind::kScreen:
      map_screen(pos, rule, e, o, to, map);
      break;
    case RuleKind::kDrop:
    case RuleKind::kCastle:
    case RuleKind::kGenerated:
    case RuleKind::kPromote:
      break;
    case RuleKind::kHop:
    case RuleKind::kLineCapture:
      return false;
  }
  return true;
}

}  // namespace

bool attack_map(Position& pos, SeatId defender, TypeId victim, SiteId vacated, SiteSet& map) {
  const Ruleset& r = pos.rules();
  const int n = pos.num_sites();
  const PieceCode saved = pos.at(vacated);
  const uint8_t saved_flags = pos.flags(vacated);
  pos.set_site(vacated, kEmpty, 0);
  // A generate hook's moves are not in the tables: the moves are tried instead.
  // (Filters are not applied: the map may mark sites they leave safe.)
  bool covered = !(r.hooks && r.hooks->has_generate());
  std::array<uint32_t, kMaxSeats> phase;
  for (SeatId e = 0; e < r.num_seats(); ++e) phase[e] = attacker_phase(pos, e);
  for (SiteId o = 0; o < n && covered; ++o) {
    const PieceCode c = pos.at(o);
    if (!c) continue;
    const SeatId e = piece_seat(c);
    const TypeId t = piece_type(c);
    if (r.allies(e, defender) || pos.is_inert(e) || !r.may_capture(t, victim)) continue;
    for (int ri : r.types[t].rules) {
      const MoveRule& rule = r.rules[ri];
      if (!has_mode(rule.mode, Mode::kCapture) || !in_phase(rule.phases, phase[e])) continue;
      if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(e, o)) continue;
      if (pos.flags(o) & rule.requires_clear) continue;
      if (!map_rule(pos, rule, e, o, map)) covered = false;
    }
  }
  pos.set_site(vacated, saved, saved_flags);
  return covered;
}

namespace {

// Whether a slide of seat e moving along d could capture a piece of type victim
// on site: the first piece looking back from the site along d.
[[gnu::always_inline]] inline bool slide_attacked_along(const Position& pos, SiteId site,
                                                        TypeId victim, SeatId e, uint32_t phase,
                                                        int d) {
  const Ruleset& r = pos.rules();
  const auto& list = r.slide_attacks[e][d];
  if (list.empty()) return false;
  const SiteId* back = r.topology.neighbors_of(Topology::opposite(static_cast<DirId>(d)));
  int k = 1;
  SiteId s = back[site];
  while (s != kNoSite && pos.at(s) == kEmpty) s = back[s], ++k;
  if (s == kNoSite) return false;
  const PieceCode c = pos.at(s);
  if (piece_seat(c) != e) return false;
  const TypeId t = piece_type(c);
  for (const auto& a : list)
    if (a.type == t && k >= a.min_range && (a.max_range == 0 || k <= a.max_range) &&
        in_phase(a.phases, phase) && r.may_capture(t, victim) &&
        rule_allows(r, pos, e, s, site, a.requires_clear, a.from_region, a.to_region))
      return true;
  return false;
}

// Whether a slide or a screen move of seat e moving along d could capture a
// piece of type victim on site. One look back from the site along d finds both:
// the first piece is the slider; past it (the screen) and the empty sites
// beyond, the next piece is the one that shoots over it.
[[gnu::always_inline]] inline bool line_attacked_along(const Position& pos, SiteId site,
                                                       TypeId victim, SeatId e, uint32_t phase,
                                                       int d) {
  const Ruleset& r = pos.rules();
  const auto& slides = r.slide_attacks[e][d];
  const auto& screens = r.screen_attacks[e][d];
  if (slides.empty() && screens.empty()) return false;
  const SiteId* back = r.topology.neighbors_of(Topology::opposite(static_cast<DirId>(d)));
  int k = 1;  // sites from the first piece to the target
  SiteId s = back[site];
  while (s != kNoSite && pos.at(s) == kEmpty) s = back[s], ++k;
  if (s == kNoSite) return false;
  PieceCode c = pos.at(s);
  if (piece_seat(c) == e) {
    const TypeId t = piece_type(c);
    for (const auto& a : slides)
      if (a.type == t && k >= a.min_range && (a.max_range == 0 || k <= a.max_range) &&
          in_phase(a.phases, phase) && r.may_capture(t, victim) &&
          rule_allows(r, pos, e, s, site, a.requires_clear, a.from_region, a.to_region))
        return true;
  }
  if (screens.empty()) return false;
  const uint32_t screen_bit = 1u << piece_type(c);
  int before = 0;  // empty sites between the attacker and the screen
  s = back[s];
  while (s != kNoSite && pos.at(s) == kEmpty) s = back[s], ++before;
  if (s == kNoSite) return false;
  c = pos.at(s);
  if (piece_seat(c) != e) return false;
  const TypeId t = piece_type(c);
  for (const auto& a : screens)
    if (a.type == t && !(a.not_over & screen_bit) && (!a.after || k <= a.after) &&
        (!a.before || before <= a.before) && in_phase(a.phases, phase) &&
        r.may_capture(t, victim) &&
        rule_allows(r, pos, e, s, site, a.requires_clear, a.from_region, a.to_region))
      return true;
  return false;
}

// Whether a walk (a lame leap) of seat e could capture a piece of type
// victim_type on site: a piece of e on an origin of a clear path to it.
bool walk_attacked(const Position& pos, SiteId site, TypeId victim_type, SeatId e, uint32_t phase) {
  const Ruleset& r = pos.rules();
  for (auto [t, ri] : r.walk_attacks[e]) {
    const MoveRule& rule = r.rules[ri];
    if (!r.may_capture(t, victim_type) || !in_phase(rule.phases, phase)) continue;
    const PieceCode code = make_piece(t, e);
    const WalkPath* paths = rule.rev_walks[e][site].data();
    for (auto [origin, count] : rule.rev_groups[e][site]) {
      if (pos.at(origin) == code && !(pos.flags(origin) & rule.requires_clear))
        for (int i = 0; i < count; ++i)
          if (walk_clear(pos, paths[i])) return true;
      paths += count;
    }
  }
  return false;
}

// Whether a rule of seat e, in the phase whose bit is given, could capture a
// piece of type victim_type on site, as the attack tables tell (every rule kind
// but capture chains, and before the script's hooks).
bool table_attacked(const Position& pos, SiteId site, TypeId victim_type, SeatId e,
                    uint32_t phase) {
  const Ruleset& r = pos.rules();
  // Where pins are simple there are no screens, and the look along each
  // direction stops at the first piece.
  if (r.fast.pins_simple) {
    for (int d = 0; d < kNumDirs; ++d)
      if (slide_attacked_along(pos, site, victim_type, e, phase, d)) return true;
  } else {
    for (int d = 0; d < kNumDirs; ++d)
      if (line_attacked_along(pos, site, victim_type, e, phase, d)) return true;
  }
  for (auto [t, ri] : r.table_attacks[e]) {
    const MoveRule& rule = r.rules[ri];
    if (!r.may_capture(t, victim_type) || !in_phase(rule.phases, phase)) continue;
    PieceCode code = make_piece(t, e);
    for (SiteId o : rule.rev_table[e][site])
      if (pos.at(o) == code && !(pos.flags(o) & rule.requires_clear)) return true;
  }
  if (!r.walk_attacks[e].empty() && walk_attacked(pos, site, victim_type, e, phase)) return true;
  if (!r.anywhere_attacks[e].empty() && anywhere_attacked(pos, site, e, victim_type, phase))
    return true;
  return site == pos.ep_victim() && pos.ep() != kNoSite && !r.ep_attacks[e].empty() &&
         ep_attacked(pos, e, victim_type, phase);
}

}  // namespace

bool is_attacked(const Position& pos, SiteId site, SeatId defender, TypeId victim_type) {
  const Ruleset& r = pos.rules();
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, defender) || pos.is_inert(e)) continue;
    // The tables hold every move of the rules but capture chains; filters can
    // only take moves away, so without an attack in the tables or among the
    // moves a generate hook or a capture chain adds, there is none.
    const bool judged = filters_judge(r);
    const bool tables = table_attacked(pos, site, victim_type, e, attacker_phase(pos, e));
    if (tables && !judged) return true;
    const bool hook = r.hooks && r.hooks->has_generate() && !r.hooks->generating();
    if (tables || !r.other_attackers[e].empty() || (hook && judged)) {
      // Generating every move of e runs the generate hook too.
      if (generated_attack(pos, site, defender, victim_type, e, judged)) return true;
    } else if (hook && hook_attack(pos, site, defender, victim_type, e)) {
      return true;
    }
  }
  return false;
}

namespace {

// Whether the piece on site s, k sites from seat me's royal on site royal, is an
// enemy that could capture it along direction d from there: a slide that
// reaches that far, or a screen move, whatever stands between.
bool attacks_along(const Position& pos, SeatId me, SiteId s, SiteId royal, int d, int k) {
  const Ruleset& r = pos.rules();
  const PieceCode c = pos.at(s);
  const SeatId e = piece_seat(c);
  if (r.allies(e, me) || pos.is_inert(e)) return false;
  const TypeId t = piece_type(c);
  for (const auto& a : r.slide_attacks[e][d])
    if (a.type == t && (a.max_range == 0 || k <= a.max_range) &&
        rule_allows(r, pos, e, s, royal, a.requires_clear, a.from_region, a.to_region))
      return true;
  for (const auto& a : r.screen_attacks[e][d])
    if (a.type == t &&
        rule_allows(r, pos, e, s, royal, a.requires_clear, a.from_region, a.to_region))
      return true;
  return false;
}

}  // namespace

bool check_lines(const Position& pos, SeatId me, SiteSet& out) {
  const Ruleset& r = pos.rules();
  const SiteId royal = pos.royal_site(me);
  if (royal == kNoSite) return false;
  // A generate hook's moves may attack from anywhere.
  if (r.hooks && r.hooks->has_generate()) return false;
  const Topology& topo = r.topology;
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, me) || pos.is_inert(e)) continue;
    if (!r.other_attackers[e].empty()) return false;
    for (auto [t, ri] : r.walk_attacks[e]) {
      const MoveRule& rule = r.rules[ri];
      const PieceCode code = make_piece(t, e);
      const WalkPath* paths = rule.rev_walks[e][royal].data();
      for (auto [origin, count] : rule.rev_groups[e][royal]) {
        if (pos.at(origin) == code)
          for (int i = 0; i < count; ++i)
            for (int v = 0; v < paths[i].nvia; ++v) out.set(paths[i].via[v]);
        paths += count;
      }
    }
  }
  const auto& facing = r.types[piece_type(pos.at(royal))].facing;
  for (int ray = 0; ray < kNumDirs; ++ray) {
    // Only the pieces that stand on a ray can attack along it (the mover's own
    // pieces attack nothing): the ray matters up to the farthest enemy that
    // slides or shoots over a screen along it and reaches the royal from there.
    // A royal that may not face an enemy royal watches the whole ray.
    const bool faces = std::find(facing.begin(), facing.end(), ray) != facing.end();
    const int d = Topology::opposite(static_cast<DirId>(ray));
    const SiteId* nb = topo.neighbors_of(static_cast<DirId>(ray));
    int far = 0;
    int k = 0;
    for (SiteId s = nb[royal]; s != kNoSite; s = nb[s]) {
      ++k;
      const PieceCode c = pos.at(s);
      if (faces || (c && attacks_along(pos, me, s, royal, d, k))) far = k;
    }
    SiteId s = royal;
    for (int i = 0; i < far; ++i) out.set(s = nb[s]);
  }
  return true;
}

namespace {

// The board as an ordinary move leaves it, edited in place for a probe and put
// back when the probe ends: the captured sites and the origin emptied, the
// arriving piece on the destination.
class ProbedMove {
 public:
  ProbedMove(Position& pos, const Move& m, SeatId me)
      : pos_(pos), m_(m), code_(pos.at(m.from)), there_(pos.at(m.to)) {
    for (int i = 0; i < m.ncap; ++i) {
      taken_[i] = pos.at(m.cap[i]);
      pos.probe_site(m.cap[i], kEmpty);
    }
    pos.probe_site(m.from, kEmpty);
    arriving_ = m.promote >= 0 ? make_piece(m.promote, me) : code_;
    pos.probe_site(m.to, arriving_);
  }
  ~ProbedMove() {
    pos_.probe_site(m_.to, there_);
    pos_.probe_site(m_.from, code_);
    for (int i = m_.ncap - 1; i >= 0; --i) pos_.probe_site(m_.cap[i], taken_[i]);
  }
  ProbedMove(const ProbedMove&) = delete;
  ProbedMove& operator=(const ProbedMove&) = delete;
  PieceCode arriving() const { return arriving_; }

 private:
  Position& pos_;
  const Move& m_;
  PieceCode code_, there_, arriving_;
  std::array<PieceCode, kMaxCaptures> taken_;
};

// The direction of the ray from site a that passes through site b, or -1 when
// b is on none of a's eight rays (FastPaths::check_by_rays: the neighbours of
// the board follow its coordinates).
int ray_towards(const Topology& topo, SiteId a, SiteId b) {
  static const std::array<std::array<int8_t, 3>, 3> by_unit = [] {
    std::array<std::array<int8_t, 3>, 3> t{};
    for (auto& row : t) row.fill(-1);
    for (int d = 0; d < kNumDirs; ++d) {
      const Offset o = Topology::dir_offset(static_cast<DirId>(d));
      t[o.dx + 1][o.dy + 1] = static_cast<int8_t>(d);
    }
    return t;
  }();
  const int dx = topo.x(b) - topo.x(a);
  const int dy = topo.y(b) - topo.y(a);
  if (dx != 0 && dy != 0 && dx != dy && dx != -dy) return -1;
  return by_unit[(dx > 0) - (dx < 0) + 1][(dy > 0) - (dy < 0) + 1];
}

}  // namespace

bool check_after(Position& pos, const Move& m, SeatId me) {
  ProbedMove probe(pos, m, me);
  const TypeId t = piece_type(probe.arriving());
  const SiteId royal = pos.rules().types[t].royal ? m.to : pos.royal_site(me);
  return royal_in_check(pos, royal, me, piece_type(pos.at(royal)));
}

bool check_after_unchecked(Position& pos, const Move& m, SeatId me) {
  const Ruleset& r = pos.rules();
  ProbedMove probe(pos, m, me);
  const bool royal_moved = r.types[piece_type(probe.arriving())].royal;
  const SiteId royal = royal_moved ? m.to : pos.royal_site(me);
  const TypeId type = piece_type(pos.at(royal));
  if (royal_moved) return royal_in_check(pos, royal, me, type);
  // The rays from the royal through the sites the move changed: an attack along
  // no such ray, or by a leap, was there before the move.
  uint32_t rays = 0;
  auto mark = [&](SiteId c) {
    const int d = ray_towards(r.topology, royal, c);
    if (d >= 0) rays |= 1u << Topology::opposite(static_cast<DirId>(d));
  };
  mark(m.from);
  mark(m.to);
  for (int i = 0; i < m.ncap; ++i) mark(m.cap[i]);
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, me) || pos.is_inert(e)) continue;
    for (int d = 0; d < kNumDirs; ++d)
      if ((rays >> d & 1) && line_attacked_along(pos, royal, type, e, ~0u, d)) return true;
    if (!r.walk_attacks[e].empty() && walk_attacked(pos, royal, type, e, ~0u)) return true;
  }
  return r.any_facing && faces_royal(pos, royal, me, type);
}

bool ep_capture_possible(Position& pos, SiteId ep, SiteId victim) {
  const Ruleset& r = pos.rules();
  if (ep == kNoSite || victim == kNoSite || !pos.at(victim) || pos.at(ep) != kEmpty) return false;
  const SeatId owner = piece_seat(pos.at(victim));
  const TypeId victim_type = piece_type(pos.at(victim));
  // The capture is tried on the board alone where that judges the capturer's
  // royal exactly (as check_after); elsewhere a capturer is enough.
  const bool judge = r.end.check && r.fast.probe_check && pos.ep() == kNoSite &&
                     !(r.hooks && (r.hooks->has_generate() || r.hooks->has_filter() ||
                                   r.hooks->has_filter_moves() || r.hooks->has_after()));
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, owner) || pos.is_inert(e) || r.ep_attacks[e].empty()) continue;
    const bool found =
        any_ep_capturer(pos, e, ep, victim_type, attacker_phase(pos, e), [&](SiteId o, TypeId t) {
          if (!judge || r.royals[e].empty()) return true;
          const PieceCode code = pos.at(o);
          const PieceCode taken = pos.at(victim);
          pos.probe_site(victim, kEmpty);
          pos.probe_site(o, kEmpty);
          pos.probe_site(ep, code);
          const bool checked = r.types[t].royal ? royal_in_check(pos, ep, e, t) : in_check(pos, e);
          pos.probe_site(ep, kEmpty);
          pos.probe_site(o, code);
          pos.probe_site(victim, taken);
          return !checked;
        });
    if (found) return true;
  }
  return false;
}

bool in_check(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  if (r.royals[seat].empty()) return false;
  if (r.royals[seat].size() == 1) {
    // None on the board (a royal still in hand) is never in check.
    const int on_board = pos.count(make_piece(r.royals[seat][0], seat));
    if (on_board == 0) return false;
    if (on_board == 1) {
      SiteId k = pos.royal_site(seat);
      return k != kNoSite && royal_in_check(pos, k, seat, r.royals[seat][0]);
    }
  }
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    PieceCode c = pos.at(s);
    if (c && piece_seat(c) == seat && r.types[piece_type(c)].royal &&
        royal_in_check(pos, s, seat, piece_type(c)))
      return true;
  }
  return false;
}

bool royal_faces_enemy(const Position& pos, SeatId seat, const std::vector<DirId>& dirs) {
  const SiteId royal = pos.royal_site(seat);
  return royal != kNoSite && faces_along(pos, royal, seat, dirs);
}

}  // namespace regula
