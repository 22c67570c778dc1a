#pragma once
// An experiment's games, played on threads of their own so that the window
// stays live: self-play of one or two readings of a script (the games of
// `regula selfplay`, the readings taking turns game by game, their records
// written in that order as soon as a game and every one before it have ended),
// or a match between two players (the games of `regula match`, their records
// written once the match ends). Several threads play games at once; each game
// has its own seed, so what is recorded does not depend on how many. Each
// finished game is added to the results on the GUI's thread; stop() ends the
// run once the games under way end, keeping what was played (in self-play, the
// games after one still under way when it was stopped are left out of both the
// records and the results).

#include <QObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cli/stats_records.h"
#include "core/expected.h"
#include "core/ruleset.h"
#include "gui/experiments_tally.h"

namespace regula::gui {

enum class ExperimentMode { kReadings, kMatch };

struct ExperimentPlan {
  ExperimentMode mode = ExperimentMode::kReadings;
  // Self-play: each reading's rules and name; a match: one.
  std::vector<std::shared_ptr<const Ruleset>> readings;
  std::vector<std::string> names;
  // Self-play: who plays each seat (empty: random turns, the fast way); a
  // match: the two players, who change sides every game.
  std::vector<std::string> players;
  int games = 100;  // per reading
  uint64_t seed = 1;
  int max_plies = 1000;
  std::string path;  // the records file
  int threads = 1;   // games played at once (at least 1)
  // Loads reading r again, for each further thread when its script has hooks
  // (each thread needs its own Lua state).
  std::function<Expected<std::shared_ptr<const Ruleset>>(int r)> reload;
};

class ExperimentRun : public QObject {
  Q_OBJECT
 public:
  explicit ExperimentRun(QObject* parent = nullptr);
  // Stops the run and waits for the games under way.
  ~ExperimentRun() override;

  // Starts the games; an error naming the records file when it cannot be
  // written (nothing is played then).
  Status start(ExperimentPlan plan);
  // Ends the run once the games under way end; finished() follows.
  void stop() { stop_ = true; }
  bool running() const { return running_; }
  int done() const { return done_; }
  int total() const { return total_; }
  const ExperimentResults& results() const { return results_; }
  const ExperimentPlan& plan() const { return plan_; }

 signals:
  // A game ended and is in the results.
  void progressed();
  // The run ended; error is empty unless a game or the records failed.
  void finished(const QString& error);

 private:
  void play_readings();
  void play_match();
  // Adds a game to the results on the GUI's thread: an outcome for each
  // tally it counts in ({tally, outcome}), and its length to a series of the
  // histogram.
  void post_game(std::vector<std::pair<int, Outcome>> outcomes, int series, int plies);
  void post_end(const std::string& error);
  // Writes a self-play game's record and adds it to the results of a reading.
  Status record_game(int reading, const cli::GameRecord& rec);

  ExperimentPlan plan_;
  ExperimentResults results_;
  std::FILE* records_ = nullptr;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  bool running_ = false;
  int done_ = 0, total_ = 0;
};

}  // namespace regula::gui
