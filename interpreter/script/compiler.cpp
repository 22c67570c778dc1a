#include "script/compiler.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "core/ai_settings.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "script/betza_elements.h"
#include "script/field_reader.h"
#include "script/hands_compiler.h"
#include "script/lame_leap.h"
#include "script/limits.h"

namespace regula::script {

namespace {

// Sets the position that errors about plain values (which carry no line) name,
// for as long as a constructor's fields are being read.
class WhereScope {
 public:
  WhereScope(std::string& ctx, const std::string& where) : ctx_(ctx), saved_(ctx) {
    if (!where.empty()) ctx_ = where;
  }
  ~WhereScope() { ctx_ = saved_; }

 private:
  std::string& ctx_;
  std::string saved_;
};

class Compiler : private FieldReader {
 public:
  explicit Compiler(const Value& game) : game_(game) {}

  std::shared_ptr<Ruleset> run() {
    if (game_.tag != "game")
      fail(game_.where, "the script must return game { ... } (got " +
                            (game_.tag.empty() ? std::string("a plain table") : game_.tag) + ")");
    check_fields(game_, "game");
    ctx_ = game_.where;  // plain tables have no line of their own: name the game's
    r_ = std::make_shared<Ruleset>();
    r_->presentation = view_;
    r_->ai = ai_;
    r_->file = game_.where.substr(0, game_.where.rfind(':'));
    view_->title = str_or(game_, "title", "untitled");
    view_->description = str_or(game_, "description", "");
    if (auto* s = game_.get("sources")) {
      for (auto& item : list(*s, "sources")) view_->sources.push_back(string(item, "a source"));
    }
    board();
    seats();
    regions();
    flags_and_counters();
    phases();
    pieces();
    generated_labels();
    setup();
    start_regions();
    ends();
    misc();
    hands().game_fields(game_, promoted_flag_, *view_);
    stages();
    r_->finalize();
    return r_;
  }

 private:
  // ---- names ---------------------------------------------------------------
  SiteId site(const std::string& name, const std::string& where) {
    SiteId s = r_->topology.find(name);
    if (s == kNoSite) fail(where, "no site named '" + name + "' on this board");
    return s;
  }
  SeatId seat_named(const std::string& name, const std::string& where) {
    if (const int s = r_->seat_index(name); s >= 0) return s;
    std::vector<std::string> names;
    for (auto& s : r_->seats) names.push_back(s.name);
    fail(where, "no seat named '" + name + "' (seats: " + join(names) + ")");
  }
  TypeId type_named(const std::string& name, const std::string& where) {
    for (TypeId t = 0; t < static_cast<TypeId>(r_->types.size()); ++t)
      if (r_->types[t].name == name || r_->types[t].letter == name) return t;
    std::vector<std::string> names;
    for (auto& t : r_->types) names.push_back(t.name);
    fail(where, "no piece named '" + name + "' (pieces: " + join(names) + ")");
  }
  int region_named(const std::string& name, const std::string& where) {
    int i = r_->region_index(name);
    if (i < 0) {
      std::vector<std::string> names;
      for (auto& g : r_->regions) names.push_back(g.name);
      fail(where, "no region named '" + name + "' (regions: " + join(names) + ")");
    }
    return i;
  }

  // ---- glyphs ----------------------------------------------------------
  // glyph = "text" | "file.svg" for every seat, or { seat = ..., ... }. An SVG
  // file is named relative to the script's folder and must lie inside it.
  void glyphs(const Value& p, TypeId type) {
    const Value* g = p.get("glyph");
    if (!g) return;
    auto one = [&](const Value& v, SeatId seat) {
      std::string text = string(v, "a glyph");
      if (text.empty() || text.size() > 256)
        fail(p.where, "a glyph is a short text or an .svg file name, 1 to 256 bytes");
      if (text.size() > 4 && text.compare(text.size() - 4, 4, ".svg") == 0) {
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

  // ---- board -----------------------------------------------------------
  void board() {
    const Value* b = game_.get("board");
    if (!b) fail(game_.where, "the game has no board (board = grid { width = 8, height = 8 })");
    ctx_ = where_of(*b);
    if (b->tag == "grid") {
      check_fields(*b, "grid");
      int w = int_or(*b, "width", 0, 1, kMaxGridSide), h = int_or(*b, "height", 0, 1, kMaxGridSide);
      if (w < 1 || h < 1)
        fail(b->where,
             "grid needs a width and a height, each from 1 to " + std::to_string(kMaxGridSide));
      r_->topology = Topology::grid(w, h);
      view_->checkered = bool_or(*b, "checkered", true);
    } else if (b->tag == "points") {
      check_fields(*b, "points");
      std::vector<std::string> names;
      std::vector<std::array<int, 2>> coords;
      std::vector<std::array<std::string, 2>> links;
      const Value* pts = b->get("points");
      if (!pts) fail(b->where, "points { } needs points = { {\"name\", x, y}, ... }");
      for (auto& p : list(*pts, "points")) {
        if (p.items.size() != 3) fail(b->where, "each point is {\"name\", x, y}");
        names.push_back(string(p.items[0], "a point name"));
        coords.push_back({integer(p.items[1], "x", -kMaxCoordinate, kMaxCoordinate),
                          integer(p.items[2], "y", -kMaxCoordinate, kMaxCoordinate)});
      }
      if (auto* ls = b->get("links"))
        for (auto& l : list(*ls, "links")) {
          if (l.items.size() != 2) fail(b->where, "each link is {\"a\", \"b\"}");
          links.push_back({string(l.items[0], "a link end"), string(l.items[1], "a link end")});
        }
      auto t = Topology::points(names, coords, links);
      if (!t) fail(b->where, t.error().what);
      r_->topology = std::move(*t);
    } else {
      fail(where_of(*b), "board must be grid { ... } or points { ... }");
    }
    if (auto* ls = b->get("lines")) {
      std::vector<std::vector<SiteId>> lines;
      for (auto& l : list(*ls, "lines")) {
        std::vector<SiteId> line;
        for (auto& n : strings(l, "a line")) line.push_back(site(n, where_of(*b)));
        // The board also indexes each line by the sites on it.
        spend_bytes(2 * (sizeof(line) + line.size() * sizeof(SiteId)), where_of(*b));
        lines.push_back(line);
      }
      r_->topology.set_lines(std::move(lines));
    }
  }

  // ---- seats -----------------------------------------------------------
  void seats() {
    const Value* s = game_.get("seats");
    if (!s) {
      r_->seats = {{"white", 0, 0}, {"black", 1, 2}};
    } else {
      if (list(*s, "seats").size() > static_cast<size_t>(kMaxSeats))
        fail(where_of(*s), "a game has 1 to " + std::to_string(kMaxSeats) + " seats");
      int i = 0;
      for (auto& v : list(*s, "seats")) {
        Seat seat;
        if (v.is_string()) {
          seat.name = v.str;
          seat.team = i;
          seat.facing = i == 0 ? 0 : 2;
        } else {
          seat.name = str_or(v, "name", "");
          seat.team = int_or(v, "team", i + 1, 1, kMaxSeats) - 1;
          std::string f = str_or(v, "facing", i == 0 ? "north" : "south");
          static const std::vector<std::string> kFacing = {"north", "east", "south", "west"};
          auto it = std::find(kFacing.begin(), kFacing.end(), f);
          if (it == kFacing.end())
            fail(where_of(*s), "facing must be north, east, south or west, not '" + f + "'");
          seat.facing = static_cast<int>(it - kFacing.begin());
        }
        if (seat.name.empty()) fail(where_of(*s), "every seat needs a name");
        for (auto& other : r_->seats)
          if (other.name == seat.name)
            fail(where_of(*s), "two seats are named '" + seat.name + "'");
        r_->seats.push_back(seat);
        ++i;
      }
    }
    if (r_->num_seats() < 1 || r_->num_seats() > kMaxSeats)
      fail(where_of(*s), "a game has 1 to " + std::to_string(kMaxSeats) + " seats");
    if (auto* o = game_.get("turn_order"))
      for (auto& n : strings(*o, "turn_order"))
        r_->turn_order.push_back(seat_named(n, game_.where));
    if (auto* f = game_.get("first")) r_->first = seat_named(string(*f, "first"), game_.where);
  }

  // ---- regions ----------------------------------------------------------
  std::vector<uint8_t> sites_mask(const Value& v, const std::string& where) {
    std::vector<uint8_t> m(r_->topology.size(), 0);
    for (auto& n : strings(v, "a region")) m[site(n, where)] = 1;
    return m;
  }

  // Rank k as seen by a seat (1 = its own first rank).
  std::vector<uint8_t> rank_mask(SeatId seat, int k) {
    const Topology& t = r_->topology;
    std::vector<uint8_t> m(t.size(), 0);
    int facing = r_->seats[seat].facing;
    for (SiteId s = 0; s < t.size(); ++s) {
      int r = facing == 0   ? t.y(s) + 1
              : facing == 2 ? t.height() - t.y(s)
              : facing == 1 ? t.x(s) + 1
                            : t.width() - t.x(s);
      if (!t.is_grid()) r = facing == 0 ? t.y(s) + 1 : -1;
      m[s] = r == k;
    }
    return m;
  }

  void regions() {
    const Value* rs = game_.get("regions");
    if (!rs) return;
    for (auto& [name, v] : rs->fields) {
      Region g;
      g.name = name;
      std::string where = where_of(*rs);
      spend_bytes(static_cast<size_t>(kMaxSeats) * r_->topology.size(), where);
      if (v.is_table() && (v.get("rank") || v.get("ranks"))) {
        std::vector<int> ks;
        if (auto* k = v.get("rank")) ks.push_back(integer(*k, "rank", 1, kMaxSites));
        if (auto* k = v.get("ranks"))
          for (auto& x : list(*k, "ranks")) ks.push_back(integer(x, "ranks", 1, kMaxSites));
        for (SeatId s = 0; s < r_->num_seats(); ++s) {
          g.member[s].assign(r_->topology.size(), 0);
          for (int k : ks) {
            auto m = rank_mask(s, k);
            for (size_t i = 0; i < m.size(); ++i) g.member[s][i] |= m[i];
          }
        }
      } else if (v.is_table() && !v.fields.empty()) {
        for (SeatId s = 0; s < r_->num_seats(); ++s) g.member[s].assign(r_->topology.size(), 0);
        for (auto& [seat_name, sites] : v.fields)
          g.member[seat_named(seat_name, where)] = sites_mask(sites, where);
      } else {
        auto m = sites_mask(v, where);
        for (SeatId s = 0; s < r_->num_seats(); ++s) g.member[s] = m;
      }
      for (SeatId s = r_->num_seats(); s < kMaxSeats; ++s)
        g.member[s].assign(r_->topology.size(), 0);
      r_->regions.push_back(std::move(g));
    }
  }

  void flags_and_counters() {
    r_->flag_names = {"moved"};
    r_->seat_counter_names = {"captured", "stakes"};
    if (auto* c = game_.get("counters"))
      for (auto& n : strings(*c, "counters")) {
        if (r_->seat_counter_names.size() >= static_cast<size_t>(kMaxSeatCounters))
          fail(c->where.empty() ? game_.where : c->where,
               "more than " + std::to_string(kMaxSeatCounters) +
                   " counters per seat, two of them built in (kMaxSeatCounters)");
        r_->seat_counter_names.push_back(n);
      }
  }

  // The labels a generate hook's moves may carry: those of the move rules and
  // those the game lists in `labels`, each a rule no piece has.
  void generated_labels() {
    const Value* g = game_.get("generate");
    std::vector<std::string> labels;
    for (const MoveRule& rule : r_->rules)
      if (!rule.label.empty() &&
          std::find(labels.begin(), labels.end(), rule.label) == labels.end())
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

  uint8_t flag_bit(const std::string& name, const std::string& where) {
    for (size_t i = 0; i < r_->flag_names.size(); ++i)
      if (r_->flag_names[i] == name) return static_cast<uint8_t>(1u << i);
    if (r_->flag_names.size() >= static_cast<size_t>(kMaxFlags))
      fail(where, "too many once-per-game flags (at most " + std::to_string(kMaxFlags - 1) + ")");
    r_->flag_names.push_back(name);
    return static_cast<uint8_t>(1u << (r_->flag_names.size() - 1));
  }

  // ---- directions --------------------------------------------------------
  std::vector<DirId> relative_dirs(const std::string& n, const std::string& where) {
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
  std::array<std::vector<DirId>, kMaxSeats> dirs(const Value& v, const std::string& where) {
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
  Mode mode(const Value& v, Mode dflt) {
    auto* m = v.get("mode");
    if (!m) return dflt;
    std::string s = string(*m, "mode");
    if (s == "move") return Mode::kMove;
    if (s == "capture") return Mode::kCapture;
    if (s == "any" || s == "both") return Mode::kBoth;
    fail(v.where, "mode must be \"move\", \"capture\" or \"any\", not '" + s + "'");
  }

  int add_rule(const Value& v) {
    WhereScope scope(ctx_, v.where);
    static const std::vector<std::string> kMoves = {"step", "slide",  "leap",     "walk",
                                                    "hop",  "castle", "anywhere", "screen"};
    if (std::find(kMoves.begin(), kMoves.end(), v.tag) == kMoves.end())
      fail(where_of(v),
           "moves takes step { }, slide { }, leap { }, walk { }, hop { }, screen { }, castle "
           "{ } or anywhere { }, not " +
               (v.tag.empty() ? std::string("a plain ") + v.kind_name() : v.tag + " { }"));
    if (r_->rules.size() >= kMaxMoveRules)
      fail(where_of(v),
           "more than " + std::to_string(kMaxMoveRules) + " move rules in all (kMaxMoveRules)");
    check_fields(v, v.tag);
    MoveRule rule;
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
      rule.mode = Mode::kCapture;
    } else if (tag == "castle") {
      rule.kind = RuleKind::kCastle;
      std::string d = str_or(v, "dir", "");
      rule.castle_dir = Topology::direction_named(d);
      if (rule.castle_dir < 0) fail(v.where, "castle needs dir = \"e\" or another compass name");
      rule.castle_steps = int_or(v, "steps", 2, 1, kMaxSites);
      auto* w = v.get("with");
      if (!w) fail(v.where, "castle needs with = \"<partner piece>\"");
      pending_partners_.push_back(
          {static_cast<int>(r_->rules.size()), string(*w, "with"), v.where});
      rule.mode = Mode::kMove;
      if (auto* p = v.get("partner")) castle_sites(*p, v.where, rule);
    } else if (tag == "screen") {
      rule.kind = RuleKind::kScreen;
      auto* d = v.get("dirs");
      if (!d) fail(v.where, "screen needs dirs");
      rule.dirs = dirs(*d, v.where);
      rule.screen_before = int_or(v, "before", 0, 0, kMaxSites);
      rule.screen_after = int_or(v, "after", 0, 0, kMaxSites);
    } else {  // anywhere
      rule.kind = RuleKind::kAnywhere;
    }
    spend_bytes(sizeof(MoveRule), v.where);
    r_->rules.push_back(std::move(rule));
    return static_cast<int>(r_->rules.size() - 1);
  }

  // partner = "a1" (as the first seat sees it; mirrored rank for a seat facing
  // south) or { seat = "site", ... }: the site the castling partner stands on.
  void castle_sites(const Value& p, const std::string& where, MoveRule& rule) {
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

  void compile_leap(const Value& v, MoveRule& rule) {
    rule.kind = RuleKind::kTable;
    auto* o = v.get("offsets");
    if (!o) fail(v.where, "leap needs offsets = { {1, 2}, ... }");
    bool symmetric = bool_or(v, "symmetric", true);
    std::vector<Offset> offs;
    std::set<std::pair<int, int>> seen;
    auto add = [&](Offset x) {
      if (seen.insert({x.dx, x.dy}).second) offs.push_back(x);
    };
    rule.shape.symmetric = symmetric;
    // Lame leaps: the sites on the way that must be empty, as offsets turned
    // with each leap's own offset.
    const bool lame = bool_or(v, "lame", false);
    std::vector<Offset> via;
    if (auto* w = v.get("via")) {
      if (lame) fail(v.where, "leap takes lame = true or via = { ... }, not both");
      for (auto& p : list(*w, "via")) via.push_back(offset(p, v.where, "via"));
      if (via.empty()) fail(v.where, "leap via = { {dx, dy}, ... } names no site");
      if (via.size() > static_cast<size_t>(kMaxWalk))
        fail(v.where, "leap via names more than " + std::to_string(kMaxWalk) + " sites");
    }
    std::vector<LameOffset> lame_offs;
    std::set<std::pair<int, int>> lame_seen;
    auto add_lame = [&](Offset x, const std::vector<Offset>& vx) {
      if (lame_seen.insert({x.dx, x.dy}).second)
        lame_offs.push_back({x, lame ? lame_path(x, kMaxWalk) : vx});
    };
    for (auto& p : list(*o, "offsets")) {
      Offset base = offset(p, v.where, "offsets");
      rule.shape.offsets.push_back(base);
      if (!symmetric) {
        add(base);
        add_lame(base, via);
        continue;
      }
      for (int sx : {1, -1})
        for (int sy : {1, -1})
          for (bool swap : {false, true}) {
            auto turn = [&](Offset x) {
              return swap ? Offset{x.dy * sx, x.dx * sy} : Offset{x.dx * sx, x.dy * sy};
            };
            add(turn(base));
            std::vector<Offset> vt;
            for (Offset x : via) vt.push_back(turn(x));
            add_lame(turn(base), vt);
          }
    }
    if (lame || !via.empty()) {
      if (v.get("max")) fail(v.where, "leap takes max (a rider) or lame/via, not both");
      if (!via.empty() && rule.shape.offsets.size() != 1)
        fail(v.where, "leap via = { ... } needs exactly one offset (write one leap per offset)");
      for (const LameOffset& l : lame_offs)
        if (l.via.size() > static_cast<size_t>(kMaxWalk))
          fail(v.where, "a lame leap passes more than " + std::to_string(kMaxWalk) + " sites");
      rule.shape.lame = lame;
      rule.shape.via = via;
      const Topology& t = r_->topology;
      spend_steps(static_cast<long>(r_->num_seats()) * t.size() * static_cast<long>(offs.size()),
                  v.where);
      table_bytes(t.size(), v.where);
      const size_t paths = build_lame_leaps(t, r_->seats, lame_offs, rule);
      spend_bytes(paths * sizeof(WalkPath), v.where);
      return;
    }
    const int rides = int_or(v, "max", 1, 0, kMaxSites);
    rule.shape.rides = rides;
    if (rides != 1) return compile_rider(v, rule, offs, rides);
    const Topology& t = r_->topology;
    spend_steps(static_cast<long>(r_->num_seats()) * t.size() * static_cast<long>(offs.size()),
                v.where);
    table_bytes(t.size(), v.where);
    rule.table.assign(kMaxSeats, std::vector<std::vector<SiteId>>(t.size()));
    size_t entries = 0;
    for (SeatId s = 0; s < r_->num_seats(); ++s)
      for (SiteId from = 0; from < t.size(); ++from)
        for (Offset off : offs) {
          Offset r = rotate(off, r_->seats[s].facing);
          SiteId to = t.at(t.x(from) + r.dx, t.y(from) + r.dy);
          if (to != kNoSite && to != from) {
            rule.table[s][from].push_back(to);
            ++entries;
          }
        }
    spend_bytes(entries * sizeof(SiteId), v.where);
  }

  // A leap repeated along its line (max = n leaps, 0: any number), over empty
  // landing sites only: a walk whose path is the sites it lands on before the last.
  void compile_rider(const Value& v, MoveRule& rule, const std::vector<Offset>& offs, int rides) {
    const Topology& t = r_->topology;
    rule.kind = RuleKind::kWalk;
    table_bytes(t.size(), v.where);
    rule.walks.assign(kMaxSeats, std::vector<std::vector<WalkPath>>(t.size()));
    for (SeatId s = 0; s < r_->num_seats(); ++s)
      for (SiteId from = 0; from < t.size(); ++from) {
        std::vector<WalkPath>& paths = rule.walks[s][from];
        for (Offset off : offs) {
          const Offset r = rotate(off, r_->seats[s].facing);
          WalkPath p{};
          SiteId at = from;
          for (int k = 1; rides == 0 || k <= rides; ++k) {
            spend_steps(1, v.where);
            const SiteId to = t.at(t.x(at) + r.dx, t.y(at) + r.dy);
            if (to == kNoSite || to == from) break;
            if (k > 1) {
              if (p.nvia == kMaxWalk)
                fail(v.where, "a leap repeated along its line passes more than " +
                                  std::to_string(kMaxWalk) + " sites (kMaxWalk)");
              p.via[p.nvia++] = at;
            }
            p.dest = to;
            paths.push_back(p);
            at = to;
          }
        }
        sort_paths(paths);
        spend_bytes(paths.size() * sizeof(WalkPath), v.where);
      }
  }

  Offset offset(const Value& p, const std::string& where, const std::string& what) {
    if (p.items.size() != 2) fail(where, "each entry of " + what + " is {dx, dy}");
    return Offset{integer(p.items[0], "dx", -kMaxCoordinate, kMaxCoordinate),
                  integer(p.items[1], "dy", -kMaxCoordinate, kMaxCoordinate)};
  }

  void compile_walk(const Value& v, MoveRule& rule) {
    std::vector<std::array<std::vector<DirId>, kMaxSeats>> legs;
    if (auto* l = v.get("legs")) {
      if (v.get("steps") || v.get("dirs")) fail(v.where, "walk takes either legs or steps+dirs");
      for (auto& leg : list(*l, "legs")) legs.push_back(dirs(leg, v.where));
    } else {
      const Value* sv = v.get("steps");
      int steps = sv ? integer(*sv, "steps", 1, kMaxWalk,
                               "a walk may have at most " + std::to_string(kMaxWalk) + " steps")
                     : 0;
      auto* d = v.get("dirs");
      if (steps < 1 || !d) fail(v.where, "walk needs steps = N and dirs = ..., or legs = { ... }");
      if (steps > kMaxWalk)
        fail(v.where, "a walk may have at most " + std::to_string(kMaxWalk) + " steps");
      auto ds = dirs(*d, v.where);
      for (int i = 0; i < steps; ++i) legs.push_back(ds);
    }
    if (legs.size() > static_cast<size_t>(kMaxWalk))
      fail(v.where, "a walk may have at most " + std::to_string(kMaxWalk) + " steps");
    bool exact = bool_or(v, "exact", true);
    bool turn = bool_or(v, "turn", true);
    bool revisit = bool_or(v, "revisit", false);
    bool jump = bool_or(v, "jump", false);
    bool any_order = bool_or(v, "any_order", false);
    bool no_reverse = bool_or(v, "no_reverse", false);
    rule.shape.walk = true;
    for (auto& l : legs) rule.shape.legs.push_back(l[0]);
    rule.shape.exact = exact;
    rule.shape.turn = turn;
    rule.shape.revisit = revisit;
    rule.shape.jump = jump;
    rule.shape.any_order = any_order;
    rule.shape.no_reverse = no_reverse;
    const Topology& t = r_->topology;
    const int n = t.size();
    rule.kind = jump ? RuleKind::kTable : RuleKind::kWalk;
    table_bytes(n, v.where);
    if (jump)
      rule.table.assign(kMaxSeats, std::vector<std::vector<SiteId>>(n));
    else
      rule.walks.assign(kMaxSeats, std::vector<std::vector<WalkPath>>(n));
    for (SeatId s = 0; s < r_->num_seats(); ++s) {
      std::vector<std::vector<std::vector<DirId>>> orders;
      std::vector<std::vector<DirId>> fwd;
      for (auto& l : legs) fwd.push_back(l[s]);
      orders.push_back(fwd);
      if (any_order) {
        auto rev = fwd;
        std::reverse(rev.begin(), rev.end());
        if (rev != fwd) orders.push_back(rev);
      }
      for (SiteId from = 0; from < n; ++from) {
        std::vector<WalkPath> paths;
        std::vector<uint8_t> visited(n, 0);
        visited[from] = 1;
        WalkPath cur{};
        std::vector<DirId> used;
        for (auto& order : orders) {
          std::function<void(SiteId, int)> dfs = [&](SiteId at, int depth) {
            spend_steps(1, v.where);
            if (depth > 0 && (depth == static_cast<int>(order.size()) || !exact)) {
              WalkPath p = cur;
              p.dest = at;
              if (at != from) {
                // Kept until duplicates are dropped: bounded like the kept ones.
                if (bytes_ + (paths.size() + 1) * sizeof(WalkPath) > kMaxCompiledBytes)
                  spend_bytes((paths.size() + 1) * sizeof(WalkPath), v.where);
                paths.push_back(p);
              }
            }
            if (depth == static_cast<int>(order.size())) return;
            for (DirId d : order[depth]) {
              if (!turn && !used.empty() && d != used.front()) continue;
              if (no_reverse &&
                  std::find(used.begin(), used.end(), Topology::opposite(d)) != used.end())
                continue;
              SiteId nx = t.neighbor(at, d);
              if (nx == kNoSite || (!revisit && visited[nx])) continue;
              ++visited[nx];
              used.push_back(d);
              if (depth > 0) cur.via[cur.nvia++] = at;
              dfs(nx, depth + 1);
              if (depth > 0) --cur.nvia;
              used.pop_back();
              --visited[nx];
            }
          };
          dfs(from, 0);
        }
        // One entry per distinct (destination, intermediate sites).
        sort_paths(paths);
        if (jump) {
          for (auto& p : paths)
            if (rule.table[s][from].empty() || rule.table[s][from].back() != p.dest)
              rule.table[s][from].push_back(p.dest);
          spend_bytes(rule.table[s][from].size() * sizeof(SiteId), v.where);
        } else {
          spend_bytes(paths.size() * sizeof(WalkPath), v.where);
          rule.walks[s][from] = std::move(paths);
        }
      }
    }
  }

  // ---- what compiling costs -------------------------------------------------
  // Steps of precomputing leaps and walks, and bytes of the tables built, for
  // all rules together: a few lines of script must not keep the compiler busy
  // for hours or fill the memory.
  long steps_ = 0;
  size_t bytes_ = 0;

  void spend_steps(long n, const std::string& where) {
    steps_ += n;
    if (steps_ > kMaxPrecomputeSteps)
      fail(where, "the moves take more than " + std::to_string(kMaxPrecomputeSteps) +
                      " steps to precompute (kMaxPrecomputeSteps): too many leap offsets or "
                      "walk paths");
  }
  void spend_bytes(size_t n, const std::string& where) {
    bytes_ += n;
    if (bytes_ > kMaxCompiledBytes)
      fail(where, "the compiled tables take more than " + std::to_string(kMaxCompiledBytes >> 20) +
                      " MiB (kMaxCompiledBytes): too many or too large move rules, regions or "
                      "lines");
  }
  // The per-seat, per-site lists of a precomputed rule, before anything is in them.
  void table_bytes(int sites, const std::string& where) {
    spend_bytes(static_cast<size_t>(kMaxSeats) * sites * sizeof(std::vector<SiteId>), where);
  }

  // ---- pieces ------------------------------------------------------------
  struct PendingPartner {
    int rule;
    std::string name;
    std::string where;
  };
  std::vector<PendingPartner> pending_partners_;
  uint8_t promoted_flag_ = 0;
  HandsCompiler hands() { return HandsCompiler(*r_, ctx_); }

  // betza = "...": its elements compiled as if written out; initial moves (i)
  // start from the start squares of the piece's type, known once the setup is read.
  std::vector<std::pair<int, size_t>> initial_rules_;  // (rule, type)
  void betza_rules(const std::string& text, const std::string& where, size_t type) {
    auto elements = betza_elements(text, where);
    if (!elements) fail(elements.error().where, elements.error().what);
    for (const BetzaElement& e : *elements) {
      const int ri = add_rule(e.element);
      r_->types[type].rules.push_back(ri);
      if (e.initial) initial_rules_.push_back({ri, type});
    }
  }
  void start_regions() {
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

  // promotion = { zone = "...", to = { ... } | "start", optional, only_lost, ask, when,
  //               in_capture = "at-end" | "continue" | "stop" }
  Promotion promotion(const Value& pr, PieceType& tt, const std::string& where) {
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
        fail(where, "promotion.in_capture must be \"at-end\", \"continue\" or \"stop\", not \"" +
                        v + "\"");
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
          k != "ask" && k != "when" && k != "in_capture" && !HandsCompiler::is_promotion_field(k))
        fail(where, "unknown field '" + k +
                        "' in promotion (allowed: zone, to, optional, only_lost, none_lost, ask, "
                        "when, in_capture, on, forced, mark)");
    hands().promotion_fields(pr, out, where);
    if (ask && out.on != (Promotion::kEnter | Promotion::kWithin))
      fail(where,
           "promotion.on cannot be combined with ask: the stage sees only where the piece is");
    if (out.mark) promoted_flag_ = flag_bit("promoted", where);
    return out;
  }

  void pieces() {
    const Value* ps = game_.get("pieces");
    if (!ps) fail(game_.where, "the game has no pieces");
    auto items = list(*ps, "pieces");
    if (items.empty()) fail(where_of(*ps), "the game has no pieces");
    if (items.size() > static_cast<size_t>(kMaxTypes))
      fail(where_of(*ps), "at most " + std::to_string(kMaxTypes) + " piece types");
    // Names first, so that promotions and capture lists may name any piece.
    for (auto& p : items) {
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
      r_->types.push_back(t);
      view_->glyphs.emplace_back();
      view_->san_no_letter.push_back(false);
      glyphs(p, static_cast<TypeId>(r_->types.size() - 1));
    }
    for (size_t i = 0; i < items.size(); ++i) hands().piece_fields(items[i], r_->types[i]);
    for (size_t i = 0; i < items.size(); ++i) {
      const Value& p = items[i];
      WhereScope scope(ctx_, p.where);
      PieceType& t = r_->types[i];
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
      if (std::string san = str_or(p, "san", "letter"); san == "no-letter")
        view_->san_no_letter[i] = true;
      else if (san != "letter")
        fail(p.where, "san must be \"letter\" or \"no-letter\", not '" + san + "'");
      if (auto* b = p.get("betza")) betza_rules(string(*b, "betza"), p.where, i);
      if (auto* m = p.get("moves"))
        for (auto& mv : list(*m, "moves")) {
          int ri = add_rule(mv);
          r_->types[i].rules.push_back(ri);
        }
      PieceType& tt = r_->types[i];
      if (auto* c = p.get("captures")) {
        tt.captures = 0;
        for (auto& n : strings(*c, "captures")) tt.captures |= 1u << type_named(n, p.where);
      }
      if (auto* c = p.get("cannot_capture"))
        for (auto& n : strings(*c, "cannot_capture"))
          tt.captures &= ~(1u << type_named(n, p.where));
      if (auto* pr = p.get("promotion")) {
        // One clause, or a list of clauses tried in order.
        std::vector<const Value*> clauses;
        if (pr->is_table() && pr->fields.empty() && !pr->items.empty())
          for (auto& c : pr->items) clauses.push_back(&c);
        else
          clauses.push_back(pr);
        for (const Value* c : clauses) tt.promotions.push_back(promotion(*c, tt, p.where));
      }
      if (auto* tc = p.get("takes_command")) {
        const std::string v = string(*tc, "takes_command");
        if (v != "ally-start")
          fail(p.where, "takes_command must be \"ally-start\", not '" + v + "'");
        tt.takes_command = true;
      }
      if (auto* sq = p.get("square")) {
        if (!sq->is_table()) fail(p.where, "square = { size = 2, enemies = \"capture\", ... }");
        if (!r_->topology.is_grid())
          fail(p.where, "square = ... needs a grid board (squares are read from its coordinates)");
        for (auto& [k, _] : sq->fields)
          if (k != "size" && k != "enemies" && k != "allies")
            fail(p.where, "unknown field '" + k + "' in square (allowed: size, enemies, allies)");
        tt.square = int_or(*sq, "size", 2, 2, 4);
        const std::string en = str_or(*sq, "enemies", "stay");
        const std::string al = str_or(*sq, "allies", "stay");
        if (en != "capture" && en != "stay")
          fail(p.where, "square.enemies must be \"capture\" or \"stay\", not '" + en + "'");
        if (al != "take" && al != "stay")
          fail(p.where, "square.allies must be \"take\" or \"stay\", not '" + al + "'");
        tt.square_captures = en == "capture";
        tt.square_takes = al == "take";
        if (!tt.square_captures && !tt.square_takes)
          fail(p.where,
               "square = ... does nothing: give enemies = \"capture\" or allies = \"take\"");
      }
      if (auto* rl = p.get("roll")) {
        tt.roll_mask = 0;
        for (auto& x : list(*rl, "roll")) {
          int v = integer(x, "roll", 1, Dice::kMaxFace, "roll values are die faces");
          tt.roll_mask |= 1u << v;
        }
      }
      if (auto* d = p.get("drop")) {
        MoveRule rule;
        rule.kind = RuleKind::kDrop;
        rule.mode = Mode::kMove;
        rule.where = p.where;
        rule.drop_type = static_cast<TypeId>(i);
        if (d->is_string()) {
          rule.to_region = region_named(d->str, p.where);
        } else if (d->is_table() && d->items.empty()) {
          for (auto& [k, _] : d->fields)
            if (k != "to" && k != "phase" && !HandsCompiler::is_drop_field(k))
              fail(p.where, "unknown field '" + k +
                                "' in drop (allowed: to, phase, stuck, file_free_of, mate)");
          if (auto* to = d->get("to"))
            rule.to_region = region_named(string(*to, "drop.to"), p.where);
          if (auto* ph = d->get("phase")) rule.phases = phase_mask(*ph, p.where);
          hands().drop_fields(*d, rule, p.where);
        } else if (!(d->is_bool() && d->boolean)) {
          fail(p.where,
               "drop = true, drop = \"region\" or drop = { to = \"region\", phase = ... }");
        }
        r_->rules.push_back(rule);
      }
    }
    for (auto& pp : pending_partners_)
      r_->rules[pp.rule].castle_partner = type_named(pp.name, pp.where);
  }

  // ---- phases and stages ---------------------------------------------------
  // "hand > 0 and pieces == 3": comparisons of a quantity of the seat to move.
  Condition condition(const std::string& text, const std::string& where) {
    Condition c;
    c.text = text;
    const std::vector<std::string> w = words(text, "a condition", where);
    static const std::map<std::string, Condition::Op> kOps = {
        {"<", Condition::Op::kLt},  {"<=", Condition::Op::kLe}, {"==", Condition::Op::kEq},
        {"~=", Condition::Op::kNe}, {"!=", Condition::Op::kNe}, {">=", Condition::Op::kGe},
        {">", Condition::Op::kGt}};
    static const std::map<std::string, Condition::Subject> kSubjects = {
        {"hand", Condition::Subject::kHand},
        {"pieces", Condition::Subject::kPieces},
        {"team_pieces", Condition::Subject::kTeamPieces},
        {"enemy_pieces", Condition::Subject::kEnemyPieces},
        {"empty", Condition::Subject::kEmpty},
        {"captured", Condition::Subject::kCaptured},
        {"ply", Condition::Subject::kPly}};
    const std::string form =
        "a condition is 'QUANTITY OP NUMBER' joined by 'and', where QUANTITY is hand, pieces, "
        "team_pieces, enemy_pieces (each optionally :PIECE or :PIECE,PIECE,..., counting those "
        "types, and @REGION, counting those in a region), empty, captured, "
        "ply or a counter's name and OP is <, <=, ==, ~=, >=, >";
    for (size_t i = 0; i < w.size(); i += 4) {
      if (i + 3 > w.size() || (i + 3 < w.size() && w[i + 3] != "and"))
        fail(where, "cannot read condition '" + text + "': " + form);
      Condition::Term t;
      std::string quantity = w[i];
      if (const size_t at = quantity.find('@'); at != std::string::npos) {
        const std::string region = quantity.substr(at + 1);
        quantity.resize(at);
        const std::string base = quantity.substr(0, quantity.find(':'));
        if (base != "pieces" && base != "team_pieces" && base != "enemy_pieces")
          fail(where, "condition '" + text +
                          "': only pieces, team_pieces and enemy_pieces count the pieces in a "
                          "region (" +
                          w[i] + ")");
        t.region = region_named(region, where);
      }
      if (const size_t colon = quantity.find(':'); colon != std::string::npos) {
        const std::string types = quantity.substr(colon + 1);
        quantity.resize(colon);
        if (quantity != "pieces" && quantity != "team_pieces" && quantity != "enemy_pieces")
          fail(where, "condition '" + text +
                          "': only pieces, team_pieces and enemy_pieces count "
                          "one type (" +
                          w[i] + ")");
        if (r_->types.empty())
          fail(where, "condition '" + text + "': a phase cannot count pieces of one type");
        std::stringstream list(types);
        for (std::string type; std::getline(list, type, ',');)
          t.types |= 1u << type_named(type, where);
        if (!t.types) fail(where, "condition '" + text + "': no piece named after ':'");
      }
      auto sub = kSubjects.find(quantity);
      if (sub != kSubjects.end()) {
        t.subject = sub->second;
      } else {
        auto& names = r_->seat_counter_names;
        auto it = std::find(names.begin(), names.end(), w[i]);
        if (it == names.end())
          fail(where, "condition '" + text + "': unknown quantity '" + w[i] + "'; " + form);
        t.subject = Condition::Subject::kCounter;
        t.counter = static_cast<int>(it - names.begin());
      }
      auto op = kOps.find(w[i + 1]);
      if (op == kOps.end())
        fail(where, "condition '" + text + "': unknown comparison '" + w[i + 1] + "'; " + form);
      t.op = op->second;
      int v = 0;
      auto [p, ec] = std::from_chars(w[i + 2].data(), w[i + 2].data() + w[i + 2].size(), v);
      if (ec != std::errc() || p != w[i + 2].data() + w[i + 2].size() || v < -1000000 ||
          v > 1000000)
        fail(where, "condition '" + text + "': '" + w[i + 2] + "' is not a whole number");
      t.value = v;
      c.terms.push_back(t);
    }
    return c;
  }

  void phases() {
    const Value* ps = game_.get("phases");
    if (!ps) return;
    if (list(*ps, "phases").size() > kMaxPhases)
      fail(where_of(*ps), "at most " + std::to_string(kMaxPhases) + " phases (kMaxPhases)");
    for (auto& p : list(*ps, "phases")) {
      if (p.tag != "phase")
        fail(where_of(p), "each entry of phases must be phase { name = ..., when = ... }");
      check_fields(p, "phase");
      Phase ph;
      ph.name = str_or(p, "name", "");
      if (ph.name.empty()) fail(p.where, "a phase needs a name");
      for (auto& o : r_->phases)
        if (o.name == ph.name) fail(p.where, "two phases are named '" + ph.name + "'");
      ph.when = condition(str_or(p, "when", ""), p.where);
      r_->phases.push_back(ph);
    }
  }

  uint32_t phase_mask(const Value& v, const std::string& where) {
    if (r_->phases.empty())
      fail(where, "phase = ... names a phase, but the game declares no phases");
    uint32_t mask = 0;
    for (auto& n : strings(v, "phase")) {
      bool found = false;
      for (size_t i = 0; i < r_->phases.size(); ++i)
        if (r_->phases[i].name == n) {
          mask |= 1u << i;
          found = true;
        }
      if (!found) {
        std::vector<std::string> names;
        for (auto& ph : r_->phases) names.push_back(ph.name);
        fail(where, "no phase named '" + n + "' (phases: " + join(names) + ")");
      }
    }
    return mask;
  }

  template <typename E>
  E pick(const Value& v, const std::string& key,
         const std::vector<std::pair<std::string, E>>& choices, E dflt) {
    auto* x = v.get(key);
    if (!x) return dflt;
    std::string s = string(*x, key);
    std::vector<std::string> names;
    for (auto& [n, e] : choices) {
      if (n == s) return e;
      names.push_back(n);
    }
    fail(where_of(v), key + " must be one of " + join(names) + ", not '" + s + "'");
  }

  // effects = { accept = { restore = "rajah" }, ... }: what each answer does.
  void answer_effects(const Value& e, Stage& st) {
    if (!e.is_table() || !e.items.empty())
      fail(st.where, "effects = { ANSWER = { ... }, ... } names answers of the stage");
    for (auto& [answer, eff] : e.fields) {
      auto it = std::find(st.answers.begin(), st.answers.end(), answer);
      if (it == st.answers.end())
        fail(st.where, "effects names '" + answer + "', which is not one of the answers (" +
                           join(st.answers) + ")");
      st.effects[it - st.answers.begin()] = effect(eff, "effects." + answer, st.where);
    }
  }

  // { restore = "piece", seats = "all" | "team" }
  Stage::Effect effect(const Value& eff, const std::string& what, const std::string& where) {
    if (!eff.is_table()) fail(where, what + " must be a table");
    Stage::Effect out;
    for (auto& [k, x] : eff.fields) {
      if (k == "restore") {
        out.restore = type_named(string(x, "restore"), where);
      } else if (k == "seats") {
        const std::string s = string(x, "seats");
        if (s != "all" && s != "team")
          fail(where, what + ".seats must be \"all\" or \"team\", not '" + s + "'");
        out.team_only = s == "team";
      } else {
        fail(where, "unknown field '" + k + "' in " + what + " (allowed: restore, seats)");
      }
    }
    if (out.restore < 0) fail(where, what + " does nothing: give restore = \"piece\"");
    return out;
  }

  // actions = { action { name = "exchange", when = "...", stage = "offer" } }
  void actions() {
    const Value* as = game_.get("actions");
    if (!as) return;
    for (auto& v : list(*as, "actions")) {
      if (v.tag != "action")
        fail(where_of(v), "each entry of actions must be action { name = ..., stage = ... }");
      check_fields(v, "action");
      Action a;
      a.where = v.where;
      a.name = str_or(v, "name", "");
      if (a.name.empty() || a.name.find_first_of(" \t\n") != std::string::npos)
        fail(v.where, "an action needs a name without spaces");
      for (auto& o : r_->actions)
        if (o.name == a.name) fail(v.where, "two actions are named '" + a.name + "'");
      for (auto& st : r_->stages)
        for (auto& ans : st.answers)
          if (ans == a.name)
            fail(v.where,
                 "action '" + a.name + "' has the name of an answer of stage '" + st.name + "'");
      a.when = condition(str_or(v, "when", ""), v.where);
      const std::string stage = str_or(v, "stage", "");
      a.stage = r_->stage_index(stage);
      if (auto* e = v.get("effects")) {
        if (!stage.empty())
          fail(v.where,
               "an action has stage = ... (answered) or effects = ... (at once), not both");
        a.effect = effect(*e, "effects", v.where);
      } else if (a.stage < 0) {
        fail(v.where, "action needs stage = the name of a declared stage, or effects = { ... }");
      }
      r_->actions.push_back(a);
    }
  }

  void stages() {
    if (const Value* ss = game_.get("stages")) {
      if (list(*ss, "stages").size() > kMaxStages)
        fail(where_of(*ss), "at most " + std::to_string(kMaxStages) + " stages (kMaxStages)");
      std::vector<std::pair<std::string, std::string>> follow;  // stage -> followed_by
      for (auto& v : list(*ss, "stages")) {
        if (v.tag != "stage") fail(where_of(v), "each entry of stages must be stage { ... }");
        check_fields(v, "stage");
        Stage st;
        st.where = v.where;
        st.name = str_or(v, "name", "");
        if (st.name.empty()) fail(v.where, "a stage needs a name");
        if (r_->stage_index(st.name) >= 0) fail(v.where, "two stages are named '" + st.name + "'");
        st.who = pick<Stage::Who>(v, "who",
                                  {{"mover", Stage::Who::kMover},
                                   {"next", Stage::Who::kNext},
                                   {"next-enemy", Stage::Who::kNextEnemy}},
                                  Stage::Who::kMover);
        if (!v.get("choose"))
          fail(v.where,
               "stage needs choose = \"enemy-piece\", \"own-piece\", \"move\" or \"answer\"");
        st.choice = pick<Stage::Choice>(v, "choose",
                                        {{"enemy-piece", Stage::Choice::kRemoveEnemy},
                                         {"own-piece", Stage::Choice::kGiveOwn},
                                         {"move", Stage::Choice::kMoveAgain},
                                         {"answer", Stage::Choice::kAnswer}},
                                        Stage::Choice::kRemoveEnemy);
        st.protect = pick<Stage::Protect>(v, "protect",
                                          {{"none", Stage::Protect::kNone},
                                           {"lines-unless-all", Stage::Protect::kLinesUnlessAll}},
                                          Stage::Protect::kNone);
        st.optional = bool_or(v, "optional", false);
        if (auto* a = v.get("answers")) st.answers = strings(*a, "answers");
        if (st.choice == Stage::Choice::kAnswer && st.answers.empty())
          fail(v.where, "a stage that chooses an answer needs answers = { \"accept\", ... }");
        if (st.choice != Stage::Choice::kAnswer && !st.answers.empty())
          fail(v.where, "answers = ... goes with choose = \"answer\"");
        st.effects.resize(st.answers.size());
        if (auto* e = v.get("effects")) answer_effects(*e, st);
        if (auto* f = v.get("followed_by")) follow.push_back({st.name, string(*f, "followed_by")});
        r_->stages.push_back(st);
      }
      for (auto& [from, to] : follow) {
        int i = r_->stage_index(from), j = r_->stage_index(to);
        if (j < 0) fail(r_->stages[i].where, "followed_by names no stage '" + to + "'");
        r_->stages[i].then = j;
      }
      // A chain of stages must end.
      for (size_t i = 0; i < r_->stages.size(); ++i) {
        int k = static_cast<int>(i);
        for (size_t n = 0; n <= r_->stages.size() && k >= 0; ++n) k = r_->stages[k].then;
        if (k >= 0)
          fail(r_->stages[i].where,
               "stages follow each other in a circle from '" + r_->stages[i].name + "'");
      }
    }
    actions();
    if (const Value* ts = game_.get("triggers")) {
      for (auto& v : list(*ts, "triggers")) {
        if (v.tag != "trigger")
          fail(where_of(v), "each entry of triggers must be trigger { on = ..., stage = ... }");
        check_fields(v, "trigger");
        Trigger t;
        t.where = v.where;
        std::string on = str_or(v, "on", "");
        if (on == "line") {
          t.on = Trigger::On::kLine;
          if (r_->topology.lines().empty())
            fail(v.where,
                 "trigger on = \"line\" needs lines on the board (board = ... { lines = ... })");
        } else if (on == "full") {
          t.on = Trigger::On::kFull;
        } else if (on == "label") {
          t.on = Trigger::On::kLabel;
          t.label = str_or(v, "label", "");
          bool found = false;
          for (auto& rule : r_->rules) found |= !t.label.empty() && rule.label == t.label;
          if (!found)
            fail(v.where, "trigger on = \"label\" needs label = the label of some move rule");
        } else {
          fail(v.where, "trigger needs on = \"line\", \"full\" or \"label\"");
        }
        std::string stage = str_or(v, "stage", "");
        t.stage = r_->stage_index(stage);
        if (t.stage < 0) fail(v.where, "trigger needs stage = the name of a declared stage");
        if (auto* ph = v.get("phase")) t.phases = phase_mask(*ph, v.where);
        r_->triggers.push_back(t);
      }
    }
  }

  // ---- setup -------------------------------------------------------------
  // Setup and hand tables are plain Lua tables with no line of their own: their
  // errors name the game's line and say they come from the setup.
  void setup() {
    ctx_ = game_.where;
    try {
      setup_tables();
    } catch (CompileError& e) {
      if (e.error.what.rfind("setup", 0) != 0) e.error.what = "setup: " + e.error.what;
      throw;
    }
  }

  void setup_tables() {
    if (auto* s = game_.get("setup")) {
      if (!s->items.empty()) fail(where_of(*s), "setup = { <seat> = { <piece> = \"a1 b1\" } }");
      for (auto& [seat_name, pieces] : s->fields) {
        SeatId seat = seat_named(seat_name, where_of(*s));
        if (!pieces.is_table() || !pieces.items.empty())
          fail(where_of(*s), "setup = { <seat> = { <piece> = \"a1 b1\" } }, not " + seat_name +
                                 " = a " + pieces.kind_name());
        for (auto& [piece_name, sites] : pieces.fields) {
          TypeId t = type_named(piece_name, where_of(*s));
          for (auto& n : strings(sites, "setup sites")) {
            SiteId x = site(n, where_of(*s));
            for (auto& [y, _] : r_->setup)
              if (y == x) fail(where_of(*s), "setup puts two pieces on " + n);
            r_->setup.emplace_back(x, make_piece(t, seat));
          }
        }
      }
    }
    if (auto* h = game_.get("hand"))
      for (auto& [seat_name, pieces] : h->fields) {
        SeatId seat = seat_named(seat_name, where_of(*h));
        if (!pieces.is_table() || !pieces.items.empty())
          fail(where_of(*h), "hand = { <seat> = { <piece> = N } }, not " + seat_name + " = a " +
                                 pieces.kind_name());
        for (auto& [piece_name, n] : pieces.fields)
          r_->setup_hand[seat][type_named(piece_name, where_of(*h))] =
              integer(n, "hand count", 0, kMaxCount);
      }
    if (const Value* e = game_.get("ends");
        e && e->get("check") && e->get("check")->is_bool() && e->get("check")->boolean)
      for (SeatId s = 0; s < r_->num_seats(); ++s) {
        bool has_royal = false;
        for (auto& [x, code] : r_->setup)
          has_royal |= piece_seat(code) == s && r_->types[piece_type(code)].royal;
        if (!has_royal)
          fail(where_of(game_.get("setup") ? *game_.get("setup") : game_),
               "the setup gives " + r_->seats[s].name +
                   " no royal piece, but ends.check needs one to be checked");
      }
    if (r_->setup.empty()) {
      bool any_hand = false;
      for (auto& s : r_->setup_hand)
        for (int n : s) any_hand |= n > 0;
      if (!any_hand) fail(game_.where, "the game has no setup: no pieces on the board or in hand");
    }
  }

  // ---- ends --------------------------------------------------------------
  NoMoveEffect no_move_effect(const Value& v, const std::string& what) {
    std::string s = string(v, what);
    if (s == "loss") return NoMoveEffect::kLoss;
    if (s == "draw") return NoMoveEffect::kDraw;
    if (s == "win") return NoMoveEffect::kWin;
    if (s == "pass") return NoMoveEffect::kPass;
    fail(where_of(v), what + " must be \"loss\", \"draw\", \"win\" or \"pass\", not '" + s + "'");
  }

  void ends() {
    const Value* e = game_.get("ends");
    if (!e) return;
    const std::string w = where_of(*e);
    static const std::vector<std::string> kAllowed = {
        "check",      "checkmate",      "stalemate",  "no_moves",   "captures",
        "extinction", "bare_king",      "move_rule",  "repetition", "passes",
        "material",   "capture_target", "conditions", "last_team",  "leave"};
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
    if (const Value* b = e->get("bare_king"); b && b->is_table()) {
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
      end.bare_royal = bool_or(*e, "bare_king", false);
    }
    if (const Value* m = e->get("move_rule"); m && m->is_table()) {
      for (auto& [k, _] : m->fields)
        if (k != "plies" && k != "mate_first")
          fail(w, "unknown field '" + k + "' in move_rule (allowed: plies, mate_first)");
      if (!m->get("plies")) fail(w, "move_rule = { plies = N, mate_first = true }");
      end.move_rule = int_or(*m, "plies", 0, 0, kMaxCount);
      end.move_rule_mate_first = bool_or(*m, "mate_first", false);
    } else {
      end.move_rule = int_or(*e, "move_rule", 0, 0, kMaxCount);
    }
    end.repetition = int_or(*e, "repetition", 0, 0, kMaxCount);
    end.passes_draw = int_or(*e, "passes", 0, 0, kMaxCount);
    end.capture_target = int_or(*e, "capture_target", 0, 0, kMaxCount);
    if (auto* m = e->get("material")) {
      end.material_max = int_or(*m, "pieces", 0, 0, kMaxCount);
      end.material_plies = int_or(*m, "plies", 0, 0, kMaxCount);
    }
    if (auto* cs = e->get("conditions"))
      for (auto& c : list(*cs, "conditions")) {
        for (auto& [k, _] : c.fields)
          if (k != "when" && k != "result" && k != "reason" && k != "moves")
            fail(w, "unknown field '" + k +
                        "' in an end condition (allowed: when, result, reason, moves)");
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
        end.on_condition.push_back(ce);
      }
    if (auto* cs = e->get("captures"))
      for (auto& c : list(*cs, "captures")) {
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

  // ai = { search = "mcts", material = 100, promotion = 20, mobility = 2, cutoff = 64,
  //        contempt = 25, hunt = 4 }
  void ai(const Value& v) {
    const std::string w = where_of(v);
    if (!v.is_table()) fail(w, "ai = { search = ..., material = N, promotion = N, ... }");
    for (auto& [k, _] : v.fields)
      if (k != "search" && k != "material" && k != "promotion" && k != "mobility" &&
          k != "cutoff" && k != "contempt" && k != "hunt")
        fail(w, "unknown field '" + k +
                    "' in ai (allowed: search, material, promotion, mobility, cutoff, contempt, "
                    "hunt)");
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
  }

  // money = { ante = 5, payments = { { on = "capture", piece = "rajah", amount = 5 }, ... } }
  void money(const Value& v) {
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

  void misc() {
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
          fail(game_.where, "capture criterion '" + s +
                                "' is not one of max, value, mover-value, earliest-value");
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
    if (auto* d = game_.get("dice")) dice(*d);
    r_->must_drop = bool_or(game_, "must_drop", false);
    if (auto* c = game_.get("command")) {
      const std::string s = string(*c, "command");
      if (s != "ally-turns" && s != "either-army")
        fail(game_.where, "command must be \"ally-turns\" or \"either-army\", not '" + s + "'");
      r_->command_either = s == "either-army";
    }
    if (auto* b = game_.get("return_ban")) {
      const std::string s = string(*b, "return_ban");
      if (s == "after-break")
        r_->return_ban = ReturnBan::kAfterBreak;
      else if (s == "after-swap")
        r_->return_ban = ReturnBan::kAfterSwap;
      else if (s != "none")
        fail(game_.where,
             "return_ban must be \"after-break\", \"after-swap\" or \"none\", not '" + s + "'");
      if (r_->return_ban != ReturnBan::kNone && r_->topology.lines().empty())
        fail(game_.where, "return_ban needs a board with lines");
    }
    if (auto* o = game_.get("out_pieces")) {
      std::string s = string(*o, "out_pieces");
      if (s != "keep" && s != "remove")
        fail(game_.where, "out_pieces must be \"keep\" or \"remove\", not '" + s + "'");
      r_->out_removes = s == "remove";
    }
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
    if (auto* a = game_.get("ai")) ai(*a);
    notation();
    view_->position_format = str_or(game_, "position", "generic");
    if (view_->position_format != "generic" && view_->position_format != "fen")
      fail(game_.where, "position must be \"fen\" or \"generic\"");
    uci_variant();
    pdn();
  }

  // pdn = "GAMETYPE" or { game_type = "GAMETYPE", capture = "x" | ":" }: draughts
  // notation (formats/pdn.h), numbered from the GameType's fields.
  void pdn() {
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
  void uci_variant() {
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
  void notation() {
    const Value* n = game_.get("notation");
    if (!n) return;
    const Value* moves = n;
    if (n->is_table()) {
      for (auto& [k, _] : n->fields)
        if (k != "moves" && k != "joiner" && k != "drops")
          fail(where_of(*n),
               "unknown field '" + k + "' in notation (allowed: moves, joiner, drops)");
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

  // dice = { 1, 1, 2 } (a face listed twice is twice as likely), or
  // dice = { faces = { ... }, weights = { ... }, count = N }.
  int face(const Value& v) { return integer(v, "a die face", 1, Dice::kMaxFace); }

  void dice(const Value& d) {
    const std::string w = where_of(d);
    std::vector<int> faces, weights;
    int count = 1;
    if (d.is_table() && !d.fields.empty()) {
      for (auto& [k, _] : d.fields)
        if (k != "faces" && k != "weights" && k != "count")
          fail(w, "unknown field '" + k + "' in dice (allowed: faces, weights, count)");
      if (!d.get("faces")) fail(w, "dice = { faces = { ... } }");
      for (auto& f : list(*d.get("faces"), "dice.faces")) faces.push_back(face(f));
      if (auto* ws = d.get("weights")) {
        for (auto& x : list(*ws, "dice.weights"))
          weights.push_back(integer(x, "a face's weight", 1, kMaxDieWeight));
        if (weights.size() != faces.size())
          fail(w, "dice.weights needs one weight per face (" + std::to_string(faces.size()) + ")");
      }
      count = int_or(d, "count", 1, 1, Dice::kMaxDice);
    } else {
      for (auto& f : list(d, "dice")) faces.push_back(face(f));
    }
    if (faces.empty()) fail(w, "dice need at least one face");
    if (weights.empty()) weights.assign(faces.size(), 1);
    Dice& out = r_->dice;
    long total = 0;
    for (size_t i = 0; i < faces.size(); ++i) {
      // The odds of a throw of several dice multiply the weights: their sum is bounded.
      total += weights[i];
      if (total > kMaxDieWeight)
        fail(w, "the weights of a die's faces add up to more than " +
                    std::to_string(kMaxDieWeight) + " (kMaxDieWeight)");
      auto it = std::find(out.faces.begin(), out.faces.end(), faces[i]);
      if (it != out.faces.end()) {
        out.weights[it - out.faces.begin()] += weights[i];
      } else {
        out.faces.push_back(faces[i]);
        out.weights.push_back(weights[i]);
      }
    }
    out.count = count;
  }

  const Value& game_;
  std::shared_ptr<Ruleset> r_;
  // What the rules carry beside them (Ruleset::presentation, Ruleset::ai).
  std::shared_ptr<Presentation> view_ = std::make_shared<Presentation>();
  std::shared_ptr<AiSettings> ai_ = std::make_shared<AiSettings>();
};

}  // namespace

Expected<std::shared_ptr<Ruleset>> compile_game(const Value& game) {
  try {
    return Compiler(game).run();
  } catch (const CompileError& e) {
    return e.error;
  }
}

}  // namespace regula::script
