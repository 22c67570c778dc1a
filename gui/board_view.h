#pragma once
// The board, drawn from the script's topology alone: a grid of squares with its
// coordinates, or points joined by their links (a mill board); pieces as the
// script's glyphs (the program's own drawings, in their seat's colour) or as
// tokens with the piece's letter, each named by its tooltip. Takes clicks and drags and
// shows what the window asks it to: the selected piece, the sites a click may
// go on to, and the last move.

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QRectF>
#include <QWidget>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "core/position.h"
#include "gui/themes.h"

class QMouseEvent;
class QPainter;
class QSvgRenderer;
class QVariantAnimation;

namespace regula::gui {

// The colour a seat's pieces are drawn in: its name when that names a colour
// ("white", "orange"), else one of a fixed palette by seat number.
QColor seat_colour(const Ruleset& rules, SeatId seat);

class BoardView : public QWidget {
  Q_OBJECT
 public:
  explicit BoardView(QWidget* parent = nullptr);
  ~BoardView() override;

  void set_position(const Position* pos);
  const Position* position() const { return pos_; }
  // Quarter turns the board is shown rotated by (2: seen from the other side).
  void set_rotation(int quarter_turns);
  int rotation() const { return rotation_; }
  void set_selected(SiteId site) { selected_ = site, update(); }
  void set_targets(std::set<SiteId> sites) { targets_ = std::move(sites), update(); }
  void set_last_move(std::vector<SiteId> sites) { last_ = std::move(sites), update(); }
  // A move entered in advance while another seat decides (a premove): its
  // sites shaded, the first where it starts and the second, once given, where
  // it ends; none when there is none.
  void set_premove(std::vector<SiteId> sites) { premove_ = std::move(sites), update(); }
  const std::vector<SiteId>& premove() const { return premove_; }
  static QColor premove_colour();
  void set_checked(SiteId site) { checked_ = site, update(); }
  // The pieces a decision due now is about: those that must capture, those
  // that may be removed.
  void set_prompts(std::set<SiteId> sites) { prompts_ = std::move(sites), update(); }
  const std::set<SiteId>& prompts() const { return prompts_; }
  // Shows the piece now on `to` gliding there from `from` (a move just made).
  void animate(SiteId from, SiteId to, int msecs = 180);
  bool animating() const { return anim_to_ != kNoSite; }

  // The centre of a site in widget coordinates, and the site under a point
  // (kNoSite when none is near enough).
  QPointF centre(SiteId site) const;
  SiteId site_at(QPointF p) const;

  QSize sizeHint() const override { return {560, 560}; }

  // Quarter turns clockwise a seat's pieces are drawn turned by: the way the
  // seat faces on the screen when the script turns its pieces (a seat's
  // `turned`), else 0.
  int piece_turn(SeatId seat) const;
  // One piece as the board draws it, on a transparent square of `size` pixels.
  QImage piece_picture(PieceCode code, int size) const;
  // What a piece's tooltip says: its seat and type ("white knight"), or ""
  // where no piece is.
  QString piece_name_at(QPointF at) const;
  // The view options (board_view_options.cpp). The colours the board is drawn in.
  void set_theme(const BoardTheme& theme) { theme_ = theme, update(); }
  const BoardTheme& theme() const { return theme_; }
  // The way the pieces are drawn: the script's glyphs, or letters on tokens.
  void set_piece_set(const PieceSet& set) { piece_set_ = set, update(); }
  const PieceSet& piece_set() const { return piece_set_; }
  // Whether each site carries its name, small in a corner of its square or
  // beside its point: the name the script's notation writes it by.
  void set_square_names(bool on) { square_names_ = on, update(); }
  bool square_names() const { return square_names_; }
  // Each site's name as the moves write it (a draughts square's PDN number, a
  // mill point's name, a grid square's coordinates); none for a square the
  // notation does not name (a draughts square that is never played on).
  std::map<SiteId, QString> square_labels() const;
  // How the game ended, marked on the board: the royal piece that was mated, or
  // the one of the seat stalemated; and a banner saying how any game ended.
  enum class EndMark { kNone, kMate, kStalemate };
  void set_end(SiteId site, EndMark mark, QString banner);
  SiteId end_site() const { return end_site_; }
  EndMark end_mark() const { return end_mark_; }
  const QString& banner() const { return banner_; }
  // The overlay (board_overlay.cpp): arrows and rings drawn over the pieces.
  // A person draws them with the right button (a drag: an arrow; a click: a
  // ring round a site, again: none) and a left click clears them; the hint
  // is the computer's move, an arrow of its own colour (a ring for a drop).
  struct Arrow {
    SiteId from = kNoSite;  // none: a drop, drawn as a ring on `to`
    SiteId to = kNoSite;
    bool hint = false;
    bool operator==(const Arrow&) const = default;
  };
  // Every arrow shown: the person's in the order drawn, then the hint.
  std::vector<Arrow> arrows() const;
  const std::set<SiteId>& marks() const { return marks_; }
  void set_hint(SiteId from, SiteId to);
  void clear_hint();
  // Clears the person's arrows and rings.
  void clear_drawings();
  static QColor arrow_colour(bool hint);

 signals:
  // A click on a site, or a drag from one site released on another.
  void site_clicked(SiteId site);
  void dragged(SiteId from, SiteId to);
  // The right button pressed on the board (it also draws the overlay).
  void right_pressed();

 protected:
  void paintEvent(QPaintEvent*) override;
  bool event(QEvent* e) override;  // the tooltip naming the piece under the pointer
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;

 private:
  // Site coordinates scaled to 0..1 (x right, y up) before rotation.
  QPointF unit(SiteId site) const;
  double cell() const;  // the size of a square or of a point's token
  QRectF area() const;  // where the sites lie
  void draw_piece(QPainter& p, QPointF at, PieceCode code, double size) const;
  void draw_upright(QPainter& p, QPointF at, PieceCode code, double size) const;
  // A piece as the chosen set draws its glyph; false when it is drawn as a token.
  bool draw_glyph(QPainter& p, QPointF at, PieceCode code, double size) const;
  void draw_token(QPainter& p, QPointF at, PieceCode code, double size) const;
  // The rings and dots over the pieces: the pieces a decision is about, and
  // where a click may go on.
  void draw_squares(QPainter& p, double c) const;
  void draw_points(QPainter& p, double c) const;
  void draw_rings(QPainter& p, double c) const;
  // The view options' parts of a drawing (board_view_options.cpp).
  void draw_square_names(QPainter& p, double c) const;
  void draw_end_mark(QPainter& p, double c) const;
  void draw_banner(QPainter& p, double c) const;

  // The overlay's part of the mouse: true when the event was the overlay's
  // (the right button); a left press clears the drawings and goes on.
  bool overlay_press(QMouseEvent* e);
  bool overlay_release(QMouseEvent* e);
  void draw_overlay(QPainter& p, double c) const;
  void draw_arrow(QPainter& p, const Arrow& a, double c) const;

  // SVG glyphs, loaded once per file and seat colour.
  mutable std::map<std::string, std::unique_ptr<QSvgRenderer>> svgs_;
  const Position* pos_ = nullptr;
  int rotation_ = 0;
  int min_x_ = 0, max_x_ = 0, min_y_ = 0, max_y_ = 0;
  SiteId selected_ = kNoSite;
  SiteId checked_ = kNoSite;
  std::set<SiteId> targets_;
  std::set<SiteId> prompts_;
  std::vector<SiteId> last_;
  std::vector<SiteId> premove_;
  SiteId anim_from_ = kNoSite, anim_to_ = kNoSite;
  double anim_t_ = 1;
  QVariantAnimation* anim_ = nullptr;
  SiteId press_ = kNoSite;  // where the mouse went down
  QPointF drag_at_;
  bool dragging_ = false;
  BoardTheme theme_ = board_themes().front();
  PieceSet piece_set_ = piece_sets().front();
  bool square_names_ = false;
  SiteId end_site_ = kNoSite;
  EndMark end_mark_ = EndMark::kNone;
  QString banner_;
  std::vector<Arrow> drawn_;  // the person's arrows
  std::set<SiteId> marks_;    // the person's rings
  std::optional<Arrow> hint_;
  SiteId right_press_ = kNoSite;  // where the right button went down
};

}  // namespace regula::gui
