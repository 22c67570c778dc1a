#include "core/game_end.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/attacks.h"
#include "core/counting.h"
#include "core/movegen.h"

namespace regula {

Result win_for(const Ruleset& r, SeatId winner, std::string reason) {
  Result res;
  res.over = true;
  res.seats = r.num_seats();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    res.outcome[s] = r.allies(s, winner) ? Outcome::kWin : Outcome::kLoss;
    res.rank[s] = r.allies(s, winner) ? 1 : 2;
  }
  res.reason = std::move(reason);
  return res;
}

void rank_seats(Result& res, const Position& pos) {
  if (!res.over) return;
  auto order = [](Outcome o) { return o == Outcome::kWin ? 2 : o == Outcome::kDraw ? 1 : 0; };
  auto left = [&](SeatId s) { return pos.left_at(s) ? pos.left_at(s) : 1 << 30; };
  for (SeatId a = 0; a < res.seats; ++a) {
    int better = 0;
    for (SeatId b = 0; b < res.seats; ++b) {
      int ob = order(res.outcome[b]), oa = order(res.outcome[a]);
      if (ob > oa || (ob == oa && oa == 0 && left(b) > left(a))) ++better;
    }
    res.rank[a] = static_cast<int8_t>(1 + better);
  }
}

namespace {

Result loss_for(const Ruleset& r, SeatId loser, std::string reason) {
  Result res;
  res.over = true;
  res.seats = r.num_seats();
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    res.outcome[s] = r.allies(s, loser) ? Outcome::kLoss : Outcome::kWin;
    res.rank[s] = r.allies(s, loser) ? 2 : 1;
  }
  res.reason = std::move(reason);
  return res;
}

std::string left_reason(const Ruleset& r, int reason) {
  if (reason == 1) return "no pieces left";
  if (reason >= 2 && reason - 2 < static_cast<int>(r.end.on_capture.size()))
    return r.end.on_capture[reason - 2].reason;
  if (reason == kLeftByLeave) return "withdrew (" + r.end.leave.text + ")";
  return "out of play";
}

// Seats out of play (out, frozen and not commanded, or with no pieces where
// extinction rules): a team with no seat left in play is out, and the game ends
// when at most one team remains, that team winning.
std::optional<Result> teams_left(const Position& pos) {
  const Ruleset& r = pos.rules();
  const EndRules& e = r.end;
  if (!e.extinction && !pos.any_inert()) return std::nullopt;
  std::array<bool, kMaxSeats> gone{};
  bool any = false, all_inert = true;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    // Playing on, a frozen seat is still in the game: its pieces can be taken.
    const bool left = e.last_team_wins ? pos.is_inert(s) : pos.is_out(s);
    gone[s] = left || (e.extinction && pos.pieces(s) == 0 && pos.hand_total(s) == 0);
    any |= gone[s];
    all_inert &= pos.is_inert(s);
  }
  if (!e.last_team_wins && all_inert) return Result::draw(r.num_seats(), "no seat can move");
  if (!any) return std::nullopt;
  int live_teams = 0;
  SeatId live = -1;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (gone[s]) continue;
    bool counted = false;
    for (SeatId o = 0; o < s; ++o) counted |= !gone[o] && r.allies(o, s);
    if (!counted) {
      ++live_teams;
      live = s;
    }
  }
  // The reason is why the seat that left last did so.
  SeatId last = -1;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (gone[s] && (last < 0 || pos.left_at(s) > pos.left_at(last) ||
                    (pos.left_at(s) == 0 && pos.left_at(last) != 0)))
      last = s;
  const std::string reason =
      pos.left_at(last) ? left_reason(r, pos.left_reason(last)) : "no pieces left";
  if (live_teams == 0) return Result::draw(r.num_seats(), reason);
  if (live_teams == 1) return win_for(r, live, reason);
  return std::nullopt;
}

// The decisions back to the earliest of the last n occurrences of pos's
// position, or 0 when it has not occurred n times.
int repetition_span(const Position& pos, int n) {
  const auto& h = pos.history();
  int span = std::min<int>(pos.global(kSinceReset), static_cast<int>(h.size()));
  int count = 1;
  for (int i = 1; i <= span; ++i)
    if (h[h.size() - i] == pos.hash() && ++count == n) return i;
  return 0;
}

// EndRules::perpetual_check_loses: the repetition of n occurrences, when one
// seat of two gave check with every one of its moves since the earliest of
// them, loses for it; when both did, it is drawn.
std::optional<Result> perpetual_check(const Position& pos, int n, const std::string& why) {
  const Ruleset& r = pos.rules();
  const int moves = repetition_span(pos, n) / 2;
  if (moves == 0) return std::nullopt;
  const SeatId us = pos.to_move(), them = static_cast<SeatId>(1 - us);
  const bool we_checked = pos.global(kChecksInARow + us) >= moves;
  const bool they_checked = pos.global(kChecksInARow + them) >= moves;
  if (we_checked && they_checked)
    return Result::draw(r.num_seats(), why + ", both sides checking throughout");
  if (we_checked || they_checked)
    return loss_for(r, we_checked ? us : them, why + " by perpetual check");
  return std::nullopt;
}

int repetitions(const Position& pos) {
  // Positions can only repeat since the last irreversible move (counted in
  // decisions, as the history is: a turn may hold several).
  const auto& h = pos.history();
  int span = std::min<int>(pos.global(kSinceReset), static_cast<int>(h.size()));
  int count = 1;
  for (int i = 1; i <= span; ++i)
    if (h[h.size() - i] == pos.hash()) ++count;
  return count;
}

}  // namespace

namespace {
std::optional<Result> decided_unranked(const Position& pos);
}

namespace {

// Each seat's points (EndRules::points_decide), in halves: the values of its
// pieces on the board, doubled, plus its bonus.
std::array<int, kMaxSeats> points_halves(const Position& pos) {
  const Ruleset& r = pos.rules();
  std::array<int, kMaxSeats> p = r.end.points_bonus_halves;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      p[s] += 2 * r.types[t].value * pos.count(make_piece(t, s));
  return p;
}

std::string halves_text(int h) {
  return std::to_string(h / 2) + (h % 2 ? ".5" : "");
}

}  // namespace

Result decide_on_points(const Position& pos, Result res) {
  const Ruleset& r = pos.rules();
  if (!res.over || !r.end.points_decide) return res;
  for (SeatId s = 0; s < res.seats; ++s)
    if (res.outcome[s] != Outcome::kDraw) return res;
  const auto p = points_halves(pos);
  SeatId best = 0;
  bool tie = false;
  for (SeatId s = 1; s < r.num_seats(); ++s) {
    if (p[s] > p[best])
      best = s, tie = false;
    else if (p[s] == p[best])
      tie = true;
  }
  std::string score;
  for (SeatId s = 0; s < r.num_seats(); ++s) score += (s ? " to " : "") + halves_text(p[s]);
  const std::string reason = res.reason + ", decided on points (" + score + ")";
  if (tie) return Result::draw(r.num_seats(), reason);
  return win_for(r, best, reason);
}

std::optional<Result> decided_result(const Position& pos) {
  auto res = decided_unranked(pos);
  if (!res) return res;
  *res = decide_on_points(pos, std::move(*res));
  rank_seats(*res, pos);
  return res;
}

namespace {

// A seat left with only its royal pieces (EndRules::bare_royal).
std::optional<Result> bare_royal_result(const Position& pos) {
  const Ruleset& r = pos.rules();
  const EndRules& e = r.end;
  if (e.bare_royal) {
    for (SeatId s = 0; s < r.num_seats(); ++s) {
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
  return std::nullopt;
}

// The draws the clocks give: passes in a row, the move rule, repetition, the
// material clock.
std::optional<Result> clock_result(const Position& pos) {
  const Ruleset& r = pos.rules();
  const EndRules& e = r.end;
  // A pass leaves the board as it was: royals that face now faced when it was
  // made, so it answered their offer by accepting it.
  if (e.facing_draws && pos.global(kPasses) > 0 && pos.between_turns() &&
      royal_faces_enemy(pos, pos.to_move(), r.facing_offer))
    return Result::draw(r.num_seats(), "the royals face each other and the offer was accepted");
  if (e.passes_draw > 0 && pos.global(kPasses) >= e.passes_draw)
    return Result::draw(r.num_seats(), std::to_string(e.passes_draw) + " passes in a row");
  if (e.move_rule > 0 && pos.global(kHalfmove) >= e.move_rule) {
    // With mate_first the draw waits while the side to move is in check, so that
    // a checkmate given on the last allowed move is found as one.
    if (!(e.move_rule_mate_first && e.check && in_check(pos, pos.to_move()))) {
      return Result::draw(r.num_seats(),
                          r.num_seats() == 2 && e.move_rule % 2 == 0
                              ? std::to_string(e.move_rule / 2) + "-move rule"
                              : std::to_string(e.move_rule) + " turns without a capture");
    }
  }
  // Positions repeat between turns: one in the middle of a turn (a removal
  // pending, dice left) is part of the move that leads to the next.
  if (e.repetition > 0 && pos.global(kHalfmove) >= 4 && pos.between_turns() &&
      repetitions(pos) >= e.repetition) {
    const std::string why = std::to_string(e.repetition) + "-fold repetition";
    if (e.perpetual_check_loses)
      if (auto res = perpetual_check(pos, e.repetition, why)) return res;
    if (e.repetition_loser >= 0) return loss_for(r, e.repetition_loser, why);
    return Result::draw(r.num_seats(), why);
  }
  if (pos.global(kCountLimit))
    if (auto res = counting_result(pos)) return res;
  if (e.material_max > 0 && e.material_plies > 0 && pos.global(kMaterialPlies) > e.material_plies)
    return Result::draw(r.num_seats(), "at most " + std::to_string(e.material_max) +
                                           " pieces of equal value each and no win in " +
                                           std::to_string(e.material_plies) + " moves");
  return std::nullopt;
}

std::optional<Result> decided_unranked(const Position& pos) {
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
      case CaptureEnd::Effect::kFreeze:
      case CaptureEnd::Effect::kOut:
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
  if (!e.on_condition.empty() && pos.between_turns()) {
    const SeatId me = pos.to_move();
    for (const ConditionEnd& c : e.on_condition) {
      if (!condition_end_holds(c, pos, me)) continue;
      // One that waits: the seat has not yet made its number of moves under it.
      if (c.moves > 0 && pos.global(kConditionMoves + c.slot * kMaxSeats + me) < c.moves) continue;
      switch (c.result) {
        case NoMoveEffect::kWin:
          return win_for(r, me, c.reason);
        case NoMoveEffect::kLoss:
          return loss_for(r, me, c.reason);
        default:
          return Result::draw(r.num_seats(), c.reason);
      }
    }
  }
  // After the conditions, which say why the game ended when the same move also
  // leaves a team with no seat in play.
  if (auto res = teams_left(pos)) return res;
  if (e.encircled >= 0 && encircled(pos, e.encircled))
    return loss_for(r, e.encircled, "encircled: no piece can reach the edge");
  if (e.edge_fort >= 0)
    if (const SeatId s = edge_fort(pos, e.edge_fort); s >= 0)
      return win_for(r, s, "an edge fort that cannot be broken");
  if (auto res = bare_royal_result(pos)) return res;
  return clock_result(pos);
}

}  // namespace

namespace {

// What a seat gets at the end from the pot and from the payments due at the end
// (Ruleset::money): the winners share the pot (in a draw, every seat), the
// remainder going one each to the first in seat order; each loser pays each
// winner that commands an ally's army still in the game.
int money_settled(const Position& pos, const Result& result, SeatId seat) {
  const Ruleset& r = pos.rules();
  const int n = r.num_seats();
  std::vector<SeatId> sharers, winners, losers;
  for (SeatId s = 0; s < n; ++s) {
    if (result.outcome[s] == Outcome::kWin) winners.push_back(s);
    if (result.outcome[s] == Outcome::kLoss) losers.push_back(s);
    if (result.outcome[s] != Outcome::kLoss) sharers.push_back(s);
  }
  int v = 0;
  const int pot = pos.global(kPot);
  if (!sharers.empty()) {
    const auto at = std::find(sharers.begin(), sharers.end(), seat);
    if (at != sharers.end()) {
      const int i = static_cast<int>(at - sharers.begin());
      const int k = static_cast<int>(sharers.size());
      v += pot / k + (i < pot % k ? 1 : 0);
    }
  }
  // A commander out of play (its royal taken) commands no longer.
  auto commands_ally = [&](SeatId s) {
    if (pos.seat_state(s) != SeatState::kActive) return false;
    for (SeatId a = 0; a < n; ++a)
      if (a != s && r.allies(a, s) && pos.controller(a) == s && !pos.is_out(a)) return true;
    return false;
  };
  for (const Payment& p : r.money.payments) {
    if (p.on != Payment::On::kWinCommanding) continue;
    int payees = 0;
    for (SeatId w : winners) payees += commands_ally(w);
    if (std::find(losers.begin(), losers.end(), seat) != losers.end()) v -= p.amount * payees;
    if (std::find(winners.begin(), winners.end(), seat) != winners.end() && commands_ally(seat))
      v += p.amount * static_cast<int>(losers.size());
  }
  return v;
}

}  // namespace

int settled_counter(const Position& pos, const Result& result, SeatId seat, int k) {
  const Ruleset& r = pos.rules();
  int v = pos.counter(seat, k);
  if (k == kStakes && result.over && r.money.enabled()) v += money_settled(pos, result, seat);
  if (k != kStakes || !result.over || r.stakes_win == 0) return v;
  int others = 0;
  const Outcome want = result.outcome[seat] == Outcome::kWin ? Outcome::kLoss : Outcome::kWin;
  if (result.outcome[seat] != Outcome::kWin) return v;
  for (SeatId s = 0; s < r.num_seats(); ++s) others += result.outcome[s] == want;
  return v + others * r.stakes_win;
}

namespace {
Result no_move_result(Position& pos);
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
  legal_moves_undecided(pos, moves);
  if (!moves.empty() || pos.awaiting_roll()) return Result{};
  Result res = decide_on_points(pos, no_move_result(pos));
  rank_seats(res, pos);
  return res;
}

namespace {

Result no_move_result(Position& pos) {
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

}  // namespace

}  // namespace regula
