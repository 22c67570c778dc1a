#include "gui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <fstream>
#include <sstream>

#include "ai/draw_offer.h"
#include "core/attacks.h"
#include "core/rule_error.h"
#include "formats/presentation.h"
#include "gui/board_view.h"
#include "gui/game_picker.h"
#include "gui/seat_players.h"
#include "notation/describe.h"
#include "notation/explain.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script/search_path.h"
#include "session/game_record.h"

namespace regula::gui {

namespace {
QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// Deletes a layout's widgets, to be made afresh.
void clear_layout(QLayout* layout) {
  while (QLayoutItem* item = layout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
}

// Shows a piece that moved across the board gliding to where it went.
void glide(BoardView* board, const Move& m) {
  if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kCastle) board->animate(m.from, m.to);
}
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle("regula");
  auto* central = new QWidget;
  auto* column = new QVBoxLayout(central);
  turn_label_ = new QLabel;
  QFont big = turn_label_->font();
  big.setPointSizeF(big.pointSizeF() * 1.2);
  big.setBold(true);
  turn_label_->setFont(big);
  column->addWidget(turn_label_);
  board_ = new BoardView;
  column->addWidget(board_, 1);
  hand_bar_ = new QWidget;
  hand_layout_ = new QHBoxLayout(hand_bar_);
  hand_layout_->setContentsMargins(0, 0, 0, 0);
  column->addWidget(hand_bar_);
  button_bar_ = new QWidget;
  button_layout_ = new QHBoxLayout(button_bar_);
  button_layout_->setContentsMargins(0, 0, 0, 0);
  column->addWidget(button_bar_);
  setCentralWidget(central);

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
  auto* dock = new QDockWidget("Game");
  dock->setObjectName("game");
  dock->setWidget(side);
  dock->setFeatures(QDockWidget::DockWidgetMovable);
  addDockWidget(Qt::RightDockWidgetArea, dock);

  rules_view_ = new QTextBrowser;
  auto* rules_dock = new QDockWidget("Rules");
  rules_dock->setObjectName("rules");
  rules_dock->setWidget(rules_view_);
  addDockWidget(Qt::RightDockWidgetArea, rules_dock);
  tabifyDockWidget(dock, rules_dock);
  dock->raise();
  editor_dock_ = new QDockWidget("Position editor");
  editor_dock_->setObjectName("editor");
  addDockWidget(Qt::LeftDockWidgetArea, editor_dock_);
  editor_dock_->hide();

  error_view_ = new QPlainTextEdit;
  error_view_->setReadOnly(true);
  error_dock_ = new QDockWidget("Script errors");
  error_dock_->setObjectName("errors");
  error_dock_->setWidget(error_view_);
  addDockWidget(Qt::BottomDockWidgetArea, error_dock_);
  error_dock_->hide();

  build_menus();
  connect(board_, &BoardView::site_clicked, this, &MainWindow::site_clicked);
  connect(board_, &BoardView::dragged, this, &MainWindow::drag);
  connect(&watcher_, &QFutureWatcher<Answer>::finished, this, &MainWindow::computer_done);
  connect(moves_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    // Going to a move: undo or redo until that many turns are played.
    const int want = moves_->row(item) + 1;
    invalidate();
    while (static_cast<int>(game_->turns().size()) > want && game_->undo()) {
    }
    while (static_cast<int>(game_->turns().size()) < want && game_->redo()) {
    }
    refresh();
  });
  connect(&files_, &QFileSystemWatcher::fileChanged, this, [this] {
    // Editors often replace the file: wait for it to settle, then watch it again.
    QTimer::singleShot(200, this, [this] {
      reload();
      watch_script();
    });
  });
  statusBar()->showMessage("Welcome");
  resize(980, 700);
}

MainWindow::~MainWindow() {
  // Stopped, the search answers at once; its answer is not wanted.
  invalidate();
  watcher_.waitForFinished();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  invalidate();
  QMainWindow::closeEvent(event);
}

void MainWindow::invalidate() {
  ++generation_;
  if (stop_) stop_->store(true);
}

void MainWindow::build_menus() {
  QMenu* game = menuBar()->addMenu("&Game");
  game->addAction("&New game...", QKeySequence::New, this, &MainWindow::new_game_dialog);
  game->addAction("&Open script...", QKeySequence::Open, this, [this] {
    const QString f = QFileDialog::getOpenFileName(this, "Open script", "", "Rule scripts (*.lua)");
    if (!f.isEmpty()) open(f.toStdString());
  });
  game->addAction("&Reload script", QKeySequence(Qt::Key_F5), this, &MainWindow::reload);
  game->addSeparator();
  game->addAction("&Load record...", this, [this] {
    const QString f = QFileDialog::getOpenFileName(
        this, "Load record", "", "Game records (*.rgr *.pgn *.txt);;All files (*)");
    if (!f.isEmpty()) load_record(f);
  });
  game->addAction("&Save record...", QKeySequence::Save, this, [this] {
    const QString f =
        QFileDialog::getSaveFileName(this, "Save record", "game.rgr", "Game records (*.rgr)");
    if (!f.isEmpty()) save_record(f);
  });
  game->addAction("Copy &position", this, [this] {
    QApplication::clipboard()->setText(qs(write_position(game_->position())));
    statusBar()->showMessage("Position copied");
  });
  game->addAction("&Paste position", this,
                  [this] { set_position(QApplication::clipboard()->text().toStdString()); });
  game->addAction("&Export board as PNG...", this, [this] {
    const QString f =
        QFileDialog::getSaveFileName(this, "Export board", "board.png", "PNG (*.png)");
    if (!f.isEmpty() && !board_->grab().save(f, "PNG")) show_error("could not write " + f);
  });
  game->addSeparator();
  game->addAction("Re&sign", this, &MainWindow::resign);
  game->addAction("Offer a &draw", this, &MainWindow::offer_draw);
  edit_action_ = game->addAction("Edit &position", this, [this](bool on) { set_editing(on); });
  edit_action_->setCheckable(true);
  game->addSeparator();
  game->addAction("&Quit", QKeySequence::Quit, this, &QWidget::close);
  QMenu* edit = menuBar()->addMenu("&Edit");
  edit->addAction("&Undo", QKeySequence::Undo, this, &MainWindow::undo);
  edit->addAction("&Redo", QKeySequence::Redo, this, &MainWindow::redo);
  edit->addSeparator();
  edit->addAction("&Move now", QKeySequence(Qt::CTRL | Qt::Key_M), this, &MainWindow::move_now)
      ->setObjectName("move_now");
  QMenu* view = menuBar()->addMenu("&View");
  view->addAction("&Flip board", QKeySequence(Qt::Key_F), this,
                  [this] { board_->set_rotation(board_->rotation() + 2); });
  view->addAction("&Rotate a quarter turn", QKeySequence(Qt::Key_R), this,
                  [this] { board_->set_rotation(board_->rotation() + 1); });
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

Status MainWindow::set_player(SeatId seat, const std::string& who) {
  if (!rules_ || seat < 0 || seat >= static_cast<int>(players_.size()))
    return Error{"seat", "no seat " + std::to_string(seat) + " in the game"};
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
    if (rules_->num_seats() > 2) name += QString(" (team %1)").arg(rules_->seats[s].team + 1);
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

void MainWindow::start(std::unique_ptr<Game> game) {
  invalidate();
  game_ = std::move(game);
  new_game_for_players();
  search_text_.clear();
  search_label_->clear();
  result_shown_ = false;
  setWindowTitle(qs(presentation_of(*rules_).title) + " - regula");
  board_->set_position(&game_->position());
  board_->set_rotation(rules_->seats[0].facing == 0 ? 0 : -rules_->seats[0].facing);
  fill_rules_panel();
  if (editing_) set_editing(false);
  refresh();
}

void MainWindow::refresh() {
  if (!game_) return;
  const Position& pos = game_->position();
  const Ruleset& r = *rules_;
  board_->set_position(&pos);
  input_ = game_->over() ? MoveInput() : MoveInput(game_->legal_moves());
  board_->set_selected(kNoSite);
  board_->set_targets({});
  // The last decision's sites.
  std::vector<SiteId> last;
  if (!game_->history().empty()) {
    const Move& m = game_->history().back().move;
    for (SiteId s : {m.from, m.to}) last.push_back(s);
    for (int i = 0; i < m.ncap; ++i) last.push_back(m.cap[i]);
  }
  board_->set_last_move(last);
  board_->set_checked(r.end.check && !game_->over() && in_check(pos, pos.to_move())
                          ? pos.royal_site(pos.to_move())
                          : kNoSite);

  // Who is to do what.
  const SeatId to_move = pos.to_move();
  QString who = qs(r.seats[to_move].name);
  if (pos.decider() != to_move) who = qs(r.seats[pos.decider()].name) + " for " + who;
  if (game_->over())
    turn_label_->setText(
        qs(game_->result().reason.empty() ? "Game over" : "Game over: " + game_->result().reason));
  else
    turn_label_->setText(who + (pos.awaiting_roll() ? " to roll" : " to move") +
                         (pos.roll() ? "   (throw: " + qs(roll_text(r, pos.roll())) + ")" : ""));

  // Seats, hands, captures, money.
  QString info;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    info += "<b>" + qs(r.seats[s].name).toHtmlEscaped() + "</b>";
    if (pos.seat_state(s) == SeatState::kFrozen) info += " frozen";
    if (pos.seat_state(s) == SeatState::kOut) info += " out";
    if (pos.controller(s) != s) info += ", commanded by " + qs(r.seats[pos.controller(s)].name);
    info +=
        QString(": %1 on the board, %2 captured").arg(pos.pieces(s)).arg(pos.counter(s, kCaptured));
    QString hand;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      if (pos.hand(s, t) > 0)
        hand += QString(" %1 %2").arg(pos.hand(s, t)).arg(qs(r.types[t].name));
    if (!hand.isEmpty()) info += ", in hand:" + hand;
    // Pieces the seat has lost since the start, on the board and in hand.
    QString lost;
    const Position& st = game_->start();
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      const PieceCode code = make_piece(t, s);
      const int was = st.count(code) + st.hand(s, t), now = pos.count(code) + pos.hand(s, t);
      if (was > now) lost += QString(" %1 %2").arg(was - now).arg(qs(r.types[t].name));
    }
    if (!lost.isEmpty()) info += ", lost:" + lost;
    if (r.money.enabled() || r.stakes) info += QString(", stakes %1").arg(game_->stakes(s));
    info += "<br>";
  }
  if (r.money.enabled()) info += QString("pot: %1<br>").arg(pos.global(kPot));
  info += ledger();
  if (game_->over()) {
    for (SeatId s = 0; s < r.num_seats(); ++s)
      info += qs(r.seats[s].name) + ": " +
              (game_->result().outcome[s] == Outcome::kWin    ? "wins"
               : game_->result().outcome[s] == Outcome::kLoss ? "loses"
                                                              : "draws") +
              "<br>";
  }
  info_label_->setText(info);

  // With one kind of piece in hand to drop and nothing else to move, the hand is
  // taken at once: a click on the board drops it.
  if (!game_->over() && !is_computer(pos.decider())) {
    const auto next = input_.next();
    if (next.size() == 1 && next[0].kind == InputStep::Kind::kHand) {
      input_.add(next[0]);
      std::set<SiteId> targets;
      for (const InputStep& s : input_.next()) targets.insert(static_cast<SiteId>(s.value));
      board_->set_targets(targets);
    }
  }
  // Pieces in hand that can be dropped now.
  clear_layout(hand_layout_);
  for (const InputStep& step : input_.next())
    if (step.kind == InputStep::Kind::kHand) {
      auto* b = new QToolButton;
      const TypeId t = static_cast<TypeId>(step.value);
      b->setText(
          QString("%1 from hand (%2)").arg(qs(r.types[t].name)).arg(pos.hand(pos.to_move(), t)));
      b->setObjectName(QString("hand:%1").arg(qs(r.types[t].name)));
      connect(b, &QToolButton::clicked, this, [this, t] { hand_clicked(t); });
      hand_layout_->addWidget(b);
    }
  hand_layout_->addStretch();
  // Decisions without a site, and the throw of the dice.
  clear_layout(button_layout_);
  const bool human = !game_->over() && !is_computer(pos.decider());
  if (human && pos.awaiting_roll()) {
    auto* b = new QPushButton("Roll");
    connect(b, &QPushButton::clicked, this, [this] { press_button("Roll"); });
    button_layout_->addWidget(b);
  } else if (human) {
    for (const Move& m : input_.buttons()) {
      auto* b = new QPushButton(qs(move_text(pos, m)));
      connect(b, &QPushButton::clicked, this, [this, m] { play(m); });
      button_layout_->addWidget(b);
    }
  }
  button_layout_->addStretch();

  // The moves, a turn a line.
  moves_->clear();
  int number = 0;
  for (const Game::TurnRecord& t : game_->turns())
    moves_->addItem(
        QString("%1. %2: %3").arg(++number).arg(qs(r.seats[t.seat].name)).arg(qs(t.text)));
  moves_->scrollToBottom();

  if (game_->over() && !result_shown_) {
    result_shown_ = true;
    statusBar()->showMessage("Game over: " + qs(game_->result().reason));
    if (result_dialogs_) {
      auto* box =
          new QMessageBox(QMessageBox::Information, "Game over",
                          turn_label_->text() + "\n\n" +
                              QString(info).replace("<br>", "\n").remove("<b>").remove("</b>"),
                          QMessageBox::Ok, this);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    }
  }
  emit changed();
  computer_move();
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

void MainWindow::play(Move m) {  // a copy: refresh() replaces the input it may come from
  if (Status err = game_->play(m)) {
    statusBar()->showMessage(qs(err->text()));
    return;
  }
  invalidate();
  statusBar()->clearMessage();
  refresh();
  glide(board_, m);
}

void MainWindow::play_turn(const Turn& t) {
  if (Status err = game_->play_turn(t)) {
    statusBar()->showMessage(qs(err->text()));
    return;
  }
  invalidate();
  refresh();
  for (const Move& m : t.steps) glide(board_, m);
}

void MainWindow::site_clicked(SiteId site) {
  if (editing_ && edit_pos_) {
    const int i = edit_piece_ ? edit_piece_->currentIndex() : 0;
    const int types = static_cast<int>(rules_->types.size());
    const PieceCode code = i <= 0 ? kEmpty
                                  : make_piece(static_cast<TypeId>((i - 1) % types),
                                               static_cast<SeatId>((i - 1) / types));
    edit_pos_->set_site(site, code, 0);
    board_->set_position(&*edit_pos_);
    return;
  }
  if (!game_ || game_->over()) return;
  const Position& pos = game_->position();
  if (is_computer(pos.decider()) || pos.awaiting_roll()) {
    statusBar()->showMessage(pos.awaiting_roll() ? "The dice are to be thrown first"
                                                 : "The computer is to move");
    return;
  }
  // A second click on the selected piece puts it down.
  if (input_.steps().size() == 1 && input_.steps()[0] == InputStep::site(site)) {
    input_.reset();
    board_->set_selected(kNoSite);
    board_->set_targets({});
    return;
  }
  take_click(InputStep::site(site));
}

void MainWindow::hand_clicked(TypeId type) {
  take_click(InputStep::hand(type));
}

void MainWindow::take_click(InputStep step) {
  const auto out = input_.add(step);
  if (out == MoveInput::Outcome::kIllegal && !input_.steps().empty()) {
    // Another piece of the mover's: start again from it.
    const std::vector<InputStep> before = input_.steps();
    input_.reset();
    if (step.kind == InputStep::Kind::kSite && input_.add(step) != MoveInput::Outcome::kIllegal)
      return show_outcome(MoveInput::Outcome::kPartial);
    // Else say why the move is not legal, and keep the first click.
    for (const InputStep& s : before) input_.add(s);
    if (before[0].kind == InputStep::Kind::kSite && step.kind == InputStep::Kind::kSite) {
      Position copy = game_->position();
      const std::string why = explain_illegal(copy, static_cast<SiteId>(before[0].value),
                                              static_cast<SiteId>(step.value));
      statusBar()->showMessage(why.empty() ? "Not a legal move" : qs(why));
    } else {
      statusBar()->showMessage("Not a legal move");
    }
    return;
  }
  if (out == MoveInput::Outcome::kIllegal) {
    const Position& pos = game_->position();
    const Topology& t = rules_->topology;
    if (step.kind == InputStep::Kind::kSite && pos.at(static_cast<SiteId>(step.value)))
      statusBar()->showMessage("No legal move starts at " +
                               qs(t.name(static_cast<SiteId>(step.value))));
    else if (step.kind == InputStep::Kind::kSite)
      statusBar()->showMessage(qs(t.name(static_cast<SiteId>(step.value))) + " is empty");
    else
      statusBar()->showMessage("No drop is legal now");
    return;
  }
  show_outcome(out);
}

void MainWindow::show_outcome(MoveInput::Outcome out) {
  const Position& pos = game_->position();
  if (out == MoveInput::Outcome::kComplete) return play(input_.chosen());
  if (out == MoveInput::Outcome::kChoose) {
    QMenu menu(this);
    std::vector<Move> options = input_.candidates();
    for (size_t i = 0; i < options.size(); ++i)
      menu.addAction(qs(move_text(pos, options[i])))->setData(static_cast<int>(i));
    QAction* picked = menu.exec(QCursor::pos());
    if (!picked) {
      input_.reset();
      board_->set_selected(kNoSite);
      board_->set_targets({});
      return;
    }
    return play(options[picked->data().toInt()]);
  }
  // More clicks to come: show where they may go.
  SiteId selected = kNoSite;
  for (const InputStep& s : input_.steps())
    if (s.kind == InputStep::Kind::kSite) selected = static_cast<SiteId>(s.value);
  std::set<SiteId> targets;
  for (const InputStep& s : input_.next())
    if (s.kind == InputStep::Kind::kSite) targets.insert(static_cast<SiteId>(s.value));
  board_->set_selected(selected);
  board_->set_targets(targets);
  statusBar()->clearMessage();
}

void MainWindow::drag(SiteId from, SiteId to) {
  // The press already picked the piece up (a click on from).
  if (input_.steps().empty() || !(input_.steps().back() == InputStep::site(from))) {
    input_.reset();
    if (input_.add(InputStep::site(from)) == MoveInput::Outcome::kIllegal) return;
  }
  take_click(InputStep::site(to));
}

QStringList MainWindow::button_texts() const {
  QStringList out;
  for (int i = 0; i < button_layout_->count(); ++i)
    if (auto* b = qobject_cast<QPushButton*>(button_layout_->itemAt(i)->widget())) out << b->text();
  return out;
}

bool MainWindow::press_button(const QString& text) {
  if (!game_ || game_->over()) return false;
  const Position& pos = game_->position();
  if (text == "Roll" && pos.awaiting_roll()) {
    if (Status err = game_->roll(rng_)) {
      statusBar()->showMessage(qs(err->text()));
      return false;
    }
    invalidate();
    refresh();
    show_throw();
    return true;
  }
  for (const Move& m : input_.buttons())
    if (qs(move_text(pos, m)) == text) {
      play(m);
      return true;
    }
  return false;
}

void MainWindow::computer_move() {
  if (!game_ || game_->over() || watcher_.isRunning() || editing_) return;
  const Position& pos = game_->position();
  if (!is_computer(pos.decider())) return;
  const int gen = generation_;
  if (pos.awaiting_roll()) {
    // A pause, so that the throw can be seen.
    QTimer::singleShot(150, this, [this, gen] {
      if (gen != generation_ || !game_ || !game_->position().awaiting_roll()) return;
      if (Status err = game_->roll(rng_)) return show_error(qs(err->text()));
      invalidate();
      refresh();
      show_throw();
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
  // On the worker thread: keep the latest report, and let the window know at
  // most ten times a second (the last one is read when the answer comes).
  player->on_info([this, report = report_, gen](const ai::SearchInfo& info) {
    const std::lock_guard<std::mutex> lock(report->mutex);
    report->latest = info;
    const auto now = std::chrono::steady_clock::now();
    if (now - report->posted < std::chrono::milliseconds(100)) return;
    report->posted = now;
    QMetaObject::invokeMethod(
        this, [this, gen] { show_search(gen); }, Qt::QueuedConnection);
  });
  statusBar()->showMessage(qs(rules_->seats[pos.decider()].name) + " is thinking...");
  watcher_.setFuture(QtConcurrent::run([here = pos, player, stop = stop_]() mutable -> Answer {
    try {
      return {player->choose(here, stop.get()), ""};
    } catch (const std::exception& e) {
      return {Turn{}, e.what()};
    }
  }));
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
  search_text_ = qs(rules_->seats[pos.decider()].name) + " (" + qs(players_[pos.decider()].spec) +
                 "): " + describe_search(pos, *info);
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
  play_turn(a.turn);
}

void MainWindow::undo() {
  if (!game_) return;
  invalidate();
  // Back to the last decision of a human seat.
  bool any = game_->undo();
  while (any && game_->can_undo() &&
         (is_computer(game_->position().decider()) || game_->position().awaiting_roll()))
    game_->undo();
  result_shown_ = false;
  refresh();
}

void MainWindow::redo() {
  if (!game_) return;
  invalidate();
  game_->redo();
  refresh();
}

bool MainWindow::save_record(const QString& file) {
  std::ofstream out(file.toStdString(), std::ios::binary);
  out << write_record(*game_);
  out.close();
  if (!out) {
    show_error("could not write " + file);
    return false;
  }
  statusBar()->showMessage("Saved " + file);
  return true;
}

bool MainWindow::load_record(const QString& file) {
  std::ifstream in(file.toStdString(), std::ios::binary);
  if (!in) {
    show_error("could not read " + file);
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  script::SearchPath path;
  path.add(QFileInfo(file).absolutePath().toStdString());
  // A PDN file from another program names no script: its GameType finds one,
  // and of several games the first is loaded.
  const std::string fallback =
      text.str().find("[Rules ") == std::string::npos
          ? pdn_rules_for(text.str(), script::bundled_script_names(), script::named_rules_loader())
          : "";
  auto games = read_records(text.str(), script::named_rules_loader(path), fallback);
  if (!games) {
    show_error(file + ": " + qs(games.error().text()));
    return false;
  }
  const size_t count = games->size();
  Expected<Game> g = std::move(games->front());
  rules_ = g->rules_ptr();
  options_ = rules_->options;
  if (!fallback.empty()) spec_ = fallback;
  auto tags = read_record_tags(text.str());
  if (tags)
    for (const auto& [k, v] : *tags)
      if (k == "Rules") spec_ = v;
  players_.assign(rules_->num_seats(), SeatPlayer{});
  watch_script();
  rebuild_seats();
  start(std::make_unique<Game>(std::move(*g)));
  statusBar()->showMessage(count > 1 ? "Loaded the first of " + QString::number(count) +
                                           " games of " + file
                                     : "Loaded " + file);
  return true;
}

void MainWindow::reload() {
  if (spec_.empty() || !game_) return;
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
    show_error("the start position no longer loads: " + qs(fresh.error().text()));
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
      statusBar()->showMessage(
          QString("Reloaded; turn %1 (%2) is not legal under the edited rules: %3")
              .arg(n)
              .arg(qs(t.text))
              .arg(qs(played.error().what)));
      return;
    }
  }
  start(std::move(game));
  statusBar()->showMessage("Reloaded " + qs(spec_));
}

void MainWindow::new_game_dialog() {
  GamePicker picker(this, spec_);
  if (picker.exec() != QDialog::Accepted) return;
  const GameChoice c = picker.choice();
  if (c.spec.empty() || !open(c.spec, c.options)) return;
  for (size_t s = 0; s < c.players.size(); ++s)
    if (Status err = set_player(static_cast<SeatId>(s), c.players[s])) show_error(qs(err->text()));
}

}  // namespace regula::gui

namespace regula::gui {

QString MainWindow::ledger() const {
  // Each decision that moved money or stakes, with what it was for.
  const Ruleset& r = *rules_;
  if (!r.money.enabled() && !r.stakes) return "";
  QString out;
  Position p = game_->start();
  auto stakes = [&](SeatId s) { return p.counter(s, kStakes); };
  for (const Game::Played& played : game_->history()) {
    std::vector<int> before;
    for (SeatId s = 0; s < r.num_seats(); ++s) before.push_back(stakes(s));
    Undo u;
    p.make(played.move, u);
    QString line;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (const int d = stakes(s) - before[s])
        line += QString(" %1 %2%3").arg(qs(r.seats[s].name)).arg(d > 0 ? "+" : "").arg(d);
    if (!line.isEmpty()) out += qs(played.text).toHtmlEscaped() + ":" + line + "<br>";
  }
  return out.isEmpty() ? "" : "<b>Ledger</b><br>" + out;
}

void MainWindow::fill_rules_panel() {
  const Ruleset& r = *rules_;
  QString html = "<h3>" + qs(presentation_of(r).title).toHtmlEscaped() + "</h3><p>" +
                 qs(presentation_of(r).description).toHtmlEscaped() + "</p>";
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    const PieceType& pt = r.types[t];
    html += "<p><b>" + qs(pt.name).toHtmlEscaped() + "</b> (" + qs(pt.letter).toHtmlEscaped() +
            QString(", value %1)<ul>").arg(pt.value);
    for (const std::string& line : describe_piece(r, t))
      html += "<li>" + qs(line).toHtmlEscaped() + "</li>";
    html += "</ul></p>";
  }
  if (!presentation_of(r).sources.empty()) {
    html += "<p><i>Sources</i><br>";
    for (const std::string& s : presentation_of(r).sources) html += qs(s).toHtmlEscaped() + "<br>";
    html += "</p>";
  }
  rules_view_->setHtml(html);
}

QString MainWindow::rules_text() const {
  return rules_view_->toPlainText();
}

void MainWindow::resign() {
  if (!game_ || game_->over()) return;
  const SeatId seat = game_->position().decider();
  if (is_computer(seat)) {
    statusBar()->showMessage("The computer is to move");
    return;
  }
  invalidate();
  if (Status err = game_->resign(seat)) statusBar()->showMessage(qs(err->text()));
  refresh();
}

void MainWindow::offer_draw() {
  if (!game_ || game_->over()) return;
  const Ruleset& r = *rules_;
  const SeatId seat = game_->position().decider();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (r.allies(s, seat) || game_->position().is_out(s)) continue;
    if (is_computer(s)) {
      // A computer searches the position with its own budget and accepts when it does
      // not see itself ahead; one that is searching already, or an external engine
      // (whose answer could take its whole budget), declines.
      const SeatPlayer& sp = players_[s];
      const bool accepts = !busy_ && sp.spec.rfind("uci:", 0) != 0 &&
                           !game_->position().awaiting_roll() &&
                           ai::accepts_draw(*sp.player, game_->position(), s);
      if (!accepts) {
        statusBar()->showMessage(qs(r.seats[s].name) + " (the computer) declines the draw");
        return;
      }
      continue;
    }
    if (QMessageBox::question(this, "Draw offered",
                              qs(r.seats[seat].name) + " offers a draw. Does " +
                                  qs(r.seats[s].name) + " accept?") != QMessageBox::Yes) {
      statusBar()->showMessage(qs(r.seats[s].name) + " declines the draw");
      return;
    }
  }
  invalidate();
  game_->agree_draw();
  refresh();
}

void MainWindow::build_editor() {
  delete editor_box_;
  editor_box_ = new QWidget;
  auto* form = new QVBoxLayout(editor_box_);
  const Ruleset& r = *rules_;
  form->addWidget(new QLabel("Click a site to put:"));
  edit_piece_ = new QComboBox;
  edit_piece_->addItem("(nothing: clear the site)");
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (const PieceType& t : r.types) edit_piece_->addItem(qs(r.seats[s].name + " " + t.name));
  form->addWidget(edit_piece_);
  form->addWidget(new QLabel("To move:"));
  edit_to_move_ = new QComboBox;
  for (const Seat& s : r.seats) edit_to_move_->addItem(qs(s.name));
  edit_to_move_->setCurrentIndex(edit_pos_->to_move());
  connect(edit_to_move_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_edit_to_move(static_cast<SeatId>(i)); });
  form->addWidget(edit_to_move_);
  bool drops = false;
  for (const MoveRule& rule : r.rules) drops |= rule.kind == RuleKind::kDrop;
  if (drops) {
    form->addWidget(new QLabel("In hand:"));
    for (SeatId s = 0; s < r.num_seats(); ++s)
      for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
        auto* row = new QHBoxLayout;
        row->addWidget(new QLabel(qs(r.seats[s].name + " " + r.types[t].name)));
        auto* n = new QSpinBox;
        n->setRange(0, 99);
        n->setValue(edit_pos_->hand(s, t));
        connect(n, &QSpinBox::valueChanged, this, [this, s, t](int v) { set_edit_hand(s, t, v); });
        row->addWidget(n);
        form->addLayout(row);
      }
  }
  auto* clear = new QPushButton("Empty board");
  connect(clear, &QPushButton::clicked, this, [this] {
    for (SiteId s = 0; s < edit_pos_->num_sites(); ++s) edit_pos_->set_site(s, kEmpty, 0);
    board_->set_position(&*edit_pos_);
  });
  form->addWidget(clear);
  auto* done = new QPushButton("Play from here");
  connect(done, &QPushButton::clicked, this, [this] { finish_editing(); });
  form->addWidget(done);
  auto* cancel = new QPushButton("Cancel");
  connect(cancel, &QPushButton::clicked, this, [this] { set_editing(false); });
  form->addWidget(cancel);
  form->addStretch();
  editor_dock_->setWidget(editor_box_);
}

void MainWindow::set_editing(bool on) {
  if (!game_) return;
  invalidate();
  editing_ = on;
  if (edit_action_) {
    QSignalBlocker block(edit_action_);
    edit_action_->setChecked(on);
  }
  if (on) {
    edit_pos_ = game_->position();
    build_editor();
    editor_dock_->show();
    board_->set_position(&*edit_pos_);
    board_->set_targets({});
    board_->set_selected(kNoSite);
    statusBar()->showMessage("Editing the position");
  } else {
    editor_dock_->hide();
    edit_pos_.reset();
    board_->set_position(&game_->position());
    refresh();
  }
}

void MainWindow::set_edit_piece(int index) {
  if (edit_piece_) edit_piece_->setCurrentIndex(index);
}

void MainWindow::set_edit_to_move(SeatId seat) {
  if (!edit_pos_ || seat < 0 || seat >= rules_->num_seats()) return;
  edit_pos_->set_to_move(seat);
  if (edit_to_move_ && edit_to_move_->currentIndex() != seat) edit_to_move_->setCurrentIndex(seat);
}

void MainWindow::set_edit_hand(SeatId seat, TypeId type, int n) {
  if (edit_pos_) edit_pos_->set_hand(seat, type, n);
}

bool MainWindow::finish_editing() {
  if (!edit_pos_) return false;
  // Through the position string, so that the edited position is checked as any pasted one.
  const std::string text = write_position(*edit_pos_);
  auto g = Game::from_position(rules_, text);
  if (!g) {
    statusBar()->showMessage(qs(g.error().text()));
    return false;
  }
  editing_ = false;
  if (edit_action_) {
    QSignalBlocker block(edit_action_);
    edit_action_->setChecked(false);
  }
  editor_dock_->hide();
  edit_pos_.reset();
  start(std::make_unique<Game>(std::move(*g)));
  return true;
}

}  // namespace regula::gui

namespace regula::gui {

void MainWindow::show_throw() {
  // The dice tumble for a moment in the status bar, then show the throw kept in the record.
  const std::shared_ptr<const Ruleset> rules = rules_;
  const int thrown = game_->position().roll();
  auto* tick = new QTimer(this);
  auto left = std::make_shared<int>(6);
  connect(tick, &QTimer::timeout, this, [this, tick, left, thrown, rules] {
    const Ruleset& r = *rules;
    if (--*left <= 0 || r.dice.outcomes.empty()) {
      statusBar()->showMessage("Thrown: " + qs(roll_text(r, thrown)));
      tick->deleteLater();
      return;
    }
    const int face = r.dice.outcomes[std::uniform_int_distribution<size_t>(
        0, r.dice.outcomes.size() - 1)(tumble_)];
    statusBar()->showMessage("Throwing... " + qs(roll_text(r, face)));
  });
  statusBar()->showMessage("Throwing...");
  tick->start(50);
}

}  // namespace regula::gui
