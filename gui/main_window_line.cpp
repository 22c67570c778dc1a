// The game line: the move list is a view over the whole game that never loses a
// move. Going to an earlier move shows its position (a copy of the game taken
// back to it) while the whole game stays listed; the keys walk the list; a move
// played from an earlier position cuts the line only when the person agrees.
// Its own file because it decides which game the rest of the window shows.

#include <QEvent>
#include <QKeyEvent>
#include <QListWidget>
#include <QMessageBox>
#include <QStatusBar>
#include <algorithm>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"

namespace regula::gui {

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
    statusBar()->showMessage(QString("Showing move %1 of %2").arg(turns).arg(all));
  }
}

bool MainWindow::confirm(const QString& question) {
  if (confirm_) return confirm_(question);
  return QMessageBox::question(this, "regula", question) == QMessageBox::Yes;
}

bool MainWindow::cut_line(const QString& question) {
  if (!line_) return true;
  const int lost = static_cast<int>(line_->turns().size()) - shown_turns();
  if (!confirm(question + "\n" +
               (lost == 1 ? QString("1 later move will be lost.")
                          : QString("%1 later moves will be lost.").arg(lost)))) {
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
  if (!whole || whole->over() || whole->history().empty()) return true;
  return confirm("A game is in progress. Abandon it?");
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
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
