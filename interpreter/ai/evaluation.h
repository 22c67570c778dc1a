#pragma once
// The default judgement of a position for the computer players, from the
// rules alone: material on the board and in hand (the pieces' values), the
// progress of pieces that promote towards their promotion sites, what a
// piece gains on its site (ai.squares), and mobility, each with the script's weights (Ruleset::ai),
// and the hunt of a piece whose capture wins, or of a royal piece, by the side well ahead; or the
// script's evaluate hook when it defines one.

#include <cstdint>
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
  // A piece of type t's material (on the board or in hand), before promotion
  // progress, in score units.
  int material(TypeId t) const { return hand_.empty() ? 0 : hand_[0][t]; }
  // Score units per decision of mobility (0 where the evaluation counts none).
  int mobility() const { return mobility_; }
  // Whether the script's evaluate hook judges positions instead.
  bool hooked() const { return hook_; }
  // The mobility term's count: the decisions the rules offer the side to move
  // less those they offer the other side (before the legality filter; a cheap
  // measure of freedom and of pieces in play).
  int mobility_difference(Position& pos, int legal_count = -1) const;
  // The hunt term of operator() for seat (see Ruleset::ai.hunt).
  int hunt(const Position& pos, SeatId seat) const;

 private:
  // Parts of the constructor.
  void material_tables(const AiSettings& w);
  void square_tables(const AiSettings& w);
  bool find_prey();
  void measure_steps();

  const Ruleset& rules_;
  // [seat][type][site]: material plus promotion progress, in score units.
  std::vector<std::vector<std::vector<int>>> table_;
  std::vector<std::vector<int>> hand_;  // [seat][type]
  int mobility_ = 0;
  bool hook_ = false;
  // The hunt: hunter_[victim * types + by] when a piece of type by that takes
  // one of type victim wins the game; vital_ for the types whose capture by
  // any piece wins; the steps between any two sites (sites * sites), when
  // some capture wins.
  std::vector<bool> hunter_;
  std::vector<bool> prey_;
  std::vector<bool> vital_;
  std::vector<bool> royal_;  // the types the rules check
  std::vector<uint8_t> steps_;
  // The hunt where the rules end by extinction and hunt no piece: each piece
  // of the side ahead closes on the nearest enemy piece (swarm()).
  bool swarm_ = false;
  int64_t swarm(const Position& pos, SeatId hunter) const;
  int far_ = 0;  // the most steps between two sites
  // Per site, the most steps from it to any site: larger at an edge or a
  // corner than in the middle.
  std::vector<int> edge_;
};

}  // namespace regula::ai
