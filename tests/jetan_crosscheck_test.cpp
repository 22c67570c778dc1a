// Jetan move generation checked against an independent brute-force generator
// (tests/jetan_support.h): the start position, a few hundred positions from
// random playouts, and perft to depth 3 for every reading.
#include <gtest/gtest.h>

#include <random>

#include "core/game_end.h"
#include "core/perft.h"
#include "jetan_support.h"

namespace regula {
namespace {

using namespace jetan_test;

struct Case {
  const char* script;
  script::OptionList options;
  brute::Reading reading;
};

std::vector<Case> cases() {
  brute::Reading burroughs;
  brute::Reading appendix;
  appendix.thoat_either_jump = false;
  brute::Reading cazaux;
  cazaux.bold = true;
  brute::Reading cont = cazaux;
  cont.chief_continue = true;
  brute::Reading smith_free = burroughs;
  smith_free.exact = false;
  smith_free.panthan = 7;
  smith_free.flier_jumps = false;
  brute::Reading smith_frightened = burroughs;
  smith_frightened.frightened = true;
  brute::Reading smith_all = smith_free;
  smith_all.frightened = true;
  return {
      {"burroughs", {}, burroughs},
      {"burroughs-appendix", {}, appendix},
      {"cazaux", {}, cazaux},
      {"cazaux-continue", {}, cont},
      {"smith", {}, burroughs},
      {"smith", {{"steps", "free"}, {"panthan", "7"}, {"flier", "blocked"}}, smith_free},
      {"smith", {{"princess", "frightened"}}, smith_frightened},
      {"smith",
       {{"steps", "free"}, {"panthan", "7"}, {"flier", "blocked"}, {"princess", "frightened"}},
       smith_all},
      {"cazaux", {{"array", "manator"}, {"first", "orange"}}, cazaux},
  };
}

std::string label(const Case& c) {
  std::string s = c.script;
  for (auto& [k, v] : c.options) s += " " + k + "=" + v;
  return s;
}

TEST(JetanCrossCheck, StartPositionMatchesBruteForce) {
  for (const Case& c : cases()) {
    auto rules = load(c.script, c.options);
    ASSERT_TRUE(rules);
    Position pos(rules);
    brute::Board b = brute::from_position(pos);
    bool manator = false, orange = false;
    for (auto& [k, v] : c.options) {
      manator |= k == "array" && v == "manator";
      orange |= k == "first" && v == "orange";
    }
    brute::Board ref = brute::start(manator, orange ? 1 : 0);
    EXPECT_EQ(b.kind, ref.kind) << label(c);
    EXPECT_EQ(b.seat, ref.seat) << label(c);
    EXPECT_EQ(b.to_move, ref.to_move) << label(c);
    EXPECT_EQ(legal_set(pos), brute::move_set(ref, c.reading)) << label(c);
  }
}

// Random games from the start; at every ply the engine's legal moves must be the
// brute force's. Captures are preferred now and then so that games reach sparse
// middlegames, Princess captures and the passes of a blocked side.
TEST(JetanCrossCheck, RandomPlayoutsMatchBruteForce) {
  std::mt19937 rng(20240611);
  int compared = 0;
  for (const Case& c : cases()) {
    auto rules = load(c.script, c.options);
    ASSERT_TRUE(rules);
    for (int game = 0; game < 6; ++game) {
      Position pos(rules);
      Undo u;
      for (int ply = 0; ply < 60; ++ply) {
        if (decided_result(pos)) break;
        brute::Board b = brute::from_position(pos);
        auto mine = legal_set(pos);
        auto ref = brute::move_set(b, c.reading);
        ASSERT_EQ(mine, ref) << label(c) << " game " << game << " ply " << ply;
        ++compared;
        MoveList ml;
        legal_moves(pos, ml);
        if (ml.empty()) break;
        std::vector<int> captures;
        for (int i = 0; i < ml.size(); ++i)
          if (!ml[i].is_pass() && pos.at(ml[i].to)) captures.push_back(i);
        int pick = (!captures.empty() && rng() % 3 == 0) ? captures[rng() % captures.size()]
                                                         : static_cast<int>(rng() % ml.size());
        Move m = ml[pick];
        pos.make(m, u);
      }
    }
  }
  EXPECT_GT(compared, 300);
}

// Perft from the start. An escape counts as a move distinct from a normal move to
// the same square. The numbers were computed by the engine and agree with the
// brute-force generator, which the test runs too.
TEST(JetanPerft, StartPositionToDepth3) {
  struct Expect {
    const char* script;
    uint64_t n[4];
  };
  const Expect expected[] = {
      {"cazaux", {1, 112, 12544, 1168012}},
      {"cazaux-continue", {1, 112, 12544, 1168012}},
      {"burroughs", {1, 92, 8439, 687038}},
      {"burroughs-appendix", {1, 88, 7723, 594505}},
  };
  brute::Reading burroughs, appendix, cazaux;
  appendix.thoat_either_jump = false;
  cazaux.bold = true;
  for (const Expect& e : expected) {
    auto rules = load(e.script);
    ASSERT_TRUE(rules);
    Position pos(rules);
    std::string s = e.script;
    const brute::Reading& rd = s == "burroughs"            ? burroughs
                               : s == "burroughs-appendix" ? appendix
                                                           : cazaux;
    brute::Board b = brute::start(false, 0);
    for (int d = 1; d <= 3; ++d) {
      uint64_t n = perft(pos, d);
      EXPECT_EQ(n, brute::perft(b, rd, d)) << s << " depth " << d;
      EXPECT_EQ(n, e.n[d]) << s << " depth " << d;
    }
  }
}

}  // namespace
}  // namespace regula
