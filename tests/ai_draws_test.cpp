// What the searches make of a repetition and of a budget: a position that
// comes back on the line searched scores a draw wherever the rules draw a
// repetition (Stockfish scores a repetition inside its tree so), so that a
// side ahead plays on and a side behind repeats, while rules that make a
// repetition a loss keep their verdict; an external engine's spec says what
// it searches, and regula's own UCI Level searches what ai:N does.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "ai/alpha_beta.h"
#include "ai/evaluation.h"
#include "ai/player_spec.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/engine_player.h"
#include "uci/players.h"
#include "uci/uci_move.h"
#include "uci/uci_server.h"

namespace regula {
namespace {

using test_support::board;
using test_support::bundled;
using test_support::Rules;

// A man that promotes on the last rank, and a Wazir each: White is a man
// ahead. ends: the script's ends table ("" for none).
std::string men(const std::string& ends) {
  return R"(return game {
  title = "men",
  board = grid { width = 5, height = 5 },
  regions = { last_rank = { rank = 5 } },
  pieces = {
    piece { name = "man", symbol = "M", value = 1, moves = { step { dirs = "orthogonal" } },
      promotion = { zone = "last_rank", to = { "queen" } } },
    piece { name = "queen", symbol = "Q", value = 5, moves = { step { dirs = "all" } } },
    piece { name = "wazir", symbol = "W", value = 1, moves = { step { dirs = "orthogonal" } } },
  },
  setup = { white = { man = "b2", wazir = "e1" }, black = { wazir = "e5" } },
)" + ends +
         R"(}
)";
}

// Plays the moves named by their texts.
void play(Position& pos, std::vector<Undo>& undos, const std::vector<std::string>& texts) {
  for (const std::string& text : texts) {
    MoveList moves;
    legal_moves(pos, moves);
    const Move* m = nullptr;
    for (const Move& x : moves)
      if (move_text(pos, x) == text) m = &x;
    ASSERT_TRUE(m) << text;
    undos.emplace_back();
    pos.make(*m, undos.back());
  }
}

struct Choice {
  std::string move;
  int score = 0;
};

Choice choose(const Rules& r, Position& pos, const std::string& spec) {
  auto p = ai::make_player(spec, r, 1);
  EXPECT_TRUE(p) << spec;
  if (!p) return {};
  ai::SearchInfo last;
  (*p)->on_info([&](const ai::SearchInfo& i) { last = i; });
  const std::string move = move_text(pos, (*p)->choose(pos).first());
  return {move, last.score};
}

// Where the rules have no repetition draw, a line that comes back to a
// position of the game counts as a draw in the search: White, a Wazir ahead,
// has walked its Man b2-b3-b2 while Black went e5-d5-e5, and b2b3 again,
// the best step by the Man's way to promotion, would only repeat; any other
// move keeps the lead.
TEST(AiSearch, ASideAheadDoesNotRepeatWhereRepeatingDrawsNothing) {
  Rules r = test_support::load("ai_repeat", men(""));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->end.repetition, 0);
  Position pos = board(r, {{"b2", "man", 0}, {"e1", "wazir", 0}, {"e5", "wazir", 1}}, 0);
  EXPECT_EQ(choose(r, pos, "alphabeta:depth=1").move, "b2b3");
  std::vector<Undo> undos;
  undos.reserve(8);
  play(pos, undos, {"b2b3", "e5d5", "b3b2", "d5e5"});
  for (const char* spec : {"alphabeta:depth=1", "alphabeta:depth=3", "ai:3"}) {
    const Choice c = choose(r, pos, spec);
    EXPECT_NE(c.move, "b2b3") << spec;
    EXPECT_GT(c.score, 0) << spec;
  }
}

// With threefold repetition a draw (as in chess), the position after b2b3 has
// stood on the board once: b2b3 would repeat it, which the search scores a
// draw, so White, a man ahead, plays another move that keeps its lead (with
// no repetition draw in the search it played b2b3 again, its best move when
// nothing has happened yet). Black, a man behind, takes the repetition d5e5.
TEST(AiRepetition, ASideAheadAvoidsARepetitionAndASideBehindTakesIt) {
  Rules r = test_support::load("ai_repeat_threefold", men("  ends = { repetition = 3 },\n"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->end.repetition, 3);
  Position pos = board(r, {{"b2", "man", 0}, {"e1", "wazir", 0}, {"e5", "wazir", 1}}, 0);
  EXPECT_EQ(choose(r, pos, "alphabeta:depth=1").move, "b2b3");
  std::vector<Undo> undos;
  undos.reserve(8);
  play(pos, undos, {"b2b3", "e5d5", "b3b2"});
  // Black to move: d5e5 brings back the start.
  for (const char* spec : {"alphabeta:depth=1", "alphabeta:depth=3", "ai:3"}) {
    const Choice c = choose(r, pos, spec);
    EXPECT_EQ(c.move, "d5e5") << spec;
    EXPECT_EQ(c.score, -ai::kDefaultContempt) << spec;
  }
  play(pos, undos, {"d5e5"});
  for (const char* spec : {"alphabeta:depth=1", "alphabeta:depth=3", "ai:3"}) {
    const Choice c = choose(r, pos, spec);
    EXPECT_NE(c.move, "b2b3") << spec;
    EXPECT_GT(c.score, 0) << spec;
  }
}

// Where a repetition loses for one seat, the search leaves it to the rules:
// the second occurrence is no draw, and Black, behind, has no reason to repeat
// (its search scores every move as the position, not as a draw).
TEST(AiRepetition, ARepetitionThatLosesIsLeftToTheRules) {
  Rules r = test_support::load(
      "ai_repeat_loses", men("  ends = { repetition = { count = 3, loser = \"black\" } },\n"));
  ASSERT_TRUE(r);
  ASSERT_EQ(r->end.repetition_loser, 1);
  Position pos = board(r, {{"b2", "man", 0}, {"e1", "wazir", 0}, {"e5", "wazir", 1}}, 0);
  std::vector<Undo> undos;
  undos.reserve(8);
  play(pos, undos, {"b2b3", "e5d5", "b3b2"});
  const Choice c = choose(r, pos, "alphabeta:depth=1");
  EXPECT_NE(c.score, -ai::kDefaultContempt) << c.move;
  EXPECT_LT(c.score, 0) << c.move;
}

// ------------------------------------------------------------- the hunt

// A King each (royal, checked) and Wazirs of value 1 on a 7x7 board, or
// Wazirs alone where losing every piece loses; mobility weighs nothing, so
// that a position's worth differs only by material and the hunt, each step
// worth ai.hunt = 5.
std::string hunt_game(bool kings) {
  const std::string king =
      kings ? "    piece { name = \"king\", symbol = \"K\", value = 0, royal = true,\n"
              "      moves = { step { dirs = \"all\" } } },\n"
            : "";
  const std::string rest =
      kings
          ? "  setup = { white = { king = \"a1\", wazir = \"b1\" }, black = { king = \"g7\" } },\n"
            "  ends = { check = true },\n"
          : "  setup = { white = { wazir = \"a1\" }, black = { wazir = \"g7\" } },\n"
            "  ends = { extinction = true },\n";
  return "return game {\n  title = \"hunt\",\n  board = grid { width = 7, height = 7 },\n"
         "  pieces = {\n" +
         king +
         "    piece { name = \"wazir\", symbol = \"W\", value = 1, moves = { step { dirs = "
         "\"orthogonal\" } } },\n  },\n  ai = { mobility = 0, hunt = 5 },\n" +
         rest + "}\n";
}

int worth(const Rules& r, std::initializer_list<test_support::Put> pieces) {
  Position pos = board(r, pieces);
  return ai::Evaluator(*r)(pos, 0);
}

// Two Wazirs ahead, White closes on the enemy King (a step nearer: hunt) and
// drives it from the middle (a step further out: four hunts); its own King
// joins only once the enemy King is bare.
TEST(AiHunt, TheSideAheadHuntsTheEnemyRoyalPiece) {
  Rules r = test_support::load("ai_hunt_royal", hunt_game(true));
  ASSERT_TRUE(r);
  // c3 is 4 steps from g7, d4 3 (steps count in every direction).
  EXPECT_EQ(
      worth(r, {{"a1", "king", 0}, {"g7", "king", 1}, {"d4", "wazir", 0}, {"a7", "wazir", 0}}) -
          worth(r, {{"a1", "king", 0}, {"g7", "king", 1}, {"c3", "wazir", 0}, {"a7", "wazir", 0}}),
      5);
  // The enemy King on f6 (eccentricity 5) rather than g7 (6): every hunter one
  // step nearer (the Wazirs on a1 and a7: 1 each, the King on a2: 1), the
  // King one step nearer the middle (-4).
  EXPECT_EQ(
      worth(r, {{"a2", "king", 0}, {"g7", "king", 1}, {"a1", "wazir", 0}, {"a7", "wazir", 0}}) -
          worth(r, {{"a2", "king", 0}, {"f6", "king", 1}, {"a1", "wazir", 0}, {"a7", "wazir", 0}}),
      5 * (4 - 3));
  // With a Wazir beside its King, Black is not bare: White's King stays out.
  auto not_bare = [&](const char* king) {
    return worth(r, {{king, "king", 0},
                     {"g7", "king", 1},
                     {"g1", "wazir", 1},
                     {"a1", "wazir", 0},
                     {"a7", "wazir", 0},
                     {"b1", "wazir", 0}});
  };
  EXPECT_EQ(not_bare("d4"), not_bare("c3"));
  auto bare = [&](const char* king) {
    return worth(r, {{king, "king", 0}, {"g7", "king", 1}, {"a1", "wazir", 0}, {"a7", "wazir", 0}});
  };
  EXPECT_EQ(bare("d4") - bare("c3"), 5);
}

// Where losing every piece loses and no capture wins, each piece of the side
// two ahead closes on the nearest enemy piece.
TEST(AiHunt, WhereExtinctionLosesTheSideAheadClosesOnTheNearestEnemy) {
  Rules r = test_support::load("ai_hunt_swarm", hunt_game(false));
  ASSERT_TRUE(r);
  auto w = [&](const char* wazir) {
    return worth(r, {{wazir, "wazir", 0},
                     {"a1", "wazir", 0},
                     {"a2", "wazir", 0},
                     {"a3", "wazir", 0},
                     {"g7", "wazir", 1},
                     {"g1", "wazir", 1}});
  };
  // c5 is 4 steps from g7 and from g1; e5 is 2 from g7 (4 from g1): the
  // nearest counts.
  EXPECT_EQ(w("e5") - w("c5"), 5 * 2);
  // One ahead only: no hunt.
  EXPECT_EQ(worth(r, {{"e5", "wazir", 0}, {"a1", "wazir", 0}, {"g7", "wazir", 1}}),
            worth(r, {{"c5", "wazir", 0}, {"a1", "wazir", 0}, {"g7", "wazir", 1}}));
}

// ------------------------------------------------------------- budgets

TEST(UciBudget, AnEngineSpecTakesNodesDepthOrMovetime) {
  auto nodes = uci::parse_engine_spec("uci:/usr/games/fairy-stockfish:nodes=2500");
  ASSERT_TRUE(nodes);
  EXPECT_EQ(nodes->go.nodes, 2500u);
  EXPECT_TRUE(nodes->options.empty());
  auto depth = uci::parse_engine_spec("uci:engine:depth=4,Level=3");
  ASSERT_TRUE(depth);
  EXPECT_EQ(depth->go.depth, 4);
  ASSERT_EQ(depth->options.size(), 1u);
  EXPECT_EQ(depth->options[0].first, "Level");
  auto movetime = uci::parse_engine_spec("uci:engine:movetime=200");
  ASSERT_TRUE(movetime);
  EXPECT_EQ(movetime->go.millis, 200);
  auto none = uci::parse_engine_spec("uci:engine");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->go.any());
}

// A strength with no budget is refused before the engine is run, saying what
// the engine would search; with a budget the spec goes on to start the engine.
TEST(UciBudget, AStrengthWithoutABudgetIsRefused) {
  auto r = bundled("chess/orthodox");
  for (const char* spec :
       {"uci:/nonexistent/engine:Level=3", "uci:/nonexistent/engine:Skill Level=0",
        "uci:/nonexistent/engine:UCI_Elo=1500,Threads=1"}) {
    auto p = uci::make_any_player(spec, r, 1);
    ASSERT_FALSE(p) << spec;
    const std::string text = p.error().text();
    EXPECT_NE(text.find("sets the engine's strength, not what it searches: give nodes=N, depth=N "
                        "or movetime=MS as well (without them it searches 1000 ms a move"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.rfind(spec, 0), 0u) << text;
  }
  for (const char* spec :
       {"uci:/nonexistent/engine:Level=3,nodes=2500",
        "uci:/nonexistent/engine:movetime=50,Skill Level=0", "uci:/nonexistent/engine"}) {
    auto p = uci::make_any_player(spec, r, 1);
    ASSERT_FALSE(p) << spec;
    EXPECT_NE(p.error().text().find("cannot run '/nonexistent/engine'"), std::string::npos)
        << p.error().text();
  }
}

std::string bestmove(const Rules& r, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::serve(r, in, out);
  const std::string text = out.str();
  const size_t at = text.rfind("bestmove ");
  if (at == std::string::npos) return "";
  return text.substr(at + 9, text.find_first_of(" \n", at + 9) - at - 9);
}

// Regula's own UCI Level N with a plain go plays what ai:N plays: the same
// budget (ai::level_budget), seed and table.
TEST(UciBudget, LevelNPlaysWhatAiNPlays) {
  struct Case {
    const char* rules;
    const char* fen;  // "" for the start
  };
  int compared = 0;
  for (const Case& c : {Case{"chess/orthodox", ""},
                        Case{"chess/orthodox",
                             "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
                        Case{"draughts/spanish", ""}}) {
    auto r = bundled(c.rules);
    Position pos(r);
    if (*c.fen) {
      auto read = read_position(r, c.fen);
      ASSERT_TRUE(read) << c.fen;
      pos = *read;
    }
    for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level) {
      for (uint64_t seed : {1u, 7u}) {
        const std::string setup =
            "setoption name Level value " + std::to_string(level) + "\nsetoption name Seed value " +
            std::to_string(seed) + "\n" +
            (*c.fen ? "position fen " + std::string(c.fen) : "position startpos") + "\ngo\n";
        auto p = ai::make_player("ai:" + std::to_string(level), r, seed);
        ASSERT_TRUE(p);
        const std::string mine = uci::uci_text(pos, (*p)->choose(pos));
        EXPECT_EQ(bestmove(r, setup), mine) << c.rules << " " << c.fen << " level " << level;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 30);
}

}  // namespace
}  // namespace regula
