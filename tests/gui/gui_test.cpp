// The GUI driven through its real widgets, by simulated mouse clicks, under
// QT_QPA_PLATFORM=offscreen.
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest/QtTest>
#include <fstream>

#include "gui/board_view.h"
#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "session/move_input.h"

using namespace regula;
using regula::gui::MainWindow;

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

// A position of the window's script with only the given pieces: {site, type, seat}.
struct Put {
  const char* site;
  const char* type;
  SeatId seat;
};
std::string only(const MainWindow& w, std::initializer_list<Put> pieces) {
  const Ruleset& r = w.game()->rules();
  Position p = Position::empty(w.game()->rules_ptr());
  for (const Put& put : pieces)
    for (size_t t = 0; t < r.types.size(); ++t)
      if (r.types[t].name == put.type)
        p.set_site(r.topology.find(put.site), make_piece(static_cast<TypeId>(t), put.seat), 0);
  return write_position(p);
}

std::unique_ptr<MainWindow> window(const std::string& spec, const std::string& position = "") {
  auto w = std::make_unique<MainWindow>();
  w->set_result_dialogs(false);
  w->resize(900, 700);
  w->show();
  if (!w->open(spec)) return nullptr;
  if (!position.empty() && !w->set_position(position)) return nullptr;
  return w;
}

}  // namespace

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
  QCOMPARE(QString::fromStdString(w->game()->history().back().text), QString("d3xf5xd7"));
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
  // Clicking the first move goes back to it.
  QTest::mouseClick(w->move_list()->viewport(), Qt::LeftButton, {},
                    w->move_list()->visualItemRect(w->move_list()->item(0)).center());
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
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("return game {\n  title = \"x\",\n  board = grid { width = 0 },\n}\n");
  f.close();
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
      "exactly 3 orthogonal steps, may turn, no square twice, may not jump"));
  QVERIFY(w->open("mill/ishikulu"));
  QVERIFY(w->rules_text().contains("enters from the hand on an empty point, in the place phase"));
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
  w->set_computer(0, true);  // the computer declines a draw
  w->offer_draw();
  QVERIFY(!w->game()->over());
  QVERIFY(w->status().contains("declines"));
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
  QCOMPARE(QString::fromStdString(w->game()->rules().title), QString("Kings one"));
  put("lib/kings.lua", "return { title = \"Kings two\" }\n");
  QTRY_COMPARE_WITH_TIMEOUT(QString::fromStdString(w->game()->rules().title), QString("Kings two"),
                            5000);
}

QTEST_MAIN(GuiTest)
#include "gui_test.moc"
