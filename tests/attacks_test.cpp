// Attack and check detection see exactly the moves move generation would give
// the attacker: only the rules of the phase the attacking seat is in, and only
// the captures the script's filter hooks let through (core/attacks.h). And an en
// passant site is part of a position only where a capture there is legal, so
// that a position reached with or without a double step is the same position
// (its hash, its position string, its repetitions).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "move_support.h"
#include "notation/explain.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

Position at(const Rules& r, const std::string& text) {
  auto pos = read_position(r, text);
  EXPECT_TRUE(pos) << text << ": " << (pos ? "" : pos.error().text());
  return pos ? *pos : Position(r);
}

// A rook whose captures belong to the phase "few" only: a seat is in it while
// it has at most two pieces. White (a king and two stones) is in "many".
std::string phased_rook(const std::string& black) {
  return R"(return game {
  title = "a rook that captures in one phase",
  board = grid { width = 4, height = 4 },
  phases = { phase { name = "few", when = "pieces <= 2" }, phase { name = "many" } },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = {
      slide { dirs = "orthogonal", mode = "move" },
      slide { dirs = "orthogonal", mode = "capture", phase = "few" } } },
    piece { name = "stone", symbol = "S" },
  },
  setup = { white = { king = "a1", stone = "d1 d2" }, black = { )" +
         black + R"( } },
  ends = { check = true },
}
)";
}

TEST(Attacks, AttackerPhaseWithItsCaptureRule) {
  auto r = load("phased_rook", phased_rook(R"(king = "d4", rook = "b4")"));
  ASSERT_TRUE(r);
  // Black has two pieces: in "few", its rook captures along the b-file. The
  // side to move is in "many", which must not be the phase that counts.
  Position pos(r);
  EXPECT_EQ(listed(pos), (std::vector<std::string>{"a1-a2"}));
  EXPECT_EQ(explain_illegal(pos, r->topology.find("a1"), r->topology.find("b1")),
            "would leave your royal piece attacked");
}

TEST(Attacks, AttackerPhaseWithoutItsCaptureRule) {
  auto r = load("phased_rook_three", phased_rook(R"(king = "d4", rook = "b4", stone = "c4")"));
  ASSERT_TRUE(r);
  // A third black piece puts black in "many", where its rook cannot capture:
  // the king may stand on the b-file.
  Position pos(r);
  EXPECT_EQ(listed(pos), (std::vector<std::string>{"a1-a2", "a1-b1", "a1-b2"}));
  EXPECT_EQ(explain_illegal(pos, r->topology.find("a1"), r->topology.find("b1")), "");
  EXPECT_EQ(perft(pos, 1), 3u);
}

// Cannons that may not use a stone as their screen, said by a filter hook (or a
// filter_moves hook): a cannon over a stone gives no check; over a wall it does.
std::string screened_cannons(const std::string& hook) {
  return R"(local function screened_by_stone(pos, move)
  if move.piece ~= "cannon" or not pos:at(move.to) then return false end
  local fx, fy = move.from:byte(1), tonumber(move.from:sub(2))
  local tx, ty = move.to:byte(1), tonumber(move.to:sub(2))
  local dx = tx > fx and 1 or (tx < fx and -1 or 0)
  local dy = ty > fy and 1 or (ty < fy and -1 or 0)
  local x, y = fx + dx, fy + dy
  while x ~= tx or y ~= ty do
    if pos:at(string.char(x) .. y) == "stone" then return true end
    x, y = x + dx, y + dy
  end
  return false
end
return game {
  title = "cannons that no stone screens",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "cannon", symbol = "C", moves = {
      slide { dirs = "orthogonal", mode = "move" }, screen { dirs = "orthogonal", mode = "capture" } } },
    piece { name = "stone", symbol = "S" },
    piece { name = "wall", symbol = "W" },
  },
  setup = { white = { king = "b1", stone = "a2" }, black = { king = "d4", cannon = "a4 c4", wall = "c3" } },
  ends = { check = true },
)" + hook +
         "\n}\n";
}

TEST(Attacks, FilterForbidsACannonsScreen) {
  auto r = load("screened_cannons",
                screened_cannons(
                    "  filter = function(pos, move) return not screened_by_stone(pos, move) end,"));
  ASSERT_TRUE(r);
  Position pos(r);
  // a1 lies beyond the stone on a2 from the cannon on a4: no check there. c1
  // and c2 lie beyond the wall on c3 from the cannon on c4.
  EXPECT_EQ(listed(pos), (std::vector<std::string>{"b1-a1", "b1-b2"}));
  EXPECT_EQ(perft(pos, 1), 2u);
  EXPECT_EQ(explain_illegal(pos, r->topology.find("b1"), r->topology.find("a1")), "");
  EXPECT_EQ(explain_illegal(pos, r->topology.find("b1"), r->topology.find("c1")),
            "would leave your royal piece attacked");
}

TEST(Attacks, FilterMovesForbidsACannonsScreen) {
  auto r = load("screened_cannons_list", screened_cannons(R"(  filter_moves = function(pos, moves)
    local keep = {}
    for i, move in ipairs(moves) do keep[i] = not screened_by_stone(pos, move) end
    return keep
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(listed(pos), (std::vector<std::string>{"b1-a1", "b1-b2"}));
}

TEST(Attacks, GeneratedCaptureTheFilterForbids) {
  // A generate hook gives the black stone a capture of anything on a1, which
  // the filter forbids while a white stone stands on a2.
  auto r = load("generated_capture", R"(return game {
  title = "a generated capture, filtered",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "stone", symbol = "S" },
  },
  setup = { white = { king = "b1", stone = "a2" }, black = { king = "d4", stone = "d3" } },
  ends = { check = true },
  generate = function(pos)
    if pos:to_move() == "black" and pos:at("a1") then return { { from = "d3", to = "a1" } } end
    return {}
  end,
  filter = function(pos, move)
    return not (move.from == "d3" and move.to == "a1" and pos:at("a2") == "stone")
  end,
}
)");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(listed(pos), (std::vector<std::string>{"b1-a1", "b1-b2", "b1-c1", "b1-c2"}));
}

// --- en passant only where it can be taken -----------------------------------------

TEST(EnPassant, NoSiteWhenNoPawnCanTake) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  Position pos(r);
  ASSERT_TRUE(play(pos, "e2-e4"));
  EXPECT_EQ(pos.ep(), kNoSite);
  EXPECT_EQ(write_position(pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // The same position without the double step: the same hash.
  const Position same = at(r, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(pos.hash(), same.hash());
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  // A position string that names a site nobody can use reads without it.
  const Position read = at(r, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(read.ep(), kNoSite);
  EXPECT_EQ(read.hash(), same.hash());
  EXPECT_EQ(write_position(read), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(EnPassant, SiteWhenAPawnCanTake) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  Position pos(r);
  for (const char* m : {"e2-e4", "a7-a6", "e4-e5", "d7-d5"}) ASSERT_TRUE(play(pos, m));
  EXPECT_EQ(write_position(pos), "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  EXPECT_TRUE(play(pos, "e5-d6xd5"));
}

TEST(EnPassant, NoSiteWhenTheOnlyCaptureIsIllegal) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  // bxc6 would take both pawns off the fifth rank and leave the king on a5 to the
  // rook on h5: the capture is illegal, so c6 is no en passant site.
  Position pinned = at(r, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(play(pinned, "c7-c5"));
  EXPECT_EQ(pinned.ep(), kNoSite);
  EXPECT_EQ(write_position(pinned), "4k3/8/8/KPp4r/8/8/8/8 w - - 0 2");
  // Without the rook the capture is legal, and c6 is one.
  Position free = at(r, "4k3/2p5/8/KP6/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(play(free, "c7-c5"));
  EXPECT_EQ(write_position(free), "4k3/8/8/KPp5/8/8/8/8 w - c6 0 2");
}

TEST(EnPassant, RepetitionAfterADoubleStepIsFoundOnTime) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  Position pos(r);
  // 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 4.Nf3 Ng8 5.Ng1: the position after 1.e4
  // stands after plies 1, 5 and 9, the third time at ply 9.
  const std::vector<std::string> line = {"e2-e4", "g8-f6", "g1-f3", "f6-g8", "f3-g1",
                                         "g8-f6", "g1-f3", "f6-g8", "f3-g1"};
  for (size_t i = 0; i < line.size(); ++i) {
    EXPECT_FALSE(game_result(pos).over) << "before ply " << i + 1;
    ASSERT_TRUE(play(pos, line[i]));
  }
  const Result res = game_result(pos);
  EXPECT_TRUE(res.over);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "3-fold repetition");
  EXPECT_EQ(pos.global(kPly), 9);
}

// A cannon (it captures over exactly one screen) on the file of the white king,
// and stones that neither move nor capture. Legality is judged by the shortcuts
// (only the lines an attacker stands on, only the rays a move changes) and by
// making every move (the reference mode): the two must list the same moves.
std::string cannon_file(const std::string& white, const std::string& black) {
  return R"(return game {
  title = "a cannon on the king's file",
  board = grid { width = 5, height = 5 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } },
    piece { name = "cannon", symbol = "C", moves = {
      slide { dirs = "orthogonal", mode = "move" }, screen { dirs = "orthogonal", mode = "capture" } } },
    piece { name = "stone", symbol = "S" },
  },
  setup = { white = { )" +
         white + R"( }, black = { )" + black + R"( } },
  ends = { check = true },
}
)";
}

std::vector<std::string> listed_by_reference(const Rules& r) {
  auto ref = std::make_shared<Ruleset>(*r);
  ref->use_reference_paths();
  Position pos(Rules{ref});
  return listed(pos);
}

TEST(CheckShortcuts, AManThatBecomesTheScreenIsPinned) {
  // Nothing stands between the cannon on a5 and the king on a1: a man stepping
  // onto a2, a3 or a4 would be the one screen the cannon fires over.
  auto r = load("cannon_screen",
                cannon_file(R"(king = "a1", man = "b3")", R"(king = "e5", cannon = "a5")"));
  ASSERT_TRUE(r);
  Position pos(r);
  const std::vector<std::string> legal{"a1-a2", "a1-b1", "a1-b2", "b3-b2", "b3-b4", "b3-c3"};
  EXPECT_EQ(listed(pos), legal);
  EXPECT_EQ(listed_by_reference(r), legal);
}

TEST(CheckShortcuts, EitherOfTwoScreensMayNotLeave) {
  // Two men stand between the cannon and the king: no check, but either
  // stepping off the file leaves the other as the screen.
  auto r = load("cannon_two_screens",
                cannon_file(R"(king = "a1", man = "a2 a3")", R"(king = "e5", cannon = "a5")"));
  ASSERT_TRUE(r);
  Position pos(r);
  const std::vector<std::string> legal{"a1-b1", "a1-b2", "a3-a4"};
  EXPECT_EQ(listed(pos), legal);
  EXPECT_EQ(listed_by_reference(r), legal);
}

TEST(CheckShortcuts, AStoneOnTheFileAttacksNothing) {
  // The piece on a5 is a stone: a man may stand anywhere on the file.
  auto r = load("cannon_stone", cannon_file(R"(king = "a1", man = "b3")",
                                            R"(king = "e5", stone = "a5", cannon = "e1")"));
  ASSERT_TRUE(r);
  Position pos(r);
  // The cannon on e1 fires along the first rank over a man on b1, c1 or d1: none
  // stands there, so a1-b1 is legal, and so is the man's step to a3.
  const std::vector<std::string> legal{"a1-a2", "a1-b1", "a1-b2", "b3-a3",
                                       "b3-b2", "b3-b4", "b3-c3"};
  EXPECT_EQ(listed(pos), legal);
  EXPECT_EQ(listed_by_reference(r), legal);
}

TEST(CheckShortcuts, ARoyalStillInHandIsOnlyJudgedWhereItLands) {
  // White's king and a stone are in hand; black's rook on a3 sees the a-file
  // and the third rank, and black's king on c3 guards b2 and c2. The king may
  // be dropped on b1 and c1 only; the stone anywhere, since no white royal
  // stands on the board.
  auto r = load("royal_in_hand", R"(return game {
  title = "a royal still in hand",
  board = grid { width = 3, height = 3 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, drop = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "stone", symbol = "S", drop = true },
  },
  setup = { black = { rook = "a3", king = "c3" } },
  hand = { white = { king = 1, stone = 1 } },
  ends = { check = true },
}
)");
  ASSERT_TRUE(r);
  Position pos(r);
  const std::vector<std::string> legal{"king@b1",  "king@c1",  "stone@a1", "stone@a2", "stone@b1",
                                       "stone@b2", "stone@b3", "stone@c1", "stone@c2"};
  EXPECT_EQ(listed(pos), legal);
  EXPECT_EQ(listed_by_reference(r), legal);
  EXPECT_FALSE(in_check(pos, 0));
}

}  // namespace
}  // namespace regula
