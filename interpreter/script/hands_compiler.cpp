#include "script/hands_compiler.h"

#include <vector>

#include "formats/presentation.h"

namespace regula::script {

TypeId HandsCompiler::type(const std::string& name, const std::string& where) const {
  const TypeId t = r_.type_index(name);
  if (t >= 0) return t;
  std::vector<std::string> names;
  for (auto& pt : r_.types) names.push_back(pt.name);
  fail(where, "no piece named '" + name + "' (pieces: " + join(names) + ")");
}

// drop = { ..., stuck = false, file_free_of = "piece", mate = false }
void HandsCompiler::drop_fields(const Value& d, MoveRule& rule, const std::string& where) {
  rule.drop_not_stuck = !bool_or(d, "stuck", true);
  if (const Value* f = d.get("file_free_of")) {
    if (!r_.topology.is_grid())
      fail(where, "drop.file_free_of needs a grid board (it reads files)");
    rule.drop_file_type = type(string(*f, "drop.file_free_of"), where);
  }
  rule.drop_no_mate = !bool_or(d, "mate", true);
}

// on = "arrive" | "enter" | "leave" | "within" | "any", or a list of them;
// forced = "stuck" | "region"; mark = true.
void HandsCompiler::promotion_fields(const Value& pr, Promotion& out, const std::string& where) {
  if (const Value* on = pr.get("on")) {
    out.on = 0;
    for (const std::string& w : strings(*on, "promotion.on")) {
      if (w == "arrive")
        out.on |= Promotion::kEnter | Promotion::kWithin;
      else if (w == "enter")
        out.on |= Promotion::kEnter;
      else if (w == "leave")
        out.on |= Promotion::kLeave;
      else if (w == "within")
        out.on |= Promotion::kWithin;
      else if (w == "any")
        out.on |= Promotion::kEnter | Promotion::kLeave | Promotion::kWithin;
      else
        fail(where,
             "promotion.on must be \"arrive\", \"enter\", \"leave\", \"within\" or "
             "\"any\", not '" +
                 w + "'");
    }
    if (!out.on) fail(where, "promotion.on is empty");
  }
  if (const Value* f = pr.get("forced")) {
    const std::string v = string(*f, "promotion.forced");
    if (v == "stuck") {
      out.forced_stuck = true;
    } else {
      out.forced_region = r_.region_index(v);
      if (out.forced_region < 0)
        fail(where, "promotion.forced must be \"stuck\" or a region's name, not '" + v + "'");
    }
    if (out.mandatory)
      fail(where,
           "promotion.forced is for optional promotions (optional = true): this one "
           "is always forced");
  }
  out.mark = bool_or(pr, "mark", false);
}

// gating = { from = "region", pieces = { ... }, castling = true }: the pieces
// that start in the region may, on their first move, let a piece of the hand
// (of the types listed, all by default) enter on the square they leave; a
// castling may gate on the royal's square or the partner's (castling = false:
// neither).
void HandsCompiler::gating(const Value& g, const std::string& where) {
  if (!g.is_table() || !g.items.empty())
    fail(where, std::string("gating must be a table { from = \"region\", pieces = { ... }, "
                            "castling = true }, not ") +
                    g.kind_name());
  for (auto& [k, _] : g.fields)
    if (k != "from" && k != "pieces" && k != "castling")
      fail(where, "unknown field '" + k + "' in gating (allowed: from, pieces, castling)");
  const Value* from = g.get("from");
  if (!from)
    fail(where, "gating.from is required: the region whose pieces start with the right to gate");
  const std::string region = string(*from, "gating.from");
  std::vector<std::string> names;
  for (size_t i = 0; i < r_.regions.size(); ++i) {
    if (r_.regions[i].name == region) r_.gating.region = static_cast<int>(i);
    names.push_back(r_.regions[i].name);
  }
  if (r_.gating.region < 0) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    fail(where, "gating.from: no region named '" + region +
                    "' (regions: " + (list.empty() ? "none" : list) + ")");
  }
  if (const Value* p = g.get("pieces")) {
    const auto types = strings(*p, "gating.pieces");
    if (types.empty()) fail(where, "gating.pieces is empty: name the types that may be gated");
    for (const auto& n : types) r_.gating.types |= uint64_t{1} << type(n, where);
  } else {
    r_.gating.types = (uint64_t{1} << r_.types.size()) - 1;
  }
  r_.gating.castling = bool_or(g, "castling", true);
  if (r_.flag_names.size() >= static_cast<size_t>(kMaxFlags))
    fail(where, "gating needs a piece flag, and the once-per-game moves use them all (at most " +
                    std::to_string(kMaxFlags - 2) + " with gating)");
}

// demotes_to = "piece": captured to hand, it goes back as that piece.
void HandsCompiler::piece_fields(const Value& p, PieceType& t) {
  if (const Value* d = p.get("demotes_to")) t.hand_as = type(string(*d, "demotes_to"), p.where);
}

void HandsCompiler::game_fields(const Value& game, uint8_t promoted_flag, Presentation& view) {
  r_.captures_to_hand = bool_or(game, "captures_to_hand", false);
  if (const Value* u = game.get("uci_promotion")) {
    const std::string s = string(*u, "uci_promotion");
    if (s.empty() || s.size() > 4)
      fail(where_of(*u), "uci_promotion must be 1 to 4 characters, not '" + s + "'");
    for (char c : s)
      if (c <= ' ' || c > '~') fail(where_of(*u), "uci_promotion must be printable, no spaces");
    view.uci_promotion = s;
  }
  r_.promoted_flag = promoted_flag;
  if (const Value* g = game.get("gating")) gating(*g, g->where.empty() ? game.where : g->where);
  for (const MoveRule& rule : r_.rules)
    if (rule.drop_no_mate && !r_.end.check)
      fail(rule.where,
           "drop.mate = false needs ends.check: mate is a royal piece in check with no way out");
  // A marked piece goes back as the type whose promotion made it: one such
  // type for each promoted type, or the hand could not tell which.
  for (TypeId t = 0; t < static_cast<TypeId>(r_.types.size()); ++t) {
    PieceType& pt = r_.types[t];
    for (const Promotion& pr : pt.promotions) {
      if (pr.mark != pt.promotions[0].mark)
        fail(game.where,
             "piece '" + pt.name + "': promotion.mark must be the same in every clause of a piece");
      pt.promo_marks = pr.mark;
      pt.promo_from |= pr.on != (Promotion::kEnter | Promotion::kWithin);
      if (!pr.mark) continue;
      if (pr.to_start)
        fail(game.where,
             "piece '" + pt.name + "': promotion.mark needs to = { ... }, not \"start\"");
      for (TypeId to : pr.to) {
        TypeId& back = r_.types[to].marked_hand_as;
        if (back >= 0 && back != t)
          fail(game.where, "pieces '" + r_.types[back].name + "' and '" + pt.name +
                               "' both promote with mark = true to '" + r_.types[to].name +
                               "': captured, it could not tell which to go back as");
        back = t;
      }
    }
  }
}

}  // namespace regula::script
