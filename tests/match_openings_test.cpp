// Matches from openings: the opening file's reader (good lines, and bad ones
// named by file and line), each opening played once per seat assignment (read
// back from the records), random plies reproduced by the seed, the count of
// distinct games, and the statistics of game pairs against fishtest's formulas
// computed independently.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "cli_support.h"
#include "notation/position_string.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::CliRun;
using test_support::run;

// The expected values below were computed apart from this code, by fishtest's
// own formulas (stat_util.stats and get_elo, LLRcalc.regularize) typed into
// Python 3:
//   from statistics import NormalDist; import math
//   def fishtest(r):
//     r = [x if x else 1e-3 for x in r]; l = len(r); N = sum(r); games = N*(l-1)/2
//     mu = sum(r[i]*(i/2) for i in range(l))/games; mu_ = (l-1)/2*mu
//     var = sum(r[i]*(i/2-mu_)**2 for i in range(l))/games; sd = math.sqrt(var)
//     z = NormalDist().inv_cdf(0.975)
//     lo, hi = mu - z*sd/math.sqrt(games), mu + z*sd/math.sqrt(games)
//     elo = lambda x: -400*math.log10(1/x-1)
//     los = NormalDist().cdf((mu-0.5)/(sd/math.sqrt(games)))
// (var there is per game: twice PairStats::variance.) By hand for the first
// table: mu = (0.25*3 + 0.5*10 + 0.75*4 + 1*2) / 20 = 10.75 / 20 = 0.5375.
TEST(MatchPairs, PentanomialStatisticsAsFishtestComputesThem) {
  const ai::PairStats a = ai::pair_stats({1, 3, 10, 4, 2});
  EXPECT_EQ(a.pairs, 20);
  EXPECT_NEAR(a.score, 0.5375, 1e-12);
  EXPECT_NEAR(a.variance, 0.115937500000 / 2, 1e-12);
  EXPECT_NEAR(a.interval.low, 0.431981147179, 1e-9);
  EXPECT_NEAR(a.interval.high, 0.643018852821, 1e-9);
  EXPECT_NEAR(a.elo, 26.106692605, 1e-6);
  EXPECT_NEAR(a.elo_interval.low, -47.559182779, 1e-6);
  EXPECT_NEAR(a.elo_interval.high, 102.231370181, 1e-6);
  EXPECT_NEAR(a.los, 0.756956266522, 1e-9);
  // Empty bins count 1e-3 (fishtest's regularization).
  const ai::PairStats b = ai::pair_stats({0, 2, 5, 3, 0});
  EXPECT_EQ(b.pairs, 10);
  EXPECT_NEAR(b.score, 0.524995001000, 1e-12);
  EXPECT_NEAR(b.variance, 0.061337982354 / 2, 1e-12);
  EXPECT_NEAR(b.interval.low, 0.416463849409, 1e-9);
  EXPECT_NEAR(b.interval.high, 0.633526152591, 1e-9);
  EXPECT_NEAR(b.elo, 17.382795147, 1e-6);
  EXPECT_NEAR(b.los, 0.674143847233, 1e-9);
  // An interval past a score of 1: its Elo end is unbounded.
  const ai::PairStats c = ai::pair_stats({2, 0, 0, 0, 8});
  EXPECT_NEAR(c.score, 0.799910026992, 1e-12);
  EXPECT_NEAR(c.interval.low, 0.552035782125, 1e-9);
  EXPECT_NEAR(c.interval.high, 1.047784271859, 1e-9);
  EXPECT_NEAR(c.elo_interval.low, 36.289561518, 1e-6);
  EXPECT_TRUE(std::isinf(c.elo_interval.high) && c.elo_interval.high > 0);
  // No pairs: nothing measured.
  const ai::PairStats none = ai::pair_stats({0, 0, 0, 0, 0});
  EXPECT_EQ(none.pairs, 0);
  EXPECT_EQ(none.score, 0.5);
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The tags of each record of a records file, in order.
std::vector<std::map<std::string, std::string>> record_tags(const std::string& text) {
  std::vector<std::map<std::string, std::string>> games;
  static const std::regex tag(R"re(^\[(\w+) "(.*)"\]$)re");
  std::istringstream in(text);
  std::smatch m;
  bool in_tags = false;
  for (std::string line; std::getline(in, line);) {
    if (!std::regex_match(line, m, tag)) {
      in_tags = false;
      continue;
    }
    if (!in_tags) games.emplace_back();
    in_tags = true;
    games.back()[m[1]] = m[2];
  }
  return games;
}

const char* const kBook =
    "# three openings\n"
    "\n"
    "startpos moves e2e4 e7e5\n"
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
    "  # an indented comment\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves g1f3 g8f6\n";

// The positions the book's lines stand for, as regula writes them.
const std::vector<std::string> kBookFens = {
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"};

TEST(MatchOpenings, EachOpeningIsPlayedTwiceWithTheSidesSwapped) {
  const std::string book = temp_file("regula_openings_book.txt", kBook);
  const std::string records = testing::TempDir() + "regula_openings_records.txt";
  // Eight games: four pairs, the fourth from the first opening again.
  CliRun r =
      run("match chess/orthodox --players ai:1,random -n 8 --seed 2 --threads 2 "
          "--max-plies 6 --openings " +
          book + " --records " + records);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("openings: 3 (in order), each played 2 times with the players changing "
                       "seats\n"),
            std::string::npos)
      << r.out;
  const auto games = record_tags(slurp(records));
  ASSERT_EQ(games.size(), 8u);
  for (size_t g = 0; g < games.size(); ++g) {
    const size_t pair = g / 2;
    EXPECT_EQ(games[g].at("FEN"), kBookFens[pair % 3]) << g;
    EXPECT_EQ(games[g].at("Round"), std::to_string(pair + 1) + "." + std::to_string(g % 2 + 1));
    EXPECT_EQ(games[g].at("Players"),
              g % 2 == 0 ? "white=ai:1; black=random" : "white=random; black=ai:1")
        << g;
  }
  // The records read back, and the first game's record starts where its opening does.
  CliRun replay = run("replay " + records);
  EXPECT_EQ(replay.code, 0) << replay.out;
  std::remove(records.c_str());
  std::remove(book.c_str());
}

TEST(MatchOpenings, ShuffledOpeningsAreEachUsedOnceBeforeAnyRepeats) {
  const std::string book = temp_file("regula_openings_shuffled.txt", kBook);
  const std::string records = testing::TempDir() + "regula_openings_shuffled_records.txt";
  CliRun r =
      run("match chess/orthodox --players random,random -n 6 --seed 4 --threads 1 "
          "--max-plies 2 --openings-order random --openings " +
          book + " --records " + records);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("openings: 3 (shuffled)"), std::string::npos) << r.out;
  const auto games = record_tags(slurp(records));
  ASSERT_EQ(games.size(), 6u);
  std::set<std::string> seen;
  for (size_t g = 0; g < 6; g += 2) {
    EXPECT_EQ(games[g].at("FEN"), games[g + 1].at("FEN"));
    seen.insert(games[g].at("FEN"));
  }
  EXPECT_EQ(seen, std::set<std::string>(kBookFens.begin(), kBookFens.end()));
  std::remove(records.c_str());
  std::remove(book.c_str());
}

// Runs a match of two random players from the file holding text, for its error.
CliRun match_from(const std::string& name, const std::string& text) {
  const std::string path = temp_file(name, text);
  CliRun r = run("match chess/orthodox --players random,random -n 2 --openings " + path);
  std::remove(path.c_str());
  // The messages name the file by its path: keep its name alone.
  for (size_t at; (at = r.out.find(path)) != std::string::npos;)
    r.out.replace(at, path.size(), name);
  return r;
}

TEST(MatchOpenings, BadLinesAreNamedByFileAndLine) {
  CliRun bad_move = match_from("book1.txt", "# fine\nstartpos moves e2e4\nstartpos moves e2e5\n");
  EXPECT_EQ(bad_move.code, 1);
  EXPECT_EQ(bad_move.out.rfind("book1.txt:3: ", 0), 0u) << bad_move.out;
  EXPECT_NE(bad_move.out.find("e2e5"), std::string::npos) << bad_move.out;
  CliRun bad_fen = match_from("book2.txt", "\n\nrnbqkbnr/pppppppp/8/8 w\n");
  EXPECT_EQ(bad_fen.code, 1);
  EXPECT_EQ(bad_fen.out.rfind("book2.txt:3: ", 0), 0u) << bad_fen.out;
  // Fool's mate: no game goes on from there.
  CliRun over = match_from("book3.txt", "startpos moves f2f3 e7e5 g2g4 d8h4\n");
  EXPECT_EQ(over.code, 1);
  EXPECT_EQ(over.out, "book3.txt:1: the game is over there (checkmate)\n");
  CliRun empty = match_from("book4.txt", "# nothing\n\n");
  EXPECT_EQ(empty.code, 1);
  EXPECT_EQ(empty.out, "book4.txt: no openings: give position lines or game records\n");
  CliRun missing =
      run("match chess/orthodox --players random,random -n 2 --openings "
          "/nonexistent/book.txt");
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.out.find("/nonexistent/book.txt"), std::string::npos) << missing.out;
}

const char* const kRecords =
    "# two games as openings\n"
    "[Event \"regula game\"]\n"
    "[Rules \"chess/orthodox\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. e2e4 e7e5 2. g1f3 *\n"
    "\n"
    "[Event \"regula game\"]\n"
    "[Result \"1/2-1/2\"]\n"
    "\n"
    "1. d2d4 d7d5 1/2-1/2\n";

TEST(MatchOpenings, GameRecordsGiveTheirLastPositions) {
  const std::string book = temp_file("regula_openings_games.txt", kRecords);
  const std::string records = testing::TempDir() + "regula_openings_games_records.txt";
  CliRun r =
      run("match chess/orthodox --players random,random -n 4 --seed 1 --max-plies 2 "
          "--openings " +
          book + " --records " + records);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto games = record_tags(slurp(records));
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].at("FEN"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(games[1].at("FEN"), games[0].at("FEN"));
  EXPECT_EQ(games[2].at("FEN"), "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2");
  std::remove(records.c_str());
  std::remove(book.c_str());
  // PGN from elsewhere: the Seven Tag Roster, no [Rules], moves in SAN.
  const std::string pgn = temp_file("regula_openings.pgn",
                                    "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n"
                                    "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
                                    "1. e4 c5 2. Nf3 *\n");
  CliRun p = run("match chess/orthodox --players random,random -n 2 --max-plies 2 --openings " +
                 pgn + " --records " + records);
  ASSERT_EQ(p.code, 0) << p.out;
  const auto from_pgn = record_tags(slurp(records));
  ASSERT_EQ(from_pgn.size(), 2u);
  EXPECT_EQ(from_pgn[0].at("FEN"),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  std::remove(records.c_str());
  std::remove(pgn.c_str());
  // A record's error names the file and line; a game of other rules names the game.
  CliRun move = match_from("games1.txt", "[Rules \"chess/orthodox\"]\n\n1. e2e4 e7e6 2. e4e6 *\n");
  EXPECT_EQ(move.code, 1);
  EXPECT_EQ(move.out.rfind("games1.txt:3", 0), 0u) << move.out;
  CliRun other = match_from("games2.txt", "[Rules \"chess/shatranj\"]\n\n1. e2e3 *\n");
  EXPECT_EQ(other.code, 1);
  EXPECT_EQ(other.out,
            "games2.txt: game 1: it is a game of chess/shatranj, the match plays "
            "chess/orthodox\n")
      << other.out;
}

TEST(MatchOpenings, GamesMustMakeWholeGroups) {
  CliRun r = run("match chess/orthodox --players random,random -n 5 --random-plies 2");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out,
            "games: 5 games do not make whole groups: each opening is played 2 times (once for "
            "each way the players sit), so give a multiple of 2\n");
}

// The count of "distinct games: D of N" in a match's report.
std::string distinct_line(const std::string& out) {
  static const std::regex line(R"(distinct games: \d+ of \d+)");
  std::smatch m;
  return std::regex_search(out, m, line) ? m.str() : "";
}

TEST(MatchOpenings, RandomPliesFollowTheSeedAndMakeTheGamesDiffer) {
  // Two searches with seeds of their own choose the same move every time in
  // the same position: from the start, the same two games again and again.
  const std::string players =
      "--players alphabeta:depth=1,seed=1,alphabeta:depth=2,seed=1 -n 8 --max-plies 12";
  CliRun same = run("match chess/orthodox " + players + " --seed 1 --threads 2");
  ASSERT_EQ(same.code, 0) << same.out;
  EXPECT_EQ(distinct_line(same.out), "distinct games: 2 of 8") << same.out;
  EXPECT_NE(same.out.find("(95%)\n"), std::string::npos) << same.out;
  // Four plies at random before each pair: every game differs, and a seed
  // gives the same starts again, whatever the threads.
  const std::string a = testing::TempDir() + "regula_random_plies_a.txt";
  const std::string b = testing::TempDir() + "regula_random_plies_b.txt";
  const std::string c = testing::TempDir() + "regula_random_plies_c.txt";
  CliRun ra = run("match chess/orthodox " + players +
                  " --random-plies 4 --seed 7 --threads 1 "
                  "--records " +
                  a);
  CliRun rb = run("match chess/orthodox " + players +
                  " --random-plies 4 --seed 7 --threads 2 "
                  "--records " +
                  b);
  CliRun rc = run("match chess/orthodox " + players +
                  " --random-plies 4 --seed 8 --threads 1 "
                  "--records " +
                  c);
  ASSERT_EQ(ra.code, 0) << ra.out;
  ASSERT_EQ(rb.code, 0) << rb.out;
  ASSERT_EQ(rc.code, 0) << rc.out;
  EXPECT_EQ(distinct_line(ra.out), "distinct games: 8 of 8") << ra.out;
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_NE(slurp(a), slurp(c));
  const auto games = record_tags(slurp(a));
  ASSERT_EQ(games.size(), 8u);
  std::set<std::string> starts;
  for (size_t g = 0; g < 8; g += 2) {
    const std::string& fen = games[g].at("FEN");
    EXPECT_EQ(games[g + 1].at("FEN"), fen);
    // Four plies from the start: white to move in the third move.
    EXPECT_NE(fen.find(" w "), std::string::npos) << fen;
    EXPECT_EQ(fen.substr(fen.size() - 2), " 3") << fen;
    starts.insert(fen);
  }
  EXPECT_EQ(starts.size(), 4u);
  // The pairs' interval is the main one, with the five counts.
  EXPECT_NE(ra.out.find("(95%, from 4 pairs)"), std::string::npos) << ra.out;
  EXPECT_NE(ra.out.find("pairs by alphabeta:depth=1,seed=1's points (0, 1/2, 1, 3/2, 2): "),
            std::string::npos)
      << ra.out;
  for (const std::string& f : {a, b, c}) std::remove(f.c_str());
}

// The pentanomial counts of --json, against the pairs read from the records.
TEST(MatchOpenings, PentanomialCountsMatchTheRecords) {
  const std::string records = testing::TempDir() + "regula_pentanomial_records.txt";
  CliRun r =
      run("match chess/orthodox --players ai:1,random -n 12 --seed 5 --max-plies 40 "
          "--random-plies 2 --json --records " +
          records);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  EXPECT_EQ(j["interval"], "pentanomial");
  EXPECT_EQ(j["pairs"], 6);
  EXPECT_EQ(j["random_plies"], 2);
  const auto games = record_tags(slurp(records));
  ASSERT_EQ(games.size(), 12u);
  ai::Pentanomial bins{};
  for (size_t g = 0; g < 12; g += 2) {
    int half_points = 0;
    for (size_t k = g; k < g + 2; ++k) {
      const bool white = games[k].at("Players").rfind("white=ai:1", 0) == 0;
      const std::string& res = games[k].at("Result");
      if (res == "1-0") half_points += white ? 2 : 0;
      if (res == "0-1") half_points += white ? 0 : 2;
      if (res == "1/2-1/2" || res == "*") half_points += 1;
    }
    ++bins[half_points];
  }
  EXPECT_EQ(j["pentanomial"].get<std::vector<int>>(), std::vector<int>(bins.begin(), bins.end()));
  const ai::PairStats ps = ai::pair_stats(bins);
  EXPECT_NEAR(j["players"][0]["score_interval"][0].get<double>(), std::max(0.0, ps.interval.low),
              1e-12);
  EXPECT_NEAR(j["los"].get<double>(), ps.los, 1e-12);
  std::remove(records.c_str());
}

// One player per seat of four: each group turns the seats round once.
TEST(MatchOpenings, FourSeatsTurnRoundWithinEachGroup) {
  auto rules = bundled("chaturanga/four-handed");
  ASSERT_EQ(rules->num_seats(), 4);
  ai::MatchOptions o;
  o.players = {"random", "ai:1", "alphabeta:depth=1", "mcts:iterations=8"};
  o.games = 8;
  o.seed = 3;
  o.max_plies = 8;
  o.random_plies = 3;
  o.keep_turns = true;
  auto factory = [](const std::string& spec, std::shared_ptr<const Ruleset> r, uint64_t seed) {
    return ai::make_player(spec, std::move(r), seed);
  };
  auto rep = ai::run_match(rules, {}, o, factory);
  ASSERT_TRUE(rep) << rep.error().text();
  for (int g = 0; g < 8; ++g) {
    const ai::MatchGame& game = rep->games[g];
    EXPECT_EQ(game.group, g / 4);
    ASSERT_TRUE(game.start);
    EXPECT_EQ(write_position(*game.start), write_position(*rep->games[g / 4 * 4].start)) << g;
    // Seat s is played by player (s - g) mod 4: each player holds each seat once a group.
    for (SeatId s = 0; s < 4; ++s) EXPECT_EQ(game.player_of_seat[s], ((s - g) % 4 + 4) % 4);
  }
  EXPECT_NE(write_position(*rep->games[0].start), write_position(*rep->games[4].start));
  EXPECT_NE(write_position(*rep->games[0].start), write_position(Position(rules)));
  // Four players: no pairs, so no pentanomial.
  EXPECT_EQ(rep->pairs(), 0);
}

// An opening source's error stops the match with it.
TEST(MatchOpenings, AnOpeningThatCannotBeSetUpStopsTheMatch) {
  auto rules = bundled("chess/orthodox");
  ai::MatchOptions o;
  o.players = {"random", "random"};
  o.games = 2;
  o.openings = 1;
  o.opening = [](std::shared_ptr<const Ruleset>, int) -> Expected<Position> {
    return Error{"book", "cannot be set up"};
  };
  auto factory = [](const std::string& spec, std::shared_ptr<const Ruleset> r, uint64_t seed) {
    return ai::make_player(spec, std::move(r), seed);
  };
  auto rep = ai::run_match(rules, {}, o, factory);
  ASSERT_FALSE(rep);
  EXPECT_EQ(rep.error().text(), "book: game 1: cannot be set up");
}

}  // namespace
}  // namespace regula
