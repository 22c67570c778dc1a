#pragma once
// Helpers shared by the Jetan tests: loading a reading, building positions by
// square name, reading legal moves as text, and an independent brute-force
// Jetan move generator (plain coordinates, no engine tables) to cross-check the
// engine's move sets and perft.

#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "script/loader.h"

namespace regula::jetan_test {

inline std::shared_ptr<const Ruleset> load(const std::string& script,
                                           const script::OptionList& options = {}) {
  auto r = script::load_rules("jetan/" + script, options);
  EXPECT_TRUE(r) << (r ? "" : r.error().text());
  return r ? *r : nullptr;
}

inline SiteId sq(const Position& pos, const std::string& name) {
  SiteId s = pos.rules().topology.find(name);
  EXPECT_NE(s, kNoSite) << name;
  return s;
}

inline SeatId seat_of(const Ruleset& r, const std::string& name) {
  if (const int s = r.seat_index(name); s >= 0) return s;
  ADD_FAILURE() << "no seat " << name;
  return 0;
}

inline uint8_t escape_flag(const Ruleset& r) {
  for (size_t i = 0; i < r.flag_names.size(); ++i)
    if (r.flag_names[i] == "escape") return static_cast<uint8_t>(1u << i);
  return 0;
}

// Puts "black chief e5" style pieces on an empty board; escaped = the piece has
// used its escape.
struct Placement {
  std::string seat, type, site;
  bool escaped = false;
};

inline Position build(const std::shared_ptr<const Ruleset>& rules,
                      const std::vector<Placement>& pieces, const std::string& to_move = "black") {
  Position pos = Position::empty(rules);
  for (const auto& p : pieces) {
    TypeId t = rules->type_index(p.type);
    EXPECT_GE(t, 0) << p.type;
    pos.set_site(sq(pos, p.site), make_piece(t, seat_of(*rules, p.seat)),
                 p.escaped ? escape_flag(*rules) : 0);
  }
  pos.set_to_move(seat_of(*rules, to_move));
  return pos;
}

// "e5-e8" for a move, "e5-e8 escape" for a labelled one, "pass".
inline std::string move_text(const Position& pos, const Move& m) {
  if (m.is_pass()) return "pass";
  const Ruleset& r = pos.rules();
  std::string s = r.topology.name(m.from) + "-" + r.topology.name(m.to);
  if (m.rule < r.rules.size() && !r.rules[m.rule].label.empty()) s += " " + r.rules[m.rule].label;
  return s;
}

inline std::set<std::string> legal_set(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  std::set<std::string> out;
  for (const Move& m : ml) EXPECT_TRUE(out.insert(move_text(pos, m)).second) << move_text(pos, m);
  return out;
}

// Destinations of the piece on from: "e8", and "e8 escape" for escapes.
inline std::set<std::string> dests(Position& pos, const std::string& from) {
  MoveList ml;
  legal_moves(pos, ml);
  std::set<std::string> out;
  SiteId f = sq(pos, from);
  for (const Move& m : ml) {
    if (m.from != f) continue;
    std::string t = move_text(pos, m);
    out.insert(t.substr(t.find('-') + 1));
  }
  return out;
}

inline std::set<std::string> words(const std::string& text) {
  std::set<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (j > i) out.insert(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// Every square within king distance r of centre (not the centre), minus except.
inline std::set<std::string> box(const std::string& centre, int r, const std::string& except = "") {
  int cx = centre[0] - 'a', cy = std::stoi(centre.substr(1)) - 1;
  auto ex = words(except);
  std::set<std::string> out;
  for (int x = cx - r; x <= cx + r; ++x)
    for (int y = cy - r; y <= cy + r; ++y) {
      if (x < 0 || y < 0 || x > 9 || y > 9 || (x == cx && y == cy)) continue;
      std::string n = std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1);
      if (!ex.count(n)) out.insert(n);
    }
  return out;
}

// ---------------------------------------------------------------------------
// Brute force. Squares are x + 10 * y (a1 = 0, j10 = 99); seat 0 is Black
// (moving north), seat 1 Orange. Written from Burroughs' Appendix directly.
namespace brute {

enum Kind : int8_t {
  kNone = -1,
  kChief,
  kPrincess,
  kFlier,
  kDwar,
  kPadwar,
  kWarrior,
  kThoat,
  kPanthan
};

inline Kind kind_named(const std::string& n) {
  static const char* kNames[] = {"chief",  "princess", "flier", "dwar",
                                 "padwar", "warrior",  "thoat", "panthan"};
  for (int i = 0; i < 8; ++i)
    if (n == kNames[i]) return static_cast<Kind>(i);
  return kNone;
}

struct Reading {
  bool thoat_either_jump = true;  // false: straight step first, no jump
  bool bold = false;              // Princess may capture and enter threatened squares
  bool exact = true;
  int panthan = 5;
  bool flier_jumps = true;
  bool frightened = false;
  bool chief_continue = false;
};

struct Board {
  std::array<int8_t, 100> kind;
  std::array<int8_t, 100> seat;
  std::array<bool, 100> escaped;
  int to_move = 0;
  bool over = false;
  int passes = 0;
  Board() {
    kind.fill(kNone);
    seat.fill(-1);
    escaped.fill(false);
  }
};

struct BMove {
  int from = -1, to = -1;
  bool escape = false;
  bool pass = false;
};

inline std::string name(int s) {
  return std::string(1, static_cast<char>('a' + s % 10)) + std::to_string(s / 10 + 1);
}

inline std::string text(const BMove& m) {
  if (m.pass) return "pass";
  return name(m.from) + "-" + name(m.to) + (m.escape ? " escape" : "");
}

using Dirs = std::vector<std::pair<int, int>>;
inline const Dirs kOrth = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
inline const Dirs kDiag = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
inline Dirs all_dirs() {
  Dirs d = kOrth;
  d.insert(d.end(), kDiag.begin(), kDiag.end());
  return d;
}

// Squares the piece on from could end a move on, by walking legs of directions
// (one entry per step), never revisiting a square; a non-jumper walks on only
// through empty squares. The occupant of the end square is not looked at.
inline void walk(const Board& b, int from, const std::vector<const Dirs*>& legs, bool jump,
                 bool exact, std::set<int>& out) {
  std::vector<int> visited{from};
  std::function<void(int, size_t)> go = [&](int at, size_t depth) {
    if (depth > 0 && (depth == legs.size() || !exact)) out.insert(at);
    if (depth == legs.size()) return;
    if (depth > 0 && !jump && b.kind[at] != kNone) return;
    for (auto [dx, dy] : *legs[depth]) {
      int x = at % 10 + dx, y = at / 10 + dy;
      if (x < 0 || x > 9 || y < 0 || y > 9) continue;
      int n = x + 10 * y;
      if (std::find(visited.begin(), visited.end(), n) != visited.end()) continue;
      visited.push_back(n);
      go(n, depth + 1);
      visited.pop_back();
    }
  };
  go(from, 0);
}

inline std::set<int> reach(const Board& b, const Reading& rd, int from) {
  std::set<int> out;
  const int k = b.kind[from];
  static const Dirs kAll = all_dirs();
  auto n_legs = [](const Dirs* d, int n) { return std::vector<const Dirs*>(n, d); };
  switch (k) {
    case kChief:
      walk(b, from, n_legs(&kAll, 3), false, rd.exact, out);
      break;
    case kPrincess:
      walk(b, from, n_legs(&kAll, 3), true, rd.exact, out);
      break;
    case kFlier:
      walk(b, from, n_legs(&kDiag, 3), rd.flier_jumps, rd.exact, out);
      break;
    case kDwar:
      walk(b, from, n_legs(&kOrth, 3), false, rd.exact, out);
      break;
    case kPadwar:
      walk(b, from, n_legs(&kDiag, 2), false, rd.exact, out);
      break;
    case kWarrior:
      walk(b, from, n_legs(&kOrth, 2), false, rd.exact, out);
      break;
    case kThoat:
      if (rd.thoat_either_jump) {
        walk(b, from, {&kOrth, &kDiag}, true, true, out);
        walk(b, from, {&kDiag, &kOrth}, true, true, out);
      } else {
        walk(b, from, {&kOrth, &kDiag}, false, true, out);
      }
      break;
    case kPanthan: {
      int f = b.seat[from] == 0 ? 1 : -1;
      Dirs d = {{-1, 0}, {1, 0}, {0, f}, {-1, f}, {1, f}};
      if (rd.panthan == 7) d.insert(d.end(), {{-1, -f}, {1, -f}});
      walk(b, from, {&d}, false, true, out);
      break;
    }
    default:
      break;
  }
  return out;
}

// Squares where an enemy of seat could capture a Princess at its next move.
inline std::array<bool, 100> threats(const Board& b, const Reading& rd, int seat) {
  std::array<bool, 100> t{};
  for (int s = 0; s < 100; ++s) {
    if (b.kind[s] == kNone || b.seat[s] == seat) continue;
    if (b.kind[s] == kPrincess && !rd.bold) continue;  // she captures nothing
    for (int x : reach(b, rd, s)) t[x] = true;
  }
  return t;
}

inline std::vector<BMove> moves(const Board& b, const Reading& rd) {
  std::vector<BMove> out;
  if (b.over) return out;
  const int me = b.to_move;
  for (int s = 0; s < 100; ++s) {
    if (b.kind[s] == kNone || b.seat[s] != me) continue;
    const bool princess = b.kind[s] == kPrincess;
    std::array<bool, 100> threat{};
    if (princess && !rd.bold) {
      Board without = b;
      without.kind[s] = kNone;
      without.seat[s] = -1;
      threat = threats(without, rd, me);
    }
    std::array<bool, 100> fear{};
    if (princess && rd.frightened) fear = threats(b, rd, me);
    for (int to : reach(b, rd, s)) {
      if (b.kind[to] != kNone && (b.seat[to] == me || (princess && !rd.bold))) continue;
      if (threat[to]) continue;
      if (princess && rd.frightened) {
        // Some king-step path (3 steps, or 1 to 3 when free) over unthreatened squares.
        bool ok = false;
        auto adj = [](int a, int c) {
          int dx = std::abs(a % 10 - c % 10), dy = std::abs(a / 10 - c / 10);
          return dx <= 1 && dy <= 1 && a != c;
        };
        if (!rd.exact && adj(s, to)) ok = true;
        for (int a = 0; a < 100 && !ok; ++a) {
          if (!adj(s, a) || a == to || fear[a]) continue;
          if (!rd.exact && adj(a, to)) ok = true;
          for (int c = 0; c < 100 && !ok; ++c)
            if (adj(a, c) && adj(c, to) && c != s && c != to && !fear[c]) ok = true;
        }
        if (!ok) continue;
      }
      out.push_back({s, to, false, false});
    }
    if (princess && !b.escaped[s])
      for (int to = 0; to < 100; ++to)
        if (b.kind[to] == kNone && !threat[to]) out.push_back({s, to, true, false});
  }
  if (out.empty()) out.push_back({-1, -1, false, true});
  return out;
}

inline Board play(const Board& b, const Reading& rd, const BMove& m) {
  Board n = b;
  n.to_move = 1 - b.to_move;
  if (m.pass) {
    if (++n.passes >= 2) n.over = true;
    return n;
  }
  n.passes = 0;
  const int victim = b.kind[m.to];
  if (victim == kPrincess) n.over = true;
  if (victim == kChief && (b.kind[m.from] == kChief || !rd.chief_continue)) n.over = true;
  n.kind[m.to] = b.kind[m.from];
  n.seat[m.to] = b.seat[m.from];
  n.escaped[m.to] = b.escaped[m.from] || m.escape;
  n.kind[m.from] = kNone;
  n.seat[m.from] = -1;
  n.escaped[m.from] = false;
  return n;
}

inline uint64_t perft(const Board& b, const Reading& rd, int depth) {
  if (depth == 0) return 1;
  if (b.over) return 0;
  auto ms = moves(b, rd);
  if (depth == 1) return ms.size();
  uint64_t n = 0;
  for (const auto& m : ms) n += perft(play(b, rd, m), rd, depth - 1);
  return n;
}

inline Board start(bool manator, int first) {
  Board b;
  const Kind back[10] = {kWarrior,  kPadwar, kDwar, kFlier,  kChief,
                         kPrincess, kFlier,  kDwar, kPadwar, kWarrior};
  for (int x = 0; x < 10; ++x) {
    b.kind[x] = back[x];
    b.seat[x] = 0;
    b.kind[x + 10] = (x == 0 || x == 9) ? kThoat : kPanthan;
    b.seat[x + 10] = 0;
    // Orange's row is Black's turned through 180 degrees.
    b.kind[99 - x] = back[x];
    b.seat[99 - x] = 1;
    b.kind[89 - x] = (x == 0 || x == 9) ? kThoat : kPanthan;
    b.seat[89 - x] = 1;
  }
  if (manator) std::swap(b.kind[94], b.kind[95]);
  b.to_move = first;
  return b;
}

// The engine's position as a brute-force board (pieces, escapes, side to move).
inline Board from_position(const Position& pos) {
  Board b;
  const Ruleset& r = pos.rules();
  const uint8_t esc = escape_flag(r);
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    PieceCode c = pos.at(s);
    const std::string& n = r.topology.name(s);
    int i = (n[0] - 'a') + 10 * (std::stoi(n.substr(1)) - 1);
    if (!c) continue;
    b.kind[i] = kind_named(r.types[piece_type(c)].name);
    b.seat[i] = r.seats[piece_seat(c)].name == "black" ? 0 : 1;
    b.escaped[i] = (pos.flags(s) & esc) != 0;
  }
  b.to_move = r.seats[pos.to_move()].name == "black" ? 0 : 1;
  return b;
}

inline std::set<std::string> move_set(const Board& b, const Reading& rd) {
  std::set<std::string> out;
  for (const auto& m : moves(b, rd)) out.insert(text(m));
  return out;
}

}  // namespace brute
}  // namespace regula::jetan_test
