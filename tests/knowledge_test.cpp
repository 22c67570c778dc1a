// Readings that used to be fixed inside the engine and are now script data (how
// SAN writes a piece, what the move rule does with a last-ply mate, what a bare
// king gets), and move text that depends on what moves do rather than on the
// order of a script's rules. Each test writes a tiny script and tries each
// setting.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using Rules = std::shared_ptr<const Ruleset>;

using namespace test_support;

// The message of the error loading a script must give.
std::string load_error_text(const std::string& name, const std::string& text) {
  return load_error(name, text).text();
}

// text with its first occurrence of what replaced by with.
std::string replaced(std::string text, const std::string& what, const std::string& with) {
  size_t at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

// The legal move from one site to another (the first one generated).
Move between(Position& pos, const std::string& from, const std::string& to) {
  MoveList ml;
  legal_moves(pos, ml);
  const Topology& t = pos.rules().topology;
  for (const Move& m : ml)
    if (m.from == t.find(from) && m.to == t.find(to)) return m;
  ADD_FAILURE() << "no legal move " << from << to;
  return Move{};
}

// Plays the move a text names, as a person would type it.
void play(Position& pos, const std::string& text) {
  auto m = parse_move(pos, text);
  ASSERT_TRUE(m) << text << ": " << m.error().text();
  Undo u;
  pos.make(*m, u);
}

// ---- SAN: which pieces are written like pawns ----------------------------

const char* kSanScript = R"(
return game {
  title = "soldiers",
  board = grid { width = 8, height = 8 },
  notation = "san",
  pieces = {
    piece { name = "soldier", symbol = "S", san = "no-letter", moves = {
      step { dirs = "forward", mode = "move" },
      step { dirs = "forward-diagonal", mode = "capture" } } },
    piece { name = "pawn", symbol = "P", moves = {
      step { dirs = "forward", mode = "move" },
      step { dirs = "forward-diagonal", mode = "capture" } } },
  },
  setup = { white = { soldier = "e3" }, black = { pawn = "d6" } },
}
)";

TEST(KnowledgeSan, APieceDeclaredPawnIsWrittenWithoutALetter) {
  auto r = load("san_soldier", kSanScript);
  ASSERT_TRUE(r);
  auto quiet = board(r, {{"e3", "soldier", 0}, {"a7", "pawn", 1}});
  EXPECT_EQ(move_san(quiet, between(quiet, "e3", "e4")), "e4");
  auto take = board(r, {{"e4", "soldier", 0}, {"d5", "pawn", 1}});
  EXPECT_EQ(move_san(take, between(take, "e4", "d5")), "exd5");
  play(take, "exd5");
  EXPECT_EQ(piece_type(take.at(r->topology.find("d5"))), r->type_index("soldier"));
}

TEST(KnowledgeSan, APieceNamedPawnThatDoesNotSaySoKeepsItsLetter) {
  auto r = load("san_no_letter", kSanScript);
  ASSERT_TRUE(r);
  auto quiet = board(r, {{"e3", "pawn", 0}, {"a7", "soldier", 1}});
  EXPECT_EQ(move_san(quiet, between(quiet, "e3", "e4")), "Pe4");
  auto take = board(r, {{"e4", "pawn", 0}, {"d5", "soldier", 1}});
  EXPECT_EQ(move_san(take, between(take, "e4", "d5")), "Pxd5");
}

TEST(KnowledgeSan, AnUnknownSanValueIsRefused) {
  std::string e =
      load_error_text("san_bad", replaced(kSanScript, "san = \"no-letter\"", "san = \"pown\""));
  EXPECT_NE(e.find("san must be \"letter\" or \"no-letter\", not 'pown'"), std::string::npos) << e;
}

// ---- the move rule and a mate on its last ply -----------------------------

// Kings and a rook; MOVE_RULE is replaced by each test's setting.
const char* kMateScript = R"(
return game {
  title = "last-ply mate",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
  },
  setup = { white = { king = "c3", rook = "d1" }, black = { king = "a4" } },
  ends = { check = true, move_rule = MOVE_RULE },
}
)";

// White mates with d1a1 on the ply that reaches the move rule's limit of 2.
Result last_ply_mate(const std::string& name, const std::string& move_rule) {
  auto r = load(name, replaced(kMateScript, "MOVE_RULE", move_rule));
  if (!r) return Result{};
  auto pos = board(r, {{"c3", "king", 0}, {"d1", "rook", 0}, {"a4", "king", 1}});
  pos.set_global(kHalfmove, 1);
  EXPECT_FALSE(game_result(pos).over);
  play(pos, "d1a1");
  EXPECT_TRUE(in_check(pos, 1));
  return game_result(pos);
}

TEST(KnowledgeMoveRule, MateFirstLetsALastPlyMateWin) {
  Result res = last_ply_mate("mate_first", "{ plies = 2, mate_first = true }");
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "checkmate");
}

TEST(KnowledgeMoveRule, WithoutMateFirstTheLimitDrawsFirst) {
  for (const char* setting : {"2", "{ plies = 2 }", "{ plies = 2, mate_first = false }"}) {
    Result res = last_ply_mate("move_rule_draws", setting);
    EXPECT_TRUE(res.is_draw()) << setting;
    EXPECT_EQ(res.reason, "1-move rule") << setting;
  }
}

TEST(KnowledgeMoveRule, ATableNeedsPliesAndNothingElse) {
  std::string no_plies = load_error_text(
      "move_rule_no_plies", replaced(kMateScript, "MOVE_RULE", "{ mate_first = true }"));
  EXPECT_NE(no_plies.find("move_rule = { plies = N"), std::string::npos) << no_plies;
  std::string unknown = load_error_text(
      "move_rule_unknown", replaced(kMateScript, "MOVE_RULE", "{ plies = 2, mates = true }"));
  EXPECT_NE(unknown.find("unknown field 'mates' in move_rule"), std::string::npos) << unknown;
}

TEST(KnowledgeMoveRule, ChessLetsAMateOnTheHundredthPlyWin) {
  auto r = script::load_rules("chess/orthodox");
  ASSERT_TRUE(r) << r.error().text();
  auto pos = read_position(*r, "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
  ASSERT_TRUE(pos) << pos.error().text();
  play(*pos, "Ra8#");
  Result res = game_result(*pos);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "checkmate");
  auto quiet = read_position(*r, "7k/8/6K1/8/8/8/8/R7 w - - 99 80");
  ASSERT_TRUE(quiet);
  play(*quiet, "Ra2");
  EXPECT_EQ(game_result(*quiet).reason, "50-move rule");
}

// ---- the bare king --------------------------------------------------------

// Kings and men, no check; BARE is replaced by each test's setting.
const char* kBareScript = R"(
return game {
  title = "bare kings",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } },
  },
  setup = { white = { king = "a1", man = "b2" }, black = { king = "d4", man = "c3" } },
  ends = { bare_king = BARE },
}
)";

// The start, after white's man takes black's last man: black is bare.
Position black_bared(const Rules& r) {
  Position pos(r);
  EXPECT_FALSE(game_result(pos).over);
  play(pos, "b2c3");
  return pos;
}

TEST(KnowledgeBareKing, TheBareSeatLosesAtOnce) {
  for (const char* setting : {"true", "{ result = \"loss\" }", "{ bare_back = false }"}) {
    auto r = load("bare_loss", replaced(kBareScript, "BARE", setting));
    ASSERT_TRUE(r) << setting;
    Position pos = black_bared(r);
    Result res = game_result(pos);
    EXPECT_EQ(res.score(), "1-0") << setting;
    EXPECT_EQ(res.reason, "bare king") << setting;
  }
}

TEST(KnowledgeBareKing, ADrawReadingDrawsInstead) {
  auto r = load("bare_draw", replaced(kBareScript, "BARE", "{ result = \"draw\" }"));
  ASSERT_TRUE(r);
  Position pos = black_bared(r);
  Result res = game_result(pos);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "bare king");
}

TEST(KnowledgeBareKing, BareBackGivesTheBaredSideOneMoveToBareTheOther) {
  auto r = load("bare_back", replaced(kBareScript, "BARE", "{ bare_back = true }"));
  ASSERT_TRUE(r);
  Position back = black_bared(r);
  EXPECT_FALSE(game_result(back).over);
  play(back, "d4c3");  // takes white's last man: both are bare
  Result res = game_result(back);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "both kings bare");

  Position missed = black_bared(r);
  play(missed, "d4d3");  // a move that does not bare white: black has lost
  res = game_result(missed);
  EXPECT_EQ(res.score(), "1-0");
  EXPECT_EQ(res.reason, "bare king");
}

TEST(KnowledgeBareKing, BadSettingsAreRefused) {
  std::string result =
      load_error_text("bare_bad_result", replaced(kBareScript, "BARE", "{ result = \"win\" }"));
  EXPECT_NE(result.find("bare_king.result must be \"loss\" or \"draw\", not 'win'"),
            std::string::npos)
      << result;
  std::string field =
      load_error_text("bare_bad_field", replaced(kBareScript, "BARE", "{ both = 1 }"));
  EXPECT_NE(field.find("unknown field 'both' in bare_king"), std::string::npos) << field;
  std::string three =
      replaced(kBareScript, "board =", "seats = { \"a\", \"b\", \"c\" },\n  board =");
  three = replaced(three, "setup = { white = { king = \"a1\", man = \"b2\" }, black = {",
                   "setup = { a = { king = \"a1\" }, c = { king = \"b4\" }, b = {");
  std::string seats =
      load_error_text("bare_back_three", replaced(three, "BARE", "{ bare_back = true }"));
  EXPECT_NE(seats.find("bare_back needs a game of two seats"), std::string::npos) << seats;
}

TEST(KnowledgeBareKing, ShatranjOffersTheBareBackReading) {
  auto plain = script::load_rules("chess/shatranj");
  ASSERT_TRUE(plain) << plain.error().text();
  EXPECT_TRUE((*plain)->end.bare_royal);
  EXPECT_FALSE((*plain)->end.bare_back);
  auto back = script::load_rules("chess/shatranj", {{"bare_king", "bare-back"}});
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE((*back)->end.bare_back);
  EXPECT_FALSE((*back)->end.bare_royal_draws);
  // White's Rukh takes the last Ferz; Black's Shah takes the Rukh back: drawn.
  auto pos = read_position(*back, "8/8/8/8/8/3k4/3q4/3R3K w - - 0 1");
  ASSERT_TRUE(pos) << pos.error().text();
  play(*pos, "Rxd2+");
  EXPECT_FALSE(game_result(*pos).over);
  play(*pos, "Kxd2");
  EXPECT_EQ(game_result(*pos).reason, "both kings bare");
}

// ---- moves of different rules with the same ends --------------------------

// A runner whose rules give the same ends with different side effects (a
// once-per-game flag, an en passant site), and a walker whose two rules give
// the same move (listed once); reversed lists each piece's rules the other way round.
std::string same_ends_script(bool reversed) {
  std::vector<std::string> runner = {
      R"(step { dirs = "forward", label = "run" })",
      R"(step { dirs = "forward", once = "dash", label = "run" })",
      R"(slide { dirs = "forward", min = 2, max = 2, ep = "set" })",
      R"(leap { offsets = { { 0, 2 } }, symmetric = false })",
  };
  std::vector<std::string> walker = {R"(step { dirs = "e" })", R"(slide { dirs = "e", max = 1 })"};
  auto list = [&](std::vector<std::string> rules) {
    if (reversed) std::reverse(rules.begin(), rules.end());
    std::string out;
    for (auto& x : rules) out += x + ", ";
    return out;
  };
  return R"(
return game {
  title = "same ends",
  board = grid { width = 4, height = 4 },
  pieces = {
    piece { name = "runner", symbol = "R", moves = { )" +
         list(runner) + R"(} },
    piece { name = "walker", symbol = "W", moves = { )" +
         list(walker) + R"(} },
  },
  setup = { white = { runner = "a1", walker = "c1" }, black = { walker = "d4" } },
}
)";
}

// Each legal move's text, keyed by what the move does.
std::map<std::string, std::vector<std::string>> texts_by_effect(const Rules& r) {
  Position pos(r);
  MoveList legal;
  legal_moves(pos, legal);
  auto texts = move_texts(pos, legal);
  std::map<std::string, std::vector<std::string>> out;
  const Topology& t = r->topology;
  for (int i = 0; i < legal.size(); ++i) {
    const Move& m = legal[i];
    std::string key = t.name(m.from) + t.name(m.to) + " flags " + std::to_string(m.set_flags) +
                      (m.ep_set == kNoSite ? "" : " ep " + t.name(m.ep_set));
    out[key].push_back(texts[i]);
  }
  return out;
}

TEST(KnowledgeMoveText, TextsDependOnWhatMovesDoNotOnRuleOrder) {
  auto forward = load("same_ends_forward", same_ends_script(false));
  auto backward = load("same_ends_backward", same_ends_script(true));
  ASSERT_TRUE(forward && backward);
  auto a = texts_by_effect(forward), b = texts_by_effect(backward);
  EXPECT_EQ(a, b);
  using Texts = std::vector<std::string>;
  EXPECT_EQ(a["a1a2 flags 0"], Texts{"a1a2 run"});
  EXPECT_EQ(a["a1a2 flags 2"], Texts{"a1a2 run +dash"});
  EXPECT_EQ(a["a1a3 flags 0"], Texts{"a1a3"});
  EXPECT_EQ(a["a1a3 flags 0 ep a2"], Texts{"a1a3 ep=a2"});
  // The walker's two rules make one move, listed once.
  EXPECT_EQ(a["c1d1 flags 0"], Texts{"c1d1"});
}

TEST(KnowledgeMoveText, EachTextParsesToTheMoveItNames) {
  for (bool reversed : {false, true}) {
    auto r = load(reversed ? "same_ends_parse_backward" : "same_ends_parse_forward",
                  same_ends_script(reversed));
    ASSERT_TRUE(r);
    Position pos(r);
    const Topology& t = r->topology;
    auto dash = parse_move(pos, "a1a2 run +dash");
    ASSERT_TRUE(dash) << dash.error().text();
    EXPECT_NE(dash->set_flags, 0);
    auto run = parse_move(pos, "a1a2 run");
    ASSERT_TRUE(run) << run.error().text();
    EXPECT_EQ(run->set_flags, 0);
    auto ep = parse_move(pos, "a1a3 ep=a2");
    ASSERT_TRUE(ep) << ep.error().text();
    EXPECT_EQ(ep->ep_set, t.find("a2"));
    auto plain = parse_move(pos, "a1a3");
    ASSERT_TRUE(plain) << plain.error().text();
    EXPECT_EQ(plain->ep_set, kNoSite);
    // The walker's two rules make one decision: one text, accepted as one move.
    auto walk = parse_move(pos, "c1d1");
    ASSERT_TRUE(walk) << walk.error().text();
    EXPECT_EQ(walk->to, t.find("d1"));
    EXPECT_EQ(move_text(pos, *walk), "c1d1");
  }
}

// With two dice, one step may use either die; which one is left matters.
TEST(KnowledgeMoveText, AMoveSaysWhichDieItUsesWhenThatTellsItApart) {
  auto r = load("two_dice_step", R"(
return game {
  title = "either die",
  board = grid { width = 3, height = 4 },
  pieces = { piece { name = "runner", symbol = "R", roll = { 1, 2 },
                     moves = { step { dirs = "n", mode = "move" } } } },
  setup = { white = { runner = "a1" }, black = { runner = "c4" } },
  dice = { faces = { 1, 2 }, count = 2 },
}
)");
  ASSERT_TRUE(r);
  auto pos = board(r, {{"a1", "runner", 0}, {"c4", "runner", 1}});
  pos.set_roll(1 | 2 << 5);
  MoveList legal;
  legal_moves(pos, legal);
  auto texts = move_texts(pos, legal);
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"a1a2 die=1", "a1a2 die=2"}));
  auto two = parse_move(pos, "a1a2 die=2");
  ASSERT_TRUE(two) << two.error().text();
  EXPECT_EQ(two->chance, 2);
}

}  // namespace
}  // namespace regula
