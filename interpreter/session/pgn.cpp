#include "session/pgn.h"

#include <algorithm>

#include "formats/presentation.h"
#include "notation/position_string.h"
#include "notation/text.h"

namespace regula {

namespace {

constexpr const char* kRoster[] = {"Event", "Site", "Date", "Round", "White", "Black"};

// The value of the first tag of that name in a text, or "".
std::string first_tag(const std::string& text, const std::string& name) {
  const std::string open = "[" + name + " \"";
  const size_t at = text.find(open);
  if (at == std::string::npos) return "";
  const size_t end = text.find('"', at + open.size());
  return end == std::string::npos ? "" : text.substr(at + open.size(), end - at - open.size());
}

}  // namespace

bool writes_pgn(const Ruleset& rules) {
  const Presentation& p = presentation_of(rules);
  return p.notation == "san" && !p.pdn && rules.num_seats() == 2;
}

std::vector<NumberedTurn> numbered_turns(const Game& game) {
  const Ruleset& r = game.rules();
  const bool san = presentation_of(r).notation == "san";
  const auto turns = game.turns();
  const auto& played = game.history();
  std::vector<NumberedTurn> out;
  int round = game.start().global(kPly) / std::max(1, r.num_seats()) + 1;
  size_t at = 0;  // the first decision of turn i in played
  for (size_t i = 0; i < turns.size(); ++i) {
    size_t next = at + 1;
    while (next < played.size() && !played[next].starts_turn) ++next;
    NumberedTurn t;
    t.seat = turns[i].seat;
    t.text = san && next == at + 1 && !played[at].turn.empty() ? played[at].san : turns[i].text;
    t.opens_round = t.seat == r.first && (i == 0 || turns[i - 1].seat != r.first);
    if (t.opens_round && i > 0) ++round;
    t.round = round;
    out.push_back(std::move(t));
    at = next;
  }
  return out;
}

std::string write_pgn(const Game& game, const RecordTags& extra) {
  const Ruleset& r = game.rules();
  const Result& res = game.result();
  const std::string result = r.num_seats() == 2 ? res.score() : "*";
  auto given = [&](const std::string& name) -> const std::string* {
    for (const auto& [k, v] : extra)
      if (k == name) return &v;
    return nullptr;
  };
  RecordTags tags;
  for (const char* name : kRoster) {
    const std::string* v = given(name);
    tags.push_back({name, v ? *v : std::string(name) == "Date" ? "????.??.??" : "?"});
  }
  tags.push_back({"Result", result});
  for (const auto& [k, v] : extra)
    if (std::find(std::begin(kRoster), std::end(kRoster), k) == std::end(kRoster) && k != "Result")
      tags.push_back({k, v});
  const std::string& variant = presentation_of(r).uci_variant;
  if (!variant.empty() && variant != "chess") tags.push_back({"Variant", variant});
  if (!game.from_start()) {
    tags.push_back({"SetUp", "1"});
    tags.push_back({"FEN", write_position(game.start())});
  }
  tags.push_back({"Rules", r.name});
  if (!r.options.empty()) {
    std::string opts;
    for (const auto& [k, v] : r.options) opts += (opts.empty() ? "" : ", ") + k + "=" + v;
    tags.push_back({"Options", opts});
  }
  std::vector<std::string> words;
  const auto turns = numbered_turns(game);
  for (size_t i = 0; i < turns.size(); ++i) {
    if (turns[i].opens_round) words.push_back(std::to_string(turns[i].round) + ".");
    if (i == 0 && !turns[i].opens_round) words.push_back(std::to_string(turns[i].round) + "...");
    words.push_back(turns[i].text);
  }
  // How it ended, in words, as a comment (PGN's [Termination] has a fixed
  // vocabulary): a result the moves do not reach reads back as the players' word.
  if (res.over && res.reason.find('}') == std::string::npos)
    words.push_back("{" + res.reason + "}");
  words.push_back(result);
  return layout_record(tags, words);
}

std::string pgn_variant(const std::string& text) {
  std::string wanted = lower(first_tag(text, "Variant"));
  if (wanted.empty() || wanted == "standard") wanted = "chess";
  return wanted;
}

std::string pgn_rules_for(const std::string& text, const std::vector<std::string>& names,
                          const RulesLoader& load) {
  if (text.find("[Rules \"") != std::string::npos) return "";
  const std::string wanted = pgn_variant(text);
  std::string found;
  for (const std::string& name : names) {
    auto rules = load(name, {});
    if (!rules || !writes_pgn(**rules) || presentation_of(**rules).uci_variant != wanted) continue;
    if (!found.empty()) return "";
    found = name;
  }
  return found;
}

Expected<std::vector<Game>> read_pgn(const std::string& text, const RulesLoader& load,
                                     const std::string& fallback_rules) {
  // The record reader ends each game as its [Result] says (session/record_end.h).
  return read_records(text, load, fallback_rules);
}

}  // namespace regula
