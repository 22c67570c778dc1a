// The compiler's part for the vocabulary of move rules: directions, the
// fields every rule takes, step and slide, hop, screen, castling, anywhere,
// drops, the moves of a Betza string, the labels of a generate hook and how
// captures are chosen among (leaps and walks, which are precomputed, are in
// compiler_tables.cpp). Its own file because it is what a piece's moves = { }
// says, read apart from the piece itself.

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "script/betza_elements.h"
#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

// ---- directions --------------------------------------------------------
std::vector<DirId> Compiler::relative_dirs(const std::string& n, const std::string& where) {
  static const std::map<std::string, std::vector<DirId>> kNamed = {
      {"orthogonal", {kN, kE, kS, kW}},
      {"diagonal", {kNE, kSE, kSW, kNW}},
      {"all", {kN, kNE, kE, kSE, kS, kSW, kW, kNW}},
      {"any", {kN, kNE, kE, kSE, kS, kSW, kW, kNW}},
      {"forward", {kN}},
      {"backward", {kS}},
      {"left", {kW}},
      {"right", {kE}},
      {"forward-left", {kNW}},
      {"forward-right", {kNE}},
      {"backward-left", {kSW}},
      {"backward-right", {kSE}},
      {"sideways", {kW, kE}},
      {"forward-diagonal", {kNW, kNE}},
      {"backward-diagonal", {kSW, kSE}},
      {"forwards", {kNW, kN, kNE}},
      {"not-backward", {kW, kNW, kN, kNE, kE}},
      {"not-straight-back", {kW, kNW, kN, kNE, kE, kSE, kSW}},
  };
  auto it = kNamed.find(n);
  if (it != kNamed.end()) return it->second;
  fail(where, "unknown direction '" + n +
                  "' (use orthogonal, diagonal, all, forward, backward, left, right, "
                  "forward-left, ..., sideways, forward-diagonal, forwards, not-backward, "
                  "or an absolute n, ne, e, ...)");
}

// Directions for each seat; absolute names are the same for all seats.
std::array<std::vector<DirId>, kMaxSeats> Compiler::dirs(const Value& v, const std::string& where) {
  std::array<std::vector<DirId>, kMaxSeats> out;
  for (auto& n : strings(v, "dirs")) {
    DirId abs = Topology::direction_named(n);
    for (SeatId s = 0; s < r_->num_seats(); ++s) {
      if (abs >= 0) {
        out[s].push_back(abs);
      } else {
        for (DirId d : relative_dirs(n, where)) out[s].push_back(rotate(d, r_->seats[s].facing));
      }
    }
  }
  for (auto& o : out) {
    std::sort(o.begin(), o.end());
    o.erase(std::unique(o.begin(), o.end()), o.end());
  }
  return out;
}

// ---- move rules ----------------------------------------------------------
Mode Compiler::mode(const Value& v, Mode dflt) {
  auto* m = v.get("mode");
  if (!m) return dflt;
  std::string s = string(*m, "mode");
  if (s == "move") return Mode::kMove;
  if (s == "capture") return Mode::kCapture;
  if (s == "any" || s == "both") return Mode::kBoth;
  fail(v.where, "mode must be \"move\", \"capture\" or \"any\", not '" + s + "'");
}

int Compiler::add_rule(const Value& v) {
  WhereScope scope(ctx_, v.where);
  static const std::vector<std::string> kMoves = {
      "step", "slide", "leap", "walk", "hop", "castle", "anywhere", "screen", "line_capture"};
  if (std::find(kMoves.begin(), kMoves.end(), v.tag) == kMoves.end())
    fail(where_of(v),
         "moves takes step { }, slide { }, leap { }, walk { }, hop { }, screen { }, "
         "line_capture { }, castle { } or anywhere { }, not " +
             (v.tag.empty() ? std::string("a plain ") + v.kind_name() : v.tag + " { }"));
  if (r_->rules.size() >= kMaxMoveRules)
    fail(where_of(v),
         "more than " + std::to_string(kMaxMoveRules) + " move rules in all (kMaxMoveRules)");
  check_fields(v, v.tag);
  MoveRule rule;
  rule_common(v, rule);
  rule_shape(v, rule);
  spend_bytes(sizeof(MoveRule), v.where);
  r_->rules.push_back(std::move(rule));
  return static_cast<int>(r_->rules.size() - 1);
}

// The fields every kind of move rule takes: label, mode, from, to, phase, once,
// unless_attacked, ep.
void Compiler::rule_common(const Value& v, MoveRule& rule) {
  rule.where = v.where;
  rule.label = str_or(v, "label", "");
  rule.mode = mode(v, v.tag == "anywhere" ? Mode::kMove : Mode::kBoth);
  if (auto* f = v.get("from")) rule.from_region = region_named(string(*f, "from"), v.where);
  if (auto* t = v.get("to")) rule.to_region = region_named(string(*t, "to"), v.where);
  if (auto* ph = v.get("phase")) rule.phases = phase_mask(*ph, v.where);
  if (auto* o = v.get("once")) {
    std::string name = string(*o, "once");
    rule.requires_clear = rule.sets_flags = flag_bit(name, v.where);
    if (rule.label.empty()) rule.label = name;
  }
  rule.unless_attacked = bool_or(v, "unless_attacked", false);
  if (rule.unless_attacked && rule.mode != Mode::kMove)
    fail(v.where,
         "unless_attacked needs mode = \"move\": attack detection does not follow a capture "
         "that depends on attacks");
  if (auto* e = v.get("ep")) {
    std::string s = string(*e, "ep");
    if (s == "set")
      rule.sets_ep = true;
    else if (s == "take")
      rule.takes_ep = true;
    else
      fail(v.where, "ep must be \"set\" or \"take\"");
  }
}

// What the kind of rule (its constructor's tag) moves like.
void Compiler::rule_shape(const Value& v, MoveRule& rule) {
  const std::string& tag = v.tag;
  if (tag == "step" || tag == "slide") {
    rule.kind = RuleKind::kSlide;
    auto* d = v.get("dirs");
    if (!d) fail(v.where, tag + " needs dirs");
    rule.dirs = dirs(*d, v.where);
    rule.min_range = int_or(v, "min", 1, 1, kMaxSites);
    rule.max_range = tag == "step" ? 1 : int_or(v, "max", 0, 0, kMaxSites);
    if (rule.min_range < 1 || (rule.max_range && rule.max_range < rule.min_range))
      fail(v.where, "slide needs 1 <= min <= max (max = 0 or absent: unlimited)");
  } else if (tag == "leap") {
    compile_leap(v, rule);
  } else if (tag == "walk") {
    compile_walk(v, rule);
  } else if (tag == "hop") {
    rule.kind = RuleKind::kHop;
    auto* d = v.get("dirs");
    if (!d) fail(v.where, "hop needs dirs");
    rule.dirs = dirs(*d, v.where);
    rule.hop_flying = bool_or(v, "flying", false);
    rule.hop_chain = bool_or(v, "chain", true);
    rule.hop_land_to_go_on = bool_or(v, "land_to_go_on", false);
    compile_hop_chain_rules(v, rule);
    rule.mode = Mode::kCapture;
  } else if (tag == "line_capture") {
    compile_line_capture(v, rule);
  } else if (tag == "castle") {
    compile_castle(v, rule);
  } else if (tag == "screen") {
    rule.kind = RuleKind::kScreen;
    auto* d = v.get("dirs");
    if (!d) fail(v.where, "screen needs dirs");
    rule.dirs = dirs(*d, v.where);
    rule.screen_before = int_or(v, "before", 0, 0, kMaxSites);
    rule.screen_after = int_or(v, "after", 0, 0, kMaxSites);
    if (auto* no = v.get("not_over"))
      for (auto& n : strings(*no, "not_over")) rule.screen_not_over |= 1u << type_named(n, v.where);
  } else {  // anywhere
    rule.kind = RuleKind::kAnywhere;
  }
}

// hop { removal = "at-end" | "immediate", no_reverse = false }: when the
// pieces a chain captures leave the board, and whether the chain may turn
// straight back. Both speak of a chain of jumps, so neither fits chain = false.
void Compiler::compile_hop_chain_rules(const Value& v, MoveRule& rule) {
  if (auto* rm = v.get("removal")) {
    const std::string s = string(*rm, "removal");
    if (s != "at-end" && s != "immediate")
      fail(v.where, "hop removal = \"" + s +
                        "\" is not allowed; allowed: \"at-end\" (captured pieces leave the "
                        "board when the move ends) or \"immediate\" (each as it is jumped)");
    rule.hop_remove_at_once = s == "immediate";
  }
  rule.hop_no_reverse = bool_or(v, "no_reverse", false);
  if (!rule.hop_chain && (rule.hop_remove_at_once || rule.hop_no_reverse))
    fail(v.where, std::string("hop ") +
                      (rule.hop_remove_at_once ? "removal = \"immediate\"" : "no_reverse = true") +
                      " needs a chain of jumps, and this hop has chain = false");
}

// line_capture { dirs, by = "approach withdrawal", chain = true, revisit = false,
// repeat_direction = false }: a step that captures the enemy line it approaches
// or withdraws from (Fanorona). It only captures; a plain step is a step { }.
void Compiler::compile_line_capture(const Value& v, MoveRule& rule) {
  rule.kind = RuleKind::kLineCapture;
  auto* d = v.get("dirs");
  if (!d) fail(v.where, "line_capture needs dirs");
  rule.dirs = dirs(*d, v.where);
  auto* by = v.get("by");
  if (!by)
    fail(v.where,
         "line_capture needs by = \"approach\", \"withdrawal\" or both (\"approach "
         "withdrawal\")");
  for (const std::string& b : strings(*by, "by")) {
    if (b == "approach")
      rule.line_by |= MoveRule::kByApproach;
    else if (b == "withdrawal")
      rule.line_by |= MoveRule::kByWithdrawal;
    else
      fail(v.where, "line_capture by = \"" + b +
                        "\" is not allowed; allowed: \"approach\", "
                        "\"withdrawal\"");
  }
  if (!rule.line_by)
    fail(v.where, "line_capture by names no way to capture: \"approach\", \"withdrawal\"");
  if (v.get("mode") && rule.mode != Mode::kCapture)
    fail(v.where,
         "line_capture only captures: mode = \"capture\" or none (a plain step is a step { })");
  rule.mode = Mode::kCapture;
  rule.line_chain = bool_or(v, "chain", true);
  rule.line_revisit = bool_or(v, "revisit", false);
  rule.line_repeat_dir = bool_or(v, "repeat_direction", false);
  if (!rule.line_chain && (v.get("revisit") || v.get("repeat_direction")))
    fail(v.where,
         "line_capture: revisit and repeat_direction restrict a chain's later steps; with "
         "chain = false there are none");
}

// castle { dir = "e", steps = 2, with = "<partner piece>", partner = ... }: the
// partner piece is named once every piece is (the rule's index is the one it
// is about to be given).
void Compiler::compile_castle(const Value& v, MoveRule& rule) {
  rule.kind = RuleKind::kCastle;
  std::string d = str_or(v, "dir", "");
  rule.castle_dir = Topology::direction_named(d);
  if (rule.castle_dir < 0) fail(v.where, "castle needs dir = \"e\" or another compass name");
  rule.castle_steps = int_or(v, "steps", 2, 1, kMaxSites);
  auto* w = v.get("with");
  if (!w) fail(v.where, "castle needs with = \"<partner piece>\"");
  pending_partners_.push_back({static_cast<int>(r_->rules.size()), string(*w, "with"), v.where});
  rule.mode = Mode::kMove;
  if (auto* p = v.get("partner")) castle_sites(*p, v.where, rule);
}

// partner = "a1" (as the first seat sees it; mirrored rank for a seat facing
// south) or { seat = "site", ... }: the site the castling partner stands on.
void Compiler::castle_sites(const Value& p, const std::string& where, MoveRule& rule) {
  const Topology& t = r_->topology;
  if (p.is_string()) {
    const SiteId s0 = site(p.str, where);
    if (!t.is_grid())
      fail(where, "castle partner = \"" + p.str +
                      "\" needs a grid board, or "
                      "one site per seat: partner = { seat = \"site\", ... }");
    for (SeatId s = 0; s < r_->num_seats(); ++s) {
      const int facing = r_->seats[s].facing;
      if (facing != 0 && facing != 2)
        fail(where, "castle partner = \"" + p.str + "\": seat " + r_->seats[s].name +
                        " faces east or west; give one site per seat: partner = { " +
                        r_->seats[s].name + " = \"site\", ... }");
      rule.castle_site[s] = facing == 0 ? s0 : t.at(t.x(s0), t.height() - 1 - t.y(s0));
    }
    return;
  }
  if (!p.is_table() || !p.items.empty())
    fail(where, "castle partner = \"a1\" or partner = { seat = \"site\", ... }");
  for (auto& [seat, v] : p.fields)
    rule.castle_site[seat_named(seat, where)] = site(string(v, "castle partner"), where);
}

// ---- drops -----------------------------------------------------------------
// drop = true | "region" | { to = "region", phase = ..., ... }: the piece of
// type i enters from its owner's hand.
void Compiler::drop_rule(const Value& p, const Value& d, size_t i) {
  MoveRule rule;
  rule.kind = RuleKind::kDrop;
  rule.mode = Mode::kMove;
  rule.where = p.where;
  rule.drop_type = static_cast<TypeId>(i);
  if (d.is_string()) {
    rule.to_region = region_named(d.str, p.where);
  } else if (d.is_table() && d.items.empty()) {
    for (auto& [k, _] : d.fields)
      if (k != "to" && k != "phase" && !HandsCompiler::is_drop_field(k))
        fail(p.where,
             "unknown field '" + k + "' in drop (allowed: to, phase, stuck, file_free_of, mate)");
    if (auto* to = d.get("to")) rule.to_region = region_named(string(*to, "drop.to"), p.where);
    if (auto* ph = d.get("phase")) rule.phases = phase_mask(*ph, p.where);
    hands().drop_fields(d, rule, p.where);
  } else if (!(d.is_bool() && d.boolean)) {
    fail(p.where, "drop = true, drop = \"region\" or drop = { to = \"region\", phase = ... }");
  }
  r_->rules.push_back(rule);
}

// ---- Betza strings, generate hooks, the choice of captures -----------------
void Compiler::betza_rules(const std::string& text, const std::string& where, size_t type) {
  auto elements = betza_elements(text, where);
  if (!elements) fail(elements.error().where, elements.error().what);
  for (const BetzaElement& e : *elements) {
    const int ri = add_rule(e.element);
    r_->types[type].rules.push_back(ri);
    if (e.initial) initial_rules_.push_back({ri, type});
  }
}

void Compiler::start_regions() {
  std::map<size_t, int> region_of;
  for (auto [ri, type] : initial_rules_) {
    auto [it, added] = region_of.emplace(type, static_cast<int>(r_->regions.size()));
    if (added) {
      Region g;
      g.name = "the " + r_->types[type].name + "'s start squares";
      for (auto& m : g.member) m.assign(r_->topology.size(), 0);
      for (auto [site, code] : r_->setup)
        if (piece_type(code) == static_cast<TypeId>(type)) g.member[piece_seat(code)][site] = 1;
      spend_bytes(static_cast<size_t>(kMaxSeats) * r_->topology.size(), where_of(game_));
      r_->regions.push_back(std::move(g));
    }
    r_->rules[ri].from_region = it->second;
  }
}

// The labels a generate hook's moves may carry: those of the move rules and
// those the game lists in `labels`, each a rule no piece has.
void Compiler::generated_labels() {
  const Value* g = game_.get("generate");
  std::vector<std::string> labels;
  for (const MoveRule& rule : r_->rules)
    if (!rule.label.empty() && std::find(labels.begin(), labels.end(), rule.label) == labels.end())
      labels.push_back(rule.label);
  if (const Value* l = game_.get("labels")) {
    const std::string where = l->where.empty() ? game_.where : l->where;
    if (!g || !g->is_function())
      fail(where, "labels lists labels for the moves of a generate hook, and there is none");
    for (const std::string& n : strings(*l, "labels")) {
      if (n.empty()) fail(where, "a label is a non-empty string");
      if (std::find(labels.begin(), labels.end(), n) == labels.end()) labels.push_back(n);
    }
  }
  if (!g || !g->is_function()) return;
  for (const std::string& n : labels) {
    if (r_->rules.size() >= kMaxMoveRules)
      fail(game_.where,
           "more than " + std::to_string(kMaxMoveRules) + " move rules in all (kMaxMoveRules)");
    MoveRule rule;
    rule.kind = RuleKind::kGenerated;
    rule.label = n;
    rule.where = g->where.empty() ? game_.where : g->where;
    rule.phases = 0;
    r_->rules.push_back(std::move(rule));
  }
}

// capture = "free" | "compulsory" | "max" | "max-then-value" | { criterion, ... }:
// which captures a player may choose among.
void Compiler::capture_rules() {
  if (auto* c = game_.get("capture"); c && c->is_table()) {
    // A list of criteria: captures are compulsory, and each keeps the best by it.
    if (!c->fields.empty() || c->items.empty())
      fail(c->where.empty() ? game_.where : c->where,
           "capture = { \"max\", ... } lists criteria: max, value, mover-value, earliest-value");
    r_->capture_priority = CapturePriority::kCompulsory;
    for (const Value& v : c->items) {
      const std::string s = string(v, "a capture criterion");
      if (s == "max")
        r_->capture_order.push_back(CaptureCriterion::kMostPieces);
      else if (s == "value")
        r_->capture_order.push_back(CaptureCriterion::kMostValue);
      else if (s == "mover-value")
        r_->capture_order.push_back(CaptureCriterion::kMoverValue);
      else if (s == "earliest-value")
        r_->capture_order.push_back(CaptureCriterion::kEarliestValue);
      else
        fail(game_.where,
             "capture criterion '" + s + "' is not one of max, value, mover-value, earliest-value");
    }
  } else if (c) {
    std::string s = string(*c, "capture");
    if (s == "free")
      r_->capture_priority = CapturePriority::kFree;
    else if (s == "compulsory")
      r_->capture_priority = CapturePriority::kCompulsory;
    else if (s == "max")
      r_->capture_priority = CapturePriority::kMaxCount;
    else if (s == "max-then-value")
      r_->capture_priority = CapturePriority::kMaxCountThenValue;
    else
      fail(game_.where,
           "capture must be free, compulsory, max, max-then-value or a list of criteria");
  }
}
}  // namespace regula::script
