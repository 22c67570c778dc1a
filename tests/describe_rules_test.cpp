// The whole rules in words (describe_rules, render_rules, `regula describe`),
// the option descriptions `regula info` shows, and the pages of docs/rules/
// each bundled script points to.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_support.h"
#include "formats/presentation.h"
#include "notation/describe.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::load;
using Lines = std::vector<std::string>;

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path repo() {
  return std::filesystem::path(REGULA_RULES_DIR).parent_path();
}

TEST(DescribeRules, EveryBundledScriptPointsToAPageThatNamesIt) {
  std::map<std::string, int> per_family;
  for (const auto& info : script::bundled_scripts()) {
    auto r = bundled(info.name);
    ASSERT_TRUE(r);
    const std::string doc = rules_doc_path(*r);
    ASSERT_FALSE(doc.empty()) << info.name;
    EXPECT_TRUE(std::filesystem::exists(repo() / doc)) << info.name << " -> " << doc;
    EXPECT_NE(read(repo() / doc).find("`" + info.name + "`"), std::string::npos)
        << doc << " does not name " << info.name;
    EXPECT_NE(render_rules(describe_rules(*r)).find("\nRules in words: " + doc + "\n"),
              std::string::npos)
        << info.name;
    ++per_family[doc];
  }
  // Every page is some family's.
  for (const auto& entry : std::filesystem::directory_iterator(repo() / "docs/rules"))
    EXPECT_TRUE(per_family.count("docs/rules/" + entry.path().filename().string()))
        << entry.path() << " is no bundled family's page";
  EXPECT_EQ(per_family.size(), 9u);
}

// Every piece of every bundled script is said in words, none by the fallback
// that would mean a kind of move without words of its own.
TEST(DescribeRules, EveryBundledPieceHasWords) {
  int pieces = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto r = bundled(info.name);
    ASSERT_TRUE(r);
    const RulesWords w = describe_rules(*r);
    EXPECT_FALSE(w.ends.empty()) << info.name;
    for (const PieceWords& p : w.pieces) {
      ++pieces;
      EXPECT_FALSE(p.lines.empty()) << info.name << " " << p.name;
      for (const std::string& l : p.lines) {
        EXPECT_EQ(l.find("table of destinations"), std::string::npos) << info.name << ": " << l;
        EXPECT_FALSE(l.empty()) << info.name << " " << p.name;
      }
    }
  }
  EXPECT_GE(pieces, 100);
}

TEST(DescribeRules, EndsAndPlayOfChess) {
  auto r = bundled("chess/orthodox");
  ASSERT_TRUE(r);
  const RulesWords w = describe_rules(*r);
  EXPECT_EQ(w.ends, (Lines{"a move may not leave one's own royal piece attacked (check)",
                           "checkmate (no legal move, in check): the side to move loses",
                           "stalemate (no legal move, not in check): the game is drawn",
                           "100 plies in a row (50 moves each) without a capture or a move of a "
                           "piece that restarts the count: the game is drawn, unless the last of "
                           "them gave checkmate",
                           "the same position 3 times, the same side to move: the game is drawn"}));
  EXPECT_EQ(w.play, (Lines{"capturing is never compulsory"}));
  EXPECT_EQ(w.board, (Lines{"8x8 squares", "seats: white (facing north) and black (facing south)",
                            "white moves first; turns go white, then black, in turn"}));
  EXPECT_EQ(w.start[0],
            "white: pawn a2 b2 c2 d2 e2 f2 g2 h2; knight b1 g1; bishop c1 f1; rook a1 h1; "
            "queen d1; king e1");
}

TEST(DescribeRules, EndsOfJetanDraughtsAndMill) {
  auto jetan = bundled("jetan/burroughs");
  ASSERT_TRUE(jetan);
  EXPECT_EQ(describe_rules(*jetan).ends,
            (Lines{"no legal move: the side to move passes",
                   "capturing an enemy princess with any piece: the capturer wins (Princess "
                   "captured)",
                   "capturing an enemy chief with a chief: the capturer wins (Chief takes Chief)",
                   "capturing an enemy chief with any piece: the game is drawn (Chief captured by "
                   "a piece other than the enemy Chief)",
                   "2 passes in a row: the game is drawn",
                   "every side at most 3 pieces of equal total value, and no result within 10 "
                   "plies: the game is drawn"}));
  auto spanish = bundled("draughts/spanish");
  ASSERT_TRUE(spanish);
  const RulesWords s = describe_rules(*spanish);
  EXPECT_EQ(s.play, (Lines{"capturing is compulsory, and a capture taking the most pieces, then "
                           "the greatest value, must be played"}));
  EXPECT_EQ(s.ends[1],
            "at the start of a turn, when pieces == 3 and pieces:king == 3 and enemy_pieces == 1 "
            "and enemy_pieces:king == 1 and pieces:king@long_diagonal >= 1 holds for the side to "
            "move and has held at the start of each of its last 13 moves: the game is drawn "
            "(three kings against one, not won within 13 moves)");
  auto morris = bundled("mill/nine-mens-morris");
  ASSERT_TRUE(morris);
  const RulesWords m = describe_rules(*morris);
  EXPECT_EQ(
      m.play,
      (Lines{"pieces are taken only by the removal that follows a move (remove), and it "
             "is compulsory: the player must take a piece",
             "phase place: while hand > 0", "phase fly: while pieces == 3", "phase move: otherwise",
             "a move that completes a line of the mover's pieces is followed by "
             "remove: the mover takes an enemy piece of its choice off the board; "
             "pieces in a complete line of their side are protected unless all are"}));
  EXPECT_EQ(m.start, (Lines{"white: token x9 in hand", "black: token x9 in hand"}));
}

TEST(DescribeRules, OptionsSayWhatEachOtherValueChanges) {
  auto r = bundled("jetan/burroughs");
  ASSERT_TRUE(r);
  auto orange = bundled("jetan/burroughs", {{"first", "orange"}});
  ASSERT_TRUE(orange);
  const RulesWords w = describe_rules(*r, {{"first", "orange", orange}});
  ASSERT_EQ(w.options.size(), 3u);  // array, first, draw-values
  const OptionWords& first = w.options[1];
  EXPECT_EQ(first.name, "first");
  EXPECT_EQ(first.value, "black");
  EXPECT_EQ(first.values, (Lines{"black", "orange"}));
  EXPECT_EQ(first.description,
            "black or orange: which side moves first; Burroughs' Appendix leaves it to the "
            "players");
  ASSERT_EQ(first.changes.size(), 1u);
  EXPECT_EQ(first.changes[0].removed,
            (Lines{"black moves first; turns go black, then orange, in turn"}));
  EXPECT_EQ(first.changes[0].added,
            (Lines{"orange moves first; turns go black, then orange, in turn"}));
}

TEST(DescribeRules, TheCommandPrintsWordsBetzaOptionsAndJson) {
  auto r = test_support::run("describe jetan/smith");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.substr(0, r.out.find("\n\n")),
            "Jetan (L. L. Smith's options)\nname: jetan/smith\nRules in words: "
            "docs/rules/jetan.md\nJetan, the Martian chess of Burroughs' novel, with the options "
            "L. L. Smith lists in The Game of Jetan: free steps, a seven-way Panthan, a blocked "
            "Flier, a frightened Princess.");
  EXPECT_NE(r.out.find("  dwar (D, value 3)\n    exactly 3 orthogonal steps, turning at will, no "
                       "square twice, not over pieces; captures the same way\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  panthan = 5 (allowed: 5, 7)\n    the Panthan's directions: 5, none "
                       "backward (Burroughs' Appendix), or 7"),
            std::string::npos)
      << r.out;
  // What panthan=7 changes, derived by loading the script with it.
  EXPECT_NE(r.out.find("    with panthan=7:\n      - panthan: steps one square forward, sideways "
                       "or diagonally forward; captures the same way\n      + panthan: steps one "
                       "square in any direction but straight backward; captures the same way\n"),
            std::string::npos)
      << r.out;
  auto chess = test_support::run("describe chess/orthodox");
  ASSERT_EQ(chess.code, 0) << chess.out;
  EXPECT_NE(chess.out.find("  pawn (P, value 1), in Betza's notation fmWfceFifmnD\n"),
            std::string::npos)
      << chess.out;
  EXPECT_NE(chess.out.find("  king (K, value 0), in Betza's notation K (and castling)\n"),
            std::string::npos)
      << chess.out;
  auto json = test_support::run("describe draughts/spanish --json");
  ASSERT_EQ(json.code, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["rules_doc"], "docs/rules/draughts.md");
  EXPECT_EQ(j["pieces"][0]["name"], "man");
  EXPECT_EQ(j["options"][0]["name"], "three-kings");
  EXPECT_EQ(j["options"][0]["changes"].size(), 2u);
  EXPECT_EQ(j["ends"][0], "no legal move: the side to move loses");
}

// A script of many options is compared for the first 32 other values only,
// and a title that is not UTF-8 still gives JSON.
TEST(DescribeRules, ManyOptionsAndBadTextAreBounded) {
  std::string script = "local t = \"bad \\255 title\"\n";
  for (int i = 0; i < 40; ++i)
    script += "option(\"o" + std::to_string(i) + "\", { \"a\", \"b\" }, \"a\", \"a or b\")\n";
  script += R"(return game {
  title = t,
  board = grid { width = 2, height = 2 },
  pieces = { piece { name = "k", symbol = "K", moves = { step { dirs = "all" } } } },
  setup = { white = { k = "a1" } },
})";
  const std::string path = test_support::write_script("describe_many", script);
  auto r = test_support::run("describe --json " + path);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["options"].size(), 40u);
  size_t compared = 0;
  for (const auto& o : j["options"]) compared += o["changes"].size();
  EXPECT_EQ(compared, 32u);
  EXPECT_EQ(j["options"][0]["changes"][0]["added"].size(), 0u);  // b changes no rule here
  EXPECT_EQ(j["title"], "bad \xEF\xBF\xBD title");
}

TEST(DescribeRules, InfoShowsEachOptionsDescription) {
  auto r = test_support::run("info mill/morabaraba");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\nname: mill/morabaraba\nrules in words: docs/rules/mill.md (and regula "
                       "describe mill/morabaraba)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find("  removal = optional (allowed: optional, compulsory)\n      optional: a new "
                 "mill may shoot an enemy cow (\"may\" in Mind Sports South Africa's "
                 "Generally Accepted Rules of Morabaraba); compulsory: it must, the other "
                 "reading\n"),
      std::string::npos)
      << r.out;
}

// Every option of every bundled script says what its values mean.
TEST(DescribeRules, EveryBundledOptionHasADescription) {
  int options = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto r = bundled(info.name);
    ASSERT_TRUE(r);
    for (size_t i = 0; i < r->declared_options.size(); ++i, ++options) {
      ASSERT_LT(i, presentation_of(*r).option_descriptions.size());
      const std::string& d = presentation_of(*r).option_descriptions[i];
      EXPECT_FALSE(d.empty()) << info.name << " " << r->declared_options[i].first;
      // Each value is named in the description, with where it comes from.
      for (const std::string& v : r->declared_options[i].second)
        EXPECT_NE(d.find(v), std::string::npos)
            << info.name << " " << r->declared_options[i].first << " " << v << ": " << d;
    }
  }
  EXPECT_GE(options, 15);
}

// The words of each element kind and flag the compiler produces, in one tiny
// script.
TEST(DescribeRules, FlagsAndRareElementsHaveWords) {
  auto r = load("describe_flags", R"(
return game {
  title = "flags",
  board = grid { width = 5, height = 5 },
  regions = { top = { rank = 5 } },
  dice = { 1, 2 },
  pieces = {
    piece { name = "runner", symbol = "R", roll = { 2 }, moves = {
      anywhere { to = "top", once = "dash" },
      leap { offsets = { { 1, 2 } }, mode = "move", once = "jump", unless_attacked = true },
      walk { steps = 2, dirs = "orthogonal", exact = false, turn = false },
      leap { offsets = { { 0, 2 } }, via = { { 0, 1 } }, mode = "capture" } } },
  },
  setup = { white = { runner = "a1" }, black = { runner = "e5" } },
}
)");
  ASSERT_TRUE(r);
  EXPECT_EQ(
      describe_piece(*r, 0),
      (Lines{"moves to any empty square, only ending in top, once a game, when the die shows 2 "
             "(dash)",
             "leaps to (1,2) in any direction, without capturing, once a game, only while "
             "no enemy could capture it, when the die shows 2 (jump)",
             "1 to 2 orthogonal steps, in a straight line, no square twice, not over "
             "pieces, when the die shows 2; captures the same way",
             "leaps to (0,2) in any direction, blocked by a piece on the adjacent "
             "orthogonal square, only to capture, when the die shows 2"}));
  EXPECT_EQ(describe_rules(*r).play,
            (Lines{"capturing is never compulsory",
                   "each turn starts with a throw of a die with faces 1 and 2; a throw no piece "
                   "can use is a pass"}));
}

TEST(DescribeRules, AChosenPassIsSaid) {
  auto r = load("describe_pass", R"(
return game {
  title = "passing",
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } } },
  setup = { white = { king = "a1" }, black = { king = "c3" } },
  pass = true,
  ends = { check = true },
}
)");
  ASSERT_TRUE(r);
  EXPECT_EQ(describe_rules(*r).play,
            (Lines{"capturing is never compulsory",
                   "a player may pass the turn instead of moving, except when in check"}));
}

}  // namespace
}  // namespace regula
