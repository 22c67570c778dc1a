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
    } else if (in_moves && !moves.empty() && clears_word(*rules, moves.back(), word)) {
      moves.back() += " " + word;
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
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string which = "move " + std::to_string(i + 1) + " '" + moves[i] + "'";
    if (game_result(pos).over) return Error{"position", which + ": the game is already over"};
    auto parsed = parse_turn(pos, moves[i]);
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
