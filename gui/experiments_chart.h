#pragma once
// The Experiments window's chart: each reading's (or player's) share of wins,
// draws and losses as a point with its Wilson 95% interval drawn as an error
// bar, and beside it a histogram of the games' lengths, a bar per series in
// each bin.

#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>

#include "gui/experiments_tally.h"

class QChart;
class QChartView;

namespace regula::gui {

class ExperimentsChart : public QWidget {
  Q_OBJECT
 public:
  explicit ExperimentsChart(QWidget* parent = nullptr);
  // Draws the results afresh.
  void show_results(const ExperimentResults& results);

  // What is drawn, for tests: the share points of tally t (x the outcome's
  // place, y its share), its error bars ({low, high} for each outcome), and
  // the histogram's bin labels and each series' counts.
  QList<QPointF> share_points(int t) const;
  QList<QPointF> error_bars(int t) const;
  QStringList length_labels() const;
  QList<qreal> length_counts(int series) const;

 private:
  void show_shares(const ExperimentResults& results);
  void show_lengths(const ExperimentResults& results);

  QChart* shares_;
  QChart* lengths_;
  QChartView* shares_view_;
  QChartView* lengths_view_;
};

}  // namespace regula::gui
