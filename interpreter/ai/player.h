#pragma once
// A computer player: anything that, given a position, picks the turn to play.
// Search players (alpha-beta, MCTS) think decision by decision and report what
// they see through an info callback; the random player draws a whole turn; an
// external engine (uci/) answers for a whole turn. Callers own the game: they
// play the dice, ask the player whose seat decides, and play what it returns.
//
// Every player is reproducible: the same seed, budget and position give the
// same answer, except under a wall-clock budget. Any player can be stopped
// from another thread through a flag, and then answers at once with the best
// it has found so far (always a legal turn).

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/turns.h"

namespace regula::ai {

// What one search may spend; a zero field sets no limit of its kind. A player
// given no limit at all uses its own default.
struct Budget {
  uint64_t nodes = 0;  // positions visited (alpha-beta) or iterations (MCTS)
  // Alpha-beta: full-width plies. MCTS: the tree holds a line this many
  // decisions deep and every root decision has been tried (or the tree has
  // stopped growing). Throws of the dice are not counted.
  int depth = 0;
  int64_t millis = 0;  // wall-clock milliseconds
  bool any() const { return nodes || depth || millis; }
};

// The most a budget may ask, wherever one is read (specs, UCI's go).
constexpr int64_t kMaxBudgetNodes = 1'000'000'000'000;
constexpr int64_t kMaxBudgetMillis = 100'000'000;  // more than a day: "until stopped"
constexpr int64_t kMaxBudgetDepth = 64;

// Score units: a piece of value 1 in the script is worth kPieceUnit, so a
// chess pawn scores 100 (UCI's centipawn).
constexpr int kPieceUnit = 100;
// Scores at or beyond kWinScore - kMaxPly mean a won game in (kWinScore -
// score) decisions; their negation a lost one.
constexpr int kWinScore = 1'000'000;
constexpr int kMaxPly = 256;

// What a search knows so far, from the side of the seat that decides at the
// root: sent after each completed iteration and once at the end.
struct SearchInfo {
  int depth =
      0;  // completed full-width depth (alpha-beta), or the tree's depth in decisions (MCTS)
  int seldepth = 0;      // the deepest ply reached
  uint64_t nodes = 0;    // positions visited, or MCTS iterations
  int64_t millis = 0;    // time spent
  int score = 0;         // in kPieceUnit units; see kWinScore
  double expected = -1;  // MCTS: the expected points (0..1) of the root's decider; -1 otherwise
  std::vector<Move> pv;  // the principal line from the root, decisions of any seats
  bool done = false;     // the last report of one decision's search (its totals)
  // Decisions to a forced win (> 0) or loss (< 0) when the score is a won or
  // lost game; 0 otherwise.
  int mate() const {
    if (score >= kWinScore - kMaxPly) return kWinScore - score;
    if (score <= -kWinScore + kMaxPly) return -(kWinScore + score);
    return 0;
  }
  // mate() counted as moves of the winning side, as chess counts them (a
  // reply between two of them): "mate in 2" for mate() == 3; negative when lost.
  int mate_in_moves() const {
    const int m = mate();
    return m > 0 ? (m + 1) / 2 : -((1 - m) / 2);
  }
};

class Player {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  virtual ~Player() = default;

  // How the player was asked for ("ai:3", "alphabeta:depth=4", "random").
  virtual std::string name() const = 0;

  // The turn to play from pos: its decisions, up to the end of the turn (or of
  // the game). pos has a decision to make (not over, no throw due); in an
  // unfinished turn the answer is the rest of it. pos is left as it was.
  // stop, when given and set from another thread, ends the search early.
  virtual Turn choose(Position& pos, const std::atomic<bool>* stop = nullptr) = 0;

  // Forget what earlier games taught (hash tables, an engine's state).
  virtual void new_game() {}

  // The budget of the next searches (UCI's go depth/nodes/movetime); players
  // that do not search ignore it.
  virtual void set_budget(const Budget&) {}

  // Called with what the search sees as it goes (on the choosing thread).
  void on_info(InfoCallback f) { info_ = std::move(f); }

 protected:
  void report(const SearchInfo& info) const {
    if (info_) info_(info);
  }
  InfoCallback info_;
};

}  // namespace regula::ai
