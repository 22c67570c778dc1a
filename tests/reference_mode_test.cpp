// The reference mode (Ruleset::use_reference_paths): every shortcut finalize
// derives for speed switched off, so that each answer comes from the general
// paths. Seeded random games of every bundled script, under its defaults and
// under each other value of each of its options (and the turn model's small
// scripts), are played in both modes side by side, and at every node the legal
// decisions, the whole turns each begins, the turn boundary, the result and the
// hash must be the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/turns.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula {
namespace {

using Rules = std::shared_ptr<const Ruleset>;

constexpr int kGames = 3;
constexpr int kMaxDecisions = 150;

struct Reading {
  std::string script;
  script::OptionList options;
  std::string name() const {
    std::string out = script;
    for (const auto& [k, v] : options) out += " " + k + "=" + v;
    return out;
  }
};

// Every bundled script with its defaults and with each other value of each option.
std::vector<Reading> readings() {
  std::vector<Reading> out;
  for (const auto& s : script::bundled_scripts()) {
    out.push_back({s.name, {}});
    auto r = script::load_rules(s.name);
    if (!r) continue;
    for (size_t i = 0; i < (*r)->declared_options.size(); ++i) {
      const auto& [option, values] = (*r)->declared_options[i];
      for (const std::string& v : values)
        if (v != (*r)->options[i].second) out.push_back({s.name, {{option, v}}});
    }
  }
  for (const char* name :
       {"mini_mill", "gift", "two_dice", "three_seats", "four_seats_freeze", "offer"})
    out.push_back({std::string(REGULA_TEST_DATA) + "/turns/" + name + ".lua", {}});
  return out;
}

std::vector<uint64_t> sorted_hashes(const MoveList& ml) {
  std::vector<uint64_t> out;
  for (const Move& m : ml) out.push_back(m.hash());
  std::sort(out.begin(), out.end());
  return out;
}

// The move of list equal to m, which must be there.
const Move* same_in(const MoveList& list, const Move& m) {
  for (const Move& o : list)
    if (o.same(m)) return &o;
  return nullptr;
}

// Compares one node of the two games; returns false (with failures) when they part.
bool same_node(Position& a, Position& b, MoveList& ma, MoveList& mb, const std::string& where) {
  const Result ra = game_result(a, ma), rb = game_result(b, mb);
  EXPECT_EQ(ra.over, rb.over) << where;
  EXPECT_EQ(ra.reason, rb.reason) << where;
  EXPECT_EQ(ra.outcome, rb.outcome) << where;
  EXPECT_EQ(a.hash(), b.hash()) << where;
  EXPECT_EQ(a.in_turn(), b.in_turn()) << where;
  EXPECT_EQ(a.turn_decisions(), b.turn_decisions()) << where;
  EXPECT_EQ(write_position(a), write_position(b)) << where;
  EXPECT_EQ(sorted_hashes(ma), sorted_hashes(mb)) << where;
  if (::testing::Test::HasFailure()) return false;
  if (ra.over || ma.empty()) return true;
  for (const Move& m : ma) {
    const Move* o = same_in(mb, m);
    if (!o) return false;
    if (m.kind == MoveKind::kChance) continue;
    EXPECT_EQ(turns_after(a, m, a.turn_decisions()), turns_after(b, *o, b.turn_decisions()))
        << where << " turns after a decision";
  }
  return !::testing::Test::HasFailure();
}

TEST(ReferenceMode, FastAndReferencePathsAgreeAtEveryNode) {
  int nodes = 0, readings_played = 0;
  for (const Reading& reading : readings()) {
    auto loaded = script::load_rules(reading.script, reading.options);
    ASSERT_TRUE(loaded) << reading.name() << ": " << loaded.error().text();
    const Rules fast = *loaded;
    auto copy = std::make_shared<Ruleset>(*fast);
    copy->use_reference_paths();
    const Rules ref = copy;
    ASSERT_FALSE(ref->fast.on);
    ++readings_played;
    for (int g = 0; g < kGames; ++g) {
      std::mt19937_64 rng(1000 + g);
      Position a(fast), b(ref);
      for (int d = 0; d < kMaxDecisions; ++d) {
        MoveList ma, mb;
        const std::string where = reading.name() + " game " + std::to_string(g) + " decision " +
                                  std::to_string(d) + ": " + write_position(a);
        ASSERT_TRUE(same_node(a, b, ma, mb, where));
        ++nodes;
        if (game_result(a, ma).over || ma.empty()) break;
        // One decision at a time, as the GUI and the players walk a turn.
        const Move m = ma[static_cast<int>(rng() % ma.size())];
        const Move* o = same_in(mb, m);
        ASSERT_TRUE(o) << where;
        Undo ua, ub;
        a.make(m, ua);
        b.make(*o, ub);
      }
    }
  }
  EXPECT_GT(readings_played, 30);
  EXPECT_GT(nodes, 10000);
}

// The differential test above is only worth its name if the reference mode
// really leaves the shortcuts: each one is off in it, and on where the rules
// allow it in the fast mode of a script that uses it.
TEST(ReferenceMode, EveryShortcutIsOffInTheReferenceAndOnSomewhere) {
  auto chess = script::load_rules("chess/orthodox");
  auto mill = script::load_rules("mill/nine-mens-morris");
  auto xiangqi = script::load_rules("chess/xiangqi");
  auto jetan = script::load_rules("jetan/cazaux");
  ASSERT_TRUE(chess && mill && xiangqi && jetan);
  auto walk_trees = [](const Ruleset& r) {
    for (const MoveRule& rule : r.rules)
      if (!rule.walk_trees.empty()) return true;
    return false;
  };
  EXPECT_TRUE(walk_trees(**jetan));
  // On a board of more than 64 sites the promotion zone is told site by site:
  // a draughts man's bytes are its crowning row, and every site in the reference.
  auto draughts = script::load_rules("draughts/international");
  ASSERT_TRUE(draughts);
  const Ruleset& d = **draughts;
  ASSERT_GT(d.topology.size(), 64);
  const TypeId man = d.type_index("man");
  ASSERT_GE(man, 0);
  const Promotion& crown = d.types[man].promotions.at(0);
  Ruleset dref = d;
  dref.use_reference_paths();
  for (SeatId seat = 0; seat < d.num_seats(); ++seat) {
    int zone = 0;
    for (SiteId s = 0; s < d.topology.size(); ++s) {
      EXPECT_EQ(d.fast.promotion_zone[man][seat][s] != 0,
                d.regions[crown.region].contains(seat, s));
      EXPECT_EQ(dref.fast.promotion_zone[man][seat][s], 1);
      zone += d.fast.promotion_zone[man][seat][s];
    }
    EXPECT_EQ(zone, 10);  // the far row
  }
  EXPECT_TRUE((*xiangqi)->fast.check_by_rays);
  EXPECT_TRUE((*chess)->fast.on);
  EXPECT_TRUE((*chess)->fast.pins_simple);
  EXPECT_TRUE((*chess)->fast.probe_check);
  EXPECT_TRUE((*chess)->fast.simple_flow);
  EXPECT_TRUE((*chess)->fast.step_tables);
  EXPECT_TRUE((*mill)->fast.simple_army || (*mill)->fast.line_removal_stage >= 0);
  EXPECT_GE((*mill)->fast.line_removal_stage, 0);
  EXPECT_TRUE((*mill)->topology.small());
  for (const auto& r : {*chess, *mill, *xiangqi, *jetan}) {
    Ruleset ref = *r;
    ref.use_reference_paths();
    EXPECT_FALSE(ref.fast.on);
    EXPECT_FALSE(ref.fast.pins_simple);
    EXPECT_FALSE(ref.fast.probe_check);
    EXPECT_FALSE(ref.fast.check_by_rays);
    EXPECT_FALSE(ref.fast.simple_flow);
    EXPECT_FALSE(ref.fast.simple_army);
    EXPECT_FALSE(ref.fast.step_tables);
    EXPECT_EQ(ref.fast.line_removal_stage, -1);
    for (int p : ref.fast.plain_steps) EXPECT_EQ(p, -1);
    EXPECT_FALSE(ref.topology.small());
    for (const MoveRule& rule : ref.rules) EXPECT_TRUE(rule.steps.empty());
    EXPECT_FALSE(walk_trees(ref));
  }
}

}  // namespace
}  // namespace regula
