// The players' tools: the clocks beside the board (each seat's time under the
// chosen control, the running one highlighted, a fallen flag ending the game),
// the hint (the computer's move for the side to move, drawn as an arrow) and
// the analysis (the engine's line, score and depth for the position shown,
// searched afresh whenever it changes). Its own file because none of it is
// the game: the window follows the game and these only look on (a hint or an
// analysis searches on a worker of its own, so the game's search is never
// kept waiting for it).

#include <QAction>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>

#include "gui/board_view.h"
#include "gui/experiments_window.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "gui/seat_players.h"
#include "notation/move_text.h"

namespace regula::gui {

namespace {

// The player behind hints and analysis: a strong level, quick enough for a hint.
constexpr const char* kHelperPlayer = "ai:4";
// How often the clocks are read.
constexpr int kClockTickMillis = 100;
// The clocks' text against the window's, and the room round it (pixels).
constexpr double kClockScale = 1.3;
constexpr int kClockPadding = 24;

// Calls `resized` when the widget it watches is resized.
class ResizeWatcher : public QObject {
 public:
  ResizeWatcher(QObject* parent, std::function<void()> resized)
      : QObject(parent), resized_(std::move(resized)) {}
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize) resized_();
    return false;
  }

 private:
  std::function<void()> resized_;
};

// The clocks' measures in a window of that font: beside the board, a column
// (its width) as narrow as a clock's seat name above its time can be,
// whatever the time shows (each clock's text wraps there); above it, a row
// (its height) of one line.
QSize clock_place(QFont f, const Ruleset* rules) {
  f.setPointSizeF(f.pointSizeF() * kClockScale);
  f.setBold(true);
  const QFontMetrics m(f);
  int column = m.horizontalAdvance("0:00:00");
  if (rules)
    for (const Seat& s : rules->seats)
      column = std::max(column, m.horizontalAdvance(QString::fromStdString(s.name)));
  return {column + kClockPadding, m.height() + kClockPadding / 3};
}

// Whole turns of a game, the unfinished last one not counted.
int whole_turns(const Game& g) {
  return static_cast<int>(g.turns().size()) - (g.in_turn() ? 1 : 0);
}

}  // namespace

void MainWindow::build_clock_bar(QVBoxLayout* column, QHBoxLayout* board_row) {
  board_column_ = column;
  board_row_ = board_row;
  clock_bar_ = new QWidget;
  clock_bar_->setObjectName("clocks");
  clock_layout_ = new QVBoxLayout(clock_bar_);
  clock_layout_->setContentsMargins(0, 0, 0, 0);
  // Its place is kept while no clock is shown, so that the board keeps its size
  // when a time control is chosen.
  QSizePolicy keep = clock_bar_->sizePolicy();
  keep.setRetainSizeWhenHidden(true);
  clock_bar_->setSizePolicy(keep);
  clock_bar_->hide();
  board_row->addWidget(clock_bar_);
  // The clocks' place follows the shape of the board's, which the central
  // widget's size decides (seen before its layout places the board).
  column->parentWidget()->installEventFilter(new ResizeWatcher(this, [this] { place_clocks(); }));
}

void MainWindow::place_clocks() {
  const QSize place = clock_place(font(), rules_.get());
  const int column = place.width(), row = place.height();
  // Beside the board where its place is wider than tall by the column, so
  // that the board, as high as its place, loses nothing to them; else above.
  const QWidget* central = centralWidget();
  const QMargins margins = board_column_->contentsMargins();
  const int spacing = std::max(0, board_column_->spacing());
  const int high = central->height() - margins.top() - margins.bottom() -
                   turn_label_->sizeHint().height() - hand_bar_->parentWidget()->height() -
                   2 * spacing;
  const int wide = central->width() - margins.left() - margins.right();
  const bool beside = wide - column - spacing >= high;
  if (beside != clocks_beside_) {
    clocks_beside_ = beside;
    board_row_->removeWidget(clock_bar_);
    board_column_->removeWidget(clock_bar_);
    clock_layout_->setDirection(beside ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    if (beside)
      board_row_->addWidget(clock_bar_);
    else
      board_column_->insertWidget(1, clock_bar_);  // below the turn, above the board
    arrange_clocks();
  }
  clock_bar_->setMinimumSize(0, 0);
  clock_bar_->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
  if (beside)
    clock_bar_->setFixedWidth(column);
  else
    clock_bar_->setFixedHeight(row);
}

std::vector<SeatId> MainWindow::clock_order() const {
  // A seat's pieces go forward up the screen from the bottom: the seat facing
  // down the screen sits at the top, those facing sideways between.
  std::vector<SeatId> order;
  if (!rules_) return order;
  for (SeatId s = 0; s < rules_->num_seats(); ++s) order.push_back(s);
  auto height = [&](SeatId s) {
    const int up = ((rules_->seats[s].facing + board_->rotation()) % 4 + 4) % 4;
    return up == 2 ? 0 : up == 0 ? 2 : 1;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](SeatId a, SeatId b) { return height(a) < height(b); });
  return order;
}

void MainWindow::arrange_clocks() {
  while (QLayoutItem* item = clock_layout_->takeAt(0)) delete item;  // the labels stay
  clocks_order_ = clock_order();
  if (clock_labels_.empty()) return;
  // Beside the board the first clock stands at its top, the last at its bottom.
  for (size_t i = 0; i < clocks_order_.size(); ++i) {
    if (i > 0 && clocks_beside_) clock_layout_->addStretch(1);
    clock_layout_->addWidget(clock_labels_[clocks_order_[i]], clocks_beside_ ? 0 : 1);
  }
}

void MainWindow::build_tools_menu(QMenu* game) {
  // Game > Time control, among the game's own settings (before Quit).
  auto* control = new QAction(tr("&Time control..."), this);
  control->setObjectName("time_control");
  connect(control, &QAction::triggered, this, &MainWindow::time_control_dialog);
  const QList<QAction*> actions = game->actions();
  game->insertAction(actions.size() >= 2 ? actions[actions.size() - 2] : nullptr, control);
  QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
  analysis->addAction(tr("&Hint"), QKeySequence(Qt::CTRL | Qt::Key_H), this, &MainWindow::hint)
      ->setObjectName("hint");
  analyse_action_ = analysis->addAction(tr("&Analyse"), QKeySequence(Qt::CTRL | Qt::Key_L), this,
                                        [this](bool on) { set_analysing(on); });
  analyse_action_->setObjectName("analyse");
  analyse_action_->setCheckable(true);
  analysis
      ->addAction(tr("&Experiments..."), this,
                  [this] {
                    auto* window = new ExperimentsWindow(this, spec_);
                    window->setAttribute(Qt::WA_DeleteOnClose);
                    window->show();
                  })
      ->setObjectName("experiments");
}

void MainWindow::connect_tools() {
  time_source_ = std::make_shared<SteadyTimeSource>();
  clock_timer_ = new QTimer(this);
  connect(clock_timer_, &QTimer::timeout, this, &MainWindow::tick_clocks);
  connect(this, &MainWindow::changed, this, &MainWindow::shown_changed);
  connect(&helper_.watcher, &QFutureWatcher<Answer>::finished, this, &MainWindow::helper_done);
}

// The clocks.

void MainWindow::set_time_source(std::shared_ptr<const TimeSource> time) {
  time_source_ = std::move(time);
  restart_clocks();
  follow_clocks();
}

void MainWindow::set_time_control(const TimeControl& control) {
  time_control_ = control;
  // The computer's budget came from the clock: its players start afresh.
  invalidate();
  if (rules_) remake_players();
  restart_clocks();
  refresh();
}

bool MainWindow::set_time_control(const std::string& text) {
  auto control = parse_time_control(text);
  if (!control) {
    show_error(qs(control.error().text()));
    return false;
  }
  set_time_control(*control);
  return true;
}

void MainWindow::time_control_dialog() {
  bool ok = false;
  QStringList choices;
  for (const std::string& t : time_control_presets()) choices << qs(t);
  const QString now = qs(time_control_text(time_control_));
  if (!choices.contains(now)) choices.prepend(now);
  const QString text = QInputDialog::getItem(
      this, tr("Time control"),
      tr("[MOVES/]MINUTES[+SECONDS] per period, periods separated by commas:"), choices,
      static_cast<int>(choices.indexOf(now)), true, &ok);
  if (ok) set_time_control(text.toStdString());
}

void MainWindow::restart_clocks() {
  const int seats = rules_ ? rules_->num_seats() : 0;
  clock_ = GameClock(time_control_, seats, time_source_);
  clock_turns_ = game_ ? whole_turns(*line()) : 0;
  clear_layout(clock_layout_);
  clock_labels_.clear();
  clocks_order_.clear();
  place_clocks();  // as wide as this game's seats' clocks
  clock_bar_->setVisible(clock_.timed());
  if (!clock_.timed()) {
    clock_timer_->stop();
    return;
  }
  for (SeatId s = 0; s < seats; ++s) {
    auto* label = new QLabel;
    label->setObjectName("clock:" + qs(rules_->seats[s].name));
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * kClockScale);
    f.setBold(true);
    label->setFont(f);
    clock_labels_.push_back(label);
  }
  arrange_clocks();
  clock_timer_->start(kClockTickMillis);
}

void MainWindow::follow_clocks() {
  if (!clock_.timed() || !game_) return;
  // The whole game is the one the clocks time, whichever move is shown.
  const Game& whole = *line();
  const int turns = whole_turns(whole);
  const auto records = whole.turns();
  for (int t = clock_turns_; t < turns; ++t) clock_.turn_played(records[t].seat);
  // A move taken back gives no time back.
  clock_turns_ = turns;
  clock_.run(whole.over() ? -1 : whole.position().decider());
  show_clocks();
}

QString MainWindow::clock_text(SeatId seat) const {
  return clock_.timed() ? clock_face(clock_.remaining(seat)) : QString();
}

bool MainWindow::clock_highlighted(SeatId seat) const {
  return clock_.timed() && clock_.running() == seat;
}

void MainWindow::show_clocks() {
  // The board turned: each clock goes to its seat's side.
  if (clock_order() != clocks_order_) arrange_clocks();
  for (SeatId s = 0; s < static_cast<SeatId>(clock_labels_.size()); ++s) {
    const bool running = clock_highlighted(s);
    const bool short_of_time = clock_.remaining(s) < 10000;
    clock_labels_[s]->setText(qs(rules_->seats[s].name) + "  " + clock_text(s));
    clock_labels_[s]->setStyleSheet(
        QString("border-radius:4px;padding:2px 8px;%1%2")
            .arg(running ? "background:#f3e27a;color:#000;" : "background:#444;color:#ddd;")
            .arg(short_of_time ? "color:#c00000;" : ""));
  }
}

void MainWindow::tick_clocks() {
  // The position editor makes a new game when done, with the clocks afresh.
  if (!clock_.timed() || !game_ || editing_) return;
  show_clocks();
  const SeatId flagged = clock_.flagged();
  if (flagged >= 0 && !line()->over()) flag_fall(flagged);
}

void MainWindow::flag_fall(SeatId seat) {
  // The end is the whole game's: an earlier move shown gives way to the last.
  if (line_) go_to(static_cast<int>(line_->turns().size()));
  const Position& pos = game_->position();
  bool drawn = true;
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    if (!rules_->allies(s, seat) && !cannot_win(pos, s)) drawn = false;
  invalidate();  // a search under way on the flagged seat's behalf is dropped
  if (Status err = game_->time_out(seat, drawn)) return show_error(qs(err->text()));
  refresh();
}

void MainWindow::budget_from_clock(ai::Player& player, SeatId seat) {
  if (!clock_.timed()) return;
  player.set_budget(clock_budget(*rules_, players_[seat].spec, clock_.remaining(seat),
                                 clock_.increment(seat), clock_.moves_to_go(seat)));
}

// Hints and analysis.

void MainWindow::hint() {
  if (!game_) return;
  const Position& pos = game_->position();
  if (game_->over() || pos.awaiting_roll() || editing_) {
    statusBar()->showMessage(tr("No hint: nothing to decide here"));
    return;
  }
  if (!line_ && is_computer(pos.decider())) {
    statusBar()->showMessage(tr("No hint: the computer is to move"));
    return;
  }
  board_->clear_hint();
  want_hint_ = true;
  // An analysis under way gives way to the hint, and starts again after it.
  if (helper_.watcher.isRunning() && helper_.stop) helper_.stop->store(true);
  statusBar()->showMessage(tr("Looking for a hint..."));
  run_helper();
}

void MainWindow::set_analysing(bool on) {
  if (analysing_ == on) return;
  analysing_ = on;
  if (analyse_action_) analyse_action_->setChecked(on);
  analysis_text_.clear();
  analysed_for_ = -1;
  if (!on) {
    if (helper_.stop && !helper_.hint) helper_.stop->store(true);
    search_label_->setText(search_text_);
    return;
  }
  run_helper();
}

void MainWindow::shown_changed() {
  // What was drawn on the board was about the position before.
  board_->clear_hint();
  board_->clear_drawings();
  follow_clocks();
  ++helper_generation_;
  want_hint_ = false;
  if (helper_.watcher.isRunning() && helper_.stop) helper_.stop->store(true);
  if (analysing_) {
    analysis_text_.clear();
    search_label_->clear();
  }
  run_helper();
}

std::shared_ptr<ai::Player> MainWindow::helper_player(bool hint) {
  if (helper_rules_ != rules_.get()) {
    hint_player_.reset();
    analysis_player_.reset();
    helper_rules_ = rules_.get();
  }
  std::shared_ptr<ai::Player>& p = hint ? hint_player_ : analysis_player_;
  if (!p) {
    auto made = make_seat_player(kHelperPlayer, rules_, seed_);
    if (!made) return nullptr;
    p = std::move(*made);
    // Analysis searches until the position changes or it is turned off.
    if (!hint) p->set_budget(ai::Budget{0, ai::kMaxBudgetDepth, ai::kMaxBudgetMillis});
  }
  return p;
}

void MainWindow::run_helper() {
  // One helper search at a time: the end of one starts what is wanted next.
  if (helper_.watcher.isRunning() || !game_ || !rules_) return;
  const Position& pos = game_->position();
  const bool searchable =
      !game_->over() && !pos.awaiting_roll() && !editing_ && (line_ || !is_computer(pos.decider()));
  const bool hint = want_hint_;
  if (!searchable || (!hint && (!analysing_ || analysed_for_ == helper_generation_))) return;
  if (game_->legal_moves().empty()) return;
  const std::shared_ptr<ai::Player> player = helper_player(hint);
  if (!player) return;
  want_hint_ = false;
  helper_.generation = helper_generation_;
  helper_.hint = hint;
  helper_.stop = std::make_shared<std::atomic<bool>>(false);
  helper_.report = std::make_shared<SearchReport>();
  // Each completed depth of an analysis is shown (at most ten times a second).
  if (!hint)
    post_reports(*player, helper_.report, [this, gen = helper_generation_] { show_analysis(gen); });
  helper_.watcher.setFuture(search_in_worker(pos, player, helper_.stop));
}

void MainWindow::show_analysis(int generation) {
  if (generation != helper_generation_ || !analysing_ || !helper_.report || !game_) return;
  std::optional<ai::SearchInfo> info;
  {
    const std::lock_guard<std::mutex> lock(helper_.report->mutex);
    info = helper_.report->latest;
  }
  if (!info) return;
  analysis_text_ = tr("Analysis: %1").arg(describe_search(game_->position(), *info));
  search_label_->setText(analysis_text_);
}

void MainWindow::helper_done() {
  const Answer a = helper_.watcher.result();
  const bool current = helper_.generation == helper_generation_;
  if (current && helper_.hint) {
    if (!a.error.empty()) {
      show_error(qs(a.error));
    } else if (!a.turn.steps.empty()) {
      const Move& m = a.turn.steps.front();
      if (m.to != kNoSite) board_->set_hint(m.from, m.to);
      const std::vector<std::string> text = line_texts(game_->position(), {m});
      statusBar()->showMessage(tr("Hint: %1").arg(text.empty() ? QString("?") : qs(text.front())));
    }
  } else if (current && analysing_ && !helper_.stop->load()) {
    // The search ended by itself (it saw to the end): its last word stays.
    show_analysis(helper_generation_);
    analysed_for_ = helper_generation_;
  }
  run_helper();
}

}  // namespace regula::gui
