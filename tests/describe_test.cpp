// Pieces described in words from the compiled rules (notation/describe.h).
#include "notation/describe.h"

#include <gtest/gtest.h>

#include "cli_support.h"
#include "core/movegen.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

std::vector<std::string> lines(const std::string& script, const std::string& piece) {
  auto r = script::load_rules(script);
  EXPECT_TRUE(r) << r.error().text();
  if (!r) return {};
  for (size_t t = 0; t < (*r)->types.size(); ++t)
    if ((*r)->types[t].name == piece) return describe_piece(**r, static_cast<TypeId>(t));
  ADD_FAILURE() << "no piece " << piece;
  return {};
}

using Lines = std::vector<std::string>;

TEST(Describe, JetanWalksSayTheirLengthTurnsAndJumps) {
  EXPECT_EQ(lines("jetan/burroughs", "dwar"),
            (Lines{"exactly 3 orthogonal steps, turning at will, no square twice, not over "
                   "pieces; captures the same way"}));
  EXPECT_EQ(lines("jetan/burroughs", "flier"),
            (Lines{"exactly 3 diagonal steps, turning at will, no square twice, over pieces; "
                   "captures the same way"}));
  EXPECT_EQ(lines("jetan/burroughs", "thoat"),
            (Lines{"one step orthogonally then one step diagonally, or the same in the other "
                   "order, over pieces; captures the same way"}));
  EXPECT_EQ(lines("jetan/burroughs-appendix", "thoat"),
            (Lines{"one step orthogonally then one step diagonally, not over pieces; captures "
                   "the same way"}));
  // She may capture nothing: her moves say no "captures the same way".
  EXPECT_EQ(
      lines("jetan/burroughs", "princess"),
      (Lines{"exactly 3 steps in any direction, turning at will, no square twice, over pieces",
             "moves to any empty square, once a game (escape)", "never captures",
             "may not end a move where an enemy could capture it"}));
  EXPECT_EQ(lines("jetan/cazaux", "princess"),
            (Lines{"exactly 3 steps in any direction, turning at will, no square twice, over "
                   "pieces; captures the same way",
                   "moves to any empty square, once a game (escape)"}));
}

TEST(Describe, ChessPiecesAndTheirConditions) {
  EXPECT_EQ(lines("chess/orthodox", "knight"),
            (Lines{"leaps to (1,2) in any direction; captures the same way"}));
  EXPECT_EQ(lines("chess/orthodox", "rook"),
            (Lines{"slides any distance orthogonally; captures the same way"}));
  EXPECT_EQ(lines("chess/orthodox", "pawn"),
            (Lines{"steps one square forward, without capturing",
                   "slides exactly 2 squares forward, not over pieces, without capturing, from its "
                   "start squares, and may be taken en passant",
                   "steps one square diagonally forward, only to capture, also en passant",
                   "promotes to queen, rook, bishop or knight on ending a move in last_rank",
                   "its moves start the move-count draw again"}));
  EXPECT_EQ(lines("chess/orthodox", "king"),
            (Lines{"steps one square in any direction; captures the same way",
                   "castles with the rook: 2 squares toward the east, the partner landing on the "
                   "square it passed, neither having moved, every square between empty, the "
                   "royal's squares not attacked",
                   "castles with the rook: 2 squares toward the west, the partner landing on the "
                   "square it passed, neither having moved, every square between empty, the "
                   "royal's squares not attacked",
                   "royal: it may not be left attacked"}));
  // The xiangqi horse and elephant: where each lame leap is blocked.
  EXPECT_EQ(lines("chess/xiangqi", "horse"),
            (Lines{"leaps to (1,2) in any direction, blocked by a piece on the adjacent orthogonal "
                   "square; captures the same way"}));
  EXPECT_EQ(lines("chess/xiangqi", "elephant"),
            (Lines{"leaps to (2,2) in any direction, blocked by a piece on the adjacent diagonal "
                   "square, only ending in home; captures the same way"}));
}

TEST(Describe, DraughtsCapturesAndMillPhases) {
  EXPECT_EQ(lines("draughts/spanish", "man"),
            (Lines{"steps one square diagonally forward, without capturing",
                   "jumps diagonally forward over an adjacent enemy piece to capture it, landing "
                   "on the empty square just beyond (compulsory, in chains: it goes on jumping "
                   "while it can)",
                   "promotes to king on ending a move in crown",
                   "its moves start the move-count draw again"}));
  EXPECT_EQ(lines("draughts/spanish", "king"),
            (Lines{"slides any distance diagonally, without capturing",
                   "jumps diagonally over an enemy piece at any distance to capture it, landing on "
                   "any empty square beyond, one from which it can capture again where there is "
                   "one (compulsory, in chains: it goes on jumping while it can)"}));
  EXPECT_EQ(lines("draughts/russian", "man"),
            (Lines{"steps one square diagonally forward, without capturing",
                   "jumps diagonally over an adjacent enemy piece to capture it, landing on the "
                   "empty square just beyond (compulsory, in chains: it goes on jumping while it "
                   "can)",
                   "promotes to king on ending a move in crown; reached in the middle of a "
                   "capture, at once, and goes on capturing as one",
                   "its moves start the move-count draw again"}));
  EXPECT_EQ(lines("mill/ishikulu", "token"),
            (Lines{"steps one point in any direction, without capturing, in the move phase",
                   "moves to any empty point, in the fly phase",
                   "is dropped from the hand on an empty point, in the place phase",
                   "in hand at the start: white 12, black 12"}));
  EXPECT_EQ(lines("chaturanga/four-handed", "elephant"),
            (Lines{"leaps to (2,2) in any direction; captures the same way",
                   "may not capture: horse, tower and rajah",
                   "completing a 2x2 block of pieces of its type: captures the enemy ones in it, "
                   "takes over the allied ones"}));
}

// hop removal = "immediate" and no_reverse = true, in Turkish draughts.
TEST(Describe, TurkishCapturesSayRemovalAsJumpedAndNoTurningBack) {
  EXPECT_EQ(lines("draughts/turkish", "man"),
            (Lines{"steps one square forward, right or left, without capturing",
                   "jumps forward, right or left over an adjacent enemy piece to capture it, "
                   "landing on the empty square just beyond (compulsory, in chains: it goes on "
                   "jumping while it can, never turning straight back between two jumps, each "
                   "captured piece leaving the board as it is jumped, so that the chain may cross "
                   "its square again)",
                   "promotes to king on ending a move in crown"}));
  EXPECT_EQ(lines("draughts/turkish", "king"),
            (Lines{"slides any distance orthogonally, without capturing",
                   "jumps orthogonally over an enemy piece at any distance to capture it, landing "
                   "on any empty square beyond (compulsory, in chains: it goes on jumping while it "
                   "can, never turning straight back between two jumps, each captured piece "
                   "leaving the board as it is jumped, so that the chain may cross its square "
                   "again)"}));
}

// describe_betza: the piece's moves in Betza, or nothing.
std::string betza(const std::string& script, const std::string& piece) {
  auto r = script::load_rules(script);
  EXPECT_TRUE(r) << r.error().text();
  if (!r) return "";
  const TypeId t = (*r)->type_index(piece);
  EXPECT_GE(t, 0) << piece;
  if (t < 0) return "";
  auto b = describe_betza(**r, t);
  return b ? b->betza : "(none)";
}

TEST(Describe, BetzaOfTheChessPiecesIsTheConventionalOne) {
  // As Fairy-Stockfish writes them (src/piece.cpp: fmWfceF for its pawn, whose
  // double step is a variant setting; XBoard adds ifmnD).
  EXPECT_EQ(betza("chess/orthodox", "pawn"), "fmWfceFifmnD");
  EXPECT_EQ(betza("chess/orthodox", "knight"), "N");
  EXPECT_EQ(betza("chess/orthodox", "bishop"), "B");
  EXPECT_EQ(betza("chess/orthodox", "rook"), "R");
  EXPECT_EQ(betza("chess/orthodox", "queen"), "Q");
  EXPECT_EQ(betza("chess/orthodox", "king"), "K");
  auto r = script::load_rules("chess/orthodox");
  ASSERT_TRUE(r);
  EXPECT_TRUE(describe_betza(**r, (*r)->type_index("king"))->castles);
  EXPECT_FALSE(describe_betza(**r, (*r)->type_index("queen"))->castles);
  // Shatranj and Chaturanga: the old leapers.
  EXPECT_EQ(betza("chess/shatranj", "alfil"), "A");
  EXPECT_EQ(betza("chess/shatranj", "ferz"), "F");
  EXPECT_EQ(betza("chess/shatranj", "baidaq"), "fmWfcF");
  EXPECT_EQ(betza("chess/makruk", "khon"), "FfW");
  // Xiangqi's horse and cannon, as Fairy-Stockfish writes them (nN, mRcpR); its
  // palace pieces move within a region, which Betza cannot say.
  EXPECT_EQ(betza("chess/xiangqi", "horse"), "nN");
  EXPECT_EQ(betza("chess/xiangqi", "cannon"), "mRcpR");
  EXPECT_EQ(betza("chess/xiangqi", "advisor"), "(none)");
}

TEST(Describe, NoBetzaWhereBetzaCannotSayIt) {
  EXPECT_EQ(betza("jetan/burroughs", "dwar"), "(none)");         // a walk that turns
  EXPECT_EQ(betza("draughts/spanish", "man"), "(none)");         // capture by jumping
  EXPECT_EQ(betza("mill/nine-mens-morris", "token"), "(none)");  // phases
  EXPECT_EQ(betza("chaturanga/two-handed", "rajah"), "(none)");  // a once-a-game leap
}

// Every piece of every bundled script that has a Betza form: the script with
// that piece written in its Betza moves as the original does, on every square
// of an empty board and of its start position, for every seat.
TEST(Describe, BetzaReadBackGivesTheSameMoves) {
  using namespace test_support;
  int checked = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto loaded = script::load_rules(info.name);
    ASSERT_TRUE(loaded) << loaded.error().text();
    const Rules orig = *loaded;
    for (size_t t = 0; t < orig->types.size(); ++t) {
      auto b = describe_betza(*orig, static_cast<TypeId>(t));
      if (!b) continue;
      const std::string name = orig->types[t].name;
      Rules back = load("round_trip", "return extends(\"" + info.name +
                                          "\", { pieces = { piece { name = \"" + name +
                                          "\", moves = {}, betza = \"" + b->betza + "\" } } })\n");
      ASSERT_TRUE(back) << info.name << " " << name << " " << b->betza;
      ++checked;
      auto moves = [&](const Rules& r, bool start, SiteId s, SeatId seat) {
        Position pos = start ? Position(r) : Position::empty(r);
        pos.set_site(s, make_piece(static_cast<TypeId>(t), seat), 0);
        pos.set_to_move(seat);
        MoveList list;
        legal_moves(pos, list);
        std::multiset<std::string> out;
        for (const Move& m : list)
          if (m.from == s && m.kind != MoveKind::kCastle)
            out.insert(r->topology.name(m.to) + (m.ncap ? "x" : "") + std::to_string(m.promote));
        return out;
      };
      for (int start = 0; start < 2; ++start)
        for (SeatId seat = 0; seat < orig->num_seats(); ++seat)
          for (SiteId s = 0; s < orig->topology.size(); ++s) {
            if (start && Position(orig).at(s) != kEmpty) continue;
            EXPECT_EQ(moves(orig, start, s, seat), moves(back, start, s, seat))
                << info.name << " " << name << " (" << b->betza << ") at " << orig->topology.name(s)
                << " seat " << int(seat) << (start ? " in the start position" : "");
          }
    }
  }
  EXPECT_GE(checked, 20);
}

TEST(Describe, TheDescribeCommandPrintsEachPieceWithAForm) {
  auto r = test_support::run("describe chess/orthodox");
  EXPECT_EQ(r.code, 0) << r.out;
  for (const char* head : {"  pawn (P, value 1), in Betza's notation fmWfceFifmnD\n",
                           "  knight (N, value 3), in Betza's notation N\n",
                           "  bishop (B, value 3), in Betza's notation B\n",
                           "  rook (R, value 5), in Betza's notation R\n",
                           "  queen (Q, value 9), in Betza's notation Q\n",
                           "  king (K, value 0), in Betza's notation K (and castling)\n"})
    EXPECT_NE(r.out.find(head), std::string::npos) << head << r.out;
  // Jetan's pieces walk: the dwar, whose walk Betza cannot say, has words only.
  auto j = test_support::run("describe jetan/burroughs");
  EXPECT_EQ(j.code, 0) << j.out;
  EXPECT_NE(j.out.find("  dwar (D, value 3)\n"), std::string::npos) << j.out;
  auto bad = test_support::run("describe no/such-script");
  EXPECT_EQ(bad.code, 1) << bad.out;
}

}  // namespace
}  // namespace regula
