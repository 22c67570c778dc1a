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

// Deletes a layout's widgets, to be made afresh.
inline void clear_layout(QLayout* layout) {
  while (QLayoutItem* item = layout->takeAt(0)) {
    delete item->widget();
    delete item;
  }
}

}  // namespace regula::gui
