// The compiler's part for captures by enclosure and restricted sites, as tafl
// games have them: how a piece is captured when enemies close on it
// (piece fields captured and armed) and the sites only some pieces may stand
// on, which may stand in for an enemy in those captures (game field
// restricted). Its own file because the two are read together: a restricted
// site's hostility means something only to pieces captured by enclosure.

#include <string>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"

namespace regula::script {

// captured = "custodial" | "surround", armed = false, shieldwall = true.
void Compiler::piece_enclosure(const Value& p, PieceType& t) {
  if (auto* c = p.get("captured")) {
    const std::string v = string(*c, "captured");
    if (v == "custodial")
      t.captured = PieceType::Enclosure::kCustodial;
    else if (v == "surround")
      t.captured = PieceType::Enclosure::kSurround;
    else
      fail(p.where, "captured must be \"custodial\" or \"surround\", not '" + v + "'");
  }
  t.armed = bool_or(p, "armed", true);
  t.shieldwall = bool_or(p, "shieldwall", false);
  if (t.shieldwall && t.captured != PieceType::Enclosure::kCustodial)
    fail(p.where, "shieldwall = true needs captured = \"custodial\" (piece '" + t.name + "')");
  if (t.shieldwall && !r_->topology.is_grid())
    fail(p.where, "shieldwall needs a grid board (the edge is read from its squares)");
}

// hostile = "always" | "empty" | "never", or { seat = ..., ... } (seats not
// named: never).
Hostility Compiler::hostility(const Value& v, const std::string& where) {
  const std::string s = string(v, "hostile");
  if (s == "always") return Hostility::kAlways;
  if (s == "empty") return Hostility::kEmpty;
  if (s == "never") return Hostility::kNever;
  fail(where, "hostile must be \"always\", \"empty\" or \"never\", not '" + s + "'");
}

// restricted = { { region = "corners", stand = "king", pass = false,
//                  hostile = "always" }, ... }
void Compiler::restricted_sites() {
  const Value* rs = game_.get("restricted");
  if (!rs) return;
  for (const Value& e : list(*rs, "restricted")) {
    const std::string w = where_of(e);
    if (!e.is_table() || e.fields.empty())
      fail(w,
           "each entry of restricted is { region = \"...\", stand = { \"piece\", ... }, "
           "pass = false, hostile = \"never\" }");
    for (auto& [k, _] : e.fields)
      if (k != "region" && k != "stand" && k != "pass" && k != "hostile")
        fail(w, "unknown field '" + k + "' in restricted (allowed: region, stand, pass, hostile)");
    RestrictedSites out;
    out.where = w;
    const Value* region = e.get("region");
    if (!region) fail(w, "restricted needs region = \"...\", the sites it restricts");
    out.region = region_named(string(*region, "restricted.region"), w);
    if (auto* st = e.get("stand"))
      for (const std::string& name : strings(*st, "restricted.stand"))
        out.stand |= 1u << type_named(name, w);
    out.pass = bool_or(e, "pass", false);
    if (const Value* h = e.get("hostile")) {
      if (h->is_table()) {
        if (!h->items.empty()) fail(w, "hostile = { seat = \"always\" | \"empty\", ... }");
        for (auto& [seat, v] : h->fields) out.hostile[seat_named(seat, w)] = hostility(v, w);
      } else {
        out.hostile.fill(hostility(*h, w));
      }
    }
    r_->restricted.push_back(out);
  }
  // Attack detection, hops and castling do not read restricted sites: refuse
  // what would need them rather than play it wrongly.
  if (r_->restricted.empty()) return;
  if (r_->end.check) fail(where_of(*rs), "restricted sites do not combine with ends.check");
  for (const PieceType& t : r_->types) {
    if (t.fears_attack)
      fail(where_of(*rs),
           "restricted sites do not combine with avoid_attack (piece '" + t.name + "')");
    for (int ri : t.rules)
      if (r_->rules[ri].kind == RuleKind::kHop || r_->rules[ri].kind == RuleKind::kCastle)
        fail(where_of(*rs),
             "restricted sites do not combine with hops or castling (piece '" + t.name + "')");
  }
}

}  // namespace regula::script
