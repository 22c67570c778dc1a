// The board's overlay: the arrows and rings a person draws with the right
// button (as on lichess) and the computer's hint, painted over the pieces in a
// pass of their own. Its own file because it is a layer of its own: it reads
// the board's geometry and nothing of the pieces or the squares.

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "gui/board_view.h"

namespace regula::gui {

QColor BoardView::arrow_colour(bool hint) {
  // lichess's green for the person's drawings; blue for the computer's hint.
  return hint ? QColor(0, 80, 200, 190) : QColor(21, 120, 27, 180);
}

std::vector<BoardView::Arrow> BoardView::arrows() const {
  std::vector<Arrow> all = drawn_;
  if (hint_) all.push_back(*hint_);
  return all;
}

void BoardView::set_hint(SiteId from, SiteId to) {
  hint_ = Arrow{from, to, true};
  update();
}

void BoardView::clear_hint() {
  if (!hint_) return;
  hint_.reset();
  update();
}

void BoardView::clear_drawings() {
  if (drawn_.empty() && marks_.empty()) return;
  drawn_.clear();
  marks_.clear();
  update();
}

bool BoardView::overlay_press(QMouseEvent* e) {
  if (e->button() == Qt::LeftButton) {
    clear_drawings();
    return false;
  }
  if (e->button() != Qt::RightButton) return false;
  right_press_ = site_at(e->position());
  emit right_pressed();
  return true;
}

bool BoardView::overlay_release(QMouseEvent* e) {
  if (e->button() != Qt::RightButton) return false;
  const SiteId from = right_press_, to = site_at(e->position());
  right_press_ = kNoSite;
  if (from == kNoSite || to == kNoSite) return true;
  if (from == to) {
    // A ring, or none when there was one.
    if (!marks_.erase(to)) marks_.insert(to);
  } else {
    // An arrow, or none when the same one was there.
    const Arrow a{from, to, false};
    const auto it = std::find(drawn_.begin(), drawn_.end(), a);
    if (it != drawn_.end())
      drawn_.erase(it);
    else
      drawn_.push_back(a);
  }
  update();
  return true;
}

void BoardView::draw_overlay(QPainter& p, double c) const {
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(arrow_colour(false), c * 0.08));
  for (SiteId s : marks_) p.drawEllipse(centre(s), c * 0.44, c * 0.44);
  for (const Arrow& a : arrows()) draw_arrow(p, a, c);
}

void BoardView::draw_arrow(QPainter& p, const Arrow& a, double c) const {
  const QColor colour = arrow_colour(a.hint);
  if (a.from == kNoSite) {  // a drop: a ring where the piece goes
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(colour, c * 0.1));
    p.drawEllipse(centre(a.to), c * 0.4, c * 0.4);
    return;
  }
  const QPointF from = centre(a.from), to = centre(a.to);
  const QPointF d = to - from;
  const double length = std::hypot(d.x(), d.y());
  if (length < 1) return;
  const QPointF along = d / length, across(-along.y(), along.x());
  const double shaft = c * 0.09, head = c * 0.3, wide = c * 0.22;
  // The shaft stops where the head begins; the head's point on the site's centre.
  const QPointF base = to - along * head;
  QPainterPath path;
  path.moveTo(from + across * shaft);
  path.lineTo(base + across * shaft);
  path.lineTo(base + across * wide);
  path.lineTo(to);
  path.lineTo(base - across * wide);
  path.lineTo(base - across * shaft);
  path.lineTo(from - across * shaft);
  path.closeSubpath();
  p.setPen(Qt::NoPen);
  p.setBrush(colour);
  p.drawPath(path);
}

}  // namespace regula::gui
