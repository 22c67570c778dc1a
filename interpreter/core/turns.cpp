#include "core/turns.h"

#include <unordered_set>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"

namespace regula {

namespace {

// The walk over the decisions of one position that lists its turns.
struct TurnWalk {
  std::vector<Turn>& out;
  std::unordered_set<uint64_t>* seen;  // the positions reached, to merge orders
  int tried = 0;                       // decisions made, bounded by kMaxTurnWalk

  [[noreturn]] void too_many(const Position& pos, const std::string& what) {
    const Ruleset& r = pos.rules();
    throw RuleError(Error{r.file, what + ", the engine's limit for one position"});
  }

  // Extends cur with every decision of pos; a decision that ends the turn (or
  // the game) completes a turn.
  void extend(Position& pos, Turn& cur) {
    if (cur.steps.size() >= static_cast<size_t>(kMaxTurnDecisions)) turn_too_long(pos);
    MoveList moves;
    legal_moves(pos, moves);
    if (moves.empty()) return;
    const bool chance = moves[0].kind == MoveKind::kChance;
    Undo u;
    for (const Move& m : moves) {
      if (++tried > kMaxTurnWalk)
        too_many(pos, "listing the turns takes more than " + std::to_string(kMaxTurnWalk) +
                          " decisions");
      cur.steps.push_back(m);
      {
        ScopedMove made(pos, m, u);
        if (!chance && pos.in_turn() && !decided_result(pos)) {
          extend(pos, cur);
        } else if (!seen || seen->insert(pos.hash()).second) {
          if (out.size() >= static_cast<size_t>(kMaxTurns))
            too_many(pos, "more than " + std::to_string(kMaxTurns) + " turns");
          out.push_back(cur);
        }
      }
      cur.steps.pop_back();
    }
  }
};

}  // namespace

void turn_too_long(const Position& pos) {
  const Ruleset& r = pos.rules();
  const std::string where = pos.stage() >= 0 ? r.stages[pos.stage()].where : r.file;
  throw RuleError(Error{where, "a turn goes on past " + std::to_string(kMaxTurnDecisions) +
                                   " decisions, the engine's limit for one turn"});
}

void legal_turns(Position& pos, std::vector<Turn>& turns) {
  turns.clear();
  Turn cur;
  std::unordered_set<uint64_t> seen;
  const bool merge = pos.rules().dice.count > 1 && !pos.awaiting_roll();
  TurnWalk walk{turns, merge ? &seen : nullptr};
  walk.extend(pos, cur);
}

void make_turn(Position& pos, const Turn& turn, std::vector<Undo>& undos) {
  undos.resize(turn.steps.size());
  for (size_t i = 0; i < turn.steps.size(); ++i) pos.make(turn.steps[i], undos[i]);
}

void unmake_turn(Position& pos, const Turn& turn, const std::vector<Undo>& undos) {
  for (size_t i = turn.steps.size(); i-- > 0;) pos.unmake(turn.steps[i], undos[i]);
}

}  // namespace regula
