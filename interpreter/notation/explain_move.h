#pragma once
// Why a move is legal or not, in plain words, for `regula explain`, `regula
// compare` and front ends: the rule of the piece that made a legal move (with
// the script's file and line) and what the move does; for a move the rules do
// not allow, what is wrong with it (notation/explain.h), whatever kind of move it
// is: a drop, a capture chain, an escape, a promotion, a removal.

#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "notation/explain.h"

namespace regula {

struct MoveExplanation {
  bool legal = false;
  std::string move;                // legal: the move as the rules write it; else as typed
  std::vector<std::string> lines;  // the reasons, one per line
  int rule = -1;                   // legal: the rule that made it (Ruleset::rules), or -1
  std::string piece;               // the type that moves, is dropped or is removed, or ""
};

// Explains the move a text names in pos (long form, SAN or PDN squares).
MoveExplanation explain_move(Position& pos, const std::string& text);

// What made a legal move of pos and what it does, one line each.
std::vector<std::string> legal_reasons(Position& pos, const Move& m);

// A typed move read into its parts ("e7e8=Q", "P@e4", "c3xe5xg7", "e1h6
// escape"), without looking at the legal moves; nullopt when it names no squares.
std::optional<Attempt> read_attempt(const Ruleset& rules, const std::string& text);

// A rule's kind in a word or two ("slide", "leap", "capture by jumping").
const char* rule_kind_words(RuleKind kind);

// The name of the type a letter, symbol or name stands for, or -1.
TypeId find_type(const Ruleset& rules, const std::string& text);

}  // namespace regula
