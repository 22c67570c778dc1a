// The counting rules of Thai and Burmese chess (ends.counting): a tiny script
// for the element itself (its start, its limit, the checkmate that still wins
// on the last move, its load errors), then the bundled makruk and sittuyin
// scripts, whose counts are compared with Fairy-Stockfish's FEN, which carries
// its countingLimit and countingPly (src/position.cpp, Position::fen and
// do_move): each expected FEN below is what Fairy-Stockfish 11.1 prints (`d`
// after `position fen ... moves ...`), except where a comment says otherwise.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "move_support.h"
#include "notation/describe.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula {
namespace {

using namespace test_support;

// ---- the element, on a tiny script -------------------------------------------

// Kings and rooks on 5x5, with a pawn kind that keeps the count from starting.
std::string counting_game(const std::string& counting) {
  return grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } } },)",
                   "  ends = { check = true, counting = " + counting + " },",
                   "{ white = { king = \"a1\", rook = \"b1\" }, black = { king = \"e5\" } }");
}

const char* const kBareRook =
    R"({ pawns = "pawn", bare = { { against = { rook = 1 }, moves = 2 } } })";

TEST(Counting, ABareSideCountsFromTheMoveThatLeavesItToMoveAndDrawsPastTheLimit) {
  auto r = load("counting_tiny", counting_game(kBareRook));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "king", 0}, {"e5", "rook", 0}, {"c3", "king", 1}});
  // Set up by hand: no count runs until a turn ends.
  EXPECT_EQ(pos.global(kCountLimit), 0);
  ASSERT_TRUE(play(pos, "e5-d5"));
  // Black, bare against a rook, counts 2 moves: 4 plies, from zero.
  EXPECT_EQ(pos.global(kCountLimit), 4);
  EXPECT_EQ(pos.global(kCountPly), 0);
  for (const char* m : {"c3-c2", "d5-e5", "c2-c3", "e5-d5"}) {
    EXPECT_FALSE(game_result(pos).over) << m;
    ASSERT_TRUE(play(pos, m));
  }
  // Four plies counted: the limit, not past it. The king may not stand beside
  // the other (b2) nor on the rook's file (d2 d3 d4).
  EXPECT_EQ(pos.global(kCountPly), 4);
  EXPECT_FALSE(game_result(pos).over);
  EXPECT_EQ(legal(pos), (Moves{"c3-b3", "c3-b4", "c3-c2", "c3-c4"}));
  ASSERT_TRUE(play(pos, "c3-c2"));
  const Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "the count reached its limit of 2 moves");
  EXPECT_EQ(legal(pos), Moves{});
  // The count goes back with the moves.
  auto again = board(r, {{"a1", "king", 0}, {"e5", "rook", 0}, {"c3", "king", 1}});
  MoveList ml;
  legal_moves(again, ml);
  Undo u;
  again.make(ml[0], u);
  EXPECT_EQ(again.global(kCountLimit), 4);
  again.unmake(ml[0], u);
  EXPECT_EQ(again.global(kCountLimit), 0);
}

TEST(Counting, NoCountWhileAPawnStandsOrTheOtherSideIsBare) {
  auto r = load("counting_pawns", counting_game(kBareRook));
  ASSERT_TRUE(r);
  auto pawn =
      board(r, {{"a1", "king", 0}, {"e5", "rook", 0}, {"a3", "pawn", 0}, {"c3", "king", 1}});
  ASSERT_TRUE(play(pawn, "e5-d5"));
  EXPECT_EQ(pawn.global(kCountLimit), 0);
  // White bare, black with a rook: black, to move, does not count (it is not
  // bare, and the rule has no board limit); nor does a bare side whose enemy
  // is bare too.
  auto kings = board(r, {{"a1", "king", 0}, {"c3", "king", 1}});
  ASSERT_TRUE(play(kings, "a1-a2"));
  EXPECT_EQ(kings.global(kCountLimit), 0);
}

TEST(Counting, TheBoardLimitAndACountFromThePieces) {
  auto r = load("counting_board", counting_game(R"({ pawns = "pawn", board = 3,
                                   bare = { { against = { rook = 2 }, moves = 1 }, { moves = 5 } },
                                   bare_start = "pieces" })"));
  ASSERT_TRUE(r);
  // Black has a rook: the board limit, from zero.
  auto both =
      board(r, {{"a1", "king", 0}, {"e1", "rook", 0}, {"c5", "king", 1}, {"e5", "rook", 1}});
  ASSERT_TRUE(play(both, "a1-a2"));
  EXPECT_EQ(both.global(kCountLimit), 6);
  EXPECT_EQ(both.global(kCountPly), 0);
  // The capture of black's rook leaves black bare: the count starts again, the
  // first limit that holds (one rook: not two), from the pieces on the board.
  ASSERT_TRUE(play(both, "c5-c4"));
  ASSERT_TRUE(play(both, "e1-e5"));
  EXPECT_EQ(both.global(kCountLimit), 10);
  EXPECT_EQ(both.global(kCountPly), 2 * 3);
  EXPECT_NE(write_position(both).find(" count_limit=10 count_ply=6"), std::string::npos)
      << write_position(both);
}

TEST(Counting, PositionStringsCarryTheCountAndACheckmateAtTheLimitStillWins) {
  auto r = load("counting_mate", counting_game(kBareRook));
  ASSERT_TRUE(r);
  // Black is mated (the rook on the fifth rank, the king on b3 holding a4 and
  // b4) with the count past its limit: the mate decides.
  auto mated = read_position(r, "k3R/5/1K3/5/5 black count_limit=4 count_ply=5");
  ASSERT_TRUE(mated) << mated.error().text();
  EXPECT_EQ(mated->global(kCountLimit), 4);
  EXPECT_EQ(mated->global(kCountPly), 5);
  EXPECT_EQ(write_position(*mated), "k3R/5/1K3/5/5 black count_limit=4 count_ply=5");
  Result res = game_result(*mated);
  EXPECT_TRUE(res.over);
  EXPECT_EQ(res.reason, "checkmate");
  EXPECT_EQ(res.outcome[0], Outcome::kWin);
  // In check with a way out: drawn.
  auto checked = read_position(r, "k3R/5/2K2/5/5 black count_limit=4 count_ply=5");
  ASSERT_TRUE(checked) << checked.error().text();
  res = game_result(*checked);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "the count reached its limit of 2 moves");
}

TEST(Counting, BadValuesAreLoadErrors) {
  struct Case {
    const char* counting;
    const char* what;
  };
  const std::vector<Case> cases = {
      {"64", "ends.counting = { pawns = \"piece ...\", board = N, bare = {"},
      {R"({ board = 64, start = "pieces" })",
       "unknown field 'start' in ends.counting (allowed: pawns, board, bare, bare_start)"},
      {R"({ pawns = "bia", board = 64 })", "no piece named 'bia' (pieces: king, rook, pawn)"},
      {R"({ board = 0 })", "board"},
      {R"({ pawns = "pawn" })",
       "ends.counting needs board = N or bare = { ... }: a count with no limit"},
      {R"({ bare = { moves = 16 } })", "ends.counting.bare is a list of { against = { piece = n }"},
      {R"({ bare = {} })", "ends.counting.bare is a list of { against = { piece = n }"},
      {R"({ bare = { 16 } })", "ends.counting.bare: each limit is { against = ..., moves = N }"},
      {R"({ bare = { { against = { rook = 1 } } } })",
       "a limit of ends.counting.bare needs moves = N"},
      {R"({ bare = { { moves = 16, versus = { rook = 1 } } } })",
       "unknown field 'versus' in a limit of ends.counting.bare (allowed: against, moves)"},
      {R"({ bare = { { against = { queen = 1 }, moves = 16 } } })", "no piece named 'queen'"},
      {R"({ bare = { { against = { rook = 0 }, moves = 16 } } })", "against.rook"},
      {R"({ bare = { { against = "rook", moves = 16 } } })",
       "ends.counting.bare: against is a table of piece = least number, e.g. { rook = 2 }"},
      {R"({ bare = { { moves = 0 } } })", "moves"},
      {R"({ board = 64, bare_start = "one" })",
       "ends.counting.bare_start must be \"zero\" or \"pieces\", not 'one'"},
  };
  int i = 0;
  for (const Case& c : cases) {
    const std::string name = "counting_bad" + std::to_string(i++);
    Error e = load_error(name, counting_game(c.counting));
    expect_located(e, name + ".lua:", c.what);
  }
}

TEST(Counting, DescribeSaysTheCount) {
  auto r = load("counting_describe", counting_game(R"({ pawns = "pawn", board = 64,
                                   bare = { { against = { rook = 1 }, moves = 16 }, { moves = 64 } },
                                   bare_start = "pieces" })"));
  ASSERT_TRUE(r);
  const std::string text = render_rules(describe_rules(*r));
  EXPECT_NE(text.find("once no pawn stands on the board, the side to move starts a count of its "
                      "moves (64 moves while it has more than one piece; with a single piece, "
                      "against at least 1 rook 16, otherwise 64 moves, counted from the number of "
                      "pieces on the board; never while the other side has a single piece), "
                      "started again when a capture or a promotion leaves the side to move with a "
                      "single piece: when the count passes its limit the game is drawn, unless the "
                      "side to move is checkmated"),
            std::string::npos)
      << text;
}

// ---- makruk and sittuyin -------------------------------------------------------

// The six FEN fields after playing UCI moves from fen under the bundled script
// (what follows them, such as captured=1,0 or the halfmove clock a running
// count displaces, halfmove=2, Fairy-Stockfish does not write).
std::string fen_after(const Rules& r, const std::string& fen,
                      const std::vector<std::string>& moves) {
  auto pos = read_position(r, fen);
  EXPECT_TRUE(pos) << pos.error().text();
  if (!pos) return "";
  for (const std::string& m : moves) {
    auto turn = uci::parse_uci(*pos, m);
    EXPECT_TRUE(turn) << m << ": " << turn.error().text();
    if (!turn) return "";
    std::vector<Undo> undos;
    make_turn(*pos, *turn, undos);
  }
  const std::string text = write_position(*pos);
  size_t end = 0;
  for (int field = 0; field < 6 && end != std::string::npos; ++field)
    end = text.find(' ', end + (field ? 1 : 0));
  return text.substr(0, end);
}

TEST(Counting, MakrukStartsTheBoardsHonourWhenTheLastBiaGoes) {
  auto r = bundled("chess/makruk");
  ASSERT_TRUE(r);
  // The Khun takes the last Bia; black, with its Khon, counts 64 moves.
  EXPECT_EQ(fen_after(r, "4k3/3s4/8/8/8/4p3/4K3/R7 w - - 0 1", {"e2e3"}),
            "4k3/3s4/8/8/8/4K3/8/R7 b - 128 0 1");
  EXPECT_EQ(fen_after(r, "4k3/3s4/8/8/8/4p3/4K3/R7 w - - 0 1", {"e2e3", "d7c6", "a1d1"}),
            "4k3/8/2s5/8/8/4K3/8/3R4 b - 128 2 2");
  // While a Bia stands, no count.
  EXPECT_EQ(fen_after(r, "4k3/8/8/8/8/4p3/8/R3K2R w - - 0 1", {"e1e2"}),
            "4k3/8/8/8/8/4p3/4K3/R6R b - - 1 1");
  // A running count: a quiet move adds a ply...
  EXPECT_EQ(fen_after(r, "4k3/3s4/8/8/8/8/8/R2RK3 w - 128 10 1", {"d1d2"}),
            "4k3/3s4/8/8/8/8/3R4/R3K3 b - 128 11 1");
  // ... the capture that leaves black's Khun alone starts the pieces' honour:
  // two Rua, 8 moves, from the four pieces on the board.
  EXPECT_EQ(fen_after(r, "4k3/3s4/8/8/8/8/8/R2RK3 w - 128 10 1", {"d1d7"}),
            "4k3/3R4/8/8/8/8/8/R3K3 b - 16 8 1");
  // The last Bia promotes: black, bare against a Rua, counts 16 from 4.
  EXPECT_EQ(fen_after(r, "4k3/8/8/4P3/8/8/8/R3K3 w - - 0 1", {"e5e6m"}),
            "4k3/8/4M3/8/8/8/8/R3K3 b - 32 8 1");
}

TEST(Counting, MakrukPiecesHonourLimitsByTheStrongerSidesPieces) {
  auto r = bundled("chess/makruk");
  ASSERT_TRUE(r);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"RR2K3", "RR3K2 b - 16 8 1"},    // two Rua: 8 moves
      {"R3K3", "R4K2 b - 32 6 1"},      // one Rua: 16
      {"SS2K3", "SS3K2 b - 44 8 1"},    // two Khon: 22
      {"NN2K3", "NN3K2 b - 64 8 1"},    // two Ma: 32
      {"S3K3", "S4K2 b - 88 6 1"},      // one Khon: 44
      {"N3K3", "N4K2 b - 128 6 1"},     // anything else: 64
      {"M3K3", "M4K2 b - 128 6 1"},     //
      {"RSN1K3", "RSN2K2 b - 32 10 1"}  // the strongest: one Rua
  };
  for (const auto& [rank, after] : cases)
    EXPECT_EQ(fen_after(r, "4k3/8/8/8/8/8/8/" + rank + " w - - 0 1", {"e1f1"}),
              "4k3/8/8/8/8/8/8/" + after)
        << rank;
}

TEST(Counting, MakrukALoneKhunThatTakesTheLastBiaCountsFromItsCapture) {
  auto r = bundled("chess/makruk");
  ASSERT_TRUE(r);
  // Fairy-Stockfish since its commit 6c0ca3a3 ("Implement Ouk Chaktrang's
  // counting rules", 2022; position.cpp do_move): the count starts with the
  // capture, at 2 x 3 pieces - 1 plies. Fairy-Stockfish 11.1, older, starts it
  // only after White's reply ("8/8/8/8/8/8/3k4/R6K w - - 0 2"); both then
  // stand at 6 plies.
  EXPECT_EQ(fen_after(r, "8/8/8/8/8/3k4/3P4/R6K b - - 0 1", {"d3d2"}),
            "8/8/8/8/8/8/3k4/R6K w - 32 5 2");
  EXPECT_EQ(fen_after(r, "8/8/8/8/8/3k4/3P4/R6K b - - 0 1", {"d3d2", "a1a2"}),
            "8/8/8/8/8/8/R2k4/7K b - 32 6 2");
}

TEST(Counting, SittuyinCountsOnlyForABareKingFromZero) {
  auto r = bundled("chess/sittuyin");
  ASSERT_TRUE(r);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"R3K3", "R4K2[] b - 32 0 1"},     // a chariot: 16 moves
      {"SF2K3", "SF3K2[] b - 88 0 1"},   // an elephant: 44
      {"NF2K3", "NF3K2[] b - 128 0 1"},  // a horse: 64
      {"F3K3", "F4K2[] b - - 1 1"},      // a general alone: no count
      {"RNS1K3", "RNS2K2[] b - 32 0 1"},
  };
  for (const auto& [rank, after] : cases)
    EXPECT_EQ(fen_after(r, "4k3/8/8/8/8/8/8/" + rank + "[] w - - 0 1", {"e1f1"}),
              "4k3/8/8/8/8/8/8/" + after)
        << rank;
}

}  // namespace
}  // namespace regula
