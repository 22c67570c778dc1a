#pragma once
// Rule effects: what a rule does when something happens in a decision. A
// capture pays its owner's debt, a piece arriving on an ally's throne takes
// command of that army, a seat with no pieces leaves play, the end of a turn
// moves a clock. Each such rule is one small Effect object, compiled once
// when the rules load and listed under the events it answers; Position::make
// calls the lists in a fixed order and knows no game. A new family of games
// adds an Effect class (one file in core/effects/), never a branch in make.
//
// The events, in the order one decision raises them:
//   kTurnStart    before the first decision of a seat's turn (not a throw)
//   kDeparture    a piece is about to leave its site (the board still as before)
//   kCapture      a piece is about to be taken off the board by the decision
//   kPassOver     the moving piece passes over a site of its path
//   kArrival      an ordinary move or drop has put its piece on its destination
//   kPromotion    the decision has changed a piece's type
//   kAnswer       a seat chose an answer of a pending stage
//   kAction       a seat took an action in place of a move
//   kDecisionEnd  the decision's own changes are all made
//   kTurnEnd      the decision ended the seat's turn (the turn flow says so)

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/move.h"
#include "core/types.h"

namespace regula {

class Position;
struct Undo;

enum class Event : uint8_t {
  kTurnStart,
  kDeparture,
  kCapture,
  kPassOver,
  kArrival,
  kPromotion,
  kAnswer,
  kAction,
  kDecisionEnd,
  kTurnEnd,
};
constexpr int kNumEvents = static_cast<int>(Event::kTurnEnd) + 1;
constexpr uint32_t event_bit(Event e) {
  return 1u << static_cast<int>(e);
}

// What one decision is doing, shared by the effects it raises: the position
// being changed with the undo record that takes it back, the decision, and
// the facts every effect may read or add to.
struct EffectContext {
  Position& pos;
  const Move& move;
  Undo& undo;
  SeatId mover;            // the seat whose turn it is
  SeatId credit;           // the army owed what the decision captures
  TypeId by = -1;          // the type of the moving or dropped piece, or -1
  int stage = -1;          // the stage the decision answered, or -1
  int taken = 0;           // pieces captured so far in this decision
  int gained = 0;          // their total value
  bool reset = false;      // the decision cannot be taken back by repeating (move clocks)
  bool took_pawn = false;  // it took a pawn of the counting rules (effects/counting.cpp)
  // Takes the piece on site off the board as a capture by a piece of type by
  // (-1: by no piece), raising kCapture first; made by Position.
  void (*capture_fn)(EffectContext&, SiteId, TypeId) = nullptr;
  void capture(SiteId site, TypeId by_type) { capture_fn(*this, site, by_type); }
};

// One rule's effect. A class overrides the handlers of the events it is
// listed under; the others are never called.
class Effect {
 public:
  virtual ~Effect() = default;
  // A short name for descriptions and errors ("captures to hand").
  virtual const char* name() const = 0;
  virtual void on_turn_start(EffectContext&) const {}
  virtual void on_departure(EffectContext&, SiteId /*site*/) const {}
  // by: the type of the capturing piece, or -1 (a removal chosen in a stage).
  virtual void on_capture(EffectContext&, SiteId /*site*/, PieceCode /*victim*/,
                          TypeId /*by*/) const {}
  virtual void on_pass_over(EffectContext&, SiteId /*site*/) const {}
  virtual void on_arrival(EffectContext&, SiteId /*site*/) const {}
  virtual void on_promotion(EffectContext&, SiteId /*site*/) const {}
  virtual void on_answer(EffectContext&, int /*stage*/, int /*answer*/) const {}
  virtual void on_action(EffectContext&, int /*action*/) const {}
  virtual void on_decision_end(EffectContext&) const {}
  virtual void on_turn_end(EffectContext&) const {}
};

// The effects of a ruleset, listed per event in the order they apply. Shared
// by copies of a Ruleset: an effect holds its own data and reads the rest
// through the position (Position::rules), never through a pointer of its own.
class EffectLists {
 public:
  // arrival_types: for Event::kArrival, the types of arriving pieces the
  // effect answers (bit per TypeId), so that a move of any other type does not
  // call it.
  void add(std::unique_ptr<Effect> effect, uint32_t events, uint32_t arrival_types = ~0u);
  const std::vector<const Effect*>& on(Event e) const { return by_event_[static_cast<int>(e)]; }
  // The arrival effects that answer a piece of type t.
  const std::vector<const Effect*>& arrivals(TypeId t) const { return arrivals_[t]; }
  bool any(Event e) const { return !on(e).empty(); }
  // The events some effect answers (bit per Event).
  uint32_t events() const { return events_; }
  const std::vector<std::unique_ptr<Effect>>& all() const { return owned_; }

 private:
  std::array<std::vector<const Effect*>, kNumEvents> by_event_;
  std::array<std::vector<const Effect*>, kMaxTypes> arrivals_;
  std::vector<std::unique_ptr<Effect>> owned_;
  uint32_t events_ = 0;
};

}  // namespace regula
