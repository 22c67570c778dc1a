#pragma once
// The mutable state of a game: pieces and their flags, whose turn it is, hands,
// per-seat and global counters, the pending die roll, and a Zobrist hash of all
// of it. Played forwards with make() and back with unmake() and a caller-owned
// Undo record, so that search and perft never copy positions.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/effect.h"
#include "core/move.h"
#include "core/result.h"
#include "core/ruleset.h"

namespace regula {

struct FlowStep;

// Per-seat counters the engine keeps itself; scripts may declare more after these.
enum SeatCounter : int { kCaptured = 0, kStakes = 1, kFirstScriptCounter = 2 };
// Global counters.
// kPot: money in the pot (Ruleset::money); kPaid: the payments made once per
// game, bit (payment * kMaxSeats + seat) for the seat that paid.
enum GlobalCounter : int {
  kHalfmove = 0,
  kPasses = 1,
  kMaterialPlies = 2,
  kPly = 3,
  kPot = 4,
  kPaid = 5,
  // Decisions (throws included) since the last that could not be taken back
  // by repeating: the reach of Position::history a repetition may be found in.
  // Derived from the history, so position strings leave it out.
  kSinceReset = 6,
  // The moves each seat has made in a row while an end condition that waits
  // (ConditionEnd::moves) held for it: kMaxSeats counters per such condition.
  kConditionMoves = 7,
  // EndRules::counting: the limit of the count running, in plies (0: none),
  // and the plies counted so far.
  kCountLimit = kConditionMoves + kMaxCountedConditions * kMaxSeats,
  kCountPly = kCountLimit + 1,
  // EndRules::perpetual_check_loses: the moves in a row each seat (of two) has
  // made that gave check. Like kSinceReset, read only over the history since a
  // position string, so position strings leave it out.
  kChecksInARow = kCountPly + 1
};
static_assert(kChecksInARow + 2 <= kMaxGlobalCounters);

// Everything make() needs to put back. The fixed arrays hold any move of the
// bundled games (a long draughts capture chain with its removals); an after hook
// that changes more spills into the vectors, which stay empty otherwise.
struct Undo {
  struct SiteChange {
    SiteId site;
    PieceCode code;
    uint8_t flags;
  };
  struct VarChange {
    int16_t index;
    int32_t old;
  };
  std::array<SiteChange, 64> sites;
  std::array<VarChange, 32> vars;
  std::vector<SiteChange> more_sites;
  std::vector<VarChange> more_vars;
  uint8_t nsites = 0;
  uint8_t nvars = 0;
  uint64_t hash = 0;
  SiteId ep = kNoSite;
  SiteId ep_victim = kNoSite;
  SeatId to_move = 0;
  int16_t roll = 0;
  int16_t end_rule = -1;
  SeatId end_seat = 0;
  int8_t stage = -1;
  SeatId owner = 0;
  SiteId anchor = kNoSite;
  uint8_t out_mask = 0;
  int8_t phase = -2;           // Position's cached phase before the move
  uint8_t turn_decisions = 0;  // Position's turn state before the move
  bool turn_open = false;
  bool turn_reset = false;
  bool seats_changed = false;  // seats below was saved (only when a seat changed)
  struct SeatsState {
    std::array<uint8_t, kMaxSeats> state{};      // SeatState
    std::array<SeatId, kMaxSeats> controller{};  // who decides for the seat's army
    std::array<int32_t, kMaxSeats> left_at{};    // 1 + the ply it left play, 0 in play
    std::array<int8_t, kMaxSeats> reason{};      // why it left (see Position::left_reason)
  } seats;
};

class Position {
 public:
  static constexpr int kHandBase = 0;
  static constexpr int kSeatBase = kMaxSeats * kMaxTypes;
  static constexpr int kGlobalBase = kSeatBase + kMaxSeats * kMaxSeatCounters;
  static constexpr int kBanBase = kGlobalBase + kMaxGlobalCounters;
  static constexpr int kNumVars = kBanBase + kMaxSeats;

  // The start position of the ruleset.
  explicit Position(std::shared_ptr<const Ruleset> rules);
  // An empty board (no pieces, empty hands), the first seat to move.
  static Position empty(std::shared_ptr<const Ruleset> rules);

  const Ruleset& rules() const { return *rules_; }
  const std::shared_ptr<const Ruleset>& rules_ptr() const { return rules_; }
  int num_sites() const { return static_cast<int>(board_.size()); }

  PieceCode at(SiteId site) const { return board_[site]; }
  uint8_t flags(SiteId site) const { return flags_[site]; }
  SeatId to_move() const { return to_move_; }
  SiteId ep() const { return ep_; }
  SiteId ep_victim() const { return ep_victim_; }
  // The dice thrown and not yet used: 0 when none; one die's value; or, with
  // several dice, the values packed 5 bits each, largest first (see dice_values).
  int roll() const { return roll_; }
  // True when the next step is a throw of the dice rather than a player's decision.
  bool awaiting_roll() const { return rules_->dice.enabled() && roll_ == 0 && stage_ < 0; }
  // The decision pending within the game's flow (an index into Ruleset::stages),
  // or -1; the seat whose turn it is (owner) is who plays once it is settled.
  int stage() const { return stage_; }
  // The phase for the seat to move (an index into Ruleset::phases), or -1 when
  // none is declared or none holds; as current_phase.
  // A phase that holds only when blocked reads the moves, which more than the
  // edits that forget the phase change: then it is worked out at every call.
  int phase() const {
    if (phase_ != kPhaseUnknown) return phase_;
    const int p = compute_phase();
    if (!rules_->phases_read_moves) phase_ = static_cast<int8_t>(p);
    return p;
  }
  SeatId owner() const { return stage_ >= 0 ? owner_ : to_move_; }
  // The site the pending stage is about (the piece that asks to promote), or kNoSite.
  SiteId anchor() const { return anchor_; }
  // Whether the next decision belongs to the turn the last one was part of: the
  // same seat decides again (a removal after a line, the next die's move). The
  // turn flow (core/flow.h) decides it after every decision; a throw of the
  // dice is no part of a turn.
  bool in_turn() const { return turn_open_; }
  // The decisions of the turn in progress already made (0: the next decision,
  // unless a throw, starts a turn).
  int turn_decisions() const { return turn_decisions_; }
  // Whether the turn in progress has done something that cannot be taken back
  // by repeating (a capture, a move that resets the move-rule clock): the
  // clock is reset at the turn's end, whatever the order of its decisions.
  bool turn_reset() const { return turn_reset_; }
  // Whether pos stands between two turns: no decision of a turn is pending.
  bool between_turns() const { return !turn_open_ && stage_ < 0; }
  // The seat that makes the next decision: whoever commands the army to move.
  // A commander that has left play no longer decides: the seat does, if in play.
  SeatId decider() const {
    const SeatId c = seats_.controller[to_move_];
    return c == to_move_ || seats_.state[c] == static_cast<uint8_t>(SeatState::kActive) ? c
                                                                                        : to_move_;
  }
  SeatState seat_state(SeatId seat) const { return static_cast<SeatState>(seats_.state[seat]); }
  SeatId controller(SeatId seat) const { return seats_.controller[seat]; }
  // Whether the seat still takes turns: in play, or frozen but commanded by a
  // seat in play.
  bool takes_turns(SeatId seat) const;
  // The seat after `after` in turn order that takes turns (the next one in
  // turn order when none does).
  SeatId next_in_play(SeatId after) const;
  // Whether the seat's pieces can move (and so attack): it takes turns.
  bool is_inert(SeatId seat) const { return (inert_mask_ >> seat) & 1u; }
  bool any_inert() const { return inert_mask_ != 0; }
  // When and why a seat left play: 1 + the ply (0: in play), and the reason's
  // index (1: no pieces left, 2 + i: capture end i, kLeftByLeave: ends.leave,
  // -1: set by a script).
  int left_at(SeatId seat) const { return seats_.left_at[seat]; }
  int left_reason(SeatId seat) const { return seats_.reason[seat]; }
  int hand(SeatId seat, TypeId type) const { return vars_[kHandBase + seat * kMaxTypes + type]; }
  int counter(SeatId seat, int k) const { return vars_[kSeatBase + seat * kMaxSeatCounters + k]; }
  int global(int k) const { return vars_[kGlobalBase + k]; }
  // The move a seat may not make on its next turn (Ruleset::return_ban): from the
  // site its piece went to back to the site it left; kNoSite when there is none.
  SiteId ban_from(SeatId seat) const;
  SiteId ban_to(SeatId seat) const;
  // On a board of at most 64 sites (Topology::small), the sites of the seat's
  // pieces as bits (bit s for site s); 0 on larger boards.
  uint64_t occupied(SeatId seat) const { return occ_[seat]; }
  bool has_occupancy() const { return small_; }
  // Whether a line of the board through site is complete in seat's pieces,
  // counting site as holding one of them and vacated (if any) as empty: for a
  // piece of seat standing on site, or arriving there from vacated.
  bool completes_line(SiteId site, SeatId seat, SiteId vacated = kNoSite) const {
    if (!small_) return completes_line_by_sites(site, seat, vacated);
    uint64_t own = occ_[seat];
    if (vacated != kNoSite) own &= ~(uint64_t{1} << vacated);
    own |= uint64_t{1} << site;
    const uint64_t* masks = rules_->topology.line_masks();
    const uint32_t* begin = rules_->topology.line_masks_begin();
    for (uint32_t i = begin[site], e = begin[site + 1]; i < e; ++i)
      if ((masks[i] & ~own) == 0) return true;
    return false;
  }
  // On a board with bit sets, the sites of seat's pieces that stand in a line
  // complete in seat's pieces.
  uint64_t in_lines(SeatId seat) const {
    const uint64_t own = occ_[seat];
    uint64_t out = 0;
    for (uint64_t line : rules_->topology.line_set()) out |= (line & ~own) == 0 ? line : 0;
    return out;
  }
  int count(PieceCode code) const { return counts_[code]; }
  int pieces(SeatId seat) const { return seat_pieces_[seat]; }
  int material(SeatId seat) const { return seat_value_[seat]; }
  SiteId royal_site(SeatId seat) const { return royal_site_[seat]; }
  bool is_out(SeatId seat) const { return (out_mask_ >> seat) & 1u; }
  // Pieces of the seat's hand, all types.
  int hand_total(SeatId seat) const;
  uint64_t hash() const { return hash_; }
  const std::vector<uint64_t>& history() const { return history_; }

  // A result decided by the last capture (CaptureEnd), if any.
  int end_rule() const { return end_rule_; }
  SeatId end_seat() const { return end_seat_; }

  void make(const Move& move, Undo& undo);
  void unmake(const Move& move, const Undo& undo);

  // Low-level edits, recorded in undo when one is given; used by setup, position
  // strings and script hooks.
  void set_site(SiteId site, PieceCode code, uint8_t flags, Undo* undo = nullptr);
  void set_var(int index, int value, Undo* undo = nullptr);
  // Writes code on site in the board alone (no hash, counts, occupancy, flags or
  // royal site): for a legality probe that reads the board only and puts every
  // site back before anything else looks at the position (check_after).
  void probe_site(SiteId site, PieceCode code) { board_[site] = code; }
  void set_hand(SeatId seat, TypeId type, int n, Undo* undo = nullptr) {
    set_var(kHandBase + seat * kMaxTypes + type, n, undo);
  }
  void set_counter(SeatId seat, int k, int v, Undo* undo = nullptr) {
    set_var(kSeatBase + seat * kMaxSeatCounters + k, v, undo);
  }
  void set_global(int k, int v, Undo* undo = nullptr) { set_var(kGlobalBase + k, v, undo); }
  void set_ban(SeatId seat, SiteId from, SiteId to, Undo* undo = nullptr);
  void set_to_move(SeatId seat);
  void set_ep(SiteId ep, SiteId victim);
  void set_out(SeatId seat, bool out, Undo* undo = nullptr);
  // Seat states; reason as for left_reason. Recorded in undo when one is given.
  void set_seat_state(SeatId seat, SeatState state, int reason, Undo* undo = nullptr);
  void set_controller(SeatId seat, SeatId by, Undo* undo = nullptr);
  // When and why a seat left play, as left_at and left_reason; for position strings.
  void set_left(SeatId seat, int left_at, int reason);
  // A pending stage (-1: none) and the seat whose turn it is; for position
  // strings. Whether the turn goes on follows from it (turn_goes_on).
  void set_stage(int stage, SeatId owner, SiteId anchor = kNoSite);
  // A pending die outcome (0: none); for position strings, as set_stage.
  void set_roll(int roll);
  // The turn in progress as turn_decisions and turn_reset give it; for position strings.
  void set_turn(int decisions, bool reset);
  // Marks the game as ended by capture rule `rule` (-1: not), for seat; for position strings.
  void set_end(int rule, SeatId seat);
  void clear_history() { history_.clear(); }
  // Recomputes the hash from scratch; equals hash() whenever the position is consistent.
  uint64_t compute_hash() const;
  bool operator==(const Position& o) const;

 private:
  struct EmptyTag {};
  Position(std::shared_ptr<const Ruleset> rules, EmptyTag);
  void place(SiteId site, PieceCode code, uint8_t flags);
  void record_site(SiteId site, Undo& undo) const;
  uint64_t var_key(int index, int value) const;
  uint64_t roll_key(int roll) const;
  uint64_t stage_key() const;
  uint64_t controller_key(SeatId seat) const;
  void save_seats(Undo* undo);
  void refresh_inert();
  bool completes_line_by_sites(SiteId site, SeatId seat, SiteId vacated) const;
  // The steps of make (see make_inner), each called once and inlined into
  // it (defined in position.cpp alone): make runs at every node of a search,
  // and its steps are named for the reader, not to cost a call each.
  void make_inner(const Move& move, Undo& undo);
  [[gnu::always_inline]] inline void save_undo(Undo& undo);
  [[gnu::always_inline]] inline void throw_dice(const Move& move, Undo& undo);
  [[gnu::always_inline]] inline void apply_decision(EffectContext& ctx);
  [[gnu::always_inline]] inline void move_piece(EffectContext& ctx);
  [[gnu::always_inline]] inline void raise_arrival(EffectContext& ctx);
  [[gnu::always_inline]] inline void account_decision(EffectContext& ctx);
  [[gnu::always_inline]] inline void follow_flow(EffectContext& ctx, const FlowStep& next);
  [[gnu::always_inline]] inline void end_turn(EffectContext& ctx, bool reset);
  static void capture_piece(EffectContext& ctx, SiteId site, TypeId by);
  void put_stage(int stage, SeatId owner, SiteId anchor);
  int compute_phase() const;
  int phase_from(size_t first) const;

  std::shared_ptr<const Ruleset> rules_;
  std::vector<PieceCode> board_;
  std::vector<uint8_t> flags_;
  std::array<int32_t, kNumVars> vars_{};
  std::array<int16_t, kMaxPieceCodes> counts_{};
  std::array<int16_t, kMaxSeats> seat_pieces_{};
  std::array<int32_t, kMaxSeats> seat_value_{};
  std::array<SiteId, kMaxSeats> royal_site_{};
  std::array<uint64_t, kMaxSeats> occ_{};
  bool small_ = false;
  std::vector<uint64_t> history_;
  uint64_t hash_ = 0;
  SiteId ep_ = kNoSite;
  SiteId ep_victim_ = kNoSite;
  SeatId to_move_ = 0;
  int16_t roll_ = 0;
  int16_t end_rule_ = -1;
  SeatId end_seat_ = 0;
  int8_t stage_ = -1;
  SeatId owner_ = 0;
  SiteId anchor_ = kNoSite;
  uint8_t out_mask_ = 0;
  uint8_t inert_mask_ = 0;
  // The phase for the seat to move, once computed (kPhaseUnknown until then);
  // every edit of what a phase condition reads forgets it.
  static constexpr int8_t kPhaseUnknown = -2;
  mutable int8_t phase_ = kPhaseUnknown;
  Undo::SeatsState seats_;
  // The turn in progress (in_turn, turn_decisions, turn_reset).
  uint8_t turn_decisions_ = 0;
  bool turn_open_ = false;
  bool turn_reset_ = false;
};

// A move made for the length of a scope and taken back when it ends, also when
// a script hook throws in between, so that a position is never left half-way.
class ScopedMove {
 public:
  ScopedMove(Position& pos, const Move& move, Undo& undo) : pos_(pos), move_(move), undo_(undo) {
    pos_.make(move_, undo_);
  }
  ~ScopedMove() { pos_.unmake(move_, undo_); }
  ScopedMove(const ScopedMove&) = delete;
  ScopedMove& operator=(const ScopedMove&) = delete;

 private:
  Position& pos_;
  const Move& move_;
  Undo& undo_;
};

// The phase of pos (an index into Ruleset::phases) for the seat to move, or -1
// when none is declared or none holds.
int current_phase(const Position& pos);
// Bit of the current phase for MoveRule::phases tests (all bits when the game has no phases).
uint32_t phase_bit(const Position& pos);
bool condition_holds(const Condition& c, const Position& pos, SeatId seat);
// Whether an end condition holds for seat: its `when`, or, once a count of
// moves under it has begun, its `lasts` (ConditionEnd).
bool condition_end_holds(const ConditionEnd& e, const Position& pos, SeatId seat);

// The promotion clause for a piece of type t of seat moving from `from`
// (kNoSite: arriving from off the board) to `to`: the first whose zone catches
// the move (Promotion::on) and whose condition holds for the seat; or none.
// Clauses that promote in place are moves of their own, never an arrival's.
inline const Promotion* promotion_at(const Position& pos, TypeId t, SeatId seat, SiteId from,
                                     SiteId to) {
  const Ruleset& r = pos.rules();
  for (const Promotion& p : r.types[t].promotions) {
    if (p.in_place) continue;  // a move of its own (RuleKind::kPromote)
    const Region& z = r.regions[p.region];
    if (p.catches(from != kNoSite && z.contains(seat, from), z.contains(seat, to)) &&
        (p.when.terms.empty() || condition_holds(p.when, pos, seat)))
      return &p;
  }
  return nullptr;
}
// The same for a piece that has arrived on site, wherever from.
inline const Promotion* promotion_at(const Position& pos, TypeId t, SeatId seat, SiteId site) {
  return promotion_at(pos, t, seat, kNoSite, site);
}

// Whether the optional promotion clause pr is forced for a piece of type t of
// seat ending its move on site.
inline bool promotion_forced(const Ruleset& r, const Promotion& pr, TypeId t, SeatId seat,
                             SiteId site) {
  return (pr.forced_region >= 0 && r.regions[pr.forced_region].contains(seat, site)) ||
         (pr.forced_stuck && r.types[t].stuck[seat][site]);
}

// Calls f(type) for each type a piece of type t belonging to seat may become on
// arriving on site, in order: promotion.to, or the type the start position had
// there (promotion.to = "start"), less, with only_lost, the types the seat has
// as many of as it started with.
// pr: the clause that applies (promotion_at).
template <typename F>
void for_each_promotion(const Position& pos, const Promotion* pr, TypeId t, SeatId seat,
                        SiteId site, F&& f) {
  const Ruleset& r = pos.rules();
  if (!pr) return;
  auto allowed = [&](TypeId p) {
    return !pr->only_lost || pos.count(make_piece(p, seat)) < r.setup_count[seat][p];
  };
  if (pr->to_start) {
    const TypeId p = r.start_type[site];
    if (p >= 0 && p != t && allowed(p)) f(p);
    return;
  }
  for (TypeId p : pr->to)
    if (allowed(p)) f(p);
}

// Whether clause pr leaves a piece of type t of seat on site some type to become.
inline bool any_promotion(const Position& pos, const Promotion* pr, TypeId t, SeatId seat,
                          SiteId site) {
  bool any = false;
  for_each_promotion(pos, pr, t, seat, site, [&](TypeId) { any = true; });
  return any;
}

template <typename F>
void for_each_promotion(const Position& pos, TypeId t, SeatId seat, SiteId site, F&& f) {
  for_each_promotion(pos, promotion_at(pos, t, seat, site), t, seat, site, f);
}

}  // namespace regula
