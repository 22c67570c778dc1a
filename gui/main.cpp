// regula-gui: plays any rule script in a window.
//   regula-gui [RULES] [--option k=v]... [--seat NAME=human|computer]...
//              [--position STR] [--seed N] [--screenshot FILE.png] [--size WxH]
// With --screenshot the window is drawn offscreen into FILE.png and the program ends.
#include <QApplication>
#include <QCommandLineParser>
#include <QScreen>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "gui/game_picker.h"
#include "gui/main_window.h"

namespace {

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
  QCommandLineParser cli;
  cli.setApplicationDescription("Plays any regula rule script.");
  cli.addHelpOption();
  cli.addPositionalArgument("RULES", "a bundled script name (jetan/burroughs) or a .lua file");
  QCommandLineOption option({"o", "option"}, "a script option, key=value", "k=v");
  QCommandLineOption seat("seat", "who plays a seat: NAME=human or NAME=computer", "NAME=WHO");
  QCommandLineOption position("position", "start from this position string", "STR");
  QCommandLineOption seed("seed", "seed of the computer players and the dice", "N");
  QCommandLineOption shot("screenshot", "write the window to FILE.png and exit", "FILE");
  QCommandLineOption size("size", "window size for --screenshot", "WxH", "900x640");
  cli.addOptions({option, seat, position, seed, shot, size});
  cli.process(app);

  regula::gui::MainWindow window;
  const QStringList args = cli.positionalArguments();
  if (args.size() > 1) return fail("one script at a time: " + args.join(' '));
  regula::script::OptionList options;
  for (const QString& kv : cli.values(option)) {
    const int eq = kv.indexOf('=');
    if (eq <= 0) return fail("--option needs key=value, not '" + kv + "'");
    options.push_back({kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString()});
  }
  std::string spec = args.isEmpty() ? "" : args[0].toStdString();
  std::vector<bool> computer;
  if (spec.empty() && !cli.isSet(shot)) {
    regula::gui::GamePicker picker(nullptr, "jetan/burroughs");
    if (picker.exec() != QDialog::Accepted) return 0;
    const auto c = picker.choice();
    spec = c.spec;
    options = c.options;
    computer = c.computer;
  }
  if (spec.empty()) return fail("--screenshot needs a script");
  window.set_result_dialogs(!cli.isSet(shot));
  if (!window.open(spec, options)) return fail(window.errors());
  if (cli.isSet(seed)) window.set_seed(cli.value(seed).toULongLong());
  for (size_t s = 0; s < computer.size(); ++s)
    window.set_computer(static_cast<regula::SeatId>(s), computer[s]);
  for (const QString& kv : cli.values(seat)) {
    const int eq = kv.indexOf('=');
    const QString name = kv.left(eq), who = kv.mid(eq + 1);
    const auto& seats = window.game()->rules().seats;
    int found = -1;
    for (size_t s = 0; s < seats.size(); ++s)
      if (QString::fromStdString(seats[s].name) == name) found = static_cast<int>(s);
    if (eq <= 0 || found < 0 || (who != "human" && who != "computer" && who != "random"))
      return fail("--seat needs NAME=human or NAME=computer with a seat of the script, not '" + kv +
                  "'");
    window.set_computer(static_cast<regula::SeatId>(found), who != "human");
  }
  if (cli.isSet(position) && !window.set_position(cli.value(position).toStdString()))
    return fail(window.status());
  if (cli.isSet(shot)) {
    const QStringList wh = cli.value(size).split('x');
    bool ok_w = false, ok_h = false;
    const int w = wh.size() == 2 ? wh[0].toInt(&ok_w) : 0,
              h = wh.size() == 2 ? wh[1].toInt(&ok_h) : 0;
    if (!ok_w || !ok_h || w < 200 || h < 200 || w > 8000 || h > 8000)
      return fail("--size needs WxH, each from 200 to 8000, not '" + cli.value(size) + "'");
    window.resize(w, h);
    window.show();
    QApplication::processEvents();
    if (!window.grab().save(cli.value(shot), "PNG"))
      return fail("could not write " + cli.value(shot));
    return 0;
  }
  window.show();
  return app.exec();
}
