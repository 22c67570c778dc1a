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

ContinuationTest::ContinuationTest(const Position& pos) : pos_(pos) {
  const Ruleset& r = pos.rules();
  if (r.fast.simple_flow) return;
  // The reference mode: every decision is made to see whether it goes on.
  if (!r.fast.on) {
    always_ = true;
    return;
  }
  if (r.dice.count > 1 || r.promotion_stage >= 0 || (r.hooks && r.hooks->has_after())) {
    always_ = true;
    return;
  }
  if (r.stages.empty()) return;
  if (pos.stage() < 0)
    for (const Action& a : r.actions)
      actions_ |= a.stage >= 0 && r.stages[a.stage].who == Stage::Who::kMover;
  if (pos.stage() >= 0) {
    // A decision of a stage leads to the stage's `then`, unless it is an ordinary
    // move made in a kMoveAgain stage, which may start a stage by a trigger too.
    const Stage& st = r.stages[pos.stage()];
    if (st.then >= 0 && r.stages[st.then].who == Stage::Who::kMover) {
      always_ = true;
      return;
    }
    if (st.choice != Stage::Choice::kMoveAgain) return;
  }
  for (const Trigger& t : r.triggers) {
    // A stage decided by another seat ends the mover's turn.
    if (t.stage >= 0 && r.stages[t.stage].who != Stage::Who::kMover) continue;
    switch (t.on) {
      case Trigger::On::kLine:
        if (!line_ && pos.has_occupancy()) {
          const uint64_t own = pos.occupied(pos.to_move());
          for (uint64_t line : r.topology.line_set()) {
            const uint64_t missing = line & ~own;  // one site missing: a gap
            gaps_ |= (missing & (missing - 1)) == 0 ? missing : 0;
          }
          use_gaps_ = true;
        }
        line_ = true;
        break;
      case Trigger::On::kFull: {
        // Only a drop onto the last empty site fills the board.
        int occupied = 0;
        for (SeatId s = 0; s < r.num_seats(); ++s) occupied += pos.pieces(s);
        fills_ |= occupied + 1 == pos.num_sites();
        break;
      }
      case Trigger::On::kLabel:
        labels_ = true;
        break;
      case Trigger::On::kMove:
        moves_ = true;
        break;
    }
  }
  ordinary_ = line_ || fills_ || labels_ || moves_;
  gaps_only_ = use_gaps_ && !fills_ && !labels_ && !actions_ && !moves_;
}

bool ContinuationTest::by_fill_or_label(const Move& m) const {
  if (fills_ && m.kind == MoveKind::kDrop && m.ncap == 0) return true;
  if (labels_) {
    const Ruleset& r = pos_.rules();
    if (m.rule >= r.rules.size()) return false;
    for (const Trigger& t : r.triggers)
      if (t.on == Trigger::On::kLabel && r.stages[t.stage].who == Stage::Who::kMover &&
          r.rules[m.rule].label == t.label)
        return true;
  }
  return false;
}

bool may_continue(const Position& pos, const Move& m) {
  return ContinuationTest(pos)(m);
}

uint64_t turns_after(Position& pos, const Move& m, int made) {
  if (m.kind == MoveKind::kChance || !may_continue(pos, m)) return 1;
  return turns_after_made(pos, m, made);
}

namespace {

// Whether the turns after m can be counted without making it, where the rules
// allow (FastPaths::line_removal_stage): at the start of a turn, a plain move or
// drop that takes nothing and completes a line starts a removal that ends the
// turn. The move changes none of the pieces the removal chooses from, nor whether
// they stand in lines, and nothing but a capture or the end of the turn can end
// such a game, so the choices are those of the removal as if it were pending now
// (the same for every such move of the position).
bool removal_counts_before(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  if (r.fast.line_removal_stage < 0 || r.hooks || pos.stage() >= 0 || pos.awaiting_roll() ||
      !pos.has_occupancy() || m.ncap > 0 || m.promote >= 0)
    return false;
  if (m.kind == MoveKind::kNormal) {
    if (m.from == kNoSite || m.to == kNoSite || m.to == m.from || pos.at(m.to) != kEmpty ||
        !pos.at(m.from) || piece_seat(pos.at(m.from)) != pos.to_move())
      return false;
  } else if (m.kind != MoveKind::kDrop || m.to == kNoSite || pos.at(m.to) != kEmpty) {
    return false;
  }
  return pos.completes_line(m.to, pos.to_move(), m.from);
}

int removals_now(const Position& pos) {
  return count_stage_moves(pos, pos.rules().stages[pos.rules().fast.line_removal_stage]);
}

}  // namespace

uint64_t ContinuationTest::turns_after(Position& pos, const Move& m, int made) const {
  if (made + 1 < kMaxTurnDecisions && removal_counts_before(pos, m)) {
    if (removals_ == -2) removals_ = removals_now(pos);
    return static_cast<uint64_t>(removals_);
  }
  return turns_after_made(pos, m, made);
}

uint64_t turns_after_made(Position& pos, const Move& m, int made) {
  if (made + 1 >= kMaxTurnDecisions) turn_too_long(pos);
  if (removal_counts_before(pos, m)) return static_cast<uint64_t>(removals_now(pos));
  Undo u;
  ScopedMove scoped(pos, m, u);
  if (!pos.in_turn() || decided_result(pos)) return 1;
  const ContinuationTest goes_on(pos);
  if (goes_on.never()) {
    const int n = count_stage_moves(pos);
    if (n >= 0) return static_cast<uint64_t>(n);
  }
  MoveList moves;
  legal_moves_undecided(pos, moves);
  if (goes_on.never()) return static_cast<uint64_t>(moves.size());
  uint64_t n = 0;
  for (const Move& next : moves)
    n += next.kind == MoveKind::kChance || !goes_on(next) ? 1
                                                          : turns_after_made(pos, next, made + 1);
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
