#pragma once
// The filter hook judging a position's moves together. Hooks::filter judges
// one move, and the engine asks it about every move of a position in a row,
// with the position unchanged between them; a binding whose calls cost more
// than the judging (a script's: a protected call into Lua each) can take the
// whole list in one call by implementing FilterEach as well. Apart from Hooks
// because only such a binding needs it; filter_each() finds it.

#include "core/move.h"
#include "core/ruleset.h"

namespace regula {

class Position;

class FilterEach {
 public:
  virtual ~FilterEach() = default;
  // Removes from moves, every one generated in pos, those the filter forbids,
  // keeping the others in order.
  virtual void filter_each(const Position& pos, MoveList& moves) = 0;
};

// Removes from moves, every one generated in pos, those hooks.filter()
// forbids, keeping the others in order: in one call where the hooks take a
// list, else one call per move.
inline void filter_each(Hooks& hooks, const Position& pos, MoveList& moves) {
  if (auto* each = dynamic_cast<FilterEach*>(&hooks)) {
    each->filter_each(pos, moves);
    return;
  }
  int kept = 0;
  for (int i = 0; i < moves.size(); ++i)
    if (hooks.filter(pos, moves[i])) moves[kept++] = moves[i];
  moves.resize(kept);
}

}  // namespace regula
