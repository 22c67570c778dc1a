#pragma once
// The small helpers the files of MainWindow share (main_window.cpp and the
// main_window_*.cpp files that hold its parts by concept).

#include <QLayout>
#include <QLayoutItem>
#include <QString>
#include <QWidget>
#include <string>

namespace regula::gui {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// The side of a piece in hand's picture on its button below the board: twice
// the height of the window's text, so that the piece reads at any scaling.
inline int hand_glyph_size(const QWidget& window) {
  return window.fontMetrics().height() * 2;
}

// Deletes a layout's widgets, to be made afresh.
inline void clear_layout(QLayout* layout) {
  while (QLayoutItem* item = layout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
}

}  // namespace regula::gui
