#include "gui/dice_view.h"

#include <QCoreApplication>
#include <QPainter>
#include <algorithm>
#include <array>
#include <set>

namespace regula::gui {

namespace {

constexpr int kWidth = 132;  // the widget's fixed width
constexpr int kDie = 52;     // a die's side

// Where the pips of one to six lie on a face, in thirds of its side.
const std::array<std::vector<QPointF>, 7>& pip_layout() {
  static const std::array<std::vector<QPointF>, 7> layout = {{
      {},
      {{2, 2}},
      {{1, 1}, {3, 3}},
      {{1, 1}, {2, 2}, {3, 3}},
      {{1, 1}, {3, 1}, {1, 3}, {3, 3}},
      {{1, 1}, {3, 1}, {2, 2}, {1, 3}, {3, 3}},
      {{1, 1}, {3, 1}, {1, 2}, {3, 2}, {1, 3}, {3, 3}},
  }};
  return layout;
}

}  // namespace

std::vector<int> roll_faces(const Ruleset& r, int roll) {
  std::vector<int> out;
  if (roll <= 0) return out;
  if (r.dice.count <= 1) return {roll};
  for (int k = 0; k < Dice::kMaxDice; ++k)
    if (const int v = (roll >> (5 * k)) & 31) out.push_back(v);
  return out;
}

QString throw_words(const Ruleset& r, int roll) {
  QStringList lines;
  std::set<int> seen;
  for (int v : roll_faces(r, roll)) {
    if (!seen.insert(v).second) continue;
    QStringList types;
    for (const PieceType& t : r.types)
      if ((t.roll_mask >> v) & 1u) {
        const QString name = QString::fromStdString(t.name);
        types << (QString("aeiou").contains(name.left(1).toLower())
                      ? QCoreApplication::translate("regula::gui::DiceView", "an %1")
                      : QCoreApplication::translate("regula::gui::DiceView", "a %1"))
                     .arg(name);
      }
    QString who = types.isEmpty() ? QCoreApplication::translate("regula::gui::DiceView", "no piece")
                  : static_cast<size_t>(types.size()) == r.types.size() && r.types.size() > 1
                      ? QCoreApplication::translate("regula::gui::DiceView", "any piece")
                      : types.join(QCoreApplication::translate("regula::gui::DiceView", " or "));
    lines
        << QCoreApplication::translate("regula::gui::DiceView", "%1: %2 may move").arg(v).arg(who);
  }
  return lines.join('\n');
}

DiceView::DiceView(QWidget* parent) : QWidget(parent) {
  setFixedWidth(kWidth);
  setMinimumHeight(kDie * 2);
}

void DiceView::show_throw(const Ruleset& rules, int roll) {
  dice_ = std::max(1, rules.dice.count);
  faces_ = roll_faces(rules, roll);
  words_ = throw_words(rules, roll);
  update();
}

void DiceView::show_faces(std::vector<int> faces) {
  faces_ = std::move(faces);
  words_.clear();
  update();
}

void DiceView::draw_die(QPainter& p, QRectF box, int face) const {
  p.setPen(QPen(QColor(60, 60, 60), 2));
  p.setBrush(QColor(250, 248, 240));
  p.drawRoundedRect(box, box.width() * 0.15, box.width() * 0.15);
  if (face >= 1 && face <= 6) {
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(30, 30, 30));
    const double third = box.width() / 4;
    for (const QPointF& at : pip_layout()[face])
      p.drawEllipse(box.topLeft() + at * third, box.width() * 0.09, box.width() * 0.09);
    return;
  }
  // Any other face (none yet, or a value past six) is its number.
  QFont f = font();
  f.setBold(true);
  f.setPixelSize(static_cast<int>(box.height() * 0.5));
  p.setFont(f);
  p.setPen(QColor(30, 30, 30));
  p.drawText(box, Qt::AlignCenter, face ? QString::number(face) : QString("?"));
}

void DiceView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const int shown = faces_.empty() ? dice_ : static_cast<int>(faces_.size());
  double y = 8;
  for (int i = 0; i < shown; ++i) {
    const int face = faces_.empty() ? 0 : faces_[i];
    draw_die(p, QRectF((width() - kDie) / 2.0, y, kDie, kDie), face);
    y += kDie + 8;
  }
  if (words_.isEmpty()) return;
  p.setPen(palette().color(QPalette::WindowText));
  p.setFont(font());
  p.drawText(QRectF(4, y, width() - 8, height() - y),
             Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, words_);
}

}  // namespace regula::gui
