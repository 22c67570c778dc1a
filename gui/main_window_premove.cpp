// Premoves, as lichess has them: while a computer seat decides, the person may
// enter one move of their own in advance, by clicks or a drag from a piece of a
// seat they play. It is shaded on the board, played at once when that seat's
// turn comes if it is legal then, and dropped with a word in the status bar if
// it is not; the right button or Escape cancels it. Any change of the game
// other than the computer's own decision (an undo, a new game, another move
// shown) drops it too: it was entered for the position it waited on. A
// premove may also drop a piece from the person's hand: the hand's buttons
// below the board show that seat's pieces while the computer decides, and a
// click on one, then on a site, enters the drop. So may a pass: the Pass
// button is there while the computer decides when the rules let a seat pass,
// and a click enters the premove.

#include <QPushButton>
#include <QStatusBar>
#include <utility>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "notation/move_text.h"

namespace regula::gui {

std::vector<SiteId> MainWindow::premove() const {
  if (!premove_) return {};
  std::vector<SiteId> sites;
  for (SiteId s : {premove_->from, premove_->to})
    if (s != kNoSite) sites.push_back(s);
  return sites;
}

void MainWindow::cancel_premove() {
  if (!premove_) return;
  premove_.reset();
  show_premove();
  statusBar()->showMessage(tr("Premove cancelled"));
}

void MainWindow::show_premove() {
  board_->set_premove(premove());
}

std::optional<SeatId> MainWindow::premove_seat(SiteId site) const {
  // The seat that decides for the piece on site, when a person plays it.
  const Position& pos = game_->position();
  const PieceCode c = pos.at(site);
  if (!c) return std::nullopt;
  const SeatId seat = pos.controller(piece_seat(c));
  if (is_computer(seat)) return std::nullopt;
  return seat;
}

void MainWindow::say_premove() {
  const Topology& t = rules_->topology;
  const Premove& p = *premove_;
  if (p.button != PremoveButton::kNone) {
    statusBar()->showMessage(
        tr("Premove %1: played when its turn comes, if it is legal then").arg(tr("pass")));
    return;
  }
  if (p.hand) {
    const QString type = qs(rules_->types[*p.hand].name);
    statusBar()->showMessage(
        p.to == kNoSite
            ? tr("Premove %1 from hand: click where it goes").arg(type)
            : tr("Premove %1 from hand to %2: played when its turn comes, if it is legal then")
                  .arg(type, qs(t.name(p.to))));
    return;
  }
  statusBar()->showMessage(
      p.to == kNoSite ? tr("Premove from %1: click where it goes").arg(qs(t.name(p.from)))
                      : tr("Premove %1-%2: played when its turn comes, if it is legal then")
                            .arg(qs(t.name(p.from)), qs(t.name(p.to))));
}

void MainWindow::premove_hand(SeatId seat, TypeId type) {
  if (line_ || !game_ || game_->over() || !is_computer(game_->position().decider())) return;
  premove_ = Premove{kNoSite, kNoSite, seat, type};
  show_premove();
  say_premove();
}

bool MainWindow::premove_click(SiteId site) {
  if (line_ || !is_computer(game_->position().decider())) return false;
  const std::optional<SeatId> own = premove_seat(site);
  const bool open = premove_ && premove_->to == kNoSite;
  if (open && site == premove_->from) {  // the piece put down again
    cancel_premove();
    return true;
  }
  if (open && own != premove_->seat) {  // where the premove goes
    premove_->to = site;
  } else if (own) {  // a piece of the person's: the premove starts from it
    premove_ = Premove{site, kNoSite, *own, std::nullopt};
  } else {
    if (!premove_) return false;
    cancel_premove();  // a click elsewhere
    return true;
  }
  show_premove();
  say_premove();
  return true;
}

void MainWindow::premove_drag(SiteId from, SiteId to) {
  if (line_) return;
  const std::optional<SeatId> own = premove_seat(from);
  if (!own) return;
  premove_ = Premove{from, to, *own, std::nullopt};
  show_premove();
  say_premove();
}

void MainWindow::keeping_premove(const std::function<void()>& decide) {
  std::optional<Premove> waiting = std::exchange(premove_, std::nullopt);
  decide();
  if (!premove_) premove_ = waiting;
  take_premove();
}

void MainWindow::take_premove() {
  if (!premove_) return;
  if (!game_ || game_->over() || line_ || editing_ || is_computer(premove_->seat)) {
    premove_.reset();
    return show_premove();
  }
  const Position& pos = game_->position();
  if (is_computer(pos.decider()) || pos.awaiting_roll()) return show_premove();  // not yet
  const Premove p = *std::exchange(premove_, std::nullopt);
  show_premove();
  if (p.button != PremoveButton::kNone) {
    if (!take_button_premove(p)) say_dropped(p);
    return;
  }
  // As the person's own clicks would: the first must pick a piece up (from
  // the board or the hand), the second may complete the move, ask which one,
  // or wait for more clicks.
  input_.reset();
  const InputStep first = p.hand ? InputStep::hand(*p.hand) : InputStep::site(p.from);
  auto out = pos.decider() == p.seat ? input_.add(first) : MoveInput::Outcome::kIllegal;
  if (out == MoveInput::Outcome::kPartial && p.to != kNoSite)
    out = input_.add(InputStep::site(p.to));
  else if (out != MoveInput::Outcome::kPartial)
    out = MoveInput::Outcome::kIllegal;
  if (out != MoveInput::Outcome::kIllegal) return show_outcome(out);
  input_.reset();
  say_dropped(p);
}

void MainWindow::say_dropped(const Premove& p) {
  const Topology& t = rules_->topology;
  const QString to = p.to == kNoSite ? QString() : qs(t.name(p.to));
  QString text;
  if (p.button != PremoveButton::kNone) {
    text = tr("Premove %1 dropped: it is not legal now").arg(tr("pass"));
  } else if (p.hand) {
    const QString type = qs(rules_->types[*p.hand].name);
    text = p.to == kNoSite
               ? tr("Premove %1 from hand dropped: no drop of it is legal now").arg(type)
               : tr("Premove %1 from hand to %2 dropped: it is not legal now").arg(type, to);
  } else {
    const QString from = qs(t.name(p.from));
    text = p.to == kNoSite ? tr("Premove from %1 dropped: no legal move starts there now").arg(from)
                           : tr("Premove %1-%2 dropped: it is not legal now").arg(from, to);
  }
  statusBar()->showMessage(text);
}

void MainWindow::show_premove_buttons() {
  // Shown while a computer seat decides and a person plays another seat.
  bool person = false;
  for (SeatId s = 0; s < static_cast<SeatId>(rules_->seats.size()); ++s)
    person = person || !is_computer(s);
  if (!person) return;
  const auto add = [this](const QString& text, PremoveButton button) {
    auto* b = new QPushButton(text);
    connect(b, &QPushButton::clicked, this, [this, button] { premove_button(button); });
    button_layout_->addWidget(b);
  };
  if (rules_->voluntary_pass)
    add(qs(move_text(game_->position(), Move::pass())), PremoveButton::kPass);
}

void MainWindow::premove_button(PremoveButton button) {
  if (line_ || !game_ || game_->over() || !is_computer(game_->position().decider())) return;
  // For the first seat a person plays after the one deciding.
  const auto n = static_cast<SeatId>(rules_->seats.size());
  SeatId seat = game_->position().decider();
  do seat = static_cast<SeatId>((seat + 1) % n);
  while (is_computer(seat) && seat != game_->position().decider());
  premove_ = Premove{kNoSite, kNoSite, seat, std::nullopt, button};
  show_premove();
  say_premove();
}

bool MainWindow::take_button_premove(const Premove& p) {
  const Position& pos = game_->position();
  if (pos.decider() != p.seat) return false;
  for (const Move& m : game_->legal_moves())
    if (m.is_pass()) {
      play(m);
      return true;
    }
  return false;
}

}  // namespace regula::gui
