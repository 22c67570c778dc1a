// Game records on disk: saving the whole game, and loading a record as the
// game shown. A game is saved in the format other programs read for its
// family: PGN for the scripts that write SAN (chess and its relatives), PDN for
// draughts, regula's record elsewhere (or wherever the file is named .rgr).
// Loaded, a record names its script in [Rules]; a file from another program
// has none, and its [GameType] (PDN) or [Variant] (PGN) finds the script.
// Separate from opening a script because a record brings its own rules and may
// name them in several ways.
#include <QDate>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <fstream>
#include <sstream>

#include "formats/pdn.h"
#include "formats/presentation.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "script/loader.h"
#include "script/search_path.h"
#include "script/variants.h"
#include "session/game_record.h"
#include "session/pgn.h"
#include "session/time_control_text.h"

namespace regula::gui {

namespace {

// The file name ending of the format a game of these rules is saved in.
QString record_suffix(const Ruleset& rules) {
  if (writes_pgn(rules)) return "pgn";
  return presentation_of(rules).pdn ? "pdn" : "rgr";
}

}  // namespace

void MainWindow::save_record_dialog() {
  if (!rules_) return;
  const QString suffix = record_suffix(*rules_);
  const QString f =
      QFileDialog::getSaveFileName(this, tr("Save record"), "game." + suffix,
                                   tr("Game records (*.%1);;regula records (*.rgr)").arg(suffix));
  if (!f.isEmpty()) save_record(f);
}

bool MainWindow::save_record(const QString& file) {
  const Game& whole = *line();
  const bool pgn = writes_pgn(*rules_) && QFileInfo(file).suffix().toLower() != "rgr";
  const Pdn* pdn = presentation_of(*rules_).pdn.get();
  // The tags of PGN's and PDN's roster that the window knows: a casual game
  // (no round) played today, the players as the seats' boxes name them (the
  // computer by its specification).
  RecordTags tags = {{"Event", "regula game"},
                     {"Site", "regula-gui"},
                     {"Date", QDate::currentDate().toString("yyyy.MM.dd").toStdString()},
                     {"Round", "-"}};
  const char* sides[] = {"White", "Black"};
  for (int side = 0; (pgn || pdn) && side < 2; ++side) {
    const SeatId seat = pdn ? pdn->colour_seat[side] : static_cast<SeatId>(side);
    tags.push_back({sides[side], is_computer(seat) ? "regula " + players_[seat].spec : "?"});
  }
  // A game played under a clock says which, in PGN's TimeControl syntax.
  if (clock_.timed()) tags.push_back({"TimeControl", pgn_time_control_text(clock_.control())});
  const std::string text = pgn ? write_pgn(whole, tags) : write_record(whole, tags);
  std::ofstream out(file.toStdString(), std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    show_error(tr("could not write %1").arg(file));
    return false;
  }
  statusBar()->showMessage(tr("Saved %1").arg(file));
  return true;
}

bool MainWindow::load_record(const QString& file) {
  std::ifstream in(file.toStdString(), std::ios::binary);
  if (!in) {
    show_error(tr("could not read %1").arg(file));
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  script::SearchPath path;
  path.add(QFileInfo(file).absolutePath().toStdString());
  // Each script is compiled once, to be found and for all the games of the file.
  const auto load = script::cached_rules_loader(path);
  // A PDN or PGN file from another program names no script: its GameType or
  // Variant finds one, and of several games the first is loaded.
  std::string fallback;
  if (text.str().find("[Rules ") == std::string::npos) {
    // Of the scripts, only those of the file's Variant are compiled.
    fallback =
        text.str().find("[GameType ") != std::string::npos
            ? pdn_rules_for(text.str(), script::bundled_script_names(),
                            script::named_rules_loader())
            : pgn_rules_for(text.str(),
                            script::bundled_script_names_of_variant(pgn_variant(text.str())), load);
  }
  auto games = read_pgn(text.str(), load, fallback);
  if (!games) {
    show_error(tr("%1: %2").arg(file, qs(games.error().text())));
    return false;
  }
  if (!may_replace_game()) return false;
  const size_t count = games->size();
  Expected<Game> g = std::move(games->front());
  rules_ = g->rules_ptr();
  options_ = rules_->options;
  if (!fallback.empty()) spec_ = fallback;
  auto tags = read_record_tags(text.str());
  if (tags)
    for (const auto& [k, v] : *tags) {
      if (k == "Rules") spec_ = v;
      // The clocks the game was played under (the reader has checked the
      // value); "?", not known, leaves them as they are.
      if (k != "TimeControl") continue;
      if (auto control = parse_pgn_time_control(v); control && *control) time_control_ = **control;
    }
  players_.assign(rules_->num_seats(), SeatPlayer{});
  watch_script();
  rebuild_seats();
  start(std::make_unique<Game>(std::move(*g)));
  statusBar()->showMessage(count > 1 ? tr("Loaded the first of %1 games of %2").arg(count).arg(file)
                                     : tr("Loaded %1").arg(file));
  return true;
}

}  // namespace regula::gui
