#pragma once
// One decision of one player: a whole Jetan path, a whole draughts capture
// sequence, a placement with the removal it causes, a promotion choice, or a pass.
// It carries everything a GUI needs to animate it and notation needs to print it
// without knowing the rules. A die roll is a chance event: MoveKind::kChance.
// The type is trivially copyable and fixed-size so that move lists live on the
// stack during search and perft.

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/types.h"

namespace regula {

// kRemove takes the piece on `to` off the board (a removal or a gift chosen in a
// Stage); kAnswer picks answer number `chance` of the pending Stage.
// kPromote turns the piece on `to` into type `promote` (a promotion asked for
// as a decision of its own). kAction takes action number `chance` of the
// ruleset (an offer) in place of a move.
enum class MoveKind : uint8_t {
  kNormal,
  kDrop,
  kPass,
  kChance,
  kCastle,
  kRemove,
  kAnswer,
  kPromote,
  kAction
};

// Fixed room in a Move. A capture chain that would need more is an error
// (RuleError naming the limit), never a shortened move.
constexpr int kMaxCaptures = 24;
constexpr int kMaxPath = 24;

struct Move {
  SiteId from = kNoSite;
  SiteId to = kNoSite;
  MoveKind kind = MoveKind::kNormal;
  TypeId promote = -1;     // type after the move, or -1
  TypeId drop_type = -1;   // for drops
  uint8_t set_flags = 0;   // piece flags the moved piece gains (once-per-game moves)
  uint16_t rule = 0;       // index of the generating rule, for notation and hooks
  SiteId from2 = kNoSite;  // a second piece relocated by the same move (castling partner)
  SiteId to2 = kNoSite;
  SiteId ep_set = kNoSite;  // the site passed over, capturable en passant next ply
  // Gating (Ruleset::Gating): the type put from the hand on gate_at, or -1.
  TypeId gate = -1;
  SiteId gate_at = kNoSite;
  // kChance: the outcome of the throw (Position::roll's packing); an ordinary move
  // in a game of several dice: the die value it uses; kAnswer: the answer index.
  int16_t chance = 0;
  uint8_t ncap = 0;   // sites cleared besides the destination (hops, en passant, removals)
  uint8_t npath = 0;  // intermediate sites, for display and path-dependent rules
  std::array<SiteId, kMaxCaptures> cap;
  std::array<SiteId, kMaxPath> path;

  static Move pass() {
    Move m;
    m.kind = MoveKind::kPass;
    return m;
  }
  bool is_pass() const { return kind == MoveKind::kPass; }
  // The very same move: every field, path and captures in order.
  bool same(const Move& o) const {
    if (from != o.from || to != o.to || kind != o.kind || promote != o.promote ||
        drop_type != o.drop_type || set_flags != o.set_flags || rule != o.rule ||
        from2 != o.from2 || to2 != o.to2 || ep_set != o.ep_set || chance != o.chance ||
        ncap != o.ncap || npath != o.npath || gate != o.gate || gate_at != o.gate_at)
      return false;
    return std::equal(cap.begin(), cap.begin() + ncap, o.cap.begin()) &&
           std::equal(path.begin(), path.begin() + npath, o.path.begin());
  }
  // A hash of every field same() compares, so that moves can be looked up in
  // hash tables by value (equal under same() means equal hashes).
  uint64_t hash() const {
    uint64_t h = 0xcbf29ce484222325ull;
    auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
    mix(static_cast<uint16_t>(from) | static_cast<uint64_t>(static_cast<uint16_t>(to)) << 16 |
        static_cast<uint64_t>(kind) << 32 |
        static_cast<uint64_t>(static_cast<uint8_t>(promote)) << 40 |
        static_cast<uint64_t>(static_cast<uint8_t>(drop_type)) << 48 |
        static_cast<uint64_t>(set_flags) << 56);
    mix(rule | static_cast<uint64_t>(static_cast<uint16_t>(from2)) << 16 |
        static_cast<uint64_t>(static_cast<uint16_t>(to2)) << 32 |
        static_cast<uint64_t>(static_cast<uint16_t>(ep_set)) << 48);
    mix(static_cast<uint16_t>(chance) | static_cast<uint64_t>(ncap) << 16 |
        static_cast<uint64_t>(npath) << 24 |
        static_cast<uint64_t>(static_cast<uint8_t>(gate)) << 32 |
        static_cast<uint64_t>(static_cast<uint16_t>(gate_at)) << 40);
    for (int i = 0; i < ncap; ++i) mix(static_cast<uint16_t>(cap[i]));
    for (int i = 0; i < npath; ++i) mix(static_cast<uint16_t>(path[i]) | 1u << 16);
    return h;
  }
  // Equal as decisions: the same change of position with the same side effects
  // (the path taken does not matter; the set of captured sites does).
  // any_promotion: whatever either promotes to.
  bool same_decision(const Move& o, bool any_promotion = false) const {
    if (from != o.from || to != o.to || kind != o.kind ||
        (promote != o.promote && !any_promotion) || drop_type != o.drop_type ||
        set_flags != o.set_flags || from2 != o.from2 || to2 != o.to2 || chance != o.chance ||
        ncap != o.ncap || gate != o.gate || gate_at != o.gate_at)
      return false;
    for (int i = 0; i < ncap; ++i)
      if (std::find(o.cap.begin(), o.cap.begin() + o.ncap, cap[i]) == o.cap.begin() + o.ncap)
        return false;
    return true;
  }
  // Equal in effect: the same decision (same_decision: origin, destination,
  // kind, promotion, drop, flags set, partner, die and the set of sites cleared,
  // whatever the path) that also leaves the same site capturable en passant.
  // Two moves equal in effect whose rules carry the same label (MoveRule::label,
  // read by triggers, hooks and move text; the Move holds only the rule's index)
  // are one move to the player, and move generation lists it once.
  bool same_effect(const Move& o) const { return same_decision(o) && ep_set == o.ep_set; }
};

// A list of moves. Room for the usual case is inline raw storage, never
// initialised ahead of use, because a list is made at every node of a search;
// a position with more moves (drops on a large board) moves it to the heap.
class MoveList {
 public:
  static constexpr int kInline = 512;
  MoveList() : data_(storage_.items), capacity_(kInline) {}
  MoveList(const MoveList& o) : MoveList() { *this = o; }
  MoveList& operator=(const MoveList& o) {
    if (this == &o) return *this;
    size_ = 0;
    reserve(o.size_);
    if (o.size_ > 0) std::copy(o.begin(), o.end(), data_);
    size_ = o.size_;
    return *this;
  }
  ~MoveList() {
    if (data_ != storage_.items) delete[] data_;
  }
  Move* data() { return data_; }
  const Move* data() const { return data_; }
  Move* begin() { return data_; }
  Move* end() { return data_ + size_; }
  const Move* begin() const { return data_; }
  const Move* end() const { return data_ + size_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move& operator[](int i) { return data_[i]; }
  const Move& operator[](int i) const { return data_[i]; }
  // The returned slot holds garbage: callers assign a whole Move to it.
  Move& add() {
    if (size_ == capacity_) reserve(2 * capacity_);
    return data_[size_++];
  }
  void push(const Move& m) { add() = m; }
  void pop() { --size_; }
  void clear() { size_ = 0; }
  void resize(int n) { size_ = n; }

 private:
  void reserve(int n) {
    if (n <= capacity_) return;
    Move* bigger = new Move[n];
    std::copy(data_, data_ + size_, bigger);
    if (data_ != storage_.items) delete[] data_;
    data_ = bigger;
    capacity_ = n;
  }

  union Storage {
    Storage() {}
    Move items[kInline];
  } storage_;
  Move* data_;
  int size_ = 0;
  int capacity_;
};

}  // namespace regula
