// Moves typed at the keyboard: a character typed while the board has focus
// opens a line over the board's corner (as chess programs and sites have one),
// and Return plays what it says, in any text the session reads: SAN, the long
// form (e2e4, e7e8q), PDN numbers (9-13, 10x28), the script's own labels and
// removals. A text that names no legal move is refused with the reason in the
// status bar and stays to be corrected; Escape closes the line. The arrow keys
// and Home and End still walk the move list while the board has focus (the
// event filter, main_window_line.cpp). Its own file because it reads moves as
// text, where main_window_input.cpp builds them from clicks.

#include <QLineEdit>
#include <QStatusBar>
#include <algorithm>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "notation/explain_move.h"
#include "notation/move_text.h"
#include "notation/text.h"
#include "notation/turn_text.h"

namespace regula::gui {

void MainWindow::open_move_entry(const QString& typed) {
  if (!move_entry_) {
    move_entry_ = new QLineEdit(board_);
    move_entry_->setObjectName("move_entry");
    move_entry_->setPlaceholderText(tr("Move"));
    move_entry_->installEventFilter(this);
    connect(move_entry_, &QLineEdit::returnPressed, this, [this] {
      if (enter_move(move_entry_->text())) close_move_entry();
    });
  }
  const int height = move_entry_->sizeHint().height();
  move_entry_->setGeometry(8, board_->height() - height - 8, std::min(240, board_->width() - 16),
                           height);
  move_entry_->setText(typed);
  move_entry_->show();
  move_entry_->raise();
  move_entry_->setFocus();
}

void MainWindow::close_move_entry() {
  if (!move_entry_) return;
  move_entry_->clear();
  move_entry_->hide();
  board_->setFocus();
}

bool MainWindow::enter_move(const QString& typed) {
  auto refuse = [this](const QString& why) {
    statusBar()->showMessage(why);
    return false;
  };
  const std::string text = trim(typed.toStdString());
  if (!game_ || editing_) return false;
  if (text.empty()) return refuse(tr("Type a move"));
  if (game_->over()) return refuse(tr("The game is over (%1)").arg(qs(game_->result().reason)));
  const Position& pos = game_->position();
  if (pos.awaiting_roll()) return refuse(tr("The dice are to be thrown first"));
  if (is_computer(pos.decider())) return refuse(tr("The computer is to move"));
  Position here = pos;
  auto parsed = parse_turn(here, text);
  if (!parsed) {
    // A capture typed by its ends that several captures fit: which they are.
    Position again = pos;
    const std::vector<std::string> choices = move_choices(again, text);
    QString why = qs(parsed.error().what);
    // What is wrong with it in the words of `regula explain` (out of reach, not
    // the mover's piece), where it can say more than that no move reads so.
    Position third = pos;
    const MoveExplanation explained = explain_move(third, text);
    if (!explained.legal && !explained.lines.empty()) {
      why.clear();
      for (const std::string& l : explained.lines)
        why += (why.isEmpty() ? QString() : tr("; ")) + qs(l);
    }
    if (choices.size() > 1) {
      QStringList each;
      for (const std::string& c : choices) each << qs(c);
      why = tr("could be %1").arg(each.join(tr(" or ")));
    }
    return refuse(tr("%1: %2").arg(qs(text), why));
  }
  if (!cut_line(tr("Cut the game here and play this move?"))) return false;
  input_.reset();
  statusBar()->clearMessage();
  play_turn(parsed->turn);
  return true;
}

}  // namespace regula::gui
