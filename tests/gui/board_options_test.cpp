// The board's view options, offscreen: the sites' names, the end of the game
// marked on the board, the dice beside it, the themes, the sounds and the
// settings kept between runs.
#include <QAction>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <set>

#include "formats/pdn.h"
#include "formats/presentation.h"
#include "gui/board_view.h"
#include "gui/dice_view.h"
#include "gui/main_window.h"
#include "gui/sounds.h"
#include "gui/themes.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "window_support.h"

using namespace regula;
using regula::gui::BoardView;
using regula::gui::MainWindow;
using regula::gui_test::only;
using regula::gui_test::open_window;
using regula::gui_test::Put;

namespace {

SiteId site(const MainWindow& w, const char* name) {
  return w.game()->rules().topology.find(name);
}

void click(MainWindow& w, const char* name) {
  QTest::mouseClick(w.board(), Qt::LeftButton, {}, w.board()->centre(site(w, name)).toPoint());
}

void play_clicks(MainWindow& w, std::initializer_list<const char*> squares) {
  for (const char* s : squares) click(w, s);
}

// The size of a square of a grid (its sites 0 and 1 are neighbours).
double square(const BoardView& board) {
  return std::abs(board.centre(0).x() - board.centre(1).x()) +
         std::abs(board.centre(0).y() - board.centre(1).y());
}

// Where a site's name is written: the top left corner of its square.
QRect top_left(const BoardView& board, SiteId s) {
  const double c = square(board);
  return QRectF(board.centre(s) - QPointF(c / 2, c / 2), QSizeF(c * 0.35, c * 0.3)).toRect();
}

// The colour drawn just inside a site's square at its bottom right corner: clear
// of its piece, its name and the coordinates.
QColor corner_colour(BoardView& board, SiteId s) {
  const QImage image = board.grab().toImage();
  const double c = square(board);
  const QPointF at = board.centre(s) + QPointF(c * 0.45, c * 0.45);
  return image.pixelColor(at.toPoint());
}

// The pixels that differ between two drawings of a widget, within a rectangle.
int differing(const QImage& a, const QImage& b, QRect within) {
  int n = 0;
  for (int y = within.top(); y <= within.bottom(); ++y)
    for (int x = within.left(); x <= within.right(); ++x) n += a.pixel(x, y) != b.pixel(x, y);
  return n;
}

}  // namespace

class BoardOptionsTest : public QObject {
  Q_OBJECT
 private slots:
  void draughtsSquaresCarryTheirPdnNumbers();
  void millPointsCarryTheNamesMovesUse();
  void foolsMateMarksTheMatedKingInRed();
  void stalemateHasAMarkOfItsOwn();
  void otherEndsHaveABannerOnly();
  void diceAreDrawnAsFacesWithWhatTheThrowAllows();
  void pipsGrowWithTheFace();
  void themeChangesTheSquareColours();
  void pieceSetsChangeThePiecesOfEveryFamily();
  void piecesMenuSwitchesTheBoardsPieces();
  void soundsFollowMovesCapturesAndTheEnd();
  void settingsRoundTrip();
  void aWindowWithoutSettingsWritesNone();
};

void BoardOptionsTest::draughtsSquaresCarryTheirPdnNumbers() {
  auto w = open_window("draughts/english");
  QVERIFY(w);
  const Ruleset& r = w->game()->rules();
  const Pdn& pdn = *presentation_of(r).pdn;
  const std::map<SiteId, QString> labels = w->board()->square_labels();
  // The 32 playing squares, numbered 1 to 32 as the moves write them; none on the others.
  QCOMPARE(labels.size(), size_t{32});
  std::set<QString> names;
  for (const auto& [s, name] : labels) names.insert(name);
  std::set<QString> expected;
  for (int n = 1; n <= 32; ++n) expected.insert(QString::number(n));
  QCOMPARE(names, expected);
  QCOMPARE(labels.at(pdn.numbered[0]), QString("1"));
  QCOMPARE(labels.at(pdn.numbered[31]), QString("32"));
  // Drawn only when asked for, in the square's corner.
  QVERIFY(!w->board()->square_names());
  const QImage plain = w->board()->grab().toImage();
  auto* action = w->findChild<QAction*>("square_names");
  QVERIFY(action);
  action->trigger();
  QVERIFY(w->board()->square_names());
  const QImage named = w->board()->grab().toImage();
  QVERIFY(differing(plain, named, top_left(*w->board(), pdn.numbered[0])) > 10);
  // A square never played on stays as it was.
  SiteId unplayed = kNoSite;
  for (SiteId s = 0; s < r.topology.size() && unplayed == kNoSite; ++s)
    if (!labels.count(s)) unplayed = s;
  QCOMPARE(differing(plain, named, top_left(*w->board(), unplayed)), 0);
}

void BoardOptionsTest::millPointsCarryTheNamesMovesUse() {
  auto w = open_window("mill/nine-mens-morris");
  QVERIFY(w);
  const Topology& t = w->game()->rules().topology;
  const std::map<SiteId, QString> labels = w->board()->square_labels();
  QCOMPARE(labels.size(), size_t{24});
  for (SiteId s = 0; s < t.size(); ++s) QCOMPARE(labels.at(s), QString::fromStdString(t.name(s)));
  // The name a placement is written with is the one beside its point.
  click(*w, "A1");
  QCOMPARE(QString::fromStdString(w->game()->turns().back().text), labels.at(site(*w, "A1")));
  const QImage plain = w->board()->grab().toImage();
  w->set_square_names(true);
  const QImage named = w->board()->grab().toImage();
  QVERIFY(differing(plain, named, named.rect()) > 24 * 10);
}

void BoardOptionsTest::foolsMateMarksTheMatedKingInRed() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  play_clicks(*w, {"f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4"});
  QVERIFY(w->game()->over());
  QCOMPARE(w->game()->result().reason, std::string("checkmate"));
  QCOMPARE(w->board()->end_mark(), BoardView::EndMark::kMate);
  QCOMPARE(w->board()->end_site(), site(*w, "e1"));
  QCOMPARE(w->board()->banner(), QString("Checkmate: black wins"));
  const QColor red = corner_colour(*w->board(), site(*w, "e1"));
  QVERIFY2(red.red() > 180 && red.green() < 90 && red.blue() < 90, qPrintable(red.name()));
  // Taken back, the mark goes.
  w->undo();
  QCOMPARE(w->board()->end_mark(), BoardView::EndMark::kNone);
  QCOMPARE(w->board()->banner(), QString());
}

void BoardOptionsTest::stalemateHasAMarkOfItsOwn() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QVERIFY(w->set_position(only(*w, {{"a8", "king", 1}, {"b5", "queen", 0}, {"h1", "king", 0}})));
  play_clicks(*w, {"b5", "b6"});
  QVERIFY(w->game()->over());
  QCOMPARE(w->game()->result().reason, std::string("stalemate"));
  QCOMPARE(w->board()->end_mark(), BoardView::EndMark::kStalemate);
  QCOMPARE(w->board()->end_site(), site(*w, "a8"));
  QCOMPARE(w->board()->banner(), QString("Stalemate: drawn"));
  const QColor blue = corner_colour(*w->board(), site(*w, "a8"));
  QVERIFY2(blue.blue() > 150 && blue.red() < 120, qPrintable(blue.name()));
}

void BoardOptionsTest::otherEndsHaveABannerOnly() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  const QImage playing = w->board()->grab().toImage();
  w->resign();
  QVERIFY(w->game()->over());
  QCOMPARE(w->board()->end_mark(), BoardView::EndMark::kNone);
  QCOMPARE(w->board()->banner(), QString("White resigns: black wins"));
  // The banner lies across the foot of the board.
  const QImage over = w->board()->grab().toImage();
  const int width = w->board()->width(), height = w->board()->height();
  QVERIFY(differing(playing, over, QRect(0, height - 8, width, 8)) > width * 6);
}

void BoardOptionsTest::diceAreDrawnAsFacesWithWhatTheThrowAllows() {
  auto w = open_window("chaturanga/four-handed", {{"dice", "on"}});
  QVERIFY(w);
  const Ruleset& r = w->game()->rules();
  QCOMPARE(gui::throw_words(r, 5), QString("5: a soldier or a rajah may move"));
  QCOMPARE(gui::throw_words(r, 2), QString("2: an elephant may move"));
  QCOMPARE(gui::throw_words(r, 1), QString("1: no piece may move"));
  QCOMPARE(gui::throw_words(r, 0), QString());
  QTest::qWait(20);
  gui::DiceView* dice = w->dice();
  QVERIFY(dice->isVisible());
  QCOMPARE(dice->faces(), std::vector<int>{});
  const QRect board = w->board()->geometry();
  w->set_seed(3);
  QVERIFY(w->press_button("Roll"));
  const int roll = w->game()->position().roll();
  QVERIFY(roll >= 1 && roll <= 6);
  QTRY_COMPARE(dice->words(), gui::throw_words(r, roll));
  QCOMPARE(dice->faces(), std::vector<int>{roll});
  QCOMPARE(w->board()->geometry(), board);
  // A game without dice has none beside its board.
  QVERIFY(w->open("chess/orthodox"));
  QVERIFY(!dice->isVisible());
}

void BoardOptionsTest::pipsGrowWithTheFace() {
  // Each face from one to six has its pips: the more pips, the more dark pixels.
  gui::DiceView view;
  view.resize(132, 200);
  auto dark = [&](int face) {
    view.show_faces({face});
    const QImage image = view.grab().toImage();
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) n += image.pixelColor(x, y).lightness() < 80;
    return n;
  };
  int before = dark(1);
  QVERIFY(before > 0);
  for (int face = 2; face <= 6; ++face) {
    const int n = dark(face);
    QVERIFY2(n > before, qPrintable(QString("face %1").arg(face)));
    before = n;
  }
}

void BoardOptionsTest::themeChangesTheSquareColours() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  // Two empty squares, a dark and a light.
  const SiteId dark = site(*w, "a3"), light = site(*w, "h3");
  QCOMPARE(w->theme(), QString("Classic"));
  QCOMPARE(corner_colour(*w->board(), dark), gui::board_theme("Classic").dark);
  QCOMPARE(corner_colour(*w->board(), light), gui::board_theme("Classic").light);
  auto* green = w->findChild<QAction*>("theme:Green");
  QVERIFY(green);
  green->trigger();
  QCOMPARE(w->theme(), QString("Green"));
  QCOMPARE(corner_colour(*w->board(), dark), gui::board_theme("Green").dark);
  QCOMPARE(corner_colour(*w->board(), light), gui::board_theme("Green").light);
  QVERIFY(gui::board_theme("Green").dark != gui::board_theme("Classic").dark);
  w->set_theme("High contrast");
  QCOMPARE(corner_colour(*w->board(), light), QColor(255, 255, 255));
  QVERIFY(w->findChild<QAction*>("theme:High contrast")->isChecked());
  QVERIFY(!green->isChecked());
}

void BoardOptionsTest::pieceSetsChangeThePiecesOfEveryFamily() {
  // A script of each family: every piece with a glyph is drawn otherwise in the
  // letters set, and in each set the seats' pieces of a type differ.
  const std::vector<std::string> families = {
      "chess/orthodox",  "chess/xiangqi",          "chess/janggi",           "chess/makruk",
      "shogi/shogi",     "draughts/international", "chaturanga/four-handed", "jetan/burroughs",
      "tafl/copenhagen", "amazons/amazons",        "mill/nine-mens-morris",  "fanorona/fanorona"};
  const gui::PieceSet& drawn = gui::piece_set("Drawn");
  const gui::PieceSet& letters = gui::piece_set("Letters");
  QCOMPARE(drawn.style, gui::PieceStyle::kDrawn);
  QCOMPARE(letters.style, gui::PieceStyle::kLetters);
  QCOMPARE(gui::piece_sets().front().name, QString("Drawn"));
  for (const std::string& spec : families) {
    auto w = open_window(spec);
    QVERIFY2(w, spec.c_str());
    const Ruleset& r = w->game()->rules();
    BoardView& board = *w->board();
    int glyphs = 0, changed = 0;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      const std::string what = spec + " " + r.types[t].name;
      std::map<QString, std::vector<QImage>> by_set;
      for (const gui::PieceSet* set : {&drawn, &letters}) {
        board.set_piece_set(*set);
        for (SeatId seat : {0, 1})
          by_set[set->name].push_back(board.piece_picture(make_piece(t, seat), 48));
        QVERIFY2(by_set[set->name][0] != by_set[set->name][1],
                 qPrintable(QString::fromStdString(what) + " " + set->name));
      }
      glyphs += !presentation_of(r).glyph(t, 0).empty();
      changed += by_set["Drawn"][0] != by_set["Letters"][0];
    }
    QVERIFY2(glyphs > 0, spec.c_str());
    QVERIFY2(
        changed == glyphs,
        qPrintable(
            QString("%1: %2 of %3").arg(QString::fromStdString(spec)).arg(changed).arg(glyphs)));
  }
}

void BoardOptionsTest::piecesMenuSwitchesTheBoardsPieces() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  QCOMPARE(w->piece_set_name(), QString("Drawn"));
  QVERIFY(w->findChild<QAction*>("pieces:Drawn")->isChecked());
  const QImage drawn = w->board()->grab().toImage();
  auto* letters = w->findChild<QAction*>("pieces:Letters");
  QVERIFY(letters);
  letters->trigger();
  QCOMPARE(w->piece_set_name(), QString("Letters"));
  QVERIFY(letters->isChecked());
  QVERIFY(!w->findChild<QAction*>("pieces:Drawn")->isChecked());
  // The pieces' squares change, an empty one does not.
  const QImage lettered = w->board()->grab().toImage();
  const double c = square(*w->board());
  auto on = [&](const char* name) {
    return QRectF(w->board()->centre(site(*w, name)) - QPointF(c / 2, c / 2), QSizeF(c, c))
        .toRect();
  };
  QVERIFY(differing(drawn, lettered, on("e1")) > 20);
  QVERIFY(differing(drawn, lettered, on("g8")) > 20);
  QCOMPARE(differing(drawn, lettered, on("e4")), 0);
  // Every seat's pieces of one type read apart, and so do the types of a seat.
  const Ruleset& r = w->game()->rules();
  std::vector<QImage> kinds;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    kinds.push_back(w->board()->piece_picture(make_piece(t, 0), 48));
  QCOMPARE(kinds.size(), size_t{6});
  for (size_t a = 0; a < kinds.size(); ++a)
    for (size_t b = a + 1; b < kinds.size(); ++b) QVERIFY(kinds[a] != kinds[b]);
  w->set_piece_set("no such set");
  QCOMPARE(w->piece_set_name(), QString("Drawn"));
}

void BoardOptionsTest::soundsFollowMovesCapturesAndTheEnd() {
  auto w = open_window("chess/orthodox");
  QVERIFY(w);
  std::vector<gui::Sound> heard;
  w->sounds().set_player([&](gui::Sound s) { heard.push_back(s); });
  play_clicks(*w, {"e2", "e4"});
  QCOMPARE(heard.size(), size_t{0});  // off unless switched on
  w->findChild<QAction*>("sound")->trigger();
  QVERIFY(w->sound());
  play_clicks(*w, {"d7", "d5", "e4", "d5"});
  using gui::Sound;
  QCOMPARE(heard, (std::vector<Sound>{Sound::kMove, Sound::kCapture}));
  w->resign();
  QCOMPARE(heard, (std::vector<Sound>{Sound::kMove, Sound::kCapture, Sound::kEnd}));
  // The tones are a WAV file: its header and as many samples as it says.
  const QByteArray wav = gui::sound_wav(Sound::kCapture);
  QVERIFY(wav.startsWith("RIFF"));
  QCOMPARE(wav.mid(8, 8), QByteArray("WAVEfmt "));
  QCOMPARE(wav.size(), 44 + 2 * (22050 * 60 / 1000 + 22050 * 90 / 1000));
}

void BoardOptionsTest::settingsRoundTrip() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
  {
    MainWindow w;
    w.set_result_dialogs(false);
    w.remember_settings();
    QCOMPARE(w.theme(), QString("Classic"));
    QCOMPARE(w.piece_set_name(), QString("Drawn"));
    w.show();
    QVERIFY(w.open("chaturanga/four-handed", {{"dice", "on"}}));
    w.set_theme("Blue");
    w.set_piece_set("Letters");
    w.set_square_names(true);
    w.set_sound(true);
    w.resize(1000, 720);
    QTest::qWait(20);
    w.close();
  }
  MainWindow again;
  again.remember_settings();
  QCOMPARE(again.theme(), QString("Blue"));
  QCOMPARE(again.piece_set_name(), QString("Letters"));
  QCOMPARE(again.board()->piece_set().style, gui::PieceStyle::kLetters);
  QVERIFY(again.findChild<QAction*>("pieces:Letters")->isChecked());
  QVERIFY(again.board()->square_names());
  QVERIFY(again.findChild<QAction*>("square_names")->isChecked());
  QVERIFY(again.sound());
  QCOMPARE(again.size(), QSize(1000, 720));
  std::string spec;
  script::OptionList options;
  QVERIFY(MainWindow::last_game(spec, options));
  QCOMPARE(spec, std::string("chaturanga/four-handed"));
  QCOMPARE(options, (script::OptionList{{"dice", "on"}}));
  QVERIFY(QFile::exists(dir.filePath("regula/regula-gui.ini")));
}

void BoardOptionsTest::aWindowWithoutSettingsWritesNone() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
  {
    auto w = open_window("chess/orthodox");
    QVERIFY(w);
    w->set_theme("Green");
    w->close();
  }
  QVERIFY(!QFile::exists(dir.filePath("regula/regula-gui.ini")));
  std::string spec;
  script::OptionList options;
  QVERIFY(!MainWindow::last_game(spec, options));
}

QTEST_MAIN(BoardOptionsTest)
#include "board_options_test.moc"
