#include "session/game.h"

#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"

namespace regula {

Game::Game(std::shared_ptr<const Ruleset> rules)
    : rules_(rules), start_(rules), pos_(rules), from_start_(true) {
  refresh();
}

Game::Game(std::shared_ptr<const Ruleset> rules, Position start)
    : rules_(rules), start_(start), pos_(std::move(start)) {
  start_.clear_history();
  pos_.clear_history();
  from_start_ = pos_ == Position(rules_);
  refresh();
}

Expected<Game> Game::from_position(std::shared_ptr<const Ruleset> rules, const std::string& text) {
  auto pos = read_position(rules, text);
  if (!pos) return pos.error();
  return Game(rules, std::move(*pos));
}

MoveList Game::legal_moves() {
  MoveList moves;
  if (!result_.over) regula::legal_moves(pos_, moves);
  return moves;
}

Status Game::play(const Move& move) {
  if (result_.over) return Error{"move", "the game is over (" + result_.reason + ")"};
  MoveList moves = legal_moves();
  const Move* found = nullptr;
  std::string text = move_text(pos_, move);
  auto texts = move_texts(pos_, moves);
  for (int i = 0; i < moves.size(); ++i)
    if (texts[i] == text) found = &moves[i];
  if (!found) return Error{"move", "not a legal move: " + text};
  Played p;
  p.move = *found;
  p.seat = pos_.to_move();
  p.text = text;
  p.san = move_san(pos_, *found);
  pos_.make(p.move, p.undo);
  played_.push_back(std::move(p));
  redo_.clear();
  refresh();
  return std::nullopt;
}

Expected<Move> Game::play_text(const std::string& text) {
  if (result_.over) return Error{"move", "the game is over (" + result_.reason + ")"};
  auto m = parse_move(pos_, text);
  if (!m) return m;
  if (auto e = play(*m)) return *e;
  return m;
}

std::string Game::san(const Move& move) {
  return move_san(pos_, move);
}

std::string Game::text(const Move& move) const {
  return move_text(pos_, move);
}

bool Game::undo() {
  if (played_.empty()) return false;
  Played& p = played_.back();
  pos_.unmake(p.move, p.undo);
  redo_.push_back(p.move);
  played_.pop_back();
  refresh();
  return true;
}

bool Game::redo() {
  if (redo_.empty()) return false;
  Move m = redo_.back();
  redo_.pop_back();
  std::vector<Move> rest = std::move(redo_);
  if (play(m)) return false;
  redo_ = std::move(rest);
  return true;
}

std::vector<int> Game::stakes() const {
  std::vector<int> out;
  for (SeatId s = 0; s < rules_->num_seats(); ++s) out.push_back(stakes(s));
  return out;
}

void Game::refresh() {
  result_ = game_result(pos_);
}

}  // namespace regula
