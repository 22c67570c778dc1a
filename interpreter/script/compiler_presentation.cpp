// The game fields that only show a game or tune its AI, not its rules: title,
// description and sources, a grid's checkering, the pieces' glyphs, the move
// notation, PDN, the position string's format, the UCI variant name and the AI
// settings. They are their own file because they are presentation, read apart
// from the rules so that where they are kept can change in one place.

#include <cmath>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <system_error>

#include "formats/pdn.h"
#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

// title = "...", description = "...", sources = { "...", ... }
void Compiler::titles() {
  view_->title = str_or(game_, "title", "untitled");
  view_->description = str_or(game_, "description", "");
  if (auto* s = game_.get("sources")) {
    for (auto& item : list(*s, "sources")) view_->sources.push_back(string(item, "a source"));
  }
}

// grid { checkered = false }: whether the squares are drawn in two colours.
void Compiler::grid_presentation(const Value& b) {
  view_->checkered = bool_or(b, "checkered", true);
}

namespace {

// Whether text names a drawing that front ends bundle, ":pieces/<set>/<name>.svg"
// with lower-case letters, digits and hyphens: no file beside the script, so
// the form is all the compiler can check.
bool bundled_glyph(const std::string& text) {
  static const std::string kPrefix = ":pieces/", kSuffix = ".svg";
  if (text.size() <= kPrefix.size() + kSuffix.size() || text.rfind(kPrefix, 0) != 0 ||
      text.compare(text.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return false;
  const std::string middle =
      text.substr(kPrefix.size(), text.size() - kPrefix.size() - kSuffix.size());
  const size_t slash = middle.find('/');
  if (slash == 0 || slash == std::string::npos || slash + 1 == middle.size()) return false;
  for (size_t i = 0; i < middle.size(); ++i) {
    const char c = middle[i];
    if (i == slash) continue;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

}  // namespace

// glyph = "text" | "file.svg" | ":pieces/set/name.svg" for every seat, or
// { seat = ..., ... }. An SVG file is named relative to the script's folder
// and must lie inside it; one beginning ":pieces/" is a drawing bundled with
// the front end.
void Compiler::glyphs(const Value& p, TypeId type) {
  const Value* g = p.get("glyph");
  if (!g) return;
  auto one = [&](const Value& v, SeatId seat) {
    std::string text = string(v, "a glyph");
    if (text.empty() || text.size() > 256)
      fail(p.where, "a glyph is a short text or an .svg file name, 1 to 256 bytes");
    if (text.rfind(":pieces/", 0) == 0) {
      if (!bundled_glyph(text))
        fail(p.where, "glyph '" + text +
                          "' must name a bundled drawing as :pieces/<set>/<name>.svg "
                          "(lower-case letters, digits and hyphens)");
    } else if (text.size() > 4 && text.compare(text.size() - 4, 4, ".svg") == 0) {
      const std::string file = p.where.substr(0, p.where.rfind(':'));
      const std::filesystem::path dir = std::filesystem::path(file).parent_path();
      const std::filesystem::path rel(text);
      for (const auto& part : rel)
        if (part == "..") fail(p.where, "glyph '" + text + "' leaves the script's folder");
      if (rel.is_absolute())
        fail(p.where, "glyph '" + text + "' must be named from the script's folder");
      std::error_code ec;
      const auto full = std::filesystem::absolute(dir / rel, ec);
      if (ec || !std::filesystem::is_regular_file(full, ec))
        fail(p.where, "glyph file '" + text + "' not found beside the script");
      text = full.string();
    }
    view_->glyphs[type][seat] = text;
  };
  if (g->is_table()) {
    if (!g->items.empty()) fail(p.where, "glyph = { seat = \"...\", ... } names its seats");
    for (const auto& [seat, v] : g->fields) one(v, seat_named(seat, p.where));
  } else {
    for (SeatId s = 0; s < r_->num_seats(); ++s) one(*g, s);
  }
}

// The presentation fields read after the game's rules, in the order their
// errors are reported.
void Compiler::presentation() {
  if (auto* a = game_.get("ai")) ai(*a);
  notation();
  view_->position_format = str_or(game_, "position", "generic");
  if (view_->position_format != "generic" && view_->position_format != "fen")
    fail(game_.where, "position must be \"fen\" or \"generic\"");
  uci_variant();
  pdn();
}

// ai = { search = "mcts", material = 100, promotion = 20, mobility = 2, cutoff = 64,
//        contempt = 25, hunt = 4, values = { pawn = 1.05, knight = 3.2 } }
void Compiler::ai(const Value& v) {
  const std::string w = where_of(v);
  if (!v.is_table()) fail(w, "ai = { search = ..., material = N, promotion = N, ... }");
  for (auto& [k, _] : v.fields)
    if (k != "search" && k != "material" && k != "promotion" && k != "mobility" && k != "cutoff" &&
        k != "contempt" && k != "hunt" && k != "values" && k != "squares")
      fail(w, "unknown field '" + k +
                  "' in ai (allowed: search, material, promotion, mobility, cutoff, contempt, "
                  "hunt, values, squares)");
  AiSettings& a = *ai_;
  const std::string search = str_or(v, "search", "");
  if (search == "alphabeta")
    a.algorithm = AiSettings::Algorithm::kAlphaBeta;
  else if (search == "mcts")
    a.algorithm = AiSettings::Algorithm::kMcts;
  else if (!search.empty())
    fail(w, "ai.search must be \"alphabeta\" or \"mcts\", not '" + search + "'");
  a.material = int_or(v, "material", a.material, 0, kMaxAiWeight);
  a.promotion = int_or(v, "promotion", a.promotion, 0, kMaxAiWeight);
  a.mobility = int_or(v, "mobility", a.mobility, 0, kMaxAiWeight);
  a.cutoff = int_or(v, "cutoff", a.cutoff, 0, kMaxAiCutoff);
  a.contempt = int_or(v, "contempt", a.contempt, 0, kMaxAiWeight);
  a.hunt = int_or(v, "hunt", a.hunt, 0, kMaxAiWeight);
  if (const Value* values = v.get("values")) ai_values(*values);
  if (const Value* squares = v.get("squares")) ai_squares(*squares);
}

// ai.values = { NAME = WORTH, ... }: a piece's worth in the evaluation, in
// pieces of value 1 (two decimals count), in place of its value.
void Compiler::ai_values(const Value& v) {
  const std::string w = where_of(v);
  if (!v.is_table() || !v.items.empty())
    fail(w, "ai.values = { NAME = WORTH, ... }: a table of piece names and numbers");
  AiSettings& a = *ai_;
  a.values.assign(r_->types.size(), -1);
  for (const auto& [name, worth] : v.fields) {
    const TypeId t = type_named(name, w);
    if (!worth.is_number() || !(worth.number >= 0) || worth.number > kMaxAiPieceWorth)
      fail(w,
           "ai.values." + name + " must be a number from 0 to " + std::to_string(kMaxAiPieceWorth));
    a.values[t] = static_cast<int>(std::lround(worth.number * 100));
  }
}

// ai.squares = { NAME = { SITE = WORTH, ... }, ... }: what a piece gains (or,
// below 0, loses) standing on a site, in pieces of value 1 (two decimals
// count), the sites named as the first seat sees the board.
void Compiler::ai_squares(const Value& v) {
  const std::string w = where_of(v);
  const char* const shape =
      "ai.squares = { NAME = { SITE = WORTH, ... }, ... }: a table of piece names, each with "
      "a table of site names and numbers";
  if (!v.is_table() || !v.items.empty()) fail(w, shape);
  AiSettings& a = *ai_;
  a.squares.assign(r_->types.size(), {});
  for (const auto& [name, sites] : v.fields) {
    const TypeId t = type_named(name, w);
    if (!sites.is_table() || !sites.items.empty()) fail(where_of(sites), shape);
    std::vector<int>& row = a.squares[t];
    row.assign(r_->topology.size(), 0);
    for (const auto& [site_name, worth] : sites.fields) {
      const SiteId s = site(site_name, where_of(sites));
      if (!worth.is_number() || !(std::abs(worth.number) <= kMaxAiPieceWorth))
        fail(where_of(sites), "ai.squares." + name + "." + site_name + " must be a number from -" +
                                  std::to_string(kMaxAiPieceWorth) + " to " +
                                  std::to_string(kMaxAiPieceWorth));
      row[s] = static_cast<int>(std::lround(worth.number * 100));
    }
  }
}

// pdn = "GAMETYPE" or { game_type = "GAMETYPE", capture = "x" | ":" }: draughts
// notation (formats/pdn.h), numbered from the GameType's fields.
void Compiler::pdn() {
  const Value* v = game_.get("pdn");
  if (!v) return;
  const std::string w = where_of(*v);
  auto made = std::make_shared<Pdn>();
  Pdn& out = *made;
  const Value* type = v;
  if (v->is_table()) {
    for (auto& [k, _] : v->fields)
      if (k != "game_type" && k != "capture")
        fail(w, "unknown field '" + k + "' in pdn (allowed: game_type, capture)");
    type = v->get("game_type");
    if (!type) fail(w, "pdn = { game_type = \"20,W,10,10,N2,0\" }: the GameType is required");
    out.capture = str_or(*v, "capture", "x");
    if (out.capture != "x" && out.capture != ":")
      fail(w, "pdn.capture must be \"x\" or \":\", not \"" + out.capture + "\"");
  }
  auto parsed = parse_pdn_game_type(string(*type, "pdn.game_type"));
  if (!parsed) fail(w, "pdn: " + parsed.error().what);
  out.game_type = *parsed;
  if (r_->num_seats() != 2) fail(w, "pdn needs a game of two seats");
  if (r_->types.size() != 2)
    fail(w, "pdn needs two piece types, the man and then the king (this game has " +
                std::to_string(r_->types.size()) + ")");
  if (view_->notation == "san") fail(w, "pdn and notation = \"san\" are two notations: give one");
  if (view_->position_format == "fen")
    fail(w, "pdn and position = \"fen\" are two position strings: give one");
  const SeatId first = r_->first;
  const int colour = out.game_type.first_colour == 'W' ? 0 : 1;
  out.colour_seat[colour] = first;
  out.colour_seat[1 - colour] = static_cast<SeatId>(1 - first);
  if (auto e = number_pdn_squares(r_->topology, r_->seats[first].facing, out))
    fail(w, "pdn: " + e->what);
  // A setup off the numbered squares means the GameType's invert flag (or the
  // board's orientation) does not fit the game.
  for (auto& [site, code] : r_->setup)
    if (out.square[site].empty())
      fail(w, "pdn: the GameType " + out.game_type.text() + " does not number " +
                  r_->topology.name(site) + ", where the setup puts a piece: the invert flag " +
                  "says the first mover's bottom-left corner is " +
                  (out.game_type.invert ? "not " : "") + "a playing square");
  view_->pdn = std::move(made);
}

// uci_variant = "NAME": one UCI token, since engines list it in a combo.
void Compiler::uci_variant() {
  const Value* v = game_.get("uci_variant");
  if (!v) return;
  const std::string name = string(*v, "uci_variant");
  if (name.empty() || name.size() > kMaxUciVariant)
    fail(where_of(*v), "uci_variant must have 1 to " + std::to_string(kMaxUciVariant) +
                           " characters, not " + std::to_string(name.size()));
  for (char c : name)
    if (c <= ' ' || c > '~')
      fail(where_of(*v),
           "uci_variant must be printable characters without spaces, not '" + name + "'");
  view_->uci_variant = name;
}

// notation = "long" | "san", or { moves = "long" | "san", joiner = "-", drops = "site" }.
void Compiler::notation() {
  const Value* n = game_.get("notation");
  if (!n) return;
  const Value* moves = n;
  if (n->is_table()) {
    for (auto& [k, _] : n->fields)
      if (k != "moves" && k != "joiner" && k != "drops")
        fail(where_of(*n), "unknown field '" + k + "' in notation (allowed: moves, joiner, drops)");
    moves = n->get("moves");
    view_->step_joiner = str_or(*n, "joiner", "");
    if (view_->step_joiner != "" && view_->step_joiner != "-")
      fail(where_of(*n), "notation.joiner must be \"-\" or \"\"");
    const std::string drops = str_or(*n, "drops", "letter");
    if (drops != "letter" && drops != "site")
      fail(where_of(*n), "notation.drops must be \"letter\" or \"site\"");
    view_->drop_letter = drops == "letter";
  }
  if (moves) view_->notation = string(*moves, "notation");
  if (view_->notation != "long" && view_->notation != "san")
    fail(where_of(*n), "notation must be \"long\" or \"san\", not \"" + view_->notation + "\"");
  if (!view_->drop_letter) {
    std::set<TypeId> droppable;
    for (auto& rule : r_->rules)
      if (rule.kind == RuleKind::kDrop) droppable.insert(rule.drop_type);
    if (droppable.size() > 1)
      fail(where_of(*n), "notation.drops = \"site\" needs a single kind of piece to drop");
  }
}

}  // namespace regula::script
