#include "notation/compare_rules.h"

#include <algorithm>
#include <unordered_set>

#include "core/movegen.h"
#include "notation/explain_move.h"
#include "notation/move_text.h"
#include "notation/position_string.h"

namespace regula {

namespace {

// The moves of `mine` that `other` does not allow, explained under `other`.
std::vector<MoveDifference> only_in(Position& mine, Position& other) {
  MoveList legal, theirs;
  legal_moves(mine, legal);
  legal_moves(other, theirs);
  const std::vector<std::string> texts = move_texts(mine, legal);
  const std::vector<std::string> other_texts = move_texts(other, theirs);
  const std::unordered_set<std::string> allowed(other_texts.begin(), other_texts.end());
  std::vector<MoveDifference> out;
  std::unordered_set<std::string> seen;
  for (int i = 0; i < legal.size(); ++i) {
    if (allowed.count(texts[i]) || !seen.insert(texts[i]).second) continue;
    MoveDifference d;
    d.move = texts[i];
    const Ruleset& r = mine.rules();
    const Move& m = legal[i];
    if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kCastle || m.kind == MoveKind::kDrop) {
      const MoveRule& rule = r.rules[m.rule];
      d.piece = m.kind == MoveKind::kDrop ? r.types[m.drop_type].name
                                          : r.types[piece_type(mine.at(m.from))].name;
      d.rule = std::string(rule_kind_words(rule.kind)) +
               (rule.label.empty() ? "" : " '" + rule.label + "'") + " at " + rule.where;
    } else if (m.kind == MoveKind::kRemove && mine.at(m.to) != kEmpty) {
      d.piece = r.types[piece_type(mine.at(m.to))].name;
      if (mine.stage() >= 0)
        d.rule = "stage '" + r.stages[mine.stage()].name + "' at " + r.stages[mine.stage()].where;
    }
    const MoveExplanation e = explain_move(other, texts[i]);
    d.reason = e.legal ? "allowed, but written differently" : e.lines.empty() ? "" : e.lines[0];
    out.push_back(std::move(d));
  }
  return out;
}

// A reason without the particulars after its colon ("wrong length: a chief
// moves ..." counts as "wrong length"), so that like reasons add up.
std::string reason_kind(const std::string& reason) {
  const size_t colon = reason.find(':');
  return colon == std::string::npos ? reason : reason.substr(0, colon);
}

}  // namespace

PositionDifference compare_positions(Position& a, Position& b) {
  PositionDifference d;
  d.only_a = only_in(a, b);
  d.only_b = only_in(b, a);
  return d;
}

Expected<Position> same_position(const Position& a, std::shared_ptr<const Ruleset> rules) {
  const std::string text = write_position(a);
  auto pos = read_position(std::move(rules), text);
  if (!pos)
    return Error{"position", "the other reading cannot read '" + text + "': " + pos.error().what};
  return pos;
}

void ComparisonTally::add(const PositionDifference& d) {
  ++positions;
  if (d.empty()) return;
  ++differing;
  only_a += d.only_a.size();
  only_b += d.only_b.size();
  for (const MoveDifference& m : d.only_a) {
    ++by_piece_a[m.piece.empty() ? "-" : m.piece];
    ++by_rule_a[m.rule.empty() ? "-" : m.rule];
    ++by_reason_a[reason_kind(m.reason)];
  }
  for (const MoveDifference& m : d.only_b) {
    ++by_piece_b[m.piece.empty() ? "-" : m.piece];
    ++by_rule_b[m.rule.empty() ? "-" : m.rule];
    ++by_reason_b[reason_kind(m.reason)];
  }
}

void ComparisonTally::add(const ComparisonTally& o) {
  positions += o.positions;
  differing += o.differing;
  only_a += o.only_a;
  only_b += o.only_b;
  for (auto [from, to] : {std::pair{&o.by_piece_a, &by_piece_a},
                          {&o.by_piece_b, &by_piece_b},
                          {&o.by_rule_a, &by_rule_a},
                          {&o.by_rule_b, &by_rule_b},
                          {&o.by_reason_a, &by_reason_a},
                          {&o.by_reason_b, &by_reason_b}})
    for (const auto& [k, n] : *from) (*to)[k] += n;
}

}  // namespace regula
