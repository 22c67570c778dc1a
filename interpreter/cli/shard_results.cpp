#include "cli/shard_results.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "cli/record_files.h"
#include "cli/shard.h"

namespace regula::cli {

namespace {

using ojson = nlohmann::ordered_json;

// The fields that name the run an output belongs to.
const std::vector<std::string>& identity(const std::string& kind) {
  static const std::vector<std::string> perft{"rules",    "script_hash", "options",
                                              "position", "roll",        "depth"};
  static const std::vector<std::string> compare{"a",         "b",      "source",   "seed",
                                                "max_plies", "player", "run_games"};
  return kind == "perft" ? perft : compare;
}

uint64_t count(const ojson& j, const char* key) {
  return j.contains(key) && j[key].is_number_unsigned() ? j[key].get<uint64_t>() : 0;
}

// Adds the counts of a map of counts into another.
void add_counts(ojson& into, const ojson& from) {
  for (auto& [k, v] : from.items())
    into[k] = (into.contains(k) ? into[k].get<uint64_t>() : 0) + v.get<uint64_t>();
}

}  // namespace

Expected<std::optional<ojson>> read_shard_result(const std::string& path) {
  // perft and compare print their object over many lines, the first "{";
  // a per-game record file has a whole record (or CSV's header) on its first.
  if (path == "-") return std::optional<ojson>{};
  std::ifstream in(path);
  std::string first_line;
  if (!in || !std::getline(in, first_line) || first_line != "{") return std::optional<ojson>{};
  in.close();
  auto text = read_record_file(path);
  if (!text) return text.error();
  ojson j = ojson::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("kind") || !j["kind"].is_string())
    return std::optional<ojson>{};
  const std::string kind = j["kind"];
  if (kind != "perft" && kind != "compare") return std::optional<ojson>{};
  for (const std::string& key : identity(kind))
    if (!j.contains(key)) return Error{path, "a " + kind + " output without '" + key + "'"};
  if (!j.contains("shard") || !j["shard"].is_string())
    return Error{path, "a " + kind + " output without its shard"};
  return std::optional<ojson>{std::move(j)};
}

Expected<ojson> merge_shard_results(const std::vector<ShardResult>& parts) {
  if (parts.empty()) return Error{"stats", "no outputs to merge"};
  const ojson& first = parts[0].output;
  const std::string kind = first["kind"];
  ojson merged = first;
  std::vector<std::string> seen_files;
  std::vector<int> owner;  // by shard index - 1: the part that gave it, or -1
  int total_parts = 0;
  for (size_t p = 0; p < parts.size(); ++p) {
    const ojson& j = parts[p].output;
    const std::string& file = parts[p].file;
    if (j["kind"] != kind)
      return Error{file, "a " + j["kind"].get<std::string>() + " output among " + kind +
                             " outputs (" + parts[0].file + ")"};
    for (const std::string& key : identity(kind))
      if (j[key] != first[key])
        return Error{file, "another run than " + parts[0].file + ": its " + key + " is " +
                               j[key].dump() + ", not " + first[key].dump()};
    auto shard = parse_shard(j["shard"].get<std::string>());
    if (!shard) return Error{file, shard.error().what};
    if (p == 0) {
      total_parts = shard->count;
      owner.assign(total_parts, -1);
    } else if (shard->count != total_parts) {
      return Error{file, "part " + shard->text() + ", where " + parts[0].file + " is a part of " +
                             std::to_string(total_parts)};
    }
    if (owner[shard->index - 1] >= 0)
      return Error{file, "part " + shard->text() + " is given twice (also in " +
                             parts[owner[shard->index - 1]].file + ")"};
    owner[shard->index - 1] = static_cast<int>(p);
    if (p == 0) continue;
    if (kind == "perft") {
      merged["total"] = count(merged, "total") + count(j, "total");
      if (j.contains("divide"))
        for (auto& [move, n] : j["divide"].items()) {
          if (merged["divide"].contains(move))
            return Error{file, "the move " + move + " is counted in two parts"};
          merged["divide"][move] = n;
        }
      continue;
    }
    for (const char* key : {"games", "positions", "differing_positions", "games_with_difference"})
      merged[key] = count(merged, key) + count(j, key);
    for (const char* side : {"only_a", "only_b"}) {
      merged[side]["moves"] = count(merged[side], "moves") + count(j[side], "moves");
      for (const char* by : {"by_piece", "by_rule", "by_reason"})
        add_counts(merged[side][by], j[side][by]);
    }
    for (const char* list : {"differences", "first_differences"})
      for (const auto& item : j[list]) merged[list].push_back(item);
  }
  if (kind == "compare")
    for (const char* list : {"differences", "first_differences"})
      std::stable_sort(merged[list].begin(), merged[list].end(),
                       [](const ojson& x, const ojson& y) { return x["game"] < y["game"]; });
  ojson missing = ojson::array();
  for (int i = 0; i < total_parts; ++i)
    if (owner[i] < 0) missing.push_back(std::to_string(i + 1) + "/" + std::to_string(total_parts));
  merged["shard"] = "merged";
  merged["parts"] = total_parts;
  merged["missing_parts"] = missing;
  return merged;
}

std::string shard_result_text(const ojson& m) {
  std::string out;
  char buf[256];
  if (m["kind"] == "perft") {
    std::snprintf(buf, sizeof buf, "perft %d of %s from %s: %llu\n", m["depth"].get<int>(),
                  m["rules"].get<std::string>().c_str(), m["position"].get<std::string>().c_str(),
                  static_cast<unsigned long long>(count(m, "total")));
    out += buf;
  } else {
    const uint64_t positions = count(m, "positions"), differing = count(m, "differing_positions");
    std::snprintf(buf, sizeof buf,
                  "A: %s\nB: %s\n%llu positions in %llu games; %llu differ (%.1f%%), in %llu "
                  "games\nmoves legal under A only: %llu; under B only: %llu\n",
                  m["a"]["rules"].get<std::string>().c_str(),
                  m["b"]["rules"].get<std::string>().c_str(),
                  static_cast<unsigned long long>(positions),
                  static_cast<unsigned long long>(count(m, "games")),
                  static_cast<unsigned long long>(differing),
                  positions ? 100.0 * static_cast<double>(differing) / positions : 0.0,
                  static_cast<unsigned long long>(count(m, "games_with_difference")),
                  static_cast<unsigned long long>(count(m["only_a"], "moves")),
                  static_cast<unsigned long long>(count(m["only_b"], "moves")));
    out += buf;
  }
  out += "from " + std::to_string(m["parts"].get<int>()) + " parts";
  if (!m["missing_parts"].empty()) {
    out += "; missing:";
    for (const auto& p : m["missing_parts"]) out += " " + p.get<std::string>();
    out += " (the totals are of the parts given)";
  }
  return out + "\n";
}

}  // namespace regula::cli
