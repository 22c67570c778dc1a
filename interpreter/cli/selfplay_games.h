#pragma once
// The games of a self-play run, each from the start with its own seed, as the
// records (cli/stats_records.h) that `regula selfplay --games-out` writes and
// the GUI's Experiments window saves: random turns the fast way, or games
// between the players named for each seat.

#include <memory>
#include <string>
#include <vector>

#include "ai/match.h"
#include "cli/stats_records.h"
#include "core/movegen.h"
#include "core/ruleset.h"
#include "core/turns.h"

namespace regula::cli {

// What every record of a run starts from: the script, its hash and options,
// max_plies, and who plays each seat (specs, one per seat; "random" for every
// seat when specs is empty).
GameRecord selfplay_base_record(const Ruleset& r, const std::vector<std::string>& specs,
                                int max_plies);

// What a thread's games of random turns reuse from one game to the next.
struct SelfplayScratch {
  MoveList moves;
  Turn turn;
};

// Plays the game of rec (its seed set, the rest from selfplay_base_record) and
// fills in how it ended: random turns the fast way when specs is empty, else
// the players specs names for the seats, made by make with seeds from the
// game's. A player that cannot be made, or a move that fails, is thrown as a
// RuleError.
void play_selfplay_game(const std::shared_ptr<const Ruleset>& rules,
                        const std::vector<std::string>& specs, int max_plies,
                        const ai::PlayerFactory& make, GameRecord& rec, SelfplayScratch& scratch);

// One player per seat, each made by make from the seat's spec with the seed
// game_seed(seed, seat + 1), as ai::play_game takes them. A player that
// cannot be made is thrown as a RuleError.
struct SeatPlayers {
  std::vector<std::unique_ptr<ai::Player>> owned;
  std::vector<ai::Player*> players;
  std::vector<int> player_of_seat;
};
SeatPlayers seat_players(const std::shared_ptr<const Ruleset>& rules,
                         const std::vector<std::string>& specs, uint64_t seed,
                         const ai::PlayerFactory& make);

}  // namespace regula::cli
