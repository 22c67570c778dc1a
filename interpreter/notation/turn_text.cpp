#include "notation/turn_text.h"

#include <cctype>
#include <map>

#include "core/movegen.h"
#include "notation/move_text.h"

namespace regula {

namespace {

std::string plain_text(Position& pos, const Turn& t) {
  std::string out;
  std::vector<Undo> undos(t.steps.size());
  size_t made = 0;
  for (const Move& m : t.steps) {
    const bool skipped = made > 0 && m.kind == MoveKind::kPass;
    if (!skipped) {
      std::string s = move_text(pos, m);
      if (made > 0 && s[0] != 'x') out += ',';
      out += s;
    }
    pos.make(m, undos[made++]);
  }
  while (made > 0) {
    --made;
    pos.unmake(t.steps[made], undos[made]);
  }
  return out;
}

std::string dice_used(const Turn& t) {
  std::string out;
  for (const Move& m : t.steps)
    if (m.chance &&
        (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle))
      out += (out.empty() ? "" : ",") + std::to_string(m.chance);
  return " {" + out + "}";
}

// Case and the punctuation people leave out or add: E6A6R3 for E6-A6xR3.
std::string loose(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '-' || c == 'x' || c == '=' || c == '+' || c == '#' || c == '!' || c == '?' ||
        c == ' ' || c == ',')
      continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::vector<std::string> turn_texts(Position& pos, const std::vector<Turn>& turns) {
  std::vector<std::string> out;
  out.reserve(turns.size());
  std::map<std::string, int> seen;
  for (const Turn& t : turns) ++seen[out.emplace_back(plain_text(pos, t))];
  for (size_t i = 0; i < turns.size(); ++i)
    if (seen[out[i]] > 1) out[i] += dice_used(turns[i]);
  return out;
}

std::string turn_text(Position& pos, const Turn& turn) {
  if (turn.steps.size() == 1 && !pos.rules().has_continuations) return move_text(pos, turn.first());
  std::vector<Turn> all;
  legal_turns(pos, all);
  std::vector<std::string> texts = turn_texts(pos, all);
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].steps.size() != turn.steps.size()) continue;
    bool same = true;
    for (size_t k = 0; k < turn.steps.size() && same; ++k)
      same = all[i].steps[k].same(turn.steps[k]);
    if (same) return texts[i];
  }
  return plain_text(pos, turn);
}

Expected<ParsedTurn> parse_turn(Position& pos, const std::string& input) {
  const std::string text = trim(input);
  if (text.empty()) return Error{"move", "empty move"};
  const Ruleset& r = pos.rules();
  if (r.has_continuations) {
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    std::vector<std::string> texts = turn_texts(pos, turns);
    std::vector<size_t> hits;
    for (size_t i = 0; i < turns.size(); ++i)
      if (texts[i] == text) hits.push_back(i);
    if (hits.empty())
      for (size_t i = 0; i < turns.size(); ++i)
        if (loose(texts[i]) == loose(text)) hits.push_back(i);
    if (hits.size() == 1) return ParsedTurn{turns[hits[0]], true};
    if (hits.size() > 1) {
      std::string list;
      for (size_t i : hits) list += " " + texts[i];
      return Error{"move", "'" + text + "' is ambiguous; it could be:" + list};
    }
  }
  // One decision, which may be all of a turn or its start.
  auto m = parse_move(pos, text);
  if (!m) return m.error();
  ParsedTurn out;
  out.turn.steps.push_back(*m);
  if (r.has_continuations && m->kind != MoveKind::kChance) {
    Undo u;
    pos.make(*m, u);
    out.complete = !pos.in_turn();
    pos.unmake(*m, u);
  }
  return out;
}

}  // namespace regula
