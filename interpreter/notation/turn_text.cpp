#include "notation/turn_text.h"

#include <cctype>
#include <map>
#include <memory>
#include <unordered_map>

#include "core/movegen.h"
#include "notation/input_limits.h"
#include "notation/move_text.h"
#include "notation/text.h"

namespace regula {

namespace {

// The text of decision i of a turn, made in pos: joined to the decisions before it.
std::string step_text(const std::string& text, size_t i, const Move& m) {
  if (i > 0 && m.kind == MoveKind::kPass) return "";
  if (i > 0 && text[0] != 'x' && text[0] != '=') return "," + text;
  return text;
}

// Appends to out[k] the text of the decisions of turns[k] from depth d on, for
// each k of `which`, turns that share their first d decisions, made in pos. The
// turns are walked as the tree they form, so that the legal moves of each
// position on the way are found once, whatever the number of turns through it.
void texts_from(Position& pos, const std::vector<Turn>& turns, const std::vector<size_t>& which,
                size_t d, std::vector<std::string>& out) {
  // The turns that go on, grouped by their decision at depth d.
  std::vector<std::vector<size_t>> groups;
  std::unordered_multimap<uint64_t, size_t> group_of;
  for (size_t k : which) {
    if (turns[k].steps.size() == d) continue;
    const Move& m = turns[k].steps[d];
    size_t g = groups.size();
    auto [b, e] = group_of.equal_range(m.hash());
    for (auto it = b; it != e; ++it)
      if (turns[groups[it->second][0]].steps[d].same(m)) g = it->second;
    if (g == groups.size()) {
      groups.emplace_back();
      group_of.emplace(m.hash(), g);
    }
    groups[g].push_back(k);
  }
  std::unique_ptr<MoveTexts> here;
  for (const auto& group : groups) {
    const Move& m = turns[group[0]].steps[d];
    std::string text;
    if (MoveTexts::needs_legal(m)) {
      if (!here) here = std::make_unique<MoveTexts>(pos);
      text = here->text(m);
    } else {
      text = move_text(pos, m);
    }
    text = step_text(text, d, m);
    for (size_t k : group) out[k] += text;
  }
  here.reset();
  for (const auto& group : groups) {
    Undo u;
    ScopedMove made(pos, turns[group[0]].steps[d], u);
    texts_from(pos, turns, group, d + 1, out);
  }
}

std::vector<std::string> plain_texts(Position& pos, const std::vector<Turn>& turns) {
  std::vector<std::string> out(turns.size());
  std::vector<size_t> all(turns.size());
  for (size_t k = 0; k < turns.size(); ++k) all[k] = k;
  texts_from(pos, turns, all, 0, out);
  return out;
}

std::string plain_text(Position& pos, const Turn& t) {
  return plain_texts(pos, {t})[0];
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
  std::vector<std::string> out = plain_texts(pos, turns);
  std::map<std::string, int> seen;
  for (const std::string& text : out) ++seen[text];
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
  if (auto e = check_move_text_size(input)) return *e;
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
    if (hits.empty()) {
      // Loosely, but never dropping a promotion the text asks for (e4e5+).
      auto honoured = [&](const Turn& t) {
        Move m = t.first();
        for (const Move& step : t.steps)
          if (step.kind == MoveKind::kPromote) m.promote = step.promote;
        return promotion_honoured(pos, m, text);
      };
      for (size_t i = 0; i < turns.size(); ++i)
        if (loose_match(texts[i], text) && honoured(turns[i])) hits.push_back(i);
    }
    if (hits.size() == 1) return ParsedTurn{turns[hits[0]], true};
    if (hits.size() > 1) {
      std::string list;
      for (size_t i : hits) list += " " + texts[i];
      return Error{"move", "'" + excerpt(text) + "' is ambiguous; it could be:" + list};
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
