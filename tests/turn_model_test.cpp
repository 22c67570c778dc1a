// The turn model, one element at a time, each with a tiny script and exact
// legal-move sets: stages that continue a turn (a removal after a completed
// line, gifts, answers by another seat), phases chosen by conditions,
// must_drop, seat states (out, frozen, commanded) with per-seat results and
// ranks, weighted dice and several dice used in either order. A brute-force
// generator written here from the rule text, in another shape than the
// engine's, gives the perft counts of a small mill game.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/rule_error.h"
#include "core/turns.h"
#include "move_support.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using Rules = std::shared_ptr<const Ruleset>;
using Texts = std::set<std::string>;

// A script of tests/data/turns (the conformance suite runs them too).
std::string data_script(const std::string& name) {
  std::ifstream in(std::string(REGULA_TEST_DATA) + "/turns/" + name + ".lua");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

using namespace test_support;

// "a1:M,b3:m white ..." with the pieces as site:symbol items, written as the
// generic position form writes a grid (ranks from the top, digits for empty runs).
std::string grid_text(const Ruleset& r, const std::string& text) {
  const std::string items = text.substr(0, text.find(' '));
  const std::string rest = text.substr(items.size());
  const Topology& t = r.topology;
  std::vector<std::string> cell(t.size());
  size_t i = 0;
  while (i < items.size()) {
    size_t comma = items.find(',', i);
    if (comma == std::string::npos) comma = items.size();
    std::string item = items.substr(i, comma - i);
    size_t colon = item.find(':');
    SiteId s = t.find(item.substr(0, colon));
    EXPECT_NE(s, kNoSite) << item;
    if (s != kNoSite) cell[s] = item.substr(colon + 1);
    i = comma + 1;
  }
  std::string out;
  for (int y = t.height() - 1; y >= 0; --y) {
    int empty = 0;
    for (int x = 0; x < t.width(); ++x) {
      const std::string& c = cell[t.at(x, y)];
      if (c.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (y > 0) out += '/';
  }
  return out + rest;
}

Position at(const Rules& r, const std::string& text) {
  auto p = read_position(r, grid_text(*r, text));
  EXPECT_TRUE(p) << grid_text(*r, text) << ": " << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

// The decisions of pos as move_text writes them.
Texts decisions(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  Texts out;
  for (const std::string& t : move_texts(pos, ml)) out.insert(t);
  EXPECT_EQ(out.size(), static_cast<size_t>(ml.size())) << "two decisions print the same";
  return out;
}

// The whole turns of pos as turn_texts writes them.
Texts turns(Position& pos) {
  return test_support::turn_set(pos);
}

// Plays decisions given by their text.
void play(Position& pos, std::initializer_list<const char*> texts) {
  for (const char* t : texts) {
    auto m = parse_move(pos, t);
    ASSERT_TRUE(m) << t << ": " << m.error().text();
    Undo u;
    pos.make(*m, u);
    ASSERT_EQ(pos.hash(), pos.compute_hash()) << "after " << t;
  }
}

// ---- a small mill game -----------------------------------------------------

// Three tokens each on a 3x3 grid with two lines; place while you hold tokens,
// then step to an adjacent empty site; a token that completes a line removes
// an enemy token; two captures win; a blocked player passes, two passes draw.
const std::string kMiniMill = data_script("mini_mill");

TEST(TurnModel, PlacementThatCompletesALineIsOneTurnWithItsRemoval) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:M,b1:M,a2:m,b3:m white hand.white=man:1 hand.black=man:1");
  EXPECT_EQ(decisions(pos), (Texts{"M@c1", "M@b2", "M@c2", "M@a3", "M@c3"}));
  EXPECT_EQ(turns(pos), (Texts{"M@c1xa2", "M@c1xb3", "M@b2", "M@c2", "M@a3", "M@c3"}));
  EXPECT_EQ(perft(pos, 1), 6u);
  play(pos, {"M@c1"});
  EXPECT_TRUE(pos.in_turn());
  EXPECT_EQ(pos.stage(), 0);
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_EQ(decisions(pos), (Texts{"xa2", "xb3"}));
  EXPECT_EQ(
      write_position(pos),
      grid_text(*r,
                "a1:M,b1:M,c1:M,a2:m,b3:m white hand.black=man:1 stage=remove:white phase=move"));
  play(pos, {"xa2"});
  EXPECT_FALSE(pos.in_turn());
  EXPECT_EQ(pos.stage(), -1);
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.counter(0, kCaptured), 1);
  EXPECT_EQ(pos.global(kPly), 1);
}

TEST(TurnModel, PhaseChangesWhenTheHandIsEmpty) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  auto moving = at(r, "a1:M,c2:M,b2:m,a3:m white hand.black=man:1");
  EXPECT_EQ(current_phase(moving), 1);
  EXPECT_EQ(turns(moving), (Texts{"a1a2", "a1b1", "c2c1", "c2c3"}));
  auto placing = at(r, "a1:M,c2:M,b2:m,a3:m black hand.black=man:1");
  EXPECT_EQ(current_phase(placing), 0);
  EXPECT_EQ(turns(placing), (Texts{"M@b1", "M@c1", "M@a2", "M@b3", "M@c3"}));
}

TEST(TurnModel, StepThatCompletesALineRemoves) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  auto pos = at(r, "b1:M,c1:M,a2:M,b2:m,c3:m white");
  // b1a1 leaves b1: no line.
  EXPECT_EQ(turns(pos), (Texts{"a2a1xb2", "a2a1xc3", "a2a3", "b1a1", "c1c2"}));
}

// Oracle: the mini mill written directly from its rules on a 9-character board.
struct MiniMill {
  std::string board = ".........";  // index = x + 3y, a1 = 0
  int hand[2] = {3, 3};
  int captured[2] = {0, 0};
  int to_move = 0;
  int passes = 0;
};

bool line_through(const MiniMill& s, int site, char c) {
  static const int kLines[2][3] = {{0, 1, 2}, {0, 3, 6}};
  for (auto& l : kLines) {
    bool through = l[0] == site || l[1] == site || l[2] == site;
    if (through && s.board[l[0]] == c && s.board[l[1]] == c && s.board[l[2]] == c) return true;
  }
  return false;
}

std::vector<MiniMill> mini_mill_turns(const MiniMill& s) {
  std::vector<MiniMill> out;
  if (s.captured[0] >= 2 || s.captured[1] >= 2 || s.passes >= 2) return out;
  const char me = s.to_move == 0 ? 'W' : 'B', them = s.to_move == 0 ? 'B' : 'W';
  auto finish = [&](MiniMill t, int landed) {
    t.passes = 0;
    t.to_move = 1 - s.to_move;
    bool any_enemy = t.board.find(them) != std::string::npos;
    if (line_through(t, landed, me) && any_enemy) {
      for (int i = 0; i < 9; ++i)
        if (t.board[i] == them) {
          MiniMill u = t;
          u.board[i] = '.';
          ++u.captured[s.to_move];
          out.push_back(u);
        }
    } else {
      out.push_back(t);
    }
  };
  if (s.hand[s.to_move] > 0) {
    for (int i = 0; i < 9; ++i)
      if (s.board[i] == '.') {
        MiniMill t = s;
        t.board[i] = me;
        --t.hand[s.to_move];
        finish(t, i);
      }
  } else {
    for (int i = 0; i < 9; ++i) {
      if (s.board[i] != me) continue;
      const int x = i % 3, y = i / 3;
      const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
      for (int d = 0; d < 4; ++d) {
        int nx = x + dx[d], ny = y + dy[d];
        if (nx < 0 || nx > 2 || ny < 0 || ny > 2 || s.board[nx + 3 * ny] != '.') continue;
        MiniMill t = s;
        t.board[i] = '.';
        t.board[nx + 3 * ny] = me;
        finish(t, nx + 3 * ny);
      }
    }
  }
  if (out.empty()) {
    MiniMill t = s;
    ++t.passes;
    t.to_move = 1 - s.to_move;
    out.push_back(t);
  }
  return out;
}

uint64_t mini_mill_perft(const MiniMill& s, int depth) {
  if (depth == 0) return 1;
  uint64_t n = 0;
  for (const MiniMill& t : mini_mill_turns(s)) n += mini_mill_perft(t, depth - 1);
  return n;
}

TEST(TurnModel, MiniMillPerftMatchesABruteForceGenerator) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  Position pos(r);
  uint64_t removals_seen = 0;
  for (int depth = 1; depth <= 8; ++depth) {
    uint64_t expected = mini_mill_perft(MiniMill{}, depth);
    EXPECT_EQ(perft(pos, depth), expected) << "depth " << depth;
    removals_seen = expected;
  }
  // Depths 1 to 4 are placements only: 9, 9*8, 9*8*7, 9*8*7*6.
  EXPECT_EQ(perft(pos, 4), 3024u);
  EXPECT_GT(removals_seen, 0u);
}

TEST(TurnModel, PerftAtDepthOneCountsTurnsNotDecisions) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:M,b1:M,a2:m,b3:m white hand.white=man:1 hand.black=man:1");
  auto divided = perft_divide(pos, 2);
  ASSERT_EQ(divided.size(), 6u);
  uint64_t total = 0;
  for (auto& [t, n] : divided) total += n;
  EXPECT_EQ(total, perft(pos, 2));
}

// ---- protection, optional removal, gifts ----------------------------------

std::string mill_variant(const std::string& stage, const std::string& more = "") {
  std::string s = kMiniMill;
  auto a = s.find("stages = {");
  auto b = s.find('\n', a);
  s.replace(a, b - a, "stages = { " + stage + " },");
  if (!more.empty()) s.insert(s.rfind('}'), more);
  return s;
}

TEST(TurnModel, TokensInLinesAreProtectedUnlessAllAre) {
  std::string text = mill_variant(
      R"(stage { name = "remove", choose = "enemy-piece", protect = "lines-unless-all" })");
  text.replace(text.find("\"a1 a2 a3\""), 10, "\"a3 b3 c3\"");
  // Black has placed four tokens in these positions.
  const auto four = [](std::string& t) {
    t.replace(t.find("black = { man = 3 }"), 19, "black = { man = 4 }");
  };
  four(text);
  auto r = load("protect", text);
  ASSERT_TRUE(r);
  auto some = at(r, "a1:m,b1:m,c1:m,a2:m,a3:M,b3:M white hand.white=man:1");
  EXPECT_EQ(turns(some), (Texts{"M@b2", "M@c2", "M@c3xa2"}));
  auto all = at(r, "a1:m,b1:m,c1:m,a3:M,b3:M white hand.white=man:1");
  EXPECT_EQ(turns(all), (Texts{"M@a2", "M@b2", "M@c2", "M@c3xa1", "M@c3xb1", "M@c3xc1"}));
  // Without protection, any enemy token.
  auto free = load("unprotected", [&] {
    std::string t = kMiniMill;
    t.replace(t.find("\"a1 a2 a3\""), 10, "\"a3 b3 c3\"");
    four(t);
    return t;
  }());
  ASSERT_TRUE(free);
  auto open = at(free, "a1:m,b1:m,c1:m,a2:m,a3:M,b3:M white hand.white=man:1");
  EXPECT_EQ(turns(open), (Texts{"M@b2", "M@c2", "M@c3xa1", "M@c3xb1", "M@c3xc1", "M@c3xa2"}));
}

TEST(TurnModel, OptionalRemovalMayBeDeclined) {
  auto r =
      load("optional",
           mill_variant(R"(stage { name = "remove", choose = "enemy-piece", optional = true })"));
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:M,b1:M,a2:m,b3:m white hand.white=man:1 hand.black=man:1");
  EXPECT_EQ(turns(pos), (Texts{"M@c1", "M@c1xa2", "M@c1xb3", "M@b2", "M@c2", "M@a3", "M@c3"}));
  play(pos, {"M@c1"});
  EXPECT_EQ(decisions(pos), (Texts{"pass", "xa2", "xb3"}));
  play(pos, {"pass"});
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.global(kPasses), 0) << "declining is not a blocked player's pass";
}

// The small mill with an optional removal and a draw on the second occurrence.
std::string repeating_mill() {
  std::string text =
      mill_variant(R"(stage { name = "remove", choose = "enemy-piece", optional = true })");
  text.replace(text.find("move_rule = 40"), 14, "move_rule = 40, repetition = 2");
  return text;
}

TEST(TurnModel, RepetitionCountsPositionsBetweenTurnsOnly) {
  auto r = load("repeat_mid_turn", repeating_mill());
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:M,b1:M,c2:M,a3:m white hand.white=man:0 hand.black=man:0");
  MoveList ml;
  // White closes a1-b1-c1 and spares black's token; then closes it again from
  // another position (b2-b1 where it was c2-c1 before).
  play(pos, {"c2-c1", "pass", "a3-b3", "b1-b2", "b3-a3", "b2-b1"});
  // The removal pending after the line is the same as four turns ago, but it is
  // the middle of a turn: play goes on.
  ASSERT_TRUE(pos.in_turn());
  EXPECT_FALSE(game_result(pos, ml).over);
  EXPECT_EQ(decisions(pos), (Texts{"pass", "xa3"}));
  // Declining brings back the position black had to move in four turns ago.
  play(pos, {"pass"});
  const Result res = game_result(pos, ml);
  EXPECT_TRUE(res.over);
  EXPECT_TRUE(res.is_draw());
  EXPECT_EQ(res.reason, "2-fold repetition");
}

TEST(TurnModel, RepetitionLooksBackOverEveryDecisionOfTheTurns) {
  auto r = load("repeat_long_turn", repeating_mill());
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:M,b1:M,c2:M,a3:m white hand.white=man:0 hand.black=man:0");
  MoveList ml;
  // Four turns, five decisions (the first turn is a line and a declined removal),
  // and the start position is back.
  play(pos, {"c2-c1", "pass", "a3-b3", "c1-c2"});
  EXPECT_FALSE(game_result(pos, ml).over);
  play(pos, {"b3-a3"});
  const Result res = game_result(pos, ml);
  EXPECT_TRUE(res.over);
  EXPECT_EQ(res.reason, "2-fold repetition");
}

// The number of whole turns each decision begins, as the random player and perft
// count them (without making the moves where the rules allow), against the turns
// legal_turns lists by making every decision.
TEST(TurnModel, TurnCountsPerDecisionMatchTheListedTurns) {
  struct Case {
    const char* script;
    script::OptionList options;
  };
  const Case cases[] = {{"mill/ishikulu", {}},
                        {"mill/ishikulu", {{"removal", "compulsory"}}},
                        {"mill/morabaraba", {}},
                        {"mill/nine-mens-morris", {}}};
  for (const Case& c : cases) {
    auto r = bundled(c.script, c.options);
    ASSERT_TRUE(r);
    int positions = 0, longer = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::mt19937_64 rng(seed);
      Position pos(r);
      MoveList moves;
      Turn t;
      for (int ply = 0; ply < 300 && !game_result(pos, moves).over && !moves.empty(); ++ply) {
        std::vector<Turn> listed;
        legal_turns(pos, listed);
        const ContinuationTest goes_on(pos);
        uint64_t counted = 0;
        for (const Move& m : moves) {
          uint64_t n = 0;
          for (const Turn& turn : listed) n += turn.first().same(m) ? 1 : 0;
          const uint64_t by_count = goes_on(m) ? goes_on.turns_after(pos, m, 0) : 1;
          ASSERT_EQ(by_count, n) << c.script << " seed " << seed << " ply " << ply << " "
                                 << move_text(pos, m);
          counted += by_count;
          longer += by_count > 1;
        }
        EXPECT_EQ(counted, listed.size());
        ++positions;
        play_random_turn(pos, moves, rng, t);
      }
    }
    EXPECT_GT(positions, 500) << c.script;
    EXPECT_GT(longer, 50) << c.script << ": decisions followed by a choice of removals";
  }
}

const std::string kGift = data_script("gift");

TEST(TurnModel, FullBoardGiftsGoToEachSeatInTurn) {
  auto r = load("gift", kGift);
  ASSERT_TRUE(r);
  Position pos(r);
  play(pos, {"M@a1", "M@b1", "M@a2"});
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(turns(pos), (Texts{"M@b2"}));
  play(pos, {"M@b2"});
  // The board is full: white gives one of its own tokens, as a turn of its own.
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_FALSE(pos.in_turn());
  EXPECT_EQ(turns(pos), (Texts{"xa1", "xa2"}));
  play(pos, {"xa2"});
  EXPECT_EQ(pos.counter(1, kCaptured), 1) << "a gift counts as captured by the receiver";
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(turns(pos), (Texts{"xb1", "xb2"}));
  play(pos, {"xb1"});
  EXPECT_EQ(pos.counter(0, kCaptured), 1);
  EXPECT_EQ(pos.to_move(), 0) << "after both gifts the first seat moves";
  EXPECT_EQ(pos.stage(), -1);
  EXPECT_EQ(turns(pos), (Texts{"a1a2", "a1b1"}));
  EXPECT_EQ(perft(pos, 1), 2u);
}

// ---- must_drop and passes ----------------------------------------------------

TEST(TurnModel, MustDropLeavesOnlyDrops) {
  const std::string base = R"(return game {
  title = "drops",
  board = grid { width = 3, height = 1 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } }, drop = true } },
  setup = { white = { man = "a1" }, black = { man = "c1" } },
  hand = { white = { man = 1 } },
  ends = { no_moves = "pass", passes = 2 },
  MUST
}
)";
  auto free = load("drops_free", std::string(base).replace(base.find("MUST"), 4, ""));
  auto must =
      load("drops_must", std::string(base).replace(base.find("MUST"), 4, "must_drop = true,"));
  ASSERT_TRUE(free && must);
  Position a(free), b(must);
  EXPECT_EQ(decisions(a), (Texts{"a1b1", "M@b1"}));
  EXPECT_EQ(decisions(b), (Texts{"M@b1"}));
  // With the hand empty, moves come back.
  play(b, {"M@b1"});
  play(b, {"c1b1"});
  EXPECT_EQ(decisions(b), (Texts{"a1b1"}));
}

// ---- seats: out, frozen, commanded; per-seat results -------------------------

const std::string kThree = data_script("three_seats");

TEST(TurnModel, ThreeSeatsOneEliminatedTheOthersPlayOn) {
  auto r = load("three", kThree);
  ASSERT_TRUE(r);
  Game g(r);
  ASSERT_TRUE(g.play_text("a1a2"));  // red takes green's last stone
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.position().seat_state(1), SeatState::kOut);
  EXPECT_EQ(g.position().to_move(), 2) << "green is skipped";
  ASSERT_TRUE(g.play_text("c4c3"));
  EXPECT_EQ(g.position().to_move(), 0);
  ASSERT_TRUE(g.play_text("a2a3"));
  ASSERT_TRUE(g.play_text("c3b3"));
  ASSERT_TRUE(g.play_text("a3b3"));  // red takes one of blue's two
  EXPECT_FALSE(g.over());
  ASSERT_TRUE(g.play_text("d4d3"));
  ASSERT_TRUE(g.play_text("b3c3"));
  ASSERT_TRUE(g.play_text("d3c3"));  // blue takes red's only stone
  ASSERT_TRUE(g.over());
  const Result& res = g.result();
  EXPECT_EQ(res.reason, "no pieces left");
  EXPECT_EQ(res.outcome[2], Outcome::kWin);
  EXPECT_EQ(res.outcome[0], Outcome::kLoss);
  EXPECT_EQ(res.outcome[1], Outcome::kLoss);
  EXPECT_EQ(res.rank[2], 1);
  EXPECT_EQ(res.rank[0], 2) << "red left play after green";
  EXPECT_EQ(res.rank[1], 3);
  EXPECT_EQ(res.score(), "0-0-1");
  // The record of a three-seat game loads back to the same result.
  auto back = read_record(write_record(g), script::named_rules_loader(scripts_path()));
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_EQ(back->result().score(), "0-0-1");
}

const std::string kFour = data_script("four_seats_freeze");

TEST(TurnModel, AFrozenSeatIsSkippedItsPiecesStayAndCanBeTaken) {
  auto r = load("four", kFour);
  ASSERT_TRUE(r);
  // West's king is taken: its rook stays, frozen; west is skipped.
  auto pos = at(r, "a4:(wK),b4:(wR),d4:(nK),d1:(eK),a3:(sK) south");
  play(pos, {"a3a4"});
  EXPECT_EQ(pos.seat_state(1), SeatState::kFrozen);
  EXPECT_EQ(pos.left_reason(1), 2);
  EXPECT_EQ(pos.to_move(), 2) << "west is skipped";
  EXPECT_TRUE(pos.is_inert(1));
  EXPECT_FALSE(decided_result(pos)) << "east still plays for its team";
  // A frozen rook attacks nothing: south's king may stand next to it, on b3.
  auto rt = write_position(pos);
  EXPECT_NE(rt.find("frozen=west"), std::string::npos) << rt;
  auto back = read_position(r, rt);
  ASSERT_TRUE(back) << rt;
  EXPECT_TRUE(*back == pos);
  play(pos, {"d4c4"});
  EXPECT_EQ(pos.to_move(), 3);
  play(pos, {"d1c1"});
  EXPECT_EQ(pos.to_move(), 0);
  // South takes the frozen rook: it may be captured.
  play(pos, {"a4b4"});
  EXPECT_EQ(pos.pieces(1), 0);
  play(pos, {"c4c3"});
  auto end = at(r, "b4:(sK),c2:(nK),c1:(eK) north frozen=west ply=10 left=west:3:-1");
  play(end, {"c2c1"});
  auto res = decided_result(end);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->reason, "king taken");
  EXPECT_EQ(res->outcome[0], Outcome::kWin);
  EXPECT_EQ(res->outcome[2], Outcome::kWin);
  EXPECT_EQ(res->outcome[1], Outcome::kLoss);
  // Ranks count the seats that did better: two winners share first place.
  EXPECT_EQ(res->rank[0], 1);
  EXPECT_EQ(res->rank[2], 1);
  EXPECT_EQ(res->rank[3], 3) << "east left play after west";
  EXPECT_EQ(res->rank[1], 4);
  EXPECT_EQ(res->score(), "1-0-1-0");
}

TEST(TurnModel, ACommandedSeatTakesItsTurnDecidedByItsCommander) {
  auto r = load("four", kFour);
  ASSERT_TRUE(r);
  auto pos = at(r, "b4:(wR),d4:(nK),d1:(eK),a2:(sK) north frozen=west control=west:east");
  EXPECT_FALSE(pos.is_inert(1));
  play(pos, {"d4c4"});
  EXPECT_EQ(pos.to_move(), 3);
  play(pos, {"d1c1"});
  EXPECT_EQ(pos.to_move(), 0);
  play(pos, {"a2a3"});
  EXPECT_EQ(pos.to_move(), 1) << "west's army moves on west's turn";
  EXPECT_EQ(pos.decider(), 3) << "decided by east";
  EXPECT_EQ(decisions(pos), (Texts{"b4a4", "b4b3", "b4b2", "b4b1", "b4c4"}));
}

// ---- answers by another seat ---------------------------------------------------

TEST(TurnModel, AnOfferIsAnsweredByTheNextEnemyAndTurnsResume) {
  auto r = load("offer", data_script("offer"));
  ASSERT_TRUE(r);
  Game g(r);
  ASSERT_TRUE(g.play_text("a1a2 offer"));
  EXPECT_EQ(g.position().to_move(), 1) << "b answers";
  EXPECT_FALSE(g.in_turn());
  Position pos = g.position();
  EXPECT_EQ(decisions(pos), (Texts{"accept", "decline"}));
  ASSERT_TRUE(g.play_text("decline"));
  EXPECT_EQ(g.position().to_move(), 2) << "then c, who comes after a";
  auto t = g.turns();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].text, "a1a2 offer");
  EXPECT_EQ(t[1].text, "decline");
  EXPECT_EQ(t[1].seat, 1);
}

TEST(TurnModel, HooksReadAnswersAndSetSeatStatesAndCommand) {
  auto r = load("offer_hook", data_script("offer"));
  ASSERT_TRUE(r);
  Game g(r);
  ASSERT_TRUE(g.play_text("a1a2 offer"));
  ASSERT_TRUE(g.play_text("accept"));
  const Position& pos = g.position();
  EXPECT_EQ(pos.seat_state(2), SeatState::kFrozen);
  EXPECT_EQ(pos.controller(2), 0);
  EXPECT_EQ(pos.to_move(), 2) << "c's army is commanded, so it keeps its turn";
  EXPECT_EQ(pos.decider(), 0);
  // Undo puts the seats back as they were.
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.position().seat_state(2), SeatState::kActive);
  EXPECT_EQ(g.position().controller(2), 2);
  EXPECT_EQ(g.position().hash(), g.position().compute_hash());
}

// ---- a promotion asked for as a decision of its own ------------------------------

const char* kPromote = R"(return game {
  title = "promotion",
  board = grid { width = 3, height = 4 },
  regions = { last = { rank = 4 } },
  pieces = {
    piece { name = "pawn", symbol = "P", moves = {
      step { dirs = "forward", mode = "move" }, step { dirs = "forward-diagonal", mode = "capture" } },
      promotion = { zone = "last", to = { "queen", "knight" } ASK } },
    piece { name = "queen", symbol = "Q", moves = { slide { dirs = "all" } } },
    piece { name = "knight", symbol = "N", moves = { leap { offsets = { { 1, 2 } } } } },
  },
  setup = { white = { pawn = "a2 b3" }, black = { pawn = "c4 a4" } },
  ends = { no_moves = "pass", passes = 2, move_rule = 20 },
}
)";

TEST(TurnModel, APromotionCanBeAskedForAfterTheMove) {
  auto whole = load("promote_whole",
                    std::string(kPromote).replace(std::string(kPromote).find(" ASK"), 4, ""));
  auto asked = load("promote_asked", std::string(kPromote).replace(
                                         std::string(kPromote).find(" ASK"), 4, ", ask = true"));
  ASSERT_TRUE(whole && asked);
  Position w(whole), a(asked);
  EXPECT_EQ(turns(w), turns(a));
  EXPECT_EQ(turns(a), (Texts{"a2a3", "b3b4=Q", "b3b4=N", "b3c4=Q", "b3c4=N", "b3a4=Q", "b3a4=N"}));
  EXPECT_EQ(decisions(a), (Texts{"a2a3", "b3b4", "b3c4", "b3a4"}));
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(perft(w, depth), perft(a, depth)) << depth;
  play(a, {"b3c4"});
  EXPECT_TRUE(a.in_turn());
  EXPECT_EQ(a.anchor(), asked->topology.find("c4"));
  EXPECT_EQ(decisions(a), (Texts{"=Q", "=N"}));
  const std::string text = write_position(a);
  EXPECT_NE(text.find("stage=promotion:white:c4"), std::string::npos) << text;
  auto back = read_position(asked, text);
  ASSERT_TRUE(back) << text;
  EXPECT_TRUE(*back == a);
  play(a, {"=N"});
  EXPECT_FALSE(a.in_turn());
  EXPECT_EQ(a.to_move(), 1);
  EXPECT_EQ(a.at(asked->topology.find("c4")), make_piece(asked->type_index("knight"), 0));
  // The session plays and records the two decisions as one move.
  Game g(asked);
  ASSERT_TRUE(g.play_text("b3a4=Q"));
  EXPECT_EQ(g.turns().back().text, "b3a4=Q");
  ASSERT_TRUE(g.play_text("c4c3"));
  auto rec = read_record(write_record(g), script::named_rules_loader(scripts_path()));
  ASSERT_TRUE(rec) << rec.error().text();
  EXPECT_TRUE(rec->position() == g.position());
}

// ---- dice ------------------------------------------------------------------------

TEST(TurnModel, AWeightedDieGivesEachFaceItsProbability) {
  auto r = load("weighted", R"(return game {
  title = "weighted",
  board = grid { width = 1, height = 8 },
  pieces = { piece { name = "runner", symbol = "R", moves = {
    step { dirs = "n" }, slide { dirs = "n", min = 2, max = 2 } } } },
  setup = { white = { runner = "a1" }, black = { runner = "a8" } },
  dice = { 1, 1, 2 },
}
)");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->dice.faces, (std::vector<int>{1, 2}));
  EXPECT_EQ(r->dice.weights, (std::vector<int>{2, 1}));
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  ASSERT_EQ(ml.size(), 2);
  double total = 0;
  for (const Move& m : ml) {
    ASSERT_EQ(m.kind, MoveKind::kChance);
    double p = chance_probability(*r, m);
    EXPECT_DOUBLE_EQ(p, m.chance == 1 ? 2.0 / 3 : 1.0 / 3);
    total += p;
  }
  EXPECT_DOUBLE_EQ(total, 1.0);
}

const std::string kTwoDice = data_script("two_dice");

TEST(TurnModel, TwoDiceThrowsHaveMultinomialProbabilities) {
  auto r = load("two_dice", kTwoDice);
  ASSERT_TRUE(r);
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  Texts throws;
  for (const Move& m : ml) {
    std::string t = move_text(pos, m);
    throws.insert(t);
    double p = chance_probability(*r, m);
    EXPECT_DOUBLE_EQ(p, t == "roll 2+1" ? 0.5 : 0.25) << t;
  }
  EXPECT_EQ(throws, (Texts{"roll 2+2", "roll 2+1", "roll 1+1"}));
}

TEST(TurnModel, TwoDiceAreUsedMoveByMoveInEitherOrder) {
  auto r = load("two_dice", kTwoDice);
  ASSERT_TRUE(r);
  auto pos = at(r, "a1:O,c1:T,a4:o,c4:t white roll=1+2");
  EXPECT_EQ(decisions(pos), (Texts{"a1a2", "c1c2"}));
  // Both orders reach the same position: one turn.
  EXPECT_EQ(turns(pos), (Texts{"c1c2,a1a2"})) << "written with the larger die first";
  play(pos, {"c1c2"});
  EXPECT_TRUE(pos.in_turn());
  EXPECT_EQ(pos.to_move(), 0);
  EXPECT_EQ(write_position(pos), grid_text(*r, "a1:O,c2:T,a4:o,c4:t white roll=1"));
  play(pos, {"a1a2"});
  EXPECT_FALSE(pos.in_turn());
  EXPECT_TRUE(pos.awaiting_roll());
  EXPECT_EQ(pos.to_move(), 1);
  // A die no piece can use ends the turn with a pass.
  auto stuck = at(r, "a3:O,c1:T,a4:o,c4:t white roll=1+1");
  EXPECT_EQ(turns(stuck), (Texts{"pass"}));
  auto half = at(r, "a2:O,c3:T,a4:o,c4:t white roll=2+1");
  EXPECT_EQ(turns(half), (Texts{"a2a3"}));
}

TEST(TurnModel, TheSessionRollsFromItsSeedAndRecordsTheThrow) {
  auto r = load("two_dice", kTwoDice);
  ASSERT_TRUE(r);
  auto throws = [&](uint64_t seed) {
    std::mt19937_64 rng(seed);
    Game g(r);
    std::string out;
    for (int i = 0; i < 20 && !g.over(); ++i) {
      EXPECT_FALSE(g.roll(rng));
      out += g.history().back().text + ";";
      EXPECT_TRUE(g.roll(rng)) << "a second throw in the same turn";
      MoveList moves = g.legal_moves();
      Position here = g.position();
      EXPECT_FALSE(g.play_turn(random_turn(here, moves, rng)));
    }
    auto back = read_record(write_record(g), script::named_rules_loader(scripts_path()));
    EXPECT_TRUE(back && back->position() == g.position());
    return out;
  };
  const std::string a = throws(7);
  EXPECT_EQ(a, throws(7));
  EXPECT_NE(a, throws(8));
  // Over many throws, 2+1 comes about half the time.
  std::mt19937_64 rng(1);
  Position pos(r);
  MoveList ml;
  legal_moves(pos, ml);
  int mixed = 0;
  for (int i = 0; i < 4000; ++i)
    mixed += move_text(pos, random_turn(pos, ml, rng).first()) == "roll 2+1";
  EXPECT_NEAR(mixed / 4000.0, 0.5, 0.03);
}

TEST(TurnModel, EnPassantFieldsMustNameAnEnemyPieceAndAnEmptySite) {
  auto r = script::load_rules("chess/orthodox");
  ASSERT_TRUE(r);
  const std::string base = "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3 ";
  EXPECT_FALSE(read_position(*r, base + "ep=e3:-"));
  EXPECT_FALSE(read_position(*r, base + "ep=-:e4"));
  auto own = read_position(*r, base.substr(0, base.find(" w ")) + " b KQkq - 0 3 ep=e5:e4");
  ASSERT_FALSE(own);
  EXPECT_NE(own.error().what.find("no enemy piece"), std::string::npos) << own.error().text();
  auto full = read_position(*r, base + "ep=e2:e4");
  ASSERT_FALSE(full);
  EXPECT_NE(full.error().what.find("not empty"), std::string::npos) << full.error().text();
  EXPECT_TRUE(read_position(*r, base + "ep=e5:e4"));
}

TEST(TurnModel, RollsOutsideTheDieAreRefused) {
  auto r = load("two_dice", kTwoDice);
  ASSERT_TRUE(r);
  EXPECT_TRUE(read_position(r, grid_text(*r, "a1:O,c1:T,a4:o,c4:t white roll=2+1")));
  EXPECT_FALSE(read_position(r, grid_text(*r, "a1:O,c1:T,a4:o,c4:t white roll=40")));
  EXPECT_FALSE(read_position(r, grid_text(*r, "a1:O,c1:T,a4:o,c4:t white roll=3")));
  EXPECT_FALSE(read_position(r, grid_text(*r, "a1:O,c1:T,a4:o,c4:t white roll=1+1+1")));
  auto mill = load("mini_mill", kMiniMill);
  auto p = read_position(mill, grid_text(*mill, "a1:M white roll=1"));
  ASSERT_FALSE(p);
  EXPECT_NE(p.error().what.find("no dice"), std::string::npos);
  Error e = load_error("bad_face", R"(return game {
  title = "t", board = grid { width = 1, height = 2 },
  pieces = { piece { name = "p", symbol = "P", roll = { 40 }, moves = { step { dirs = "n" } } } },
  setup = { white = { p = "a1" } }, dice = { 1, 2 },
}
)");
  EXPECT_NE(e.what.find("roll values"), std::string::npos) << e.text();
  e = load_error("bad_weights", R"(return game {
  title = "t", board = grid { width = 1, height = 2 },
  pieces = { piece { name = "p", symbol = "P", moves = { step { dirs = "n" } } } },
  setup = { white = { p = "a1" } }, dice = { faces = { 1, 2 }, weights = { 1 } },
}
)");
  EXPECT_NE(e.what.find("one weight per face"), std::string::npos) << e.text();
}

// ---- the session and records -------------------------------------------------------

TEST(TurnModel, TypedMoveThatFormsALineAsksForTheRemoval) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  auto start = at(r, "a1:M,b1:M,a2:m,b3:m white hand.white=man:1 hand.black=man:1");
  Game g(r, start);
  auto t = g.play_text("M@c1");
  ASSERT_TRUE(t) << t.error().text();
  EXPECT_TRUE(g.in_turn());
  ASSERT_EQ(g.legal_turns().size(), 2u);
  ASSERT_TRUE(g.play_text("xb3"));
  EXPECT_FALSE(g.in_turn());
  ASSERT_TRUE(g.play_text("M@c2"));
  auto turns_played = g.turns();
  ASSERT_EQ(turns_played.size(), 2u);
  EXPECT_EQ(turns_played[0].text, "M@c1xb3");
  // Undo takes back the whole last turn, then the two decisions of the first.
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.history().size(), 2u);
  ASSERT_TRUE(g.undo());
  EXPECT_TRUE(g.position() == start);
  ASSERT_TRUE(g.redo());
  EXPECT_EQ(g.history().size(), 2u);
  EXPECT_FALSE(g.in_turn());
  // A whole turn typed at once, and a record that replays it.
  Game h(r, start);
  ASSERT_TRUE(h.play_text("M@c1xa2"));
  ASSERT_TRUE(h.play_text("M@c3"));
  auto back = read_record(write_record(h), script::named_rules_loader(scripts_path()));
  ASSERT_TRUE(back) << back.error().text() << "\n" << write_record(h);
  EXPECT_TRUE(back->position() == h.position());
}

TEST(TurnModel, GamePlayFindsMovesByValue) {
  auto r = load("mini_mill", kMiniMill);
  ASSERT_TRUE(r);
  Game g(r);
  Move m;
  m.kind = MoveKind::kDrop;
  m.to = r->topology.find("b2");
  m.drop_type = 0;
  m.rule = g.legal_moves()[0].rule;
  EXPECT_FALSE(g.play(m));
  Move wrong = m;
  wrong.to = r->topology.find("a1");
  wrong.drop_type = 0;
  wrong.kind = MoveKind::kNormal;
  EXPECT_TRUE(g.play(wrong));
}

// ---- hostile scripts ------------------------------------------------------------------

TEST(TurnModel, BadPhasesStagesAndTriggersAreLocatedErrors) {
  struct Case {
    std::string from, to, expect;
  };
  const std::vector<Case> cases = {
      {"phase = \"move\" } }", "phase = \"walk\" } }", "no phase named 'walk'"},
      {"when = \"hand > 0\"", "when = \"hand >> 0\"", "unknown comparison"},
      {"when = \"hand > 0\"", "when = \"tokens > 0\"", "unknown quantity 'tokens'"},
      {"choose = \"enemy-piece\"", "choose = \"anything\"", "choose must be one of"},
      {"choose = \"enemy-piece\"", "choose = \"enemy-piece\", followed_by = \"remove\"",
       "in a circle"},
      {"stage = \"remove\" }", "stage = \"take\" }", "needs stage = the name"},
      {"on = \"line\"", "on = \"label\"", "needs label"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string s = kMiniMill;
    auto at_ = s.find(cases[i].from);
    ASSERT_NE(at_, std::string::npos) << cases[i].from;
    s.replace(at_, cases[i].from.size(), cases[i].to);
    Error e = load_error("bad_turn_" + std::to_string(i), s);
    EXPECT_NE(e.what.find(cases[i].expect), std::string::npos) << e.text();
    EXPECT_NE(e.where.find(".lua:"), std::string::npos) << e.text();
  }
  std::string no_lines = kMiniMill;
  no_lines.replace(no_lines.find(", lines = { \"a1 b1 c1\", \"a1 a2 a3\" }"),
                   std::string(", lines = { \"a1 b1 c1\", \"a1 a2 a3\" }").size(), "");
  Error e = load_error("bad_turn_lines", no_lines);
  EXPECT_NE(e.what.find("needs lines"), std::string::npos) << e.text();
}

TEST(TurnModel, ACaptureChainPastTheLimitIsAnErrorNotAShortMove) {
  // A king that hops along a serpentine of 31 men: east along rank 1, north,
  // west along rank 3, north, and so on.
  std::string men;
  auto add = [&](char file, int rank) { men += std::string(" ") + file + std::to_string(rank); };
  for (int rank = 1; rank <= 7; rank += 2) {
    for (char f = 'b'; f <= 'n'; f = static_cast<char>(f + 2))
      add(rank % 4 == 1 ? f : static_cast<char>('b' + 'n' - f), rank);
    if (rank < 7) add(rank % 4 == 1 ? 'o' : 'a', rank + 1);
  }
  auto r = load("long_chain", R"(return game {
  title = "long chain",
  board = grid { width = 16, height = 8 },
  pieces = { piece { name = "king", symbol = "K", moves = { hop { dirs = "orthogonal" } } },
             piece { name = "man", symbol = "M" } },
  setup = { white = { king = "a1" }, black = { man = ")" +
                                  men.substr(1) + R"(" } },
}
)");
  ASSERT_TRUE(r);
  Position pos(r);
  MoveList ml;
  try {
    legal_moves(pos, ml);
    ADD_FAILURE() << "a chain of 31 captures came back as " << ml.size() << " moves";
  } catch (const RuleError& err) {
    EXPECT_NE(err.error().what.find("24 captures"), std::string::npos) << err.what();
    EXPECT_NE(err.error().where.find("long_chain.lua:"), std::string::npos) << err.what();
  }
  // Within the limit the whole chain is one move: 24 men.
  auto ok = load("chain_24", R"(return game {
  title = "chain of 24",
  board = grid { width = 16, height = 8 },
  pieces = { piece { name = "king", symbol = "K", moves = { hop { dirs = "orthogonal" } } },
             piece { name = "man", symbol = "M" } },
  setup = { white = { king = "a1" }, black = { man = ")" +
                                 men.substr(1, men.find(" o6") - 1) + R"(" } },
}
)");
  ASSERT_TRUE(ok);
  Position p24(ok);
  legal_moves(p24, ml);
  ASSERT_EQ(ml.size(), 1);
  EXPECT_EQ(ml[0].ncap, 23);
}

}  // namespace
}  // namespace regula
