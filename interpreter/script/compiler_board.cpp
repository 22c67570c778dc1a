// The compiler's part for the board and who sits at it: the topology (a grid
// or named points, with its lines), the seats and their facings, the regions,
// and the setup on the board and in hand. Its own file because everything
// else is compiled against these: move rules name directions and regions,
// pieces name seats, the ends look at the setup.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

// ---- board -----------------------------------------------------------
void Compiler::board() {
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
    grid_presentation(*b);
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
void Compiler::seats() {
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
        for (auto& [k, _] : v.fields)
          if (k != "name" && k != "team" && k != "facing" && k != "turned")
            fail(where_of(*s),
                 "unknown field '" + k + "' in a seat (allowed: name, team, facing, turned)");
        seat.name = str_or(v, "name", "");
        seat.team = int_or(v, "team", i + 1, 1, kMaxSeats) - 1;
        std::string f = str_or(v, "facing", i == 0 ? "north" : "south");
        static const std::vector<std::string> kFacing = {"north", "east", "south", "west"};
        auto it = std::find(kFacing.begin(), kFacing.end(), f);
        if (it == kFacing.end())
          fail(where_of(*s), "facing must be north, east, south or west, not '" + f + "'");
        seat.facing = static_cast<int>(it - kFacing.begin());
        // How its pieces are drawn (formats/presentation.h), not a rule.
        if (const Value* t = v.get("turned")) view_->turned[i] = boolean(*t, "a seat's turned");
      }
      if (seat.name.empty()) fail(where_of(*s), "every seat needs a name");
      for (auto& other : r_->seats)
        if (other.name == seat.name) fail(where_of(*s), "two seats are named '" + seat.name + "'");
      r_->seats.push_back(seat);
      ++i;
    }
  }
  if (r_->num_seats() < 1 || r_->num_seats() > kMaxSeats)
    fail(where_of(*s), "a game has 1 to " + std::to_string(kMaxSeats) + " seats");
  if (auto* o = game_.get("turn_order"))
    for (auto& n : strings(*o, "turn_order")) r_->turn_order.push_back(seat_named(n, game_.where));
  if (auto* f = game_.get("first")) r_->first = seat_named(string(*f, "first"), game_.where);
}

// ---- regions ----------------------------------------------------------
std::vector<uint8_t> Compiler::sites_mask(const Value& v, const std::string& where) {
  std::vector<uint8_t> m(r_->topology.size(), 0);
  for (auto& n : strings(v, "a region")) m[site(n, where)] = 1;
  return m;
}

// Rank k as seen by a seat (1 = its own first rank).
std::vector<uint8_t> Compiler::rank_mask(SeatId seat, int k) {
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

void Compiler::regions() {
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
    for (SeatId s = r_->num_seats(); s < kMaxSeats; ++s) g.member[s].assign(r_->topology.size(), 0);
    r_->regions.push_back(std::move(g));
  }
}

// ---- setup -------------------------------------------------------------
// Setup and hand tables are plain Lua tables with no line of their own: their
// errors name the game's line and say they come from the setup.
void Compiler::setup() {
  ctx_ = game_.where;
  try {
    setup_tables();
  } catch (CompileError& e) {
    if (e.error.what.rfind("setup", 0) != 0) e.error.what = "setup: " + e.error.what;
    throw;
  }
}

void Compiler::setup_tables() {
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
      // A royal in hand is checked once it is placed, and until then nothing is.
      for (TypeId t = 0; t < static_cast<TypeId>(r_->types.size()); ++t)
        has_royal |= r_->types[t].royal && r_->setup_hand[s][t] > 0;
      if (!has_royal)
        fail(where_of(game_.get("setup") ? *game_.get("setup") : game_),
             "the setup gives " + r_->seats[s].name +
                 " no royal piece, on the board or in hand, but ends.check needs one to be "
                 "checked");
    }
  if (r_->setup.empty()) {
    bool any_hand = false;
    for (auto& s : r_->setup_hand)
      for (int n : s) any_hand |= n > 0;
    if (!any_hand) fail(game_.where, "the game has no setup: no pieces on the board or in hand");
  }
}

}  // namespace regula::script
