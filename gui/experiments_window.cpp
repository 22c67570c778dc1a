#include "gui/experiments_window.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "ai/player_spec.h"
#include "gui/experiments_chart.h"
#include "gui/game_picker.h"
#include "uci/players.h"

namespace regula::gui {

namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

std::string trimmed(const std::string& s) {
  return QString::fromStdString(s).trimmed().toStdString();
}

// A reading as text: "name=value, name=value".
std::string reading_text(const script::OptionList& options) {
  std::string text;
  for (const auto& [name, value] : options) text += (text.empty() ? "" : ", ") + name + "=" + value;
  return text;
}

// How often at most the chart is drawn again while games end.
constexpr int kRedrawMillis = 100;
// The most threads the window offers.
constexpr int kMaxThreads = 256;

}  // namespace

Expected<script::OptionList> parse_reading(const std::string& text) {
  script::OptionList options;
  for (const QString& part : qs(text).split(',', Qt::SkipEmptyParts)) {
    const QString item = part.trimmed();
    if (item.isEmpty()) continue;
    const qsizetype eq = item.indexOf('=');
    const QString name = item.left(eq).trimmed(), value = item.mid(eq + 1).trimmed();
    if (eq < 0 || name.isEmpty() || value.isEmpty())
      return Error{"", "'" + item.toStdString() + "' is not name=value"};
    options.emplace_back(name.toStdString(), value.toStdString());
  }
  return options;
}

ExperimentsWindow::ExperimentsWindow(QWidget* parent, const std::string& script)
    : QWidget(parent, Qt::Window), run_(new ExperimentRun(this)) {
  setWindowTitle(tr("Experiments"));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(build_form());
  layout->addWidget(build_buttons());
  build_results();
  auto* results = new QSplitter(Qt::Horizontal);
  results->addWidget(chart_);
  results->addWidget(table_);
  results->setStretchFactor(0, 3);
  results->setStretchFactor(1, 2);
  layout->addWidget(results, 1);
  redraw_ = new QTimer(this);
  redraw_->setSingleShot(true);
  redraw_->setInterval(kRedrawMillis);
  connect(redraw_, &QTimer::timeout, this, &ExperimentsWindow::show_results);
  connect(run_, &ExperimentRun::progressed, this, &ExperimentsWindow::progressed);
  connect(run_, &ExperimentRun::finished, this, &ExperimentsWindow::finished);
  set_script(script.empty() ? script_->itemText(0).toStdString() : script);
  resize(1000, 720);
}

ExperimentsWindow::~ExperimentsWindow() {
  for (QObject* child : findChildren<QObject*>()) child->disconnect(this);
}

QWidget* ExperimentsWindow::build_form() {
  auto* form_widget = new QWidget;
  auto* form = new QFormLayout(form_widget);
  script_ = new QComboBox;
  script_->setEditable(true);
  for (const std::string& name : script::bundled_script_names()) script_->addItem(qs(name));
  connect(script_, &QComboBox::activated, this,
          [this] { set_script(script_->currentText().toStdString()); });
  auto* choose = new QPushButton(tr("Choose..."));
  connect(choose, &QPushButton::clicked, this, &ExperimentsWindow::choose_script);
  auto* script_row = new QHBoxLayout;
  script_row->addWidget(script_, 1);
  script_row->addWidget(choose);
  form->addRow(tr("Script:"), script_row);
  mode_ = new QComboBox;
  mode_->addItem(tr("Self-play: compare two readings"));
  mode_->addItem(tr("Match: two players, one reading"));
  connect(mode_, &QComboBox::currentIndexChanged, this, &ExperimentsWindow::mode_changed);
  form->addRow(tr("Experiment:"), mode_);
  for (int i = 0; i < 2; ++i) {
    reading_[i] = new QLineEdit;
    reading_[i]->setPlaceholderText(tr("name=value, name=value (empty: the defaults)"));
    form->addRow(i == 0 ? tr("Reading A:") : tr("Reading B:"), reading_[i]);
  }
  options_ = new QLabel;
  options_->setWordWrap(true);
  form->addRow(QString(), options_);
  players_ = new QLineEdit("random");
  players_->setToolTip(
      tr("Self-play: one player for every seat, or one per seat, comma-separated (random, "
         "ai:1 .. ai:N, alphabeta:..., mcts:...). A match: the two players, e.g. ai:2,random."));
  form->addRow(tr("Players:"), players_);
  auto* numbers = new QHBoxLayout;
  games_ = new QSpinBox;
  games_->setRange(1, 1000000);
  games_->setValue(100);
  seed_ = new QSpinBox;
  seed_->setRange(0, 2147483647);
  seed_->setValue(1);
  max_plies_ = new QSpinBox;
  max_plies_->setRange(1, 1000000);
  max_plies_->setValue(1000);
  threads_ = new QSpinBox;
  threads_->setRange(1, kMaxThreads);
  threads_->setValue(std::clamp(QThread::idealThreadCount(), 1, kMaxThreads));
  threads_->setToolTip(
      tr("Games played at once; each has its own seed, so the records do not "
         "depend on how many"));
  for (auto [label, box] :
       {std::pair{tr("Games:"), games_}, std::pair{tr("Seed:"), seed_},
        std::pair{tr("Max plies:"), max_plies_}, std::pair{tr("Threads:"), threads_}}) {
    numbers->addWidget(new QLabel(label));
    numbers->addWidget(box);
  }
  numbers->addStretch(1);
  form->addRow(numbers);
  path_ = new QLineEdit;
  connect(path_, &QLineEdit::textEdited, this, [this] { path_edited_ = true; });
  auto* browse = new QPushButton(tr("Browse..."));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString file = QFileDialog::getSaveFileName(this, tr("Records file"), path_->text());
    if (file.isEmpty()) return;
    path_->setText(file);
    path_edited_ = true;
  });
  auto* path_row = new QHBoxLayout;
  path_row->addWidget(path_, 1);
  path_row->addWidget(browse);
  form->addRow(tr("Records:"), path_row);
  return form_widget;
}

QWidget* ExperimentsWindow::build_buttons() {
  auto* row_widget = new QWidget;
  auto* layout = new QVBoxLayout(row_widget);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  run_button_ = new QPushButton(tr("Run"));
  stop_button_ = new QPushButton(tr("Stop"));
  stop_button_->setEnabled(false);
  connect(run_button_, &QPushButton::clicked, this, &ExperimentsWindow::start);
  connect(stop_button_, &QPushButton::clicked, this, &ExperimentsWindow::stop);
  progress_ = new QProgressBar;
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(tr("%v of %m games"));
  row->addWidget(run_button_);
  row->addWidget(stop_button_);
  row->addWidget(progress_, 1);
  layout->addLayout(row);
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(message_);
  return row_widget;
}

void ExperimentsWindow::build_results() {
  chart_ = new ExperimentsChart;
  table_ = new QTableWidget(0, 9);
  table_->setHorizontalHeaderLabels({tr("Reading"), tr("Games"), tr("Wins"), tr("Draws"),
                                     tr("Losses"), tr("Wins %"), tr("Draws %"), tr("Losses %"),
                                     tr("Mean plies")});
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->setVisible(false);
}

QString ExperimentsWindow::default_path(const std::string& script, ExperimentMode mode) {
  QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  if (dir.isEmpty()) dir = QDir::homePath();
  // A bundled name's folder joins its name ("jetan-burroughs"); a file gives its own.
  QString stem = qs(script);
  if (stem.endsWith(".lua"))
    stem = QFileInfo(stem).completeBaseName();
  else
    stem.replace('/', '-');
  const QString time = QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss");
  return QDir(dir).filePath(stem + "-" + time +
                            (mode == ExperimentMode::kReadings ? ".jsonl" : ".pgn"));
}

void ExperimentsWindow::set_script(const std::string& script) {
  script_name_ = trimmed(script);
  script_->setCurrentText(qs(script_name_));
  auto rules = script::load_rules(script_name_);
  if (!rules) {
    options_->clear();
    say(tr("Script: %1").arg(qs(rules.error().text())), true);
    return;
  }
  QStringList declared;
  for (const auto& [name, values] : (*rules)->declared_options) {
    QStringList list;
    for (const std::string& v : values) list << qs(v);
    declared << qs(name) + " = " + list.join(" | ");
  }
  options_->setText(declared.isEmpty() ? tr("This script declares no options.")
                                       : tr("Options: %1").arg(declared.join("; ")));
  for (QLineEdit* reading : reading_) reading->setText(qs(reading_text((*rules)->options)));
  if (!path_edited_)
    path_->setText(default_path(script_name_, ExperimentMode(mode_->currentIndex())));
  say(QString(), false);
}

void ExperimentsWindow::choose_script() {
  GamePicker picker(this, script_name_);
  if (picker.exec() != QDialog::Accepted) return;
  const GameChoice choice = picker.choice();
  set_script(choice.spec);
  reading_[0]->setText(qs(reading_text(choice.options)));
}

void ExperimentsWindow::mode_changed() {
  const bool readings = mode_->currentIndex() == 0;
  reading_[1]->setEnabled(readings);
  players_->setText(readings ? "random" : "ai:1,random");
  table_->horizontalHeaderItem(0)->setText(readings ? tr("Reading") : tr("Player"));
  if (!path_edited_)
    path_->setText(default_path(script_name_, ExperimentMode(mode_->currentIndex())));
}

Expected<std::shared_ptr<const Ruleset>> ExperimentsWindow::load_reading(int i) const {
  const std::string which = i == 0 ? "Reading A" : "Reading B";
  auto options = parse_reading(reading_[i]->text().toStdString());
  if (!options) return Error{which, options.error().what};
  auto rules = script::load_rules(trimmed(script_->currentText().toStdString()), *options);
  if (!rules) return Error{which, rules.error().text()};
  return rules;
}

Status ExperimentsWindow::check_players(ExperimentPlan& plan) const {
  const Ruleset& r = *plan.readings.front();
  std::vector<std::string> specs = ai::split_player_list(players_->text().trimmed().toStdString());
  if (plan.mode == ExperimentMode::kMatch) {
    if (specs.size() < 2) return Error{"Players", "a match needs two players, e.g. ai:2,random"};
  } else if (specs.size() == 1) {
    specs.assign(r.num_seats(), specs[0]);
  } else if (static_cast<int>(specs.size()) != r.num_seats()) {
    return Error{"Players", std::to_string(specs.size()) + " players for " +
                                std::to_string(r.num_seats()) +
                                " seats (give one for all, or one per seat)"};
  }
  for (const std::string& spec : specs)
    if (auto p = uci::make_any_player(spec, plan.readings.front(), 1); !p)
      return Error{"Players", p.error().text()};
  // Random players in self-play: random turns, the fast way, as selfplay plays them.
  const bool all_random =
      std::all_of(specs.begin(), specs.end(), [](const std::string& s) { return s == "random"; });
  plan.players =
      plan.mode == ExperimentMode::kReadings && all_random ? std::vector<std::string>{} : specs;
  return std::nullopt;
}

Expected<ExperimentPlan> ExperimentsWindow::plan() const {
  ExperimentPlan plan;
  plan.mode = ExperimentMode(mode_->currentIndex());
  const int readings = plan.mode == ExperimentMode::kReadings ? 2 : 1;
  for (int i = 0; i < readings; ++i) {
    auto rules = load_reading(i);
    if (!rules) return rules.error();
    plan.readings.push_back(*rules);
    const std::string text = reading_text((*rules)->options);
    plan.names.push_back((i == 0 ? "A: " : "B: ") + (text.empty() ? "defaults" : text));
  }
  if (Status st = check_players(plan)) return *st;
  plan.games = games_->value();
  plan.seed = static_cast<uint64_t>(seed_->value());
  plan.max_plies = max_plies_->value();
  plan.threads = threads_->value();
  // A further thread loads a script with hooks again, under the same options.
  std::vector<script::OptionList> options;
  for (const auto& rules : plan.readings) options.push_back(rules->options);
  plan.reload = [script = trimmed(script_->currentText().toStdString()),
                 options](int r) -> Expected<std::shared_ptr<const Ruleset>> {
    return script::load_rules(script, options[r]);
  };
  plan.path = path_->text().trimmed().toStdString();
  if (plan.path.empty()) return Error{"Records", "no file named"};
  return plan;
}

void ExperimentsWindow::start() {
  if (run_->running()) return;
  auto p = plan();
  if (!p) {
    say(qs(p.error().text()), true);
    return;
  }
  if (Status st = run_->start(std::move(*p))) {
    say(qs(st->text()), true);
    return;
  }
  progress_->setRange(0, run_->total());
  progress_->setValue(0);
  run_button_->setEnabled(false);
  stop_button_->setEnabled(true);
  say(tr("Playing; the records go to %1").arg(path_->text()), false);
  show_results();
}

void ExperimentsWindow::stop() {
  if (!run_->running()) return;
  run_->stop();
  stop_button_->setEnabled(false);
  say(tr("Stopping once the games under way end..."), false);
}

void ExperimentsWindow::progressed() {
  progress_->setValue(run_->done());
  if (!redraw_->isActive()) redraw_->start();
}

void ExperimentsWindow::finished(const QString& error) {
  redraw_->stop();
  progress_->setValue(run_->done());
  show_results();
  run_button_->setEnabled(true);
  stop_button_->setEnabled(false);
  // A new run writes a new file unless the user named one.
  const QString path = path_->text();
  if (!path_edited_) path_->setText(default_path(script_name_, run_->plan().mode));
  if (!error.isEmpty())
    say(tr("The run failed after %1 games: %2").arg(run_->done()).arg(error), true);
  else if (run_->done() < run_->total())
    say(tr("Stopped: %1 of %2 games played, recorded in %3")
            .arg(run_->done())
            .arg(run_->total())
            .arg(path),
        false);
  else
    say(tr("Done: %1 games, recorded in %2").arg(run_->done()).arg(path), false);
}

void ExperimentsWindow::show_results() {
  const ExperimentResults& results = run_->results();
  chart_->show_results(results);
  table_->setRowCount(static_cast<int>(results.tallies.size()));
  for (int row = 0; row < table_->rowCount(); ++row) {
    const ExperimentTally& t = results.tallies[row];
    QStringList cells{qs(t.name), QString::number(t.games()), QString::number(t.wins),
                      QString::number(t.draws), QString::number(t.losses)};
    for (int k = 0; k < 3; ++k) {
      const ai::Interval i = t.interval(k);
      cells << QString("%1 [%2, %3]")
                   .arg(100 * t.share(k), 0, 'f', 1)
                   .arg(100 * i.low, 0, 'f', 1)
                   .arg(100 * i.high, 0, 'f', 1);
    }
    const std::vector<int>& plies =
        results.lengths[std::min<size_t>(row, results.lengths.size() - 1)].plies;
    double sum = 0;
    for (int p : plies) sum += p;
    cells << (plies.empty() ? QString("-") : QString::number(sum / plies.size(), 'f', 1));
    for (int c = 0; c < cells.size(); ++c) table_->setItem(row, c, new QTableWidgetItem(cells[c]));
  }
}

void ExperimentsWindow::say(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? "color: #b00020;" : QString());
}

void ExperimentsWindow::closeEvent(QCloseEvent* event) {
  run_->stop();
  QWidget::closeEvent(event);
}

}  // namespace regula::gui
