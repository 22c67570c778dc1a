#pragma once
// Matches between players: games from the start position with the players
// taking the seats in turn, on several threads, with what they add up to
// (wins, draws and losses per player, the score with its Wilson interval, the
// Elo difference with its interval) and how long and how fast they played.
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

struct MatchOptions {
  std::vector<std::string> players;  // specifications, at least two
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int max_plies = 1000;       // decisions; a game that reaches them counts as a draw
  bool keep_turns = false;    // keep every game's turns (for records)
  Adjudication adjudication;  // none by default
  // Under a clock (timed()): each seat has its time, each turn is charged
  // with the time its choice took, and a seat whose time runs out before it
  // has chosen loses, as Game::time_out has it ("white loses on time"), unless
  // no other side can win (core/flag_fall.h), when the game is drawn. The
  // budget of each turn is clock_budget's, from the player's specification
  // and its clock.
  TimeControl clock;
  ClockBudget clock_budget;
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
};

struct MatchReport {
  std::vector<PlayerTally> players;
  std::vector<MatchGame> games;  // in game order
  std::map<std::string, int> reasons;
  int unfinished = 0;
  int64_t millis = 0;  // wall time of the whole match
  double mean_plies() const;
};

// Which player index plays each seat in game g (see the top of this file); an
// Error when the number of players fits neither the teams nor the seats.
Expected<std::vector<int>> lineup(const Ruleset& rules, int players, int game);

// Plays one game from the start; players[s] plays seat s (a player may hold
// several seats). Dice are thrown with the game's seed. Every decision a
// player returns is checked: an illegal one is an Error naming the player and
// the move. Fills result, plies and (when keep) turns; adds to the tallies.
// The adjudication, when it has any rule, may end the game early; under a
// clock (MatchOptions::clock) a seat whose time runs out loses, or draws when
// no other side can win.
Status play_game(std::shared_ptr<const Ruleset> rules, const std::vector<Player*>& players,
                 uint64_t seed, int max_plies, bool keep, MatchGame& game,
                 std::vector<PlayerTally>& tallies, const std::vector<int>& player_of_seat,
                 const Adjudication& adjudication = {}, const TimeControl& clock = {},
                 const ClockBudget& clock_budget = {});

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

}  // namespace regula::ai
