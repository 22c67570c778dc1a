// How the window looks, offscreen: its texts in another language, the clocks
// beside the board, the move entry closed by a new game, the pieces in hand
// drawn as on the board, and the pieces of a seat the script turns drawn
// upside down.
#include <QAction>
#include <QLineEdit>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest/QtTest>

#include "gui/board_view.h"
#include "gui/main_window.h"
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

}  // namespace

class LooksTest : public QObject {
  Q_OBJECT
 private slots:
  void frenchTranslatesTheMenusAndTheStatus();
  void englishAndUnknownLanguagesKeepTheTexts();
  void theLanguageComesFromTheOptionElseTheSettings();
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
    QVERIFY(w->status().startsWith("e5: "));
    QVERIFY(!w->enter_move(" "));
    QCOMPARE(w->status(), QString("Tapez un coup"));
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

QTEST_MAIN(LooksTest)
#include "looks_test.moc"
