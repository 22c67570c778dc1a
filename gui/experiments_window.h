#pragma once
// Tools > Experiments: many games of a script played in the background, to
// compare two readings of it (two sets of the options it declares, in
// self-play) or two players (a match), with a chart that fills in as games
// end and the numbers beside it. The games and their records are those of
// `regula selfplay --games-out FILE` and `regula match --records FILE`
// (cli/selfplay_games.h, cli/match_records.h); docs/gui.md, "Experiments".

#include <QWidget>
#include <string>

#include "core/expected.h"
#include "gui/experiments_run.h"
#include "script/loader.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace regula::gui {

class ExperimentsChart;

class ExperimentsWindow : public QWidget {
  Q_OBJECT
 public:
  // A window of its own, on script (a bundled name or a path) when given.
  explicit ExperimentsWindow(QWidget* parent = nullptr, const std::string& script = "");
  // Cuts the children's signals to this window first: QWidget's destructor
  // hides the window, which takes the focus from the script's line and makes
  // its box say it was chosen, after this window's own members are gone.
  ~ExperimentsWindow() override;

  // Chooses the script: its declared options are shown, both readings set to
  // its defaults and the records file to a new one for it.
  void set_script(const std::string& script);
  // Starts the run the fields describe; what is wrong with them is said in
  // the message line (and nothing runs).
  void start();
  // Ends the run once the games under way end.
  void stop();

  // The window's parts, for tests.
  QComboBox* script_box() const { return script_; }
  QComboBox* mode_box() const { return mode_; }
  QLineEdit* reading_edit(int i) const { return reading_[i]; }
  QLineEdit* players_edit() const { return players_; }
  QSpinBox* games_box() const { return games_; }
  QSpinBox* seed_box() const { return seed_; }
  QSpinBox* max_plies_box() const { return max_plies_; }
  QSpinBox* threads_box() const { return threads_; }
  QLineEdit* path_edit() const { return path_; }
  QPushButton* run_button() const { return run_button_; }
  QPushButton* stop_button() const { return stop_button_; }
  QProgressBar* progress_bar() const { return progress_; }
  QLabel* message_label() const { return message_; }
  QTableWidget* table() const { return table_; }
  ExperimentsChart* chart() const { return chart_; }
  const ExperimentRun& run() const { return *run_; }

  // The records file a new run of script writes by default: in the user's
  // documents, named after the script and the time.
  static QString default_path(const std::string& script, ExperimentMode mode);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  QWidget* build_form();
  QWidget* build_buttons();
  void build_results();
  void choose_script();
  void mode_changed();
  // The plan of the fields, or what is wrong with them.
  Expected<ExperimentPlan> plan() const;
  Expected<std::shared_ptr<const Ruleset>> load_reading(int i) const;
  Status check_players(ExperimentPlan& plan) const;
  void progressed();
  void finished(const QString& error);
  // Draws the chart and fills the table from the results so far.
  void show_results();
  void say(const QString& text, bool error);

  std::string script_name_;
  QComboBox* script_;
  QComboBox* mode_;
  QLineEdit* reading_[2];
  QLabel* options_;
  QLineEdit* players_;
  QSpinBox* games_;
  QSpinBox* seed_;
  QSpinBox* max_plies_;
  QSpinBox* threads_;
  QLineEdit* path_;
  bool path_edited_ = false;
  QPushButton* run_button_;
  QPushButton* stop_button_;
  QProgressBar* progress_;
  QLabel* message_;
  ExperimentsChart* chart_;
  QTableWidget* table_;
  QTimer* redraw_;
  ExperimentRun* run_;
};

// Reads a reading's options as the New game dialog would set them: "name=value"
// pairs separated by commas (spaces around them ignored; empty: every default).
Expected<script::OptionList> parse_reading(const std::string& text);

}  // namespace regula::gui
