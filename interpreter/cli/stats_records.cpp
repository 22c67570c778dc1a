#include "cli/stats_records.h"

#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <type_traits>

namespace regula::cli {

using ojson = nlohmann::ordered_json;

const char* const kCsvHeader =
    "game,seed,script,script_hash,options,max_plies,players,result,reason,plies,captures,"
    "decisions,branches,stakes";

namespace {

constexpr int kCsvColumns = 14;
const char* const kOutcomes[] = {"none", "win", "loss", "draw"};

const char* outcome_name(Outcome o) {
  return kOutcomes[static_cast<int>(o)];
}

std::optional<Outcome> outcome_of(const std::string& s) {
  for (int i = 0; i < 4; ++i)
    if (s == kOutcomes[i]) return static_cast<Outcome>(i);
  return std::nullopt;
}

std::string dump(const ojson& j) {
  return j.dump(-1, ' ', /*ensure_ascii=*/true, ojson::error_handler_t::replace);
}

// CSV text fields: what would break the row or a map is escaped.
std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case ';':
        out += "%3B";
        break;
      case '=':
        out += "%3D";
        break;
      case '\n':
        out += "%0A";
        break;
      case '\r':
        out += "%0D";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::optional<std::string> unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    const std::string hex = s.substr(i + 1, 2);
    if (hex == "25")
      out += '%';
    else if (hex == "3B")
      out += ';';
    else if (hex == "3D")
      out += '=';
    else if (hex == "0A")
      out += '\n';
    else if (hex == "0D")
      out += '\r';
    else
      return std::nullopt;
    i += 2;
  }
  return out;
}

std::string csv_quote(const std::string& s) {
  if (s.find_first_of(",\"") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_map(const StringPairs& pairs) {
  std::string out;
  for (const auto& [k, v] : pairs) out += (out.empty() ? "" : ";") + escape(k) + "=" + escape(v);
  return out;
}

// The fields of a CSV row; nothing when a quote is not closed.
std::optional<std::vector<std::string>> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  if (quoted) return std::nullopt;
  return fields;
}

template <typename T>
std::optional<T> number(const std::string& s) {
  // Digits, after a minus where the field may be negative: strtoull would read
  // "-3" (and " -3") as 2^64 - 3, and both would take blanks and a plus.
  const size_t digits = std::is_signed_v<T> && !s.empty() && s[0] == '-' ? 1 : 0;
  if (s.size() == digits || !std::isdigit(static_cast<unsigned char>(s[digits])))
    return std::nullopt;
  char* end = nullptr;
  errno = 0;
  T v;
  if constexpr (std::is_signed_v<T>)
    v = static_cast<T>(std::strtoll(s.c_str(), &end, 10));
  else
    v = static_cast<T>(std::strtoull(s.c_str(), &end, 10));
  if (errno || *end) return std::nullopt;
  return v;
}

// A record's fields are checked together, whichever format they came in.
Status check(const GameRecord& g) {
  if (g.game < 1) return Error{"", "game numbers count from 1"};
  if (g.game > kMaxGameNumber)
    return Error{"", "game " + std::to_string(g.game) + " is past the largest run, " +
                         std::to_string(kMaxGameNumber) + " games (kMaxGameNumber)"};
  if (g.script.empty()) return Error{"", "no script name"};
  if (g.result.empty() || g.result.size() != g.players.size())
    return Error{"", "the result names " + std::to_string(g.result.size()) +
                         " seats and the players " + std::to_string(g.players.size())};
  if (g.plies < 0 || g.captures < 0 || g.max_plies < 1)
    return Error{"", "plies, captures and max_plies cannot be negative (or max_plies 0)"};
  if (g.stakes && g.stakes->size() != g.result.size())
    return Error{"", "the stakes name another number of seats than the result"};
  const bool unfinished = g.result[0] == Outcome::kNone;
  for (Outcome o : g.result)
    if ((o == Outcome::kNone) != unfinished)
      return Error{"", "a result is either none for every seat (unfinished) or for none"};
  return std::nullopt;
}

// The outcomes and the stakes of a record, given per seat: the seats must be
// the players', in order.
Status fill_per_seat(GameRecord& g, const StringPairs& result, const StringPairs& stakes,
                     bool has_stakes) {
  for (size_t s = 0; s < result.size(); ++s) {
    auto o = outcome_of(result[s].second);
    if (!o)
      return Error{"", "the result of '" + result[s].first + "' is not win, loss, draw or none"};
    if (s >= g.players.size() || g.players[s].first != result[s].first)
      return Error{"", "the result's seats are not the players' seats, in the same order"};
    g.result.push_back(*o);
  }
  if (!has_stakes) return std::nullopt;
  g.stakes.emplace();
  for (size_t s = 0; s < stakes.size(); ++s) {
    auto v = number<int64_t>(stakes[s].second);
    if (!v || s >= g.players.size() || g.players[s].first != stakes[s].first)
      return Error{"", "the stakes are whole numbers for the players' seats, in order"};
    g.stakes->push_back(*v);
  }
  return std::nullopt;
}

Expected<GameRecord> from_json(const std::string& line) {
  ojson j = ojson::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Error{"", "not a JSON object"};
  GameRecord g;
  using V = ojson::value_t;
  auto missing = [](const char* key, const char* what) {
    return Error{"", std::string("'") + key + "' is missing or not " + what};
  };
  // A whole number (or a string, for text fields) into a field.
  auto get = [&](const char* key, auto& into, const char* what) -> Status {
    using T = std::remove_reference_t<decltype(into)>;
    auto it = j.find(key);
    bool ok = it != j.end();
    if constexpr (std::is_same_v<T, std::string>)
      ok = ok && it->is_string();
    else if constexpr (std::is_unsigned_v<T>)
      ok = ok && it->type() == V::number_unsigned;
    else
      ok = ok && it->is_number_integer();
    if (!ok) return missing(key, what);
    into = it->template get<T>();
    return std::nullopt;
  };
  // An object of strings (or whole numbers) as pairs.
  auto pairs = [&](const char* key, StringPairs& into, bool numbers) -> Status {
    auto it = j.find(key);
    if (it == j.end() || !it->is_object()) return missing(key, "an object");
    for (auto& [k, v] : it->items()) {
      if (numbers ? !v.is_number_integer() : !v.is_string())
        return Error{"", std::string("'") + key + "' holds '" + k + "', not " +
                             (numbers ? "a whole number" : "a string")};
      into.emplace_back(k, numbers ? v.dump() : v.template get<std::string>());
    }
    return std::nullopt;
  };
  StringPairs result, stakes;
  Status st;
  if ((st = get("game", g.game, "a whole number above 0")) ||
      (st = get("seed", g.seed, "a whole number")) || (st = get("script", g.script, "a string")) ||
      (st = get("script_hash", g.script_hash, "a string")) ||
      (st = get("max_plies", g.max_plies, "a whole number")) ||
      (st = pairs("options", g.options, false)) || (st = pairs("players", g.players, false)) ||
      (st = pairs("result", result, false)) || (st = get("reason", g.reason, "a string")) ||
      (st = get("plies", g.plies, "a whole number")) ||
      (st = get("captures", g.captures, "a whole number")) ||
      (j.contains("stakes") && (st = pairs("stakes", stakes, true))) ||
      (st = fill_per_seat(g, result, stakes, j.contains("stakes"))))
    return *st;
  if (j.contains("decisions") || j.contains("branches")) {
    std::pair<int64_t, int64_t> b;
    if (get("decisions", b.first, "") || get("branches", b.second, ""))
      return Error{"", "'decisions' and 'branches' are whole numbers, both given or neither"};
    g.branching = b;
  }
  return g;
}

std::optional<StringPairs> csv_pairs(const std::string& field) {
  StringPairs out;
  if (field.empty()) return out;
  size_t start = 0;
  while (true) {
    size_t end = field.find(';', start);
    const std::string item = field.substr(start, end == std::string::npos ? end : end - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return std::nullopt;
    auto k = unescape(item.substr(0, eq)), v = unescape(item.substr(eq + 1));
    if (!k || !v) return std::nullopt;
    out.emplace_back(*k, *v);
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

Expected<GameRecord> from_csv(const std::string& line) {
  auto fields = csv_fields(line);
  if (!fields) return Error{"", "a quoted field is not closed"};
  if (fields->size() != kCsvColumns)
    return Error{"", std::to_string(fields->size()) + " fields; a record has " +
                         std::to_string(kCsvColumns) + " (" + kCsvHeader + ")"};
  const std::vector<std::string>& f = *fields;
  GameRecord g;
  // Field i into a whole number, a text or a map.
  auto get = [&](int i, auto& into, const char* name) -> Status {
    using T = std::remove_reference_t<decltype(into)>;
    bool ok;
    if constexpr (std::is_same_v<T, std::string>) {
      auto t = unescape(f[i]);
      if ((ok = t.has_value())) into = *t;
    } else if constexpr (std::is_same_v<T, StringPairs>) {
      auto t = csv_pairs(f[i]);
      if ((ok = t.has_value())) into = *t;
    } else {
      auto t = number<T>(f[i]);
      if ((ok = t.has_value())) into = *t;
    }
    return ok ? Status() : Error{"", std::string("malformed ") + name};
  };
  StringPairs result, stakes;
  Status st;
  if ((st = get(0, g.game, "game")) || (st = get(1, g.seed, "seed")) ||
      (st = get(2, g.script, "script")) || (st = get(3, g.script_hash, "script_hash")) ||
      (st = get(4, g.options, "options")) || (st = get(5, g.max_plies, "max_plies")) ||
      (st = get(6, g.players, "players")) || (st = get(7, result, "result")) ||
      (st = get(8, g.reason, "reason")) || (st = get(9, g.plies, "plies")) ||
      (st = get(10, g.captures, "captures")) || (st = get(13, stakes, "stakes")) ||
      (st = fill_per_seat(g, result, stakes, !f[13].empty())))
    return *st;
  if (!f[11].empty() || !f[12].empty()) {
    std::pair<int64_t, int64_t> b;
    if (get(11, b.first, "") || get(12, b.second, ""))
      return Error{"", "'decisions' and 'branches' are whole numbers, both given or neither"};
    g.branching = b;
  }
  return g;
}

// Reads a line of at most kMaxRecordLine characters; a longer one is cut at
// kMaxRecordLine + 1 characters (the rest of it left unread), so that a file
// with no line breaks cannot fill the memory.
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    line += static_cast<char>(c);
    if (line.size() > kMaxRecordLine) return true;
  }
  return !line.empty();
}

}  // namespace

std::string GameRecord::experiment_key() const {
  ojson j = {{"script", script}, {"hash", script_hash}, {"max_plies", max_plies}};
  for (auto& [k, v] : options) j["options"][k] = v;
  for (auto& [k, v] : players) j["players"][k] = v;
  return dump(j);
}

std::string GameRecord::experiment_text() const {
  std::string out = script + " (hash " + script_hash + ")";
  for (auto& [k, v] : options) out += " " + k + "=" + v;
  out += ", max plies " + std::to_string(max_plies) + ", players";
  for (auto& [k, v] : players) out += " " + k + "=" + v;
  return out;
}

std::string record_line(const GameRecord& g, RecordFormat format) {
  if (format == RecordFormat::kCsv) {
    StringPairs result;
    for (size_t s = 0; s < g.result.size(); ++s)
      result.emplace_back(g.players[s].first, outcome_name(g.result[s]));
    std::string stakes;
    if (g.stakes) {
      StringPairs st;
      for (size_t s = 0; s < g.stakes->size(); ++s)
        st.emplace_back(g.players[s].first, std::to_string((*g.stakes)[s]));
      stakes = csv_map(st);
    }
    std::string out = std::to_string(g.game) + "," + std::to_string(g.seed) + "," +
                      csv_quote(escape(g.script)) + "," + csv_quote(escape(g.script_hash)) + "," +
                      csv_quote(csv_map(g.options)) + "," + std::to_string(g.max_plies) + "," +
                      csv_quote(csv_map(g.players)) + "," + csv_quote(csv_map(result)) + "," +
                      csv_quote(escape(g.reason)) + "," + std::to_string(g.plies) + "," +
                      std::to_string(g.captures) + ",";
    if (g.branching)
      out += std::to_string(g.branching->first) + "," + std::to_string(g.branching->second);
    else
      out += ",";
    return out + "," + csv_quote(stakes);
  }
  ojson j;
  j["game"] = g.game;
  j["seed"] = g.seed;
  j["script"] = g.script;
  j["script_hash"] = g.script_hash;
  j["options"] = ojson::object();
  for (auto& [k, v] : g.options) j["options"][k] = v;
  j["max_plies"] = g.max_plies;
  j["players"] = ojson::object();
  for (auto& [k, v] : g.players) j["players"][k] = v;
  j["result"] = ojson::object();
  for (size_t s = 0; s < g.result.size(); ++s)
    j["result"][g.players[s].first] = outcome_name(g.result[s]);
  j["reason"] = g.reason;
  j["plies"] = g.plies;
  j["captures"] = g.captures;
  if (g.branching) {
    j["decisions"] = g.branching->first;
    j["branches"] = g.branching->second;
  }
  if (g.stakes)
    for (size_t s = 0; s < g.stakes->size(); ++s) j["stakes"][g.players[s].first] = (*g.stakes)[s];
  return dump(j);
}

Status read_records(const std::string& path,
                    const std::function<Status(GameRecord&&, const std::string& where)>& f) {
  std::ifstream file;
  std::istream* in = &std::cin;
  const std::string shown = path == "-" ? "<stdin>" : path;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) return Error{path, "cannot open the file"};
    in = &file;
  }
  std::string line;
  std::optional<RecordFormat> format;
  for (uint64_t n = 1; read_line(*in, line); ++n) {
    const std::string where = shown + ":" + std::to_string(n);
    if (line.size() > kMaxRecordLine)
      return Error{where, "a record longer than " + std::to_string(kMaxRecordLine >> 10) +
                              " KiB (kMaxRecordLine)"};
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (!format) {
      if (line == kCsvHeader) {
        format = RecordFormat::kCsv;
        continue;
      }
      if (line[line.find_first_not_of(" \t")] != '{')
        return Error{where,
                     std::string("neither a JSON record nor the CSV header (") + kCsvHeader + ")"};
      format = RecordFormat::kJson;
    }
    auto g = *format == RecordFormat::kCsv ? from_csv(line) : from_json(line);
    if (!g) return Error{where, g.error().what};
    if (Status st = check(*g)) return Error{where, st->what};
    if (Status st = f(std::move(*g), where)) return st;
  }
  if (in->bad()) return Error{shown, "cannot read the file"};
  return std::nullopt;
}

ojson interval_json(const Interval& i) {
  return ojson::array({i.low, i.high});
}

void Summary::add_seats(const GameRecord& g) {
  if (!seats_.empty()) return;
  for (auto& [seat, who] : g.players) seats_.push_back(seat);
  per_seat_.assign(seats_.size(), {0, 0, 0});
  if (g.stakes) stakes_.resize(seats_.size());
}

void Summary::add(const GameRecord& g) {
  add_seats(g);
  ++games_;
  plies_.add(g.plies);
  captures_.add(g.captures);
  if (g.branching) branching_.add(g.branching->first, g.branching->second);
  if (g.stakes)
    for (size_t s = 0; s < stakes_.size() && s < g.stakes->size(); ++s)
      stakes_[s].add((*g.stakes)[s]);
  ++reasons_[g.reason];
  if (g.result[0] == Outcome::kNone) {
    ++unfinished_;
    return;
  }
  bool draw = true;
  for (size_t s = 0; s < per_seat_.size() && s < g.result.size(); ++s) {
    const Outcome o = g.result[s];
    ++per_seat_[s][o == Outcome::kWin ? 0 : o == Outcome::kLoss ? 1 : 2];
    draw = draw && o == Outcome::kDraw;
  }
  if (draw) ++draws_;
}

ojson Summary::json() const {
  const double n = static_cast<double>(games_);
  auto rate = [&](uint64_t x) { return n ? static_cast<double>(x) / n : 0.0; };
  ojson j;
  j["games"] = games_;
  j["seats"] = ojson::object();
  for (size_t s = 0; s < seats_.size(); ++s)
    j["seats"][seats_[s]] = {
        {"wins", per_seat_[s][0]},
        {"losses", per_seat_[s][1]},
        {"draws", per_seat_[s][2]},
        {"win_rate", rate(per_seat_[s][0])},
        {"win_rate_95", interval_json(ai::wilson_interval(per_seat_[s][0], n))}};
  j["draws"] = draws_;
  j["draw_rate"] = rate(draws_);
  j["draw_rate_95"] = interval_json(ai::wilson_interval(draws_, n));
  j["unfinished"] = unfinished_;
  j["mean_plies"] = plies_.mean();
  j["mean_plies_95"] = interval_json(mean_interval(plies_));
  j["mean_captures"] = captures_.mean();
  j["mean_captures_95"] = interval_json(mean_interval(captures_));
  if (branching_.n) {
    j["mean_branching"] = branching_.ratio();
    j["mean_branching_95"] = interval_json(branching_.interval());
  }
  j["reasons"] = ojson::object();
  j["reason_rates"] = ojson::object();
  for (auto& [reason, count] : reasons_) {
    j["reasons"][reason] = count;
    j["reason_rates"][reason] = {{"rate", rate(count)},
                                 {"rate_95", interval_json(ai::wilson_interval(count, n))}};
  }
  if (!stakes_.empty()) {
    j["stakes"] = ojson::object();
    for (size_t s = 0; s < seats_.size(); ++s)
      j["stakes"][seats_[s]] = {{"mean", stakes_[s].mean()},
                                {"mean_95", interval_json(mean_interval(stakes_[s]))}};
  }
  return j;
}

std::string Summary::text(int64_t max_plies) const {
  const double n = static_cast<double>(games_);
  auto rate = [&](uint64_t x) {
    const Interval i = ai::wilson_interval(x, n);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.3f [%.3f, %.3f]", n ? x / n : 0.0, i.low, i.high);
    return std::string(buf);
  };
  auto mean = [](double m, const Interval& i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.1f [%.1f, %.1f]", m, i.low, i.high);
    return std::string(buf);
  };
  std::string out;
  char buf[512];
  for (size_t s = 0; s < seats_.size(); ++s) {
    std::snprintf(buf, sizeof buf,
                  "  %-10s wins %" PRIu64 "  losses %" PRIu64 "  draws %" PRIu64 "  win rate %s\n",
                  seats_[s].c_str(), per_seat_[s][0], per_seat_[s][1], per_seat_[s][2],
                  rate(per_seat_[s][0]).c_str());
    out += buf;
  }
  out += "draw rate: " + rate(draws_) + "\n";
  std::snprintf(buf, sizeof buf, "unfinished (max plies %" PRId64 "): %" PRIu64 "\n", max_plies,
                unfinished_);
  out += buf;
  out += "mean length: " + mean(plies_.mean(), mean_interval(plies_)) + " plies\n";
  out += "mean captures: " + mean(captures_.mean(), mean_interval(captures_)) + "\n";
  if (branching_.n && branching_.sx)
    out += "mean branching factor: " + mean(branching_.ratio(), branching_.interval()) + "\n";
  for (size_t s = 0; s < stakes_.size(); ++s)
    out += "  stakes " + seats_[s] + ": mean " +
           mean(stakes_[s].mean(), mean_interval(stakes_[s])) + "\n";
  out += "end reasons (95% intervals in brackets):\n";
  for (auto& [reason, count] : reasons_) {
    std::snprintf(buf, sizeof buf, "  %-40s %" PRIu64 "  %s\n", reason.c_str(), count,
                  rate(count).c_str());
    out += buf;
  }
  return out;
}

}  // namespace regula::cli
