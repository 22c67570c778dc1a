// How the window looks, offscreen: its texts in another language (every text of
// the main and Experiments windows in French), the clocks beside the board, the
// move entry closed by a new game, the pieces in hand drawn as on the board, and
// the pieces of a seat the script turns drawn upside down; a screenshot in
// English; a script's long title and description cut; the dialogs' texts whole,
// at the usual size and at twice it.
#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QToolTip>
#include <QTranslator>
#include <QTreeWidget>
#include <QtTest/QtTest>
#include <functional>

#include "formats/presentation.h"
#include "gui/board_view.h"
#include "gui/experiments_chart.h"
#include "gui/experiments_run.h"
#include "gui/experiments_window.h"
#include "gui/game_picker.h"
#include "gui/main_window.h"
#include "gui/seat_players.h"
#include "gui/shown_text.h"
#include "gui/time_control.h"
#include "gui/translation.h"
#include "window_support.h"

using namespace regula;
using regula::gui::MainWindow;
using regula::gui_test::open_window;

namespace {

// Takes every translation out again: the other tests read the English texts.
void remove_translations() {
  for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
}

// How many pixels of two pictures of one size differ by more than a shade.
int differing(const QImage& a, const QImage& b) {
  int n = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
      n += std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
               std::abs(p.blue() - q.blue()) + std::abs(p.alpha() - q.alpha()) >
           48;
    }
  return n;
}

TypeId type_named(const Ruleset& r, const char* name) {
  TypeId t = 0;
  while (r.types[t].name != name) ++t;
  return t;
}

// A translation that marks every text of the GUI's contexts: a text shown
// unmarked did not go through tr().
class MarkingTranslator : public QTranslator {
 public:
  static constexpr QChar kMark = QChar(0x00bb);  // »
  QString translate(const char* context, const char* source, const char*, int) const override {
    if (!QByteArray(context).startsWith("regula::gui::")) return {};
    return kMark + QString::fromUtf8(source);
  }
  bool isEmpty() const override { return false; }
};

// The French translation, which notes each text of the GUI's contexts asked of
// it that it has no translation for.
class FrenchChecker : public QTranslator {
 public:
  bool load_french() { return french_.load(QLocale("fr"), "regula", "_", ":/translations"); }
  QString translate(const char* context, const char* source, const char* disambiguation,
                    int n) const override {
    const QString t = french_.translate(context, source, disambiguation, n);
    if (t.isEmpty() && QByteArray(context).startsWith("regula::gui::"))
      missing_.insert(QString(context) + ": " + QString::fromUtf8(source));
    return t;
  }
  bool isEmpty() const override { return false; }
  QStringList missing() const { return QStringList(missing_.begin(), missing_.end()); }

 private:
  QTranslator french_;
  mutable QSet<QString> missing_;
};

// The texts of a menu's entries, its submenus' too, separators left out.
QStringList menu_texts(const QList<QAction*>& actions) {
  QStringList out;
  for (const QAction* a : actions) {
    if (a->isSeparator()) continue;
    out << a->text();
    if (a->menu()) out << menu_texts(a->menu()->actions());
  }
  return out;
}

// A widget's rectangle in its window's coordinates.
QRect in_window(const QWidget* w) {
  return QRect(w->mapTo(w->window(), QPoint(0, 0)), w->size());
}

void settle() {
  for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
}

// Chess in a window of a size, before and after a clock of 5 minutes is set.
struct Clocked {
  std::unique_ptr<MainWindow> window;
  QSize board;              // the board's size before the clocks came
  QLabel* white = nullptr;  // the clocks, null when they did not come
  QLabel* black = nullptr;
};

Clocked clocked_chess(QSize size) {
  Clocked c;
  c.window = open_window("chess/orthodox");
  if (!c.window) return c;
  c.window->resize(size);
  settle();
  c.board = c.window->board()->size();
  if (!c.window->set_time_control("5")) return c;
  c.window->tick_clocks();
  settle();
  c.white = c.window->findChild<QLabel*>("clock:white");
  c.black = c.window->findChild<QLabel*>("clock:black");
  return c;
}

// The text of the first label of dialog not shown whole, "" when every one is:
// a label lies inside the dialog and is as large as its text needs (a wrapped
// one as high as its text needs at its width).
QString cut_label(const QWidget* dialog) {
  int labels = 0;
  for (const QLabel* l : dialog->findChildren<QLabel*>()) {
    if (!l->isVisible() || l->text().isEmpty()) continue;
    ++labels;
    const QRect at(l->mapTo(dialog, QPoint(0, 0)), l->size());
    const QSize need = l->sizeHint();
    const bool whole = l->wordWrap() ? l->heightForWidth(l->width()) <= l->height()
                                     : need.width() <= l->width() && need.height() <= l->height();
    if (!whole || !dialog->rect().contains(at)) return l->text();
  }
  return labels ? QString() : QString("no label");
}

// What cut_label says of the modal dialog that opening shows, which is then
// closed as its No or Cancel would close it; "no dialog" when none came.
QString cut_in_modal(const std::function<void()>& opening) {
  QString cut = "no dialog";
  QTimer look;
  look.setInterval(20);
  QObject::connect(&look, &QTimer::timeout, [&] {
    auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget());
    if (!d || !d->isVisible()) return;
    look.stop();
    cut = cut_label(d);
    d->reject();
  });
  look.start();
  opening();
  return cut;
}

}  // namespace

class LooksTest : public QObject {
  Q_OBJECT
 private slots:
  void frenchTranslatesTheMenusAndTheStatus();
  void frenchTranslatesTheErrorsAroundTheEnginesWords();
  void englishAndUnknownLanguagesKeepTheTexts();
  void theLanguageComesFromTheOptionElseTheSettings();
  void aScreenshotIsInEnglishUnlessALanguageIsAsked();
  void everyMenuDockAndButtonTextIsTranslated();
  void frenchHasEveryTextOfTheMainAndExperimentsWindows();
  void clocksStandBesideTheBoardWhichKeepsItsSize();
  void clocksStandAboveTheBoardWithoutRoomBesideIt();
  void aNewGameOrARecordLoadedClosesTheMoveEntry();
  void piecesInHandAreDrawnAndDropped();
  void aTurnedSeatsPiecesAreDrawnTheWayItFaces();
  void aPieceWithoutAGlyphIsALetterOnADisc();
  void aScriptsLongTitleAndDescriptionAreCut();
  void aScriptsTextIsCutByCharacters();
  void dialogsShowEveryTextWhole();
  void dialogsShowEveryTextWholeAtTwiceTheSize();
};

void LooksTest::frenchTranslatesTheMenusAndTheStatus() {
#ifndef REGULA_GUI_TRANSLATIONS
  QSKIP("built without Qt's Linguist tools");
#endif
  QVERIFY(gui::translated_languages().contains("fr"));
  QVERIFY(gui::install_translation(*qApp, "fr"));
  {
    auto w = open_window("chess/orthodox");
    QVERIFY(w);
    const QList<QAction*> menus = w->menuBar()->actions();
    QVERIFY(menus.size() >= 4);
    QCOMPARE(menus[0]->text(), QString("&Partie"));
    QCOMPARE(menus[1]->text(), QString("É&dition"));
    QCOMPARE(menus[2]->text(), QString("&Affichage"));
    QCOMPARE(w->findChild<QAction*>("move_now")->text(), QString("&Jouer maintenant"));
    QVERIFY(!w->enter_move("e5"));
    QVERIFY(w->status().startsWith("e5 : "));
    QVERIFY(!w->enter_move(" "));
    QCOMPARE(w->status(), QString("Tapez un coup"));
  }
  remove_translations();
}

void LooksTest::frenchTranslatesTheErrorsAroundTheEnginesWords() {
#ifndef REGULA_GUI_TRANSLATIONS
  QSKIP("built without Qt's Linguist tools");
#endif
  // The engine's reason, as it writes it.
  auto english = open_window("chess/orthodox");
  QVERIFY(english);
  QVERIFY(!english->enter_move("e5"));
  const QString reason = english->status().mid(QString("e5: ").size());
  QVERIFY(english->status().startsWith("e5: "));
  english.reset();
  QVERIFY(gui::install_translation(*qApp, "fr"));
  {
    auto w = open_window("chess/orthodox");
    QVERIFY(w);
    // The frame is translated, the engine's words stay as they are.
    QVERIFY(!w->enter_move("e5"));
    QCOMPARE(w->status(), "e5 : " + reason);
    QVERIFY(!w->set_time_control("x"));
    QCOMPARE(w->status(),
             QString("cadence, p\u00e9riode 1 : \u00ab x \u00bb n'est pas un nombre de minutes "
                     "sup\u00e9rieur \u00e0 0 et d'au plus 10000 (\u00e9crire "
                     "[COUPS/]MINUTES[+SECONDES], comme 5, 3+2 ou 40/90+30)"));
    QVERIFY(!w->set_time_control("5, 3"));
    QCOMPARE(w->status(),
             QString("cadence : la p\u00e9riode 1 n'a pas de nombre de coups et dure donc "
                     "jusqu'\u00e0 la fin de la partie : aucune p\u00e9riode ne peut la suivre"));
    QCOMPARE(QString::fromStdString(w->set_player(7, "human")->text()),
             QString("place : pas de place 7 dans la partie"));
    const Ruleset& r = w->game()->rules();
    QCOMPARE(QString::fromStdString(gui::parse_seat_option(r, "purple=ai:2").error().text()),
             QString("--seat : \u00ab purple \u00bb n'est pas une place de %1 (white, black)")
                 .arg(QString::fromStdString(presentation_of(r).title)));
    // No clock, in words of the language, and read in it or in English.
    QCOMPARE(gui::time_control_text({}), std::string("sans pendule"));
    QCOMPARE(gui::time_control_presets().front(), std::string("sans pendule"));
    QVERIFY(gui::parse_time_control("sans pendule") &&
            !gui::parse_time_control("sans pendule")->timed());
    QVERIFY(gui::parse_time_control("untimed") && !gui::parse_time_control("untimed")->timed());
  }
  remove_translations();
}

void LooksTest::englishAndUnknownLanguagesKeepTheTexts() {
  QVERIFY(!gui::install_translation(*qApp, "en"));
  QVERIFY(!gui::install_translation(*qApp, "xx"));
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QCOMPARE(w->menuBar()->actions()[0]->text(), QString("&Game"));
  QVERIFY(!w->enter_move(" "));
  QCOMPARE(w->status(), QString("Type a move"));
  remove_translations();
}

void LooksTest::theLanguageComesFromTheOptionElseTheSettings() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
  QCOMPARE(gui::chosen_language("de"), QString("de"));
  QCOMPARE(gui::chosen_language(""), QLocale::system().name());
  {
    QSettings s(QSettings::IniFormat, QSettings::UserScope, "regula", "regula-gui");
    s.setValue("view/language", "fr");
  }
  QCOMPARE(gui::chosen_language(""), QString("fr"));
  QCOMPARE(gui::chosen_language("en"), QString("en"));
}

void LooksTest::aScreenshotIsInEnglishUnlessALanguageIsAsked() {
#ifndef REGULA_GUI_TRANSLATIONS
  QSKIP("built without Qt's Linguist tools");
#endif
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  // A French machine, whose settings ask for French too.
  QSettings(dir.filePath("fr/regula/regula-gui.ini"), QSettings::IniFormat)
      .setValue("view/language", "fr");
  QProcessEnvironment french = QProcessEnvironment::systemEnvironment();
  french.insert("QT_QPA_PLATFORM", "offscreen");
  french.insert("XDG_CONFIG_HOME", dir.filePath("fr"));
  for (const char* name : {"LANG", "LC_ALL", "LC_MESSAGES"}) french.insert(name, "fr_FR.UTF-8");
  QProcessEnvironment english = french;
  english.insert("XDG_CONFIG_HOME", dir.filePath("en"));
  for (const char* name : {"LANG", "LC_ALL", "LC_MESSAGES"}) english.insert(name, "C");
  // The program's last line on its error output, run with env on args.
  auto said = [](const QProcessEnvironment& env, QStringList args) {
    QProcess gui;
    gui.setProcessEnvironment(env);
    gui.start(REGULA_GUI, args);
    if (!gui.waitForFinished(60000)) return QString("(did not finish)");
    return QString::fromUtf8(gui.readAllStandardError()).section('\n', -2);
  };
  const QStringList small = {"chess/orthodox", "--screenshot", dir.filePath("no.png"), "--size",
                             "1x1"};
  QCOMPARE(said(french, small),
           QString("regula-gui: --size needs WxH, each from 200 to 8000, not '1x1'\n"));
  QCOMPARE(
      said(french, small + QStringList{"--lang", "fr"}),
      QString("regula-gui: --size attend LxH, chacun de 200 \u00e0 8000, pas \u00ab 1x1 \u00bb\n"));
  // The pictures: the French machine's as the English one's, unless French is asked for.
  auto shot = [&](const QProcessEnvironment& env, const QString& name, QStringList more = {}) {
    said(env,
         QStringList{"chess/orthodox", "--screenshot", dir.filePath(name), "--size", "640x400"} +
             more);
    return QImage(dir.filePath(name));
  };
  const QImage in_english = shot(english, "en.png");
  QVERIFY(!in_english.isNull());
  QCOMPARE(shot(french, "fr.png"), in_english);
  QVERIFY(shot(french, "asked.png", {"--lang", "fr"}) != in_english);
}

void LooksTest::everyMenuDockAndButtonTextIsTranslated() {
  MarkingTranslator marking;
  QCoreApplication::installTranslator(&marking);
  QStringList texts;
  {
    auto w = open_window("chess/orthodox");
    QVERIFY(w);
    texts << menu_texts(w->menuBar()->actions()) << w->windowTitle();
    for (const QDockWidget* d : w->findChildren<QDockWidget*>()) texts << d->windowTitle();
    w->set_editing(true);
    for (const QAbstractButton* b : w->findChildren<QAbstractButton*>())
      if (!b->text().isEmpty() && b->isVisible()) texts << b->text();
    for (const QComboBox* box : w->findChildren<QComboBox*>())
      if (box->objectName().startsWith("seat")) texts << box->itemText(0) << box->itemText(1);
    texts << w->status();
  }
  QCoreApplication::removeTranslator(&marking);
  QVERIFY(texts.size() > 30);
  for (const QString& t : texts) QVERIFY2(t.startsWith(MarkingTranslator::kMark), qPrintable(t));
}

void LooksTest::frenchHasEveryTextOfTheMainAndExperimentsWindows() {
#ifndef REGULA_GUI_TRANSLATIONS
  QSKIP("built without Qt's Linguist tools");
#endif
  FrenchChecker french;
  QVERIFY(french.load_french());
  QCoreApplication::installTranslator(&french);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QStringList texts;
  {
    // The main window that opens it, its menus and the editor's buttons.
    auto main = open_window("chess/orthodox");
    QVERIFY(main);
    main->set_editing(true);
    main->set_editing(false);
  }
  {
    gui::ExperimentsWindow w(nullptr, "jetan/burroughs");
    w.show();
    texts << w.windowTitle() << w.run_button()->text() << w.stop_button()->text();
    for (int c = 0; c < w.table()->columnCount(); ++c)
      texts << w.table()->horizontalHeaderItem(c)->text();
    // A run of two games, then the match form.
    w.games_box()->setValue(2);
    w.path_edit()->setText(dir.filePath("fr.jsonl"));
    w.run_button()->click();
    QVERIFY(w.run().running());
    QTRY_VERIFY_WITH_TIMEOUT(!w.run().running(), 60000);
    texts << w.message_label()->text();
    w.chart()->grab();  // its titles are drawn
    w.mode_box()->setCurrentIndex(1);
    settle();
    for (const QLabel* l : w.findChildren<QLabel*>())
      if (l->isVisible() && !l->text().isEmpty()) texts << l->text();
  }
  QCoreApplication::removeTranslator(&french);
  QVERIFY2(french.missing().isEmpty(), qPrintable(french.missing().join("\n")));
  // A few of the texts, as a French reader sees them.
  QVERIFY(texts.contains(QString("Exp\u00e9riences")));
  QVERIFY(texts.contains(QString("Lancer")));
  QVERIFY(texts.contains(QString("Arr\u00eater")));
  QVERIFY(texts.contains(QString("Nulles")));
  QVERIFY2(texts.contains(QString("Termin\u00e9 : 4 parties, enregistr\u00e9es dans %1")
                              .arg(dir.filePath("fr.jsonl"))),
           qPrintable(texts.join("\n")));
}

void LooksTest::clocksStandBesideTheBoardWhichKeepsItsSize() {
  // Room beside the board: the board is as high as its place.
  const Clocked clocked = clocked_chess(QSize(1100, 700));
  QVERIFY(clocked.white && clocked.black);
  MainWindow* w = clocked.window.get();
  QLabel *white = clocked.white, *black = clocked.black;
  const QSize before = clocked.board;
  QCOMPARE(w->board()->size(), before);
  QVERIFY(white->isVisible() && black->isVisible());
  const QRect board = in_window(w->board());
  // Right of the board, black's (drawn at the top) above white's.
  QVERIFY(in_window(white).left() >= board.right());
  QVERIFY(in_window(black).left() >= board.right());
  QVERIFY(in_window(black).bottom() < in_window(white).top());
  QVERIFY(in_window(black).top() >= board.top());
  QVERIFY(in_window(white).bottom() <= board.bottom());
  QVERIFY(board.width() >= board.height());
  // The board turned: white's pieces at the top, and its clock.
  w->board()->set_rotation(2);
  w->tick_clocks();
  settle();
  QVERIFY(in_window(white).bottom() < in_window(black).top());
  // Untimed again: the clocks go, the board stays as it is.
  QVERIFY(w->set_time_control("untimed"));
  settle();
  QVERIFY(!w->findChild<QLabel*>("clock:white"));
  QCOMPARE(w->board()->size(), before);
}

void LooksTest::clocksStandAboveTheBoardWithoutRoomBesideIt() {
  for (const QSize size : {QSize(900, 700), QSize(600, 900)}) {
    const Clocked clocked = clocked_chess(size);
    QVERIFY(clocked.white && clocked.black);
    QCOMPARE(clocked.window->board()->size(), clocked.board);
    const QLabel *white = clocked.white, *black = clocked.black;
    QVERIFY(white->isVisible());
    const QRect board = in_window(clocked.window->board());
    QVERIFY(in_window(white).bottom() <= board.top());
    QVERIFY(in_window(black).right() < in_window(white).left());
  }
}

void LooksTest::aNewGameOrARecordLoadedClosesTheMoveEntry() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QTest::keyClicks(w->board(), "e");
  QLineEdit* entry = w->move_entry();
  QVERIFY(entry && entry->isVisible());
  QCOMPARE(entry->text(), QString("e"));
  QVERIFY(w->open("chess/orthodox"));
  QVERIFY(!entry->isVisible());
  QCOMPARE(entry->text(), QString());
  // A record loaded.
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QVERIFY(w->enter_move("e4"));
  const QString file = dir.filePath("game.pgn");
  QVERIFY(w->save_record(file));
  QTest::keyClicks(w->board(), "N");
  QVERIFY(entry->isVisible());
  QVERIFY(w->load_record(file));
  QVERIFY(!entry->isVisible());
  QCOMPARE(entry->text(), QString());
  // A position set.
  QTest::keyClicks(w->board(), "d");
  QVERIFY(entry->isVisible());
  QVERIFY(w->set_position(regula::gui_test::only(*w, {{"e1", "king", 0}, {"e8", "king", 1}})));
  QVERIFY(!entry->isVisible());
}

void LooksTest::piecesInHandAreDrawnAndDropped() {
  auto w = open_window("chess/crazyhouse");
  QVERIFY(w);
  // Each side takes a pawn; black is to move with one in hand.
  for (const char* m : {"e4", "d5", "exd5", "Qxd5", "Nf3"}) QVERIFY(w->enter_move(m));
  settle();
  auto* pawn = w->findChild<QToolButton*>("hand:pawn");
  QVERIFY(pawn && pawn->isVisible());
  QCOMPARE(pawn->text(), QString("\u00d71"));
  QCOMPARE(pawn->toolTip(), QString("pawn from hand (1)"));
  // The button shows black's pawn as the board draws it: its picture is the
  // board's, painted in black's colour left of the count.
  const QSize icon = pawn->iconSize();
  QVERIFY(icon.width() >= 16 && icon.width() == icon.height());
  const QImage drawn =
      pawn->icon().pixmap(icon, 1.0).toImage().convertToFormat(QImage::Format_ARGB32);
  const Ruleset& r = w->game()->rules();
  TypeId type = 0;
  while (r.types[type].name != "pawn") ++type;
  const QImage board = w->board()
                           ->piece_picture(make_piece(type, 1), icon.width())
                           .convertToFormat(QImage::Format_ARGB32);
  QCOMPARE(drawn, board);
  const QImage shown = pawn->grab().toImage();
  int dark = 0;
  for (int y = 0; y < shown.height(); ++y)
    for (int x = 0; x < std::min(shown.width(), icon.width() + 4); ++x)
      dark += shown.pixelColor(x, y).lightness() < 40;
  QVERIFY2(dark > icon.width() * icon.height() / 16, qPrintable(QString::number(dark)));
  // A click on it, then on a square, drops it there.
  QTest::mouseClick(pawn, Qt::LeftButton);
  const SiteId e6 = r.topology.find("e6");
  QTest::mouseClick(w->board(), Qt::LeftButton, {}, w->board()->centre(e6).toPoint());
  QCOMPARE(w->game()->history().size(), size_t{6});
  QCOMPARE(w->game()->history().back().move.to, e6);
  QCOMPARE(w->game()->position().at(e6), make_piece(type, 1));
}

void LooksTest::aTurnedSeatsPiecesAreDrawnTheWayItFaces() {
  auto w = open_window("shogi/shogi");
  QVERIFY(w);
  gui::BoardView& board = *w->board();
  const PieceCode sente = make_piece(type_named(w->game()->rules(), "pawn"), 0);
  const PieceCode gote = make_piece(type_named(w->game()->rules(), "pawn"), 1);
  constexpr int kSize = 64;
  // Sente at the bottom: its pieces upright, gote's upside down.
  QCOMPARE(board.piece_turn(0), 0);
  QCOMPARE(board.piece_turn(1), 2);
  const QImage gote_down = board.piece_picture(gote, kSize).convertToFormat(QImage::Format_ARGB32);
  const QImage sente_up = board.piece_picture(sente, kSize).convertToFormat(QImage::Format_ARGB32);
  // The board flipped: gote's pieces upright, sente's upside down.
  board.set_rotation(2);
  QCOMPARE(board.piece_turn(0), 2);
  QCOMPARE(board.piece_turn(1), 0);
  const QImage gote_up = board.piece_picture(gote, kSize).convertToFormat(QImage::Format_ARGB32);
  const QImage sente_down =
      board.piece_picture(sente, kSize).convertToFormat(QImage::Format_ARGB32);
  const QTransform half_turn = QTransform().rotate(180);
  // The pentagon's point is at one end: upside down is another picture.
  QVERIFY(differing(gote_down, gote_up) > kSize * kSize / 20);
  QVERIFY2(differing(gote_down, gote_up.transformed(half_turn)) < kSize * kSize / 200,
           qPrintable(QString::number(differing(gote_down, gote_up.transformed(half_turn)))));
  QVERIFY(differing(sente_down, sente_up.transformed(half_turn)) < kSize * kSize / 200);
  // On the board itself: gote's pawn on 3c (c7) as the picture turned.
  board.set_rotation(0);
  const SiteId at = w->game()->rules().topology.find("c7");
  QCOMPARE(w->game()->position().at(at), gote);
  // The piece's dark fill across a row of its square, a third of a square
  // above (-1) or below (1) its centre.
  auto dark_across = [&](int where) {
    const QImage shown = board.grab().toImage().convertToFormat(QImage::Format_ARGB32);
    const QPointF c = board.centre(at);
    const double side = std::abs(board.centre(0).x() - board.centre(1).x());
    const int y = static_cast<int>(c.y() + where * 0.34 * side);
    int n = 0;
    for (int x = static_cast<int>(c.x() - side / 2); x < c.x() + side / 2; ++x)
      n += shown.pixelColor(x, y).lightness() < 60;
    return n;
  };
  // The pentagon's point at the bottom, its broad base at the top; and the
  // other way up on the board flipped.
  const int top = dark_across(-1), bottom = dark_across(1);
  QVERIFY2(top > bottom + 8, qPrintable(QString("%1 %2").arg(top).arg(bottom)));
  board.set_rotation(2);
  const int flipped_top = dark_across(-1), flipped_bottom = dark_across(1);
  QVERIFY2(flipped_top + 8 < flipped_bottom,
           qPrintable(QString("%1 %2").arg(flipped_top).arg(flipped_bottom)));
  // A seat the script does not turn: drawn upright whichever way the board is.
  auto chess = open_window("chess/orthodox");
  QVERIFY(chess);
  QCOMPARE(chess->board()->piece_turn(1), 0);
  chess->board()->set_rotation(2);
  QCOMPARE(chess->board()->piece_turn(1), 0);
}

void LooksTest::aPieceWithoutAGlyphIsALetterOnADisc() {
  // A script that draws none of its pieces: each is its letter on a disc of
  // its seat's colour (the seats are named white and black: those colours).
  QTemporaryDir dir;
  const QString file = dir.filePath("plain.lua");
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(
      "return game {\n  title = \"Plain\",\n  board = grid { width = 4, height = 4 },\n"
      "  pieces = { piece { name = \"runner\", symbol = \"U\", moves = { step { dirs = "
      "\"all\" } } } },\n  setup = { white = { runner = \"a1\" }, black = { runner = "
      "\"d4\" } },\n}\n");
  f.close();
  auto w = open_window(file.toStdString());
  QVERIFY2(w, qPrintable(file));
  QCoreApplication::processEvents();
  gui::BoardView* board = w->board();
  const QImage image = board->grab().toImage();
  const double c = std::abs(board->centre(0).x() - board->centre(1).x()) +
                   std::abs(board->centre(0).y() - board->centre(1).y());
  const Topology& t = w->game()->rules().topology;
  // Below the letter, inside the disc: the seat's colour, not the square's.
  const auto below = [&](const char* name) {
    return image.pixelColor((board->centre(t.find(name)) + QPointF(0, c * 0.3)).toPoint());
  };
  QCOMPARE(below("a1"), QColor(Qt::white));
  QCOMPARE(below("d4"), QColor(Qt::black));
  QVERIFY(below("b1") != QColor(Qt::white) && below("b1") != QColor(Qt::black));
  QVERIFY(below("c4") != QColor(Qt::white) && below("c4") != QColor(Qt::black));
  // The letter on it, in the other colour, at the centre.
  int ink = 0;
  const QPointF at = board->centre(t.find("a1"));
  for (int dy = -static_cast<int>(c * 0.15); dy <= c * 0.15; ++dy)
    for (int dx = -static_cast<int>(c * 0.15); dx <= c * 0.15; ++dx)
      ink += image.pixelColor((at + QPointF(dx, dy)).toPoint()).lightness() < 60;
  QVERIFY2(ink > 10, qPrintable(QString::number(ink)));
  // Its tooltip names the piece; an empty square has none.
  QCOMPARE(board->piece_name_at(board->centre(t.find("a1"))), QString("white runner"));
  QCOMPARE(board->piece_name_at(board->centre(t.find("d4"))), QString("black runner"));
  QCOMPARE(board->piece_name_at(board->centre(t.find("b2"))), QString());
  QHelpEvent help(QEvent::ToolTip, at.toPoint(), board->mapToGlobal(at.toPoint()));
  QApplication::sendEvent(board, &help);
  QCOMPARE(QToolTip::text(), QString("white runner"));
}

void LooksTest::aScriptsLongTitleAndDescriptionAreCut() {
  // A title of a million characters and no space once took the window's
  // layout minutes; shown cut, it takes none.
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QVERIFY(QDir(dir.path()).mkpath("long"));
  QFile file(dir.filePath("long/title.lua"));
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"(return game {
  title = string.rep("x", 1000000),
  description = string.rep("y ", 500000),
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "stone", symbol = "S", drop = true } },
  hand = { white = { stone = 2 }, black = { stone = 2 } },
})");
  file.close();
  const QString title = QString(gui::kMaxShownTitle - 1, 'x') + QChar(0x2026);
  QString description;
  while (description.size() < gui::kMaxShownDescription - 1) description += "y ";
  description.truncate(gui::kMaxShownDescription - 1);
  description += QChar(0x2026);
  {
    auto w = open_window(file.fileName().toStdString());
    QVERIFY(w);
    settle();
    QCOMPARE(w->windowTitle(), title + " - regula");
    QCOMPARE(w->rules_text().section('\n', 0, 0), title);
    QCOMPARE(w->rules_text().section('\n', 1, 1), description);
  }
  // The New game dialog, with the script among those on the search path.
  const QByteArray rules_dir = qgetenv("REGULA_RULES_DIR");
  qputenv("REGULA_RULES_DIR", dir.path().toUtf8());
  {
    gui::GamePicker picker(nullptr, "long/title");
    picker.show();
    settle();
    QCOMPARE(picker.title_label()->text(), title);
    QCOMPARE(picker.description_label()->text(), description);
    const QTreeWidget* list = picker.findChild<QTreeWidget*>();
    QVERIFY(list && list->topLevelItemCount() == 1);
    QCOMPARE(list->topLevelItem(0)->child(0)->text(0), title);
  }
  qputenv("REGULA_RULES_DIR", rules_dir);
}

void LooksTest::aScriptsTextIsCutByCharacters() {
  // Never inside a character: a UTF-8 sequence or a surrogate pair.
  QCOMPARE(gui::shown_text("abc", 3), QString("abc"));
  QCOMPARE(gui::shown_text("abcd", 3), QString("ab\u2026"));
  QCOMPARE(gui::shown_text("\u00e9\u00e9\u00e9\u00e9", 4), QString("\u00e9\u00e9\u00e9\u00e9"));
  QCOMPARE(gui::shown_text("\u00e9\u00e9\u00e9\u00e9\u00e9", 4),
           QString("\u00e9\u00e9\u00e9\u2026"));
  QCOMPARE(gui::shown_text("a\U0001F600b", 3), QString("a\u2026"));
}

void LooksTest::dialogsShowEveryTextWhole() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  w->set_confirm({});  // the questions in Qt's own boxes
  // The question before a move taken back is forgotten, answered No.
  QVERIFY(w->enter_move("e4"));
  w->undo();
  QCOMPARE(cut_in_modal([&] { QVERIFY(!w->enter_move("d4")); }), QString());
  QVERIFY(w->game()->history().empty());
  QVERIFY(w->game()->can_redo());
  // A draw offered to the other person, declined.
  QCOMPARE(cut_in_modal([&] { w->offer_draw(); }), QString());
  QVERIFY(!w->game()->over());
  QCOMPARE(w->status(), QString("black declines the draw"));
  // Game > Time control.
  QAction* control = nullptr;
  for (QAction* a : w->findChildren<QAction*>())
    if (a->text() == "&Time control...") control = a;
  QVERIFY(control);
  QCOMPARE(cut_in_modal([&] { control->trigger(); }), QString());
  // The result, at the end of the game.
  w->redo();
  w->set_result_dialogs(true);
  for (const char* m : {"e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"}) QVERIFY(w->enter_move(m));
  QVERIFY(w->game()->over());
  settle();
  auto* result = w->findChild<QMessageBox*>();
  QVERIFY(result && result->isVisible());
  QVERIFY(result->text().startsWith("Game over: checkmate\n"));
  QCOMPARE(cut_label(result), QString());
}

void LooksTest::dialogsShowEveryTextWholeAtTwiceTheSize() {
  // The same test in a program whose every size is doubled (200% scaling).
  const QString failed = gui_test::fails_at_twice_the_size("dialogsShowEveryTextWhole");
  QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

QTEST_MAIN(LooksTest)
#include "looks_test.moc"
