// The Experiments window, offscreen: self-play of two readings of a script
// whose chart and table say what the saved records say, game for game; a run
// stopped midway that keeps, in its records, exactly the games it counted; the
// same records from one thread and from several; a match whose records hold its
// games; and bad fields said in the window.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <map>

#include "cli/stats_records.h"
#include "gui/experiments_chart.h"
#include "gui/experiments_window.h"
#include "session/game_record.h"
#include "window_support.h"

using namespace regula;
using regula::gui::ExperimentsWindow;

namespace {

constexpr int kWait = 60000;  // a ceiling, never reached by a passing run

// What the records of one reading add up to, read back from the file.
struct ReadBack {
  gui::ExperimentTally tally;
  gui::LengthSeries lengths;
  std::vector<uint64_t> games;  // their numbers, in file order
};

// The records of the file by reading (its options written as the window names them).
std::map<std::string, ReadBack> read_back(const QString& path, int& records) {
  std::map<std::string, ReadBack> by_reading;
  records = 0;
  const Status st =
      cli::read_records(path.toStdString(), [&](cli::GameRecord&& g, const std::string&) -> Status {
        std::string key;
        for (const auto& [name, value] : g.options)
          key += (key.empty() ? "" : ", ") + name + "=" + value;
        ReadBack& e = by_reading[key];
        e.tally.add(g.result[0]);
        e.lengths.plies.push_back(static_cast<int>(g.plies));
        e.games.push_back(g.game);
        ++records;
        return std::nullopt;
      });
  if (st) qWarning("%s", st->text().c_str());
  return by_reading;
}

int lines_of(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return -1;
  return static_cast<int>(file.readAll().count('\n'));
}

// The lines of a file that hold text, in order.
QStringList lines_with(const QString& path, const QString& text) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {"(cannot read " + path + ")"};
  QStringList lines;
  for (const QString& line : QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts))
    if (line.contains(text)) lines << line;
  return lines;
}

QString cell(const ExperimentsWindow& w, int row, int column) {
  const QTableWidgetItem* item = w.table()->item(row, column);
  return item ? item->text() : QString("(none)");
}

// A window on Burroughs' Jetan, its readings A (Black first) and B (Orange first).
void set_up(ExperimentsWindow& w, const QString& path, int games) {
  w.set_script("jetan/burroughs");
  w.reading_edit(0)->setText("first=black");
  w.reading_edit(1)->setText("first=orange");
  w.games_box()->setValue(games);
  w.seed_box()->setValue(7);
  w.max_plies_box()->setValue(400);
  w.path_edit()->setText(path);
}

// Clicks Run and waits for the run to end, which must have started and said it
// played `games` games (a failure returns early: the caller checks
// QTest::currentTestFailed()).
void run_to_done(ExperimentsWindow& w, int games) {
  w.run_button()->click();
  QVERIFY2(w.run().running(), qPrintable(w.message_label()->text()));
  QTRY_VERIFY_WITH_TIMEOUT(!w.run().running(), kWait);
  QVERIFY2(w.message_label()->text().startsWith(QString("Done: %1 games").arg(games)),
           qPrintable(w.message_label()->text()));
}

// The whole text of a file.
QString text_of(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll())
                                        : "(cannot read " + path + ")";
}

}  // namespace

class ExperimentsTest : public QObject {
  Q_OBJECT
 private slots:
  void chart_and_table_say_what_the_records_say();
  void stop_keeps_the_games_played();
  void threads_change_nothing_recorded();
  void match_records_every_game();
  void bad_fields_are_said_in_the_window();
  void the_main_window_opens_it_on_its_script();
  void the_default_file_is_named_after_the_script();
  void length_bins_fit_the_longest_game();
};

void ExperimentsTest::chart_and_table_say_what_the_records_say() {
  QTemporaryDir dir;
  const QString path = dir.filePath("readings.jsonl");
  ExperimentsWindow w;
  w.show();
  set_up(w, path, 20);
  run_to_done(w, 40);
  if (QTest::currentTestFailed()) return;
  QCOMPARE(w.progress_bar()->value(), 40);
  QCOMPARE(w.progress_bar()->maximum(), 40);
  int records = 0;
  std::map<std::string, ReadBack> back = read_back(path, records);
  QCOMPARE(records, 40);
  QCOMPARE(lines_of(path), 40);
  QCOMPARE(back.size(), size_t{2});
  const ReadBack& a = back["array=point, first=black, draw-values=equal"];
  const ReadBack& b = back["array=point, first=orange, draw-values=equal"];
  std::vector<uint64_t> numbers(20);
  for (int i = 0; i < 20; ++i) numbers[i] = i + 1;
  QVERIFY(a.games == numbers);
  QVERIFY(b.games == numbers);
  const gui::LengthBins bins = gui::LengthBins::fitting({a.lengths, b.lengths});
  QCOMPARE(w.chart()->length_labels().size(), bins.count);
  QCOMPARE(w.table()->rowCount(), 2);
  int row = 0;
  for (const ReadBack* e : {&a, &b}) {
    const gui::ExperimentTally& t = e->tally;
    QCOMPARE(cell(w, row, 1), QString::number(20));
    QCOMPARE(cell(w, row, 2), QString::number(t.wins));
    QCOMPARE(cell(w, row, 3), QString::number(t.draws));
    QCOMPARE(cell(w, row, 4), QString::number(t.losses));
    const QList<QPointF> points = w.chart()->share_points(row);
    const QList<QPointF> bars = w.chart()->error_bars(row);
    QCOMPARE(points.size(), 3);
    QCOMPARE(bars.size(), 3);
    for (int k = 0; k < 3; ++k) {
      QCOMPARE(points[k].y(), static_cast<double>(t.count(k)) / 20);
      const ai::Interval i = ai::wilson_interval(t.count(k), 20);
      QCOMPARE(bars[k], QPointF(i.low, i.high));
    }
    QList<qreal> counts;
    for (int c : bins.counts(e->lengths.plies)) counts.append(c);
    QCOMPARE(w.chart()->length_counts(row), counts);
    ++row;
  }
  // The readings differ: Orange moves first in B, so the games are not A's.
  QVERIFY(a.lengths.plies != b.lengths.plies);
  QVERIFY(a.tally.wins > 0 && a.tally.draws > 0);
  // Reading B's records are those the command line writes, byte for byte.
  const QString cli = dir.filePath("cli.jsonl");
  QProcess selfplay;
  selfplay.start(REGULA_CLI,
                 {"selfplay", "jetan/burroughs", "-n", "20", "--seed", "7", "--max-plies", "400",
                  "--option", "first=orange", "--threads", "1", "--games-out", cli});
  QVERIFY(selfplay.waitForFinished(kWait));
  QCOMPARE(selfplay.exitCode(), 0);
  QCOMPARE(lines_with(cli, "").size(), 20);
  QCOMPARE(lines_with(path, "\"first\":\"orange\""), lines_with(cli, ""));
}

void ExperimentsTest::stop_keeps_the_games_played() {
  QTemporaryDir dir;
  const QString path = dir.filePath("stopped.jsonl");
  ExperimentsWindow w;
  w.show();
  set_up(w, path, 1000000);
  w.run_button()->click();
  QVERIFY2(w.run().running(), qPrintable(w.message_label()->text()));
  QVERIFY(w.stop_button()->isEnabled());
  QVERIFY(!w.run_button()->isEnabled());
  QTRY_VERIFY_WITH_TIMEOUT(w.run().done() >= 3, kWait);
  w.stop_button()->click();
  QCOMPARE(w.message_label()->text(), QString("Stopping once the games under way end..."));
  QTRY_VERIFY_WITH_TIMEOUT(!w.run().running(), kWait);
  const int done = w.run().done();
  QVERIFY(done >= 3 && done < 2000000);
  QCOMPARE(w.progress_bar()->value(), done);
  int records = 0;
  const std::map<std::string, ReadBack> back = read_back(path, records);
  QCOMPARE(records, done);
  QCOMPARE(lines_of(path), done);
  int games = 0;
  for (int row = 0; row < w.table()->rowCount(); ++row) games += cell(w, row, 1).toInt();
  QCOMPARE(games, done);
  QVERIFY2(w.message_label()->text().startsWith(
               QString("Stopped: %1 of 2000000 games played").arg(done)),
           qPrintable(w.message_label()->text()));
  QVERIFY(w.run_button()->isEnabled());
  QVERIFY(!w.stop_button()->isEnabled());
}

void ExperimentsTest::threads_change_nothing_recorded() {
  // Each script's run on one thread and on three: the same records, line for
  // line. The second script has a hook, so that each further thread loads it
  // again (a Lua state per thread).
  for (const QString& script :
       {QString("jetan/burroughs"), QString(REGULA_TEST_DATA "/attack/after.lua")}) {
    QTemporaryDir dir;
    QStringList files;
    for (int threads : {1, 3}) {
      const QString path = dir.filePath(QString("threads-%1.jsonl").arg(threads));
      ExperimentsWindow w;
      w.show();
      w.set_script(script.toStdString());
      w.games_box()->setValue(12);
      w.seed_box()->setValue(3);
      w.max_plies_box()->setValue(300);
      w.threads_box()->setValue(threads);
      w.path_edit()->setText(path);
      run_to_done(w, 24);
      if (QTest::currentTestFailed()) return;
      files << text_of(path);
    }
    QCOMPARE(files[0].count('\n'), 24);
    QCOMPARE(files[1], files[0]);
  }
}

void ExperimentsTest::match_records_every_game() {
  QTemporaryDir dir;
  const QString path = dir.filePath("match.pgn");
  ExperimentsWindow w;
  w.show();
  w.set_script("jetan/burroughs");
  w.mode_box()->setCurrentIndex(1);
  QVERIFY(!w.reading_edit(1)->isEnabled());
  w.players_edit()->setText("random,ai:1");
  w.games_box()->setValue(4);
  w.max_plies_box()->setValue(60);
  w.path_edit()->setText(path);
  run_to_done(w, 4);
  if (QTest::currentTestFailed()) return;
  auto games = read_records(text_of(path).toStdString(), script::named_rules_loader());
  QVERIFY2(games, games ? "" : games.error().text().c_str());
  QCOMPARE(games->size(), size_t{4});
  int decisive = 0, drawn = 0;
  for (const Game& g : *games) (g.result().over && !g.result().is_draw() ? decisive : drawn) += 1;
  QCOMPARE(w.table()->rowCount(), 2);
  QCOMPARE(cell(w, 0, 0), QString("random"));
  QCOMPARE(cell(w, 1, 0), QString("ai:1"));
  QCOMPARE(cell(w, 0, 1), QString("4"));
  QCOMPARE(cell(w, 0, 2).toInt() + cell(w, 1, 2).toInt(), decisive);
  QCOMPARE(cell(w, 0, 3).toInt(), drawn);
  QCOMPARE(cell(w, 1, 3).toInt(), drawn);
}

void ExperimentsTest::bad_fields_are_said_in_the_window() {
  QTemporaryDir dir;
  ExperimentsWindow w;
  w.show();
  set_up(w, dir.filePath("never.jsonl"), 5);
  const auto refused = [&w](const char* why) {
    w.run_button()->click();
    QVERIFY2(!w.run().running(), why);
    QVERIFY(w.run_button()->isEnabled());
    QCOMPARE(w.progress_bar()->value(), 0);
  };
  w.reading_edit(1)->setText("first=purple");
  refused("a value the option does not have");
  const QString text = w.message_label()->text();
  QVERIFY2(text.startsWith("Reading B: ") && text.contains("purple"), qPrintable(text));
  w.reading_edit(1)->setText("first");
  refused("no value");
  QCOMPARE(w.message_label()->text(), QString("Reading B: 'first' is not name=value"));
  w.reading_edit(1)->setText("colour=red");
  refused("an option the script does not declare");
  QVERIFY2(w.message_label()->text().contains("unknown option 'colour'"),
           qPrintable(w.message_label()->text()));
  w.reading_edit(1)->setText("first=orange");
  w.players_edit()->setText("random,random,random");
  refused("three players for two seats");
  QCOMPARE(w.message_label()->text(),
           QString("Players: 3 players for 2 seats (give one for all, or one per seat)"));
  w.players_edit()->setText("random");
  w.path_edit()->setText(dir.filePath("no/such/folder/x.jsonl"));
  refused("a records file that cannot be written");
  QVERIFY2(w.message_label()->text().endsWith("cannot write the records"),
           qPrintable(w.message_label()->text()));
  QVERIFY(!QFile::exists(dir.filePath("never.jsonl")));
}

void ExperimentsTest::the_main_window_opens_it_on_its_script() {
  auto main = gui_test::window("jetan/burroughs");
  QVERIFY(main);
  QAction* action = main->findChild<QAction*>("experiments");
  QVERIFY(action);
  action->trigger();
  const auto windows = main->findChildren<ExperimentsWindow*>();
  QCOMPARE(windows.size(), 1);
  QVERIFY(windows[0]->isVisible());
  QCOMPARE(windows[0]->script_box()->currentText(), QString("jetan/burroughs"));
  QCOMPARE(windows[0]->reading_edit(0)->text(),
           QString("array=point, first=black, draw-values=equal"));
}

void ExperimentsTest::the_default_file_is_named_after_the_script() {
  const QString path =
      ExperimentsWindow::default_path("jetan/burroughs", gui::ExperimentMode::kReadings);
  const QString name = QFileInfo(path).fileName();
  QVERIFY2(QRegularExpression("^jetan-burroughs-\\d{8}-\\d{6}\\.jsonl$").match(name).hasMatch(),
           qPrintable(name));
  QCOMPARE(QFileInfo(path).absolutePath(),
           QFileInfo(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
               .absoluteFilePath());
  QVERIFY(ExperimentsWindow::default_path("/x/my-game.lua", gui::ExperimentMode::kMatch)
              .contains(QRegularExpression("/my-game-\\d{8}-\\d{6}\\.pgn$")));
}

void ExperimentsTest::length_bins_fit_the_longest_game() {
  const gui::LengthBins bins = gui::LengthBins::fitting({{"a", {0, 7, 119}}, {"b", {40}}});
  QCOMPARE(bins.width, 10);
  QCOMPARE(bins.count, 12);
  QCOMPARE(bins.label(4), QString("40-49").toStdString());
  QCOMPARE(bins.counts({0, 7, 119, 40, 49, 50}),
           (std::vector<int>{2, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 1}));
  const gui::LengthBins small = gui::LengthBins::fitting({{"a", {3}}});
  QCOMPARE(small.width, 1);
  QCOMPARE(small.count, 4);
  QCOMPARE(small.label(3), std::string("3"));
  QCOMPARE(gui::LengthBins::fitting({{"a", {120}}}).width, 20);
}

QTEST_MAIN(ExperimentsTest)
#include "experiments_test.moc"
