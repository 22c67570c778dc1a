#pragma once
// The default judgement of a position for the computer players, from the
// rules alone: material on the board and in hand (the pieces' values), the
// progress of pieces that promote towards their promotion sites, and
// mobility, each with the script's weights (Ruleset::ai); or the script's
// evaluate hook when it defines one.

#include <vector>

#include "core/position.h"

namespace regula::ai {

class Evaluator {
 public:
  explicit Evaluator(const Ruleset& rules);
  // The position's worth for seat's team against the others, in kPieceUnit
  // units (a piece of value 1 is worth 100). Never a won or lost score.
  // legal_count: the number of legal decisions of the side to move when the
  // caller has them (-1: count them), for mobility.
  int operator()(Position& pos, SeatId seat, int legal_count = -1) const;
  // The worth of a piece of type t for seat standing on site (material and
  // promotion progress), as operator() counts it.
  int piece_worth(TypeId t, SeatId seat, SiteId site) const;

 private:
  const Ruleset& rules_;
  // [seat][type][site]: material plus promotion progress, in score units.
  std::vector<std::vector<std::vector<int>>> table_;
  std::vector<std::vector<int>> hand_;  // [seat][type]
  int mobility_ = 0;
  bool hook_ = false;
};

}  // namespace regula::ai
