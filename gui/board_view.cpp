#include "gui/board_view.h"
#include "formats/presentation.h"

#include <QFile>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QSvgRenderer>
#include <QToolTip>
#include <QVariantAnimation>
#include <algorithm>
#include <array>
#include <cmath>

namespace regula::gui {

QColor seat_colour(const Ruleset& rules, SeatId seat) {
  const QString name = QString::fromStdString(rules.seats[seat].name);
  if (QColor::isValidColorName(name)) return QColor::fromString(name);
  static const std::array<QColor, 8> palette = {
      QColor(240, 240, 230), QColor(40, 40, 40),  QColor(200, 50, 40),  QColor(40, 140, 60),
      QColor(230, 190, 40),  QColor(50, 90, 200), QColor(150, 70, 170), QColor(60, 170, 180)};
  return palette[seat % palette.size()];
}

namespace {

// Whether a glyph is a written character (a letter of any script) rather than a
// figure (a symbol): a character keeps its counters, so it is written on a token.
bool is_letter(const std::string& glyph) {
  const QString text = QString::fromStdString(glyph);
  return !text.isEmpty() && QChar::isLetter(text.toUcs4().front());
}

// Black or white, whichever reads better on c.
QColor ink_on(QColor c) {
  return c.lightnessF() > 0.55 ? QColor(20, 20, 20) : QColor(245, 245, 245);
}

// Draws a glyph that is a figure: its whole silhouette filled with the seat's
// colour, its contours drawn as thin lines in ink. The font's own fill would not
// do: a solid chess or draughts figure is drawn as thin bands with gaps between
// them, which at board size read as the opposite colour, and an open figure (a
// ring) would show the square through it. False when the font draws nothing.
bool draw_figure(QPainter& p, QPointF at, const std::string& glyph, QColor fill, double size) {
  QFont f("DejaVu Sans");
  f.setPixelSize(100);
  QPainterPath path;
  path.addText(0, 0, f, QString::fromStdString(glyph));
  const QRectF b = path.boundingRect();
  if (b.isEmpty()) return false;
  // One scale for every figure, so that a pawn stays smaller than a king.
  const double k = std::min(size * 0.0085, size * 0.9 / std::max(b.width(), b.height()));
  QTransform tr;
  tr.translate(at.x(), at.y());
  tr.scale(k, k);
  tr.translate(-b.center().x(), -b.center().y());
  const QPainterPath figure = tr.map(path);
  p.setPen(Qt::NoPen);
  p.setBrush(fill);
  for (const QPolygonF& contour : figure.toSubpathPolygons()) p.drawPolygon(contour);
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(ink_on(fill), std::clamp(size * 0.012, 0.7, 1.6)));
  p.drawPath(figure);
  return true;
}

// The file an SVG glyph names: a drawing of the program's own set
// (":pieces/chess/king.svg") is the Qt resource it is compiled into.
QString svg_file(const std::string& glyph) {
  const QString name = QString::fromStdString(glyph);
  return glyph.rfind(":pieces/", 0) == 0 ? ":/" + name.mid(1) : name;
}

// An SVG drawing in a seat's colours: `currentColor` becomes the seat's colour and
// #000000 the ink, black or white, whichever reads on it; so one drawing serves
// every seat of every script. Empty when the file cannot be read.
QByteArray recoloured_svg(const QString& file, QColor fill) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QByteArray text = f.readAll();
  // The ink first: a seat's colour may itself be #000000.
  text.replace("#000000", ink_on(fill).name().toLatin1());
  text.replace("currentColor", fill.name().toLatin1());
  return text;
}

}  // namespace

BoardView::~BoardView() = default;

BoardView::BoardView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(false);
  setMinimumSize(240, 240);
}

void BoardView::set_position(const Position* pos) {
  pos_ = pos;
  if (pos_) {
    const Topology& t = pos_->rules().topology;
    min_x_ = max_x_ = t.x(0);
    min_y_ = max_y_ = t.y(0);
    for (SiteId s = 1; s < t.size(); ++s) {
      min_x_ = std::min(min_x_, t.x(s));
      max_x_ = std::max(max_x_, t.x(s));
      min_y_ = std::min(min_y_, t.y(s));
      max_y_ = std::max(max_y_, t.y(s));
    }
  }
  update();
}

void BoardView::animate(SiteId from, SiteId to, int msecs) {
  if (!pos_ || from == kNoSite || to == kNoSite || from == to) return;
  if (!anim_) {
    anim_ = new QVariantAnimation(this);
    anim_->setStartValue(0.0);
    anim_->setEndValue(1.0);
    anim_->setEasingCurve(QEasingCurve::OutCubic);
    connect(anim_, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
      anim_t_ = v.toDouble();
      update();
    });
    connect(anim_, &QVariantAnimation::finished, this, [this] {
      anim_to_ = anim_from_ = kNoSite;
      update();
    });
  }
  anim_->stop();
  anim_from_ = from;
  anim_to_ = to;
  anim_t_ = 0;
  anim_->setDuration(msecs);
  anim_->start();
}

void BoardView::set_rotation(int quarter_turns) {
  rotation_ = ((quarter_turns % 4) + 4) % 4;
  update();
}

QPointF BoardView::unit(SiteId site) const {
  const Topology& t = pos_->rules().topology;
  const double w = std::max(1, max_x_ - min_x_), h = std::max(1, max_y_ - min_y_);
  double x = (t.x(site) - min_x_) / w, y = (t.y(site) - min_y_) / h;
  for (int k = 0; k < rotation_; ++k) {  // a quarter turn clockwise as seen
    const double nx = y, ny = 1 - x;
    x = nx, y = ny;
  }
  return {x, y};
}

double BoardView::cell() const {
  const Topology& t = pos_->rules().topology;
  const int across = std::max(max_x_ - min_x_, max_y_ - min_y_) + 1;
  const double side = std::min(width(), height());
  if (t.is_grid()) return side / (across + 1);  // room for the coordinates
  // Points: a token a little under the smallest gap between two points.
  double gap = 1e9;
  for (SiteId a = 0; a < t.size(); ++a)
    for (SiteId b = a + 1; b < t.size(); ++b) {
      const double dx = t.x(a) - t.x(b), dy = t.y(a) - t.y(b);
      gap = std::min(gap, std::sqrt(dx * dx + dy * dy));
    }
  const double span = std::max(1, std::max(max_x_ - min_x_, max_y_ - min_y_));
  return std::min(side / 8, side * 0.8 * gap / span);
}

QRectF BoardView::area() const {
  const Topology& t = pos_->rules().topology;
  const double c = cell();
  const double side = std::min(width(), height());
  QRectF square((width() - side) / 2, (height() - side) / 2, side, side);
  if (t.is_grid()) {
    // Site centres lie half a square inside the squares' outer edge.
    const int cols = (rotation_ % 2 ? max_y_ - min_y_ : max_x_ - min_x_) + 1;
    const int rows = (rotation_ % 2 ? max_x_ - min_x_ : max_y_ - min_y_) + 1;
    const double left = square.center().x() - cols * c / 2 + c / 2 + c / 4;
    const double top = square.center().y() - rows * c / 2 + c / 2 - c / 4;
    return QRectF(left, top, (cols - 1) * c, (rows - 1) * c);
  }
  return square.adjusted(c, c, -c, -c);
}

QPointF BoardView::centre(SiteId site) const {
  const QRectF a = area();
  const QPointF u = unit(site);
  return {a.left() + u.x() * a.width(), a.bottom() - u.y() * a.height()};
}

SiteId BoardView::site_at(QPointF p) const {
  if (!pos_) return kNoSite;
  const double c = cell();
  SiteId best = kNoSite;
  double best_d = 1e18;
  for (SiteId s = 0; s < pos_->num_sites(); ++s) {
    const QPointF d = centre(s) - p;
    const double dd = d.x() * d.x() + d.y() * d.y();
    if (dd < best_d) best_d = dd, best = s;
  }
  return best_d <= (c * 0.55) * (c * 0.55) * 2 ? best : kNoSite;
}

int BoardView::piece_turn(SeatId seat) const {
  if (!pos_ || !presentation_of(pos_->rules()).turned[seat]) return 0;
  return (pos_->rules().seats[seat].facing + rotation_) % 4;
}

void BoardView::draw_piece(QPainter& p, QPointF at, PieceCode code, double size) const {
  const int turn = piece_turn(piece_seat(code));
  if (turn == 0) return draw_upright(p, at, code, size);
  p.save();
  p.translate(at);
  p.rotate(90.0 * turn);
  p.translate(-at);
  draw_upright(p, at, code, size);
  p.restore();
}

void BoardView::draw_upright(QPainter& p, QPointF at, PieceCode code, double size) const {
  if (piece_set_.style == PieceStyle::kDrawn && draw_glyph(p, at, code, size)) return;
  draw_token(p, at, code, size);
}

bool BoardView::draw_glyph(QPainter& p, QPointF at, PieceCode code, double size) const {
  const Ruleset& r = pos_->rules();
  const SeatId seat = piece_seat(code);
  const QColor fill = seat_colour(r, seat);
  const double rad = size * 0.4;
  const std::string& glyph = presentation_of(r).glyph(piece_type(code), seat);
  if (glyph.size() > 4 && glyph.compare(glyph.size() - 4, 4, ".svg") == 0) {
    auto& svg = svgs_[glyph + ' ' + fill.name().toStdString()];
    if (!svg) svg = std::make_unique<QSvgRenderer>(recoloured_svg(svg_file(glyph), fill));
    if (!svg->isValid()) return false;
    svg->render(&p, QRectF(at.x() - rad * 1.1, at.y() - rad * 1.1, rad * 2.2, rad * 2.2));
    return true;
  }
  return !glyph.empty() && !is_letter(glyph) && draw_figure(p, at, glyph, fill, size);
}

void BoardView::draw_token(QPainter& p, QPointF at, PieceCode code, double size) const {
  const Ruleset& r = pos_->rules();
  const SeatId seat = piece_seat(code);
  const PieceType& pt = r.types[piece_type(code)];
  const QColor fill = seat_colour(r, seat);
  const double rad = size * 0.4;
  p.setPen(QPen(ink_on(fill).lighter(fill.lightnessF() > 0.55 ? 100 : 60), size * 0.04));
  p.setBrush(fill);
  p.drawEllipse(at, rad, rad);
  // A written character (a xiangqi or janggi glyph) is the token's label in the
  // drawn set: filled as a figure it would be a blot. The letters set writes
  // the letter the moves are written with instead.
  const std::string& glyph = presentation_of(r).glyph(piece_type(code), seat);
  const bool drawn = piece_set_.style == PieceStyle::kDrawn;
  QString label = QString::fromStdString(drawn && is_letter(glyph) ? glyph
                                         : pt.letter.empty()       ? pt.symbol[seat]
                                                                   : pt.letter);
  if (label.isEmpty()) label = QString::fromStdString(pt.name.substr(0, 1)).toUpper();
  QFont f = font();
  f.setBold(true);
  f.setPixelSize(std::max(6, static_cast<int>(rad * (label.size() > 1 ? 0.8 : 1.1))));
  p.setFont(f);
  p.setPen(ink_on(fill));
  p.drawText(QRectF(at.x() - rad, at.y() - rad, 2 * rad, 2 * rad), Qt::AlignCenter, label);
}

QColor BoardView::premove_colour() {
  // lichess's shade of a premove's squares.
  return QColor(20, 30, 85, 128);
}

QImage BoardView::piece_picture(PieceCode code, int size) const {
  QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  if (!pos_) return image;
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  draw_piece(p, QPointF(size / 2.0, size / 2.0), code, size);
  return image;
}

QString BoardView::piece_name_at(QPointF at) const {
  const SiteId s = site_at(at);
  if (s == kNoSite || !pos_->at(s)) return {};
  const Ruleset& r = pos_->rules();
  const PieceCode code = pos_->at(s);
  return QString::fromStdString(r.seats[piece_seat(code)].name + " " +
                                r.types[piece_type(code)].name);
}

bool BoardView::event(QEvent* e) {
  if (e->type() != QEvent::ToolTip) return QWidget::event(e);
  auto* help = static_cast<QHelpEvent*>(e);
  const QString name = piece_name_at(help->pos());
  if (name.isEmpty()) {
    QToolTip::hideText();
    e->ignore();
  } else {
    QToolTip::showText(help->globalPos(), name, this);
  }
  return true;
}

// A grid board: its squares, and the letters and digits of the site names
// along two edges.
void BoardView::draw_squares(QPainter& p, double c) const {
  const Ruleset& r = pos_->rules();
  const Topology& t = r.topology;
  for (SiteId s = 0; s < t.size(); ++s) {
    const bool dark = (t.x(s) + t.y(s)) % 2 == 0;
    const QColor col = !presentation_of(r).checkered ? theme_.plain
                       : dark                        ? theme_.dark
                                                     : theme_.light;
    p.fillRect(QRectF(centre(s) - QPointF(c / 2, c / 2), QSizeF(c, c)), col);
  }
  if (!presentation_of(r).checkered) {
    p.setPen(QPen(theme_.edge, 1));
    for (SiteId s = 0; s < t.size(); ++s)
      p.drawRect(QRectF(centre(s) - QPointF(c / 2, c / 2), QSizeF(c, c)));
  }
  // Coordinates: the letters and digits of the site names along two edges.
  QFont f = font();
  f.setPixelSize(std::max(8, static_cast<int>(c * 0.25)));
  p.setFont(f);
  p.setPen(theme_.coordinate);
  for (SiteId s = 0; s < t.size(); ++s) {
    const QString name = QString::fromStdString(t.name(s));
    QString letters, digits;
    for (QChar ch : name) (ch.isDigit() ? digits : letters) += ch;
    const QPointF at = centre(s);
    const QPointF u = unit(s);
    if (u.y() < 1e-9)
      p.drawText(QRectF(at.x() - c / 2, at.y() + c / 2, c, c * 0.4), Qt::AlignCenter,
                 rotation_ % 2 ? digits : letters);
    if (u.x() < 1e-9)
      p.drawText(QRectF(at.x() - c, at.y() - c / 2, c * 0.45, c), Qt::AlignCenter,
                 rotation_ % 2 ? letters : digits);
  }
}

// A board of points: the links between them and the points.
void BoardView::draw_points(QPainter& p, double c) const {
  const Topology& t = pos_->rules().topology;
  p.fillRect(area().adjusted(-c, -c, c, c), theme_.plain);
  p.setPen(QPen(theme_.line, std::max(1.5, c * 0.06)));
  for (SiteId a = 0; a < t.size(); ++a)
    for (DirId d = 0; d < kNumDirs; ++d) {
      const SiteId b = t.neighbor(a, d);
      if (b != kNoSite && b > a) p.drawLine(centre(a), centre(b));
    }
  p.setBrush(theme_.line);
  for (SiteId s = 0; s < t.size(); ++s) p.drawEllipse(centre(s), c * 0.12, c * 0.12);
}

void BoardView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), theme_.surround);
  if (!pos_) return;
  const Ruleset& r = pos_->rules();
  const Topology& t = r.topology;
  const double c = cell();
  auto mark = [&](SiteId s, QColor col) {
    if (t.is_grid()) {
      p.fillRect(QRectF(centre(s) - QPointF(c / 2, c / 2), QSizeF(c, c)), col);
    } else {
      p.setPen(Qt::NoPen);
      p.setBrush(col);
      p.drawEllipse(centre(s), c * 0.5, c * 0.5);
    }
  };
  if (t.is_grid())
    draw_squares(p, c);
  else
    draw_points(p, c);
  for (SiteId s : last_)
    if (s != kNoSite) mark(s, QColor(205, 210, 60, 110));
  for (SiteId s : premove_)
    if (s != kNoSite) mark(s, premove_colour());
  if (selected_ != kNoSite) mark(selected_, QColor(90, 160, 240, 140));
  if (checked_ != kNoSite) mark(checked_, QColor(230, 40, 40, 150));
  draw_end_mark(p, c);
  for (SiteId s = 0; s < t.size(); ++s) {
    const PieceCode code = pos_->at(s);
    if (!code || (dragging_ && s == press_)) continue;
    if (s == anim_to_) {
      const QPointF a = centre(anim_from_), b = centre(anim_to_);
      draw_piece(p, a + (b - a) * anim_t_, code, c);
      continue;
    }
    draw_piece(p, centre(s), code, c);
  }
  draw_square_names(p, c);
  draw_rings(p, c);
  if (dragging_ && press_ != kNoSite && pos_->at(press_))
    draw_piece(p, drag_at_, pos_->at(press_), c);
  draw_overlay(p, c);
  draw_banner(p, c);
}

void BoardView::draw_rings(QPainter& p, double c) const {
  // The pieces a decision is about: a dashed orange ring.
  for (SiteId s : prompts_) {
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(240, 120, 20, 230), c * 0.07, Qt::DashLine));
    p.drawEllipse(centre(s), c * 0.47, c * 0.47);
  }
  // Where a click may go on: a dot on an empty site, a ring round a piece.
  for (SiteId s : targets_) {
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(30, 150, 60, 200), c * 0.08));
    if (pos_->at(s))
      p.drawEllipse(centre(s), c * 0.45, c * 0.45);
    else {
      p.setPen(Qt::NoPen);
      p.setBrush(QColor(30, 150, 60, 170));
      p.drawEllipse(centre(s), c * 0.15, c * 0.15);
    }
  }
}

void BoardView::mousePressEvent(QMouseEvent* e) {
  if (overlay_press(e)) return;
  if (e->button() != Qt::LeftButton) return;
  press_ = site_at(e->position());
  dragging_ = false;
  drag_at_ = e->position();
}

void BoardView::mouseMoveEvent(QMouseEvent* e) {
  if (press_ == kNoSite || !pos_ || !pos_->at(press_)) return;
  if (!dragging_ && (e->position() - centre(press_)).manhattanLength() < cell() * 0.3) return;
  if (!dragging_) emit site_clicked(press_);  // picks the piece up
  dragging_ = true;
  drag_at_ = e->position();
  update();
}

void BoardView::mouseReleaseEvent(QMouseEvent* e) {
  if (overlay_release(e)) return;
  if (e->button() != Qt::LeftButton) return;
  const SiteId at = site_at(e->position());
  const SiteId from = press_;
  const bool dragged_away = dragging_;
  press_ = kNoSite;
  dragging_ = false;
  update();
  if (dragged_away) {
    if (at != kNoSite && at != from) emit dragged(from, at);
    return;
  }
  if (at != kNoSite && at == from) emit site_clicked(at);
}

}  // namespace regula::gui
