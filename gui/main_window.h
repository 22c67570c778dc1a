#pragma once
// The game window: the board, the players, the moves played, and the menus
// around them. Everything it knows of a game comes from the session layer, so
// it plays any script. A computer seat has its own player (ai/), which thinks
// in a worker thread on a copy of the position: the window stays responsive,
// shows what the search sees, and stops the search (without waiting for it)
// whenever the game it was asked about changes.

#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QMainWindow>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/turns.h"
#include "gui/clock.h"
#include "gui/time_control.h"
#include "script/loader.h"
#include "session/game.h"
#include "session/move_input.h"

class QLabel;
class QTextBrowser;
class QAction;
class QListWidget;
class QPlainTextEdit;
class QHBoxLayout;
class QBoxLayout;
class QVBoxLayout;
class QComboBox;
class QDockWidget;
class QMenu;
class QLineEdit;
class QTimer;

namespace regula::gui {

class BoardView;
class DiceView;
class Sounds;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Loads a script (bundled name or path) with options and starts a game;
  // false, with the error shown, when it does not load.
  bool open(const std::string& spec, const script::OptionList& options = {});
  // Starts again from a position string of the open script.
  bool set_position(const std::string& text);
  // Who plays a seat: "human" or a computer player's specification (see
  // seat_players.h); the factory's error, naming the specification, when it
  // makes no player. The seat is unchanged then.
  Status set_player(SeatId seat, const std::string& spec);
  std::string player(SeatId seat) const;
  // A person, or the computer at its default level.
  void set_computer(SeatId seat, bool computer);
  // Seeds the computer players (each seat its own) and the dice, for reproducible games.
  void set_seed(uint64_t seed);
  // The computer plays at once the best it has found so far.
  void move_now();
  // Whether the window shows the result in a dialog (off for screenshots and tests).
  void set_result_dialogs(bool on) { result_dialogs_ = on; }

  // Saves the game record to a file, or loads one; false with the reason shown.
  bool save_record(const QString& file);
  bool load_record(const QString& file);

  // The game as shown: at the move the list shows (see go_to), else the whole game.
  const Game* game() const { return game_.get(); }
  // The whole game, every move listed, whichever move is shown.
  const Game* line() const { return line_ ? line_.get() : game_.get(); }
  // Shows the position after that many turns of the whole game (clamped), without
  // taking any move back; the number of turns shown.
  void go_to(int turns);
  int shown_turns() const;
  // Asks the person a yes-or-no question (before cutting the game, or replacing
  // a game in progress); a QMessageBox unless replaced (tests answer it).
  void set_confirm(std::function<bool(const QString&)> confirm) { confirm_ = std::move(confirm); }
  BoardView* board() const { return board_; }
  QString status() const;
  // The text of the latest error (a script that failed to load), or "".
  QString errors() const;
  // The move list as shown.
  QListWidget* move_list() const { return moves_; }
  // Whether a computer move is being thought about (until its answer is taken or dropped).
  bool thinking() const { return thinking_; }
  // What the latest search saw, as the Game panel shows it.
  QString search_text() const;
  // The buttons for decisions without a site (pass, answers, throw), by text.
  QStringList button_texts() const;
  bool press_button(const QString& text);
  // Plays a move typed as text (SAN, long form, PDN numbers, the script's own
  // text); false, with the reason in the status bar, when it names none.
  bool enter_move(const QString& text);
  // Where a move is typed: opened by a character typed while the board has focus.
  QLineEdit* move_entry() const { return move_entry_; }

  void undo();
  void redo();
  // The players' word: the seat that decides now resigns, or offers a draw
  // (a human opponent is asked; the computer declines).
  void resign();
  void offer_draw();
  // The position editor: while on, a click puts the chosen piece on a site
  // (or clears it); done() starts a game from the edited position.
  void set_editing(bool on);
  bool editing() const { return editing_; }
  void set_edit_piece(int index);  // 0: clear the site; then seat by seat, type by type
  void set_edit_to_move(SeatId seat);
  void set_edit_hand(SeatId seat, TypeId type, int n);
  bool finish_editing();
  // The rules panel's text.
  QString rules_text() const;
  // Reloads the open script from disk and replays the game under it.
  void reload();

  // The view options and the settings kept between runs (main_window_options.cpp):
  // the board's colours by theme name (View > Theme), the way the pieces are
  // drawn by set name (View > Pieces), the sites' names on the board (View >
  // Square names), and sound on a move, a capture and the end (View > Sound).
  void set_theme(const QString& name);
  QString theme() const;
  void set_piece_set(const QString& name);
  QString piece_set_name() const;
  void set_square_names(bool on);
  void set_sound(bool on);
  bool sound() const;
  Sounds& sounds() { return *sounds_; }
  // The dice beside the board (shown for scripts that throw dice).
  DiceView* dice() const { return dice_view_; }
  // Takes the window's size, the view options and the last game from the user's
  // settings (QSettings, INI format), and keeps them there from now on.
  void remember_settings();
  // The game the settings remember (script and options), or false when none.
  static bool last_game(std::string& spec, script::OptionList& options);
  // The players' tools (main_window_tools.cpp). The clocks read the time from
  // this source (the machine's monotonic clock unless replaced: tests set it).
  void set_time_source(std::shared_ptr<const TimeSource> time);
  // Starts every seat's clock afresh under a control (untimed: no clocks);
  // the text form is parse_time_control's, false with the error shown when bad.
  void set_time_control(const TimeControl& control);
  bool set_time_control(const std::string& text);
  const GameClock& clock() const { return clock_; }
  // A seat's clock as shown beside the board ("2:58"), and whether it is the
  // one highlighted as running.
  QString clock_text(SeatId seat) const;
  bool clock_highlighted(SeatId seat) const;
  // Reads the clocks now: shows them, and ends the game when the running
  // seat's time is up (done ten times a second; tests call it).
  void tick_clocks();
  // The computer's best move for the side to move, drawn as an arrow (not played).
  void hint();
  // Analysis: while on, the engine's line, score and depth for the position
  // shown, updated as the search deepens and started afresh when it changes.
  void set_analysing(bool on);
  bool analysing() const { return analysing_; }
  QString analysis_text() const { return analysis_text_; }
  // Whether a hint or an analysis is being searched.
  bool helper_busy() const { return helper_.watcher.isRunning(); }
  // The premove (main_window_premove.cpp): a move entered, by clicks or a
  // drag, while a computer seat decides, played when its seat's turn comes if
  // it is legal then. Its sites (where it starts, then where it ends once
  // given); none when there is none.
  std::vector<SiteId> premove() const;
  // Drops it, saying so (the right button on the board, or Escape).
  void cancel_premove();

 signals:
  // After every change of the game shown.
  void changed();

 protected:
  void closeEvent(QCloseEvent* event) override;
  // Left, Right, Home and End walk the move list from the board or the list.
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // What a computer seat's search gives back, from the worker thread.
  struct Answer {
    Turn turn;
    std::string error;  // a rule error raised while searching
  };
  // What the search reports as it goes: written on the worker thread, read on
  // the window's.
  struct SearchReport {
    std::mutex mutex;
    std::optional<ai::SearchInfo> latest;
    std::chrono::steady_clock::time_point posted{};
  };
  struct SeatPlayer {
    std::string spec = "human";
    std::shared_ptr<ai::Player> player;  // none for a person
  };
  // The game shown changed: a search under way is stopped and its answer dropped.
  void invalidate();
  bool is_computer(SeatId seat) const;
  // Makes every computer seat's player afresh (new rules, a new seed).
  void remake_players();
  void show_search(int generation);
  // A player's reports kept in `report` as it searches, and `show` called on
  // the window's thread at most ten times a second.
  void post_reports(ai::Player& player, const std::shared_ptr<SearchReport>& report,
                    std::function<void()> show);
  // The player's turn from pos, searched on a worker thread (its error, if any, in the answer).
  static QFuture<Answer> search_in_worker(const Position& pos, std::shared_ptr<ai::Player> player,
                                          std::shared_ptr<std::atomic<bool>> stop);
  // The window's parts (main_window.cpp).
  void build_board_column();
  void build_docks();
  void build_menus();
  void connect_signals();
  void start(std::unique_ptr<Game> game);
  // The game line (main_window_line.cpp): whether the person agrees to cut the
  // game at the move shown (asked only when later moves would be lost), and
  // whether a game in progress may be replaced.
  bool cut_line(const QString& question);
  bool may_replace_game();
  bool confirm(const QString& question);
  // Shows the game after a change, in the steps below (main_window_view.cpp).
  void refresh();
  void show_board_marks();
  void show_prompts();
  void show_turn();
  QString seat_info(SeatId s) const;
  QString game_info() const;
  void take_lone_hand();
  void show_hand();
  void show_buttons();
  void show_move_list();
  // Each turn of the whole game as the move list shows it (main_window_line.cpp).
  QStringList move_list_texts() const;
  // Opens the move entry with the character typed (main_window_typing.cpp).
  void open_move_entry(const QString& typed);
  void close_move_entry();
  // Asks where to save the game, in its family's format (main_window_records.cpp).
  void save_record_dialog();
  void show_result(const QString& info);
  void play(Move m);
  void play_turn(const Turn& t);
  void site_clicked(SiteId site);
  void hand_clicked(TypeId type);
  void take_click(InputStep step);
  void drag(SiteId from, SiteId to);
  void show_outcome(MoveInput::Outcome out);
  // Says in the status bar why a click is refused (before: the clicks it followed).
  void explain_refusal(const std::vector<InputStep>& before, InputStep step);
  QString why_no_move(SiteId site) const;
  void computer_move();
  void computer_done();
  void new_game_for_players();
  void show_error(const QString& text);
  void watch_script();
  void new_game_dialog();
  void rebuild_seats();
  void fill_rules_panel();
  void build_editor();
  void edit_site(SiteId site);
  QString ledger() const;
  void show_throw();
  // The view options' parts (main_window_options.cpp): the View menu's options,
  // writing the settings, the end of the game on the board, the dice and the
  // sounds of the change just shown.
  void build_view_options(QMenu* view);
  void save_settings() const;
  void show_end();
  void show_dice();
  void play_sounds();

  std::shared_ptr<const Ruleset> rules_;
  std::string spec_;
  script::OptionList options_;
  std::unique_ptr<Game> game_;
  // The whole game while an earlier move is shown (game_ is then a copy taken
  // back to it); none at the end of the line.
  std::unique_ptr<Game> line_;
  std::function<bool(const QString&)> confirm_;
  MoveInput input_;
  std::vector<SeatPlayer> players_;
  uint64_t seed_ = 1;
  std::mt19937_64 rng_{1};
  std::mt19937 tumble_{7};  // the faces shown while the dice tumble (not the throw)
  QFutureWatcher<Answer> watcher_;
  int generation_ = 0;  // bumped on every change, so that a late computer move is dropped
  int thinking_for_ = -1;
  bool thinking_ = false;
  ai::Player* busy_ = nullptr;  // the player searching in the worker
  std::shared_ptr<std::atomic<bool>> stop_;
  std::shared_ptr<SearchReport> report_;
  QString search_text_;
  bool result_dialogs_ = true;
  bool result_shown_ = false;
  QFileSystemWatcher files_;

  BoardView* board_;
  QLabel* turn_label_;
  QLabel* info_label_;
  QLabel* search_label_;
  QWidget* hand_bar_;
  QHBoxLayout* hand_layout_;
  QWidget* button_bar_;
  QHBoxLayout* button_layout_;
  QListWidget* moves_;
  QVBoxLayout* seats_layout_;
  QWidget* seats_box_;
  std::vector<QComboBox*> seat_boxes_;
  QPlainTextEdit* error_view_;
  QDockWidget* error_dock_;
  QString last_error_;
  QTextBrowser* rules_view_;
  QDockWidget* editor_dock_;
  QWidget* editor_box_ = nullptr;
  QComboBox* edit_piece_ = nullptr;
  QComboBox* edit_to_move_ = nullptr;
  bool editing_ = false;
  std::optional<Position> edit_pos_;
  QAction* edit_action_ = nullptr;
  DiceView* dice_view_ = nullptr;
  std::unique_ptr<Sounds> sounds_;
  bool remember_ = false;   // whether the settings are written
  size_t heard_turns_ = 0;  // the decisions played when a sound was last considered
  bool heard_end_ = false;
  int heard_pieces_ = 0;  // the pieces on the board then
  QAction* names_action_ = nullptr;
  QAction* sound_action_ = nullptr;
  std::vector<QAction*> theme_actions_;
  std::vector<QAction*> piece_set_actions_;
  QLineEdit* move_entry_ = nullptr;

  // The players' tools (main_window_tools.cpp): clocks, hints and analysis.
  // The search behind a hint or an analysis, on a worker of its own; stopped
  // and waited for when the window goes.
  struct HelperSearch {
    QFutureWatcher<Answer> watcher;
    std::shared_ptr<std::atomic<bool>> stop;
    std::shared_ptr<SearchReport> report;
    int generation = -1;  // the helper generation it searches for
    bool hint = false;    // a hint, else an analysis
    ~HelperSearch() {
      if (stop) stop->store(true);
      watcher.waitForFinished();
    }
  };
  void build_clock_bar(QVBoxLayout* column, QHBoxLayout* board_row);
  // Puts the clocks beside the board where its place is wide enough to hold
  // them and the board at its full height, else above it; and each seat's
  // clock where its pieces are drawn: the top seat's first.
  void place_clocks();
  void arrange_clocks();
  std::vector<SeatId> clock_order() const;
  void build_tools_menu(QMenu* game);
  void connect_tools();
  void restart_clocks();
  void follow_clocks();
  void show_clocks();
  void flag_fall(SeatId seat);
  void time_control_dialog();
  void budget_from_clock(ai::Player& player, SeatId seat);
  void shown_changed();
  void run_helper();
  void helper_done();
  void show_analysis(int generation);
  std::shared_ptr<ai::Player> helper_player(bool hint);

  // The premove's parts (main_window_premove.cpp).
  enum class PremoveButton { kNone, kPass };
  struct Premove {
    SiteId from = kNoSite;
    SiteId to = kNoSite;         // none while only its piece is chosen
    SeatId seat = 0;             // the seat it is for
    std::optional<TypeId> hand;  // a drop: the type taken from the seat's hand (from is none)
    PremoveButton button = PremoveButton::kNone;  // a pass instead (no sites)
  };
  // A click or a drag while a computer seat decides: false when it is no premove's.
  bool premove_click(SiteId site);
  void premove_drag(SiteId from, SiteId to);
  // A person's piece in hand chosen while a computer seat decides.
  void premove_hand(SeatId seat, TypeId type);
  // The Pass button pressed while a computer seat decides.
  void premove_button(PremoveButton button);
  void show_premove_buttons();
  bool take_button_premove(const Premove& p);
  void add_hand_button(SeatId seat, TypeId type, std::function<void()> clicked);
  std::optional<SeatId> premove_seat(SiteId site) const;
  void show_premove();
  void say_premove();
  // A computer's decision (or a throw) that the premove waits for: it stays
  // through the change, then is played, kept or dropped.
  void keeping_premove(const std::function<void()>& decide);
  void take_premove();
  void say_dropped(const Premove& p);
  std::optional<Premove> premove_;

  std::shared_ptr<const TimeSource> time_source_;
  TimeControl time_control_;
  GameClock clock_;
  int clock_turns_ = 0;  // whole turns of the game the clocks have counted
  QTimer* clock_timer_ = nullptr;
  QWidget* clock_bar_ = nullptr;
  QBoxLayout* clock_layout_ = nullptr;
  std::vector<QLabel*> clock_labels_;
  QVBoxLayout* board_column_ = nullptr;  // where the clocks go above the board
  QHBoxLayout* board_row_ = nullptr;     // where they go beside it
  bool clocks_beside_ = true;
  std::vector<SeatId> clocks_order_;  // the seats' clocks as they stand, first to last
  QAction* analyse_action_ = nullptr;
  bool analysing_ = false;
  bool want_hint_ = false;
  int helper_generation_ = 0;  // bumped on every change of the position shown
  int analysed_for_ = -1;      // the generation whose analysis has ended
  QString analysis_text_;
  std::shared_ptr<ai::Player> hint_player_, analysis_player_;
  const Ruleset* helper_rules_ = nullptr;  // the rules the helper players were made for
  HelperSearch helper_;
};

}  // namespace regula::gui
