// The position editor: a dock where a piece is chosen to put on the sites
// clicked, the seat to move and the pieces in hand are set, and a game starts
// from the edited position once it reads back as a position string. It edits
// a copy of the position, never the game, so it is a mode of its own.
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "notation/position_string.h"

namespace regula::gui {

// While editing: a click on a site puts the chosen piece there, or clears it.
void MainWindow::edit_site(SiteId site) {
  const int i = edit_piece_ ? edit_piece_->currentIndex() : 0;
  const int types = static_cast<int>(rules_->types.size());
  const PieceCode code = i <= 0 ? kEmpty
                                : make_piece(static_cast<TypeId>((i - 1) % types),
                                             static_cast<SeatId>((i - 1) / types));
  edit_pos_->set_site(site, code, 0);
  board_->set_position(&*edit_pos_);
}

void MainWindow::build_editor() {
  delete editor_box_;
  editor_box_ = new QWidget;
  auto* form = new QVBoxLayout(editor_box_);
  const Ruleset& r = *rules_;
  form->addWidget(new QLabel(tr("Click a site to put:")));
  edit_piece_ = new QComboBox;
  edit_piece_->addItem(tr("(nothing: clear the site)"));
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (const PieceType& t : r.types) edit_piece_->addItem(qs(r.seats[s].name + " " + t.name));
  form->addWidget(edit_piece_);
  form->addWidget(new QLabel(tr("To move:")));
  edit_to_move_ = new QComboBox;
  for (const Seat& s : r.seats) edit_to_move_->addItem(qs(s.name));
  edit_to_move_->setCurrentIndex(edit_pos_->to_move());
  connect(edit_to_move_, &QComboBox::currentIndexChanged, this,
          [this](int i) { set_edit_to_move(static_cast<SeatId>(i)); });
  form->addWidget(edit_to_move_);
  bool drops = false;
  for (const MoveRule& rule : r.rules) drops |= rule.kind == RuleKind::kDrop;
  if (drops) {
    form->addWidget(new QLabel(tr("In hand:")));
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
  auto* clear = new QPushButton(tr("Empty board"));
  connect(clear, &QPushButton::clicked, this, [this] {
    for (SiteId s = 0; s < edit_pos_->num_sites(); ++s) edit_pos_->set_site(s, kEmpty, 0);
    board_->set_position(&*edit_pos_);
  });
  form->addWidget(clear);
  auto* done = new QPushButton(tr("Play from here"));
  connect(done, &QPushButton::clicked, this, [this] { finish_editing(); });
  form->addWidget(done);
  auto* cancel = new QPushButton(tr("Cancel"));
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
    statusBar()->showMessage(tr("Editing the position"));
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
  // The edited position replaces the game, as a pasted one does: asked first.
  if (!may_replace_game()) return false;
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
