#include "gui/experiments_chart.h"

#include <QHBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <algorithm>

namespace regula::gui {

namespace {

// The outcomes along the shares' axis, at 0..1, 1..2 and 2..3.
const char* const kOutcomes[] = {QT_TRANSLATE_NOOP("regula::gui::ExperimentsChart", "Wins"),
                                 QT_TRANSLATE_NOOP("regula::gui::ExperimentsChart", "Draws"),
                                 QT_TRANSLATE_NOOP("regula::gui::ExperimentsChart", "Losses")};
constexpr const char* kSharePrefix = "share:";
constexpr const char* kBarPrefix = "interval:";

QString bar_name(int t, int k) {
  return kBarPrefix + QString::number(t) + ":" + QString::number(k);
}

// Where tally t of n puts its point for outcome k.
double place(int k, int t, int n) {
  return k + (t + 1.0) / (n + 1.0);
}

// Removes a chart's series and axes, to draw it afresh.
void clear(QChart* chart) {
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
}

QChart* new_chart(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setAnimationOptions(QChart::NoAnimation);
  return chart;
}

}  // namespace

ExperimentsChart::ExperimentsChart(QWidget* parent)
    : QWidget(parent),
      shares_(new_chart(tr("Outcomes (first seat's side; 95% intervals)"))),
      lengths_(new_chart(tr("Game lengths (plies)"))),
      shares_view_(new QChartView(shares_)),
      lengths_view_(new QChartView(lengths_)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  for (QChartView* view : {shares_view_, lengths_view_}) {
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 260);
    layout->addWidget(view);
  }
  show_results({});
}

void ExperimentsChart::show_results(const ExperimentResults& results) {
  show_shares(results);
  show_lengths(results);
}

void ExperimentsChart::show_shares(const ExperimentResults& results) {
  clear(shares_);
  auto* x = new QCategoryAxis;
  x->setRange(0, 3);
  x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
  for (int k = 0; k < 3; ++k) x->append(tr(kOutcomes[k]), k + 1);
  auto* y = new QValueAxis;
  y->setRange(0, 1);
  y->setLabelFormat("%.1f");
  shares_->addAxis(x, Qt::AlignBottom);
  shares_->addAxis(y, Qt::AlignLeft);
  const int n = static_cast<int>(results.tallies.size());
  for (int t = 0; t < n; ++t) {
    const ExperimentTally& tally = results.tallies[t];
    auto* points = new QScatterSeries;
    points->setName(QString::fromStdString(tally.name));
    points->setObjectName(kSharePrefix + QString::number(t));
    points->setMarkerSize(9);
    shares_->addSeries(points);
    points->attachAxis(x);
    points->attachAxis(y);
    for (int k = 0; k < 3 && tally.games(); ++k) {
      const double at = place(k, t, n), cap = 0.04;
      points->append(at, tally.share(k));
      // The error bar: a line from the interval's low end to its high end,
      // with a short bar across at each end.
      const ai::Interval i = tally.interval(k);
      auto* bar = new QLineSeries;
      bar->setObjectName(bar_name(t, k));
      bar->append({QPointF(at - cap, i.low), QPointF(at + cap, i.low), QPointF(at, i.low),
                   QPointF(at, i.high), QPointF(at - cap, i.high), QPointF(at + cap, i.high)});
      shares_->addSeries(bar);
      bar->attachAxis(x);
      bar->attachAxis(y);
      bar->setColor(points->color());
    }
  }
  // The error bars are not series of their own to the reader.
  for (QLegendMarker* marker : shares_->legend()->markers())
    if (marker->series()->objectName().startsWith(kBarPrefix)) marker->setVisible(false);
}

void ExperimentsChart::show_lengths(const ExperimentResults& results) {
  clear(lengths_);
  const LengthBins bins = LengthBins::fitting(results.lengths);
  auto* series = new QBarSeries;
  int most = 1;
  for (const LengthSeries& s : results.lengths) {
    auto* set = new QBarSet(QString::fromStdString(s.name));
    for (int c : bins.counts(s.plies)) {
      set->append(c);
      most = std::max(most, c);
    }
    series->append(set);
  }
  lengths_->addSeries(series);
  auto* x = new QBarCategoryAxis;
  for (int b = 0; b < bins.count; ++b) x->append(QString::fromStdString(bins.label(b)));
  auto* y = new QValueAxis;
  y->setRange(0, most);
  y->setLabelFormat("%d");
  lengths_->addAxis(x, Qt::AlignBottom);
  lengths_->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
}

static QXYSeries* named_series(QChart* chart, const QString& name) {
  for (QAbstractSeries* s : chart->series())
    if (s->objectName() == name) return static_cast<QXYSeries*>(s);
  return nullptr;
}

QList<QPointF> ExperimentsChart::share_points(int t) const {
  QXYSeries* s = named_series(shares_, kSharePrefix + QString::number(t));
  return s ? s->points() : QList<QPointF>{};
}

QList<QPointF> ExperimentsChart::error_bars(int t) const {
  QList<QPointF> ends;
  for (int k = 0; k < 3; ++k)
    if (QXYSeries* s = named_series(shares_, bar_name(t, k)); s && s->count() == 6)
      ends.append({s->at(2).y(), s->at(3).y()});
  return ends;
}

QStringList ExperimentsChart::length_labels() const {
  for (QAbstractAxis* axis : lengths_->axes(Qt::Horizontal))
    if (auto* x = qobject_cast<QBarCategoryAxis*>(axis)) return x->categories();
  return {};
}

QList<qreal> ExperimentsChart::length_counts(int series) const {
  QList<qreal> counts;
  for (QAbstractSeries* s : lengths_->series())
    if (auto* bars = qobject_cast<QBarSeries*>(s); bars && series < bars->count()) {
      const QBarSet* set = bars->barSets()[series];
      for (int i = 0; i < set->count(); ++i) counts.append(set->at(i));
    }
  return counts;
}

}  // namespace regula::gui
