#pragma once
// What the games of an experiment add up to, as the Experiments window shows
// them: for each reading of a script (self-play) or each player (a match), its
// wins, draws and losses with their shares' Wilson 95% intervals, and the
// games' lengths in a histogram.
//
// In self-play a game counts from the first seat's side: a win when the first
// seat won, a loss when it lost, else a draw (a game stopped at the most plies
// counts as a draw, as in a match).

#include <string>
#include <vector>

#include "ai/match.h"
#include "core/result.h"

namespace regula::gui {

struct ExperimentTally {
  std::string name;  // the reading's options, or the player's specification
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  // The count of outcome k: 0 wins, 1 draws, 2 losses.
  int count(int k) const { return k == 0 ? wins : k == 1 ? draws : losses; }
  // Its share of the games, and that share's Wilson 95% interval.
  double share(int k) const;
  ai::Interval interval(int k) const;
  // Adds a game that ended with outcome (kNone: unfinished, a draw).
  void add(Outcome outcome);
};

// The games' lengths of one series of the histogram.
struct LengthSeries {
  std::string name;
  std::vector<int> plies;
};

// The histogram's bins: [k * width, (k + 1) * width) for k below count, the
// width the smallest of 1, 2, 5, 10, 20, 50, ... that puts every length of
// every series into at most kMaxBins bins.
struct LengthBins {
  static constexpr int kMaxBins = 12;
  int width = 1;
  int count = 0;
  static LengthBins fitting(const std::vector<LengthSeries>& series);
  // How many lengths of a series fall into each bin.
  std::vector<int> counts(const std::vector<int>& plies) const;
  // A bin's label: "40-59" (or "7" for a width of 1).
  std::string label(int bin) const;
};

// Everything the window shows of a run.
struct ExperimentResults {
  std::vector<ExperimentTally> tallies;
  std::vector<LengthSeries> lengths;
};

}  // namespace regula::gui
