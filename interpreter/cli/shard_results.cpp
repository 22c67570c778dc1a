#include "cli/shard_results.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "cli/record_files.h"
#include "cli/shard.h"
#include "core/perft.h"

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

// The deepest nesting a perft or compare output has is 5 (a difference's
// moves); a part nested deeper is no output of regula, and nesting without
// bound would exhaust the stack of every recursive step that copies or
// compares it.
constexpr int kMaxPartDepth = 16;

// The deepest nesting of arrays and objects in JSON text, or past `limit`
// (strings skipped, as they may hold brackets); read before parsing.
int nesting_depth(const std::string& text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

// What each field of a perft or compare output must be, checked before any
// field is read: a missing field or one of another type is named with its
// path, rather than read as null (undefined behaviour on a const object) or
// converted out of range.
enum class Want { kString, kCount, kStrings, kCounts, kDivide, kObject, kArray };

const char* want_text(Want w) {
  switch (w) {
    case Want::kString:
      return "a string";
    case Want::kCount:
      return "a whole number from 0";
    case Want::kStrings:
      return "an array of strings";
    case Want::kCounts:
      return "an object of whole numbers";
    case Want::kDivide:
      return "an object of arrays of whole numbers";
    case Want::kObject:
      return "an object";
    case Want::kArray:
      return "an array";
  }
  return "";
}

bool is_count(const ojson& v) {
  return v.is_number_unsigned();
}

bool matches(const ojson& v, Want w) {
  auto all = [](const ojson& c, auto&& ok) {
    return std::all_of(c.begin(), c.end(), [&](const ojson& x) { return ok(x); });
  };
  switch (w) {
    case Want::kString:
      return v.is_string();
    case Want::kCount:
      return is_count(v);
    case Want::kStrings:
      return v.is_array() && all(v, [](const ojson& x) { return x.is_string(); });
    case Want::kCounts:
      return v.is_object() && all(v, is_count);
    case Want::kDivide:
      return v.is_object() &&
             all(v, [&](const ojson& x) { return x.is_array() && all(x, is_count); });
    case Want::kObject:
      return v.is_object();
    case Want::kArray:
      return v.is_array();
  }
  return false;
}

// Checks the listed fields of the object `j` (named `where`); the first that
// is missing or of another type gives the message.
std::optional<std::string> check_fields(
    const ojson& j, const std::string& where,
    std::initializer_list<std::pair<const char*, Want>> fields) {
  for (const auto& [key, want] : fields) {
    const std::string path = where.empty() ? key : where + "." + key;
    if (!j.contains(key)) return "without '" + path + "' (" + want_text(want) + ")";
    if (!matches(j[key], want))
      return "whose '" + path + "' is " + j[key].dump().substr(0, 40) + ", not " + want_text(want);
  }
  return std::nullopt;
}

std::optional<std::string> schema_error(const ojson& j, const std::string& kind) {
  if (kind == "perft") {
    if (auto e = check_fields(j, "",
                              {{"rules", Want::kString},
                               {"script_hash", Want::kString},
                               {"options", Want::kStrings},
                               {"position", Want::kString},
                               {"roll", Want::kString},
                               {"depth", Want::kCount},
                               {"shard", Want::kString},
                               {"total", Want::kCount}}))
      return e;
    if (j["depth"].get<uint64_t>() > kMaxPerftDepth)
      return "whose 'depth' is " + j["depth"].dump() + ", past " + std::to_string(kMaxPerftDepth) +
             " (kMaxPerftDepth)";
    if (j.contains("divide")) return check_fields(j, "", {{"divide", Want::kDivide}});
    return std::nullopt;
  }
  if (auto e = check_fields(j, "",
                            {{"a", Want::kObject},
                             {"b", Want::kObject},
                             {"source", Want::kString},
                             {"seed", Want::kCount},
                             {"max_plies", Want::kCount},
                             {"player", Want::kString},
                             {"run_games", Want::kCount},
                             {"shard", Want::kString},
                             {"games", Want::kCount},
                             {"positions", Want::kCount},
                             {"differing_positions", Want::kCount},
                             {"games_with_difference", Want::kCount},
                             {"only_a", Want::kObject},
                             {"only_b", Want::kObject},
                             {"differences", Want::kArray},
                             {"first_differences", Want::kArray}}))
    return e;
  for (const char* side : {"a", "b"})
    if (auto e = check_fields(j[side], side,
                              {{"rules", Want::kString},
                               {"script_hash", Want::kString},
                               {"options", Want::kStrings}}))
      return e;
  for (const char* side : {"only_a", "only_b"})
    if (auto e = check_fields(j[side], side,
                              {{"moves", Want::kCount},
                               {"by_piece", Want::kCounts},
                               {"by_rule", Want::kCounts},
                               {"by_reason", Want::kCounts}}))
      return e;
  for (const char* list : {"differences", "first_differences"})
    for (size_t i = 0; i < j[list].size(); ++i) {
      const std::string where = std::string(list) + "[" + std::to_string(i) + "]";
      if (!j[list][i].is_object()) return "whose '" + where + "' is not an object";
      if (auto e = check_fields(j[list][i], where, {{"game", Want::kCount}})) return e;
    }
  return std::nullopt;
}

}  // namespace

Expected<std::optional<ojson>> read_shard_result(const std::string& path) {
  // perft and compare print their object over many lines, the first "{";
  // a per-game record file has a whole record (or CSV's header) on its first.
  if (path == "-") return std::optional<ojson>{};
  // Only the first two bytes are read here: a file whose first line is long
  // is a record file, read under its own line limit.
  std::ifstream in(path, std::ios::binary);
  char head[2] = {0, 0};
  if (!in || !in.read(head, 2) || head[0] != '{' || head[1] != '\n') return std::optional<ojson>{};
  in.close();
  auto text = read_record_file(path);
  if (!text) return text.error();
  if (nesting_depth(*text, kMaxPartDepth) > kMaxPartDepth)
    return Error{path, "nested more than " + std::to_string(kMaxPartDepth) +
                           " deep (kMaxPartDepth): not an output of perft or compare"};
  ojson j = ojson::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("kind") || !j["kind"].is_string())
    return std::optional<ojson>{};
  const std::string kind = j["kind"];
  if (kind != "perft" && kind != "compare") return std::optional<ojson>{};
  if (auto e = schema_error(j, kind)) return Error{path, "a " + kind + " output " + *e};
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
