// Matches between players: who sits where, the statistics (checked against
// formulas written here in another shape, and published values), the same
// results whatever the number of threads, illegal decisions caught; and the
// commands that use players (match, selfplay --players, play --seat X=ai:N).

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "ai/seat_clocks.h"
#include "cli_support.h"
#include "core/movegen.h"
#include "move_support.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::CliRun;
using test_support::run;

// The Wilson interval's ends solve (p_hat - p)^2 = z^2 p (1 - p) / n for p:
// found here by bisection on each side of p_hat, not by the closed form.
std::pair<double, double> wilson_by_bisection(double k, double n, double z) {
  const double ph = k / n;
  auto f = [&](double p) { return (ph - p) * (ph - p) - z * z * p * (1 - p) / n; };
  auto root = [&](double lo, double hi) {
    // f > 0 at the far end, <= 0 at p_hat.
    const bool rising = f(hi) > 0;
    for (int i = 0; i < 200; ++i) {
      const double mid = (lo + hi) / 2;
      if ((f(mid) > 0) == rising)
        hi = mid;
      else
        lo = mid;
    }
    return (lo + hi) / 2;
  };
  return {ph == 0 ? 0 : root(ph, 0), ph == 1 ? 1 : root(ph, 1)};
}

TEST(MatchStats, WilsonIntervalSolvesItsEquation) {
  for (auto [k, n] : {std::pair{0.0, 10.0},
                      {3.0, 10.0},
                      {5.0, 10.0},
                      {10.0, 10.0},
                      {81.0, 263.0},
                      {47.5, 100.0},
                      {999.0, 1000.0}}) {
    const ai::Interval w = ai::wilson_interval(k, n);
    const auto [lo, hi] = wilson_by_bisection(k, n, 1.959963984540054);
    EXPECT_NEAR(w.low, lo, 1e-9) << k << "/" << n;
    EXPECT_NEAR(w.high, hi, 1e-9) << k << "/" << n;
  }
  // A worked example (Newcombe 1998, Statistics in Medicine 17, table I: 81
  // of 263, Wilson interval 0.2553 to 0.3662).
  const ai::Interval ex = ai::wilson_interval(81, 263);
  EXPECT_NEAR(ex.low, 0.2553, 5e-5);
  EXPECT_NEAR(ex.high, 0.3662, 5e-5);
  const ai::Interval none = ai::wilson_interval(0, 0);
  EXPECT_EQ(none.low, 0);
  EXPECT_EQ(none.high, 1);
}

TEST(MatchStats, EloDifferenceOfAScore) {
  // The logistic Elo curve: a 0.75 score is 191 points, 0.64 is 100.
  EXPECT_NEAR(ai::elo_difference(0.5), 0, 1e-9);
  EXPECT_NEAR(ai::elo_difference(0.75), 190.85, 0.01);
  EXPECT_NEAR(ai::elo_difference(0.64), 99.95, 0.01);
  EXPECT_NEAR(ai::elo_difference(0.25), -190.85, 0.01);
  EXPECT_TRUE(std::isinf(ai::elo_difference(1)) && ai::elo_difference(1) > 0);
  EXPECT_TRUE(std::isinf(ai::elo_difference(0)) && ai::elo_difference(0) < 0);
  // The upper end of a Wilson interval for a perfect score is 1 within rounding.
  const ai::Interval perfect = ai::wilson_interval(30, 30);
  EXPECT_TRUE(std::isinf(ai::elo_difference(perfect.high))) << perfect.high;
  EXPECT_TRUE(std::isfinite(ai::elo_difference(perfect.low)));
}

TEST(MatchLineup, PlayersChangeSidesAndKeepTeams) {
  auto chess = bundled("chess/orthodox");
  EXPECT_EQ(*ai::lineup(*chess, 2, 0), (std::vector<int>{0, 1}));
  EXPECT_EQ(*ai::lineup(*chess, 2, 1), (std::vector<int>{1, 0}));
  EXPECT_EQ(*ai::lineup(*chess, 2, 2), (std::vector<int>{0, 1}));
  auto three = ai::lineup(*chess, 3, 0);
  ASSERT_FALSE(three);
  EXPECT_NE(three.error().what.find("3 players do not fit"), std::string::npos);
  EXPECT_NE(three.error().what.find("2 seats in 2 teams"), std::string::npos);
  // Four seats in two teams (south and north against west and east).
  auto four = bundled("chaturanga/four-handed");
  ASSERT_EQ(four->num_seats(), 4);
  const std::vector<int> g0 = *ai::lineup(*four, 2, 0), g1 = *ai::lineup(*four, 2, 1);
  for (SeatId s = 0; s < 4; ++s) {
    for (SeatId o = 0; o < 4; ++o) EXPECT_EQ(g0[s] == g0[o], four->allies(s, o)) << s << " " << o;
    EXPECT_NE(g0[s], g1[s]) << s;
  }
  // One player per seat: each moves on one seat a game.
  const std::vector<int> p4 = *ai::lineup(*four, 4, 1);
  EXPECT_EQ(p4, (std::vector<int>{3, 0, 1, 2}));
}

ai::PlayerFactory factory() {
  return [](const std::string& spec, std::shared_ptr<const Ruleset> r, uint64_t seed) {
    return ai::make_player(spec, std::move(r), seed);
  };
}

TEST(Match, TheSameResultsOnOneThreadOrTwo) {
  auto rules = bundled("chess/orthodox");
  ai::MatchOptions o;
  o.players = {"ai:1", "alphabeta:nodes=200"};
  o.games = 6;
  o.seed = 11;
  o.max_plies = 120;
  o.keep_turns = true;
  auto reload = [] { return script::load_rules("chess/orthodox", {}); };
  o.threads = 1;
  auto one = ai::run_match(rules, reload, o, factory());
  o.threads = 2;
  auto two = ai::run_match(rules, reload, o, factory());
  ASSERT_TRUE(one && two);
  for (int g = 0; g < o.games; ++g) {
    EXPECT_EQ(one->games[g].plies, two->games[g].plies) << g;
    EXPECT_EQ(one->games[g].result.reason, two->games[g].result.reason) << g;
    EXPECT_EQ(one->games[g].turns.size(), two->games[g].turns.size()) << g;
    EXPECT_EQ(one->games[g].player_of_seat, *ai::lineup(*rules, 2, g));
  }
  int total = 0;
  for (const ai::PlayerTally& p : one->players) {
    EXPECT_EQ(p.games(), o.games);
    EXPECT_GT(p.decisions, 0u);
    EXPECT_GT(p.nodes, 0u) << p.spec;
    total += p.wins;
  }
  EXPECT_EQ(one->players[0].wins, one->players[1].losses);
  EXPECT_EQ(one->players[0].draws, one->players[1].draws);
  EXPECT_EQ(one->players[0].wins, two->players[0].wins);
  EXPECT_LE(total, o.games);
}

// A player that answers with a move of the wrong kind: a pass where passing is
// not allowed.
class Cheat : public ai::Player {
 public:
  std::string name() const override { return "cheat"; }
  Turn choose(Position&, const std::atomic<bool>*) override {
    Turn t;
    t.steps.push_back(Move::pass());
    return t;
  }
};

TEST(Match, AnIllegalDecisionIsAnErrorNamingThePlayer) {
  auto rules = bundled("chess/orthodox");
  ai::MatchOptions o;
  o.players = {"random", "cheat"};
  o.games = 2;
  auto make = [](const std::string& spec, std::shared_ptr<const Ruleset> r,
                 uint64_t seed) -> Expected<std::unique_ptr<ai::Player>> {
    if (spec == "cheat") return std::unique_ptr<ai::Player>(new Cheat);
    return ai::make_player(spec, std::move(r), seed);
  };
  auto rep = ai::run_match(rules, {}, o, make);
  ASSERT_FALSE(rep);
  EXPECT_EQ(rep.error().where, "cheat");
  // Game 1: random plays white, the cheat black.
  EXPECT_NE(rep.error().what.find("game 1: at decision 2 (black to decide): it returned an "
                                  "illegal decision"),
            std::string::npos)
      << rep.error().text();
  o.players = {"random", "nobody"};
  auto bad = ai::run_match(rules, {}, o, make);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().what.find("not a player"), std::string::npos);
}

TEST(MatchClock, PeriodsIncrementsAndAFlagFall) {
  // 2 moves in 10 s with 1 s a move, then 5 s for the rest.
  ai::SeatClocks c(TimeControl{{{2, 10000, 1000}, {0, 5000, 0}}}, 2);
  EXPECT_EQ(c.remaining(0), 10000);
  EXPECT_EQ(c.moves_to_go(0), 2);
  EXPECT_TRUE(c.turn_played(0, 4000));
  EXPECT_EQ(c.remaining(0), 7000);
  EXPECT_EQ(c.moves_to_go(0), 1);
  EXPECT_TRUE(c.turn_played(0, 3000));  // the period is done: 5 s more
  EXPECT_EQ(c.remaining(0), 10000);
  EXPECT_EQ(c.moves_to_go(0), 0);
  EXPECT_EQ(c.increment(0), 0);
  EXPECT_EQ(c.remaining(1), 10000);  // the other seat's clock is its own
  EXPECT_FALSE(c.turn_played(0, 10001));
  EXPECT_EQ(c.remaining(0), 10000);  // a flag fall changes nothing
  // A last period with a number of moves repeats.
  ai::SeatClocks r(TimeControl{{{1, 1000, 0}}}, 1);
  EXPECT_TRUE(r.turn_played(0, 600));
  EXPECT_EQ(r.remaining(0), 1400);
  EXPECT_EQ(r.moves_to_go(0), 1);
}

// A player that thinks for a while before it plays at random.
class Slow : public ai::Player {
 public:
  explicit Slow(std::unique_ptr<ai::Player> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return "slow"; }
  Turn choose(Position& pos, const std::atomic<bool>* stop) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return inner_->choose(pos, stop);
  }

 private:
  std::unique_ptr<ai::Player> inner_;
};

// The players of a match between "slow" and "random".
Expected<std::unique_ptr<ai::Player>> slow_or_random(const std::string& spec,
                                                     std::shared_ptr<const Ruleset> r,
                                                     uint64_t seed) {
  auto random = ai::make_player("random", std::move(r), seed);
  if (spec == "slow" && random) return std::unique_ptr<ai::Player>(new Slow(std::move(*random)));
  return random;
}

// Two games, the slow player white in the first and black in the second,
// under a clock of 50 ms for the game, which it runs out of at once.
Expected<ai::MatchReport> slow_against_random(std::shared_ptr<const Ruleset> rules) {
  ai::MatchOptions o;
  o.players = {"slow", "random"};
  o.games = 2;
  o.keep_turns = true;
  o.clock = TimeControl{{{0, 50, 0}}};
  return ai::run_match(std::move(rules), {}, o, slow_or_random);
}

TEST(Match, APlayerWhoseTimeRunsOutLosesOnTime) {
  auto rep = slow_against_random(bundled("chess/orthodox"));
  ASSERT_TRUE(rep) << rep.error().text();
  // Game 1: the slow player has white and loses before its first move; game 2:
  // black, after white's first.
  EXPECT_EQ(rep->games[0].result.reason, "white loses on time");
  EXPECT_EQ(rep->games[0].result.score(), "0-1");
  EXPECT_EQ(rep->games[0].timed_out, 0);
  EXPECT_EQ(rep->games[0].turns.size(), 0u);
  EXPECT_EQ(rep->games[1].result.reason, "black loses on time");
  EXPECT_EQ(rep->games[1].turns.size(), 1u);
  EXPECT_EQ(rep->players[0].losses, 2);
}

// FIDE 6.9: a flag fall draws when no other side can win by any series of
// legal moves, which here (as on the GUI's clocks) means it has nothing but
// royal pieces.
TEST(Match, AFlagFallAgainstABareKingDraws) {
  auto rules = test_support::load(
      "flag_fall",
      test_support::grid_game(
          4, 4,
          R"(piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
             piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)",
          R"(ends = { check = true, checkmate = "loss", stalemate = "draw" },)",
          R"({ white = { king = "a1", rook = "d1" }, black = { king = "c4" } })"));
  ASSERT_TRUE(rules);
  auto rep = slow_against_random(rules);
  ASSERT_TRUE(rep) << rep.error().text();
  // White's flag falls before its first move: black, with a bare king, cannot win.
  EXPECT_EQ(rep->games[0].result.reason, "white's time is up, but no other side can win");
  EXPECT_EQ(rep->games[0].result.score(), "1/2-1/2");
  EXPECT_EQ(rep->games[0].timed_out, 0);
  // Black's flag falls after white's first move: white has its rook.
  EXPECT_EQ(rep->games[1].result.reason, "black loses on time");
  EXPECT_EQ(rep->games[1].result.score(), "1-0");
  EXPECT_EQ(rep->games[1].timed_out, 1);
  EXPECT_EQ(rep->players[0].draws, 1);
  EXPECT_EQ(rep->players[0].losses, 1);
}

TEST(CliPlayers, MatchTakesATimeControl) {
  CliRun bad = run("match chess/orthodox --players random,random -n 2 --tc 40/5400:5m");
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_EQ(bad.out,
            "--tc: period 2 (5m): '5m' is not a number of seconds above 0 and at most 600000 "
            "(PGN's TimeControl: periods [MOVES/]SECONDS[+INCREMENT] joined by ':', as 300, "
            "300+2 or 40/5400+30:1800+30; - for no clock, ? when not known)\n");
  CliRun unknown = run("match chess/orthodox --players random,random -n 2 --tc ?");
  EXPECT_EQ(unknown.code, 2) << unknown.out;
  EXPECT_EQ(unknown.out, "--tc: '?' is no clock to play under\n");
  // Under a clock no random player runs out of, the records say which.
  const std::string file = testing::TempDir() + "regula_match_tc.txt";
  CliRun ok =
      run("match chess/orthodox --players random,random -n 2 --seed 5 --threads 1 "
          "--max-plies 20 --tc 300+2 --records " +
          file);
  EXPECT_EQ(ok.code, 0) << ok.out;
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str().find("loses on time"), std::string::npos) << text.str();
  size_t tags = 0;
  for (size_t at = 0; (at = text.str().find("[TimeControl \"300+2\"]\n", at)) != std::string::npos;
       ++at)
    ++tags;
  EXPECT_EQ(tags, 2u) << text.str();
  std::remove(file.c_str());
}

TEST(MatchPlayers, ListsSplitWhereAPlayerBegins) {
  EXPECT_EQ(ai::split_player_list("ai:4,random"), (std::vector<std::string>{"ai:4", "random"}));
  EXPECT_EQ(
      ai::split_player_list("alphabeta:depth=3,nodes=900,mcts:iterations=50,cutoff=8"),
      (std::vector<std::string>{"alphabeta:depth=3,nodes=900", "mcts:iterations=50,cutoff=8"}));
  EXPECT_EQ(
      ai::split_player_list("uci:/usr/games/fairy-stockfish:depth=2,ai:2:seed=4,ms=50"),
      (std::vector<std::string>{"uci:/usr/games/fairy-stockfish:depth=2", "ai:2:seed=4,ms=50"}));
}

TEST(CliPlayers, MatchReportsScoreIntervalAndElo) {
  CliRun r = run("match chess/orthodox --players ai:2,random -n 4 --seed 3 --threads 2 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  ASSERT_EQ(j["players"].size(), 2u);
  EXPECT_EQ(j["players"][0]["player"], "ai:2");
  const int w = j["players"][0]["wins"], d = j["players"][0]["draws"],
            l = j["players"][0]["losses"];
  EXPECT_EQ(w + d + l, 4);
  EXPECT_EQ(j["players"][1]["wins"], l);
  const double score = (w + 0.5 * d) / 4;
  EXPECT_DOUBLE_EQ(j["players"][0]["score"].get<double>(), score);
  const ai::Interval si = ai::wilson_interval(w + 0.5 * d, 4);
  EXPECT_DOUBLE_EQ(j["players"][0]["score_interval"][0].get<double>(), si.low);
  EXPECT_EQ(j["decisive"], w + l);
  EXPECT_GT(j["players"][0]["nps"].get<double>(), 0);
  // The same match as text.
  CliRun t = run("match chess/orthodox --players ai:2,random -n 4 --seed 3 --threads 1");
  ASSERT_EQ(t.code, 0) << t.out;
  EXPECT_NE(t.out.find("ai:2 vs random: Elo "), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("(95%)"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("wins " + std::to_string(w) + "  draws " + std::to_string(d)),
            std::string::npos)
      << t.out;
}

TEST(CliPlayers, MatchRejectsBadPlayers) {
  CliRun three = run("match chess/orthodox --players ai:1,ai:2,random -n 2");
  EXPECT_EQ(three.code, 2) << three.out;
  EXPECT_NE(three.out.find("3 players do not fit"), std::string::npos) << three.out;
  CliRun bad = run("match chess/orthodox --players ai:1,alphabeta:depth=x -n 2");
  EXPECT_EQ(bad.code, 1) << bad.out;
  EXPECT_NE(bad.out.find("alphabeta:depth=x"), std::string::npos) << bad.out;
  CliRun none = run("match chess/orthodox -n 2");
  EXPECT_EQ(none.code, 2) << none.out;
  // A records file that cannot be written stops the match before any game.
  CliRun records =
      run("match chess/orthodox --players alphabeta:depth=60,random -n 100 "
          "--records /nonexistent/folder/games.txt");
  EXPECT_EQ(records.code, 1) << records.out;
  EXPECT_NE(records.out.find("/nonexistent/folder/games.txt: cannot write the records"),
            std::string::npos)
      << records.out;
}

TEST(CliPlayers, SelfplayAndPlayTakePlayers) {
  CliRun s = run("selfplay mill/ishikulu --players ai:1,random -n 2 --seed 2");
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_NE(s.out.find("2 games (white=ai:1, black=random)"), std::string::npos) << s.out;
  CliRun wrong = run("selfplay chess/orthodox --players ai:1,ai:1,ai:1 -n 2");
  EXPECT_EQ(wrong.code, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("names 3 players; Chess (FIDE) has 2 seats"), std::string::npos)
      << wrong.out;
  // The computer answers the mate in one, and --verbose shows what it saw.
  CliRun p =
      run("play chess/orthodox --seat white=ai:2 --seat black=human -v --position "
          "\"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"");
  ASSERT_EQ(p.code, 0) << p.out;
  EXPECT_NE(p.out.find(" mate in 1 nodes "), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("pv Ra8#"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("white: Ra8#"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("result: white wins (checkmate)"), std::string::npos) << p.out;
  // computer is level 3, as in the GUI.
  CliRun c =
      run("play chess/orthodox --seat white=computer --seat black=human --position "
          "\"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"");
  ASSERT_EQ(c.code, 0) << c.out;
  EXPECT_NE(c.out.find("white: Ra8#"), std::string::npos) << c.out;
}

}  // namespace
}  // namespace regula
