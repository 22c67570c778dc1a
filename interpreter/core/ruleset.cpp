#include "core/ruleset.h"

#include "core/effects/effects.h"
#include "core/hands.h"
#include "core/movegen.h"

#include <algorithm>

namespace regula {

int Ruleset::region_index(const std::string& n) const {
  for (size_t i = 0; i < regions.size(); ++i)
    if (regions[i].name == n) return static_cast<int>(i);
  return -1;
}

TypeId Ruleset::type_index(const std::string& n) const {
  for (size_t i = 0; i < types.size(); ++i)
    if (types[i].name == n) return static_cast<TypeId>(i);
  return -1;
}

int Ruleset::stage_index(const std::string& n) const {
  for (size_t i = 0; i < stages.size(); ++i)
    if (stages[i].name == n) return static_cast<int>(i);
  return -1;
}

int Ruleset::seat_index(std::string_view n) const {
  for (size_t i = 0; i < seats.size(); ++i)
    if (seats[i].name == n) return static_cast<int>(i);
  return -1;
}

namespace {
uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace

void Ruleset::dice_outcomes() {
  dice.outcomes.clear();
  dice.outcome_weights.clear();
  dice.outcome_total = 0;
  if (dice.faces.empty()) return;
  if (dice.weights.size() != dice.faces.size()) dice.weights.assign(dice.faces.size(), 1);
  // Faces largest first, so that each throw is listed once, its dice in
  // non-increasing order; its weight counts the orders it can come in.
  std::vector<std::pair<int, int>> faces;
  for (size_t i = 0; i < dice.faces.size(); ++i) faces.push_back({dice.faces[i], dice.weights[i]});
  std::sort(faces.begin(), faces.end(), [](auto& a, auto& b) { return a.first > b.first; });
  std::vector<int> pick;
  auto rec = [&](auto&& self, size_t from) -> void {
    if (static_cast<int>(pick.size()) == dice.count) {
      uint64_t w = 1;
      int packed = 0;
      for (size_t k = 0; k < pick.size(); ++k) {
        w *= static_cast<uint64_t>(faces[pick[k]].second);
        packed |= faces[pick[k]].first << (5 * k);
      }
      // Orders: count! / product of (multiplicity!).
      uint64_t orders = 1;
      for (int k = 2; k <= dice.count; ++k) orders *= static_cast<uint64_t>(k);
      for (size_t a = 0; a < pick.size();) {
        size_t b = a;
        while (b < pick.size() && pick[b] == pick[a]) ++b;
        for (size_t k = 2; k <= b - a; ++k) orders /= k;
        a = b;
      }
      dice.outcomes.push_back(packed);
      dice.outcome_weights.push_back(w * orders);
      dice.outcome_total += w * orders;
      return;
    }
    for (size_t i = from; i < faces.size(); ++i) {
      pick.push_back(static_cast<int>(i));
      self(self, i);
      pick.pop_back();
    }
  };
  rec(rec, 0);
}

void Ruleset::finalize() {
  zobrist_keys();
  flow_facts();
  dice_outcomes();
  start_tables();
  restricted_tables();
  step_tables();
  walk_tree_tables();
  reverse_tables();
  attack_tables();
  build_drop_tables(*this);
  find_overlapping_rules(*this);
  seat_order();
  prefers_moves = drop_mate_rule || quiet_promotion_rule ||
                  capture_priority != CapturePriority::kFree || !capture_order.empty() || must_drop;
  derive_fast_paths();
  dispatch_rules();
  effects = compile_effects(*this);
}

// next_in_order: for each seat, the one after it in turn_order; a seat not in
// it is followed by the first.
void Ruleset::seat_order() {
  const SeatId first = turn_order.empty() ? 0 : turn_order.front();
  next_in_order.fill(first);
  for (size_t i = 0; i < turn_order.size(); ++i)
    if (turn_order[i] >= 0 && turn_order[i] < kMaxSeats)
      next_in_order[turn_order[i]] = i + 1 < turn_order.size() ? turn_order[i + 1] : first;
}

void Ruleset::zobrist_keys() {
  const int n = topology.size();
  uint64_t state = 0x5eed0f5e9e1a0001ull;
  z_piece.resize(static_cast<size_t>(kMaxPieceCodes) * n);
  for (auto& k : z_piece) k = splitmix(state);
  z_flag.resize(static_cast<size_t>(kMaxFlags) * n);
  for (auto& k : z_flag) k = splitmix(state);
  z_ep.resize(n);
  for (auto& k : z_ep) k = splitmix(state);
  for (auto& k : z_side) k = splitmix(state);
  for (auto& k : z_out) k = splitmix(state);
  for (auto& k : z_roll) k = splitmix(state);
  z_roll[0] = 0;
  z_var_seed = splitmix(state);
  for (auto& k : z_frozen) k = splitmix(state);
  z_stage_seed = splitmix(state);
}

// What the turn flow and make read of the rules: the promotion stage, whether
// a decision may leave another pending, triggers and phases.
void Ruleset::flow_facts() {
  if (promotion_stage < 0)
    for (const auto& t : types)
      if (t.promo_ask && promotion_stage < 0) {
        Stage st;
        st.name = "promotion";
        st.choice = Stage::Choice::kPromote;
        stages.push_back(st);
        promotion_stage = static_cast<int>(stages.size()) - 1;
      }
  has_continuations = !stages.empty() || dice.count > 1;
  any_arrival_effects = false;
  for (const PieceType& t : types)
    any_arrival_effects |= t.arrival_effects() || t.captured != PieceType::Enclosure::kNone;
  bool freezes = false;
  for (const CaptureEnd& ce : end.on_capture) freezes |= ce.effect == CaptureEnd::Effect::kFreeze;
  move_effects = any_arrival_effects || !money.payments.empty() || freezes;
  phased_triggers = false;
  for (const Trigger& t : triggers) phased_triggers |= t.phases != ~0u;
  phases_read_ply = false;
  for (const Phase& ph : phases)
    for (const Condition::Term& term : ph.when.terms)
      phases_read_ply |= term.subject == Condition::Subject::kPly;
  phases_read_moves = false;
  for (const Phase& ph : phases) phases_read_moves |= ph.only_when_blocked;
  phase_moves.assign(phases.size() + 1, false);
  for (auto& t : types) {
    t.phase_rules.clear();
    if (phases.empty()) continue;
    t.phase_rules.resize(phases.size() + 1);
    for (int ri : t.rules)
      for (size_t p = 0; p <= phases.size(); ++p) {
        const uint32_t bit = p == 0 ? 0u : 1u << (p - 1);
        if (rules[ri].phases == ~0u || (rules[ri].phases & bit)) {
          t.phase_rules[p].push_back(ri);
          phase_moves[p] = phase_moves[p] || rules[ri].kind != RuleKind::kDrop;
        }
      }
  }
  if (turn_order.empty())
    for (SeatId s = 0; s < num_seats(); ++s) turn_order.push_back(s);
}

void Ruleset::start_tables() {
  const int n = topology.size();
  setup_count = setup_hand;
  start_type.assign(n, -1);
  start_seat.assign(n, -1);
  for (auto [site, code] : setup) {
    ++setup_count[piece_seat(code)][piece_type(code)];
    start_type[site] = piece_type(code);
    start_seat[site] = piece_seat(code);
  }
  for (auto& r : royals) r.clear();
  for (SeatId s = 0; s < num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(types.size()); ++t)
      if (types[t].royal) royals[s].push_back(t);
}

// Neighbour tables of one-step slides (MoveRule::steps).
void Ruleset::step_tables() {
  const int n = topology.size();
  for (auto& rule : rules) {
    rule.steps.clear();
    // Restricted sites are read by the slide itself (Gen::slide).
    if (!restricted.empty()) continue;
    if (rule.kind != RuleKind::kSlide || rule.max_range != 1 || rule.min_range > 1 || rule.takes_ep)
      continue;
    rule.steps.assign(num_seats(), std::vector<std::vector<SiteId>>(n));
    for (SeatId s = 0; s < num_seats(); ++s)
      for (SiteId from = 0; from < n; ++from)
        for (DirId d : rule.dirs[s])
          if (SiteId to = topology.neighbor(from, d); to != kNoSite)
            rule.steps[s][from].push_back(to);
  }
}

// Where each type may stand and pass (PieceType::barred) and to whom each site
// is hostile (Ruleset::hostile), from the restricted sites; the first entry
// that holds a site decides for it.
void Ruleset::restricted_tables() {
  const int n = topology.size();
  for (PieceType& t : types)
    for (auto& b : t.barred) b.clear();
  for (auto& h : hostile) h.clear();
  if (restricted.empty()) return;
  for (SeatId seat = 0; seat < num_seats(); ++seat) {
    hostile[seat].assign(n, Hostility::kNever);
    for (PieceType& t : types) t.barred[seat].assign(n, 0);
    std::vector<bool> decided(n, false);
    for (const RestrictedSites& rs : restricted)
      for (SiteId s = 0; s < n; ++s) {
        if (decided[s] || !regions[rs.region].contains(seat, s)) continue;
        decided[s] = true;
        hostile[seat][s] = rs.hostile[seat];
        for (size_t t = 0; t < types.size(); ++t)
          if (!((rs.stand >> t) & 1u))
            types[t].barred[seat][s] = rs.pass ? kBarredStop : kBarredPass;
      }
  }
}

// MoveRule::walk_trees, for every seat and origin of each walk.
void Ruleset::walk_tree_tables() {
  for (auto& rule : rules) {
    rule.walk_trees.clear();
    if (rule.kind != RuleKind::kWalk) continue;
    rule.walk_trees.resize(rule.walks.size());
    for (size_t s = 0; s < rule.walks.size(); ++s) {
      rule.walk_trees[s].reserve(rule.walks[s].size());
      for (const auto& paths : rule.walks[s]) rule.walk_trees[s].push_back(build_walk_tree(paths));
    }
  }
}

// Reverse tables so that "is this site attacked?" looks from the target outwards.
void Ruleset::reverse_tables() {
  const int n = topology.size();
  for (auto& rule : rules) {
    rule.rev_table.clear();
    rule.rev_walks.clear();
    rule.rev_groups.clear();
    rule.walk_crosses_target = false;
    if (!has_mode(rule.mode, Mode::kCapture)) continue;
    const size_t seats = static_cast<size_t>(num_seats());
    auto allowed = [&](size_t s, SiteId from, SiteId to) {
      return (rule.from_region < 0 || regions[rule.from_region].contains(s, from)) &&
             (rule.to_region < 0 || regions[rule.to_region].contains(s, to));
    };
    if (rule.kind == RuleKind::kTable && !rule.table.empty()) {
      rule.rev_table.assign(rule.table.size(), std::vector<std::vector<SiteId>>(n));
      for (size_t s = 0; s < std::min(rule.table.size(), seats); ++s)
        for (SiteId from = 0; from < n; ++from)
          for (SiteId to : rule.table[s][from])
            if (allowed(s, from, to)) rule.rev_table[s][to].push_back(from);
    }
    if (rule.kind == RuleKind::kWalk && !rule.walks.empty()) {
      rule.rev_walks.assign(rule.walks.size(), std::vector<std::vector<WalkPath>>(n));
      for (size_t s = 0; s < std::min(rule.walks.size(), seats); ++s)
        for (SiteId from = 0; from < n; ++from)
          for (const WalkPath& p : rule.walks[s][from]) {
            const auto via_end = p.via.begin() + p.nvia;
            if (std::find(p.via.begin(), via_end, p.dest) != via_end) {
              rule.walk_crosses_target = true;
              continue;
            }
            if (!allowed(s, from, p.dest)) continue;
            WalkPath rp = p;
            rp.dest = from;
            rule.rev_walks[s][p.dest].push_back(rp);
          }
      rule.rev_groups.assign(rule.walks.size(),
                             std::vector<std::vector<std::pair<SiteId, uint16_t>>>(n));
      for (size_t s = 0; s < rule.walks.size(); ++s)
        for (SiteId to = 0; to < n; ++to)
          for (const WalkPath& p : rule.rev_walks[s][to]) {
            auto& g = rule.rev_groups[s][to];
            if (g.empty() || g.back().first != p.dest) g.push_back({p.dest, 0});
            ++g.back().second;
          }
    }
  }
}

// Attack detection tables: for each attacking seat, the rules that can capture
// by kind.
void Ruleset::attack_tables() {
  for (SeatId s = 0; s < num_seats(); ++s) {
    for (auto& d : slide_attacks[s]) d.clear();
    table_attacks[s].clear();
    walk_attacks[s].clear();
    anywhere_attacks[s].clear();
    ep_attacks[s].clear();
    other_attackers[s].clear();
    for (auto& d : screen_attacks[s]) d.clear();
  }
  phased_attacks = false;
  any_facing = false;
  for (const PieceType& t : types) any_facing |= t.royal && !t.facing.empty();
  any_fears_attack = false;
  for (const auto& t : types) any_fears_attack |= t.fears_attack;
  for (SeatId s = 0; s < num_seats(); ++s) {
    for (TypeId t = 0; t < static_cast<TypeId>(types.size()); ++t) {
      // A piece that may capture nothing attacks nothing.
      if (types[t].captures == 0) continue;
      bool other = false;
      for (int ri : types[t].rules) {
        const MoveRule& rule = rules[ri];
        // En passant is taken wherever the slide may not end a plain move, whatever its mode.
        if (rule.kind == RuleKind::kSlide && rule.takes_ep) ep_attacks[s].push_back({t, ri});
        if (!has_mode(rule.mode, Mode::kCapture) && !rule.takes_ep) continue;
        phased_attacks |= rule.phases != ~0u;
        if (!has_mode(rule.mode, Mode::kCapture)) continue;
        switch (rule.kind) {
          case RuleKind::kSlide:
            for (DirId d : rule.dirs[s])
              slide_attacks[s][d].push_back({t, rule.requires_clear,
                                             static_cast<int16_t>(rule.from_region),
                                             static_cast<int16_t>(rule.to_region), rule.min_range,
                                             rule.max_range, rule.phases});
            break;
          case RuleKind::kTable:
            table_attacks[s].push_back({t, ri});
            break;
          case RuleKind::kWalk:
            walk_attacks[s].push_back({t, ri});
            break;
          case RuleKind::kAnywhere:
            anywhere_attacks[s].push_back({t, ri});
            break;
          case RuleKind::kScreen:
            for (DirId d : rule.dirs[s])
              screen_attacks[s][d].push_back(
                  {t, rule.requires_clear, static_cast<int16_t>(rule.from_region),
                   static_cast<int16_t>(rule.to_region), rule.screen_before, rule.screen_after,
                   rule.phases, rule.screen_not_over});
            break;
          case RuleKind::kHop:
          case RuleKind::kLineCapture:
            other = true;
            break;
          default:
            break;
        }
      }
      if (other) other_attackers[s].push_back(t);
    }
  }
}

void Ruleset::derive_fast_paths() {
  fast = FastPaths{};
  fast.simple_flow = !has_continuations && triggers.empty();
  fast.step_tables = true;
  // Walks, screens and hops can be blocked or unblocked by a move onto or off
  // their line, which the pin shortcut does not see.
  fast.pins_simple = !(hooks && hooks->has_generate()) && !any_facing;
  fast.probe_check = true;
  for (SeatId s = 0; s < num_seats(); ++s) {
    fast.pins_simple = fast.pins_simple && walk_attacks[s].empty() && other_attackers[s].empty();
    for (const auto& d : screen_attacks[s]) fast.pins_simple = fast.pins_simple && d.empty();
    fast.probe_check =
        fast.probe_check && anywhere_attacks[s].empty() && other_attackers[s].empty();
  }
  // Where pins are simple the whole probe is as cheap as finding the rays.
  fast.check_by_rays = fast.probe_check && !fast.pins_simple && !phased_attacks &&
                       topology.neighbours_follow_coordinates();
  fast.arrival_captures = hooks && hooks->has_generate();
  for (const MoveRule& rule : rules)
    if (rule.kind != RuleKind::kHop && rule.kind != RuleKind::kDrop &&
        rule.kind != RuleKind::kCastle && has_mode(rule.mode, Mode::kCapture))
      fast.arrival_captures = true;
  plain_step_rules();
  // Restricted sites are read by the general slide only.
  if (!restricted.empty()) fast.plain_steps.assign(fast.plain_steps.size(), -1);
  promotion_masks(true);
  fast.simple_army = phases.empty() && !dice.enabled() && topology.size() <= 64 && !types.empty() &&
                     restricted.empty();
  for (const PieceType& t : types)
    for (int ri : t.rules) {
      const MoveRule& rule = rules[ri];
      if ((rule.kind != RuleKind::kSlide && rule.kind != RuleKind::kHop) || rule.from_region >= 0 ||
          rule.requires_clear || rule.unless_attacked)
        fast.simple_army = false;
    }
  // A removal that a completed line starts and that ends the turn, in rules where
  // nothing else a plain move does can change what it may take or end the game
  // in the middle of the turn (turns.cpp counts its choices before the move).
  if (!triggers.empty() && triggers[0].on == Trigger::On::kLine && triggers[0].phases == ~0u &&
      triggers[0].stage >= 0 && !dice.enabled() && promotion_stage < 0 && actions.empty() &&
      !move_effects && end.leave.terms.empty() && !end.check && !any_fears_attack &&
      !end.bare_royal) {
    const Stage& st = stages[triggers[0].stage];
    if (st.who == Stage::Who::kMover && st.choice == Stage::Choice::kRemoveEnemy &&
        (st.then < 0 || stages[st.then].who != Stage::Who::kMover))
      fast.line_removal_stage = triggers[0].stage;
  }
}

// MoveRule::origin_test and slide_way, from each rule (after step_tables, and
// again when the reference mode drops the step tables).
void Ruleset::dispatch_rules() {
  for (MoveRule& rule : rules) {
    rule.origin_test = rule.from_region >= 0 || rule.requires_clear || rule.unless_attacked;
    rule.slide_way = MoveRule::SlideWay::kSlide;
    if (rule.steps.empty()) continue;
    rule.slide_way = rule.mode == Mode::kMove && rule.to_region < 0
                         ? MoveRule::SlideWay::kSteps
                         : MoveRule::SlideWay::kStepTable;
  }
}

// FastPaths::promotion_sites and promotion_zone: with `zones`, the sites of
// each type's promotion zones (every site for a clause that catches a move
// leaving its zone), in the mask only on boards of at most 64 sites; else
// every site for a type with promotions.
void Ruleset::promotion_masks(bool zones) {
  const int n = topology.size();
  fast.promotion_sites.assign(types.size(), {});
  fast.promotion_zone.assign(types.size(), {});
  for (size_t t = 0; t < types.size(); ++t)
    for (const Promotion& pr : types[t].promotions)
      for (SeatId seat = 0; seat < num_seats(); ++seat) {
        std::vector<uint8_t>& zone = fast.promotion_zone[t][seat];
        zone.resize(n, 0);
        const bool every = !zones || (pr.on & Promotion::kLeave);
        for (SiteId site = 0; site < n; ++site)
          zone[site] |= every || regions[pr.region].contains(seat, site);
        uint64_t& mask = fast.promotion_sites[t][seat];
        if (every || n > 64) mask = ~uint64_t{0};
        for (SiteId site = 0; n <= 64 && site < n; ++site)
          if (zone[site]) mask |= uint64_t{1} << site;
      }
}

// Per phase slot, the one rule of every piece when it is a plain step to an
// empty neighbour (generation then skips the checks of other rules).
void Ruleset::plain_step_rules() {
  const size_t slots = phases.empty() ? 1 : phases.size() + 1;
  fast.plain_steps.assign(slots, -1);
  for (size_t p = 0; p < slots; ++p) {
    int common = -1;
    bool ok = !types.empty();
    for (const PieceType& t : types) {
      const std::vector<int>& rs = phases.empty() ? t.rules : t.phase_rules[p];
      std::vector<int> moving;
      for (int ri : rs)
        if (rules[ri].kind != RuleKind::kDrop) moving.push_back(ri);
      const bool plain = moving.size() == 1 && !t.promotions.size() && !t.track_moved;
      if (!plain || (common >= 0 && common != moving[0])) {
        ok = false;
        break;
      }
      common = moving[0];
    }
    if (!ok || common < 0) continue;
    const MoveRule& rule = rules[common];
    if (rule.kind == RuleKind::kSlide && !rule.steps.empty() && rule.mode == Mode::kMove &&
        rule.to_region < 0 && rule.from_region < 0 && rule.requires_clear == 0 &&
        !rule.unless_attacked && !rule.sets_ep)
      fast.plain_steps[p] = common;
  }
}

void Ruleset::use_reference_paths() {
  fast = FastPaths{};
  fast.on = false;
  promotion_masks(false);
  fast.plain_steps.assign(phases.empty() ? 1 : phases.size() + 1, -1);
  for (auto& rule : rules) {
    rule.steps.clear();
    rule.walk_trees.clear();
  }
  // Every piece's moves are kept one per effect, not only those whose rules overlap.
  for (PieceType& t : types) t.overlapping_rules = true;
  topology.disable_bit_sets();
  dispatch_rules();
}

}  // namespace regula
