// regula-gui: plays any rule script in a window.
//   regula-gui [RULES] [--option k=v]... [--seat NAME=WHO]...
//              [--position STR] [--seed N] [--screenshot FILE.png] [--size WxH]
//              [--lang LANGUAGE]
// WHO is human, computer (level 3), ai:1 to ai:5, random, or any player
// specification (alphabeta:depth=6, mcts:iterations=5000, ...).
// With --screenshot the window is drawn offscreen into FILE.png, in English
// unless --lang is given, and the program ends.
// --lang fr shows the texts in French (see docs/gui.md, "Translating the GUI").
#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <optional>

#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "gui/seat_players.h"
#include "gui/translation.h"
#include "script/loader.h"

namespace {

using regula::gui::MainWindow;

// Options read before the options are parsed: --lang, so that --help is
// translated too, and --screenshot, before the display is chosen.
// The index in argv of option (alone or as option=VALUE), or 0.
int early_option(int argc, char** argv, const char* option) {
  const size_t n = std::strlen(option);
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], option, n) == 0 && (argv[i][n] == 0 || argv[i][n] == '=')) return i;
  return 0;
}

// The value early_option's option is given, "" when it is not.
QString early_value(int argc, char** argv, const char* option) {
  const int i = early_option(argc, argv, option);
  if (i == 0) return "";
  if (const char* eq = std::strchr(argv[i], '=')) return eq + 1;
  return i + 1 < argc ? argv[i + 1] : "";
}

// The language of the texts: --lang's; for a screenshot English, so that the
// pictures in the documentation do not follow the machine's locale; else the
// settings', else the system's.
QString language(int argc, char** argv) {
  const QString asked = early_value(argc, argv, "--lang");
  if (asked.isEmpty() && early_option(argc, argv, "--screenshot")) return "en";
  return regula::gui::chosen_language(asked);
}

int fail(const QString& text) {
  std::fprintf(stderr, "regula-gui: %s\n", text.toLocal8Bit().constData());
  return 2;
}

// The command line's options, with their help translated (so made once the
// translation is installed).
struct CommandLine {
  QCommandLineParser parser;
  QCommandLineOption option{
      {"o", "option"}, QCoreApplication::translate("main", "a script option, key=value"), "k=v"};
  QCommandLineOption seat{
      "seat",
      QCoreApplication::translate("main",
                                  "who plays a seat: NAME=human, NAME=computer (level 3), "
                                  "NAME=ai:1 to NAME=ai:5, NAME=random, or NAME=SPEC "
                                  "(alphabeta:depth=6, ...)"),
      "NAME=WHO"};
  QCommandLineOption position{
      "position", QCoreApplication::translate("main", "start from this position string"), "STR"};
  QCommandLineOption seed{
      "seed", QCoreApplication::translate("main", "seed of the computer players and the dice"),
      "N"};
  QCommandLineOption shot{
      "screenshot", QCoreApplication::translate("main", "write the window to FILE.png and exit"),
      "FILE"};
  QCommandLineOption size{"size",
                          QCoreApplication::translate("main", "window size for --screenshot"),
                          "WxH", "900x640"};
  QCommandLineOption lang{
      "lang",
      QCoreApplication::translate("main",
                                  "the language of the texts (fr, en, ...; default: the "
                                  "settings', else the system's)"),
      "LANGUAGE"};

  // Reads the command line; --help and a bad option end the program here.
  void process(const QApplication& app) {
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Plays any regula rule script."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        "RULES", QCoreApplication::translate(
                     "main", "a bundled script name (jetan/burroughs) or a .lua file"));
    parser.addOptions({option, seat, position, seed, shot, size, lang});
    parser.process(app);
  }
  bool screenshot() const { return parser.isSet(shot); }
};

// The game to open: a script, its options and, when the picker chose them, its players.
struct Choice {
  std::string spec;
  regula::script::OptionList options;
  std::vector<std::string> players;
};

// The script and options the command line names, else (for the window) the
// game last played, unless it no longer loads, else the picker's choice; an
// exit code when the program ends here.
std::optional<int> choose_game(const CommandLine& cli, Choice& choice) {
  const QStringList args = cli.parser.positionalArguments();
  if (args.size() > 1)
    return fail(
        QCoreApplication::translate("main", "one script at a time: %1").arg(args.join(' ')));
  for (const QString& kv : cli.parser.values(cli.option)) {
    const int eq = kv.indexOf('=');
    if (eq <= 0)
      return fail(
          QCoreApplication::translate("main", "--option needs key=value, not '%1'").arg(kv));
    choice.options.push_back({kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString()});
  }
  choice.spec = args.isEmpty() ? "" : args[0].toStdString();
  if (choice.spec.empty() && choice.options.empty() && !cli.screenshot() &&
      MainWindow::last_game(choice.spec, choice.options) &&
      !regula::script::load_rules(choice.spec, choice.options)) {
    choice.spec.clear();
    choice.options.clear();
  }
  if (choice.spec.empty() && !cli.screenshot()) {
    regula::gui::GamePicker picker(nullptr, "jetan/burroughs");
    if (picker.exec() != QDialog::Accepted) return 0;
    const auto c = picker.choice();
    choice = {c.spec, c.options, c.players};
  }
  if (choice.spec.empty())
    return fail(QCoreApplication::translate("main", "--screenshot needs a script"));
  // A mistyped name is answered with the nearest bundled one, as the regula command does.
  if (regula::Status missing = regula::script::find_rules(choice.spec, {}))
    return fail(QString::fromStdString(missing->text()));
  return std::nullopt;
}

// The chosen game opened in the window, with the seed, the position and the
// players the command line gives; an exit code when one of them is refused.
std::optional<int> set_up(const CommandLine& cli, const Choice& choice, MainWindow& window) {
  window.set_result_dialogs(!cli.screenshot());
  if (!window.open(choice.spec, choice.options)) return fail(window.errors());
  if (cli.parser.isSet(cli.seed)) {
    bool ok = false;
    const qulonglong n = cli.parser.value(cli.seed).toULongLong(&ok);
    if (!ok)
      return fail(QCoreApplication::translate("main", "--seed needs a whole number, not '%1'")
                      .arg(cli.parser.value(cli.seed)));
    window.set_seed(n);
  }
  // The position first, so that no computer seat starts thinking on another.
  if (cli.parser.isSet(cli.position) &&
      !window.set_position(cli.parser.value(cli.position).toStdString()))
    return fail(window.status());
  for (size_t s = 0; s < choice.players.size(); ++s)
    if (regula::Status err = window.set_player(static_cast<regula::SeatId>(s), choice.players[s]))
      return fail(QString::fromStdString(err->text()));
  for (const QString& kv : cli.parser.values(cli.seat)) {
    auto chosen = regula::gui::parse_seat_option(window.game()->rules(), kv.toStdString());
    if (!chosen) return fail(QString::fromStdString(chosen.error().text()));
    if (regula::Status err = window.set_player(chosen->seat, chosen->spec))
      return fail(QCoreApplication::translate("main", "--seat %1: %2")
                      .arg(kv.left(kv.indexOf('=')), QString::fromStdString(err->text())));
  }
  return std::nullopt;
}

// The window at the size --size gives, drawn into the file --screenshot names.
int screenshot(const CommandLine& cli, MainWindow& window) {
  const QString size = cli.parser.value(cli.size), file = cli.parser.value(cli.shot);
  const QStringList wh = size.split('x');
  bool ok_w = false, ok_h = false;
  const int w = wh.size() == 2 ? wh[0].toInt(&ok_w) : 0,
            h = wh.size() == 2 ? wh[1].toInt(&ok_h) : 0;
  if (!ok_w || !ok_h || w < 200 || h < 200 || w > 8000 || h > 8000)
    return fail(
        QCoreApplication::translate("main", "--size needs WxH, each from 200 to 8000, not '%1'")
            .arg(size));
  window.resize(w, h);
  window.show();
  QApplication::processEvents();
  if (!window.grab().save(file, "PNG"))
    return fail(QCoreApplication::translate("main", "could not write %1").arg(file));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A screenshot needs no display; without one, the command line is still
  // read (its help, its mistakes) before saying so.
  const bool no_display =
      qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
  const bool offscreen = qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
                         (no_display || early_option(argc, argv, "--screenshot"));
  if (offscreen) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setApplicationName("regula-gui");
  regula::gui::install_translation(app, language(argc, argv));
  CommandLine cli;
  cli.process(app);
  if (no_display && offscreen && !cli.screenshot())
    return fail(QCoreApplication::translate(
        "main",
        "no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
        "--screenshot FILE draws the window without one"));
  MainWindow window;
  // The window's size, view options and last game are kept between runs; a
  // screenshot shows the defaults.
  if (!cli.screenshot()) window.remember_settings();
  Choice choice;
  if (const auto code = choose_game(cli, choice)) return *code;
  if (const auto code = set_up(cli, choice, window)) return *code;
  if (cli.screenshot()) return screenshot(cli, window);
  window.show();
  return app.exec();
}
