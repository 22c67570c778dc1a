#include "cli/match_records.h"

#include <fstream>

#include "notation/position_string.h"
#include "session/game.h"
#include "session/time_control_text.h"

namespace regula::cli {

namespace {

// A game's own tags: who played each seat, and in a match from openings its
// group and game within it, as PGN's Round ("3.2": the second game of the
// third opening played).
RecordTags game_tags(const Ruleset& r, const ai::MatchReport& report, const ai::MatchGame& g,
                     RecordTags tags) {
  std::string seats;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    seats += (s ? "; " : "") + r.seats[s].name + "=" + report.players[g.player_of_seat[s]].spec;
  tags.push_back({"Players", seats});
  if (g.group >= 0) {
    const int size = static_cast<int>(report.players.size());
    tags.push_back(
        {"Round", std::to_string(g.group + 1) + "." + std::to_string(g.index % size + 1)});
  }
  return tags;
}

}  // namespace

// Writes every game as a record, one after another, each with its own header.
Status write_match_records(const std::shared_ptr<const Ruleset>& rules,
                           const ai::MatchReport& report, const std::string& path,
                           const RecordTags& tags) {
  std::ofstream file(path);
  for (const ai::MatchGame& g : report.games) {
    // The start, read again under these rules (a thread may have had its own).
    Expected<Position> start = Position(rules);
    if (g.start) start = read_position(rules, write_position(*g.start));
    if (!start) return start.error();
    Game game(rules, std::move(*start));
    for (const Turn& t : g.turns)
      if (Status st = game.play_turn(t)) return st;
    // An adjudicated game ends as a resignation or an agreed draw would.
    if (g.adjudicated) {
      SeatId loser = 0;
      while (loser < rules->num_seats() && g.result.outcome[loser] != Outcome::kLoss) ++loser;
      if (Status st = g.result.is_draw() ? game.agree_draw() : game.resign(loser)) return st;
    }
    if (g.timed_out >= 0)
      if (Status st = game.time_out(g.timed_out, g.result.is_draw())) return st;
    file << write_record(game, game_tags(*rules, report, g, tags)) << "\n";
  }
  if (!file) return Error{path, "cannot write the records"};
  return std::nullopt;
}

// The tags every record of the match has: the clock it was played under.
RecordTags match_records_tags(const ai::MatchOptions& options) {
  if (!options.clock.timed()) return {};
  return {{"TimeControl", pgn_time_control_text(options.clock)}};
}

}  // namespace regula::cli
