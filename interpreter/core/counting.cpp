#include "core/counting.h"

#include <string>

#include "core/attacks.h"
#include "core/movegen.h"

namespace regula {

bool counting_pawns_gone(const Position& pos) {
  const Ruleset& r = pos.rules();
  for (uint32_t bits = r.end.counting.pawns; bits; bits &= bits - 1) {
    const TypeId t = static_cast<TypeId>(__builtin_ctz(bits));
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (pos.count(make_piece(t, s))) return false;
  }
  return true;
}

int counting_limit(const Position& pos, SeatId side) {
  const CountingRule& c = pos.rules().end.counting;
  const SeatId other = static_cast<SeatId>(1 - side);
  if (pos.pieces(other) <= 1 || !counting_pawns_gone(pos)) return 0;
  if (pos.pieces(side) > 1) return c.board_moves;
  for (const CountingRule::BareLimit& b : c.bare) {
    bool holds = true;
    for (const auto& [type, n] : b.against) holds &= pos.count(make_piece(type, other)) >= n;
    if (holds) return b.moves;
  }
  return 0;
}

std::optional<Result> counting_result(const Position& pos) {
  const int limit = pos.global(kCountLimit);
  if (!limit || pos.global(kCountPly) <= limit || !pos.between_turns()) return std::nullopt;
  const Ruleset& r = pos.rules();
  // A checkmate given as the count runs out still wins; the copy keeps pos
  // const, and this is reached once per game.
  if (r.end.check && in_check(pos, pos.to_move())) {
    Position copy = pos;
    MoveList moves;
    legal_moves_undecided(copy, moves);
    if (moves.empty()) return std::nullopt;
  }
  return Result::draw(r.num_seats(),
                      "the count reached its limit of " + std::to_string(limit / 2) + " moves");
}

}  // namespace regula
