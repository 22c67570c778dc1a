#include "session/game_record.h"

#include <cctype>
#include <sstream>

#include "core/game_end.h"
#include "core/rule_error.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula {

namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string counter_tag(const Ruleset& r, int k) {
  std::string name = k < static_cast<int>(r.seat_counter_names.size())
                         ? r.seat_counter_names[k]
                         : "Counter" + std::to_string(k);
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

bool is_result_token(const std::string& t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace

std::string write_record(const Game& game, const RecordTags& extra) {
  const Ruleset& r = game.rules();
  const Result& res = game.result();
  RecordTags tags = extra;
  auto has = [&](const std::string& name) {
    for (auto& [k, v] : tags)
      if (k == name) return true;
    return false;
  };
  if (!has("Event")) tags.insert(tags.begin(), {"Event", "regula game"});
  tags.push_back({"Rules", r.name});
  if (!r.options.empty()) {
    std::string opts;
    for (auto& [k, v] : r.options) opts += (opts.empty() ? "" : ", ") + k + "=" + v;
    tags.push_back({"Options", opts});
  }
  if (!game.from_start()) {
    tags.push_back({"SetUp", "1"});
    tags.push_back({"FEN", write_position(game.start())});
  }
  if (r.num_seats() == 2 || !res.over) {
    tags.push_back({"Result", res.score()});
  } else {
    tags.push_back({"Result", "*"});
    std::string out;
    for (SeatId s = 0; s < r.num_seats(); ++s) {
      Outcome o = res.outcome[s];
      out += (s ? ", " : "") + r.seats[s].name + " " +
             (o == Outcome::kWin    ? "win"
              : o == Outcome::kLoss ? "loss"
                                    : "draw");
    }
    tags.push_back({"Outcome", out});
  }
  if (res.over) tags.push_back({"Termination", res.reason});
  const Position& pos = game.position();
  for (int k = 0; k < kMaxSeatCounters; ++k) {
    bool any = false;
    for (SeatId s = 0; s < r.num_seats(); ++s) any = any || settled_counter(pos, res, s, k) != 0;
    if (!any) continue;
    std::string v;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      v +=
          (s ? ", " : "") + r.seats[s].name + " " + std::to_string(settled_counter(pos, res, s, k));
    tags.push_back({counter_tag(r, k), v});
  }
  std::string out;
  for (auto& [k, v] : tags) out += "[" + k + " " + quote(v) + "]\n";
  out += "\n";
  std::string line;
  auto emit = [&](const std::string& word) {
    if (!line.empty() && line.size() + 1 + word.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  };
  const auto turns = game.turns();
  int round = (game.start().global(kPly)) / std::max(1, r.num_seats()) + 1;
  for (size_t i = 0; i < turns.size(); ++i) {
    bool first_seat = turns[i].seat == r.first;
    bool new_round = first_seat && (i == 0 || turns[i - 1].seat != r.first);
    if (i == 0 && !first_seat) {
      emit(std::to_string(round) + "...");
    } else if (new_round) {
      if (i > 0) ++round;
      emit(std::to_string(round) + ".");
    }
    emit(turns[i].text);
  }
  emit(r.num_seats() == 2 || !res.over ? res.score() : "*");
  out += line + "\n";
  return out;
}

Expected<RecordTags> read_record_tags(const std::string& text) {
  RecordTags tags;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    line = trim(line);
    if (line.empty() || line[0] != '[') continue;
    auto sp = line.find(' ');
    auto q1 = line.find('"');
    if (sp == std::string::npos || q1 == std::string::npos || line.back() != ']')
      return Error{"record:" + std::to_string(n), "malformed tag: " + line};
    std::string value;
    size_t i = q1 + 1;
    for (; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) ++i;
      value += line[i];
    }
    if (i >= line.size()) return Error{"record:" + std::to_string(n), "unterminated tag value"};
    tags.push_back({line.substr(1, sp - 1), value});
  }
  return tags;
}

namespace {

Expected<Game> replay_record(const std::string& text, const script::SearchPath& path) {
  auto tags = read_record_tags(text);
  if (!tags) return tags.error();
  std::string rules_name, fen;
  script::OptionList options;
  for (auto& [k, v] : *tags) {
    if (k == "Rules") rules_name = v;
    if (k == "FEN") fen = v;
    if (k == "Options") {
      std::string item;
      std::istringstream in(v);
      while (std::getline(in, item, ',')) {
        item = trim(item);
        if (item.empty()) continue;
        auto eq = item.find('=');
        if (eq == std::string::npos) return Error{"record", "bad option '" + item + "'"};
        options.emplace_back(item.substr(0, eq), item.substr(eq + 1));
      }
    }
  }
  if (rules_name.empty()) return Error{"record", "no [Rules] tag"};
  auto rules = script::load_named_rules(rules_name, options, path);
  if (!rules) return rules.error();
  Game game(*rules);
  if (!fen.empty()) {
    auto g = Game::from_position(*rules, fen);
    if (!g) return Error{"record", "[FEN]: " + g.error().what};
    game = std::move(*g);
  }
  // The move text: everything outside tag lines, without comments.
  std::string moves;
  {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      std::string t = trim(line);
      if (!t.empty() && t[0] == '[') continue;
      auto semi = t.find(';');
      if (semi != std::string::npos) t.resize(semi);
      moves += t + " ";
    }
    std::string clean;
    int depth = 0;
    for (char c : moves) {
      if (c == '{') ++depth;
      if (depth == 0) clean += c;
      if (c == '}' && depth > 0) --depth;
    }
    moves = clean;
  }
  std::vector<std::string> words;
  {
    std::istringstream in(moves);
    std::string w;
    while (in >> w) {
      // Move numbers, alone ("12.", "12...") or stuck to a move ("12.e4").
      size_t i = 0;
      while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i]))) ++i;
      if (i > 0 && i < w.size() && w[i] == '.') {
        while (i < w.size() && w[i] == '.') ++i;
        w = w.substr(i);
        if (w.empty()) continue;
      }
      words.push_back(w);
    }
  }
  const Ruleset& r = **rules;
  auto is_label = [&](const std::string& w) {
    if (w.size() > 1 && w[0] == '#') return true;
    for (auto& rule : r.rules)
      if (!rule.label.empty() && rule.label == w) return true;
    return false;
  };
  int ply = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string m = words[i];
    if (is_result_token(m) && i + 1 == words.size()) break;
    if (m == "roll" && i + 1 < words.size()) m += " " + words[++i];
    while (i + 1 < words.size() && is_label(words[i + 1])) m += " " + words[++i];
    ++ply;
    auto played = game.play_text(m);
    if (!played)
      return Error{"record",
                   "move " + std::to_string(ply) + " (" + m + "): " + played.error().what};
  }
  return game;
}

}  // namespace

Expected<Game> read_record(const std::string& text, const script::SearchPath& path) {
  // The rules come from a script: a hook of it that fails stops the replay with its error.
  try {
    return replay_record(text, path);
  } catch (const RuleError& e) {
    return e.error();
  }
}

}  // namespace regula
