#include "core/position.h"

#include <cassert>

namespace regula {

Position::Position(std::shared_ptr<const Ruleset> rules, EmptyTag) : rules_(std::move(rules)) {
  board_.assign(rules_->topology.size(), kEmpty);
  flags_.assign(rules_->topology.size(), 0);
  royal_site_.fill(kNoSite);
  to_move_ = rules_->first;
  hash_ = compute_hash();
}

Position::Position(std::shared_ptr<const Ruleset> rules) : Position(std::move(rules), EmptyTag{}) {
  for (auto [site, code] : rules_->setup) set_site(site, code, 0);
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(rules_->types.size()); ++t)
      if (rules_->setup_hand[s][t]) set_hand(s, t, rules_->setup_hand[s][t]);
}

Position Position::empty(std::shared_ptr<const Ruleset> rules) {
  return Position(std::move(rules), EmptyTag{});
}

uint64_t Position::var_key(int index, int value) const {
  if (value == 0 || index >= kGlobalBase) return 0;
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
  h ^= r.z_roll[roll_ & 63];
  for (int i = 0; i < kGlobalBase; ++i) h ^= var_key(i, vars_[i]);
  for (int s = 0; s < kMaxSeats; ++s)
    if ((out_mask_ >> s) & 1) h ^= r.z_out[s];
  return h;
}

void Position::place(SiteId site, PieceCode code, uint8_t flags) {
  const Ruleset& r = *rules_;
  const int n = num_sites();
  PieceCode old = board_[site];
  if (old) {
    hash_ ^= r.z_piece[old * n + site];
    --counts_[old];
    SeatId s = piece_seat(old);
    --seat_pieces_[s];
    const PieceType& t = r.types[piece_type(old)];
    seat_value_[s] -= t.value;
    if (t.royal && royal_site_[s] == site) royal_site_[s] = kNoSite;
  }
  uint8_t diff = flags_[site] ^ flags;
  while (diff) {
    int b = __builtin_ctz(diff);
    hash_ ^= r.z_flag[b * n + site];
    diff &= diff - 1;
  }
  board_[site] = code;
  flags_[site] = flags;
  if (code) {
    hash_ ^= r.z_piece[code * n + site];
    ++counts_[code];
    SeatId s = piece_seat(code);
    ++seat_pieces_[s];
    const PieceType& t = r.types[piece_type(code)];
    seat_value_[s] += t.value;
    if (t.royal) royal_site_[s] = site;
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
  hash_ ^= var_key(index, vars_[index]) ^ var_key(index, value);
  vars_[index] = value;
}

void Position::set_to_move(SeatId seat) {
  hash_ ^= rules_->z_side[to_move_] ^ rules_->z_side[seat];
  to_move_ = seat;
}

void Position::set_ep(SiteId ep, SiteId victim) {
  if (ep_ != kNoSite) hash_ ^= rules_->z_ep[ep_];
  ep_ = ep;
  ep_victim_ = victim;
  if (ep_ != kNoSite) hash_ ^= rules_->z_ep[ep_];
}

void Position::set_out(SeatId seat, bool out, Undo* undo) {
  (void)undo;  // out_mask is saved whole in every Undo
  if (is_out(seat) == out) return;
  out_mask_ ^= static_cast<uint8_t>(1u << seat);
  hash_ ^= rules_->z_out[seat];
}

void Position::set_roll(int roll) {
  hash_ ^= rules_->z_roll[roll_ & 63] ^ rules_->z_roll[roll & 63];
  roll_ = static_cast<int16_t>(roll);
}

void Position::set_end(int rule, SeatId seat) {
  end_rule_ = static_cast<int16_t>(rule);
  end_seat_ = rule < 0 ? 0 : seat;
}

void Position::make(const Move& m, Undo& u) {
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
  u.out_mask = out_mask_;
  history_.push_back(hash_);

  if (m.kind == MoveKind::kChance) {
    hash_ ^= r.z_roll[roll_ & 63] ^ r.z_roll[m.chance & 63];
    roll_ = m.chance;
    return;
  }
  const SeatId me = to_move_;
  if (ep_ != kNoSite) set_ep(kNoSite, kNoSite);
  if (roll_) {
    hash_ ^= r.z_roll[roll_ & 63] ^ r.z_roll[0];
    roll_ = 0;
  }
  if (m.kind == MoveKind::kPass) {
    set_global(kPasses, global(kPasses) + 1, &u);
    set_global(kHalfmove, global(kHalfmove) + 1, &u);
  } else {
    bool reset = false;
    TypeId mover_type;
    int gained = 0, taken = 0;
    auto capture_at = [&](SiteId site, TypeId by) {
      PieceCode victim = board_[site];
      if (!victim) return;
      TypeId vt = piece_type(victim);
      gained += r.types[vt].value;
      ++taken;
      if (end_rule_ < 0) {
        for (size_t i = 0; i < r.end.on_capture.size(); ++i) {
          const CaptureEnd& ce = r.end.on_capture[i];
          if (ce.captured == vt && (ce.by < 0 || ce.by == by)) {
            if (ce.effect != CaptureEnd::Effect::kContinue) {
              end_rule_ = static_cast<int16_t>(i);
              end_seat_ = me;
            }
            break;
          }
        }
      }
      record_site(site, u);
      place(site, kEmpty, 0);
    };
    if (m.kind == MoveKind::kDrop) {
      mover_type = m.drop_type;
      set_hand(me, m.drop_type, hand(me, m.drop_type) - 1, &u);
      for (int i = 0; i < m.ncap; ++i) capture_at(m.cap[i], mover_type);
      record_site(m.to, u);
      place(m.to, make_piece(m.drop_type, me), 0);
    } else {
      PieceCode code = board_[m.from];
      mover_type = piece_type(code);
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
        if (m.promote >= 0) code = make_piece(m.promote, me);
        record_site(m.to, u);
        place(m.to, code, fl);
      }
      if (m.ep_set != kNoSite) set_ep(m.ep_set, m.to);
    }
    if (taken) {
      reset = true;
      set_counter(me, kCaptured, counter(me, kCaptured) + taken, &u);
      if (r.stakes) set_counter(me, kStakes, counter(me, kStakes) + gained, &u);
    }
    if (r.types[mover_type].reset_counter) reset = true;
    set_global(kHalfmove, reset ? 0 : global(kHalfmove) + 1, &u);
    set_global(kPasses, 0, &u);
  }
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
  SeatId next = r.next_seat(me);
  for (int i = 0; i < r.num_seats() && is_out(next); ++i) next = r.next_seat(next);
  set_to_move(next);
  if (r.hooks && r.hooks->has_after()) r.hooks->after(*this, m, u);
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
  out_mask_ = u.out_mask;
  hash_ = u.hash;
  history_.pop_back();
}

bool Position::operator==(const Position& o) const {
  return board_ == o.board_ && flags_ == o.flags_ && vars_ == o.vars_ && hash_ == o.hash_ &&
         ep_ == o.ep_ && ep_victim_ == o.ep_victim_ && to_move_ == o.to_move_ && roll_ == o.roll_ &&
         end_rule_ == o.end_rule_ && out_mask_ == o.out_mask_ && counts_ == o.counts_ &&
         royal_site_ == o.royal_site_;
}

}  // namespace regula
