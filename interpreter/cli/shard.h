#pragma once
// A share of a run split into N independent parts, given on the command line
// as "I/N" (1 <= I <= N): part I takes the items (games, root moves) whose
// index counting from 0 is I - 1 modulo N. So game number g (counting from 1)
// belongs to part ((g - 1) mod N) + 1, every item belongs to exactly one part,
// and which part takes an item does not depend on anything but I and N.

#include <cstdint>
#include <string>

#include "core/expected.h"

namespace regula::cli {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;

  // Whether this part takes the item of this 0-based index.
  bool owns(uint64_t item) const {
    return item % static_cast<uint64_t>(count) == static_cast<uint64_t>(index - 1);
  }
  // How many of the items 0..items-1 it takes.
  uint64_t size(uint64_t items) const;
  bool whole() const { return count == 1; }
  std::string text() const;  // "I/N"
};

// The largest N accepted.
inline constexpr int kMaxShards = 1000000;

// Reads "I/N"; an Error (where = the text) says what is wrong: not two
// numbers, N below 1 or above kMaxShards, I outside 1..N.
Expected<Shard> parse_shard(const std::string& text);

}  // namespace regula::cli
