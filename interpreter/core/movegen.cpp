#include "core/movegen.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/hands.h"
#include "core/rule_error.h"

namespace regula {

namespace {

// A capture chain as a decision: where it ends and the set of sites it clears
// (sorted), for finding chains that differ only in the order of their captures.
struct ChainKey {
  SiteId to;
  uint8_t n;
  TypeId promote;  // crowned during the chain, or -1
  std::array<SiteId, kMaxCaptures> cap;
  bool operator==(const ChainKey& o) const {
    return to == o.to && n == o.n && promote == o.promote &&
           std::equal(cap.begin(), cap.begin() + n, o.cap.begin());
  }
};

// Shared state of one generation pass.
struct Gen {
  const Position& pos;
  const Ruleset& r;
  const Topology& topo;
  MoveList& out;
  SeatId me;
  int n;
  uint32_t phase = ~0u;  // bit of the current phase (MoveRule::phases)
  int phase_slot = 0;    // index into PieceType::phase_rules
  int die = 0;           // with several dice: the value being tried
  // Capture chains: the landings tried so far in this pass (bounded by
  // kMaxChainLandings), and the decisions found from the current origin.
  int chain_landings = 0;
  // The decisions found by the chains from the current origin, past the
  // inline room of HopState::keys.
  std::vector<ChainKey> more_chain_keys{};
  uint64_t all = 0;  // occupied_all(), once known
  bool all_known = false;
  uint64_t enemies = 0;  // sites of seats not allied with me (may_hop), once known
  bool enemies_known = false;

  bool enemy(PieceCode c) const { return c && !r.allies(piece_seat(c), me); }

  // May a piece of type t capture what stands on site (known non-empty)?
  bool can_take(TypeId t, PieceCode victim) const {
    return enemy(victim) && r.may_capture(t, piece_type(victim));
  }

  // Writes every field of a move but the capture and path arrays.
  static void header(Move& m, SiteId from, SiteId to, int rule_index, const MoveRule& rule) {
    m.from = from;
    m.to = to;
    m.kind = MoveKind::kNormal;
    m.promote = -1;
    m.drop_type = -1;
    m.set_flags = rule.sets_flags;
    m.rule = static_cast<uint16_t>(rule_index);
    m.from2 = m.to2 = m.ep_set = kNoSite;
    m.chance = 0;
    m.ncap = m.npath = 0;
  }

  // Starts a move in the next slot of the list, without copying a whole Move.
  Move& start(SiteId from, SiteId to, int rule_index, const MoveRule& rule) {
    Move& m = out.add();
    header(m, from, to, rule_index, rule);
    return m;
  }

  // Expands the last move of the list into one move per promotion choice where
  // the piece of type t promotes on arrival.
  void promote_last(TypeId t) {
    const PieceType& pt = r.types[t];
    if (pt.promotions.empty()) return;
    Move& last = out[out.size() - 1];
    const Promotion* pr = promotion_at(pos, t, me, last.from, last.to);
    if (!pr) return;
    const bool must = pr->mandatory || promotion_forced(r, *pr, t, me, last.to);
    if (pt.promo_ask) {  // asked for afterwards, as a stage of its own
      if (must && pr->none_lost_illegal && !any_promotion(pos, pr, t, me, last.to)) out.pop();
      return;
    }
    const Move m = last;
    out.pop();
    int choices = 0;
    for_each_promotion(pos, pr, t, me, m.to, [&](TypeId p) {
      Move& x = out.add();
      x = m;
      x.promote = p;
      ++choices;
    });
    // With no type to promote to (none lost yet), the piece arrives unpromoted,
    // unless the rules forbid such a move.
    if (!must || (choices == 0 && !pr->none_lost_illegal)) out.push(m);
  }

  void emit(const Move& m, TypeId t) {
    out.push(m);
    promote_last(t);
  }

  bool to_ok(const MoveRule& rule, SiteId to) const {
    return rule.to_region < 0 || r.regions[rule.to_region].contains(me, to);
  }

  // May a piece of type t end a move of this rule on s (empty or capturable)?
  bool lands(const MoveRule& rule, TypeId t, SiteId s) const {
    PieceCode c = pos.at(s);
    bool ok = c ? has_mode(rule.mode, Mode::kCapture) && can_take(t, c)
                : has_mode(rule.mode, Mode::kMove);
    return ok && to_ok(rule, s);
  }

  void slide(SiteId from, TypeId t, int ri, const MoveRule& rule) {
    const int max = rule.max_range ? rule.max_range : n;
    for (DirId d : rule.dirs[me]) {
      const SiteId* nb = topo.neighbors_of(d);
      SiteId s = from;
      SiteId prev = from;
      for (int k = 1; k <= max; ++k) {
        prev = s;
        s = nb[s];
        if (s == kNoSite) break;
        PieceCode c = pos.at(s);
        if (!c) {
          if (k >= rule.min_range && has_mode(rule.mode, Mode::kMove) && to_ok(rule, s)) {
            Move& m = start(from, s, ri, rule);
            if (rule.sets_ep && k >= 2) m.ep_set = prev;
            promote_last(t);
          } else if (rule.takes_ep && s == pos.ep() && k >= rule.min_range &&
                     enemy(pos.at(pos.ep_victim())) &&
                     r.may_capture(t, piece_type(pos.at(pos.ep_victim())))) {
            Move& m = start(from, s, ri, rule);
            m.cap[0] = pos.ep_victim();
            m.ncap = 1;
            promote_last(t);
          }
          continue;
        }
        if (k >= rule.min_range && has_mode(rule.mode, Mode::kCapture) && can_take(t, c) &&
            to_ok(rule, s)) {
          start(from, s, ri, rule);
          promote_last(t);
        }
        break;
      }
    }
  }

  // Along each direction over empty sites to the first piece (the screen), then
  // beyond it: to the empty sites and the first piece after the screen, within
  // the rule's ranges.
  void screen(SiteId from, TypeId t, int ri, const MoveRule& rule) {
    const int before = rule.screen_before ? rule.screen_before + 1 : n;
    const int after = rule.screen_after ? rule.screen_after : n;
    for (DirId d : rule.dirs[me]) {
      const SiteId* nb = topo.neighbors_of(d);
      SiteId s = nb[from];
      for (int k = 1; s != kNoSite && pos.at(s) == kEmpty && k < before; ++k) s = nb[s];
      if (s == kNoSite || pos.at(s) == kEmpty) continue;
      s = nb[s];
      for (int k = 1; s != kNoSite && k <= after; ++k, s = nb[s]) {
        const PieceCode c = pos.at(s);
        if (c ? has_mode(rule.mode, Mode::kCapture) && can_take(t, c)
              : has_mode(rule.mode, Mode::kMove)) {
          if (to_ok(rule, s)) {
            start(from, s, ri, rule);
            promote_last(t);
          }
        }
        if (c) break;
      }
    }
  }

  void table(SiteId from, TypeId t, int ri, const MoveRule& rule,
             const std::vector<std::vector<std::vector<SiteId>>>& sites) {
    for (SiteId s : sites[me][from]) {
      if (!lands(rule, t, s)) continue;
      start(from, s, ri, rule);
      promote_last(t);
    }
  }

  void walk(SiteId from, TypeId t, int ri, const MoveRule& rule) {
    const auto& paths = rule.walks[me][from];
    size_t i = 0;
    while (i < paths.size()) {
      SiteId dest = paths[i].dest;
      size_t end = i;
      while (end < paths.size() && paths[end].dest == dest) ++end;
      if (lands(rule, t, dest)) {
        for (size_t j = i; j < end; ++j) {
          const WalkPath& p = paths[j];
          if (!walk_clear(pos, p)) continue;
          Move& m = start(from, dest, ri, rule);
          m.npath = p.nvia;
          std::copy(p.via.begin(), p.via.begin() + p.nvia, m.path.begin());
          promote_last(t);
          break;
        }
      }
      i = end;
    }
  }

  void anywhere(SiteId from, TypeId t, int ri, const MoveRule& rule) {
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

  // Capture chains: depth-first over landings; the moving piece has left its
  // origin, captured pieces stay on the board until the end and may not be
  // jumped twice.
  struct HopState {
    SiteId from;
    TypeId type;
    int ri;
    const MoveRule* rule;
    Move cur;
    // The decisions found so far from this origin (the first few; the rest in
    // Gen::more_chain_keys). Left unwritten until used.
    std::array<ChainKey, 32> keys;
    int nkeys;
  };

  bool occupied(const HopState& h, SiteId s) const { return s != h.from && pos.at(s) != kEmpty; }

  bool taken(const Move& m, SiteId s) const {
    for (int i = 0; i < m.ncap; ++i)
      if (m.cap[i] == s) return true;
    return false;
  }

  // Every landing of one more capture from at, each followed to the end of
  // its chain; false when there is none. probe: only whether there is one.
  bool extend(HopState& h, SiteId at, bool probe = false) {
    const MoveRule& rule = *h.rule;
    bool extended = false;
    for (DirId d : rule.dirs[me]) {
      const SiteId* nb = topo.neighbors_of(d);
      SiteId s = nb[at];
      if (rule.hop_flying)
        while (s != kNoSite && !occupied(h, s)) s = nb[s];
      if (s == kNoSite || !occupied(h, s)) continue;
      PieceCode c = pos.at(s);
      if (taken(h.cur, s) || !can_take(h.type, c)) continue;
      SiteId land = nb[s];
      if (land == kNoSite || occupied(h, land)) continue;
      if (probe) return true;
      // Only the landings from which the chain goes on, if any does.
      bool to_go_on = false;
      if (rule.hop_land_to_go_on && rule.hop_chain && rule.hop_flying &&
          h.cur.ncap < kMaxCaptures) {
        h.cur.cap[h.cur.ncap++] = s;
        for (SiteId l = land; l != kNoSite && !occupied(h, l) && !to_go_on; l = nb[l])
          to_go_on = extend(h, l, true);
        --h.cur.ncap;
      }
      for (; land != kNoSite && !occupied(h, land); land = nb[land]) {
        if (h.cur.ncap >= kMaxCaptures || h.cur.npath >= kMaxPath)
          throw RuleError(Error{rule.where, "a capture chain from " + topo.name(h.from) +
                                                " goes on past " + std::to_string(kMaxCaptures) +
                                                " captures, the engine's limit for one move"});
        if (++chain_landings > kMaxChainLandings)
          throw RuleError(Error{rule.where, "the capture chains of one position take more than " +
                                                std::to_string(kMaxChainLandings) +
                                                " landings to list, the engine's limit"});
        extended = true;
        h.cur.cap[h.cur.ncap++] = s;
        h.cur.path[h.cur.npath++] = land;
        if (to_go_on && !extend(h, land, true)) {
          // A landing where the chain would stop, while another goes on.
        } else if (!crowned_on(h, land)) {
          if (rule.hop_chain)
            hop_from(h, land);
          else
            finish_hop(h, land);
        }
        --h.cur.ncap;
        --h.cur.npath;
        if (!rule.hop_flying) break;
      }
    }
    return extended;
  }

  void hop_from(HopState& h, SiteId at) {
    if (!extend(h, at) && h.cur.ncap > 0) finish_hop(h, at);
  }

  // A piece crowned where a capture lands, before the capture ends (promotion
  // in_capture "continue" or "stop"): the chain goes on from land as each type
  // it may become, with that type's hops, or ends there. False when the piece
  // is not crowned there, and its chain goes on as before.
  bool crowned_on(HopState& h, SiteId land) {
    if (h.cur.promote >= 0) return false;
    const auto& clauses = r.types[h.type].promotions;
    if (std::none_of(clauses.begin(), clauses.end(),
                     [](const Promotion& c) { return c.in_chain != Promotion::InChain::kAtEnd; }))
      return false;
    const Promotion* pr = promotion_at(pos, h.type, me, land);
    if (!pr || pr->in_chain == Promotion::InChain::kAtEnd) return false;
    const TypeId saved_type = h.type;
    const MoveRule* const saved_rule = h.rule;
    bool any = false;
    for_each_promotion(pos, saved_type, me, land, [&](TypeId p) {
      any = true;
      h.cur.promote = p;
      h.type = p;
      bool extended = false;
      if (pr->in_chain == Promotion::InChain::kContinue)
        for (int ri : r.phases.empty() ? r.types[p].rules : r.types[p].phase_rules[phase_slot]) {
          if (r.rules[ri].kind != RuleKind::kHop) continue;
          h.rule = &r.rules[ri];
          extended |= extend(h, land);
        }
      if (!extended) finish_hop(h, land);
      h.type = saved_type;
      h.rule = saved_rule;
      h.cur.promote = -1;
    });
    // With no type to become (none lost yet), the piece goes on as it was.
    return any;
  }

  void finish_hop(HopState& h, SiteId at) {
    Move m = h.cur;
    m.to = at;
    // The landing sites before the last are the path; the last is the destination.
    if (m.npath > 0) --m.npath;
    // Same origin, destination, captured set and promotion: the same decision
    // (whatever promotion the earlier one was already expanded into). Every
    // other field is the same for all chains of one hop() call.
    ChainKey key{m.to, m.ncap, m.promote, {}};
    std::copy(m.cap.begin(), m.cap.begin() + m.ncap, key.cap.begin());
    std::sort(key.cap.begin(), key.cap.begin() + key.n);
    if (!new_chain(h, key)) return;
    if (m.promote >= 0)
      out.push(m);  // crowned during the capture
    else
      emit(m, h.type);
  }

  // Whether a short hop from `from` has an enemy next to it with an empty site
  // beyond, in some direction (small boards): most pieces have none, and then
  // no chain need be set up.
  bool may_hop(SiteId from, const MoveRule& rule) {
    if (!enemies_known) {
      for (SeatId s = 0; s < r.num_seats(); ++s)
        if (!r.allies(s, me)) enemies |= pos.occupied(s);
      enemies_known = true;
    }
    const uint64_t occ = occupied_all();
    for (DirId d : rule.dirs[me]) {
      const SiteId* nb = topo.neighbors_of(d);
      const SiteId s = nb[from];
      if (s == kNoSite || !((enemies >> s) & 1)) continue;
      const SiteId land = nb[s];
      if (land != kNoSite && !((occ >> land) & 1)) return true;
    }
    return false;
  }

  // Whether no chain from this origin has made the decision of key yet; if
  // none has, it is noted.
  bool new_chain(HopState& h, const ChainKey& key) {
    for (int i = 0; i < h.nkeys; ++i)
      if (h.keys[i] == key) return false;
    for (const ChainKey& k : more_chain_keys)
      if (k == key) return false;
    if (h.nkeys < static_cast<int>(h.keys.size()))
      h.keys[h.nkeys++] = key;
    else
      more_chain_keys.push_back(key);
    return true;
  }

  void hop(SiteId from, TypeId t, int ri, const MoveRule& rule) {
    more_chain_keys.clear();
    HopState h;  // the chain's arrays are written before they are read
    h.nkeys = 0;
    h.from = from;
    h.type = t;
    h.ri = ri;
    h.rule = &rule;
    header(h.cur, from, kNoSite, ri, rule);
    hop_from(h, from);
  }

  void castle(SiteId from, TypeId t, int ri, const MoveRule& rule) {
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

  void drop_on(SiteId s, int ri, const MoveRule& rule) {
    Move& m = start(kNoSite, s, ri, rule);
    m.kind = MoveKind::kDrop;
    m.drop_type = rule.drop_type;
  }

  void drop(int ri, const MoveRule& rule) {
    if (pos.hand(me, rule.drop_type) <= 0) return;
    const uint8_t* ok = rule.drop_sites[me].data();
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
        if (ok[s] && !(by_file && closed_file[topo.x(s)])) drop_on(s, ri, rule);
      }
      return;
    }
    for (SiteId s = 0; s < n; ++s)
      if (pos.at(s) == kEmpty && ok[s] && !(by_file && closed_file[topo.x(s)]))
        drop_on(s, ri, rule);
  }

  // The occupied sites (boards with bit sets); generation leaves them as they are.
  uint64_t occupied_all() {
    if (!all_known) {
      for (SeatId s = 0; s < r.num_seats(); ++s) all |= pos.occupied(s);
      all_known = true;
    }
    return all;
  }
  uint64_t site_mask() const { return n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

  // The moves of the piece on `from`; under the dice, only if the piece accepts
  // the die in play (the throw, or with several dice the one being tried).
  // Every piece of the seat's army (me).
  void army(SeatId seat) {
    // In a phase where no piece moves (placing, say), nothing to look at.
    if (!r.phases.empty() && !r.phase_moves[phase_slot]) return;
    if (pos.has_occupancy() && !pos.roll()) {
      const int ri = r.fast.plain_steps[r.phases.empty() ? 0 : phase_slot];
      if (ri >= 0) {
        // Every piece steps to the empty neighbours, and does nothing else.
        const MoveRule& rule = r.rules[ri];
        const uint64_t occ = occupied_all();
        Move proto;
        header(proto, kNoSite, kNoSite, ri, rule);
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
  void keep_distinct(int first) {
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
  void simple_piece(SiteId from) {
    const TypeId t = piece_type(pos.at(from));
    const PieceType& pt = r.types[t];
    const int first = out.size();
    simple_rules(from, t, pt);
    if (pt.overlapping_rules) keep_distinct(first);
  }

  void simple_rules(SiteId from, TypeId t, const PieceType& pt) {
    for (int ri : pt.rules) {
      const MoveRule& rule = r.rules[ri];
      if (rule.kind == RuleKind::kHop) {
        if (rule.hop_flying || may_hop(from, rule)) hop(from, t, ri, rule);
      } else if (!rule.steps.empty() && rule.mode == Mode::kMove && rule.to_region < 0) {
        steps(from, t, pt, ri, rule);
      } else if (!rule.steps.empty()) {
        table(from, t, ri, rule, rule.steps);
      } else {
        slide(from, t, ri, rule);
      }
    }
  }

  // Plain steps to empty neighbours, in the table's order, and the promotions
  // where a zone may hold (small boards).
  void steps(SiteId from, TypeId t, const PieceType& pt, int ri, const MoveRule& rule) {
    const uint64_t occ = occupied_all();
    const uint64_t promo = pt.promotions.empty() ? 0 : r.fast.promotion_sites[t][me];
    Move proto;
    header(proto, from, kNoSite, ri, rule);
    for (SiteId s : rule.steps[me][from])
      if (!((occ >> s) & 1)) {
        Move& m = out.add();
        std::memcpy(static_cast<void*>(&m), &proto, offsetof(Move, cap));
        m.to = s;
        if ((promo >> s) & 1) promote_last(t);
      }
  }

  void piece(SiteId from) {
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

  void piece_rules(SiteId from, TypeId t, const PieceType& pt) {
    const std::vector<int>& rules = r.phases.empty() ? pt.rules : pt.phase_rules[phase_slot];
    for (int ri : rules) {
      const MoveRule& rule = r.rules[ri];
      if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(me, from)) continue;
      if (pos.flags(from) & rule.requires_clear) continue;
      if (rule.unless_attacked && is_attacked(pos, from, me, t)) continue;
      switch (rule.kind) {
        case RuleKind::kSlide:
          if (!rule.steps.empty() && rule.mode == Mode::kMove && rule.to_region < 0 &&
              pos.has_occupancy()) {
            steps(from, t, pt, ri, rule);
          } else if (!rule.steps.empty()) {
            table(from, t, ri, rule, rule.steps);
          } else
            slide(from, t, ri, rule);
          break;
        case RuleKind::kTable:
          table(from, t, ri, rule, rule.table);
          break;
        case RuleKind::kWalk:
          walk(from, t, ri, rule);
          break;
        case RuleKind::kHop:
          if (rule.hop_flying || !pos.has_occupancy() || may_hop(from, rule))
            hop(from, t, ri, rule);
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
        case RuleKind::kDrop:
        case RuleKind::kGenerated:
          break;
      }
    }
  }
};

}  // namespace

int capture_count(const Position& pos, const Move& m) {
  int k = m.ncap;
  if (m.kind != MoveKind::kDrop && m.to != kNoSite && m.to != m.from && pos.at(m.to) != kEmpty &&
      m.kind != MoveKind::kCastle)
    ++k;
  return k;
}

int capture_value(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  int v = 0;
  for (int i = 0; i < m.ncap; ++i)
    if (pos.at(m.cap[i])) v += r.types[piece_type(pos.at(m.cap[i]))].value;
  if (m.kind == MoveKind::kNormal && m.to != m.from && pos.at(m.to))
    v += r.types[piece_type(pos.at(m.to))].value;
  return v;
}

void generate_pseudo(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  Gen g{pos, r, r.topology, moves, pos.to_move(), pos.num_sites()};
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
          Gen other{pos, r, r.topology, moves, s, g.n, g.phase, g.phase_slot, g.die};
          other.army(s);
        }
    }
    for (size_t ri = 0; ri < r.rules.size(); ++ri)
      if (r.rules[ri].kind == RuleKind::kDrop && (r.rules[ri].phases & g.phase))
        g.drop(static_cast<int>(ri), r.rules[ri]);
    if (!roll) break;
    for (int i = first; i < moves.size(); ++i) moves[i].chance = static_cast<int16_t>(g.die);
  }
  if (r.hooks && r.hooks->has_generate() && !r.hooks->generating()) r.hooks->generate(pos, moves);
}

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

// The decisions of a pending stage other than kMoveAgain.
void stage_moves(const Position& pos, const Stage& st, MoveList& moves) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  auto add = [&](MoveKind kind, SiteId site, int index) {
    Move& m = moves.add();
    m.from = kNoSite;
    m.to = site;
    m.kind = kind;
    m.promote = m.drop_type = -1;
    m.set_flags = 0;
    m.rule = 0;
    m.from2 = m.to2 = m.ep_set = kNoSite;
    m.chance = static_cast<int16_t>(index);
    m.ncap = m.npath = 0;
  };
  switch (st.choice) {
    case Stage::Choice::kRemoveEnemy:
    case Stage::Choice::kGiveOwn: {
      const bool own = st.choice == Stage::Choice::kGiveOwn;
      auto takes = [&](SeatId owner) {
        return own ? owner == me : !r.allies(owner, me) && !pos.is_out(owner);
      };
      if (pos.has_occupancy()) {
        for (uint64_t sites = stage_sites(pos, st); sites; sites &= sites - 1)
          add(MoveKind::kRemove, static_cast<SiteId>(__builtin_ctzll(sites)), 0);
      } else {
        for (SiteId s = 0; s < pos.num_sites(); ++s) {
          const PieceCode c = pos.at(s);
          if (c && takes(piece_seat(c))) add(MoveKind::kRemove, s, 0);
        }
      }
      if (st.protect == Stage::Protect::kLinesUnlessAll) {
        uint64_t in_lines = 0;
        if (pos.has_occupancy())
          for (SeatId s = 0; s < r.num_seats(); ++s)
            if (takes(s)) in_lines |= pos.in_lines(s);
        int kept = 0;
        for (int i = 0; i < moves.size(); ++i)
          if (pos.has_occupancy()
                  ? !((in_lines >> moves[i].to) & 1)
                  : !pos.completes_line(moves[i].to, piece_seat(pos.at(moves[i].to))))
            moves[kept++] = moves[i];
        if (kept > 0) moves.resize(kept);
      }
      break;
    }
    case Stage::Choice::kAnswer:
      for (size_t i = 0; i < st.answers.size(); ++i)
        add(MoveKind::kAnswer, kNoSite, static_cast<int>(i));
      break;
    case Stage::Choice::kPromote: {
      const SiteId site = pos.anchor();
      const PieceCode code = site == kNoSite ? kEmpty : pos.at(site);
      if (!code) break;
      for_each_promotion(pos, piece_type(code), me, site, [&](TypeId p) {
        add(MoveKind::kPromote, site, 0);
        moves[moves.size() - 1].promote = p;
      });
      const Promotion* pr = promotion_at(pos, piece_type(code), me, site);
      if (!pr || (!pr->mandatory && !promotion_forced(r, *pr, piece_type(code), me, site)))
        moves.push(Move::pass());
      return;
    }
    case Stage::Choice::kMoveAgain:
      break;
  }
  // Declining, or nothing to choose from: the stage passes.
  if (st.optional || moves.empty()) moves.push(Move::pass());
}

}  // namespace

double chance_probability(const Ruleset& rules, const Move& m) {
  const Dice& d = rules.dice;
  for (size_t i = 0; i < d.outcomes.size(); ++i)
    if (d.outcomes[i] == m.chance)
      return static_cast<double>(d.outcome_weights[i]) / static_cast<double>(d.outcome_total);
  return 0;
}

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
  if (pos.stage() < 0 || pos.awaiting_roll() || !pos.has_occupancy() || r.end.check ||
      r.any_fears_attack)
    return -1;
  return count_stage_moves(pos, r.stages[pos.stage()]);
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

bool banned_return(const Position& pos, const Move& m) {
  const SeatId me = pos.to_move();
  return m.kind == MoveKind::kNormal && m.from == pos.ban_from(me) && m.to == pos.ban_to(me) &&
         pos.completes_line(m.to, me, m.from);
}

namespace {

// The values a capture takes, in the order it takes them (the pieces jumped, then
// the one on the destination); n: how many.
int taken_values(const Position& pos, const Move& m, std::array<int, kMaxCaptures + 1>& out) {
  const Ruleset& r = pos.rules();
  int n = 0;
  for (int i = 0; i < m.ncap; ++i)
    if (const PieceCode c = pos.at(m.cap[i])) out[n++] = r.types[piece_type(c)].value;
  if (m.kind == MoveKind::kNormal && m.to != m.from && m.to != kNoSite && pos.at(m.to))
    out[n++] = r.types[piece_type(pos.at(m.to))].value;
  return n;
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

void legal_moves(Position& pos, MoveList& moves) {
  moves.clear();
  if (decided_result(pos)) return;
  legal_moves_undecided(pos, moves);
}

void legal_moves_undecided(Position& pos, MoveList& moves) {
  moves.clear();
  const Ruleset& r = pos.rules();
  if (pos.awaiting_roll()) {
    for (int outcome : r.dice.outcomes) {
      Move& m = moves.add();
      m = Move{};
      m.kind = MoveKind::kChance;
      m.chance = static_cast<int16_t>(outcome);
    }
    return;
  }
  if (pos.stage() >= 0) {
    const Stage& st = r.stages[pos.stage()];
    if (st.choice != Stage::Choice::kMoveAgain) {
      stage_moves(pos, st, moves);
      if (r.end.check || r.any_fears_attack) {
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
      return;
    }
  }
  generate_pseudo(pos, moves);
  if (r.return_ban != ReturnBan::kNone && pos.ban_from(pos.to_move()) != kNoSite) {
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i)
      if (!banned_return(pos, moves[i])) moves[kept++] = moves[i];
    moves.resize(kept);
  }
  if (r.hooks && r.hooks->has_filter_moves() && !moves.empty()) r.hooks->filter_moves(pos, moves);
  const bool needs_filter = r.end.check || r.any_fears_attack || (r.hooks && r.hooks->has_filter());
  if (needs_filter) {
    const SeatId me = pos.to_move();
    const bool hook_filter = r.hooks && r.hooks->has_filter();
    // With check as the only legality rule and only sliders able to uncover an
    // attack, a quiet non-royal move of an unpinned piece while not in check is
    // legal without trying it; everything else is made, tested and unmade.
    // An after hook may change more than the move (take a piece that blocked a line).
    const bool one_royal = r.end.check && !hook_filter && !r.any_fears_attack &&
                           !(r.hooks && r.hooks->has_after()) && r.royals[me].size() == 1 &&
                           pos.count(make_piece(r.royals[me][0], me)) == 1;
    const bool checked = one_royal && in_check(pos, me);
    const bool fast = one_royal && r.fast.pins_simple && !checked;
    SiteSet pinned;
    if (fast) pinned = pinned_pieces(pos, me);
    // Otherwise (screens, lame leaps, facing royals), a move that touches none of
    // the sites where an arrival or a departure could change an attack on the
    // royal is legal while not in check; the others are judged on the board alone
    // where the rules allow it (probe_check), or made, tested and unmade.
    SiteSet lines;
    const bool by_lines =
        one_royal && !fast && !checked && !r.move_effects && check_lines(pos, me, lines);
    // Not where attacks are found by generating moves on a copy (hooks), which
    // would read the probe's half-edited board.
    const bool probe = one_royal && r.fast.probe_check && pos.ep() == kNoSite &&
                       !(r.hooks && (r.hooks->has_generate() || r.hooks->has_filter_moves()));
    // Without check, a quiet move of a piece that fears attack is judged by an
    // attack map made once per origin (the piece lifted off it); its captures,
    // and anything after-hooks may change, are tried.
    // The map applies no filter hook, which may leave a site safe that it marks.
    const bool use_map = !r.end.check && !hook_filter &&
                         !(r.hooks && (r.hooks->has_after() || r.hooks->has_filter_moves()));
    SiteId map_from = kNoSite;
    bool map_ok = false;
    SiteSet attacked;
    int kept = 0;
    Undo u;
    for (int i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      const TypeId mover = m.kind == MoveKind::kDrop             ? m.drop_type
                           : m.from != kNoSite && pos.at(m.from) ? piece_type(pos.at(m.from))
                                                                 : -1;
      bool ok;
      bool decided = true;
      if (r.end.check) {
        if (fast) {
          // Out of check, a drop only adds a piece: it uncovers nothing.
          ok = (m.kind == MoveKind::kNormal && m.ncap == 0 && !pinned.test(m.from) &&
                !r.types[mover].royal) ||
               (m.kind == MoveKind::kDrop && m.ncap == 0);
        } else if (by_lines) {
          ok = (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop) && mover >= 0 &&
               !r.types[mover].royal && !lines.test(m.to) &&
               (m.from == kNoSite || !lines.test(m.from));
          for (int c = 0; ok && c < m.ncap; ++c) ok = !lines.test(m.cap[c]);
        } else {
          ok = false;
        }
        decided = ok;
        if (!ok && probe && m.kind == MoveKind::kNormal && m.ep_set == kNoSite) {
          ok = !check_after(pos, m, me);
          decided = true;
        }
      } else if (hook_filter || (mover >= 0 && r.types[mover].fears_attack) || m.promote >= 0) {
        // A promotion is tried: the piece that arrives is the one judged, and it may fear
        // attack or not. The map is for the moving type, with no en passant left pending.
        ok = false;
        decided = false;
        if (use_map && m.kind == MoveKind::kNormal && m.ncap == 0 && !pos.at(m.to) &&
            m.promote < 0 && m.ep_set == kNoSite) {
          if (map_from != m.from) {
            attacked = SiteSet{};
            map_ok = attack_map(pos, me, mover, m.from, attacked);
            map_from = m.from;
          }
          if (map_ok) {
            ok = !attacked.test(m.to);
            decided = true;
          }
        }
      } else {
        ok = true;
      }
      if (decided) {
        if (ok) {
          if (kept != i) moves[kept] = m;
          ++kept;
        }
        continue;
      }
      if (!ok && (!hook_filter || r.hooks->filter(pos, m))) {
        ScopedMove made(pos, m, u);
        ok = move_was_safe(pos, me, m);
      }
      if (ok) {
        if (kept != i) moves[kept] = m;
        ++kept;
      }
    }
    moves.resize(kept);
  }
  if (r.drop_mate_rule) {
    int kept = 0;
    for (int i = 0; i < moves.size(); ++i)
      if (moves[i].kind != MoveKind::kDrop || !r.rules[moves[i].rule].drop_no_mate ||
          !drop_gives_mate(pos, moves[i]))
        moves[kept++] = moves[i];
    moves.resize(kept);
  }
  if (r.capture_priority != CapturePriority::kFree && !moves.empty()) {
    int best = 0, best_value = 0;
    for (const Move& m : moves) best = std::max(best, capture_count(pos, m));
    if (best > 0) {
      int kept = 0;
      for (int i = 0; i < moves.size(); ++i) {
        int c = capture_count(pos, moves[i]);
        bool keep = r.capture_priority == CapturePriority::kCompulsory ? c > 0 : c == best;
        if (keep) moves[kept++] = moves[i];
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
  }
  if (!r.capture_order.empty() && !moves.empty() && capture_count(pos, moves[0]) > 0)
    keep_best_captures(pos, r.capture_order, moves);
  if (r.must_drop) {
    bool any_drop = false;
    for (const Move& m : moves) any_drop |= m.kind == MoveKind::kDrop;
    if (any_drop) {
      int kept = 0;
      for (int i = 0; i < moves.size(); ++i)
        if (moves[i].kind == MoveKind::kDrop) moves[kept++] = moves[i];
      moves.resize(kept);
    }
  }
  if (moves.empty() && pos.stage() >= 0) {
    // A stage's extra move that cannot be made is skipped.
    moves.push(Move::pass());
    return;
  }
  if (moves.empty() && pos.in_turn()) {
    // Dice left that no piece can use: the rest of the turn is passed.
    moves.push(Move::pass());
  } else if (moves.empty()) {
    NoMoveEffect effect = r.end.check
                              ? (in_check(pos, pos.to_move()) ? r.end.checkmate : r.end.stalemate)
                              : r.end.no_moves;
    if (effect == NoMoveEffect::kPass) moves.push(Move::pass());
  }
  // Actions are open at the seat's decisions outside stages: at the start of its
  // turn, and with several dice before they are all used (taking the rest).
  if (!r.actions.empty() && pos.stage() < 0) add_actions(pos, moves);
}

}  // namespace regula

namespace regula {

namespace {

// Calls f(site) for each destination the rule could give a piece of seat on
// `from` on an empty board, or, where that depends on pieces being there, for
// every site that could be one (beyond the first site of a screen's line), or
// f(kNoSite) once for "any site but the origin" (capture chains, anywhere); a
// destination reached twice is given twice.
template <typename F>
void rule_destinations(const Ruleset& r, const MoveRule& rule, SeatId seat, SiteId from, F&& f) {
  const Topology& topo = r.topology;
  const int n = topo.size();
  switch (rule.kind) {
    case RuleKind::kSlide:
    case RuleKind::kScreen: {
      const bool slide = rule.kind == RuleKind::kSlide;
      const int min = slide ? rule.min_range : 2;
      const int max = slide && rule.max_range ? rule.max_range : n;
      for (DirId d : rule.dirs[seat]) {
        SiteId s = from;
        for (int k = 1; k <= max && (s = topo.neighbor(s, d)) != kNoSite; ++k)
          if (k >= min) f(s);
      }
      break;
    }
    case RuleKind::kTable:
      if (static_cast<size_t>(seat) < rule.table.size())
        for (SiteId s : rule.table[seat][from]) f(s);
      break;
    case RuleKind::kWalk:
      if (static_cast<size_t>(seat) < rule.walks.size()) {
        // Generation makes one move per destination, whatever the paths to it.
        SiteId last = kNoSite;
        for (const WalkPath& p : rule.walks[seat][from])
          if (p.dest != last) f(last = p.dest);
      }
      break;
    case RuleKind::kAnywhere:
    case RuleKind::kHop:
      f(kNoSite);
      break;
    case RuleKind::kDrop:
    case RuleKind::kCastle:
    case RuleKind::kGenerated:
      break;
  }
}

// Whether two rules of one piece type could make moves equal in effect: both
// have the same label, may apply in one phase, and either both end plain moves or both capture
// (a capture chain's moves clear sites besides the destination, so it can
// match only another chain or an en passant capture).
bool may_match(const MoveRule& a, const MoveRule& b) {
  if (a.phases != ~0u && b.phases != ~0u && !(a.phases & b.phases)) return false;
  // Moves of rules with different labels are told apart (keep_distinct), as
  // the Jetan Princess's escape and her ordinary move to the same square.
  if (&a != &b && a.label != b.label) return false;
  if ((a.kind == RuleKind::kHop) != (b.kind == RuleKind::kHop) &&
      !(a.kind == RuleKind::kHop ? b.takes_ep : a.takes_ep))
    return false;
  return (has_mode(a.mode, Mode::kMove) && has_mode(b.mode, Mode::kMove)) ||
         (has_mode(a.mode, Mode::kCapture) && has_mode(b.mode, Mode::kCapture));
}

bool overlapping(const Ruleset& r, const PieceType& t) {
  std::vector<int> rules;
  for (int ri : t.rules)
    if (r.rules[ri].kind != RuleKind::kDrop && r.rules[ri].kind != RuleKind::kCastle &&
        r.rules[ri].kind != RuleKind::kGenerated)
      rules.push_back(ri);
  if (rules.empty()) return false;
  // More rules than bits: taken to overlap (a few tests per move more).
  if (rules.size() > 64) return true;
  // For each rule, the rules (bits, itself included) whose moves it could match.
  std::vector<uint64_t> matches(rules.size(), 0);
  for (size_t i = 0; i < rules.size(); ++i)
    for (size_t j = 0; j < rules.size(); ++j)
      if (may_match(r.rules[rules[i]], r.rules[rules[j]])) matches[i] |= uint64_t{1} << j;
  const int n = r.topology.size();
  // Per site, the rules that reach it from the origin (bits); the rules that
  // reach any site, and those that reach some site.
  std::vector<uint64_t> reached(n, 0);
  std::vector<SiteId> touched;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat)
    for (SiteId from = 0; from < n; ++from) {
      uint64_t anywhere = 0, somewhere = 0;
      bool found = false;
      for (size_t i = 0; i < rules.size() && !found; ++i) {
        const uint64_t bit = uint64_t{1} << i;
        // A walk lists every path to a destination, and generation makes one
        // move of the first clear one: its own repeats are no overlap.
        const bool one_per_site = r.rules[rules[i]].kind == RuleKind::kWalk;
        rule_destinations(r, r.rules[rules[i]], seat, from, [&](SiteId s) {
          if (one_per_site && s != kNoSite && (reached[s] & bit)) return;
          if (s == kNoSite) {
            found |= ((anywhere | somewhere) & matches[i] & ~bit) != 0;
            anywhere |= bit;
            return;
          }
          found |= ((reached[s] | anywhere) & matches[i]) != 0;
          if (!reached[s]) touched.push_back(s);
          reached[s] |= bit;
          somewhere |= bit;
        });
      }
      for (SiteId s : touched) reached[s] = 0;
      touched.clear();
      if (found) return true;
    }
  return false;
}

}  // namespace

void find_overlapping_rules(Ruleset& rules) {
  for (PieceType& t : rules.types) t.overlapping_rules = overlapping(rules, t);
}

}  // namespace regula
