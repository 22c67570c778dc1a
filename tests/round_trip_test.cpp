// Everything regula writes it reads back: over every bundled script, with each
// value of each of its options, a few seeded random games; at every decision
// the position string read back is the same position (same hash, same text),
// and the record of the game read back replays to the same final position.
// Random play reaches what hand-picked tests miss: pending stages, frozen
// seats, dice, hands, counters.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/position.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

constexpr int kGames = 3;
constexpr int kPlies = 14;

// The script as it stands, then once more for each option value that is not
// the one chosen by default.
std::vector<script::OptionList> variants(const Ruleset& r) {
  std::vector<script::OptionList> out{{}};
  for (const auto& [name, values] : r.declared_options)
    for (const std::string& v : values) {
      bool chosen = false;
      for (const auto& [n, c] : r.options) chosen |= n == name && c == v;
      if (!chosen) out.push_back({{name, v}});
    }
  return out;
}

std::string label(const std::string& name, const script::OptionList& options, int game) {
  std::string out = name;
  for (const auto& [n, v] : options) out += " " + n + "=" + v;
  return out + " game " + std::to_string(game);
}

// Positions checked, so that the test cannot pass by checking none.
int checked = 0;

// The position of the game, written, read back and written again.
void expect_reads_back(const Game& g, const std::string& where) {
  ++checked;
  const Position& pos = g.position();
  const std::string text = write_position(pos);
  auto back = read_position(g.rules_ptr(), text);
  ASSERT_TRUE(back) << where << ": " << text << "\n" << back.error().text();
  EXPECT_EQ(write_position(*back), text) << where;
  EXPECT_EQ(back->hash(), pos.hash()) << where << ": " << text;
}

// The game's record, read back: the same final position.
void expect_record_reads_back(const Game& g, const std::string& where) {
  const std::string record = write_record(g);
  auto back = read_record(record, script::named_rules_loader());
  ASSERT_TRUE(back) << where << "\n" << record << "\n" << back.error().text();
  EXPECT_EQ(write_position(back->position()), write_position(g.position())) << where;
  EXPECT_EQ(back->position().hash(), g.position().hash()) << where << "\n" << record;
}

void play_random_games(const std::string& name, const script::OptionList& options,
                       const std::shared_ptr<const Ruleset>& rules) {
  for (int n = 0; n < kGames; ++n) {
    const std::string where = label(name, options, n);
    std::mt19937 rng(static_cast<unsigned>(1000 + n));
    Game g(rules);
    expect_reads_back(g, where + " start");
    for (int ply = 0; ply < kPlies && !g.over(); ++ply) {
      const MoveList moves = g.legal_moves();
      if (moves.empty()) break;
      const Move m = moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))];
      ASSERT_FALSE(g.play(m)) << where;
      expect_reads_back(g, where + " ply " + std::to_string(ply + 1));
      if (::testing::Test::HasFatalFailure()) return;
    }
    expect_record_reads_back(g, where);
  }
}

TEST(RoundTrip, EveryScriptsPositionsAndRecordsReadBack) {
  const auto names = script::bundled_script_names();
  EXPECT_GT(names.size(), 30u);
  for (const std::string& name : names) {
    auto base = script::load_rules(name);
    ASSERT_TRUE(base) << name << ": " << base.error().text();
    for (const script::OptionList& options : variants(**base)) {
      auto rules = options.empty() ? base : script::load_rules(name, options);
      ASSERT_TRUE(rules) << label(name, options, 0) << ": " << rules.error().text();
      play_random_games(name, options, *rules);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(checked, 2000);
}

// Play stops before a counter passes what a position string may hold, so that
// the position regula would write is never one it refuses to read.
TEST(RoundTrip, PlayStopsBeforeACounterPassesWhatAPositionMayHold) {
  auto rules = script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules) << rules.error().text();
  auto g = Game::from_position(*rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ply=1000000000");
  ASSERT_TRUE(g) << g.error().text();
  const MoveList moves = g->legal_moves();
  ASSERT_FALSE(moves.empty());
  const auto e = g->play(moves[0]);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->text(),
            "move: it would take ply to 1000000001, past the 1000000000 a position string may "
            "hold: play stops here");
  EXPECT_TRUE(g->history().empty());
  EXPECT_EQ(write_position(g->position()), "4k3/8/8/8/8/8/8/4K3 w - - 0 500000001");
  // Below the bound play goes on, and what it writes reads back.
  auto h = Game::from_position(*rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ply=999999999");
  ASSERT_TRUE(h) << h.error().text();
  ASSERT_FALSE(h->play(h->legal_moves()[0]));
  EXPECT_TRUE(read_position(*rules, write_position(h->position())));
}

// A hand as large as a script may deal is written and read back, and one more
// piece than the game deals is refused, naming the field and the bound.
TEST(RoundTrip, AHandAsLargeAsTheScriptDealsReadsBack) {
  auto rules = test_support::load("big_hand", R"(return game {
  title = "stones", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "stone", symbol = "S", drop = true } },
  hand = { white = { stone = 20000 }, black = { stone = 20000 } },
})");
  ASSERT_TRUE(rules);
  Game g(rules);
  const std::string text = write_position(g.position());
  EXPECT_EQ(text, "3/3/3 white hand.white=stone:20000 hand.black=stone:20000");
  auto back = read_position(rules, text);
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_EQ(back->hash(), g.position().hash());
  ASSERT_FALSE(g.play(g.legal_moves()[0]));
  EXPECT_TRUE(read_position(rules, write_position(g.position())));
  auto more = read_position(rules, "3/3/3 white hand.white=stone:20001");
  ASSERT_FALSE(more);
  EXPECT_EQ(more.error().text(),
            "position: hand.white count of stone must be a number from 0 to 20000, not '20001'");
}

}  // namespace
}  // namespace regula
