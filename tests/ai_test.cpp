// The computer players: they find forced wins, obey the rules on every
// bundled script, answer the same for the same seed and budget, and answer
// with a legal decision when stopped at once. The forced wins are checked by
// a brute-force search written here, independent of the players' code.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <random>
#include <string>
#include <thread>

#include "ai/alpha_beta.h"
#include "ai/evaluation.h"
#include "ai/mcts.h"
#include "ai/player_spec.h"
#include "ai/random_player.h"
#include "ai/random_turn.h"
#include "ai/settings.h"
#include "ai/transposition_table.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::board;
using test_support::bundled;
using test_support::Rules;

Position fen(const Rules& r, const std::string& text) {
  auto p = read_position(r, text);
  EXPECT_TRUE(p) << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

// Whether the side to move in pos can force a win within n of its own moves,
// by trying everything (the rules' own results decide what a win is).
bool wins_within(Position& pos, int n) {
  const SeatId me = pos.decider();
  MoveList moves;
  if (game_result(pos, moves).over || n == 0) return false;
  for (const Move& m : moves) {
    Undo u;
    pos.make(m, u);
    bool won;
    const Result res = game_result(pos);
    if (res.over) {
      won = res.outcome[me] == Outcome::kWin;
    } else {
      // Every reply must leave a win within n - 1.
      won = n > 1;
      MoveList replies;
      legal_moves(pos, replies);
      for (const Move& reply : replies) {
        Undo v;
        pos.make(reply, v);
        const Result after = game_result(pos);
        const bool ok = after.over ? after.outcome[me] == Outcome::kWin : wins_within(pos, n - 1);
        pos.unmake(reply, v);
        if (!ok) {
          won = false;
          break;
        }
      }
    }
    pos.unmake(m, u);
    if (won) return true;
  }
  return false;
}

// Whether the position after m (made by the side to move) is won for that
// side within n - 1 further moves of its own, whatever the replies.
bool keeps_win(Position& pos, const Move& m, int n) {
  const SeatId me = pos.decider();
  Undo u;
  pos.make(m, u);
  bool ok = true;
  const Result res = game_result(pos);
  if (res.over) {
    ok = res.outcome[me] == Outcome::kWin;
  } else {
    MoveList replies;
    legal_moves(pos, replies);
    for (const Move& reply : replies) {
      Undo v;
      pos.make(reply, v);
      const Result after = game_result(pos);
      ok = after.over ? after.outcome[me] == Outcome::kWin : wins_within(pos, n - 1);
      pos.unmake(reply, v);
      if (!ok) break;
    }
  }
  pos.unmake(m, u);
  return ok;
}

std::unique_ptr<ai::Player> player(const std::string& spec, const Rules& r, uint64_t seed = 1) {
  auto p = ai::make_player(spec, r, seed);
  EXPECT_TRUE(p) << spec << ": " << (p ? "" : p.error().text());
  return p ? std::move(*p) : nullptr;
}

bool is_legal(Position& pos, const Move& m) {
  MoveList moves;
  legal_moves(pos, moves);
  for (const Move& x : moves)
    if (x.same(m)) return true;
  return false;
}

TEST(AiSearch, FindsMateInOne) {
  Rules r = bundled("chess/orthodox");
  // The back rank: only Ra8 mates.
  Position pos = fen(r, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  ASSERT_TRUE(wins_within(pos, 1));
  for (const char* spec : {"alphabeta:depth=1", "ai:1", "ai:3", "mcts:iterations=400",
                           "alphabeta:depth=1,threads=3"}) {
    auto p = player(spec, r);
    const Turn t = p->choose(pos);
    ASSERT_EQ(t.steps.size(), 1u);
    EXPECT_EQ(move_text(pos, t.first()), "a1a8") << spec;
    EXPECT_TRUE(keeps_win(pos, t.first(), 1)) << spec;
  }
}

TEST(AiSearch, FindsMateInTwo) {
  Rules r = bundled("chess/orthodox");
  // King and rook against king: no mate at once, a mate in two.
  Position pos = fen(r, "k7/8/2K5/8/8/8/8/1R6 w - - 0 1");
  ASSERT_FALSE(wins_within(pos, 1));
  ASSERT_TRUE(wins_within(pos, 2));
  for (const char* spec : {"alphabeta:depth=3", "ai:3", "alphabeta:depth=3,threads=2"}) {
    auto p = player(spec, r);
    ai::SearchInfo seen;
    p->on_info([&](const ai::SearchInfo& i) { seen = i; });
    const Turn t = p->choose(pos);
    EXPECT_TRUE(keeps_win(pos, t.first(), 2)) << spec << " played " << move_text(pos, t.first());
    EXPECT_EQ(seen.mate(), 3) << spec;  // our move, the reply, the mate
    EXPECT_EQ(seen.mate_in_moves(), 2) << spec;
  }
}

TEST(AiSearch, CapturesTheJetanPrincessInOne) {
  Rules r = bundled("jetan/cazaux");
  // Black's flier reaches the orange Princess on f8 in three diagonal steps
  // (e5-d6-e7-f8 ... any route); her capture ends the game.
  Position pos = board(r,
                       {{"e5", "flier", 0},
                        {"a1", "chief", 0},
                        {"a2", "princess", 0},
                        {"h8", "princess", 1},
                        {"j10", "chief", 1},
                        {"c3", "dwar", 1}},
                       0);
  ASSERT_TRUE(wins_within(pos, 1));
  for (const char* spec : {"alphabeta:depth=1", "ai:2", "mcts:iterations=300"}) {
    auto p = player(spec, r);
    const Turn t = p->choose(pos);
    EXPECT_TRUE(keeps_win(pos, t.first(), 1)) << spec << " played " << move_text(pos, t.first());
  }
}

// Taking the Princess ends the game: it is searched before any capture of
// material, at every node. Taken last (she is worth 0), it let the replies to
// each root move fan out through every other capture first, and the top level
// ran out of nodes before it had searched one full ply: from this position
// (game 4 of a level 5 against level 4 match) it took a Thoat with its
// Princess, and Black's Panthan took her.
TEST(AiSearch, JetanCapturesThatWinAreSearchedFirst) {
  Rules r = bundled("jetan/cazaux");
  Position pos =
      fen(r, "wadf1cfdaw/tnnn1nnnnt/4n5/10/3P6/3F4p1/10/10/TNNNNNNNNT/WAD1C1FDAW orange");
  for (const char* spec : {"ai:3", "ai:4", "ai:5"}) {
    auto p = player(spec, r);
    ai::SearchInfo last;
    p->on_info([&](const ai::SearchInfo& i) { last = i; });
    const Turn t = p->choose(pos);
    EXPECT_NE(move_text(pos, t.first()), "i5j2") << spec;
    // Nor anything else that lets Black win at once.
    Undo u;
    pos.make(t.first(), u);
    EXPECT_FALSE(wins_within(pos, 1)) << spec << " played " << move_text(pos, t.first());
    pos.unmake(t.first(), u);
    EXPECT_GE(last.depth, std::string(spec) == "ai:3" ? 1 : 2) << spec;
  }
}

// A piece whose capture wins the game, attacked where its side is to move at
// the end of the search, is no position to stand still in, as check is not:
// here a quiet Knight move traps the white Prince, walled in by his own
// Wazirs, and one ply of search with the quiescence after it sees the win,
// where standing still would have judged only White's extra Wazirs and taken one.
TEST(AiSearch, AThreatToAPieceWhoseCaptureWinsIsSearched) {
  Rules r = test_support::load("ai_prince", R"(return game {
  title = "prince and knights",
  board = grid { width = 5, height = 5 },
  pieces = {
    piece { name = "prince", symbol = "P", value = 0, moves = { step { dirs = "orthogonal" } } },
    piece { name = "wazir", symbol = "W", value = 1, moves = { step { dirs = "orthogonal" } } },
    piece { name = "knight", symbol = "N", value = 1, moves = { leap { offsets = { { 1, 2 } } } } },
  },
  setup = { white = { prince = "a1" }, black = { prince = "e5" } },
  ends = { captures = { { captured = "prince", result = "win" } } },
}
)");
  ASSERT_TRUE(r);
  Position pos = board(r,
                       {{"a1", "prince", 0},
                        {"a2", "wazir", 0},
                        {"b1", "wazir", 0},
                        {"e2", "wazir", 0},
                        {"d4", "knight", 1},
                        {"e5", "prince", 1}},
                       1);
  ASSERT_FALSE(wins_within(pos, 1));
  ASSERT_TRUE(wins_within(pos, 2));
  auto p = player("alphabeta:depth=1", r);
  ai::SearchInfo last;
  p->on_info([&](const ai::SearchInfo& i) { last = i; });
  const Turn t = p->choose(pos);
  const std::string played = move_text(pos, t.first());
  EXPECT_TRUE(played == "d4b3" || played == "d4c2") << played;
  EXPECT_EQ(last.mate(), 3) << last.score;  // the Knight, any reply, the Prince taken
}

// A Prince each on a 7x7 board, whose capture wins, and Wazirs of value 1 to
// be ahead with; mobility weighs nothing, so that a position's worth differs
// only by material and by the hunt term, each step worth ai.hunt = hunt.
std::string prince_hunt(int hunt) {
  return R"(return game {
  title = "prince hunt",
  board = grid { width = 7, height = 7 },
  pieces = {
    piece { name = "prince", symbol = "P", value = 0, moves = { step { dirs = "all" } } },
    piece { name = "wazir", symbol = "W", value = 1, moves = { step { dirs = "orthogonal" } } },
  },
  setup = { white = { prince = "a1" }, black = { prince = "g7" } },
  ends = { captures = { { captured = "prince", result = "win" } } },
  ai = { mobility = 0, hunt = )" +
         std::to_string(hunt) + R"( },
}
)";
}

// The side two pieces of value 1 ahead brings its pieces nearer the enemy
// piece whose capture wins: with mobility weighed at nothing, each step is
// worth ai.hunt, and a side not so far ahead, or a script that sets hunt = 0,
// gets nothing for it.
TEST(AiScript, TheSideAheadHuntsThePieceWhoseCaptureWins) {
  Rules r = test_support::load("ai_hunt", prince_hunt(5));
  Rules off = test_support::load("ai_hunt_off", prince_hunt(0));
  ASSERT_TRUE(r && off);
  EXPECT_EQ(ai_settings(*r).hunt, 5);
  auto worth = [](const Rules& rules, const char* wazir, bool two) {
    Position pos =
        two ? board(rules, {{"a1", "prince", 0},
                            {"g7", "prince", 1},
                            {wazir, "wazir", 0},
                            {"a7", "wazir", 0}})
            : board(rules, {{"a1", "prince", 0}, {"g7", "prince", 1}, {wazir, "wazir", 0}});
    return ai::Evaluator(*rules)(pos, 0);
  };
  // Steps count in every direction: c3 is 4 from g7, d4 3, f6 1. With the
  // second Wazir, White is two ahead.
  EXPECT_EQ(worth(r, "d4", true) - worth(r, "c3", true), 5);
  EXPECT_EQ(worth(r, "f6", true) - worth(r, "c3", true), 15);
  EXPECT_EQ(worth(r, "f6", false), worth(r, "c3", false));  // one ahead: no hunt
  EXPECT_EQ(worth(off, "f6", true), worth(off, "c3", true));
  // The search steps towards the enemy Prince: only a7b7 comes nearer.
  Position pos =
      board(r, {{"a1", "prince", 0}, {"g7", "prince", 1}, {"c3", "wazir", 0}, {"a7", "wazir", 0}});
  auto p = player("alphabeta:depth=1", r);
  EXPECT_EQ(move_text(pos, p->choose(pos).first()), "a7b7");
}

TEST(AiSearch, PlaysTheForcedMajorityCapture) {
  Rules r = bundled("draughts/spanish");
  // White's man on c3 can take one piece (d4) or, from e3, two (d4 then
  // d6... see the assertion): the rules force the longer capture.
  Position pos = board(r,
                       {{"c3", "man", 0},
                        {"g3", "man", 0},
                        {"b4", "man", 1},
                        {"f4", "man", 1},
                        {"f6", "man", 1},
                        {"a7", "man", 1}},
                       0);
  MoveList moves;
  legal_moves(pos, moves);
  ASSERT_FALSE(moves.empty());
  int most = 0;
  for (const Move& m : moves) most = std::max<int>(most, m.ncap);
  ASSERT_EQ(most, 2) << "the position should offer a double capture";
  for (const char* spec : {"ai:1", "ai:3", "alphabeta:depth=4", "mcts:iterations=200"}) {
    auto p = player(spec, r);
    const Turn t = p->choose(pos);
    EXPECT_TRUE(is_legal(pos, t.first())) << spec;
    EXPECT_EQ(t.first().ncap, 2) << spec << " played " << move_text(pos, t.first());
  }
}

TEST(AiSearch, SameSeedSameBudgetSameMove) {
  for (const char* name : {"chess/orthodox", "mill/ishikulu", "chaturanga/four-handed"}) {
    Rules r = bundled(name);
    Position pos(r);
    // A few random turns in, so that the position is not the start.
    std::mt19937_64 rng(7);
    MoveList moves;
    for (int i = 0; i < 12; ++i) {
      if (game_result(pos, moves).over) break;
      Turn t = random_turn(pos, moves, rng);
      std::vector<Undo> undos;
      make_turn(pos, t, undos);
    }
    if (pos.awaiting_roll()) {
      legal_moves(pos, moves);
      Turn t = random_turn(pos, moves, rng);
      std::vector<Undo> undos;
      make_turn(pos, t, undos);
    }
    for (const char* spec : {"ai:2", "alphabeta:nodes=3000", "mcts:iterations=300"}) {
      const Turn a = player(spec, r, 42)->choose(pos);
      const Turn b = player(spec, r, 42)->choose(pos);
      ASSERT_EQ(a.steps.size(), b.steps.size()) << name << " " << spec;
      for (size_t i = 0; i < a.steps.size(); ++i)
        EXPECT_TRUE(a.steps[i].same(b.steps[i])) << name << " " << spec;
    }
  }
}

TEST(AiSearch, StoppedAtOnceStillAnswersLegally) {
  for (const char* name : {"chess/orthodox", "draughts/spanish", "mill/morabaraba",
                           "jetan/burroughs", "chaturanga/four-handed-stakes"}) {
    Rules r = bundled(name);
    Position pos(r);
    if (pos.awaiting_roll()) {
      MoveList moves;
      legal_moves(pos, moves);
      std::vector<Undo> undos;
      std::mt19937_64 rng(1);
      make_turn(pos, random_turn(pos, moves, rng), undos);
    }
    std::atomic<bool> stop{true};
    for (const char* spec : {"alphabeta:depth=30", "mcts:iterations=1000000"}) {
      auto p = player(spec, r);
      const Turn t = p->choose(pos, &stop);
      ASSERT_FALSE(t.steps.empty()) << name << " " << spec;
      EXPECT_TRUE(is_legal(pos, t.first())) << name << " " << spec;
    }
  }
}

// ----------------------------------------------------------------- budgets

// A position of rules some random turns in (more where needed), with a
// choice to make: no throw due, and more than one decision.
Position some_turns_in(const Rules& r, int turns, uint64_t seed) {
  Position pos(r);
  std::mt19937_64 rng(seed);
  MoveList moves;
  for (int i = 0;; ++i) {
    if (game_result(pos, moves).over) break;
    if (i >= turns && !pos.awaiting_roll() && moves.size() > 1) break;
    std::vector<Undo> undos;
    make_turn(pos, random_turn(pos, moves, rng), undos);
  }
  return pos;
}

// What one search by p with budget b saw: its last report. A search that has
// not answered after a long while is stopped, so that a budget the player
// ignores fails the test instead of hanging it (the report then shows the
// nodes it spent).
ai::SearchInfo search_with(ai::Player& p, const ai::Budget& b, Position& pos,
                           Turn* turn = nullptr) {
  p.set_budget(b);
  ai::SearchInfo last;
  p.on_info([&](const ai::SearchInfo& i) { last = i; });
  std::atomic<bool> stop{false};
  auto answer = std::async(std::launch::async, [&] { return p.choose(pos, &stop); });
  if (answer.wait_for(std::chrono::seconds(120)) != std::future_status::ready) {
    stop = true;
    ADD_FAILURE() << p.name() << " did not answer within its budget";
  }
  const Turn t = answer.get();
  EXPECT_FALSE(t.steps.empty()) << p.name();
  if (!t.steps.empty()) {
    EXPECT_TRUE(is_legal(pos, t.first())) << p.name();
  }
  if (turn) *turn = t;
  return last;
}

int decisions(Position& pos) {
  MoveList moves;
  legal_moves(pos, moves);
  return moves.size();
}

// A depth alone ends alpha-beta after that many full-width plies.
TEST(AiBudget, AlphaBetaDepth) {
  for (const char* name : {"chess/orthodox", "chaturanga/four-handed"}) {
    Rules r = bundled(name);
    Position pos(r);
    auto p = player("alphabeta", r);
    const ai::SearchInfo info = search_with(*p, ai::Budget{0, 3, 0}, pos);
    EXPECT_EQ(info.depth, 3) << name;
    EXPECT_TRUE(info.done) << name;
  }
}

TEST(AiBudget, AlphaBetaNodes) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  auto p = player("alphabeta", r);
  const ai::SearchInfo info = search_with(*p, ai::Budget{700, 0, 0}, pos);
  EXPECT_EQ(info.nodes, 700u);
}

// The table gives back each field as stored, the sign of a score and a
// depth below zero included; a key that shares the slot finds nothing; a
// shallower bound of the same search leaves a deeper result in place.
TEST(AiTable, KeepsWhatWasStored) {
  ai::TranspositionTable t(1);
  const uint64_t key = 0x9e3779b97f4a7c15ull;
  t.store(key, -ai::kWinScore + 3, 511, -1, ai::kLower, 200);
  ai::TranspositionTable::Entry e;
  ASSERT_TRUE(t.probe(key, e));
  EXPECT_EQ(e.score, -ai::kWinScore + 3);
  EXPECT_EQ(e.move, 512);
  EXPECT_EQ(e.depth, -1);
  EXPECT_EQ(e.bound, ai::kLower);
  EXPECT_EQ(e.age, 200);
  EXPECT_FALSE(t.probe(key ^ (uint64_t{1} << 40), e));  // the same slot, another position
  t.store(key, 7, -1, 5, ai::kExact, 201);
  t.store(key, 9, 3, 2, ai::kUpper, 201);
  ASSERT_TRUE(t.probe(key, e));
  EXPECT_EQ(e.score, 7);
  EXPECT_EQ(e.depth, 5);
  EXPECT_EQ(e.move, 512);  // kept: the exact result named no decision
  t.store(key, 1 << 30, 0, 3, ai::kExact, 202);
  ASSERT_TRUE(t.probe(key, e));
  EXPECT_EQ(e.score, (1 << 29) - 1);  // beyond what a slot keeps: the most it does
  t.clear();
  EXPECT_FALSE(t.probe(key, e));
}

// Threads that search together spend one budget of nodes: each tells the
// others what it searched every 256 nodes, so that they pass the budget by
// less than 512 nodes a thread.
TEST(AiBudget, AlphaBetaThreadsShareTheNodes) {
  Rules r = bundled("chess/orthodox");
  Position pos(r);
  auto p = player("alphabeta:threads=3", r);
  const ai::SearchInfo info = search_with(*p, ai::Budget{20000, 0, 0}, pos);
  EXPECT_GE(info.nodes, 20000u);
  EXPECT_LT(info.nodes, 20000u + 3 * 512);
}

// A time budget ends the search once it is spent (the search reports the
// time it took, at least the budget, since nothing else would end it here).
TEST(AiBudget, AlphaBetaMillis) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  auto p = player("alphabeta", r);
  const ai::SearchInfo info = search_with(*p, ai::Budget{0, 0, 50}, pos);
  EXPECT_TRUE(info.done);
  EXPECT_GE(info.millis, 50);
  EXPECT_GT(info.nodes, 0u);
}

// Depth 1 for MCTS: every root decision tried once, and no more.
TEST(AiBudget, MctsDepthOne) {
  for (const char* name : {"chaturanga/four-handed", "chess/orthodox"}) {
    Rules r = bundled(name);
    Position pos(r);
    auto p = player("mcts", r);
    const ai::SearchInfo info = search_with(*p, ai::Budget{0, 1, 0}, pos);
    EXPECT_EQ(info.nodes, static_cast<uint64_t>(decisions(pos))) << name;
    EXPECT_EQ(info.depth, 1) << name;
  }
}

// Deeper: the tree reaches the depth (counted in decisions, not throws) in a
// bounded number of iterations, with dice and without.
TEST(AiBudget, MctsDepth) {
  for (const char* name : {"chaturanga/four-handed", "chaturanga/four-handed-stakes"}) {
    Rules r = bundled(name);
    Position pos = some_turns_in(r, 0, 1);
    auto p = player("mcts", r);
    const ai::SearchInfo info = search_with(*p, ai::Budget{0, 4, 0}, pos);
    EXPECT_EQ(info.depth, 4) << name;
    EXPECT_LT(info.nodes, 100'000u) << name;
  }
}

// A tree that cannot grow to the depth asked for still stops: here every
// iteration follows the mate in one.
TEST(AiBudget, MctsDepthStopsWhereTheTreeCannotGrow) {
  Rules r = bundled("chess/orthodox");
  Position pos = fen(r, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  auto p = player("mcts", r);
  Turn t;
  const ai::SearchInfo info = search_with(*p, ai::Budget{0, 20, 0}, pos, &t);
  EXPECT_EQ(move_text(pos, t.first()), "a1a8");
  EXPECT_LT(info.nodes, 10'000u);
}

TEST(AiBudget, MctsNodes) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  auto p = player("mcts", r);
  EXPECT_EQ(search_with(*p, ai::Budget{300, 0, 0}, pos).nodes, 300u);
}

TEST(AiBudget, MctsMillis) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  auto p = player("mcts", r);
  const ai::SearchInfo info = search_with(*p, ai::Budget{0, 0, 50}, pos);
  EXPECT_TRUE(info.done);
  EXPECT_GE(info.millis, 50);
  EXPECT_GT(info.nodes, 0u);
}

// The random player answers at once whatever the budget.
TEST(AiBudget, RandomPlayerAnswersUnderEveryBudget) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  for (const ai::Budget& b : {ai::Budget{0, 1, 0}, ai::Budget{0, 64, 0}, ai::Budget{100, 0, 0},
                              ai::Budget{0, 0, 50}, ai::Budget{}}) {
    auto p = player("random", r);
    Turn t;
    search_with(*p, b, pos, &t);
    EXPECT_FALSE(t.steps.empty());
  }
}

// The spec reads MCTS's depth.
TEST(AiBudget, MctsSpecTakesADepth) {
  Rules r = bundled("chaturanga/four-handed");
  Position pos(r);
  auto p = player("mcts:depth=1", r);
  ai::SearchInfo last;
  p->on_info([&](const ai::SearchInfo& i) { last = i; });
  p->choose(pos);
  EXPECT_EQ(last.nodes, static_cast<uint64_t>(decisions(pos)));
}

// Quiescence goes on through a throw of the dice instead of starting again
// below each (and through two at most): a one-ply search of a middlegame with
// dice stays small (115 positions here; 16,594, searched without reductions
// or table cutoffs, when each throw started quiescence again).
TEST(AiBudget, QuiescenceDoesNotStartAgainAtEachThrow) {
  Rules r = bundled("chaturanga/four-handed", {{"dice", "on"}});
  Position pos = some_turns_in(r, 22, 27);
  auto p = player("alphabeta", r);
  const ai::SearchInfo info = search_with(*p, ai::Budget{0, 1, 0}, pos);
  EXPECT_EQ(info.depth, 1);
  EXPECT_LT(info.nodes, 1000u) << info.nodes;
}

// The bounded search of throws (Star1 and Star2) finds the score of the plain
// expectimax, with fewer nodes. Both search their fixed-depth trees exactly
// (no reductions, no scores from the table), so that their scores can be
// compared at all.
TEST(AiBudget, BoundedChanceSearchScoresAsExpectimax) {
  struct Case {
    const char* name;
    script::OptionList options;
    int depth;
  };
  uint64_t full_nodes = 0, bounded_nodes = 0;
  for (const Case& c :
       {Case{"chaturanga/four-handed-stakes", {}, 2}, Case{"chaturanga/four-handed-stakes", {}, 3},
        Case{"chaturanga/four-handed", {{"dice", "on"}}, 2},
        Case{"chaturanga/four-handed", {{"dice", "on"}}, 3}}) {
    Rules r = bundled(c.name, c.options);
    for (int turns : {0, 9, 22}) {
      Position pos = some_turns_in(r, turns, 5 + turns);
      if (game_result(pos).over) continue;
      ai::SearchInfo full_info, bounded_info;
      for (bool full : {true, false}) {
        ai::AlphaBetaOptions o;
        o.budget.depth = c.depth;
        o.exact = true;
        o.full_chance = full;
        ai::AlphaBeta ab(r, o, "alphabeta");
        ab.decide(pos, nullptr, full ? &full_info : &bounded_info);
      }
      const std::string where = std::string(c.name) + " depth " + std::to_string(c.depth) +
                                " after " + std::to_string(turns) + " turns";
      EXPECT_EQ(bounded_info.depth, c.depth) << where;
      EXPECT_EQ(bounded_info.score, full_info.score) << where;
      full_nodes += full_info.nodes;
      bounded_nodes += bounded_info.nodes;
    }
  }
  // Fewer in all (a probe that fails can cost a few more in one position).
  EXPECT_LT(bounded_nodes, full_nodes * 9 / 10);
}

// Seeded games against the random player on every bundled script, with small
// budgets so that there can be many: every decision the players return must be
// among the legal ones, and every game must end (or reach the ply cap).
TEST(AiSearch, NeverPlaysAnIllegalMove) {
  const std::vector<script::ScriptInfo> scripts = script::bundled_scripts();
  ASSERT_GE(scripts.size(), 14u);
  int checked = 0;
  for (const script::ScriptInfo& info : scripts) {
    const std::string& name = info.name;
    Rules r = bundled(name);
    const bool ab = ai::alpha_beta_applies(*r);
    const int games = (ab ? 180 : 30) / (test_support::kSanitized ? 6 : 1);
    for (int g = 0; g < games; ++g) {
      const std::string spec = g % 2 ? "alphabeta:nodes=40,seed=" + std::to_string(g)
                                     : "mcts:iterations=6,cutoff=6,seed=" + std::to_string(g);
      auto ai = player(spec, r);
      ai::RandomPlayer random(g);
      Position pos(r);
      std::mt19937_64 dice(g);
      const SeatId ai_seat = static_cast<SeatId>(g % r->num_seats());
      MoveList moves;
      for (int ply = 0; ply < 300; ++ply) {
        if (game_result(pos, moves).over) break;
        Turn t;
        if (pos.awaiting_roll())
          t = random_turn(pos, moves, dice);
        else if (pos.decider() == ai_seat)
          t = ai->choose(pos);
        else
          t = random.choose(pos);
        ASSERT_FALSE(t.steps.empty()) << name;
        std::vector<Undo> undos(t.steps.size());
        for (size_t i = 0; i < t.steps.size(); ++i) {
          ASSERT_TRUE(is_legal(pos, t.steps[i]))
              << name << " game " << g << " ply " << ply << ": " << move_text(pos, t.steps[i]);
          pos.make(t.steps[i], undos[i]);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, test_support::kSanitized ? 40000 : 100000);
}

TEST(AiSpec, RejectsWhatIsNotAPlayer) {
  Rules r = bundled("chess/orthodox");
  for (const char* bad : {"", "ai", "ai:0", "ai:6", "ai:x", "alphabeta:nodes", "alphabeta:foo=1",
                          "alphabeta:nodes=-1", "mcts:playout=smart", "random:depth=2", "minimax",
                          "ai:3:cutoff=4", "alphabeta:nodes=5,nodes=7", "alphabeta:threads=0",
                          "alphabeta:threads=65", "mcts:threads=2"}) {
    auto p = ai::make_player(bad, r, 1);
    EXPECT_FALSE(p) << "'" << bad << "' was taken";
    if (!p) {
      EXPECT_FALSE(p.error().what.empty());
    }
  }
  for (const char* good : {"random", "random:seed=4", "ai:1", "ai:5", "alphabeta",
                           "alphabeta:depth=3,nodes=1000,ms=50", "mcts:iterations=5,playout=random",
                           "ai:2:seed=9,ms=100", "ai:5:threads=64"}) {
    auto p = ai::make_player(good, r, 1);
    EXPECT_TRUE(p) << good << ": " << (p ? "" : p.error().text());
  }
}

TEST(AiSpec, LevelsChooseTheSearchByTheRules) {
  EXPECT_TRUE(ai::alpha_beta_applies(*bundled("chess/orthodox")));
  EXPECT_TRUE(ai::alpha_beta_applies(*bundled("mill/ishikulu")));
  EXPECT_TRUE(ai::alpha_beta_applies(*bundled("chaturanga/two-handed")));
  EXPECT_FALSE(ai::alpha_beta_applies(*bundled("chaturanga/four-handed")));
  EXPECT_FALSE(ai::alpha_beta_applies(*bundled("chaturanga/four-handed-stakes")));
  Rules chess = bundled("chess/orthodox");
  for (int level = 2; level <= ai::kMaxLevel; ++level)
    EXPECT_GT(ai::level_budget(*chess, level).nodes, ai::level_budget(*chess, level - 1).nodes);
}

// ---- what scripts tell the players --------------------------------------

// Two wazirs on a 5x5 board; more is appended inside the game table.
std::string wazir_game(const std::string& more) {
  return R"(return game {
  title = "wazirs",
  board = grid { width = 5, height = 5 },
  pieces = { piece { name = "wazir", symbol = "W", value = 1, moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { wazir = "c3" }, black = { wazir = "a5" } },
)" + more +
         "\n}\n";
}

TEST(AiScript, ReadsTheAiTable) {
  Rules r = test_support::load("ai_table", wazir_game(R"(  ai = { search = "mcts", material = 50,
    promotion = 0, mobility = 7, cutoff = 12, contempt = 40 },)"));
  ASSERT_TRUE(r);
  EXPECT_EQ(ai_settings(*r).algorithm, AiSettings::Algorithm::kMcts);
  EXPECT_EQ(ai_settings(*r).material, 50);
  EXPECT_EQ(ai_settings(*r).promotion, 0);
  EXPECT_EQ(ai_settings(*r).mobility, 7);
  EXPECT_EQ(ai_settings(*r).cutoff, 12);
  EXPECT_EQ(ai_settings(*r).contempt, 40);
  // Two seats and no dice would take alpha-beta; the script asked for MCTS.
  EXPECT_FALSE(ai::alpha_beta_applies(*r));
  Rules defaults = test_support::load("ai_defaults", wazir_game(""));
  ASSERT_TRUE(defaults);
  EXPECT_EQ(ai_settings(*defaults).algorithm, AiSettings::Algorithm::kByRules);
  EXPECT_EQ(ai_settings(*defaults).material, 100);
  EXPECT_TRUE(ai::alpha_beta_applies(*defaults));
}

TEST(AiScript, RejectsABadAiTable) {
  const std::pair<const char*, const char*> cases[] = {
      {"  ai = 3,", "ai = {"},
      {"  ai = { depth = 4 },", "unknown field 'depth' in ai"},
      {"  ai = { search = \"minimax\" },", "ai.search must be \"alphabeta\" or \"mcts\""},
      {"  ai = { material = -1 },", "material"},
      {"  ai = { mobility = 10001 },", "mobility"},
      {"  ai = { cutoff = 5000 },", "cutoff"},
      {"  ai = { contempt = -3 },", "contempt"},
      {"  evaluate = 4,", "evaluate must be a function"},
  };
  for (const auto& [text, expected] : cases) {
    const Error e = test_support::load_error("ai_bad", wazir_game(text));
    EXPECT_NE(e.text().find(expected), std::string::npos) << text << " gave: " << e.text();
    EXPECT_NE(e.text().find("ai_bad.lua:"), std::string::npos) << e.text();
  }
}

// The evaluate hook replaces the default evaluation: a hook that loves the
// corner e1 makes white walk there, where material alone sees no difference
// (within the horizon: deeper, every path reaches e1 and all moves tie).
TEST(AiScript, TheEvaluateHookSteersTheSearch) {
  Rules r = test_support::load("ai_hook", wazir_game(R"(  evaluate = function(pos, seat)
    local piece, owner = pos:at("e1")
    local v = 0
    if piece and owner == "white" then v = 5 end
    if seat == "white" then return v else return -v end
  end,)"));
  ASSERT_TRUE(r);
  Position pos = board(r, {{"d1", "wazir", 0}, {"a5", "wazir", 1}});
  // Helper threads call the hook too, each on its own Lua state.
  for (const char* spec :
       {"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3,threads=2"}) {
    const Turn t = player(spec, r)->choose(pos);
    EXPECT_EQ(move_text(pos, t.first()), "d1e1") << spec;
  }
  Position away = board(r, {{"c1", "wazir", 0}, {"a5", "wazir", 1}});
  auto p = player("alphabeta:depth=4", r);
  ai::SearchInfo last;
  p->on_info([&](const ai::SearchInfo& i) { last = i; });
  const Turn t = p->choose(away);
  EXPECT_EQ(move_text(away, t.first()), "c1d1");
  EXPECT_EQ(last.score, 5 * ai::kPieceUnit);
}

TEST(AiScript, AnEvaluateHookThatReturnsNoNumberIsAnError) {
  Rules r = test_support::load("ai_hook_bad", wazir_game(R"(  evaluate = function(pos, seat)
    return "good"
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  for (const char* spec : {"alphabeta:depth=2", "alphabeta:depth=2,threads=2"}) {
    auto err = test_support::rule_error([&] { player(spec, r)->choose(pos); });
    ASSERT_TRUE(err) << spec;
    EXPECT_NE(err->text().find("evaluate hook: must return a finite number, not string"),
              std::string::npos)
        << err->text();
    EXPECT_NE(err->text().find("ai_hook_bad.lua:"), std::string::npos) << err->text();
  }
}

// A draw costs the side searching its contempt: where every move draws, the
// score is minus the contempt the spec gives, else the script's, else 25.
TEST(AiScript, ContemptPricesADraw) {
  const std::string pieces = R"(return game {
  title = "pawns",
  board = grid { width = 5, height = 5 },
  pieces = { piece { name = "pawn", symbol = "P", value = 1, moves = { step { dirs = "forward" } } } },
  setup = { white = { pawn = "a2 e2" }, black = { pawn = "c5" } },
  end_check = function(pos)
    for _, f in ipairs({ "a", "b", "c", "d", "e" }) do
      local piece, seat = pos:at(f .. "3")
      if piece and seat == "white" then return { draw = true, reason = "third rank" } end
    end
  end,
)";
  auto score = [](const Rules& r, const std::string& spec) {
    Position pos(r);
    auto p = player(spec, r);
    ai::SearchInfo last;
    p->on_info([&](const ai::SearchInfo& i) { last = i; });
    p->choose(pos);
    return last.score;
  };
  // The script's last brace in a raw string too, as its first is.
  Rules plain = test_support::load("contempt_default", pieces + R"(}
)");
  Rules keen = test_support::load("contempt_script", pieces + R"(  ai = { contempt = 40 },
}
)");
  ASSERT_TRUE(plain && keen);
  EXPECT_EQ(score(plain, "alphabeta:depth=2"), -ai::kDefaultContempt);
  EXPECT_EQ(score(keen, "alphabeta:depth=2"), -40);
  EXPECT_EQ(score(keen, "alphabeta:depth=2,contempt=300"), -300);
  EXPECT_EQ(score(plain, "alphabeta:depth=2,contempt=0"), 0);
}

// A tree of many nodes: the children of a node are pushed onto the vector the
// node itself lives in, which moves as it grows (levels 4 and 5 of MCTS, and
// any game with dice, build trees of thousands of nodes).
TEST(AiSearch, MctsGrowsALargeTree) {
  for (const char* name : {"chess/orthodox", "chaturanga/four-handed-stakes"}) {
    Rules r = bundled(name);
    Position pos(r);
    std::mt19937_64 rng(3);
    MoveList moves;
    if (pos.awaiting_roll()) {
      legal_moves(pos, moves);
      std::vector<Undo> undos;
      make_turn(pos, random_turn(pos, moves, rng), undos);
    }
    auto p = player("mcts:iterations=20000", r);
    ai::SearchInfo last;
    p->on_info([&](const ai::SearchInfo& i) { last = i; });
    const Turn t = p->choose(pos);
    EXPECT_TRUE(is_legal(pos, t.first())) << name;
    EXPECT_EQ(last.nodes, 20000u) << name;
  }
}

// Stopped from another thread in the middle of a search that would take
// hours: it answers at once with a legal decision.
TEST(AiSearch, StoppedWhileSearchingAnswersLegally) {
  for (const char* spec :
       {"alphabeta:depth=60", "mcts:iterations=1000000000", "alphabeta:depth=60,threads=3"}) {
    Rules r = bundled("chess/orthodox");
    Position pos(r);
    std::atomic<bool> stop{false};
    auto p = player(spec, r);
    Turn t;
    std::thread search([&] { t = p->choose(pos, &stop); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
    search.join();
    ASSERT_FALSE(t.steps.empty()) << spec;
    EXPECT_TRUE(is_legal(pos, t.first())) << spec;
  }
}

// Piece values far beyond chess's (a script may give 100,000) saturate: a
// material lead is never read as a won game, and the search still prefers it.
TEST(AiScript, HugePieceValuesAreNotMates) {
  Rules r = test_support::load("ai_huge", wazir_game(R"(  ai = { material = 10000 },)"));
  ASSERT_TRUE(r);
  std::string text = wazir_game("");
  text.replace(text.find("value = 1"), 9, "value = 100000");
  Rules huge = test_support::load("ai_huge_values", text);
  ASSERT_TRUE(huge);
  for (const Rules& rules : {r, huge}) {
    // White's wazir can take one of black's two: the lead is all there is to see.
    Position pos = board(
        rules, {{"c3", "wazir", 0}, {"c4", "wazir", 1}, {"a1", "wazir", 0}, {"e5", "wazir", 1}});
    auto p = player("alphabeta:depth=3", rules);
    ai::SearchInfo last;
    p->on_info([&](const ai::SearchInfo& i) { last = i; });
    const Turn t = p->choose(pos);
    EXPECT_EQ(move_text(pos, t.first()), "c3c4");
    EXPECT_EQ(last.mate(), 0) << last.score;
    EXPECT_GT(last.score, 0);
    EXPECT_LE(last.score, ai::kWinScore / 2);
  }
}

}  // namespace
}  // namespace regula
