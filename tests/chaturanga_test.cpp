// Chaturanga for two (rules/chaturanga/two-handed.lua): perft against an
// independent generator written here from the script's header (which follows the
// leaflet's third variant and Murray), and hand-made positions with their exact
// moves: the Rajah's once-per-game leap and when it is refused, promotion only to
// a lost type of the piece that started on the square, the capture of the Rajah,
// and the two passes that draw. Then Chaturanga for four (four-handed.lua) in
// hand-made positions: each throw of the die from the start, minor pieces facing
// major ones, the Rajah's leap refused when attacked, a frozen army, command of an
// ally's army, elephant combat, the exchange of Rajahs and the end.
//
// The generator shares no code with the engine: a board is a string of 64
// letters (upper case white, lower case black, '.' empty; index 8 * rank + file),
// and moves are plain structs applied to a copy of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/explain.h"
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

// The start of the leaflet's array, rank 1 first.
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
  // For the record (the generator's numbers): the leaflet's array, both Soldier rules.
  Position leaflet(two_handed());
  EXPECT_EQ(perft(leaflet, 4), 108265u);
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
  // On the Rajah's square (e8 in the leaflet's array) it never promotes; capturing
  // the black Rajah on d8, the Vizir's square, it may become the Vizir white lost.
  Position rajah = at(r, "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(rajah, "e7"), (std::set<std::string>{"e7e8", "e7d8", "e7d8=V"}));
}

TEST(Chaturanga, SoldiersCaptureForwardOnlyInTheLeafletsReading) {
  const std::string fen = "4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1";
  Rules leaflet = two_handed();
  Position a = at(leaflet, fen);
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

// ---- Chaturanga for four (rules/chaturanga/four-handed.lua): hand-made positions --
// (the independent generator for four is in chaturanga_four_test.cpp)

Rules four_handed(const script::OptionList& options = {}) {
  auto r = script::load_rules("chaturanga/four-handed", options);
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// A generic position string from pieces by site ("d1" -> "sK"), the seat to
// move and further fields.
std::string four(const std::map<std::string, std::string>& pieces, const std::string& rest) {
  std::string board;
  for (int rank = 8; rank >= 1; --rank) {
    int empty = 0;
    for (char file = 'a'; file <= 'h'; ++file) {
      auto it = pieces.find(std::string(1, file) + std::to_string(rank));
      if (it == pieces.end()) {
        ++empty;
        continue;
      }
      if (empty) board += std::to_string(empty);
      empty = 0;
      board += "(" + it->second + ")";
    }
    if (empty) board += std::to_string(empty);
    if (rank > 1) board += "/";
  }
  return board + " " + rest;
}

std::set<std::string> all_moves(Position& pos) {
  MoveList legal;
  legal_moves(pos, legal);
  const std::vector<std::string> texts = move_texts(pos, legal);
  return {texts.begin(), texts.end()};
}

void play(Position& pos, const std::string& text) {
  auto m = parse_move(pos, text);
  ASSERT_TRUE(m) << text << ": " << m.error().text() << " in " << write_position(pos);
  Undo u;
  pos.make(*m, u);
}

TEST(Chaturanga, FourHandedEachThrowMovesItsPieceFromTheStart) {
  Rules r = four_handed({{"dice", "on"}});
  ASSERT_TRUE(r);
  const std::map<int, std::set<std::string>> want = {
      {1, {"pass"}},
      {2, {"a1c3"}},
      {3, {"b1a3", "b1c3"}},
      {4, {"pass"}},  // the Tower on c1 is shut in
      {5, {"d1e1", "d1e2", "d1c3 leap", "d1e3 leap", "d1f2 leap", "a2a3", "b2b3", "c2c3", "d2d3"}},
      {6, {"pass"}},
  };
  for (auto& [face, moves] : want) {
    Position pos(r);
    ASSERT_TRUE(pos.awaiting_roll());
    EXPECT_EQ(all_moves(pos).size(), 6u);
    play(pos, "roll " + std::to_string(face));
    EXPECT_EQ(pos.to_move(), 0);
    EXPECT_EQ(all_moves(pos), moves) << "throw " << face;
  }
  // Without dice, every piece may move: the union of the throws' moves.
  Position plain(four_handed());
  EXPECT_EQ(all_moves(plain).size(), 12u);
}

TEST(Chaturanga, FourHandedMinorPiecesDoNotTakeMajorOnes) {
  Rules r = four_handed();
  // The south Soldier on d4 has a west Horse ahead (d5), a west Tower (e5) and an
  // east Soldier (c5) diagonally ahead: it takes the Soldier only. The south
  // Elephant on c3 reaches a1 (its own Rajah), a5 (the west Rajah), e5 (the
  // Tower) and e1 (an east Soldier): it takes the Soldier only.
  Position pos = at(r, four({{"d4", "sP"},
                             {"d5", "wN"},
                             {"e5", "wR"},
                             {"c5", "eP"},
                             {"c3", "sE"},
                             {"a5", "wK"},
                             {"e1", "eP"},
                             {"a1", "sK"},
                             {"h8", "nK"},
                             {"h1", "eK"}},
                            "south"));
  EXPECT_EQ(moves_from(pos, "d4"), (std::set<std::string>{"d4c5"}));
  EXPECT_EQ(moves_from(pos, "c3"), (std::set<std::string>{"c3e1"}));
  // A major piece takes any enemy piece, and never an ally's: the west Horse on e6
  // takes the south Soldier on d4 but not the east Soldier on g5.
  Position major = at(r, four({{"d4", "sP"},
                               {"e6", "wN"},
                               {"g5", "eP"},
                               {"a5", "wK"},
                               {"d1", "sK"},
                               {"e8", "nK"},
                               {"h4", "eK"}},
                              "west"));
  EXPECT_EQ(moves_from(major, "e6"),
            (std::set<std::string>{"e6d4", "e6c5", "e6c7", "e6d8", "e6f8", "e6g7", "e6f4"}));
}

TEST(Chaturanga, FourHandedTheRajahLeapsOnlyWhenNoEnemyCouldTakeIt) {
  Rules r = four_handed();
  const std::set<std::string> steps = {"d1c1", "d1c2", "d1d2", "d1e1", "d1e2"};
  std::set<std::string> with_leaps = steps;
  for (const char* t : {"d1b2 leap", "d1c3 leap", "d1e3 leap", "d1f2 leap"}) with_leaps.insert(t);
  // A west Tower on d8 attacks d1 down the file: no leap.
  Position rook =
      at(r, four({{"d1", "sK"}, {"d8", "wR"}, {"a5", "wK"}, {"e8", "nK"}, {"h4", "eK"}}, "south"));
  EXPECT_EQ(moves_from(rook, "d1"), steps);
  // An east Soldier diagonally ahead of the Rajah (e2, facing west) could not take
  // it (a minor piece), so the Rajah still leaps; the Soldier is taken by a step.
  Position soldier =
      at(r, four({{"d1", "sK"}, {"e2", "eP"}, {"a5", "wK"}, {"e8", "nK"}, {"h4", "eK"}}, "south"));
  EXPECT_EQ(moves_from(soldier, "d1"), with_leaps);
  // A frozen seat's Tower threatens nothing: west's Rajah is gone, so its Tower on
  // d8 leaves the leap open.
  Position frozen =
      at(r, four({{"d1", "sK"}, {"d8", "wR"}, {"e8", "nK"}, {"h4", "eK"}}, "south frozen=west"));
  EXPECT_EQ(moves_from(frozen, "d1"), with_leaps);
  // An ally's Tower is no threat either.
  Position ally =
      at(r, four({{"d1", "sK"}, {"d8", "nR"}, {"a5", "wK"}, {"e8", "nK"}, {"h4", "eK"}}, "south"));
  EXPECT_EQ(moves_from(ally, "d1"), with_leaps);
}

TEST(Chaturanga, FourHandedAFrozenArmyStaysCapturableAndIsSkipped) {
  Rules r = four_handed();
  // The west Tower takes the south Rajah: south is frozen, its Soldier stays.
  Position pos = at(r, four({{"d1", "sK"},
                             {"d3", "sP"},
                             {"d8", "wR"},
                             {"a5", "wK"},
                             {"e8", "nK"},
                             {"h4", "eK"},
                             {"h1", "eR"}},
                            "west"));
  play(pos, "d8d4");  // west
  play(pos, "e8e7");  // north
  play(pos, "h1g1");  // east
  EXPECT_EQ(pos.to_move(), 0);
  play(pos, "d1e1");  // south
  play(pos, "d4d3");  // west takes the Soldier
  play(pos, "e7e6");  // north
  play(pos, "g1e1");  // east takes the south Rajah
  EXPECT_EQ(pos.seat_state(0), SeatState::kFrozen);
  EXPECT_EQ(pos.to_move(), 1) << "south's turn is skipped";
  Position later = at(
      r, four({{"d2", "sP"}, {"d1", "sR"}, {"d8", "wR"}, {"a5", "wK"}, {"e8", "nK"}, {"h4", "eK"}},
              "west frozen=south"));
  // The frozen Soldier on d2 blocks the file and may be taken; the Tower behind it
  // cannot move.
  EXPECT_EQ(moves_from(later, "d8"),
            (std::set<std::string>{"d8d7", "d8d6", "d8d5", "d8d4", "d8d3", "d8d2", "d8c8", "d8b8",
                                   "d8a8", "d8e8"}));
  play(later, "d8d2");
  EXPECT_EQ(later.to_move(), 2) << "north, then east, then west again: south is skipped";
  play(later, "e8e7");
  play(later, "h4h3");
  EXPECT_EQ(later.to_move(), 1);
}

TEST(Chaturanga, FourHandedARajahOnItsAllysThroneCommandsTheAllysArmy) {
  Rules r = four_handed();
  // South's Rajah is gone; north's Rajah steps onto d1, south's Rajah's square.
  Position pos = at(r, four({{"d2", "nK"}, {"b2", "sP"}, {"c1", "sR"}, {"a5", "wK"}, {"h4", "eK"}},
                            "north frozen=south"));
  play(pos, "d2d1");
  EXPECT_EQ(pos.controller(0), 2);
  EXPECT_EQ(pos.to_move(), 3) << "east";
  play(pos, "h4h3");
  // South's turn comes again, decided by north, moving south's pieces.
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_EQ(pos.decider(), 2);
  EXPECT_EQ(all_moves(pos), (std::set<std::string>{"b2b3", "c1c2", "c1c3", "c1c4", "c1c5", "c1c6",
                                                   "c1c7", "c1c8", "c1b1", "c1a1"}));
  // An ally still in play is commanded too: on its turns, its commander decides.
  Position active = at(r, four({{"e7", "sK"}, {"d1", "nK"}, {"a5", "wK"}, {"h4", "eK"}}, "south"));
  play(active, "e7e8");
  EXPECT_EQ(active.controller(2), 0);
  play(active, "a5a4");
  EXPECT_EQ(active.to_move(), 2);
  EXPECT_EQ(active.decider(), 0);
  EXPECT_EQ(moves_from(active, "d1").count("d1d2"), 1u) << "north's own Rajah moves";
  // Reaching an enemy's throne commands nothing.
  Position enemy = at(r, four({{"a4", "sK"}, {"e8", "nK"}, {"h4", "eK"}}, "south frozen=west"));
  play(enemy, "a4a5");
  EXPECT_EQ(enemy.controller(1), 1);
}

TEST(Chaturanga, FourHandedElephantCombat) {
  Rules r = four_handed();
  // Elephants of north (d4), west (e4) and east (d5) stand in the square d4-e5;
  // the south Elephant leaps c3-e5 and completes it: the west and east Elephants
  // are taken and north's becomes south's.
  Position pos = at(r, four({{"c3", "sE"},
                             {"d4", "nE"},
                             {"e4", "wE"},
                             {"d5", "eE"},
                             {"d1", "sK"},
                             {"e8", "nK"},
                             {"a5", "wK"},
                             {"h4", "eK"}},
                            "south"));
  play(pos, "c3e5");
  const Topology& t = r->topology;
  EXPECT_EQ(pos.at(t.find("e4")), kEmpty);
  EXPECT_EQ(pos.at(t.find("d5")), kEmpty);
  ASSERT_NE(pos.at(t.find("d4")), kEmpty);
  EXPECT_EQ(piece_seat(pos.at(t.find("d4"))), 0);
  EXPECT_EQ(piece_seat(pos.at(t.find("e5"))), 0);
  EXPECT_EQ(pos.counter(0, kCaptured), 2);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  // Three Elephants and a Soldier in the square: nothing happens.
  Position none = at(r, four({{"c3", "sE"},
                              {"d4", "nE"},
                              {"e4", "wP"},
                              {"d5", "eE"},
                              {"d1", "sK"},
                              {"e8", "nK"},
                              {"a5", "wK"},
                              {"h4", "eK"}},
                             "south"));
  play(none, "c3e5");
  EXPECT_NE(none.at(t.find("d5")), kEmpty);
  EXPECT_EQ(piece_seat(none.at(t.find("d4"))), 2);
}

TEST(Chaturanga, FourHandedRajahExchangeAndTheEnd) {
  Rules r = four_handed();
  // South and west have lost their Rajahs; north offers the exchange, east (the
  // next seat of the other team) answers.
  const std::string start =
      four({{"e8", "nK"}, {"h4", "eK"}, {"a2", "sP"}, {"d1", "wN"}, {"b1", "nR"}},
           "north frozen=south,west");
  Position pos = at(r, start);
  EXPECT_EQ(all_moves(pos).count("exchange"), 1u);
  play(pos, "exchange");
  EXPECT_EQ(pos.to_move(), 3);
  EXPECT_EQ(all_moves(pos), (std::set<std::string>{"accept", "decline"}));
  Position declined = pos;
  play(declined, "decline");
  EXPECT_EQ(declined.to_move(), 3) << "east plays its turn after north's offer";
  EXPECT_EQ(declined.seat_state(0), SeatState::kFrozen);
  play(pos, "accept");
  // South's Rajah comes back next to its square (d1 holds a west Horse: d2 is the
  // first empty neighbour), west's on a5; both play again.
  const Topology& t = r->topology;
  EXPECT_EQ(pos.at(t.find("d2")), make_piece(r->type_index("rajah"), 0));
  EXPECT_EQ(pos.at(t.find("a5")), make_piece(r->type_index("rajah"), 1));
  EXPECT_EQ(pos.seat_state(0), SeatState::kActive);
  EXPECT_EQ(pos.seat_state(1), SeatState::kActive);
  EXPECT_EQ(pos.to_move(), 3);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  // With all four Rajahs on the board there is nothing to exchange.
  EXPECT_EQ(all_moves(pos).count("exchange"), 0u);
  // The end: north's Tower takes west's Rajah, then east's; the second ends the game.
  Position end =
      at(r, four({{"e8", "nK"}, {"h4", "eK"}, {"a5", "wK"}, {"a1", "nR"}, {"d1", "sK"}}, "north"));
  play(end, "a1a5");
  EXPECT_FALSE(game_result(end).over);
  EXPECT_EQ(end.seat_state(1), SeatState::kFrozen);
  play(end, "h4h3");  // east
  play(end, "d1c1");  // south
  play(end, "a5a3");  // north
  play(end, "h3g3");  // east
  play(end, "c1b1");  // south
  play(end, "a3g3");  // north takes east's Rajah
  const Result res = game_result(end);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  EXPECT_EQ(res.outcome[2], Outcome::kWin);
  EXPECT_EQ(res.outcome[1], Outcome::kLoss);
  EXPECT_EQ(res.outcome[3], Outcome::kLoss);
  EXPECT_EQ(res.reason, "both enemy Rajahs taken");
}

// ---- Chaturanga for four with dice and stakes (four-handed-stakes.lua) ---------

Rules stakes_rules() {
  auto r = script::load_rules("chaturanga/four-handed-stakes");
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// Each seat's money, in seat order, and the pot.
std::vector<int> money(const Position& pos) {
  std::vector<int> out;
  for (SeatId s = 0; s < 4; ++s) out.push_back(pos.counter(s, kStakes));
  out.push_back(pos.global(kPot));
  return out;
}

const char* kAnte = "stakes=-5,-5,-5,-5 pot=20";

TEST(Chaturanga, StakesEachSeatPaysItsAnteIntoThePot) {
  Rules r = stakes_rules();
  Position pos(r);
  EXPECT_EQ(money(pos), (std::vector<int>{-5, -5, -5, -5, 20}));
  const std::string text = write_position(pos);
  EXPECT_NE(text.find("stakes=-5,-5,-5,-5"), std::string::npos) << text;
  EXPECT_NE(text.find("pot=20"), std::string::npos) << text;
  auto back = read_position(r, text);
  ASSERT_TRUE(back);
  EXPECT_EQ(money(*back), money(pos));
  EXPECT_EQ(back->hash(), pos.hash());
}

TEST(Chaturanga, StakesARajahCaptureAndAThronePay) {
  Rules r = stakes_rules();
  // West's Tower takes south's Rajah on d3: south pays west a unit. North's
  // Horse goes g6-h4, onto east's throne (east's Rajah stands on h5): east pays
  // north a unit, and only once however often the throne is taken.
  Position pos = at(r, four({{"d3", "sK"},
                             {"d2", "sP"},
                             {"d8", "wR"},
                             {"b6", "wP"},
                             {"a5", "wK"},
                             {"e8", "nK"},
                             {"g6", "nN"},
                             {"h7", "nP"},
                             {"h5", "eK"},
                             {"g1", "eP"}},
                            std::string("west roll=4 ") + kAnte));
  play(pos, "d8d3");
  EXPECT_EQ(money(pos), (std::vector<int>{-10, 0, -5, -5, 20}));
  EXPECT_EQ(pos.seat_state(0), SeatState::kFrozen);
  play(pos, "roll 3");
  play(pos, "g6h4");
  EXPECT_EQ(money(pos), (std::vector<int>{-10, 0, 0, -10, 20}));
  // The Horse leaves and comes back: the throne is paid once a game.
  play(pos, "roll 1");
  play(pos, "pass");  // east
  play(pos, "roll 1");
  play(pos, "pass");  // west (south is frozen and skipped)
  play(pos, "roll 3");
  play(pos, "h4g6");
  play(pos, "roll 1");
  play(pos, "pass");
  play(pos, "roll 1");
  play(pos, "pass");
  play(pos, "roll 3");
  play(pos, "g6h4");
  EXPECT_EQ(money(pos), (std::vector<int>{-10, 0, 0, -10, 20}));
  EXPECT_EQ(pos.hash(), pos.compute_hash());
}

TEST(Chaturanga, StakesTheWinnersShareThePotAndAnEmpireIsPaidTwice) {
  Rules r = stakes_rules();
  // South commands north (its Rajah on e8, north's Rajah taken); west and east
  // have one Soldier left between them: south's Tower takes it and wins.
  const std::string board =
      four({{"e8", "sK"}, {"h7", "nP"}, {"c1", "sR"}, {"c5", "wP"}, {"a5", "wK"}, {"h4", "eK"}},
           std::string("south roll=4 frozen=north control=north:south "
                       "left=north:1:2 ") +
               kAnte);
  Position pos = at(r, board);
  play(pos, "c1c5");
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.reason, "every enemy piece but the Rajahs taken");
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  EXPECT_EQ(res.outcome[2], Outcome::kWin);
  // The pot: 10 each to south and north. The empire: west and east each pay
  // south two units.
  std::vector<int> settled;
  int total = 0;
  for (SeatId s = 0; s < 4; ++s) {
    settled.push_back(settled_counter(pos, res, s, kStakes));
    total += settled.back();
  }
  EXPECT_EQ(settled, (std::vector<int>{-5 + 10 + 20, -5 - 10, -5 + 10, -5 - 10}));
  EXPECT_EQ(total, 0);
  // A commander whose Rajah was taken commands no longer: no empire for south,
  // whose command over north lapsed.
  Position lapsed =
      at(r, four({{"e6", "nK"}, {"c1", "nR"}, {"c5", "wP"}, {"a5", "wK"}, {"h4", "eK"}},
                 std::string("north roll=4 frozen=south control=north:south "
                             "left=south:1:2 ") +
                     kAnte));
  play(lapsed, "c1c5");
  const Result res3 = game_result(lapsed);
  ASSERT_TRUE(res3.over);
  std::vector<int> no_empire;
  for (SeatId s = 0; s < 4; ++s) no_empire.push_back(settled_counter(lapsed, res3, s, kStakes));
  EXPECT_EQ(no_empire, (std::vector<int>{5, -5, 5, -5}));
  // With each player commanding his own army, there is no empire: the pot only.
  Position plain = at(r, four({{"e8", "nK"},
                               {"h7", "nP"},
                               {"c1", "sR"},
                               {"c5", "wP"},
                               {"d1", "sK"},
                               {"a5", "wK"},
                               {"h4", "eK"}},
                              std::string("south roll=4 ") + kAnte));
  play(plain, "c1c5");
  const Result res2 = game_result(plain);
  ASSERT_TRUE(res2.over);
  EXPECT_EQ(settled_counter(plain, res2, 0, kStakes), 5);
  EXPECT_EQ(settled_counter(plain, res2, 1, kStakes), -5);
}

TEST(Chaturanga, StakesADrawGivesEveryoneHisStakeBack) {
  Rules r = stakes_rules();
  // 799 turns without a capture; south's pass is the 800th: drawn, the pot of 20
  // goes back 5 to each, and what was paid during the game stays paid.
  Position pos = at(r, four({{"d1", "sK"},
                             {"d2", "sP"},
                             {"a5", "wK"},
                             {"b5", "wP"},
                             {"e8", "nK"},
                             {"e7", "nP"},
                             {"h4", "eK"},
                             {"g4", "eP"}},
                            "south roll=1 halfmove=799 stakes=0,-10,-5,-5 pot=20"));
  play(pos, "pass");
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "800 turns without a capture");
  std::vector<int> settled;
  for (SeatId s = 0; s < 4; ++s) settled.push_back(settled_counter(pos, res, s, kStakes));
  EXPECT_EQ(settled, (std::vector<int>{5, -5, 0, 0}));
}

TEST(Chaturanga, StakesTheCommanderMovesEitherArmyOnEitherTurn) {
  Rules r = stakes_rules();
  // North's Rajah stands on d1, south's throne: north commands south (in play).
  const std::string board = four({{"d1", "nK"},
                                  {"a3", "sP"},
                                  {"h6", "nP"},
                                  {"b4", "sK"},
                                  {"a5", "wK"},
                                  {"b7", "wP"},
                                  {"h4", "eK"},
                                  {"g2", "eP"}},
                                 "south roll=5 control=south:north");
  Position pos = at(r, board);
  EXPECT_EQ(pos.decider(), 2);
  // On south's turn, with a 5: south's Soldier and Rajah, and north's.
  EXPECT_EQ(all_moves(pos),
            (std::set<std::string>{"a3a4", "b4a4", "b4b5", "b4c5", "b4c4", "b4c3", "b4b3", "b4a5",
                                   "h6h5", "d1c1", "d1c2", "d1d2", "d1e2", "d1e1"}));
  // Without command, south moves its own army only.
  Position alone = at(r, four({{"d2", "nK"},
                               {"a3", "sP"},
                               {"h6", "nP"},
                               {"b4", "sK"},
                               {"a5", "wK"},
                               {"b7", "wP"},
                               {"h4", "eK"},
                               {"g2", "eP"}},
                              "south roll=5"));
  EXPECT_EQ(moves_from(alone, "h6").size(), 0u);
  EXPECT_EQ(moves_from(alone, "d2").size(), 0u);
}

TEST(Chaturanga, StakesPromotionRestitutionAndWithdrawal) {
  Rules r = stakes_rules();
  // South has lost its Tower: its Soldier on a5, reaching a6 (west's Tower's
  // square), may become a Tower; the one on b6 reaches b7, no Horse's or Tower's
  // square, and stays a Soldier.
  Position promo = at(r, four({{"a5", "sP"},
                               {"b6", "sP"},
                               {"b1", "sN"},
                               {"d1", "sK"},
                               {"c5", "wK"},
                               {"b8", "wP"},
                               {"e8", "nK"},
                               {"h7", "nP"},
                               {"h4", "eK"},
                               {"g1", "eP"}},
                              "south roll=5"));
  EXPECT_EQ(moves_from(promo, "a5"), (std::set<std::string>{"a5a6", "a5a6=R"}));
  EXPECT_EQ(moves_from(promo, "b6"), (std::set<std::string>{"b6b7"}));
  // The privileged pawn: south, its Rajah taken and its army commanded by north,
  // has a Soldier and an Elephant; on a5 (west's throne) the Soldier may become a
  // Horse, a Tower or a Rajah; as a Rajah, south is back in play.
  Position gadha = at(r, four({{"a4", "sP"},
                               {"c3", "sE"},
                               {"d1", "nK"},
                               {"h7", "nP"},
                               {"c5", "wK"},
                               {"b8", "wP"},
                               {"h4", "eK"},
                               {"g1", "eP"}},
                              "south roll=5 frozen=south control=south:north left=south:1:2"));
  EXPECT_EQ(moves_from(gadha, "a4"), (std::set<std::string>{"a4a5", "a4a5=N", "a4a5=R", "a4a5=K"}));
  play(gadha, "a4a5=K");
  EXPECT_EQ(gadha.seat_state(0), SeatState::kActive);
  EXPECT_EQ(gadha.controller(0), 0);
  // Restitution: west and east have both lost their Rajahs, south only its own:
  // north (to move) may demand south's Rajah back, with nothing in return.
  Position rest = at(
      r, four({{"e8", "nK"}, {"h7", "nP"}, {"d2", "wR"}, {"d3", "sP"}, {"b8", "wP"}, {"g1", "eP"}},
              "north roll=1 frozen=south,west,east left=south:1:2,west:1:2,"
              "east:1:2"));
  EXPECT_EQ(all_moves(rest), (std::set<std::string>{"pass", "restitution"}));
  play(rest, "restitution");
  const Topology& t = r->topology;
  EXPECT_EQ(rest.at(t.find("d1")), make_piece(r->type_index("rajah"), 0));
  EXPECT_EQ(rest.seat_state(0), SeatState::kActive);
  EXPECT_EQ(rest.seat_state(1), SeatState::kFrozen) << "west gets nothing back";
  EXPECT_EQ(rest.to_move(), 0) << "south plays next";
  // Withdrawal: north's Tower takes east's last Soldier: east, left with its
  // Rajah alone, withdraws and its Rajah leaves the board.
  Position lone = at(r, four({{"e8", "nK"},
                              {"g8", "nR"},
                              {"g1", "eP"},
                              {"h4", "eK"},
                              {"a5", "wK"},
                              {"b8", "wP"},
                              {"d1", "sK"},
                              {"d2", "sP"}},
                             "north roll=4"));
  play(lone, "g8g1");
  EXPECT_TRUE(lone.is_out(3));
  EXPECT_EQ(lone.at(t.find("h4")), kEmpty);
  EXPECT_FALSE(game_result(lone).over) << "west plays on alone";
  EXPECT_EQ(lone.to_move(), 0) << "south, then west; east is skipped";
}

// 1,000 seeded random games: each ends with a result, and the money never
// changes in total: the seats' ledger and the pot sum to zero at every turn,
// and the settled ledger at the end sums to zero.
TEST(Chaturanga, StakesRandomGamesEndAndKeepTheMoney) {
  Rules r = stakes_rules();
  ASSERT_TRUE(r);
  std::mt19937_64 rng(7);
  int decided = 0, drawn = 0, commanded = 0, paid = 0, restored = 0;
  for (int g = 0; g < 1000; ++g) {
    Position pos(r);
    MoveList moves;
    Turn t;
    Result res;
    for (int ply = 0; ply < 20000; ++ply) {
      res = game_result(pos, moves);
      if (res.over) break;
      random_turn(pos, moves, rng, t);
      for (const Move& m : t.steps) {
        restored += m.kind == MoveKind::kAction;
        Undo u;
        pos.make(m, u);
      }
      int sum = pos.global(kPot);
      for (SeatId s = 0; s < 4; ++s) sum += pos.counter(s, kStakes);
      ASSERT_EQ(sum, 0) << write_position(pos);
      for (SeatId s = 0; s < 4; ++s) commanded += pos.controller(s) != s;
    }
    ASSERT_TRUE(res.over) << "game " << g << " did not end";
    int total = 0;
    for (SeatId s = 0; s < 4; ++s) {
      const int v = settled_counter(pos, res, s, kStakes);
      total += v;
      paid += v != 0;
    }
    ASSERT_EQ(total, 0) << "game " << g;
    res.is_draw() ? ++drawn : ++decided;
  }
  EXPECT_GT(decided, 800);
  EXPECT_GT(drawn, 0);
  EXPECT_GT(commanded, 0);
  EXPECT_GT(paid, 1000);
  EXPECT_GT(restored, 0) << "exchanges and restitutions";
}

}  // namespace
}  // namespace regula
