// selfplay: games from the start, random or between players, to see how a
// reading of the rules plays out (draw rate, length, branching, how games end),
// with one record per game written as games finish (cli/stats_records.h) and
// runs split into shards that machines play apart (cli/shard.h).

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "cli/common.h"
#include "cli/ordered_run.h"
#include "cli/players.h"
#include "cli/progress.h"
#include "cli/selfplay_games.h"
#include "cli/shard.h"
#include "cli/stats_records.h"
#include "formats/presentation.h"

namespace regula::cli {

namespace {

// Where the per-game records go.
struct RecordsOut {
  std::FILE* file = nullptr;
  bool to_stdout = false;
  RecordFormat format = RecordFormat::kJson;
  std::string path;

  RecordsOut() = default;
  RecordsOut(const RecordsOut&) = delete;
  RecordsOut& operator=(const RecordsOut&) = delete;
  ~RecordsOut() {
    if (file && !to_stdout) std::fclose(file);
  }
  // Whether every record reached the file (which is closed).
  bool finish() {
    if (!file) return true;
    if (to_stdout) return std::fflush(stdout) == 0;
    const bool ok = std::fclose(file) == 0;
    file = nullptr;
    return ok;
  }
  void write_header() { put(kCsvHeader); }
  void write(const GameRecord& g) { put(record_line(g, format)); }
  void put(const std::string& line) {
    // Names from a script may hold control characters: not raw on a terminal.
    if (to_stdout)
      out("%s\n", line);
    else
      std::fprintf(file, "%s\n", line.c_str());
  }
};

struct SelfplayArgs {
  RulesArgs rules;
  int games = 100;
  uint64_t seed = 1;
  int max_plies = 1000;
  int threads = 0;
  bool json = false;
  std::string players;
  std::string games_out;
  std::string format;
  std::string shard;
};

// The player of each seat from --players (none: random turns, the fast way),
// each made once to check it; false (with rc set) when they do not fit.
bool seat_players(const SelfplayArgs& args, const std::shared_ptr<const Ruleset>& rules,
                  std::vector<std::string>& specs, int& rc) {
  const Ruleset& r = *rules;
  if (args.players.empty()) return true;
  specs = ai::split_player_list(args.players);
  if (specs.size() == 1) specs.assign(r.num_seats(), specs[0]);
  if (static_cast<int>(specs.size()) != r.num_seats()) {
    err("regula selfplay: --players names %zu players; %s has %d seats (give one for "
        "all, or one per seat)\n",
        specs.size(), presentation_of(r).title, r.num_seats());
    rc = 2;
    return false;
  }
  for (const std::string& spec : specs)
    if (auto p = make_player(spec, rules, 1); !p) {
      rc = fail(p.error());
      return false;
    }
  return true;
}

// Opens --games-out, when given; false (with rc set) when it cannot be written.
bool open_records(const SelfplayArgs& args, RecordsOut& records, int& rc) {
  if (args.games_out.empty()) return true;
  const std::string& path = args.games_out;
  const bool csv_name = path.size() > 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
  records.format = args.format == "csv" || (args.format.empty() && csv_name) ? RecordFormat::kCsv
                                                                             : RecordFormat::kJson;
  records.path = path;
  records.to_stdout = path == "-";
  records.file = records.to_stdout ? stdout : std::fopen(path.c_str(), "wb");
  if (!records.file) {
    err("regula selfplay: --games-out %s: cannot write the file\n", path);
    rc = 1;
    return false;
  }
  if (records.format == RecordFormat::kCsv) records.write_header();
  return true;
}

// Plays the games of the run on one thread per copy of the rules, each
// record written and added to the summary in game order. Returns the error of
// the earliest game that failed, whatever thread played it (none when none did).
std::exception_ptr play_games(const SelfplayArgs& args, const Shard& shard,
                              const std::vector<std::shared_ptr<const Ruleset>>& copies,
                              const std::vector<std::string>& specs, const GameRecord& base,
                              RecordsOut& records, Summary& summary) {
  const int threads = static_cast<int>(copies.size());
  // Records wait for earlier games in a window of a few per thread; the
  // summary adds each one as it is written.
  Progress progress("selfplay", "games", shard.size(static_cast<uint64_t>(args.games)));
  OrderedRun<GameRecord> run(shard, static_cast<uint64_t>(args.games), 64 * threads,
                             [&](uint64_t, GameRecord&& g) {
                               if (records.file) records.write(g);
                               summary.add(g);
                               progress.add();
                             });
  std::vector<std::exception_ptr> errors(threads);
  std::vector<uint64_t> failed_at(threads, 0);
  auto work = [&](int w) {
    SelfplayScratch scratch;
    while (auto g = run.next()) {
      if (interrupted()) {
        // Ctrl-C: the games under way end, and the summary counts what was played.
        run.stop();
        return;
      }
      try {
        GameRecord rec = base;
        rec.game = *g + 1;
        rec.seed = ai::game_seed(args.seed, *g);
        play_selfplay_game(copies[w], specs, args.max_plies, make_player, rec, scratch);
        run.done(*g, std::move(rec));
      } catch (...) {
        errors[w] = std::current_exception();
        failed_at[w] = *g;
        run.stop();  // the others stop after their current game
        return;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
  work(0);
  for (auto& th : pool) th.join();
  int first = -1;
  for (int w = 0; w < threads; ++w)
    if (errors[w] && (first < 0 || failed_at[w] < failed_at[first])) first = w;
  return first >= 0 ? errors[first] : nullptr;
}

// The summary of the run, as JSON or text.
std::string summary_text(const SelfplayArgs& args, const Shard& shard, const Ruleset& r,
                         const std::vector<std::string>& specs, const GameRecord& base,
                         const Summary& summary) {
  if (args.json) {
    nlohmann::ordered_json j;
    j["rules"] = r.name;
    j["script_hash"] = r.content_hash;
    j["options"] = nlohmann::ordered_json::object();
    for (auto& [k, v] : r.options) j["options"][k] = v;
    j["seed"] = args.seed;
    j["run_games"] = args.games;
    j["shard"] = shard.text();
    j["max_plies"] = args.max_plies;
    j["players"] = nlohmann::ordered_json::object();
    for (auto& [seat, who] : base.players) j["players"][seat] = who;
    j.update(summary.json());
    // Names and titles may hold any bytes: written as ASCII, with \u escapes
    // for everything else and U+FFFD for what is not UTF-8, the JSON is valid
    // and nothing in it can reach the terminal as a control character.
    return j.dump(2, ' ', /*ensure_ascii=*/true, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
  }
  std::string who = "random";
  for (size_t i = 0; i < specs.size(); ++i)
    who = (i ? who + ", " : "") + r.seats[i].name + "=" + specs[i];
  std::string head = presentation_of(r).title + ": " + std::to_string(summary.games()) +
                     " games (" + who + "), seed " + std::to_string(args.seed);
  if (!shard.whole())
    head += ", shard " + shard.text() + " of " + std::to_string(args.games) + " games";
  return head + "\nscript " + r.name + ", hash " + r.content_hash + "\n" +
         summary.text(args.max_plies);
}

void run_selfplay(const SelfplayArgs& args, int& rc) {
  const Shard shard = args.shard.empty() ? Shard{} : *parse_shard(args.shard);
  auto rules = load_or_fail(args.rules, rc);
  if (!rules) return;
  const Ruleset& r = *rules;
  std::vector<std::string> specs;
  if (!seat_players(args, rules, specs, rc)) return;
  RecordsOut records;
  if (!open_records(args, records, rc)) return;
  const uint64_t planned = shard.size(static_cast<uint64_t>(args.games));
  int threads = args.threads;
  if (threads <= 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<int>(std::clamp<uint64_t>(planned, 1, threads));
  const std::vector<std::shared_ptr<const Ruleset>> copies =
      thread_rules(args.rules, rules, threads, rc);
  if (copies.empty()) return;
  const GameRecord base = selfplay_base_record(r, specs, args.max_plies);
  Summary summary;
  summary.add_seats(base);
  const std::exception_ptr error = play_games(args, shard, copies, specs, base, records, summary);
  const bool written = records.finish();
  if (error) std::rethrow_exception(error);
  for (const auto& copy : copies)
    if (copy != rules && (rc = hook_status(*copy))) return;
  if ((rc = hook_status(r))) return;
  if (!written) {
    err("regula selfplay: --games-out %s: the file could not be written in full\n", records.path);
    rc = 1;
    return;
  }
  if (interrupted()) {
    err("regula selfplay: interrupted: %llu of %llu games played; the summary counts them\n",
        static_cast<unsigned long long>(summary.games()), static_cast<unsigned long long>(planned));
    rc = 130;
  }
  // With the records on standard output, the summary goes to standard error.
  const std::string text = summary_text(args, shard, r, specs, base, summary);
  if (records.to_stdout)
    err("%s", text);
  else
    out("%s", text);
}

void declare_selfplay_options(CLI::App& cmd, SelfplayArgs& args) {
  add_rules_args(cmd, args.rules);
  cmd.add_option("-n,--games", args.games, "number of games")
      ->check(CLI::Range(1, static_cast<int>(kMaxGameNumber)));
  cmd.add_option("--seed", args.seed,
                 "random seed; each game plays with its own seed made from this one and its "
                 "number, so the results do not depend on --threads or --shard")
      ->check(unsigned_number());
  cmd.add_option("--max-plies", args.max_plies, "stop a game after this many moves")
      ->check(CLI::Range(1, 100000000));
  cmd.add_option("--threads", args.threads, "games played at once (default: every core)")
      ->check(CLI::Range(1, 256));
  cmd.add_flag("--json", args.json, "print one JSON object");
  cmd.add_option("--players", args.players,
                 "who plays, comma-separated: one player for every seat or one per seat in "
                 "seat order (e.g. ai:4,random); by default random turns, the fast way");
  cmd.add_option("--games-out", args.games_out,
                 "write one record per game to FILE ('-': standard output, the summary then "
                 "goes to standard error), in game order, as games finish");
  cmd.add_option("--format", args.format,
                 "records as json (JSON lines, the default) or csv (the default for a .csv file)")
      ->check(CLI::IsMember({"json", "csv"}));
  add_quiet_flag(cmd);
  add_shard_arg(cmd, args.shard,
                "play part I of N of the run: the games numbered g with (g - 1) mod N = I - 1, "
                "each with the seed it has in the whole run");
}

}  // namespace

void add_selfplay(CLI::App& app, int& rc) {
  auto args = std::make_shared<SelfplayArgs>();
  auto* cmd = app.add_subcommand("selfplay", "random playouts from the start position");
  declare_selfplay_options(*cmd, *args);
  cmd->callback([&rc, args] { run_selfplay(*args, rc); });
}

}  // namespace regula::cli
