#pragma once
// Whole turns over decisions. A Move is one decision; a turn is what one seat
// does before the game passes on: usually one decision, but a placement that
// completes a line and the removal it causes, or the moves of several dice, are
// one turn of several decisions (Position::in_turn tells that the next decision
// continues the turn). Perft, move lists, game records and the random player
// count and choose whole turns; the GUI and the AI can walk decision by
// decision with legal_moves and make. A throw of the dice is a turn of its own
// (a chance event, not a player's move).

#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace regula {

// Decisions in one turn. A script whose turns can go on for ever (a move
// that starts a stage in which the same move starts it again) would make every
// walk over turns recurse without end; past this many decisions the walk stops
// with a RuleError naming the limit. The bundled games need at most four.
constexpr int kMaxTurnDecisions = 32;

// The turns legal_turns lists for one position, and the decisions it may try
// while listing them: turns of many decisions, each with many choices, multiply,
// and past these the listing stops with a RuleError naming the limit instead of
// filling the memory. The bundled games have a few hundred turns at most.
constexpr int kMaxTurns = 50'000;
constexpr int kMaxTurnWalk = 1'000'000;

// Throws the RuleError of a turn that has reached kMaxTurnDecisions in pos.
[[noreturn]] void turn_too_long(const Position& pos);

struct Turn {
  std::vector<Move> steps;  // in the order they are made; never empty
  const Move& first() const { return steps.front(); }
};

// The whole turns that can be played from pos: each distinct sequence of
// decisions that ends the turn or the game. In the middle of a turn, the ways
// to complete it (only the decisions still to make). With several dice, two
// orders of the same moves that lead to the same position are one turn. pos is
// restored before returning.
void legal_turns(Position& pos, std::vector<Turn>& turns);

// Whether the turn may go on after the decision m (a cheap test that never says
// no wrongly: a move that completes a line, fills the board, carries a trigger's
// label, ...). When it says no, m is a whole turn by itself.
bool may_continue(const Position& pos, const Move& m);
// may_continue for many decisions of one position: what depends on the position
// alone is worked out once, when the test is made.
class ContinuationTest {
 public:
  explicit ContinuationTest(const Position& pos);
  // turns_after_made(pos, m, made) for a decision m of the test's position that
  // may go on; a count every such decision shares is worked out once.
  uint64_t turns_after(Position& pos, const Move& m, int made) const;
  // Whether no decision of the position may go on.
  bool never() const { return !always_ && !ordinary_ && !actions_; }
  bool operator()(const Move& m) const {
    if (gaps_only_) {
      // Most decisions: not on a gap, so no line and nothing else can follow.
      const auto to = static_cast<uint16_t>(m.to);
      if (to >= 64 || !((gaps_ >> to) & 1)) return false;
    }
    if (m.kind == MoveKind::kChance) return false;
    if (always_) return true;
    if (m.kind == MoveKind::kAction) return actions_;
    if (!ordinary_ ||
        (m.kind != MoveKind::kNormal && m.kind != MoveKind::kDrop && m.kind != MoveKind::kCastle))
      return false;
    if (moves_ && m.kind != MoveKind::kDrop) return true;
    // A line can be completed only on a gap: the one site of a line the mover's
    // pieces miss (on small boards; elsewhere every site is tried).
    if (line_ && m.kind != MoveKind::kCastle && (((gaps_ >> m.to) & 1) || !use_gaps_) &&
        pos_.completes_line(m.to, pos_.to_move(), m.from))
      return true;
    return (fills_ || labels_) && by_fill_or_label(m);
  }

 private:
  bool by_fill_or_label(const Move& m) const;

  const Position& pos_;
  bool always_ = false;     // every decision but a throw may go on
  bool ordinary_ = false;   // an ordinary move (not a stage's choice) may start a stage
  bool line_ = false;       // ... by completing a line
  bool fills_ = false;      // ... by a drop that fills the board
  bool labels_ = false;     // ... by the label of its rule
  bool moves_ = false;      // ... by being a move of a piece on the board
  bool use_gaps_ = false;   // gaps_ holds every site where a line may be completed
  bool gaps_only_ = false;  // ... and only a line may make a decision go on
  uint64_t gaps_ = 0;
  bool actions_ = false;       // an action starts a stage of the mover's
  mutable int removals_ = -2;  // the choices of a removal after a line (-2: not known yet)
};
// The number of whole turns that begin with decision m of pos, as legal_turns
// counts them (0 when m leads nowhere); made: the decisions of the turn already
// made before m. A turn longer than kMaxTurnDecisions throws (turn_too_long).
// pos is restored before returning.
uint64_t turns_after(Position& pos, const Move& m, int made = 0);
// The same, for a decision known to be one that may continue.
uint64_t turns_after_made(Position& pos, const Move& m, int made = 0);

// Plays or takes back a whole turn; undos holds one Undo per step.
void make_turn(Position& pos, const Turn& turn, std::vector<Undo>& undos);
void unmake_turn(Position& pos, const Turn& turn, const std::vector<Undo>& undos);

}  // namespace regula
