// A stage that places a new piece on a site reached from where the moved piece
// landed (choose = "place", reach = ...), started by every move (trigger on =
// "move"), first on tiny scripts with exact turn lists and load errors, then
// in the Game of the Amazons (rules/amazons/amazons.lua): its published perft
// counts, and a generator written here from the rule text, in another shape
// than the engine's (nested loops over a 10x10 array), that must list the same
// turns in the start position and in positions of seeded random games.
#include <gtest/gtest.h>

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

// A queen that moves without capturing and then shoots an arrow like a queen,
// on a 3x3 board; the stage starts on line 10, the trigger is on the line after it ends.
std::string shooting_game(const std::string& stage, const std::string& trigger = "move") {
  return R"(return game {
  title = "shots",
  board = grid { width = 3, height = 3 },
  pieces = {
    piece { name = "queen", symbol = "Q", moves = slide { dirs = "all", mode = "move" } },
    piece { name = "arrow", symbol = "X" },
  },
  setup = { white = { queen = "a1" }, black = { queen = "c3" } },
  stages = {
    )" + stage +
         R"(
  },
  triggers = { trigger { on = ")" +
         trigger + R"(", stage = "shoot" } },
}
)";
}

const std::string kQueenShot =
    R"(stage { name = "shoot", choose = "place", piece = "arrow", reach = slide { dirs = "all" } })";

// White's queen on a1, an arrow on b2, Black's queen on c3: each of the four
// moves is followed by every shot along a queen line from where the queen
// landed, over empty squares only, a1 (just left) among them.
TEST(PlaceStage, AMoveAndItsShotAreOneTurn) {
  auto r = load("shots", shooting_game(kQueenShot));
  ASSERT_TRUE(r);
  auto pos = read_position(r, "2q/1x1/Q2 white");
  ASSERT_TRUE(pos) << pos.error().text();
  Position p = *pos;
  EXPECT_EQ(turns(p), (Texts{"a1a2,X@a1", "a1a2,X@a3", "a1a2,X@b3", "a1a2,X@b1", "a1a3,X@a2",
                             "a1a3,X@a1", "a1a3,X@b3", "a1b1,X@a1", "a1b1,X@c1", "a1b1,X@a2",
                             "a1b1,X@c2", "a1c1,X@b1", "a1c1,X@a1", "a1c1,X@c2"}));
  EXPECT_EQ(perft(p, 1), 14u);
  // Whole turns: after White's 14, Black's queen on c3 moves and shoots.
  uint64_t by_hand = 0;
  std::vector<Turn> ts;
  legal_turns(p, ts);
  std::vector<Undo> undos;
  for (const Turn& t : ts) {
    make_turn(p, t, undos);
    by_hand += turns(p).size();
    unmake_turn(p, t, undos);
  }
  EXPECT_EQ(perft(p, 2), by_hand);
}

// The move is one decision and the shot the next, of the same turn; in the
// middle of the turn the position string names the stage and where the queen
// landed, and reads back as the same position.
TEST(PlaceStage, TheShotIsPendingInTheSameTurnAnchoredWhereThePieceLanded) {
  auto r = load("shots_pending", shooting_game(kQueenShot));
  ASSERT_TRUE(r);
  auto start = read_position(r, "2q/1x1/Q2 white");
  ASSERT_TRUE(start);
  Position p = *start;
  auto m = parse_move(p, "a1c1");
  ASSERT_TRUE(m) << m.error().text();
  Undo u;
  p.make(*m, u);
  EXPECT_TRUE(p.in_turn());
  EXPECT_EQ(p.to_move(), 0);
  EXPECT_EQ(p.anchor(), r->topology.find("c1"));
  const std::string text = write_position(p);
  EXPECT_NE(text.find("stage=shoot:white:c1"), std::string::npos) << text;
  auto back = read_position(r, text);
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_EQ(back->hash(), p.hash());
  MoveList ml;
  legal_moves(p, ml);
  EXPECT_EQ(ml.size(), 3);
  auto shot = parse_move(p, "X@b1");
  ASSERT_TRUE(shot) << shot.error().text();
  Undo u2;
  p.make(*shot, u2);
  EXPECT_FALSE(p.in_turn());
  EXPECT_EQ(p.to_move(), 1);
  EXPECT_EQ(p.hand(0, r->type_index("arrow")), 0) << "the arrow comes from no hand";
  EXPECT_EQ(write_position(p).substr(0, 11), "2q/1x1/1XQ ") << write_position(p);
  // A pending placement needs its site.
  auto no_site = read_position(r, "2q/1x1/2Q white stage=shoot:white");
  ASSERT_FALSE(no_site);
  EXPECT_NE(no_site.error().text().find("needs the site its placement is reached from"),
            std::string::npos)
      << no_site.error().text();
}

// Any of step, leap and walk reaches too, limited by to; where nothing can be
// reached the stage passes, and the move alone is the turn.
TEST(PlaceStage, LeapsAndRegionsReachAndNothingToReachPasses) {
  auto r = load("shots_leap", shooting_game(
                                  R"(stage { name = "shoot", choose = "place", piece = "arrow",
      reach = leap { offsets = { { 1, 2 } } } })"));
  ASSERT_TRUE(r);
  auto pos = read_position(r, "1q1/3/Q2 white");
  ASSERT_TRUE(pos);
  Position p = *pos;
  // From b2 no knight leap stays on a 3x3 board: the move alone is the turn.
  // From c1 the leap to b3 meets Black's queen.
  EXPECT_EQ(turns(p), (Texts{"a1a2,X@c3", "a1a2,X@c1", "a1a3,X@b1", "a1a3,X@c2", "a1b1,X@a3",
                             "a1b1,X@c3", "a1c1,X@a2", "a1b2", "a1c3,X@b1", "a1c3,X@a2"}));
  auto step = load("shots_step", R"(return game {
  title = "steps",
  board = grid { width = 4, height = 1 },
  regions = { left = "a1 b1" },
  pieces = {
    piece { name = "queen", symbol = "Q", moves = slide { dirs = "all", mode = "move" } },
    piece { name = "arrow", symbol = "X" },
  },
  setup = { white = { queen = "b1" } },
  stages = { stage { name = "shoot", choose = "place", piece = "arrow",
                     reach = step { dirs = "all", to = "left" } } },
  triggers = { trigger { on = "move", stage = "shoot" } },
  ends = { no_moves = "draw" },
}
)");
  ASSERT_TRUE(step);
  Position s(step);
  // From d1 the one step reaches c1, outside the region: nothing to place.
  EXPECT_EQ(turns(s), (Texts{"b1a1,X@b1", "b1c1,X@b1", "b1d1"}));
}

// `regula describe` says what the stage places, how it reaches, and what starts it.
TEST(PlaceStage, DescribeSaysThePlacementInWords) {
  auto r = load("shots_words", shooting_game(kQueenShot));
  ASSERT_TRUE(r);
  const RulesWords w = describe_rules(*r);
  std::string play;
  for (const std::string& l : w.play) play += l + "\n";
  EXPECT_NE(play.find("every move of a piece on the board is followed by shoot: the mover places "
                      "a new arrow (from an unlimited supply) on an empty site reached from "
                      "where the moved piece landed, as a piece that slides any distance in any "
                      "direction, not over pieces (the site it left counts as empty)"),
            std::string::npos)
      << play;
  EXPECT_EQ(describe_piece(*r, r->type_index("arrow")),
            (std::vector<std::string>{"never moves", "is placed by the stage shoot"}));
}

TEST(PlaceStage, BadPlacementsAreLocatedErrors) {
  struct Case {
    std::string stage, trigger, line, what;
  };
  const std::vector<Case> cases = {
      {R"(stage { name = "shoot", choose = "place", reach = slide { dirs = "all" } })", "move",
       ":10", "a stage that places needs piece = the name of the piece it places"},
      {R"(stage { name = "shoot", choose = "place", piece = "spear", reach = slide { dirs = "all" } })",
       "move", ":10", "no piece named 'spear' (pieces: queen, arrow)"},
      {R"(stage { name = "shoot", choose = "place", piece = "arrow" })", "move", ":10",
       "a stage that places needs reach = step { }, slide { }, leap { } or walk { }"},
      {R"(stage { name = "shoot", choose = "place", piece = "arrow", reach = hop { dirs = "all" } })",
       "move", ":10", "reach takes step { }, slide { }, leap { } or walk { }, not hop { }"},
      {R"(stage { name = "shoot", choose = "place", piece = "arrow", reach = "queen" })", "move",
       ":10", "reach takes step { }, slide { }, leap { } or walk { }, not a plain string"},
      {R"(stage { name = "shoot", choose = "place", piece = "arrow",
      reach = slide { dirs = "all", mode = "capture" } })",
       "move", ":11", "reach lands on empty sites only: its mode can only be \"move\""},
      {R"(stage { name = "shoot", choose = "place", piece = "arrow",
      reach = slide { dirs = "all", label = "shot" } })",
       "move", ":11", "reach does not take label"},
      {R"(stage { name = "shoot", choose = "enemy-piece", piece = "arrow" })", "move", ":10",
       "piece = ... and reach = ... go with choose = \"place\""},
      {R"(stage { name = "shoot", choose = "drop" })", "move", ":10",
       "choose must be one of enemy-piece, own-piece, move, answer, place, not 'drop'"},
      {kQueenShot, "moved", ":12", "trigger needs on = \"line\", \"full\", \"label\" or \"move\""},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name = "bad_place_" + std::to_string(i);
    expect_located(load_error(name, shooting_game(cases[i].stage, cases[i].trigger)),
                   name + ".lua" + cases[i].line, cases[i].what);
  }
}

// ---- the Game of the Amazons ------------------------------------------------

// The published counts of whole turns (a move and its shot) from the standard
// start: 2,176 at depth 1 and 4,307,152 at depth 2, as the Regular Games
// project gives them for its Amazons descriptions (github.com/radekmie/rg, the
// perft benchmark of examples/amazons-naive.hrg and amazons-smart.hrg).
TEST(Amazons, PublishedPerftFromTheStart) {
  auto r = bundled("amazons/amazons");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(perft(pos, 1), 2176u);
  EXPECT_EQ(perft(pos, 2), 4307152u);
}

// The rules as a plain array: 0 empty, 1 White's amazon, 2 Black's, 3 an arrow.
using Board = std::array<std::array<int, 10>, 10>;  // [x][y]

constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

bool on_board(int x, int y) {
  return x >= 0 && x < 10 && y >= 0 && y < 10;
}

// Every turn of the side `me` (1 or 2) as (from x, from y, to x, to y, arrow x,
// arrow y): an amazon slides like a queen over empty squares, then from where
// it stopped an arrow flies like a queen to an empty square, the square it
// left counting as empty.
using Shot = std::tuple<int, int, int, int, int, int>;
std::vector<Shot> generator_turns(Board b, int me) {
  std::vector<Shot> out;
  for (int x = 0; x < 10; ++x)
    for (int y = 0; y < 10; ++y) {
      if (b[x][y] != me) continue;
      for (int d = 0; d < 8; ++d)
        for (int tx = x + kDx[d], ty = y + kDy[d]; on_board(tx, ty) && b[tx][ty] == 0;
             tx += kDx[d], ty += kDy[d]) {
          b[x][y] = 0;
          b[tx][ty] = me;
          for (int e = 0; e < 8; ++e)
            for (int ax = tx + kDx[e], ay = ty + kDy[e]; on_board(ax, ay) && b[ax][ay] == 0;
                 ax += kDx[e], ay += kDy[e])
              out.emplace_back(x, y, tx, ty, ax, ay);
          b[tx][ty] = 0;
          b[x][y] = me;
        }
    }
  return out;
}

uint64_t generator_perft(Board& b, int me, int depth) {
  if (depth == 0) return 1;
  const std::vector<Shot> ts = generator_turns(b, me);
  if (depth == 1) return ts.size();
  uint64_t n = 0;
  for (const auto& [x, y, tx, ty, ax, ay] : ts) {
    b[x][y] = 0;
    b[tx][ty] = me;
    b[ax][ay] = 3;
    n += generator_perft(b, 3 - me, depth - 1);
    b[ax][ay] = 0;
    b[tx][ty] = 0;
    b[x][y] = me;
  }
  return n;
}

Board board_of(const Position& pos) {
  const Ruleset& r = pos.rules();
  const TypeId arrow = r.type_index("arrow");
  Board b{};
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    const PieceCode c = pos.at(s);
    if (!c) continue;
    b[r.topology.x(s)][r.topology.y(s)] = piece_type(c) == arrow ? 3 : 1 + piece_seat(c);
  }
  return b;
}

// The engine's turns of pos in the generator's terms.
std::set<Shot> engine_turns(Position& pos) {
  const Topology& t = pos.rules().topology;
  std::vector<Turn> ts;
  legal_turns(pos, ts);
  std::set<Shot> out;
  for (const Turn& turn : ts) {
    EXPECT_EQ(turn.steps.size(), 2u);
    if (turn.steps.size() != 2) continue;
    const Move& m = turn.steps[0];
    const Move& a = turn.steps[1];
    EXPECT_EQ(a.kind, MoveKind::kDrop);
    out.emplace(t.x(m.from), t.y(m.from), t.x(m.to), t.y(m.to), t.x(a.to), t.y(a.to));
  }
  EXPECT_EQ(out.size(), ts.size());
  return out;
}

void expect_same_turns(Position& pos, const std::string& where) {
  Board b = board_of(pos);
  const std::vector<Shot> mine = generator_turns(b, 1 + pos.to_move());
  const std::set<Shot> expected(mine.begin(), mine.end());
  EXPECT_EQ(expected.size(), mine.size());
  EXPECT_EQ(engine_turns(pos), expected) << where << ": " << write_position(pos);
  EXPECT_EQ(perft(pos, 1), mine.size()) << where << ": " << write_position(pos);
}

TEST(Amazons, AGeneratorFromTheRuleTextListsTheSameTurns) {
  auto r = bundled("amazons/amazons");
  ASSERT_TRUE(r);
  Position start(r);
  expect_same_turns(start, "start");
  Board b = board_of(start);
  EXPECT_EQ(generator_perft(b, 1, 1), 2176u);
  // Positions of seeded random games, every fifth turn: 10 games of up to 25
  // turns, so that about 50 positions (later ones crowded with arrows) are compared.
  std::mt19937 rng(20240611);
  int compared = 0;
  for (int game = 0; game < 10; ++game) {
    Position pos(r);
    std::vector<Undo> undos;
    for (int ply = 0; ply < 25; ++ply) {
      std::vector<Turn> ts;
      legal_turns(pos, ts);
      if (ts.empty()) break;
      make_turn(pos, ts[std::uniform_int_distribution<size_t>(0, ts.size() - 1)(rng)], undos);
      if (ply % 5 == 4) {
        expect_same_turns(pos, "game " + std::to_string(game) + " turn " + std::to_string(ply));
        ++compared;
      }
    }
    // Two turns deeper from where the game stopped, counted both ways.
    Board end = board_of(pos);
    EXPECT_EQ(perft(pos, 2), generator_perft(end, 1 + pos.to_move(), 2)) << write_position(pos);
  }
  EXPECT_EQ(compared, 50);
}

// The side that cannot move loses; an amazon that can move can always shoot
// (back to the square it left), so a turn is never a move alone.
TEST(Amazons, TheSideThatCannotMoveLoses) {
  auto r = bundled("amazons/amazons");
  ASSERT_TRUE(r);
  // White's amazon on a1 is walled in by arrows; Black's on j10 is free.
  auto pos = read_position(r, "9q/10/10/10/10/10/10/10/XX8/QX8 white");
  ASSERT_TRUE(pos) << pos.error().text();
  Position p = *pos;
  MoveList ml;
  const Result res = game_result(p, ml);
  EXPECT_TRUE(ml.empty());
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.score(), "0-1");
}

}  // namespace
}  // namespace regula
