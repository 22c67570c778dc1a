#pragma once
// The per-game records of self-play runs, as JSON lines or CSV, and the
// summary they add up to (with 95% intervals). selfplay writes records and
// tallies them as games finish; `regula stats` reads them back from any number
// of files (the shards of one run, say) and prints the same summary.
//
// A JSON record (one line):
//   {"game":1,"seed":...,"script":"jetan/burroughs","script_hash":"<16 hex>",
//    "options":{"array":"point"},"max_plies":1000,
//    "players":{"black":"random","orange":"random"},
//    "result":{"black":"win","orange":"loss"},"reason":"...","plies":57,
//    "captures":12,"decisions":57,"branches":1234,"stakes":{"black":3,...}}
// result is win, loss, draw or none (a game stopped at max_plies, whose reason
// is "unfinished (max plies)"); decisions and branches (the legal moves summed
// over the decisions) are there when measured; stakes when the script has
// them. A CSV file has the header row kCsvHeader and the same fields, maps
// written "key=value;key=value" with %, ; and = escaped as %25, %3B, %3D.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/stats_math.h"
#include "core/expected.h"
#include "core/result.h"

namespace regula::cli {

using StringPairs = std::vector<std::pair<std::string, std::string>>;

struct GameRecord {
  uint64_t game = 0;  // the game's number in its run, from 1
  uint64_t seed = 0;  // the game's own seed (ai::game_seed of the run's seed and game - 1)
  std::string script, script_hash;
  StringPairs options;  // every declared option with its chosen value
  int64_t max_plies = 0;
  StringPairs players;          // seat name, player specification; in seat order
  std::vector<Outcome> result;  // per seat; kNone: unfinished
  std::string reason;
  int64_t plies = 0, captures = 0;
  std::optional<std::pair<int64_t, int64_t>> branching;  // decisions, branches
  std::optional<std::vector<int64_t>> stakes;            // per seat

  // What records must share to be summed together: script, hash, options,
  // players, max_plies.
  std::string experiment_key() const;
  // The same, in words, for messages.
  std::string experiment_text() const;
};

// The most games a run plays (selfplay -n), so the largest game number a record may hold.
inline constexpr uint64_t kMaxGameNumber = 100'000'000;

// The longest line a record file may have.
inline constexpr size_t kMaxRecordLine = 1 << 20;

enum class RecordFormat { kJson, kCsv };
extern const char* const kCsvHeader;

// One record as a line, without the newline.
std::string record_line(const GameRecord& g, RecordFormat format);

// Reads the records of a file ("-": standard input), JSON lines or CSV (told
// by the first line), passing each to f with "file:line". A malformed record,
// or one f refuses, is an Error naming its file:line.
Status read_records(const std::string& path,
                    const std::function<Status(GameRecord&&, const std::string& where)>& f);

// What games add up to. Every sum is exact, so a summary does not depend on
// the order games were added in.
class Summary {
 public:
  // The seats (and whether there are stakes) from a record, before any game
  // is added, so that a summary of no games still names them.
  void add_seats(const GameRecord& g);
  void add(const GameRecord& g);
  uint64_t games() const { return games_; }
  uint64_t wins(size_t seat) const { return per_seat_[seat][0]; }
  uint64_t draws() const { return draws_; }
  const IntSample& plies() const { return plies_; }
  const std::vector<std::string>& seats() const { return seats_; }

  // games, seats (wins, losses, draws, win_rate with its interval), draws,
  // draw_rate, unfinished, mean_plies, mean_captures, mean_branching (each
  // with a "_95" interval [low, high]), reasons (counts) and reason_rates,
  // stakes (mean per seat).
  nlohmann::ordered_json json() const;
  // Lines after a heading: per seat, draw rate, lengths, reasons.
  std::string text(int64_t max_plies) const;

 private:
  std::vector<std::string> seats_;
  std::vector<std::array<uint64_t, 3>> per_seat_;  // wins, losses, draws
  std::map<std::string, uint64_t> reasons_;
  uint64_t games_ = 0, draws_ = 0, unfinished_ = 0;
  IntSample plies_, captures_;
  RatioSample branching_;
  std::vector<IntSample> stakes_;
};

// A JSON array [low, high].
nlohmann::ordered_json interval_json(const Interval& i);

}  // namespace regula::cli
