#pragma once
// Choosing what to play: every bundled script by family, with its title and a
// small picture of its start, and for the chosen one a larger picture, its
// sources and description, the options it declares, and who plays each seat.
// Every text is shown whole: the list is as wide as the longest title, and the
// labels beside it wrap their words rather than cut them.

#include <QDialog>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/ruleset.h"
#include "gui/time_control.h"
#include "script/loader.h"

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace regula::gui {

struct GameChoice {
  std::string spec;  // bundled name or path
  script::OptionList options;
  std::vector<std::string> players;  // per seat: "human" or a computer player's specification
  TimeControl time_control;          // untimed unless chosen
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
  // The time control, as text (time_control.h), and what is wrong with it.
  QComboBox* time_control_box() const { return time_control_; }
  QLabel* time_control_error() const { return time_error_; }
  // Accepts the dialog when the time control reads; else says why not.
  void accept_if_valid();
  // Offers this control first (the one in play), rather than untimed.
  void set_time_control(const TimeControl& control);
  // The chosen script's start, drawn larger than in the list, for tests.
  QLabel* preview_label() const { return preview_; }
  // How many titles of the list still wait for their picture, for tests: they
  // are drawn one per turn of the event loop, so that the dialog opens at once.
  size_t pictures_pending() const { return pending_pictures_.size(); }

 private:
  void show_script(const std::string& name);
  // The time control's box, with a line below it saying what is wrong.
  QGroupBox* build_time_control();
  // A row per declared option: its values, and its description below it.
  void add_options(const Ruleset& r);
  // The list's pictures (gui/script_picture.h): a title's kept picture, else a
  // blank one that keeps its row's size while its picture waits to be drawn.
  void show_kept_picture(QTreeWidgetItem* item);
  void set_item_picture(QTreeWidgetItem* item, const QPixmap& picture);
  // The pictures waiting, drawn one per turn of the event loop once the dialog
  // is open: compiling every script to draw its start takes longer than a
  // dialog should to open.
  void draw_pictures_later();
  void draw_next_picture();

  QTreeWidget* tree_;
  QLabel* title_;
  QLabel* description_;
  QLabel* sources_;
  QLabel* preview_;
  std::vector<QTreeWidgetItem*> pending_pictures_;
  QTimer* pictures_timer_;
  QFormLayout* options_form_;
  QFormLayout* seats_form_;
  std::string chosen_;
  std::vector<std::pair<std::string, QComboBox*>> option_boxes_;
  std::vector<QComboBox*> seat_boxes_;
  std::vector<QLabel*> option_labels_;
  QComboBox* time_control_;
  QLabel* time_error_;
};

}  // namespace regula::gui
