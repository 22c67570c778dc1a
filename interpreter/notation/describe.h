#pragma once
// The rules of a piece in plain words, read off the compiled rules, for a GUI's
// rules panel and `regula info`: "exactly 3 orthogonal steps, may turn, no
// square twice, may not jump". Directions are named as the first seat sees
// them (forward is away from its side).

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ruleset.h"

namespace regula {

// One line per way the piece moves, then what it may not capture, how it
// promotes, and whether it is royal.
std::vector<std::string> describe_piece(const Ruleset& rules, TypeId type);

// The directions of a rule in words: "orthogonally", "diagonally forward", ...
std::string describe_dirs(const Ruleset& rules, const std::vector<DirId>& dirs);

// How a stage's placement reaches its site from where the moved piece landed
// (Stage::reach_rule), in the words of a piece's move: "slides any distance in
// any direction, not over pieces".
std::string describe_reach(const Ruleset& rules, const MoveRule& rule);

// A piece's moves in Betza's notation (formats/betza.h), as Fairy-Stockfish reads
// it: "fmWfceFifmnD" for a chess pawn. Castling, which Betza leaves to the
// game's rules, is set aside and reported; anything else Betza cannot say
// exactly (a walk, a capture by jumping, a once-per-game move, a move limited
// to a region other than the piece's start squares, absolute directions) leaves
// the piece without a form: nothing rather than something wrong.
struct BetzaDescription {
  std::string betza;
  bool castles = false;  // it also castles, which the Betza leaves out
};
std::optional<BetzaDescription> describe_betza(const Ruleset& rules, TypeId type);

// The whole rules in words, read off the compiled rules: what the GUI's rules
// panel shows, what `regula describe` prints (render_rules) and its --json
// form. Nothing in it is written by hand except the option descriptions and
// the sources, which the script gives.
struct PieceWords {
  std::string name;
  std::string symbol;  // the first seat's
  int value = 0;
  std::string betza;  // "" when Betza cannot say its moves
  bool castles = false;
  std::vector<std::string> lines;  // describe_piece
};

// What an option's other values would change, as lines of the description
// that would go and lines that would come.
struct OptionChange {
  std::string value;
  std::vector<std::string> removed;
  std::vector<std::string> added;
};

struct OptionWords {
  std::string name;
  std::string value;  // the chosen one
  std::vector<std::string> values;
  std::string description;
  std::vector<OptionChange> changes;  // one per other value that was given
};

struct RulesWords {
  std::string title;
  std::string name;
  std::string description;
  std::vector<std::string> sources;
  std::string rules_doc;           // the family's rules in words (rules_doc_path), or ""
  std::vector<std::string> board;  // board, seats, turn order
  std::vector<PieceWords> pieces;
  std::vector<std::string> start;  // each seat's pieces at the start
  std::vector<std::string> play;   // captures, phases, stages, dice, hands, hooks
  std::vector<std::string> ends;   // how the game ends
  std::vector<OptionWords> options;
};

// The same rules compiled with another value of one option, so that
// describe_rules can say what that value changes.
struct OptionVariant {
  std::string option;
  std::string value;
  std::shared_ptr<const Ruleset> rules;
};

// The family's page of rules in words, "docs/rules/FAMILY.md", for a script
// named FAMILY/NAME (a bundled script); "" for a script with no family.
std::string rules_doc_path(const Ruleset& rules);

RulesWords describe_rules(const Ruleset& rules, const std::vector<OptionVariant>& variants = {});

// The text `regula describe` prints.
std::string render_rules(const RulesWords& words);

}  // namespace regula
