// Premoves, offscreen, against a computer seat that searches until it is told
// to move (Move now): a move entered while it thinks is shaded on the board,
// played at once when its turn comes if it is legal then, dropped with a word
// in the status bar if it is not, and cancelled by the right button or Escape.
#include <QApplication>
#include <QMouseEvent>
#include <QPushButton>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest/QtTest>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "window_support.h"

using namespace regula;
using regula::gui::BoardView;
using regula::gui::MainWindow;
using regula::gui_test::only;
using regula::gui_test::Put;
using regula::gui_test::window;

namespace {

// A computer that does not finish its search before it is told to move.
const char* const kSlowComputer = "alphabeta:depth=60";
// The same where a search of every depth ends soon (a small board).
const char* const kSlowPlayouts = "mcts:iterations=1000000000";
// Black (the computer) to move its king; white has a pawn on a2 that nothing
// black can do stops from going to a4.
const char* const kFreePawn = "7k/8/8/8/8/8/P7/4K3 b - - 0 1";
// Black to move, with its king boxed in on a8: whichever square the knight on
// d4 goes to, e3xd4 is no longer a capture, and so no longer legal.
const char* const kFleeingKnight = "k7/2K5/1P6/8/3n4/4P3/8/8 b - - 0 1";

SiteId site(const MainWindow& w, const char* name) {
  return w.game()->rules().topology.find(name);
}

QPoint point(const MainWindow& w, const char* name) {
  return w.board()->centre(site(w, name)).toPoint();
}

void click(MainWindow& w, const char* name) {
  QTest::mouseClick(w.board(), Qt::LeftButton, {}, point(w, name));
}

std::vector<SiteId> sites(const MainWindow& w, std::initializer_list<const char*> names) {
  std::vector<SiteId> out;
  for (const char* n : names) out.push_back(site(w, n));
  return out;
}

// Crazyhouse, black (the computer) to move; white has a knight in hand, and
// d4 stays empty whatever black plays.
const char* const kKnightInHand = "7k/p7/8/8/8/8/P7/4K3[N] b - - 0 1";
// Crazyhouse, black to move with its pawn on h7 held by white's on h6: it is
// still there whatever black plays, and no knight can be dropped on it.
const char* const kHeldPawn = "r6k/7p/7P/8/8/8/8/4K3[N] b - - 0 1";

// The window on position, black played by the slow computer, which is thinking.
std::unique_ptr<MainWindow> against_computer(const char* position,
                                             const char* script = "chess/orthodox") {
  auto w = window(script, position);
  if (!w || w->set_player(1, kSlowComputer) || !w->thinking()) return nullptr;
  return w;
}

// The colour just inside a square's bottom right corner, clear of its piece.
QColor corner(MainWindow& w, const char* name) {
  const QImage image = w.board()->grab().toImage();
  const double c = std::abs(w.board()->centre(0).x() - w.board()->centre(1).x()) +
                   std::abs(w.board()->centre(0).y() - w.board()->centre(1).y());
  return image.pixelColor(
      (w.board()->centre(site(w, name)) + QPointF(c * 0.45, c * 0.45)).toPoint());
}

// Kings and rooks on a chessboard, where a seat may pass instead of moving
// (not while in check).
const char* const kPassingRooks = R"(return game {
  title = "Passing rooks",
  board = grid { width = 8, height = 8 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
  },
  setup = { white = { king = "a1", rook = "e2 f2 g2" }, black = { king = "h8", rook = "h7" } },
  pass = true,
  ends = { check = true },
}
)";

// The window on kPassingRooks with only pieces, black (the slow computer,
// thinking) to move; the script is written into dir.
std::unique_ptr<MainWindow> passing(const QTemporaryDir& dir, std::initializer_list<Put> pieces) {
  const QString file = dir.filePath("passing.lua");
  QFile f(file);
  if (!f.open(QIODevice::WriteOnly)) return nullptr;
  f.write(kPassingRooks);
  f.close();
  auto w = window(file.toStdString());
  if (!w || !w->set_position(only(*w, pieces, 1))) return nullptr;
  if (w->set_player(1, kSlowPlayouts) || !w->thinking()) return nullptr;
  return w;
}

// The button below the board that reads text, or null.
QPushButton* button(MainWindow& w, const QString& text) {
  QCoreApplication::processEvents();
  for (auto* b : w.findChildren<QPushButton*>())
    if (b->text() == text && b->isVisible()) return b;
  return nullptr;
}

}  // namespace

class PremoveTest : public QObject {
  Q_OBJECT
 private slots:
  void aPremoveThatIsLegalThenIsPlayedAtOnce();
  void aPremoveThatIsIllegalThenIsDroppedWithANote();
  void aDragEntersAPremove();
  void aPieceOnlyPickedUpIsPickedUpWhenTheTurnComes();
  void rightClickAndEscapeCancel();
  void onlyThePersonsPiecesStartAPremove();
  void aDropFromHandIsAPremove();
  void aDropThatIsIllegalThenIsDroppedWithANote();
  void aPassIsAPremove();
};

void PremoveTest::aPremoveThatIsLegalThenIsPlayedAtOnce() {
  auto w = against_computer(kFreePawn);
  QVERIFY(w);
  const QColor before = corner(*w, "a4");
  click(*w, "a2");
  QCOMPARE(w->premove(), sites(*w, {"a2"}));
  click(*w, "a4");
  QCOMPARE(w->premove(), sites(*w, {"a2", "a4"}));
  QCOMPARE(w->board()->premove(), sites(*w, {"a2", "a4"}));
  QVERIFY(w->status().contains("a2-a4"));
  // Shaded on the board; nothing played yet, the computer still thinking.
  QVERIFY(corner(*w, "a4") != before);
  QCOMPARE(w->game()->history().size(), size_t{0});
  QVERIFY(w->thinking());
  w->move_now();
  // The computer's move, and the premove at once after it: black thinks again.
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 20000);
  const Move& played = w->game()->history().back().move;
  QCOMPARE(played.from, site(*w, "a2"));
  QCOMPARE(played.to, site(*w, "a4"));
  QVERIFY(w->premove().empty());
  QVERIFY(w->board()->premove().empty());
  QVERIFY(w->thinking());
}

void PremoveTest::aPremoveThatIsIllegalThenIsDroppedWithANote() {
  auto w = against_computer(kFleeingKnight);
  QVERIFY(w);
  click(*w, "e3");
  click(*w, "d4");  // a capture of the knight now
  QCOMPARE(w->premove(), sites(*w, {"e3", "d4"}));
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  // The knight went: white is to move, its premove dropped and said so.
  QCOMPARE(w->game()->history().back().move.from, site(*w, "d4"));
  QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 20000);
  QTest::qWait(50);
  QCOMPARE(w->game()->history().size(), size_t{1});
  QVERIFY(w->premove().empty());
  QVERIFY(w->board()->premove().empty());
  QCOMPARE(w->status(), QString("Premove e3-d4 dropped: it is not legal now"));
  // White is to move, and its person decides.
  QCOMPARE(w->game()->position().to_move(), SeatId{0});
  QVERIFY(!w->thinking());
}

void PremoveTest::aDragEntersAPremove() {
  auto w = against_computer(kFreePawn);
  QVERIFY(w);
  const QPoint from = point(*w, "a2"), to = point(*w, "a3");
  QTest::mousePress(w->board(), Qt::LeftButton, {}, from);
  QMouseEvent move(QEvent::MouseMove, QPointF(to), w->board()->mapToGlobal(QPointF(to)),
                   Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(w->board(), &move);
  QTest::mouseRelease(w->board(), Qt::LeftButton, {}, to);
  QCOMPARE(w->premove(), sites(*w, {"a2", "a3"}));
  QCOMPARE(w->game()->history().size(), size_t{0});
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 20000);
  QCOMPARE(w->game()->history().back().move.to, site(*w, "a3"));
}

void PremoveTest::aPieceOnlyPickedUpIsPickedUpWhenTheTurnComes() {
  auto w = against_computer(kFreePawn);
  QVERIFY(w);
  click(*w, "a2");
  QCOMPARE(w->status(), QString("Premove from a2: click where it goes"));
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QVERIFY(w->premove().empty());
  // The pawn is in the person's hand: one click puts it down on a4.
  click(*w, "a4");
  QCOMPARE(w->game()->history().size(), size_t{2});
  QCOMPARE(w->game()->history().back().move.from, site(*w, "a2"));
}

void PremoveTest::rightClickAndEscapeCancel() {
  auto w = against_computer(kFreePawn);
  QVERIFY(w);
  click(*w, "a2");
  click(*w, "a4");
  QCOMPARE(w->premove().size(), size_t{2});
  QTest::mouseClick(w->board(), Qt::RightButton, {}, point(*w, "d4"));
  QVERIFY(w->premove().empty());
  QVERIFY(w->board()->premove().empty());
  QCOMPARE(w->status(), QString("Premove cancelled"));
  click(*w, "a2");
  click(*w, "a3");
  QCOMPARE(w->premove().size(), size_t{2});
  QTest::keyClick(w->board(), Qt::Key_Escape);
  QVERIFY(w->premove().empty());
  // A piece only picked up is put down again by Escape too, and by a second click.
  click(*w, "e1");
  QCOMPARE(w->premove(), sites(*w, {"e1"}));
  QTest::keyClick(w->board(), Qt::Key_Escape);
  QVERIFY(w->premove().empty());
  click(*w, "e1");
  click(*w, "e1");
  QVERIFY(w->premove().empty());
  // Nothing is played for white after the computer's move.
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 20000);
  QTest::qWait(50);
  QCOMPARE(w->game()->history().size(), size_t{1});
  QCOMPARE(w->game()->position().to_move(), SeatId{0});
}

void PremoveTest::onlyThePersonsPiecesStartAPremove() {
  auto w = against_computer(kFreePawn);
  QVERIFY(w);
  click(*w, "h8");  // the computer's king
  QVERIFY(w->premove().empty());
  QCOMPARE(w->status(), QString("The computer is to move"));
  click(*w, "d4");  // an empty square
  QVERIFY(w->premove().empty());
  // A new position while the computer thinks drops the premove with the search.
  click(*w, "a2");
  click(*w, "a4");
  QCOMPARE(w->premove().size(), size_t{2});
  QVERIFY(w->set_position(kFreePawn));
  QVERIFY(w->premove().empty());
  QVERIFY(w->board()->premove().empty());
}

void PremoveTest::aDropFromHandIsAPremove() {
  auto w = against_computer(kKnightInHand, "chess/crazyhouse");
  QVERIFY(w);
  // While black thinks, the hand shows white's knight, in white's colour.
  QCoreApplication::processEvents();  // the new button shown
  auto* knight = w->findChild<QToolButton*>("hand:knight");
  QVERIFY(knight && knight->isVisible());
  QCOMPARE(knight->toolTip(), QString("knight from hand (1)"));
  QCOMPARE(knight->text(), QString("\u00d71"));
  const Ruleset& r = w->game()->rules();
  TypeId type = 0;
  while (r.types[type].name != "knight") ++type;
  const QSize icon = knight->iconSize();
  QCOMPARE(knight->icon().pixmap(icon, 1.0).toImage().convertToFormat(QImage::Format_ARGB32),
           w->board()
               ->piece_picture(make_piece(type, 0), icon.width())
               .convertToFormat(QImage::Format_ARGB32));
  // Taken and put back by Escape.
  knight->click();
  QCOMPARE(w->status(), QString("Premove knight from hand: click where it goes"));
  QVERIFY(w->premove().empty());
  QTest::keyClick(w->board(), Qt::Key_Escape);
  QCOMPARE(w->status(), QString("Premove cancelled"));
  // Taken, then put on d4: shaded there, nothing played yet.
  knight->click();
  click(*w, "d4");
  QCOMPARE(w->premove(), sites(*w, {"d4"}));
  QCOMPARE(w->board()->premove(), sites(*w, {"d4"}));
  QCOMPARE(w->status(),
           QString("Premove knight from hand to d4: played when its turn comes, if it is legal "
                   "then"));
  QCOMPARE(w->game()->history().size(), size_t{0});
  QVERIFY(w->thinking());
  w->move_now();
  // The computer's move, and the drop at once after it.
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 20000);
  const Move& played = w->game()->history().back().move;
  QCOMPARE(played.kind, MoveKind::kDrop);
  QCOMPARE(played.to, site(*w, "d4"));
  QCOMPARE(w->game()->position().at(site(*w, "d4")), make_piece(type, 0));
  QCOMPARE(w->game()->position().hand(0, type), 0);
  QVERIFY(w->premove().empty());
  QVERIFY(w->board()->premove().empty());
}

void PremoveTest::aDropThatIsIllegalThenIsDroppedWithANote() {
  auto w = against_computer(kHeldPawn, "chess/crazyhouse");
  QVERIFY(w);
  auto* knight = w->findChild<QToolButton*>("hand:knight");
  QVERIFY(knight);
  knight->click();
  click(*w, "h7");  // black's pawn stands there
  QCOMPARE(w->premove(), sites(*w, {"h7"}));
  w->move_now();
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{1}, 20000);
  QTRY_VERIFY_WITH_TIMEOUT(!w->thinking(), 20000);
  QTest::qWait(50);
  QCOMPARE(w->game()->history().size(), size_t{1});
  QVERIFY(w->premove().empty());
  QCOMPARE(w->status(), QString("Premove knight from hand to h7 dropped: it is not legal now"));
  QCOMPARE(w->game()->position().to_move(), SeatId{0});
  // White's turn: its knight is offered to drop as before.
  QVERIFY(w->findChild<QToolButton*>("hand:knight"));
}

void PremoveTest::aPassIsAPremove() {
  QTemporaryDir dir;
  auto w =
      passing(dir, {{"a1", "king", 0}, {"c3", "rook", 0}, {"d2", "rook", 0}, {"h8", "king", 1}});
  QVERIFY(w);
  // While black thinks, white's pass is offered below the board.
  QCOMPARE(w->button_texts(), QStringList{"pass"});
  button(*w, "pass")->click();
  QCOMPARE(w->status(), QString("Premove pass: played when its turn comes, if it is legal then"));
  QVERIFY(w->premove().empty());  // no square shaded
  QCOMPARE(w->game()->history().size(), size_t{0});
  // Escape cancels it; clicked again, it stays.
  QTest::keyClick(w->board(), Qt::Key_Escape);
  QCOMPARE(w->status(), QString("Premove cancelled"));
  button(*w, "pass")->click();
  w->move_now();
  // The computer's move, and white's pass at once after it: black thinks again.
  QTRY_COMPARE_WITH_TIMEOUT(w->game()->history().size(), size_t{2}, 20000);
  QVERIFY(w->game()->history().back().move.is_pass());
  QCOMPARE(w->game()->position().to_move(), SeatId{1});
  QVERIFY(w->thinking());
}

QTEST_MAIN(PremoveTest)
#include "premove_test.moc"
