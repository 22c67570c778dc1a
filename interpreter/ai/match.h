#pragma once
// Matches between players: games from the start position, or from openings
// each played once per seat assignment, with the players taking the seats in
// turn, on several threads, with what they add up to (wins, draws and losses
// per player, the score with its interval, the Elo difference with its
// interval, the pentanomial counts of game pairs, how many games differ) and
// how long and how fast they played.
//
// Who plays which seat: with as many players as the rules have teams, player
// p plays every seat of team (p + g) mod teams in game g (teams in the order
// of their first seat); otherwise, with as many players as seats, player p
// plays seat (p + g) mod seats. So two players change sides every game.
//
// Each game has its own seed, made from the match's seed and the game's
// number, which seeds the dice and every player of that game: what a match
// finds does not depend on how many threads played it (except under a
// wall-clock budget).
//
// Openings (MatchOptions::openings, ::random_plies): the games come in groups
// of as many games as players, group k played from opening k, one game for
// each seat assignment above (with two players: a pair, the players swapping
// sides). The opening of group k is opening order[k mod openings] (order: as
// given, or shuffled once by the seed), followed by random_plies whole turns
// drawn uniformly among the legal turns (ai/random_turn.h; throws of the dice
// are drawn by their probability and not counted) with a generator seeded by
// the match's seed and k; a series that ends the game is drawn again.

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ai/adjudication.h"
#include "ai/player.h"
#include "core/expected.h"
#include "core/result.h"
#include "core/ruleset.h"
#include "core/time_control.h"
#include "core/turns.h"

namespace regula::ai {

// The seed of game `index` of a run from `seed` (a SplitMix64 step).
uint64_t game_seed(uint64_t seed, uint64_t index);

// Makes the player a specification names (ai::make_player, or one that also
// knows external engines).
using PlayerFactory = std::function<Expected<std::unique_ptr<Player>>(
    const std::string& spec, std::shared_ptr<const Ruleset> rules, uint64_t seed)>;
// Loads the rules again, for a further thread when the script has hooks (each
// thread needs its own Lua state).
using RulesLoader = std::function<Expected<std::shared_ptr<const Ruleset>>()>;

// The budget of a player's turn under a clock, from its specification, its
// time left, its increment and the turns left in its period (0: none).
using ClockBudget = std::function<Budget(const std::string& spec, int64_t remaining,
                                         int64_t increment, int moves_to_go)>;

// The opening `index` (0 .. MatchOptions::openings - 1) set up with `rules`
// (each thread has its own rules when the script has hooks).
using OpeningSource =
    std::function<Expected<Position>(std::shared_ptr<const Ruleset> rules, int index)>;

struct MatchOptions {
  std::vector<std::string> players;  // specifications, at least two
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int max_plies = 1000;     // decisions; a game that reaches them counts as a draw
  bool keep_turns = false;  // keep every game's turns (for records)
  // Asked before each game is begun: true ends the match once the games under
  // way end (Ctrl-C); the report then holds the games played.
  std::function<bool()> stop;
  Adjudication adjudication;  // none by default
  // Under a clock (timed()): each seat has its time, each turn is charged
  // with the time its choice took, and a seat whose time runs out before it
  // has chosen loses, as Game::time_out has it ("white loses on time"), unless
  // no other side can win (core/flag_fall.h), when the game is drawn. The
  // budget of each turn is clock_budget's, from the player's specification
  // and its clock.
  TimeControl clock;
  ClockBudget clock_budget;
  // Openings (see the top of this file): how many there are, and where they
  // come from; 0: the rules' start position.
  int openings = 0;
  OpeningSource opening;
  bool random_order = false;  // shuffle the openings once (seeded) instead of their order
  int random_plies = 0;       // random whole turns played from each opening
  // Whether the games come in groups from openings: then --games must be a
  // multiple of the players.
  bool grouped() const { return openings > 0 || random_plies > 0; }
};

struct PlayerTally {
  std::string spec;
  int wins = 0, draws = 0, losses = 0;
  uint64_t decisions = 0;  // decisions it was asked for
  uint64_t nodes = 0;      // what its searches reported
  double millis = 0;       // time it spent choosing (to the microsecond: decisions can be quick)
  double points() const { return wins + 0.5 * draws; }
  int games() const { return wins + draws + losses; }
};

struct MatchGame {
  int index = 0;
  uint64_t seed = 0;
  std::vector<int> player_of_seat;  // the player index of each seat
  Result result;                    // over == false: stopped at max_plies
  int plies = 0;                    // decisions made (throws not counted)
  std::vector<Turn> turns;          // when keep_turns
  bool adjudicated = false;         // the result is the adjudication's, not the rules'
  SeatId timed_out = -1;            // the seat whose time ran out (result says what it got)
  int group = -1;                   // the group of games it belongs to (grouped matches)
  int opening = -1;                 // the opening it started from (-1: the rules' start)
  // The position it started from, the same for every game of a group (kept
  // with keep_turns, for records; null from the rules' start).
  std::shared_ptr<const Position> start;
  // A hash of the start position and every decision in order: games that
  // differ in a move differ here (but for a 64-bit collision).
  uint64_t fingerprint = 0;
};

// The five bins of game pairs by the first player's score over the pair: 0,
// 1/2, 1, 3/2 and 2 points.
using Pentanomial = std::array<int, 5>;

struct MatchReport {
  std::vector<PlayerTally> players;
  std::vector<MatchGame> games;  // in game order
  std::map<std::string, int> reasons;
  int unfinished = 0;
  int64_t millis = 0;    // wall time of the whole match
  int distinct = 0;      // games that differ from every other one (by their fingerprints)
  bool stopped = false;  // stopped before every game was played (MatchOptions::stop)
  // Grouped matches of two players: the pairs by the first player's score.
  Pentanomial pentanomial{};
  int pairs() const;
  double mean_plies() const;
};

// Which player index plays each seat in game g (see the top of this file); an
// Error when the number of players fits neither the teams nor the seats.
Expected<std::vector<int>> lineup(const Ruleset& rules, int players, int game);

// Plays one game from start (the rules' start position when null); players[s] plays seat s (a
// player may hold several seats). Dice are thrown with the game's seed. Every decision a player
// returns is checked: an illegal one is an Error naming the player and the move. Fills result,
// plies and (when keep) turns; adds to the tallies. The adjudication, when it has any rule, may end
// the game early; under a clock (MatchOptions::clock) a seat whose time runs out loses, or draws
// when no other side can win.
Status play_game(std::shared_ptr<const Ruleset> rules, const std::vector<Player*>& players,
                 uint64_t seed, int max_plies, bool keep, MatchGame& game,
                 std::vector<PlayerTally>& tallies, const std::vector<int>& player_of_seat,
                 const Adjudication& adjudication = {}, const TimeControl& clock = {},
                 const ClockBudget& clock_budget = {}, const Position* start = nullptr);

// Plays the match. progress, when given, is called (from any thread, one call
// at a time) after each game with the games done so far.
Expected<MatchReport> run_match(
    std::shared_ptr<const Ruleset> rules, const RulesLoader& reload, const MatchOptions& options,
    const PlayerFactory& make,
    const std::function<void(const MatchGame&, int done)>& progress = {});

// A 95% (z = 1.96) Wilson score interval for a proportion of successes out of
// n trials (draws count half); {0, 1} for n = 0.
struct Interval {
  double low = 0, high = 1;
};
Interval wilson_interval(double successes, double n, double z = 1.959963984540054);

// The Elo difference that gives an expected score (0..1); +-infinity at 1 and 0.
double elo_difference(double score);

// The statistics of game pairs as fishtest computes them (Michel Van den
// Bergh, "Normalized Elo" and "pentanomial" notes; fishtest's stat_util.py
// get_elo and LLRcalc.py regularize): with n_k pairs that scored k/2 points
// (k = 0..4) and N pairs,
//   a bin with no pair counts 1e-3 instead (fishtest's regularization), then
//   score    mu = sum n_k (k/4) / N                  (per game, 0..1; N the
//                                                    sum of the counts so made)
//   variance v  = sum n_k (k/4 - mu)^2 / N           (of the pair's mean score)
//   interval mu -+ z sqrt(v / N)
//   Elo      -400 log10(1/mu - 1), its interval from the interval's ends
//   LOS      Phi((mu - 1/2) / sqrt(v / N))
// so the spread comes from whole pairs: an opening that one side wins
// whoever plays it weighs as one sample, not two.
struct PairStats {
  int pairs = 0;
  double score = 0.5;
  double variance = 0;  // v above
  Interval interval;    // of the score
  double elo = 0;
  Interval elo_interval;  // may have infinite ends
  double los = 0.5;       // the likelihood of superiority
};
PairStats pair_stats(const Pentanomial& bins, double z = 1.959963984540054);

}  // namespace regula::ai
