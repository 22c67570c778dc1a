// The compiler's part for how a game ends and what it pays: no moves
// (checkmate, stalemate), bare kings, counted draws (move rule, repetition,
// passes, material), end conditions, captures that end or change the game, and
// the stakes and money ledgers. Its own file because these rules are read by
// game_end and the effects, not by move generation.

#include <algorithm>
#include <string>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

NoMoveEffect Compiler::no_move_effect(const Value& v, const std::string& what) {
  std::string s = string(v, what);
  if (s == "loss") return NoMoveEffect::kLoss;
  if (s == "draw") return NoMoveEffect::kDraw;
  if (s == "win") return NoMoveEffect::kWin;
  if (s == "pass") return NoMoveEffect::kPass;
  fail(where_of(v), what + " must be \"loss\", \"draw\", \"win\" or \"pass\", not '" + s + "'");
}

// ends = { checkmate = ..., stalemate = ..., move_rule = ..., conditions = ..., ... }
void Compiler::ends() {
  const Value* e = game_.get("ends");
  if (!e) return;
  const std::string w = where_of(*e);
  static const std::vector<std::string> kAllowed = {
      "check",      "checkmate",      "stalemate",  "no_moves",   "captures",
      "extinction", "bare_king",      "move_rule",  "repetition", "passes",
      "material",   "capture_target", "conditions", "last_team",  "leave",
      "facing",     "points",         "encircled",  "edge_fort",  "counting"};
  for (auto& [k, _] : e->fields)
    if (std::find(kAllowed.begin(), kAllowed.end(), k) == kAllowed.end())
      fail(w, "unknown field '" + k + "' in ends (allowed: " + join(kAllowed) + ")");
  EndRules& end = r_->end;
  end.check = bool_or(*e, "check", false);
  if (auto* v = e->get("checkmate")) end.checkmate = no_move_effect(*v, "checkmate");
  if (auto* v = e->get("stalemate")) end.stalemate = no_move_effect(*v, "stalemate");
  if (auto* v = e->get("no_moves")) end.no_moves = no_move_effect(*v, "no_moves");
  end.extinction = bool_or(*e, "extinction", false);
  if (auto* lt = e->get("last_team")) {
    const std::string s = string(*lt, "last_team");
    if (s != "wins" && s != "plays-on")
      fail(w, "last_team must be \"wins\" or \"plays-on\", not '" + s + "'");
    end.last_team_wins = s == "wins";
  }
  if (auto* lv = e->get("leave")) {
    end.leave = condition(string(*lv, "leave"), w);
    if (end.leave.terms.empty()) fail(w, "ends.leave is an empty condition");
  }
  end_bare_king(*e, end, w);
  end_counts(*e, end, w);
  end_facing_and_points(*e, end, w);
  if (auto* cs = e->get("conditions")) end_conditions(*cs, end, w);
  if (auto* cs = e->get("captures")) end_captures(*cs, end, w);
  if (auto* c = e->get("counting")) end_counting(*c, end, w);
  if (auto* en = e->get("encircled")) {
    end.encircled = seat_named(string(*en, "ends.encircled"), w);
    if (!r_->topology.is_grid())
      fail(w, "ends.encircled needs a grid board (the edge is read from its squares)");
  }
  if (auto* f = e->get("edge_fort")) {
    end.edge_fort = type_named(string(*f, "ends.edge_fort"), w);
    if (!r_->topology.is_grid())
      fail(w, "ends.edge_fort needs a grid board (the edge is read from its squares)");
  }
}

// bare_king = true or { result = "loss" | "draw", bare_back = true }
void Compiler::end_bare_king(const Value& e, EndRules& end, const std::string& w) {
  if (const Value* b = e.get("bare_king"); b && b->is_table()) {
    for (auto& [k, _] : b->fields)
      if (k != "result" && k != "bare_back")
        fail(w, "unknown field '" + k + "' in bare_king (allowed: result, bare_back)");
    end.bare_royal = true;
    std::string res = str_or(*b, "result", "loss");
    if (res != "loss" && res != "draw")
      fail(w, "bare_king.result must be \"loss\" or \"draw\", not '" + res + "'");
    end.bare_royal_draws = res == "draw";
    end.bare_back = bool_or(*b, "bare_back", false);
    if (end.bare_back && r_->num_seats() != 2)
      fail(w, "bare_king.bare_back needs a game of two seats");
  } else {
    end.bare_royal = bool_or(e, "bare_king", false);
  }
}

// The ends that count: move_rule, repetition, passes, capture_target, material.
void Compiler::end_counts(const Value& e, EndRules& end, const std::string& w) {
  if (const Value* m = e.get("move_rule"); m && m->is_table()) {
    for (auto& [k, _] : m->fields)
      if (k != "plies" && k != "mate_first")
        fail(w, "unknown field '" + k + "' in move_rule (allowed: plies, mate_first)");
    if (!m->get("plies")) fail(w, "move_rule = { plies = N, mate_first = true }");
    end.move_rule = int_or(*m, "plies", 0, 0, kMaxCount);
    end.move_rule_mate_first = bool_or(*m, "mate_first", false);
  } else {
    end.move_rule = int_or(e, "move_rule", 0, 0, kMaxCount);
  }

  end_repetition(e, end, w);
  end.passes_draw = int_or(e, "passes", 0, 0, kMaxCount);
  end.capture_target = int_or(e, "capture_target", 0, 0, kMaxCount);
  if (auto* m = e.get("material")) {
    end.material_max = int_or(*m, "pieces", 0, 0, kMaxCount);
    end.material_plies = int_or(*m, "plies", 0, 0, kMaxCount);
  }
}

// repetition = N or { count = N, loser = "seat", perpetual_check = "loses" }.
void Compiler::end_repetition(const Value& e, EndRules& end, const std::string& w) {
  if (const Value* rp = e.get("repetition"); rp && rp->is_table()) {
    for (auto& [k, _] : rp->fields)
      if (k != "count" && k != "loser" && k != "perpetual_check")
        fail(w, "unknown field '" + k + "' in repetition (allowed: count, loser, perpetual_check)");
    if (!rp->get("count") || (!rp->get("loser") && !rp->get("perpetual_check")))
      fail(w,
           "repetition = { count = N, loser = \"seat\", perpetual_check = \"loses\" } (or a "
           "number: a draw)");
    end.repetition = int_or(*rp, "count", 0, 2, kMaxCount);
    if (auto* l = rp->get("loser"))
      end.repetition_loser = seat_named(string(*l, "repetition.loser"), w);
    if (auto* pc = rp->get("perpetual_check")) {
      const std::string v = string(*pc, "repetition.perpetual_check");
      if (v != "loses")
        fail(w,
             "repetition.perpetual_check must be \"loses\" (the side that gave check with "
             "every move of the cycle loses), not '" +
                 v + "'");
      if (r_->num_seats() != 2) fail(w, "repetition.perpetual_check needs a game of two seats");
      if (!end.check) fail(w, "repetition.perpetual_check needs check = true");
      end.perpetual_check_loses = true;
    }
  } else {
    end.repetition = int_or(e, "repetition", 0, 0, kMaxCount);
  }
}

// facing = "orthogonal": royals facing on an open line make an offer, which a
// pass accepts for a draw; points = true or { bonus = { seat = n } }: draws are
// decided on the values of the pieces left.
void Compiler::end_facing_and_points(const Value& e, EndRules& end, const std::string& w) {
  if (const Value* f = e.get("facing")) {
    const auto fd = dirs(*f, w);
    for (SeatId s = 1; s < r_->num_seats(); ++s)
      if (fd[s] != fd[0])
        fail(w,
             "ends.facing takes directions that are the same for every seat "
             "(orthogonal, diagonal, all, or compass names)");
    if (fd[0].empty()) fail(w, "ends.facing names no direction");
    if (!bool_or(game_, "pass", false))
      fail(w, "ends.facing needs pass = true: the offer is accepted by passing");
    r_->facing_offer = fd[0];
    end.facing_draws = true;
  }
  const Value* p = e.get("points");
  if (!p) return;
  if (!p->is_table()) {
    end.points_decide = boolean(*p, "ends.points");
    return;
  }
  for (auto& [k, _] : p->fields)
    if (k != "bonus") fail(w, "unknown field '" + k + "' in ends.points (allowed: bonus)");
  end.points_decide = true;
  const Value* b = p->get("bonus");
  if (!b) return;
  if (!b->is_table())
    fail(w, "ends.points.bonus is a table of seat = points, e.g. { black = 1.5 }");
  for (auto& [seat, v] : b->fields) {
    const SeatId s = seat_named(seat, w);
    const double halves = v.is_number() ? v.number * 2 : -1;
    if (!v.is_number() || halves != static_cast<double>(static_cast<long>(halves)) || halves < 0 ||
        halves > 2.0 * kMaxPieceValue)
      fail(w, "ends.points.bonus." + seat + " must be a whole or half number of points from 0 to " +
                  std::to_string(kMaxPieceValue) + ", e.g. 1.5");
    end.points_bonus_halves[s] = static_cast<int>(halves);
  }
}

// conditions = { { when = "...", result = ..., reason = ..., moves = N,
//                  lasts_while = "..." }, ... }
void Compiler::end_conditions(const Value& cs, EndRules& end, const std::string& w) {
  for (auto& c : list(cs, "conditions")) {
    for (auto& [k, _] : c.fields)
      if (k != "when" && k != "result" && k != "reason" && k != "moves" && k != "lasts_while")
        fail(w, "unknown field '" + k +
                    "' in an end condition (allowed: when, result, reason, moves, lasts_while)");
    ConditionEnd ce;
    const std::string when = str_or(c, "when", "");
    if (when.empty()) fail(w, "an end condition needs when = \"...\"");
    ce.when = condition(when, w);
    const std::string res = str_or(c, "result", "draw");
    if (res == "win")
      ce.result = NoMoveEffect::kWin;
    else if (res == "loss")
      ce.result = NoMoveEffect::kLoss;
    else if (res == "draw")
      ce.result = NoMoveEffect::kDraw;
    else
      fail(w, "an end condition's result must be win, loss or draw, not '" + res + "'");
    ce.reason = str_or(c, "reason", when);
    ce.moves = int_or(c, "moves", 0, 0, kMaxCount);
    if (ce.moves > 0) {
      int counted = 0;
      for (const ConditionEnd& o : end.on_condition) counted += o.moves > 0;
      if (counted >= kMaxCountedConditions)
        fail(w, "at most " + std::to_string(kMaxCountedConditions) +
                    " end conditions may wait for a number of moves (kMaxCountedConditions)");
      ce.slot = counted;
      end.counted_conditions = true;
    }
    const std::string lasts = str_or(c, "lasts_while", "");
    if (!lasts.empty()) {
      if (ce.moves == 0)
        fail(w, "an end condition's lasts_while needs moves = N: it keeps a count going");
      ce.lasts = condition(lasts, w);
    }
    end.on_condition.push_back(ce);
  }
}

// One limit of ends.counting.bare: { against = { piece = n, ... }, moves = N }.
CountingRule::BareLimit Compiler::counting_bare_limit(const Value& entry, const std::string& w) {
  if (!entry.is_table()) fail(w, "ends.counting.bare: each limit is { against = ..., moves = N }");
  for (auto& [k, _] : entry.fields)
    if (k != "against" && k != "moves")
      fail(w,
           "unknown field '" + k + "' in a limit of ends.counting.bare (allowed: against, moves)");
  if (!entry.get("moves")) fail(w, "a limit of ends.counting.bare needs moves = N");
  CountingRule::BareLimit limit;
  // The count runs in plies, twice the moves, and position strings carry it.
  limit.moves = int_or(entry, "moves", 0, 1, kMaxCount / 2);
  if (auto* a = entry.get("against")) {
    if (!a->is_table() || !a->items.empty())
      fail(w, "ends.counting.bare: against is a table of piece = least number, e.g. { rook = 2 }");
    for (auto& [name, n] : a->fields)
      limit.against.emplace_back(type_named(name, w),
                                 integer(n, "ends.counting.bare against." + name, 1, kMaxCount));
  }
  return limit;
}

// counting = { pawns = "...", board = N, bare = { { against = { piece = n }, moves = N }, ... },
//              bare_start = "zero" | "pieces" }: the counting rules of Thai and Burmese chess.
void Compiler::end_counting(const Value& c, EndRules& end, const std::string& w) {
  const std::string form =
      "counting = { pawns = \"piece ...\", board = N, bare = { { against = { piece = n }, "
      "moves = N }, ... }, bare_start = \"zero\" | \"pieces\" }";
  if (!c.is_table() || !c.items.empty()) fail(w, "ends." + form);
  for (auto& [k, _] : c.fields)
    if (k != "pawns" && k != "board" && k != "bare" && k != "bare_start")
      fail(w,
           "unknown field '" + k + "' in ends.counting (allowed: pawns, board, bare, bare_start)");
  if (r_->num_seats() != 2) fail(w, "ends.counting needs a game of two seats");
  CountingRule& rule = end.counting;
  // The count runs in plies, twice the moves, and position strings carry it.
  const int most = kMaxCount / 2;
  if (auto* p = c.get("pawns"))
    for (const std::string& name : strings(*p, "ends.counting.pawns"))
      rule.pawns |= 1u << type_named(name, w);
  rule.board_moves = int_or(c, "board", 0, 1, most);
  if (auto* b = c.get("bare")) {
    if (!b->is_table() || !b->fields.empty() || b->items.empty())
      fail(w,
           "ends.counting.bare is a list of { against = { piece = n }, moves = N }, the first "
           "that holds applies");
    for (const Value& entry : b->items) rule.bare.push_back(counting_bare_limit(entry, w));
  }
  if (!rule.on()) fail(w, "ends.counting needs board = N or bare = { ... }: a count with no limit");
  const std::string start = str_or(c, "bare_start", "zero");
  if (start != "zero" && start != "pieces")
    fail(w, "ends.counting.bare_start must be \"zero\" or \"pieces\", not '" + start + "'");
  rule.bare_from_pieces = start == "pieces";
}

// captures = { { captured = "piece", by = "piece", result = ..., reason = ... }, ... }:
// what capturing a piece does to the game.
void Compiler::end_captures(const Value& cs, EndRules& end, const std::string& w) {
  for (auto& c : list(cs, "captures")) {
    CaptureEnd ce;
    ce.captured = type_named(str_or(c, "captured", ""), w);
    if (auto* by = c.get("by")) ce.by = type_named(string(*by, "by"), w);
    std::string res = str_or(c, "result", "win");
    if (res == "win")
      ce.effect = CaptureEnd::Effect::kWin;
    else if (res == "draw")
      ce.effect = CaptureEnd::Effect::kDraw;
    else if (res == "loss")
      ce.effect = CaptureEnd::Effect::kLoss;
    else if (res == "continue")
      ce.effect = CaptureEnd::Effect::kContinue;
    else if (res == "freeze")
      ce.effect = CaptureEnd::Effect::kFreeze;
    else if (res == "out")
      ce.effect = CaptureEnd::Effect::kOut;
    else
      fail(w, "result must be win, draw, loss, continue, freeze or out, not '" + res + "'");
    ce.reason = str_or(c, "reason", r_->types[ce.captured].name + " captured");
    end.on_capture.push_back(ce);
  }
}

// ---- ledgers ---------------------------------------------------------------
// stakes = true | { win = N } and money = { ... }: the game's ledger, if any.
void Compiler::ledgers() {
  if (const Value* s = game_.get("stakes"); s && s->is_table()) {
    r_->stakes = true;
    r_->stakes_win = int_or(*s, "win", 0, -kMaxCount, kMaxCount);
    for (auto& [k, _] : s->fields)
      if (k != "win") fail(game_.where, "unknown field '" + k + "' in stakes (allowed: win)");
  } else {
    r_->stakes = bool_or(game_, "stakes", false);
  }
  if (auto* mo = game_.get("money")) {
    if (r_->stakes || r_->stakes_win)
      fail(game_.where, "money and stakes = ... are two ledgers: a game keeps one");
    money(*mo);
  }
}

// money = { ante = 5, payments = { { on = "capture", piece = "rajah", amount = 5 }, ... } }
void Compiler::money(const Value& v) {
  const std::string w = where_of(v);
  if (!v.is_table()) fail(w, "money = { ante = N, payments = { ... } }");
  for (auto& [k, _] : v.fields)
    if (k != "ante" && k != "payments")
      fail(w, "unknown field '" + k + "' in money (allowed: ante, payments)");
  Money& m = r_->money;
  m.ante = int_or(v, "ante", 0, 0, kMaxCount / kMaxSeats);
  if (auto* ps = v.get("payments")) {
    if (list(*ps, "payments").size() > kMaxPayments)
      fail(w, "at most " + std::to_string(kMaxPayments) + " payments (kMaxPayments)");
    for (auto& p : list(*ps, "payments")) {
      for (auto& [k, _] : p.fields)
        if (k != "on" && k != "piece" && k != "amount")
          fail(w, "unknown field '" + k + "' in a payment (allowed: on, piece, amount)");
      Payment pay;
      const std::string on = str_or(p, "on", "");
      if (on == "capture")
        pay.on = Payment::On::kCapture;
      else if (on == "occupy")
        pay.on = Payment::On::kOccupy;
      else if (on == "win-commanding")
        pay.on = Payment::On::kWinCommanding;
      else
        fail(w, "a payment needs on = \"capture\", \"occupy\" or \"win-commanding\"");
      if (pay.on != Payment::On::kWinCommanding) {
        if (!p.get("piece")) fail(w, "a payment on " + on + " needs piece = \"...\"");
        pay.piece = type_named(str_or(p, "piece", ""), w);
      } else if (p.get("piece")) {
        fail(w, "a payment on win-commanding names no piece");
      }
      if (!p.get("amount")) fail(w, "a payment needs amount = N");
      pay.amount = int_or(p, "amount", 0, 1, kMaxCount / kMaxSeats);
      m.payments.push_back(pay);
    }
  }
}

}  // namespace regula::script
