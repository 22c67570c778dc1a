#include "core/turns.h"

#include <unordered_set>

#include "core/game_end.h"
#include "core/movegen.h"

namespace regula {

namespace {

// Extends cur with every decision of pos; a decision that ends the turn (or the
// game) completes a turn. seen collects the positions reached, to merge orders.
void extend(Position& pos, Turn& cur, std::vector<Turn>& out, std::unordered_set<uint64_t>* seen) {
  MoveList moves;
  legal_moves(pos, moves);
  if (moves.empty()) return;
  const bool chance = moves[0].kind == MoveKind::kChance;
  Undo u;
  for (const Move& m : moves) {
    cur.steps.push_back(m);
    pos.make(m, u);
    if (!chance && pos.in_turn() && !decided_result(pos)) {
      extend(pos, cur, out, seen);
    } else if (!seen || seen->insert(pos.hash()).second) {
      out.push_back(cur);
    }
    pos.unmake(m, u);
    cur.steps.pop_back();
  }
}

}  // namespace

void legal_turns(Position& pos, std::vector<Turn>& turns) {
  turns.clear();
  Turn cur;
  std::unordered_set<uint64_t> seen;
  const bool merge = pos.rules().dice.count > 1 && !pos.awaiting_roll();
  extend(pos, cur, turns, merge ? &seen : nullptr);
}

void make_turn(Position& pos, const Turn& turn, std::vector<Undo>& undos) {
  undos.resize(turn.steps.size());
  for (size_t i = 0; i < turn.steps.size(); ++i) pos.make(turn.steps[i], undos[i]);
}

void unmake_turn(Position& pos, const Turn& turn, const std::vector<Undo>& undos) {
  for (size_t i = turn.steps.size(); i-- > 0;) pos.unmake(turn.steps[i], undos[i]);
}

}  // namespace regula
