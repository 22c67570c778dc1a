// Game records on disk: saving the game shown, and loading a record (the
// regula format or PDN from another program, whose GameType finds the script)
// as the game shown. Separate from opening a script because a record brings
// its own rules and may name them in several ways.
#include <QFileInfo>
#include <QStatusBar>
#include <fstream>
#include <sstream>

#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "script/loader.h"
#include "script/search_path.h"
#include "session/game_record.h"

namespace regula::gui {

bool MainWindow::save_record(const QString& file) {
  std::ofstream out(file.toStdString(), std::ios::binary);
  out << write_record(*line());
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
  if (!may_replace_game()) return false;
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

}  // namespace regula::gui
