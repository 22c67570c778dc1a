#include "ai/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <random>

#include "ai/search_support.h"
#include "ai/settings.h"
#include "core/command_limits.h"
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

// One decision's search: the tree, the line being played down it (moves made
// and their undos), the random numbers and the counts the budget is checked
// against. A type of its own so that each step of an iteration (selection,
// expansion, playout, backup) is a function over this shared state.
class Mcts::Search {
 public:
  Search(const Mcts& mcts, Position& pos, const Budget& budget,
         std::chrono::steady_clock::time_point start)
      : rules_(*mcts.rules_),
        options_(mcts.options_),
        eval_(mcts.eval_),
        pos_(pos),
        budget_(budget),
        cutoff_(options_.cutoff              ? options_.cutoff
                : ai_settings(rules_).cutoff ? ai_settings(rules_).cutoff
                                             : kDefaultCutoff),
        seats_(rules_.num_seats()),
        start_(start),
        // The same seed and position give the same search, whatever came before.
        rng_(options_.seed ^ (pos.hash() * 0x9e3779b97f4a7c15ull)) {
    nodes_.reserve(1024);
    nodes_.emplace_back();
  }

  // Iterations until the budget is spent or stop is set.
  void run(const std::atomic<bool>* stop) {
    while (!spent(stop)) iterate();
  }

  // The most visited decision at the root (one that wins at once before any),
  // with the line of most visited decisions below it and the totals, in info.
  Move best(const MoveList& root_moves, SearchInfo& info) const;

  int64_t elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start_)
        .count();
  }

 private:
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

  bool spent(const std::atomic<bool>* stop) const;
  bool root_tried() const;
  void iterate();
  int select(size_t& depth_made);
  int draw_throw(const Node& here);
  int uct_child(const Node& here) const;
  void expand(int node);
  void score_leaf(int node);
  void playout();
  int playout_pick();
  void score_here(const Result* res);
  void play(const Move& m);
  void take_back(size_t count);
  void backup();

  const Ruleset& rules_;
  const MctsOptions& options_;
  const Evaluator& eval_;
  Position& pos_;
  const Budget budget_;
  const int cutoff_;
  const int seats_;
  const std::chrono::steady_clock::time_point start_;
  std::mt19937_64 rng_;
  std::vector<Node> nodes_;
  MoveList moves_;           // the legal moves of the position, as game_result left them
  std::vector<int> path_;    // the nodes of this iteration, root first
  std::vector<Move> made_;   // the moves played from the root position, in order
  std::vector<Undo> undos_;  // and how to take each back
  std::array<double, kMaxSeats> result_{};  // the points of this iteration, per seat
  uint64_t iterations_ = 0;
  int deepest_ = 0;       // decisions (throws not counted) on the deepest line of the tree
  uint64_t stalled_ = 0;  // iterations in a row that added no node
};

// Budget checks, before each iteration (the clock and the stop flag every 16
// iterations).
bool Mcts::Search::spent(const std::atomic<bool>* stop) const {
  // The visit counters hold 32 bits: a search ends before they could wrap.
  if ((budget_.nodes && iterations_ >= budget_.nodes) || iterations_ >= kMaxIterations) return true;
  if (budget_.depth &&
      (stalled_ >= kStallIterations || (deepest_ >= budget_.depth && root_tried())))
    return true;
  if ((iterations_ & 15) == 0) {
    if (stop && stop->load(std::memory_order_relaxed)) return true;
    if (budget_.millis && elapsed() >= budget_.millis) return true;
  }
  return false;
}

// Whether every decision at the root has been tried: a depth budget is not
// met before (at depth 1, each is tried once).
bool Mcts::Search::root_tried() const {
  const Node& root = nodes_[0];
  if (!root.expanded) return false;
  for (int i = 0; i < root.count; ++i)
    if (nodes_[root.first + i].visits == 0) return false;
  return true;
}

// One iteration: down the tree to a new leaf (or the end of the game), its
// points from the game's result or a playout, back up to the root position,
// and the points added along the path.
void Mcts::Search::iterate() {
  ++iterations_;
  size_t depth_made = 0;
  const int leaf = select(depth_made);
  score_leaf(leaf);
  take_back(depth_made);
  backup();
}

// Selection: down the tree by UCT for decisions, by probability for throws,
// expanding the nodes it passes, until a node never visited or one with no
// children. Returns that node; depth_made counts the moves played to reach it.
int Mcts::Search::select(size_t& depth_made) {
  int node = 0;
  path_.assign(1, 0);
  int decisions = 0;
  bool grew = false;
  while (true) {
    if (!nodes_[node].expanded) expand(node);
    const Node& here = nodes_[node];
    if (here.terminal || here.count == 0) break;
    const int next = here.chance ? draw_throw(here) : uct_child(here);
    play(nodes_[next].move);
    ++depth_made;
    if (!here.chance) ++decisions;
    path_.push_back(next);
    node = next;
    if (nodes_[node].visits == 0) {
      // A new leaf: its value comes from a playout.
      grew = true;
      break;
    }
  }
  deepest_ = std::max(deepest_, decisions);
  stalled_ = grew ? 0 : stalled_ + 1;
  return node;
}

// Chance node: a throw drawn by its probability.
int Mcts::Search::draw_throw(const Node& here) {
  double x = std::uniform_real_distribution<double>(0, 1)(rng_);
  for (int i = 0; i < here.count; ++i) {
    x -= nodes_[here.first + i].probability;
    if (x <= 0) return here.first + i;
  }
  return here.first + here.count - 1;
}

// Decision node: a child that wins at once, else the first never visited,
// else the one of highest UCT value for the decider.
int Mcts::Search::uct_child(const Node& here) const {
  const double log_n = std::log(std::max<uint32_t>(1, here.visits));
  double best = -1;
  int next = -1;
  for (int i = 0; i < here.count; ++i) {
    const Node& c = nodes_[here.first + i];
    // A decision that wins at once is the decision, whatever the statistics say.
    if (c.wins || c.visits == 0) return here.first + i;
    const double u =
        c.points[here.decider] / c.visits + options_.exploration * std::sqrt(log_n / c.visits);
    if (u > best) best = u, next = here.first + i;
  }
  return next;
}

// Expansion: creates the children of node, the position being the node's.
void Mcts::Search::expand(int node) {
  Node& n = nodes_[node];
  n.expanded = true;
  const Result res = game_result(pos_, moves_);
  if (res.over) {
    n.terminal = true;
    return;
  }
  if (nodes_.size() + moves_.size() > kMaxNodes) return;
  // n refers into the vector the children are pushed onto: what the loop
  // needs of it is read now, before any push can move it.
  const bool chance = n.chance = moves_[0].kind == MoveKind::kChance;
  n.decider = pos_.decider();
  // Decisions that win something are tried first, the others in a seeded order.
  std::shuffle(moves_.begin(), moves_.end(), rng_);
  if (!chance)
    std::stable_sort(moves_.begin(), moves_.end(),
                     [&](const Move& a, const Move& b) { return gain(pos_, a) > gain(pos_, b); });
  const int first = static_cast<int>(nodes_.size());
  for (const Move& m : moves_) {
    Node c;
    c.move = m;
    c.parent = node;
    if (chance) c.probability = chance_probability(rules_, m);
    nodes_.push_back(c);
  }
  nodes_[node].first = first;
  nodes_[node].count = moves_.size();
}

// The points of the leaf selection stopped at: the game's result where the
// game is over there (marking the node won by its parent's decider when it
// is), a playout's otherwise.
void Mcts::Search::score_leaf(int node) {
  if (const Result res = game_result(pos_, moves_); res.over) {
    Node& n = nodes_[node];
    n.expanded = n.terminal = true;
    if (n.parent >= 0 && !nodes_[n.parent].chance)
      n.wins = res.outcome[nodes_[n.parent].decider] == Outcome::kWin;
    score_here(&res);
  } else {
    playout();
  }
}

// Playout: plays on from the position, decision by decision, to the end or
// the cutoff, scores it, and takes its moves back.
void Mcts::Search::playout() {
  const size_t start_made = made_.size();
  for (int k = 0;; ++k) {
    const Result res = game_result(pos_, moves_);
    if (res.over) {
      score_here(&res);
      break;
    }
    if (k >= cutoff_) {
      score_here(nullptr);
      break;
    }
    play(moves_[playout_pick()]);
  }
  take_back(made_.size() - start_made);
}

// The move a playout plays among moves_: a throw by its probability; a
// decision at random, or mostly the best capture when playouts prefer them.
int Mcts::Search::playout_pick() {
  int pick = -1;
  if (moves_[0].kind == MoveKind::kChance) {
    std::uniform_real_distribution<double> u(0, 1);
    double x = u(rng_);
    for (int i = 0; i < moves_.size() && pick < 0; ++i) {
      x -= chance_probability(rules_, moves_[i]);
      if (x <= 0) pick = i;
    }
    if (pick < 0) pick = moves_.size() - 1;
    return pick;
  }
  if (options_.capture_playouts) {
    // The best capture most of the time, so that playouts do not give
    // pieces away for nothing.
    int best = 0;
    for (int i = 0; i < moves_.size(); ++i) {
      const int g = gain(pos_, moves_[i]);
      if (g > best) best = g, pick = i;
    }
    if (pick >= 0 && std::uniform_int_distribution<int>(0, 3)(rng_) == 0) pick = -1;
  }
  if (pick < 0) pick = std::uniform_int_distribution<int>(0, moves_.size() - 1)(rng_);
  return pick;
}

// The points of a finished game, or of the position the playout stopped in.
void Mcts::Search::score_here(const Result* res) {
  for (SeatId s = 0; s < seats_; ++s) result_[s] = res ? res->points(s) : points_of(eval_(pos_, s));
}

void Mcts::Search::play(const Move& m) {
  made_.push_back(m);
  undos_.emplace_back();
  pos_.make(made_.back(), undos_.back());
}

// Takes back the last count moves played.
void Mcts::Search::take_back(size_t count) {
  while (count-- > 0) {
    pos_.unmake(made_.back(), undos_.back());
    made_.pop_back();
    undos_.pop_back();
  }
}

// Backup: the iteration's points added to every node of its path.
void Mcts::Search::backup() {
  for (int p : path_) {
    Node& n = nodes_[p];
    ++n.visits;
    for (SeatId s = 0; s < seats_; ++s) n.points[s] += static_cast<float>(result_[s]);
  }
}

Move Mcts::Search::best(const MoveList& root_moves, SearchInfo& info) const {
  const Node& root = nodes_[0];
  Move best = root_moves[0];
  if (root.expanded && root.count > 0) {
    int b = root.first;
    for (int i = 0; i < root.count; ++i) {
      const Node& c = nodes_[root.first + i];
      if (c.wins) {
        b = root.first + i;
        break;
      }
      if (c.visits > nodes_[b].visits) b = root.first + i;
    }
    best = nodes_[b].move;
    const Node& c = nodes_[b];
    info.expected = c.visits ? c.points[root.decider] / c.visits : 0.5;
    for (int n = b;;) {
      const Node& x = nodes_[n];
      info.pv.push_back(x.move);
      if (!x.expanded || x.count == 0 || x.chance || x.visits < 2) break;
      int nb = x.first;
      for (int i = 0; i < x.count; ++i)
        if (nodes_[x.first + i].visits > nodes_[nb].visits) nb = x.first + i;
      if (nodes_[nb].visits == 0) break;
      n = nb;
    }
  } else {
    info.pv = {best};
  }
  const double p = std::clamp(info.expected < 0 ? 0.5 : info.expected, 0.001, 0.999);
  info.score = static_cast<int>(std::lround(2.0 * kPieceUnit * std::log(p / (1 - p))));
  info.nodes = iterations_;
  info.depth = deepest_;
  info.seldepth = deepest_;
  info.millis = elapsed();
  info.done = true;
  return best;
}

Mcts::Mcts(std::shared_ptr<const Ruleset> rules, MctsOptions options, std::string name)
    : rules_(std::move(rules)), options_(options), name_(std::move(name)), eval_(*rules_) {}

Mcts::~Mcts() = default;

Turn Mcts::choose(Position& pos, const std::atomic<bool>* stop) {
  return choose_by_decisions(pos, stop, [&](Position& p) { return decide(p, stop); });
}

Move Mcts::decide(Position& pos, const std::atomic<bool>* stop, SearchInfo* info_out) {
  const auto start = std::chrono::steady_clock::now();
  // Hooks obey the search's stop and time limit too, in the middle of a call.
  std::optional<SearchLimits> hook_limits;
  if (pos.rules().hooks) hook_limits.emplace(stop, options_.budget.millis);
  MoveList root_moves;
  legal_moves(pos, root_moves);
  SearchInfo info;
  if (root_moves.empty()) return Move::pass();
  Move best = root_moves[0];
  if (root_moves.size() == 1) {
    info.pv = {best};
    info.done = true;
  } else {
    Budget budget = options_.budget;
    if (!budget.any()) budget.nodes = kDefaultIterations;
    Search search(*this, pos, budget, start);
    // A hook its command stopped (core/command_limits.h) ends the search as a
    // stop does: the position is put back, and the best decision so far stands.
    const std::optional<Position> saved =
        pos.rules().hooks ? std::optional<Position>(pos) : std::nullopt;
    try {
      search.run(stop);
    } catch (const CommandStopped&) {
      if (!saved) throw;
      pos = *saved;
    }
    best = search.best(root_moves, info);
  }
  report(info);
  if (info_out) *info_out = info;
  return best;
}

}  // namespace regula::ai
