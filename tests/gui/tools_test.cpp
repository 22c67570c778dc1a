// The players' tools driven through the window under QT_QPA_PLATFORM=offscreen:
// clocks on a time source the tests set by hand (no test waits for time to
// pass), the hint's arrow, the analysis, and the arrows and rings a person
// draws on the board.
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QImage>
#include <QLabel>
#include <QtTest/QtTest>

#include "ai/player_spec.h"
#include "gui/board_view.h"
#include "gui/clock.h"
#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "gui/time_control.h"
#include "script/loader.h"
#include "window_support.h"

using namespace regula;
using regula::gui::BoardView;
using regula::gui::MainWindow;
using regula::gui_test::window;

namespace {

// A time that moves only when the test moves it.
class FakeTime final : public gui::TimeSource {
 public:
  int64_t now() const override { return now_; }
  void advance(int64_t millis) { now_ += millis; }

 private:
  int64_t now_ = 1'000'000;
};

SiteId site(const MainWindow& w, const char* name) {
  return w.game()->rules().topology.find(name);
}

QPoint point(const MainWindow& w, const char* name) {
  return w.board()->centre(site(w, name)).toPoint();
}

void click(MainWindow& w, const char* name) {
  QTest::mouseClick(w.board(), Qt::LeftButton, {}, point(w, name));
}

void move(MainWindow& w, const char* from, const char* to) {
  click(w, from);
  click(w, to);
}

// A window on a clock the test sets.
std::unique_ptr<MainWindow> timed(const std::string& spec, const std::string& control,
                                  const std::shared_ptr<FakeTime>& time,
                                  const std::string& position = "") {
  auto w = window(spec, position);
  if (!w) return nullptr;
  w->set_time_source(time);
  if (!w->set_time_control(control)) return nullptr;
  return w;
}

QString clock_label(const MainWindow& w, const char* seat) {
  auto* label = w.findChild<QLabel*>(QString("clock:") + seat);
  return label ? label->text() : "no clock";
}

}  // namespace

class ToolsTest : public QObject {
  Q_OBJECT
 private slots:
  void timeControlsReadAndWriteBack();
  void badTimeControlsSayWhatIsWrong();
  void clockRunsForTheSideToMoveAndAddsTheIncrement();
  void periodEndsGiveTheNextPeriodsTime();
  void flagFallLosesTheGame();
  void flagFallDrawsWhenTheOtherSideCannotWin();
  void computerLosesOnTimeWhileThinking();
  void computerThinksForWhatItsClockAllows();
  void fourSeatsHaveFourClocks();
  void untimedShowsNoClocks();
  void computerBudgetComesFromItsClock();
  void newGameDialogChoosesTheTimeControl();
  void hintDrawsAnArrowAndPlaysNothing();
  void analysisFollowsThePositionShown();
  void rightDragDrawsAnArrowRightClickARingLeftClickClears();
};

void ToolsTest::timeControlsReadAndWriteBack() {
  auto c = gui::parse_time_control("40/90+30, 30+30");
  QVERIFY(c);
  QCOMPARE(c->periods.size(), size_t{2});
  QVERIFY((c->periods[0] == gui::TimePeriod{40, 90 * 60000, 30000}));
  QVERIFY((c->periods[1] == gui::TimePeriod{0, 30 * 60000, 30000}));
  QCOMPARE(gui::time_control_text(*c), std::string("40/90+30, 30+30"));
  auto blitz = gui::parse_time_control(" 3+2 ");
  QVERIFY(blitz);
  QVERIFY((blitz->periods == std::vector<gui::TimePeriod>{{0, 180000, 2000}}));
  auto half = gui::parse_time_control("0.5+0.5");
  QVERIFY(half);
  QVERIFY((half->periods == std::vector<gui::TimePeriod>{{0, 30000, 500}}));
  QCOMPARE(gui::time_control_text(*half), std::string("0.5+0.5"));
  auto none = gui::parse_time_control("untimed");
  QVERIFY(none && !none->timed());
  QCOMPARE(gui::time_control_text(*none), std::string("untimed"));
  // Every preset reads and writes back as itself.
  for (const std::string& p : gui::time_control_presets()) {
    auto read = gui::parse_time_control(p);
    QVERIFY2(read, p.c_str());
    QCOMPARE(gui::time_control_text(*read), p);
  }
}

void ToolsTest::badTimeControlsSayWhatIsWrong() {
  const std::string form = " (say [MOVES/]MINUTES[+SECONDS], as 5, 3+2 or 40/90+30)";
  const std::pair<const char*, std::string> cases[] = {
      {"0",
       "time control, period 1: '0' is not a number of minutes above 0 and at most 10000" + form},
      {"3+x", "time control, period 1: 'x' is not a number of seconds from 0 to 3600" + form},
      {"3+", "time control, period 1: '' is not a number of seconds from 0 to 3600" + form},
      {"40/90, x/5", "time control, period 2: 'x' is not a number of moves from 1 to 1000" + form},
      {"5, 3",
       "time control: period 1 has no number of moves, so it lasts the rest of the game: "
       "no period can follow it"},
      {"fast",
       "time control, period 1: 'fast' is not a number of minutes above 0 and at most "
       "10000" +
           form},
  };
  for (const auto& [text, error] : cases) {
    auto c = gui::parse_time_control(text);
    QVERIFY2(!c, text);
    QCOMPARE(c.error().text(), error);
  }
}

void ToolsTest::clockRunsForTheSideToMoveAndAddsTheIncrement() {
  auto time = std::make_shared<FakeTime>();
  auto w = timed("chess/orthodox", "3+2", time);
  QVERIFY(w);
  QCOMPARE(w->clock_text(0), QString("3:00"));
  QCOMPARE(w->clock_text(1), QString("3:00"));
  QVERIFY(w->clock_highlighted(0));
  QVERIFY(!w->clock_highlighted(1));
  time->advance(1500);
  w->tick_clocks();
  QCOMPARE(clock_label(*w, "white"), QString("white  2:58"));
  QCOMPARE(clock_label(*w, "black"), QString("black  3:00"));
  // The move: 178.5 s left, and 2 s more.
  move(*w, "e2", "e4");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(w->clock().remaining(0), int64_t{180500});
  QCOMPARE(clock_label(*w, "white"), QString("white  3:00"));
  QVERIFY(w->clock_highlighted(1));
  QVERIFY(!w->clock_highlighted(0));
  time->advance(175000);
  w->tick_clocks();
  QCOMPARE(clock_label(*w, "black"), QString("black  0:05.0"));
  QCOMPARE(clock_label(*w, "white"), QString("white  3:00"));
  move(*w, "e7", "e5");
  QCOMPARE(w->clock().remaining(1), int64_t{7000});
  QVERIFY(w->clock_highlighted(0));
  QVERIFY(!w->game()->over());
}

void ToolsTest::periodEndsGiveTheNextPeriodsTime() {
  auto time = std::make_shared<FakeTime>();
  // Two moves in a minute, then two more in a minute (the last period repeats)...
  auto w = timed("chess/orthodox", "2/1", time);
  QVERIFY(w);
  QCOMPARE(w->clock().moves_to_go(0), 2);
  const char* moves[][2] = {{"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"}, {"b8", "c6"}};
  for (const auto& m : moves) {
    time->advance(10000);
    move(*w, m[0], m[1]);
  }
  QCOMPARE(w->game()->history().size(), size_t{4});
  // 60 - 10 - 10 + 60: the second period's minute.
  QCOMPARE(w->clock_text(0), QString("1:40"));
  QCOMPARE(w->clock_text(1), QString("1:40"));
  QCOMPARE(w->clock().moves_to_go(0), 2);
  QCOMPARE(w->clock().period(0), 0);

  // ...and 2 moves in a minute, then half a minute for the rest, 5 s a move.
  auto v = timed("chess/orthodox", "2/1+5, 0.5+5", time);
  QVERIFY(v);
  for (const auto& m : moves) {
    time->advance(10000);
    move(*v, m[0], m[1]);
  }
  QCOMPARE(v->clock().remaining(0), int64_t{60000 - 10000 + 5000 - 10000 + 5000 + 30000});
  QCOMPARE(v->clock_text(0), QString("1:20"));
  QCOMPARE(v->clock().period(0), 1);
  QCOMPARE(v->clock().moves_to_go(0), 0);
  QCOMPARE(v->clock().increment(0), int64_t{5000});
}

void ToolsTest::flagFallLosesTheGame() {
  auto time = std::make_shared<FakeTime>();
  auto w = timed("chess/orthodox", "1", time);
  QVERIFY(w);
  move(*w, "e2", "e4");
  time->advance(59999);
  w->tick_clocks();
  QVERIFY(!w->game()->over());
  QCOMPARE(clock_label(*w, "black"), QString("black  0:00.0"));
  time->advance(1);
  w->tick_clocks();
  QVERIFY(w->game()->over());
  QCOMPARE(QString::fromStdString(w->game()->result().reason), QString("black loses on time"));
  QCOMPARE(w->game()->result().outcome[0], Outcome::kWin);
  QCOMPARE(w->game()->result().outcome[1], Outcome::kLoss);
  QCOMPARE(w->status(), QString("Game over: black loses on time"));
  // The clocks stop with the game.
  QVERIFY(!w->clock_highlighted(0) && !w->clock_highlighted(1));
  time->advance(5000);
  w->tick_clocks();
  QCOMPARE(w->clock_text(0), QString("1:00"));
}

void ToolsTest::flagFallDrawsWhenTheOtherSideCannotWin() {
  auto time = std::make_shared<FakeTime>();
  // White has a rook, black its king alone: white's flag draws, black's loses.
  auto w = timed("chess/orthodox", "1", time, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  QVERIFY(w);
  time->advance(60000);
  w->tick_clocks();
  QVERIFY(w->game()->over());
  QVERIFY(w->game()->result().is_draw());
  QCOMPARE(QString::fromStdString(w->game()->result().reason),
           QString("white's time is up, but no other side can win"));
  auto v = timed("chess/orthodox", "1", time, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  QVERIFY(v);
  time->advance(60000);
  v->tick_clocks();
  QCOMPARE(QString::fromStdString(v->game()->result().reason), QString("black loses on time"));
  QCOMPARE(v->game()->result().outcome[0], Outcome::kWin);
}

void ToolsTest::computerLosesOnTimeWhileThinking() {
  auto time = std::make_shared<FakeTime>();
  auto w = timed("chess/orthodox", "1", time);
  QVERIFY(w);
  QVERIFY(!w->set_player(0, "alphabeta:depth=60"));  // far more than its clock allows
  QVERIFY(w->thinking());
  QVERIFY(w->clock_highlighted(0));
  time->advance(60000);
  w->tick_clocks();
  QCOMPARE(QString::fromStdString(w->game()->result().reason), QString("white loses on time"));
  // Its search is stopped and its answer dropped.
  QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 20000);
  QCOMPARE(w->game()->history().size(), size_t{0});
}

void ToolsTest::computerThinksForWhatItsClockAllows() {
  auto time = std::make_shared<FakeTime>();
  // Three seconds for the game: a search to depth 60 gets a thirtieth of it
  // (uci::clock_millis), so it answers; untimed, it would think on.
  auto w = timed("chess/orthodox", "0.05", time);
  QVERIFY(w);
  QVERIFY(!w->set_player(0, "alphabeta:depth=60"));
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QVERIFY(!w->game()->over());
  QVERIFY(w->clock_highlighted(1));
}

void ToolsTest::fourSeatsHaveFourClocks() {
  auto time = std::make_shared<FakeTime>();
  auto w = timed("chaturanga/four-handed", "5", time);
  QVERIFY(w);
  const Ruleset& r = w->game()->rules();
  QCOMPARE(r.num_seats(), 4);
  const SeatId first = w->game()->position().decider();
  time->advance(2000);
  w->tick_clocks();
  for (SeatId s = 0; s < 4; ++s) {
    QCOMPARE(clock_label(*w, r.seats[s].name.c_str()),
             QString::fromStdString(r.seats[s].name) + (s == first ? "  4:58" : "  5:00"));
    QCOMPARE(w->clock_highlighted(s), s == first);
  }
}

void ToolsTest::untimedShowsNoClocks() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(!w->clock().timed());
  QCOMPARE(w->clock_text(0), QString());
  auto* bar = w->findChild<QWidget*>("clocks");
  QVERIFY(bar);
  QVERIFY(!bar->isVisible());
  auto time = std::make_shared<FakeTime>();
  w->set_time_source(time);
  QVERIFY(w->set_time_control("5"));
  QVERIFY(bar->isVisible());
  QVERIFY(w->set_time_control("untimed"));
  QVERIFY(!bar->isVisible());
  QVERIFY(!w->set_time_control("5 minutes"));
  QVERIFY2(w->errors().startsWith("time control, period 1: '5 minutes'"), qPrintable(w->errors()));
}

void ToolsTest::computerBudgetComesFromItsClock() {
  auto rules = script::load_rules("chess/orthodox");
  QVERIFY(rules);
  const Ruleset& r = **rules;
  // A thirtieth of the clock and half the increment (as UCI's wtime and winc).
  ai::Budget b = gui::clock_budget(r, "ai:3", 60000, 2000, 0);
  QCOMPARE(b.millis, int64_t{60000 / 30 + 1000});
  QCOMPARE(b.nodes, ai::level_budget(r, 3).nodes);
  // Moves to go share the clock among them.
  b = gui::clock_budget(r, "alphabeta:depth=5", 60000, 0, 10);
  QCOMPARE(b.millis, int64_t{6000});
  QCOMPARE(b.nodes, uint64_t{0});
  // Never more than the clock less a margin.
  b = gui::clock_budget(r, "random", 100, 0, 1);
  QCOMPARE(b.millis, int64_t{50});
}

void ToolsTest::newGameDialogChoosesTheTimeControl() {
  gui::GamePicker picker(nullptr, "chess/orthodox");
  QComboBox* box = picker.time_control_box();
  QVERIFY(box);
  QCOMPARE(box->currentText(), QString("untimed"));
  QVERIFY(!picker.choice().time_control.timed());
  box->setEditText("3+x");
  picker.accept_if_valid();
  QCOMPARE(picker.result(), int(QDialog::Rejected));
  QCOMPARE(picker.time_control_error()->text(),
           QString("time control, period 1: 'x' is not a number of seconds from 0 to 3600 (say "
                   "[MOVES/]MINUTES[+SECONDS], as 5, 3+2 or 40/90+30)"));
  box->setCurrentIndex(box->findText("40/90+30, 30+30"));
  QCOMPARE(gui::time_control_text(picker.choice().time_control), std::string("40/90+30, 30+30"));
  picker.accept_if_valid();
  QCOMPARE(picker.result(), int(QDialog::Accepted));
  // The control in play is offered again.
  gui::GamePicker again(nullptr, "chess/orthodox");
  again.set_time_control(*gui::parse_time_control("3+2"));
  QCOMPARE(again.time_control_box()->currentText(), QString("3+2"));
  QCOMPARE(gui::time_control_text(again.choice().time_control), std::string("3+2"));
}

void ToolsTest::hintDrawsAnArrowAndPlaysNothing() {
  auto w = window("chess/orthodox", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  QVERIFY(w);
  QVERIFY(w->board()->arrows().empty());
  auto* hint = w->findChild<QAction*>("hint");
  QVERIFY(hint);
  hint->trigger();
  const std::vector<BoardView::Arrow> want = {{site(*w, "a1"), site(*w, "a8"), true}};
  QTRY_VERIFY_WITH_TIMEOUT(w->board()->arrows() == want, 20000);
  QCOMPARE(w->status(), QString("Hint: Ra8#"));
  QCOMPARE(w->game()->history().size(), size_t{0});
  // Drawn: the shaft's middle, on the empty a4, is the hint's blue.
  const QImage shown = w->board()->grab().toImage();
  const QPoint mid = w->board()->centre(site(*w, "a4")).toPoint();
  const QColor c = shown.pixelColor(mid);
  QVERIFY2(c.blue() > c.red() + 60 && c.blue() > c.green() + 40, qPrintable(c.name()));
  // A move clears it.
  QTRY_VERIFY_WITH_TIMEOUT(!w->helper_busy(), 20000);
  move(*w, "g2", "g3");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QVERIFY(w->board()->arrows().empty());
}

void ToolsTest::analysisFollowsThePositionShown() {
  auto w = window("chess/orthodox", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  QVERIFY(w);
  auto* analyse = w->findChild<QAction*>("analyse");
  QVERIFY(analyse && analyse->isCheckable());
  analyse->trigger();
  QVERIFY(w->analysing());
  QTRY_VERIFY_WITH_TIMEOUT(w->analysis_text().contains("line: Ra8#"), 20000);
  QVERIFY2(w->analysis_text().startsWith("Analysis: depth "), qPrintable(w->analysis_text()));
  QVERIFY2(w->analysis_text().contains("mate in 1"), qPrintable(w->analysis_text()));
  QCOMPARE(w->findChild<QLabel*>("search")->text(), w->analysis_text());
  // Another position: what was seen of the last one goes at once, the new one's comes.
  move(*w, "g2", "g3");
  QVERIFY(!w->analysis_text().contains("Ra8#"));
  QTRY_VERIFY_WITH_TIMEOUT(w->analysis_text().contains("depth"), 20000);
  QVERIFY2(!w->analysis_text().contains("Ra8#"), qPrintable(w->analysis_text()));
  // An earlier move shown is analysed too.
  w->go_to(0);
  QTRY_VERIFY_WITH_TIMEOUT(w->analysis_text().contains("line: Ra8#"), 20000);
  analyse->trigger();
  QVERIFY(!w->analysing());
  QTRY_VERIFY_WITH_TIMEOUT(!w->helper_busy(), 20000);
  QCOMPARE(w->analysis_text(), QString());
}

void ToolsTest::rightDragDrawsAnArrowRightClickARingLeftClickClears() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  BoardView* b = w->board();
  QTest::mousePress(b, Qt::RightButton, {}, point(*w, "a2"));
  QTest::mouseMove(b, point(*w, "a3"));
  QTest::mouseRelease(b, Qt::RightButton, {}, point(*w, "a4"));
  const std::vector<BoardView::Arrow> want = {{site(*w, "a2"), site(*w, "a4"), false}};
  QCOMPARE(b->arrows(), want);
  // Drawn in the person's green over the empty a3.
  const QColor c = b->grab().toImage().pixelColor(point(*w, "a3"));
  QVERIFY2(c.green() > c.red() + 40 && c.green() > c.blue() + 40, qPrintable(c.name()));
  QTest::mouseClick(b, Qt::RightButton, {}, point(*w, "e4"));
  QCOMPARE(b->marks(), (std::set<SiteId>{site(*w, "e4")}));
  QTest::mouseClick(b, Qt::RightButton, {}, point(*w, "e4"));  // again: gone
  QVERIFY(b->marks().empty());
  QTest::mouseClick(b, Qt::RightButton, {}, point(*w, "d5"));
  QCOMPARE(b->marks(), (std::set<SiteId>{site(*w, "d5")}));
  QCOMPARE(w->game()->history().size(), size_t{0});  // nothing played
  // A left click on an empty square clears them all, and plays nothing.
  click(*w, "e5");
  QVERIFY(b->arrows().empty());
  QVERIFY(b->marks().empty());
  QCOMPARE(w->game()->history().size(), size_t{0});
}

QTEST_MAIN(ToolsTest)
#include "tools_test.moc"
