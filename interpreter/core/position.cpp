#include "core/position.h"

#include <cassert>

#include "core/attacks.h"
#include "core/rule_error.h"

namespace regula {

Position::Position(std::shared_ptr<const Ruleset> rules, EmptyTag) : rules_(std::move(rules)) {
  board_.assign(rules_->topology.size(), kEmpty);
  flags_.assign(rules_->topology.size(), 0);
  royal_site_.fill(kNoSite);
  small_ = rules_->topology.small();
  for (SeatId s = 0; s < kMaxSeats; ++s) seats_.controller[s] = s;
  to_move_ = rules_->first;
  hash_ = compute_hash();
}

Position::Position(std::shared_ptr<const Ruleset> rules) : Position(std::move(rules), EmptyTag{}) {
  for (auto [site, code] : rules_->setup) set_site(site, code, 0);
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(rules_->types.size()); ++t)
      if (rules_->setup_hand[s][t]) set_hand(s, t, rules_->setup_hand[s][t]);
  // Each seat puts its ante into the pot.
  if (const int ante = rules_->money.ante) {
    for (SeatId s = 0; s < rules_->num_seats(); ++s) set_counter(s, kStakes, -ante, nullptr);
    set_global(kPot, ante * rules_->num_seats(), nullptr);
  }
}

Position Position::empty(std::shared_ptr<const Ruleset> rules) {
  return Position(std::move(rules), EmptyTag{});
}

uint64_t Position::var_key(int index, int value) const {
  // The global counters (move clocks, the ply, the pot) are not part of a position's
  // identity; the payments made once are, since they change what play can bring.
  if (value == 0 || (index >= kGlobalBase && index < kBanBase && index != kGlobalBase + kPaid))
    return 0;
  uint64_t x =
      rules_->z_var_seed ^ (static_cast<uint64_t>(index) << 32) ^ static_cast<uint32_t>(value);
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t Position::compute_hash() const {
  const Ruleset& r = *rules_;
  const int n = num_sites();
  uint64_t h = r.z_side[to_move_];
  for (int s = 0; s < n; ++s) {
    if (board_[s]) h ^= r.z_piece[board_[s] * n + s];
    for (int b = 0; b < kMaxFlags; ++b)
      if ((flags_[s] >> b) & 1) h ^= r.z_flag[b * n + s];
  }
  if (ep_ != kNoSite) h ^= r.z_ep[ep_];
  h ^= roll_key(roll_);
  for (int i = 0; i < kNumVars; ++i) h ^= var_key(i, vars_[i]);
  for (SeatId s = 0; s < kMaxSeats; ++s) {
    if ((out_mask_ >> s) & 1) h ^= r.z_out[s];
    if (seats_.state[s] == static_cast<uint8_t>(SeatState::kFrozen)) h ^= r.z_frozen[s];
    h ^= controller_key(s);
  }
  h ^= stage_key();
  return h;
}

namespace {
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

uint64_t Position::roll_key(int roll) const {
  if (roll <= 0) return 0;
  if (roll < 64) return rules_->z_roll[roll];
  return mix(rules_->z_stage_seed ^ 0x726f6c6c00000000ull ^ static_cast<uint32_t>(roll));
}

uint64_t Position::stage_key() const {
  if (stage_ < 0) return 0;
  return mix(rules_->z_stage_seed ^ (static_cast<uint64_t>(stage_) << 8) ^
             static_cast<uint8_t>(owner_) ^ (static_cast<uint64_t>(anchor_ + 1) << 24));
}

uint64_t Position::controller_key(SeatId seat) const {
  if (seats_.controller[seat] == seat) return 0;
  return mix(rules_->z_stage_seed ^ 0x636f6e0000000000ull ^ (static_cast<uint64_t>(seat) << 8) ^
             static_cast<uint8_t>(seats_.controller[seat]));
}

int Position::hand_total(SeatId seat) const {
  int n = 0;
  for (size_t t = 0; t < rules_->types.size(); ++t) n += hand(seat, static_cast<TypeId>(t));
  return n;
}

bool Position::takes_turns(SeatId seat) const {
  switch (static_cast<SeatState>(seats_.state[seat])) {
    case SeatState::kActive:
      return true;
    case SeatState::kFrozen: {
      SeatId c = seats_.controller[seat];
      return c != seat && seats_.state[c] == static_cast<uint8_t>(SeatState::kActive);
    }
    case SeatState::kOut:
      return false;
  }
  return false;
}

void Position::refresh_inert() {
  inert_mask_ = 0;
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    if (!takes_turns(s)) inert_mask_ |= static_cast<uint8_t>(1u << s);
}

SeatId Position::next_to_play(SeatId after) const {
  const Ruleset& r = *rules_;
  if (!inert_mask_) return r.next_seat(after);
  SeatId s = after;
  for (int i = 0; i < r.num_seats(); ++i) {
    s = r.next_seat(s);
    if (takes_turns(s)) return s;
  }
  return r.next_seat(after);
}

void Position::save_seats(Undo* undo) {
  if (undo && !undo->seats_changed) {
    undo->seats = seats_;
    undo->seats_changed = true;
  }
}

void Position::set_seat_state(SeatId seat, SeatState state, int reason, Undo* undo) {
  if (seats_.state[seat] == static_cast<uint8_t>(state)) return;
  save_seats(undo);
  const Ruleset& r = *rules_;
  if (seats_.state[seat] == static_cast<uint8_t>(SeatState::kFrozen)) hash_ ^= r.z_frozen[seat];
  if (state == SeatState::kFrozen) hash_ ^= r.z_frozen[seat];
  if (is_out(seat) != (state == SeatState::kOut)) {
    out_mask_ ^= static_cast<uint8_t>(1u << seat);
    hash_ ^= r.z_out[seat];
  }
  seats_.state[seat] = static_cast<uint8_t>(state);
  phase_ = kPhaseUnknown;
  if (state == SeatState::kOut && r.out_removes)
    for (SiteId s = 0; s < num_sites(); ++s)
      if (board_[s] && piece_seat(board_[s]) == seat) {
        if (undo) record_site(s, *undo);
        place(s, kEmpty, 0);
      }
  if (state == SeatState::kActive) {
    seats_.left_at[seat] = 0;
    seats_.reason[seat] = 0;
  } else if (seats_.left_at[seat] == 0) {
    seats_.left_at[seat] = static_cast<int32_t>(1 + global(kPly));
    seats_.reason[seat] = static_cast<int8_t>(reason);
  }
  refresh_inert();
}

void Position::set_controller(SeatId seat, SeatId by, Undo* undo) {
  if (seats_.controller[seat] == by) return;
  save_seats(undo);
  hash_ ^= controller_key(seat);
  seats_.controller[seat] = by;
  hash_ ^= controller_key(seat);
  phase_ = kPhaseUnknown;
  refresh_inert();
}

void Position::set_left(SeatId seat, int left_at, int reason) {
  seats_.left_at[seat] = static_cast<int32_t>(left_at);
  seats_.reason[seat] = static_cast<int8_t>(reason);
}

void Position::set_stage(int stage, SeatId owner, SiteId anchor) {
  hash_ ^= stage_key();
  stage_ = static_cast<int8_t>(stage);
  owner_ = stage < 0 ? 0 : owner;
  anchor_ = stage < 0 ? kNoSite : anchor;
  hash_ ^= stage_key();
}

bool condition_holds(const Condition& c, const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (const Condition::Term& t : c.terms) {
    int v = 0;
    switch (t.subject) {
      case Condition::Subject::kHand:
        v = pos.hand_total(seat);
        break;
      case Condition::Subject::kPieces:
        if (!t.types && t.region < 0) {
          v = pos.pieces(seat);
          break;
        }
        [[fallthrough]];
      case Condition::Subject::kTeamPieces:
      case Condition::Subject::kEnemyPieces:
        for (SeatId s = 0; s < r.num_seats(); ++s) {
          const bool counted = t.subject == Condition::Subject::kPieces        ? s == seat
                               : t.subject == Condition::Subject::kEnemyPieces ? !r.allies(s, seat)
                                                                               : r.allies(s, seat);
          if (!counted) continue;
          if (t.region >= 0) {
            // The pieces in the region, as their own seat sees it.
            const Region& reg = r.regions[t.region];
            for (SiteId site = 0, n = pos.num_sites(); site < n; ++site) {
              const PieceCode c = pos.at(site);
              if (c && piece_seat(c) == s && (!t.types || (t.types >> piece_type(c)) & 1) &&
                  reg.contains(s, site))
                ++v;
            }
            continue;
          }
          if (!t.types) {
            v += pos.pieces(s);
            continue;
          }
          for (uint32_t b = t.types; b; b &= b - 1)
            v += pos.count(make_piece(static_cast<TypeId>(__builtin_ctz(b)), s));
        }
        break;
      case Condition::Subject::kEmpty: {
        int occupied = 0;
        for (SeatId s = 0; s < r.num_seats(); ++s) occupied += pos.pieces(s);
        v = pos.num_sites() - occupied;
        break;
      }
      case Condition::Subject::kCaptured:
        v = pos.counter(seat, kCaptured);
        break;
      case Condition::Subject::kCounter:
        v = pos.counter(seat, t.counter);
        break;
      case Condition::Subject::kPly:
        v = pos.global(kPly);
        break;
    }
    bool ok = false;
    switch (t.op) {
      case Condition::Op::kLt:
        ok = v < t.value;
        break;
      case Condition::Op::kLe:
        ok = v <= t.value;
        break;
      case Condition::Op::kEq:
        ok = v == t.value;
        break;
      case Condition::Op::kNe:
        ok = v != t.value;
        break;
      case Condition::Op::kGe:
        ok = v >= t.value;
        break;
      case Condition::Op::kGt:
        ok = v > t.value;
        break;
    }
    if (!ok) return false;
  }
  return true;
}

int current_phase(const Position& pos) {
  return pos.phase();
}

int Position::compute_phase() const {
  const Ruleset& r = *rules_;
  for (size_t i = 0; i < r.phases.size(); ++i)
    if (condition_holds(r.phases[i].when, *this, to_move_)) return static_cast<int>(i);
  return -1;
}

uint32_t phase_bit(const Position& pos) {
  if (pos.rules().phases.empty()) return ~0u;
  int p = current_phase(pos);
  return p < 0 ? 0u : 1u << p;
}

bool Position::asks_promotion(SiteId site) const {
  const PieceCode code = board_[site];
  if (!code) return false;
  const SeatId seat = piece_seat(code);
  const PieceType& pt = rules_->types[piece_type(code)];
  if (!pt.promo_ask || !promotion_at(*this, piece_type(code), seat, site)) return false;
  bool any = false;
  for_each_promotion(*this, piece_type(code), seat, site, [&](TypeId) { any = true; });
  return any;
}

bool Position::completes_line_by_sites(SiteId site, SeatId seat, SiteId vacated) const {
  const Topology& t = rules_->topology;
  for (int li : t.lines_through(site)) {
    bool full = true;
    for (SiteId x : t.lines()[li])
      if (x != site && (x == vacated || !board_[x] || piece_seat(board_[x]) != seat)) {
        full = false;
        break;
      }
    if (full) return true;
  }
  return false;
}

int Position::completed_square(SiteId site, TypeId t, int k,
                               std::array<SiteId, kMaxSquareSites>& out) const {
  const Topology& topo = rules_->topology;
  const int x = topo.x(site), y = topo.y(site);
  for (int x0 = x - k + 1; x0 <= x; ++x0)
    for (int y0 = y - k + 1; y0 <= y; ++y0) {
      int n = 0;
      for (int dx = 0; dx < k && n >= 0; ++dx)
        for (int dy = 0; dy < k && n >= 0; ++dy) {
          const SiteId s = topo.at(x0 + dx, y0 + dy);
          if (s == kNoSite || !board_[s] || piece_type(board_[s]) != t)
            n = -1;
          else
            out[n++] = s;
        }
      if (n > 0) return n;
    }
  return 0;
}

void Position::back_in_play(SeatId seat, Undo& u) {
  set_seat_state(seat, SeatState::kActive, 0, &u);
  // It commands its own army again, and no other: the command it had over an
  // ally lapsed when it left play.
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    set_controller(s, s == seat || controller(s) == seat ? s : controller(s), &u);
}

void Position::restore(const Stage::Effect& e, SeatId whose, Undo& u) {
  const Ruleset& r = *rules_;
  const Topology& topo = r.topology;
  const TypeId t = e.restore;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat) {
    if (e.team_only && !r.allies(seat, whose)) continue;
    if (is_out(seat)) continue;  // a seat that left play does not come back
    if (r.setup_count[seat][t] == 0 || counts_[make_piece(t, seat)] > 0) continue;
    SiteId home = kNoSite;
    for (SiteId s = 0; s < num_sites() && home == kNoSite; ++s)
      if (r.start_type[s] == t && r.start_seat[s] == seat) home = s;
    if (home == kNoSite) continue;  // it started in hand
    // The start square, or the nearest empty site (breadth first over the links,
    // in the board's order of directions).
    std::vector<SiteId> queue{home};
    std::vector<uint8_t> seen(num_sites(), 0);
    seen[home] = 1;
    SiteId where = kNoSite;
    for (size_t i = 0; i < queue.size() && where == kNoSite; ++i) {
      if (!board_[queue[i]]) {
        where = queue[i];
        break;
      }
      for (DirId d = 0; d < kNumDirs; ++d) {
        const SiteId n = topo.neighbor(queue[i], d);
        if (n != kNoSite && !seen[n]) {
          seen[n] = 1;
          queue.push_back(n);
        }
      }
    }
    if (where == kNoSite) continue;  // a full board: nowhere to come back to
    record_site(where, u);
    place(where, make_piece(t, seat), 0);
    back_in_play(seat, u);
  }
}

int Position::triggered_stage(const Move& m, SeatId mover, uint32_t bit) const {
  const Ruleset& r = *rules_;
  for (const Trigger& t : r.triggers) {
    if (!(t.phases & bit)) continue;
    switch (t.on) {
      case Trigger::On::kLine:
        if (m.to != kNoSite && board_[m.to] && piece_seat(board_[m.to]) == mover &&
            completes_line(m.to, mover))
          return t.stage;
        break;
      case Trigger::On::kFull: {
        int occupied = 0;
        for (SeatId s = 0; s < r.num_seats(); ++s) occupied += seat_pieces_[s];
        if (occupied == num_sites()) return t.stage;
        break;
      }
      case Trigger::On::kLabel:
        if (m.rule < r.rules.size() && r.rules[m.rule].label == t.label) return t.stage;
        break;
    }
  }
  return -1;
}

void Position::place(SiteId site, PieceCode code, uint8_t flags) {
  const Ruleset& r = *rules_;
  const int n = num_sites();
  PieceCode old = board_[site];
  // A seat's royal site is its royal piece on the lowest site, whatever order
  // the pieces came in, so that make/unmake restores it with several royals.
  SeatId lost_royal = -1;
  if (old) {
    hash_ ^= r.z_piece[old * n + site];
    --counts_[old];
    SeatId s = piece_seat(old);
    --seat_pieces_[s];
    const PieceType& t = r.types[piece_type(old)];
    seat_value_[s] -= t.value;
    if (t.royal && royal_site_[s] == site) {
      royal_site_[s] = kNoSite;
      lost_royal = s;
    }
    if (small_) occ_[s] &= ~(uint64_t{1} << site);
  }
  uint8_t diff = flags_[site] ^ flags;
  while (diff) {
    int b = __builtin_ctz(diff);
    hash_ ^= r.z_flag[b * n + site];
    diff &= diff - 1;
  }
  board_[site] = code;
  flags_[site] = flags;
  phase_ = kPhaseUnknown;
  if (code) {
    hash_ ^= r.z_piece[code * n + site];
    ++counts_[code];
    SeatId s = piece_seat(code);
    ++seat_pieces_[s];
    const PieceType& t = r.types[piece_type(code)];
    seat_value_[s] += t.value;
    if (t.royal && (royal_site_[s] == kNoSite || site < royal_site_[s])) royal_site_[s] = site;
    if (small_) occ_[s] |= uint64_t{1} << site;
  }
  if (lost_royal >= 0 && royal_site_[lost_royal] == kNoSite) {
    bool more = false;
    for (TypeId t : r.royals[lost_royal]) more |= counts_[make_piece(t, lost_royal)] > 0;
    for (SiteId x = 0; more && x < n && royal_site_[lost_royal] == kNoSite; ++x)
      if (board_[x] && piece_seat(board_[x]) == lost_royal && r.types[piece_type(board_[x])].royal)
        royal_site_[lost_royal] = x;
  }
}

void Position::record_site(SiteId site, Undo& undo) const {
  if (undo.nsites < undo.sites.size())
    undo.sites[undo.nsites++] = {site, board_[site], flags_[site]};
  else
    undo.more_sites.push_back({site, board_[site], flags_[site]});
}

void Position::set_site(SiteId site, PieceCode code, uint8_t flags, Undo* undo) {
  if (undo) record_site(site, *undo);
  place(site, code, flags);
}

void Position::set_var(int index, int value, Undo* undo) {
  if (vars_[index] == value) return;
  if (undo) {
    if (undo->nvars < undo->vars.size())
      undo->vars[undo->nvars++] = {static_cast<int16_t>(index), vars_[index]};
    else
      undo->more_vars.push_back({static_cast<int16_t>(index), vars_[index]});
  }
  // The global counters but the payments made once are not hashed (var_key).
  if (index < kGlobalBase || index >= kBanBase || index == kGlobalBase + kPaid)
    hash_ ^= var_key(index, vars_[index]) ^ var_key(index, value);
  vars_[index] = value;
  // Of the globals, conditions read only the ply.
  if (index < kGlobalBase || (index == kGlobalBase + kPly && rules_->phases_read_ply))
    phase_ = kPhaseUnknown;
}

SiteId Position::ban_from(SeatId seat) const {
  const int v = vars_[kBanBase + seat];
  return v ? static_cast<SiteId>((v - 1) / num_sites()) : kNoSite;
}

SiteId Position::ban_to(SeatId seat) const {
  const int v = vars_[kBanBase + seat];
  return v ? static_cast<SiteId>((v - 1) % num_sites()) : kNoSite;
}

void Position::set_ban(SeatId seat, SiteId from, SiteId to, Undo* undo) {
  set_var(kBanBase + seat, from == kNoSite ? 0 : 1 + from * num_sites() + to, undo);
}

void Position::set_to_move(SeatId seat) {
  hash_ ^= rules_->z_side[to_move_] ^ rules_->z_side[seat];
  to_move_ = seat;
  phase_ = kPhaseUnknown;
}

void Position::set_ep(SiteId ep, SiteId victim) {
  if (ep_ != kNoSite) hash_ ^= rules_->z_ep[ep_];
  ep_ = ep;
  ep_victim_ = victim;
  if (ep_ != kNoSite) hash_ ^= rules_->z_ep[ep_];
}

void Position::set_out(SeatId seat, bool out, Undo* undo) {
  if (is_out(seat) == out) return;
  set_seat_state(seat, out ? SeatState::kOut : SeatState::kActive, -1, undo);
}

void Position::set_roll(int roll) {
  hash_ ^= roll_key(roll_) ^ roll_key(roll);
  roll_ = static_cast<int16_t>(roll);
}

void Position::set_end(int rule, SeatId seat) {
  end_rule_ = static_cast<int16_t>(rule);
  end_seat_ = rule < 0 ? 0 : seat;
}

void Position::make(const Move& m, Undo& u) {
  if (!rules_->hooks) return make_inner(m, u);
  // A hook that fails leaves the position as it was before the move.
  try {
    make_inner(m, u);
  } catch (...) {
    unmake(m, u);
    throw;
  }
}

namespace {
// The packed dice of `roll` without one die of value `used` (see Position::roll).
int without_die(int roll, int used) {
  int out = 0, shift = 0;
  bool removed = false;
  for (int k = 0; k < Dice::kMaxDice; ++k) {
    int v = (roll >> (5 * k)) & 31;
    if (!v) break;
    if (!removed && v == used) {
      removed = true;
      continue;
    }
    out |= v << shift;
    shift += 5;
  }
  return out;
}
}  // namespace

void Position::make_inner(const Move& m, Undo& u) {
  const Ruleset& r = *rules_;
  u.nsites = 0;
  u.nvars = 0;
  if (!u.more_sites.empty()) u.more_sites.clear();
  if (!u.more_vars.empty()) u.more_vars.clear();
  u.hash = hash_;
  u.ep = ep_;
  u.ep_victim = ep_victim_;
  u.to_move = to_move_;
  u.roll = roll_;
  u.end_rule = end_rule_;
  u.end_seat = end_seat_;
  u.stage = stage_;
  u.owner = owner_;
  u.anchor = anchor_;
  u.out_mask = out_mask_;
  u.phase = phase_;
  u.seats_changed = false;
  history_.push_back(hash_);

  if (m.kind == MoveKind::kChance) {
    hash_ ^= roll_key(roll_) ^ roll_key(m.chance);
    roll_ = m.chance;
    set_global(kSinceReset, global(kSinceReset) + 1, &u);
    return;
  }
  const SeatId me = to_move_;
  const int was_stage = stage_;
  const SeatId owner = this->owner();
  if (r.end.counted_conditions && was_stage < 0 && !in_turn()) count_condition_moves(me, u);
  const bool ordinary =
      m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle;
  // Triggers look at the phase the move was made in.
  const uint32_t bit = r.phased_triggers && ordinary ? phase_bit(*this) : ~0u;
  if (ep_ != kNoSite) set_ep(kNoSite, kNoSite);
  if (roll_ &&
      (ordinary || m.kind == MoveKind::kAction || (m.kind == MoveKind::kPass && was_stage < 0))) {
    // One die: any move uses it. Several: a move uses the die it names, a pass all that remain.
    int rest = r.dice.count > 1 && ordinary ? without_die(roll_, m.chance) : 0;
    hash_ ^= roll_key(roll_) ^ roll_key(rest);
    roll_ = static_cast<int16_t>(rest);
  }
  bool reset = false;
  bool broke_line = false;  // the piece moved left a complete line of its seat
  TypeId mover_type = -1;
  int gained = 0, taken = 0;
  // Who is owed what this decision captures: the army of the piece that moves.
  SeatId credit = m.from != kNoSite && board_[m.from] ? piece_seat(board_[m.from]) : me;
  auto pay = [&](SeatId from, SeatId to, int amount) {
    set_counter(from, kStakes, counter(from, kStakes) - amount, &u);
    set_counter(to, kStakes, counter(to, kStakes) + amount, &u);
  };
  auto capture_at = [&](SiteId site, TypeId by) {
    PieceCode victim = board_[site];
    if (!victim) return;
    TypeId vt = piece_type(victim);
    gained += r.types[vt].value;
    ++taken;
    if (r.captures_to_hand) {
      // It joins the capturer's hand as what it was before it promoted.
      const PieceType& vpt = r.types[vt];
      TypeId as = (flags_[site] & r.promoted_flag) ? vpt.marked_hand_as : vpt.hand_as;
      if (as < 0) as = vt;
      set_hand(credit, as, hand(credit, as) + 1, &u);
    }
    for (const Payment& p : r.money.payments)
      if (p.on == Payment::On::kCapture && p.piece == vt && piece_seat(victim) != credit)
        pay(piece_seat(victim), credit, p.amount);
    for (size_t i = 0; i < r.end.on_capture.size(); ++i) {
      const CaptureEnd& ce = r.end.on_capture[i];
      if (ce.captured != vt || (ce.by >= 0 && ce.by != by)) continue;
      if (ce.effect == CaptureEnd::Effect::kFreeze || ce.effect == CaptureEnd::Effect::kOut) {
        SeatState st =
            ce.effect == CaptureEnd::Effect::kFreeze ? SeatState::kFrozen : SeatState::kOut;
        record_site(site, u);
        place(site, kEmpty, 0);
        set_seat_state(piece_seat(victim), st, 2 + static_cast<int>(i), &u);
        return;
      }
      if (end_rule_ < 0 && ce.effect != CaptureEnd::Effect::kContinue) {
        end_rule_ = static_cast<int16_t>(i);
        end_seat_ = me;
      }
      break;
    }
    record_site(site, u);
    place(site, kEmpty, 0);
  };
  switch (m.kind) {
    case MoveKind::kPass:
      if (was_stage < 0) set_global(kPasses, global(kPasses) + 1, &u);
      break;
    case MoveKind::kAnswer: {
      const Stage& st = r.stages[was_stage];
      if (m.chance >= 0 && m.chance < static_cast<int>(st.effects.size()) &&
          st.effects[m.chance].restore >= 0)
        restore(st.effects[m.chance], owner, u);
      break;
    }
    case MoveKind::kAction:
      if (r.actions[m.chance].stage < 0 && r.actions[m.chance].effect.restore >= 0)
        restore(r.actions[m.chance].effect, me, u);
      break;
    case MoveKind::kPromote: {
      const PieceCode code = board_[m.to];
      uint8_t fl = flags_[m.to];
      if (r.types[piece_type(code)].promo_marks && m.promote != piece_type(code))
        fl |= r.promoted_flag;
      record_site(m.to, u);
      place(m.to, make_piece(m.promote, piece_seat(code)), fl);
      break;
    }
    case MoveKind::kRemove:
      if (r.stages[was_stage].choice == Stage::Choice::kGiveOwn) credit = next_to_play(me);
      capture_at(m.to, -1);
      break;
    case MoveKind::kDrop:
      mover_type = m.drop_type;
      set_hand(me, m.drop_type, hand(me, m.drop_type) - 1, &u);
      for (int i = 0; i < m.ncap; ++i) capture_at(m.cap[i], mover_type);
      record_site(m.to, u);
      // A piece from the hand has moved: it never castles nor is a castling partner.
      place(m.to, make_piece(m.drop_type, me), r.types[m.drop_type].track_moved ? kFlagMoved : 0);
      break;
    default: {
      PieceCode code = board_[m.from];
      mover_type = piece_type(code);
      broke_line = r.return_ban != ReturnBan::kNone && completes_line(m.from, me);
      uint8_t fl = flags_[m.from] | m.set_flags;
      if (r.types[mover_type].track_moved) fl |= kFlagMoved;
      for (int i = 0; i < m.ncap; ++i) capture_at(m.cap[i], mover_type);
      if (m.kind == MoveKind::kCastle) {
        PieceCode partner = board_[m.from2];
        uint8_t pf = flags_[m.from2] | kFlagMoved;
        record_site(m.from2, u);
        place(m.from2, kEmpty, 0);
        record_site(m.from, u);
        place(m.from, kEmpty, 0);
        record_site(m.to2, u);
        place(m.to2, partner, pf);
        record_site(m.to, u);
        place(m.to, code, fl);
      } else {
        if (board_[m.to] && m.to != m.from) capture_at(m.to, mover_type);
        record_site(m.from, u);
        place(m.from, kEmpty, 0);
        if (m.promote >= 0) {
          if (r.types[mover_type].promo_marks && m.promote != mover_type) fl |= r.promoted_flag;
          code = make_piece(m.promote, piece_seat(code));
        }
        record_site(m.to, u);
        place(m.to, code, fl);
      }
      // Only an en passant site someone can use is held (and hashed).
      if (m.ep_set != kNoSite && ep_capture_possible(*this, m.ep_set, m.to)) set_ep(m.ep_set, m.to);
    }
  }
  if (r.move_effects) {
    // Payments, a seat back in play, what a piece's arrival does (rare: one test).
    if (!r.money.payments.empty() && ordinary && m.kind != MoveKind::kCastle && board_[m.to]) {
      // An enemy piece on the start square of a seat's piece: that seat pays, once.
      const SeatId owner_of_square = r.start_seat[m.to];
      const SeatId occupier = piece_seat(board_[m.to]);
      for (size_t i = 0; i < r.money.payments.size(); ++i) {
        const Payment& p = r.money.payments[i];
        if (p.on != Payment::On::kOccupy || owner_of_square < 0 || r.start_type[m.to] != p.piece ||
            r.allies(owner_of_square, occupier))
          continue;
        const int bit = static_cast<int>(i) * kMaxSeats + owner_of_square;
        if ((global(kPaid) >> bit) & 1) continue;
        set_global(kPaid, global(kPaid) | (1 << bit), &u);
        pay(owner_of_square, occupier, p.amount);
      }
    }
    if (m.promote >= 0 && m.to != kNoSite && board_[m.to]) {
      // A seat frozen by the capture of a type is back in play when it promotes to one.
      const SeatId s = piece_seat(board_[m.to]);
      const int why = seats_.reason[s] - 2;
      if (seats_.state[s] == static_cast<uint8_t>(SeatState::kFrozen) && why >= 0 &&
          why < static_cast<int>(r.end.on_capture.size()) &&
          r.end.on_capture[why].captured == m.promote) {
        back_in_play(s, u);
      }
    }
    if (r.any_arrival_effects && ordinary && m.kind != MoveKind::kCastle && board_[m.to] &&
        r.types[piece_type(board_[m.to])].arrival_effects()) {
      // What the piece's arrival does: command of an ally's army, a completed square.
      const TypeId t = piece_type(board_[m.to]);
      const PieceType& pt = r.types[t];
      const SeatId army = piece_seat(board_[m.to]);
      const SeatId ally = r.start_seat[m.to];
      if (pt.takes_command && ally >= 0 && ally != army && r.allies(ally, army) &&
          r.start_type[m.to] == t)
        set_controller(ally, army, &u);
      std::array<SiteId, kMaxSquareSites> block;
      const int nblock = pt.square > 0 ? completed_square(m.to, t, pt.square, block) : 0;
      for (int i = 0; i < nblock; ++i) {
        const SiteId s = block[i];
        const SeatId o = piece_seat(board_[s]);
        if (pt.square_captures && !r.allies(o, army)) {
          capture_at(s, t);
        } else if (pt.square_takes && o != army && r.allies(o, army)) {
          const uint8_t fl = flags_[s];
          record_site(s, u);
          place(s, make_piece(t, army), fl);
        }
      }
    }
  }
  if (m.kind != MoveKind::kPass) set_global(kPasses, 0, &u);
  if (r.return_ban != ReturnBan::kNone && was_stage < 0) {
    // The seat's turn has come, so last turn's ban is spent; this move may set one.
    SiteId from = kNoSite, to = kNoSite;
    if (broke_line && m.kind == MoveKind::kNormal &&
        (r.return_ban == ReturnBan::kAfterBreak || completes_line(m.to, me))) {
      from = m.to;
      to = m.from;
    }
    set_ban(me, from, to, &u);
  }
  if (taken) {
    reset = true;
    set_counter(credit, kCaptured, counter(credit, kCaptured) + taken, &u);
    if (r.stakes) set_counter(credit, kStakes, counter(credit, kStakes) + gained, &u);
  }
  if (mover_type >= 0 && r.types[mover_type].reset_counter) reset = true;
  if (r.end.extinction)
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (seats_.state[s] != static_cast<uint8_t>(SeatState::kOut) && seat_pieces_[s] == 0 &&
          hand_total(s) == 0)
        set_seat_state(s, SeatState::kOut, 1, &u);
  if (!r.end.leave.terms.empty())
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (!is_out(s) && condition_holds(r.end.leave, *this, s))
        set_seat_state(s, SeatState::kOut, kLeftByLeave, &u);

  // What comes next: a stage this decision starts or continues, the same seat
  // again while dice remain, or the next seat in turn order.
  int next_stage = -1;
  SiteId anchor = kNoSite;
  if (r.simple_flow) {
    // Nothing can follow: the next seat plays.
  } else if (m.kind == MoveKind::kAction) {
    next_stage = r.actions[m.chance].stage;  // -1: done, the next seat plays
  } else if (r.promotion_stage >= 0 && m.kind == MoveKind::kNormal && m.promote < 0 &&
             asks_promotion(m.to)) {
    next_stage = r.promotion_stage;
    anchor = m.to;
  } else if (was_stage >= 0) {
    const Stage& st = r.stages[was_stage];
    if (st.choice == Stage::Choice::kMoveAgain && ordinary)
      next_stage = triggered_stage(m, me, bit);
    if (next_stage < 0) next_stage = st.then;
  } else if (!r.triggers.empty() && ordinary) {
    next_stage = triggered_stage(m, me, bit);
  }
  SeatId next;
  if (next_stage >= 0) {
    const Stage& ns = r.stages[next_stage];
    next = me;
    if (ns.who != Stage::Who::kMover) {
      next = next_to_play(me);
      for (int i = 0; ns.who == Stage::Who::kNextEnemy && r.allies(next, me) && i < r.num_seats();
           ++i)
        next = next_to_play(next);
    }
    set_stage(next_stage, owner, anchor);
  } else if (r.simple_flow) {
    next = inert_mask_ ? next_to_play(owner) : r.next_seat(owner);
  } else {
    if (stage_ >= 0) set_stage(-1, 0);
    next = r.dice.count > 1 && roll_ != 0 && takes_turns(owner) ? owner
           : inert_mask_                                        ? next_to_play(owner)
                                                                : r.next_seat(owner);
  }
  set_to_move(next);
  set_global(kSinceReset, reset ? 0 : global(kSinceReset) + 1, &u);
  if (r.has_continuations && in_turn()) {
    if (reset) set_global(kHalfmove, 0, &u);
  } else {
    set_global(kHalfmove, reset ? 0 : global(kHalfmove) + 1, &u);
    set_global(kPly, global(kPly) + 1, &u);
    if (r.end.material_max > 0) {
      bool holds = true;
      int value = -1;
      for (SeatId s = 0; s < r.num_seats() && holds; ++s) {
        if (seat_pieces_[s] > r.end.material_max) holds = false;
        if (value >= 0 && seat_value_[s] != value) holds = false;
        value = seat_value_[s];
      }
      set_global(kMaterialPlies, holds ? global(kMaterialPlies) + 1 : 0, &u);
    }
  }
  if (r.hooks && r.hooks->has_after()) {
    r.hooks->after(*this, m, u);
    // The hook may have taken the next seat out of play.
    if (u.seats_changed && stage_ < 0 && !in_turn() && !takes_turns(to_move_))
      set_to_move(next_to_play(owner));
  }
}

void Position::count_condition_moves(SeatId seat, Undo& u) {
  // Before the first decision of seat's turn: one more move in a row begun
  // while the condition held for it, or none.
  for (const ConditionEnd& c : rules_->end.on_condition) {
    if (c.moves <= 0) continue;
    const int k = kConditionMoves + c.slot * kMaxSeats + seat;
    set_global(k, condition_holds(c.when, *this, seat) ? global(k) + 1 : 0, &u);
  }
}

void Position::unmake(const Move& m, const Undo& u) {
  (void)m;
  for (auto it = u.more_sites.rbegin(); it != u.more_sites.rend(); ++it)
    place(it->site, it->code, it->flags);
  for (int i = u.nsites - 1; i >= 0; --i) place(u.sites[i].site, u.sites[i].code, u.sites[i].flags);
  for (auto it = u.more_vars.rbegin(); it != u.more_vars.rend(); ++it) vars_[it->index] = it->old;
  for (int i = u.nvars - 1; i >= 0; --i) vars_[u.vars[i].index] = u.vars[i].old;
  ep_ = u.ep;
  ep_victim_ = u.ep_victim;
  to_move_ = u.to_move;
  roll_ = u.roll;
  end_rule_ = u.end_rule;
  end_seat_ = u.end_seat;
  stage_ = u.stage;
  owner_ = u.owner;
  anchor_ = u.anchor;
  out_mask_ = u.out_mask;
  if (u.seats_changed) {
    seats_ = u.seats;
    refresh_inert();
  }
  hash_ = u.hash;
  phase_ = u.phase;
  history_.pop_back();
}

bool Position::operator==(const Position& o) const {
  // The decisions since the last reset belong with the history, which is not compared.
  auto same_vars = [&] {
    for (int i = 0; i < kNumVars; ++i)
      if (i != kGlobalBase + kSinceReset && vars_[i] != o.vars_[i]) return false;
    return true;
  };
  return board_ == o.board_ && flags_ == o.flags_ && same_vars() && hash_ == o.hash_ &&
         ep_ == o.ep_ && ep_victim_ == o.ep_victim_ && to_move_ == o.to_move_ && roll_ == o.roll_ &&
         end_rule_ == o.end_rule_ && out_mask_ == o.out_mask_ && counts_ == o.counts_ &&
         royal_site_ == o.royal_site_ && occ_ == o.occ_ && stage_ == o.stage_ &&
         owner_ == o.owner_ && anchor_ == o.anchor_ && seats_.state == o.seats_.state &&
         seats_.controller == o.seats_.controller && seats_.left_at == o.seats_.left_at &&
         seats_.reason == o.seats_.reason;
}

}  // namespace regula
