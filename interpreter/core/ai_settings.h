#pragma once
// What the computer players take from a script (its `ai` table): the weights
// of the default evaluation and which search the levels use. It travels
// beside the rules (Ruleset::ai), as the presentation does: the script
// compiler fills it and the players of ai/ read it; move generation, make and
// end detection never do, so it sits in a header of its own that no core
// source includes.

#include <vector>

namespace regula {

struct AiSettings {
  enum class Algorithm : unsigned char { kByRules, kAlphaBeta, kMcts };
  Algorithm algorithm = Algorithm::kByRules;  // by the rules: alpha-beta for two seats, no dice
  int material = 100;  // percent of the pieces' values (on the board and in hand)
  int promotion = 20;  // percent of the promotion's gain earned by the whole way to it
  int mobility = 2;    // score units (a piece of value 1 is 100) per decision more than the enemy
  int cutoff = 0;      // MCTS: decisions a playout plays before it is scored (0: engine default)
  int contempt =
      -1;  // alpha-beta: score units a draw costs the side searching (-1: engine default)
  // Score units per step nearer, for each piece of a side ahead by two pieces of
  // value 1 or more, to each enemy piece whose capture by any piece wins the game.
  int hunt = 4;
  // The pieces' worth in the evaluation's material, in score units, by type
  // (ai.values, as `regula tune` writes it); -1, or an empty list, where the
  // piece's own value counts. Promotion gains still come from the pieces' values.
  std::vector<int> values;
  // Piece-square worths (ai.squares, as `regula tune --squares` writes them):
  // [type][site], in score units, added to the piece's worth where it stands.
  // The sites are as the first seat sees the board; every other seat reads the
  // table through its own view of the board (ai/seat_view.h). Empty, or an
  // empty row, where there is none.
  std::vector<std::vector<int>> squares;
};

}  // namespace regula
