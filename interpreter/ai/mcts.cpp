#include "ai/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include "ai/search_support.h"
#include "ai/settings.h"
#include "core/game_end.h"
#include "core/movegen.h"

namespace regula::ai {

namespace {

constexpr uint64_t kDefaultIterations = 1000;
// Decisions a playout plays before the evaluation scores it, when the script
// says nothing: long enough to see exchanges through, short enough that the
// long games (hundreds of turns) still get thousands of playouts a second.
constexpr int kDefaultCutoff = 64;
// The tree stops growing past this many nodes; further iterations only
// refine the statistics of the nodes it has.
constexpr size_t kMaxNodes = 2'000'000;
constexpr uint64_t kMaxIterations = 1ull << 31;
// A search bounded by depth alone also ends after this many iterations in a
// row that add no node to the tree: every line it follows ends the game (or
// the tree is full), so it cannot grow to the depth asked for.
constexpr uint64_t kStallIterations = 1024;

// Points (0..1) of an evaluation in score units: a logistic curve on which two
// pieces of value 1 ahead is about 0.73.
double points_of(int score) {
  return 1.0 / (1.0 + std::exp(-score / (2.0 * kPieceUnit)));
}

}  // namespace

struct Mcts::Tree {
  struct Node {
    Move move;  // the decision (or throw) that leads here
    int parent = -1;
    int first = -1;  // children are nodes first .. first + count - 1
    int count = 0;
    bool expanded = false;
    bool chance = false;  // the children are throws of the dice
    bool terminal = false;
    bool wins = false;       // the game ends here, won by the parent's decider
    SeatId decider = 0;      // who decides here (decision nodes)
    double probability = 1;  // of the throw that leads here
    uint32_t visits = 0;
    std::array<double, kMaxSeats> points{};  // summed over the visits, per seat
  };
  std::vector<Node> nodes;
};

Mcts::Mcts(std::shared_ptr<const Ruleset> rules, MctsOptions options, std::string name)
    : rules_(std::move(rules)), options_(options), name_(std::move(name)), eval_(*rules_) {}

Mcts::~Mcts() = default;

Turn Mcts::choose(Position& pos, const std::atomic<bool>* stop) {
  return choose_by_decisions(pos, stop, [&](Position& p) { return decide(p, stop); });
}

Move Mcts::decide(Position& pos, const std::atomic<bool>* stop, SearchInfo* info_out) {
  const Ruleset& r = *rules_;
  const auto start = std::chrono::steady_clock::now();
  Budget budget = options_.budget;
  if (!budget.any()) budget.nodes = kDefaultIterations;
  const int cutoff = options_.cutoff         ? options_.cutoff
                     : ai_settings(r).cutoff ? ai_settings(r).cutoff
                                             : kDefaultCutoff;
  // The same seed and position give the same search, whatever came before.
  std::mt19937_64 rng(options_.seed ^ (pos.hash() * 0x9e3779b97f4a7c15ull));
  const int seats = r.num_seats();

  MoveList root_moves;
  legal_moves(pos, root_moves);
  SearchInfo info;
  if (root_moves.empty()) return Move::pass();
  if (root_moves.size() == 1) {
    info.pv = {root_moves[0]};
    info.done = true;
    report(info);
    if (info_out) *info_out = info;
    return root_moves[0];
  }

  Tree tree;
  tree.nodes.reserve(1024);
  tree.nodes.emplace_back();
  MoveList moves;
  std::vector<int> path;
  std::vector<Undo> undos;
  std::vector<Move> made;
  std::array<double, kMaxSeats> result{};
  std::vector<int> captures;

  // Creates the children of node, the position being the node's.
  auto expand = [&](int node) {
    Tree::Node& n = tree.nodes[node];
    n.expanded = true;
    const Result res = game_result(pos, moves);
    if (res.over) {
      n.terminal = true;
      return;
    }
    if (tree.nodes.size() + moves.size() > kMaxNodes) return;
    // n refers into the vector the children are pushed onto: what the loop
    // needs of it is read now, before any push can move it.
    const bool chance = n.chance = moves[0].kind == MoveKind::kChance;
    n.decider = pos.decider();
    // Decisions that win something are tried first, the others in a seeded order.
    std::shuffle(moves.begin(), moves.end(), rng);
    if (!chance)
      std::stable_sort(moves.begin(), moves.end(),
                       [&](const Move& a, const Move& b) { return gain(pos, a) > gain(pos, b); });
    const int first = static_cast<int>(tree.nodes.size());
    for (const Move& m : moves) {
      Tree::Node c;
      c.move = m;
      c.parent = node;
      if (chance) c.probability = chance_probability(r, m);
      tree.nodes.push_back(c);
    }
    tree.nodes[node].first = first;
    tree.nodes[node].count = moves.size();
  };

  // The points of a finished game, or of the position the playout stopped in.
  auto score_here = [&](const Result* res) {
    for (SeatId s = 0; s < seats; ++s) result[s] = res ? res->points(s) : points_of(eval_(pos, s));
  };

  // Plays on from pos, decision by decision, to the end or the cutoff.
  auto playout = [&]() {
    size_t start_made = made.size();
    for (int k = 0;; ++k) {
      const Result res = game_result(pos, moves);
      if (res.over) {
        score_here(&res);
        break;
      }
      if (k >= cutoff) {
        score_here(nullptr);
        break;
      }
      int pick = -1;
      if (moves[0].kind == MoveKind::kChance) {
        std::uniform_real_distribution<double> u(0, 1);
        double x = u(rng);
        for (int i = 0; i < moves.size() && pick < 0; ++i) {
          x -= chance_probability(r, moves[i]);
          if (x <= 0) pick = i;
        }
        if (pick < 0) pick = moves.size() - 1;
      } else {
        if (options_.capture_playouts) {
          // The best capture most of the time, so that playouts do not give
          // pieces away for nothing.
          int best = 0;
          for (int i = 0; i < moves.size(); ++i) {
            const int g = gain(pos, moves[i]);
            if (g > best) best = g, pick = i;
          }
          if (pick >= 0 && std::uniform_int_distribution<int>(0, 3)(rng) == 0) pick = -1;
        }
        if (pick < 0) pick = std::uniform_int_distribution<int>(0, moves.size() - 1)(rng);
      }
      made.push_back(moves[pick]);
      undos.emplace_back();
      pos.make(made.back(), undos.back());
    }
    while (made.size() > start_made) {
      pos.unmake(made.back(), undos.back());
      made.pop_back();
      undos.pop_back();
    }
  };

  auto elapsed = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  };

  // Whether every decision at the root has been tried: a depth budget is not
  // met before (at depth 1, each is tried once).
  auto root_tried = [&] {
    const Tree::Node& root = tree.nodes[0];
    if (!root.expanded) return false;
    for (int i = 0; i < root.count; ++i)
      if (tree.nodes[root.first + i].visits == 0) return false;
    return true;
  };

  uint64_t iterations = 0;
  int deepest = 0;       // decisions (throws not counted) on the deepest line of the tree
  uint64_t stalled = 0;  // iterations in a row that added no node
  while (true) {
    // The visit counters hold 32 bits: a search ends before they could wrap.
    if ((budget.nodes && iterations >= budget.nodes) || iterations >= kMaxIterations) break;
    if (budget.depth && (stalled >= kStallIterations || (deepest >= budget.depth && root_tried())))
      break;
    if ((iterations & 15) == 0) {
      if (stop && stop->load(std::memory_order_relaxed)) break;
      if (budget.millis && elapsed() >= budget.millis) break;
    }
    ++iterations;
    // Selection: down the tree by UCT for decisions, by probability for throws.
    int node = 0;
    path.assign(1, 0);
    size_t depth_made = 0;
    int decisions = 0;
    bool grew = false;
    while (true) {
      Tree::Node& n = tree.nodes[node];
      if (!n.expanded) expand(node);
      Tree::Node& here = tree.nodes[node];
      if (here.terminal || here.count == 0) break;
      int next = -1;
      if (here.chance) {
        double x = std::uniform_real_distribution<double>(0, 1)(rng);
        for (int i = 0; i < here.count && next < 0; ++i) {
          x -= tree.nodes[here.first + i].probability;
          if (x <= 0) next = here.first + i;
        }
        if (next < 0) next = here.first + here.count - 1;
      } else {
        const double log_n = std::log(std::max<uint32_t>(1, here.visits));
        double best = -1;
        for (int i = 0; i < here.count; ++i) {
          const Tree::Node& c = tree.nodes[here.first + i];
          if (c.wins) {
            // A decision that wins at once is the decision, whatever the statistics say.
            next = here.first + i;
            break;
          }
          if (c.visits == 0) {
            next = here.first + i;
            break;
          }
          const double u = c.points[here.decider] / c.visits +
                           options_.exploration * std::sqrt(log_n / c.visits);
          if (u > best) best = u, next = here.first + i;
        }
      }
      made.push_back(tree.nodes[next].move);
      undos.emplace_back();
      pos.make(made.back(), undos.back());
      ++depth_made;
      if (!here.chance) ++decisions;
      path.push_back(next);
      node = next;
      if (tree.nodes[node].visits == 0) {
        // A new leaf: its value comes from a playout.
        grew = true;
        break;
      }
    }
    deepest = std::max(deepest, decisions);
    stalled = grew ? 0 : stalled + 1;
    if (const Result res = game_result(pos, moves); res.over) {
      Tree::Node& n = tree.nodes[node];
      n.expanded = n.terminal = true;
      if (n.parent >= 0 && !tree.nodes[n.parent].chance)
        n.wins = res.outcome[tree.nodes[n.parent].decider] == Outcome::kWin;
      score_here(&res);
    } else {
      playout();
    }
    while (depth_made-- > 0) {
      pos.unmake(made.back(), undos.back());
      made.pop_back();
      undos.pop_back();
    }
    for (int p : path) {
      Tree::Node& n = tree.nodes[p];
      ++n.visits;
      for (SeatId s = 0; s < seats; ++s) n.points[s] += static_cast<float>(result[s]);
    }
  }

  // The most visited decision, and the line of most visited decisions below it.
  const Tree::Node& root = tree.nodes[0];
  Move best = root_moves[0];
  if (root.expanded && root.count > 0) {
    int b = root.first;
    for (int i = 0; i < root.count; ++i) {
      const Tree::Node& c = tree.nodes[root.first + i];
      if (c.wins) {
        b = root.first + i;
        break;
      }
      if (c.visits > tree.nodes[b].visits) b = root.first + i;
    }
    best = tree.nodes[b].move;
    const Tree::Node& c = tree.nodes[b];
    info.expected = c.visits ? c.points[root.decider] / c.visits : 0.5;
    for (int n = b;;) {
      const Tree::Node& x = tree.nodes[n];
      info.pv.push_back(x.move);
      if (!x.expanded || x.count == 0 || x.chance || x.visits < 2) break;
      int nb = x.first;
      for (int i = 0; i < x.count; ++i)
        if (tree.nodes[x.first + i].visits > tree.nodes[nb].visits) nb = x.first + i;
      if (tree.nodes[nb].visits == 0) break;
      n = nb;
    }
  } else {
    info.pv = {best};
  }
  const double p = std::clamp(info.expected < 0 ? 0.5 : info.expected, 0.001, 0.999);
  info.score = static_cast<int>(std::lround(2.0 * kPieceUnit * std::log(p / (1 - p))));
  info.nodes = iterations;
  info.depth = deepest;
  info.seldepth = deepest;
  info.millis = elapsed();
  info.done = true;
  report(info);
  if (info_out) *info_out = info;
  return best;
}

}  // namespace regula::ai
