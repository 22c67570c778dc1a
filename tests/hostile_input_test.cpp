// Hostile input at the library's boundaries: position strings, move text and
// game records from anywhere, and scripts whose capture chains or turns would
// run away. Each must end with an error naming where and what (checked by its
// exact words), or be accepted; never a crash, a hang or silent truncation.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/perft.h"
#include "core/rule_error.h"
#include "core/turns.h"
#include "notation/input_limits.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

using test_support::load;
using test_support::Rules;

Rules chess() {
  static auto rules = script::load_rules("chess/orthodox");
  EXPECT_TRUE(rules) << rules.error().text();
  return *rules;
}

// Three seats, dice, hands, a counter, a once-per-game flag and a promotion
// stage: every field of the generic position string.
Rules kitchen() {
  static auto rules = script::load_rules(REGULA_TEST_DATA "/hostile/games/kitchen.lua");
  EXPECT_TRUE(rules) << rules.error().text();
  return *rules;
}

const char* const kKitchen = "5/4(bK)/2(gP)2/5/(rP)4 red";

// The error of a position string that must be refused.
std::string refusal(const Rules& rules, const std::string& text) {
  auto pos = read_position(rules, text);
  EXPECT_FALSE(pos) << "accepted: " << text.substr(0, 200);
  return pos ? std::string() : pos.error().text();
}

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

// --- position strings --------------------------------------------------------------

TEST(HostilePosition, EmptyRunsAreReadWithinTheRank) {
  const std::string rest = "/8/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(refusal(chess(), "99999999999p" + rest),
            "position: rank 8: an empty run must be a number from 1 to 8, not '99999999999'");
  EXPECT_EQ(refusal(chess(), "0k7" + rest),
            "position: rank 8: an empty run must be a number from 1 to 8, not '0'");
  EXPECT_EQ(refusal(chess(), "9" + rest),
            "position: rank 8: an empty run must be a number from 1 to 8, not '9'");
  EXPECT_EQ(refusal(chess(), "4k4" + rest), "position: rank 8 has more than 8 squares");
  EXPECT_EQ(refusal(chess(), "kkkkkkkkk" + rest), "position: rank 8 has more than 8 squares");
  std::string runs;
  for (int i = 0; i < 50000; ++i) runs += "1p";
  EXPECT_EQ(refusal(chess(), runs + rest), "position: rank 8 has more than 8 squares");
}

TEST(HostilePosition, ClocksAndCountersAreRangeChecked) {
  const std::string board = "4k3/8/8/8/8/8/8/4K3 w - - ";
  EXPECT_EQ(refusal(chess(), board + "-1 1"),
            "position: the halfmove clock must be a number from 0 to 1000000000, not '-1'");
  EXPECT_EQ(refusal(chess(), board + "2147483648 1"),
            "position: the halfmove clock must be a number from 0 to 1000000000, not "
            "'2147483648'");
  EXPECT_EQ(refusal(chess(), board + "0 0"),
            "position: the fullmove number must be a number from 1 to 500000001, not '0'");
  EXPECT_EQ(refusal(chess(), board + "0 1500000000"),
            "position: the fullmove number must be a number from 1 to 500000001, not "
            "'1500000000'");
  EXPECT_EQ(refusal(chess(), board + "0 1 ply=-5"),
            "position: ply must be a number from 0 to 1000000000, not '-5'");
  EXPECT_EQ(refusal(chess(), board + "0 1 passes=99999999999"),
            "position: passes must be a number from 0 to 1000000000, not '99999999999'");
  EXPECT_EQ(refusal(chess(), board + "0 1 captured=-1,0"),
            "position: captured of white must be a number from 0 to 1000000000, not '-1'");
  EXPECT_EQ(refusal(chess(), board + "0 1 captured=1"),
            "position: 'captured' needs one value per seat, 2 in all");
  std::string k = kKitchen;
  EXPECT_EQ(refusal(kitchen(), k + " gold=1,2,-2147483649"),
            "position: gold of blue must be a number from -1000000000 to 1000000000, not "
            "'-2147483649'");
  // The bounds themselves are accepted, and written back as they were read.
  for (const std::string& ok : {board + "1000000000 500000001", board + "0 1 ply=1000000000",
                                board + "0 1 captured=1000000000,0"}) {
    auto pos = read_position(chess(), ok);
    ASSERT_TRUE(pos) << pos.error().text();
    auto back = read_position(chess(), write_position(*pos));
    ASSERT_TRUE(back) << back.error().text();
    EXPECT_TRUE(*back == *pos) << ok;
  }
  auto gold = read_position(kitchen(), k + " gold=-1000000000,0,1000000000");
  ASSERT_TRUE(gold) << gold.error().text();
  EXPECT_EQ(gold->counter(2, 2), 1000000000);
}

TEST(HostilePosition, HandsAreBounded) {
  std::string k = kKitchen;
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=pawn:10001"),
            "position: hand.red count of pawn must be a number from 0 to 10000, not '10001'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=pawn:-1"),
            "position: hand.red count of pawn must be a number from 0 to 10000, not '-1'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=rook:1"),
            "position: bad hand item 'rook:1' (type:count)");
  EXPECT_EQ(refusal(kitchen(), k + " hand.nobody=pawn:1"),
            "position: unknown seat in 'hand.nobody'");
  auto full = read_position(kitchen(), k + " hand.red=pawn:10000");
  ASSERT_TRUE(full) << full.error().text();
  EXPECT_EQ(full->hand(0, 0), 10000);
  // FEN's [hand] counts piece by piece.
  const std::string tail = "] w - - 0 1";
  auto fen = read_position(chess(), "4k3/8/8/8/8/8/8/4K3[" + std::string(10000, 'P') + tail);
  ASSERT_TRUE(fen) << fen.error().text();
  EXPECT_EQ(fen->hand(0, chess()->type_index("pawn")), 10000);
  EXPECT_EQ(refusal(chess(), "4k3/8/8/8/8/8/8/4K3[" + std::string(10001, 'P') + tail),
            "position: the hand holds more than 10000 pawn of white");
}

TEST(HostilePosition, DiceStagesSeatsAndEndsAreChecked) {
  std::string k = kKitchen;
  EXPECT_EQ(refusal(kitchen(), k + " roll=4"), "position: roll '4': '4' is not a face of the die");
  EXPECT_EQ(refusal(kitchen(), k + " roll=99999999999"),
            "position: roll '99999999999': '99999999999' is not a face of the die");
  EXPECT_EQ(refusal(kitchen(), k + " roll=1+1+1"),
            "position: roll '1+1+1' has more dice than the 2 thrown at a time");
  EXPECT_EQ(refusal(chess(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 roll=1"),
            "position: 'roll=1', but this game has no dice");
  EXPECT_EQ(refusal(kitchen(), k + " left=red:0:1"),
            "position: left ply of red must be a number from 1 to 1000000001, not '0'");
  EXPECT_EQ(refusal(kitchen(), k + " left=red:99999999999:1"),
            "position: left ply of red must be a number from 1 to 1000000001, not "
            "'99999999999'");
  EXPECT_EQ(refusal(kitchen(), k + " left=red:5:99"),
            "position: left reason of red must be a number from -1 to 2, not '99'");
  EXPECT_EQ(refusal(kitchen(), k + " end=1:red"),
            "position: bad end '1:red' (capture rule 0 to 0:seat)");
  EXPECT_EQ(refusal(kitchen(), k + " end=-1:red"),
            "position: bad end '-1:red' (capture rule 0 to 0:seat)");
  EXPECT_EQ(refusal(kitchen(), k + " flags=a1{nope}"), "position: unknown piece flag 'nope'");
  // A pending promotion is about a piece that can promote.
  EXPECT_EQ(refusal(kitchen(), k + " stage=promotion:red:a5"),
            "position: stage promotion: no piece that promotes on a5");
  EXPECT_EQ(refusal(kitchen(), k + " stage=promotion:red:e4"),
            "position: stage promotion: no piece that promotes on e4");
  EXPECT_EQ(refusal(kitchen(), "5/4(bK)/2(gP)2/5/(rP)4 green stage=promotion:red"),
            "position: stage 'promotion:red' needs the site of the piece that promotes");
  EXPECT_TRUE(read_position(kitchen(), "(rP)4/4(bK)/2(gP)2/5/5 red stage=promotion:red:a5"));
  // Play goes on from the seat to move: it must be in play.
  EXPECT_EQ(refusal(kitchen(), "5/4(bK)/2(gP)2/5/(rP)4 green out=green"),
            "position: the seat to move, green, is out of play (out, or frozen with no "
            "commander in play)");
  EXPECT_EQ(refusal(kitchen(), k + " frozen=red"),
            "position: the seat to move, red, is out of play (out, or frozen with no "
            "commander in play)");
  EXPECT_TRUE(read_position(kitchen(), k + " frozen=red control=red:green"));
}

TEST(HostilePosition, CastlingLettersAndPointSitesCannotRepeat) {
  EXPECT_EQ(refusal(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1"),
            "position: castling field repeats 'K'");
  EXPECT_EQ(refusal(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w " + std::string(1 << 16, 'K') + " - 0 1"),
            "position: castling field repeats 'K'");
  auto points = load("hostile_points", R"(return game {
    title = "points",
    board = points { points = { { "p", 0, 0 }, { "q", 1, 0 } }, links = { { "p", "q" } } },
    pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } } },
    setup = { white = { man = "p" }, black = { man = "q" } },
  })");
  ASSERT_TRUE(points);
  EXPECT_EQ(refusal(points, "p:M,p:m white"), "position: site p is given twice");
  EXPECT_TRUE(read_position(points, "p:M,q:m white"));
}

TEST(HostilePosition, OversizedAndBinaryTextIsRefusedWithAShortQuote) {
  EXPECT_EQ(refusal(chess(), std::string(kMaxPositionText + 1, ' ')),
            "position: the text is 1048577 bytes, more than the 1048576 a position string may "
            "have");
  const std::string board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ";
  EXPECT_EQ(refusal(chess(), board + std::string("a\0b=1", 5)),
            std::string("position: unknown field 'a") + '\0' + "b'");
  EXPECT_EQ(refusal(chess(), "4k3/8/8/8/8/8/8/4K\xff w - - 0 1"), "position: unknown piece '\xff'");
  // A huge unknown field is quoted by its first bytes and its length.
  const std::string error = refusal(chess(), board + std::string(500000, 'z') + "=1");
  EXPECT_EQ(error,
            "position: unknown field '" + std::string(kMaxQuote, 'z') + "... (500000 bytes)'");
  // The quote never cuts a UTF-8 character in two.
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xc3\xa9";
  EXPECT_EQ(refusal(chess(), board + "z" + accents + "=1"),
            "position: unknown field 'z" + accents.substr(0, 58) + "... (81 bytes)'");
}

}  // namespace
}  // namespace regula
