#pragma once
// The alpha-beta search's transposition table, shared by the threads of one
// search (lazy SMP). Each slot holds one position's result in two 64-bit
// words written without a lock: the result itself, and the position's key
// mixed with it (Hyatt and Mann's lockless hashing, as Crafty and Stockfish
// keep theirs). A slot two threads wrote at once holds a key that matches no
// position, so a reader sees a whole entry or none, never one half of each.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace regula::ai {

enum Bound : uint8_t { kNoBound = 0, kUpper = 1, kLower = 2, kExact = 3 };

class TranspositionTable {
 public:
  // What a slot holds for one position.
  struct Entry {
    int32_t score = 0;
    uint16_t move = 0;  // 1 + index of the best decision; 0 none
    int8_t depth = 0;
    uint8_t bound = kNoBound;
    uint8_t age = 0;
  };

  // A table of about mb megabytes (a power of two of slots, at least one).
  explicit TranspositionTable(int mb) {
    size_t n = 1;
    const size_t want = static_cast<size_t>(std::max(1, mb)) * (size_t{1} << 20) / sizeof(Slot);
    while (n * 2 <= want) n *= 2;
    slots_ = std::make_unique<Slot[]>(n);
    mask_ = n - 1;
  }

  // The entry stored for key, if its slot holds one for it.
  bool probe(uint64_t key, Entry& out) const {
    const Slot& s = slots_[key & mask_];
    const uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ data) != key) return false;
    out = unpack(data);
    return out.bound != kNoBound;
  }

  // Stores a result for key, replacing a shallower or older one (a slot
  // keeps a deeper result of the same search unless this one is exact).
  // move is the index of the best decision, -1 for none.
  void store(uint64_t key, int score, int move, int depth, Bound bound, uint8_t age) {
    Slot& s = slots_[key & mask_];
    const uint64_t old = s.data.load(std::memory_order_relaxed);
    const bool same = (s.check.load(std::memory_order_relaxed) ^ old) == key;
    Entry e = same ? unpack(old) : Entry{};
    if (same && e.bound != kNoBound && e.age == age && e.depth > depth && bound != kExact) return;
    // A new position's entry keeps no move of the old one's.
    if (move >= 0 || !same) e.move = static_cast<uint16_t>(move + 1);
    e.score = std::clamp(score, -kMaxScore, kMaxScore);
    e.depth = static_cast<int8_t>(std::clamp(depth, -1, 127));
    e.bound = bound;
    e.age = age;
    const uint64_t data = pack(e);
    s.data.store(data, std::memory_order_relaxed);
    s.check.store(key ^ data, std::memory_order_relaxed);
  }

  void clear() {
    for (size_t i = 0; i <= mask_; ++i) {
      slots_[i].data.store(0, std::memory_order_relaxed);
      slots_[i].check.store(0, std::memory_order_relaxed);
    }
  }

 private:
  struct Slot {
    std::atomic<uint64_t> check{0};  // the key, mixed with data
    std::atomic<uint64_t> data{0};
  };
  // Scores are kept in 30 bits: far beyond a won score (ai/player.h's kWinScore).
  static constexpr int kMaxScore = (1 << 29) - 1;

  static uint64_t pack(const Entry& e) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(e.score)) & 0x3fffffffu) |
           static_cast<uint64_t>(e.bound & 3u) << 30 | static_cast<uint64_t>(e.move) << 32 |
           static_cast<uint64_t>(static_cast<uint8_t>(e.depth)) << 48 |
           static_cast<uint64_t>(e.age) << 56;
  }
  static Entry unpack(uint64_t d) {
    Entry e;
    // The score's 30 bits, sign extended.
    e.score = static_cast<int32_t>(static_cast<uint32_t>(d << 2)) >> 2;
    e.bound = static_cast<uint8_t>((d >> 30) & 3u);
    e.move = static_cast<uint16_t>(d >> 32);
    e.depth = static_cast<int8_t>(static_cast<uint8_t>(d >> 48));
    e.age = static_cast<uint8_t>(d >> 56);
    return e;
  }

  std::unique_ptr<Slot[]> slots_;
  size_t mask_ = 0;
};

}  // namespace regula::ai
