#include "core/perft.h"

#include <unordered_set>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/turns.h"

namespace regula {

namespace {

// seen: positions that ended a turn begun above this node, when orders of the
// same moves (several dice) must count once; null elsewhere.
uint64_t count(Position& pos, int depth, std::unordered_set<uint64_t>* seen) {
  if (depth <= 0) return 1;
  MoveList moves;
  legal_moves(pos, moves);
  const bool chance = !moves.empty() && moves[0].kind == MoveKind::kChance;
  const Ruleset& r = pos.rules();
  Undo u;
  uint64_t total = 0;
  if (!r.has_continuations) {
    if (depth == 1 && !chance) return static_cast<uint64_t>(moves.size());
    for (const Move& m : moves) {
      pos.make(m, u);
      total += count(pos, chance ? depth : depth - 1, nullptr);
      pos.unmake(m, u);
    }
    return total;
  }
  if (depth == 1 && !chance && r.dice.count <= 1) {
    // In bulk: only the decisions that may go on are made, to count their turns.
    for (const Move& m : moves) total += turns_after(pos, m);
    return total;
  }
  std::unordered_set<uint64_t> local;
  if (!seen && !chance && r.dice.count > 1) seen = &local;
  for (const Move& m : moves) {
    pos.make(m, u);
    if (chance)
      total += count(pos, depth, nullptr);
    else if (pos.in_turn() && !decided_result(pos))
      total += count(pos, depth, seen);
    else if (!seen || seen->insert(pos.hash()).second)
      total += count(pos, depth - 1, nullptr);
    pos.unmake(m, u);
  }
  return total;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  return count(pos, depth, nullptr);
}

std::vector<std::pair<Turn, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Turn, uint64_t>> out;
  if (depth <= 0) return out;
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<Undo> undos;
  for (const Turn& t : turns) {
    const bool chance = t.first().kind == MoveKind::kChance;
    make_turn(pos, t, undos);
    out.emplace_back(t, perft(pos, chance ? depth : depth - 1));
    unmake_turn(pos, t, undos);
  }
  return out;
}

}  // namespace regula
