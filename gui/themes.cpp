#include "gui/themes.h"

namespace regula::gui {

const std::vector<BoardTheme>& board_themes() {
  static const std::vector<BoardTheme> themes = {
      {QT_TRANSLATE_NOOP("regula::gui::BoardTheme", "Classic"), QColor(240, 217, 181),
       QColor(181, 136, 99), QColor(222, 196, 150), QColor(120, 90, 60), QColor(60, 40, 20),
       QColor(90, 70, 50), QColor(240, 230, 210)},
      {QT_TRANSLATE_NOOP("regula::gui::BoardTheme", "Green"), QColor(238, 238, 210),
       QColor(118, 150, 86), QColor(214, 222, 180), QColor(90, 110, 70), QColor(40, 60, 30),
       QColor(50, 70, 45), QColor(230, 240, 220)},
      {QT_TRANSLATE_NOOP("regula::gui::BoardTheme", "Blue"), QColor(222, 227, 230),
       QColor(140, 162, 173), QColor(200, 212, 220), QColor(90, 110, 130), QColor(30, 50, 70),
       QColor(45, 60, 80), QColor(225, 232, 240)},
      // Black on white with nothing between: the squares and links for a person who
      // needs the strongest contrast.
      {QT_TRANSLATE_NOOP("regula::gui::BoardTheme", "High contrast"), QColor(255, 255, 255),
       QColor(96, 96, 96), QColor(255, 255, 255), QColor(0, 0, 0), QColor(0, 0, 0), QColor(0, 0, 0),
       QColor(255, 255, 0)},
  };
  return themes;
}

const BoardTheme& board_theme(const QString& name) {
  for (const BoardTheme& t : board_themes())
    if (t.name == name) return t;
  return board_themes().front();
}

const std::vector<PieceSet>& piece_sets() {
  static const std::vector<PieceSet> sets = {
      {QT_TRANSLATE_NOOP("regula::gui::PieceSet", "Drawn"), PieceStyle::kDrawn},
      {QT_TRANSLATE_NOOP("regula::gui::PieceSet", "Letters"), PieceStyle::kLetters},
  };
  return sets;
}

const PieceSet& piece_set(const QString& name) {
  for (const PieceSet& s : piece_sets())
    if (s.name == name) return s;
  return piece_sets().front();
}

}  // namespace regula::gui
