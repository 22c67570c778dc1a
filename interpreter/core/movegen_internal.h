#pragma once
// What the files of move generation share and nothing else needs: the state
// of one generation pass (Gen) with the small helpers every kind of rule calls
// for each move it makes. They are defined here, inline, because they run once
// per generated move and a call into another file would cost on the hot path;
// the larger steps are defined by concept in movegen_pieces.cpp (slides,
// tables, walks, screens, castling, drops) and movegen_hops.cpp (capture
// chains), and the files that judge and filter the moves declare their entry
// points below.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/attacks.h"
#include "core/move.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace regula::detail {

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

  // Whether any site is restricted (PieceType::barred), read once per pass.
  const bool any_barred = !r.restricted.empty();
  // The prototype move of the rule being generated (header() written once per
  // rule and origin, see start_as): a member, so that it is constructed once
  // per pass and not once per rule.
  Move proto{};
  // The rule whose header proto holds (-1: none, or a drop's): a piece after
  // another of the same rule changes only the origin.
  int proto_rule = -1;

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
    m.gate = -1;
    m.gate_at = kNoSite;
    m.chance = 0;
    m.ncap = m.npath = 0;
  }

  // Makes proto the header of rule ri's moves from `from`.
  void aim(SiteId from, int ri, const MoveRule& rule) {
    if (proto_rule == ri) {
      proto.from = from;
      return;
    }
    header(proto, from, kNoSite, ri, rule);
    proto_rule = ri;
  }

  // Starts a move in the next slot of the list, without copying a whole Move.
  Move& start(SiteId from, SiteId to, int rule_index, const MoveRule& rule) {
    Move& m = out.add();
    header(m, from, to, rule_index, rule);
    return m;
  }

  // Starts a move as a copy of a prototype (header() written once for a rule
  // and origin) with its destination: cheaper than start() where one rule
  // makes several moves.
  Move& start_as(const Move& proto, SiteId to) {
    Move& m = out.add();
    std::memcpy(static_cast<void*>(&m), &proto, offsetof(Move, cap));
    m.to = to;
    return m;
  }

  // Expands the last move of the list into one move per promotion choice where
  // the piece of type t promotes on arrival. Called after nearly every move, so
  // the tests that most pieces never promote, and most sites are in no zone,
  // are kept inline (FastPaths::promotion_zone).
  [[gnu::always_inline]] void promote_last(TypeId t) {
    if (!r.types[t].promotions.empty() && r.fast.promotion_zone[t][me][out[out.size() - 1].to])
      expand_promotion(t);
  }
  // The sites where a move of a piece of type t may promote on arrival
  // (FastPaths::promotion_sites), read once per rule.
  uint64_t promotion_mask(TypeId t) const { return r.fast.promotion_sites[t][me]; }
  // promote_last for a move that arrived on s, given promotion_mask(t): the
  // mask where it tells the sites apart, else the zone's bytes (boards of more
  // than 64 sites, clauses that catch a move leaving their zone). On boards of
  // more than 64 sites the mask is none or all ones, so the shift is taken
  // modulo 64 (a site past 63 shifted in full would be undefined).
  [[gnu::always_inline]] void promote_last_on(uint64_t promo, TypeId t, SiteId s) {
    if (promo != ~uint64_t{0} ? (promo >> (s & 63)) & 1 : r.fast.promotion_zone[t][me][s] != 0)
      expand_promotion(t);
  }
  void expand_promotion(TypeId t) {
    const PieceType& pt = r.types[t];
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

  // May the piece of type t on `from` use the rule from there (its origin
  // region, flags and attack condition)? Asked where MoveRule::origin_test.
  bool origin_open(const MoveRule& rule, SiteId from, TypeId t) const {
    if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(me, from)) return false;
    if (pos.flags(from) & rule.requires_clear) return false;
    return !rule.unless_attacked || !is_attacked(pos, from, me, t);
  }

  bool to_ok(const MoveRule& rule, SiteId to) const {
    return rule.to_region < 0 || r.regions[rule.to_region].contains(me, to);
  }

  // The restricted sites a piece of type t may not stand on (PieceType::barred),
  // or null where there are none: read once per rule, not per site.
  const uint8_t* barred_sites(TypeId t) const {
    if (!any_barred) return nullptr;
    const std::vector<uint8_t>& b = r.types[t].barred[me];
    return b.empty() ? nullptr : b.data();
  }
  // May a piece of type t stand on s (not a restricted site closed to it)?
  bool stands(TypeId t, SiteId s) const {
    const uint8_t* barred = barred_sites(t);
    return !barred || !barred[s];
  }

  // May a piece of type t end a move of this rule on s (empty or capturable)?
  // `barred` is barred_sites(t).
  bool lands(const MoveRule& rule, TypeId t, SiteId s, const uint8_t* barred) const {
    PieceCode c = pos.at(s);
    bool ok = c ? has_mode(rule.mode, Mode::kCapture) && can_take(t, c)
                : has_mode(rule.mode, Mode::kMove);
    return ok && to_ok(rule, s) && !(barred && barred[s]);
  }
  bool lands(const MoveRule& rule, TypeId t, SiteId s) const {
    return lands(rule, t, s, barred_sites(t));
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
  // The sites of seats not allied with me (boards with bit sets), once known.
  uint64_t enemy_sites() {
    if (!enemies_known) {
      for (SeatId s = 0; s < r.num_seats(); ++s)
        if (!r.allies(s, me)) enemies |= pos.occupied(s);
      enemies_known = true;
    }
    return enemies;
  }

  // Every piece of the seat's army (me), in movegen_pieces.cpp.
  inline void army(SeatId seat);
  inline void drop(int ri, const MoveRule& rule);

  // One rule of one piece (movegen_pieces.cpp).
  inline void slide(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline void screen(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline void table(SiteId from, TypeId t, int ri, const MoveRule& rule,
                    const std::vector<std::vector<std::vector<SiteId>>>& sites);
  inline void walk(SiteId from, TypeId t, int ri, const MoveRule& rule);
  void walk_tree(SiteId from, TypeId t, int ri, const MoveRule& rule, const WalkTree& tree);
  inline void first_clear_path(SiteId from, TypeId t, int ri, const MoveRule& rule,
                               const WalkPath* p, const WalkPath* end);
  inline void anywhere(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline void castle(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline void promote_in_place(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline void steps(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline bool may_hop(SiteId from, const MoveRule& rule);
  inline void keep_distinct(int first);
  inline void simple_piece(SiteId from);
  inline void simple_rules(SiteId from, TypeId t, const PieceType& pt);
  inline void piece(SiteId from);
  inline void piece_rules(SiteId from, TypeId t, const PieceType& pt);

  // Capture chains: depth-first over landings; the moving piece has left its
  // origin, captured pieces stay on the board until the end and may not be
  // jumped twice (or, under removal = "immediate", leave it at once).
  struct HopState {
    SiteId from;
    TypeId type;
    int ri;
    const MoveRule* rule;
    Move cur;
    // The chain's first rule takes its captured pieces off as they are jumped
    // (kept for the whole chain, whatever rule a crowned piece goes on by).
    bool remove_at_once;
    DirId last_dir;  // the direction of the last jump (read once cur.ncap > 0)
    // The decisions found so far from this origin (the first few; the rest in
    // Gen::more_chain_keys). Left unwritten until used.
    std::array<ChainKey, 32> keys;
    int nkeys;
  };

  // The capture chains of one hop rule from `from` (movegen_hops.cpp).
  void hop(SiteId from, TypeId t, int ri, const MoveRule& rule);
  inline bool occupied(const HopState& h, SiteId s) const;
  bool taken(const Move& m, SiteId s) const;  // also for line captures
  inline bool extend(HopState& h, SiteId at, bool probe = false);
  inline void hop_from(HopState& h, SiteId at);
  inline bool crowned_on(HopState& h, SiteId land);
  // Lists the chain that ends at `at` once per distinct decision (also for
  // line captures, hence not inline).
  void finish_hop(HopState& h, SiteId at);
  bool new_chain(HopState& h, const ChainKey& key);

  // Captures by approach and withdrawal (RuleKind::kLineCapture): a chain of
  // steps of one piece, each taking an enemy line at once; the points it has
  // stood on this turn, origin first, and the direction of its last step.
  struct LineState {
    HopState h;
    std::array<SiteId, kMaxPath + 1> visited;
    int nvisited;
  };
  // The chains of one line_capture rule from `from` (movegen_line_captures.cpp).
  void line_capture(SiteId from, TypeId t, int ri, const MoveRule& rule);
  void line_steps(LineState& l, SiteId at, DirId last);
  bool line_filled(const LineState& l, SiteId s) const;
  bool line_take(LineState& l, SiteId s, DirId along);
};

// The steps of legal_moves_undecided that live in the other files.
// movegen_stages.cpp: the throws of the dice; the choices of a pending stage
// other than kMoveAgain.
void chance_moves(const Ruleset& r, MoveList& moves);
void stage_moves(const Position& pos, const Stage& st, MoveList& moves);
// movegen_legality.cpp: the moves that take a piece straight back where
// Ruleset::return_ban forbids it are dropped; the legality filter keeps the
// moves that leave the royal safe and the pieces that fear attack unattacked
// and pass the filter hook; stage choices that leave the royal in check are
// dropped.
void drop_banned_returns(const Position& pos, MoveList& moves);
// Where judges_legality holds; returns whether the seat to move is in check
// where judging learnt it (1 or 0), -1 where it did not.
int keep_legal(Position& pos, MoveList& moves);
// Whether keep_legal has anything to judge under these rules: asked before the
// call, which most positions of games without check need not make.
inline bool judges_legality(const Ruleset& r) {
  return r.end.check || r.any_fears_attack || (r.hooks && r.hooks->has_filter());
}
void keep_stage_moves_safe(Position& pos, MoveList& moves);
// Where the royals face (Ruleset::facing_offer), keeps the moves that break the
// line: the other answer is the pass, which accepts.
void keep_facing_answers(Position& pos, MoveList& moves);
// movegen_priorities.cpp: keeps the legal moves the rules let the seat choose
// among (no mating drop where forbidden, capture priorities and orders, drops
// that must be made).
void keep_preferred_moves(Position& pos, MoveList& moves);
// movegen_pieces.cpp: the moves of the piece on `from` for its seat, whoever is
// to move (what a promoted piece would attack: Promotion::no_attack).
void piece_moves(const Position& pos, SiteId from, MoveList& out);
// movegen_gating.cpp: after the pieces' moves, each move that a piece with
// the gating right makes from its site (and each castling whose partner has
// it), once more for each type of the hand that may be gated there.
void add_gatings(const Position& pos, MoveList& moves);

}  // namespace regula::detail
