#include "core/perft.h"

#include "core/movegen.h"

namespace regula {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  legal_moves(pos, moves);
  const bool chance = !moves.empty() && moves[0].kind == MoveKind::kChance;
  if (depth == 1 && !chance) return static_cast<uint64_t>(moves.size());
  uint64_t total = 0;
  Undo u;
  for (const Move& m : moves) {
    pos.make(m, u);
    total += perft(pos, chance ? depth : depth - 1);
    pos.unmake(m, u);
  }
  return total;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth <= 0) return out;
  MoveList moves;
  legal_moves(pos, moves);
  Undo u;
  for (const Move& m : moves) {
    const bool chance = m.kind == MoveKind::kChance;
    pos.make(m, u);
    out.emplace_back(m, perft(pos, chance ? depth : depth - 1));
    pos.unmake(m, u);
  }
  return out;
}

}  // namespace regula
