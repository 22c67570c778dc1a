#include "ai/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "ai/random_turn.h"
#include "ai/seat_clocks.h"
#include "core/flag_fall.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"

namespace regula::ai {

namespace {

using Clock = std::chrono::steady_clock;

int64_t millis_since(Clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

double fractional_millis_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// The error for a decision a player returned that the rules do not allow.
Error illegal(const Ruleset& rules, const std::string& player, SeatId seat, int ply,
              const std::string& what) {
  return Error{player, "at decision " + std::to_string(ply + 1) + " (" + rules.seats[seat].name +
                           " to decide): " + what};
}

// A decision's sites, for an error about it (the notation is not at hand here).
std::string sites_of(const Ruleset& r, const Move& m) {
  auto site = [&](SiteId s) { return s == kNoSite ? std::string("-") : r.topology.name(s); };
  return "'" + site(m.from) + " to " + site(m.to) + "'";
}

// A SplitMix64 finaliser: the fingerprint of a game so far.
uint64_t mix(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

uint64_t game_seed(uint64_t seed, uint64_t index) {
  uint64_t x = seed + 0x9e3779b97f4a7c15ull * (index + 1);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

int MatchReport::pairs() const {
  int n = 0;
  for (int c : pentanomial) n += c;
  return n;
}

double MatchReport::mean_plies() const {
  if (games.empty()) return 0;
  double total = 0;
  for (const MatchGame& g : games) total += g.plies;
  return total / static_cast<double>(games.size());
}

Expected<std::vector<int>> lineup(const Ruleset& rules, int players, int game) {
  const int seats = rules.num_seats();
  std::vector<int> teams;  // team ids in the order of their first seat
  for (const Seat& s : rules.seats)
    if (std::find(teams.begin(), teams.end(), s.team) == teams.end()) teams.push_back(s.team);
  const int nteams = static_cast<int>(teams.size());
  std::vector<int> of_seat(seats);
  if (players == nteams) {
    for (SeatId s = 0; s < seats; ++s) {
      const int t = static_cast<int>(std::find(teams.begin(), teams.end(), rules.seats[s].team) -
                                     teams.begin());
      of_seat[s] = ((t - game) % nteams + nteams) % nteams;
    }
    return of_seat;
  }
  if (players == seats) {
    for (SeatId s = 0; s < seats; ++s) of_seat[s] = ((s - game) % seats + seats) % seats;
    return of_seat;
  }
  return Error{"players", std::to_string(players) + " players do not fit " + rules.name +
                              ": it has " + std::to_string(seats) + " seats in " +
                              std::to_string(nteams) +
                              " teams (give one player per team, or one per seat)"};
}

Status play_game(std::shared_ptr<const Ruleset> rules, const std::vector<Player*>& players,
                 uint64_t seed, int max_plies, bool keep, MatchGame& game,
                 std::vector<PlayerTally>& tallies, const std::vector<int>& player_of_seat,
                 const Adjudication& adjudication, const TimeControl& clock,
                 const ClockBudget& clock_budget, const Position* start) {
  const Ruleset& r = *rules;
  Position pos = start ? *start : Position(rules);
  pos.clear_history();
  std::mt19937_64 dice(seed);
  MoveList moves;
  Turn t;
  Undo u;
  game.plies = 0;
  game.turns.clear();
  game.adjudicated = false;
  game.timed_out = -1;
  game.fingerprint = mix(pos.hash());
  Adjudicator judge(r, adjudication);
  SeatClocks clocks(clock, r.num_seats());
  uint64_t nodes = 0;
  std::optional<int> score;  // of the last search in the current turn
  for (Player* p : players)
    p->on_info([&nodes, &score](const SearchInfo& i) {
      if (!i.done) return;
      nodes += i.nodes;
      score = i.score;
    });
  while (true) {
    game.result = game_result(pos, moves);
    if (game.result.over || game.plies >= max_plies || moves.empty()) break;
    if (adjudication.any())
      if (auto res = judge.decide(game.plies)) {
        game.result = *res;
        game.adjudicated = true;
        break;
      }
    if (pos.awaiting_roll()) {
      random_turn(pos, moves, dice, t);
      pos.make(t.first(), u);
      game.fingerprint = mix(game.fingerprint ^ t.first().hash());
      if (keep) game.turns.push_back(t);
      continue;
    }
    const SeatId seat = pos.decider();
    Player& player = *players[seat];
    PlayerTally& tally = tallies[player_of_seat[seat]];
    nodes = 0;
    score.reset();
    if (clocks.timed() && clock_budget)
      player.set_budget(clock_budget(player.name(), clocks.remaining(seat), clocks.increment(seat),
                                     clocks.moves_to_go(seat)));
    const auto t0 = Clock::now();
    t = player.choose(pos);
    const double spent = fractional_millis_since(t0);
    tally.millis += spent;
    tally.nodes += nodes;
    if (!clocks.turn_played(seat, std::llround(spent))) {
      game.result = flag_fall_result(pos, seat);
      game.timed_out = seat;
      break;
    }
    if (t.steps.empty())
      return illegal(r, player.name(), seat, game.plies, "it returned no decision");
    for (size_t i = 0; i < t.steps.size(); ++i) {
      if (i > 0) {
        if (!pos.in_turn() || pos.awaiting_roll() || game_result(pos, moves).over)
          return illegal(r, player.name(), seat, game.plies,
                         "it returned more decisions than its turn has");
        legal_moves(pos, moves);
      }
      bool found = false;
      for (const Move& m : moves) found |= m.same(t.steps[i]);
      if (!found)
        return illegal(r, player.name(), seat, game.plies,
                       "it returned an illegal decision, " + sites_of(r, t.steps[i]));
      pos.make(t.steps[i], u);
      game.fingerprint = mix(game.fingerprint ^ t.steps[i].hash());
      ++game.plies;
      ++tally.decisions;
    }
    judge.turn(seat, score);
    if (keep) game.turns.push_back(t);
  }
  for (Player* p : players) p->on_info({});
  return std::nullopt;
}

namespace {

// What a match checks before any game starts: enough players and games,
// players that fit the seats, an adjudication the rules allow, and every
// player's specification tried once, so that a bad one is an error at once.
Status check_match(std::shared_ptr<const Ruleset> rules, const MatchOptions& options,
                   const PlayerFactory& make) {
  const int nplayers = static_cast<int>(options.players.size());
  if (nplayers < 2) return Error{"players", "a match needs at least two players"};
  if (options.games < 1) return Error{"games", "a match needs at least one game"};
  if (auto l = lineup(*rules, nplayers, 0); !l) return l.error();
  if (options.grouped() && options.games % nplayers != 0)
    return Error{"games", std::to_string(options.games) + " games do not make whole groups: " +
                              "each opening is played " + std::to_string(nplayers) +
                              " times (once for each way the players sit), so give a "
                              "multiple of " +
                              std::to_string(nplayers)};
  if (options.openings > 0 && !options.opening)
    return Error{"openings", "no way to set up the openings was given"};
  if (options.random_plies < 0)
    return Error{"random plies", "the number of random plies cannot be negative"};
  if (Status st = check_adjudication(*rules, options.adjudication)) return *st;
  for (const std::string& spec : options.players)
    if (auto p = make(spec, rules, 1); !p) return p.error();
  return std::nullopt;
}

// The rules each thread plays with: the same ones, or for a script with hooks
// (one Lua state each) a copy loaded again.
Expected<std::vector<std::shared_ptr<const Ruleset>>> rules_per_thread(
    std::shared_ptr<const Ruleset> rules, const RulesLoader& reload, int threads) {
  std::vector<std::shared_ptr<const Ruleset>> copies{rules};
  for (int i = 1; i < threads; ++i) {
    if (!rules->hooks) {
      copies.push_back(rules);
      continue;
    }
    auto copy = reload();
    if (!copy) return copy.error();
    copies.push_back(*copy);
  }
  return copies;
}

// Plays game g of the match with the rules of its thread: an Error when a
// player, a hook or an engine failed (other exceptions pass through).
Status play_match_game(std::shared_ptr<const Ruleset> rules, const MatchOptions& options,
                       const PlayerFactory& make, MatchGame& game,
                       std::vector<PlayerTally>& tally) {
  try {
    // Each seat gets its own player, seeded by the game and the seat, so
    // that a player that holds two seats does not share what it learns.
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> seats;
    for (SeatId s = 0; s < rules->num_seats(); ++s) {
      auto p = make(options.players[game.player_of_seat[s]], rules,
                    game_seed(game.seed, static_cast<uint64_t>(s) + 1));
      if (!p) return p.error();
      owned.push_back(std::move(*p));
      seats.push_back(owned.back().get());
    }
    return play_game(rules, seats, game.seed, options.max_plies, options.keep_turns, game, tally,
                     game.player_of_seat, options.adjudication, options.clock, options.clock_budget,
                     game.start.get());
  } catch (const RuleError& e) {
    // A hook or an engine failed: the error names it, and the game is added by the caller.
    return e.error();
  } catch (const std::bad_alloc&) {
    std::string who;
    for (const std::string& s : options.players) who += (who.empty() ? "" : ", ") + s;
    return Error{"players", "out of memory playing " + who + " (a smaller hash=?)"};
  }
}

// A player's outcome in a finished game: that of the first seat it holds (an
// unfinished game is a draw); nothing when it holds no seat.
std::optional<Outcome> outcome_of(const Ruleset& r, const MatchGame& game, int player) {
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (game.player_of_seat[s] == player)
      return game.result.over ? game.result.outcome[s] : Outcome::kDraw;
  return std::nullopt;
}

// Adds a finished game to its players' wins, draws and losses.
void count_result(const Ruleset& r, const MatchGame& game, std::vector<PlayerTally>& tally) {
  for (int p = 0; p < static_cast<int>(tally.size()); ++p) {
    const std::optional<Outcome> o = outcome_of(r, game, p);
    if (!o) continue;
    if (*o == Outcome::kDraw)
      ++tally[p].draws;
    else if (*o == Outcome::kWin)
      ++tally[p].wins;
    else
      ++tally[p].losses;
  }
}

// The order the openings are used in: as given, or shuffled once (Fisher and
// Yates) by a generator seeded from the match's seed.
std::vector<int> opening_order(const MatchOptions& options) {
  std::vector<int> order(std::max(0, options.openings));
  for (int i = 0; i < static_cast<int>(order.size()); ++i) order[i] = i;
  if (!options.random_order) return order;
  std::mt19937_64 rng(game_seed(options.seed ^ 0x6f70656e696e6773ull, 0));
  for (int i = static_cast<int>(order.size()) - 1; i > 0; --i)
    std::swap(order[i], order[std::uniform_int_distribution<int>(0, i)(rng)]);
  return order;
}

// Plays `plies` random whole turns on pos (throws of the dice drawn and not
// counted); false when the game ends before or at the last of them.
template <typename Rng>
bool random_walk(Position& pos, int plies, Rng& rng) {
  MoveList moves;
  Turn t;
  Undo u;
  for (int done = 0;;) {
    if (game_result(pos, moves).over || moves.empty()) return false;
    if (done == plies) return true;
    if (pos.awaiting_roll()) {
      random_turn(pos, moves, rng, t);
      pos.make(t.first(), u);
      continue;
    }
    play_random_turn(pos, moves, rng, t);
    ++done;
  }
}

// The position the games of a group start from (see the top of match.h),
// set up with the rules of the thread that plays it.
Expected<Position> group_start(std::shared_ptr<const Ruleset> rules, const MatchOptions& options,
                               const std::vector<int>& order, int group, int& opening) {
  constexpr int kTries = 1000;
  Position base(rules);
  opening = -1;
  if (options.openings > 0) {
    opening = order[group % options.openings];
    auto p = options.opening(rules, opening);
    if (!p) return p.error();
    base = std::move(*p);
  }
  base.clear_history();
  if (options.random_plies == 0) return base;
  for (uint64_t attempt = 0; attempt < kTries; ++attempt) {
    std::mt19937_64 rng(game_seed(
        game_seed(options.seed ^ 0x72616e646f6d21ull, static_cast<uint64_t>(group)), attempt));
    Position pos = base;
    if (random_walk(pos, options.random_plies, rng)) {
      pos.clear_history();
      return pos;
    }
  }
  return Error{
      "random plies",
      "no position " + std::to_string(options.random_plies) + " random plies after " +
          (opening < 0 ? std::string("the start") : "opening " + std::to_string(opening + 1)) +
          " where the game goes on, in " + std::to_string(kTries) + " tries"};
}

// Sets up game g: its seed, seats, group and start position.
Status prepare_game(std::shared_ptr<const Ruleset> rules, const MatchOptions& options,
                    const std::vector<int>& order, int g, MatchGame& game) {
  const int nplayers = static_cast<int>(options.players.size());
  game.index = g;
  game.seed = game_seed(options.seed, g);
  game.player_of_seat = *lineup(*rules, nplayers, g);
  if (!options.grouped()) return std::nullopt;
  game.group = g / nplayers;
  auto start = group_start(rules, options, order, game.group, game.opening);
  if (!start) return start.error();
  game.start = std::make_shared<const Position>(std::move(*start));
  return std::nullopt;
}

// What the threads of a match share: the next game to play, and each
// thread's tallies and the failure that stopped it.
struct MatchThreads {
  MatchThreads(int threads, int players)
      : tallies(threads, std::vector<PlayerTally>(players)),
        crashes(threads),
        errors(threads),
        failed_at(threads, std::numeric_limits<int>::max()) {}

  // Thread w failed at game g: the others stop after their current game.
  void fail(int w, int g, int games) {
    failed_at[w] = g;
    next = games;
  }

  // The failure of the earliest game that failed, whatever thread played it
  // (an exception is thrown again).
  Status first_failure() const {
    int first = -1;
    for (int w = 0; w < static_cast<int>(errors.size()); ++w)
      if ((errors[w] || crashes[w]) && (first < 0 || failed_at[w] < failed_at[first])) first = w;
    if (first < 0) return std::nullopt;
    if (crashes[first]) std::rethrow_exception(crashes[first]);
    Error e = *errors[first];
    e.what = "game " + std::to_string(failed_at[first] + 1) + ": " + e.what;
    return e;
  }

  std::vector<std::vector<PlayerTally>> tallies;
  std::vector<std::exception_ptr> crashes;
  std::vector<std::optional<Error>> errors;
  std::vector<int> failed_at;
  std::atomic<int> next{0};
};

// The players' totals over the threads' tallies, and how the games ended.
void add_totals(const MatchOptions& options, const std::vector<std::vector<PlayerTally>>& tallies,
                MatchReport& report) {
  const int nplayers = static_cast<int>(options.players.size());
  report.players.resize(nplayers);
  for (int p = 0; p < nplayers; ++p) {
    PlayerTally& total = report.players[p];
    total.spec = options.players[p];
    for (const auto& t : tallies) {
      total.wins += t[p].wins;
      total.draws += t[p].draws;
      total.losses += t[p].losses;
      total.decisions += t[p].decisions;
      total.nodes += t[p].nodes;
      total.millis += t[p].millis;
    }
  }
  for (const MatchGame& g : report.games) {
    if (!g.result.over) {
      ++report.unfinished;
      ++report.reasons["unfinished (max plies)"];
    } else {
      ++report.reasons[g.result.reason];
    }
  }
}

// How many games differ, and for a grouped match of two players the pairs by
// the first player's points.
void add_pairs(const Ruleset& r, const MatchOptions& options, MatchReport& report) {
  std::vector<uint64_t> prints;
  for (const MatchGame& g : report.games) prints.push_back(g.fingerprint);
  std::sort(prints.begin(), prints.end());
  report.distinct = static_cast<int>(std::unique(prints.begin(), prints.end()) - prints.begin());
  if (!options.grouped() || options.players.size() != 2) return;
  for (size_t g = 0; g + 1 < report.games.size(); g += 2) {
    int half_points = 0;
    for (size_t k = g; k < g + 2; ++k) {
      const Outcome o = *outcome_of(r, report.games[k], 0);
      half_points += o == Outcome::kWin ? 2 : o == Outcome::kDraw ? 1 : 0;
    }
    ++report.pentanomial[half_points];
  }
}

}  // namespace

Expected<MatchReport> run_match(std::shared_ptr<const Ruleset> rules, const RulesLoader& reload,
                                const MatchOptions& options, const PlayerFactory& make,
                                const std::function<void(const MatchGame&, int done)>& progress) {
  const Ruleset& r = *rules;
  if (Status st = check_match(rules, options, make)) return *st;
  const int nplayers = static_cast<int>(options.players.size());
  const int threads = std::clamp(options.threads, 1, options.games);
  auto copies = rules_per_thread(rules, reload, threads);
  if (!copies) return copies.error();

  const std::vector<int> order = opening_order(options);
  MatchReport report;
  report.games.resize(options.games);
  MatchThreads shared(threads, nplayers);
  std::mutex progress_mutex;
  int done = 0;
  const auto start = Clock::now();

  auto work = [&](int w) {
    for (int g; !(options.stop && options.stop()) && (g = shared.next++) < options.games;) {
      MatchGame& game = report.games[g];
      try {
        shared.errors[w] = prepare_game((*copies)[w], options, order, g, game);
        if (!shared.errors[w])
          shared.errors[w] = play_match_game((*copies)[w], options, make, game, shared.tallies[w]);
      } catch (...) {
        shared.crashes[w] = std::current_exception();
      }
      if (!options.keep_turns) game.start.reset();
      if (shared.errors[w] || shared.crashes[w]) return shared.fail(w, g, options.games);
      count_result(r, game, shared.tallies[w]);
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        progress(game, ++done);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
  work(0);
  for (auto& th : pool) th.join();
  if (Status st = shared.first_failure()) return *st;
  // Games are begun in order and every game begun is played to its end.
  const int played = std::min(shared.next.load(), options.games);
  report.stopped = played < options.games;
  report.games.resize(played);

  report.millis = millis_since(start);
  add_totals(options, shared.tallies, report);
  add_pairs(r, options, report);
  return report;
}

Interval wilson_interval(double successes, double n, double z) {
  if (n <= 0) return {};
  const double p = successes / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double elo_difference(double score) {
  // Within rounding of 0 or 1 (an interval's end), the difference is unbounded.
  constexpr double kEdge = 1e-9;
  if (score <= kEdge) return -std::numeric_limits<double>::infinity();
  if (score >= 1 - kEdge) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

PairStats pair_stats(const Pentanomial& bins, double z) {
  PairStats st;
  for (int c : bins) st.pairs += c;
  if (st.pairs == 0) return st;
  // fishtest's LLRcalc.regularize: an empty bin counts 1e-3.
  double n[5], total = 0;
  for (int k = 0; k < 5; ++k) total += n[k] = bins[k] ? bins[k] : 1e-3;
  double mu = 0;
  for (int k = 0; k < 5; ++k) mu += n[k] * (k / 4.0) / total;
  double v = 0;
  for (int k = 0; k < 5; ++k) v += n[k] * (k / 4.0 - mu) * (k / 4.0 - mu) / total;
  const double se = std::sqrt(v / total);
  st.score = mu;
  st.variance = v;
  st.interval = {mu - z * se, mu + z * se};
  st.elo = elo_difference(mu);
  st.elo_interval = {elo_difference(st.interval.low), elo_difference(st.interval.high)};
  st.los = se > 0 ? 0.5 * std::erfc(-(mu - 0.5) / se / std::sqrt(2.0)) : (mu > 0.5 ? 1.0 : 0.0);
  return st;
}

}  // namespace regula::ai
