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
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

using test_support::load;
using test_support::rule_error;
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
  // A game that adds nothing to hands: at most what it deals.
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=pawn:10001"),
            "position: hand.red count of pawn must be a number from 0 to 2, not '10001'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=pawn:-1"),
            "position: hand.red count of pawn must be a number from 0 to 2, not '-1'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.green=pawn:1"),
            "position: hand.green count of pawn must be a number from 0 to 0, not '1'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=rook:1"),
            "position: bad hand item 'rook:1' (type:count)");
  EXPECT_EQ(refusal(kitchen(), k + " hand.nobody=pawn:1"),
            "position: unknown seat in 'hand.nobody'");
  EXPECT_EQ(refusal(kitchen(), k + " hand.red=pawn:1,pawn:1"),
            "position: hand.red gives pawn twice");
  // Within the bound, a game that deals its hands still refuses more pieces than it deals.
  EXPECT_EQ(refusal(kitchen(), "5/4(bK)/2(gP)2/(rP)4/(rP)4 red hand.red=pawn:2"),
            "position: red has 4 pieces on the board and in hand; the game gives it 3");
  // FEN's [hand] counts piece by piece, up to what the rules can give: none in
  // orthodox chess; in crazyhouse, where captures join the hand, every piece
  // of the game, and no more on the board and in hand together.
  const std::string tail = "] w - - 0 1";
  EXPECT_EQ(refusal(chess(), "4k3/8/8/8/8/8/8/4K3[P" + tail),
            "position: the hand holds more than 0 pawn of white, the most the rules can give it");
  auto house = script::load_rules("chess/crazyhouse");
  ASSERT_TRUE(house) << house.error().text();
  auto fen = read_position(*house, "4k3/8/8/8/8/8/8/4K3[" + std::string(30, 'Q') + tail);
  ASSERT_TRUE(fen) << fen.error().text();
  EXPECT_EQ(fen->hand(0, (*house)->type_index("queen")), 30);
  EXPECT_EQ(
      refusal(*house, "4k3/8/8/8/8/8/8/4K3[" + std::string(31, 'Q') + tail),
      "position: the board and the hands hold 33 pieces; the game deals 32 and makes no more");
  EXPECT_EQ(refusal(*house, "4k3/8/8/8/8/8/8/4K3[" + std::string(1 << 19, 'Q') + tail),
            "position: the hand holds more than 32 queen of white, the most the rules can give it");
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
  // Only an ally takes command (and no seat of the kitchen has one).
  EXPECT_EQ(refusal(kitchen(), k + " frozen=red control=red:green"),
            "position: control: green cannot command red's army; only an ally takes command");
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

// --- move text ---------------------------------------------------------------------

TEST(HostileMove, LongBinaryAndHugeMoveTextsAreRefused) {
  Position pos(chess());
  auto long_move = parse_move(pos, std::string(kMaxMoveText + 1, 'e'));
  ASSERT_FALSE(long_move);
  EXPECT_EQ(long_move.error().text(),
            "move: the text is 4097 bytes, more than the 4096 a move may have");
  auto long_turn = parse_turn(pos, std::string(1 << 20, 'e'));
  ASSERT_FALSE(long_turn);
  EXPECT_EQ(long_turn.error().text(),
            "move: the text is 1048576 bytes, more than the 4096 a move may have");
  auto huge = parse_move(pos, "e2e99999999999999999999");
  ASSERT_FALSE(huge);
  EXPECT_HAS(huge.error().text(), "move: no legal move e2e99999999999999999999");
  auto nul = parse_move(pos, std::string("e2\0e4", 5));
  ASSERT_FALSE(nul);
  EXPECT_HAS(nul.error().text(),
             std::string("move: no legal move e2") + '\0' + "e4; legal moves from e2: e2e3 e2e4");
  auto bad_utf8 = parse_move(pos, "\xc3\x28");
  ASSERT_FALSE(bad_utf8);
  EXPECT_HAS(bad_utf8.error().text(), "move: no legal move \xc3\x28; legal moves:");
  // A long text that no move matches is quoted short.
  auto junk = parse_move(pos, std::string(4000, 'q'));
  ASSERT_FALSE(junk);
  EXPECT_HAS(junk.error().text(),
             "move: no legal move " + std::string(kMaxQuote, 'q') + "... (4000 bytes)");
  EXPECT_LT(junk.error().text().size(), 600u);
}

// The SAN of every move of a list at once is the SAN of each move alone.
void expect_sans_match(Position& pos, size_t sample) {
  MoveList legal;
  legal_moves(pos, legal);
  const std::vector<std::string> sans = move_sans(pos, legal, move_texts(pos, legal));
  ASSERT_EQ(sans.size(), static_cast<size_t>(legal.size()));
  const size_t step = std::max<size_t>(1, legal.size() / sample);
  for (size_t i = 0; i < sans.size(); i += step)
    EXPECT_EQ(sans[i], move_san(pos, legal[static_cast<int>(i)])) << write_position(pos);
}

TEST(HostileMove, SanOfAllMovesAtOnceMatchesEachMoveAlone) {
  // Positions with moves SAN must tell apart by file, by rank and by both.
  for (const char* fen : {"4k3/8/8/8/8/8/8/N3KN2 w - - 0 1", "4k3/8/8/N7/8/N7/8/4K3 w - - 0 1",
                          "7k/8/8/8/Q1Q5/8/Q1Q5/4K3 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"}) {
    auto pos = read_position(chess(), fen);
    ASSERT_TRUE(pos) << pos.error().text();
    expect_sans_match(*pos, 1000);
  }
  std::mt19937 rng(7);
  Position pos(chess());
  int checked = 0;
  for (int ply = 0; ply < 120; ++ply) {
    MoveList legal;
    legal_moves(pos, legal);
    if (legal.empty()) break;
    expect_sans_match(pos, 1000);
    ++checked;
    Undo u;
    pos.make(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)], u);
  }
  EXPECT_GT(checked, 20);
}

// 110 queens against 10 on a 26 x 26 board: thousands of moves, many to the
// same site, all written in SAN.
std::string many_queens() {
  std::mt19937 rng(1);
  std::vector<std::string> sites;
  for (char f = 'a'; f <= 'z'; ++f)
    for (int r = 1; r <= 26; ++r) sites.push_back(f + std::to_string(r));
  std::shuffle(sites.begin(), sites.end(), rng);
  std::string white, black;
  for (int i = 0; i < 120; ++i) (i < 110 ? white : black) += sites[i] + " ";
  return R"(return game {
    title = "many queens",
    board = grid { width = 26, height = 26 },
    notation = "san",
    pieces = { piece { name = "queen", symbol = "Q", moves = { slide { dirs = "all" } } } },
    setup = { white = { queen = ")" +
         white + R"(" }, black = { queen = ")" + black + R"(" } },
  })";
}

TEST(HostileMove, ThousandsOfMovesAreWrittenAndParsed) {
  auto rules = load("many_queens", many_queens());
  ASSERT_TRUE(rules);
  Position pos(rules);
  MoveList legal;
  legal_moves(pos, legal);
  ASSERT_GT(legal.size(), 2000);
  expect_sans_match(pos, 40);
  const std::vector<std::string> sans = move_sans(pos, legal, move_texts(pos, legal));
  for (int i = 0; i < legal.size(); i += legal.size() / 40) {
    auto back = parse_move(pos, sans[i]);
    ASSERT_TRUE(back) << sans[i] << ": " << back.error().text();
    EXPECT_TRUE(back->same(legal[i])) << sans[i];
  }
}

// --- game records ------------------------------------------------------------------

Expected<Game> record(const std::string& moves, const std::string& tags = "") {
  return read_record("[Rules \"chess/orthodox\"]\n" + tags + "\n" + moves + "\n",
                     script::named_rules_loader());
}

std::string record_error(const std::string& moves, const std::string& tags = "") {
  auto g = record(moves, tags);
  EXPECT_FALSE(g) << "accepted: " << moves.substr(0, 200);
  return g ? std::string() : g.error().text();
}

TEST(HostileRecord, CommentsAndTagsAreCheckedWithTheirLine) {
  EXPECT_EQ(record_error("1. e2e4 { a comment\nthat never\nends"),
            "record:3:9: the comment opened here ('{') is never closed");
  EXPECT_EQ(record_error("1. e2e4 } e7e5"), "record:3:9: '}' closes no comment");
  EXPECT_EQ(record_error("1. e2e4", "[Rules \"chess/orthodox\"]\n"),
            "record:2: tag [Rules] repeats the one on line 1");
  EXPECT_EQ(record_error("1. e2e4", "[Event]\n"),
            "record:2: malformed tag [Event] (expected [Name \"value\"])");
  EXPECT_EQ(record_error("1. e2e4", "[Event \"x\" junk]\n"),
            "record:2: malformed tag [Event \"x\" junk] (expected [Name \"value\"])");
  EXPECT_EQ(record_error("1. e2e4", "[Event \"never closed]\n"),
            "record:2: unterminated tag value");
  EXPECT_HAS(record_error("1. e2e4 e7e5\n2. g1f3\n\n3. zz9"),
             "record:6:4: game 1, move 4 (zz9): no legal move zz9; legal moves: ");
  // Tags by the hundred thousand are read in one pass.
  std::string tags;
  for (int i = 0; i < 100000; ++i) tags += "[T" + std::to_string(i) + " \"x\"]\n";
  auto tagged = record("1. e2e4", tags);
  ASSERT_TRUE(tagged) << tagged.error().text();
  EXPECT_EQ(tagged->history().size(), 1u);
  // Comments nest, and whatever they hold (binary bytes too) is left out.
  const std::string deep =
      std::string(100000, '{') + std::string("\0\xff\x1b", 3) + std::string(100000, '}');
  auto g = record("1. e2e4 " + deep + " e7e5 ; to the end of the line {\n2. g1f3");
  ASSERT_TRUE(g) << g.error().text();
  EXPECT_EQ(g->history().size(), 3u);
}

TEST(HostileRecord, SizeAndLengthAreBounded) {
  EXPECT_EQ(read_record(std::string(kMaxRecordText + 1, ' '), script::named_rules_loader())
                .error()
                .text(),
            "record: the text is 16777217 bytes, more than the 16777216 a game record may have");
  EXPECT_EQ(record_error("1. " + std::string(1 << 20, 'e')),
            "record:3:4: game 1, move 1 (" + std::string(kMaxQuote, 'e') +
                "... (1048576 bytes)): the text is 1048576 bytes, more than the 4096 a move "
                "may have");
  // Kings walking back and forth: a game with no end but the record's.
  auto rules = load("walkers", R"(return game {
    title = "walkers",
    board = grid { width = 2, height = 2 },
    pieces = { piece { name = "man", symbol = "M",
                       moves = { step { dirs = "n" }, step { dirs = "s" } } } },
    setup = { white = { man = "a1" }, black = { man = "b2" } },
  })");
  ASSERT_TRUE(rules);
  std::string moves;
  for (int i = 0; i < kMaxRecordMoves / 4; ++i) moves += "a1a2 b2b1 a2a1 b1b2\n";
  const std::string head = "[Rules \"walkers\"]\n\n", dir = test_support::script_dir().string();
  auto full = read_record(head + moves, script::named_rules_loader(dir));
  ASSERT_TRUE(full) << full.error().text();
  EXPECT_EQ(full->history().size(), static_cast<size_t>(kMaxRecordMoves));
  auto over = read_record(head + moves + "a1a2\n", script::named_rules_loader(dir));
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().text(), "record:5003: more than 20000 moves, the limit of a game record");
}

// --- capture chains ----------------------------------------------------------------

std::string site(int x, int y) {
  return std::string(1, static_cast<char>('a' + x)) + std::to_string(y + 1);
}

// A flying hopper on a1 of an n x n board with enemy men on the given sites.
std::string hopper_script(int n, const std::vector<std::pair<int, int>>& enemies) {
  std::string black;
  for (auto [x, y] : enemies) black += site(x, y) + " ";
  return R"(return game {
    title = "hopper",
    board = grid { width = )" +
         std::to_string(n) + ", height = " + std::to_string(n) + R"( },
    pieces = {
      piece { name = "hopper", symbol = "H", moves = { hop { dirs = "all", flying = true } } },
      piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } },
    },
    setup = { white = { hopper = "a1" }, black = { man = ")" +
         black + R"(" } },
  })";
}

// The chains of that hopper found independently of move generation: each
// distinct pair (where it ends, the set of pieces it takes).
std::set<std::pair<std::string, std::set<std::string>>> chains_by_hand(
    int n, const std::vector<std::pair<int, int>>& enemies) {
  std::set<std::pair<int, int>> occupied(enemies.begin(), enemies.end());
  std::set<std::pair<std::string, std::set<std::string>>> out;
  const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  auto on = [n](int x, int y) { return x >= 0 && y >= 0 && x < n && y < n; };
  std::function<void(int, int, std::set<std::pair<int, int>>&)> from =
      [&](int x, int y, std::set<std::pair<int, int>>& taken) {
        bool extended = false;
        for (auto& d : dirs) {
          int sx = x + d[0], sy = y + d[1];
          while (on(sx, sy) && !occupied.count({sx, sy})) sx += d[0], sy += d[1];
          if (!on(sx, sy) || taken.count({sx, sy})) continue;
          for (int lx = sx + d[0], ly = sy + d[1]; on(lx, ly) && !occupied.count({lx, ly});
               lx += d[0], ly += d[1]) {
            extended = true;
            taken.insert({sx, sy});
            from(lx, ly, taken);
            taken.erase({sx, sy});
          }
        }
        if (!extended && !taken.empty()) {
          std::set<std::string> names;
          for (auto [tx, ty] : taken) names.insert(site(tx, ty));
          out.insert({site(x, y), names});
        }
      };
  std::set<std::pair<int, int>> none;
  from(0, 0, none);
  return out;
}

TEST(HostileChains, OrdersOfTheSameCapturesAreOneMove) {
  // Around a diamond of four men and back: clockwise or not, one decision.
  auto rules = load("diamond", R"(return game {
    title = "diamond",
    board = grid { width = 5, height = 5 },
    pieces = { piece { name = "man", symbol = "M", moves = { hop { dirs = "diagonal" } } } },
    setup = { white = { man = "c1" }, black = { man = "b2 b4 d4 d2" } },
  })");
  ASSERT_TRUE(rules);
  Position pos(rules);
  MoveList legal;
  legal_moves(pos, legal);
  ASSERT_EQ(legal.size(), 1);
  EXPECT_EQ(legal[0].ncap, 4);
  EXPECT_EQ(legal[0].to, rules->topology.find("c1"));
}

TEST(HostileChains, EveryDistinctChainIsListedOnce) {
  // Twelve men that a flying hopper can take in some 1,500 ways.
  std::vector<std::pair<int, int>> enemies;
  for (int x : {1, 3, 5, 7})
    for (int y : {1, 4, 7}) enemies.push_back({x, y});
  auto rules = load("hopper_lattice", hopper_script(10, enemies));
  ASSERT_TRUE(rules);
  Position pos(rules);
  MoveList legal;
  legal_moves(pos, legal);
  const auto expected = chains_by_hand(10, enemies);
  ASSERT_GT(expected.size(), 1000u);
  std::set<std::pair<std::string, std::set<std::string>>> found;
  for (const Move& m : legal) {
    std::set<std::string> taken;
    for (int i = 0; i < m.ncap; ++i) taken.insert(rules->topology.name(m.cap[i]));
    EXPECT_TRUE(found.insert({rules->topology.name(m.to), taken}).second) << "listed twice";
  }
  EXPECT_EQ(static_cast<size_t>(legal.size()), expected.size());
  EXPECT_TRUE(found == expected);
}

TEST(HostileChains, TooManyChainsIsAnErrorNamingTheLimit) {
  // Fifteen men, every chain short of the 24 captures a move holds, but some
  // 300,000 landings to try.
  std::vector<std::pair<int, int>> enemies;
  for (int x : {1, 3, 5, 7, 9})
    for (int y : {1, 4, 7}) enemies.push_back({x, y});
  auto rules = load("hopper_explosion", hopper_script(11, enemies));
  ASSERT_TRUE(rules);
  Position pos(rules);
  MoveList legal;
  auto e = rule_error([&] { legal_moves(pos, legal); });
  ASSERT_TRUE(e) << "listed " << legal.size() << " moves";
  EXPECT_EQ(e->text(), rules->file +
                           ":5: the capture chains of one position take more than 100000 "
                           "landings to list, the engine's limit");
  EXPECT_TRUE(pos == Position(rules));
}

// --- turns and perft ---------------------------------------------------------------

// A move that starts a stage of another move, made by the same labelled move:
// turns that never end.
const char* const kForever = R"(return game {
  title = "a turn without end",
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",
                     moves = { step { dirs = "orthogonal", label = "again" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  stages = { stage { name = "more", choose = "move" } },
  triggers = { trigger { on = "label", label = "again", stage = "more" } },
})";

TEST(HostileTurns, ATurnWithoutEndIsAnErrorNamingTheStage) {
  auto rules = load("forever", kForever);
  ASSERT_TRUE(rules);
  Position pos(rules);
  const Position before = pos;
  std::vector<Turn> turns;
  for (auto e : {rule_error([&] { legal_turns(pos, turns); }), rule_error([&] { perft(pos, 2); }),
                 rule_error([&] { perft_divide(pos, 2); })}) {
    ASSERT_TRUE(e);
    EXPECT_EQ(
        e->text(),
        rules->file + ":7: a turn goes on past 32 decisions, the engine's limit for one turn");
    EXPECT_TRUE(pos == before);
  }
}

TEST(HostileTurns, TooManyTurnsIsAnErrorNamingTheLimit) {
  // Seven moves in one turn, each of some twenty: far more turns than a list holds.
  auto rules = load("wide_turns", R"(return game {
    title = "wide turns",
    board = grid { width = 8, height = 8 },
    pieces = { piece { name = "king", symbol = "K", moves = {
      step { dirs = "all" }, anywhere { once = "start", label = "go", mode = "move" } } } },
    setup = { white = { king = "c3 f6" }, black = { king = "h8" } },
    stages = { stage { name = "s1", choose = "move", followed_by = "s2" },
               stage { name = "s2", choose = "move", followed_by = "s3" },
               stage { name = "s3", choose = "move", followed_by = "s4" },
               stage { name = "s4", choose = "move", followed_by = "s5" },
               stage { name = "s5", choose = "move", followed_by = "s6" },
               stage { name = "s6", choose = "move" } },
    triggers = { trigger { on = "label", label = "go", stage = "s1" } },
  })");
  ASSERT_TRUE(rules);
  Position pos(rules);
  std::vector<Turn> turns;
  auto e = rule_error([&] { legal_turns(pos, turns); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->text(),
            rules->file + ": more than 50000 turns, the engine's limit for one position");
  EXPECT_TRUE(pos == Position(rules));
}

TEST(HostilePerft, TheBudgetStopsTheCountAndLeavesThePosition) {
  Position pos(chess());
  const Position before = pos;
  auto e = rule_error([&] { perft(pos, 6, 1000); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->text(), "perft: stopped after 1000 moves, the limit of one count");
  EXPECT_TRUE(pos == before);
  e = rule_error([&] { perft_divide(pos, 6, 1000); });
  ASSERT_TRUE(e);
  EXPECT_TRUE(pos == before);
  // Depth 3 makes 20 + 400 moves and counts the last ply's in bulk: a budget
  // of 420 is enough, one less is not.
  EXPECT_EQ(perft(pos, 3, 420), 8902u);
  EXPECT_TRUE(rule_error([&] { perft(pos, 3, 419); }));
  // A depth no count could finish is refused before it starts.
  e = rule_error([&] { perft(pos, 33); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->text(), "perft: depth 33 is more than 32, the deepest count");
  EXPECT_TRUE(rule_error([&] { perft_divide(pos, 1000000); }));
}

}  // namespace
}  // namespace regula
