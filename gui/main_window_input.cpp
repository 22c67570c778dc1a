// What a person does at the board: clicks and drags that build a move step by
// step (MoveInput), the buttons for decisions without a site, undo and redo,
// resigning and offering a draw. Each ends in a change of the game and a
// refresh; the display itself is in main_window_view.cpp.
#include <QAction>
#include <QCursor>
#include <QHBoxLayout>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

#include "ai/draw_offer.h"
#include "core/movegen.h"
#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "notation/explain.h"
#include "notation/move_text.h"

namespace regula::gui {

namespace {

// Shows a piece that moved across the board gliding to where it went.
void glide(BoardView* board, const Move& m) {
  if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kCastle) board->animate(m.from, m.to);
}

}  // namespace

void MainWindow::play(Move m) {  // a copy: refresh() replaces the input it may come from
  if (!cut_line(tr("Cut the game here and play this move?"))) return;
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
  if (editing_ && edit_pos_) return edit_site(site);
  if (!game_ || game_->over()) return;
  const Position& pos = game_->position();
  if (is_computer(pos.decider()) && premove_click(site)) return;
  if (is_computer(pos.decider()) || pos.awaiting_roll()) {
    statusBar()->showMessage(pos.awaiting_roll() ? tr("The dice are to be thrown first")
                                                 : tr("The computer is to move"));
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
  if (out != MoveInput::Outcome::kIllegal) return show_outcome(out);
  const std::vector<InputStep> before = input_.steps();
  if (!before.empty()) {
    // Another piece of the mover's: start again from it.
    input_.reset();
    if (step.kind == InputStep::Kind::kSite && input_.add(step) != MoveInput::Outcome::kIllegal)
      return show_outcome(MoveInput::Outcome::kPartial);
    // Else keep the first click.
    for (const InputStep& s : before) input_.add(s);
  }
  explain_refusal(before, step);
}

void MainWindow::explain_refusal(const std::vector<InputStep>& before, InputStep step) {
  const Topology& t = rules_->topology;
  const SiteId at = step.kind == InputStep::Kind::kSite ? static_cast<SiteId>(step.value) : kNoSite;
  // A piece the rules would move but for another rule: that rule.
  const QString stuck = at != kNoSite ? why_no_move(at) : "";
  if (!stuck.isEmpty()) return statusBar()->showMessage(stuck);
  QString why;
  if (!before.empty()) {
    // Why the move from the first click to this one is not legal.
    if (before[0].kind == InputStep::Kind::kSite && at != kNoSite) {
      Position copy = game_->position();
      why = qs(explain_illegal(copy, static_cast<SiteId>(before[0].value), at));
    }
    if (why.isEmpty()) why = tr("Not a legal move");
  } else if (at == kNoSite) {
    why = tr("No drop is legal now");
  } else {
    why = (game_->position().at(at) ? tr("No legal move starts at %1") : tr("%1 is empty"))
              .arg(qs(t.name(at)));
  }
  statusBar()->showMessage(why);
}

QString MainWindow::why_no_move(SiteId site) const {
  // A piece of the seat to move that the rules would move but for another rule
  // (a compulsory capture, a royal piece left attacked): what `regula explain`
  // says of its first such move. "" for anything else.
  const Position& pos = game_->position();
  const PieceCode c = pos.at(site);
  if (!c || piece_seat(c) != pos.to_move()) return "";
  Position copy = pos;
  MoveList pseudo;
  generate_pseudo(copy, pseudo);
  for (const Move& m : pseudo) {
    if (m.from != site || m.to == kNoSite || m.to == site) continue;
    const std::string why = explain_illegal(copy, site, m.to);
    if (!why.empty()) return tr("%1: %2").arg(qs(rules_->topology.name(site)), qs(why));
  }
  return "";
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
  if (game_ && !game_->over() && !editing_ && is_computer(game_->position().decider()))
    return premove_drag(from, to);
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
  if ((text == "Roll" || text == tr("Roll")) && pos.awaiting_roll()) {
    if (!cut_line(tr("Cut the game here and throw the dice?"))) return false;
    if (Status err = game_->roll(rng_)) {
      statusBar()->showMessage(qs(err->text()));
      return false;
    }
    keeping_premove([this] {
      invalidate();
      refresh();
      show_throw();
    });
    return true;
  }
  for (const Move& m : input_.buttons())
    if (qs(move_text(pos, m)) == text) {
      play(m);
      return true;
    }
  return false;
}

void MainWindow::undo() {
  if (!game_) return;
  if (line_) return go_to(shown_turns() - 1);  // an earlier move shown: one further back
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
  if (line_) return go_to(shown_turns() + 1);
  invalidate();
  game_->redo();
  refresh();
}

void MainWindow::resign() {
  if (!game_ || game_->over()) return;
  if (line_) {
    statusBar()->showMessage(tr("Go to the end of the game (End) to resign"));
    return;
  }
  const SeatId seat = game_->position().decider();
  if (is_computer(seat)) {
    statusBar()->showMessage(tr("The computer is to move"));
    return;
  }
  invalidate();
  if (Status err = game_->resign(seat)) statusBar()->showMessage(qs(err->text()));
  refresh();
}

void MainWindow::offer_draw() {
  if (!game_ || game_->over()) return;
  if (line_) {
    statusBar()->showMessage(tr("Go to the end of the game (End) to offer a draw"));
    return;
  }
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
        statusBar()->showMessage(
            tr("%1 (the computer) declines the draw").arg(qs(r.seats[s].name)));
        return;
      }
      continue;
    }
    if (QMessageBox::question(this, tr("Draw offered"),
                              tr("%1 offers a draw. Does %2 accept?")
                                  .arg(qs(r.seats[seat].name), qs(r.seats[s].name))) !=
        QMessageBox::Yes) {
      statusBar()->showMessage(tr("%1 declines the draw").arg(qs(r.seats[s].name)));
      return;
    }
  }
  invalidate();
  game_->agree_draw();
  refresh();
}

}  // namespace regula::gui
