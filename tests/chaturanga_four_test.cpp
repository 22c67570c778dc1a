// Chaturanga for four (rules/chaturanga/four-handed.lua): perft and random games
// against an independent generator written here from the script's header and the
// rules as the engine is meant to play them: teams of opposite seats, Soldiers that
// may not take majors, the Rajah's once-per-game knight leap while unattacked,
// elephant combat on a 2x2 square, frozen armies, command of an ally's army from
// its Rajah's start square, the exchange of Rajahs (offer, answer, restoration on
// the nearest empty square), passes, the end when a team has no seat left that
// takes turns, and the optional die.
//
// The generator shares no code with the engine: a board is an array of 64 plain
// structs (type, seat, the leap flag; index 8 * rank + file), a decision is a plain
// struct applied to a copy of the state, and the generator reads and writes the
// generic position form itself, so that hand-made positions near the rare rules
// can be given to both sides and the boards compared after every decision.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::Rules;
using Texts = std::set<std::string>;

// ---- the independent generator ------------------------------------------------

enum : int8_t { kSoldier = 0, kElephant, kHorse, kTower, kRajah };
const char kSymbol[] = "PENRK";
// Seats in declaration order; teams: south + north (0), west + east (1).
const char* const kSeatName[4] = {"south", "west", "north", "east"};
const char kSeatLetter[4] = {'s', 'w', 'n', 'e'};
int team(int seat) {
  return seat % 2;
}
int ally(int seat) {
  return (seat + 2) % 4;
}
bool on_board(int f, int r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}
int sq(int f, int r) {
  return 8 * r + f;
}
std::string site(int s) {
  return std::string(1, static_cast<char>('a' + s % 8)) + std::to_string(s / 8 + 1);
}
// The Rajahs' start squares: d1, a5, e8, h4.
const int kRajahStart[4] = {sq(3, 0), sq(0, 4), sq(4, 7), sq(7, 3)};
// Forward (file, rank) per seat: north, east, south, west.
const int kForward[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
const int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
// The eight neighbours in the restoration's search order: N, NE, E, SE, S, SW, W, NW.
const int kAround[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
const int kOrtho[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

struct OPiece {
  int8_t type = -1;  // -1: empty
  int8_t seat = -1;
  bool leapt = false;  // a Rajah that has made its leap
  bool empty() const { return type < 0; }
};

struct OState {
  std::array<OPiece, 64> board{};
  int to_move = 0;               // the seat whose army moves (or who answers)
  std::array<bool, 4> frozen{};  // Rajah taken and not restored
  std::array<int, 4> controller{0, 1, 2, 3};
  int roll = 0;      // dice: the face thrown this turn, 0 before the throw
  int offerer = -1;  // an exchange offered by this seat waits for to_move's answer
  bool over = false;
  int winner = -1;  // the winning team
};

enum class OKind : uint8_t { kMove, kLeap, kPass, kExchange, kAccept, kDecline, kRoll };

struct OMove {
  OKind kind = OKind::kPass;
  int from = -1, to = -1;
  int face = 0;
};

std::string text(const OMove& m) {
  switch (m.kind) {
    case OKind::kMove:
      return site(m.from) + site(m.to);
    case OKind::kLeap:
      return site(m.from) + site(m.to) + " leap";
    case OKind::kPass:
      return "pass";
    case OKind::kExchange:
      return "exchange";
    case OKind::kAccept:
      return "accept";
    case OKind::kDecline:
      return "decline";
    case OKind::kRoll:
      return "roll " + std::to_string(m.face);
  }
  return "?";
}

struct Oracle {
  bool diagonal_only = false;  // soldier=diagonal
  bool dice = false;           // dice=on
  std::array<int, 4> order{0, 1, 2, 3};

  static Oracle make(bool diagonal_only, bool counter_clockwise, bool dice) {
    Oracle o;
    o.diagonal_only = diagonal_only;
    o.dice = dice;
    if (counter_clockwise) o.order = {0, 3, 2, 1};
    return o;
  }

  static bool takes_turns(const OState& s, int seat) {
    if (!s.frozen[seat]) return true;
    const int c = s.controller[seat];
    return c != seat && !s.frozen[c];
  }

  // The seat after `after` in turn order that takes turns and passes `also`.
  template <class F>
  int next_seat(const OState& s, int after, F&& also) const {
    int i = 0;
    while (order[i] != after) ++i;
    for (int k = 1; k <= 4; ++k) {
      const int seat = order[(i + k) % 4];
      if (takes_turns(s, seat) && also(seat)) return seat;
    }
    return -1;
  }

  static int rajahs(const OState& s, int t) {
    int n = 0;
    for (const OPiece& p : s.board)
      if (p.type == kRajah && team(p.seat) == t) ++n;
    return n;
  }

  // Whether a piece of the team `by` whose seat takes turns, of a type that may
  // take a Rajah (Horse, Tower, Rajah), could capture on square `at`.
  static bool rajah_attacked(const OState& s, int at, int by) {
    const int af = at % 8, ar = at / 8;
    for (int from = 0; from < 64; ++from) {
      const OPiece& p = s.board[from];
      if (p.empty() || team(p.seat) != by || !takes_turns(s, p.seat)) continue;
      const int df = af - from % 8, dr = ar - from / 8;
      if (p.type == kHorse && std::abs(df) * std::abs(dr) == 2) return true;
      if (p.type == kRajah && std::max(std::abs(df), std::abs(dr)) == 1) return true;
      if (p.type == kTower && (df == 0) != (dr == 0)) {
        const int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
        bool clear = true;
        for (int f = from % 8 + step_f, r = from / 8 + step_r; f != af || r != ar;
             f += step_f, r += step_r)
          if (!s.board[sq(f, r)].empty()) clear = false;
        if (clear) return true;
      }
    }
    return false;
  }

  // Whether the mover (seat) may end a move on `to`: empty, or an enemy piece it
  // may take (minor pieces take no majors).
  static bool can_land(const OState& s, int seat, int8_t type, int to, bool capture_ok = true) {
    const OPiece& t = s.board[to];
    if (t.empty()) return true;
    if (!capture_ok || team(t.seat) == team(seat)) return false;
    const bool minor = type == kSoldier || type == kElephant;
    return !(minor && t.type >= kHorse);
  }

  void piece_moves(const OState& s, int from, std::vector<OMove>& out) const {
    const OPiece& p = s.board[from];
    const int seat = p.seat, f = from % 8, r = from / 8;
    auto add = [&](int tf, int tr, OKind kind = OKind::kMove) {
      out.push_back({kind, from, sq(tf, tr), 0});
    };
    switch (p.type) {
      case kSoldier: {
        const int ff = kForward[seat][0], fr = kForward[seat][1];
        if (on_board(f + ff, r + fr)) {
          const OPiece& t = s.board[sq(f + ff, r + fr)];
          if (t.empty() || (!diagonal_only && can_land(s, seat, kSoldier, sq(f + ff, r + fr))))
            add(f + ff, r + fr);
        }
        for (int side : {-1, 1}) {
          const int tf = f + ff + (ff == 0 ? side : 0), tr = r + fr + (fr == 0 ? side : 0);
          if (on_board(tf, tr) && !s.board[sq(tf, tr)].empty() &&
              can_land(s, seat, kSoldier, sq(tf, tr)))
            add(tf, tr);
        }
        break;
      }
      case kElephant:
        for (int df : {-2, 2})
          for (int dr : {-2, 2})
            if (on_board(f + df, r + dr) && can_land(s, seat, kElephant, sq(f + df, r + dr)))
              add(f + df, r + dr);
        break;
      case kHorse:
        for (auto [df, dr] : kKnight)
          if (on_board(f + df, r + dr) && can_land(s, seat, kHorse, sq(f + df, r + dr)))
            add(f + df, r + dr);
        break;
      case kTower:
        for (auto [df, dr] : kOrtho)
          for (int k = 1; on_board(f + k * df, r + k * dr); ++k) {
            const int t = sq(f + k * df, r + k * dr);
            if (can_land(s, seat, kTower, t)) add(f + k * df, r + k * dr);
            if (!s.board[t].empty()) break;
          }
        break;
      case kRajah:
        for (auto [df, dr] : kAround)
          if (on_board(f + df, r + dr) && can_land(s, seat, kRajah, sq(f + df, r + dr)))
            add(f + df, r + dr);
        if (!p.leapt && !rajah_attacked(s, from, 1 - team(seat)))
          for (auto [df, dr] : kKnight)
            if (on_board(f + df, r + dr) && s.board[sq(f + df, r + dr)].empty())
              add(f + df, r + dr, OKind::kLeap);
        break;
    }
  }

  // The types a throw lets move (bits by type).
  static int allowed_types(int face) {
    switch (face) {
      case 2:
        return 1 << kElephant;
      case 3:
        return 1 << kHorse;
      case 4:
        return 1 << kTower;
      case 5:
        return 1 << kSoldier | 1 << kRajah;
      default:
        return 0;
    }
  }

  std::vector<OMove> moves(const OState& s) const {
    std::vector<OMove> out;
    if (s.over) return out;
    if (s.offerer >= 0) {
      out.push_back({OKind::kAccept});
      out.push_back({OKind::kDecline});
      return out;
    }
    if (dice && s.roll == 0) {
      for (int face = 1; face <= 6; ++face) out.push_back({OKind::kRoll, -1, -1, face});
      return out;
    }
    const int allowed = dice ? allowed_types(s.roll) : ~0;
    for (int from = 0; from < 64; ++from) {
      const OPiece& p = s.board[from];
      if (!p.empty() && p.seat == s.to_move && (allowed >> p.type & 1)) piece_moves(s, from, out);
    }
    if (out.empty()) out.push_back({OKind::kPass});
    const int t = team(s.to_move);
    if (rajahs(s, t) == 1 && rajahs(s, 1 - t) == 1) out.push_back({OKind::kExchange});
    return out;
  }

  // Ends the game if a team has no seat that takes turns; else hands the turn on.
  void hand_on(OState& n, int after) const {
    n.roll = 0;
    for (int t = 0; t < 2; ++t)
      if (!takes_turns(n, t) && !takes_turns(n, t + 2)) {
        n.over = true;
        n.winner = 1 - t;
        return;
      }
    n.to_move = next_seat(n, after, [](int) { return true; });
  }

  // The nearest empty square to `from`, breadth first over the eight neighbours.
  static int nearest_empty(const OState& s, int from) {
    std::deque<int> queue{from};
    std::array<bool, 64> seen{};
    seen[from] = true;
    while (!queue.empty()) {
      const int at = queue.front();
      queue.pop_front();
      if (s.board[at].empty()) return at;
      for (auto [df, dr] : kAround) {
        const int f = at % 8 + df, r = at / 8 + dr;
        if (on_board(f, r) && !seen[sq(f, r)]) {
          seen[sq(f, r)] = true;
          queue.push_back(sq(f, r));
        }
      }
    }
    return -1;
  }

  OState apply(const OState& s, const OMove& m) const {
    OState n = s;
    switch (m.kind) {
      case OKind::kRoll:
        n.roll = m.face;
        return n;
      case OKind::kPass:
        hand_on(n, s.to_move);
        return n;
      case OKind::kExchange:
        n.offerer = s.to_move;
        n.to_move =
            next_seat(n, s.to_move, [&](int seat) { return team(seat) != team(s.to_move); });
        return n;
      case OKind::kAccept:
      case OKind::kDecline:
        if (m.kind == OKind::kAccept)
          for (int seat = 0; seat < 4; ++seat) {
            bool has = false;
            for (const OPiece& p : n.board) has |= p.type == kRajah && p.seat == seat;
            if (has) continue;
            const int at = nearest_empty(n, kRajahStart[seat]);
            n.board[at] = OPiece{kRajah, static_cast<int8_t>(seat), false};
            n.frozen[seat] = false;
            // Back in play, it commands its own army, and no longer its ally's: that
            // command lapsed when its Rajah was taken.
            for (int other = 0; other < 4; ++other)
              if (other == seat || n.controller[other] == seat) n.controller[other] = other;
          }
        n.offerer = -1;
        hand_on(n, s.offerer);
        return n;
      case OKind::kMove:
      case OKind::kLeap:
        break;
    }
    const int mover = s.to_move;
    const OPiece moving = s.board[m.from];
    const OPiece taken = s.board[m.to];
    n.board[m.from] = OPiece{};
    n.board[m.to] = moving;
    if (m.kind == OKind::kLeap) n.board[m.to].leapt = true;
    if (taken.type == kRajah) n.frozen[taken.seat] = true;
    if (moving.type == kElephant) {
      const int f = m.to % 8, r = m.to / 8;
      bool done = false;
      for (int bf = f - 1; bf <= f && !done; ++bf)
        for (int br = r - 1; br <= r && !done; ++br) {
          if (!on_board(bf, br) || !on_board(bf + 1, br + 1)) continue;
          const int block[4] = {sq(bf, br), sq(bf + 1, br), sq(bf, br + 1), sq(bf + 1, br + 1)};
          bool full = true;
          for (int b : block) full &= n.board[b].type == kElephant;
          if (!full) continue;
          done = true;
          for (int b : block) {
            if (team(n.board[b].seat) != team(mover))
              n.board[b] = OPiece{};
            else
              n.board[b].seat = static_cast<int8_t>(mover);
          }
        }
    }
    if (moving.type == kRajah && m.to == kRajahStart[ally(mover)])
      n.controller[ally(mover)] = mover;
    hand_on(n, mover);
    return n;
  }

  uint64_t perft(const OState& s, int depth) const {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const OMove& m : moves(s))
      n += perft(apply(s, m), m.kind == OKind::kRoll ? depth : depth - 1);
    return n;
  }

  // ---- the generic position form, read and written here ----

  static int seat_named(const std::string& name) {
    for (int s = 0; s < 4; ++s)
      if (name == kSeatName[s]) return s;
    return -1;
  }

  // Reads "board seat [roll=n] [stage=exchange:offerer] [frozen=a,b] [control=s:by,...]".
  static OState read(const std::string& textual) {
    OState s;
    std::istringstream in(textual);
    std::string board, seat, field;
    in >> board >> seat;
    int f = 0, r = 7;
    for (size_t i = 0; i < board.size(); ++i) {
      const char c = board[i];
      if (c == '/') {
        --r;
        f = 0;
      } else if (c >= '1' && c <= '8') {
        f += c - '0';
      } else if (c == '(') {
        OPiece p;
        for (int k = 0; k < 4; ++k)
          if (board[i + 1] == kSeatLetter[k]) p.seat = static_cast<int8_t>(k);
        p.type = static_cast<int8_t>(std::string(kSymbol).find(board[i + 2]));
        i += 3;  // on ')'
        if (i + 1 < board.size() && board[i + 1] == '{') {
          p.leapt = true;
          i = board.find('}', i);
        }
        s.board[sq(f++, r)] = p;
      }
    }
    s.to_move = seat_named(seat);
    auto split = [](const std::string& v) {
      std::vector<std::string> out;
      std::istringstream items(v);
      for (std::string item; std::getline(items, item, ',');) out.push_back(item);
      return out;
    };
    while (in >> field) {
      const std::string key = field.substr(0, field.find('=')),
                        val = field.substr(field.find('=') + 1);
      if (key == "roll") s.roll = std::stoi(val);
      if (key == "stage") s.offerer = seat_named(val.substr(val.find(':') + 1));
      if (key == "frozen")
        for (const std::string& name : split(val)) s.frozen[seat_named(name)] = true;
      if (key == "control")
        for (const std::string& item : split(val))
          s.controller[seat_named(item.substr(0, item.find(':')))] =
              seat_named(item.substr(item.find(':') + 1));
    }
    return s;
  }

  // The fields of the generic form this generator knows, in the engine's order.
  static std::string write(const OState& s) {
    std::string out;
    for (int r = 7; r >= 0; --r) {
      int run = 0;
      for (int f = 0; f < 8; ++f) {
        const OPiece& p = s.board[sq(f, r)];
        if (p.empty()) {
          ++run;
          continue;
        }
        if (run) out += std::to_string(run);
        run = 0;
        out += std::string("(") + kSeatLetter[p.seat] + kSymbol[p.type] + ")";
        if (p.leapt) out += "{leap}";
      }
      if (run) out += std::to_string(run);
      if (r) out += '/';
    }
    out += std::string(" ") + kSeatName[s.to_move];
    if (s.roll && s.offerer < 0) out += " roll=" + std::to_string(s.roll);
    if (s.offerer >= 0) out += std::string(" stage=exchange:") + kSeatName[s.offerer];
    std::string frozen, control;
    for (int seat = 0; seat < 4; ++seat) {
      if (s.frozen[seat]) frozen += (frozen.empty() ? "" : ",") + std::string(kSeatName[seat]);
      if (s.controller[seat] != seat)
        control += (control.empty() ? "" : ",") + std::string(kSeatName[seat]) + ":" +
                   kSeatName[s.controller[seat]];
    }
    if (!frozen.empty()) out += " frozen=" + frozen;
    if (!control.empty()) out += " control=" + control;
    return out;
  }
};

// The start position, as the script's setup gives it.
OState start_state() {
  return Oracle::read(
      "(wE)(wP)2(nK)(nR)(nN)(nE)/(wN)(wP)2(nP)(nP)(nP)(nP)/(wR)(wP)6/(wK)(wP)6/"
      "6(eP)(eK)/6(eP)(eR)/(sP)(sP)(sP)(sP)2(eP)(eN)/(sE)(sN)(sR)(sK)2(eP)(eE) south");
}

// The engine's position string cut to the fields the generator writes. While an
// exchange waits for its answer the offerer's throw means nothing (the next turn
// throws anew): it is left out.
std::string engine_fields(const Position& pos) {
  std::istringstream in(write_position(pos));
  std::string board, seat, field, out;
  in >> board >> seat;
  out = board + " " + seat;
  while (in >> field)
    for (const char* key : {"roll=", "stage=", "frozen=", "control="})
      if (field.rfind(key, 0) == 0 && !(pos.stage() >= 0 && field.rfind("roll=", 0) == 0))
        out += " " + field;
  return out;
}

// ---- the engine -----------------------------------------------------------------

struct Variant {
  bool diagonal_only = false;
  bool counter_clockwise = false;
  bool dice = false;
  script::OptionList options() const {
    script::OptionList o;
    if (diagonal_only) o.push_back({"soldier", "diagonal"});
    if (counter_clockwise) o.push_back({"turns", "counter-clockwise"});
    if (dice) o.push_back({"dice", "on"});
    return o;
  }
  Oracle oracle() const { return Oracle::make(diagonal_only, counter_clockwise, dice); }
  std::string name() const {
    return std::string(diagonal_only ? "soldier=diagonal " : "") +
           (counter_clockwise ? "turns=counter-clockwise " : "") + (dice ? "dice=on" : "");
  }
};

Rules four_handed(const Variant& v) {
  auto r = script::load_rules("chaturanga/four-handed", v.options());
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// Hand-made positions where the rare rules are a move or two away. Frozen seats
// say when and why they left play (left=seat:1:2, their Rajah taken), as a position
// reached by play would.
const char* const kCrafted[] = {
    // Exchange: south and west frozen; on acceptance south's Rajah goes to c1 (d1,
    // d2, e2 and e1 are taken), west's to a6 (a5 is taken).
    "4(nK)3/8/8/(nN)1(wP)5/7(eK)/8/2(sP)(sP)(eP)3/3(eR)(eN)3 north frozen=south,west "
    "left=south:1:2,west:1:2",
    // Exchange offered by a frozen army its ally commands; acceptance ends the command.
    "4(nK)3/8/8/8/7(eK)/8/(sP)(sP)(sP)(sP)4/(sE)(sN)(sR)5 south frozen=south,west "
    "control=south:north left=south:1:2,west:1:2",
    // Command: south's Rajah steps on e8 and north's frozen army moves again; west's
    // steps on h4 for east's; the west Tower on a8 may then take the commander.
    "(wR)7/3(sK)(nP)3/8/8/6(wK)1/8/(sP)6(eP)/(sR)6(eN) south frozen=north,east "
    "left=north:1:2,east:1:2",
    // Command of an army in play: north's Rajah steps on d1; the east Horse may then
    // take south's Rajah, whose army north still commands.
    "(wK)7/8/8/8/7(eK)/1(eN)6/(sP)3(nK)3/(sK)7 north",
    // Elephant combat by south: e6, f5 taken, f6 becomes south's.
    "4(nK)3/8/4(wE)(nE)2/(wK)4(eE)2/7(eK)/2(sE)5/8/3(sK)4 south",
    // Elephant combat by east, with the frozen west's Elephant changing sides.
    "4(nK)3/8/4(wE)(nE)2/4(sE)3/7(eK)/7(eE)/8/3(sK)4 east frozen=west left=west:1:2",
    // Elephant combat by north from h8.
    "4(nK)2(nE)/8/4(wE)3/(wK)3(sE)(eE)2/7(eK)/8/8/3(sK)4 north",
    // The end: south's Tower takes east's Rajah, west being frozen.
    "4(nK)3/8/8/8/2(sR)4(eK)/8/8/3(sK)4 south frozen=west left=west:1:2",
    // A pass: north's frozen army, commanded by south, has a Soldier that cannot move.
    "(wK)3(sK)3/8/8/8/7(eK)/8/8/(nP)7 north frozen=north control=north:south left=north:1:2",
    // The leap: a frozen east's Tower on d8 does not attack d1; commanded, it does.
    "3(eR)(nK)3/8/8/(wK)7/8/8/8/3(sK)4 south frozen=east left=east:1:2",
    "3(eR)(nK)3/8/8/8/7(wK)/8/8/3(sK)4 south frozen=east control=east:west left=east:1:2",
};

Position engine_position(const Rules& r, const std::string& text) {
  auto p = read_position(r, text);
  EXPECT_TRUE(p) << text << ": " << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

// Plays the decisions given as text on both sides; the engine's position after
// them, cut to the generator's fields (or the first decision it refused).
std::string engine_after(const Rules& r, const std::string& start,
                         const std::vector<std::string>& line) {
  Position pos = engine_position(r, start);
  for (const std::string& t : line) {
    auto m = parse_move(pos, t);
    if (!m) return "refused " + t + ": " + m.error().text();
    Undo u;
    pos.make(*m, u);
  }
  return engine_fields(pos);
}
std::string oracle_after(const Oracle& o, const std::string& start,
                         const std::vector<std::string>& line) {
  OState s = Oracle::read(start);
  for (const std::string& t : line) {
    bool found = false;
    for (const OMove& m : o.moves(s))
      if (text(m) == t) {
        s = o.apply(s, m);
        found = true;
        break;
      }
    if (!found) return "refused " + t;
  }
  return Oracle::write(s);
}

TEST(ChaturangaFour, TheGeneratorReadsTheEnginesPositions) {
  Rules r = four_handed({});
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(engine_fields(pos), Oracle::write(start_state()));
  for (const char* text : kCrafted) {
    Position crafted = engine_position(r, text);
    EXPECT_EQ(engine_fields(crafted), Oracle::write(Oracle::read(text))) << text;
  }
}

// ---- perft ------------------------------------------------------------------------

TEST(ChaturangaFour, PerftMatchesTheGenerator) {
  struct Case {
    Variant v;
    int depth;
  };
  for (const Case& c : {Case{{}, 5}, Case{{true, false, false}, 4}, Case{{false, true, false}, 4},
                        Case{{true, true, false}, 4}, Case{{false, false, true}, 3},
                        Case{{false, true, true}, 3}}) {
    Rules r = four_handed(c.v);
    ASSERT_TRUE(r);
    Position pos(r);
    const Oracle o = c.v.oracle();
    for (int d = 1; d <= c.depth; ++d)
      EXPECT_EQ(perft(pos, d), o.perft(start_state(), d)) << c.v.name() << " depth " << d;
  }
  // For the record, the generator's numbers. Without dice, depths 1-5: 12, 143,
  // 1704, 20162, 284246, for both Soldier rules and both turn orders (the armies
  // first meet at depth 6: 3973919 clockwise, 3964694 counter-clockwise). With the
  // die, throws expanded and not counted: 15, 224, 3345.
  const Oracle o = Variant{}.oracle();
  EXPECT_EQ(o.perft(start_state(), 4), 20162u);
  EXPECT_EQ(o.perft(start_state(), 5), 284246u);
  EXPECT_EQ(Variant({false, false, true}).oracle().perft(start_state(), 3), 3345u);
}

// From the hand-made positions, where the rare rules are within reach. Without
// dice (the die is played in the random games).
TEST(ChaturangaFour, PerftFromHandMadePositionsMatchesTheGenerator) {
  for (const Variant& v : {Variant{}, Variant{true, true, false}}) {
    Rules r = four_handed(v);
    ASSERT_TRUE(r);
    const Oracle o = v.oracle();
    for (const char* text : kCrafted) {
      Position pos = engine_position(r, text);
      for (int d = 1; d <= 4; ++d)
        EXPECT_EQ(perft(pos, d), o.perft(Oracle::read(text), d))
            << v.name() << " depth " << d << " from " << text;
    }
  }
}

// ---- the rare rules, by hand ------------------------------------------------------

TEST(ChaturangaFour, ElephantCombatCommandAndExchangeByHand) {
  Rules r = four_handed({});
  ASSERT_TRUE(r);
  const Oracle o = Variant{}.oracle();
  struct Case {
    const char* start;
    std::vector<std::string> line;
    const char* after;
  };
  const Case cases[] = {
      // South's Elephant completes e5-f6: west's (e6) and east's (f5) are taken,
      // north's (f6) becomes south's.
      {kCrafted[4], {"c3e5"}, "4(nK)3/8/5(sE)2/(wK)3(sE)3/7(eK)/8/8/3(sK)4 west"},
      // East's, with west frozen: south's and north's taken, west's now east's.
      {kCrafted[5], {"h3f5"}, "4(nK)3/8/4(eE)3/5(eE)2/7(eK)/8/8/3(sK)4 south frozen=west"},
      // South's Rajah on e8 commands north's frozen army, which plays again (east
      // stays frozen); west's on h4 then commands east's.
      {kCrafted[2],
       {"d7e8"},
       "(wR)3(sK)3/4(nP)3/8/8/6(wK)1/8/(sP)6(eP)/(sR)6(eN) west frozen=north,east "
       "control=north:south"},
      {kCrafted[2],
       {"d7e8", "g4h4"},
       "(wR)3(sK)3/4(nP)3/8/8/7(wK)/8/(sP)6(eP)/(sR)6(eN) north frozen=north,east "
       "control=north:south,east:west"},
      // The commander taken: north's army is frozen again, and the game is over.
      {kCrafted[2], {"d7e8", "a8e8"}, "4(wR)3/4(nP)3/8/8/6(wK)1/8/(sP)6(eP)/(sR)6(eN) "},
      // The exchange offered by north is answered by east; accepted, south's Rajah
      // comes back on c1 and west's on a6, and east plays.
      {kCrafted[0],
       {"exchange"},
       "4(nK)3/8/8/(nN)1(wP)5/7(eK)/8/2(sP)(sP)(eP)3/3(eR)(eN)3 east stage=exchange:north "
       "frozen=south,west"},
      {kCrafted[0],
       {"exchange", "accept"},
       "4(nK)3/8/(wK)7/(nN)1(wP)5/7(eK)/8/2(sP)(sP)(eP)3/2(sK)(eR)(eN)3 east"},
      {kCrafted[0],
       {"exchange", "decline"},
       "4(nK)3/8/8/(nN)1(wP)5/7(eK)/8/2(sP)(sP)(eP)3/3(eR)(eN)3 east frozen=south,west"},
      // Accepted, the command over south ends and south plays its own army.
      {kCrafted[1],
       {"exchange", "accept"},
       "4(nK)3/8/8/(wK)7/7(eK)/8/(sP)(sP)(sP)(sP)4/(sE)(sN)(sR)(sK)4 west"},
  };
  for (const Case& c : cases) {
    std::string want = c.after;
    std::string oracle = oracle_after(o, c.start, c.line),
                engine = engine_after(r, c.start, c.line);
    if (want.back() == ' ') {  // game over: boards only
      want.pop_back();
      oracle = oracle.substr(0, oracle.find(' '));
      engine = engine.substr(0, engine.find(' '));
    }
    EXPECT_EQ(oracle, want) << "generator, from " << c.start;
    EXPECT_EQ(engine, want) << "engine, from " << c.start;
  }
  // The game over after the commander is taken: south and north lose.
  Position over = engine_position(r, kCrafted[2]);
  for (const char* t : {"d7e8", "a8e8"}) {
    auto m = parse_move(over, t);
    ASSERT_TRUE(m) << t;
    Undo u;
    over.make(*m, u);
  }
  const Result res = game_result(over);
  ASSERT_TRUE(res.over) << write_position(over);
  EXPECT_EQ(res.outcome[0], Outcome::kLoss);
  EXPECT_EQ(res.outcome[1], Outcome::kWin);
  EXPECT_EQ(res.reason, "both enemy Rajahs taken");
}

// With the die, the answer to an exchange ends the offerer's turn: the next seat's
// turn begins with a throw of its own. (An earlier state of the engine kept the
// offerer's throw, roll=2 here, for the next seat, which then moved by it.)
TEST(ChaturangaFour, AfterAnExchangeIsAnsweredTheNextTurnBeginsWithAThrow) {
  Rules r = four_handed({false, false, true});
  ASSERT_TRUE(r);
  const Oracle o = Variant{false, false, true}.oracle();
  const std::string start =
      "4(nK)3/8/8/(nN)1(wP)5/7(eK)/8/2(sP)(sP)(eP)3/3(eR)(eN)3 north roll=2 frozen=south,west "
      "left=south:1:2,west:1:2";
  for (const char* answer : {"decline", "accept"}) {
    Position pos = engine_position(r, start);
    for (const char* t : {"exchange", answer}) {
      auto m = parse_move(pos, t);
      ASSERT_TRUE(m) << t;
      Undo u;
      pos.make(*m, u);
    }
    OState s = Oracle::read(start);
    for (const char* t : {"exchange", answer})
      for (const OMove& m : o.moves(s))
        if (text(m) == t) {
          s = o.apply(s, m);
          break;
        }
    MoveList legal;
    legal_moves(pos, legal);
    const std::vector<std::string> texts = move_texts(pos, legal);
    Texts got(texts.begin(), texts.end()), want;
    for (const OMove& m : o.moves(s)) want.insert(text(m));
    EXPECT_EQ(want, (Texts{"roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"}));
    EXPECT_TRUE(pos.awaiting_roll()) << answer << ": " << write_position(pos);
    EXPECT_EQ(got, want) << answer << ": " << write_position(pos);
  }
}

// ---- random games -----------------------------------------------------------------

struct Stats {
  int games = 0, decisions = 0, rajah_captures = 0, skips = 0, commands = 0,
      commanded_frozen_turns = 0, combats = 0, offers = 0, accepts = 0, declines = 0,
      displaced_restores = 0, leaps = 0, passes = 0, ends = 0;
  std::array<int, 2> wins{};
};

int elephants(const OState& s) {
  int n = 0;
  for (const OPiece& p : s.board) n += p.type == kElephant;
  return n;
}

// Whether m (of s, leading to n) is an Elephant's move that made a combat: two
// enemy Elephants taken (no Elephant can take another by moving).
bool combat(const OState& s, const OMove& m, const OState& n) {
  return (m.kind == OKind::kMove) && s.board[m.from].type == kElephant &&
         elephants(n) <= elephants(s) - 2;
}

// The decisions that make a rare rule fire: a Rajah taken, an elephant combat, a
// command taken, an exchange offered or accepted.
bool rare(const Oracle& o, const OState& s, const OMove& m) {
  if (m.kind == OKind::kExchange || m.kind == OKind::kAccept) return true;
  if (m.kind != OKind::kMove && m.kind != OKind::kLeap) return false;
  if (s.board[m.to].type == kRajah) return true;
  const OState n = o.apply(s, m);
  return combat(s, m, n) || n.controller != s.controller;
}

// Counts what the decision m of s made happen (n: the state after it).
void count(const Oracle& o, const OState& s, const OMove& m, const OState& n, Stats& st) {
  ++st.decisions;
  if (m.kind == OKind::kRoll) return;
  st.leaps += m.kind == OKind::kLeap;
  st.passes += m.kind == OKind::kPass;
  st.offers += m.kind == OKind::kExchange;
  st.accepts += m.kind == OKind::kAccept;
  st.declines += m.kind == OKind::kDecline;
  if (m.kind == OKind::kAccept)
    for (int seat = 0; seat < 4; ++seat)
      if (s.frozen[seat] && n.board[kRajahStart[seat]].type != kRajah) ++st.displaced_restores;
  if (s.offerer < 0 && s.frozen[s.to_move]) ++st.commanded_frozen_turns;
  if ((m.kind == OKind::kMove || m.kind == OKind::kLeap) && s.board[m.to].type == kRajah)
    ++st.rajah_captures;
  st.combats += combat(s, m, n);
  for (int seat = 0; seat < 4; ++seat)
    st.commands += n.controller[seat] != s.controller[seat] && n.controller[seat] != seat;
  // A seat passed over: the next to move is not the next in turn order.
  if (!n.over && m.kind != OKind::kExchange) {
    const int after = s.offerer >= 0 ? s.offerer : s.to_move;
    int i = 0;
    while (o.order[i] != after) ++i;
    st.skips += n.to_move != o.order[(i + 1) % 4];
  }
}

// Plays one game from `start` (a generic position string; the start position when
// empty), choosing among the generator's decisions (a rare one with probability
// `bias` when there is one), and compares at every step the engine's decisions,
// its position and its result with the generator's. Returns the first difference,
// or nothing.
std::string play(const Rules& r, const Oracle& o, const std::string& start, uint32_t seed,
                 int max_decisions, double bias, Stats& st) {
  Position pos = start.empty() ? Position(r) : engine_position(r, start);
  OState s = start.empty() ? start_state() : Oracle::read(start);
  std::mt19937 rng(seed);
  std::string line;  // the decisions so far, for the messages
  auto where = [&] {
    return "\n  engine's position " + write_position(pos) + "\n  generator's " + Oracle::write(s) +
           "\n  after" + line + "\n  from " + (start.empty() ? "the start" : start) + "\n";
  };
  ++st.games;
  for (int k = 0; k < max_decisions; ++k) {
    MoveList legal;
    const Result res = game_result(pos, legal);
    if (res.over != s.over)
      return std::string("game over: engine ") + (res.over ? "yes" : "no") + where();
    // Once the game is over, the seat to move means nothing: boards only.
    const std::string e = engine_fields(pos), g = Oracle::write(s);
    if (s.over ? e.substr(0, e.find(' ')) != g.substr(0, g.find(' ')) : e != g)
      return "positions differ" + where();
    if (s.over) {
      ++st.ends;
      ++st.wins[s.winner];
      for (int seat = 0; seat < 4; ++seat)
        if (res.outcome[seat] != (team(seat) == s.winner ? Outcome::kWin : Outcome::kLoss))
          return "wrong outcome for " + std::string(kSeatName[seat]) + where();
      if (res.reason != "both enemy Rajahs taken") return "reason " + res.reason + where();
      return "";
    }
    const std::vector<OMove> want = o.moves(s);
    const std::vector<std::string> texts = move_texts(pos, legal);
    Texts got(texts.begin(), texts.end()), exp;
    for (const OMove& m : want) exp.insert(text(m));
    if (got != exp || texts.size() != want.size()) {
      std::string a, b;
      for (const std::string& t : texts) a += " " + t;
      for (const std::string& t : exp) b += " " + t;
      return "decisions differ\n  engine's:" + a + "\n  generator's:" + b + where();
    }
    std::vector<OMove> pool;
    if (bias > 0 && std::uniform_real_distribution<double>(0, 1)(rng) < bias)
      for (const OMove& m : want)
        if (rare(o, s, m)) pool.push_back(m);
    if (pool.empty()) pool = want;
    const OMove m = pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)];
    const std::string t = text(m);
    const auto i = std::find(texts.begin(), texts.end(), t) - texts.begin();
    Undo u;
    pos.make(legal[static_cast<int>(i)], u);
    const OState n = o.apply(s, m);
    count(o, s, m, n, st);
    s = n;
    line += " " + t;
  }
  return "";
}

TEST(ChaturangaFour, RandomGamesMatchTheGenerator) {
  Stats st;
  std::vector<std::string> failures;
  // From the start: 100 games without dice and 100 with, over the four option sets.
  for (bool dice : {false, true})
    for (int g = 0; g < 100; ++g) {
      const Variant v{g % 4 == 1 || g % 4 == 3, g % 4 >= 2, dice};
      Rules r = four_handed(v);
      ASSERT_TRUE(r);
      const std::string f = play(r, v.oracle(), "", 7919 * g + dice, 800, 0, st);
      if (!f.empty()) failures.push_back(v.name() + ": " + f);
    }
  // From the hand-made positions, choosing the rare rules' moves most of the time.
  for (int c = 0; c < static_cast<int>(std::size(kCrafted)); ++c)
    for (int g = 0; g < 16; ++g) {
      const Variant v{g % 3 == 2, g % 2 == 1, g % 4 >= 2};
      Rules r = four_handed(v);
      ASSERT_TRUE(r);
      const std::string f = play(r, v.oracle(), kCrafted[c], 104729 * c + g, 300, 0.7, st);
      if (!f.empty()) failures.push_back(v.name() + ": " + f);
    }
  EXPECT_TRUE(failures.empty()) << failures.size() << " of " << st.games
                                << " games went apart; the first: " << failures[0]
                                << (failures.size() > 1 ? "the last: " + failures.back() : "");
  std::printf(
      "games %d decisions %d rajah captures %d skips %d commands %d commanded frozen turns %d "
      "combats %d offers %d accepts %d declines %d displaced %d leaps %d passes %d ends %d "
      "wins %d/%d\n",
      st.games, st.decisions, st.rajah_captures, st.skips, st.commands, st.commanded_frozen_turns,
      st.combats, st.offers, st.accepts, st.declines, st.displaced_restores, st.leaps, st.passes,
      st.ends, st.wins[0], st.wins[1]);
  // Every rule fired (a test that never reached them would check nothing).
  EXPECT_GT(st.decisions, 50000);
  EXPECT_GT(st.rajah_captures, 0);
  EXPECT_GT(st.skips, 0);
  EXPECT_GT(st.commands, 0);
  EXPECT_GT(st.commanded_frozen_turns, 0);
  EXPECT_GT(st.combats, 0);
  EXPECT_GT(st.offers, 0);
  EXPECT_GT(st.accepts, 0);
  EXPECT_GT(st.declines, 0);
  EXPECT_GT(st.displaced_restores, 0);
  EXPECT_GT(st.leaps, 0);
  EXPECT_GT(st.passes, 0);
  EXPECT_GT(st.wins[0], 0);
  EXPECT_GT(st.wins[1], 0);
}

}  // namespace
}  // namespace regula
