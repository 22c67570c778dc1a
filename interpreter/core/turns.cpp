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
    {
      ScopedMove made(pos, m, u);
      if (!chance && pos.in_turn() && !decided_result(pos)) {
        extend(pos, cur, out, seen);
      } else if (!seen || seen->insert(pos.hash()).second) {
        out.push_back(cur);
      }
    }
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

bool may_continue(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  if (r.simple_flow || m.kind == MoveKind::kChance) return false;
  if (r.dice.count > 1 || pos.stage() >= 0 || r.promotion_stage >= 0 ||
      (r.hooks && r.hooks->has_after()))
    return true;
  if (r.stages.empty()) return false;
  const bool ordinary =
      m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle;
  if (!ordinary) return false;
  for (const Trigger& t : r.triggers) {
    switch (t.on) {
      case Trigger::On::kLine:
        if (m.kind != MoveKind::kCastle && completes_line_after(pos, m.from, m.to, pos.to_move()))
          return true;
        break;
      case Trigger::On::kFull: {
        // Only a drop onto the last empty site fills the board.
        if (m.kind != MoveKind::kDrop || m.ncap > 0) break;
        int occupied = 0;
        for (SeatId s = 0; s < r.num_seats(); ++s) occupied += pos.pieces(s);
        if (occupied + 1 == pos.num_sites()) return true;
        break;
      }
      case Trigger::On::kLabel:
        if (m.rule < r.rules.size() && r.rules[m.rule].label == t.label) return true;
        break;
    }
  }
  return false;
}

uint64_t turns_after(Position& pos, const Move& m) {
  if (m.kind == MoveKind::kChance || !may_continue(pos, m)) return 1;
  return turns_after_made(pos, m);
}

uint64_t turns_after_made(Position& pos, const Move& m) {
  Undo u;
  ScopedMove made(pos, m, u);
  if (!pos.in_turn() || decided_result(pos)) return 1;
  MoveList moves;
  legal_moves(pos, moves);
  uint64_t n = 0;
  for (const Move& next : moves) n += turns_after(pos, next);
  return n;
}

void make_turn(Position& pos, const Turn& turn, std::vector<Undo>& undos) {
  undos.resize(turn.steps.size());
  for (size_t i = 0; i < turn.steps.size(); ++i) pos.make(turn.steps[i], undos[i]);
}

void unmake_turn(Position& pos, const Turn& turn, const std::vector<Undo>& undos) {
  for (size_t i = turn.steps.size(); i-- > 0;) pos.unmake(turn.steps[i], undos[i]);
}

}  // namespace regula
