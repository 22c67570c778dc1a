#pragma once
// Two readings of the rules compared in one position: the moves legal under
// one only, each with the piece that makes it, the rule that makes it (its
// kind, label and the script's file and line) and the reason the other reading
// gives for refusing it (notation/explain_move.h). The position is the same
// position string read under each reading.

#include <map>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/position.h"

namespace regula {

struct MoveDifference {
  std::string move;    // as the reading that allows it writes it
  std::string piece;   // the type that moves (or is dropped, or removed), or ""
  std::string rule;    // "walk 'escape' at FILE:LINE" of the reading that allows it, or ""
  std::string reason;  // why the other reading refuses it
};

struct PositionDifference {
  std::vector<MoveDifference> only_a, only_b;
  bool empty() const { return only_a.empty() && only_b.empty(); }
};

// The moves of a and b (one position under two readings) that the other does
// not allow. Both are used for make/unmake and come back unchanged.
PositionDifference compare_positions(Position& a, Position& b);

// The same position under other rules: a's position string read by `rules`;
// an Error when the other reading cannot read it (other pieces, other board).
Expected<Position> same_position(const Position& a, std::shared_ptr<const Ruleset> rules);

// What a run of comparisons adds up to: positions, those that differ, and the
// differing moves counted by piece and by rule (per reading).
struct ComparisonTally {
  uint64_t positions = 0, differing = 0;
  uint64_t only_a = 0, only_b = 0;
  std::map<std::string, uint64_t> by_piece_a, by_piece_b, by_rule_a, by_rule_b, by_reason_a,
      by_reason_b;
  void add(const PositionDifference& d);
  void add(const ComparisonTally& o);
};

}  // namespace regula
