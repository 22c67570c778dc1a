// The compiler's part for the pieces: their names, symbols and letters, what
// each is (royal, its value, what it may capture, squares and rolls), its move
// rules (compiled in compiler_moves.cpp) and its promotions. Its own file
// because a piece gathers fields of several concepts, and this is where they
// are read in the order a piece's errors are reported.

#include <cctype>
#include <string>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

// pieces = { piece { name = ..., symbol = ..., moves = { ... }, ... }, ... }
void Compiler::pieces() {
  const Value* ps = game_.get("pieces");
  if (!ps) fail(game_.where, "the game has no pieces");
  auto items = list(*ps, "pieces");
  if (items.empty()) fail(where_of(*ps), "the game has no pieces");
  if (items.size() > static_cast<size_t>(kMaxTypes))
    fail(where_of(*ps), "at most " + std::to_string(kMaxTypes) + " piece types");
  // Names first, so that promotions and capture lists may name any piece.
  for (auto& p : items) r_->types.push_back(piece_name(p));
  for (size_t i = 0; i < items.size(); ++i) hands().piece_fields(items[i], r_->types[i]);
  for (size_t i = 0; i < items.size(); ++i) {
    const Value& p = items[i];
    WhereScope scope(ctx_, p.where);
    PieceType& t = r_->types[i];
    piece_traits(p, t);
    if (str_or(p, "san", "letter") == "no-letter") view_->san_no_letter[i] = true;
    piece_rules(p, i);
    piece_captures(p, t);
    piece_promotions(p, t);
    if (auto* tc = p.get("takes_command")) {
      const std::string v = string(*tc, "takes_command");
      if (v != "ally-start") fail(p.where, "takes_command must be \"ally-start\", not '" + v + "'");
      t.takes_command = true;
    }
    if (auto* sq = p.get("square")) piece_square(p, *sq, t);
    piece_enclosure(p, t);
    if (auto* rl = p.get("roll")) {
      t.roll_mask = 0;
      for (auto& x : list(*rl, "roll")) {
        int v = integer(x, "roll", 1, Dice::kMaxFace, "roll values are die faces");
        t.roll_mask |= 1u << v;
      }
    }
    if (auto* d = p.get("drop")) drop_rule(p, *d, i);
  }
  for (auto& pp : pending_partners_)
    r_->rules[pp.rule].castle_partner = type_named(pp.name, pp.where);
}

// A piece's name, symbol (one per seat), letter and glyphs: all that later
// fields may name it by.
PieceType Compiler::piece_name(const Value& p) {
  if (p.tag != "piece") fail(where_of(p), "each entry of pieces must be piece { ... }");
  check_fields(p, "piece");
  PieceType t;
  t.name = str_or(p, "name", "");
  if (t.name.empty()) fail(p.where, "a piece needs a name");
  for (auto& o : r_->types)
    if (o.name == t.name) fail(p.where, "two pieces are named '" + t.name + "'");
  std::string sym = str_or(p, "symbol", "");
  if (sym.empty()) fail(p.where, "piece '" + t.name + "' needs a symbol");
  t.letter = str_or(p, "letter", sym);
  for (SeatId s = 0; s < r_->num_seats(); ++s) {
    std::string x = sym;
    if (r_->num_seats() == 2) {
      for (auto& c : x) {
        const auto u = static_cast<unsigned char>(c);
        c = static_cast<char>(s == 0 ? std::toupper(u) : std::tolower(u));
      }
    } else {
      x = std::string(1, r_->seats[s].name[0]) + sym;
    }
    t.symbol[s] = x;
  }
  view_->glyphs.emplace_back();
  view_->san_no_letter.push_back(false);
  glyphs(p, static_cast<TypeId>(view_->glyphs.size() - 1));
  return t;
}

// value, royal, avoid_attack, track_moved, facing, resets_move_rule, san
void Compiler::piece_traits(const Value& p, PieceType& t) {
  t.value = int_or(p, "value", 0, -kMaxPieceValue, kMaxPieceValue);
  t.royal = bool_or(p, "royal", false);
  t.fears_attack = bool_or(p, "avoid_attack", false);
  t.track_moved = bool_or(p, "track_moved", false);
  if (auto* f = p.get("facing")) {
    if (!t.royal) fail(p.where, "facing is for royal pieces (royal = true)");
    const auto fd = dirs(*f, p.where);
    for (SeatId s = 1; s < r_->num_seats(); ++s)
      if (fd[s] != fd[0])
        fail(p.where,
             "facing takes directions that are the same for every seat "
             "(orthogonal, diagonal, all, or compass names)");
    t.facing = fd[0];
  }
  t.reset_counter = bool_or(p, "resets_move_rule", false);
  if (std::string san = str_or(p, "san", "letter"); san != "letter" && san != "no-letter")
    fail(p.where, "san must be \"letter\" or \"no-letter\", not '" + san + "'");
}

// betza = "..." and moves = { ... }: the piece's move rules, in that order.
void Compiler::piece_rules(const Value& p, size_t i) {
  if (auto* b = p.get("betza")) betza_rules(string(*b, "betza"), p.where, i);
  if (auto* m = p.get("moves"))
    for (auto& mv : list(*m, "moves")) {
      int ri = add_rule(mv);
      r_->types[i].rules.push_back(ri);
    }
}

// captures = { ... } (only these), cannot_capture = { ... } (all but these)
void Compiler::piece_captures(const Value& p, PieceType& tt) {
  if (auto* c = p.get("captures")) {
    tt.captures = 0;
    for (auto& n : strings(*c, "captures")) tt.captures |= 1u << type_named(n, p.where);
  }
  if (auto* c = p.get("cannot_capture"))
    for (auto& n : strings(*c, "cannot_capture")) tt.captures &= ~(1u << type_named(n, p.where));
}

// promotion = { ... }: one clause, or a list of clauses tried in order.
void Compiler::piece_promotions(const Value& p, PieceType& tt) {
  if (auto* pr = p.get("promotion")) {
    std::vector<const Value*> clauses;
    if (pr->is_table() && pr->fields.empty() && !pr->items.empty())
      for (auto& c : pr->items) clauses.push_back(&c);
    else
      clauses.push_back(pr);
    for (const Value* c : clauses) tt.promotions.push_back(promotion(*c, tt, p.where));
    // Each clause that promotes in place is a move of the piece's own.
    for (size_t i = 0; i < tt.promotions.size(); ++i) {
      if (!tt.promotions[i].in_place) continue;
      MoveRule rule;
      rule.kind = RuleKind::kPromote;
      rule.mode = Mode::kMove;
      rule.where = p.where;
      rule.from_region = tt.promotions[i].region;
      rule.promotion = static_cast<int>(i);
      if (r_->rules.size() >= static_cast<size_t>(kMaxMoveRules))
        fail(p.where,
             "more than " + std::to_string(kMaxMoveRules) + " move rules in all (kMaxMoveRules)");
      tt.rules.push_back(static_cast<int>(r_->rules.size()));
      r_->rules.push_back(std::move(rule));
    }
  }
}

// in_place = true: the clause is a move of its own, made by a piece standing in
// the zone, which every other field that speaks of a move's arrival would
// contradict.
void Compiler::in_place_promotion(const Value& pr, Promotion& out, const std::string& where) {
  for (const char* k : {"optional", "ask", "on", "forced", "in_capture", "none_lost"})
    if (pr.get(k))
      fail(where, std::string("promotion.") + k +
                      " cannot be combined with in_place: an in-place promotion is a move "
                      "of its own, chosen or not like any move, made where the piece stands "
                      "(allowed with it: zone, to, when, only_lost, mark, step, check, attack)");
  out.in_place = true;
  out.mandatory = false;
  if (auto* st = pr.get("step")) out.step_dirs = dirs(*st, where);
  out.no_check = !bool_or(pr, "check", true);
  out.no_attack = !bool_or(pr, "attack", true);
  if (out.no_check || out.no_attack) r_->quiet_promotion_rule = true;
}

// step, check and attack speak of the move an in-place promotion makes.
void Compiler::in_place_only_fields(const Value& pr, const std::string& where) {
  if (bool_or(pr, "in_place", false)) return;
  for (const char* k : {"step", "check", "attack"})
    if (pr.get(k))
      fail(where, std::string("promotion.") + k +
                      " needs in_place = true: it speaks of the move of its own an in-place "
                      "promotion makes");
}

// square = { size = 2, enemies = "capture" | "stay", allies = "take" | "stay" }:
// what happens when the piece completes a square of its own pieces.
void Compiler::piece_square(const Value& p, const Value& sq, PieceType& tt) {
  if (!sq.is_table()) fail(p.where, "square = { size = 2, enemies = \"capture\", ... }");
  if (!r_->topology.is_grid())
    fail(p.where, "square = ... needs a grid board (squares are read from its coordinates)");
  for (auto& [k, _] : sq.fields)
    if (k != "size" && k != "enemies" && k != "allies")
      fail(p.where, "unknown field '" + k + "' in square (allowed: size, enemies, allies)");
  tt.square = int_or(sq, "size", 2, 2, 4);
  const std::string en = str_or(sq, "enemies", "stay");
  const std::string al = str_or(sq, "allies", "stay");
  if (en != "capture" && en != "stay")
    fail(p.where, "square.enemies must be \"capture\" or \"stay\", not '" + en + "'");
  if (al != "take" && al != "stay")
    fail(p.where, "square.allies must be \"take\" or \"stay\", not '" + al + "'");
  tt.square_captures = en == "capture";
  tt.square_takes = al == "take";
  if (!tt.square_captures && !tt.square_takes)
    fail(p.where, "square = ... does nothing: give enemies = \"capture\" or allies = \"take\"");
}

// promotion = { zone = "...", to = { ... } | "start", optional, only_lost, ask, when,
//               in_capture = "at-end" | "continue" | "stop", in_place }
Promotion Compiler::promotion(const Value& pr, PieceType& tt, const std::string& where) {
  if (!pr.is_table()) fail(where, "promotion = { zone = \"...\", to = { ... } }");
  Promotion out;
  auto* z = pr.get("zone");
  if (!z) fail(where, "promotion needs a zone");
  out.region = region_named(string(*z, "zone"), where);
  if (auto* to = pr.get("to")) {
    if (to->is_string() && to->str == "start")
      out.to_start = true;
    else
      for (auto& n : strings(*to, "promotion.to")) out.to.push_back(type_named(n, where));
  }
  if (out.to.empty() && !out.to_start)
    fail(where, "promotion needs to = { \"piece\", ... } or to = \"start\"");
  out.mandatory = !bool_or(pr, "optional", false);
  out.only_lost = bool_or(pr, "only_lost", false);
  if (auto* nl = pr.get("none_lost")) {
    const std::string v = string(*nl, "promotion.none_lost");
    if (v != "stay" && v != "illegal")
      fail(where, "promotion.none_lost must be \"stay\" or \"illegal\", not \"" + v + "\"");
    if (!out.only_lost) fail(where, "promotion.none_lost is for only_lost = true");
    out.none_lost_illegal = v == "illegal";
  }
  if (auto* ic = pr.get("in_capture")) {
    const std::string v = string(*ic, "promotion.in_capture");
    if (v == "continue")
      out.in_chain = Promotion::InChain::kContinue;
    else if (v == "stop")
      out.in_chain = Promotion::InChain::kStop;
    else if (v != "at-end")
      fail(where,
           "promotion.in_capture must be \"at-end\", \"continue\" or \"stop\", not \"" + v + "\"");
  }
  const bool ask = bool_or(pr, "ask", false);
  if (ask && out.in_chain != Promotion::InChain::kAtEnd)
    fail(where,
         "promotion.in_capture cannot be combined with ask: a piece crowned in the "
         "middle of a capture has no stage to be asked in");
  tt.promo_ask = tt.promo_ask || ask;
  if (auto* w = pr.get("when")) {
    out.when = condition(string(*w, "promotion.when"), where);
    if (out.when.terms.empty()) fail(where, "promotion.when is empty");
  }
  for (auto& [k, _] : pr.fields)
    if (k != "zone" && k != "to" && k != "optional" && k != "only_lost" && k != "none_lost" &&
        k != "ask" && k != "when" && k != "in_capture" && k != "in_place" && k != "step" &&
        k != "check" && k != "attack" && !HandsCompiler::is_promotion_field(k))
      fail(where,
           "unknown field '" + k +
               "' in promotion (allowed: zone, to, optional, only_lost, none_lost, ask, when, "
               "in_capture, in_place, step, check, attack, on, forced, mark)");
  in_place_only_fields(pr, where);
  if (bool_or(pr, "in_place", false)) in_place_promotion(pr, out, where);
  hands().promotion_fields(pr, out, where);
  if (ask && out.on != (Promotion::kEnter | Promotion::kWithin))
    fail(where, "promotion.on cannot be combined with ask: the stage sees only where the piece is");
  if (out.mark) promoted_flag_ = flag_bit("promoted", where);
  return out;
}

}  // namespace regula::script
