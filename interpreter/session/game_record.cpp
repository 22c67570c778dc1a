#include "session/game_record.h"

#include <cctype>
#include <sstream>
#include <unordered_map>

#include "core/game_end.h"
#include "core/rule_error.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "notation/text.h"
#include "session/record_end.h"
#include "session/time_control_text.h"

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

// PDN's results: the white side's score first, in PGN's points (1-0) or in
// draughts' (2-0), and 0-0 for a double forfeit.
bool is_pdn_result(const std::string& t) {
  return is_result_token(t) || t == "2-0" || t == "0-2" || t == "1-1" || t == "0-0";
}

// A result as PDN writes it: 2-0 when white (the seat of PDN colour W) won,
// 0-2 when black did, 1-1 for a draw, * while the game goes on.
std::string pdn_result(const Ruleset& r, const Result& res) {
  if (!res.over) return "*";
  switch (res.outcome[presentation_of(r).pdn->colour_seat[0]]) {
    case Outcome::kWin:
      return "2-0";
    case Outcome::kLoss:
      return "0-2";
    default:
      return "1-1";
  }
}

Error at_line(int line, const std::string& what) {
  return Error{"record:" + std::to_string(line), what};
}

Error at_column(int line, int column, const std::string& what) {
  return Error{"record:" + std::to_string(line) + ":" + std::to_string(column), what};
}

// A word of the move text and where it starts (its line, and its column from 1).
struct Word {
  std::string text;
  int line;
  int column = 1;
};

// What a record says, read in one pass over its lines: the tags, and the words
// of the move text with the comments ({...}, which may span lines and nest, ;
// to the end of the line, and lines that start with %) left out.
struct RecordText {
  RecordTags tags;
  std::vector<Word> words;
  int line = 1;                                    // where it starts
  int number = 1;                                  // which game of the text it is, from 1
  std::unordered_map<std::string, int> tag_lines;  // the line of each tag
};

// One tag line, [Name "value"], into tags; line is its number, and lines the
// line of each tag name read so far.
Status read_tag(const std::string& text, int line, RecordTags& tags,
                std::unordered_map<std::string, int>& lines) {
  auto malformed = [&] {
    return at_line(line, "malformed tag " + excerpt(text) + R"( (expected [Name "value"]))");
  };
  size_t i = 1;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
    ++i;
  std::string name = text.substr(1, i - 1);
  if (name.empty() || i >= text.size() || text[i] != ' ') return malformed();
  while (i < text.size() && text[i] == ' ') ++i;
  if (i >= text.size() || text[i] != '"') return malformed();
  std::string value;
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    value += text[i];
  }
  if (i >= text.size()) return at_line(line, "unterminated tag value");
  if (trim(text.substr(i + 1)) != "]") return malformed();
  // A clock's time control is checked where it is written.
  if (name == "TimeControl")
    if (auto control = parse_pgn_time_control(value); !control)
      return at_line(line, "[TimeControl \"" + excerpt(value) + "\"]: " + control.error().what);
  auto [seen, added] = lines.emplace(name, line);
  if (!added)
    return at_line(line,
                   "tag [" + name + "] repeats the one on line " + std::to_string(seen->second));
  tags.push_back({name, value});
  return std::nullopt;
}

// The games of a text, one after another: a tag that follows move text starts
// the next game, as in a PDN file of many games.
Expected<std::vector<RecordText>> scan_records(const std::string& text) {
  if (text.size() > kMaxRecordText)
    return Error{"record", "the text is " + std::to_string(text.size()) + " bytes, more than the " +
                               std::to_string(kMaxRecordText) + " a game record may have"};
  std::vector<RecordText> games(1);
  int depth = 0, opened = 0, opened_column = 0, n = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    ++n;
    const std::string t = trim(line);
    if (depth == 0 && !line.empty() && line[0] == '%') continue;
    if (depth == 0 && !t.empty() && t[0] == '[') {
      if (!games.back().words.empty()) {
        games.emplace_back();
        games.back().line = n;
        games.back().number = static_cast<int>(games.size());
      }
      if (auto e = read_tag(t, n, games.back().tags, games.back().tag_lines)) return *e;
      continue;
    }
    RecordText& out = games.back();
    std::string word;
    int column = 1;  // where word starts
    auto flush = [&] {
      if (!word.empty()) out.words.push_back({std::move(word), n, column});
      word.clear();
    };
    for (size_t at = 0; at < line.size(); ++at) {
      const char c = line[at];
      if (word.empty()) column = static_cast<int>(at) + 1;
      if (depth > 0) {
        if (c == '{') ++depth;
        if (c == '}') --depth;
        continue;
      }
      if (c == '{') {
        flush();
        depth = 1;
        opened = n;
        opened_column = static_cast<int>(at) + 1;
      } else if (c == '}') {
        return at_column(n, static_cast<int>(at) + 1, "'}' closes no comment");
      } else if (c == ';') {
        break;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        flush();
      } else {
        word += c;
      }
    }
    flush();
  }
  if (depth > 0)
    return at_column(opened, opened_column, "the comment opened here ('{') is never closed");
  return games;
}

Expected<RecordText> scan_record(const std::string& text) {
  auto games = scan_records(text);
  if (!games) return games.error();
  if (games->size() > 1)
    return at_line((*games)[1].line,
                   "a second game starts here; a record holds one game (read "
                   "a file of several with read_records)");
  return std::move(games->front());
}

// Whether a word is a NAG: $ and a number from 0 to 255 ($1: a good move).
bool is_nag(const std::string& w) {
  if (w.size() < 2 || w.size() > 4 || w[0] != '$') return false;
  for (size_t i = 1; i < w.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return false;
  return std::stoi(w.substr(1)) <= 255;
}

// PGN and PDN move text as other programs write it: variations in
// parentheses (which nest) are left out, and so are NAGs ($1), the marks that
// rate a move (!, ?!, (!)), ellipses (...) and set-up diagrams (/.../). A game
// holds one line of play, so a variation has no place to go; its moves are
// still read for balanced parentheses.
Expected<std::vector<Word>> annotated_words(const std::vector<Word>& in) {
  std::vector<Word> out;
  int depth = 0, opened = 0, opened_column = 0;
  for (const Word& w : in) {
    std::string text = w.text;
    // A rating in parentheses, (!) or (?!), is no variation.
    for (size_t b = text.find('('); b != std::string::npos; b = text.find('(', b + 1)) {
      size_t e = b + 1;
      while (e < text.size() && (text[e] == '!' || text[e] == '?')) ++e;
      if (e > b + 1 && e < text.size() && text[e] == ')') text.erase(b, e - b + 1);
    }
    std::string cur;
    int column = w.column;  // where cur starts
    Status bad;
    auto flush = [&] {
      while (!cur.empty() && (cur.back() == '!' || cur.back() == '?')) cur.pop_back();
      if (!cur.empty() && cur[0] == '$' && !is_nag(cur))
        bad = at_column(w.line, column,
                        "'" + excerpt(cur) + "' is no NAG (expected $ and a number from 0 to 255)");
      const bool skip = cur.empty() || cur[0] == '$' || cur == "..." ||
                        (cur.size() > 1 && cur.front() == '/' && cur.back() == '/');
      if (!skip) out.push_back({cur, w.line, column});
      cur.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const int here = w.column + static_cast<int>(i);
      if (c == '(') {
        if (depth == 0) flush();
        if (depth++ == 0) opened = w.line, opened_column = here;
      } else if (c == ')') {
        if (depth == 0) return at_column(w.line, here, "')' closes no variation");
        --depth;
      } else if (depth == 0) {
        if (cur.empty()) column = here;
        cur += c;
      }
      if (bad) return *bad;
    }
    if (depth == 0) flush();
    if (bad) return *bad;
  }
  if (depth > 0)
    return at_column(opened, opened_column, "the variation opened here ('(') is never closed");
  return out;
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
  if (presentation_of(r).pdn) {
    // PDN's own tags, "?" where unknown as PDN readers expect them.
    if (!has("Date")) tags.push_back({"Date", "????.??.??"});
    for (const char* side : {"White", "Black"})
      if (!has(side)) tags.push_back({side, "?"});
  }
  tags.push_back({"Rules", r.name});
  if (presentation_of(r).pdn)
    tags.push_back({"GameType", presentation_of(r).pdn->game_type.text()});
  if (!r.options.empty()) {
    std::string opts;
    for (auto& [k, v] : r.options) opts += (opts.empty() ? "" : ", ") + k + "=" + v;
    tags.push_back({"Options", opts});
  }
  if (!game.from_start()) {
    tags.push_back({"SetUp", "1"});
    tags.push_back({"FEN", write_position(game.start())});
  }
  if (presentation_of(r).pdn) {
    tags.push_back({"Result", pdn_result(r, res)});
  } else if (r.num_seats() == 2 || !res.over) {
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
  std::vector<std::string> words;
  const auto turns = game.turns();
  int round = (game.start().global(kPly)) / std::max(1, r.num_seats()) + 1;
  for (size_t i = 0; i < turns.size(); ++i) {
    bool first_seat = turns[i].seat == r.first;
    bool new_round = first_seat && (i == 0 || turns[i - 1].seat != r.first);
    if (i == 0 && !first_seat) {
      words.push_back(std::to_string(round) + "...");
    } else if (new_round) {
      if (i > 0) ++round;
      words.push_back(std::to_string(round) + ".");
    }
    words.push_back(turns[i].text);
  }
  words.push_back(presentation_of(r).pdn            ? pdn_result(r, res)
                  : r.num_seats() == 2 || !res.over ? res.score()
                                                    : "*");
  return layout_record(tags, words);
}

std::string layout_record(const RecordTags& tags, const std::vector<std::string>& words) {
  std::string out;
  for (auto& [k, v] : tags) out += "[" + k + " " + quote(v) + "]\n";
  out += "\n";
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty() && line.size() + 1 + word.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line + "\n";
}

std::string pdn_rules_for(const std::string& text, const std::vector<std::string>& names,
                          const RulesLoader& load) {
  const std::string tag = "[GameType \"";
  const size_t at = text.find(tag);
  if (at == std::string::npos) return "";
  const size_t end = text.find('"', at + tag.size());
  if (end == std::string::npos) return "";
  auto wanted = parse_pdn_game_type(text.substr(at + tag.size(), end - at - tag.size()), true);
  if (!wanted) return "";
  std::string found;
  for (const std::string& name : names) {
    auto rules = load(name, {});
    if (!rules || !presentation_of(*(*rules)).pdn ||
        presentation_of(*(*rules)).pdn->game_type.type != wanted->type)
      continue;
    if (!found.empty()) return "";
    found = name;
  }
  return found;
}

std::string record_result(const Game& game) {
  const Ruleset& r = game.rules();
  return presentation_of(r).pdn ? pdn_result(r, game.result()) : game.result().score();
}

Expected<RecordTags> read_record_tags(const std::string& text) {
  auto scanned = scan_records(text);
  if (!scanned) return scanned.error();
  return std::move(scanned->front().tags);
}

namespace {

// Checks a record's [GameType] against the rules it is replayed with.
Status check_game_type(const Ruleset& r, const std::string& value) {
  auto g = parse_pdn_game_type(value, true);
  if (!g) return Error{"record", "[GameType \"" + excerpt(value) + "\"]: " + g.error().what};
  if (!presentation_of(r).pdn)
    return Error{"record", "[GameType \"" + excerpt(value) + "\"] names a PDN game, but " + r.name +
                               " has no PDN GameType"};
  const PdnGameType& mine = presentation_of(r).pdn->game_type;
  if (g->type != mine.type || (g->full && (g->width != mine.width || g->height != mine.height)))
    return Error{"record", "[GameType \"" + excerpt(value) + "\"] names another game than " +
                               r.name + ", whose GameType is " + mine.text()};
  return std::nullopt;
}

// What a record's tags say of replaying it.
struct RecordHeader {
  std::string rules_name, fen, game_type, termination;
  std::vector<std::pair<std::string, std::string>> options;
  StatedResult stated;
};

// [Options "a=1, b=2"] into options; an Error for an item without '='.
Status read_options(const std::string& value,
                    std::vector<std::pair<std::string, std::string>>& options) {
  std::string item;
  std::istringstream in(value);
  while (std::getline(in, item, ',')) {
    item = trim(item);
    if (item.empty()) continue;
    auto eq = item.find('=');
    if (eq == std::string::npos)
      return Error{"record", "bad option '" + excerpt(item) + "' (key=value)"};
    options.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return std::nullopt;
}

Expected<RecordHeader> read_header(const RecordText& scanned) {
  RecordHeader h;
  for (auto& [k, v] : scanned.tags) {
    if (k == "Rules") h.rules_name = v;
    if (k == "FEN") h.fen = v;
    if (k == "GameType") h.game_type = v;
    if (k == "Termination") h.termination = v;
    if (k == "Result") h.stated = {v, at_line(scanned.tag_lines.at(k), "").where, true};
    if (k == "Options")
      if (Status e = read_options(v, h.options)) return *e;
  }
  return h;
}

// The game a record starts from: the rules its [Rules] names (else
// fallback_rules) with its [Options], its [GameType] checked against them,
// at its [FEN].
Expected<Game> start_game(const RecordText& scanned, const RecordHeader& h, const RulesLoader& load,
                          const std::string& fallback_rules) {
  const std::string& rules_name = h.rules_name.empty() ? fallback_rules : h.rules_name;
  if (rules_name.empty())
    return Error{
        scanned.line > 1 ? "record:" + std::to_string(scanned.line) : "record",
        "no [Rules] tag" + std::string(h.game_type.empty()
                                           ? ""
                                           : " (a PDN game from elsewhere: name the rules to "
                                             "replay it with, e.g. regula replay --rules "
                                             "draughts/spanish)")};
  auto rules = load(rules_name, h.options);
  if (!rules) return rules.error();
  if (!h.game_type.empty())
    if (auto e = check_game_type(**rules, h.game_type)) return *e;
  if (h.fen.empty()) return Game(*rules);
  auto g = Game::from_position(*rules, h.fen);
  if (!g) return Error{"record", "[FEN]: " + g.error().what};
  return g;
}

// The words of the move text that hold moves: move numbers, alone ("12.",
// "12...") or stuck to a move ("12.e4"), are left out, and so, for PDN and
// for PGN of the scripts that write SAN, are the annotations other programs
// write.
Expected<std::vector<Word>> move_words(const Ruleset& r, std::vector<Word> scanned_words) {
  if (presentation_of(r).pdn || presentation_of(r).notation == "san") {
    auto kept = annotated_words(scanned_words);
    if (!kept) return kept.error();
    scanned_words = std::move(*kept);
  }
  std::vector<Word> words;
  for (Word& w : scanned_words) {
    size_t i = 0;
    while (i < w.text.size() && std::isdigit(static_cast<unsigned char>(w.text[i]))) ++i;
    if (i > 0 && i < w.text.size() && w.text[i] == '.') {
      while (i < w.text.size() && w.text[i] == '.') ++i;
      w.text = w.text.substr(i);
      if (w.text.empty()) continue;
    }
    words.push_back(std::move(w));
  }
  return words;
}

// Plays the moves of game `number` of the text, each word by word against the
// legal moves; a PDN result among them ends the moves, and is the one stated.
Status play_words(Game& game, const std::vector<Word>& words, int number, StatedResult& stated) {
  const Ruleset& r = game.rules();
  auto is_label = [&](const std::string& w) {
    if (w.size() > 1 && w[0] == '#') return true;
    for (auto& rule : r.rules)
      if (!rule.label.empty() && rule.label == w) return true;
    return false;
  };
  int ply = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    const int line = words[i].line, column = words[i].column;
    std::string m = words[i].text;
    if (is_result_token(m) && i + 1 == words.size()) break;
    if (presentation_of(r).pdn && is_pdn_result(m)) {
      stated = {m, at_column(line, column, "").where, false};
      break;
    }
    if (m == "roll" && i + 1 < words.size()) m += " " + words[++i].text;
    while (i + 1 < words.size() && is_label(words[i + 1].text)) m += " " + words[++i].text;
    if (++ply > kMaxRecordMoves)
      return at_line(line, "more than " + std::to_string(kMaxRecordMoves) +
                               " moves, the limit of a game record");
    auto played = game.play_text(m);
    // A move that reads like another is written with the sites it clears, "d3xe3 xf3".
    if (!played && i + 1 < words.size() && clears_word(r, m, words[i + 1].text)) {
      size_t j = i;
      std::string joined = m;
      while (j + 1 < words.size() && clears_word(r, joined, words[j + 1].text))
        joined += " " + words[++j].text;
      if (auto again = game.play_text(joined)) {
        played = std::move(again);
        m = joined;
        i = j;
      }
    }
    if (!played)
      return at_column(line, column,
                       "game " + std::to_string(number) + ", move " + std::to_string(ply) + " (" +
                           excerpt(m) + "): " + played.error().what);
  }
  return std::nullopt;
}

Expected<Game> replay_record(const RecordText& scanned, const RulesLoader& load,
                             const std::string& fallback_rules) {
  auto header = read_header(scanned);
  if (!header) return header.error();
  auto game = start_game(scanned, *header, load, fallback_rules);
  if (!game) return game.error();
  auto words = move_words(game->rules(), scanned.words);
  if (!words) return words.error();
  if (Status e = play_words(*game, *words, scanned.number, header->stated)) return *e;
  if (Status e = end_as_recorded(*game, header->termination, header->stated)) return *e;
  return game;
}

}  // namespace

Expected<Game> read_record(const std::string& text, const RulesLoader& load) {
  auto scanned = scan_record(text);
  if (!scanned) return scanned.error();
  // The rules come from a script: a hook of it that fails stops the replay with its error.
  try {
    return replay_record(*scanned, load, "");
  } catch (const RuleError& e) {
    return e.error();
  }
}

Status for_each_record(const std::string& text, const RulesLoader& load,
                       const std::string& fallback_rules,
                       const std::function<Status(Game&&, size_t, size_t)>& each) {
  auto scanned = scan_records(text);
  if (!scanned) return scanned.error();
  for (size_t i = 0; i < scanned->size(); ++i) {
    try {
      auto game = replay_record((*scanned)[i], load, fallback_rules);
      if (!game) return game.error();
      if (auto e = each(std::move(*game), i, scanned->size())) return e;
    } catch (const RuleError& e) {
      return e.error();
    }
  }
  return std::nullopt;
}

Expected<std::vector<Game>> read_records(const std::string& text, const RulesLoader& load,
                                         const std::string& fallback_rules) {
  std::vector<Game> out;
  if (auto e = for_each_record(text, load, fallback_rules, [&](Game&& g, size_t, size_t) -> Status {
        out.push_back(std::move(g));
        return std::nullopt;
      }))
    return *e;
  return out;
}

}  // namespace regula
