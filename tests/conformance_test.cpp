// The conformance suite every game script under rules/ gets for free: it loads;
// seeded random games from the start end with a result within a ply cap;
// make/unmake puts the position and its hash back exactly and the incremental
// hash equals the one computed from scratch; position strings round-trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "script/loader.h"
#include "script/lua_hooks.h"
#include "session/game.h"
#include "session/game_record.h"

#if __has_include("notation/position_string.h")
#include "notation/position_string.h"
#define REGULA_HAVE_POSITION_STRING 1
#endif

namespace regula {
namespace {

constexpr int kGames = 200;
constexpr int kMaxPlies = 10000;  // decisions, throws of the dice included
// Games whose every ply is also checked move by move (make/unmake of every
// legal move, position strings); the rest are only played.
constexpr int kCheckedGames = 10;

std::vector<std::string> script_names() {
  std::vector<std::string> out;
  for (const auto& s : script::bundled_scripts()) out.push_back(s.name);
  return out;
}

// Small scripts of the turn model's elements (stages, phases, seat states, dice),
// so that its invariants are checked before any bundled game uses them all.
std::vector<std::string> turn_scripts() {
  std::vector<std::string> out;
  for (const char* name :
       {"mini_mill", "gift", "two_dice", "three_seats", "four_seats_freeze", "offer"})
    out.push_back(std::string(REGULA_TEST_DATA) + "/turns/" + name + ".lua");
  return out;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s = info.param;
  if (s.find('/') != std::string::npos && s.size() > 4 && s.substr(s.size() - 4) == ".lua")
    s = s.substr(s.rfind('/') + 1, s.size() - s.rfind('/') - 5);
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  std::shared_ptr<const Ruleset> rules() {
    auto r = script::load_rules(GetParam());
    EXPECT_TRUE(r) << r.error().text();
    return r ? *r : nullptr;
  }
};

uint32_t seed_for(const std::string& name, int game) {
  uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return h ^ (static_cast<uint32_t>(game) * 0x9e3779b9u);
}

TEST_P(Conformance, Loads) {
  auto r = rules();
  ASSERT_TRUE(r);
  if (GetParam().find(".lua") == std::string::npos) {
    EXPECT_EQ(r->name, GetParam());
  }
  Position pos(r);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  MoveList ml;
  legal_moves(pos, ml);
  EXPECT_FALSE(ml.empty()) << "no move from the start";
  EXPECT_FALSE(game_result(pos).over);
}

// Called before each ply of a checked game with the position and its legal moves.
using PlyCheck = std::function<void(Position&, const MoveList&, int ply)>;

// Plays one seeded random game; returns the number of plies, or -1 if the cap
// was reached without a result.
int random_game(const std::shared_ptr<const Ruleset>& r, uint32_t seed, Result* result,
                const PlyCheck& check = nullptr) {
  std::mt19937 rng(seed);
  Position pos(r);
  MoveList ml;
  for (int ply = 0; ply < kMaxPlies; ++ply) {
    legal_moves(pos, ml);
    if (ml.empty()) {
      *result = game_result(pos);
      return ply;
    }
    if (check) {
      check(pos, ml, ply);
      if (::testing::Test::HasFailure()) return ply;
    }
    std::uniform_int_distribution<int> pick(0, ml.size() - 1);
    Move m = ml[pick(rng)];
    Undo u;
    pos.make(m, u);
  }
  return -1;
}

TEST_P(Conformance, RandomGamesEndWithAResult) {
  auto r = rules();
  ASSERT_TRUE(r);
  for (int g = 0; g < kGames; ++g) {
    Result res;
    int plies = random_game(r, seed_for(GetParam(), g), &res);
    ASSERT_GE(plies, 0) << "game " << g << " had no result after " << kMaxPlies << " plies";
    ASSERT_TRUE(res.over) << "game " << g << " stopped without a result";
    for (SeatId s = 0; s < r->num_seats(); ++s)
      EXPECT_NE(res.outcome[s], Outcome::kNone) << "game " << g << " seat " << int(s);
    EXPECT_FALSE(res.reason.empty()) << "game " << g;
  }
  auto err = script::hook_error(*r);
  EXPECT_FALSE(err) << err->text();
}

TEST_P(Conformance, MakeUnmakeRestoresPositionAndHash) {
  auto r = rules();
  ASSERT_TRUE(r);
  const PlyCheck check = [](Position& pos, const MoveList& ml, int ply) {
    ASSERT_EQ(pos.hash(), pos.compute_hash()) << "ply " << ply;
    const Position before = pos;
    Undo u;
    for (const Move& m : ml) {
      pos.make(m, u);
      ASSERT_EQ(pos.hash(), pos.compute_hash()) << "after a move at ply " << ply;
      // A pending stage always offers a decision, and one that continues the
      // turn is made by the same seat.
      if (pos.stage() >= 0 && !decided_result(pos)) {
        MoveList next;
        legal_moves(pos, next);
        ASSERT_FALSE(next.empty()) << "a stage with no decision at ply " << ply;
      }
      if (pos.in_turn() && m.kind != MoveKind::kChance && !decided_result(pos)) {
        ASSERT_EQ(pos.to_move(), before.to_move()) << "a turn changed hands at ply " << ply;
      }
      pos.unmake(m, u);
      ASSERT_TRUE(pos == before) << "make/unmake changed the position at ply " << ply;
      ASSERT_EQ(pos.hash(), before.hash()) << "make/unmake changed the hash at ply " << ply;
    }
    // Whole turns are the decision sequences that end a turn: perft 1 counts them,
    // after each throw of the dice when one is due (a throw is not a ply).
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    uint64_t want = turns.size();
    if (pos.awaiting_roll()) {
      want = 0;
      for (const Move& m : ml) {
        pos.make(m, u);
        std::vector<Turn> after;
        legal_turns(pos, after);
        want += after.size();
        pos.unmake(m, u);
      }
    }
    ASSERT_EQ(perft(pos, 1), want) << "ply " << ply;
    for (const Turn& t : turns) {
      std::vector<Undo> undos;
      make_turn(pos, t, undos);
      const bool open = pos.in_turn() && t.first().kind != MoveKind::kChance;
      ASSERT_TRUE(!open || decided_result(pos)) << "a whole turn left the turn open at ply " << ply;
      unmake_turn(pos, t, undos);
    }
    ASSERT_TRUE(pos == before) << "turn enumeration changed the position at ply " << ply;
  };
  for (int g = 0; g < kCheckedGames; ++g) {
    Result res;
    random_game(r, seed_for(GetParam(), g), &res, check);
    ASSERT_FALSE(HasFailure()) << "game " << g;
  }
}

#ifdef REGULA_HAVE_POSITION_STRING
TEST_P(Conformance, PositionStringsRoundTrip) {
  auto r = rules();
  ASSERT_TRUE(r);
  const PlyCheck check = [&r](Position& pos, const MoveList&, int ply) {
    const std::string text = write_position(pos);
    auto back = read_position(r, text);
    ASSERT_TRUE(back) << "ply " << ply << ": " << text << ": " << back.error().text();
    EXPECT_TRUE(*back == pos) << "ply " << ply << ": " << text;
    EXPECT_EQ(back->hash(), pos.hash()) << "ply " << ply << ": " << text;
    EXPECT_EQ(write_position(*back), text) << "ply " << ply;
  };
  for (int g = 0; g < kCheckedGames; ++g) {
    Result res;
    random_game(r, seed_for(GetParam(), g), &res, check);
    ASSERT_FALSE(HasFailure()) << "game " << g;
  }
}
#endif

// A game played by the random player, turn by turn, is written as a record and
// read back to the same position and result.
TEST_P(Conformance, RecordsReplay) {
  auto r = rules();
  ASSERT_TRUE(r);
  for (int g = 0; g < 3; ++g) {
    std::mt19937 rng(seed_for(GetParam(), 100 + g));
    Game game(r);
    for (int turn = 0; turn < 300 && !game.over(); ++turn) {
      MoveList moves = game.legal_moves();
      ASSERT_FALSE(moves.empty());
      Position here = game.position();
      ASSERT_FALSE(game.play_turn(random_turn(here, moves, rng)));
    }
    const std::string text = write_record(game);
    // The record names a test script by its path; its folder joins the search path.
    script::SearchPath path;
    path.add(std::string(REGULA_TEST_DATA) + "/turns");
    auto back = read_record(text, script::named_rules_loader(path));
    ASSERT_TRUE(back) << back.error().text() << "\n" << text;
    EXPECT_TRUE(back->position() == game.position()) << text;
    EXPECT_EQ(back->result().score(), game.result().score()) << text;
    EXPECT_EQ(back->result().reason, game.result().reason) << text;
  }
}

INSTANTIATE_TEST_SUITE_P(Bundled, Conformance, ::testing::ValuesIn(script_names()), test_name);
INSTANTIATE_TEST_SUITE_P(TurnModel, Conformance, ::testing::ValuesIn(turn_scripts()), test_name);

}  // namespace
}  // namespace regula
