#include "core/perft.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <unordered_set>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "core/turns.h"

namespace regula {

namespace {

// The decisions a count may make, shared by the threads of one count.
struct Budget {
  uint64_t max;                      // 0: no limit
  std::atomic<uint64_t> used{0};     // settled so far, by every thread
  std::atomic<bool> stopped{false};  // a thread failed: the others stop
};

// Thrown in a thread that stops because another failed.
struct Stopped {};

void check_depth(int depth) {
  if (depth > kMaxPerftDepth)
    throw RuleError(Error{"perft", "depth " + std::to_string(depth) + " is more than " +
                                       std::to_string(kMaxPerftDepth) + ", the deepest count"});
}

// One thread's count: its decisions are settled against the shared budget in
// batches, so that threads do not meet on every move; a batch never passes the
// limit, so that one thread stops exactly after max decisions.
struct Counter {
  static constexpr uint64_t kBatch = uint64_t{1} << 16;
  Budget& budget;
  uint64_t pending = 0;
  uint64_t quota;

  explicit Counter(Budget& b) : budget(b), quota(next_quota(0)) {}

  uint64_t next_quota(uint64_t used) const {
    return budget.max ? std::min(kBatch, budget.max - std::min(used, budget.max) + 1) : kBatch;
  }

  void made() {
    if (++pending >= quota) settle();
  }

  void settle() {
    const uint64_t used = budget.used.fetch_add(pending) + pending;
    pending = 0;
    if (budget.stopped.load(std::memory_order_relaxed)) throw Stopped{};
    if (budget.max && used > budget.max) {
      budget.stopped = true;
      throw RuleError(Error{"perft", "stopped after " + std::to_string(budget.max) +
                                         " moves, the limit of one count"});
    }
    quota = next_quota(used);
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
  check_depth(depth);
  Budget budget{max_moves};
  Counter c(budget);
  return c.count(pos, depth, nullptr);
}

namespace {

// The first turns of a divide, counted by one thread on its own position: it
// takes the next uncounted turn until none is left or another thread failed.
struct DivideShare {
  const std::vector<Turn>& turns;
  const std::vector<size_t>& wanted;  // indices into turns
  std::vector<uint64_t>& counts;      // per wanted turn
  std::atomic<size_t>& next;
  Budget& budget;
  int depth;
  const std::function<void(uint64_t)>& counted;

  std::exception_ptr run(Position& pos) {
    Counter c(budget);
    std::vector<Undo> undos;
    try {
      for (size_t k; !budget.stopped && (k = next.fetch_add(1)) < wanted.size();) {
        const Turn& t = turns[wanted[k]];
        const bool chance = t.first().kind == MoveKind::kChance;
        make_turn(pos, t, undos);
        try {
          counts[k] = c.count(pos, chance ? depth : depth - 1, nullptr);
        } catch (...) {
          unmake_turn(pos, t, undos);
          throw;
        }
        unmake_turn(pos, t, undos);
        if (counted) counted(counts[k]);
      }
    } catch (const Stopped&) {
    } catch (...) {
      budget.stopped = true;
      return std::current_exception();
    }
    return nullptr;
  }
};

}  // namespace

std::vector<std::pair<Turn, uint64_t>> perft_divide(Position& pos, int depth, uint64_t max_moves,
                                                    const std::function<bool(size_t)>& take,
                                                    const std::vector<Position*>& more,
                                                    const std::function<void(uint64_t)>& counted) {
  std::vector<std::pair<Turn, uint64_t>> out;
  check_depth(depth);
  if (depth <= 0) return out;
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<size_t> wanted;
  for (size_t i = 0; i < turns.size(); ++i)
    if (!take || take(i)) wanted.push_back(i);
  std::vector<uint64_t> counts(wanted.size());
  std::atomic<size_t> next{0};
  Budget budget{max_moves};
  DivideShare share{turns, wanted, counts, next, budget, depth, counted};
  const size_t helpers = std::min(more.size(), wanted.size() ? wanted.size() - 1 : 0);
  std::vector<std::exception_ptr> errors(helpers + 1);
  std::vector<std::thread> pool;
  for (size_t w = 0; w < helpers; ++w)
    pool.emplace_back([&, w] { errors[w + 1] = share.run(*more[w]); });
  errors[0] = share.run(pos);
  for (std::thread& th : pool) th.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  for (size_t k = 0; k < wanted.size(); ++k) out.emplace_back(turns[wanted[k]], counts[k]);
  return out;
}

}  // namespace regula
