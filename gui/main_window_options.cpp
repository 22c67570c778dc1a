// The window's view options and the settings it keeps between runs: the board's
// theme, the piece set, the sites' names, the sounds, and the end of the game and the dice as
// the board and the panel beside it show them. The settings (the window's size,
// the options and the last game) are written only once remember_settings() is
// called, as regula-gui does and tests do not, so that a window made for a test
// never touches a person's settings.

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QMenu>
#include <QSettings>

#include "core/move.h"
#include "gui/board_view.h"
#include "gui/dice_view.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "gui/sounds.h"
#include "gui/themes.h"

namespace regula::gui {

namespace {

// The settings of regula-gui: an INI file in the user's configuration directory
// (QSettings::setPath moves it, as tests do).
QSettings settings() {
  return QSettings(QSettings::IniFormat, QSettings::UserScope, "regula", "regula-gui");
}

}  // namespace

void MainWindow::build_view_options(QMenu* view) {
  sounds_ = std::make_unique<Sounds>();
  view->addSeparator();
  names_action_ =
      view->addAction(tr("Square &names"), this, [this](bool on) { set_square_names(on); });
  names_action_->setObjectName("square_names");
  names_action_->setCheckable(true);
  QMenu* themes = view->addMenu(tr("&Theme"));
  auto* group = new QActionGroup(this);
  for (const BoardTheme& t : board_themes()) {
    QAction* a =
        themes->addAction(QCoreApplication::translate("regula::gui::BoardTheme", t.name.toUtf8()),
                          this, [this, name = t.name] { set_theme(name); });
    a->setObjectName("theme:" + t.name);
    a->setCheckable(true);
    a->setChecked(theme_actions_.empty());
    group->addAction(a);
    theme_actions_.push_back(a);
  }
  QMenu* pieces = view->addMenu(tr("&Pieces"));
  auto* sets = new QActionGroup(this);
  for (const PieceSet& set : piece_sets()) {
    QAction* a =
        pieces->addAction(QCoreApplication::translate("regula::gui::PieceSet", set.name.toUtf8()),
                          this, [this, name = set.name] { set_piece_set(name); });
    a->setObjectName("pieces:" + set.name);
    a->setCheckable(true);
    a->setChecked(piece_set_actions_.empty());
    sets->addAction(a);
    piece_set_actions_.push_back(a);
  }
  sound_action_ = view->addAction(tr("&Sound"), this, [this](bool on) { set_sound(on); });
  sound_action_->setObjectName("sound");
  sound_action_->setCheckable(true);
}

void MainWindow::set_theme(const QString& name) {
  board_->set_theme(board_theme(name));
  for (QAction* a : theme_actions_)
    a->setChecked(a->objectName() == "theme:" + board_->theme().name);
  save_settings();
}

QString MainWindow::theme() const {
  return board_->theme().name;
}

void MainWindow::set_piece_set(const QString& name) {
  board_->set_piece_set(piece_set(name));
  for (QAction* a : piece_set_actions_)
    a->setChecked(a->objectName() == "pieces:" + board_->piece_set().name);
  if (game_) show_hand();  // the pieces in hand are drawn as the board draws them
  save_settings();
}

QString MainWindow::piece_set_name() const {
  return board_->piece_set().name;
}

void MainWindow::set_square_names(bool on) {
  board_->set_square_names(on);
  names_action_->setChecked(on);
  save_settings();
}

void MainWindow::set_sound(bool on) {
  sounds_->set_enabled(on);
  sound_action_->setChecked(on);
  save_settings();
}

bool MainWindow::sound() const {
  return sounds_->enabled();
}

void MainWindow::remember_settings() {
  remember_ = false;  // nothing is written while the settings are read
  const QSettings s = settings();
  const QSize size = s.value("window/size").toSize();
  if (size.isValid()) resize(size);
  set_theme(s.value("view/theme", theme()).toString());
  set_piece_set(s.value("view/pieces", piece_set_name()).toString());
  set_square_names(s.value("view/square_names", false).toBool());
  set_sound(s.value("view/sound", false).toBool());
  remember_ = true;
}

bool MainWindow::last_game(std::string& spec, script::OptionList& options) {
  const QSettings s = settings();
  spec = s.value("game/script").toString().toStdString();
  options.clear();
  for (const QString& kv : s.value("game/options").toStringList())
    if (const int eq = kv.indexOf('='); eq > 0)
      options.push_back({kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString()});
  return !spec.empty();
}

void MainWindow::save_settings() const {
  if (!remember_) return;
  QSettings s = settings();
  s.setValue("window/size", size());
  s.setValue("view/theme", theme());
  s.setValue("view/pieces", piece_set_name());
  s.setValue("view/square_names", board_->square_names());
  s.setValue("view/sound", sound());
  if (!spec_.empty()) {
    s.setValue("game/script", qs(spec_));
    QStringList options;
    for (const auto& [key, value] : options_) options << qs(key + "=" + value);
    s.setValue("game/options", options);
  }
}

void MainWindow::show_end() {
  // How the game ended, on the board: a mate marks the mated royal piece, a
  // stalemate the stalemated seat's; every end has its banner.
  if (!game_->over()) {
    board_->set_end(kNoSite, BoardView::EndMark::kNone, "");
    return;
  }
  const Position& pos = game_->position();
  const Result& res = game_->result();
  auto begins = [&](const char* word) { return res.reason.rfind(word, 0) == 0; };
  const BoardView::EndMark mark = begins("checkmate")   ? BoardView::EndMark::kMate
                                  : begins("stalemate") ? BoardView::EndMark::kStalemate
                                                        : BoardView::EndMark::kNone;
  QStringList winners;
  for (SeatId s = 0; s < rules_->num_seats(); ++s)
    if (res.outcome[s] == Outcome::kWin) winners << qs(rules_->seats[s].name);
  const QString how = winners.isEmpty()     ? tr("drawn")
                      : winners.size() == 1 ? tr("%1 wins").arg(winners[0])
                                            : tr("%1 win").arg(winners.join(tr(" and ")));
  QString reason = res.reason.empty() ? tr("Game over") : qs(res.reason);
  reason[0] = reason[0].toUpper();
  board_->set_end(pos.royal_site(pos.to_move()), mark, tr("%1: %2").arg(reason, how));
}

void MainWindow::show_dice() {
  dice_view_->setVisible(rules_->dice.enabled());
  dice_view_->show_throw(*rules_, game_->position().roll());
}

void MainWindow::play_sounds() {
  // Only a single step forward is heard: a move played, undone and played
  // again, or a step through the list; not a record loaded or a game begun. A
  // decision after which fewer pieces stand on the board took some.
  const Position& pos = game_->position();
  const size_t turns = game_->history().size();
  const bool one_more = turns == heard_turns_ + 1;
  int pieces = 0;
  for (SeatId s = 0; s < rules_->num_seats(); ++s) pieces += pos.pieces(s);
  const bool took = pieces < heard_pieces_;
  heard_turns_ = turns;
  heard_pieces_ = pieces;
  if (game_->over()) {
    if (!heard_end_) sounds_->play(Sound::kEnd);
    heard_end_ = true;
    return;
  }
  heard_end_ = false;
  if (!one_more || game_->history().back().move.kind == MoveKind::kChance) return;
  sounds_->play(took ? Sound::kCapture : Sound::kMove);
}

}  // namespace regula::gui
