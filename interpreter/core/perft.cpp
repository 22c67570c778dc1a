#include "core/perft.h"

#include <unordered_set>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "core/turns.h"

namespace regula {

namespace {

// One count: the decisions made so far against the budget.
struct Counter {
  uint64_t max_moves;
  uint64_t moves = 0;

  Counter(int depth, uint64_t budget) : max_moves(budget) {
    if (depth > kMaxPerftDepth)
      throw RuleError(Error{"perft", "depth " + std::to_string(depth) + " is more than " +
                                         std::to_string(kMaxPerftDepth) + ", the deepest count"});
  }

  void made() {
    if (max_moves && ++moves > max_moves)
      throw RuleError(Error{"perft", "stopped after " + std::to_string(max_moves) +
                                         " moves, the limit of one count"});
  }

  // seen: positions that ended a turn begun above this node, when orders of the
  // same moves (several dice) must count once; null elsewhere.
  uint64_t count(Position& pos, int depth, std::unordered_set<uint64_t>* seen) {
    if (depth <= 0) return 1;
    const int in_turn = pos.turn_decisions();
    if (in_turn >= kMaxTurnDecisions) turn_too_long(pos);
    MoveList moves;
    legal_moves(pos, moves);
    const bool chance = !moves.empty() && moves[0].kind == MoveKind::kChance;
    const Ruleset& r = pos.rules();
    Undo u;
    uint64_t total = 0;
    if (r.fast.simple_flow) {
      if (depth == 1 && !chance) return static_cast<uint64_t>(moves.size());
      for (const Move& m : moves) {
        made();
        ScopedMove made_here(pos, m, u);
        total += count(pos, chance ? depth : depth - 1, nullptr);
      }
      return total;
    }
    if (depth == 1 && !chance && r.dice.count <= 1) {
      // In bulk: only the decisions that may go on are made, to count their turns.
      const ContinuationTest goes_on(pos);
      for (const Move& m : moves) total += goes_on(m) ? goes_on.turns_after(pos, m, in_turn) : 1;
      return total;
    }
    std::unordered_set<uint64_t> local;
    if (!seen && !chance && r.dice.count > 1) seen = &local;
    for (const Move& m : moves) {
      made();
      // Scoped, so that a count stopped by a RuleError leaves pos as it was.
      ScopedMove made_here(pos, m, u);
      if (chance)
        total += count(pos, depth, nullptr);
      else if (pos.in_turn() && !decided_result(pos))
        total += count(pos, depth, seen);
      else if (!seen || seen->insert(pos.hash()).second)
        total += count(pos, depth - 1, nullptr);
    }
    return total;
  }
};

}  // namespace

uint64_t perft(Position& pos, int depth, uint64_t max_moves) {
  Counter c(depth, max_moves);
  return c.count(pos, depth, nullptr);
}

std::vector<std::pair<Turn, uint64_t>> perft_divide(Position& pos, int depth, uint64_t max_moves,
                                                    const std::function<bool(size_t)>& take) {
  std::vector<std::pair<Turn, uint64_t>> out;
  Counter c(depth, max_moves);
  if (depth <= 0) return out;
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<Undo> undos;
  for (size_t i = 0; i < turns.size(); ++i) {
    const Turn& t = turns[i];
    if (take && !take(i)) continue;
    const bool chance = t.first().kind == MoveKind::kChance;
    make_turn(pos, t, undos);
    uint64_t n;
    try {
      n = c.count(pos, chance ? depth : depth - 1, nullptr);
    } catch (...) {
      unmake_turn(pos, t, undos);
      throw;
    }
    unmake_turn(pos, t, undos);
    out.emplace_back(t, n);
  }
  return out;
}

}  // namespace regula
