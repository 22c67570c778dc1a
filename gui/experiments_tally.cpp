#include "gui/experiments_tally.h"

#include <algorithm>

namespace regula::gui {

double ExperimentTally::share(int k) const {
  return games() ? static_cast<double>(count(k)) / games() : 0.0;
}

ai::Interval ExperimentTally::interval(int k) const {
  return ai::wilson_interval(count(k), games());
}

void ExperimentTally::add(Outcome outcome) {
  if (outcome == Outcome::kWin)
    ++wins;
  else if (outcome == Outcome::kLoss)
    ++losses;
  else
    ++draws;
}

LengthBins LengthBins::fitting(const std::vector<LengthSeries>& series) {
  int longest = -1;
  for (const LengthSeries& s : series)
    for (int p : s.plies) longest = std::max(longest, p);
  LengthBins bins;
  if (longest < 0) return bins;
  static constexpr int kSteps[] = {1, 2, 5};
  for (int scale = 1;; scale *= 10)
    for (int step : kSteps) {
      bins.width = step * scale;
      bins.count = longest / bins.width + 1;
      if (bins.count <= kMaxBins) return bins;
    }
}

std::vector<int> LengthBins::counts(const std::vector<int>& plies) const {
  std::vector<int> c(count, 0);
  for (int p : plies)
    if (p >= 0 && p / width < count) ++c[p / width];
  return c;
}

std::string LengthBins::label(int bin) const {
  const int low = bin * width;
  if (width == 1) return std::to_string(low);
  return std::to_string(low) + "-" + std::to_string(low + width - 1);
}

}  // namespace regula::gui
