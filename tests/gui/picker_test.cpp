// The New game dialog's pictures, offscreen: every title of its list with a
// small picture of the script's start, drawn after the dialog has opened and
// kept for the next one, and the chosen script's start drawn larger beside its
// description; and the description in words of a script that gives none.
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest/QtTest>

#include "gui/game_picker.h"
#include "gui/script_picture.h"
#include "notation/describe.h"
#include "script/loader.h"

using namespace regula;
using regula::gui::GamePicker;

namespace {

// The titles of the list, each a script.
std::vector<QTreeWidgetItem*> titles(const GamePicker& picker) {
  std::vector<QTreeWidgetItem*> out;
  for (int i = 0; i < picker.tree()->topLevelItemCount(); ++i)
    for (int j = 0; j < picker.tree()->topLevelItem(i)->childCount(); ++j)
      out.push_back(picker.tree()->topLevelItem(i)->child(j));
  return out;
}

QTreeWidgetItem* title_of(const GamePicker& picker, const QString& name) {
  for (QTreeWidgetItem* item : titles(picker))
    if (item->data(0, Qt::UserRole).toString() == name) return item;
  return nullptr;
}

// Turns of the event loop until every picture of the list is drawn: one a
// turn, so at most as many as there are titles.
bool draw_every_picture(const GamePicker& picker) {
  for (size_t turns = titles(picker).size() + 1; turns > 0 && picker.pictures_pending(); --turns)
    QApplication::processEvents();
  return picker.pictures_pending() == 0;
}

bool uniform(const QImage& image) {
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.pixel(x, y) != image.pixel(0, 0)) return false;
  return true;
}

QImage icon_image(const QTreeWidgetItem* item) {
  return item->icon(0).pixmap(item->treeWidget()->iconSize()).toImage();
}

}  // namespace

class PickerTest : public QObject {
  Q_OBJECT
 private slots:
  void everyTitleGetsAPictureOfItsStartAfterTheDialogOpens();
  void aSecondDialogShowsTheKeptPicturesAtOnce();
  void theChosenScriptsStartIsDrawnLargerBesideItsDescription();
  void aScriptWithoutDescriptionIsDescribedInWords();
};

void PickerTest::everyTitleGetsAPictureOfItsStartAfterTheDialogOpens() {
  GamePicker picker(nullptr, "chess/orthodox");
  const std::vector<QTreeWidgetItem*> items = titles(picker);
  QCOMPARE(items.size(), script::bundled_scripts().size());
  // Opened with only the chosen script's start drawn; the rest wait their turn,
  // each with a blank picture that keeps its row's size.
  QCOMPARE(picker.pictures_pending(), items.size() - 1);
  QVERIFY(!uniform(icon_image(title_of(picker, "chess/orthodox"))));
  QVERIFY(uniform(icon_image(title_of(picker, "shogi/shogi"))));
  QVERIFY(draw_every_picture(picker));
  for (const QTreeWidgetItem* item : items) {
    const QString name = item->data(0, Qt::UserRole).toString();
    QVERIFY2(!item->icon(0).isNull(), qPrintable(name));
    const QImage image = icon_image(item);
    QVERIFY2(!image.isNull(), qPrintable(name));
    QVERIFY2(!uniform(image), qPrintable(name));
  }
  // Chess and shogi are not drawn alike.
  QVERIFY(icon_image(title_of(picker, "chess/orthodox")) !=
          icon_image(title_of(picker, "shogi/shogi")));
}

void PickerTest::aSecondDialogShowsTheKeptPicturesAtOnce() {
  {
    GamePicker first;
    QVERIFY(draw_every_picture(first));
  }
  GamePicker second;
  QCOMPARE(second.pictures_pending(), size_t{0});
  for (const QTreeWidgetItem* item : titles(second))
    QVERIFY2(!uniform(icon_image(item)), qPrintable(item->data(0, Qt::UserRole).toString()));
}

void PickerTest::theChosenScriptsStartIsDrawnLargerBesideItsDescription() {
  GamePicker picker(nullptr, "draughts/english");
  const qreal dpr = picker.devicePixelRatioF();
  const QPixmap draughts = picker.preview_label()->pixmap();
  QVERIFY(!draughts.isNull());
  QCOMPARE(draughts.deviceIndependentSize().toSize(),
           QSize(gui::kScriptPictureSize, gui::kScriptPictureSize));
  QVERIFY(!uniform(draughts.toImage()));
  QVERIFY(gui::kScriptPictureSize > picker.tree()->iconSize().width());
  // The start as the board view draws it.
  auto rules = script::load_rules("draughts/english");
  QVERIFY(rules);
  QCOMPARE(draughts.toImage(), gui::start_picture(*rules, dpr).toImage());
  picker.tree()->setCurrentItem(title_of(picker, "tafl/copenhagen"));
  const QPixmap tafl = picker.preview_label()->pixmap();
  QVERIFY(!uniform(tafl.toImage()));
  QVERIFY(tafl.toImage() != draughts.toImage());
}

void PickerTest::aScriptWithoutDescriptionIsDescribedInWords() {
  // A rules directory of one script, which says nothing of itself.
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkdir("tiny"));
  QFile f(dir.filePath("tiny/tiny.lua"));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(
      "return game {\n  title = \"Tiny\",\n  board = grid { width = 3, height = 3 },\n"
      "  seats = { \"white\", \"black\" },\n"
      "  pieces = { piece { name = \"king\", symbol = \"K\", moves = { step { dirs = \"all\" "
      "} } } },\n"
      "  setup = { white = { king = \"a1\" }, black = { king = \"c3\" } },\n}\n");
  f.close();
  const QByteArray rules_dir = qgetenv("REGULA_RULES_DIR");
  qputenv("REGULA_RULES_DIR", dir.path().toLocal8Bit());
  GamePicker picker;
  const QString description = picker.description_label()->text();
  const QPixmap preview = picker.preview_label()->pixmap();
  auto rules = script::load_rules("tiny/tiny");
  if (rules_dir.isNull())
    qunsetenv("REGULA_RULES_DIR");
  else
    qputenv("REGULA_RULES_DIR", rules_dir);
  QCOMPARE(titles(picker).size(), size_t{1});
  QCOMPARE(picker.title_label()->text(), QString("Tiny"));
  QVERIFY(rules);
  const RulesWords words = describe_rules(**rules);
  QVERIFY(!words.board.empty());
  QVERIFY2(description.startsWith(QString::fromStdString(words.board[0])), qPrintable(description));
  QVERIFY(!uniform(preview.toImage()));
}

QTEST_MAIN(PickerTest)
#include "picker_test.moc"
