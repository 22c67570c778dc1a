// compare_positions and `regula compare`: two readings side by side. Burroughs'
// Jetan against Cazaux's reconstruction differs in the Princess's moves alone;
// Chaturanga for two with the Soldier capturing diagonally only loses exactly
// the Soldier's forward captures; the walk reads records and single positions,
// and refuses readings that cannot share a position.

#include "notation/compare_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::CliRun;
using test_support::run;

nlohmann::json json_of(const CliRun& r) {
  EXPECT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  return j;
}

TEST(Compare, TheStartOfBurroughsAndCazauxDiffersInThePrincessEscape) {
  Position a(bundled("jetan/burroughs"));
  auto b = same_position(a, bundled("jetan/cazaux"));
  ASSERT_TRUE(b) << b.error().text();
  PositionDifference d = compare_positions(a, *b);
  // At the start, Burroughs' Princess may not escape to a threatened square;
  // Cazaux's may go to any empty square of the rows ahead: 20 more moves.
  EXPECT_TRUE(d.only_a.empty());
  ASSERT_EQ(d.only_b.size(), 20u);
  for (const MoveDifference& m : d.only_b) {
    EXPECT_EQ(m.piece, "princess");
    EXPECT_EQ(m.rule.rfind("move to any empty square 'escape' at ", 0), 0u) << m.rule;
    EXPECT_EQ(m.reason.rfind("would stand on a threatened square: ", 0), 0u) << m.reason;
  }
  EXPECT_EQ(d.only_b[0].move, "f1a7 escape");
  EXPECT_EQ(d.only_b[0].reason,
            "would stand on a threatened square: a7 could be captured there by the flier on d10");
}

TEST(Compare, OverGamesTheJetanReadingsDifferOnlyInPrincessMoves) {
  auto j = json_of(run("compare jetan/burroughs jetan/cazaux -n 4 --seed 3 --json"));
  EXPECT_EQ(j["games"], 4);
  EXPECT_GT(j["positions"].get<int>(), 4);
  EXPECT_GT(j["differing_positions"].get<int>(), 0);
  EXPECT_EQ(j["games_with_difference"], 4);
  for (const char* side : {"only_a", "only_b"})
    for (auto& [piece, n] : j[side]["by_piece"].items()) EXPECT_EQ(piece, "princess") << n;
  EXPECT_GT(j["only_b"]["by_piece"]["princess"].get<int>(), 0);
  bool escape = false;
  for (auto& [rule, n] : j["only_b"]["by_rule"].items())
    escape |= rule.find("'escape'") != std::string::npos;
  EXPECT_TRUE(escape) << j["only_b"].dump();
  // The first difference of every game is listed with its position.
  ASSERT_EQ(j["differences"].size(), 4u);
  EXPECT_EQ(j["differences"][0]["ply"], 0);
}

TEST(Compare, OneScriptUnderTwoOptionSets) {
  auto j = json_of(
      run("compare chaturanga/two-handed --option-b soldier=diagonal -n 2 --seed 1 --json"));
  EXPECT_EQ(j["b"]["options"], nlohmann::json::array({"soldier=diagonal"}));
  // Only the Soldier's forward capture is lost; nothing is gained.
  EXPECT_EQ(j["only_b"]["moves"], 0);
  ASSERT_GT(j["only_a"]["moves"].get<int>(), 0);
  EXPECT_EQ(j["only_a"]["by_piece"].size(), 1u);
  EXPECT_EQ(j["only_a"]["by_piece"]["soldier"], j["only_a"]["moves"]);
  EXPECT_EQ(j["only_a"]["by_reason"].size(), 1u);
  EXPECT_EQ(j["only_a"]["by_reason"]["a soldier captures only in another way"],
            j["only_a"]["moves"]);
  CliRun same = run("compare chaturanga/two-handed -n 1");
  EXPECT_EQ(same.code, 2) << same.out;
  EXPECT_NE(same.out.find("give a second script, or --option-a / --option-b"), std::string::npos);
}

TEST(Compare, RecordsAndSinglePositions) {
  const std::string records = ::testing::TempDir() + "compare_games.txt";
  CliRun made =
      run("match jetan/burroughs --players random,random -n 2 --max-plies 12 --seed 5 "
          "--threads 1 --records " +
          records);
  ASSERT_EQ(made.code, 0) << made.out;
  auto j = json_of(run("compare jetan/burroughs jetan/cazaux --record " + records + " --json"));
  EXPECT_EQ(j["games"], 2);
  // Each game's start and the position after each of its 12 decisions.
  EXPECT_EQ(j["positions"], 26);
  auto one = json_of(run("compare jetan/burroughs jetan/cazaux --position startpos --json"));
  EXPECT_EQ(one["positions"], 1);
  EXPECT_EQ(one["only_b"]["moves"], 20);
  CliRun text = run("compare jetan/burroughs jetan/cazaux --position startpos --show 1");
  EXPECT_NE(text.out.find(
                "  legal under B only (20):\n    f1a7 escape (princess, move to any empty square "
                "'escape' at "),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("... and 19 more"), std::string::npos) << text.out;
  CliRun apart = run("compare chess/orthodox draughts/english -n 1");
  EXPECT_EQ(apart.code, 1);
  EXPECT_NE(apart.out.find("the other reading cannot read"), std::string::npos) << apart.out;
}

TEST(Compare, ShardsSplitTheGamesAndAddUpToTheWholeRun) {
  const std::string base = "compare jetan/burroughs jetan/cazaux -n 5 --seed 2 --json";
  auto whole = json_of(run(base));
  uint64_t positions = 0, differing = 0, only_b = 0;
  std::vector<int> games;
  for (int i = 1; i <= 2; ++i) {
    auto part = json_of(run(base + " --shard " + std::to_string(i) + "/2"));
    EXPECT_EQ(part["shard"], std::to_string(i) + "/2");
    EXPECT_EQ(part["games"], i == 1 ? 3 : 2);
    positions += part["positions"].get<uint64_t>();
    differing += part["differing_positions"].get<uint64_t>();
    only_b += part["only_b"]["moves"].get<uint64_t>();
    for (auto& f : part["first_differences"]) games.push_back(f["game"].get<int>());
  }
  EXPECT_EQ(positions, whole["positions"].get<uint64_t>());
  EXPECT_EQ(differing, whole["differing_positions"].get<uint64_t>());
  EXPECT_EQ(only_b, whole["only_b"]["moves"].get<uint64_t>());
  std::sort(games.begin(), games.end());
  EXPECT_EQ(games, (std::vector<int>{1, 2, 3, 4, 5}));
}

// regula stats merges the --json outputs of a perft or compare run's parts.
TEST(Compare, StatsMergesThePartsOfPerftAndCompareRuns) {
  const std::string dir = ::testing::TempDir();
  auto part = [&](const std::string& command, const std::string& name) {
    const std::string file = dir + name;
    CliRun r = run(command + " > " + file);
    EXPECT_EQ(r.code, 0) << r.out;
    return file;
  };
  std::string perft_parts;
  for (int i = 1; i <= 3; ++i)
    perft_parts += " " + part("perft chess/orthodox 3 --json --shard " + std::to_string(i) + "/3",
                              "perft_part" + std::to_string(i) + ".json");
  auto perft = json_of(run("stats --json" + perft_parts));
  // 8,902: chess perft 3 from the start (Chess Programming Wiki, "Perft Results").
  EXPECT_EQ(perft["total"], 8902);
  EXPECT_EQ(perft["divide"].size(), 20u);
  EXPECT_EQ(perft["parts"], 3);
  EXPECT_TRUE(perft["missing_parts"].empty());
  CliRun missing = run("stats " + dir + "perft_part1.json " + dir + "perft_part3.json");
  EXPECT_NE(missing.out.find("missing: 2/3"), std::string::npos) << missing.out;
  CliRun twice = run("stats " + dir + "perft_part1.json " + dir + "perft_part1.json");
  EXPECT_EQ(twice.code, 1);
  EXPECT_NE(twice.out.find("part 1/3 is given twice"), std::string::npos) << twice.out;
  const std::string deeper = part("perft chess/orthodox 2 --json --shard 2/3", "perft_other.json");
  CliRun other = run("stats " + dir + "perft_part1.json " + deeper);
  EXPECT_EQ(other.code, 1);
  EXPECT_NE(other.out.find("another run than " + dir + "perft_part1.json: its depth is 2, not 3"),
            std::string::npos)
      << other.out;

  const std::string base = "compare jetan/burroughs jetan/cazaux -n 4 --seed 7 --json";
  auto whole = json_of(run(base));
  const std::string a = part(base + " --shard 1/2", "compare_part1.json");
  const std::string b = part(base + " --shard 2/2", "compare_part2.json");
  auto merged = json_of(run("stats --json " + b + " " + a));
  for (const char* key : {"games", "positions", "differing_positions", "games_with_difference"})
    EXPECT_EQ(merged[key], whole[key]) << key;
  EXPECT_EQ(merged["only_b"]["by_rule"], whole["only_b"]["by_rule"]);
  EXPECT_EQ(merged["differences"], whole["differences"]);
}

// --threads walks games at once and adds them in game order: the text, every
// difference listed and the summary, is the same byte for byte whatever the
// number of threads, and so is an error that stops the walk.
TEST(Compare, TheThreadsChangeNothingPrinted) {
  const std::string base =
      "compare jetan/burroughs jetan/cazaux -n 4 --seed 11 --max-plies 40 --all --show 3";
  const CliRun one = run(base + " --threads 1");
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_NE(one.out.find("\n160 positions in 4 games; 151 differ (94.4%), in 4 of 4 games; first "
                         "difference at ply 0 to 0 (mean 0.0)\n"),
            std::string::npos)
      << one.out;
  for (int threads : {2, 3}) {
    const CliRun many = run(base + " --threads " + std::to_string(threads));
    EXPECT_EQ(many.code, 0);
    EXPECT_EQ(many.out, one.out) << threads << " threads";
  }
  const std::string part =
      "compare jetan/burroughs jetan/cazaux -n 4 --seed 11 --max-plies 40 --json --shard 1/2";
  const CliRun part_one = run(part + " --threads 1");
  ASSERT_EQ(part_one.code, 0) << part_one.out;
  EXPECT_EQ(run(part + " --threads 2").out, part_one.out);
  EXPECT_EQ(json_of(part_one)["games"], 2);
  for (const std::string& bad : {std::string("compare chess/orthodox draughts/english -n 5"),
                                 std::string("compare jetan/burroughs jetan/cazaux -n 5 "
                                             "--player nobody")}) {
    const CliRun first = run(bad + " --threads 1");
    EXPECT_NE(first.code, 0) << first.out;
    for (int threads : {2, 3}) {
      const CliRun many = run(bad + " --threads " + std::to_string(threads));
      EXPECT_EQ(many.code, first.code) << bad;
      EXPECT_EQ(many.out, first.out) << bad;
    }
  }
}

}  // namespace
}  // namespace regula
