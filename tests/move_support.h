#pragma once
// Legal moves as text for the rule-language tests: each move printed from its
// fields ("a1-b2", "a1-e5xd4", "e1-g1+h1-f1"), the sets of them a position
// allows, playing one by its text, and a tiny two-player grid game to load.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "core/turns.h"
#include "notation/turn_text.h"

namespace regula::test_support {

using Moves = std::set<std::string>;

// "a1-b2", "a1-e5xd4", "stone@c3", "a4-a5=queen", "e1-g1+h1-f1", "b1-c3/hawk@b1" (gating),
// "pass", "roll3".
inline std::string text(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  auto name = [&](SiteId s) { return s == kNoSite ? std::string("?") : r.topology.name(s); };
  if (m.kind == MoveKind::kPass) return "pass";
  if (m.kind == MoveKind::kChance) return "roll" + std::to_string(m.chance);
  if (m.kind == MoveKind::kAnswer) return "answer" + std::to_string(m.chance);
  if (m.kind == MoveKind::kAction) return "action:" + r.actions[m.chance].name;
  std::string s;
  if (m.kind == MoveKind::kDrop) {
    s += r.types[m.drop_type].name;
    s += '@';
  } else {
    s += name(m.from);
    s += '-';
  }
  s += name(m.to);
  for (int i = 0; i < m.ncap; ++i) {
    s += i ? ',' : 'x';
    s += name(m.cap[i]);
  }
  if (m.promote >= 0) {
    s += '=';
    s += r.types[m.promote].name;
  }
  if (m.kind == MoveKind::kCastle) {
    s += '+';
    s += name(m.from2);
    s += '-';
    s += name(m.to2);
  }
  if (m.gate >= 0) s += "/" + r.types[m.gate].name + "@" + name(m.gate_at);
  return s;
}

inline Moves legal(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  Moves out;
  for (const Move& m : ml) out.insert(text(pos, m));
  EXPECT_EQ(out.size(), static_cast<size_t>(ml.size())) << "two moves print the same";
  return out;
}

// The legal moves of pos as text, sorted, a move listed twice kept twice
// (legal() is a set): for the checks that each move is listed once.
inline std::vector<std::string> listed(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  std::vector<std::string> out;
  for (const Move& m : ml) out.push_back(text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

// Legal moves of the piece on one site.
inline Moves legal_from(Position& pos, const std::string& site) {
  Moves out;
  for (const std::string& m : legal(pos))
    if (m.rfind(site + "-", 0) == 0) out.insert(m);
  return out;
}

inline std::optional<Move> find(Position& pos, const std::string& t) {
  MoveList ml;
  legal_moves(pos, ml);
  for (const Move& m : ml)
    if (text(pos, m) == t) return m;
  return std::nullopt;
}

// Plays a legal move given by its text; fails the test if it is not legal.
inline bool play(Position& pos, const std::string& t) {
  auto m = find(pos, t);
  EXPECT_TRUE(m) << t << " is not legal";
  if (!m) return false;
  Undo u;
  pos.make(*m, u);
  return true;
}

// A two-player game on a w x h grid with the given pieces; unless told
// otherwise, the setup is white's first piece on a1, so that it is never empty.
inline std::string grid_game(int w, int h, const std::string& pieces, const std::string& more = "",
                             std::string setup = "") {
  if (setup.empty()) {
    size_t at = pieces.find("name = \"");
    setup =
        "{ white = { " + pieces.substr(at + 8, pieces.find('"', at + 8) - at - 8) + " = \"a1\" } }";
  }
  return "return game {\n  title = \"t\",\n  board = grid { width = " + std::to_string(w) +
         ", height = " + std::to_string(h) + " },\n  pieces = {\n" + pieces +
         "\n  },\n  setup = " + setup + ",\n" + more + "\n}\n";
}

// The whole turns of pos as turn_texts writes them; two turns that print the
// same fail the test.
inline std::set<std::string> turn_set(Position& pos) {
  std::vector<Turn> ts;
  legal_turns(pos, ts);
  std::set<std::string> out;
  for (const std::string& t : turn_texts(pos, ts)) out.insert(t);
  EXPECT_EQ(out.size(), ts.size()) << "two turns print the same";
  return out;
}

}  // namespace regula::test_support
