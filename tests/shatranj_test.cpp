// Shatranj: perft from the start against the numbers in data/shatranj_perft.txt
// (cross-checked with Fairy-Stockfish), and the two end rules that differ from
// chess: a bare Shah loses, and so does a stalemated side.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "script/loader.h"

namespace regula {
namespace {

std::shared_ptr<const Ruleset> shatranj() {
  auto rules = script::load_rules("chess/shatranj");
  EXPECT_TRUE(rules) << rules.error().text();
  return rules ? *rules : nullptr;
}

void put(Position& pos, const std::string& site, const std::string& type, SeatId seat) {
  const Ruleset& r = pos.rules();
  SiteId s = r.topology.find(site);
  TypeId t = r.type_index(type);
  ASSERT_NE(s, kNoSite) << site;
  ASSERT_GE(t, 0) << type;
  pos.set_site(s, make_piece(t, seat), 0);
}

TEST(Shatranj, PerftMatchesFairyStockfish) {
  auto rules = shatranj();
  ASSERT_TRUE(rules);
  std::ifstream in(REGULA_TEST_DATA "/shatranj_perft.txt");
  ASSERT_TRUE(in) << "missing shatranj_perft.txt";
  std::string line;
  int checked = 0;
  Position pos(rules);
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    int depth = 0;
    uint64_t nodes = 0;
    ASSERT_TRUE(ls >> depth >> nodes) << line;
    EXPECT_EQ(perft(pos, depth), nodes) << "depth " << depth;
    ++checked;
  }
  EXPECT_EQ(checked, 5);
}

TEST(Shatranj, StartArrayHasShahsFacingOnTheEFile) {
  auto rules = shatranj();
  ASSERT_TRUE(rules);
  Position pos(rules);
  const Ruleset& r = *rules;
  EXPECT_EQ(pos.at(r.topology.find("e1")), make_piece(r.type_index("shah"), 0));
  EXPECT_EQ(pos.at(r.topology.find("d1")), make_piece(r.type_index("ferz"), 0));
  EXPECT_EQ(pos.at(r.topology.find("e8")), make_piece(r.type_index("shah"), 1));
  EXPECT_EQ(pos.at(r.topology.find("d8")), make_piece(r.type_index("ferz"), 1));
}

TEST(Shatranj, BaringTheShahWins) {
  auto rules = shatranj();
  ASSERT_TRUE(rules);
  Position pos = Position::empty(rules);
  put(pos, "e1", "shah", 0);
  put(pos, "d1", "rukh", 0);
  put(pos, "e8", "shah", 1);
  put(pos, "d5", "ferz", 1);
  EXPECT_FALSE(game_result(pos).over);
  MoveList moves;
  legal_moves(pos, moves);
  const Move* take = nullptr;
  for (const Move& m : moves)
    if (m.from == rules->topology.find("d1") && m.to == rules->topology.find("d5")) take = &m;
  ASSERT_NE(take, nullptr);
  Undo u;
  pos.make(*take, u);
  Result res = game_result(pos);
  EXPECT_TRUE(res.over);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "bare king");
}

TEST(Shatranj, StalematedSideLoses) {
  auto rules = shatranj();
  ASSERT_TRUE(rules);
  Position pos = Position::empty(rules);
  put(pos, "a6", "shah", 0);
  put(pos, "b1", "rukh", 0);
  put(pos, "h1", "alfil", 0);
  put(pos, "a8", "shah", 1);
  put(pos, "h2", "baidaq", 1);  // blocked by the Alfil on h1
  pos.set_to_move(1);
  MoveList moves;
  legal_moves(pos, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_FALSE(in_check(pos, 1));
  Result res = game_result(pos);
  EXPECT_TRUE(res.over);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "stalemate");
}

TEST(Shatranj, BaidaqPromotesOnlyToFerz) {
  auto rules = shatranj();
  ASSERT_TRUE(rules);
  Position pos = Position::empty(rules);
  put(pos, "e1", "shah", 0);
  put(pos, "a7", "baidaq", 0);
  put(pos, "h8", "shah", 1);
  put(pos, "h5", "rukh", 1);
  MoveList moves;
  legal_moves(pos, moves);
  int promotions = 0;
  for (const Move& m : moves)
    if (m.from == rules->topology.find("a7")) {
      EXPECT_EQ(m.to, rules->topology.find("a8"));
      EXPECT_EQ(m.promote, rules->type_index("ferz"));
      ++promotions;
    }
  EXPECT_EQ(promotions, 1);
}

}  // namespace
}  // namespace regula
