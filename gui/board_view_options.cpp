// The board's view options, apart from the drawing of the board and its pieces
// (board_view.cpp): the names of the sites as the script's notation writes
// them, and the end of the game marked on the board. Each is drawn over the
// board in a pass of its own, so that they come and go without touching how
// the board itself is drawn.

#include <QPainter>
#include <algorithm>

#include "formats/pdn.h"
#include "formats/presentation.h"
#include "gui/board_view.h"

namespace regula::gui {

std::map<SiteId, QString> BoardView::square_labels() const {
  std::map<SiteId, QString> out;
  if (!pos_) return out;
  const Ruleset& r = pos_->rules();
  const Pdn* pdn = presentation_of(r).pdn.get();
  for (SiteId s = 0; s < r.topology.size(); ++s) {
    // A draughts square that is never played on has no number.
    if (pdn && s < static_cast<SiteId>(pdn->square.size()) && pdn->square[s].empty()) continue;
    out[s] = QString::fromStdString(site_name(pdn, r.topology, s));
  }
  return out;
}

void BoardView::set_end(SiteId site, EndMark mark, QString banner) {
  end_site_ = mark == EndMark::kNone ? kNoSite : site;
  end_mark_ = end_site_ == kNoSite ? EndMark::kNone : mark;
  banner_ = std::move(banner);
  update();
}

void BoardView::draw_square_names(QPainter& p, double c) const {
  if (!square_names_) return;
  const bool grid = pos_->rules().topology.is_grid();
  QFont f = font();
  f.setPixelSize(std::max(7, static_cast<int>(c * (grid ? 0.2 : 0.26))));
  p.setFont(f);
  for (const auto& [s, name] : square_labels()) {
    const QPointF at = centre(s);
    if (grid) {
      // The square's top left corner, in a colour that reads on both shades.
      const QRectF corner(at.x() - c / 2 + c * 0.04, at.y() - c / 2 + c * 0.02, c * 0.6, c * 0.3);
      p.setPen(QColor(30, 30, 30, 170));
      p.drawText(corner.translated(1, 1), Qt::AlignLeft | Qt::AlignTop, name);
      p.setPen(QColor(255, 255, 255, 220));
      p.drawText(corner, Qt::AlignLeft | Qt::AlignTop, name);
    } else {
      // Above and to the right of the point, clear of its token.
      p.setPen(theme_.line);
      p.drawText(QRectF(at.x() + c * 0.3, at.y() - c * 0.75, c, c * 0.4),
                 Qt::AlignLeft | Qt::AlignBottom, name);
    }
  }
}

void BoardView::draw_end_mark(QPainter& p, double c) const {
  if (end_mark_ == EndMark::kNone || end_site_ == kNoSite) return;
  // Mate in red; stalemate, which is no defeat of the piece, in blue.
  const QColor col =
      end_mark_ == EndMark::kMate ? QColor(220, 20, 20, 210) : QColor(40, 110, 230, 190);
  const QPointF at = centre(end_site_);
  p.setPen(Qt::NoPen);
  p.setBrush(col);
  if (pos_->rules().topology.is_grid())
    p.drawRect(QRectF(at - QPointF(c / 2, c / 2), QSizeF(c, c)));
  else
    p.drawEllipse(at, c * 0.55, c * 0.55);
  p.setBrush(Qt::NoBrush);
  p.setPen(
      QPen(col.darker(140), c * 0.06, end_mark_ == EndMark::kMate ? Qt::SolidLine : Qt::DashLine));
  p.drawEllipse(at, c * 0.46, c * 0.46);
}

void BoardView::draw_banner(QPainter& p, double c) const {
  if (banner_.isEmpty()) return;
  QFont f = font();
  f.setBold(true);
  f.setPixelSize(std::max(10, static_cast<int>(c * 0.3)));
  p.setFont(f);
  // At the foot of the board, over the letters of the files rather than the far row.
  const double h = f.pixelSize() * 1.8;
  const QRectF strip(0, height() - h, width(), h);
  p.fillRect(strip, QColor(0, 0, 0, 170));
  p.setPen(Qt::white);
  p.drawText(strip, Qt::AlignCenter, banner_);
}

}  // namespace regula::gui
