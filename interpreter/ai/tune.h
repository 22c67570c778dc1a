#pragma once
// Weights for the default evaluation (ai/evaluation.h) learned from games, by
// Texel's method: quiet positions of self-play games, each labelled with the
// result its side to move went on to get, and the evaluation's weights fitted
// so that sigmoid(k * evaluation) predicts those results (logistic
// regression, the mean log-loss minimised). The fitted weights are exactly
// the evaluator's linear ones: each piece type's material (ai.values),
// mobility (ai.mobility) and, when asked, what each type gains on each site
// (ai.squares, as the first seat sees the board); the rest of the evaluation
// (promotion progress, the hunt) is kept as it is, a fixed part of each
// sample.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/evaluation.h"
#include "core/position.h"
#include "core/result.h"
#include "core/turns.h"

namespace regula::ai {

// One position, from the side of the seat to move.
struct TuneSample {
  std::vector<float> count;  // by type: its pieces (board and hand) less the enemy's
  float mobility = 0;        // Evaluator::mobility_difference (0 where it counts none)
  // When squares are sampled: by square (type * sites + the site as the first
  // seat sees it, seat_view.h), the pieces there of the side to move less the
  // enemy's; only squares where that is not 0, each once, in order.
  std::vector<std::pair<uint32_t, float>> squares;
  float fixed = 0;      // the rest of the evaluation, in score units
  float result = 0.5f;  // the points the side to move went on to score: 1, 1/2, 0
  int game = 0;         // the game it comes from (for the bootstrap)
};

// The linear weights of the evaluation, in score units (a piece of value 1 is
// kPieceUnit): per piece of each type, and per decision of mobility.
struct TuneWeights {
  std::vector<double> values;
  double mobility = 0;
  std::vector<double> squares;  // by square, as TuneSample::squares numbers them
};

// Which weights a fit may change.
struct TuneFree {
  std::vector<bool> values;
  bool mobility = false;
  std::vector<bool> squares;  // by square; empty when no square is fitted
};

// The most weights one fit may change: each Newton step solves a system of
// that many unknowns.
inline constexpr int kMaxTuneWeights = 2000;
// The spread (standard deviation, in score units) of a square's worth that
// the fit assumes before the games: a Gaussian prior that keeps a square the
// games barely see near 0, as a ridge does.
inline constexpr double kSquarePrior = 50.0;

// Why a fit of these free weights is refused (more than kMaxTuneWeights), or
// nothing.
std::optional<std::string> too_many_weights(const TuneFree& free);

// The weights the evaluator uses now.
TuneWeights current_weights(const Ruleset& rules, const Evaluator& eval);
// Whether the evaluator counts mobility in these rules at some weight (two
// seats, no generate hook).
bool mobility_applies(const Ruleset& rules);

// The sample of pos (its side to move), with the evaluator's weights; its
// squares too when views (seat_views of the rules) are given.
TuneSample sample_of(const Evaluator& eval, Position& pos, bool mobility,
                     const std::vector<std::vector<SiteId>>* views = nullptr);
// Replays a game's turns from start and adds the quiet positions from ply
// `skip` on: positions between turns (no decision pending, no throw awaited),
// whose side to move is not in check, after a turn that took no piece, and not
// the last one. result labels them.
void sample_game(const Evaluator& eval, const Position& start, const std::vector<Turn>& turns,
                 const Result& result, int skip, int game, std::vector<TuneSample>& out,
                 const std::vector<std::vector<SiteId>>* views = nullptr);

// The weights a fit may change: the types that differ in at least min_seen
// samples, mobility where it applies, and the squares that do where the
// samples have squares.
TuneFree free_weights(const Ruleset& rules, const std::vector<TuneSample>& samples,
                      int min_seen = 10);

// The evaluation of a sample under weights, in score units.
double tune_eval(const TuneSample& s, const TuneWeights& w);
// The mean log-loss of sigmoid(k * evaluation) against the results (each
// sample counted multiplicity[game] times when multiplicity is given). The
// fit minimises it plus the squares' prior (kSquarePrior).
double tune_loss(const std::vector<TuneSample>& samples, const TuneWeights& w, double k,
                 const std::vector<int>& multiplicity = {});
// The k (per score unit) with the least loss under w.
double fit_scale(const std::vector<TuneSample>& samples, const TuneWeights& w);
// The free weights with the least loss at k, from start, by Newton's method
// (the log-loss is convex in them), with a small ridge towards start.
TuneWeights fit_weights(const std::vector<TuneSample>& samples, const TuneWeights& start,
                        const TuneFree& free, double k, int iterations = 30,
                        const std::vector<int>& multiplicity = {});

// The type whose worth the values are given in: among the free types of
// positive value, the one of least value in the script (-1: none).
TypeId unit_type(const Ruleset& rules, const TuneFree& free);

// 95% intervals of each type's worth in pieces of the unit type, by the
// bootstrap over games: `resamples` fits on games drawn with replacement
// (the squares held at their fitted worths).
struct TuneInterval {
  double low = 0, high = 0;
};
std::vector<TuneInterval> bootstrap_intervals(const std::vector<TuneSample>& samples,
                                              const TuneWeights& fitted, const TuneFree& free,
                                              double k, TypeId unit, int games, int resamples,
                                              uint64_t seed);

// The weights as a Lua table for a script's `ai` field: the rules' other AI
// settings as they are, material 100, mobility rounded, values (in pieces of
// value 1, two decimals) for every type, and the squares of every type that
// has one worth 0.01 or more, site by site in the board's rows. comment: lines
// put before it as Lua comments.
std::string weights_lua(const Ruleset& rules, const TuneWeights& w, const std::string& comment);

}  // namespace regula::ai
