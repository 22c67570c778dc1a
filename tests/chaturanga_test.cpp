// Chaturanga for two (rules/chaturanga/two-handed.lua): perft against an
// independent generator written here from the script's header (which follows the
// leaflet's third variant and Murray), and hand-made positions with their exact
// moves: the Rajah's once-per-game leap and when it is refused, promotion only to
// a lost type of the piece that started on the square, the capture of the Rajah,
// and the two passes that draw.
//
// The generator shares no code with the engine: a board is a string of 64
// letters (upper case white, lower case black, '.' empty; index 8 * rank + file),
// and moves are plain structs applied to a copy of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/explain.h"
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

// ---- the independent generator ------------------------------------------------

struct OState {
  std::string board;               // 64 letters
  bool white = true;               // to move
  bool leapt[2] = {false, false};  // the Rajah's leap used (white, black)
  int passes = 0;                  // passes in a row
  bool over = false;               // a Rajah was taken, or two passes
};

struct OMove {
  int from = -1, to = -1;  // from = -1: a pass
  char promote = 0;        // the letter it becomes, or 0
  bool leap = false;
};

struct Oracle {
  bool diagonal_only = false;  // soldier=diagonal
  std::string start_board;

  static bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
  static char upper(char c) { return static_cast<char>(c & ~0x20); }
  static bool on(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8; }
  static bool mine(char c, bool white) { return c != '.' && is_white(c) == white; }
  static bool theirs(char c, bool white) { return c != '.' && is_white(c) != white; }

  // Sites a piece of side `white` on sq could capture on (the leap never captures).
  std::vector<int> attacks_from(const std::string& b, int sq) const {
    std::vector<int> out;
    const char c = b[sq];
    const bool white = is_white(c);
    const int x = sq % 8, y = sq / 8, fwd = white ? 1 : -1;
    auto add = [&](int dx, int dy) {
      if (on(x + dx, y + dy)) out.push_back((y + dy) * 8 + x + dx);
    };
    switch (upper(c)) {
      case 'P':
        if (!diagonal_only) add(0, fwd);
        add(-1, fwd);
        add(1, fwd);
        break;
      case 'N':
        for (auto [dx, dy] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
          add(dx, dy);
        break;
      case 'E':
        for (int dx : {-2, 2})
          for (int dy : {-2, 2}) add(dx, dy);
        break;
      case 'V':
        for (int dx : {-1, 1})
          for (int dy : {-1, 1}) add(dx, dy);
        break;
      case 'K':
        for (int dx = -1; dx <= 1; ++dx)
          for (int dy = -1; dy <= 1; ++dy)
            if (dx || dy) add(dx, dy);
        break;
      case 'R':
        for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
          for (int k = 1; on(x + k * dx, y + k * dy); ++k) {
            const int s = (y + k * dy) * 8 + x + k * dx;
            out.push_back(s);
            if (b[s] != '.') break;
          }
        break;
    }
    return out;
  }

  bool attacked(const std::string& b, int sq, bool by_white) const {
    for (int s = 0; s < 64; ++s)
      if (mine(b[s], by_white))
        for (int t : attacks_from(b, s))
          if (t == sq) return true;
    return false;
  }

  int count(const std::string& b, char c) const {
    return static_cast<int>(std::count(b.begin(), b.end(), c));
  }

  // The arrival of a Soldier on its last rank: promotions to the type that started
  // there, if the side has fewer of it than at the start, and staying a Soldier.
  void arrive(const std::string& b, bool white, int from, int to, std::vector<OMove>& out) const {
    const bool last = upper(b[from]) == 'P' && to / 8 == (white ? 7 : 0);
    out.push_back({from, to, 0, false});
    if (!last) return;
    const char was = upper(start_board[to]);
    if (was == 'P' || was == 'K' || was == '.') return;
    const char own = white ? was : static_cast<char>(was | 0x20);
    if (count(b, own) < count(start_board, own)) out.push_back({from, to, own, false});
  }

  std::vector<OMove> moves(const OState& s) const {
    std::vector<OMove> out;
    if (s.over) return out;
    const std::string& b = s.board;
    const bool w = s.white;
    for (int sq = 0; sq < 64; ++sq) {
      if (!mine(b[sq], w)) continue;
      const char p = upper(b[sq]);
      const int x = sq % 8, y = sq / 8, fwd = w ? 1 : -1;
      if (p == 'P') {
        if (on(x, y + fwd)) {
          const int t = (y + fwd) * 8 + x;
          if (b[t] == '.' || (!diagonal_only && theirs(b[t], w))) arrive(b, w, sq, t, out);
        }
        for (int dx : {-1, 1})
          if (on(x + dx, y + fwd) && theirs(b[(y + fwd) * 8 + x + dx], w))
            arrive(b, w, sq, (y + fwd) * 8 + x + dx, out);
        continue;
      }
      for (int t : attacks_from(b, sq))
        if (!mine(b[t], w)) out.push_back({sq, t, 0, false});
      if (p == 'K' && !s.leapt[w ? 0 : 1] && !attacked(b, sq, !w))
        for (auto [dx, dy] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
          if (on(x + dx, y + dy) && b[(y + dy) * 8 + x + dx] == '.')
            out.push_back({sq, (y + dy) * 8 + x + dx, 0, true});
    }
    if (out.empty()) out.push_back(OMove{});  // a pass
    return out;
  }

  OState apply(const OState& s, const OMove& m) const {
    OState n = s;
    n.white = !s.white;
    if (m.from < 0) {
      if (++n.passes >= 2) n.over = true;
      return n;
    }
    n.passes = 0;
    if (upper(s.board[m.to]) == 'K') n.over = true;
    n.board[m.to] = m.promote ? m.promote : s.board[m.from];
    n.board[m.from] = '.';
    if (m.leap) n.leapt[s.white ? 0 : 1] = true;
    return n;
  }

  uint64_t perft(const OState& s, int depth) const {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const OMove& m : moves(s)) n += perft(apply(s, m), depth - 1);
    return n;
  }
};

// The start of the seed's array, rank 1 first.
std::string start_board(bool murray) {
  std::string b = "RNEVKENR" + std::string(8, 'P') + std::string(32, '.') + std::string(8, 'p') +
                  (murray ? "rnekvenr" : "rnevkenr");
  return b;
}

Rules two_handed(const script::OptionList& options = {}) {
  auto r = script::load_rules("chaturanga/two-handed", options);
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

TEST(Chaturanga, TwoHandedPerftMatchesTheGenerator) {
  struct Case {
    script::OptionList options;
    bool diagonal_only, murray;
  };
  for (const Case& c : {Case{{}, false, false}, Case{{{"soldier", "diagonal"}}, true, false},
                        Case{{{"array", "murray"}}, false, true},
                        Case{{{"array", "murray"}, {"soldier", "diagonal"}}, true, true}}) {
    Rules r = two_handed(c.options);
    ASSERT_TRUE(r);
    Oracle o{c.diagonal_only, start_board(c.murray)};
    OState s{start_board(c.murray)};
    Position pos(r);
    for (int d = 1; d <= 4; ++d)
      EXPECT_EQ(perft(pos, d), o.perft(s, d))
          << "depth " << d << " diagonal " << c.diagonal_only << " murray " << c.murray;
  }
  // For the record (the generator's numbers): the seed's array, both Soldier rules.
  Position seed(two_handed());
  EXPECT_EQ(perft(seed, 4), 108265u);
  Position diagonal(two_handed({{"soldier", "diagonal"}}));
  EXPECT_EQ(perft(diagonal, 4), 108253u);
}

// Random games: at every ply the engine's moves are the generator's, until the end.
TEST(Chaturanga, TwoHandedRandomGamesMatchTheGenerator) {
  int plies = 0, promotions = 0, leaps = 0, ends = 0;
  for (bool diagonal_only : {false, true}) {
    Rules r = two_handed(diagonal_only ? script::OptionList{{"soldier", "diagonal"}}
                                       : script::OptionList{});
    ASSERT_TRUE(r);
    Oracle o{diagonal_only, start_board(false)};
    for (int g = 0; g < 60; ++g) {
      std::mt19937 rng(31 * g + 1);
      OState s{start_board(false)};
      Position pos(r);
      for (int ply = 0; ply < 600; ++ply) {
        MoveList legal;
        const Result res = game_result(pos, legal);
        const std::vector<OMove> want = o.moves(s);
        ASSERT_EQ(res.over, want.empty()) << write_position(pos);
        if (res.over) {
          ++ends;
          break;
        }
        std::set<std::string> got, exp;
        for (const Move& m : legal)
          got.insert(m.is_pass() ? "pass"
                                 : r->topology.name(m.from) + r->topology.name(m.to) +
                                       (m.promote >= 0 ? "=" + r->types[m.promote].symbol[0] : ""));
        for (const OMove& m : want)
          exp.insert(m.from < 0
                         ? "pass"
                         : r->topology.name(m.from) + r->topology.name(m.to) +
                               (m.promote ? "=" + std::string(1, Oracle::upper(m.promote)) : ""));
        ASSERT_EQ(got, exp) << write_position(pos);
        ++plies;
        const OMove m = want[std::uniform_int_distribution<size_t>(0, want.size() - 1)(rng)];
        promotions += m.promote != 0;
        leaps += m.leap;
        for (const Move& e : legal) {
          const bool same =
              m.from < 0 ? e.is_pass()
                         : !e.is_pass() && e.from == m.from && e.to == m.to &&
                               (m.promote ? e.promote >= 0 && r->types[e.promote].symbol[0][0] ==
                                                                  Oracle::upper(m.promote)
                                          : e.promote < 0);
          if (!same) continue;
          Undo u;
          pos.make(e, u);
          break;
        }
        s = o.apply(s, m);
      }
    }
  }
  EXPECT_GT(plies, 5000);
  EXPECT_GT(promotions, 0);
  EXPECT_GT(leaps, 20);
  EXPECT_GT(ends, 100);
}

// ---- hand-made positions ------------------------------------------------------

Position at(const Rules& r, const std::string& fen) {
  auto p = read_position(r, fen);
  EXPECT_TRUE(p) << fen << ": " << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

std::set<std::string> moves_from(Position& pos, const std::string& site) {
  std::set<std::string> out;
  MoveList legal;
  legal_moves(pos, legal);
  for (const std::string& t : move_texts(pos, legal))
    if (t.rfind(site, 0) == 0) out.insert(t);
  return out;
}

TEST(Chaturanga, TheRajahLeapsOnceAndNotWhileAttacked) {
  Rules r = two_handed();
  // Free: eight steps... less the edge, and the knight's leaps to empty squares.
  Position free = at(r, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(free, "e1"),
            (std::set<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1c2 leap", "e1d3 leap",
                                   "e1f3 leap", "e1g2 leap"}));
  // Attacked by the black Tower on e8: steps only, and the reason is given.
  Position attacked = at(r, "4r2k/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(attacked, "e1"),
            (std::set<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  EXPECT_NE(explain_illegal(attacked, r->topology.find("e1"), r->topology.find("f3"))
                .find("only while the rajah is not attacked"),
            std::string::npos)
      << explain_illegal(attacked, r->topology.find("e1"), r->topology.find("f3"));
  // The leap may not capture: a piece on f3 is taken by no leap.
  Position occupied = at(r, "7k/8/8/8/8/5p2/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(occupied, "e1").count("e1f3 leap"), 0u);
  // Once made, it is spent: after e1f3 and a black move, the Rajah on f3 steps only.
  Position once = at(r, "7k/8/8/8/8/8/8/4K3 w - - 0 1");
  auto leap = parse_move(once, "e1f3");
  ASSERT_TRUE(leap) << leap.error().text();
  Undo u1, u2;
  once.make(*leap, u1);
  auto reply = parse_move(once, "h8g8");
  ASSERT_TRUE(reply) << reply.error().text();
  once.make(*reply, u2);
  for (const std::string& m : moves_from(once, "f3"))
    EXPECT_EQ(m.find("leap"), std::string::npos) << m;
  EXPECT_EQ(moves_from(once, "f3").size(), 8u);
}

TEST(Chaturanga, ASoldierPromotesOnlyToALostTypeOfItsSquare) {
  Rules r = two_handed();
  // White has lost a Horse (one left) and no Tower: on b8 (a Horse's square) the
  // Soldier may become a Horse or stay; on a8 (a Tower's) it stays a Soldier.
  Position pos = at(r, "4k3/PP6/8/8/8/8/8/R3K1NR w - - 0 1");
  EXPECT_EQ(moves_from(pos, "b7"), (std::set<std::string>{"b7b8", "b7b8=N"}));
  EXPECT_EQ(moves_from(pos, "a7"), (std::set<std::string>{"a7a8"}));
  // On the Rajah's square (e8 in the seed's array) it never promotes; capturing
  // the black Rajah on d8, the Vizir's square, it may become the Vizir white lost.
  Position rajah = at(r, "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(rajah, "e7"), (std::set<std::string>{"e7e8", "e7d8", "e7d8=V"}));
}

TEST(Chaturanga, SoldiersCaptureForwardOnlyInTheSeedsReading) {
  const std::string fen = "4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1";
  Rules seed = two_handed();
  Position a = at(seed, fen);
  EXPECT_EQ(moves_from(a, "d4"), (std::set<std::string>{"d4d5"}));
  Rules diagonal = two_handed({{"soldier", "diagonal"}});
  Position b = at(diagonal, fen);
  EXPECT_TRUE(moves_from(b, "d4").empty());
}

TEST(Chaturanga, TakingTheRajahWinsAndTwoPassesDraw) {
  Rules r = two_handed();
  Position pos = at(r, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
  auto take = parse_move(pos, "e7e8");
  ASSERT_TRUE(take);
  Undo u;
  pos.make(*take, u);
  Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  EXPECT_EQ(res.reason, "Rajah captured");
  // A side with no move passes; the second pass in a row draws. Here each side
  // has only a Soldier on its last rank: white passes, black passes, drawn.
  Position blocked = at(r, "P7/8/8/8/8/8/8/p7 w - - 0 1");
  MoveList m;
  legal_moves(blocked, m);
  ASSERT_EQ(m.size(), 1);
  EXPECT_TRUE(m[0].is_pass());
  Undo p1, p2;
  blocked.make(m[0], p1);
  legal_moves(blocked, m);
  ASSERT_EQ(m.size(), 1) << write_position(blocked);
  EXPECT_TRUE(m[0].is_pass());
  blocked.make(m[0], p2);
  res = game_result(blocked);
  ASSERT_TRUE(res.over);
  EXPECT_TRUE(res.is_draw());
}

}  // namespace
}  // namespace regula
