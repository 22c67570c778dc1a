#pragma once
// What the GUI's test programs share: a window opened on a script the way the
// tests drive it (no result dialogs, every question answered yes, a fixed
// size), a position of the window's script with only the given pieces, and a
// test function run again at 200% scaling.

#include <QCoreApplication>
#include <QProcess>
#include <initializer_list>
#include <memory>
#include <string>

#include "gui/main_window.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula::gui_test {

// The window on spec with its options, from position when one is given; null
// when the script or the position does not load.
inline std::unique_ptr<gui::MainWindow> open_window(const std::string& spec,
                                                    const script::OptionList& options = {},
                                                    const std::string& position = "") {
  auto w = std::make_unique<gui::MainWindow>();
  w->set_result_dialogs(false);
  w->set_confirm([](const QString&) { return true; });
  w->resize(900, 700);
  w->show();
  if (!w->open(spec, options)) return nullptr;
  if (!position.empty() && !w->set_position(position)) return nullptr;
  return w;
}

inline std::unique_ptr<gui::MainWindow> window(const std::string& spec,
                                               const std::string& position = "") {
  return open_window(spec, {}, position);
}

// A piece of a position: {site, type, seat}.
struct Put {
  const char* site;
  const char* type;
  SeatId seat;
};
// A position of the window's script with only the given pieces, to_move to move.
inline std::string only(const gui::MainWindow& w, std::initializer_list<Put> pieces,
                        SeatId to_move = 0) {
  const Ruleset& r = w.game()->rules();
  Position p = Position::empty(w.game()->rules_ptr());
  for (const Put& put : pieces)
    for (size_t t = 0; t < r.types.size(); ++t)
      if (r.types[t].name == put.type)
        p.set_site(r.topology.find(put.site), make_piece(static_cast<TypeId>(t), put.seat), 0);
  p.set_to_move(to_move);
  return write_position(p);
}

// Runs this program's test function called test again in a program whose every
// size is doubled (200% scaling): "" when it passes, else what it wrote.
inline QString fails_at_twice_the_size(const char* test) {
  QProcess twice;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  env.insert("QT_SCALE_FACTOR", "2");
  twice.setProcessEnvironment(env);
  twice.start(QCoreApplication::applicationFilePath(), {test});
  if (!twice.waitForFinished(300000)) return QString("%1 did not finish").arg(test);
  if (twice.exitStatus() == QProcess::NormalExit && twice.exitCode() == 0) return {};
  return QString::fromLocal8Bit(twice.readAllStandardOutput());
}

}  // namespace regula::gui_test
