// The window's layout and menus, and what it shows a game of: opening a
// script (and reloading it when it changes on disk), starting a game from its
// start or a position string, and showing errors. The window's other parts are
// in files by concept: main_window_view.cpp (showing the game after each
// change), main_window_input.cpp (a person's moves), main_window_players.cpp
// (the seats' players and the computer's turns), main_window_premove.cpp (a
// person's move entered while the computer decides), main_window_editor.cpp (the
// position editor), main_window_records.cpp (record files) and
// main_window_rules.cpp (the rules panel).

#include "gui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "formats/presentation.h"
#include "gui/board_view.h"
#include "gui/dice_view.h"
#include "gui/game_picker.h"
#include "gui/main_window_internal.h"
#include "gui/shown_text.h"
#include "gui/sounds.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(tr("regula"));
  build_board_column();
  build_docks();
  build_menus();
  connect_signals();
  statusBar()->showMessage(tr("Welcome"));
  resize(980, 700);
}

void MainWindow::build_board_column() {
  auto* central = new QWidget;
  auto* column = new QVBoxLayout(central);
  turn_label_ = new QLabel;
  QFont big = turn_label_->font();
  big.setPointSizeF(big.pointSizeF() * 1.2);
  big.setBold(true);
  turn_label_->setFont(big);
  column->addWidget(turn_label_);
  board_ = new BoardView;
  // The dice beside the board, of a fixed width, shown for the whole of a game
  // with dice so that the board keeps its size as they are thrown.
  auto* board_row = new QHBoxLayout;
  board_row->addWidget(board_, 1);
  dice_view_ = new DiceView;
  dice_view_->hide();
  board_row->addWidget(dice_view_);
  build_clock_bar(column, board_row);
  column->addLayout(board_row, 1);
  // The pieces in hand and the buttons for decisions without a site share one
  // strip of fixed height, so that the board keeps its size as they come and go.
  auto* strip = new QWidget;
  auto* row = new QHBoxLayout(strip);
  row->setContentsMargins(0, 0, 0, 0);
  hand_bar_ = new QWidget;
  hand_layout_ = new QHBoxLayout(hand_bar_);
  hand_layout_->setContentsMargins(0, 0, 0, 0);
  row->addWidget(hand_bar_);
  button_bar_ = new QWidget;
  button_layout_ = new QHBoxLayout(button_bar_);
  button_layout_->setContentsMargins(0, 0, 0, 0);
  row->addWidget(button_bar_, 1);
  strip->setFixedHeight(std::max({QPushButton(tr("Roll")).sizeHint().height(),
                                  QToolButton().sizeHint().height(), hand_glyph_size(*this) + 8}));
  column->addWidget(strip);
  setCentralWidget(central);
}

// The Game panel (seats, search, information, moves) and the Rules panel on the
// right, the position editor on the left, the script errors below.
void MainWindow::build_docks() {
  auto* side = new QWidget;
  auto* side_column = new QVBoxLayout(side);
  seats_box_ = new QWidget;
  seats_layout_ = new QVBoxLayout(seats_box_);
  seats_layout_->setContentsMargins(0, 0, 0, 0);
  side_column->addWidget(seats_box_);
  search_label_ = new QLabel;
  search_label_->setObjectName("search");
  search_label_->setWordWrap(true);
  search_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  side_column->addWidget(search_label_);
  info_label_ = new QLabel;
  info_label_->setWordWrap(true);
  info_label_->setTextFormat(Qt::RichText);
  side_column->addWidget(info_label_);
  moves_ = new QListWidget;
  side_column->addWidget(moves_, 1);
  auto* dock = new QDockWidget(tr("Game"));
  dock->setObjectName("game");
  dock->setWidget(side);
  dock->setFeatures(QDockWidget::DockWidgetMovable);
  addDockWidget(Qt::RightDockWidgetArea, dock);

  rules_view_ = new QTextBrowser;
  auto* rules_dock = new QDockWidget(tr("Rules"));
  rules_dock->setObjectName("rules");
  rules_dock->setWidget(rules_view_);
  addDockWidget(Qt::RightDockWidgetArea, rules_dock);
  tabifyDockWidget(dock, rules_dock);
  dock->raise();
  editor_dock_ = new QDockWidget(tr("Position editor"));
  editor_dock_->setObjectName("editor");
  addDockWidget(Qt::LeftDockWidgetArea, editor_dock_);
  editor_dock_->hide();

  error_view_ = new QPlainTextEdit;
  error_view_->setReadOnly(true);
  error_dock_ = new QDockWidget(tr("Script errors"));
  error_dock_->setObjectName("errors");
  error_dock_->setWidget(error_view_);
  addDockWidget(Qt::BottomDockWidgetArea, error_dock_);
  error_dock_->hide();
}

void MainWindow::connect_signals() {
  connect(board_, &BoardView::site_clicked, this, &MainWindow::site_clicked);
  connect(board_, &BoardView::dragged, this, &MainWindow::drag);
  connect(board_, &BoardView::right_pressed, this, &MainWindow::cancel_premove);
  connect(&watcher_, &QFutureWatcher<Answer>::finished, this, &MainWindow::computer_done);
  // A click on a move shows the position after it; nothing is taken back.
  connect(moves_, &QListWidget::itemClicked, this,
          [this](QListWidgetItem* item) { go_to(moves_->row(item) + 1); });
  board_->setFocusPolicy(Qt::StrongFocus);
  board_->installEventFilter(this);
  moves_->installEventFilter(this);
  connect_tools();
  connect(&files_, &QFileSystemWatcher::fileChanged, this, [this] {
    // Editors often replace the file: wait for it to settle, then watch it again.
    QTimer::singleShot(200, this, [this] {
      reload();
      watch_script();
    });
  });
}

MainWindow::~MainWindow() {
  // Stopped, the search answers at once; its answer is not wanted.
  invalidate();
  watcher_.waitForFinished();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  invalidate();
  save_settings();
  QMainWindow::closeEvent(event);
}

void MainWindow::invalidate() {
  ++generation_;
  premove_.reset();  // made for the position it waited on
  show_premove();
  if (stop_) stop_->store(true);
}

void MainWindow::build_menus() {
  QMenu* game = menuBar()->addMenu(tr("&Game"));
  game->addAction(tr("&New game..."), QKeySequence::New, this, &MainWindow::new_game_dialog);
  game->addAction(tr("&Open script..."), QKeySequence::Open, this, [this] {
    if (!may_replace_game()) return;
    const QString f =
        QFileDialog::getOpenFileName(this, tr("Open script"), "", tr("Rule scripts (*.lua)"));
    if (!f.isEmpty()) open(f.toStdString());
  });
  game->addAction(tr("&Reload script"), QKeySequence(Qt::Key_F5), this, &MainWindow::reload);
  game->addSeparator();
  game->addAction(tr("&Load record..."), this, [this] {
    const QString f = QFileDialog::getOpenFileName(
        this, tr("Load record"), "", tr("Game records (*.rgr *.pgn *.pdn *.txt);;All files (*)"));
    if (!f.isEmpty()) load_record(f);
  });
  game->addAction(tr("&Save record..."), QKeySequence::Save, this, &MainWindow::save_record_dialog);
  game->addAction(tr("Copy &position"), this, [this] {
    QApplication::clipboard()->setText(qs(write_position(game_->position())));
    statusBar()->showMessage(tr("Position copied"));
  });
  game->addAction(tr("&Paste position"), this, [this] {
    if (may_replace_game()) set_position(QApplication::clipboard()->text().toStdString());
  });
  game->addAction(tr("&Export board as PNG..."), this, [this] {
    const QString f =
        QFileDialog::getSaveFileName(this, tr("Export board"), "board.png", tr("PNG (*.png)"));
    if (!f.isEmpty() && !board_->grab().save(f, "PNG")) show_error(tr("could not write %1").arg(f));
  });
  game->addSeparator();
  game->addAction(tr("Re&sign"), this, &MainWindow::resign);
  game->addAction(tr("Offer a &draw"), this, &MainWindow::offer_draw);
  edit_action_ = game->addAction(tr("Edit &position"), this, [this](bool on) { set_editing(on); });
  edit_action_->setCheckable(true);
  game->addSeparator();
  game->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Undo"), QKeySequence::Undo, this, &MainWindow::undo);
  edit->addAction(tr("&Redo"), QKeySequence::Redo, this, &MainWindow::redo);
  edit->addSeparator();
  edit->addAction(tr("&Move now"), QKeySequence(Qt::CTRL | Qt::Key_M), this, &MainWindow::move_now)
      ->setObjectName("move_now");
  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Flip board"), QKeySequence(Qt::CTRL | Qt::Key_F), this,
                  [this] { board_->set_rotation(board_->rotation() + 2); });
  view->addAction(tr("&Rotate a quarter turn"), QKeySequence(Qt::CTRL | Qt::Key_R), this,
                  [this] { board_->set_rotation(board_->rotation() + 1); });
  build_view_options(view);
  build_tools_menu(game);
}

bool MainWindow::open(const std::string& spec, const script::OptionList& options) {
  auto rules = script::load_rules(spec, options);
  if (!rules) {
    show_error(qs(rules.error().text()));
    return false;
  }
  error_dock_->hide();
  rules_ = *rules;
  spec_ = spec;
  options_ = options;
  save_settings();
  players_.assign(rules_->num_seats(), SeatPlayer{});
  watch_script();
  rebuild_seats();
  start(std::make_unique<Game>(rules_));
  return true;
}

void MainWindow::watch_script() {
  if (!files_.files().isEmpty()) files_.removePaths(files_.files());
  // The script and every file it required or extended, wherever they lie.
  QStringList paths;
  if (rules_)
    for (const std::string& f : rules_->files) paths << qs(f);
  if (!paths.isEmpty()) files_.addPaths(paths);
}

bool MainWindow::set_position(const std::string& text) {
  if (!rules_) return false;
  auto g = Game::from_position(rules_, text);
  if (!g) {
    statusBar()->showMessage(qs(g.error().text()));
    return false;
  }
  start(std::make_unique<Game>(std::move(*g)));
  return true;
}

void MainWindow::start(std::unique_ptr<Game> game) {
  invalidate();
  game_ = std::move(game);
  line_.reset();
  new_game_for_players();
  search_text_.clear();
  search_label_->clear();
  result_shown_ = false;
  setWindowTitle(tr("%1 - regula").arg(shown_title(presentation_of(*rules_).title)));
  board_->set_position(&game_->position());
  board_->set_rotation(rules_->seats[0].facing == 0 ? 0 : -rules_->seats[0].facing);
  fill_rules_panel();
  if (editing_) set_editing(false);
  close_move_entry();  // a move typed for the game before is not for this one
  restart_clocks();
  refresh();
}

QString MainWindow::status() const {
  return statusBar()->currentMessage();
}
QString MainWindow::errors() const {
  return last_error_;
}

void MainWindow::show_error(const QString& text) {
  last_error_ = text;
  error_view_->setPlainText(text);
  error_dock_->show();
  statusBar()->showMessage(text.section('\n', 0, 0));
}

void MainWindow::reload() {
  if (spec_.empty() || !game_) return;
  if (line_) game_ = std::move(line_);  // the whole game is replayed
  auto rules = script::load_rules(spec_, options_);
  if (!rules) {
    // The rules in play stay as they were.
    show_error(qs(rules.error().text()));
    return;
  }
  error_dock_->hide();
  last_error_.clear();
  auto fresh = game_->from_start() ? Expected<Game>(Game(*rules))
                                   : Game::from_position(*rules, write_position(game_->start()));
  if (!fresh) {
    show_error(tr("the start position no longer loads: %1").arg(qs(fresh.error().text())));
    return;
  }
  const auto turns = game_->turns();
  rules_ = *rules;
  if (static_cast<int>(players_.size()) != rules_->num_seats()) {
    players_.assign(rules_->num_seats(), SeatPlayer{});
    rebuild_seats();
  } else {
    // The players hold the rules they were made for.
    invalidate();
    remake_players();
  }
  auto game = std::make_unique<Game>(std::move(*fresh));
  int n = 0;
  for (const Game::TurnRecord& t : turns) {
    ++n;
    auto played = game->play_text(t.text);
    if (!played) {
      start(std::move(game));
      statusBar()->showMessage(tr("Reloaded; turn %1 (%2) is not legal under the edited rules: %3")
                                   .arg(n)
                                   .arg(qs(t.text))
                                   .arg(qs(played.error().what)));
      return;
    }
  }
  start(std::move(game));
  statusBar()->showMessage(tr("Reloaded %1").arg(qs(spec_)));
}

void MainWindow::new_game_dialog() {
  if (!may_replace_game()) return;
  GamePicker picker(this, spec_);
  picker.set_time_control(time_control_);
  if (picker.exec() != QDialog::Accepted) return;
  const GameChoice c = picker.choice();
  if (c.spec.empty() || !open(c.spec, c.options)) return;
  set_time_control(c.time_control);
  for (size_t s = 0; s < c.players.size(); ++s)
    if (Status err = set_player(static_cast<SeatId>(s), c.players[s])) show_error(qs(err->text()));
}

}  // namespace regula::gui
