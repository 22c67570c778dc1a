// explain_move and `regula explain`: why a typed move is legal (the rule of
// the piece that made it, with its file and line, and what it does) or why it
// is not, for every kind of move: castling out of, through and without its
// rights, the first hop of a capture chain, compulsory captures, promotions
// without their piece or with a wrong one, labelled moves, drops, removals and
// whole turns of a mill game.

#include "notation/explain_move.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::CliRun;
using test_support::run;

Position at(const std::string& rules, const std::string& position) {
  auto pos = read_position_with_moves(bundled(rules), position);
  EXPECT_TRUE(pos) << pos.error().text();
  return *pos;
}

// The explanation's lines, the first being "legal" or "not legal".
std::vector<std::string> explain(Position pos, const std::string& move) {
  MoveExplanation e = explain_move(pos, move);
  std::vector<std::string> lines{e.legal ? "legal" : "not legal"};
  lines.insert(lines.end(), e.lines.begin(), e.lines.end());
  return lines;
}

using Lines = std::vector<std::string>;

TEST(ExplainMove, CastlingOutOfThroughAndWithoutItsRights) {
  const std::string through = "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1";
  const Lines crossed = {"not legal",
                         "no castling through an attacked square: the king would cross f1, "
                         "which the enemy attacks",
                         "legal moves from e1: e1d2"};
  EXPECT_EQ(explain(at("chess/orthodox", through), "e1g1"), crossed);
  EXPECT_EQ(explain(at("chess/orthodox", through), "O-O"), crossed);
  EXPECT_EQ(explain(at("chess/orthodox", through), "O-O-O")[1],
            "no castling through an attacked square: the king would cross d1, which the enemy "
            "attacks");
  EXPECT_EQ(explain(at("chess/orthodox", "r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1"), "O-O")[1],
            "no castling out of check: the king on e1 is attacked");
  // Without the right to castle king's side, the rook counts as having moved.
  EXPECT_EQ(explain(at("chess/orthodox", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1g1")[1],
            "castling needs a rook that has not moved, and the rook on h1 has moved");
  EXPECT_EQ(explain(at("chess/orthodox", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"), "e1c1")[1],
            "castling needs the squares between the king and the rook on a1 empty, and b1 is not");
}

TEST(ExplainMove, CaptureChainsAndCompulsoryCaptures) {
  // A white man on 22 takes 18 and then 10: the chain may not stop on 15.
  const std::string chain = "W:W22:B18,10";
  EXPECT_EQ(explain(at("draughts/english", chain), "22x15"),
            (Lines{"not legal",
                   "the capture does not end on 15: a capture chain goes on while it can, and "
                   "this one goes on to 6 (22 15 6)",
                   "legal moves from 22: 22x15x6"}));
  EXPECT_EQ(explain(at("draughts/english", chain), "22-17")[1],
            "capturing is compulsory: white must capture (22 to 6 captures)");
  EXPECT_EQ(explain(at("draughts/english", "W:W22,23:B18"), "23-19")[1],
            "capturing is compulsory: white must capture (22 to 15 captures)");
  Lines legal = explain(at("draughts/english", chain), "22x6");
  ASSERT_EQ(legal.size(), 3u);
  EXPECT_EQ(legal[0], "legal");
  EXPECT_EQ(legal[2], "captures the man on 18, the man on 10");
}

TEST(ExplainMove, PromotionsAndTheRuleThatMadeAMove) {
  const std::string pawn = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
  EXPECT_EQ(explain(at("chess/orthodox", pawn), "e7e8")[1],
            "a pawn reaching e8 must promote: say to what (queen, rook, bishop or knight)");
  EXPECT_EQ(explain(at("chess/orthodox", pawn), "e7e8=K")[1],
            "a pawn reaching e8 promotes to queen, rook, bishop or knight, not to a king");
  Position pos = at("chess/orthodox", pawn);
  MoveExplanation e = explain_move(pos, "e7e8=Q");
  ASSERT_TRUE(e.legal);
  EXPECT_EQ(e.move, "e7e8=Q");
  EXPECT_EQ(e.piece, "pawn");
  ASSERT_GE(e.rule, 0);
  const MoveRule& rule = pos.rules().rules[e.rule];
  EXPECT_NE(rule.where.find("rules/chess/orthodox.lua:"), std::string::npos) << rule.where;
  EXPECT_EQ(e.lines,
            (Lines{"the pawn on e7, by its rule 'slide' at " + rule.where, "promotes to a queen"}));
  // A move that never promotes says so.
  EXPECT_EQ(explain(at("chess/orthodox", "8/8/8/8/8/8/k3R3/4K3 w - - 0 1"), "e2e8=Q")[1],
            "a rook does not promote on e8");
}

TEST(ExplainMove, LabelledMovesDropsAndRemovals) {
  // The Princess's escape is a labelled move: typed without its label it is
  // still the one legal move from f1 to a3, and the reason names the label.
  Position jetan(bundled("jetan/cazaux"));
  MoveExplanation escape = explain_move(jetan, "f1a3");
  ASSERT_TRUE(escape.legal);
  EXPECT_EQ(escape.move, "f1a3 escape");
  ASSERT_EQ(escape.lines.size(), 1u);
  EXPECT_EQ(escape.lines[0].rfind("the princess on f1, by its rule 'move to any empty square' "
                                  "labelled 'escape' at ",
                                  0),
            0u)
      << escape.lines[0];
  EXPECT_EQ(explain(jetan, "f1e3 dash")[1],
            "no move labelled 'dash' goes from f1 to e3 (it is labelled escape)");

  const std::string house = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPP1/RNBQKBN1[Pp] w Qkq - 0 1";
  EXPECT_EQ(explain(at("chess/crazyhouse", house), "N@e5")[1], "white has no knight in hand");
  EXPECT_EQ(explain(at("chess/crazyhouse", house), "P@e2")[1],
            "a piece is dropped on an empty square, and e2 holds a pawn");
  EXPECT_EQ(explain(at("chess/crazyhouse", house), "P@h1")[1],
            "a pawn may be dropped only in pawn_drops");
  EXPECT_EQ(explain(at("chess/crazyhouse", house), "P@e5")[0], "legal");

  // Nine men's morris: white closes a mill on E1 E2 E3 and removes.
  Position mill = at("mill/nine-mens-morris", "startpos moves E1 A1 E2 A2");
  const Lines turn = explain(mill, "E3 xA1");
  ASSERT_EQ(turn.size(), 3u);
  EXPECT_EQ(turn[0], "legal");
  EXPECT_EQ(turn[2].rfind("removes the token on A1 (the stage 'remove' at ", 0), 0u) << turn[2];
  EXPECT_EQ(explain(mill, "E3 xE1")[2],
            "the piece removed must be an enemy one, and the token on E1 is yours");
  EXPECT_EQ(explain(mill, "E3 xR1")[2], "no piece on R1 to remove");
  EXPECT_EQ(explain(mill, "E1")[1], "a piece is dropped on an empty square, and E1 holds a token");
}

TEST(CliExplain, PrintsEachMoveWithItsReasons) {
  CliRun r =
      run("explain chess/orthodox --position \"r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1\" O-O a1a8");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("O-O: not legal\n  no castling through an attacked square: the king would "
                       "cross f1, which the enemy attacks\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("a1a8: legal\n  the rook on a1, by its rule 'slide' at "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  captures the rook on a8\n"), std::string::npos) << r.out;
  CliRun j = run("explain draughts/english --position W:W22:B18,10 --json 22x15");
  ASSERT_EQ(j.code, 0) << j.out;
  auto obj = nlohmann::json::parse(j.out, nullptr, false);
  ASSERT_FALSE(obj.is_discarded()) << j.out;
  EXPECT_EQ(obj["legal"], false);
  EXPECT_EQ(obj["piece"], "man");
  EXPECT_EQ(obj["reasons"][0],
            "the capture does not end on 15: a capture chain goes on while it can, and this one "
            "goes on to 6 (22 15 6)");
  CliRun none = run("explain chess/orthodox");
  EXPECT_EQ(none.code, 2) << none.out;
}

}  // namespace
}  // namespace regula
