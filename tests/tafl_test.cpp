// Captures by enclosure (piece fields captured, armed and shieldwall), restricted sites
// (game field restricted), encirclement (ends.encircled), the edge fort (ends.edge_fort) and a
// repetition a seat loses (ends.repetition), first on a tiny script with exact move
// lists, boards after captures, results and load errors, then in Copenhagen hnefatafl
// (rules/tafl/copenhagen.lua) against a generator written here from the rule text, in another shape
// than the engine's (a plain recursive search over an 11x11 array that applies the captures and the
// ends itself): perft from the start, the moves, the board after each move and the result along
// seeded random games, and every move from positions where shieldwalls and forts are near.
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
#include "move_support.h"
#include "notation/describe.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

// ---- the elements on a 7x7 board -------------------------------------------

// Men captured between two enemies, a king captured when surrounded, an
// unarmed pawn; the corners and the throne d4 are restricted to the king and
// hostile (the throne to black's pieces only while empty); the throne may be
// passed over. The entries of restricted are plain tables, which carry no
// line: their errors name the game's, line 1.
std::string enclosure_game(const std::string& restricted = "", const std::string& more = "") {
  return R"(return game {
  title = "enclosure",
  board = grid { width = 7, height = 7 },
  regions = { corners = "a1 g1 a7 g7", throne = "d4" },
  pieces = {
    piece { name = "man", symbol = "M", captured = "custodial",
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "king", symbol = "K", captured = "surround",
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "pawn", symbol = "P", captured = "custodial", armed = false,
            moves = slide { dirs = "orthogonal", mode = "move" } },
  },
  setup = { white = { man = "b2" } },
  restricted = {
)" +
         (restricted.empty() ? R"(    { region = "corners", stand = "king", hostile = "always" },
    { region = "throne", stand = "king", pass = true,
      hostile = { white = "always", black = "empty" } },)"
                             : restricted) +
         R"(
  },
  ends = { captures = { { captured = "king", result = "win", reason = "the king is captured" } },
)" + more +
         R"( },
}
)";
}

// The pieces of pos, one "site:type@seat" each, sorted.
std::set<std::string> pieces_of(const Position& pos) {
  const Ruleset& r = pos.rules();
  std::set<std::string> out;
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (const PieceCode c = pos.at(s))
      out.insert(r.topology.name(s) + ":" + r.types[piece_type(c)].name + "@" +
                 r.seats[piece_seat(c)].name);
  return out;
}

TEST(Restricted, OnlyTheNamedPiecesStandThereAndTheThroneMayBePassed) {
  auto r = load("restricted", enclosure_game());
  ASSERT_TRUE(r);
  // A man slides over the empty throne without stopping on it, and stops short
  // of a corner, which may not be passed.
  auto pos = board(r, {{"d2", "man", 0}, {"b1", "man", 0}, {"g6", "man", 1}});
  EXPECT_EQ(legal_from(pos, "d2"), (Moves{"d2-d1", "d2-d3", "d2-d5", "d2-d6", "d2-d7", "d2-a2",
                                          "d2-b2", "d2-c2", "d2-e2", "d2-f2", "d2-g2"}));
  EXPECT_EQ(legal_from(pos, "b1"), (Moves{"b1-b2", "b1-b3", "b1-b4", "b1-b5", "b1-b6", "b1-b7",
                                          "b1-c1", "b1-d1", "b1-e1", "b1-f1"}));
  // The king stands on both; a man does not pass the throne while it is taken.
  auto king = board(r, {{"d2", "king", 0}, {"b7", "king", 0}, {"d6", "man", 0}, {"d4", "king", 1}});
  EXPECT_EQ(legal_from(king, "b7"), (Moves{"b7-a7", "b7-c7", "b7-d7", "b7-e7", "b7-f7", "b7-g7",
                                           "b7-b6", "b7-b5", "b7-b4", "b7-b3", "b7-b2", "b7-b1"}));
  EXPECT_EQ(legal_from(king, "d6"),
            (Moves{"d6-d7", "d6-d5", "d6-a6", "d6-b6", "d6-c6", "d6-e6", "d6-f6", "d6-g6"}));
  auto empty_throne = board(r, {{"d2", "king", 0}});
  EXPECT_EQ(legal_from(empty_throne, "d2"),
            (Moves{"d2-d1", "d2-d3", "d2-d4", "d2-d5", "d2-d6", "d2-d7", "d2-a2", "d2-b2", "d2-c2",
                   "d2-e2", "d2-f2", "d2-g2"}));
}

TEST(Restricted, WithoutPassTheThroneStopsASlide) {
  auto r =
      load("restricted_no_pass", enclosure_game(R"(    { region = "throne", stand = "king" },)"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"d2", "man", 0}});
  EXPECT_EQ(legal_from(pos, "d2"),
            (Moves{"d2-d1", "d2-d3", "d2-a2", "d2-b2", "d2-c2", "d2-e2", "d2-f2", "d2-g2"}));
}

TEST(Custodial, TheArrivalClosesATrapBetweenTwoEnemies) {
  auto r = load("custodial", enclosure_game());
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a3", "man", 0}, {"c5", "man", 0}, {"c4", "man", 1}, {"f6", "man", 1}});
  ASSERT_TRUE(play(pos, "a3-c3"));
  EXPECT_EQ(pieces_of(pos),
            (std::set<std::string>{"c3:man@white", "c5:man@white", "f6:man@black"}));
  EXPECT_EQ(pos.counter(0, kCaptured), 1);
  // Moving in between two enemies is safe.
  auto between = board(r, {{"b3", "man", 0}, {"d3", "man", 0}, {"c6", "man", 1}}, 1);
  ASSERT_TRUE(play(between, "c6-c3"));
  EXPECT_EQ(pieces_of(between),
            (std::set<std::string>{"b3:man@white", "c3:man@black", "d3:man@white"}));
  // One arrival closes traps on several sides at once.
  auto two = board(
      r,
      {{"c1", "man", 0}, {"b3", "man", 1}, {"a3", "man", 0}, {"c4", "man", 1}, {"c5", "man", 0}});
  ASSERT_TRUE(play(two, "c1-c3"));
  EXPECT_EQ(pieces_of(two),
            (std::set<std::string>{"a3:man@white", "c3:man@white", "c5:man@white"}));
}

TEST(Custodial, CornersAndTheThroneStandInForAnEnemy) {
  auto r = load("custodial_hostile", enclosure_game());
  ASSERT_TRUE(r);
  // A corner is hostile to all.
  auto corner = board(r, {{"e3", "man", 0}, {"a2", "man", 1}});
  ASSERT_TRUE(play(corner, "e3-a3"));
  EXPECT_EQ(pieces_of(corner), (std::set<std::string>{"a3:man@white"}));
  // The empty throne is hostile to black.
  auto throne = board(r, {{"a6", "man", 0}, {"d5", "man", 1}});
  ASSERT_TRUE(play(throne, "a6-d6"));
  EXPECT_EQ(pieces_of(throne), (std::set<std::string>{"d6:man@white"}));
  // Black's own king on the throne: not hostile to black.
  auto held = board(r, {{"a6", "man", 0}, {"d5", "man", 1}, {"d4", "king", 1}});
  ASSERT_TRUE(play(held, "a6-d6"));
  EXPECT_EQ(pieces_of(held),
            (std::set<std::string>{"d4:king@black", "d5:man@black", "d6:man@white"}));
  // Always hostile to white, even with white's king on it.
  auto white = board(r, {{"a6", "man", 1}, {"d5", "man", 0}, {"d4", "king", 0}}, 1);
  ASSERT_TRUE(play(white, "a6-d6"));
  EXPECT_EQ(pieces_of(white), (std::set<std::string>{"d4:king@white", "d6:man@black"}));
}

TEST(Custodial, AnUnarmedPieceNeitherClosesNorHoldsATrap) {
  auto r = load("custodial_unarmed", enclosure_game());
  ASSERT_TRUE(r);
  auto moving = board(r, {{"a4", "pawn", 0}, {"c5", "man", 1}, {"c6", "man", 0}});
  ASSERT_TRUE(play(moving, "a4-c4"));
  EXPECT_EQ(pieces_of(moving),
            (std::set<std::string>{"c4:pawn@white", "c5:man@black", "c6:man@white"}));
  auto holding = board(r, {{"a4", "man", 0}, {"c5", "man", 1}, {"c6", "pawn", 0}});
  ASSERT_TRUE(play(holding, "a4-c4"));
  EXPECT_EQ(pieces_of(holding),
            (std::set<std::string>{"c4:man@white", "c5:man@black", "c6:pawn@white"}));
}

TEST(Surround, FourSidesOrThreeAndTheThroneAndNeverOnTheEdge) {
  auto r = load("surround", enclosure_game());
  ASSERT_TRUE(r);
  auto four = board(
      r,
      {{"b3", "man", 0}, {"d3", "man", 0}, {"c2", "man", 0}, {"a4", "man", 0}, {"c3", "king", 1}});
  ASSERT_TRUE(play(four, "a4-c4"));
  EXPECT_EQ(pieces_of(four), (std::set<std::string>{"b3:man@white", "c2:man@white", "c4:man@white",
                                                    "d3:man@white"}));
  const Result won = game_result(four);
  ASSERT_TRUE(won.over);
  EXPECT_EQ(won.score(), "1-0");
  EXPECT_EQ(won.reason, "the king is captured");
  // Two sides are not enough for a king.
  auto two = board(r, {{"d3", "man", 0}, {"a3", "man", 0}, {"c3", "king", 1}});
  ASSERT_TRUE(play(two, "a3-b3"));
  EXPECT_EQ(pieces_of(two),
            (std::set<std::string>{"b3:man@white", "c3:king@black", "d3:man@white"}));
  // Three sides and the empty throne.
  auto throne = board(r, {{"c5", "man", 0}, {"e5", "man", 0}, {"a6", "man", 0}, {"d5", "king", 1}});
  ASSERT_TRUE(play(throne, "a6-d6"));
  EXPECT_EQ(pieces_of(throne),
            (std::set<std::string>{"c5:man@white", "d6:man@white", "e5:man@white"}));
  // On the edge the side off the board is not hostile.
  auto edge = board(
      r,
      {{"a2", "man", 0}, {"b3", "man", 0}, {"e4", "man", 0}, {"a3", "king", 1}, {"f6", "man", 1}});
  ASSERT_TRUE(play(edge, "e4-a4"));
  EXPECT_EQ(pieces_of(edge), (std::set<std::string>{"a2:man@white", "a3:king@black", "a4:man@white",
                                                    "b3:man@white", "f6:man@black"}));
  EXPECT_FALSE(game_result(edge).over);
}

TEST(Encircled, ASeatThatCannotReachTheEdgeLoses) {
  auto r = load("encircled", enclosure_game("", "  encircled = \"black\","));
  ASSERT_TRUE(r);
  // The black man on c5 and the empty c6 are ringed by white's men; f6-d6
  // closes the ring.
  auto ring = board(r, {{"b5", "man", 0},
                        {"d5", "man", 0},
                        {"c4", "man", 0},
                        {"b6", "man", 0},
                        {"c7", "man", 0},
                        {"f6", "man", 0},
                        {"c5", "man", 1}});
  EXPECT_FALSE(game_result(ring).over);
  ASSERT_TRUE(play(ring, "f6-d6"));
  const Result res = game_result(ring);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "encircled: no piece can reach the edge");
  // A black piece on the edge is never encircled; nor is white, whom the rule
  // does not name.
  auto edge = board(r, {{"d1", "man", 1}, {"c1", "man", 0}, {"e1", "man", 0}, {"d2", "man", 0}});
  EXPECT_FALSE(game_result(edge).over);
  auto white = board(
      r, {{"c3", "man", 0}, {"b3", "man", 1}, {"d3", "man", 1}, {"c2", "man", 1}, {"c4", "man", 1}},
      1);
  EXPECT_FALSE(game_result(white).over);
  std::string words = render_rules(describe_rules(*r));
  EXPECT_NE(words.find("black lose when none of their pieces can reach the board's edge, "
                       "moving along rows and columns through squares free of enemies "
                       "(encircled)"),
            std::string::npos)
      << words;
  expect_located(load_error("bad_encircled", enclosure_game("", "  encircled = \"red\",")),
                 "bad_encircled.lua:1:", "no seat named 'red'");
}

TEST(Enclosure, DescribeSaysItInWords) {
  auto r = load("enclosure_words", enclosure_game());
  ASSERT_TRUE(r);
  const std::string text = render_rules(describe_rules(*r));
  for (const char* words : {
           "captured when an enemy's move closes it in along a row or column, between the "
           "arriving enemy and an armed enemy or a square hostile to it",
           "captured when an enemy's move closes it in on all four sides, by armed enemies or "
           "squares hostile to it (never on the board's edge)",
           "unarmed: takes no part in capturing enemies by closing them in",
           "the region corners is restricted: only king may stand there; it is hostile to the "
           "pieces of white and to the pieces of black (it stands in for an enemy that closes "
           "them in)",
           "the region throne is restricted: only king may stand there, and the others may pass "
           "over it while it is empty; it is hostile to the pieces of white and to the pieces of "
           "black while it is empty",
       })
    EXPECT_NE(text.find(words), std::string::npos) << words << "\n" << text;
}

TEST(Enclosure, BadValuesAreLocatedErrors) {
  struct Case {
    std::string restricted, more, file_line, what;
  };
  const std::vector<Case> cases = {
      {R"(    { region = "nowhere", stand = "king" },)", "", ":1:", "no region named 'nowhere'"},
      {R"(    { region = "throne", stand = "queen" },)", "", ":1:", "no piece named 'queen'"},
      {R"(    { region = "throne", hostile = "sometimes" },)", "",
       ":1:", "hostile must be \"always\", \"empty\" or \"never\", not 'sometimes'"},
      {R"(    { region = "throne", hostile = { red = "always" } },)", "",
       ":1:", "no seat named 'red'"},
      {R"(    { region = "throne", wide = true },)", "",
       ":1:", "unknown field 'wide' in restricted (allowed: region, stand, pass, hostile)"},
      {R"(    { stand = "king" },)", "", ":1:", "restricted needs region"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name = "bad_enclosure_" + std::to_string(i);
    expect_located(load_error(name, enclosure_game(cases[i].restricted, cases[i].more)),
                   name + ".lua" + cases[i].file_line, cases[i].what);
  }
  std::string check = enclosure_game("", "  check = true,");
  const std::string surround = "captured = \"surround\",";
  check.replace(check.find(surround), surround.size(), surround + " royal = true,");
  const std::string setup = "setup = { white = { man = \"b2\" } }";
  check.replace(check.find(setup), setup.size(),
                "setup = { white = { king = \"b2\" }, black = { king = \"f6\" } }");
  expect_located(load_error("bad_restricted_check", check),
                 "bad_restricted_check.lua:1:", "restricted sites do not combine with ends.check");
  std::string hop = enclosure_game();
  const size_t at = hop.find("moves", hop.find("armed = false"));
  hop.replace(at, hop.find('}', at) + 1 - at, "moves = hop { dirs = \"orthogonal\" }");
  expect_located(load_error("bad_restricted_hop", hop), "bad_restricted_hop.lua:1:",
                 "restricted sites do not combine with hops or castling (piece 'pawn')");
  std::string bad = enclosure_game();
  bad.replace(bad.find("captured = \"surround\""), 21, "captured = \"squeeze\"");
  expect_located(load_error("bad_captured", bad), "bad_captured.lua:8:",
                 "captured must be \"custodial\" or \"surround\", not 'squeeze'");
  std::string unarmed = enclosure_game();
  unarmed.replace(unarmed.find("armed = false"), 13, "armed = 3");
  expect_located(load_error("bad_armed", unarmed), "bad_armed.lua:10:", "armed");
}

// ---- shieldwall, edge fort and a repetition that a seat loses ---------------

// An empty board with the pieces of a list, which tests edit.
Position place(const Rules& r, const std::vector<Put>& pieces, int to_move = 0) {
  Position pos = board(r, {}, to_move);
  for (const Put& p : pieces)
    pos.set_site(r->topology.find(p.site), make_piece(r->type_index(p.type), p.seat), 0);
  return pos;
}

// enclosure_game with shieldwall = true on the man, and more ends.
std::string wall_game(const std::string& more = "") {
  std::string g = enclosure_game("", more);
  const std::string man = "symbol = \"M\", captured = \"custodial\",";
  g.replace(g.find(man), man.size(), man + " shieldwall = true,");
  return g;
}

TEST(Shieldwall, ABracketingArrivalTakesAFacedRowAlongTheEdge) {
  auto r = load("shieldwall", wall_game());
  ASSERT_TRUE(r);
  // Black's men c1, d1 and e1 face white's c2, d2 and e2; f1 holds the far end
  // and b4-b1 brackets the row.
  const std::vector<Put> row = {{"c1", "man", 1}, {"d1", "man", 1}, {"e1", "man", 1},
                                {"c2", "man", 0}, {"d2", "man", 0}, {"e2", "man", 0},
                                {"f1", "man", 0}, {"b4", "man", 0}};
  auto wall = place(r, row);
  ASSERT_TRUE(play(wall, "b4-b1"));
  EXPECT_EQ(pieces_of(wall), (std::set<std::string>{"b1:man@white", "c2:man@white", "d2:man@white",
                                                    "e2:man@white", "f1:man@white"}));
  EXPECT_EQ(wall.counter(0, kCaptured), 3);
  // One piece of the row not faced: nothing is taken.
  std::vector<Put> open = row;
  open.erase(open.begin() + 5);
  auto gap = place(r, open);
  ASSERT_TRUE(play(gap, "b4-b1"));
  EXPECT_EQ(gap.counter(0, kCaptured), 0);
  // The arrival that completes the faces, not on the edge, takes nothing.
  auto front = board(r, {{"c1", "man", 1},
                         {"d1", "man", 1},
                         {"b1", "man", 0},
                         {"e1", "man", 0},
                         {"c2", "man", 0},
                         {"d6", "man", 0}});
  ASSERT_TRUE(play(front, "d6-d2"));
  EXPECT_EQ(front.counter(0, kCaptured), 0);
  // A lone piece on the edge is no row: its sides are taken custodially or not at all.
  auto lone = board(r, {{"c1", "man", 1}, {"c2", "man", 0}, {"d1", "man", 0}, {"b4", "man", 0}});
  ASSERT_TRUE(play(lone, "b4-b1"));
  EXPECT_EQ(lone.counter(0, kCaptured), 1);
}

TEST(Shieldwall, ACornerHoldsTheFarEndAndAKingStaysInTheRow) {
  auto r = load("shieldwall_king", wall_game());
  ASSERT_TRUE(r);
  auto corner = board(
      r,
      {{"b1", "man", 1}, {"c1", "man", 1}, {"b2", "man", 0}, {"c2", "man", 0}, {"d5", "man", 0}});
  ASSERT_TRUE(play(corner, "d5-d1"));
  EXPECT_EQ(pieces_of(corner),
            (std::set<std::string>{"b2:man@white", "c2:man@white", "d1:man@white"}));
  // The king is part of the row but not taken (he has no shieldwall).
  auto king = board(r, {{"c1", "man", 1},
                        {"d1", "king", 1},
                        {"e1", "man", 1},
                        {"c2", "man", 0},
                        {"d2", "man", 0},
                        {"e2", "man", 0},
                        {"f1", "man", 0},
                        {"b4", "man", 0}});
  ASSERT_TRUE(play(king, "b4-b1"));
  EXPECT_EQ(pieces_of(king),
            (std::set<std::string>{"b1:man@white", "c2:man@white", "d1:king@black", "d2:man@white",
                                   "e2:man@white", "f1:man@white"}));
  // The king brackets a row of white's men.
  auto brackets = board(r,
                        {{"c1", "man", 0},
                         {"d1", "man", 0},
                         {"c2", "man", 1},
                         {"d2", "man", 1},
                         {"e1", "man", 1},
                         {"b5", "king", 1}},
                        1);
  ASSERT_TRUE(play(brackets, "b5-b1"));
  EXPECT_EQ(pieces_of(brackets), (std::set<std::string>{"b1:king@black", "c2:man@black",
                                                        "d2:man@black", "e1:man@black"}));
  const std::string text = render_rules(describe_rules(*r));
  EXPECT_NE(text.find("captured also in a row of two or more enemy pieces along the board's "
                      "edge, when an enemy's move onto the edge brackets the whole row, the far "
                      "end held by an armed enemy or a square hostile to it, and an armed enemy "
                      "faces each piece of the row from the inner side (shieldwall; pieces of "
                      "the row without this rule stay)"),
            std::string::npos)
      << text;
}

// Black's king on d1 walled in with d2 by black's men c1, c2, d3, e2 and e1.
std::vector<Put> fort_walls() {
  return {{"d1", "king", 1}, {"c1", "man", 1}, {"c2", "man", 1}, {"d3", "man", 1},
          {"e2", "man", 1},  {"e1", "man", 1}, {"a6", "man", 0}};
}

TEST(EdgeFort, AFortNoPieceOfWhichCanBeCapturedWins) {
  auto r = load("edge_fort", enclosure_game("", "  edge_fort = \"king\","));
  ASSERT_TRUE(r);
  // d3 can be taken between c3 and e3: the fort can be broken.
  auto open = place(r, fort_walls());
  EXPECT_FALSE(game_result(open).over);
  // c3 covers d3's row (the empty throne d4 is hostile, but d2 is inside): it holds.
  auto closed = fort_walls();
  closed.push_back({"a3", "man", 1});
  auto pos = place(r, closed, 1);
  EXPECT_FALSE(game_result(pos).over);
  ASSERT_TRUE(play(pos, "a3-c3"));
  const Result won = game_result(pos);
  ASSERT_TRUE(won.over);
  EXPECT_EQ(won.score(), "0-1");
  EXPECT_EQ(won.reason, "an edge fort that cannot be broken");
  // An enemy inside (here also leaving the king no move), or a king that
  // cannot move, is no fort.
  auto inside = fort_walls();
  inside.push_back({"c3", "man", 1});
  inside.push_back({"d2", "man", 0});
  auto in = place(r, inside);
  EXPECT_FALSE(game_result(in).over);
  auto stuck = board(r, {{"d1", "king", 1},
                         {"c1", "man", 1},
                         {"e1", "man", 1},
                         {"d2", "man", 1},
                         {"c2", "man", 1},
                         {"e2", "man", 1},
                         {"a6", "man", 0}});
  EXPECT_FALSE(game_result(stuck).over);
  // Nor is a king off the edge.
  auto middle = board(r, {{"c3", "king", 1}, {"a6", "man", 0}});
  EXPECT_FALSE(game_result(middle).over);
  const std::string text = render_rules(describe_rules(*r));
  EXPECT_NE(text.find("a side wins when its king stands on the board's edge, can move, and is "
                      "walled in by its allies where no enemy can come and none of the wall can "
                      "ever be captured (edge fort)"),
            std::string::npos)
      << text;
}

TEST(Repetition, ASeatNamedLosesWhoeverRepeats) {
  auto r = load("repetition_loser",
                enclosure_game("", "  repetition = { count = 3, loser = \"black\" },"));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"b2", "man", 0}, {"f6", "man", 1}});
  const std::vector<std::string> moves = {"b2-b3", "f6-f5", "b3-b2", "f5-f6",
                                          "b2-b3", "f6-f5", "b3-b2"};
  for (const std::string& m : moves) {
    ASSERT_TRUE(play(pos, m)) << m;
    EXPECT_FALSE(game_result(pos).over) << m;
  }
  ASSERT_TRUE(play(pos, "f5-f6"));
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "3-fold repetition");
  const std::string text = render_rules(describe_rules(*r));
  EXPECT_NE(text.find("the same position 3 times, the same side to move: black lose, whichever "
                      "side repeated"),
            std::string::npos)
      << text;
}

TEST(TaflEnds, BadValuesAreLocatedErrors) {
  struct Case {
    std::string more, what;
  };
  const std::vector<Case> cases = {
      {"  edge_fort = \"queen\",", "no piece named 'queen'"},
      {"  repetition = { count = 3 },",
       "repetition = { count = N, loser = \"seat\", perpetual_check = \"loses\" } (or a number: "
       "a draw)"},
      {"  repetition = { count = 3, loser = \"red\" },", "no seat named 'red'"},
      {"  repetition = { count = 3, loser = \"black\", wide = 1 },",
       "unknown field 'wide' in repetition (allowed: count, loser, perpetual_check)"},
      {"  repetition = { count = 1, loser = \"black\" },", "count"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string name = "bad_tafl_end_" + std::to_string(i);
    expect_located(load_error(name, enclosure_game("", cases[i].more)),
                   name + ".lua:1:", cases[i].what);
  }
  std::string king = wall_game();
  const std::string surround = "captured = \"surround\",";
  king.replace(king.find(surround), surround.size(), surround + " shieldwall = true,");
  expect_located(load_error("bad_shieldwall_king", king), "bad_shieldwall_king.lua:8:",
                 "shieldwall = true needs captured = \"custodial\" (piece 'king')");
  // The edge is read from a grid's squares.
  const auto points = [](const std::string& piece, const std::string& ends) {
    return R"(return game {
  title = "points",
  board = points { points = { { "a", 0, 0 }, { "b", 1, 0 } }, links = { { "a", "b" } } },
  pieces = { piece { name = "man", symbol = "M", captured = "custodial", )" +
           piece + R"( moves = {} } },
  setup = { white = { man = "a" } },
  ends = { )" +
           ends +
           R"( },
})";
  };
  expect_located(load_error("bad_shieldwall_points", points("shieldwall = true,", "")),
                 "bad_shieldwall_points.lua:4:",
                 "shieldwall needs a grid board (the edge is read from its squares)");
  expect_located(load_error("bad_edge_fort_points", points("", "edge_fort = \"man\"")),
                 "bad_edge_fort_points.lua:1:",
                 "ends.edge_fort needs a grid board (the edge is read from its squares)");
  std::string number = wall_game();
  number.replace(number.find("shieldwall = true"), 17, "shieldwall = 3");
  expect_located(load_error("bad_shieldwall", number), "bad_shieldwall.lua:6:", "shieldwall");
}

// ---- Copenhagen hnefatafl against a generator from the rule text -----------

// The rules as a plain 11x11 array: 0 empty, 1 an attacker, 2 a defender, 3 the
// king. Side 0 is the attackers (they move first), side 1 the defenders.
constexpr int kSize = 11;
using Board = std::array<std::array<int, kSize>, kSize>;  // [x][y]
constexpr int kDx[4] = {0, 1, 0, -1};
constexpr int kDy[4] = {1, 0, -1, 0};

bool inside(int x, int y) {
  return x >= 0 && x < kSize && y >= 0 && y < kSize;
}
bool corner(int x, int y) {
  return (x == 0 || x == kSize - 1) && (y == 0 || y == kSize - 1);
}
bool throne(int x, int y) {
  return x == kSize / 2 && y == kSize / 2;
}
int side_of(int piece) {
  return piece == 1 ? 0 : 1;
}

using Step = std::tuple<int, int, int, int>;  // from x, from y, to x, to y

// Every move of `side`: a piece moves like a rook over empty squares; only the
// king stops on the throne or a corner; the others pass over the empty throne.
std::vector<Step> moves_of(const Board& b, int side) {
  std::vector<Step> out;
  for (int x = 0; x < kSize; ++x)
    for (int y = 0; y < kSize; ++y) {
      if (!b[x][y] || side_of(b[x][y]) != side) continue;
      for (int d = 0; d < 4; ++d)
        for (int tx = x + kDx[d], ty = y + kDy[d]; inside(tx, ty) && !b[tx][ty];
             tx += kDx[d], ty += kDy[d]) {
          if (b[x][y] != 3 && corner(tx, ty)) break;
          if (b[x][y] != 3 && throne(tx, ty)) continue;
          out.emplace_back(x, y, tx, ty);
        }
    }
  return out;
}

// Whether (x, y) helps capture a piece of side `victim`: an enemy piece (the
// king too: he is armed), a corner, or the throne (hostile to the defenders
// only while empty).
bool hostile_to(const Board& b, int x, int y, int victim) {
  if (!inside(x, y)) return false;
  if (b[x][y]) return side_of(b[x][y]) != victim;
  return corner(x, y) || throne(x, y);
}

// The pieces a shieldwall takes when the piece of side `me` has just arrived on
// the edge square (x, y): walking from it along the edge, in each direction, a
// row of two or more enemies, each with one of my pieces on the square in front
// of it (one step towards the middle), and beyond the row my piece or a corner.
// Of the row, all but the king are taken.
void shieldwall_takes(const Board& b, int x, int y, int me,
                      std::vector<std::pair<int, int>>& taken) {
  struct Edge {
    bool on;
    int ax, ay, fx, fy;  // one way along the edge, the step to the front
  };
  const Edge edges[4] = {{x == 0, 0, 1, 1, 0},
                         {x == kSize - 1, 0, 1, -1, 0},
                         {y == 0, 1, 0, 0, 1},
                         {y == kSize - 1, 1, 0, 0, -1}};
  for (const Edge& e : edges) {
    if (!e.on) continue;
    for (int way : {1, -1}) {
      std::vector<std::pair<int, int>> row;
      bool faced = true;
      int cx = x + way * e.ax, cy = y + way * e.ay;
      for (; inside(cx, cy) && b[cx][cy] && side_of(b[cx][cy]) != me;
           cx += way * e.ax, cy += way * e.ay) {
        row.emplace_back(cx, cy);
        const int front = b[cx + e.fx][cy + e.fy];
        faced = faced && front && side_of(front) == me;
      }
      const bool closed =
          inside(cx, cy) && ((b[cx][cy] && side_of(b[cx][cy]) == me) || corner(cx, cy));
      if (row.size() < 2 || !faced || !closed) continue;
      for (const auto& [rx, ry] : row)
        if (b[rx][ry] != 3) taken.emplace_back(rx, ry);
    }
  }
}

// Plays a move and takes what it captures: a man sandwiched between the arriving
// piece and a hostile square beyond it, the king with all four sides hostile,
// and the men of shieldwalls the move brackets.
void play_step(Board& b, const Step& m) {
  const auto [x, y, tx, ty] = m;
  const int piece = b[x][y];
  const int me = side_of(piece);
  b[x][y] = 0;
  b[tx][ty] = piece;
  std::vector<std::pair<int, int>> taken;
  for (int d = 0; d < 4; ++d) {
    const int vx = tx + kDx[d], vy = ty + kDy[d];
    if (!inside(vx, vy) || !b[vx][vy] || side_of(b[vx][vy]) == me) continue;
    if (b[vx][vy] != 3) {
      if (hostile_to(b, vx + kDx[d], vy + kDy[d], 1 - me)) taken.emplace_back(vx, vy);
      continue;
    }
    bool all = true;
    for (int e = 0; e < 4; ++e) {
      const int nx = vx + kDx[e], ny = vy + kDy[e];
      all = all && inside(nx, ny) && (b[nx][ny] == 1 || (!b[nx][ny] && throne(nx, ny)));
    }
    if (all) taken.emplace_back(vx, vy);
  }
  shieldwall_takes(b, tx, ty, me, taken);
  for (const auto& [cx, cy] : taken) b[cx][cy] = 0;
}

// Whether the defenders are encircled: marking every square a defender could
// walk to through squares free of attackers never marks one on the edge.
bool defenders_encircled(const Board& b) {
  std::array<std::array<bool, kSize>, kSize> reached{};
  std::vector<std::pair<int, int>> todo;
  for (int x = 0; x < kSize; ++x)
    for (int y = 0; y < kSize; ++y)
      if (b[x][y] >= 2) {
        reached[x][y] = true;
        todo.emplace_back(x, y);
      }
  while (!todo.empty()) {
    const auto [x, y] = todo.back();
    todo.pop_back();
    if (x == 0 || y == 0 || x == kSize - 1 || y == kSize - 1) return false;
    for (int d = 0; d < 4; ++d) {
      const int nx = x + kDx[d], ny = y + kDy[d];
      if (b[nx][ny] == 1 || reached[nx][ny]) continue;
      reached[nx][ny] = true;
      todo.emplace_back(nx, ny);
    }
  }
  return true;
}

// Whether the king, on the edge, holds an exit fort, as read in
// rules/tafl/copenhagen.lua: he has an empty square beside him; the squares he
// can walk to without crossing a defender (his room) hold no attacker; and each
// defender next to his room is "solid": a defender is solid unless an attacker
// could capture it, where attackers may stand on any square outside the room
// that holds no solid defender (corners and the throne, hostile, count as
// attackers even inside the room). Solid is worked out by striking out, again
// and again, every defender that could be captured, custodially or in a
// shieldwall, until none is struck out.
struct FortView {
  const Board& b;
  std::array<std::array<bool, kSize>, kSize> room{}, solid{};

  static bool edge(int x, int y) { return x == 0 || y == 0 || x == kSize - 1 || y == kSize - 1; }
  // An attacker could stand on (x, y).
  bool stand(int x, int y) const { return inside(x, y) && !room[x][y] && !solid[x][y]; }
  // (x, y) could close a capture: an attacker could stand there, or it is hostile.
  bool threat(int x, int y) const {
    return stand(x, y) || (inside(x, y) && room[x][y] && (corner(x, y) || throne(x, y)));
  }

  // Fills the room from the king; false if an attacker is in it.
  bool fill(int kx, int ky) {
    std::vector<std::pair<int, int>> todo = {{kx, ky}};
    room[kx][ky] = true;
    while (!todo.empty()) {
      const auto [x, y] = todo.back();
      todo.pop_back();
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (!inside(nx, ny) || room[nx][ny] || b[nx][ny] == 2) continue;
        if (b[nx][ny] == 1) return false;
        room[nx][ny] = true;
        todo.emplace_back(nx, ny);
      }
    }
    return true;
  }

  // Whether the defender on (x, y) is in a row of defenders (and the king)
  // along an edge that a shieldwall could take: two or more, each with a square
  // in front an attacker could stand on, both ends threats.
  bool in_shieldwall(int x, int y) const {
    for (int axis = 0; axis < 2; ++axis) {
      if (axis == 0 ? (x != 0 && x != kSize - 1) : (y != 0 && y != kSize - 1)) continue;
      const int ax = axis, ay = 1 - axis;  // along the edge
      const int fx = axis == 0 ? (x == 0 ? 1 : -1) : 0, fy = axis == 0 ? 0 : (y == 0 ? 1 : -1);
      const auto ours = [&](int i) {
        return inside(x + i * ax, y + i * ay) && b[x + i * ax][y + i * ay] >= 2;
      };
      int lo = 0, hi = 0;
      while (ours(-(lo + 1))) ++lo;
      while (ours(hi + 1)) ++hi;
      bool faced = lo + hi >= 1;
      for (int i = -lo; i <= hi; ++i) faced = faced && stand(x + i * ax + fx, y + i * ay + fy);
      if (faced && threat(x - (lo + 1) * ax, y - (lo + 1) * ay) &&
          threat(x + (hi + 1) * ax, y + (hi + 1) * ay))
        return true;
    }
    return false;
  }

  void strike_out() {
    for (int x = 0; x < kSize; ++x)
      for (int y = 0; y < kSize; ++y) solid[x][y] = b[x][y] == 2;
    for (bool struck = true; struck;) {
      struck = false;
      for (int x = 0; x < kSize; ++x)
        for (int y = 0; y < kSize; ++y)
          if (solid[x][y] && ((threat(x, y + 1) && threat(x, y - 1)) ||
                              (threat(x + 1, y) && threat(x - 1, y)) || in_shieldwall(x, y))) {
            solid[x][y] = false;
            struck = true;
          }
    }
  }
};

bool exit_fort(const Board& b, int kx, int ky) {
  if (!FortView::edge(kx, ky)) return false;
  bool moves = false;
  for (int d = 0; d < 4; ++d)
    moves = moves || (inside(kx + kDx[d], ky + kDy[d]) && !b[kx + kDx[d]][ky + kDy[d]]);
  FortView f{b};
  if (!moves || !f.fill(kx, ky)) return false;
  f.strike_out();
  for (int x = 0; x < kSize; ++x)
    for (int y = 0; y < kSize; ++y)
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (f.room[x][y] && inside(nx, ny) && b[nx][ny] == 2 && !f.solid[nx][ny]) return false;
      }
  return true;
}

// 0: play goes on; 1: the attackers have won (the king is gone, or every
// defender is encircled); 2: the defenders have (the king on a corner or in an
// exit fort). With no move the side to move loses.
int decided(const Board& b) {
  int kx = -1, ky = -1;
  for (int x = 0; x < kSize; ++x)
    for (int y = 0; y < kSize; ++y)
      if (b[x][y] == 3) {
        kx = x;
        ky = y;
      }
  if (kx < 0) return 1;
  if (corner(kx, ky)) return 2;
  if (defenders_encircled(b)) return 1;
  return exit_fort(b, kx, ky) ? 2 : 0;
}

uint64_t generator_perft(const Board& b, int side, int depth) {
  if (decided(b)) return 0;
  const std::vector<Step> ms = moves_of(b, side);
  if (depth == 1) return ms.size();
  uint64_t n = 0;
  for (const Step& m : ms) {
    Board next = b;
    play_step(next, m);
    n += generator_perft(next, 1 - side, depth - 1);
  }
  return n;
}

Board board_of(const Position& pos) {
  const Ruleset& r = pos.rules();
  const TypeId king = r.type_index("king");
  Board b{};
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (const PieceCode c = pos.at(s))
      b[r.topology.x(s)][r.topology.y(s)] = piece_type(c) == king ? 3 : piece_seat(c) == 0 ? 1 : 2;
  return b;
}

std::set<Step> engine_moves(Position& pos) {
  const Topology& t = pos.rules().topology;
  MoveList ml;
  legal_moves(pos, ml);
  std::set<Step> out;
  for (const Move& m : ml) out.emplace(t.x(m.from), t.y(m.from), t.x(m.to), t.y(m.to));
  EXPECT_EQ(out.size(), static_cast<size_t>(ml.size()));
  return out;
}

TEST(Copenhagen, PerftFromTheStartAgreesWithTheGenerator) {
  auto r = bundled("tafl/copenhagen");
  ASSERT_TRUE(r);
  Position pos(r);
  const Board b = board_of(pos);
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(perft(pos, depth), generator_perft(b, 0, depth)) << "depth " << depth;
  EXPECT_EQ(generator_perft(b, 0, 1), 116u);
}

// The engine's result of pos against the generator's: 0 play goes on, 1 the
// attackers win, 2 the defenders do, as `decided` and the rule of no moves and
// the ban on repetition (checked where the engine's history shows one) give it.
void expect_same_result(Position& pos, const Board& b, int side, bool repeated,
                        const std::string& where) {
  const std::vector<Step> mine = decided(b) || repeated ? std::vector<Step>{} : moves_of(b, side);
  ASSERT_EQ(engine_moves(pos), std::set<Step>(mine.begin(), mine.end())) << where;
  const int d = decided(b);
  const int winner = d == 1 ? 0 : d == 2 ? 1 : repeated ? 0 : mine.empty() ? 1 - side : -1;
  const Result res = game_result(pos);
  ASSERT_EQ(res.over, winner >= 0) << where;
  if (res.over) {
    EXPECT_EQ(res.score(), winner == 0 ? "1-0" : "0-1") << where;
  }
}

// From positions where the shieldwall and the exit fort are near (those of
// rules/tafl/copenhagen.tests and more), every move and every answer to it: the
// same moves, the same board after each, the same result.
TEST(Copenhagen, ShieldwallsAndFortsAgreeWithTheGenerator) {
  auto r = bundled("tafl/copenhagen");
  ASSERT_TRUE(r);
  const std::vector<std::string> starts = {
      "11/11/11/7k3/11/11/7d3/11/11/8dd1/8AA1 defenders",
      "11/11/11/7k3/11/11/7d3/11/11/8dd1/6A1AA1 defenders",
      "11/11/11/11/11/11/1A9/11/11/2AAA6/2dkdA5 attackers",
      "11/11/11/7k3/11/11/5A5/11/11/2AAA6/1Addd6 attackers",
      "11/11/11/11/2d8/A10/11/11/3d7/2d1d6/2dkd6 defenders",
      "11/11/11/11/11/A10/11/11/2dd7/2dkd6/2d1d6 defenders",
      "11/11/11/11/2d5A2/11/11/d10/kd9/dd9/11 defenders",
      "11/11/11/11/11/11/11/1k9/11/2ddd6/2AAAd5 defenders",
  };
  int compared = 0, captures = 0, forts = 0;
  for (const std::string& start : starts) {
    auto pos = read_position(r, start);
    ASSERT_TRUE(pos) << start;
    const int side = pos->to_move();
    MoveList first;
    legal_moves(*pos, first);
    for (const Move& m : first) {
      const Topology& t = r->topology;
      Position after = *pos;
      Undo u;
      after.make(m, u);
      Board b = board_of(*pos);
      play_step(b, Step{t.x(m.from), t.y(m.from), t.x(m.to), t.y(m.to)});
      const std::string where = start + " " + t.name(m.from) + "-" + t.name(m.to);
      ASSERT_EQ(board_of(after), b) << where;
      captures += after.counter(side, kCaptured);
      forts += decided(b) == 2;
      expect_same_result(after, b, 1 - side, false, where);
      ++compared;
    }
  }
  EXPECT_EQ(compared, 494);
  EXPECT_EQ(captures, 12);
  EXPECT_EQ(forts, 3);
}

// A random legal move of pos, aimed: a quarter of the defenders' moves are the
// king's, when he can move, and half the attackers' land beside him, when some
// do, so that games end both ways more often than at random.
Move random_move(Position& pos, int side, std::mt19937& rng) {
  const Ruleset& r = pos.rules();
  const PieceCode king = make_piece(r.type_index("king"), 1);
  MoveList ml, aimed;
  legal_moves(pos, ml);
  for (const Move& m : ml) {
    bool beside = false;
    for (DirId d : std::array<DirId, 4>{kN, kE, kS, kW}) {
      const SiteId n = r.topology.neighbor(m.to, d);
      beside |= n != kNoSite && pos.at(n) == king;
    }
    if (side == 1 ? pos.at(m.from) == king : beside) aimed.push(m);
  }
  const bool aim = !aimed.empty() && rng() % (side == 1 ? 4 : 2) == 0;
  const MoveList& from = aim ? aimed : ml;
  return from[std::uniform_int_distribution<int>(0, from.size() - 1)(rng)];
}

// Seeded random games: at every ply the same moves, after every move the same
// board, and the same result.
TEST(Copenhagen, RandomGamesAgreeWithTheGenerator) {
  auto r = bundled("tafl/copenhagen");
  ASSERT_TRUE(r);
  std::mt19937 rng(20261127);
  int compared = 0, captures = 0, ended = 0;
  std::set<std::string> reasons;
  for (int game = 0; game < 12; ++game) {
    Position pos(r);
    Board b = board_of(pos);
    int side = 0;
    // The boards since the last capture, each with the side to move: the third
    // time one is there, the defenders lose (perpetual repetition).
    std::vector<std::pair<Board, int>> since{{b, side}};
    std::vector<Undo> undos(400);
    for (int ply = 0; ply < 400; ++ply) {
      const std::string where = "game " + std::to_string(game) + " ply " + std::to_string(ply);
      const bool repeated = std::count(since.begin(), since.end(), std::pair(b, side)) >= 3;
      const std::vector<Step> mine =
          decided(b) || repeated ? std::vector<Step>{} : moves_of(b, side);
      ASSERT_EQ(engine_moves(pos), std::set<Step>(mine.begin(), mine.end()))
          << where << ": " << write_position(pos);
      ++compared;
      const Result res = game_result(pos);
      const int d = decided(b);
      const int winner = d == 1 ? 0 : d == 2 ? 1 : repeated ? 0 : mine.empty() ? 1 - side : -1;
      ASSERT_EQ(res.over, winner >= 0) << where << ": " << write_position(pos);
      if (res.over) {
        EXPECT_EQ(res.score(), winner == 0 ? "1-0" : "0-1") << where;
        reasons.insert(res.reason);
        ++ended;
        break;
      }
      const Move m = random_move(pos, side, rng);
      const Topology& t = r->topology;
      const int before = pos.counter(side, kCaptured);
      pos.make(m, undos[ply]);
      play_step(b, Step{t.x(m.from), t.y(m.from), t.x(m.to), t.y(m.to)});
      captures += pos.counter(side, kCaptured) - before;
      if (pos.counter(side, kCaptured) > before) since.clear();
      side = 1 - side;
      since.emplace_back(b, side);
      ASSERT_EQ(board_of(pos), b) << where << " after " << write_position(pos);
    }
  }
  EXPECT_EQ(compared, 1645);
  EXPECT_EQ(captures, 75);
  EXPECT_EQ(ended, 12);
  EXPECT_EQ(reasons,
            (std::set<std::string>{"the king escaped to a corner", "the king is captured"}));
}

}  // namespace
}  // namespace regula
