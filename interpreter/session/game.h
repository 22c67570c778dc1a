#pragma once
// A game in progress, as the CLI and the GUI see it: where it started, the
// decisions played with their text, undo and redo, and the result. Search and
// perft work on a bare Position; a Game adds what people need around it (move
// text fixed at the moment the move was played, a redo list, the stakes ledger).
//
// It offers both views of a turn (core/turns.h): play() takes one decision (a
// GUI click that completes a move, a removal chosen afterwards), play_turn() and
// play_text() a whole turn or its start. Undo takes back the decisions made so
// far in an unfinished turn, else the last whole turn; redo replays a turn.
//
// When the rules cannot be carried on (a script hook fails, a move would pass
// an engine limit) the call throws RuleError and the game stays as it was
// before the move; the hooks of a failed script keep failing, so the game
// cannot go on under other rules.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/chance.h"
#include "core/expected.h"
#include "core/game_end.h"
#include "core/move.h"
#include "core/position.h"
#include "core/result.h"
#include "core/turns.h"

namespace regula {

class Game {
 public:
  // One decision of the game, with the text it was written in when it was played.
  struct Played {
    Move move;
    Undo undo;
    SeatId seat = 0;          // who made it (the side to move before it)
    std::string text;         // long form of this decision
    std::string san;          // SAN for chess-like scripts, else the long form
    bool starts_turn = true;  // the first decision of its turn
    std::string turn;         // on a turn's last decision: the whole turn's text
  };

  // From the script's start position.
  explicit Game(std::shared_ptr<const Ruleset> rules);
  // From a given position (its history is dropped).
  Game(std::shared_ptr<const Ruleset> rules, Position start);
  // From a position string; an Error when it does not parse.
  static Expected<Game> from_position(std::shared_ptr<const Ruleset> rules,
                                      const std::string& text);

  const Ruleset& rules() const { return *rules_; }
  const std::shared_ptr<const Ruleset>& rules_ptr() const { return rules_; }
  const Position& position() const { return pos_; }
  const Position& start() const { return start_; }
  // Whether the game started from the script's own start position.
  bool from_start() const { return from_start_; }
  const std::vector<Played>& history() const { return played_; }
  // Whether the last decision left the turn unfinished (the same seat decides again).
  bool in_turn() const { return pos_.in_turn(); }

  // The decisions available now.
  MoveList legal_moves();
  // The whole turns available now (in an unfinished turn: the ways to finish it).
  std::vector<Turn> legal_turns();
  // Plays one decision that must be one of legal_moves(), found by value;
  // clears the redo list.
  Status play(const Move& move);
  // Plays a whole turn (or the rest of one), decision by decision.
  Status play_turn(const Turn& turn);
  // The text of a legal move in the current position: SAN for chess-like
  // scripts, else the long form.
  std::string san(const Move& move);
  std::string text(const Move& move) const;
  std::string text(const Turn& turn);
  // When a throw of the dice is due, draws it from rng by its probability and
  // plays it (the record keeps it, so a replay needs no generator); an Error
  // when no throw is due.
  template <typename Rng>
  Status roll(Rng& rng) {
    if (result_.over || !pos_.awaiting_roll()) return Error{"roll", "no throw of the dice is due"};
    MoveList moves = legal_moves();
    return play(draw_chance(*rules_, moves, rng));
  }
  // Parses a whole turn, or its first decisions, and plays them (see parse_turn).
  Expected<Turn> play_text(const std::string& text);

  // The text of each whole turn played so far, with who played it; an
  // unfinished last turn is listed with what was played of it.
  struct TurnRecord {
    SeatId seat;
    std::string text;
  };
  std::vector<TurnRecord> turns() const;

  // Ends the game by the players' word: the seat's team resigns (every other
  // seat wins), or all agree to a draw. Undo takes it back; records keep it
  // as their Termination ("white resigns", "draw agreed").
  Status resign(SeatId seat);
  Status agree_draw();
  // A draw offered by a seat and accepted by a seat of another team (what
  // agree_draw does in one step). The offer stands until it is accepted or a
  // seat of another team plays on, which declines it; undo withdraws it.
  Status offer_draw(SeatId seat);
  Status accept_draw(SeatId seat);
  std::optional<SeatId> draw_offer() const { return offer_; }
  // Ends the game on time: the seat's time is up, so its team loses (every
  // other seat wins), or, when `drawn` (no other side can win), the game is
  // drawn. Undo takes it back, as it does a resignation.
  Status time_out(SeatId seat, bool drawn);
  bool ended_by_agreement() const { return agreed_.has_value(); }

  bool can_undo() const { return !played_.empty() || agreed_.has_value() || offer_.has_value(); }
  bool can_redo() const { return !redo_.empty(); }
  // How many turns taken back redo could replay.
  size_t redo_turns() const { return redo_.size(); }
  bool undo();
  // Replays the last turn taken back. When it cannot be replayed (false, or the
  // RuleError of a failing hook) the game and the redo list stay as they were.
  bool redo();

  // Not over while moves remain; recomputed after every change.
  const Result& result() const { return result_; }
  bool over() const { return result_.over; }

  // The stakes ledger: what each seat is owed so far (0 for games without stakes),
  // with the result settled once the game is over.
  int stakes(SeatId seat) const { return settled_counter(pos_, result_, seat, kStakes); }
  std::vector<int> stakes() const;

 private:
  void refresh();
  void finish_play();
  Status play_found(const Move& legal);

  std::shared_ptr<const Ruleset> rules_;
  Position start_;
  Position pos_;
  bool from_start_ = true;
  std::vector<Played> played_;
  std::vector<Turn> redo_;
  std::optional<Position> turn_start_;  // where the unfinished turn began
  Result result_;
  std::optional<Result> agreed_;  // a resignation or an agreed draw
  std::optional<SeatId> offer_;   // the seat whose draw offer stands
};

}  // namespace regula
