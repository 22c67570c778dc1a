// Self-play experiments past one machine: shards (cli/shard.h), the ordered
// streaming of per-game records (cli/ordered_run.h), the statistics of
// `regula stats` (cli/stats_math.h), the script content hash, and the
// commands put together: four shards run with GNU parallel give the records
// and the summary of the whole run.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/ordered_run.h"
#include "cli/shard.h"
#include "cli/stats_math.h"
#include "cli/stats_records.h"
#include "cli_support.h"
#include "script_support.h"

namespace regula::cli {
namespace {

namespace fs = std::filesystem;
using test_support::run;

// A folder of this process's own for the files the commands write.
fs::path work_dir() {
  static const fs::path dir = [] {
    auto d = fs::temp_directory_path() / ("regula_experiments_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

std::string path_of(const std::string& name) {
  return (work_dir() / name).string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// Runs a shell command line; its output (stdout and stderr) and exit code.
test_support::CliRun shell(const std::string& cmd) {
  test_support::CliRun r;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// `regula stats --json FILES` without the list of files, to compare summaries.
nlohmann::json stats_of(const std::string& files) {
  auto r = run("stats --json " + files);
  EXPECT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  if (j.is_object()) j.erase("files");
  return j;
}

// ---- shards ----------------------------------------------------------------

TEST(Shard, ParsesIOverNAndNamesWhatIsWrong) {
  auto s = parse_shard("2/4");
  ASSERT_TRUE(s) << s.error().text();
  EXPECT_EQ(s->index, 2);
  EXPECT_EQ(s->count, 4);
  EXPECT_EQ(s->text(), "2/4");
  ASSERT_TRUE(parse_shard("1/1"));
  EXPECT_TRUE(parse_shard("1/1")->whole());
  auto expect_error = [](const std::string& text, const std::string& what) {
    auto e = parse_shard(text);
    ASSERT_FALSE(e) << text;
    EXPECT_EQ(e.error().where, "--shard " + text);
    EXPECT_NE(e.error().what.find(what), std::string::npos) << e.error().what;
  };
  expect_error("0/4", "the part I must be from 1 to 4 (parts count from 1)");
  expect_error("5/4", "the part I must be from 1 to 4");
  expect_error("x/y", "a shard is written I/N, two whole numbers");
  expect_error("3", "a shard is written I/N");
  expect_error("1/", "a shard is written I/N");
  expect_error("-1/4", "the part I must be from 1 to 4");
  expect_error("1/0", "the number of parts N must be from 1 to 1000000");
  expect_error("1/2/3", "a shard is written I/N");
}

TEST(Shard, EveryItemBelongsToExactlyOnePart) {
  for (int n : {1, 3, 4, 7}) {
    uint64_t sizes = 0;
    for (int i = 1; i <= n; ++i) sizes += Shard{i, n}.size(50);
    EXPECT_EQ(sizes, 50u) << n;
    for (uint64_t item = 0; item < 50; ++item) {
      int owners = 0;
      for (int i = 1; i <= n; ++i) owners += Shard{i, n}.owns(item);
      EXPECT_EQ(owners, 1) << item << " of " << n;
    }
  }
  // Game number g (from 1) goes to part ((g - 1) mod N) + 1.
  EXPECT_TRUE((Shard{1, 4}.owns(0)));
  EXPECT_TRUE((Shard{4, 4}.owns(7)));
  EXPECT_FALSE((Shard{2, 4}.owns(2)));
  EXPECT_EQ((Shard{3, 4}.size(10)), 2u);  // items 2 and 6
  EXPECT_EQ((Shard{2, 4}.size(10)), 3u);  // 1, 5, 9
}

// A million items through two threads: each emitted once, in order, and no
// more than the window held at a time, whatever order they finish in.
TEST(OrderedRun, StreamsAMillionItemsInOrderHoldingOnlyTheWindow) {
  const Shard shard{2, 3};
  const uint64_t items = 3'000'000;  // the shard's million: 1, 4, 7, ...
  uint64_t expected = 1, emitted = 0;
  bool in_order = true;
  OrderedRun<uint64_t> run(shard, items, 16, [&](uint64_t item, uint64_t&& value) {
    in_order = in_order && item == expected && value == item * 2;
    expected += 3;
    ++emitted;
  });
  EXPECT_EQ(run.items(), 1'000'000u);
  auto work = [&](int w) {
    uint64_t k = 0;
    while (auto item = run.next()) {
      // The second thread lets a few of its items finish late.
      if (w == 1 && ++k % 4096 == 0) std::this_thread::yield();
      run.done(*item, *item * 2);
    }
  };
  std::thread other(work, 1);
  work(0);
  other.join();
  EXPECT_TRUE(in_order);
  EXPECT_EQ(emitted, 1'000'000u);
  EXPECT_LE(run.max_waiting(), 16u);
}

TEST(OrderedRun, StopsGivingOutItems) {
  OrderedRun<int> run(Shard{}, 100, 8, [](uint64_t, int&&) {});
  ASSERT_EQ(run.next(), 0u);
  run.stop();
  EXPECT_FALSE(run.next());
}

// ---- statistics ------------------------------------------------------------
// Expected values computed with python3 from the formulas (math.erfc for the
// normal, Simpson's rule on Student's t density for t, math.comb for Fisher),
// independently of the code under test; t(0.975, 4) = 2.776 and t(0.975, 9) =
// 2.262 are also in every published t table.

TEST(StatsMath, StudentTQuantiles) {
  EXPECT_NEAR(t_quantile(0.975, 4), 2.776445105, 1e-7);
  EXPECT_NEAR(t_quantile(0.975, 9), 2.262157163, 1e-7);
  EXPECT_NEAR(t_quantile(0.025, 9), -2.262157163, 1e-7);
  EXPECT_NEAR(t_cdf(2.262157163, 9), 0.975, 1e-8);
  EXPECT_NEAR(normal_cdf(-1.959963984540054), 0.025, 1e-12);
}

TEST(StatsMath, MeanIntervalIsStudentsT) {
  IntSample s;
  for (int x : {1, 2, 3, 4, 5}) s.add(x);
  EXPECT_DOUBLE_EQ(s.mean(), 3);
  EXPECT_DOUBLE_EQ(s.variance(), 2.5);
  const Interval i = mean_interval(s);
  EXPECT_NEAR(i.low, 1.036756838522345, 1e-8);
  EXPECT_NEAR(i.high, 4.963243161477655, 1e-8);
  IntSample one;
  one.add(7);
  EXPECT_DOUBLE_EQ(mean_interval(one).low, 7);
  // Stakes near 2^63: the sum of squares passes 127 bits at the third value
  // (signed overflow before); the variance falls back to long double.
  constexpr int64_t kBig = std::numeric_limits<int64_t>::max();
  const double big = static_cast<double>(kBig);
  IntSample huge;
  for (int k = 0; k < 3; ++k) huge.add(kBig);
  EXPECT_DOUBLE_EQ(huge.mean(), big);
  EXPECT_NEAR(huge.variance() / (big * big), 0, 1e-15);
  // M, M, 0: mean 2M/3, sample variance M^2/3.
  IntSample mixed;
  mixed.add(kBig);
  mixed.add(kBig);
  mixed.add(0);
  EXPECT_DOUBLE_EQ(mixed.mean(), 2 * big / 3);
  EXPECT_NEAR(mixed.variance() / (big * big), 1.0 / 3, 1e-15);
  IntSample both;
  both.add(huge);
  both.add(one);
  EXPECT_NEAR(both.mean() / big, 0.75, 1e-15);
}

TEST(StatsMath, RatioIntervalByTheDeltaMethod) {
  // decisions 10, 20, 30 with 25, 60, 75 moves: R = 160 / 60; python3 gives
  // R -+ t(0.975, 2) * sqrt(sum((y - R x)^2) / (3 * 2)) / mean(x).
  RatioSample r;
  r.add(10, 25);
  r.add(20, 60);
  r.add(30, 75);
  EXPECT_NEAR(r.ratio(), 2.6666666666666665, 1e-12);
  EXPECT_NEAR(r.interval().low, 1.920276175414139, 1e-7);
  EXPECT_NEAR(r.interval().high, 3.413057157919194, 1e-7);
}

TEST(StatsMath, TwoProportions) {
  // 60/100 against 45/100: pooled z-test p = 0.0336721; Newcombe's interval
  // from the two Wilson intervals.
  ProportionTest z = compare_proportions(60, 100, 45, 100);
  EXPECT_EQ(z.method, "z");
  EXPECT_NEAR(z.difference, 0.15, 1e-12);
  EXPECT_NEAR(z.p_value, 0.033672068856345876, 1e-9);
  EXPECT_NEAR(z.interval.low, 0.011723935319973455, 1e-9);
  EXPECT_NEAR(z.interval.high, 0.2804485210107637, 1e-9);
  // 1/10 against 5/10: an expected count below 5, so Fisher's exact test
  // (p = 0.1408669, math.comb over the tables no likelier than this one).
  ProportionTest f = compare_proportions(1, 10, 5, 10);
  EXPECT_EQ(f.method, "fisher");
  EXPECT_NEAR(f.p_value, 0.1408668730650155, 1e-9);
  EXPECT_NEAR(f.interval.low, -0.6759121533048666, 1e-9);
  EXPECT_NEAR(f.interval.high, 0.0023561093922479515, 1e-9);
  // The lady tasting tea: 3 of 4 against 1 of 4, p = 0.4857 (Fisher's own example).
  EXPECT_NEAR(fisher_exact(3, 4, 1, 4), 0.4857142857142857, 1e-12);
}

TEST(StatsMath, WelchTTest) {
  IntSample a, b;
  for (int x : {1, 2, 3, 4, 5}) a.add(x);
  for (int x : {2, 4, 6, 8, 10, 12}) b.add(x);
  const MeanTest t = compare_means(a, b);
  EXPECT_DOUBLE_EQ(t.difference, -4);
  EXPECT_NEAR(t.df, 6.9722557297949335, 1e-9);
  EXPECT_NEAR(t.p_value, 0.04928433820676259, 1e-7);
  EXPECT_NEAR(t.interval.low, -4 - 3.9834686956292353, 1e-6);
  EXPECT_NEAR(t.interval.high, -4 + 3.9834686956292353, 1e-6);
}

// ---- the script content hash -----------------------------------------------

const char* kTiny = R"(return game {
  title = "tiny",
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { wazir = "a1" }, black = { wazir = "c3" } },
}
)";

TEST(ScriptHash, CoversTheScriptAndWhatItExtends) {
  using test_support::load;
  using test_support::write_script;
  auto a = load("hash_a", kTiny);
  std::string one_more = kTiny;
  one_more.replace(one_more.find("\"tiny\""), 6, "\"tiNy\"");
  auto b = load("hash_b", one_more);
  auto a_again = load("hash_c", kTiny);
  ASSERT_TRUE(a && b && a_again);
  EXPECT_EQ(a->content_hash.size(), 16u);
  EXPECT_NE(a->content_hash, b->content_hash);
  EXPECT_EQ(a->content_hash, a_again->content_hash);  // the text, not the file name
  // The text of a script it extends counts too: one character changed there
  // changes the hash of the script that extends it, whose own text is the same.
  const std::string derived = "return extends(\"hash_base\", { title = \"derived\" })\n";
  write_script("hash_base", kTiny);
  auto d1 = load("hash_derived", derived);
  write_script("hash_base", one_more);
  auto d2 = load("hash_derived", derived);
  ASSERT_TRUE(d1 && d2);
  EXPECT_NE(d1->content_hash, d2->content_hash);
  EXPECT_NE(d1->content_hash, a->content_hash);
}

// ---- records ----------------------------------------------------------------

GameRecord record(uint64_t game, const char* first, const char* second, int plies) {
  GameRecord g;
  g.game = game;
  g.seed = 1000 + game;
  g.script = "hand/made";
  g.script_hash = "0123456789abcdef";
  g.options = {{"size", "small"}};
  g.max_plies = 100;
  g.players = {{"white", "random"}, {"black", "random"}};
  auto outcome = [](const std::string& s) {
    return s == "win" ? Outcome::kWin : s == "loss" ? Outcome::kLoss : Outcome::kDraw;
  };
  g.result = {outcome(first), outcome(second)};
  g.reason = std::string(first) == "draw" ? "agreed" : "mate";
  g.plies = plies;
  g.captures = plies / 2;
  return g;
}

// A and B of hand-made games: A wins 60, draws 10 and loses 30 of 100 as the
// first seat, B 45, 20 and 35; A's lengths go 2, 3, 4, 5, 1, ... and B's
// 4, 6, 8, 10, 12, 2, ...; A in JSON lines, B in CSV.
void write_ab(const std::string& a, const std::string& b) {
  std::ofstream fa(a), fb(b);
  fb << kCsvHeader << "\n";
  for (uint64_t i = 1; i <= 100; ++i) {
    const char* ra = i <= 60 ? "win" : i <= 70 ? "draw" : "loss";
    const char* rb = i <= 45 ? "win" : i <= 65 ? "draw" : "loss";
    const char* oa = i <= 60 ? "loss" : i <= 70 ? "draw" : "win";
    const char* ob = i <= 45 ? "loss" : i <= 65 ? "draw" : "win";
    fa << record_line(record(i, ra, oa, static_cast<int>(i % 5 + 1)), RecordFormat::kJson) << "\n";
    GameRecord gb = record(i, rb, ob, static_cast<int>(2 * (i % 6 + 1)));
    gb.script = "hand/other";
    fb << record_line(gb, RecordFormat::kCsv) << "\n";
  }
}

TEST(Records, JsonAndCsvReadBackTheSame) {
  GameRecord g = record(3, "win", "loss", 17);
  g.options = {{"odd;key", "a=b%c"}, {"plain", "x,\"y\""}};
  g.players = {{"white", "ai:2"}, {"black", "mcts:iterations=50,c=1"}};
  g.reason = "line\nbreak";
  g.branching = std::make_pair(int64_t{17}, int64_t{300});
  g.stakes = std::vector<int64_t>{-4, 4};
  for (RecordFormat f : {RecordFormat::kJson, RecordFormat::kCsv}) {
    const std::string file = path_of(f == RecordFormat::kCsv ? "one.csv" : "one.jsonl");
    {
      std::ofstream out(file);
      if (f == RecordFormat::kCsv) out << kCsvHeader << "\n";
      out << record_line(g, f) << "\n";
    }
    int n = 0;
    Status st = read_records(file, [&](GameRecord&& r, const std::string& where) -> Status {
      ++n;
      EXPECT_EQ(where, file + (f == RecordFormat::kCsv ? ":2" : ":1"));
      EXPECT_EQ(record_line(r, RecordFormat::kJson), record_line(g, RecordFormat::kJson));
      return std::nullopt;
    });
    EXPECT_FALSE(st) << st->text();
    EXPECT_EQ(n, 1);
  }
}

// ---- the commands ----------------------------------------------------------

TEST(Experiments, SelfplayWritesOneRecordPerGame) {
  const std::string jsonl = path_of("records.jsonl"), csv = path_of("records.csv");
  auto r = run("selfplay jetan/burroughs -n 6 --seed 3 --max-plies 40 --threads 2 --games-out " +
               jsonl + " --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto summary = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(summary.is_discarded()) << r.out;
  // The run's options are in the summary.
  EXPECT_EQ(summary["rules"], "jetan/burroughs");
  EXPECT_EQ(summary["seed"], 3);
  EXPECT_EQ(summary["run_games"], 6);
  EXPECT_EQ(summary["max_plies"], 40);
  EXPECT_EQ(summary["shard"], "1/1");
  EXPECT_EQ(summary["options"]["array"], "point");
  EXPECT_EQ(summary["players"]["black"], "random");
  EXPECT_EQ(summary["script_hash"].get<std::string>().size(), 16u);
  ASSERT_TRUE(summary["mean_plies_95"].is_array());
  EXPECT_LE(summary["mean_plies_95"][0].get<double>(), summary["mean_plies"].get<double>());
  const auto lines = lines_of(slurp(jsonl));
  ASSERT_EQ(lines.size(), 6u);
  for (size_t i = 0; i < lines.size(); ++i) {
    auto j = nlohmann::json::parse(lines[i], nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << lines[i];
    EXPECT_EQ(j["game"], i + 1);  // in game order, whatever thread played it
    EXPECT_EQ(j["script"], "jetan/burroughs");
    EXPECT_EQ(j["script_hash"], summary["script_hash"]);
    EXPECT_EQ(j["max_plies"], 40);
    EXPECT_LE(j["plies"].get<int>(), 40);
    EXPECT_TRUE(j["result"].contains("orange")) << lines[i];
    EXPECT_TRUE(j.contains("captures"));
    EXPECT_TRUE(j.contains("branches"));
  }
  // The CSV of the same run holds the same games: stats reads both alike.
  ASSERT_EQ(run("selfplay jetan/burroughs -n 6 --seed 3 --max-plies 40 --games-out " + csv).code,
            0);
  EXPECT_EQ(lines_of(slurp(csv)).front(), kCsvHeader);
  EXPECT_EQ(lines_of(slurp(csv)).size(), 7u);
  const nlohmann::json a = stats_of(jsonl);
  EXPECT_EQ(a, stats_of(csv));
  // stats gives the summary selfplay gave.
  for (auto& [key, value] : a.items()) {
    if (summary.contains(key)) {
      EXPECT_EQ(summary[key], value) << key;
    }
  }
  EXPECT_EQ(a["games"], 6);
  // The same records on any number of threads.
  const std::string three = path_of("three.jsonl");
  ASSERT_EQ(
      run("selfplay jetan/burroughs -n 6 --seed 3 --max-plies 40 --threads 3 --games-out " + three)
          .code,
      0);
  EXPECT_EQ(slurp(three), slurp(jsonl));
  // Games between named players: the players in the record, no branching.
  const std::string named = path_of("named.jsonl");
  ASSERT_EQ(run("selfplay mill/ishikulu --players ai:1,random -n 2 --seed 2 --max-plies 30 "
                "--games-out " +
                named)
                .code,
            0);
  for (const std::string& line : lines_of(slurp(named))) {
    auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["players"]["white"], "ai:1") << line;
    EXPECT_EQ(j["players"]["black"], "random") << line;
    EXPECT_FALSE(j.contains("decisions")) << line;
    EXPECT_GE(j["captures"].get<int>(), 0) << line;
  }
  // Stakes, for a script that has them.
  const std::string stakes = path_of("stakes.jsonl");
  ASSERT_EQ(run("selfplay chaturanga/four-handed-stakes -n 2 --seed 1 --max-plies 30 "
                "--games-out " +
                stakes)
                .code,
            0);
  for (const std::string& line : lines_of(slurp(stakes)))
    EXPECT_EQ(nlohmann::json::parse(line)["stakes"].size(), 4u) << line;
}

TEST(Experiments, FourShardsWithGnuParallelEqualTheWholeRun) {
  if (shell("command -v parallel").code != 0)
    GTEST_SKIP() << "GNU parallel is not installed (scripts/setup installs the Debian package "
                    "'parallel'): the four shards are not run";
  const std::string regula = REGULA_BINARY;
  const std::string whole = path_of("whole.jsonl");
  const std::string common = " selfplay mill/ishikulu -n 41 --seed 9 --max-plies 80 --threads 1";
  ASSERT_EQ(shell("\"" + regula + "\"" + common + " --games-out " + whole + " > /dev/null").code,
            0);
  auto p = shell("parallel -j 4 \"" + regula + "\"" + common + " --shard {}/4 --games-out " +
                 path_of("shard{}.jsonl") + " ::: 1 2 3 4 > /dev/null");
  ASSERT_EQ(p.code, 0) << p.out;
  // Each shard holds its games: (g - 1) mod 4 = I - 1.
  std::string shards;
  for (int i = 1; i <= 4; ++i) {
    const auto lines = lines_of(slurp(path_of("shard" + std::to_string(i) + ".jsonl")));
    EXPECT_EQ(lines.size(), i == 1 ? 11u : 10u);
    for (const std::string& line : lines)
      EXPECT_EQ((nlohmann::json::parse(line)["game"].get<int>() - 1) % 4, i - 1) << line;
    shards += " " + path_of("shard" + std::to_string(i) + ".jsonl");
  }
  // Merged and sorted by game number, they are the whole run's file.
  auto merged = shell("cat" + shards + " | sort -t: -k2,2n");
  auto sorted_whole = shell("sort -t: -k2,2n " + whole);
  EXPECT_EQ(merged.out, sorted_whole.out);
  EXPECT_EQ(lines_of(slurp(whole)).size(), 41u);
  // And stats gives the same summary from the shards as from the whole run.
  EXPECT_EQ(stats_of(shards), stats_of(whole));
  auto text_shards = run("stats" + shards), text_whole = run("stats " + whole);
  EXPECT_EQ(text_shards.out.substr(text_shards.out.find('\n')),
            text_whole.out.substr(text_whole.out.find('\n')));
  // A shard given twice is refused.
  auto twice = run("stats" + shards + " " + path_of("shard2.jsonl"));
  EXPECT_EQ(twice.code, 1);
  EXPECT_NE(twice.out.find(path_of("shard2.jsonl") + ":1: game 2 comes twice"), std::string::npos)
      << twice.out;
}

TEST(Experiments, PerftShardsAddUpToTheWholeCount) {
  // perft(3) of chess from the start is 8902 (the published perft table); the
  // 20 first moves are shared 5 per shard.
  uint64_t total = 0;
  for (int i = 1; i <= 4; ++i) {
    auto r = run("perft chess/orthodox 3 --shard " + std::to_string(i) + "/4");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 6u) << r.out;  // the shard's divide, then its total
    uint64_t sum = 0;
    for (size_t k = 0; k + 1 < lines.size(); ++k)
      sum += std::stoull(lines[k].substr(lines[k].rfind(' ')));
    EXPECT_EQ(sum, std::stoull(lines.back()));
    total += std::stoull(lines.back());
  }
  EXPECT_EQ(total, 8902u);
  auto bad = run("perft chess/orthodox 3 --shard 5/4");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("regula: --shard: the part I must be from 1 to 4"), std::string::npos)
      << bad.out;
  EXPECT_EQ(run("selfplay chess/orthodox --shard x/y").code, 2);
}

// Whether this build runs under AddressSanitizer (GCC's macro, or Clang's feature test).
#if defined(__SANITIZE_ADDRESS__)
#define REGULA_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REGULA_UNDER_ASAN 1
#endif
#endif
#ifndef REGULA_UNDER_ASAN
#define REGULA_UNDER_ASAN 0
#endif

// Runs `regula ARGS...` with its output to out_file ("/dev/null" to drop it)
// and gives its exit status (-1 when it did not exit) and its peak resident
// set in kB, as wait4 reports them for that one process.
struct Measured {
  int status = -1;
  long max_rss_kb = 0;
};
Measured run_measured(const std::vector<std::string>& args, const std::string& out_file) {
  std::vector<char*> argv{const_cast<char*>("regula")};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    const int fd = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    execv(REGULA_BINARY, argv.data());
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid) return {};
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

// The bound both memory tests check, as the last step of each. Under
// AddressSanitizer its quarantine of freed memory and its shadow fill hundreds
// of megabytes whatever the program holds, so the bound is the plain build's
// to check and the test is skipped there, saying so.
void expect_peak_below_64_mb(const Measured& m) {
#if REGULA_UNDER_ASAN
  GTEST_SKIP() << "peak memory is not the program's own under AddressSanitizer (" << m.max_rss_kb
               << " kB); the plain build checks the bound";
#else
  EXPECT_LT(m.max_rss_kb, 64 * 1024) << "peak resident set " << m.max_rss_kb << " kB";
#endif
}

// A PDN file of many games is replayed one game at a time, each under rules
// compiled once: 3,000 games of two moves once took about 280 KB each (840
// MB in all), and a script load per game.
TEST(Experiments, AFileOfManyGamesIsReplayedInTheMemoryOfOne) {
  const std::string file = path_of("many.pdn");
  {
    std::ofstream f(file);
    for (int g = 0; g < 3000; ++g) f << "[GameType \"20\"]\n\n1. 32-28 19-23 *\n\n";
  }
  const std::string out = path_of("many.out");
  const Measured m = run_measured({"replay", file, "--rules", "draughts/international"}, out);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  ASSERT_EQ(m.status, 0) << text.str().substr(0, 500);
  EXPECT_NE(text.str().find("\ngame 3000\n"), std::string::npos);
  EXPECT_EQ(text.str().find("\ngame 3001\n"), std::string::npos);
  fs::remove(file);
  fs::remove(out);
  expect_peak_below_64_mb(m);
}

// A run of a hundred million games planned in shards: this shard's games
// stream to the file, and the process holds no record per game (a run that
// kept one would need gigabytes; the bound is far below even the shard's own
// quarter of a million records).
TEST(Experiments, AShardOfAHugeRunStreamsItsRecords) {
  const std::string file = path_of("huge.jsonl");
  const Measured m =
      run_measured({"selfplay", "mill/nine-mens-morris", "-n", "100000000", "--shard", "7/400",
                    "--max-plies", "1", "--seed", "4", "--games-out", file},
                   "/dev/null");
  ASSERT_EQ(m.status, 0);
  std::ifstream in(file);
  uint64_t n = 0;
  std::string line, last;
  for (; std::getline(in, line); ++n) last = line;
  EXPECT_EQ(n, 250000u);
  EXPECT_EQ(nlohmann::json::parse(last)["game"], 99999607u);  // 7 + 400 * 249999
  fs::remove(file);
  // ru_maxrss is in kilobytes: 250,000 records held would take far more than 64 MB.
  expect_peak_below_64_mb(m);
}

TEST(Experiments, StatsNamesMalformedRecordsAndRefusesMixedExperiments) {
  const std::string good = path_of("good.jsonl"), bad = path_of("bad.jsonl");
  {
    std::ofstream(good) << record_line(record(1, "win", "loss", 10), RecordFormat::kJson) << "\n"
                        << record_line(record(2, "draw", "draw", 12), RecordFormat::kJson) << "\n";
    std::ofstream(bad) << record_line(record(3, "win", "loss", 10), RecordFormat::kJson) << "\n"
                       << "{\"game\": 4, \"seed\": 1}\n";
  }
  auto r = run("stats " + good + " " + bad);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(bad + ":2: 'script' is missing or not a string"), std::string::npos)
      << r.out;
  const std::string csv = path_of("bad.csv");
  std::ofstream(csv) << kCsvHeader << "\n1,2,x\n";
  r = run("stats " + csv);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(csv + ":2: 3 fields; a record has 14"), std::string::npos) << r.out;
  const std::string junk = path_of("junk.txt");
  std::ofstream(junk) << "hello\n";
  r = run("stats " + junk);
  EXPECT_NE(r.out.find(junk + ":1: neither a JSON record nor the CSV header"), std::string::npos)
      << r.out;
  const std::string long_line = path_of("long.jsonl");
  std::ofstream(long_line) << std::string(kMaxRecordLine + 10, '{');
  r = run("stats " + long_line);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(long_line + ":1: a record longer than 1024 KiB (kMaxRecordLine)"),
            std::string::npos)
      << r.out;
  // Another script hash (or other options) is another experiment: refused
  // unless --mixed, which summarises each apart.
  const std::string other = path_of("other.jsonl");
  GameRecord g = record(3, "loss", "win", 8);
  g.script_hash = "fedcba9876543210";
  std::ofstream(other) << record_line(g, RecordFormat::kJson) << "\n";
  r = run("stats " + good + " " + other);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find(other + ":1: a record of another experiment: hand/made (hash "
                               "fedcba9876543210)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("give --mixed"), std::string::npos) << r.out;
  r = run("stats --mixed --json " + good + " " + other);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["groups"].size(), 2u);
  EXPECT_EQ(j["groups"][0]["games"], 2);
  EXPECT_EQ(j["groups"][1]["script_hash"], "fedcba9876543210");
  // The summary of the two good games, by hand: white won 1 of 2 (Wilson
  // 95%: [0.0945, 0.9055]), one draw, lengths 10 and 12 (mean 11, t interval
  // 11 -+ 12.706 * 1 = [-1.706, 23.706]).
  auto s = nlohmann::json::parse(run("stats --json " + good).out);
  EXPECT_EQ(s["seats"]["white"]["wins"], 1);
  EXPECT_NEAR(s["seats"]["white"]["win_rate_95"][0].get<double>(), 0.0945, 1e-4);
  EXPECT_NEAR(s["seats"]["white"]["win_rate_95"][1].get<double>(), 0.9055, 1e-4);
  EXPECT_EQ(s["draws"], 1);
  EXPECT_NEAR(s["mean_plies_95"][0].get<double>(), 11 - 12.706204736, 1e-6);
  EXPECT_NEAR(s["mean_plies_95"][1].get<double>(), 11 + 12.706204736, 1e-6);
  EXPECT_EQ(s["reasons"]["agreed"], 1);
}

TEST(Experiments, StatsAbComparesTwoExperiments) {
  const std::string a = path_of("a.jsonl"), b = path_of("b.csv");
  write_ab(a, b);
  auto r = run("stats --ab --json " + a + " " + b);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  // The numbers of StatsMath.TwoProportions (60/100 against 45/100), and of
  // python3 for the draws (10/100 against 20/100, z-test p = 0.0476704) and
  // the lengths (Welch: difference -4, df 132.6996, t = -10.8724, half-width 0.727715, p =
  // 4.40731e-20 by Simpson's rule over the tail from |t|).
  const auto& win = j["first_seat_win_rate"];
  EXPECT_NEAR(win["difference"].get<double>(), 0.15, 1e-12);
  EXPECT_NEAR(win["p_value"].get<double>(), 0.033672068856345876, 1e-9);
  EXPECT_NEAR(win["difference_95"][0].get<double>(), 0.011723935319973455, 1e-9);
  EXPECT_EQ(win["test"], "two-proportion z-test");
  EXPECT_NEAR(j["draw_rate"]["p_value"].get<double>(), 0.04767038065616144, 1e-9);
  const auto& len = j["mean_plies"];
  EXPECT_NEAR(len["difference"].get<double>(), -4, 1e-12);
  EXPECT_NEAR(len["df"].get<double>(), 132.69961182442518, 1e-6);
  EXPECT_NEAR(len["p_value"].get<double>() / 4.407312629208386e-20, 1, 1e-6);
  EXPECT_NEAR(len["difference_95"][1].get<double>(), -4 + 0.7277154739451746, 1e-6);
  EXPECT_EQ(j["a"]["script"], "hand/made");
  EXPECT_EQ(j["b"]["script"], "hand/other");
  auto text = run("stats --ab " + a + " " + b);
  ASSERT_EQ(text.code, 0) << text.out;
  EXPECT_NE(text.out.find("first-seat (white) win rate: A 0.600, B 0.450, difference +0.150 "
                          "[+0.012, +0.280], p = 0.03367 (two-proportion z-test)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("mean length: A 3.0, B 7.0, difference -4.0 [-4.7, -3.3]"),
            std::string::npos)
      << text.out;
  auto three = run("stats --ab " + a);
  EXPECT_EQ(three.code, 1);
  EXPECT_NE(three.out.find("--ab compares two experiments; these records make 1"),
            std::string::npos)
      << three.out;
}

}  // namespace
}  // namespace regula::cli
