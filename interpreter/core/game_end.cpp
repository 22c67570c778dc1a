#include "core/game_end.h"

#include "core/movegen.h"

namespace regula {

Result win_for(const Ruleset& r, SeatId winner, std::string reason) {
  Result res;
  res.over = true;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    res.outcome[s] = r.allies(s, winner) ? Outcome::kWin : Outcome::kLoss;
  res.reason = std::move(reason);
  return res;
}

namespace {

Result loss_for(const Ruleset& r, SeatId loser, std::string reason) {
  Result res;
  res.over = true;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    res.outcome[s] = r.allies(s, loser) ? Outcome::kLoss : Outcome::kWin;
  res.reason = std::move(reason);
  return res;
}

int repetitions(const Position& pos) {
  // Positions can only repeat since the last irreversible move.
  const auto& h = pos.history();
  int span = std::min<int>(pos.global(kHalfmove), static_cast<int>(h.size()));
  int count = 1;
  for (int i = 1; i <= span; ++i)
    if (h[h.size() - i] == pos.hash()) ++count;
  return count;
}

}  // namespace

std::optional<Result> decided_result(const Position& pos) {
  const Ruleset& r = pos.rules();
  const EndRules& e = r.end;
  if (pos.end_rule() >= 0) {
    const CaptureEnd& ce = e.on_capture[pos.end_rule()];
    switch (ce.effect) {
      case CaptureEnd::Effect::kWin:
        return win_for(r, pos.end_seat(), ce.reason);
      case CaptureEnd::Effect::kLoss:
        return loss_for(r, pos.end_seat(), ce.reason);
      case CaptureEnd::Effect::kDraw:
        return Result::draw(r.num_seats(), ce.reason);
      case CaptureEnd::Effect::kContinue:
        break;
    }
  }
  if (r.hooks && r.hooks->has_end()) {
    if (auto res = r.hooks->end(pos)) return res;
  }
  if (e.capture_target > 0)
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (pos.counter(s, kCaptured) >= e.capture_target)
        return win_for(r, s, "captured " + std::to_string(e.capture_target) + " pieces");
  if (e.extinction || e.bare_royal) {
    for (SeatId s = 0; s < r.num_seats(); ++s) {
      if (e.extinction && pos.pieces(s) == 0) return loss_for(r, s, "no pieces left");
      if (e.bare_royal && !r.royals[s].empty()) {
        int royals = 0;
        for (TypeId t : r.royals[s]) royals += pos.count(make_piece(t, s));
        // A royal left alone loses (or draws); when both sides are bare at once,
        // nobody is left to win: a draw.
        if (pos.pieces(s) == royals && royals > 0) {
          for (SeatId o = 0; o < r.num_seats(); ++o) {
            if (r.allies(o, s)) continue;
            int ro = 0;
            for (TypeId t : r.royals[o]) ro += pos.count(make_piece(t, o));
            if (pos.pieces(o) == ro) return Result::draw(r.num_seats(), "both kings bare");
          }
          // With bare_back the seat just bared has its move to bare the other side.
          if (e.bare_back && s == pos.to_move()) continue;
          if (e.bare_royal_draws) return Result::draw(r.num_seats(), "bare king");
          return loss_for(r, s, "bare king");
        }
      }
    }
  }
  if (e.passes_draw > 0 && pos.global(kPasses) >= e.passes_draw)
    return Result::draw(r.num_seats(), std::to_string(e.passes_draw) + " passes in a row");
  if (e.move_rule > 0 && pos.global(kHalfmove) >= e.move_rule) {
    // With mate_first the draw waits while the side to move is in check, so that
    // a checkmate given on the last allowed move is found as one.
    if (!(e.move_rule_mate_first && e.check && in_check(pos, pos.to_move()))) {
      return Result::draw(r.num_seats(), std::to_string(e.move_rule / 2) + "-move rule");
    }
  }
  if (e.repetition > 0 && pos.global(kHalfmove) >= 4 && repetitions(pos) >= e.repetition)
    return Result::draw(r.num_seats(), std::to_string(e.repetition) + "-fold repetition");
  if (e.material_max > 0 && e.material_plies > 0 && pos.global(kMaterialPlies) > e.material_plies)
    return Result::draw(r.num_seats(), "at most " + std::to_string(e.material_max) +
                                           " pieces of equal value each and no win in " +
                                           std::to_string(e.material_plies) + " moves");
  return std::nullopt;
}

int settled_counter(const Position& pos, const Result& result, SeatId seat, int k) {
  const Ruleset& r = pos.rules();
  int v = pos.counter(seat, k);
  if (k != kStakes || !result.over || r.stakes_win == 0) return v;
  int others = 0;
  const Outcome want = result.outcome[seat] == Outcome::kWin ? Outcome::kLoss : Outcome::kWin;
  if (result.outcome[seat] != Outcome::kWin) return v;
  for (SeatId s = 0; s < r.num_seats(); ++s) others += result.outcome[s] == want;
  return v + others * r.stakes_win;
}

Result game_result(Position& pos) {
  MoveList moves;
  return game_result(pos, moves);
}

Result game_result(Position& pos, MoveList& moves) {
  if (auto res = decided_result(pos)) {
    moves.clear();
    return *res;
  }
  legal_moves(pos, moves);
  if (!moves.empty() || pos.awaiting_roll()) return Result{};
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  bool checked = r.end.check && in_check(pos, me);
  NoMoveEffect effect =
      r.end.check ? (checked ? r.end.checkmate : r.end.stalemate) : r.end.no_moves;
  std::string reason = r.end.check ? (checked ? "checkmate" : "stalemate") : "no legal move";
  switch (effect) {
    case NoMoveEffect::kLoss:
      return loss_for(r, me, reason);
    case NoMoveEffect::kWin:
      return win_for(r, me, reason);
    case NoMoveEffect::kDraw:
    case NoMoveEffect::kPass:
      return Result::draw(r.num_seats(), reason);
  }
  return Result{};
}

}  // namespace regula
