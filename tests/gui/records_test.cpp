// The window's move texts, record files and typed moves, under
// QT_QPA_PLATFORM=offscreen: the move list in each family's own notation, PGN,
// PDN and regula records saved and loaded back (the PGN read by pgn-extract
// too), and moves typed on the board.
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "gui/board_view.h"
#include "gui/main_window.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "session/game.h"
#include "window_support.h"

using namespace regula;
using regula::gui::MainWindow;
using regula::gui_test::open_window;

namespace {

const char* const kPgnExtract = "/usr/games/pgn-extract";

// Plays moves typed as text; false at the first the window refuses.
bool type_moves(MainWindow& w, std::initializer_list<const char*> moves) {
  for (const char* m : moves)
    if (!w.enter_move(m)) return false;
  return true;
}

QStringList list_texts(const MainWindow& w) {
  QStringList out;
  for (int i = 0; i < w.move_list()->count(); ++i) out << w.move_list()->item(i)->text();
  return out;
}

// Each turn's text and who played it, and the result: what a record must keep.
QStringList turns_and_result(const Game& g) {
  QStringList out;
  for (const Game::TurnRecord& t : g.turns())
    out << QString::number(t.seat) + ":" + QString::fromStdString(t.text);
  out << QString::fromStdString(g.result().score() + " " + g.result().reason);
  return out;
}

QString read_text(const QString& file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return "";
  return QString::fromUtf8(f.readAll());
}

// Saves the window's game to a file of that name, loads it into a fresh
// window, and checks that the same turns and result come back.
void round_trip(MainWindow& w, const QString& file) {
  QVERIFY(w.save_record(file));
  auto v = open_window("mill/nine-mens-morris");
  QVERIFY(v);
  QVERIFY2(v->load_record(file), qPrintable(v->errors()));
  QCOMPARE(turns_and_result(*v->line()), turns_and_result(*w.line()));
  QCOMPARE(write_position(v->game()->position()), write_position(w.game()->position()));
  QCOMPARE(list_texts(*v), list_texts(w));
}

void write_text(const QString& file, const char* text) {
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

// pgn-extract's reading of a PGN file: its games again, each move in long
// algebraic notation and the position after the last as a FEN comment.
QString pgn_extract(const QString& file, QString& errors) {
  QProcess p;
  p.start(kPgnExtract, {"-s", "-Wlalg", "-F", "-w200", file});
  if (!p.waitForFinished(10000)) return "";
  errors = QString::fromUtf8(p.readAllStandardError());
  return QString::fromUtf8(p.readAllStandardOutput());
}

}  // namespace

class RecordsTest : public QObject {
  Q_OBJECT
 private slots:
  void moveListIsInEachFamilysNotation();
  void pgnRoundTripAndPgnExtract();
  void pgnFromASetUpPositionIsReadByPgnExtract();
  void pgnFromAnotherProgramFindsItsScriptByItsVariant();
  void pdnRoundTrip();
  void timeControlIsSavedAndRestored();
  void recordRoundTrip();
  void typedMoveIsPlayedAndABadOneRefusedWithTheReason();
};

void RecordsTest::moveListIsInEachFamilysNotation() {
  auto chess = open_window("chess/orthodox");
  QVERIFY(chess);
  QVERIFY(type_moves(*chess, {"e2e4", "e5", "g1f3"}));
  QCOMPARE(list_texts(*chess), QStringList({"1. e4", "1... e5", "2. Nf3"}));
  auto draughts = open_window("draughts/international");
  QVERIFY(draughts);
  QVERIFY(type_moves(*draughts, {"32-28", "19-23", "28x19", "14x23"}));
  QCOMPARE(list_texts(*draughts),
           QStringList({"1. 32-28", "1... 19-23", "2. 28x19", "2... 14x23"}));
  auto mill = open_window("mill/nine-mens-morris");
  QVERIFY(mill);
  QVERIFY(type_moves(*mill, {"E1", "A1", "E2", "A2"}));
  QCOMPARE(list_texts(*mill), QStringList({"1. E1", "1... A1", "2. E2", "2... A2"}));
  // With dice a seat throws, then moves: each turn names its seat.
  QTemporaryDir dir;
  const QString file = dir.filePath("dice.lua");
  write_text(file,
             "return game {\n  title = \"Dice\",\n  board = grid { width = 3, height = 3 },\n"
             "  seats = { \"white\", \"black\" },\n  dice = { 1 },\n"
             "  pieces = { piece { name = \"king\", symbol = \"K\", moves = { step { dirs = "
             "\"all\" } } } },\n"
             "  setup = { white = { king = \"a1\" }, black = { king = \"c3\" } },\n}\n");
  auto dice = open_window(file.toStdString());
  QVERIFY2(dice, qPrintable(file));
  QVERIFY(dice->press_button("Roll"));
  QVERIFY(type_moves(*dice, {"a1a2"}));
  QCOMPARE(list_texts(*dice), QStringList({"1. white: roll 1", "2. white: a1a2"}));
}

void RecordsTest::pgnRoundTripAndPgnExtract() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(type_moves(*w, {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6"}));
  w->resign();  // White, to move, resigns: 0-1 without a mate
  QVERIFY(w->game()->over());
  QTemporaryDir dir;
  const QString file = dir.filePath("game.pgn");
  round_trip(*w, file);
  const QString text = read_text(file);
  // The Seven Tag Roster first, in its order; the moves in SAN, the result last.
  const QStringList lines = text.split('\n');
  QStringList names;
  for (const QString& l : lines)
    if (l.startsWith('[')) names << l.mid(1, l.indexOf(' ') - 1);
  QCOMPARE(names.mid(0, 7),
           QStringList({"Event", "Site", "Date", "Round", "White", "Black", "Result"}));
  QVERIFY(text.contains("[Result \"0-1\"]\n"));
  QVERIFY2(text.endsWith("\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 {white "
                         "resigns} 0-1\n"),
           qPrintable(text));
  for (const QString& l : lines) QVERIFY2(l.size() < 80, qPrintable(l));
  if (!QFileInfo::exists(kPgnExtract))
    QSKIP("pgn-extract is not installed (scripts/setup installs it: apt-get install pgn-extract)");
  QString errors;
  const QString out = pgn_extract(file, errors);
  QVERIFY2(errors.isEmpty(), qPrintable(errors));
  QVERIFY2(out.contains("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. b5c6 d7c6 5. e1g1 f7f6"),
           qPrintable(out));
  const std::string fen = write_position(w->game()->position());
  QVERIFY2(out.contains(QString::fromStdString(fen.substr(0, fen.find(' ')))), qPrintable(out));
}

void RecordsTest::pgnFromASetUpPositionIsReadByPgnExtract() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  // Black to move, its rook checking on the first rank once h3 frees h2.
  QVERIFY(w->set_position("6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30"));
  QVERIFY(type_moves(*w, {"Kf8", "h3", "Ra1+"}));
  QCOMPARE(list_texts(*w), QStringList({"30... Kf8", "31. h3", "31... Ra1+"}));
  QTemporaryDir dir;
  const QString file = dir.filePath("setup.pgn");
  round_trip(*w, file);
  const QString text = read_text(file);
  QVERIFY2(text.contains("[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30\"]\n"),
           qPrintable(text));
  QVERIFY2(text.endsWith("\n\n30... Kf8 31. h3 Ra1+ *\n"), qPrintable(text));
  if (!QFileInfo::exists(kPgnExtract))
    QSKIP("pgn-extract is not installed (scripts/setup installs it: apt-get install pgn-extract)");
  QString errors;
  const QString out = pgn_extract(file, errors);
  QVERIFY2(errors.isEmpty(), qPrintable(errors));
  QVERIFY2(
      out.contains("30... g8f8 31. h2h3 a2a1+ { \"5k2/5ppp/8/8/8/7P/5PP1/r5K1 w - - 1 32\" } *"),
      qPrintable(out));
}

void RecordsTest::pgnFromAnotherProgramFindsItsScriptByItsVariant() {
  auto w = open_window("mill/nine-mens-morris");
  QVERIFY(w);
  QTemporaryDir dir;
  // No [Rules]: no [Variant] is orthodox chess, and a result the moves do not
  // reach is the players' word.
  const QString chess = dir.filePath("chess.pgn");
  write_text(chess,
             "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White "
             "\"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0\n");
  QVERIFY2(w->load_record(chess), qPrintable(w->errors()));
  QCOMPARE(QString::fromStdString(w->game()->rules().name), QString("chess/orthodox"));
  QCOMPARE(list_texts(*w),
           QStringList({"1. e4", "1... e5", "2. Qh5", "2... Nc6", "3. Bc4", "3... Nf6"}));
  QCOMPARE(QString::fromStdString(w->game()->result().reason), QString("black resigns"));
  // [Variant] names another game by its UCI name.
  const QString shatranj = dir.filePath("shatranj.pgn");
  write_text(shatranj, "[Variant \"shatranj\"]\n[Result \"*\"]\n\n1. e3 e6 *\n");
  QVERIFY2(w->load_record(shatranj), qPrintable(w->errors()));
  QCOMPARE(QString::fromStdString(w->game()->rules().name), QString("chess/shatranj"));
  // A result the moves contradict is refused.
  const QString wrong = dir.filePath("wrong.pgn");
  write_text(wrong, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
  QVERIFY(!w->load_record(wrong));
  QCOMPARE(w->errors(), wrong +
                            ": record:1: the record states [Result \"1-0\"], but its moves "
                            "end the game 0-1 (checkmate)");
}

void RecordsTest::pdnRoundTrip() {
  auto w = open_window("draughts/international");
  QVERIFY(w);
  QVERIFY(type_moves(*w, {"32-28", "19-23", "28x19", "14x23", "33-29"}));
  w->resign();  // Black, to move, resigns: 2-0, counted for White
  QTemporaryDir dir;
  const QString file = dir.filePath("game.pdn");
  round_trip(*w, file);
  const QString text = read_text(file);
  // The roster's tags first, as PDN has them from PGN.
  QVERIFY2(text.startsWith("[Event \"regula game\"]\n[Site \"regula-gui\"]\n[Date \""),
           qPrintable(text));
  QVERIFY2(text.contains("\"]\n[Round \"-\"]\n[White \"?\"]\n[Black \"?\"]\n[Rules "
                         "\"draughts/international\"]\n[GameType \"20,W,10,10,N2,0\"]\n"),
           qPrintable(text));
  QVERIFY2(text.contains("[Result \"2-0\"]\n"), qPrintable(text));
  QVERIFY2(text.endsWith("\n\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 2-0\n"), qPrintable(text));
}

void RecordsTest::timeControlIsSavedAndRestored() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(w->set_time_control(std::string("40/90+30, 30+30")));
  QVERIFY(type_moves(*w, {"e4", "e5"}));
  QTemporaryDir dir;
  const QString file = dir.filePath("game.pgn");
  QVERIFY(w->save_record(file));
  const QString text = read_text(file);
  QVERIFY2(text.contains("[Result \"*\"]\n[TimeControl \"40/5400+30:1800+30\"]\n"),
           qPrintable(text));
  // Loaded, the record sets the clocks it was played under.
  auto v = open_window("mill/nine-mens-morris");
  QVERIFY(v);
  QVERIFY(!v->clock().timed());
  QVERIFY2(v->load_record(file), qPrintable(v->errors()));
  QVERIFY(v->clock().timed());
  QVERIFY(v->clock().control() == w->clock().control());
  // A value that does not read is refused with its line.
  const QString bad = dir.filePath("bad.pgn");
  write_text(bad, "[Event \"x\"]\n[TimeControl \"5m\"]\n\n1. e4 *\n");
  QVERIFY(!v->load_record(bad));
  QCOMPARE(v->errors(),
           bad + ": record:2: [TimeControl \"5m\"]: period 1 (5m): '5m' is not a number of "
                 "seconds above 0 and at most 600000 (PGN's TimeControl: periods "
                 "[MOVES/]SECONDS[+INCREMENT] joined by ':', as 300, 300+2 or "
                 "40/5400+30:1800+30; - for no clock, ? when not known)");
}

void RecordsTest::recordRoundTrip() {
  auto w = open_window("mill/nine-mens-morris");
  QVERIFY(w);
  QVERIFY(type_moves(*w, {"E1", "A1", "E2", "A2"}));
  w->resign();
  QTemporaryDir dir;
  const QString file = dir.filePath("game.rgr");
  round_trip(*w, file);
  const QString text = read_text(file);
  QVERIFY2(text.contains("[Rules \"mill/nine-mens-morris\"]\n"), qPrintable(text));
  QVERIFY2(text.endsWith("\n\n1. E1 A1 2. E2 A2 0-1\n"), qPrintable(text));
}

void RecordsTest::typedMoveIsPlayedAndABadOneRefusedWithTheReason() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  w->board()->setFocus();
  // A letter typed on the board opens the entry with it; Return plays the move.
  QTest::keyClicks(w->board(), "N");
  QLineEdit* entry = w->move_entry();
  QVERIFY(entry);
  QVERIFY(entry->isVisible());
  QCOMPARE(entry->text(), QString("N"));
  QTest::keyClicks(entry, "f3");
  QTest::keyClick(entry, Qt::Key_Return);
  QCOMPARE(list_texts(*w), QStringList({"1. Nf3"}));
  QVERIFY(!entry->isVisible());
  // The long form too, from the board again.
  QTest::keyClicks(w->board(), "e");
  QTest::keyClicks(entry, "7e5");
  QTest::keyClick(entry, Qt::Key_Return);
  QCOMPARE(list_texts(*w), QStringList({"1. Nf3", "1... e5"}));
  // A move the rules refuse stays in the entry, with the reason in the status bar.
  QTest::keyClicks(w->board(), "K");
  QTest::keyClicks(entry, "e3");
  QTest::keyClick(entry, Qt::Key_Return);
  QCOMPARE(w->line()->turns().size(), size_t{2});
  QVERIFY(entry->isVisible());
  QCOMPARE(entry->text(), QString("Ke3"));
  QCOMPARE(w->status(), QString("Ke3: no legal move Ke3; legal moves: Nc3 Na3 Rg1 a3 a4 b3 b4 c3 "
                                "c4 d3 d4 e3 e4 g3 g4 h3 h4 Ng5 Nh4 Ng1 Nxe5 Nd4"));
  entry->clear();
  QTest::keyClicks(entry, "e2e5");
  QTest::keyClick(entry, Qt::Key_Return);
  QCOMPARE(w->status(), QString("e2e5: out of reach: a pawn cannot move from e2 to e5; legal "
                                "moves from e2: e2e3 e2e4"));
  QCOMPARE(w->line()->turns().size(), size_t{2});
  // Escape closes it; the arrow keys on the board still walk the move list.
  QTest::keyClick(entry, Qt::Key_Escape);
  QVERIFY(!entry->isVisible());
  QTest::keyClick(w->board(), Qt::Key_Left);
  QCOMPARE(w->shown_turns(), 1);
  QTest::keyClick(w->board(), Qt::Key_Home);
  QCOMPARE(w->shown_turns(), 0);
  QTest::keyClick(w->board(), Qt::Key_End);
  QCOMPARE(w->shown_turns(), 2);
  QVERIFY(!entry->isVisible());
  // Typed at an earlier move, a move cuts the game there (the test agrees to it).
  QTest::keyClick(w->board(), Qt::Key_Left);
  QTest::keyClicks(w->board(), "e");
  QTest::keyClicks(entry, "6");
  QTest::keyClick(entry, Qt::Key_Return);
  QCOMPARE(list_texts(*w), QStringList({"1. Nf3", "1... e6"}));
}

QTEST_MAIN(RecordsTest)
#include "records_test.moc"
