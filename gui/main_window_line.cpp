// The game line: the move list is a view over the whole game that never loses a
// move. Going to an earlier move shows its position (a copy of the game taken
// back to it) while the whole game stays listed; the keys walk the list; a move
// played from an earlier position cuts the line only when the person agrees.
// The list writes each turn as its players do: SAN for chess and its relatives,
// PDN numbers for draughts, the script's own move text elsewhere, numbered by
// rounds ("1. e4", "1... e5") in a game of two seats without dice, else with the
// seat's name.
// Its own file because it decides which game the rest of the window shows.

#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QStatusBar>
#include <algorithm>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "session/pgn.h"

namespace regula::gui {

namespace {

// A key that types a character (a letter, a digit, punctuation), not one held
// with Ctrl, Alt or Meta: the start of a move typed on the board.
bool is_typing(const QEvent* event) {
  if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride) return false;
  const auto* key = static_cast<const QKeyEvent*>(event);
  const QString text = key->text();
  return text.size() == 1 && text[0].isPrint() && !text[0].isSpace() &&
         !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
}

}  // namespace

int MainWindow::shown_turns() const {
  return game_ ? static_cast<int>(game_->turns().size()) : 0;
}

void MainWindow::go_to(int turns) {
  if (!game_ || editing_) return;
  const Game& whole = *line();
  const int all = static_cast<int>(whole.turns().size());
  turns = std::clamp(turns, 0, all);
  if (turns == shown_turns() && (turns < all || !line_)) return;
  invalidate();
  input_.reset();
  if (turns == all) {
    game_ = std::move(line_);
    statusBar()->clearMessage();
    refresh();
  } else {
    auto shown = std::make_unique<Game>(whole);
    while (static_cast<int>(shown->turns().size()) > turns && shown->undo()) {
    }
    if (!line_) line_ = std::move(game_);
    game_ = std::move(shown);
    refresh();
    statusBar()->showMessage(tr("Showing move %1 of %2").arg(turns).arg(all));
  }
}

QStringList MainWindow::move_list_texts() const {
  QStringList out;
  if (!line()) return out;
  // With dice a seat throws, then moves: two turns in a row, told apart by its name.
  const bool two = rules_->num_seats() == 2 && rules_->dice.faces.empty();
  for (const NumberedTurn& t : numbered_turns(*line())) {
    const QString n = QString::number(t.round) + (t.opens_round ? "." : "...");
    out << (two ? n + " " + qs(t.text)
                : QString("%1. %2: %3")
                      .arg(out.size() + 1)
                      .arg(qs(rules_->seats[t.seat].name))
                      .arg(qs(t.text)));
  }
  return out;
}

bool MainWindow::confirm(const QString& question) {
  if (confirm_) return confirm_(question);
  return QMessageBox::question(this, tr("regula"), question) == QMessageBox::Yes;
}

bool MainWindow::cut_line(const QString& question) {
  // The moves after the one shown, or those Undo took back: the next move
  // played forgets them.
  const int lost = line_ ? static_cast<int>(line_->turns().size()) - shown_turns()
                         : static_cast<int>(game_->redo_turns());
  if (!line_ && lost == 0) return true;
  if (!confirm(question + "\n" +
               (lost == 1 ? tr("1 later move will be lost.")
                          : tr("%1 later moves will be lost.").arg(lost)))) {
    input_.reset();
    refresh();
    return false;
  }
  // The game shown becomes the whole game; its first move played clears what followed.
  line_.reset();
  result_shown_ = false;
  return true;
}

bool MainWindow::may_replace_game() {
  const Game* whole = line();
  if (!whole || whole->over() || (whole->history().empty() && !whole->can_redo())) return true;
  return confirm(tr("A game is in progress. Abandon it?"));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  // Escape on the board cancels a premove.
  if (watched == board_ && premove_ && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    cancel_premove();
    return true;
  }
  // A character typed on the board opens the move entry; Escape there closes it.
  if (watched == board_ && game_ && !editing_ && is_typing(event)) {
    if (event->type() == QEvent::KeyPress) open_move_entry(static_cast<QKeyEvent*>(event)->text());
    event->accept();  // a ShortcutOverride accepted: the letter is typed, not a shortcut
    return true;
  }
  if (watched == move_entry_ && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    close_move_entry();
    return true;
  }
  if ((watched == board_ || watched == moves_) && event->type() == QEvent::KeyPress) {
    const int all = line() ? static_cast<int>(line()->turns().size()) : 0;
    // In the list, Up and Down move as Left and Right do rather than only select.
    int key = static_cast<QKeyEvent*>(event)->key();
    if (watched == moves_ && key == Qt::Key_Up) key = Qt::Key_Left;
    if (watched == moves_ && key == Qt::Key_Down) key = Qt::Key_Right;
    switch (key) {
      case Qt::Key_Left:
        go_to(shown_turns() - 1);
        return true;
      case Qt::Key_Right:
        go_to(shown_turns() + 1);
        return true;
      case Qt::Key_Home:
        go_to(0);
        return true;
      case Qt::Key_End:
        go_to(all);
        return true;
      default:
        break;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

}  // namespace regula::gui
