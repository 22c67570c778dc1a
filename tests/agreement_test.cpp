// Games ended by the players' word: resignation and agreed draws, in the
// session and through game records.
#include <gtest/gtest.h>

#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

using test_support::bundled;

TEST(Agreement, AResignationLosesForTheTeamAndUndoTakesItBack) {
  Game g(bundled("chess/orthodox"));
  ASSERT_TRUE(g.play_text("e2e4"));
  ASSERT_FALSE(g.resign(1));
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, "black resigns");
  EXPECT_EQ(g.result().outcome[0], Outcome::kWin);
  EXPECT_EQ(g.result().outcome[1], Outcome::kLoss);
  EXPECT_FALSE(g.play_text("e7e5"));  // over
  EXPECT_TRUE(g.resign(0));           // already over
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.history().size(), 1u);  // the move stays
  ASSERT_TRUE(g.play_text("e7e5"));
}

TEST(Agreement, TimeRunningOutLosesOrDrawsAndUndoTakesItBack) {
  auto rules = bundled("chess/orthodox");
  Game g(rules);
  ASSERT_TRUE(g.play_text("e2e4"));
  ASSERT_FALSE(g.time_out(1, false));
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, "black loses on time");
  EXPECT_EQ(g.result().outcome[0], Outcome::kWin);
  EXPECT_EQ(g.result().outcome[1], Outcome::kLoss);
  EXPECT_TRUE(g.time_out(0, false));  // already over
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.history().size(), 1u);
  ASSERT_FALSE(g.time_out(1, true));
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, "black's time is up, but no other side can win");
}

TEST(Agreement, RecordsKeepAnEndOnTime) {
  for (const bool drawn : {false, true}) {
    Game g(bundled("chess/orthodox"));
    ASSERT_TRUE(g.play_text("e2e4"));
    ASSERT_FALSE(g.time_out(1, drawn));
    const std::string text = write_record(g);
    auto back = read_record(text, script::named_rules_loader());
    ASSERT_TRUE(back) << back.error().text();
    EXPECT_TRUE(back->over()) << text;
    EXPECT_EQ(back->result().reason, g.result().reason);
    EXPECT_EQ(back->result().outcome[0], drawn ? Outcome::kDraw : Outcome::kWin);
  }
}

TEST(Agreement, FourSeatsResignAsATeam) {
  Game g(bundled("chaturanga/four-handed"));
  ASSERT_FALSE(g.resign(1));
  const Ruleset& r = g.rules();
  for (SeatId s = 0; s < r.num_seats(); ++s)
    EXPECT_EQ(g.result().outcome[s], r.allies(s, 1) ? Outcome::kLoss : Outcome::kWin)
        << r.seats[s].name;
}

TEST(Agreement, RecordsKeepAResignationAndADraw) {
  Game g(bundled("mill/morabaraba"));
  ASSERT_TRUE(g.play_text("E1"));
  ASSERT_FALSE(g.resign(0));
  const std::string text = write_record(g);
  EXPECT_NE(text.find("[Termination \"white resigns\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Result \"0-1\"]"), std::string::npos) << text;
  auto back = read_record(text, script::named_rules_loader());
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(back->over());
  EXPECT_EQ(back->result().reason, "white resigns");
  EXPECT_EQ(back->result().outcome[1], Outcome::kWin);

  Game d(bundled("chess/orthodox"));
  ASSERT_FALSE(d.agree_draw());
  auto drawn = read_record(write_record(d), script::named_rules_loader());
  ASSERT_TRUE(drawn) << drawn.error().text();
  EXPECT_EQ(drawn->result().reason, "draw agreed");
  EXPECT_EQ(drawn->result().outcome[0], Outcome::kDraw);
}

TEST(Agreement, AnOfferIsAcceptedOnlyByTheOtherTeam) {
  Game g(bundled("chaturanga/four-handed"));
  ASSERT_FALSE(g.offer_draw(0));  // south offers for its team
  // North, south's ally, cannot accept; the reply names who may, and the game goes on.
  const Status ally = g.accept_draw(2);
  ASSERT_TRUE(ally);
  EXPECT_EQ(ally->what,
            "not accepted: south offered the draw, so only west or east may accept it; the game "
            "goes on");
  EXPECT_FALSE(g.over());
  ASSERT_FALSE(g.accept_draw(3));
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, "draw agreed");
}

}  // namespace
}  // namespace regula
