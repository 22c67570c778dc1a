// Captures by approach and withdrawal (line_capture { }), with their chains:
// first on tiny scripts with exact move lists and load errors, then in
// Fanorona (rules/fanorona/fanorona.lua), against a generator written here
// from the rule text in another shape than the engine's (a recursive search
// over a 9x5 array that moves the stone and lifts the captured ones as it
// goes), from the start and in positions of seeded random games, under both
// readings of the opening.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "move_support.h"
#include "notation/describe.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;
using Texts = std::set<std::string>;

// The whole turns of pos as turn_texts writes them.
Texts turns(Position& pos) {
  return test_support::turn_set(pos);
}

// A board of w x h squares with one stone type that captures by the given
// line_capture fields (its element on line 6). The hands deal the stones the
// positions set up (nothing drops them): positions hold no more than a game deals.
std::string line_game(int w, int h, const std::string& fields) {
  return "return game {\n  title = \"lines\",\n  board = grid { width = " + std::to_string(w) +
         ", height = " + std::to_string(h) +
         " },\n  pieces = {\n    piece { name = \"stone\", symbol = \"S\", moves = {\n"
         "      line_capture { " +
         fields +
         " } } },\n  },\n  setup = { white = { stone = \"a1\" } },\n"
         "  hand = { white = { stone = 8 }, black = { stone = 9 } },\n}\n";
}

// On a strip, a step east from c1 to d1 approaches e1 and f1 and withdraws from
// b1 and a1: two moves that read alike, told apart by the points they clear.
TEST(LineCapture, ApproachAndWithdrawalOfOneStepAreTwoMoves) {
  auto r = load("line_both", line_game(6, 1, R"(dirs = "orthogonal", by = "approach withdrawal")"));
  ASSERT_TRUE(r);
  auto pos = read_position(r, "ssS1ss white");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(turns(*pos), (Texts{"c1xd1 xe1 xf1", "c1xd1 xa1 xb1"}));
  auto approach = load("line_approach", line_game(6, 1, R"(dirs = "orthogonal", by = "approach")"));
  ASSERT_TRUE(approach);
  auto only = read_position(approach, "ssS1ss white");
  ASSERT_TRUE(only);
  EXPECT_EQ(turns(*only), (Texts{"c1xd1"}));
  // The move clears the whole line it takes.
  Position p = *only;
  MoveList ml;
  legal_moves(p, ml);
  ASSERT_EQ(ml.size(), 1);
  Undo u;
  p.make(ml[0], u);
  EXPECT_EQ(write_position(p).substr(0, 7), "ss1S2 b") << write_position(p);
}

// The line ends at the first point that is empty or holds a friend: from c1
// east, e1 is taken but not g1 beyond the empty f1, and a1 not behind b1's friend.
TEST(LineCapture, TheLineStopsAtAGapOrAFriend) {
  auto r = load("line_gap", line_game(7, 1, R"(dirs = "e", by = "approach withdrawal")"));
  ASSERT_TRUE(r);
  auto pos = read_position(r, "sSS1s1s white");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(turns(*pos), (Texts{"c1xd1"}));
  Position p = *pos;
  MoveList ml;
  legal_moves(p, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(ml[0].ncap, 1);
  EXPECT_EQ(r->topology.name(ml[0].cap[0]), "e1");
}

// The chains of a stone on a1 of a 3x3 board among black stones on c1, b3, c2
// and a3: east then north then west, or north then east then south, each step
// a capture, and it may stop after any. Going on in the direction of the last
// step, or back onto a point of the chain, is refused.
TEST(LineCapture, ChainsMayStopAfterAnyCaptureAndNeverRepeatOrReturn) {
  const std::string board = "ss1/2s/S1s white";
  auto r =
      load("line_chain", line_game(3, 3, R"(dirs = "orthogonal", by = "approach withdrawal")"));
  ASSERT_TRUE(r);
  auto pos = read_position(r, board);
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(turns(*pos),
            (Texts{"a1xb1", "a1xb1xb2", "a1xb1xb2xa2", "a1xa2", "a1xa2xb2", "a1xa2xb2xb1"}));
  // With revisit = true both long chains go on back to a1, taking the fourth
  // stone: the same origin, destination and captures, so one decision.
  auto back = load("line_revisit", line_game(3, 3, R"(dirs = "orthogonal",
    by = "approach withdrawal", revisit = true)"));
  ASSERT_TRUE(back);
  auto pb = read_position(back, board);
  ASSERT_TRUE(pb);
  EXPECT_EQ(turns(*pb), (Texts{"a1xb1", "a1xb1xb2", "a1xb1xb2xa2", "a1xa2", "a1xa2xb2",
                               "a1xa2xb2xb1", "a1xa2xb2xb1xa1"}));
  Position p = *pb;
  auto m = parse_move(p, "a1xa2xb2xb1xa1");
  ASSERT_TRUE(m) << m.error().text();
  Undo u;
  p.make(*m, u);
  EXPECT_EQ(write_position(p).substr(0, 12), "3/3/S2 black") << write_position(p);
  // chain = false: one capture a move.
  auto single = load("line_single", line_game(3, 3, R"(dirs = "orthogonal",
    by = "approach withdrawal", chain = false)"));
  ASSERT_TRUE(single);
  auto ps = read_position(single, board);
  ASSERT_TRUE(ps);
  EXPECT_EQ(turns(*ps), (Texts{"a1xb1", "a1xa2"}));
}

// A withdrawal east followed by an approach east is two steps in one direction:
// refused, unless repeat_direction = true.
TEST(LineCapture, TwoStepsInOneDirectionNeedRepeatDirection) {
  auto r = load("line_dir", line_game(5, 1, R"(dirs = "orthogonal", by = "approach withdrawal")"));
  ASSERT_TRUE(r);
  auto pos = read_position(r, "sS2s white");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(turns(*pos), (Texts{"b1xc1"}));
  auto again = load("line_dir_again", line_game(5, 1, R"(dirs = "orthogonal",
    by = "approach withdrawal", repeat_direction = true)"));
  ASSERT_TRUE(again);
  auto pa = read_position(again, "sS2s white");
  ASSERT_TRUE(pa);
  EXPECT_EQ(turns(*pa), (Texts{"b1xc1", "b1xc1xd1"}));
}

TEST(LineCapture, DescribeSaysItInWords) {
  auto r =
      load("line_words", line_game(3, 3, R"(dirs = "orthogonal", by = "approach withdrawal")"));
  ASSERT_TRUE(r);
  EXPECT_EQ(describe_piece(*r, r->type_index("stone")),
            (std::vector<std::string>{
                "steps orthogonally to an adjacent empty square to capture by approach (the "
                "enemy line beginning on the next square beyond its destination, along its "
                "step) or by withdrawal (the enemy line beginning on the square behind its "
                "origin, opposite its step): the whole unbroken line of enemy pieces goes; "
                "where a step could do both, the player chooses which (it may go on capturing "
                "with further such steps, each a capture, and stop after any, never onto a "
                "square it stood on this turn, never twice in a row in one direction)",
                "in hand at the start: white 8, black 9"}));
  auto single = load("line_words_single",
                     line_game(3, 3, R"(dirs = "orthogonal", by = "withdrawal", chain = false)"));
  ASSERT_TRUE(single);
  EXPECT_EQ(describe_piece(*single, single->type_index("stone")),
            (std::vector<std::string>{
                "steps orthogonally to an adjacent empty square to capture by withdrawal (the "
                "enemy line beginning on the square behind its origin, opposite its step): the "
                "whole unbroken line of enemy pieces goes (one capture a move)",
                "in hand at the start: white 8, black 9"}));
}

TEST(LineCapture, BadFieldsAreLocatedErrors) {
  struct Case {
    std::string fields, what;
  };
  const std::vector<Case> cases = {
      {R"(by = "approach")", "line_capture needs dirs"},
      {R"(dirs = "all")",
       "line_capture needs by = \"approach\", \"withdrawal\" or both (\"approach withdrawal\")"},
      {R"(dirs = "all", by = "jump")",
       "line_capture by = \"jump\" is not allowed; allowed: \"approach\", \"withdrawal\""},
      {R"(dirs = "all", by = {})", "line_capture by names no way to capture"},
      {R"(dirs = "all", by = "approach", mode = "move")",
       "line_capture only captures: mode = \"capture\" or none (a plain step is a step { })"},
      {R"(dirs = "all", by = "approach", chain = false, revisit = true)",
       "line_capture: revisit and repeat_direction restrict a chain's later steps; with chain = "
       "false there are none"},
      {R"(dirs = "all", by = "approach", chain = "yes")", "chain must be"},
      {R"(dirs = "all", by = "approach", repeat_dir = true)", "unknown field 'repeat_dir'"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name = "bad_line_" + std::to_string(i);
    expect_located(load_error(name, line_game(3, 3, cases[i].fields)), name + ".lua:6",
                   cases[i].what);
  }
}

// ---- Fanorona ---------------------------------------------------------------

// The rules as a plain array, [x][y] with x the file (a..i) and y the rank
// (1..5): 0 empty, 1 White's stone, 2 Black's.
using Board = std::array<std::array<int, 5>, 9>;
constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

// Whether a line joins (x, y) to its neighbour in direction d: every point to
// its orthogonal neighbours, and diagonals from the points whose coordinates
// add up to an even number (the strong points; a diagonal joins two of them).
bool linked(int x, int y, int d) {
  const int nx = x + kDx[d], ny = y + kDy[d];
  if (nx < 0 || nx >= 9 || ny < 0 || ny >= 5) return false;
  return d % 2 == 0 || (x + y) % 2 == 0;
}

// A turn: origin, destination, and the captured points (x * 5 + y), sorted.
using Outcome = std::tuple<int, int, std::vector<int>>;

struct Generator {
  Board b;
  int me;
  bool may_go_on;
  std::set<Outcome> out;
  int origin = 0;
  std::vector<int> taken;
  uint64_t visited = 0;

  // The enemy line that starts at (x, y) and goes on in direction d.
  std::vector<std::pair<int, int>> line(int x, int y, int d) const {
    std::vector<std::pair<int, int>> l;
    while (x >= 0 && x < 9 && y >= 0 && y < 5 && b[x][y] == 3 - me) {
      l.emplace_back(x, y);
      if (!linked(x, y, d)) break;
      x += kDx[d];
      y += kDy[d];
    }
    return l;
  }

  // The captures of the stone on (x, y), after a step in direction last (-1: none yet).
  void captures(int x, int y, int last) {
    for (int d = 0; d < 8; ++d) {
      if (d == last || !linked(x, y, d)) continue;
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (b[nx][ny] != 0 || ((visited >> (nx * 5 + ny)) & 1)) continue;
      std::vector<std::vector<std::pair<int, int>>> ways;
      if (linked(nx, ny, d)) ways.push_back(line(nx + kDx[d], ny + kDy[d], d));
      const int back = (d + 4) % 8;
      if (linked(x, y, back)) ways.push_back(line(x + kDx[back], y + kDy[back], back));
      for (const auto& l : ways) {
        if (l.empty()) continue;
        b[x][y] = 0;
        b[nx][ny] = me;
        for (auto [cx, cy] : l) {
          b[cx][cy] = 0;
          taken.push_back(cx * 5 + cy);
        }
        visited |= uint64_t{1} << (nx * 5 + ny);
        std::vector<int> sorted = taken;
        std::sort(sorted.begin(), sorted.end());
        out.emplace(origin, nx * 5 + ny, sorted);
        if (may_go_on) captures(nx, ny, d);
        visited &= ~(uint64_t{1} << (nx * 5 + ny));
        for (auto [cx, cy] : l) {
          b[cx][cy] = 3 - me;
          taken.pop_back();
        }
        b[nx][ny] = 0;
        b[x][y] = me;
      }
    }
  }
};

// Every turn of side me (1 or 2): the captures when there is one, else every
// step to an adjacent empty point (paika).
std::set<Outcome> generator_turns(const Board& b, int me, bool may_go_on) {
  Generator g{b, me, may_go_on, {}, 0, {}, 0};
  for (int x = 0; x < 9; ++x)
    for (int y = 0; y < 5; ++y) {
      if (b[x][y] != me) continue;
      g.origin = x * 5 + y;
      g.visited = uint64_t{1} << g.origin;
      g.captures(x, y, -1);
    }
  if (!g.out.empty()) return g.out;
  for (int x = 0; x < 9; ++x)
    for (int y = 0; y < 5; ++y)
      if (b[x][y] == me)
        for (int d = 0; d < 8; ++d)
          if (linked(x, y, d) && b[x + kDx[d]][y + kDy[d]] == 0)
            g.out.emplace(x * 5 + y, (x + kDx[d]) * 5 + y + kDy[d], std::vector<int>{});
  return g.out;
}

// Whether side me may go on capturing after a capture: always under the free
// opening; under the standard one only once it has captured before, that is
// once the enemy has fewer than the 22 stones it started with.
bool may_go_on(const Board& b, int me, bool standard) {
  int enemy = 0;
  for (const auto& file : b)
    for (int v : file) enemy += v == 3 - me;
  return !standard || enemy < 22;
}

uint64_t generator_perft(Board& b, int me, int depth, bool standard) {
  if (depth == 0) return 1;
  const std::set<Outcome> ts = generator_turns(b, me, may_go_on(b, me, standard));
  if (depth == 1) return ts.size();
  uint64_t n = 0;
  for (const auto& [from, to, caps] : ts) {
    // The stone may end on a point it emptied by an earlier capture of the chain.
    Board next = b;
    for (int c : caps) next[c / 5][c % 5] = 0;
    next[from / 5][from % 5] = 0;
    next[to / 5][to % 5] = me;
    n += generator_perft(next, 3 - me, depth - 1, standard);
  }
  return n;
}

// The same rules counted step by step, as engines that play a chain one
// capture at a time count them: each capture is a ply, and so is stopping a
// chain that could go on; a chain that cannot go on ends the turn by itself.
// (x, y): the stone in the middle of its chain, last its last direction,
// visited the points it has stood on; last < 0: the turn has not begun.
struct Steps {
  bool standard;

  // The captures of the stone on (x, y) as (destination, direction, line).
  std::vector<std::tuple<int, int, std::vector<std::pair<int, int>>>> captures(
      const Board& b, int me, int x, int y, int last, uint64_t visited) const {
    Generator g{b, me, false, {}, 0, {}, 0};
    std::vector<std::tuple<int, int, std::vector<std::pair<int, int>>>> out;
    for (int d = 0; d < 8; ++d) {
      if (d == last || !linked(x, y, d)) continue;
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (b[nx][ny] != 0 || ((visited >> (nx * 5 + ny)) & 1)) continue;
      const int back = (d + 4) % 8;
      if (linked(nx, ny, d))
        if (auto l = g.line(nx + kDx[d], ny + kDy[d], d); !l.empty())
          out.emplace_back(nx * 5 + ny, d, l);
      if (linked(x, y, back))
        if (auto l = g.line(x + kDx[back], y + kDy[back], back); !l.empty())
          out.emplace_back(nx * 5 + ny, d, l);
    }
    return out;
  }

  // The plies after the stone on (x, y) has captured; go_on: it may capture again.
  uint64_t in_chain(const Board& b, int me, int x, int y, int last, uint64_t visited, int depth,
                    bool go_on) const {
    const auto next = go_on ? captures(b, me, x, y, last, visited)
                            : std::vector<std::tuple<int, int, std::vector<std::pair<int, int>>>>{};
    if (next.empty()) return perft(b, 3 - me, depth);
    if (depth == 0) return 1;
    uint64_t n = perft(b, 3 - me, depth - 1);  // the stop
    for (const auto& [to, d, l] : next) n += step(b, me, x * 5 + y, to, d, l, visited, depth);
    return n;
  }

  uint64_t step(Board b, int me, int from, int to, int d, const std::vector<std::pair<int, int>>& l,
                uint64_t visited, int depth) const {
    const bool go_on = may_go_on(b, me, standard);
    b[from / 5][from % 5] = 0;
    b[to / 5][to % 5] = me;
    for (auto [cx, cy] : l) b[cx][cy] = 0;
    return in_chain(b, me, to / 5, to % 5, d, visited | uint64_t{1} << to, depth - 1, go_on);
  }

  uint64_t perft(const Board& b, int me, int depth) const {
    if (depth == 0) return 1;
    uint64_t n = 0;
    bool any = false;
    for (int x = 0; x < 9; ++x)
      for (int y = 0; y < 5; ++y)
        if (b[x][y] == me)
          for (const auto& [to, d, l] : captures(b, me, x, y, -1, uint64_t{1} << (x * 5 + y))) {
            any = true;
            n += step(b, me, x * 5 + y, to, d, l, uint64_t{1} << (x * 5 + y), depth);
          }
    if (any) return n;
    for (int x = 0; x < 9; ++x)
      for (int y = 0; y < 5; ++y)
        if (b[x][y] == me)
          for (int d = 0; d < 8; ++d)
            if (linked(x, y, d) && b[x + kDx[d]][y + kDy[d]] == 0) {
              Board next = b;
              next[x][y] = 0;
              next[x + kDx[d]][y + kDy[d]] = me;
              n += perft(next, 3 - me, depth - 1);
            }
    return n;
  }
};

Board board_of(const Position& pos) {
  const Topology& t = pos.rules().topology;
  Board b{};
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (const PieceCode c = pos.at(s)) b[t.x(s)][t.y(s)] = 1 + piece_seat(c);
  return b;
}

// The engine's turns of pos in the generator's terms.
std::set<Outcome> engine_turns(Position& pos) {
  const Topology& t = pos.rules().topology;
  auto at = [&](SiteId s) { return t.x(s) * 5 + t.y(s); };
  std::vector<Turn> ts;
  legal_turns(pos, ts);
  std::set<Outcome> out;
  for (const Turn& turn : ts) {
    EXPECT_EQ(turn.steps.size(), 1u);
    const Move& m = turn.steps[0];
    std::vector<int> caps;
    for (int i = 0; i < m.ncap; ++i) caps.push_back(at(m.cap[i]));
    std::sort(caps.begin(), caps.end());
    out.emplace(at(m.from), at(m.to), caps);
  }
  EXPECT_EQ(out.size(), ts.size());
  return out;
}

void expect_same_turns(Position& pos, bool standard, const std::string& where) {
  const Board b = board_of(pos);
  const int me = 1 + pos.to_move();
  const std::set<Outcome> expected = generator_turns(b, me, may_go_on(b, me, standard));
  EXPECT_EQ(engine_turns(pos), expected) << where << ": " << write_position(pos);
}

// The Fanorona script under one reading of the opening.
Rules fanorona(const std::string& opening) {
  return bundled("fanorona/fanorona", {{"opening", opening}});
}

// Perft from the start, both ways, to depth 5 (116,520 and 431,830 turns):
// the generator's count is the number checked, the engine's must equal it.
TEST(Fanorona, PerftFromTheStartAgreesWithAGeneratorFromTheRuleText) {
  for (const std::string opening : {"standard", "free"}) {
    auto r = fanorona(opening);
    ASSERT_TRUE(r);
    Position start(r);
    expect_same_turns(start, opening == "standard", opening + " start");
    for (int depth = 1; depth <= 5; ++depth) {
      Board b = board_of(start);
      EXPECT_EQ(perft(start, depth), generator_perft(b, 1, depth, opening == "standard"))
          << opening << " depth " << depth;
    }
  }
}

// Counted step by step, the generator gives the counts that
// github.com/SlimPlanet92805/Fanorona publishes for the start position
// (bench/perft.txt, position 0: 5 17 64 337 1496 6884) under the free opening
// (that engine knows no first-capture rule), which checks its reading of the
// rules against an engine of other hands. Counted by turns, the engine must
// agree with the generator (the tests around this one).
TEST(Fanorona, TheGeneratorCountedStepByStepGivesThePublishedCounts) {
  auto r = fanorona("free");
  ASSERT_TRUE(r);
  const Board start = board_of(Position(r));
  const std::vector<uint64_t> published = {5, 17, 64, 337, 1496, 6884};
  for (int depth = 1; depth <= 6; ++depth)
    EXPECT_EQ(Steps{false}.perft(start, 1, depth), published[depth - 1]) << "depth " << depth;
}

TEST(Fanorona, AGeneratorFromTheRuleTextListsTheSameTurnsInRandomGames) {
  for (const std::string opening : {"standard", "free"}) {
    auto r = fanorona(opening);
    ASSERT_TRUE(r);
    // Seeded random games, every turn compared: 20 games of up to 60 turns.
    std::mt19937 rng(opening == "standard" ? 20261127 : 20261128);
    int compared = 0;
    for (int game = 0; game < 20; ++game) {
      Position pos(r);
      std::vector<Undo> undos;
      for (int ply = 0; ply < 60; ++ply) {
        std::vector<Turn> ts;
        legal_turns(pos, ts);
        if (ts.empty()) break;
        make_turn(pos, ts[std::uniform_int_distribution<size_t>(0, ts.size() - 1)(rng)], undos);
        // The game is over once a side has lost its last stone, or cannot move.
        if (game_result(pos).over) {
          const Board b = board_of(pos);
          int stones[3] = {0, 0, 0};
          for (const auto& file : b)
            for (int v : file) ++stones[v];
          EXPECT_TRUE(stones[1] == 0 || stones[2] == 0 ||
                      generator_turns(b, 1 + pos.to_move(), true).empty())
              << write_position(pos);
          break;
        }
        expect_same_turns(
            pos, opening == "standard",
            opening + " game " + std::to_string(game) + " turn " + std::to_string(ply));
        ++compared;
      }
      if (game_result(pos).over) continue;
      Board end = board_of(pos);
      EXPECT_EQ(perft(pos, 2), generator_perft(end, 1 + pos.to_move(), 2, opening == "standard"))
          << write_position(pos);
    }
    EXPECT_GE(compared, 300) << opening;
  }
}

}  // namespace
}  // namespace regula
