#include "notation/turn_text.h"

#include <cctype>
#include <map>

#include "core/movegen.h"
#include "notation/move_text.h"

namespace regula {

namespace {

// The text of the decisions of t from index i on, made one after another.
std::string steps_text(Position& pos, const Turn& t, size_t i) {
  if (i == t.steps.size()) return "";
  const Move& m = t.steps[i];
  std::string out;
  if (i == 0 || m.kind != MoveKind::kPass) {
    out = move_text(pos, m);
    if (i > 0 && out[0] != 'x' && out[0] != '=') out = "," + out;
  }
  Undo u;
  ScopedMove made(pos, m, u);
  return out + steps_text(pos, t, i + 1);
}

std::string plain_text(Position& pos, const Turn& t) {
  return steps_text(pos, t, 0);
}

std::string dice_used(const Turn& t) {
  std::string out;
  for (const Move& m : t.steps)
    if (m.chance &&
        (m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle))
      out += (out.empty() ? "" : ",") + std::to_string(m.chance);
  return " {" + out + "}";
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
  const std::string text = trim_text(input);
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
        if (loose_text(texts[i]) == loose_text(text)) hits.push_back(i);
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
    ScopedMove made(pos, *m, u);
    out.complete = !pos.in_turn();
  }
  return out;
}

}  // namespace regula
