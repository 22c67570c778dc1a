// Who plays each seat, and the computer's turns: the seat choosers, the
// players made for the computer seats, and the search that runs in a worker
// thread on a copy of the position, reports as it goes and answers with a turn
// (dropped when the game shown has changed meanwhile). Kept apart from the
// window's layout because it is the one part that crosses threads.
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "core/rule_error.h"
#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "gui/seat_players.h"
#include "notation/describe.h"

namespace regula::gui {

Status MainWindow::set_player(SeatId seat, const std::string& who) {
  if (!rules_ || seat < 0 || seat >= static_cast<int>(players_.size()))
    return Error{"", tr("seat: no seat %1 in the game").arg(seat).toStdString()};
  const std::string spec = seat_spec(who);
  SeatPlayer next{spec, nullptr};
  if (!is_human(spec)) {
    auto made = make_seat_player(spec, rules_, seat_seed(seed_, seat));
    if (!made) return made.error();
    next.player = std::move(*made);
  }
  // The seat's search, if any, answers for a player no longer asked.
  invalidate();
  players_[seat] = std::move(next);
  if (seat < static_cast<int>(seat_boxes_.size())) {
    QSignalBlocker block(seat_boxes_[seat]);
    select_seat(seat_boxes_[seat], spec);
  }
  refresh();
  return std::nullopt;
}

std::string MainWindow::player(SeatId seat) const {
  return seat >= 0 && seat < static_cast<int>(players_.size()) ? players_[seat].spec : "";
}

void MainWindow::set_computer(SeatId seat, bool computer) {
  set_player(seat, computer ? kDefaultComputer : kHuman);
}

bool MainWindow::is_computer(SeatId seat) const {
  return seat >= 0 && seat < static_cast<int>(players_.size()) && players_[seat].player;
}

void MainWindow::set_seed(uint64_t seed) {
  seed_ = seed;
  rng_.seed(seed);
  invalidate();
  remake_players();
  refresh();
}

void MainWindow::remake_players() {
  for (size_t s = 0; s < players_.size(); ++s) {
    SeatPlayer& p = players_[s];
    if (is_human(p.spec)) continue;
    auto made = make_seat_player(p.spec, rules_, seat_seed(seed_, static_cast<SeatId>(s)));
    if (made) {
      p.player = std::move(*made);
    } else {  // the spec does not suit new rules: a person takes the seat
      show_error(qs(made.error().text()));
      p = SeatPlayer{};
    }
  }
}

void MainWindow::new_game_for_players() {
  for (size_t s = 0; s < players_.size(); ++s) {
    SeatPlayer& p = players_[s];
    if (!p.player) continue;
    if (p.player.get() != busy_) {
      // An engine that died answers with an error: a person takes the seat.
      try {
        p.player->new_game();
      } catch (const RuleError& e) {
        show_error(qs(e.error().text()));
        p = SeatPlayer{};
      }
      continue;
    }
    // Still busy in the worker with its stopped search: a fresh one is as new.
    auto made = make_seat_player(p.spec, rules_, seat_seed(seed_, static_cast<SeatId>(s)));
    if (made) p.player = std::move(*made);
  }
}

void MainWindow::move_now() {
  if (stop_) stop_->store(true);
}

QString MainWindow::search_text() const {
  return search_text_;
}

void MainWindow::rebuild_seats() {
  clear_layout(seats_layout_);
  seat_boxes_.clear();
  for (SeatId s = 0; s < rules_->num_seats(); ++s) {
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* swatch = new QLabel;
    swatch->setFixedSize(16, 16);
    swatch->setStyleSheet(QString("background:%1;border:1px solid #555;border-radius:8px")
                              .arg(seat_colour(*rules_, s).name()));
    h->addWidget(swatch);
    QString name = qs(rules_->seats[s].name);
    if (rules_->num_seats() > 2) name += tr(" (team %1)").arg(rules_->seats[s].team + 1);
    h->addWidget(new QLabel(name), 1);
    auto* box = new QComboBox;
    box->setObjectName("seat:" + qs(rules_->seats[s].name));
    fill_seat_box(box, players_[s].spec);
    connect(box, &QComboBox::currentIndexChanged, this, [this, s, box] {
      if (Status err = set_player(s, seat_box_spec(box))) show_error(qs(err->text()));
    });
    h->addWidget(box);
    seats_layout_->addWidget(row);
    seat_boxes_.push_back(box);
  }
}

void MainWindow::computer_move() {
  // An earlier move shown is looked at, not played on.
  if (!game_ || game_->over() || watcher_.isRunning() || editing_ || line_) return;
  const Position& pos = game_->position();
  if (!is_computer(pos.decider())) return;
  const int gen = generation_;
  if (pos.awaiting_roll()) {
    // A pause, so that the throw can be seen.
    QTimer::singleShot(150, this, [this, gen] {
      if (gen != generation_ || !game_ || !game_->position().awaiting_roll()) return;
      if (Status err = game_->roll(rng_)) return show_error(qs(err->text()));
      keeping_premove([this] {
        invalidate();
        refresh();
        show_throw();
      });
    });
    return;
  }
  if (game_->legal_moves().empty()) return;
  const std::shared_ptr<ai::Player> player = players_[pos.decider()].player;
  thinking_for_ = gen;
  thinking_ = true;
  busy_ = player.get();
  stop_ = std::make_shared<std::atomic<bool>>(false);
  report_ = std::make_shared<SearchReport>();
  post_reports(*player, report_, [this, gen] { show_search(gen); });
  budget_from_clock(*player, pos.decider());
  statusBar()->showMessage(tr("%1 is thinking...").arg(qs(rules_->seats[pos.decider()].name)));
  watcher_.setFuture(search_in_worker(pos, player, stop_));
}

void MainWindow::post_reports(ai::Player& player, const std::shared_ptr<SearchReport>& report,
                              std::function<void()> show) {
  // On the worker thread: keep the latest report, and let the window know at
  // most ten times a second (the last one is read when the answer comes).
  player.on_info([this, report, show = std::move(show)](const ai::SearchInfo& info) {
    const std::lock_guard<std::mutex> lock(report->mutex);
    report->latest = info;
    const auto now = std::chrono::steady_clock::now();
    if (now - report->posted < std::chrono::milliseconds(100)) return;
    report->posted = now;
    QMetaObject::invokeMethod(this, show, Qt::QueuedConnection);
  });
}

QFuture<MainWindow::Answer> MainWindow::search_in_worker(const Position& pos,
                                                         std::shared_ptr<ai::Player> player,
                                                         std::shared_ptr<std::atomic<bool>> stop) {
  return QtConcurrent::run([here = pos, player, stop]() mutable -> Answer {
    try {
      return {player->choose(here, stop.get()), ""};
    } catch (const std::exception& e) {
      return {Turn{}, e.what()};
    }
  });
}

void MainWindow::show_search(int generation) {
  // A report on a position no longer shown is not worth showing.
  if (generation != generation_ || !report_ || !game_) return;
  std::optional<ai::SearchInfo> info;
  {
    const std::lock_guard<std::mutex> lock(report_->mutex);
    info = report_->latest;
  }
  if (!info) return;
  const Position& pos = game_->position();
  search_text_ = tr("%1 (%2): %3")
                     .arg(qs(rules_->seats[pos.decider()].name), qs(players_[pos.decider()].spec),
                          describe_search(pos, *info));
  search_label_->setText(search_text_);
}

void MainWindow::computer_done() {
  const Answer a = watcher_.result();
  thinking_ = false;
  busy_ = nullptr;
  if (thinking_for_ != generation_) {
    // The game changed meanwhile (undo, a new game): think again on what is shown now.
    QTimer::singleShot(0, this, &MainWindow::computer_move);
    return;
  }
  show_search(generation_);
  if (!a.error.empty()) return show_error(qs(a.error));
  statusBar()->clearMessage();
  keeping_premove([&] { play_turn(a.turn); });
}

}  // namespace regula::gui
