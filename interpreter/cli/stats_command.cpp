// stats: the summary of per-game records that selfplay wrote (any number of
// files: the shards of a run, JSON lines and CSV alike), and the comparison of
// two experiments (--ab).

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "cli/progress.h"
#include "cli/shard_results.h"
#include "cli/stats_math.h"
#include "cli/stats_records.h"

namespace regula::cli {

namespace {

using ojson = nlohmann::ordered_json;

// The records of one experiment: the same script, hash, options, players and
// max plies.
struct Group {
  std::string key;
  GameRecord first;  // its first record, without the per-game fields looked at
  std::string first_where;
  std::vector<std::string> files;
  Summary summary;
  std::vector<bool> seen;  // by game number: each game may come once
};

// Reads the files into groups: one per experiment when mixed, else every
// record must be of the first one's experiment. by_file: a group per file.
Status read_groups(const std::vector<std::string>& files, bool mixed, bool by_file,
                   std::vector<Group>& groups) {
  Progress progress("stats", "records", 0, Progress::OnInterrupt::kExit);
  for (const std::string& file : files) {
    if (by_file) groups.emplace_back();
    Status st = read_records(file, [&](GameRecord&& g, const std::string& where) -> Status {
      progress.add();
      const std::string key = g.experiment_key();
      Group* group = nullptr;
      if (by_file) {
        group = &groups.back();
        if (group->key.empty()) group->key = key;
      } else {
        for (Group& c : groups)
          if (c.key == key) group = &c;
        if (!group && !groups.empty() && !mixed)
          return Error{where, "a record of another experiment: " + g.experiment_text() +
                                  ", where " + groups[0].first_where + " has " +
                                  groups[0].first.experiment_text() +
                                  " (give --mixed to summarise each experiment apart)"};
        if (!group) {
          groups.emplace_back();
          group = &groups.back();
          group->key = key;
        }
      }
      if (group->key != key)
        return Error{where, "a record of another experiment than the file's first (" +
                                group->first_where + "): " + g.experiment_text() + " against " +
                                group->first.experiment_text()};
      if (group->first_where.empty()) {
        group->first = g;
        group->first_where = where;
      }
      if (group->files.empty() || group->files.back() != file) group->files.push_back(file);
      if (g.game > group->seen.size())
        group->seen.resize(std::max<uint64_t>(g.game, 2 * group->seen.size()));
      if (group->seen[g.game - 1])
        return Error{where, "game " + std::to_string(g.game) +
                                " comes twice in the records of this experiment (a shard given "
                                "twice?)"};
      group->seen[g.game - 1] = true;
      group->summary.add(g);
      return std::nullopt;
    });
    if (st) return st;
  }
  if (groups.empty()) return Error{files.front(), "no records"};
  for (const Group& g : groups)
    if (g.first_where.empty())
      return Error{g.files.empty() ? files.front() : g.files[0], "no records"};
  return std::nullopt;
}

ojson experiment_json(const Group& g) {
  ojson j;
  j["script"] = g.first.script;
  j["script_hash"] = g.first.script_hash;
  j["options"] = ojson::object();
  for (auto& [k, v] : g.first.options) j["options"][k] = v;
  j["max_plies"] = g.first.max_plies;
  j["players"] = ojson::object();
  for (auto& [k, v] : g.first.players) j["players"][k] = v;
  j["files"] = g.files;
  return j;
}

std::string heading(const Group& g) {
  std::string files;
  for (const std::string& f : g.files) files += (files.empty() ? "" : ", ") + f;
  return g.first.experiment_text() + ": " + std::to_string(g.summary.games()) + " games from " +
         files + "\n";
}

std::string dump(const ojson& j) {
  return j.dump(2, ' ', /*ensure_ascii=*/true, ojson::error_handler_t::replace) + "\n";
}

std::string fmt(const char* format, double a, double b = 0, double c = 0, double d = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, format, a, b, c, d);
  return buf;
}

// The comparison of A and B: the first seat's win rate, the draw rate and
// the mean length.
void compare(const Group& a, const Group& b, bool json) {
  const Summary &sa = a.summary, &sb = b.summary;
  const ProportionTest win = compare_proportions(sa.wins(0), sa.games(), sb.wins(0), sb.games());
  const ProportionTest draw = compare_proportions(sa.draws(), sa.games(), sb.draws(), sb.games());
  const MeanTest len = compare_means(sa.plies(), sb.plies());
  auto rate = [](uint64_t x, uint64_t n) { return n ? static_cast<double>(x) / n : 0.0; };
  auto proportion = [&](const ProportionTest& t, uint64_t xa, uint64_t xb) {
    return ojson{{"a", rate(xa, sa.games())},
                 {"b", rate(xb, sb.games())},
                 {"difference", t.difference},
                 {"difference_95", interval_json(t.interval)},
                 {"p_value", t.p_value},
                 {"test", t.method == "z" ? "two-proportion z-test" : "Fisher's exact test"}};
  };
  if (json) {
    ojson j;
    j["a"] = experiment_json(a);
    j["a"].update(sa.json());
    j["b"] = experiment_json(b);
    j["b"].update(sb.json());
    j["first_seat_win_rate"] = proportion(win, sa.wins(0), sb.wins(0));
    j["draw_rate"] = proportion(draw, sa.draws(), sb.draws());
    j["mean_plies"] = {
        {"a", sa.plies().mean()},       {"b", sb.plies().mean()},
        {"difference", len.difference}, {"difference_95", interval_json(len.interval)},
        {"p_value", len.p_value},       {"df", len.df},
        {"test", "Welch's t-test"}};
    out("%s", dump(j));
    return;
  }
  auto line = [&](const std::string& what, const ProportionTest& t, uint64_t xa, uint64_t xb) {
    return what +
           fmt(": A %.3f, B %.3f, difference %+.3f [%+.3f, ", rate(xa, sa.games()),
               rate(xb, sb.games()), t.difference, t.interval.low) +
           fmt("%+.3f], p = %.4g", t.interval.high, t.p_value) + " (" +
           (t.method == "z" ? "two-proportion z-test" : "Fisher's exact test") + ")\n";
  };
  const std::string first_seat = sa.seats().empty() ? "first seat" : sa.seats()[0];
  out("A: %sB: %s", heading(a), heading(b));
  out("%s", line("first-seat (" + first_seat + ") win rate", win, sa.wins(0), sb.wins(0)) +
                line("draw rate", draw, sa.draws(), sb.draws()) +
                fmt("mean length: A %.1f, B %.1f, difference %+.1f [%+.1f, ", sa.plies().mean(),
                    sb.plies().mean(), len.difference, len.interval.low) +
                fmt("%+.1f], p = %.4g (Welch's t-test, %.1f degrees of freedom)\n",
                    len.interval.high, len.p_value, len.df));
}

struct StatsArgs {
  std::vector<std::string> files;
  bool mixed = false;
  bool json = false;
  bool ab = false;
};

// The parts of a perft or compare run (--json outputs), merged and printed:
// true when the files are such parts (rc set on an error), false when they
// are per-game records.
bool merge_parts(const StatsArgs& args, int& rc) {
  std::vector<ShardResult> parts;
  for (const std::string& file : args.files) {
    auto part = read_shard_result(file);
    if (!part) {
      rc = fail(part.error());
      return true;
    }
    if (*part) parts.push_back({file, std::move(**part)});
  }
  if (parts.empty()) return false;
  if (parts.size() != args.files.size() || args.ab) {
    err("regula stats: %s\n", args.ab ? "--ab compares per-game records, not perft or "
                                        "compare outputs"
                                      : "perft or compare outputs mixed with per-game "
                                        "records");
    rc = 1;
    return true;
  }
  auto merged = merge_shard_results(parts);
  if (!merged) {
    rc = fail(merged.error());
    return true;
  }
  out("%s", args.json ? dump(*merged) : shard_result_text(*merged));
  return true;
}

// The summary of per-game records, or two experiments compared (--ab).
void summarise_records(const StatsArgs& args, int& rc) {
  std::vector<Group> groups;
  const bool by_file = args.ab && args.files.size() == 2;
  if (Status st = read_groups(args.files, args.mixed || args.ab, by_file, groups)) {
    rc = fail(*st);
    return;
  }
  if (args.ab) {
    if (groups.size() != 2) {
      err("regula stats: --ab compares two experiments; these records make %zu (give two "
          "files, or the files of two experiments)\n",
          groups.size());
      rc = 1;
      return;
    }
    compare(groups[0], groups[1], args.json);
    return;
  }
  if (args.json) {
    auto one = [](const Group& g) {
      ojson j = experiment_json(g);
      j.update(g.summary.json());
      return j;
    };
    if (!args.mixed) {
      out("%s", dump(one(groups[0])));
      return;
    }
    ojson j = {{"groups", ojson::array()}};
    for (const Group& g : groups) j["groups"].push_back(one(g));
    out("%s", dump(j));
    return;
  }
  for (size_t i = 0; i < groups.size(); ++i)
    out("%s%s%s", i ? "\n" : "", heading(groups[i]),
        groups[i].summary.text(groups[i].first.max_plies));
}

}  // namespace

void add_stats(CLI::App& app, int& rc) {
  auto args = std::make_shared<StatsArgs>();
  auto* cmd = app.add_subcommand(
      "stats",
      "the summary of per-game records (selfplay --games-out), or two compared; the parts of a "
      "perft or compare run (--json --shard I/N) merged");
  cmd->add_option("files", args->files,
                  "record files, JSON lines or CSV ('-': standard input); the shards of a run "
                  "are summed")
      ->required();
  cmd->add_flag("--mixed", args->mixed,
                "summarise each experiment (script, hash, options, players, max plies) apart, "
                "rather than refuse records of different ones");
  cmd->add_flag("--ab", args->ab,
                "compare two experiments: with two files, the first against the second; with "
                "more, the files' records must make exactly two experiments");
  cmd->add_flag("--json", args->json, "print one JSON object");
  add_quiet_flag(*cmd);
  cmd->callback([&rc, args] {
    if (!merge_parts(*args, rc)) summarise_records(*args, rc);
  });
}

}  // namespace regula::cli
