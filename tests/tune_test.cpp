// Texel tuning (ai/tune.h, `regula tune`): the fit recovers known weights from
// generated positions, the sampled features are the evaluator's, the written
// Lua table loads back and changes the evaluation, and the command is
// deterministic and refuses bad arguments.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "ai/evaluation.h"
#include "ai/seat_view.h"
#include "ai/tune.h"
#include "cli_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::Rules;

// Positions whose results follow sigmoid(k * evaluation) under known weights:
// three types worth 100, 300 and 500 score units and mobility 5, with
// counts and mobility drawn at random, each result a win or a loss drawn
// with the predicted probability.
constexpr double kTrueK = 0.01;
const std::vector<double> kTrueValues = {100, 300, 500};
constexpr double kTrueMobility = 5;

std::vector<ai::TuneSample> generated(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> count(-2, 2), mobility(-12, 12);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<ai::TuneSample> out;
  for (int i = 0; i < n; ++i) {
    ai::TuneSample s;
    double e = 0;
    for (double v : kTrueValues) {
      s.count.push_back(static_cast<float>(count(rng)));
      e += s.count.back() * v;
    }
    s.mobility = static_cast<float>(mobility(rng));
    e += s.mobility * kTrueMobility;
    s.result = unit(rng) < 1 / (1 + std::exp(-kTrueK * e)) ? 1.0f : 0.0f;
    s.game = i / 50;  // 50 positions a game
    out.push_back(s);
  }
  return out;
}

ai::TuneFree all_free() {
  ai::TuneFree f;
  f.values = {true, true, true};
  f.mobility = true;
  return f;
}

TEST(TuneFit, RecoversKnownWeightsFromGeneratedPositions) {
  const auto samples = generated(20000, 7);
  ai::TuneWeights truth{kTrueValues, kTrueMobility, {}};
  // k first, with the true weights: near the true one.
  const double k = ai::fit_scale(samples, truth);
  EXPECT_NEAR(k, kTrueK, 0.001);
  // Then the weights at that k, from equal values and no mobility.
  const ai::TuneWeights start{{100, 100, 100}, 0, {}};
  const ai::TuneWeights fit = ai::fit_weights(samples, start, all_free(), k);
  for (size_t t = 0; t < kTrueValues.size(); ++t)
    EXPECT_NEAR(fit.values[t], kTrueValues[t], 0.08 * kTrueValues[t]) << t;
  EXPECT_NEAR(fit.mobility, kTrueMobility, 1.0);
  EXPECT_LT(ai::tune_loss(samples, fit, k), ai::tune_loss(samples, start, k) - 0.01);
}

TEST(TuneFit, KeepsWeightsThatAreNotFree) {
  const auto samples = generated(4000, 8);
  ai::TuneFree free = all_free();
  free.values[1] = false;
  free.mobility = false;
  const ai::TuneWeights fit = ai::fit_weights(samples, {{100, 250, 100}, 3, {}}, free, kTrueK);
  EXPECT_EQ(fit.values[1], 250);
  EXPECT_EQ(fit.mobility, 3);
  EXPECT_NE(fit.values[2], 100);
}

TEST(TuneFit, BootstrapIntervalsHoldTheTrueRatiosAndRepeatForASeed) {
  const auto samples = generated(10000, 9);
  const ai::TuneWeights fit =
      ai::fit_weights(samples, {{100, 100, 100}, 0, {}}, all_free(), kTrueK);
  const auto a = ai::bootstrap_intervals(samples, fit, all_free(), kTrueK, 0, 200, 40, 5);
  const auto b = ai::bootstrap_intervals(samples, fit, all_free(), kTrueK, 0, 200, 40, 5);
  ASSERT_EQ(a.size(), 3u);
  for (size_t t = 0; t < 3; ++t) {
    EXPECT_EQ(a[t].low, b[t].low);
    EXPECT_EQ(a[t].high, b[t].high);
    EXPECT_LE(a[t].low, a[t].high);
  }
  EXPECT_EQ(a[0].low, 1.0);  // the unit in its own unit
  EXPECT_EQ(a[0].high, 1.0);
  EXPECT_LT(a[1].low, 3.0);
  EXPECT_GT(a[1].high, 3.0);
  EXPECT_LT(a[2].low, 5.0);
  EXPECT_GT(a[2].high, 5.0);
  EXPECT_LT(a[2].high - a[2].low, 2.0);
}

// Men that step and Queens that slide any way on a 5x5 board, worth the same
// by the script; losing every piece loses.
const std::string kToy = R"(return game {
  title = "tune toy",
  board = grid { width = 5, height = 5 },
  pieces = {
    piece { name = "man", symbol = "M", value = 1, moves = { step { dirs = "orthogonal" } } },
    piece { name = "queen", symbol = "Q", value = 1, moves = { slide { dirs = "all" } } },
  },
  setup = { white = { man = "a1 c1 e1", queen = "b1 d1" },
            black = { man = "a5 c5 e5", queen = "b5 d5" } },
  ends = { extinction = true },
)";

// The features of a sample are the evaluator's: with the evaluator's own
// weights they give back its evaluation.
TEST(TuneSamples, FeaturesGiveBackTheEvaluation) {
  Rules r = test_support::load("tune_features", kToy + "}\n");
  ASSERT_TRUE(r);
  const ai::Evaluator eval(*r);
  Position pos = test_support::board(
      r, {{"a1", "man", 0}, {"b2", "queen", 0}, {"c3", "queen", 0}, {"e5", "man", 1}}, 1);
  const ai::TuneSample s = ai::sample_of(eval, pos, true);
  EXPECT_EQ(s.count, (std::vector<float>{0, -2}));  // from Black's side
  EXPECT_EQ(s.mobility, eval.mobility_difference(pos));
  EXPECT_LT(s.mobility, 0);
  const ai::TuneWeights w = ai::current_weights(*r, eval);
  EXPECT_EQ(w.values, (std::vector<double>{100, 100}));
  EXPECT_DOUBLE_EQ(ai::tune_eval(s, w), eval(pos, 1));
}

// The written table, required by a script beside it, sets the evaluator's
// material and mobility to the fitted values.
TEST(TuneWeightsFile, LoadsBackAndChangesTheEvaluation) {
  Rules plain = test_support::load("tune_plain", kToy + "}\n");
  ASSERT_TRUE(plain);
  const ai::TuneWeights fitted{{87.4, 412.6}, 6.6, {}};
  const std::string lua = ai::weights_lua(*plain, fitted, "fitted\nfor a test");
  EXPECT_EQ(lua,
            "-- fitted\n-- for a test\nreturn {\n  material = 100,\n  promotion = 20,\n"
            "  mobility = 7,\n  hunt = 4,\n  values = {\n    [\"man\"] = 0.87,\n"
            "    [\"queen\"] = 4.13,\n  },\n}\n");
  std::ofstream(test_support::script_dir() / "tune_toy_weights.lua") << lua;
  Rules tuned =
      test_support::load("tune_tuned", kToy + "  ai = require \"tune_toy_weights\",\n}\n");
  ASSERT_TRUE(tuned);
  const ai::Evaluator before(*plain), after(*tuned);
  EXPECT_EQ(before.material(0), 100);
  EXPECT_EQ(before.material(1), 100);
  EXPECT_EQ(before.mobility(), 2);
  EXPECT_EQ(after.material(0), 87);
  EXPECT_EQ(after.material(1), 413);
  EXPECT_EQ(after.mobility(), 7);
  Position pos = test_support::board(tuned, {{"a1", "man", 0}, {"c3", "queen", 1}}, 0);
  Position same = test_support::board(plain, {{"a1", "man", 0}, {"c3", "queen", 1}}, 0);
  EXPECT_NE(after(pos, 0), before(same, 0));
}

TEST(TuneWeightsFile, BadValuesAreRefusedWithTheirPlace) {
  test_support::expect_located(
      test_support::load_error("tune_bad_name", kToy + "  ai = { values = { rook = 3 } },\n}\n"),
      "tune_bad_name.lua", "no piece named 'rook'");
  test_support::expect_located(
      test_support::load_error("tune_bad_worth", kToy + "  ai = { values = { man = -1 } },\n}\n"),
      "tune_bad_worth.lua", "ai.values.man must be a number from 0 to 1000");
  test_support::expect_located(
      test_support::load_error("tune_bad_list", kToy + "  ai = { values = { 3, 4 } },\n}\n"),
      "tune_bad_list.lua", "ai.values = { NAME = WORTH, ... }");
  test_support::expect_located(
      test_support::load_error("tune_bad_site",
                               kToy + "  ai = { squares = { man = { z9 = 1 } } },\n}\n"),
      "tune_bad_site.lua", "no site named 'z9' on this board");
  test_support::expect_located(
      test_support::load_error("tune_bad_square",
                               kToy + "  ai = { squares = { man = { a1 = -2000 } } },\n}\n"),
      "tune_bad_square.lua", "ai.squares.man.a1 must be a number from -1000 to 1000");
  test_support::expect_located(
      test_support::load_error("tune_bad_squares",
                               kToy + "  ai = { squares = { man = { 1, 2 } } },\n}\n"),
      "tune_bad_squares.lua", "ai.squares = { NAME = { SITE = WORTH, ... }, ... }");
}

// A weights file is required like any module: one outside the script's
// directory and the rules is refused unread.
TEST(TuneWeightsFile, ARequireThatLeavesTheDirectoryIsRefused) {
  test_support::expect_located(
      test_support::load_error("tune_escape",
                               kToy + "  ai = require \"../tune_escape_weights.lua\",\n}\n"),
      "tune_escape.lua", "outside the rules search path");
}

// ------------------------------------------------------------- squares

// Positions whose results follow known square worths as well: the three types
// of generated() on a board of four sites, the first type worth +80 on site 0
// and -60 on site 3 and nothing elsewhere, the others nothing anywhere.
constexpr int kSites = 4;
std::vector<ai::TuneSample> generated_with_squares(int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> count(-2, 2), site(0, kSites - 1);
  std::uniform_real_distribution<double> unit(0, 1);
  const double worth[kSites] = {80, 0, 0, -60};
  std::vector<ai::TuneSample> out;
  for (int i = 0; i < n; ++i) {
    ai::TuneSample s;
    double e = 0;
    for (size_t t = 0; t < kTrueValues.size(); ++t) {
      s.count.push_back(static_cast<float>(count(rng)));
      e += s.count.back() * kTrueValues[t];
    }
    // One of the first type's pieces (of either side) stands on a random site.
    if (s.count[0] != 0) {
      const int where = site(rng);
      const float side = s.count[0] > 0 ? 1.0f : -1.0f;
      s.squares.emplace_back(static_cast<uint32_t>(where), side);
      e += side * worth[where];
    }
    s.result = unit(rng) < 1 / (1 + std::exp(-kTrueK * e)) ? 1.0f : 0.0f;
    s.game = i / 50;
    out.push_back(s);
  }
  return out;
}

TEST(TuneFit, RecoversKnownSquareWorths) {
  const auto samples = generated_with_squares(40000, 11);
  ai::TuneFree free = all_free();
  free.mobility = false;
  free.squares.assign(kTrueValues.size() * kSites, false);
  for (int q = 0; q < kSites; ++q) free.squares[q] = true;
  // A start without squares: they start at 0.
  const ai::TuneWeights start{{100, 100, 100}, 0, {}};
  const ai::TuneWeights fit = ai::fit_weights(samples, start, free, kTrueK);
  // The worth of the first type splits between its value and its squares:
  // value plus square is what the games see.
  EXPECT_NEAR(fit.values[0] + fit.squares[0], 180, 15);
  EXPECT_NEAR(fit.values[0] + fit.squares[3], 40, 15);
  EXPECT_GT(fit.squares[0] - fit.squares[1], 60);
  EXPECT_LT(fit.squares[3] - fit.squares[2], -45);
  for (int q = kSites; q < static_cast<int>(fit.squares.size()); ++q)
    EXPECT_EQ(fit.squares[q], 0) << q;  // not free: kept
}

TEST(TuneFit, TooManyWeightsAreRefusedNamingTheLimit) {
  ai::TuneFree free = all_free();
  free.squares.assign(ai::kMaxTuneWeights - 4, true);
  EXPECT_FALSE(ai::too_many_weights(free));
  free.squares.push_back(true);
  const auto why = ai::too_many_weights(free);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "2001 weights to fit (piece values, mobility and the squares seen), more than one fit "
            "may change (kMaxTuneWeights = 2000); fit the values alone (without --squares)");
}

const std::string kToySquares =
    kToy + "  ai = { squares = { man = { c3 = 0.5, a1 = -0.25 }, queen = { e5 = 1 } } },\n}\n";

// With squares, the sampled features still give back the evaluation, each
// side's pieces counted on the squares of its own view.
TEST(TuneSamples, SquaresGiveBackTheEvaluation) {
  Rules r = test_support::load("tune_squares_features", kToySquares);
  ASSERT_TRUE(r);
  const ai::Evaluator eval(*r);
  const auto views = ai::seat_views(*r);
  Position pos = test_support::board(
      r, {{"a1", "man", 0}, {"c3", "man", 0}, {"a5", "queen", 1}, {"e5", "man", 1}}, 1);
  const ai::TuneSample s = ai::sample_of(eval, pos, true, &views);
  const uint32_t sites = 25;
  auto at = [&](const char* name) { return static_cast<uint32_t>(r->topology.find(name)); };
  // From Black's side: White's men on a1 and c3, Black's queen on a5 (e1 in
  // White's view, a half turn) and man on e5 (a1 in White's view).
  const std::vector<std::pair<uint32_t, float>> want = {
      {at("c3"), -1}, {sites + at("e1"), 1}};  // a1: White's man and Black's cancel
  EXPECT_EQ(s.squares, want);
  const ai::TuneWeights w = ai::current_weights(*r, eval);
  EXPECT_EQ(w.squares[at("c3")], 50);
  EXPECT_EQ(w.squares[at("a1")], -25);
  EXPECT_EQ(w.squares[sites + at("e5")], 100);
  EXPECT_DOUBLE_EQ(ai::tune_eval(s, w), eval(pos, 1));
}

// The squares written load back as the evaluator's, for both sides.
TEST(TuneWeightsFile, SquaresLoadBack) {
  Rules plain = test_support::load("tune_squares_plain", kToy + "}\n");
  ASSERT_TRUE(plain);
  ai::TuneWeights fitted{{100, 300}, 2, std::vector<double>(50, 0)};
  fitted.squares[plain->topology.find("c3")] = 42.4;
  fitted.squares[plain->topology.find("b1")] = -0.3;  // rounds to 0
  const std::string lua = ai::weights_lua(*plain, fitted, "");
  EXPECT_NE(lua.find("  squares = {\n    [\"man\"] = {\n      a5 = 0.00, b5 = 0.00, c5 = 0.00, "
                     "d5 = 0.00, e5 = 0.00,\n"),
            std::string::npos)
      << lua;
  EXPECT_NE(lua.find("      a3 = 0.00, b3 = 0.00, c3 = 0.42, d3 = 0.00, e3 = 0.00,\n"),
            std::string::npos)
      << lua;
  EXPECT_EQ(lua.find("[\"queen\"] = {"), std::string::npos) << lua;  // no square of its own
  EXPECT_EQ(lua.find("-0.00"), std::string::npos) << lua;
  std::ofstream(test_support::script_dir() / "tune_squares_weights.lua") << lua;
  Rules tuned = test_support::load("tune_squares_tuned",
                                   kToy + "  ai = require \"tune_squares_weights\",\n}\n");
  ASSERT_TRUE(tuned);
  const ai::Evaluator eval(*tuned);
  EXPECT_EQ(eval.piece_worth(0, 0, tuned->topology.find("c3")), 142);
  EXPECT_EQ(eval.piece_worth(0, 1, tuned->topology.find("c3")), 142);  // the middle, both ways
  EXPECT_EQ(eval.piece_worth(0, 0, tuned->topology.find("b1")), 100);
  EXPECT_EQ(eval.piece_worth(1, 0, tuned->topology.find("c3")), 300);
}

// ------------------------------------------------------------- the command

std::string toy_script() {
  return test_support::write_script("tunetoy", kToy + "}\n");
}

std::string temp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          (name + "_" + std::to_string(::getpid()) + ".lua"))
      .string();
}

std::string text_of(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The queen, which goes anywhere, is worth more than the man by the games,
// though the script values them alike; the same seed gives the same report
// and file on one thread or two.
TEST(TuneCommand, FindsTheStrongerPieceAndRepeatsForASeed) {
  const std::string a = temp_file("tune_a"), b = temp_file("tune_b");
  const std::string args = "tune " + toy_script() + " -n 24 --seed 3 --player ai:1 --quiet --out ";
  const auto one = test_support::run(args + a + " --threads 1");
  const auto two = test_support::run(args + b + " --threads 2");
  ASSERT_EQ(one.code, 0) << one.out;
  ASSERT_EQ(two.code, 0) << two.out;
  const std::string report_one = one.out.substr(0, one.out.find("wrote "));
  EXPECT_EQ(report_one, two.out.substr(0, two.out.find("wrote ")));
  // The files differ only in the module name their comment gives.
  const std::string table_a = text_of(a), table_b = text_of(b);
  EXPECT_EQ(table_a.substr(table_a.find("return {")), table_b.substr(table_b.find("return {")));
  EXPECT_NE(one.out.find("tune toy: 24 games (ai:1), seed 3, "), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("worth in man (95% interval, bootstrap over games):\n  man: 1.00\n"),
            std::string::npos)
      << one.out;
  const size_t q = one.out.find("  queen: ");
  ASSERT_NE(q, std::string::npos) << one.out;
  EXPECT_GT(std::stod(one.out.substr(q + 9)), 1.5) << one.out;
  EXPECT_NE(text_of(a).find("return {\n  material = 100,"), std::string::npos) << text_of(a);
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

// With --squares, the report names each type's best and worst site and the
// file holds a square table for the pieces the games moved.
TEST(TuneCommand, SquaresAreFittedWhenAsked) {
  const std::string a = temp_file("tune_sq");
  const auto run = test_support::run("tune " + toy_script() +
                                     " -n 40 --seed 3 --player ai:1 --quiet --squares --out " + a);
  ASSERT_EQ(run.code, 0) << run.out;
  EXPECT_NE(run.out.find("squares (worth on a site, in pieces of value 1, as white sees the board; "
                         "the rest 0):\n  man: "),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("  queen: "), run.out.rfind("  queen: ")) << run.out;  // values, squares
  EXPECT_NE(run.out.find("held out (every fifth game, fitted on the others): log-loss "),
            std::string::npos)
      << run.out;
  const std::string table = text_of(a);
  EXPECT_NE(table.find("  squares = {\n"), std::string::npos) << table;
  Rules back = test_support::load(
      "tune_squares_back", kToy + "  ai = " + table.substr(table.find("return {") + 7) + "}\n");
  EXPECT_TRUE(back);
  std::filesystem::remove(a);
}

TEST(TuneCommand, BadArgumentsAreRefusedClearly) {
  const auto player = test_support::run("tune " + toy_script() + " --player nobody -n 2");
  EXPECT_EQ(player.code, 1) << player.out;
  EXPECT_NE(player.out.find("nobody"), std::string::npos) << player.out;
  const auto games = test_support::run("tune " + toy_script() + " -n 0");
  EXPECT_EQ(games.code, 2) << games.out;
  EXPECT_NE(games.out.find("--games"), std::string::npos) << games.out;
  const auto self = test_support::run("tune " + toy_script() + " -n 2 --out " + toy_script());
  EXPECT_EQ(self.code, 2) << self.out;
  EXPECT_NE(self.out.find("that is a file of the rules themselves"), std::string::npos) << self.out;
  const auto few = test_support::run("tune " + toy_script() + " -n 1 --skip 1000 --quiet --out " +
                                     temp_file("tune_few"));
  EXPECT_EQ(few.code, 1) << few.out;
  EXPECT_NE(few.out.find("regula tune: only 0 quiet positions in 1 games, too few to fit"),
            std::string::npos)
      << few.out;
}

}  // namespace
}  // namespace regula
