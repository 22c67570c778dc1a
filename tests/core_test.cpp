// Core modules without a script in the way: the board graph, hashing and
// make/unmake, and the shortcut in the legality filter checked against the
// plain make/test/unmake filter on many random chess positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/topology.h"
#include "script/loader.h"

namespace regula {
namespace {

TEST(Topology, GridNamesAndNeighbours) {
  Topology t = Topology::grid(10, 10);
  EXPECT_EQ(t.size(), 100);
  EXPECT_EQ(t.name(0), "a1");
  EXPECT_EQ(t.name(99), "j10");
  SiteId e4 = t.find("e4");
  ASSERT_NE(e4, kNoSite);
  EXPECT_EQ(t.name(t.neighbor(e4, kN)), "e5");
  EXPECT_EQ(t.name(t.neighbor(e4, kSW)), "d3");
  EXPECT_EQ(t.neighbor(t.find("a1"), kW), kNoSite);
  EXPECT_EQ(t.neighbor(t.find("j10"), kNE), kNoSite);
  EXPECT_EQ(t.at(4, 3), e4);
  EXPECT_EQ(t.find("k1"), kNoSite);
}

TEST(Topology, SixteenBySixteen) {
  Topology t = Topology::grid(16, 16);
  EXPECT_EQ(t.size(), 256);
  EXPECT_EQ(t.name(255), "p16");
  EXPECT_EQ(t.name(t.neighbor(t.find("p15"), kN)), "p16");
}

TEST(Topology, RotationsForFourSeats) {
  // forward for a seat facing east is east; its left is north.
  EXPECT_EQ(rotate(static_cast<DirId>(kN), 1), kE);
  EXPECT_EQ(rotate(static_cast<DirId>(kW), 1), kN);
  EXPECT_EQ(rotate(static_cast<DirId>(kN), 2), kS);
  EXPECT_EQ(rotate(static_cast<DirId>(kNE), 3), kNW);
  EXPECT_EQ(rotate(Offset{1, 2}, 2), (Offset{-1, -2}));
  EXPECT_EQ(rotate(Offset{0, 1}, 1), (Offset{1, 0}));
  EXPECT_EQ(rotate(Offset{0, 1}, 3), (Offset{-1, 0}));
}

TEST(Topology, PointsWithLinksTakeDirectionsFromTheDrawing) {
  auto t = Topology::points({"a", "b", "c"}, {{{0, 0}}, {{3, 0}}, {{3, 3}}},
                            {{{"a", "b"}}, {{"b", "c"}}});
  ASSERT_TRUE(t) << t.error().text();
  EXPECT_EQ(t->neighbor(t->find("a"), kE), t->find("b"));
  EXPECT_EQ(t->neighbor(t->find("b"), kW), t->find("a"));
  EXPECT_EQ(t->neighbor(t->find("b"), kN), t->find("c"));
  EXPECT_EQ(t->neighbor(t->find("a"), kNE), kNoSite);  // not linked
}

TEST(Topology, PointsRejectBadInput) {
  EXPECT_FALSE(Topology::points({"a", "a"}, {{{0, 0}}, {{1, 0}}}, {}));
  EXPECT_FALSE(Topology::points({"a", "b"}, {{{0, 0}}, {{0, 0}}}, {}));
  EXPECT_FALSE(Topology::points({"a", "b"}, {{{0, 0}}, {{1, 0}}}, {{{"a", "z"}}}));
  EXPECT_FALSE(Topology::points({"a", "b"}, {{{0, 0}}, {{1, 2}}}, {{{"a", "b"}}}));
}

std::shared_ptr<const Ruleset> chess() {
  auto r = script::load_rules("chess/orthodox");
  EXPECT_TRUE(r) << r.error().text();
  return *r;
}

std::set<std::pair<SiteId, SiteId>> from_to(const MoveList& ml) {
  std::set<std::pair<SiteId, SiteId>> s;
  for (const Move& m : ml) s.insert({m.from, m.to * 16 + (m.promote + 1)});
  return s;
}

TEST(Position, MakeUnmakeRestoresEverythingAndHashIsIncremental) {
  auto rules = chess();
  Position pos(rules);
  std::mt19937_64 rng(7);
  for (int game = 0; game < 20; ++game) {
    Position start = pos;
    std::vector<std::pair<Move, Undo>> line;
    for (int ply = 0; ply < 120; ++ply) {
      MoveList ml;
      legal_moves(pos, ml);
      if (ml.empty()) break;
      const Move m = ml[static_cast<int>(rng() % ml.size())];
      Position before = pos;
      Undo u;
      pos.make(m, u);
      ASSERT_EQ(pos.hash(), pos.compute_hash()) << "ply " << ply;
      pos.unmake(m, u);
      ASSERT_TRUE(pos == before) << "ply " << ply;
      pos.make(m, u);
      line.emplace_back(m, u);
    }
    while (!line.empty()) {
      pos.unmake(line.back().first, line.back().second);
      line.pop_back();
    }
    ASSERT_TRUE(pos == start);
  }
}

TEST(MoveGen, PinShortcutAgreesWithTryingEveryMove) {
  auto rules = chess();
  auto slow = std::make_shared<Ruleset>(*rules);
  slow->fast.pins_simple = false;
  Position fast_pos(rules);
  std::mt19937_64 rng(11);
  int positions = 0;
  for (int game = 0; game < 60; ++game) {
    Position pos(rules);
    for (int ply = 0; ply < 200; ++ply) {
      MoveList fast;
      legal_moves(pos, fast);
      // The same position under the ruleset without the shortcut.
      Position other = Position::empty(slow);
      for (SiteId s = 0; s < pos.num_sites(); ++s) other.set_site(s, pos.at(s), pos.flags(s));
      other.set_to_move(pos.to_move());
      other.set_ep(pos.ep(), pos.ep_victim());
      MoveList plain;
      legal_moves(other, plain);
      if (!decided_result(pos)) {
        ASSERT_EQ(from_to(fast), from_to(plain)) << "game " << game << " ply " << ply;
        ++positions;
      }
      if (fast.empty()) break;
      Undo u;
      pos.make(fast[static_cast<int>(rng() % fast.size())], u);
    }
  }
  EXPECT_GT(positions, 3000);
}

TEST(GameEnd, FoolsMateIsCheckmateForBlack) {
  auto rules = chess();
  Position pos(rules);
  const Topology& t = rules->topology;
  auto play = [&](const char* from, const char* to) {
    MoveList ml;
    legal_moves(pos, ml);
    for (const Move& m : ml)
      if (m.from == t.find(from) && m.to == t.find(to)) {
        Undo u;
        pos.make(m, u);
        return true;
      }
    return false;
  };
  ASSERT_TRUE(play("f2", "f3"));
  ASSERT_TRUE(play("e7", "e5"));
  ASSERT_TRUE(play("g2", "g4"));
  ASSERT_TRUE(play("d8", "h4"));
  Result r = game_result(pos);
  ASSERT_TRUE(r.over);
  EXPECT_EQ(r.outcome[0], Outcome::kLoss);
  EXPECT_EQ(r.outcome[1], Outcome::kWin);
  EXPECT_EQ(r.reason, "checkmate");
  EXPECT_EQ(r.score(), "0-1");
}

TEST(GameEnd, KnightShufflingIsThreefoldRepetition) {
  auto rules = chess();
  Position pos(rules);
  const Topology& t = rules->topology;
  const char* cycle[][2] = {{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}};
  int plies = 0;
  for (int round = 0; round < 2; ++round)
    for (auto& mv : cycle) {
      EXPECT_FALSE(game_result(pos).over) << "after " << plies << " plies";
      MoveList ml;
      legal_moves(pos, ml);
      auto it = std::find_if(ml.begin(), ml.end(), [&](const Move& m) {
        return m.from == t.find(mv[0]) && m.to == t.find(mv[1]);
      });
      ASSERT_NE(it, ml.end());
      Undo u;
      pos.make(*it, u);
      ++plies;
    }
  Result r = game_result(pos);
  ASSERT_TRUE(r.over);
  EXPECT_TRUE(r.is_draw());
  EXPECT_EQ(r.reason, "3-fold repetition");
  MoveList none;
  legal_moves(pos, none);
  EXPECT_TRUE(none.empty());  // a finished game has no moves
}

TEST(MoveList, GrowsPastItsInlineRoomAndCopies) {
  MoveList ml;
  for (int i = 0; i < 3 * MoveList::kInline + 5; ++i) {
    Move m;
    m.from = static_cast<SiteId>(i % 1000);
    m.to = static_cast<SiteId>(i);
    ml.push(m);
  }
  ASSERT_EQ(ml.size(), 3 * MoveList::kInline + 5);
  MoveList copy = ml;
  ASSERT_EQ(copy.size(), ml.size());
  for (int i = 0; i < ml.size(); ++i) EXPECT_EQ(copy[i].to, i);
  MoveList one;
  one.push(ml[7]);
  copy = one;
  ASSERT_EQ(copy.size(), 1);
  EXPECT_EQ(copy[0].to, 7);
}

TEST(MoveGen, EveryDropOnALargeBoardIsGenerated) {
  // 2 types x 1024 empty sites: more moves than a list holds inline.
  auto path = std::filesystem::temp_directory_path() / "regula_core_drops.lua";
  std::ofstream(path) << R"(return game {
  title = "drops",
  board = grid { width = 32, height = 32 },
  pieces = { piece { name = "a", symbol = "A", drop = true },
             piece { name = "b", symbol = "B", drop = true } },
  hand = { white = { a = 1, b = 1 }, black = { a = 1, b = 1 } },
}
)";
  auto rules = script::load_rules(path.string());
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  EXPECT_EQ(perft(pos, 1), 2048u);
  EXPECT_EQ(perft(pos, 2), 2048u * 2046u);
}

TEST(Position, UnmakeUndoesAnAfterHookThatChangesTheWholeBoard) {
  // The hook fills every empty site: far more changes than an Undo holds inline.
  auto path = std::filesystem::temp_directory_path() / "regula_core_flood.lua";
  std::ofstream(path) << R"(return game {
  title = "flood",
  board = grid { width = 12, height = 12 },
  pieces = { piece { name = "k", symbol = "K", moves = { step { dirs = "all" } } },
             piece { name = "w", symbol = "W" } },
  setup = { white = { k = "a1" }, black = { k = "l12" } },
  after = function(pos, move)
    for _, s in ipairs(pos:sites()) do
      if not pos:at(s) then pos:place(s, "w", "black") end
    end
  end,
}
)";
  auto rules = script::load_rules(path.string());
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  const Position start = pos;
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 3);
  Undo u;
  pos.make(ml[0], u);
  EXPECT_EQ(pos.pieces(1), 12 * 12 - 1);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  pos.unmake(ml[0], u);
  EXPECT_TRUE(pos == start);
}

}  // namespace
}  // namespace regula
