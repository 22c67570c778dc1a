// Move text from anywhere, parsed in a pool of positions of the fuzzed rulesets
// (start positions, mid-game positions, the middle of a turn): the first byte
// picks the position, the rest is the text, read as one decision (parse_move)
// and as a whole turn (parse_turn). Parsing leaves the position as it was; a
// parsed move is one of the legal moves, its own text parses back to it, and it
// is made and taken back cleanly; a parsed turn is made and taken back too.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/movegen.h"
#include "core/rule_error.h"
#include "core/turns.h"
#include "fuzz_support.h"
#include "notation/move_text.h"
#include "notation/turn_text.h"

using namespace regula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  Position pos = fuzz::pick_position(data[0]);
  const Position before = pos;
  const std::string text = fuzz::as_text(data + 1, size - 1);
  try {
    auto move = parse_move(pos, text);
    fuzz::check(pos == before, "parse_move changed the position");
    if (move) {
      MoveList legal;
      legal_moves(pos, legal);
      fuzz::check(
          std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return m.same(*move); }),
          "parse_move returned a move that is not legal: " + text);
      const std::string written = move_text(pos, *move);
      fuzz::note("move: " + written);
      auto again = parse_move(pos, written);
      fuzz::check(again && again->same_decision(*move),
                  "a parsed move's own text does not parse back to it: " + written);
      Undo u;
      pos.make(*move, u);
      pos.unmake(*move, u);
      fuzz::check(pos == before, "make/unmake of a parsed move did not restore the position");
    } else {
      fuzz::refused("move", move.error());
    }
    auto turn = parse_turn(pos, text);
    fuzz::check(pos == before, "parse_turn changed the position");
    if (!turn) fuzz::refused("turn", turn.error());
    if (turn) {
      fuzz::check(!turn->turn.steps.empty(), "parse_turn returned a turn of no decision");
      std::vector<Undo> undos;
      make_turn(pos, turn->turn, undos);
      unmake_turn(pos, turn->turn, undos);
      fuzz::check(pos == before, "make/unmake of a parsed turn did not restore the position");
    }
  } catch (const RuleError&) {
    // A limit of the engine reached in play: an error the caller reports.
  }
  return 0;
}
