// The GUI driven through its real widgets, by simulated mouse clicks, under
// QT_QPA_PLATFORM=offscreen.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProcess>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest/QtTest>
#include <array>
#include <cmath>
#include <fstream>
#include <map>

#include "formats/presentation.h"
#include "gui/board_view.h"
#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "gui/seat_players.h"
#include "notation/describe.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "session/game_record.h"
#include "session/move_input.h"
#include "window_support.h"

using namespace regula;
using regula::gui::MainWindow;
using regula::gui_test::only;
using regula::gui_test::Put;
using regula::gui_test::window;

namespace {

SiteId site(const MainWindow& w, const char* name) {
  return w.game()->rules().topology.find(name);
}

void click(MainWindow& w, SiteId s) {
  QTest::mouseClick(w.board(), Qt::LeftButton, {}, w.board()->centre(s).toPoint());
}

void click(MainWindow& w, const char* name) {
  click(w, site(w, name));
}

// Clicks what picks m: its sites on the board, a piece in hand by its button.
void click_move(MainWindow& w, const Move& m) {
  MoveInput in(const_cast<Game*>(w.game())->legal_moves());
  for (const InputStep& k : MoveInput::keys(m)) {
    if (in.add(k) == MoveInput::Outcome::kIllegal) continue;
    if (k.kind == InputStep::Kind::kHand) {
      const QString name = "hand:" + QString::fromStdString(w.game()->rules().types[k.value].name);
      if (auto* b = w.findChild<QToolButton*>(name)) QTest::mouseClick(b, Qt::LeftButton);
      // Otherwise the window took the only piece in hand by itself.
    } else {
      click(w, static_cast<SiteId>(k.value));
    }
    if (w.game()->history().size() > 0 && w.game()->history().back().move.same(m)) return;
  }
}

// Once the next click opens the window's menu of choices (of `entries` moves),
// picks the one whose text ends with `suffix`.
void pick_from_menu(const QString& suffix, int entries) {
  QTimer::singleShot(50, [suffix, entries] {
    auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    QVERIFY(menu);
    QCOMPARE(menu->actions().size(), entries);
    for (QAction* a : menu->actions())
      if (a->text().endsWith(suffix)) {
        menu->setActiveAction(a);
        QTest::keyClick(menu, Qt::Key_Return);
        return;
      }
    QFAIL("no such choice in the menu");
  });
}

// Picks a seat's player in the window's Game panel, as a person would.
void choose_seat(MainWindow& w, const char* seat, const QString& text) {
  auto* box = w.findChild<QComboBox*>(QString("seat:") + seat);
  QVERIFY(box);
  const int i = box->findText(text);
  QVERIFY2(i >= 0, qPrintable(text));
  box->setCurrentIndex(i);
}

// Whether every turn of the window's game is legal: its record, written and
// read back, replays move by move to the same position.
bool replays(const MainWindow& w) {
  auto again = read_record(write_record(*w.game()), script::named_rules_loader());
  return again && write_position(again->position()) == write_position(w.game()->position()) &&
         again->turns().size() == w.game()->turns().size();
}

// Plays computer against computer until `turns` turns are played (or the game
// ends), then gives every seat to a person; the turns' texts.
QStringList computers_play(MainWindow& w, const std::vector<std::string>& players, size_t turns) {
  for (size_t s = 0; s < players.size(); ++s)
    if (w.set_player(static_cast<SeatId>(s), players[s])) return {"bad player"};
  QElapsedTimer clock;
  clock.start();
  while (w.game()->turns().size() < turns && !w.game()->over() && clock.elapsed() < 60000)
    QTest::qWait(10);
  for (size_t s = 0; s < players.size(); ++s) w.set_player(static_cast<SeatId>(s), "human");
  QStringList out;
  for (const Game::TurnRecord& t : w.game()->turns()) out << QString::fromStdString(t.text);
  return out;
}

// Writes a file a test then reads through the window.
void write_file(const QString& file, const char* text) {
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

// Lets the window lay itself out after a change.
void settle() {
  QTest::qWait(20);
}

// Clicks the move list's row.
void click_list(MainWindow& w, int row) {
  QTest::mouseClick(w.move_list()->viewport(), Qt::LeftButton, {},
                    w.move_list()->visualItemRect(w.move_list()->item(row)).center());
}

// The position after the given turns of chess from its start.
std::string chess_after(const MainWindow& w, std::initializer_list<const char*> turns) {
  Game g(w.game()->rules_ptr());
  for (const char* t : turns)
    if (!g.play_text(t)) return "";
  return write_position(g.position());
}

// Plays turns of chess by clicks on their two squares.
// The window's questions kept in asked, each answered with answer as it is then.
void keep_questions(MainWindow& w, QStringList& asked, const bool& answer) {
  w.set_confirm([&asked, &answer](const QString& q) {
    asked << q;
    return answer;
  });
}

void play_clicks(MainWindow& w, std::initializer_list<const char*> squares) {
  for (const char* s : squares) click(w, s);
}

double luminance(QRgb c) {
  return 0.299 * qRed(c) + 0.587 * qGreen(c) + 0.114 * qBlue(c);
}

// How each piece of a position looks: the mean colour of the pixels drawn for
// it, found by comparing the board drawn with the pieces and drawn empty.
std::map<SiteId, QColor> piece_colours(const Position& pos) {
  gui::BoardView view;
  view.resize(560, 560);
  view.set_position(&pos);
  const QImage with = view.grab().toImage();
  const Position empty = Position::empty(pos.rules_ptr());
  view.set_position(&empty);
  const QImage without = view.grab().toImage();
  // Half the nearest distance between two sites bounds a piece's square.
  double gap = 1e9;
  for (SiteId a = 0; a < pos.num_sites(); ++a)
    for (SiteId b = a + 1; b < pos.num_sites(); ++b) {
      const QPointF d = view.centre(a) - view.centre(b);
      gap = std::min(gap, std::hypot(d.x(), d.y()));
    }
  std::map<SiteId, QColor> out;
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    if (!pos.at(s)) continue;
    double red = 0, green = 0, blue = 0;
    int n = 0;
    const QPointF c = view.centre(s);
    for (int y = static_cast<int>(c.y() - gap / 2); y < c.y() + gap / 2; ++y)
      for (int x = static_cast<int>(c.x() - gap / 2); x < c.x() + gap / 2; ++x) {
        const QRgb a = with.pixel(x, y), b = without.pixel(x, y);
        if (std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
                std::abs(qBlue(a) - qBlue(b)) >
            60)
          red += qRed(a), green += qGreen(a), blue += qBlue(a), ++n;
      }
    if (n > 0) out[s] = QColor(qRound(red / n), qRound(green / n), qRound(blue / n));
  }
  return out;
}

}  // namespace

// Every two seats' pieces differ in their mean colour: one side is darker than
// the other, or of another hue, whatever the seats' colours.
void expect_seats_told_apart(const std::string& script, const Position& pos,
                             const std::map<SiteId, QColor>& colours) {
  std::map<SeatId, std::array<double, 4>> sums;  // red, green, blue, pieces
  for (const auto& [s, c] : colours) {
    auto& sum = sums[piece_seat(pos.at(s))];
    sum[0] += c.red(), sum[1] += c.green(), sum[2] += c.blue(), sum[3] += 1;
  }
  for (const auto& [a, x] : sums)
    for (const auto& [b, y] : sums) {
      if (a >= b) continue;
      double d = 0;
      for (int k = 0; k < 3; ++k) d += std::pow(x[k] / x[3] - y[k] / y[3], 2);
      QVERIFY2(std::sqrt(d) > 40, qPrintable(QString("%1: the pieces of %2 and of %3 differ by %4")
                                                 .arg(script.c_str())
                                                 .arg(pos.rules().seats[a].name.c_str())
                                                 .arg(pos.rules().seats[b].name.c_str())
                                                 .arg(std::sqrt(d))));
    }
}

class GuiTest : public QObject {
  Q_OBJECT
 private slots:
  void everyScriptPlaysALegalMoveByClicks();
  void draughtsCapturesWithTheSameEndsAskForTheSquareBetween();
  void promotionIsChosenFromAMenu();
  void millPlacementAndItsRemovalAreClicks();
  void fourSeatDiceTurn();
  void illegalClickIsExplained();
  void dragAndDropMoves();
  void undoAndRedo();
  void saveAndLoadRoundTrip();
  void computerMoveArrivesWhileTheWindowResponds();
  void brokenScriptShowsFileAndLine();
  void hotReloadPicksUpAnEdit();
  void pickerListsEveryScript();
  void jetanEscapeAndTheStepToTheSameSquareAreTwoChoices();
  void rulesPanelDescribesThePieces();
  void resignationAndDrawOffer();
  void positionEditorPlacesPiecesAndSetsTheTurn();
  void stakesLedgerShowsWhatEachPaymentWasFor();
  void moveIsAnimated();
  void hotReloadFollowsARequiredModule();
  void seatBoxLevelTwoPlaysTheMateInOne();
  void computersPlayEachOtherLegallyAndReproducibly();
  void computersThrowTheDiceAndPlayForFourSeats();
  void moveNowEndsALongSearch();
  void aChangeWhileTheComputerThinksDropsItsAnswer();
  void badSeatSpecificationIsRefused();
  void searchLineShowsScoreSpeedAndTheLegalPartOfTheLine();
  void moveListShowsAnEarlierPositionAndKeepsEveryMove();
  void playingFromAnEarlierMoveCutsTheGameOnlyWhenAgreed();
  void aMoveAfterAnUndoAsksBeforeForgettingWhatRedoWouldReplay();
  void replacingAGameInProgressAsksFirst();
  void theEditedPositionAsksBeforeReplacingAGameInProgress();
  void piecesAreFilledInTheirSeatsColour();
  void removalAfterAMillIsPromptedAndItsTokensMarked();
  void compulsoryCaptureMarksItsPiecesAndExplainsAnother();
  void boardKeepsItsSizeAsButtonsComeAndGo();
  void pickerShowsEveryTextWhole();
  void pickerShowsEveryTextWholeAtTwiceTheSize();
  void pickerDescribesEveryScript();
  void mistypedScriptNameIsAnsweredWithTheNearest();
  void helpNeedsNoDisplay();
  void badRecordAndBadPositionSayWhatIsWrong();
  void everyPieceTypeOfAScriptHasAPictureOfItsOwn();
  void everyBundledDrawingAScriptNamesIsThere();
  void aPiecesTooltipNamesIt();
};

void GuiTest::everyScriptPlaysALegalMoveByClicks() {
  int played = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto w = window(info.name);
    QVERIFY2(w, info.name.c_str());
    if (w->game()->position().awaiting_roll()) QVERIFY(w->press_button("Roll"));
    const size_t before = w->game()->history().size();
    MoveList moves = const_cast<Game*>(w->game())->legal_moves();
    QVERIFY(!moves.empty());
    // The last legal decision, so that it is not always the first piece's first move.
    const Move m = moves[moves.size() - 1];
    if (MoveInput::keys(m).empty()) {
      QVERIFY(w->press_button(QString::fromStdString(move_text(w->game()->position(), m))));
    } else {
      // Moves that clicks cannot tell apart (S-chess: a knight's move with the
      // hawk, the elephant or nothing gated) are picked from the window's menu.
      int alike = 0;
      for (const Move& x : moves) alike += MoveInput::keys(x) == MoveInput::keys(m);
      if (alike > 1)
        pick_from_menu(QString::fromStdString(move_text(w->game()->position(), m)), alike);
      click_move(*w, m);
    }
    QCOMPARE(w->game()->history().size(), before + 1);
    QVERIFY2(w->game()->history().back().move.same(m), info.name.c_str());
    ++played;
  }
  QVERIFY(played >= 10);
}

void GuiTest::draughtsCapturesWithTheSameEndsAskForTheSquareBetween() {
  auto w = window("draughts/spanish", "8/8/2m1m3/8/2m1m3/3M4/8/8 white");
  QVERIFY(w);
  click(*w, "d3");
  click(*w, "d7");
  QVERIFY(w->game()->history().empty());  // two captures end on d7
  QTest::qWait(1);
  click(*w, "f5");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(QString::fromStdString(w->game()->history().back().text), QString("11x18x27"));
  const Position& pos = w->game()->position();
  QVERIFY(pos.at(site(*w, "e4")) == kEmpty && pos.at(site(*w, "e6")) == kEmpty);
  QVERIFY(pos.at(site(*w, "c4")) != kEmpty);
}

void GuiTest::promotionIsChosenFromAMenu() {
  auto w = window("chess/orthodox", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  QVERIFY(w);
  click(*w, "b7");
  // The menu of promotions opens; take the knight.
  pick_from_menu("=N", 4);
  click(*w, "b8");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(QString::fromStdString(w->game()->history().back().text), QString("b7b8=N"));
}

void GuiTest::millPlacementAndItsRemovalAreClicks() {
  auto w =
      window("mill/ishikulu", "E1:T,E2:T,A1:t,A2:t white hand.white=token:10 hand.black=token:10");
  QVERIFY(w);
  click(*w, "E3");  // the only piece in hand is taken at once
  QCOMPARE(w->game()->history().size(), size_t{1});
  QVERIFY(w->game()->in_turn());  // the line E1-E2-E3 asks for a removal
  click(*w, "E5");                // empty: refused
  QCOMPARE(w->game()->history().size(), size_t{1});
  click(*w, "A2");
  QCOMPARE(w->game()->history().size(), size_t{2});
  QCOMPARE(w->game()->position().at(site(*w, "A2")), kEmpty);
  QCOMPARE(w->move_list()->count(), 1);
  QVERIFY(w->move_list()->item(0)->text().contains("E3xA2"));
}

void GuiTest::fourSeatDiceTurn() {
  auto w = std::make_unique<MainWindow>();
  w->set_result_dialogs(false);
  w->show();
  QVERIFY(w->open("chaturanga/four-handed", {{"dice", "on"}}));
  QVERIFY(w->game()->position().awaiting_roll());
  QCOMPARE(w->button_texts(), QStringList{"Roll"});
  QVERIFY(w->press_button("Roll"));
  QVERIFY(!w->game()->position().awaiting_roll());
  MoveList moves = const_cast<Game*>(w->game())->legal_moves();
  QVERIFY(!moves.empty());
  const Move m = moves[0];
  if (MoveInput::keys(m).empty())
    QVERIFY(w->press_button(QString::fromStdString(move_text(w->game()->position(), m))));
  else
    click_move(*w, m);
  QCOMPARE(w->game()->history().size(), size_t{2});  // the throw and the move
  QVERIFY(w->game()->position().to_move() != 0);
}

void GuiTest::illegalClickIsExplained() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  click(*w, "e2");
  click(*w, "e5");
  QVERIFY(w->game()->history().empty());
  QVERIFY2(!w->status().isEmpty(), "no reason shown");
  click(*w, "e4");  // the pawn stays selected
  QCOMPARE(w->game()->history().size(), size_t{1});
  click(*w, "a3");  // empty, and not black's piece either
  QVERIFY(w->status().contains("a3"));
}

void GuiTest::dragAndDropMoves() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  const QPoint from = w->board()->centre(site(*w, "g1")).toPoint();
  const QPoint to = w->board()->centre(site(*w, "f3")).toPoint();
  QTest::mousePress(w->board(), Qt::LeftButton, {}, from);
  QMouseEvent move(QEvent::MouseMove, QPointF(to), w->board()->mapToGlobal(QPointF(to)),
                   Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w->board(), &move);
  QTest::mouseRelease(w->board(), Qt::LeftButton, {}, to);
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(QString::fromStdString(w->game()->history().back().text), QString("g1f3"));
}

void GuiTest::undoAndRedo() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  click(*w, "e2");
  click(*w, "e4");
  click(*w, "e7");
  click(*w, "e5");
  QCOMPARE(w->game()->history().size(), size_t{2});
  w->undo();
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(w->move_list()->count(), 1);
  w->redo();
  QCOMPARE(w->game()->history().size(), size_t{2});
  // Clicking the first move shows it.
  click_list(*w, 0);
  QCOMPARE(w->game()->history().size(), size_t{1});
}

void GuiTest::saveAndLoadRoundTrip() {
  auto w = window("mill/morabaraba");
  QVERIFY(w);
  for (const char* s : {"E1", "A1", "E2", "A2"}) click(*w, s);
  QCOMPARE(w->game()->history().size(), size_t{4});
  QTemporaryDir dir;
  const QString file = dir.filePath("game.rgr");
  QVERIFY(w->save_record(file));
  auto v = window("chess/orthodox");
  QVERIFY(v);
  QVERIFY(v->load_record(file));
  QCOMPARE(write_position(v->game()->position()), write_position(w->game()->position()));
  QCOMPARE(v->move_list()->count(), 4);
  // A file that is not a record says why.
  QFile bad(dir.filePath("bad.rgr"));
  QVERIFY(bad.open(QIODevice::WriteOnly));
  bad.write("[Rules \"mill/morabaraba\"]\n\n1. Z9\n");
  bad.close();
  QVERIFY(!v->load_record(bad.fileName()));
  QVERIFY(v->errors().contains("Z9"));
  // A PDN file from another program names no script: its GameType finds one,
  // the first of its games is loaded, and the move list is in PDN.
  QFile pdn(dir.filePath("games.pdn"));
  QVERIFY(pdn.open(QIODevice::WriteOnly));
  pdn.write(
      "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 {a comment} 14x23 *\n\n"
      "[GameType \"20\"]\n\n1. 31-27 *\n");
  pdn.close();
  QVERIFY(v->load_record(pdn.fileName()));
  QCOMPARE(QString::fromStdString(presentation_of(v->game()->rules()).title),
           QString("International draughts"));
  QCOMPARE(v->move_list()->count(), 4);
  QVERIFY(v->move_list()->item(2)->text().contains("28x19"));
}

void GuiTest::computerMoveArrivesWhileTheWindowResponds() {
  auto w = window("jetan/burroughs");
  QVERIFY(w);
  const SeatId first = w->game()->position().to_move();
  w->set_computer(first == 0 ? 1 : 0, true);
  MoveList moves = const_cast<Game*>(w->game())->legal_moves();
  click_move(*w, moves[0]);
  QCOMPARE(w->game()->history().size(), size_t{1});
  // The event loop keeps running while the computer thinks; its move comes.
  int ticks = 0;
  QTimer timer;
  QObject::connect(&timer, &QTimer::timeout, [&] { ++ticks; });
  timer.start(1);
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 10000);
  QVERIFY(ticks > 0 || !w->thinking());
  QCOMPARE(w->game()->position().to_move(), first);
}

void GuiTest::brokenScriptShowsFileAndLine() {
  QTemporaryDir dir;
  const QString file = dir.filePath("broken.lua");
  write_file(file, "return game {\n  title = \"x\",\n  board = grid { width = 0 },\n}\n");
  MainWindow w;
  w.set_result_dialogs(false);
  QVERIFY(!w.open(file.toStdString()));
  QVERIFY2(w.errors().contains("broken.lua:3"), qPrintable(w.errors()));
}

void GuiTest::hotReloadPicksUpAnEdit() {
  QTemporaryDir dir;
  const QString file = dir.filePath("tiny.lua");
  auto write = [&](const char* steps) {
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(
        QString("return game {\n  title = \"Tiny\",\n  board = grid { width = 3, height = 3 },\n"
                "  seats = { \"white\", \"black\" },\n"
                "  pieces = { piece { name = \"king\", symbol = \"K\", moves = { step { dirs = "
                "\"%1\" } } } },\n"
                "  setup = { white = { king = \"a1\" }, black = { king = \"c3\" } },\n}\n")
            .arg(steps)
            .toUtf8());
  };
  write("all");
  auto w = window(file.toStdString());
  QVERIFY2(w, qPrintable(file));
  click(*w, "a1");
  click(*w, "b2");
  QCOMPARE(w->game()->history().size(), size_t{1});
  // Kings now step only orthogonally: the diagonal step just played becomes illegal.
  write("orthogonal");
  QTRY_VERIFY_WITH_TIMEOUT(w->status().contains("not legal under the edited rules"), 5000);
  QCOMPARE(w->game()->history().size(), size_t{0});
  // A broken edit keeps the rules in play and shows the error.
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write("return game {\n  title = \n");
  f.close();
  QTRY_VERIFY_WITH_TIMEOUT(w->errors().contains("tiny.lua"), 5000);
  click(*w, "a1");
  click(*w, "a2");
  QCOMPARE(w->game()->history().size(), size_t{1});
}

void GuiTest::pickerListsEveryScript() {
  gui::GamePicker picker(nullptr, "mill/ishikulu");
  int scripts = 0;
  for (int i = 0; i < picker.tree()->topLevelItemCount(); ++i)
    scripts += picker.tree()->topLevelItem(i)->childCount();
  QCOMPARE(scripts, static_cast<int>(script::bundled_scripts().size()));
  const auto c = picker.choice();
  QCOMPARE(QString::fromStdString(c.spec), QString("mill/ishikulu"));
  QCOMPARE(c.players.size(), size_t{2});
  QVERIFY(!c.options.empty());  // removal=compulsory|optional
  // Each seat: a person, the computer at a level, or the random player.
  QComboBox* second = picker.seat_boxes().at(1);
  QStringList offered;
  for (int i = 0; i < second->count(); ++i) offered << second->itemText(i);
  QCOMPARE(offered,
           QStringList({"Human", "Computer: level 1", "Computer: level 2", "Computer: level 3",
                        "Computer: level 4", "Computer: level 5", "Computer: random"}));
  second->setCurrentIndex(second->findText("Computer: level 4"));
  QCOMPARE(picker.choice().players, std::vector<std::string>({"human", "ai:4"}));
  second->setCurrentIndex(second->findText("Computer: random"));
  QCOMPARE(picker.choice().players.at(1), std::string("random"));
}

void GuiTest::jetanEscapeAndTheStepToTheSameSquareAreTwoChoices() {
  auto w = window("jetan/burroughs");
  QVERIFY(w);
  QVERIFY(w->set_position(only(
      *w, {{"e5", "princess", 0}, {"e8", "warrior", 1}, {"a1", "chief", 0}, {"j10", "chief", 1}})));
  click(*w, "e5");
  pick_from_menu("escape", 2);
  click(*w, "e2");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QVERIFY(QString::fromStdString(w->game()->history().back().text).endsWith("escape"));
}

void GuiTest::rulesPanelDescribesThePieces() {
  auto w = window("jetan/burroughs");
  QVERIFY(w);
  QVERIFY(w->rules_text().contains(
      "exactly 3 orthogonal steps, turning at will, no square twice, not over pieces"));
  QVERIFY(w->open("mill/ishikulu"));
  QVERIFY(
      w->rules_text().contains("is dropped from the hand on an empty point, in the place phase"));
}

void GuiTest::resignationAndDrawOffer() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  click(*w, "e2");
  click(*w, "e4");
  w->resign();  // black, to move, resigns
  QVERIFY(w->game()->over());
  QCOMPARE(QString::fromStdString(w->game()->result().reason), QString("black resigns"));
  w->undo();
  QVERIFY(!w->game()->over());
  QCOMPARE(w->game()->history().size(), size_t{1});
  // The computer (white) declines a draw while it is ahead...
  QVERIFY(w->set_position("4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1"));
  w->set_computer(0, true);
  w->offer_draw();
  QVERIFY(!w->game()->over());
  QVERIFY(w->status().contains("declines"));
  // ...and accepts one when it is behind.
  QVERIFY(w->set_position("qqqqk3/8/8/8/8/8/8/4K3 b - - 0 1"));
  w->offer_draw();
  QVERIFY(w->game()->over());
  QCOMPARE(QString::fromStdString(w->game()->result().reason), QString("draw agreed"));
}

void GuiTest::positionEditorPlacesPiecesAndSetsTheTurn() {
  auto w = window("mill/ishikulu");
  QVERIFY(w);
  w->set_editing(true);
  QVERIFY(w->editing());
  w->set_edit_piece(1);  // white token
  click(*w, "E1");
  click(*w, "E2");
  w->set_edit_piece(2);  // black token
  click(*w, "A1");
  w->set_edit_to_move(1);
  w->set_edit_hand(0, 0, 3);
  w->set_edit_hand(1, 0, 4);
  QVERIFY(w->game()->position().at(site(*w, "E1")) == kEmpty);  // the game is untouched so far
  QVERIFY(w->finish_editing());
  QVERIFY(!w->editing());
  const Position& pos = w->game()->position();
  QCOMPARE(pos.to_move(), SeatId{1});
  QCOMPARE(pos.pieces(0), 2);
  QCOMPARE(pos.pieces(1), 1);
  QCOMPARE(pos.hand(0, 0), 3);
  QCOMPARE(pos.hand(1, 0), 4);
  QVERIFY(w->game()->history().empty());
}

void GuiTest::stakesLedgerShowsWhatEachPaymentWasFor() {
  // Jetan's stakes: the capturer is owed the value of what it takes.
  auto w = window("jetan/burroughs");
  QVERIFY(w);
  QVERIFY(w->set_position(only(
      *w, {{"e2", "warrior", 0}, {"e4", "panthan", 1}, {"a1", "chief", 0}, {"j10", "chief", 1}})));
  click(*w, "e2");
  click(*w, "e4");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QString ledger;
  for (QLabel* l : w->findChildren<QLabel*>())
    if (l->text().contains("<b>Ledger</b>")) ledger = l->text();
  QVERIFY2(
      ledger.contains(QString::fromStdString(w->game()->history().back().text) + ": black +1<br>"),
      qPrintable(ledger));
}

void GuiTest::moveIsAnimated() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  click(*w, "g1");
  click(*w, "f3");
  QVERIFY(w->board()->animating());
  QTRY_VERIFY_WITH_TIMEOUT(!w->board()->animating(), 2000);
}

void GuiTest::hotReloadFollowsARequiredModule() {
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkdir("lib"));
  auto put = [&](const QString& name, const QString& text) {
    QFile f(dir.filePath(name));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.toUtf8());
  };
  put("lib/kings.lua", "return { title = \"Kings one\" }\n");
  put("game.lua",
      "local k = require \"lib.kings\"\n"
      "return game {\n  title = k.title,\n  board = grid { width = 3, height = 3 },\n"
      "  pieces = { piece { name = \"king\", symbol = \"K\", moves = { step { dirs = \"all\" } } } "
      "},\n"
      "  setup = { white = { king = \"a1\" }, black = { king = \"c3\" } },\n}\n");
  auto w = window(dir.filePath("game.lua").toStdString());
  QVERIFY(w);
  QCOMPARE(QString::fromStdString(presentation_of(w->game()->rules()).title), QString("Kings one"));
  put("lib/kings.lua", "return { title = \"Kings two\" }\n");
  QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(presentation_of(w->game()->rules()).title),
                            QString("Kings two"), 5000);
}

void GuiTest::seatBoxLevelTwoPlaysTheMateInOne() {
  auto w = window("chess/orthodox", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  QVERIFY(w);
  choose_seat(*w, "white", "Computer: level 2");
  QCOMPARE(w->player(0), std::string("ai:2"));
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QCOMPARE(QString::fromStdString(w->game()->history().back().text), QString("a1a8"));
  QVERIFY(w->game()->over());
  // What the search saw, with its line in move texts.
  QVERIFY2(w->search_text().contains("mate in 1"), qPrintable(w->search_text()));
  QVERIFY2(w->search_text().contains("line: Ra8#"), qPrintable(w->search_text()));
  auto* shown = w->findChild<QLabel*>("search");
  QVERIFY(shown);
  QCOMPARE(shown->text(), w->search_text());
}

void GuiTest::computersPlayEachOtherLegallyAndReproducibly() {
  // Mill turns have two decisions when a line is made: the placement and its removal.
  QStringList first;
  for (int run = 0; run < 2; ++run) {
    auto w = window("mill/ishikulu");
    QVERIFY(w);
    w->set_seed(11);
    const QStringList turns = computers_play(*w, {"ai:1", "ai:2"}, 8);
    QVERIFY2(turns.size() >= 8 || w->game()->over(), qPrintable(turns.join(' ')));
    QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 10000);
    QVERIFY(replays(*w));
    if (run == 0) first = turns.mid(0, 8);
    // The same seed plays the same game.
    if (run == 1) QCOMPARE(turns.mid(0, 8), first);
  }
}

void GuiTest::computersThrowTheDiceAndPlayForFourSeats() {
  // Four seats and dice: MCTS levels, and the computer throws for itself.
  auto w = std::make_unique<MainWindow>();
  w->set_result_dialogs(false);
  w->show();
  QVERIFY(w->open("chaturanga/four-handed", {{"dice", "on"}}));
  w->set_seed(5);
  QStringList seen;  // what each search saw, as the window showed it
  QObject::connect(w.get(), &MainWindow::changed, [&] { seen << w->search_text(); });
  const QStringList turns = computers_play(*w, {"ai:1", "ai:1", "ai:1", "random"}, 10);
  QVERIFY2(turns.size() >= 10 || w->game()->over(), qPrintable(turns.join(' ')));
  QVERIFY(turns.filter("roll").size() >= 2);
  QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 10000);
  QVERIFY(replays(*w));
  QVERIFY2(!seen.filter("expected ").isEmpty(), qPrintable(seen.join('\n')));
}

void GuiTest::moveNowEndsALongSearch() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(!w->set_player(0, "alphabeta:depth=60"));  // far more than it could finish
  auto* box = w->findChild<QComboBox*>("seat:white");
  QVERIFY(box);
  QCOMPARE(box->currentText(), QString("Computer: alphabeta:depth=60"));
  QVERIFY(w->thinking());
  QTRY_VERIFY_WITH_TIMEOUT(w->search_text().contains("depth"), 20000);
  QCOMPARE(w->game()->history().size(), size_t{0});
  auto* now = w->findChild<QAction*>("move_now");
  QVERIFY(now);
  QVERIFY(!now->shortcut().isEmpty());
  now->trigger();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QVERIFY(!w->thinking());
  Game start(w->game()->rules_ptr());
  bool legal = false;
  for (const Move& m : start.legal_moves()) legal |= m.same(w->game()->history().back().move);
  QVERIFY(legal);
}

void GuiTest::aChangeWhileTheComputerThinksDropsItsAnswer() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  const std::string start = write_position(w->game()->position());
  QVERIFY(!w->set_player(1, "alphabeta:depth=60"));
  // The game changes under each search: each is stopped, and nothing is played.
  const std::vector<std::pair<const char*, std::function<void()>>> changes = {
      {"undo", [&] { w->undo(); }},
      {"seat change", [&] { QVERIFY(!w->set_player(1, "human")); }},
      {"position editor", [&] { w->set_editing(true); }},
      {"new position", [&] { QVERIFY(w->set_position(start)); }},
  };
  for (const auto& [what, change] : changes) {
    if (w->editing()) w->set_editing(false);
    QVERIFY(!w->set_player(1, "alphabeta:depth=60"));
    if (!w->game()->history().empty()) QVERIFY(w->set_position(start));
    click(*w, "e2");
    click(*w, "e4");
    QCOMPARE(w->game()->history().size(), size_t{1});
    QVERIFY2(w->thinking(), what);
    change();
    const size_t after = w->game()->history().size();
    QTRY_VERIFY2_WITH_TIMEOUT(!w->thinking(), what, 20000);
    QTest::qWait(100);
    QVERIFY2(w->game()->history().size() == after, what);
  }
  QCOMPARE(write_position(w->game()->position()), start);
  // A reload of the rules stops the search too, and the computer thinks again
  // under the reloaded rules: were the first search not stopped, the second
  // would never start and Move now would play nothing.
  w->set_editing(false);
  QVERIFY(!w->set_player(1, "alphabeta:depth=60"));
  click(*w, "e2");
  click(*w, "e4");
  QTRY_VERIFY_WITH_TIMEOUT(w->search_text().contains("depth"), 20000);
  w->reload();
  QVERIFY(w->search_text().isEmpty());
  QTRY_VERIFY_WITH_TIMEOUT(w->search_text().contains("depth"), 20000);
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 20000);
  QVERIFY(replays(*w));
  QVERIFY(w->set_position(start));
  // Closing the window while the computer thinks does not wait for the search.
  click(*w, "e2");
  click(*w, "e4");
  QVERIFY(w->thinking());
  QElapsedTimer clock;
  clock.start();
  w->close();
  w.reset();
  QVERIFY(clock.elapsed() < 20000);
}

void GuiTest::badSeatSpecificationIsRefused() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(!w->set_player(1, "ai:2"));
  const Status err = w->set_player(1, "ai:9");
  QVERIFY(err);
  QVERIFY2(QString::fromStdString(err->text()).contains("ai:9"), err->text().c_str());
  QCOMPARE(w->player(1), std::string("ai:2"));  // unchanged
  QVERIFY(w->set_player(0, "grandmaster"));
  QVERIFY(!w->set_player(0, "computer"));
  QCOMPARE(w->player(0), std::string(gui::kDefaultComputer));
  QVERIFY(!w->set_player(0, "human"));
  QVERIFY(!w->set_player(1, "human"));
  // The command line names the seat and the specification.
  const Ruleset& r = w->game()->rules();
  QVERIFY(!gui::parse_seat_option(r, "purple=ai:2"));
  QVERIFY(!gui::parse_seat_option(r, "white"));
  auto ok = gui::parse_seat_option(r, "black=computer");
  QVERIFY(ok);
  QCOMPARE(ok->seat, SeatId{1});
  QCOMPARE(ok->spec, std::string(gui::kDefaultComputer));
  QTemporaryDir dir;
  QProcess gui;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  gui.setProcessEnvironment(env);
  gui.start(REGULA_GUI,
            {"chess/orthodox", "--seat", "white=ai:9", "--screenshot", dir.filePath("shot.png")});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 2);
  const QString said = QString::fromLocal8Bit(gui.readAllStandardError());
  QVERIFY2(said.contains("--seat white: ai:9:"), qPrintable(said));
  gui.start(REGULA_GUI, {"chess/orthodox", "--seat", "white=ai:2", "--seat", "black=random",
                         "--screenshot", dir.filePath("shot.png")});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 0);
}

void GuiTest::searchLineShowsScoreSpeedAndTheLegalPartOfTheLine() {
  auto rules = script::load_rules("chess/orthodox");
  QVERIFY(rules);
  auto g = Game::from_position(*rules, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  QVERIFY(g);
  const Position& pos = g->position();
  Move mate;
  for (const Move& m : g->legal_moves())
    if (move_text(pos, m) == "a1a8") mate = m;
  ai::SearchInfo info;
  info.depth = 3;
  info.seldepth = 5;
  info.nodes = 12345;
  info.millis = 1000;
  info.score = 35;
  info.pv = {mate, mate};  // the second is not legal after the first
  QString text = gui::describe_search(pos, info);
  QVERIFY2(text.contains("depth 3/5"), qPrintable(text));
  QVERIFY2(text.contains("+35 cp"), qPrintable(text));
  QVERIFY2(text.contains("12,345 nodes"), qPrintable(text));
  QVERIFY2(text.contains("12,345 per second"), qPrintable(text));
  QVERIFY2(text.endsWith("line: Ra8#"), qPrintable(text));
  info.score = ai::kWinScore - 3;  // our move, the reply, the mate
  QVERIFY(gui::describe_search(pos, info).contains("mate in 2"));
  info.score = -ai::kWinScore + 2;
  QVERIFY(gui::describe_search(pos, info).contains("mated in 1"));
  info.expected = 0.634;
  text = gui::describe_search(pos, info);
  QVERIFY2(text.contains("expected 63%") && text.contains("iterations"), qPrintable(text));
  info.pv.clear();
  QVERIFY(!gui::describe_search(pos, info).contains("line"));
  // A forced move is not searched.
  info = ai::SearchInfo{};
  info.pv = {mate};
  QCOMPARE(gui::describe_search(pos, info), QString("the only move: Ra8#"));
}

void GuiTest::moveListShowsAnEarlierPositionAndKeepsEveryMove() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  play_clicks(*w, {"e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6"});
  QCOMPARE(w->move_list()->count(), 4);
  const std::string end = write_position(w->game()->position());
  click_list(*w, 1);  // move 2: the board shows the position after it
  QCOMPARE(write_position(*w->board()->position()), chess_after(*w, {"e2e4", "e7e5"}));
  QCOMPARE(w->shown_turns(), 2);
  QCOMPARE(w->move_list()->count(), 4);
  QCOMPARE(w->line()->turns().size(), size_t{4});
  QVERIFY(w->move_list()->item(3)->text().contains("Nc6"));
  QVERIFY(w->status().contains("move 2 of 4"));
  // The keys walk the list: Right twice is the end again, Home the start, End the end.
  QTest::keyClick(w->board(), Qt::Key_Right);
  QCOMPARE(w->shown_turns(), 3);
  QTest::keyClick(w->board(), Qt::Key_Right);
  QCOMPARE(write_position(*w->board()->position()), end);
  QCOMPARE(w->game(), w->line());
  QTest::keyClick(w->move_list(), Qt::Key_Home);
  QCOMPARE(w->shown_turns(), 0);
  QCOMPARE(write_position(w->game()->position()), chess_after(*w, {}));
  QTest::keyClick(w->move_list(), Qt::Key_End);
  QCOMPARE(w->shown_turns(), 4);
  QTest::keyClick(w->board(), Qt::Key_Left);
  QCOMPARE(w->shown_turns(), 3);
  QTest::keyClick(w->move_list(), Qt::Key_Up);
  QCOMPARE(w->shown_turns(), 2);
  QTest::keyClick(w->move_list(), Qt::Key_Down);
  QCOMPARE(w->shown_turns(), 3);
  QTest::keyClick(w->board(), Qt::Key_End);
  // At the end of the line undo and redo work as before.
  w->undo();
  QCOMPARE(w->game()->turns().size(), size_t{3});
  QCOMPARE(w->move_list()->count(), 3);
  w->redo();
  QCOMPARE(write_position(w->game()->position()), end);
  QCOMPARE(w->move_list()->count(), 4);
}

void GuiTest::playingFromAnEarlierMoveCutsTheGameOnlyWhenAgreed() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  play_clicks(*w, {"e2", "e4", "e7", "e5", "g1", "f3", "b8", "c6"});
  QStringList asked;
  bool answer = false;
  keep_questions(*w, asked, answer);
  click_list(*w, 1);
  play_clicks(*w, {"d2", "d4"});  // answered No: every move stays
  QCOMPARE(asked.size(), 1);
  QCOMPARE(asked[0], QString("Cut the game here and play this move?\n2 later moves will be lost."));
  QCOMPARE(w->move_list()->count(), 4);
  QCOMPARE(w->line()->turns().size(), size_t{4});
  QCOMPARE(write_position(w->game()->position()), chess_after(*w, {"e2e4", "e7e5"}));
  answer = true;
  play_clicks(*w, {"d2", "d4"});  // answered Yes: the game is cut and the move played
  QCOMPARE(asked.size(), 2);
  QCOMPARE(w->move_list()->count(), 3);
  QCOMPARE(w->game(), w->line());
  QCOMPARE(write_position(w->game()->position()), chess_after(*w, {"e2e4", "e7e5", "d2d4"}));
  // At the end of the line nothing is asked.
  play_clicks(*w, {"d7", "d5"});
  QCOMPARE(asked.size(), 2);
  QCOMPARE(w->move_list()->count(), 4);
}

void GuiTest::aMoveAfterAnUndoAsksBeforeForgettingWhatRedoWouldReplay() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  play_clicks(*w, {"e2", "e4", "e7", "e5", "g1", "f3"});
  QStringList asked;
  bool answer = false;
  keep_questions(*w, asked, answer);
  w->undo();
  w->undo();
  QCOMPARE(w->game()->history().size(), size_t{1});
  play_clicks(*w, {"d7", "d5"});  // answered No: Redo still has both moves
  QCOMPARE(asked,
           QStringList{"Cut the game here and play this move?\n2 later moves will be lost."});
  QCOMPARE(w->game()->history().size(), size_t{1});
  w->redo();
  w->redo();
  QCOMPARE(write_position(w->game()->position()), chess_after(*w, {"e2e4", "e7e5", "g1f3"}));
  // Every move taken back, a game is still in progress: replacing it asks.
  for (int i = 0; i < 3; ++i) w->undo();
  QVERIFY(w->game()->history().empty());
  QTemporaryDir dir;
  const QString file = dir.filePath("game.rgr");
  QVERIFY(window("chess/orthodox")->save_record(file));
  QVERIFY(!w->load_record(file));
  QCOMPARE(asked.size(), 2);
  QCOMPARE(asked[1], QString("A game is in progress. Abandon it?"));
  // Answered Yes, the move is played and Redo has nothing left.
  answer = true;
  play_clicks(*w, {"d2", "d4"});
  QCOMPARE(asked.size(), 3);
  QCOMPARE(asked[2], QString("Cut the game here and play this move?\n3 later moves will be lost."));
  QCOMPARE(write_position(w->game()->position()), chess_after(*w, {"d2d4"}));
  QVERIFY(!w->game()->can_redo());
  // With nothing taken back, nothing is asked.
  play_clicks(*w, {"d7", "d5"});
  QCOMPARE(asked.size(), 3);
}

void GuiTest::replacingAGameInProgressAsksFirst() {
  auto v = window("chess/orthodox");
  QVERIFY(v);
  QTemporaryDir dir;
  const QString file = dir.filePath("game.rgr");
  QVERIFY(v->save_record(file));
  auto w = window("mill/morabaraba");
  QVERIFY(w);
  QStringList asked;
  bool answer = false;
  keep_questions(*w, asked, answer);
  QVERIFY(w->load_record(file));  // no move played yet: nothing to ask
  QVERIFY(asked.isEmpty());
  play_clicks(*w, {"e2", "e4"});
  QVERIFY(!w->load_record(file));
  QCOMPARE(asked, QStringList{"A game is in progress. Abandon it?"});
  QCOMPARE(w->game()->history().size(), size_t{1});
  // Game > New game asks too, before its picker.
  QAction* new_game = nullptr;
  for (QAction* a : w->findChildren<QAction*>())
    if (a->text() == "&New game...") new_game = a;
  QVERIFY(new_game);
  new_game->trigger();
  QCOMPARE(asked.size(), 2);
  QCOMPARE(w->game()->history().size(), size_t{1});
  answer = true;
  QVERIFY(w->load_record(file));
  QVERIFY(w->game()->history().empty());
}

void GuiTest::theEditedPositionAsksBeforeReplacingAGameInProgress() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  QStringList asked;
  bool answer = false;
  keep_questions(*w, asked, answer);
  QVERIFY(w->enter_move("e4"));
  w->set_editing(true);
  w->set_edit_to_move(1);
  // Refused: the game and its move stay, and the editor stays open.
  QVERIFY(!w->finish_editing());
  QCOMPARE(asked, QStringList{"A game is in progress. Abandon it?"});
  QVERIFY(w->editing());
  QCOMPARE(w->game()->history().size(), size_t{1});
  answer = true;
  QVERIFY(w->finish_editing());
  QVERIFY(!w->editing());
  QCOMPARE(asked.size(), 2);
  QVERIFY(w->game()->history().empty());
}

void GuiTest::piecesAreFilledInTheirSeatsColour() {
  // In every bundled script, a piece of the seat drawn in the lighter colour looks
  // lighter than the same piece of the darker seat's, whatever the square.
  int compared = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    QVERIFY2(rules, info.name.c_str());
    const Ruleset& r = **rules;
    Game game(*rules);
    const Position& pos = game.position();
    const std::map<SiteId, QColor> colours = piece_colours(pos);
    std::map<SiteId, double> lum;
    for (const auto& [s, c] : colours) lum[s] = luminance(c.rgb());
    expect_seats_told_apart(info.name, pos, colours);
    if (QTest::currentTestFailed()) return;
    // Each type's mean luminance for each seat.
    std::map<std::pair<TypeId, SeatId>, std::pair<double, int>> mean;
    for (const auto& [s, l] : lum) {
      auto& m = mean[{piece_type(pos.at(s)), piece_seat(pos.at(s))}];
      m.first += l, ++m.second;
    }
    for (const auto& [key, light] : mean)
      for (const auto& [other, dark] : mean) {
        const double seat_light = gui::seat_colour(r, key.second).lightness();
        const double seat_dark = gui::seat_colour(r, other.second).lightness();
        if (key.first != other.first || seat_light - seat_dark < 150) continue;
        const double difference = light.first / light.second - dark.first / dark.second;
        QVERIFY2(difference > 60, qPrintable(QString("%1: %2 of %3 and of %4 differ by %5")
                                                 .arg(info.name.c_str())
                                                 .arg(r.types[key.first].name.c_str())
                                                 .arg(r.seats[key.second].name.c_str())
                                                 .arg(r.seats[other.second].name.c_str())
                                                 .arg(difference)));
        ++compared;
      }
  }
  QVERIFY(compared >= 50);
}

void GuiTest::removalAfterAMillIsPromptedAndItsTokensMarked() {
  // Black's A1-A2-A3 is a line, so only R5 may be removed.
  auto w = window("mill/nine-mens-morris",
                  "E1:T,E2:T,A1:t,A2:t,A3:t,R5:t white hand.white=token:7 hand.black=token:5");
  QVERIFY(w);
  QCOMPARE(w->board()->prompts(), std::set<SiteId>{});
  click(*w, "E3");  // the line E1-E2-E3
  QCOMPARE(w->status(), QString("white must remove a token: click one of those marked"));
  QCOMPARE(w->board()->prompts(), std::set<SiteId>{site(*w, "R5")});
  click(*w, "A1");  // protected by its line
  QCOMPARE(w->game()->history().size(), size_t{1});
  click(*w, "R5");
  QCOMPARE(w->game()->history().size(), size_t{2});
  QCOMPARE(w->board()->prompts(), std::set<SiteId>{});
}

void GuiTest::compulsoryCaptureMarksItsPiecesAndExplainsAnother() {
  auto w = window("draughts/spanish", "8/8/8/8/4m3/3M3M/8/8 white");
  QVERIFY(w);
  QCOMPARE(w->board()->prompts(), std::set<SiteId>{site(*w, "d3")});
  QCOMPARE(w->status(), QString("white must capture with one of the marked pieces"));
  click(*w, "h3");
  QCOMPARE(w->status(),
           QString("h3: capturing is compulsory: white must capture (11 to 18 captures)"));
  // Also when another piece was picked up first.
  click(*w, "d3");
  click(*w, "h3");
  QCOMPARE(w->status(),
           QString("h3: capturing is compulsory: white must capture (11 to 18 captures)"));
  click(*w, "f5");
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(w->board()->prompts(), std::set<SiteId>{});
}

void GuiTest::boardKeepsItsSizeAsButtonsComeAndGo() {
  auto w = std::make_unique<MainWindow>();
  w->set_result_dialogs(false);
  w->resize(900, 700);
  w->show();
  QVERIFY(w->open("chaturanga/four-handed", {{"dice", "on"}}));
  settle();
  const QRect with_roll = w->board()->geometry();
  QCOMPARE(w->button_texts(), QStringList{"Roll"});
  QVERIFY(w->press_button("Roll"));
  settle();
  QCOMPARE(w->button_texts(), QStringList{"pass"});
  QCOMPARE(w->board()->geometry(), with_roll);
  w->resign();  // over: no button at all, as when a computer seat is to move
  QVERIFY(w->game()->over());
  settle();
  QCOMPARE(w->button_texts(), QStringList{});
  QCOMPARE(w->board()->geometry(), with_roll);
  // Pieces in hand come and go as well (crazyhouse: a capture puts one in hand).
  auto c = window("chess/crazyhouse");
  QVERIFY(c);
  settle();
  const QRect empty_hands = c->board()->geometry();
  play_clicks(*c, {"e2", "e4", "d7", "d5", "e4", "d5", "d8", "d5"});
  QCOMPARE(c->game()->history().size(), size_t{4});
  settle();
  QVERIFY(c->findChild<QToolButton*>("hand:pawn"));
  QCOMPARE(c->board()->geometry(), empty_hands);
}

namespace {

// A wrapped label shows its whole text when the height its text needs at its
// width is the height it was given.
bool shows_whole(const QLabel* label) {
  return label->isVisible() && label->heightForWidth(label->width()) <= label->height();
}

// Selects the script called name in the picker and lays the dialog out.
void pick(gui::GamePicker& picker, const QString& name) {
  for (int i = 0; i < picker.tree()->topLevelItemCount(); ++i)
    for (int j = 0; j < picker.tree()->topLevelItem(i)->childCount(); ++j) {
      QTreeWidgetItem* item = picker.tree()->topLevelItem(i)->child(j);
      if (item->data(0, Qt::UserRole).toString() == name) picker.tree()->setCurrentItem(item);
    }
  // The rows it adds are shown, then the dialog grows to fit them.
  QApplication::processEvents();
  QApplication::processEvents();
}

}  // namespace

void GuiTest::pickerShowsEveryTextWhole() {
  gui::GamePicker picker;
  picker.show();
  QApplication::processEvents();
  // The list: its column as wide as its longest title, and all of it in view.
  QTreeWidget* tree = picker.tree();
  const int longest = static_cast<QAbstractItemView*>(tree)->sizeHintForColumn(0);
  QVERIFY(tree->header()->sectionSize(0) >= longest);
  QVERIFY2(tree->viewport()->width() >= longest,
           qPrintable(QString("%1 < %2").arg(tree->viewport()->width()).arg(longest)));
  for (const script::ScriptInfo& info : script::bundled_scripts()) {
    pick(picker, QString::fromStdString(info.name));
    const QString title = QString::fromStdString(info.title);
    QCOMPARE(picker.title_label()->text(), title);
    QVERIFY2(shows_whole(picker.title_label()), qPrintable(title));
    QVERIFY2(shows_whole(picker.description_label()), qPrintable(title));
    for (const QLabel* what : picker.option_labels())
      QVERIFY2(shows_whole(what), qPrintable(title + ": " + what->text()));
  }
}

void GuiTest::pickerShowsEveryTextWholeAtTwiceTheSize() {
  // The same test in a program whose every size is doubled (200% scaling).
  const QString failed = gui_test::fails_at_twice_the_size("pickerShowsEveryTextWhole");
  QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

void GuiTest::pickerDescribesEveryScript() {
  gui::GamePicker picker;
  for (const script::ScriptInfo& info : script::bundled_scripts()) {
    pick(picker, QString::fromStdString(info.name));
    QVERIFY2(!picker.description_label()->text().trimmed().isEmpty(), info.name.c_str());
  }
  // A script's own description (the words of one that gives none: picker_test.cpp).
  auto shogi = script::load_rules("shogi/shogi");
  QVERIFY(shogi);
  pick(picker, "shogi/shogi");
  QCOMPARE(picker.description_label()->text(),
           QString::fromStdString(presentation_of(**shogi).description));
}

void GuiTest::mistypedScriptNameIsAnsweredWithTheNearest() {
  QProcess gui;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  gui.setProcessEnvironment(env);
  gui.start(REGULA_GUI, {"chess/orthodx"});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 2);
  const QString said = QString::fromLocal8Bit(gui.readAllStandardError());
  QVERIFY2(said.contains("regula-gui: chess/orthodx: no script 'chess/orthodx' on the rules "
                         "search path"),
           qPrintable(said));
  QVERIFY2(said.contains("; did you mean chess/orthodox?\n"), qPrintable(said));
}

void GuiTest::helpNeedsNoDisplay() {
  // No display and no platform named: the help is printed all the same.
  QProcess gui;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("QT_QPA_PLATFORM");
  env.remove("DISPLAY");
  env.remove("WAYLAND_DISPLAY");
  gui.setProcessEnvironment(env);
  gui.start(REGULA_GUI, {"--help", "--lang", "en"});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 0);
  const QString said = QString::fromLocal8Bit(gui.readAllStandardOutput());
  QVERIFY2(said.contains("Usage: ") && said.contains("Plays any regula rule script."),
           qPrintable(said));
  // A mistake on the command line is answered as such, and a game asked for
  // without a display is refused in words, not by Qt's abort.
  gui.start(REGULA_GUI, {"--bogus", "--lang", "en"});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 1);
  QVERIFY2(QString::fromLocal8Bit(gui.readAllStandardError()).contains("Unknown option 'bogus'"),
           "no word on the unknown option");
  gui.start(REGULA_GUI, {"chess/orthodox", "--lang", "en"});
  QVERIFY(gui.waitForFinished(60000));
  QCOMPARE(gui.exitCode(), 2);
  const QString refused = QString::fromLocal8Bit(gui.readAllStandardError());
  QVERIFY2(refused.contains("regula-gui: no display to open a window on (DISPLAY and "
                            "WAYLAND_DISPLAY are not set); --screenshot FILE draws the window "
                            "without one\n"),
           qPrintable(refused));
}

void GuiTest::badRecordAndBadPositionSayWhatIsWrong() {
  auto w = window("chess/orthodox");
  QVERIFY(w);
  QTemporaryDir dir;
  const QString file = dir.filePath("bad.pgn");
  write_file(file, "[Rules \"chess/orthodox\"]\n\n1. e4 e5 2. Ke3 *\n");
  QVERIFY(!w->load_record(file));
  QVERIFY2(w->errors().contains(file + ": "), qPrintable(w->errors()));
  QVERIFY2(w->errors().contains("Ke3"), qPrintable(w->errors()));
  QVERIFY(!w->set_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1"));
  QCOMPARE(w->status(), QString("position: unknown piece 'Z'"));
}

void GuiTest::everyPieceTypeOfAScriptHasAPictureOfItsOwn() {
  // Drawn in one seat's colour, any two types of a script differ in more than a
  // few pixels: a piece is known by its shape.
  constexpr int kSize = 48;
  for (const auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    QVERIFY2(rules, info.name.c_str());
    const Ruleset& r = **rules;
    const Position empty = Position::empty(*rules);
    gui::BoardView view;
    view.set_position(&empty);
    std::vector<QImage> pictures;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      pictures.push_back(view.piece_picture(make_piece(t, 0), kSize));
    for (size_t a = 0; a < pictures.size(); ++a)
      for (size_t b = a + 1; b < pictures.size(); ++b) {
        int differ = 0;
        for (int y = 0; y < kSize; ++y)
          for (int x = 0; x < kSize; ++x) {
            const QRgb p = pictures[a].pixel(x, y), q = pictures[b].pixel(x, y);
            if (std::abs(qAlpha(p) - qAlpha(q)) + std::abs(qRed(p) - qRed(q)) +
                    std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) >
                96)
              ++differ;
          }
        QVERIFY2(differ > kSize * kSize / 40,
                 qPrintable(QString("%1: %2 and %3 differ in %4 pixels")
                                .arg(info.name.c_str())
                                .arg(r.types[a].name.c_str())
                                .arg(r.types[b].name.c_str())
                                .arg(differ)));
      }
  }
}

void GuiTest::everyBundledDrawingAScriptNamesIsThere() {
  // Every piece of every bundled script is one of the program's drawings, one
  // it carries, a valid SVG.
  for (const auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    QVERIFY2(rules, info.name.c_str());
    const Ruleset& r = **rules;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      for (SeatId seat = 0; seat < r.num_seats(); ++seat) {
        const QString glyph = QString::fromStdString(presentation_of(r).glyph(t, seat));
        const QString where =
            QString("%1: %2: '%3'").arg(info.name.c_str()).arg(r.types[t].name.c_str()).arg(glyph);
        QVERIFY2(glyph.startsWith(":pieces/"), qPrintable(where));
        QVERIFY2(QSvgRenderer(":/" + glyph.mid(1)).isValid(), qPrintable(where));
      }
  }
}

void GuiTest::aPiecesTooltipNamesIt() {
  auto w = window("jetan/burroughs");
  QVERIFY(w);
  gui::BoardView* board = w->board();
  QCOMPARE(board->piece_name_at(board->centre(site(*w, "e1"))), QString("black chief"));
  QCOMPARE(board->piece_name_at(board->centre(site(*w, "e10"))), QString("orange princess"));
  QCOMPARE(board->piece_name_at(board->centre(site(*w, "e5"))), QString());
}

QTEST_MAIN(GuiTest)
#include "gui_test.moc"
