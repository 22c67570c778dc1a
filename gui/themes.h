#pragma once
// The colours the board is drawn in, chosen in View > Theme. A theme is its own
// concept beside the board: the board draws any topology in whichever theme is
// chosen, and the window remembers the choice by its name between runs.

#include <QColor>
#include <QString>
#include <vector>

namespace regula::gui {

struct BoardTheme {
  QString name;       // as View > Theme lists it and the settings keep it
  QColor light;       // the light squares of a checkered grid
  QColor dark;        // the dark squares
  QColor plain;       // every square of a grid shaded alike, and a point board's ground
  QColor edge;        // the square edges of a grid shaded alike
  QColor line;        // a point board's links and points
  QColor surround;    // around the board
  QColor coordinate;  // the coordinates along the edges, drawn on the surround
};

// Every theme, the first the default.
const std::vector<BoardTheme>& board_themes();
// The theme called name, or the default one when there is none.
const BoardTheme& board_theme(const QString& name);

}  // namespace regula::gui
