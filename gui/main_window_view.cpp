// Showing the game after each change (MainWindow::refresh): the board's marks,
// who is to do what, the seats' state and the money, the pieces in hand that
// may be dropped, the buttons for decisions without a site, the moves played,
// and the result once the game is over; and the dice tumbling after a throw.
// The window reads all of it from the game afresh each time, so this file
// holds the whole of what it shows of the game.

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <cmath>
#include <set>

#include "core/attacks.h"
#include "gui/board_view.h"
#include "gui/dice_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "notation/move_text.h"

namespace regula::gui {

void MainWindow::refresh() {
  if (!game_) return;
  board_->set_position(&game_->position());
  input_ = game_->over() ? MoveInput() : MoveInput(game_->legal_moves());
  show_board_marks();
  show_end();
  show_dice();
  show_prompts();
  show_turn();
  const QString info = game_info();
  info_label_->setText(info);
  take_lone_hand();
  show_hand();
  show_buttons();
  show_move_list();
  show_result(info);
  play_sounds();
  emit changed();
  computer_move();
}

void MainWindow::show_board_marks() {
  const Position& pos = game_->position();
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
  board_->set_checked(rules_->end.check && !game_->over() && in_check(pos, pos.to_move())
                          ? pos.royal_site(pos.to_move())
                          : kNoSite);
}

void MainWindow::show_prompts() {
  // A decision that only some pieces can make is said in the status bar and
  // those pieces marked: a removal (after a mill line), a compulsory capture.
  board_->set_prompts({});
  if (game_->over() || is_computer(game_->position().decider())) return;
  const Position& pos = game_->position();
  const Ruleset& r = *rules_;
  const MoveList moves = game_->legal_moves();
  if (moves.empty()) return;
  std::set<SiteId> removable, capturing;
  bool all_remove = true, all_capture = true;
  for (const Move& m : moves) {
    all_remove = all_remove && m.kind == MoveKind::kRemove;
    all_capture = all_capture && m.ncap > 0 && m.from != kNoSite;
    if (m.kind == MoveKind::kRemove) removable.insert(m.to);
    if (m.ncap > 0 && m.from != kNoSite) capturing.insert(m.from);
  }
  const QString seat = qs(r.seats[pos.decider()].name);
  if (all_remove) {
    std::set<std::string> kinds;
    for (SiteId s : removable) kinds.insert(r.types[piece_type(pos.at(s))].name);
    const QString what = kinds.size() == 1 ? qs(*kinds.begin()) : tr("piece");
    board_->set_prompts(removable);
    statusBar()->showMessage(tr("%1 must remove a %2: click one of those marked").arg(seat, what));
  } else if (all_capture && r.capture_priority != CapturePriority::kFree) {
    board_->set_prompts(capturing);
    statusBar()->showMessage(tr("%1 must capture with one of the marked pieces").arg(seat));
  }
}

void MainWindow::show_turn() {
  // Who is to do what.
  const Position& pos = game_->position();
  const Ruleset& r = *rules_;
  const SeatId to_move = pos.to_move();
  QString who = qs(r.seats[to_move].name);
  if (pos.decider() != to_move) who = tr("%1 for %2").arg(qs(r.seats[pos.decider()].name), who);
  if (game_->over())
    turn_label_->setText(game_->result().reason.empty()
                             ? tr("Game over")
                             : tr("Game over: %1").arg(qs(game_->result().reason)));
  else
    turn_label_->setText(
        (pos.awaiting_roll() ? tr("%1 to roll") : tr("%1 to move")).arg(who) +
        (pos.roll() ? tr("   (throw: %1)").arg(qs(roll_text(r, pos.roll()))) : ""));
}

QString MainWindow::seat_info(SeatId s) const {
  const Position& pos = game_->position();
  const Ruleset& r = *rules_;
  QString info = "<b>" + qs(r.seats[s].name).toHtmlEscaped() + "</b>";
  if (pos.seat_state(s) == SeatState::kFrozen) info += tr(" frozen");
  if (pos.seat_state(s) == SeatState::kOut) info += tr(" out");
  if (pos.controller(s) != s)
    info += tr(", commanded by %1").arg(qs(r.seats[pos.controller(s)].name));
  info += tr(": %1 on the board, %2 captured").arg(pos.pieces(s)).arg(pos.counter(s, kCaptured));
  QString hand;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (pos.hand(s, t) > 0) hand += QString(" %1 %2").arg(pos.hand(s, t)).arg(qs(r.types[t].name));
  if (!hand.isEmpty()) info += tr(", in hand:%1").arg(hand);
  // Pieces the seat has lost since the start, on the board and in hand.
  QString lost;
  const Position& st = game_->start();
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    const PieceCode code = make_piece(t, s);
    const int was = st.count(code) + st.hand(s, t), now = pos.count(code) + pos.hand(s, t);
    if (was > now) lost += QString(" %1 %2").arg(was - now).arg(qs(r.types[t].name));
  }
  if (!lost.isEmpty()) info += tr(", lost:%1").arg(lost);
  if (r.money.enabled() || r.stakes) info += tr(", stakes %1").arg(game_->stakes(s));
  return info + "<br>";
}

QString MainWindow::game_info() const {
  // Seats, hands, captures, money.
  const Ruleset& r = *rules_;
  QString info;
  for (SeatId s = 0; s < r.num_seats(); ++s) info += seat_info(s);
  if (r.money.enabled()) info += tr("pot: %1<br>").arg(game_->position().global(kPot));
  info += ledger();
  if (game_->over()) {
    for (SeatId s = 0; s < r.num_seats(); ++s)
      info += (game_->result().outcome[s] == Outcome::kWin    ? tr("%1: wins<br>")
               : game_->result().outcome[s] == Outcome::kLoss ? tr("%1: loses<br>")
                                                              : tr("%1: draws<br>"))
                  .arg(qs(r.seats[s].name));
  }
  return info;
}

void MainWindow::take_lone_hand() {
  // With one kind of piece in hand to drop and nothing else to move, the hand is
  // taken at once: a click on the board drops it.
  if (game_->over() || is_computer(game_->position().decider())) return;
  const auto next = input_.next();
  if (next.size() == 1 && next[0].kind == InputStep::Kind::kHand) {
    input_.add(next[0]);
    std::set<SiteId> targets;
    for (const InputStep& s : input_.next()) targets.insert(static_cast<SiteId>(s.value));
    board_->set_targets(targets);
  }
}

void MainWindow::show_hand() {
  // Pieces in hand that can be dropped now; while a computer seat decides, a
  // person's pieces in hand, to drop as a premove (main_window_premove.cpp).
  const Position& pos = game_->position();
  clear_layout(hand_layout_);
  if (!game_->over() && is_computer(pos.decider())) {
    for (SeatId s = 0; s < static_cast<SeatId>(rules_->seats.size()); ++s)
      for (TypeId t = 0; t < static_cast<TypeId>(rules_->types.size()); ++t)
        if (!is_computer(s) && pos.hand(s, t) > 0)
          add_hand_button(s, t, [this, s, t] { premove_hand(s, t); });
  } else {
    for (const InputStep& step : input_.next())
      if (step.kind == InputStep::Kind::kHand) {
        const TypeId t = static_cast<TypeId>(step.value);
        add_hand_button(pos.to_move(), t, [this, t] { hand_clicked(t); });
      }
  }
  hand_layout_->addStretch();
}

void MainWindow::add_hand_button(SeatId seat, TypeId t, std::function<void()> clicked) {
  const Position& pos = game_->position();
  auto* b = new QToolButton;
  // The piece as the board draws it, and how many are in hand.
  const int side = hand_glyph_size(*this);
  const qreal dpr = devicePixelRatioF();
  QPixmap glyph = QPixmap::fromImage(
      board_->piece_picture(make_piece(t, seat), static_cast<int>(std::lround(side * dpr))));
  glyph.setDevicePixelRatio(dpr);
  b->setIcon(glyph);
  b->setIconSize(QSize(side, side));
  b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  b->setText(QChar(0x00d7) + QString::number(pos.hand(seat, t)));  // ×2
  b->setToolTip(tr("%1 from hand (%2)").arg(qs(rules_->types[t].name)).arg(pos.hand(seat, t)));
  b->setObjectName(QString("hand:%1").arg(qs(rules_->types[t].name)));
  connect(b, &QToolButton::clicked, this, std::move(clicked));
  hand_layout_->addWidget(b);
}

void MainWindow::show_buttons() {
  // Decisions without a site, and the throw of the dice.
  const Position& pos = game_->position();
  clear_layout(button_layout_);
  const bool human = !game_->over() && !is_computer(pos.decider());
  if (human && pos.awaiting_roll()) {
    auto* b = new QPushButton(tr("Roll"));
    connect(b, &QPushButton::clicked, this, [this] { press_button("Roll"); });
    button_layout_->addWidget(b);
  } else if (human) {
    for (const Move& m : input_.buttons()) {
      auto* b = new QPushButton(qs(move_text(pos, m)));
      connect(b, &QPushButton::clicked, this, [this, m] { play(m); });
      button_layout_->addWidget(b);
    }
  } else if (!game_->over()) {
    show_premove_buttons();  // a computer decides: a pass or a throw as a premove
  }
  button_layout_->addStretch();
}

void MainWindow::show_move_list() {
  // The whole game's moves, a turn a line; the one shown is current, those after it greyed.
  QSignalBlocker block(moves_);
  moves_->clear();
  const int shown = shown_turns();
  int number = 0;
  for (const QString& text : move_list_texts()) {
    auto* item = new QListWidgetItem(text);
    ++number;
    if (number > shown) item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
    moves_->addItem(item);
  }
  if (shown > 0) {
    moves_->setCurrentRow(shown - 1);
    moves_->scrollToItem(moves_->item(shown - 1));
  }
}

void MainWindow::show_result(const QString& info) {
  if (!game_->over() || result_shown_) return;
  result_shown_ = true;
  statusBar()->showMessage(tr("Game over: %1").arg(qs(game_->result().reason)));
  if (result_dialogs_) {
    auto* box =
        new QMessageBox(QMessageBox::Information, tr("Game over"),
                        turn_label_->text() + "\n\n" +
                            QString(info).replace("<br>", "\n").remove("<b>").remove("</b>"),
                        QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
  }
}

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
  return out.isEmpty() ? "" : tr("<b>Ledger</b><br>") + out;
}

void MainWindow::show_throw() {
  // The dice tumble for a moment in the status bar, then show the throw kept in the record.
  const std::shared_ptr<const Ruleset> rules = rules_;
  const int thrown = game_->position().roll();
  auto* tick = new QTimer(this);
  auto left = std::make_shared<int>(6);
  connect(tick, &QTimer::timeout, this, [this, tick, left, thrown, rules] {
    const Ruleset& r = *rules;
    if (--*left <= 0 || r.dice.outcomes.empty()) {
      statusBar()->showMessage(tr("Thrown: %1").arg(qs(roll_text(r, thrown))));
      if (game_) dice_view_->show_throw(*rules_, game_->position().roll());
      tick->deleteLater();
      return;
    }
    const int face = r.dice.outcomes[std::uniform_int_distribution<size_t>(
        0, r.dice.outcomes.size() - 1)(tumble_)];
    statusBar()->showMessage(tr("Throwing... %1").arg(qs(roll_text(r, face))));
    dice_view_->show_faces(roll_faces(r, face));
  });
  statusBar()->showMessage(tr("Throwing..."));
  tick->start(50);
}

}  // namespace regula::gui
