// Adjudication of matches from the players' own scores, as cutechess-cli's
// -resign and -draw: the runs of turns it counts, two-sided and one-sided
// resignation, the draw after a number of decisions, teams of several seats,
// and matches between players that report fixed scores, with their records.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "ai/adjudication.h"
#include "ai/match.h"
#include "ai/player_spec.h"
#include "cli_support.h"
#include "core/movegen.h"
#include "formats/presentation.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::bundled;
using test_support::CliRun;
using test_support::run;

constexpr SeatId kFirst = 0, kSecond = 1;

ai::Adjudication resign(int turns, int score, bool two_sided = true) {
  ai::Adjudication a;
  a.resign_turns = turns;
  a.resign_score = score;
  a.two_sided = two_sided;
  return a;
}

TEST(Adjudicator, TwoSidedResignationNeedsBothRunsOfTurns) {
  auto rules = bundled("chess/orthodox");
  ai::Adjudicator judge(*rules, resign(3, 500));
  for (int i = 0; i < 2; ++i) {
    judge.turn(kFirst, -500);
    judge.turn(kSecond, 600);
  }
  EXPECT_FALSE(judge.decide(4));
  judge.turn(kFirst, -900);
  EXPECT_FALSE(judge.decide(5)) << "the other side has two turns ahead, not three";
  judge.turn(kSecond, 500);
  auto res = judge.decide(6);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->reason, "adjudicated: " + rules->seats[kFirst].name + " resigns");
  EXPECT_EQ(res->outcome[kFirst], Outcome::kLoss);
  EXPECT_EQ(res->outcome[kSecond], Outcome::kWin);
}

TEST(Adjudicator, AScoreNearerEvenOrNoScoreBreaksARun) {
  auto rules = bundled("chess/orthodox");
  ai::Adjudicator judge(*rules, resign(2, 500));
  judge.turn(kFirst, -800);
  judge.turn(kSecond, 800);
  judge.turn(kFirst, -499);  // not far enough behind: the run starts again
  judge.turn(kSecond, 800);
  judge.turn(kFirst, -800);
  judge.turn(kSecond, 800);
  EXPECT_FALSE(judge.decide(6));
  judge.turn(kFirst, std::nullopt);  // a player that reports nothing
  judge.turn(kSecond, 800);
  judge.turn(kFirst, -800);
  EXPECT_FALSE(judge.decide(9));
  judge.turn(kSecond, 800);
  judge.turn(kFirst, -800);
  ASSERT_TRUE(judge.decide(11));
  EXPECT_EQ(judge.decide(11)->outcome[kSecond], Outcome::kWin);
}

TEST(Adjudicator, OneSidedResignationNeedsOnlyTheLosersScores) {
  auto rules = bundled("chess/orthodox");
  ai::Adjudicator two(*rules, resign(2, 300));
  ai::Adjudicator one(*rules, resign(2, 300, /*two_sided=*/false));
  for (ai::Adjudicator* j : {&two, &one})
    for (int i = 0; i < 2; ++i) {
      j->turn(kFirst, std::nullopt);
      // A lost game in five decisions is a score far behind.
      j->turn(kSecond, -(ai::kWinScore - 5));
    }
  EXPECT_FALSE(two.decide(4));
  auto res = one.decide(4);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->outcome[kFirst], Outcome::kWin);
  EXPECT_EQ(res->reason, "adjudicated: " + rules->seats[kSecond].name + " resigns");
}

TEST(Adjudicator, DrawAfterItsDecisionsOnceBothSidesAreEven) {
  auto rules = bundled("chess/orthodox");
  ai::Adjudication a;
  a.draw_after = 10;
  a.draw_turns = 2;
  a.draw_score = 20;
  ai::Adjudicator judge(*rules, a);
  judge.turn(kFirst, 20);
  judge.turn(kSecond, -20);
  judge.turn(kFirst, 0);
  EXPECT_FALSE(judge.decide(3));
  judge.turn(kSecond, 21);  // breaks the second side's run
  judge.turn(kFirst, 5);
  judge.turn(kSecond, 0);
  judge.turn(kFirst, -3);
  judge.turn(kSecond, 0);
  EXPECT_FALSE(judge.decide(9)) << "before the tenth decision";
  auto res = judge.decide(10);
  ASSERT_TRUE(res);
  EXPECT_TRUE(res->is_draw());
  EXPECT_EQ(res->reason, "adjudicated draw");
}

TEST(Adjudicator, TeamsOfSeveralSeatsShareTheirRuns) {
  auto rules = bundled("chaturanga/four-handed");
  ASSERT_EQ(rules->num_seats(), 4);
  ASSERT_FALSE(ai::check_adjudication(*rules, resign(2, 400)));
  // Seats 0 and 2 are one team, 1 and 3 the other (the script's seat order).
  ASSERT_TRUE(rules->allies(0, 2));
  ASSERT_FALSE(rules->allies(0, 1));
  ai::Adjudicator judge(*rules, resign(2, 400));
  judge.turn(0, 500);
  judge.turn(1, -500);
  judge.turn(2, 500);
  judge.turn(3, -500);
  auto res = judge.decide(4);
  ASSERT_TRUE(res);
  EXPECT_EQ(res->outcome[0], Outcome::kWin);
  EXPECT_EQ(res->outcome[2], Outcome::kWin);
  EXPECT_EQ(res->outcome[1], Outcome::kLoss);
  EXPECT_EQ(res->outcome[3], Outcome::kLoss);
}

TEST(Adjudicator, OptionsAreReadWithErrorsNamingThem) {
  ai::Adjudication a;
  EXPECT_FALSE(ai::parse_resign("turns=4,score=600,twosided=false", a));
  EXPECT_EQ(a.resign_turns, 4);
  EXPECT_EQ(a.resign_score, 600);
  EXPECT_FALSE(a.two_sided);
  EXPECT_FALSE(ai::parse_draw("after=80,turns=8,score=10", a));
  EXPECT_EQ(a.text(), "resign turns=4 score=600 one-sided; draw after=80 turns=8 score=10");
  auto error = [](Status st) { return st ? st->text() : std::string("no error"); };
  ai::Adjudication b;
  EXPECT_EQ(error(ai::parse_resign("turns=4", b)), "--resign: needs score=N");
  EXPECT_EQ(error(ai::parse_resign("turns=0,score=5", b)), "--resign: turns must be at least 1");
  EXPECT_EQ(error(ai::parse_resign("turns=2,score=5,moves=3", b)),
            "--resign: unknown key 'moves' (it takes turns, score, twosided)");
  EXPECT_EQ(error(ai::parse_resign("turns=2,score=-5", b)),
            "--resign: score takes a whole number from 0 to 1000000, not '-5'");
  EXPECT_EQ(error(ai::parse_draw("after=1,turns=2,score=3,twosided=true", b)),
            "--draw: unknown key 'twosided' (it takes after, turns, score)");
  // Rules with more than two teams cannot be adjudicated.
  Ruleset three = *bundled("chess/orthodox");
  three.seats.push_back(three.seats[1]);
  three.seats.back().team = 7;
  EXPECT_EQ(error(ai::check_adjudication(three, resign(2, 5))),
            "adjudication: needs rules with two teams; " + three.name + " has 3");
  EXPECT_FALSE(ai::check_adjudication(three, {})) << "no adjudication asked, no error";
}

// A player that plays the first legal decision and reports a fixed score.
class FixedScore : public ai::Player {
 public:
  explicit FixedScore(int score) : score_(score) {}
  std::string name() const override { return "fixed:" + std::to_string(score_); }
  Turn choose(Position& pos, const std::atomic<bool>*) override {
    MoveList moves;
    legal_moves(pos, moves);
    ai::SearchInfo info;
    info.score = score_;
    info.nodes = 1;
    info.done = true;
    report(info);
    Turn t;
    t.steps.push_back(moves[0]);
    return t;
  }

 private:
  int score_;
};

Expected<std::unique_ptr<ai::Player>> fixed_or_named(const std::string& spec,
                                                     std::shared_ptr<const Ruleset> r,
                                                     uint64_t seed) {
  if (spec.rfind("fixed:", 0) == 0)
    return std::unique_ptr<ai::Player>(new FixedScore(std::stoi(spec.substr(6))));
  return ai::make_player(spec, std::move(r), seed);
}

TEST(Match, PlayersWhoAgreeOnTheScoreEndTheGameByResignation) {
  auto rules = bundled("chess/orthodox");
  ai::MatchOptions o;
  o.players = {"fixed:700", "fixed:-700"};
  o.games = 4;
  o.adjudication = resign(2, 500);
  o.keep_turns = true;
  auto rep = ai::run_match(rules, {}, o, fixed_or_named);
  ASSERT_TRUE(rep) << rep.error().text();
  EXPECT_EQ(rep->players[0].wins, 4);
  EXPECT_EQ(rep->players[1].losses, 4);
  for (const ai::MatchGame& g : rep->games) {
    // Two turns of each side, then the side that sees itself behind resigns.
    EXPECT_EQ(g.plies, 4);
    EXPECT_TRUE(g.adjudicated);
    const SeatId loser = g.player_of_seat[0] == 1 ? 0 : 1;
    EXPECT_EQ(g.result.reason, "adjudicated: " + rules->seats[loser].name + " resigns");
  }
  // The same players without adjudication play on to the ply limit.
  o.adjudication = {};
  o.max_plies = 30;
  o.games = 1;
  auto plain = ai::run_match(rules, {}, o, fixed_or_named);
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->games[0].adjudicated);
  EXPECT_GT(plain->games[0].plies, 4);
}

TEST(Match, AgainstAPlayerWithoutScoresOnlyOneSidedResignationApplies) {
  auto rules = bundled("chess/orthodox");
  ai::MatchOptions o;
  o.players = {"fixed:-700", "random"};
  o.games = 2;
  o.max_plies = 40;
  o.adjudication = resign(3, 500);
  auto two = ai::run_match(rules, {}, o, fixed_or_named);
  ASSERT_TRUE(two);
  for (const ai::MatchGame& g : two->games) EXPECT_FALSE(g.adjudicated) << g.result.reason;
  o.adjudication.two_sided = false;
  auto one = ai::run_match(rules, {}, o, fixed_or_named);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->players[0].losses, 2);
  // Three turns of the resigning side: 5 decisions when it moves first, 6 when second.
  EXPECT_EQ(one->games[0].plies, 5);
  EXPECT_EQ(one->games[1].plies, 6);
}

TEST(CliPlayers, MatchAdjudicatesAndRecordsTheResignation) {
  const std::string records = ::testing::TempDir() + "adjudicated.txt";
  CliRun r =
      run("match chess/orthodox --players alphabeta:depth=2,alphabeta:depth=1 -n 2 --seed 1 "
          "--threads 1 --resign turns=2,score=300 --draw after=200,turns=4,score=0 --max-plies 300 "
          "--json --records " +
          records);
  ASSERT_EQ(r.code, 0) << r.out;
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  EXPECT_EQ(j["adjudication"], "resign turns=2 score=300; draw after=200 turns=4 score=0");
  int adjudicated = 0;
  for (auto& [reason, n] : j["reasons"].items())
    if (reason.rfind("adjudicated", 0) == 0) adjudicated += n.get<int>();
  std::ifstream in(records);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t resigns = 0;
  for (size_t at = 0; (at = text.find(" resigns\"]", at)) != std::string::npos; ++at) ++resigns;
  EXPECT_GT(adjudicated, 0) << r.out;
  EXPECT_EQ(resigns, static_cast<size_t>(adjudicated)) << text;
  CliRun bad = run("match chess/orthodox --players ai:1,ai:1 --resign turns=2");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("--resign: needs score=N"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace regula
