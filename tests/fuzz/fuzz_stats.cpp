// The files `regula stats` reads, from anywhere: the input is up to kMaxParts
// files, separated by lines that hold only %%, read as stats reads them. When
// every file is a perft or compare output (--json --shard I/N) they are merged
// and the merged output written as text and JSON; otherwise they are per-game
// records (JSON lines or CSV), summed per experiment, and when there are two
// experiments, compared. Errors are fine; crashes, sanitizer reports and an
// error without a reason are findings.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/shard_results.h"
#include "cli/stats_math.h"
#include "cli/stats_records.h"
#include "fuzz_support.h"

using namespace regula;
using namespace regula::cli;

namespace {

constexpr size_t kMaxParts = 4;

std::vector<std::string> parts_of(const std::string& text) {
  std::vector<std::string> parts(1);
  size_t at = 0;
  while (at <= text.size() && parts.size() <= kMaxParts) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(at, end - at);
    if (line == "%%")
      parts.emplace_back();
    else
      parts.back() += line + (end < text.size() ? "\n" : "");
    at = end + 1;
  }
  if (parts.size() > kMaxParts) parts.resize(kMaxParts);
  return parts;
}

// An experiment's records, summed.
struct Group {
  std::string key;
  GameRecord first;
  Summary summary;
};

void merge(const std::vector<ShardResult>& parts) {
  auto merged = merge_shard_results(parts);
  if (!merged) {
    fuzz::refused("stats parts", merged.error());
    return;
  }
  fuzz::note("merged:\n" + shard_result_text(*merged));
  merged->dump(2, ' ', true, nlohmann::ordered_json::error_handler_t::replace);
}

void sum(const std::vector<std::string>& files) {
  std::vector<Group> groups;
  for (const std::string& file : files) {
    Status st = read_records(file, [&](GameRecord&& g, const std::string&) -> Status {
      const std::string key = g.experiment_key();
      Group* group = nullptr;
      for (Group& c : groups)
        if (c.key == key) group = &c;
      if (!group) {
        if (groups.size() == 2) return Error{"stats", "a third experiment"};
        groups.push_back({key, g, {}});
        group = &groups.back();
      }
      group->summary.add(g);
      return std::nullopt;
    });
    if (st) {
      fuzz::refused("stats records", *st);
      return;
    }
  }
  for (const Group& g : groups) {
    g.summary.json().dump(2, ' ', true, nlohmann::ordered_json::error_handler_t::replace);
    fuzz::note(g.first.experiment_text() + ":\n" + g.summary.text(g.first.max_plies));
  }
  if (groups.size() == 2) {
    const Summary& a = groups[0].summary;
    const Summary& b = groups[1].summary;
    compare_proportions(a.wins(0), a.games(), b.wins(0), b.games());
    compare_proportions(a.draws(), a.games(), b.draws(), b.games());
    compare_means(a.plies(), b.plies());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> parts = parts_of(fuzz::as_text(data, size));
  std::vector<std::string> files;
  std::vector<ShardResult> results;
  for (size_t i = 0; i < parts.size(); ++i) {
    files.push_back(fuzz::write_temp_file("stats" + std::to_string(i), parts[i]));
    auto part = read_shard_result(files.back());
    if (!part) {
      fuzz::refused("stats part", part.error());
      return 0;
    }
    if (*part) results.push_back({files.back(), std::move(**part)});
  }
  if (!results.empty()) {
    // Outputs mixed with records are refused by stats before anything is read.
    if (results.size() == files.size()) merge(results);
    return 0;
  }
  sum(files);
  return 0;
}
