#include "core/position.h"

#include <cassert>

#include "core/attacks.h"
#include "core/flow.h"
#include "core/movegen.h"
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
  const Ruleset::Gating& g = rules_->gating;
  uint32_t may_gate = rules_->captures_to_hand ? ~0u : 0u;  // bit per seat
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(rules_->types.size()); ++t)
      if (rules_->setup_hand[s][t]) {
        set_hand(s, t, rules_->setup_hand[s][t]);
        if (g.gates(t)) may_gate |= 1u << s;
      }
  // Gating rights (Ruleset::Gating) belong to the pieces that start in the
  // region, where their seat has something in hand to gate.
  for (auto [site, code] : rules_->setup) {
    const SeatId s = piece_seat(code);
    const bool right =
        g.on() && ((may_gate >> s) & 1u) && rules_->regions[g.region].contains(s, site);
    set_site(site, code, right ? kFlagGate : 0);
  }
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

SeatId Position::next_in_play(SeatId after) const {
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
  put_stage(stage, owner, anchor);
  turn_open_ = turn_goes_on(*this);
}

void Position::set_turn(int decisions, bool reset) {
  turn_decisions_ = static_cast<uint8_t>(decisions);
  turn_reset_ = reset;
  turn_open_ = turn_goes_on(*this);
}

namespace {

// The pieces a condition's term counts for seat, among those of seat s.
[[gnu::always_inline]] inline int pieces_counted(const Condition::Term& t, const Position& pos,
                                                 SeatId s) {
  const Ruleset& r = pos.rules();
  if (t.region >= 0) {
    // The pieces in the region, as their own seat sees it.
    const Region& reg = r.regions[t.region];
    int v = 0;
    if (pos.has_occupancy()) {  // only the seat's own sites
      for (uint64_t own = pos.occupied(s); own; own &= own - 1) {
        const auto site = static_cast<SiteId>(__builtin_ctzll(own));
        if ((!t.types || (t.types >> piece_type(pos.at(site))) & 1) && reg.contains(s, site)) ++v;
      }
      return v;
    }
    for (SiteId site = 0, n = pos.num_sites(); site < n; ++site) {
      const PieceCode c = pos.at(site);
      if (c && piece_seat(c) == s && (!t.types || (t.types >> piece_type(c)) & 1) &&
          reg.contains(s, site))
        ++v;
    }
    return v;
  }
  if (!t.types) return pos.pieces(s);
  int v = 0;
  for (uint32_t b = t.types; b; b &= b - 1)
    v += pos.count(make_piece(static_cast<TypeId>(__builtin_ctz(b)), s));
  return v;
}

// The quantity a condition's term reads, for seat.
[[gnu::always_inline]] inline int quantity(const Condition::Term& t, const Position& pos,
                                           SeatId seat) {
  const Ruleset& r = pos.rules();
  int v = 0;
  switch (t.subject) {
    case Condition::Subject::kHand:
      return pos.hand_total(seat);
    case Condition::Subject::kPieces:
      return pieces_counted(t, pos, seat);
    case Condition::Subject::kTeamPieces:
    case Condition::Subject::kEnemyPieces:
      for (SeatId s = 0; s < r.num_seats(); ++s) {
        const bool counted =
            t.subject == Condition::Subject::kEnemyPieces ? !r.allies(s, seat) : r.allies(s, seat);
        if (counted) v += pieces_counted(t, pos, s);
      }
      return v;
    case Condition::Subject::kEmpty:
      for (SeatId s = 0; s < r.num_seats(); ++s) v += pos.pieces(s);
      return pos.num_sites() - v;
    case Condition::Subject::kCaptured:
      return pos.counter(seat, kCaptured);
    case Condition::Subject::kCounter:
      return pos.counter(seat, t.counter);
    case Condition::Subject::kPly:
      return pos.global(kPly);
  }
  return 0;
}

[[gnu::always_inline]] inline bool compares(Condition::Op op, int v, int value) {
  switch (op) {
    case Condition::Op::kLt:
      return v < value;
    case Condition::Op::kLe:
      return v <= value;
    case Condition::Op::kEq:
      return v == value;
    case Condition::Op::kNe:
      return v != value;
    case Condition::Op::kGe:
      return v >= value;
    case Condition::Op::kGt:
      return v > value;
  }
  return false;
}

}  // namespace

bool condition_holds(const Condition& c, const Position& pos, SeatId seat) {
  for (const Condition::Term& t : c.terms)
    if (!compares(t.op, quantity(t, pos, seat), t.value)) return false;
  return true;
}

bool condition_end_holds(const ConditionEnd& e, const Position& pos, SeatId seat) {
  if (condition_holds(e.when, pos, seat)) return true;
  return !e.lasts.terms.empty() && e.moves > 0 &&
         pos.global(kConditionMoves + e.slot * kMaxSeats + seat) > 0 &&
         condition_holds(e.lasts, pos, seat);
}

int current_phase(const Position& pos) {
  return pos.phase();
}

int Position::compute_phase() const {
  return phase_from(0);
}

// The first phase from `first` on that holds for the seat to move. One that holds
// only when blocked stands where the seat has no move in the phase that would hold
// without it (the next that holds); while its moves are listed, the position
// answers that phase to whoever asks (a hook, the generation itself).
int Position::phase_from(size_t first) const {
  const Ruleset& r = *rules_;
  for (size_t i = first; i < r.phases.size(); ++i) {
    if (!condition_holds(r.phases[i].when, *this, to_move_)) continue;
    if (!r.phases[i].only_when_blocked) return static_cast<int>(i);
    const int below = phase_from(i + 1);
    // Put back what was known, also when a hook throws while the moves are listed.
    struct Assumed {
      int8_t& phase;
      int8_t known;
      ~Assumed() { phase = known; }
    } assumed{phase_, phase_};
    phase_ = static_cast<int8_t>(below);
    return has_piece_moves(*this) ? below : static_cast<int>(i);
  }
  return -1;
}

uint32_t phase_bit(const Position& pos) {
  if (pos.rules().phases.empty()) return ~0u;
  int p = current_phase(pos);
  return p < 0 ? 0u : 1u << p;
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
  turn_open_ = turn_goes_on(*this);
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

// make() is a list of named steps: save what unmake needs; a throw of the
// dice, or the decision itself (its board changes raising the rule effects of
// captures, arrivals and promotions); what the decision did (clocks of passes
// and captures, the effects of its end); then the turn flow says what comes
// next, and at the end of a turn the clocks move once, from the whole turn.
void Position::make_inner(const Move& m, Undo& u) {
  save_undo(u);
  history_.push_back(hash_);
  if (m.kind == MoveKind::kChance) return throw_dice(m, u);
  const Ruleset& r = *rules_;
  EffectContext ctx{*this, m, u, to_move_, to_move_};
  ctx.stage = stage_;
  ctx.capture_fn = &Position::capture_piece;
  // Who is owed what this decision captures: the army of the piece that moves.
  if (m.from != kNoSite && board_[m.from]) ctx.credit = piece_seat(board_[m.from]);
  const EffectLists& fx = *r.effects;
  if (turn_decisions_ == 0 && stage_ < 0)
    for (const Effect* e : fx.on(Event::kTurnStart)) e->on_turn_start(ctx);
  const bool ordinary =
      m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle;
  // Triggers look at the phase the move was made in.
  const DecisionFacts facts{to_move_, owner(), stage_,
                            r.phased_triggers && ordinary ? phase_bit(*this) : ~0u};
  if (ep_ != kNoSite) set_ep(kNoSite, kNoSite);
  if (roll_) {
    const int rest = dice_after(r, roll_, m, stage_);
    hash_ ^= roll_key(roll_) ^ roll_key(rest);
    roll_ = static_cast<int16_t>(rest);
  }
  apply_decision(ctx);
  raise_arrival(ctx);
  account_decision(ctx);
  follow_flow(ctx, r.fast.simple_flow && !inert_mask_
                       ? FlowStep{-1, kNoSite, r.next_seat(facts.owner)}
                       : flow_after(*this, m, facts));
  if (r.hooks && r.hooks->has_after()) {
    r.hooks->after(*this, m, u);
    // The hook may have taken the next seat out of play.
    if (u.seats_changed && between_turns() && !takes_turns(to_move_))
      set_to_move(next_in_play(facts.owner));
  }
}

void Position::save_undo(Undo& u) {
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
  u.turn_decisions = turn_decisions_;
  u.turn_open = turn_open_;
  u.turn_reset = turn_reset_;
}

void Position::throw_dice(const Move& m, Undo& u) {
  // A throw stands between turns: it neither starts nor ends one.
  hash_ ^= roll_key(roll_) ^ roll_key(m.chance);
  roll_ = m.chance;
  set_global(kSinceReset, global(kSinceReset) + 1, &u);
}

void Position::capture_piece(EffectContext& c, SiteId site, TypeId by) {
  Position& pos = c.pos;
  const PieceCode victim = pos.board_[site];
  if (!victim) return;
  c.gained += pos.rules_->types[piece_type(victim)].value;
  ++c.taken;
  for (const Effect* e : pos.rules_->effects->on(Event::kCapture))
    e->on_capture(c, site, victim, by);
  pos.record_site(site, c.undo);
  pos.place(site, kEmpty, 0);
}

// The decision's own change of the board: what moves, is dropped, promoted,
// removed or answered.
void Position::apply_decision(EffectContext& c) {
  const Ruleset& r = *rules_;
  const Move& m = c.move;
  Undo& u = c.undo;
  switch (m.kind) {
    case MoveKind::kPass:
      if (c.stage < 0) set_global(kPasses, global(kPasses) + 1, &u);
      break;
    case MoveKind::kAnswer:
      for (const Effect* e : r.effects->on(Event::kAnswer)) e->on_answer(c, c.stage, m.chance);
      break;
    case MoveKind::kAction:
      for (const Effect* e : r.effects->on(Event::kAction)) e->on_action(c, m.chance);
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
      // A piece given away counts as captured by the seat that receives it.
      if (r.stages[c.stage].choice == Stage::Choice::kGiveOwn) c.credit = next_in_play(c.mover);
      capture_piece(c, m.to, -1);
      break;
    case MoveKind::kDrop:
      c.by = m.drop_type;
      // A stage's placement comes from an unlimited supply, not from the hand.
      if (c.stage < 0 || r.stages[c.stage].choice != Stage::Choice::kPlace)
        set_hand(c.mover, m.drop_type, hand(c.mover, m.drop_type) - 1, &u);
      for (int i = 0; i < m.ncap; ++i) capture_piece(c, m.cap[i], c.by);
      record_site(m.to, u);
      // A piece from the hand has moved: it never castles nor is a castling partner.
      place(m.to, make_piece(m.drop_type, c.mover),
            r.types[m.drop_type].track_moved ? kFlagMoved : 0);
      break;
    default:
      move_piece(c);
  }
}

// An ordinary move or castling: the piece leaves its site, takes what it
// captures and lands, promoted if it promotes.
void Position::move_piece(EffectContext& c) {
  const Ruleset& r = *rules_;
  const Move& m = c.move;
  Undo& u = c.undo;
  PieceCode code = board_[m.from];
  c.by = piece_type(code);
  for (const Effect* e : r.effects->on(Event::kDeparture)) e->on_departure(c, m.from);
  uint8_t fl = flags_[m.from] | m.set_flags;
  if (r.types[c.by].track_moved) fl |= kFlagMoved;
  for (int i = 0; i < m.ncap; ++i) capture_piece(c, m.cap[i], c.by);
  for (const Effect* e : r.effects->on(Event::kPassOver))
    for (int i = 0; i < m.npath; ++i) e->on_pass_over(c, m.path[i]);
  if (m.kind == MoveKind::kCastle) {
    const PieceCode partner = board_[m.from2];
    const uint8_t pf = flags_[m.from2] | kFlagMoved;
    record_site(m.from2, u);
    place(m.from2, kEmpty, 0);
    record_site(m.from, u);
    place(m.from, kEmpty, 0);
    record_site(m.to2, u);
    place(m.to2, partner, pf);
    record_site(m.to, u);
    place(m.to, code, fl);
    return;
  }
  if (board_[m.to] && m.to != m.from) capture_piece(c, m.to, c.by);
  record_site(m.from, u);
  place(m.from, kEmpty, 0);
  if (m.promote >= 0) {
    if (r.types[c.by].promo_marks && m.promote != c.by) fl |= r.promoted_flag;
    code = make_piece(m.promote, piece_seat(code));
  }
  record_site(m.to, u);
  place(m.to, code, fl);
  // Only an en passant site someone can use is held (and hashed).
  if (m.ep_set != kNoSite && ep_capture_possible(*this, m.ep_set, m.to)) set_ep(m.ep_set, m.to);
}

// The effects of a piece that has changed type, then of one that has arrived.
void Position::raise_arrival(EffectContext& c) {
  const EffectLists& fx = *rules_->effects;
  const Move& m = c.move;
  if (m.to == kNoSite || !board_[m.to]) return;
  if (m.promote >= 0)
    for (const Effect* e : fx.on(Event::kPromotion)) e->on_promotion(c, m.to);
  if (fx.any(Event::kArrival) && m.kind != MoveKind::kCastle &&
      (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop))
    for (const Effect* e : fx.arrivals(piece_type(board_[m.to]))) {
      if (!board_[m.to]) break;  // an earlier effect took the piece off
      e->on_arrival(c, m.to);
    }
}

// What the decision did, for the clocks and the effects of its end.
void Position::account_decision(EffectContext& c) {
  const Ruleset& r = *rules_;
  if (c.move.kind != MoveKind::kPass) set_global(kPasses, 0, &c.undo);
  if (c.taken) {
    c.reset = true;
    set_counter(c.credit, kCaptured, counter(c.credit, kCaptured) + c.taken, &c.undo);
  }
  if (c.by >= 0 && r.types[c.by].reset_counter) c.reset = true;
  for (const Effect* e : r.effects->on(Event::kDecisionEnd)) e->on_decision_end(c);
}

void Position::put_stage(int stage, SeatId owner, SiteId anchor) {
  hash_ ^= stage_key();
  stage_ = static_cast<int8_t>(stage);
  owner_ = stage < 0 ? 0 : owner;
  anchor_ = stage < 0 ? kNoSite : anchor;
  hash_ ^= stage_key();
}

// Applies the flow's step: the stage now pending and the seat that decides;
// the turn goes on, or ends.
void Position::follow_flow(EffectContext& c, const FlowStep& next) {
  const SeatId owner = stage_ >= 0 ? owner_ : c.mover;
  if (next.stage >= 0 || stage_ >= 0) put_stage(next.stage, owner, next.anchor);
  if (next.clear_dice && roll_) {
    hash_ ^= roll_key(roll_);
    roll_ = 0;
  }
  set_to_move(next.seat);
  set_global(kSinceReset, c.reset ? 0 : global(kSinceReset) + 1, &c.undo);
  if (next.turn_goes_on) {
    turn_open_ = true;
    turn_reset_ = turn_reset_ || c.reset;
    if (turn_decisions_ < 255) ++turn_decisions_;
    return;
  }
  end_turn(c, turn_reset_ || c.reset);
}

// The end of a turn: the clocks move once, from what the whole turn did.
void Position::end_turn(EffectContext& c, bool reset) {
  turn_open_ = false;
  turn_reset_ = false;
  turn_decisions_ = 0;
  set_global(kHalfmove, reset ? 0 : global(kHalfmove) + 1, &c.undo);
  set_global(kPly, global(kPly) + 1, &c.undo);
  for (const Effect* e : rules_->effects->on(Event::kTurnEnd)) e->on_turn_end(c);
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
  turn_decisions_ = u.turn_decisions;
  turn_open_ = u.turn_open;
  turn_reset_ = u.turn_reset;
  history_.pop_back();
}

bool Position::operator==(const Position& o) const {
  // The decisions since the last reset belong with the history, which is not compared.
  auto same_vars = [&] {
    for (int i = 0; i < kNumVars; ++i)
      if (i != kGlobalBase + kSinceReset && i != kGlobalBase + kChecksInARow &&
          i != kGlobalBase + kChecksInARow + 1 && vars_[i] != o.vars_[i])
        return false;
    return true;
  };
  return board_ == o.board_ && flags_ == o.flags_ && same_vars() && hash_ == o.hash_ &&
         ep_ == o.ep_ && ep_victim_ == o.ep_victim_ && to_move_ == o.to_move_ && roll_ == o.roll_ &&
         end_rule_ == o.end_rule_ && out_mask_ == o.out_mask_ && counts_ == o.counts_ &&
         royal_site_ == o.royal_site_ && occ_ == o.occ_ && stage_ == o.stage_ &&
         owner_ == o.owner_ && anchor_ == o.anchor_ && seats_.state == o.seats_.state &&
         seats_.controller == o.seats_.controller && seats_.left_at == o.seats_.left_at &&
         seats_.reason == o.seats_.reason && turn_decisions_ == o.turn_decisions_ &&
         turn_open_ == o.turn_open_ && turn_reset_ == o.turn_reset_;
}

}  // namespace regula
