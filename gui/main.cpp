// regula-gui: plays any rule script in a window.
//   regula-gui [RULES] [--option k=v]... [--seat NAME=WHO]...
//              [--position STR] [--seed N] [--screenshot FILE.png] [--size WxH]
//              [--lang LANGUAGE]
// WHO is human, computer (level 3), ai:1 to ai:5, random, or any player
// specification (alphabeta:depth=6, mcts:iterations=5000, ...).
// With --screenshot the window is drawn offscreen into FILE.png and the program ends.
// --lang fr shows the texts in French (see docs/gui.md, "Translating the GUI").
#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "gui/seat_players.h"
#include "gui/translation.h"
#include "script/loader.h"

namespace {

// The language --lang asks for, read before the options are parsed, so that
// --help is translated too; "" when not given.
QString asked_language(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc) return argv[i + 1];
    if (std::strncmp(argv[i], "--lang=", 7) == 0) return argv[i] + 7;
  }
  return "";
}

int fail(const QString& text) {
  std::fprintf(stderr, "regula-gui: %s\n", text.toLocal8Bit().constData());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // A screenshot needs no display.
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
      qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setApplicationName("regula-gui");
  regula::gui::install_translation(app, regula::gui::chosen_language(asked_language(argc, argv)));
  QCommandLineParser cli;
  cli.setApplicationDescription(
      QCoreApplication::translate("main", "Plays any regula rule script."));
  cli.addHelpOption();
  cli.addPositionalArgument("RULES",
                            QCoreApplication::translate(
                                "main", "a bundled script name (jetan/burroughs) or a .lua file"));
  QCommandLineOption option(
      {"o", "option"}, QCoreApplication::translate("main", "a script option, key=value"), "k=v");
  QCommandLineOption seat("seat",
                          QCoreApplication::translate(
                              "main",
                              "who plays a seat: NAME=human, NAME=computer (level 3), NAME=ai:1 to "
                              "NAME=ai:5, NAME=random, or NAME=SPEC (alphabeta:depth=6, ...)"),
                          "NAME=WHO");
  QCommandLineOption position(
      "position", QCoreApplication::translate("main", "start from this position string"), "STR");
  QCommandLineOption seed(
      "seed", QCoreApplication::translate("main", "seed of the computer players and the dice"),
      "N");
  QCommandLineOption shot(
      "screenshot", QCoreApplication::translate("main", "write the window to FILE.png and exit"),
      "FILE");
  QCommandLineOption size("size",
                          QCoreApplication::translate("main", "window size for --screenshot"),
                          "WxH", "900x640");
  QCommandLineOption lang(
      "lang",
      QCoreApplication::translate(
          "main",
          "the language of the texts (fr, en, ...; default: the settings', else the system's)"),
      "LANGUAGE");
  cli.addOptions({option, seat, position, seed, shot, size, lang});
  cli.process(app);

  regula::gui::MainWindow window;
  // The window's size, view options and last game are kept between runs; a
  // screenshot shows the defaults.
  if (!cli.isSet(shot)) window.remember_settings();
  const QStringList args = cli.positionalArguments();
  if (args.size() > 1)
    return fail(
        QCoreApplication::translate("main", "one script at a time: %1").arg(args.join(' ')));
  regula::script::OptionList options;
  for (const QString& kv : cli.values(option)) {
    const int eq = kv.indexOf('=');
    if (eq <= 0)
      return fail(
          QCoreApplication::translate("main", "--option needs key=value, not '%1'").arg(kv));
    options.push_back({kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString()});
  }
  std::string spec = args.isEmpty() ? "" : args[0].toStdString();
  std::vector<std::string> players;
  // Without a script, the game last played, unless it no longer loads.
  if (spec.empty() && options.empty() && !cli.isSet(shot) &&
      regula::gui::MainWindow::last_game(spec, options) &&
      !regula::script::load_rules(spec, options)) {
    spec.clear();
    options.clear();
  }
  if (spec.empty() && !cli.isSet(shot)) {
    regula::gui::GamePicker picker(nullptr, "jetan/burroughs");
    if (picker.exec() != QDialog::Accepted) return 0;
    const auto c = picker.choice();
    spec = c.spec;
    options = c.options;
    players = c.players;
  }
  if (spec.empty()) return fail(QCoreApplication::translate("main", "--screenshot needs a script"));
  // A mistyped name is answered with the nearest bundled one, as the regula command does.
  if (regula::Status missing = regula::script::find_rules(spec, {}))
    return fail(QString::fromStdString(missing->text()));
  window.set_result_dialogs(!cli.isSet(shot));
  if (!window.open(spec, options)) return fail(window.errors());
  if (cli.isSet(seed)) {
    bool ok = false;
    const qulonglong n = cli.value(seed).toULongLong(&ok);
    if (!ok)
      return fail(QCoreApplication::translate("main", "--seed needs a whole number, not '%1'")
                      .arg(cli.value(seed)));
    window.set_seed(n);
  }
  // The position first, so that no computer seat starts thinking on another.
  if (cli.isSet(position) && !window.set_position(cli.value(position).toStdString()))
    return fail(window.status());
  for (size_t s = 0; s < players.size(); ++s)
    if (regula::Status err = window.set_player(static_cast<regula::SeatId>(s), players[s]))
      return fail(QString::fromStdString(err->text()));
  for (const QString& kv : cli.values(seat)) {
    auto chosen = regula::gui::parse_seat_option(window.game()->rules(), kv.toStdString());
    if (!chosen) return fail(QString::fromStdString(chosen.error().text()));
    if (regula::Status err = window.set_player(chosen->seat, chosen->spec))
      return fail(QCoreApplication::translate("main", "--seat %1: %2")
                      .arg(kv.left(kv.indexOf('=')), QString::fromStdString(err->text())));
  }
  if (cli.isSet(shot)) {
    const QStringList wh = cli.value(size).split('x');
    bool ok_w = false, ok_h = false;
    const int w = wh.size() == 2 ? wh[0].toInt(&ok_w) : 0,
              h = wh.size() == 2 ? wh[1].toInt(&ok_h) : 0;
    if (!ok_w || !ok_h || w < 200 || h < 200 || w > 8000 || h > 8000)
      return fail(
          QCoreApplication::translate("main", "--size needs WxH, each from 200 to 8000, not '%1'")
              .arg(cli.value(size)));
    window.resize(w, h);
    window.show();
    QApplication::processEvents();
    if (!window.grab().save(cli.value(shot), "PNG"))
      return fail(QCoreApplication::translate("main", "could not write %1").arg(cli.value(shot)));
    return 0;
  }
  window.show();
  return app.exec();
}
