// The stakes ledger: captures pay the captured piece's value to the capturer as
// they happen, and a finished game settles the stake for the result; the session,
// the terminal display and the game record all show the settled ledger.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "script/loader.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

std::shared_ptr<const Ruleset> load_text(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() / (name + ".lua");
  std::ofstream(path) << text;
  auto r = script::load_rules(path.string());
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

const char* kGame = R"(return game {
  title = "stakes",
  board = grid { width = 4, height = 1 },
  stakes = { win = 5 },
  pieces = {
    piece { name = "rook", symbol = "R", value = 3, moves = { slide { dirs = "orthogonal" } } },
    piece { name = "king", symbol = "K", value = 10, moves = { step { dirs = "all" } } },
  },
  setup = { white = { rook = "a1" }, black = { rook = "b1", king = "d1" } },
  ends = { captures = { { captured = "king", result = "win", reason = "king taken" } } },
}
)";

TEST(Stakes, CapturesPayAsTheyHappenAndTheResultIsSettled) {
  auto rules = load_text("stakes_win", kGame);
  ASSERT_TRUE(rules);
  Game game(rules);
  ASSERT_TRUE(game.play_text("a1b1"));  // white takes the rook: owed 3
  EXPECT_EQ(game.stakes(0), 3);
  EXPECT_EQ(game.stakes(1), 0);
  ASSERT_TRUE(game.play_text("d1c1"));
  ASSERT_TRUE(game.play_text("b1c1"));  // and the king: 10, and the game for 5
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.result().reason, "king taken");
  EXPECT_EQ(game.stakes(0), 3 + 10 + 5);
  EXPECT_EQ(game.stakes(1), 0);
  std::string record = write_record(game, {});
  EXPECT_NE(record.find("[Stakes \"white 18, black 0\"]"), std::string::npos) << record;
  // Taking the last move back unsettles it.
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.stakes(0), 3);
}

TEST(Stakes, RefusesUnknownFields) {
  auto path = std::filesystem::temp_directory_path() / "stakes_bad.lua";
  std::string text = kGame;
  text.replace(text.find("win = 5"), 7, "bonus = 5");
  std::ofstream(path) << text;
  auto r = script::load_rules(path.string());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().text().find("unknown field 'bonus' in stakes"), std::string::npos)
      << r.error().text();
}

}  // namespace
}  // namespace regula
