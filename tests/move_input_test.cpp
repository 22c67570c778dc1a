// Click-by-click entry of decisions (session/move_input.h), as the GUI uses it.
#include "session/move_input.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"

namespace regula {
namespace {

using test_support::bundled;

Game game_at(const std::string& script, const std::string& position) {
  auto g = Game::from_position(bundled(script), position);
  EXPECT_TRUE(g) << g.error().text();
  return std::move(*g);
}

InputStep at(const Game& g, const char* name) {
  return InputStep::site(g.rules().topology.find(name));
}

std::set<std::string> names(const Game& g, const std::vector<InputStep>& steps) {
  std::set<std::string> out;
  for (const InputStep& s : steps)
    out.insert(s.kind == InputStep::Kind::kSite ? g.rules().topology.name(s.value)
                                                : "hand:" + g.rules().types[s.value].name);
  return out;
}

TEST(MoveInput, ChessPawnFromItsSquareToOneOfTwo) {
  Game g(bundled("chess/orthodox"));
  MoveInput in(g.legal_moves());
  EXPECT_TRUE(in.buttons().empty());
  EXPECT_EQ(names(g, in.next()).size(), 10u);  // eight pawns and two knights
  ASSERT_EQ(in.add(at(g, "e2")), MoveInput::Outcome::kPartial);
  EXPECT_EQ(names(g, in.next()), (std::set<std::string>{"e3", "e4"}));
  EXPECT_EQ(in.add(at(g, "e5")), MoveInput::Outcome::kIllegal);
  EXPECT_EQ(in.steps().size(), 1u);  // the refused click changed nothing
  ASSERT_EQ(in.add(at(g, "e4")), MoveInput::Outcome::kComplete);
  EXPECT_EQ(move_text(g.position(), in.chosen()), "e2e4");
  in.reset();
  EXPECT_EQ(in.add(at(g, "e4")), MoveInput::Outcome::kIllegal);
}

TEST(MoveInput, APieceWithOneMoveStillWaitsForItsDestination) {
  Game g = game_at("chess/orthodox", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  MoveInput in(g.legal_moves());
  ASSERT_EQ(in.add(at(g, "e2")), MoveInput::Outcome::kPartial);
  EXPECT_EQ(names(g, in.next()), (std::set<std::string>{"e3", "e4"}));
}

TEST(MoveInput, APromotionLeavesTheTypesToChooseFrom) {
  Game g = game_at("chess/orthodox", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  MoveInput in(g.legal_moves());
  ASSERT_EQ(in.add(at(g, "b7")), MoveInput::Outcome::kPartial);
  ASSERT_EQ(in.add(at(g, "b8")), MoveInput::Outcome::kChoose);
  std::set<std::string> texts;
  for (const Move& m : in.candidates()) texts.insert(move_text(g.position(), m));
  EXPECT_EQ(texts, (std::set<std::string>{"b7b8=Q", "b7b8=R", "b7b8=B", "b7b8=N"}));
}

TEST(MoveInput, AMillDropIsHandThenPointAndItsRemovalOneClick) {
  Game g =
      game_at("mill/ishikulu", "E1:T,E2:T,A1:t,A2:t white hand.white=token:10 hand.black=token:10");
  MoveInput in(g.legal_moves());
  EXPECT_EQ(names(g, in.next()), (std::set<std::string>{"hand:token"}));
  EXPECT_EQ(in.add(at(g, "E3")), MoveInput::Outcome::kIllegal);
  ASSERT_EQ(in.add(InputStep::hand(0)), MoveInput::Outcome::kPartial);
  EXPECT_EQ(in.next().size(), 20u);  // every empty point
  ASSERT_EQ(in.add(at(g, "E3")), MoveInput::Outcome::kComplete);
  ASSERT_FALSE(g.play(in.chosen()));
  // The line E1-E2-E3 is made: the removal is the next decision, one click.
  MoveInput removal(g.legal_moves());
  EXPECT_EQ(names(g, removal.next()), (std::set<std::string>{"A1", "A2"}));
  ASSERT_EQ(removal.add(at(g, "A2")), MoveInput::Outcome::kComplete);
  EXPECT_EQ(removal.chosen().kind, MoveKind::kRemove);
}

TEST(MoveInput, DecisionsWithoutASiteAreButtons) {
  // A blocked Ishikulu player passes.
  Game g = game_at("mill/ishikulu", "E1:T,E2:T,E3:T,E8:T,A1:t,A2:t,A3:t,E4:t,E7:t,A8:t white");
  MoveInput in(g.legal_moves());
  EXPECT_TRUE(in.next().empty());
  ASSERT_EQ(in.buttons().size(), 1u);
  EXPECT_TRUE(in.buttons()[0].is_pass());
}

// In every bundled script, over random games, each legal decision is reached
// by its own clicks: every click is among next(), and the last one either picks
// the decision or leaves it among the candidates to choose from.
TEST(MoveInput, EveryDecisionOfEveryScriptIsReachedByItsClicks) {
  int checked = 0, chosen_from_list = 0, past_destination = 0;
  for (auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    ASSERT_TRUE(rules) << rules.error().text();
    std::mt19937_64 rng(5);
    Game game(*rules);
    for (int ply = 0; ply < 150 && !game.over(); ++ply) {
      MoveList moves = game.legal_moves();
      if (moves.empty()) break;
      MoveInput in(moves);
      for (const Move& m : moves) {
        const auto keys = MoveInput::keys(m);
        if (keys.empty()) {
          EXPECT_TRUE(std::any_of(in.buttons().begin(), in.buttons().end(), [&](const Move& b) {
            return b.same(m);
          })) << info.name;
          continue;
        }
        in.reset();
        MoveInput::Outcome out = MoveInput::Outcome::kPartial;
        size_t clicks = 0;
        for (const InputStep& k : keys) {
          if (out != MoveInput::Outcome::kPartial) break;
          const auto next = in.next();
          if (std::find(next.begin(), next.end(), k) == next.end()) continue;  // taken as made
          out = in.add(k);
          ++clicks;
        }
        ++checked;
        past_destination += clicks > 2;
        if (out == MoveInput::Outcome::kComplete) {
          EXPECT_TRUE(in.chosen().same(m)) << info.name << " " << move_text(game.position(), m);
        } else {
          ASSERT_EQ(out, MoveInput::Outcome::kChoose)
              << info.name << " " << move_text(game.position(), m);
          ++chosen_from_list;
          EXPECT_TRUE(std::any_of(in.candidates().begin(), in.candidates().end(),
                                  [&](const Move& c) { return c.same(m); }))
              << info.name;
        }
      }
      ASSERT_FALSE(game.play(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]));
    }
  }
  EXPECT_GT(checked, 10000);
  EXPECT_GT(chosen_from_list, 0);  // promotions
  std::cout << checked << " decisions, " << chosen_from_list << " chosen from a list, "
            << past_destination << " needing a click past the destination\n";
}

}  // namespace
}  // namespace regula
