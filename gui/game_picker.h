#pragma once
// Choosing what to play: every bundled script by family, with its title,
// sources and description, the options it declares, and who plays each seat.
// Every text is shown whole: the list is as wide as the longest title, and the
// labels beside it wrap their words rather than cut them.

#include <QDialog>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/ruleset.h"
#include "script/loader.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QTreeWidget;

namespace regula::gui {

struct GameChoice {
  std::string spec;  // bundled name or path
  script::OptionList options;
  std::vector<std::string> players;  // per seat: "human" or a computer player's specification
};

class GamePicker : public QDialog {
  Q_OBJECT
 public:
  explicit GamePicker(QWidget* parent = nullptr, const std::string& current = "");
  GameChoice choice() const;
  // The tree of scripts, for tests.
  QTreeWidget* tree() const { return tree_; }
  // Who plays each seat of the chosen script, for tests.
  const std::vector<QComboBox*>& seat_boxes() const { return seat_boxes_; }
  // The chosen script's title, its description and its options' descriptions, for tests.
  QLabel* title_label() const { return title_; }
  QLabel* description_label() const { return description_; }
  const std::vector<QLabel*>& option_labels() const { return option_labels_; }

 private:
  void show_script(const std::string& name);
  // A row per declared option: its values, and its description below it.
  void add_options(const Ruleset& r);

  QTreeWidget* tree_;
  QLabel* title_;
  QLabel* description_;
  QLabel* sources_;
  QFormLayout* options_form_;
  QFormLayout* seats_form_;
  std::string chosen_;
  std::vector<std::pair<std::string, QComboBox*>> option_boxes_;
  std::vector<QComboBox*> seat_boxes_;
  std::vector<QLabel*> option_labels_;
};

}  // namespace regula::gui
