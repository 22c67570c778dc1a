#pragma once
// A decision entered click by click, as a board front end takes it: the piece
// (or a piece in hand), then where it goes, then, only when that is not yet
// enough, the site that tells two moves apart (a draughts capture by its
// captured pieces, a path through one square rather than another). A removal
// or a promotion asked for on its own is one click on its site. Decisions with
// no site (a pass, an answer, an action, a throw of the dice) are buttons.
//
// Works from the legal decisions alone, so it serves every script; the front
// end highlights next() and calls add() with what the user clicked.

#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace regula {

// One click: a site of the board, or a piece type in the mover's hand.
struct InputStep {
  enum class Kind : uint8_t { kSite, kHand };
  Kind kind = Kind::kSite;
  int value = 0;  // the SiteId, or the TypeId in hand
  bool operator==(const InputStep&) const = default;
  static InputStep site(SiteId s) { return {Kind::kSite, s}; }
  static InputStep hand(TypeId t) { return {Kind::kHand, t}; }
};

class MoveInput {
 public:
  enum class Outcome {
    kIllegal,   // no legal decision goes on with this click; nothing changed
    kPartial,   // more clicks are needed: see next()
    kComplete,  // one decision is picked: see chosen()
    kChoose     // clicks cannot tell the decisions left apart: pick from candidates()
  };

  MoveInput() = default;
  // The legal decisions of the position (Game::legal_moves()).
  explicit MoveInput(const MoveList& legal);

  // Forgets the clicks so far.
  void reset();
  const std::vector<InputStep>& steps() const { return steps_; }
  // The clicks that go on towards some legal decision.
  std::vector<InputStep> next() const;
  Outcome add(InputStep step);
  // The decisions still consistent with the clicks.
  const std::vector<Move>& candidates() const { return candidates_; }
  // After kComplete: the decision.
  const Move& chosen() const { return candidates_.front(); }

  // The decisions entered without a click on the board, in list order.
  const std::vector<Move>& buttons() const { return buttons_; }
  // The clicks that pick m, in order (empty for a button).
  static std::vector<InputStep> keys(const Move& m);

 private:
  std::vector<Move> all_;      // every decision that has clicks
  std::vector<Move> buttons_;  // and those that have none
  std::vector<Move> candidates_;
  std::vector<InputStep> steps_;
  size_t depth_ = 0;  // index into keys() of the next click
  void skip_shared();
};

}  // namespace regula
