#pragma once
// The colours the board is drawn in, chosen in View > Theme, and the way its
// pieces are drawn, chosen in View > Pieces. Each is its own concept beside the
// board: the board draws any topology in whichever theme and piece set are
// chosen, and the window remembers each choice by its name between runs.

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

// How the pieces are drawn, chosen in View > Pieces, as the board's colours are
// in View > Theme: the same set for every game, remembered by its name.
enum class PieceStyle {
  kDrawn,    // the script's glyphs: the program's drawings, figures, written characters
  kLetters,  // every piece a token in its seat's colour with its letter, as move texts write it
};
struct PieceSet {
  QString name;  // as View > Pieces lists it and the settings keep it
  PieceStyle style;
};
// Every set, the first the default.
const std::vector<PieceSet>& piece_sets();
// The set called name, or the default one when there is none.
const PieceSet& piece_set(const QString& name);

}  // namespace regula::gui
