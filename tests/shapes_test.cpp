// Movement shapes of the rule language beyond steps, slides and leaps: moves
// over a screen (screen { }), lame leaps (leap { lame, via }), royals that may
// not face each other (piece { facing }), castling with the partner on a named
// site (castle { partner }), and dropped pieces that never castle. Each test
// is a tiny script and positions whose exact legal moves were worked out by
// hand from the element's definition in docs/authoring.md.
#include <gtest/gtest.h>

#include <string>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "move_support.h"
#include "notation/describe.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;

// ---- screen ----------------------------------------------------------------

const char* kScreenPieces = R"(
    piece { name = "cannon", symbol = "C", moves = {
      slide { dirs = "orthogonal", mode = "move" },
      screen { dirs = "orthogonal", mode = "capture" } } },
    piece { name = "rider", symbol = "P", moves = { screen { dirs = "orthogonal" } } },
    piece { name = "grasshopper", symbol = "G", moves = { screen { dirs = "all", after = 1 } } },
    piece { name = "short", symbol = "S", moves = { screen { dirs = "n", before = 1 } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";

TEST(ShapeScreen, CannonCapturesTheFirstPieceBeyondOneScreenOfEitherSide) {
  auto r = load("screen_cannon", grid_game(6, 6, kScreenPieces));
  ASSERT_TRUE(r);
  // Screens: its own rook on c3 (north) and an enemy rook on b1 (west).
  auto pos = board(r, {{"c1", "cannon", 0},
                       {"c3", "rook", 0},
                       {"c5", "rook", 1},
                       {"c6", "rook", 1},
                       {"b1", "rook", 1},
                       {"a1", "rook", 1}});
  EXPECT_EQ(legal_from(pos, "c1"), (Moves{"c1-c2", "c1-d1", "c1-e1", "c1-f1", "c1-c5", "c1-a1"}));
}

TEST(ShapeScreen, RiderMovesOrCapturesAnywhereBeyondOneScreen) {
  auto r = load("screen_rider", grid_game(6, 6, kScreenPieces));
  ASSERT_TRUE(r);
  auto pos =
      board(r, {{"a1", "rider", 0}, {"a3", "rook", 0}, {"a5", "rook", 1}, {"c1", "rook", 0}});
  EXPECT_EQ(legal_from(pos, "a1"), (Moves{"a1-a4", "a1-a5", "a1-d1", "a1-e1", "a1-f1"}));
}

TEST(ShapeScreen, GrasshopperLandsJustBeyondTheScreen) {
  auto r = load("screen_grasshopper", grid_game(6, 6, kScreenPieces));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "grasshopper", 0},
                       {"c5", "rook", 0},
                       {"e5", "rook", 1},
                       {"d3", "rook", 0},
                       {"e3", "rook", 1},
                       {"b2", "rook", 0}});
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-c6", "c3-f6", "c3-e3", "c3-a1"}));
}

TEST(ShapeScreen, BeforeBoundsTheEmptySitesUpToTheScreen) {
  auto r = load("screen_before", grid_game(6, 6, kScreenPieces));
  ASSERT_TRUE(r);
  auto far = board(r, {{"a1", "short", 0}, {"a4", "rook", 0}});
  EXPECT_EQ(legal_from(far, "a1"), Moves{});
  auto near = board(r, {{"a1", "short", 0}, {"a3", "rook", 0}});
  EXPECT_EQ(legal_from(near, "a1"), (Moves{"a1-a4", "a1-a5", "a1-a6"}));
}

const char* kCheckPieces = R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "cannon", symbol = "C", moves = {
      slide { dirs = "orthogonal", mode = "move" },
      screen { dirs = "orthogonal", mode = "capture" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";
const char* kCheckEnds = "  ends = { check = true, checkmate = \"loss\", stalemate = \"draw\" },";
const char* kKings = "{ white = { king = \"a1\" }, black = { king = \"e5\" } }";

TEST(ShapeScreen, ACannonChecksThroughAScreenAndASecondPieceStopsIt) {
  auto r = load("screen_check", grid_game(6, 6, kCheckPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c1", "king", 0},
                       {"c4", "rook", 0},
                       {"a3", "rook", 0},
                       {"c6", "cannon", 1},
                       {"f6", "king", 1}});
  EXPECT_TRUE(in_check(pos, 0));
  // Out of check: the king leaves the file (not to c2, still beyond the screen),
  // the screen leaves it or takes the cannon, or a second piece stands between.
  EXPECT_EQ(legal(pos), (Moves{"c1-b1", "c1-d1", "c1-b2", "c1-d2", "c4-a4", "c4-b4", "c4-d4",
                               "c4-e4", "c4-f4", "c4-c6", "a3-c3"}));
  ASSERT_TRUE(play(pos, "a3-c3"));
  EXPECT_FALSE(in_check(pos, 0));
}

TEST(ShapeScreen, AMoveThatMakesAScreenGivesOrLeavesCheck) {
  auto r = load("screen_make", grid_game(6, 6, kCheckPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  // White may not put a screen between its king and the cannon.
  auto own =
      board(r, {{"c1", "king", 0}, {"a4", "rook", 0}, {"c6", "cannon", 1}, {"f6", "king", 1}});
  EXPECT_FALSE(in_check(own, 0));
  EXPECT_EQ(legal_from(own, "a4"), (Moves{"a4-a1", "a4-a2", "a4-a3", "a4-a5", "a4-a6", "a4-b4",
                                          "a4-d4", "a4-e4", "a4-f4"}));
  // Black gives check by putting its own rook between.
  auto theirs =
      board(r, {{"c1", "king", 0}, {"a5", "rook", 1}, {"c6", "cannon", 1}, {"f6", "king", 1}}, 1);
  ASSERT_TRUE(play(theirs, "a5-c5"));
  EXPECT_TRUE(in_check(theirs, 0));
  EXPECT_EQ(legal(theirs), (Moves{"c1-b1", "c1-d1", "c1-b2", "c1-d2"}));
}

// The janggi cannon: it moves and captures over a screen that is not a cannon,
// and never captures a cannon.
const char* kJanggiPieces = R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "cannon", symbol = "C", cannot_capture = "cannon",
            moves = { screen { dirs = "orthogonal", not_over = "cannon" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";

TEST(ShapeScreen, NotOverKeepsATypeFromServingAsTheScreen) {
  auto r = load("screen_not_over", grid_game(7, 7, kJanggiPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  // North: its own cannon on d5 is no screen. South: over its rook on d3 to d2,
  // not onto the enemy cannon on d1. East: over the rook on f4 onto the rook on
  // g4. West: the enemy cannon on c4 is no screen.
  auto pos = board(r, {{"d4", "cannon", 0},
                       {"d5", "cannon", 0},
                       {"d3", "rook", 0},
                       {"d1", "cannon", 1},
                       {"f4", "rook", 1},
                       {"g4", "rook", 1},
                       {"c4", "cannon", 1},
                       {"a1", "king", 0},
                       {"g7", "king", 1}});
  EXPECT_EQ(legal_from(pos, "d4"), (Moves{"d4-d2", "d4-g4"}));
}

TEST(ShapeScreen, ACannonWhoseOnlyScreenIsACannonGivesNoCheck) {
  auto r = load("screen_not_over_check", grid_game(6, 6, kJanggiPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  auto over_cannon =
      board(r, {{"c1", "king", 0}, {"c4", "cannon", 0}, {"c6", "cannon", 1}, {"f6", "king", 1}});
  EXPECT_FALSE(in_check(over_cannon, 0));
  EXPECT_FALSE(is_attacked(over_cannon, r->topology.find("c2"), 0, r->type_index("king")));
  // So the king may step to c2, beyond the cannon on c4.
  EXPECT_EQ(legal_from(over_cannon, "c1"), (Moves{"c1-b1", "c1-d1", "c1-b2", "c1-c2", "c1-d2"}));
  auto over_rook =
      board(r, {{"c1", "king", 0}, {"c4", "rook", 0}, {"c6", "cannon", 1}, {"f6", "king", 1}});
  EXPECT_TRUE(in_check(over_rook, 0));
  EXPECT_EQ(legal_from(over_rook, "c1"), (Moves{"c1-b1", "c1-d1", "c1-b2", "c1-d2"}));
}

TEST(ShapeScreen, APieceIsStuckWhereNoSiteLiesBeyondAScreen) {
  // drop { stuck = false }: only where a screen and a site beyond it fit ahead.
  auto r = load("screen_stuck", R"(return game {
  title = "t",
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "rider", symbol = "P", moves = { screen { dirs = "n" } },
                     drop = { stuck = false } } },
  hand = { white = { rider = 1 } },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(legal(pos), (Moves{"rider@a1", "rider@b1", "rider@c1"}));
}

// ---- lame leaps --------------------------------------------------------------

const char* kLamePieces = R"(
    piece { name = "horse", symbol = "H", moves = { leap { offsets = { { 1, 2 } }, lame = true } } },
    piece { name = "elephant", symbol = "E", moves = { leap { offsets = { { 2, 2 } }, lame = true } } },
    piece { name = "diag", symbol = "D",
            moves = { leap { offsets = { { 1, 2 } }, via = { { 1, 1 } } } } },
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)";

TEST(ShapeLame, AHorseIsBlockedOnItsLeg) {
  auto r = load("lame_horse", grid_game(5, 5, kLamePieces));
  ASSERT_TRUE(r);
  auto pos =
      board(r, {{"c3", "horse", 0}, {"c4", "rook", 0}, {"b3", "rook", 1}, {"e4", "rook", 1}});
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-b1", "c3-d1", "c3-e2", "c3-e4"}));
}

TEST(ShapeLame, AnElephantIsBlockedOnItsEye) {
  auto r = load("lame_elephant", grid_game(5, 5, kLamePieces));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c3", "elephant", 0}, {"d4", "rook", 1}});
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-a1", "c3-e1", "c3-a5"}));
}

TEST(ShapeLame, ViaNamesTheBlockingSiteTurnedWithEachLeap) {
  auto r = load("lame_via", grid_game(5, 5, kLamePieces));
  ASSERT_TRUE(r);
  // (1, 2) and (2, 1) both pass d4, the diagonal neighbour towards them.
  auto pos = board(r, {{"c3", "diag", 0}, {"d4", "rook", 0}});
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-b5", "c3-a4", "c3-a2", "c3-b1", "c3-d1", "c3-e2"}));
}

TEST(ShapeLame, AHorseWhoseLegIsBlockedGivesNoCheck) {
  auto r = load("lame_check", grid_game(5, 5, kLamePieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  auto blocked =
      board(r, {{"c1", "king", 0}, {"d2", "rook", 0}, {"d3", "horse", 1}, {"e5", "king", 1}});
  EXPECT_FALSE(in_check(blocked, 0));
  // The rook on the leg may only take the horse: anywhere else it uncovers the check.
  EXPECT_EQ(legal_from(blocked, "d2"), Moves{"d2-d3"});
  auto open = board(r, {{"c1", "king", 0}, {"d3", "horse", 1}, {"e5", "king", 1}});
  EXPECT_TRUE(in_check(open, 0));
}

// ---- royals that may not face each other ---------------------------------------

const char* kFacingPieces = R"(
    piece { name = "king", symbol = "K", royal = true, facing = "orthogonal",
            moves = { step { dirs = "all" } } },
    piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },)";

TEST(ShapeFacing, APieceBetweenFacingRoyalsMayOnlyMoveAlongTheLine) {
  auto r = load("facing", grid_game(5, 5, kFacingPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"c1", "king", 0}, {"c3", "wazir", 0}, {"c5", "king", 1}});
  EXPECT_EQ(legal(pos), (Moves{"c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-d2", "c3-c2", "c3-c4"}));
}

TEST(ShapeFacing, ARoyalMayNotStepOntoAnOpenLineWithTheOther) {
  auto r = load("facing_step", grid_game(5, 5, kFacingPieces, kCheckEnds, kKings));
  ASSERT_TRUE(r);
  auto pos = board(r, {{"b1", "king", 0}, {"c5", "king", 1}});
  EXPECT_EQ(legal(pos), (Moves{"b1-a1", "b1-a2", "b1-b2"}));
  EXPECT_EQ(perft(pos, 1), 3u);
}

// ---- castling partners and dropped pieces ---------------------------------------

std::string castle_game(const std::string& castles, const std::string& setup,
                        const std::string& more = "") {
  return grid_game(10, 8,
                   R"(
    piece { name = "king", symbol = "K", royal = true, track_moved = true,
            moves = { step { dirs = "all" }, )" +
                       castles + R"( } },
    piece { name = "rook", symbol = "R", track_moved = true, drop = true,
            moves = { slide { dirs = "orthogonal" } } },)",
                   std::string(kCheckEnds) + more, setup);
}

// The castling moves of the piece on site.
Moves castles_from(Position& pos, const std::string& site) {
  Moves out;
  for (const std::string& m : legal_from(pos, site))
    if (m.find('+') != std::string::npos) out.insert(m);
  return out;
}

TEST(ShapeCastle, APartnerSiteNamesTheRookThatCastles) {
  const std::string setup =
      "{ white = { king = \"f1\", rook = \"a1 h1 j1\" }, black = { king = \"f8\", rook = \"j8\" } "
      "}";
  // Without a partner site the nearest unmoved rook castles (h1); with one, only
  // the rook on that site, here j1, which h1 stands in front of.
  auto nearest = load("castle_nearest",
                      castle_game(R"(castle { dir = "e", steps = 2, with = "rook" })", setup));
  ASSERT_TRUE(nearest);
  Position a(nearest);
  EXPECT_EQ(castles_from(a, "f1"), Moves{"f1-h1+h1-g1"});
  auto named = load("castle_named",
                    castle_game(R"(castle { dir = "e", steps = 3, with = "rook", partner = "j1" },
                                   castle { dir = "w", steps = 3, with = "rook", partner = "a1" })",
                                setup));
  ASSERT_TRUE(named);
  Position b(named);
  EXPECT_EQ(castles_from(b, "f1"), Moves{"f1-c1+a1-d1"});
  // Black's partner site is j1 mirrored, j8 (the rook on h1, which would attack
  // h8, taken off).
  Position c(named);
  c.set_site(named->topology.find("h1"), kEmpty, 0);
  c.set_to_move(1);
  EXPECT_EQ(castles_from(c, "f8"), Moves{"f8-i8+j8-h8"});
}

TEST(ShapeCastle, ADroppedPieceHasMovedAndNeverCastles) {
  auto r =
      load("castle_drop", castle_game(R"(castle { dir = "e", steps = 2, with = "rook" })",
                                      "{ white = { king = \"e1\" }, black = { king = \"a8\" } }",
                                      "\n  hand = { white = { rook = 1 } },"));
  ASSERT_TRUE(r);
  Position pos(r);
  ASSERT_TRUE(play(pos, "rook@h1"));
  EXPECT_TRUE(pos.flags(r->topology.find("h1")) & kFlagMoved);
  ASSERT_TRUE(play(pos, "a8-a7"));
  EXPECT_EQ(castles_from(pos, "e1"), Moves{});
  // The same rook set on h1 unmoved castles.
  auto set = board(r, {{"e1", "king", 0}, {"h1", "rook", 0}, {"a7", "king", 1}});
  EXPECT_EQ(castles_from(set, "e1"), Moves{"e1-g1+h1-f1"});
}

// ---- descriptions in words ---------------------------------------------------------

TEST(ShapeDescribe, EachShapeIsSaidInWords) {
  auto r = bundled("chess/xiangqi");
  ASSERT_TRUE(r);
  auto lines = [&](const char* piece) {
    std::string all;
    for (const std::string& l : describe_piece(*r, r->type_index(piece))) all += l + "\n";
    return all;
  };
  EXPECT_NE(lines("cannon").find("moves orthogonally over exactly one piece of either side, "
                                 "landing any distance beyond it, not over a second piece, only "
                                 "to capture"),
            std::string::npos)
      << lines("cannon");
  auto janggi = load("screen_words", grid_game(6, 6, kJanggiPieces, kCheckEnds, kKings));
  ASSERT_TRUE(janggi);
  std::string cannon;
  for (const std::string& l : describe_piece(*janggi, janggi->type_index("cannon")))
    cannon += l + "\n";
  EXPECT_NE(cannon.find("not over a second piece; the screen may not be a cannon"),
            std::string::npos)
      << cannon;
  EXPECT_NE(lines("horse").find("leaps to (1,2) in any direction, blocked by a piece on the "
                                "adjacent orthogonal square"),
            std::string::npos)
      << lines("horse");
  EXPECT_NE(lines("general").find("may not face an enemy royal piece orthogonally"),
            std::string::npos)
      << lines("general");
  auto capablanca = bundled("chess/capablanca");
  ASSERT_TRUE(capablanca);
  std::string king;
  for (const std::string& l : describe_piece(*capablanca, capablanca->type_index("king")))
    king += l + "\n";
  EXPECT_NE(king.find("castles with the rook on j1 (for white): 3 squares toward the east"),
            std::string::npos)
      << king;
}

// ---- bad scripts -----------------------------------------------------------------

TEST(ShapeErrors, BadShapesNameTheirLine) {
  expect_located(load_error("bad_screen", grid_game(5, 5, R"(
    piece { name = "cannon", symbol = "C", moves = { screen { mode = "capture" } } },)")),
                 "bad_screen.lua:6", "screen needs dirs");
  expect_located(load_error("bad_via", grid_game(5, 5, R"(
    piece { name = "horse", symbol = "H",
            moves = { leap { offsets = { { 1, 2 }, { 2, 2 } }, via = { { 0, 1 } } } } },)")),
                 "bad_via.lua:7", "exactly one offset");
  expect_located(load_error("bad_facing", grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", facing = "orthogonal", moves = { step { dirs = "all" } } },)")),
                 "bad_facing.lua:6", "facing is for royal pieces");
  expect_located(load_error("bad_lame", grid_game(5, 5, R"(
    piece { name = "horse", symbol = "H",
            moves = { leap { offsets = { { 1000000, 1 } }, lame = true } } },)")),
                 "bad_lame.lua:7", "a lame leap passes more than 12 sites");
  expect_located(load_error("bad_partner", grid_game(5, 5, R"(
    piece { name = "king", symbol = "K", royal = true, track_moved = true,
            moves = { castle { dir = "e", with = "king", partner = "z9" } } },)")),
                 "bad_partner.lua:7", "no site named 'z9'");
  expect_located(load_error("bad_not_over", grid_game(5, 5, R"(
    piece { name = "cannon", symbol = "C",
            moves = { screen { dirs = "orthogonal", not_over = "ghost" } } },)")),
                 "bad_not_over.lua:7", "no piece named 'ghost'");
}

}  // namespace
}  // namespace regula
