#include "gui/experiments_run.h"

#include <QMetaObject>
#include <algorithm>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "ai/match.h"
#include "cli/match_records.h"
#include "cli/ordered_run.h"
#include "cli/selfplay_games.h"
#include "cli/stats_records.h"
#include "uci/players.h"

namespace regula::gui {

ExperimentRun::ExperimentRun(QObject* parent) : QObject(parent) {}

ExperimentRun::~ExperimentRun() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  if (records_) std::fclose(records_);
}

Status ExperimentRun::start(ExperimentPlan plan) {
  if (running_) return Error{"experiment", "a run is under way"};
  if (thread_.joinable()) thread_.join();
  const bool readings = plan.mode == ExperimentMode::kReadings;
  // The records file is opened before the games, so that a bad path loses none.
  records_ = std::fopen(plan.path.c_str(), readings ? "wb" : "ab");
  if (!records_) return Error{plan.path, "cannot write the records"};
  if (!readings) {
    std::fclose(records_);
    records_ = nullptr;
  }
  plan_ = std::move(plan);
  results_ = {};
  if (readings) {
    for (const std::string& name : plan_.names) {
      results_.tallies.push_back({name});
      results_.lengths.push_back({name, {}});
    }
  } else {
    for (const std::string& player : plan_.players) results_.tallies.push_back({player});
    results_.lengths.push_back({"games", {}});
  }
  done_ = 0;
  total_ = plan_.games * (readings ? static_cast<int>(plan_.readings.size()) : 1);
  stop_ = false;
  running_ = true;
  thread_ = std::thread([this, readings] { readings ? play_readings() : play_match(); });
  return std::nullopt;
}

void ExperimentRun::post_game(std::vector<std::pair<int, Outcome>> outcomes, int series,
                              int plies) {
  QMetaObject::invokeMethod(
      this,
      [this, outcomes = std::move(outcomes), series, plies] {
        for (const auto& [tally, outcome] : outcomes) results_.tallies[tally].add(outcome);
        results_.lengths[series].plies.push_back(plies);
        ++done_;
        emit progressed();
      },
      Qt::QueuedConnection);
}

void ExperimentRun::post_end(const std::string& error) {
  QMetaObject::invokeMethod(
      this,
      [this, error] {
        if (thread_.joinable()) thread_.join();
        running_ = false;
        emit finished(QString::fromStdString(error));
      },
      Qt::QueuedConnection);
}

// The readings of each of `threads` threads: the plan's for the first, loaded
// again for the others where a script has hooks. Throws what a load says.
static std::vector<std::vector<std::shared_ptr<const Ruleset>>> thread_readings(
    const ExperimentPlan& plan, int threads) {
  std::vector<std::vector<std::shared_ptr<const Ruleset>>> copies(threads, plan.readings);
  for (int w = 1; w < threads; ++w)
    for (size_t r = 0; r < plan.readings.size(); ++r) {
      if (!plan.readings[r]->hooks) continue;
      if (!plan.reload) throw std::runtime_error("a script with hooks needs a loader per thread");
      auto again = plan.reload(static_cast<int>(r));
      if (!again) throw std::runtime_error(again.error().text());
      copies[w][r] = *again;
    }
  return copies;
}

Status ExperimentRun::record_game(int reading, const cli::GameRecord& rec) {
  const std::string line = cli::record_line(rec, cli::RecordFormat::kJson) + "\n";
  if (std::fputs(line.c_str(), records_) < 0 || std::fflush(records_) != 0)
    return Error{plan_.path, "cannot write the records"};
  post_game({{reading, rec.result[0]}}, reading, static_cast<int>(rec.plies));
  return std::nullopt;
}

// The readings take turns: game 1 of each, then game 2 of each, so that a run
// stopped early compares as many games of each. Every reading plays game g
// with the same seed, as `regula selfplay --seed` would. The games are played
// on the threads at once and recorded in that order (cli/ordered_run.h).
void ExperimentRun::play_readings() {
  std::string error;
  std::mutex error_mutex;
  auto fail = [&](const std::string& what) {
    std::lock_guard<std::mutex> lock(error_mutex);
    if (error.empty()) error = what;
  };
  try {
    const uint64_t readings = plan_.readings.size();
    const uint64_t items = static_cast<uint64_t>(plan_.games) * readings;
    std::vector<cli::GameRecord> bases;
    for (const auto& rules : plan_.readings)
      bases.push_back(cli::selfplay_base_record(*rules, plan_.players, plan_.max_plies));
    const int threads = static_cast<int>(std::clamp<uint64_t>(plan_.threads, 1, items));
    const auto copies = thread_readings(plan_, threads);
    std::atomic<bool> failed{false};
    // Called in item order, one call at a time.
    cli::OrderedRun<cli::GameRecord> run(
        cli::Shard{}, items, 4 * static_cast<uint64_t>(threads),
        [&](uint64_t k, cli::GameRecord&& rec) {
          if (failed) return;
          if (Status st = record_game(static_cast<int>(k % readings), rec)) {
            fail(st->text());
            failed = true;
          }
        });
    auto work = [&](int w) {
      cli::SelfplayScratch scratch;
      while (auto k = run.next()) {
        if (stop_ || failed) break;
        const uint64_t g = *k / readings, r = *k % readings;
        cli::GameRecord rec = bases[r];
        rec.game = g + 1;
        rec.seed = ai::game_seed(plan_.seed, g);
        try {
          cli::play_selfplay_game(copies[w][r], plan_.players, plan_.max_plies,
                                  uci::make_any_player, rec, scratch);
          run.done(*k, std::move(rec));
        } catch (const std::exception& e) {
          fail(e.what());
          failed = true;
          break;
        }
      }
      // Those waiting for room are let go: no item after this one is recorded.
      run.stop();
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
    work(0);
    for (std::thread& t : pool) t.join();
  } catch (const std::exception& e) {
    fail(e.what());
  }
  if (std::fclose(records_) != 0 && error.empty())
    error = plan_.path + ": cannot write the records";
  records_ = nullptr;
  post_end(error);
}

// A game's outcome for each player: that of the first seat it played.
static std::vector<std::pair<int, Outcome>> player_outcomes(const ai::MatchGame& g, int players) {
  std::vector<std::pair<int, Outcome>> outcomes;
  for (int p = 0; p < players; ++p) {
    outcomes.emplace_back(p, Outcome::kDraw);
    for (size_t s = 0; s < g.player_of_seat.size(); ++s)
      if (g.player_of_seat[s] == p) {
        if (g.result.over) outcomes.back().second = g.result.outcome[s];
        break;
      }
  }
  return outcomes;
}

void ExperimentRun::play_match() {
  const std::shared_ptr<const Ruleset> rules = plan_.readings.front();
  ai::MatchOptions options;
  options.players = plan_.players;
  options.games = plan_.games;
  options.seed = plan_.seed;
  options.max_plies = plan_.max_plies;
  options.keep_turns = true;
  options.threads = std::max(1, plan_.threads);
  options.stop = [this] { return stop_.load(); };
  const int players = static_cast<int>(plan_.players.size());
  auto progress = [&](const ai::MatchGame& g, int) {
    post_game(player_outcomes(g, players), 0, g.plies);
  };
  auto reload = [this, rules]() -> Expected<std::shared_ptr<const Ruleset>> {
    if (!rules->hooks) return rules;
    if (!plan_.reload) return Error{"experiment", "a script with hooks needs a loader per thread"};
    return plan_.reload(0);
  };
  std::string error;
  auto report = ai::run_match(rules, reload, options, uci::make_any_player, progress);
  if (!report)
    error = report.error().text();
  else if (Status st = cli::write_match_records(rules, *report, plan_.path,
                                                cli::match_records_tags(options)))
    error = st->text();
  post_end(error);
}

}  // namespace regula::gui
