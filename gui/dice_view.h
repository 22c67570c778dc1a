#pragma once
// The dice beside the board: the faces of the throw in play (pips for one to
// six, the number on any other face) and, below them, what the throw allows in
// words, from each piece type's dice values in the rules. The widget keeps a
// fixed width whatever it shows, so that the board beside it keeps its size
// from one throw to the next.

#include <QString>
#include <QWidget>
#include <vector>

#include "core/ruleset.h"

namespace regula::gui {

// The value of each die of a throw (Position::roll), in order; none for 0 (no throw).
std::vector<int> roll_faces(const Ruleset& rules, int roll);
// What a throw allows, a line for each value it shows: "5: a soldier or a rajah
// may move", "1: no piece may move"; "" for no throw.
QString throw_words(const Ruleset& rules, int roll);

class DiceView : public QWidget {
  Q_OBJECT
 public:
  explicit DiceView(QWidget* parent = nullptr);
  // Shows a throw of the rules' dice with its words; with roll 0, blank dice.
  void show_throw(const Ruleset& rules, int roll);
  // Shows faces alone (the dice tumbling before the throw is known).
  void show_faces(std::vector<int> faces);
  const std::vector<int>& faces() const { return faces_; }
  const QString& words() const { return words_; }
  // Blank dice shown before a throw: as many as the rules throw at once.
  int dice() const { return dice_; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  void draw_die(QPainter& p, QRectF box, int face) const;

  std::vector<int> faces_;
  int dice_ = 1;
  QString words_;
};

}  // namespace regula::gui
