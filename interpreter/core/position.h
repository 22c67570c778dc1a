#pragma once
// The mutable state of a game: pieces and their flags, whose turn it is, hands,
// per-seat and global counters, the pending die roll, and a Zobrist hash of all
// of it. Played forwards with make() and back with unmake() and a caller-owned
// Undo record, so that search and perft never copy positions.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "core/ruleset.h"

namespace regula {

// Per-seat counters the engine keeps itself; scripts may declare more after these.
enum SeatCounter : int { kCaptured = 0, kStakes = 1, kFirstScriptCounter = 2 };
// Global counters.
enum GlobalCounter : int { kHalfmove = 0, kPasses = 1, kMaterialPlies = 2, kPly = 3 };

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
  uint8_t out_mask = 0;
};

class Position {
 public:
  static constexpr int kHandBase = 0;
  static constexpr int kSeatBase = kMaxSeats * kMaxTypes;
  static constexpr int kGlobalBase = kSeatBase + kMaxSeats * kMaxSeatCounters;
  static constexpr int kNumVars = kGlobalBase + kMaxGlobalCounters;

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
  int roll() const { return roll_; }
  // True when the next step is a die roll rather than a player's decision.
  bool awaiting_roll() const { return !rules_->dice.faces.empty() && roll_ == 0; }
  int hand(SeatId seat, TypeId type) const { return vars_[kHandBase + seat * kMaxTypes + type]; }
  int counter(SeatId seat, int k) const { return vars_[kSeatBase + seat * kMaxSeatCounters + k]; }
  int global(int k) const { return vars_[kGlobalBase + k]; }
  int count(PieceCode code) const { return counts_[code]; }
  int pieces(SeatId seat) const { return seat_pieces_[seat]; }
  int material(SeatId seat) const { return seat_value_[seat]; }
  SiteId royal_site(SeatId seat) const { return royal_site_[seat]; }
  bool is_out(SeatId seat) const { return (out_mask_ >> seat) & 1u; }
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
  void set_hand(SeatId seat, TypeId type, int n, Undo* undo = nullptr) {
    set_var(kHandBase + seat * kMaxTypes + type, n, undo);
  }
  void set_counter(SeatId seat, int k, int v, Undo* undo = nullptr) {
    set_var(kSeatBase + seat * kMaxSeatCounters + k, v, undo);
  }
  void set_global(int k, int v, Undo* undo = nullptr) { set_var(kGlobalBase + k, v, undo); }
  void set_to_move(SeatId seat);
  void set_ep(SiteId ep, SiteId victim);
  void set_out(SeatId seat, bool out, Undo* undo = nullptr);
  // A pending die outcome (0: none); for position strings.
  void set_roll(int roll);
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

  std::shared_ptr<const Ruleset> rules_;
  std::vector<PieceCode> board_;
  std::vector<uint8_t> flags_;
  std::array<int32_t, kNumVars> vars_{};
  std::array<int16_t, kMaxPieceCodes> counts_{};
  std::array<int16_t, kMaxSeats> seat_pieces_{};
  std::array<int32_t, kMaxSeats> seat_value_{};
  std::array<SiteId, kMaxSeats> royal_site_{};
  std::vector<uint64_t> history_;
  uint64_t hash_ = 0;
  SiteId ep_ = kNoSite;
  SiteId ep_victim_ = kNoSite;
  SeatId to_move_ = 0;
  int16_t roll_ = 0;
  int16_t end_rule_ = -1;
  SeatId end_seat_ = 0;
  uint8_t out_mask_ = 0;
};

}  // namespace regula
