// The hand-and-drop vocabulary, one element at a time, in tiny scripts: captures
// to hand and what a piece goes back as, drop restrictions, promotion by where a
// move starts or ends and where it is forced, and the position strings and UCI
// texts that carry them. Each asserts the exact legal moves (UCI texts) of a
// position, or the hands after a move.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/turns.h"
#include "notation/describe.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula {
namespace {

using namespace test_support;
using Moves = std::set<std::string>;

Moves moves(Position& pos) {
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  const auto texts = uci::uci_texts(pos, turns);
  return Moves(texts.begin(), texts.end());
}

void play(Position& pos, const std::string& text) {
  auto t = uci::parse_uci(pos, text);
  ASSERT_TRUE(t) << t.error().text();
  for (const Move& m : t->steps) {
    Undo u;
    pos.make(m, u);
  }
}

int hand(const Position& pos, int seat, const char* type) {
  return pos.hand(static_cast<SeatId>(seat), pos.rules().type_index(type));
}

const char* const kToHand = R"(return game {
  title = "to hand",
  board = grid { width = 4, height = 4 },
  position = "fen",
  captures_to_hand = true,
  regions = { last = { rank = 4 } },
  pieces = {
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } }, drop = true,
            promotion = { zone = "last", to = { "queen" }, mark = true } },
    piece { name = "queen", symbol = "Q", moves = { step { dirs = "all" } }, drop = true },
    piece { name = "rook", symbol = "R", moves = { step { dirs = "orthogonal" } }, drop = true },
    piece { name = "dragon", symbol = "+R", demotes_to = "rook", moves = { step { dirs = "all" } } },
  },
  setup = { white = { pawn = "a3", queen = "d1" }, black = { queen = "b4 c3", dragon = "c2" } },
  ends = { no_moves = "draw" },
})";

TEST(HandsCapture, ACapturedPieceJoinsTheCapturersHandAsWhatItWasPromotedFrom) {
  auto r = load("to_hand", kToHand);
  ASSERT_TRUE(r);
  Position pos(r);
  play(pos, "a3a4q");  // a queen made from a pawn: marked
  EXPECT_EQ(write_position(pos), "Q~q2/2q1/2+r1/3Q[] b - - 1 1");
  play(pos, "b4a4");  // it goes back as a pawn
  EXPECT_EQ(hand(pos, 1, "pawn"), 1);
  EXPECT_EQ(hand(pos, 1, "queen"), 0);
  play(pos, "d1c2");  // the dragon goes back as a rook (demotes_to)
  EXPECT_EQ(hand(pos, 0, "rook"), 1);
  play(pos, "c3c2");  // an original queen goes back as a queen
  EXPECT_EQ(hand(pos, 1, "queen"), 1);
  EXPECT_EQ(write_position(pos), "q3/4/2q1/4[Rpq] w - - 0 3 captured=1,2");
  // White has only its rook in hand, to drop on any of the 14 empty squares.
  const Moves m = moves(pos);
  EXPECT_EQ(m.count("R@d4"), 1u);
  EXPECT_EQ(m.size(), 14u);
}

TEST(HandsCapture, PositionStringsCarryHandsAndTheMarkBothWays) {
  auto r = load("to_hand", kToHand);
  ASSERT_TRUE(r);
  auto pos = read_position(r, "Q~q2/4/4/2+r1[Rp] b - - 0 1");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(hand(*pos, 0, "rook"), 1);
  EXPECT_EQ(hand(*pos, 1, "pawn"), 1);
  EXPECT_EQ(write_position(*pos), "Q~q2/4/4/2+r1[Rp] b - - 0 1");
  EXPECT_EQ(pos->hash(), pos->compute_hash());
  // The mark is part of the position: the same board without it is another.
  auto plain = read_position(r, "Qq2/4/4/2+r1[Rp] b - - 0 1");
  ASSERT_TRUE(plain);
  EXPECT_NE(pos->hash(), plain->hash());
  // Taking the marked queen gives black a pawn, the plain one a queen; unmade,
  // each position is as it was, hash included.
  for (Position* p : {&*pos, &*plain}) {
    const Position before = *p;
    auto t = uci::parse_uci(*p, "b4a4");
    ASSERT_TRUE(t) << t.error().text();
    Undo u;
    p->make(t->steps[0], u);
    EXPECT_EQ(hand(*p, 1, "pawn"), p == &*pos ? 2 : 1);
    EXPECT_EQ(hand(*p, 1, "queen"), p == &*pos ? 0 : 1);
    EXPECT_EQ(p->hash(), p->compute_hash());
    p->unmake(t->steps[0], u);
    EXPECT_TRUE(*p == before);
    EXPECT_EQ(p->hash(), before.hash());
  }
}

// A game that deals pieces into hands caps a seat's pieces at what it was
// dealt, unless captures bring it more.
TEST(HandsCapture, CapturedPiecesMayOutnumberWhatASeatWasDealt) {
  const std::string text = R"(return game {
  title = "dealt",
  board = grid { width = 3, height = 3 },
  position = "fen",%s
  pieces = { piece { name = "stone", symbol = "S", drop = true, moves = { step { dirs = "all" } } } },
  hand = { white = { stone = 1 }, black = { stone = 1 } },
  ends = { no_moves = "draw" },
})";
  char plain[1024], to_hand[1024];
  std::snprintf(plain, sizeof plain, text.c_str(), "");
  std::snprintf(to_hand, sizeof to_hand, text.c_str(), "\n  captures_to_hand = true,");
  auto a = load("dealt_plain", plain);
  auto b = load("dealt_to_hand", to_hand);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(read_position(a, "3/3/3[SS] w - - 0 1"));
  auto pos = read_position(b, "3/3/3[SS] w - - 0 1");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(hand(*pos, 0, "stone"), 2);
}

// A piece that could never move again is not dropped there; nor a pawn on a
// file that holds an own pawn.
TEST(HandsDrop, StuckSquaresAndFilesWithAnOwnPawnAreClosed) {
  auto r = load("drop_limits", R"(return game {
  title = "drop limits",
  board = grid { width = 3, height = 3 },
  pieces = {
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } },
            drop = { stuck = false, file_free_of = "pawn" } },
    piece { name = "knight", symbol = "N", drop = { stuck = false },
            moves = { leap { offsets = { { 1, 2 }, { -1, 2 } }, symmetric = false } } },
  },
  hand = { white = { pawn = 1, knight = 1 }, black = { pawn = 1 } },
  setup = { white = { pawn = "a1" } },
  ends = { no_moves = "draw" },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  // Pawn: not rank 3 (stuck), not the a-file; knight: only rank 1 (two ahead exists).
  EXPECT_EQ(moves(pos), (Moves{"a1a2", "P@b1", "P@b2", "P@c1", "P@c2", "N@b1", "N@c1"}));
  // Black's pawn goes south: its stuck rank is rank 1, and the a-file is open to it.
  pos.set_to_move(1);
  EXPECT_EQ(moves(pos), (Moves{"P@a2", "P@a3", "P@b2", "P@b3", "P@c2", "P@c3"}));
}

const char* const kMateDrop = R"(return game {
  title = "mate by drop",
  board = grid { width = 3, height = 4 },
  pieces = {
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } },
            drop = { mate = false } },
    piece { name = "gold", symbol = "G", moves = { step { dirs = "all" } } },
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
  },
  hand = { white = { pawn = 1 } },
  setup = { white = { king = "c1" }, black = { king = "a4" } },
  ends = { check = true },
})";

TEST(HandsDrop, APawnDropThatMatesIsIllegalOneThatChecksIsNot) {
  auto r = load("mate_drop", kMateDrop);
  ASSERT_TRUE(r);
  // Golds on b2 (guarding a3 and b3) and c3 (b3 and b4): P@a3 would mate.
  Position mate =
      board(r, {{"b2", "gold", 0}, {"c3", "gold", 0}, {"c1", "king", 0}, {"a4", "king", 1}});
  mate.set_hand(0, r->type_index("pawn"), 1);
  const Moves m = moves(mate);
  EXPECT_EQ(m.count("P@a3"), 0u);
  EXPECT_EQ(m.count("P@b3"), 1u);
  // Drops on the 8 empty squares but a3; 6 steps of the gold on b2, 4 of the one
  // on c3, 2 of the king on c1.
  EXPECT_EQ(m.size(), 7u + 6u + 4u + 2u);
  // Without the gold on c3 the king escapes to b4: the checking drop is legal.
  Position check = board(r, {{"b2", "gold", 0}, {"c1", "king", 0}, {"a4", "king", 1}});
  check.set_hand(0, r->type_index("pawn"), 1);
  EXPECT_EQ(moves(check).count("P@a3"), 1u);
  // A pawn that moves to give the same mate is legal.
  Position moved = board(r, {{"a2", "pawn", 0},
                             {"b2", "gold", 0},
                             {"c3", "gold", 0},
                             {"c1", "king", 0},
                             {"a4", "king", 1}});
  EXPECT_EQ(moves(moved).count("a2a3"), 1u);
  Undo u;
  auto t = uci::parse_uci(moved, "a2a3");
  ASSERT_TRUE(t);
  moved.make(t->steps[0], u);
  MoveList replies;
  legal_moves(moved, replies);
  EXPECT_TRUE(replies.empty());  // it is mate
}

const char* const kZone = R"(return game {
  title = "zones",
  board = grid { width = 1, height = 5 },
  regions = { zone = { ranks = { 4, 5 } } },
  pieces = {
    piece { name = "man", symbol = "M", moves = { step { dirs = "forward backward" } },
            promotion = { zone = "zone", to = { "king" }, optional = true, on = "%s" } },
    piece { name = "king", symbol = "K", moves = { step { dirs = "all" } } },
  },
  setup = { white = { man = "%s" } },
  ends = { no_moves = "draw" },
})";

Moves zone_moves(const std::string& on, const std::string& at) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, kZone, on.c_str(), at.c_str());
  auto r = load("zone_" + on + "_" + at, buf);
  if (!r) return {};
  Position pos(r);
  return moves(pos);
}

TEST(HandsPromotion, TheZoneCatchesMovesByWhereTheyStartAndEnd) {
  // From a4 (in the zone): to a5 stays within it, to a3 leaves it.
  EXPECT_EQ(zone_moves("arrive", "a4"), (Moves{"a4a5", "a4a5k", "a4a3"}));
  EXPECT_EQ(zone_moves("within", "a4"), (Moves{"a4a5", "a4a5k", "a4a3"}));
  EXPECT_EQ(zone_moves("leave", "a4"), (Moves{"a4a5", "a4a3", "a4a3k"}));
  EXPECT_EQ(zone_moves("enter", "a4"), (Moves{"a4a5", "a4a3"}));
  EXPECT_EQ(zone_moves("any", "a4"), (Moves{"a4a5", "a4a5k", "a4a3", "a4a3k"}));
  // From a3 (outside): to a4 enters it.
  EXPECT_EQ(zone_moves("enter", "a3"), (Moves{"a3a4", "a3a4k", "a3a2"}));
  EXPECT_EQ(zone_moves("leave", "a3"), (Moves{"a3a4", "a3a2"}));
  EXPECT_EQ(zone_moves("arrive", "a3"), (Moves{"a3a4", "a3a4k", "a3a2"}));
}

TEST(HandsPromotion, AnOptionalPromotionIsForcedWhereThePieceWouldBeStuckOrInARegion) {
  auto r = load("forced", R"(return game {
  title = "forced",
  board = grid { width = 2, height = 5 },
  uci_promotion = "+",
  regions = { zone = { ranks = { 3, 4, 5 } }, top = { rank = 5 }, four = { rank = 4 } },
  pieces = {
    piece { name = "lance", symbol = "L", moves = { slide { dirs = "forward" } },
            promotion = { zone = "zone", to = { "gold" }, optional = true, forced = "stuck" } },
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward" } },
            promotion = { zone = "zone", to = { "gold" }, optional = true, forced = "four" } },
    piece { name = "gold", symbol = "G", moves = { step { dirs = "all" } } },
  },
  setup = { white = { lance = "a2", pawn = "b3" } },
  ends = { no_moves = "draw" },
})");
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(moves(pos), (Moves{"a2a3", "a2a3+", "a2a4", "a2a4+", "a2a5+", "b3b4+"}));
}

TEST(HandsDescribe, TheVocabularyIsDescribedInWords) {
  auto shogi = bundled("shogi/shogi");
  ASSERT_TRUE(shogi);
  const auto pawn = describe_piece(*shogi, shogi->type_index("pawn"));
  EXPECT_EQ(pawn, (std::vector<std::string>{
                      "steps one square forward; captures the same way",
                      "is dropped from the hand on an empty square, not where it could never "
                      "move, not on a file with an own pawn, not to give mate at once",
                      "may promote to tokin on a move that starts or ends in zone, and must "
                      "where it could never move again"}));
  const auto dragon = describe_piece(*shogi, shogi->type_index("dragon"));
  EXPECT_EQ(dragon.back(), "captured, goes to the capturer's hand as a rook");
  auto zh = bundled("chess/crazyhouse");
  ASSERT_TRUE(zh);
  const auto queen = describe_piece(*zh, zh->type_index("queen"));
  EXPECT_EQ(queen.back(), "captured after promoting, goes to the capturer's hand as a pawn");
}

TEST(HandsErrors, BadFieldsAreErrorsNamingTheLine) {
  auto err = [](const std::string& name, const std::string& piece, const std::string& extra) {
    return load_error(name,
                      "return game {\n  title = \"bad\",\n  board = grid { width = 3, "
                      "height = 3 },\n  regions = { z = { rank = 3 } },\n  pieces = {\n" +
                          piece +
                          "\n    piece { name = \"k\", symbol = \"K\", royal = true } },\n"
                          "  setup = { white = { k = \"a1\" } },\n" +
                          extra + "}\n");
  };
  auto e = err("bad_demote", "    piece { name = \"p\", symbol = \"P\", demotes_to = \"x\" },", "");
  EXPECT_NE(e.text().find("bad_demote.lua:6: no piece named 'x'"), std::string::npos) << e.text();
  e = err("bad_on",
          "    piece { name = \"p\", symbol = \"P\", promotion = { zone = \"z\", to = { \"k\" }, "
          "on = \"sideways\" } },",
          "");
  EXPECT_NE(e.text().find("bad_on.lua:6: promotion.on must be"), std::string::npos) << e.text();
  e = err("bad_forced",
          "    piece { name = \"p\", symbol = \"P\", promotion = { zone = \"z\", to = { \"k\" }, "
          "forced = \"stuck\" } },",
          "");
  EXPECT_NE(e.text().find("bad_forced.lua:6: promotion.forced is for optional"), std::string::npos)
      << e.text();
  e = err("bad_file",
          "    piece { name = \"p\", symbol = \"P\", drop = { file_free_of = \"q\" } },", "");
  EXPECT_NE(e.text().find("bad_file.lua:6: no piece named 'q'"), std::string::npos) << e.text();
  e = err("bad_mate", "    piece { name = \"p\", symbol = \"P\", drop = { mate = false } },", "");
  EXPECT_NE(e.text().find("bad_mate.lua:6: drop.mate = false needs ends.check"), std::string::npos)
      << e.text();
  e = err("bad_drop", "    piece { name = \"p\", symbol = \"P\", drop = { nifu = true } },", "");
  EXPECT_NE(e.text().find("unknown field 'nifu' in drop"), std::string::npos) << e.text();
  e = err("bad_region",
          "    piece { name = \"p\", symbol = \"P\", promotion = { zone = \"z\", to = { \"k\" }, "
          "optional = true, forced = \"nowhere\" } },",
          "");
  EXPECT_NE(e.text().find("promotion.forced must be \"stuck\" or a region's name, not 'nowhere'"),
            std::string::npos)
      << e.text();
  e = err("bad_marks",
          "    piece { name = \"p\", symbol = \"P\", promotion = { zone = \"z\", to = { \"q\" }, "
          "mark = true } },\n    piece { name = \"s\", symbol = \"S\", promotion = { zone = \"z\", "
          "to = { \"q\" }, mark = true } },\n    piece { name = \"q\", symbol = \"Q\" },",
          "");
  EXPECT_NE(e.text().find("pieces 'p' and 's' both promote with mark = true to 'q'"),
            std::string::npos)
      << e.text();
  e = err("bad_uci", "    piece { name = \"p\", symbol = \"P\" },", "  uci_promotion = \"\",\n");
  EXPECT_NE(e.text().find("uci_promotion must be 1 to 4 characters"), std::string::npos)
      << e.text();
}

}  // namespace
}  // namespace regula
