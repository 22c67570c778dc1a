#include "ai/alpha_beta.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <utility>

#include "ai/search_support.h"
#include "ai/settings.h"
#include "ai/transposition_table.h"
#include "core/attacks.h"
#include "core/command_limits.h"
#include "core/game_end.h"
#include "core/movegen.h"

namespace regula::ai {

namespace {

// The default budget when none is given: a few tenths of a second.
constexpr uint64_t kDefaultNodes = 100'000;
// Quiescence follows captures at most this many plies past the horizon, so
// that long forced sequences (a draughts board full of exchanges) end.
constexpr int kMaxQuiescence = 24;
// Quiescence goes through at most this many throws of the dice (a reply to a
// capture, and the answer to it), and judges the position at the next: each
// throw multiplies the positions below it by its outcomes.
constexpr int kMaxQuiescenceThrows = 2;
// Beyond every score: the window of a search that knows nothing yet.
constexpr int kInf = kWinScore + 1;
// Throws are weighed in whole numbers while their weights' total stays below
// this, so that a weighted sum of scores cannot overflow.
constexpr int64_t kMaxChanceTotal = int64_t{1} << 40;
// Where the rules have no progress rule, a leaf's score fades to half of it
// over this many decisions without one that cannot be taken back.
constexpr int kProgressPlies = 100;

// Whether the rules end a game that makes no progress: a move clock, a
// count, a clock on bare material.
bool has_progress_rule(const Ruleset& r) {
  const EndRules& e = r.end;
  return e.move_rule > 0 || e.counting.on() || (e.material_max > 0 && e.material_plies > 0);
}

// The decisions at the root in the order to search them, each with the noise
// that blurs its score (AlphaBetaOptions::noise).
struct RootMoves {
  MoveList moves;
  std::vector<int> noise;

  // Puts the decisions (and their noise) in the order idx gives.
  void reorder(const std::vector<int>& idx) {
    MoveList sorted;
    std::vector<int> sorted_noise;
    for (int i : idx) {
      sorted.push(moves[i]);
      sorted_noise.push_back(noise[i]);
    }
    moves = sorted;
    noise = sorted_noise;
  }
  // Sorts them, those before puts first, equals keeping their order.
  void sort_by(const std::function<bool(int, int)>& before) {
    std::vector<int> idx(moves.size());
    for (int i = 0; i < moves.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), before);
    reorder(idx);
  }
};

// The root's decisions in a seeded order among equals, then gains first, so
// that even a search stopped at once answers with a sensible decision; each
// drawn its noise from rng.
RootMoves ordered_root(const Position& pos, MoveList root, int noise, std::mt19937_64& rng) {
  std::shuffle(root.begin(), root.end(), rng);
  RootMoves out{root, std::vector<int>(root.size(), 0)};
  std::vector<int> order_score(root.size());
  for (int i = 0; i < root.size(); ++i) {
    order_score[i] = gain(pos, root[i]);
    if (noise) out.noise[i] = std::uniform_int_distribution<int>(-noise, noise)(rng);
  }
  out.sort_by([&](int a, int b) { return order_score[a] > order_score[b]; });
  return out;
}

}  // namespace

// What one thread of the search keeps from one search to the next.
struct Worker {
  // A list of decisions per ply, made once: a list is large, and a search
  // needs one at every ply.
  std::vector<std::unique_ptr<MoveList>> lists;
  MoveList& list(int ply) {
    while (static_cast<int>(lists.size()) <= ply) lists.push_back(std::make_unique<MoveList>());
    return *lists[ply];
  }
  // History scores per deciding seat, origin and destination, halved between searches.
  std::vector<int> history;
};

struct AlphaBeta::Memory {
  explicit Memory(int mb) : table(mb) {}
  TranspositionTable table;     // shared by the threads
  std::vector<Worker> workers;  // one per thread, the first the main thread's
};

// One search: the position it walks, its budget and what it has learnt.
struct AlphaBeta::Search {
  // A search of pos with the budget given (a helper thread's has no time of
  // its own: the main thread stops it), the worker's lists and history, and,
  // where several threads search, the count of their nodes together.
  Search(AlphaBeta& owner, Position& pos, const std::atomic<bool>* stop, Worker& worker,
         const Budget& budget, std::atomic<uint64_t>* shared_nodes)
      : ab(owner),
        pos(pos),
        r(pos.rules()),
        stop(stop),
        budget(budget),
        start(std::chrono::steady_clock::now()),
        shared_nodes(shared_nodes),
        mem(*owner.memory_),
        worker(worker),
        history(worker.history),
        exact(owner.options_.exact),
        full_chance(owner.options_.full_chance),
        scores(kMaxPly + 1),
        pv(kMaxPly + 1),
        chance_lower(kMaxPly + 1) {
    const size_t sites = pos.num_sites();
    const size_t size = kMaxSeats * (sites + 1) * sites;
    if (history.size() != size) history.assign(size, 0);
    for (int& h : history) h /= 2;
    age = static_cast<uint8_t>(owner.calls_);
    root_team = r.seats[pos.decider()].team;
    contempt = owner.options_.contempt >= 0   ? owner.options_.contempt
               : ai_settings(r).contempt >= 0 ? ai_settings(r).contempt
                                              : kDefaultContempt;
    // A script's evaluate hook is its own judgement, taken as it is.
    fade = !has_progress_rule(r) && !(r.hooks && r.hooks->has_evaluate());
  }

  AlphaBeta& ab;
  Position& pos;
  const Ruleset& r;
  const std::atomic<bool>* stop;
  Budget budget;
  std::chrono::steady_clock::time_point start;
  uint64_t nodes = 0;                   // this thread's
  std::atomic<uint64_t>* shared_nodes;  // every thread's, as last told (null: one thread)
  uint64_t told = 0;                    // this thread's nodes counted in shared_nodes
  int first_depth = 1;                  // where iterative deepening starts
  bool reports = true;                  // the main thread reports its iterations
  int seldepth = 0;
  bool stopped = false;
  uint8_t age = 0;
  int root_team = 0;  // the team of the seat the search decides for
  int contempt = 0;   // what a draw costs root_team
  bool fade = false;  // scores fade without progress (leaf)
  AlphaBeta::Memory& mem;
  Worker& worker;
  std::vector<int>& history;
  const bool exact;        // see AlphaBetaOptions
  const bool full_chance;  // see AlphaBetaOptions
  std::vector<std::vector<int>> scores;
  std::vector<std::vector<Move>> pv;
  std::vector<std::vector<int>> chance_lower;  // per ply: lower bounds of a throw's outcomes
  std::array<std::array<uint64_t, 2>, kMaxPly + 1> killers{};

  int64_t millis() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  }
  // Whether the budget is spent or a stop was asked for; checked every few
  // nodes, since reading the clock costs more than a node.
  bool out_of_time() {
    if (stopped) return true;
    if (!shared_nodes && budget.nodes && nodes >= budget.nodes) return stopped = true;
    if ((nodes & 255) == 0) {
      // Threads that search together spend one budget of nodes.
      if (shared_nodes && budget.nodes && tell_nodes() >= budget.nodes) return stopped = true;
      if (stop && stop->load(std::memory_order_relaxed)) return stopped = true;
      if (budget.millis && millis() >= budget.millis) return stopped = true;
    }
    return false;
  }

  // Adds this thread's nodes since it last told to the shared count, and
  // returns the count.
  uint64_t tell_nodes() {
    const uint64_t add = nodes - told;
    told = nodes;
    return shared_nodes->fetch_add(add, std::memory_order_relaxed) + add;
  }
  // The nodes of every thread so far.
  uint64_t all_nodes() { return shared_nodes ? tell_nodes() : nodes; }

  int team(SeatId s) const { return r.seats[s].team; }

  // How many decisions back the position, with the same side to decide, stood
  // on the board before (in the game or on the line searched) since the last
  // decision that cannot be taken back; 0 when it did not.
  int repeated() const {
    if (pos.stage() >= 0 || pos.in_turn()) return 0;
    const std::vector<uint64_t>& h = pos.history();
    const int span = std::min<int>(pos.global(kSinceReset), static_cast<int>(h.size()));
    const uint64_t key = pos.hash();
    for (int i = 1; i <= span; ++i)
      if (h[h.size() - i] == key) return i;
    return 0;
  }

  // Whether the position, which stood on the board `back` decisions ago, is
  // scored a draw (whatever number of repetitions the rules ask for, as
  // Stockfish scores a repetition inside its tree): a line that comes back
  // gains nothing, so that a side ahead looks for progress instead of moving
  // to and fro, and a side behind takes the repetition. Where the rules make
  // a repetition something else (a loss for one seat, a loss for the side
  // that gave check throughout, a result on points) the rules judge it
  // instead, once it has come back as often as they ask.
  bool repetition_draws(int back) const {
    const EndRules& e = r.end;
    if (e.repetition_loser >= 0 || e.points_decide) return false;
    if (!e.perpetual_check_loses || r.num_seats() != 2) return true;
    const int moves = back / 2;
    return pos.global(kChecksInARow) < moves && pos.global(kChecksInARow + 1) < moves;
  }

  // The evaluation at a leaf, from the side of the seat that decides. Where
  // the rules have no progress rule (no move clock, no count), a score fades
  // with the decisions made since the last that cannot be taken back, to
  // half of it after kProgressPlies: a side ahead prefers the line that makes
  // progress (a capture, a promotion, a step that cannot be undone) to
  // moving to and fro, as Stockfish scales its score by the fifty-move clock.
  int leaf(int legal_count = -1) {
    const int v = ab.eval_(pos, pos.decider(), legal_count);
    if (!fade) return v;
    const int since = std::min(pos.global(kSinceReset), kProgressPlies);
    return static_cast<int>(int64_t{v} * (2 * kProgressPlies - since) / (2 * kProgressPlies));
  }

  // A draw's score for the side that decides now (see terminal).
  int draw_score() const { return team(pos.decider()) == root_team ? -contempt : contempt; }

  // Whether seat's royal piece is in check, or an enemy could take at once a
  // piece of seat's whose capture loses the game: no position to stand still in.
  bool threatened(SeatId seat) const {
    if (!r.royals[seat].empty() && in_check(pos, seat)) return true;
    for (TypeId t : ab.vital_) {
      const PieceCode code = make_piece(t, seat);
      if (!pos.count(code)) continue;
      for (SiteId site = 0, n = pos.num_sites(); site < n; ++site)
        if (pos.at(site) == code && is_attacked(pos, site, seat, t)) return true;
    }
    return false;
  }
  int& history_of(const Move& m) {
    const int sites = pos.num_sites();
    const int from = m.from == kNoSite ? sites : m.from;
    const int to = m.to == kNoSite ? 0 : m.to;
    return history[(static_cast<size_t>(pos.decider()) * (sites + 1) + from) * sites + to];
  }

  // Orders a list: the hash decision, then gains (captures, removals,
  // promotions) by what they win, then killers, then by history.
  void score_moves(const MoveList& moves, std::vector<int>& out, int hash_index, int ply) {
    out.resize(moves.size());
    for (int i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      int s;
      if (i == hash_index) {
        s = 1 << 30;
      } else if (const int g = gain(pos, m); g > 0) {
        s = (1 << 24) + std::min(g, 1 << 20) * 64 - mover_value(pos, m);
      } else if (move_key(m) == killers[ply][0]) {
        s = (1 << 23) + 1;
      } else if (move_key(m) == killers[ply][1]) {
        s = 1 << 23;
      } else {
        s = std::min(history_of(m), (1 << 22));
      }
      out[i] = s;
    }
  }
  // Brings the best-scored of the decisions from i on to place i, keeping
  // their scores and, when given, their places as generated (order) in step.
  static void pick(MoveList& moves, std::vector<int>& s, int i, uint16_t* order = nullptr) {
    int best = i;
    for (int j = i + 1; j < moves.size(); ++j)
      if (s[j] > s[best]) best = j;
    if (best != i) {
      std::swap(moves[i], moves[best]);
      std::swap(s[i], s[best]);
      if (order) std::swap(order[i], order[best]);
    }
  }

  int terminal(const Result& res, int ply) const {
    switch (res.outcome[pos.decider()]) {
      case Outcome::kWin:
        return kWinScore - ply;
      case Outcome::kLoss:
        return -kWinScore + ply;
      default:
        // Contempt: the side searched for would rather play on than draw,
        // and expects the other side to take a draw it is offered.
        return draw_score();
    }
  }

  // The score of the child just made, from the side of the parent's decider:
  // the sign changes only when the side to decide changes team.
  int child(int depth, int alpha, int beta, int ply, int parent_team) {
    const bool same = team(pos.decider()) == parent_team;
    // A decision that continues the same side's turn (a removal after a line)
    // costs no depth: the turn is one move.
    const int d = same && pos.in_turn() ? depth : depth - 1;
    if (same) return search(d, alpha, beta, ply + 1);
    return -search(d, -beta, -alpha, ply + 1);
  }

  // The weight of a throw of the dice among the rules' outcomes (their total
  // is r.dice.outcome_total).
  int64_t chance_weight(const Move& m) const {
    const Dice& d = r.dice;
    for (size_t i = 0; i < d.outcomes.size(); ++i)
      if (d.outcomes[i] == m.chance) return static_cast<int64_t>(d.outcome_weights[i]);
    return 0;
  }

  // The score of a child of a chance node, from the side of the node's decider.
  int chance_child(bool same, int depth, int alpha, int beta, int ply, bool quiet, int qdepth,
                   int throws) {
    if (quiet)
      return same ? quiesce(alpha, beta, ply + 1, qdepth, throws)
                  : -quiesce(-beta, -alpha, ply + 1, qdepth, throws);
    return same ? search(depth, alpha, beta, ply + 1) : -search(depth, -beta, -alpha, ply + 1);
  }

  // Plays the throw m, scores what follows with score(same) (same: the team
  // of my_team decides after the throw), and takes the throw back.
  template <class Score>
  int after_throw(const Move& m, int my_team, Score&& score) {
    Undo u;
    pos.make(m, u);
    ++nodes;
    const int v = score(team(pos.decider()) == my_team);
    pos.unmake(m, u);
    return v;
  }

  // A throw of the dice: the expectation of its outcomes' scores by their
  // weights, rounded down (floor(sum w v / W), in whole numbers, so that the
  // bounds below are exact). Searched with bounds, as Ballard's *-minimax does
  // (Star1 and Star2; Hauk, Buro and Schaeffer, "Rediscovering *-Minimax
  // Search"): every score lies in [-kWinScore, kWinScore], so once some
  // outcomes are known the others can only move the expectation so far, and
  // each outcome is searched with the window that could still change the
  // answer; the node stops when the answer falls outside (alpha, beta). Before
  // that (Star2), where the side that throws also decides after the throw, one
  // decision of each outcome is tried with a null window at beta: what it
  // scores is a lower bound of that outcome, and when every outcome reaches
  // beta the node fails high without a full search of any. The result is the
  // full expectation's whenever it lies inside (alpha, beta), and a bound on
  // the right side of the window otherwise. quiet: below the horizon, where
  // each outcome is a quiescence search qdepth plies past it (a throw does not
  // start quiescence again), this being its throws-th throw.
  int chance_node(MoveList& moves, int depth, int alpha, int beta, int ply, bool quiet, int qdepth,
                  int throws) {
    const int my_team = team(pos.decider());
    const int n = moves.size();
    const int64_t total = static_cast<int64_t>(r.dice.outcome_total);
    auto floor_div = [](int64_t a, int64_t b) -> int64_t {
      const int64_t q = a / b;
      return q * b > a ? q - 1 : q;
    };
    // The score of a weighted sum of scores.
    auto score = [&](int64_t sum) { return static_cast<int>(floor_div(sum, total)); };
    // Each outcome in full: when asked for (full_chance), and where the weights
    // are too large for exact sums (then the plain expectation by the
    // probabilities, in floating point).
    const bool exact = total > 0 && total <= kMaxChanceTotal;
    if (full_chance || !exact) {
      int64_t sum = 0;
      double plain = 0;
      for (int i = 0; i < n; ++i) {
        const Move m = moves[i];
        const int v = after_throw(m, my_team, [&](bool same) {
          return chance_child(same, depth, -kInf, kInf, ply, quiet, qdepth, throws);
        });
        if (stopped) return 0;
        if (exact)
          sum += chance_weight(m) * v;
        else
          plain += chance_probability(r, m) * v;
      }
      return exact ? score(sum) : static_cast<int>(std::floor(plain));
    }
    constexpr int64_t kLow = -kWinScore, kHigh = kWinScore;
    std::vector<int>& lower = chance_lower[ply];
    lower.assign(n, kLow);
    // The weighted sum of the lower bounds of the outcomes not yet searched.
    int64_t lower_rest = kLow * total;
    const int64_t want_high = static_cast<int64_t>(beta) * total;
    const int64_t want_low = (static_cast<int64_t>(alpha) + 1) * total - 1;
    if (!quiet && beta < kHigh) {
      // Star2: probe one decision of each outcome, while every probe reaches beta.
      for (int i = 0; i < n; ++i) {
        const Move m = moves[i];
        const int v = after_throw(m, my_team, [&](bool same) {
          return same ? search(depth, beta - 1, beta, ply + 1, true) : beta - 1;
        });
        if (stopped) return 0;
        if (v < beta) break;
        lower[i] = v;
        lower_rest += chance_weight(m) * (v - kLow);
        if (lower_rest >= want_high) return score(lower_rest);
      }
    }
    // Star1: each outcome with the window its weight leaves open.
    int64_t sum = 0;              // the weighted scores of the outcomes searched
    int64_t weight_rest = total;  // the weights of the others
    for (int i = 0; i < n; ++i) {
      if (sum + lower_rest >= want_high) return score(sum + lower_rest);
      if (sum + weight_rest * kHigh <= want_low) return score(sum + weight_rest * kHigh);
      const Move m = moves[i];
      const int64_t w = chance_weight(m);
      if (w == 0) continue;  // no outcome of the dice: it cannot happen
      const int64_t lower_others = lower_rest - w * lower[i];
      const int64_t upper_others = (weight_rest - w) * kHigh;
      // With the others at their bounds, the scores of this one that decide.
      const int64_t hi = -floor_div(-(want_high - sum - lower_others), w);  // rounded up
      const int64_t lo = floor_div(want_low - sum - upper_others, w);
      const int a = static_cast<int>(std::max<int64_t>(lo, -kInf));
      const int b = static_cast<int>(std::min<int64_t>(hi, kInf));
      const int v = after_throw(m, my_team, [&](bool same) {
        return chance_child(same, depth, a, b, ply, quiet, qdepth, throws);
      });
      if (stopped) return 0;
      if (v <= a) return score(sum + w * v + upper_others);
      if (v >= b) return score(sum + w * v + lower_others);
      sum += w * v;
      lower_rest = lower_others;
      weight_rest -= w;
    }
    return score(sum);
  }

  void update_pv(int ply, const Move& m) {
    auto& line = pv[ply];
    line.clear();
    line.push_back(m);
    if (ply + 1 <= kMaxPly) line.insert(line.end(), pv[ply + 1].begin(), pv[ply + 1].end());
  }

  int quiesce(int alpha, int beta, int ply, int qdepth, int throws = 0) {
    pv[ply].clear();
    seldepth = std::max(seldepth, ply);
    if (out_of_time()) return 0;
    MoveList& moves = worker.list(ply);
    const Result res = game_result(pos, moves);
    if (res.over) return terminal(res, ply);
    if (ply >= kMaxPly || qdepth >= kMaxQuiescence) return leaf();
    if (moves[0].kind == MoveKind::kChance) {
      if (throws >= kMaxQuiescenceThrows) return leaf();
      return chance_node(moves, 0, alpha, beta, ply, true, qdepth, throws + 1);
    }
    // A pending choice (which piece to remove) and a capture the rules force
    // are no place to stand still; nor is a side in check.
    bool forced = pos.stage() >= 0;
    if (!forced) {
      forced = true;
      for (const Move& m : moves)
        if (!tactical(pos, m)) {
          forced = false;
          break;
        }
    }
    if (!forced && threatened(pos.decider()))
      forced = qdepth < 2;  // evasions, a couple of plies deep
    int best = -kWinScore;
    if (!forced) {
      best = leaf(moves.size());
      if (best >= beta) return best;
      alpha = std::max(alpha, best);
    }
    std::vector<int>& s = scores[ply];
    score_moves(moves, s, -1, ply);
    const int my_team = team(pos.decider());
    for (int i = 0; i < moves.size(); ++i) {
      pick(moves, s, i);
      const Move m = moves[i];
      if (!forced && s[i] < (1 << 24)) break;  // the gains are first
      Undo u;
      pos.make(m, u);
      ++nodes;
      const bool same = team(pos.decider()) == my_team;
      const int v = same ? quiesce(alpha, beta, ply + 1, qdepth + 1, throws)
                         : -quiesce(-beta, -alpha, ply + 1, qdepth + 1, throws);
      pos.unmake(m, u);
      if (stopped) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          update_pv(ply, m);
        }
        if (v >= beta) break;
      }
    }
    return best;
  }

  // probe: only the first decision in the order (Star2's probe): the score is
  // a lower bound of the node's when it reaches beta, and tells nothing otherwise.
  // A quiet decision that refuted the line: a killer at this ply, and its
  // history grows with the depth searched.
  void note_quiet_cutoff(const Move& m, int depth, int ply) {
    const uint64_t k = move_key(m);
    if (killers[ply][0] != k) {
      killers[ply][1] = killers[ply][0];
      killers[ply][0] = k;
    }
    int& h = history_of(m);
    h = std::min(h + depth * depth, 1 << 22);
  }

  int search(int depth, int alpha, int beta, int ply, bool probe = false) {
    pv[ply].clear();
    seldepth = std::max(seldepth, ply);
    if (out_of_time()) return 0;
    if (ply > 0)
      if (const int back = repeated(); back && repetition_draws(back)) return draw_score();
    if (depth <= 0) return quiesce(alpha, beta, ply, 0);
    MoveList& moves = worker.list(ply);
    const Result res = game_result(pos, moves);
    if (res.over) return terminal(res, ply);
    if (ply >= kMaxPly) return leaf();
    if (moves[0].kind == MoveKind::kChance)
      return chance_node(moves, depth, alpha, beta, ply, false, 0, 0);

    const uint64_t key = pos.hash();
    int hash_index = -1;
    if (TranspositionTable::Entry e; mem.table.probe(key, e)) {
      if (e.move && e.move <= moves.size()) hash_index = e.move - 1;
      const int score = from_table(e.score, ply);
      if (e.depth >= depth && ply > 0 && !exact) {
        if (e.bound == kExact || (e.bound == kLower && score >= beta) ||
            (e.bound == kUpper && score <= alpha))
          return score;
      }
    }
    // Remember each decision's place in the list as generated, for the table.
    const int n = moves.size();
    std::vector<int>& s = scores[ply];
    score_moves(moves, s, hash_index, ply);
    std::array<uint16_t, 512> order_small;
    std::vector<uint16_t> order_big;
    uint16_t* order = n <= 512 ? order_small.data() : (order_big.resize(n), order_big.data());
    for (int i = 0; i < n; ++i) order[i] = static_cast<uint16_t>(i);

    const int my_team = team(pos.decider());
    const int alpha0 = alpha;
    int best = -kWinScore - 1, best_index = -1;
    for (int i = 0; i < n; ++i) {
      pick(moves, s, i, order);
      const Move m = moves[i];
      const bool quiet_move = s[i] < (1 << 23);
      Undo u;
      pos.make(m, u);
      ++nodes;
      int v;
      if (i == 0) {
        v = child(depth, alpha, beta, ply, my_team);
      } else {
        // Late quiet decisions are searched shallower first, and with a null
        // window; a surprise is searched again in full.
        const int reduce = quiet_move && depth >= 3 && i >= 4 && !exact ? 1 : 0;
        v = child(depth - reduce, alpha, alpha + 1, ply, my_team);
        if (v > alpha && !stopped && (reduce || v < beta))
          v = child(depth, alpha, beta, ply, my_team);
      }
      pos.unmake(m, u);
      if (stopped) return best > -kWinScore - 1 ? best : 0;
      if (v > best) {
        best = v;
        best_index = order[i];
        if (v > alpha) {
          alpha = v;
          update_pv(ply, m);
        }
        if (v >= beta) {
          if (quiet_move) note_quiet_cutoff(m, depth, ply);
          break;
        }
      }
      if (probe) break;
    }
    const Bound bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
    // A probe's score bounds the node only from below.
    if (!probe || bound == kLower)
      mem.table.store(key, to_table(best, ply), best_index, depth, bound, age);
    // The list was reordered: put it back as generated is not needed, since
    // the table keeps indices into the generated order (order[]).
    return best;
  }
  // The best decision of one iteration at depth over the root, and its score
  // and line; -1 when the search stopped before it judged any. last gets each
  // judged decision's score.
  struct Iteration {
    int best = -1;
    int score = -kInf;
    std::vector<Move> pv;
  };
  Iteration iterate(const RootMoves& root, int depth, std::vector<int>& last) {
    Iteration it;
    for (int i = 0; i < root.moves.size(); ++i) {
      const Move m = root.moves[i];
      Undo u;
      pos.make(m, u);
      ++nodes;
      // With noise, a decision matters when its score plus its noise beats
      // the best so far: the window is shifted by its noise.
      int v;
      if (i == 0) {
        v = child(depth, -kInf, kInf, 0, root_team);
      } else {
        const int a = std::clamp(it.score - root.noise[i], -kInf, kInf - 1);
        v = child(depth, a, a + 1, 0, root_team);
        if (v > a && !stopped) v = child(depth, a, kInf, 0, root_team);
      }
      pos.unmake(m, u);
      if (stopped) break;
      // Noise blurs the judgement of ordinary positions, never of a decided game.
      const int judged = std::abs(v) >= kWinScore - kMaxPly ? v : v + root.noise[i];
      last[i] = judged;
      if (judged > it.score) {
        it.score = judged;
        it.best = i;
        it.pv.assign(1, m);
        it.pv.insert(it.pv.end(), pv[1].begin(), pv[1].end());
      }
    }
    return it;
  }

  // Iterative deepening over the root, to the budget's depth or until the
  // search stops; best and info get the deepest result found.
  void deepen(RootMoves& root, Move& best, SearchInfo& info) {
    const int max_depth = budget.depth ? std::min(budget.depth, kMaxPly - 1) : kMaxPly - 1;
    std::vector<int> last(root.moves.size(), 0);
    for (int depth = first_depth; depth <= max_depth; ++depth) {
      const Iteration it = iterate(root, depth, last);
      // A partial iteration counts too: each decision it judged was searched in full.
      if (it.best >= 0) {
        best = root.moves[it.best];
        info.depth = stopped ? depth - 1 : depth;
        info.score = it.score;
        info.pv = it.pv;
      }
      info.nodes = all_nodes();
      info.seldepth = seldepth;
      info.millis = millis();
      if (stopped) break;
      if (reports) ab.report(info);
      // Best first next time, the others by this iteration's scores.
      root.sort_by([&](int a, int b) {
        if (a == it.best || b == it.best) return a == it.best && b != it.best;
        return last[a] > last[b];
      });
      // A forced result found within this depth will not change deeper.
      if (info.mate() != 0 && std::abs(info.mate()) <= depth) break;
    }
  }

  // deepen, where a hook its command stopped (core/command_limits.h) ends the
  // search as a stop does: the position is put back, and the best decision
  // so far stands.
  void deepen_until_stopped(RootMoves& root, Move& best, SearchInfo& info) {
    const std::optional<Position> saved = r.hooks ? std::optional<Position>(pos) : std::nullopt;
    try {
      deepen(root, best, info);
    } catch (const CommandStopped&) {
      if (!saved) throw;
      pos = *saved;
      stopped = true;
    }
  }
};

AlphaBeta::AlphaBeta(std::shared_ptr<const Ruleset> rules, AlphaBetaOptions options,
                     std::string name)
    : rules_(std::move(rules)),
      options_(options),
      name_(std::move(name)),
      eval_(*rules_),
      memory_(std::make_unique<Memory>(options.hash_mb)) {
  for (TypeId t = 0; t < static_cast<TypeId>(rules_->types.size()); ++t)
    if (capture_always_wins(*rules_, t)) vital_.push_back(t);
}

AlphaBeta::~AlphaBeta() = default;

void AlphaBeta::new_game() {
  memory_->table.clear();
  for (Worker& w : memory_->workers) w.history.clear();
  calls_ = 0;
}

namespace {

// The threads that search beside the main one (lazy SMP): each walks its own
// copy of the position with its own lists and history, sharing the table and
// the budget of nodes, and starting every other one a ply deeper, so that what
// they store leads the main thread's search; only the main thread's result is
// played. They stop when the main thread does.
class Helpers {
 public:
  ~Helpers() { finish(); }
  template <typename Search>
  void start(Search&& search, int count) {
    for (int id = 1; id <= count; ++id)
      threads_.emplace_back([this, search, id] {
        try {
          search(id, done_);
        } catch (const CommandStopped&) {
          // Stopped with the command: the main thread says so.
        } catch (...) {
          std::lock_guard<std::mutex> lock(mutex_);
          if (!error_) error_ = std::current_exception();
        }
      });
  }
  // Stops and joins them; an error one met (a hook's) is the search's.
  void finish() {
    done_.store(true);
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }
  void rethrow() {
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  std::atomic<bool> done_{false};
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::exception_ptr error_;
};

}  // namespace

Move AlphaBeta::decide(Position& pos, const std::atomic<bool>* stop, SearchInfo* info_out) {
  ++calls_;
  const int threads = std::clamp(options_.threads, 1, kMaxSearchThreads);
  if (static_cast<int>(memory_->workers.size()) < threads) memory_->workers.resize(threads);
  Budget budget = options_.budget;
  if (!budget.any()) budget.nodes = kDefaultNodes;
  std::atomic<uint64_t> shared_nodes{0};
  std::atomic<uint64_t>* shared = threads > 1 ? &shared_nodes : nullptr;
  Search s(*this, pos, stop, memory_->workers[0], budget, shared);
  // Hooks obey the search's stop and time limit too, in the middle of a call.
  std::optional<SearchLimits> hook_limits;
  if (rules_->hooks) hook_limits.emplace(stop, s.budget.millis);
  MoveList root;
  legal_moves(pos, root);
  if (root.empty()) return Move::pass();
  std::mt19937_64 rng(options_.seed ^ (calls_ * 0x9e3779b97f4a7c15ull) ^ pos.hash());
  SearchInfo info;
  if (root.size() == 1 || root[0].kind == MoveKind::kChance) {
    info.pv = {root[0]};
    info.done = true;
    report(info);
    if (info_out) *info_out = info;
    return root[0];
  }
  RootMoves ordered = ordered_root(pos, root, options_.noise, rng);
  Move best = ordered.moves[0];
  Helpers helpers;
  if (threads > 1) {
    const Position start = pos;
    Budget theirs = budget;
    theirs.millis = 0;
    helpers.start(
        [this, start, ordered, theirs, shared](int id, const std::atomic<bool>& done) {
          Position mine = start;
          RootMoves moves = ordered;
          Search h(*this, mine, &done, memory_->workers[id], theirs, shared);
          std::optional<SearchLimits> limits;
          if (rules_->hooks) limits.emplace(&done, 0);
          h.first_depth = 1 + id % 2;
          h.reports = false;
          Move unused = moves.moves[0];
          SearchInfo unused_info;
          h.deepen(moves, unused, unused_info);
        },
        threads - 1);
  }
  s.deepen_until_stopped(ordered, best, info);
  helpers.finish();
  helpers.rethrow();
  info.nodes = s.all_nodes();
  info.millis = s.millis();
  if (info.pv.empty()) info.pv = {best};
  info.done = true;
  report(info);
  if (info_out) *info_out = info;
  return best;
}

Turn AlphaBeta::choose(Position& pos, const std::atomic<bool>* stop) {
  return choose_by_decisions(pos, stop, [&](Position& p) { return decide(p, stop); });
}

}  // namespace regula::ai
