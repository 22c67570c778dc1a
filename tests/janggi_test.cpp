// Janggi (rules/chess/janggi.lua) and the two elements it brought: royals that
// face each other as an offer (ends.facing, janggi's bikjang) and draws decided
// on points (ends.points). The script is checked against Fairy-Stockfish 11.1
// (Debian's fairy-stockfish, `go perft N` with UCI_Variant janggi or
// janggicasual): perft from the start, and divides along seeded random games.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/perft.h"
#include "fsf_support.h"
#include "move_support.h"
#include "notation/describe.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;
namespace fsf = test_support::fsf;

// ---- the script against Fairy-Stockfish ------------------------------------

TEST(Janggi, PerftFromTheStartIsFairyStockfishs) {
  // Fairy-Stockfish 11.1, go perft 1..5 (janggi) and 4 (janggicasual): at ply
  // 3 the generals can first face each other, and from there the two differ.
  Position on(bundled("chess/janggi"));
  const std::vector<uint64_t> want = {32, 1024, 33000, 1065277};
  for (size_t d = 0; d < want.size(); ++d)
    EXPECT_EQ(perft(on, static_cast<int>(d) + 1), want[d]) << "depth " << d + 1;
  Position off(bundled("chess/janggi", {{"bikjang", "off"}}));
  EXPECT_EQ(perft(off, 4), 1083563u);
}

TEST(Janggi, AgreesWithFairyStockfishInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  const fsf::Check check{.start_depth = 3, .games = 30, .plies = 150, .every = 3, .depth = 2};
  for (const char* reading : {"on", "off"}) {
    const auto rep = fsf::compare(bundled("chess/janggi", {{"bikjang", reading}}),
                                  std::string("on") == reading ? "janggi" : "janggicasual", check);
    EXPECT_GT(rep.positions, 300) << reading;
    EXPECT_TRUE(rep.differences.empty()) << "bikjang=" << reading << "\n" << rep.text();
  }
}

TEST(Janggi, PalaceDiagonalsCarryChariotsCannonsAndSoldiers) {
  auto r = bundled("chess/janggi");
  ASSERT_TRUE(r);
  // Fairy-Stockfish's list for 4kC3/4a4/3R1P3/9/9/9/9/9/9/4K4 w (e1e1 is its
  // pass). The chariot on the palace corner d8 takes the guard on the centre
  // along the diagonal; the cannon jumps the general (any piece but a cannon
  // is a screen) but not, along the diagonal, onto its own chariot; the
  // soldier steps forward or sideways, and in the enemy palace forward along
  // the diagonal, here a capture.
  auto pos = board(r, {{"e1", "general", 0},
                       {"d8", "chariot", 0},
                       {"f10", "cannon", 0},
                       {"f8", "soldier", 0},
                       {"e10", "general", 1},
                       {"e9", "guard", 1}});
  EXPECT_EQ(legal(pos),
            (Moves{"d8-a8",  "d8-b8",  "d8-c8",  "d8-d1",   "d8-d10",  "d8-d2",   "d8-d3",
                   "d8-d4",  "d8-d5",  "d8-d6",  "d8-d7",   "d8-d9",   "d8-e8",   "d8-e9",
                   "e1-d1",  "e1-e2",  "e1-f1",  "f10-a10", "f10-b10", "f10-c10", "f10-d10",
                   "f10-f1", "f10-f2", "f10-f3", "f10-f4",  "f10-f5",  "f10-f6",  "f10-f7",
                   "f8-e8",  "f8-e9",  "f8-f9",  "f8-g8",   "pass"}));
}

// ---- ends.facing and ends.points, on a tiny board -------------------------

std::string facing_game(const std::string& ends, const std::string& more = "pass = true,") {
  return grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "orthogonal" } } },
    piece { name = "rook", symbol = "R", value = 5, moves = { slide { dirs = "orthogonal" } } },)",
                   more + std::string("\n  ends = ") + ends + ",",
                   R"({ white = { king = "a1" }, black = { king = "e5" } })");
}

TEST(VocabFacing, RoyalsFacingMustBeBrokenOrAccepted) {
  auto r =
      load("facing",
           facing_game(
               R"({ check = true, facing = "orthogonal", points = { bonus = { black = 0.5 } } })"));
  ASSERT_TRUE(r);
  // The kings face on the open c-file: black may step off it, block it, or pass;
  // c5-c4 stays on the line and the other rook moves leave it open.
  auto pos =
      board(r, {{"c1", "king", 0}, {"a3", "rook", 0}, {"c5", "king", 1}, {"e3", "rook", 1}}, 1);
  EXPECT_EQ(legal(pos), (Moves{"c5-b5", "c5-d5", "e3-c3", "pass"}));
  // Making the line is an offer, legal like any move.
  auto offer = board(r, {{"b1", "king", 0}, {"c5", "king", 1}});
  EXPECT_TRUE(legal(offer).count("b1-c1"));
  // Passing accepts: the game ends drawn, and the draw is decided on points.
  ASSERT_TRUE(play(pos, "pass"));
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[1], Outcome::kWin);
  EXPECT_EQ(res.reason,
            "the royals face each other and the offer was accepted, decided on points (5 to 5.5)");
}

TEST(VocabFacing, TheAcceptingPassIsOpenEvenInCheck) {
  // The white rook on a5 checks the black king, which faces the white one: the
  // only answer is the pass (c5-c4 stays on the line, the other king steps stay
  // attacked, and blocking the line leaves the check). Without the offer the
  // pass is closed in check, and c5-c4 is the only move.
  const char* ends = R"({ check = true, facing = "orthogonal" })";
  auto r = load("facing_check", facing_game(ends));
  ASSERT_TRUE(r);
  auto pos =
      board(r, {{"c1", "king", 0}, {"a5", "rook", 0}, {"c5", "king", 1}, {"e3", "rook", 1}}, 1);
  EXPECT_EQ(legal(pos), (Moves{"pass"}));
  auto plain = load("facing_none", facing_game("{ check = true }"));
  ASSERT_TRUE(plain);
  auto checked =
      board(plain, {{"c1", "king", 0}, {"a5", "rook", 0}, {"c5", "king", 1}, {"e3", "rook", 1}}, 1);
  EXPECT_EQ(legal(checked), (Moves{"c5-c4"}));
  // Accepted, with no points rule: a plain draw.
  ASSERT_TRUE(play(pos, "pass"));
  const Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kDraw);
  EXPECT_EQ(res.reason, "the royals face each other and the offer was accepted");
}

TEST(VocabEndsPoints, EveryDrawOfTheRulesIsDecidedOnPoints) {
  auto r = load("points", facing_game("{ passes = 2, points = true }"));
  ASSERT_TRUE(r);
  // Two passes in a row draw; on points white's two rooks beat black's one.
  auto pos = board(r, {{"a1", "king", 0},
                       {"a2", "rook", 0},
                       {"b2", "rook", 0},
                       {"e5", "king", 1},
                       {"e4", "rook", 1}});
  ASSERT_TRUE(play(pos, "pass"));
  ASSERT_TRUE(play(pos, "pass"));
  Result res = game_result(pos);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  EXPECT_EQ(res.reason, "2 passes in a row, decided on points (10 to 5)");
  // Equal totals stay a draw.
  auto even =
      board(r, {{"a1", "king", 0}, {"a2", "rook", 0}, {"e5", "king", 1}, {"e4", "rook", 1}});
  ASSERT_TRUE(play(even, "pass"));
  ASSERT_TRUE(play(even, "pass"));
  res = game_result(even);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[0], Outcome::kDraw);
  EXPECT_EQ(res.reason, "2 passes in a row, decided on points (5 to 5)");
}

TEST(VocabFacing, DescribeSaysTheOfferAndTheCount) {
  auto r =
      load("facing_words",
           facing_game(
               R"({ check = true, facing = "orthogonal", points = { bonus = { black = 1.5 } } })"));
  ASSERT_TRUE(r);
  const RulesWords words = describe_rules(*r);
  std::vector<std::string> lines = words.play;
  lines.insert(lines.end(), words.ends.begin(), words.ends.end());
  auto has = [&](const std::string& text) {
    for (const auto& l : lines)
      if (l.find(text) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(
      has("royal pieces facing each other on an open line (orthogonally) are an offer of a "
          "draw: the player to move must break the line or pass, and passing, allowed even "
          "in check, accepts it"));
  EXPECT_TRUE(
      has("a pass made while the royal pieces face each other accepts the offer: the game "
          "is drawn"));
  EXPECT_TRUE(
      has("a game the rules draw is decided on points: each side's pieces on the board at "
          "their values, black adding 1.5; the higher total wins, equal totals draw"));
}

TEST(VocabFacing, BadValuesAreLocatedErrors) {
  expect_located(load_error("facing_no_pass", facing_game(R"({ facing = "orthogonal" })", "")),
                 "facing_no_pass.lua:", "ends.facing needs pass = true");
  expect_located(
      load_error("facing_turning", facing_game(R"({ facing = "forward" })")),
      "facing_turning.lua:", "ends.facing takes directions that are the same for every seat");
  expect_located(
      load_error("points_third", facing_game(R"({ points = { bonus = { black = 0.3 } } })")),
      "points_third.lua:", "ends.points.bonus.black must be a whole or half number");
  expect_located(load_error("points_seat", facing_game(R"({ points = { bonus = { red = 1 } } })")),
                 "points_seat.lua:", "red");
  expect_located(load_error("points_field", facing_game(R"({ points = { extra = 1 } })")),
                 "points_field.lua:", "unknown field 'extra' in ends.points (allowed: bonus)");
  expect_located(load_error("points_kind", facing_game(R"({ points = "yes" })")),
                 "points_kind.lua:", "ends.points");
}

}  // namespace
}  // namespace regula
