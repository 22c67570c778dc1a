#pragma once
// A game in progress, as the CLI and the GUI see it: where it started, the moves
// played with their text, undo and redo, and the result. Search and perft work on
// a bare Position; a Game adds what people need around it (move text fixed at
// the moment the move was played, a redo list, the stakes ledger).

#include <memory>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game_end.h"
#include "core/move.h"
#include "core/position.h"
#include "core/result.h"

namespace regula {

class Game {
 public:
  // One move of the game, with the text it was written in when it was played.
  struct Played {
    Move move;
    Undo undo;
    SeatId seat = 0;   // who made it (the side to move before it)
    std::string text;  // long form
    std::string san;   // SAN for chess-like scripts, else the long form
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

  MoveList legal_moves();
  // Plays a move that must be one of legal_moves(); clears the redo list.
  Status play(const Move& move);
  // The text of a legal move in the current position: SAN for chess-like
  // scripts, else the long form.
  std::string san(const Move& move);
  std::string text(const Move& move) const;
  // Parses long form or SAN and plays it.
  Expected<Move> play_text(const std::string& text);

  bool can_undo() const { return !played_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  bool undo();
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

  std::shared_ptr<const Ruleset> rules_;
  Position start_;
  Position pos_;
  bool from_start_ = true;
  std::vector<Played> played_;
  std::vector<Move> redo_;
  Result result_;
};

}  // namespace regula
