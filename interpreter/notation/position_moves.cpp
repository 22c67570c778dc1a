#include "notation/position_moves.h"

#include <sstream>
#include <vector>

#include "core/game_end.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"

namespace regula {

bool clears_word(const Ruleset& r, const std::string& move, const std::string& word) {
  return !move.empty() && move[0] != 'x' && word.size() > 1 && word[0] == 'x' &&
         r.topology.find(word.substr(1)) != kNoSite;
}

Expected<Position> read_position_with_moves(std::shared_ptr<const Ruleset> rules,
                                            const std::string& text) {
  // The words before "moves" are the position; those after it, the moves.
  std::istringstream words(text);
  std::string head, word;
  std::vector<std::string> moves;
  bool in_moves = false;
  while (words >> word) {
    if (!in_moves && word == "moves") {
      in_moves = true;
    } else if (in_moves) {
      moves.push_back(word);
    } else {
      head += (head.empty() ? "" : " ") + word;
    }
  }
  if (in_moves && moves.empty()) return Error{"position", "'moves' is followed by no move"};
  Expected<Position> start = head.empty() || head == "startpos"
                                 ? Expected<Position>(Position(rules))
                                 : read_position(rules, head);
  if (!start) return start;
  Position pos = std::move(*start);
  for (size_t i = 0, n = 1; i < moves.size(); ++i, ++n) {
    const std::string which = "move " + std::to_string(n) + " '" + moves[i] + "'";
    if (game_result(pos).over) return Error{"position", which + ": the game is already over"};
    auto parsed = parse_turn(pos, moves[i]);
    // A move that reads like another is written with the sites it clears, "d3xe3 xf3".
    if (!parsed && i + 1 < moves.size() && clears_word(*rules, moves[i], moves[i + 1])) {
      size_t j = i;
      std::string joined = moves[i];
      while (j + 1 < moves.size() && clears_word(*rules, joined, moves[j + 1]))
        joined += " " + moves[++j];
      if (auto again = parse_turn(pos, joined)) {
        parsed = std::move(again);
        i = j;
      }
    }
    if (!parsed) return Error{"position", which + ": " + parsed.error().what};
    if (!parsed->complete)
      return Error{"position", which + " names only the start of a turn: give the whole turn"};
    for (const Move& m : parsed->turn.steps) {
      Undo u;
      pos.make(m, u);
    }
  }
  return pos;
}

}  // namespace regula
