#include "session/game.h"

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"

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

std::vector<Turn> Game::legal_turns() {
  std::vector<Turn> turns;
  if (!result_.over) regula::legal_turns(pos_, turns);
  return turns;
}

Status Game::play(const Move& move) {
  if (result_.over) return Error{"move", "the game is over (" + result_.reason + ")"};
  MoveList moves = legal_moves();
  const Move* found = nullptr;
  for (const Move& m : moves)
    if (m.same(move)) found = &m;
  if (!found) {
    // The move may come from anywhere: name it only if its fields make sense.
    const int n = pos_.num_sites(), types = static_cast<int>(rules_->types.size());
    auto site_ok = [&](SiteId s) { return s == kNoSite || (s >= 0 && s < n); };
    bool sane = site_ok(move.from) && site_ok(move.to) && move.drop_type < types &&
                move.promote < types && move.ncap <= kMaxCaptures && move.npath <= kMaxPath &&
                move.kind <= MoveKind::kAnswer &&
                ((move.kind != MoveKind::kNormal && move.kind != MoveKind::kCastle) ||
                 (move.from != kNoSite && move.to != kNoSite)) &&
                (move.kind != MoveKind::kRemove || move.to != kNoSite) &&
                (move.kind != MoveKind::kDrop || (move.drop_type >= 0 && move.to != kNoSite));
    for (int i = 0; sane && i < move.ncap; ++i) sane = site_ok(move.cap[i]);
    for (int i = 0; sane && i < move.npath; ++i) sane = site_ok(move.path[i]);
    return Error{"move", sane ? "not a legal move: " + move_text(pos_, move) : "not a legal move"};
  }
  // A failing hook may leave notation's trial moves half made: keep a copy to go back to.
  std::optional<Position> before;
  if (rules_->hooks) before = pos_;
  try {
    return play_found(*found);
  } catch (const RuleError&) {
    if (before) pos_ = std::move(*before);
    throw;
  }
}

Status Game::play_found(const Move& found) {
  Played p;
  p.move = found;
  p.seat = pos_.to_move();
  // A throw of the dice is a turn of its own; the moves it allows start the next.
  p.starts_turn = played_.empty() || pos_.turn_decisions() == 0;
  p.text = move_text(pos_, found);
  p.san = move_san(pos_, found);
  if (p.starts_turn) turn_start_.reset();
  if (p.starts_turn && rules_->has_continuations) turn_start_ = pos_;
  // Playing on declines the other side's offer.
  if (offer_ && !rules_->allies(*offer_, p.seat)) offer_.reset();
  pos_.make(p.move, p.undo);
  if (auto e = check_counters(pos_)) {
    pos_.unmake(p.move, p.undo);
    return e;
  }
  played_.push_back(std::move(p));
  redo_.clear();
  try {
    finish_play();
  } catch (const RuleError&) {
    // The rules cannot go on from here: leave the game as it was before the move.
    pos_.unmake(played_.back().move, played_.back().undo);
    played_.pop_back();
    turn_start_.reset();
    throw;
  }
  return std::nullopt;
}

void Game::finish_play() {
  if (!pos_.in_turn() || decided_result(pos_)) {
    // The turn is complete: its text as the list of turns from its start gives it.
    Played& last = played_.back();
    if (turn_start_) {
      Turn t;
      size_t first = played_.size() - 1;
      while (first > 0 && !played_[first].starts_turn) --first;
      for (size_t i = first; i < played_.size(); ++i) t.steps.push_back(played_[i].move);
      last.turn = turn_text(*turn_start_, t);
      turn_start_.reset();
    } else {
      last.turn = last.text;
    }
  }
  refresh();
}

Status Game::play_turn(const Turn& turn) {
  for (const Move& m : turn.steps)
    if (auto e = play(m)) return e;
  return std::nullopt;
}

Expected<Turn> Game::play_text(const std::string& text) {
  if (result_.over) return Error{"move", "the game is over (" + result_.reason + ")"};
  auto parsed = parse_turn(pos_, text);
  if (!parsed) return parsed.error();
  if (auto e = play_turn(parsed->turn)) return *e;
  return parsed->turn;
}

std::string Game::san(const Move& move) {
  return move_san(pos_, move);
}

std::string Game::text(const Move& move) const {
  return move_text(pos_, move);
}

std::string Game::text(const Turn& turn) {
  return turn_text(pos_, turn);
}

std::vector<Game::TurnRecord> Game::turns() const {
  std::vector<TurnRecord> out;
  for (size_t i = 0; i < played_.size(); ++i) {
    const Played& p = played_[i];
    if (p.starts_turn) out.push_back({p.seat, ""});
    if (!p.turn.empty()) {
      out.back().text = p.turn;
    } else if (!p.starts_turn && p.move.kind == MoveKind::kPass) {
      continue;
    } else {
      std::string& t = out.back().text;
      t += (t.empty() || p.text[0] == 'x' || p.text[0] == '=' ? "" : ",") + p.text;
    }
  }
  return out;
}

Status Game::resign(SeatId seat) {
  if (result_.over) return Error{"resign", "the game is over (" + result_.reason + ")"};
  if (seat < 0 || seat >= rules_->num_seats()) return Error{"resign", "no such seat"};
  Result r;
  r.over = true;
  r.seats = rules_->num_seats();
  for (SeatId s = 0; s < r.seats; ++s)
    r.outcome[s] = rules_->allies(s, seat) ? Outcome::kLoss : Outcome::kWin;
  r.reason = rules_->seats[seat].name + " resigns";
  rank_seats(r, pos_);
  agreed_ = r;
  redo_.clear();
  refresh();
  return std::nullopt;
}

Status Game::time_out(SeatId seat, bool drawn) {
  if (result_.over) return Error{"time", "the game is over (" + result_.reason + ")"};
  if (seat < 0 || seat >= rules_->num_seats()) return Error{"time", "no such seat"};
  const std::string& name = rules_->seats[seat].name;
  if (drawn) {
    agreed_ = Result::draw(rules_->num_seats(), name + "'s time is up, but no other side can win");
    rank_seats(*agreed_, pos_);
  } else {
    if (Status err = resign(seat)) return err;
    agreed_->reason = name + " loses on time";
  }
  offer_.reset();
  redo_.clear();
  refresh();
  return std::nullopt;
}

Status Game::agree_draw() {
  if (result_.over) return Error{"draw", "the game is over (" + result_.reason + ")"};
  agreed_ = Result::draw(rules_->num_seats(), "draw agreed");
  rank_seats(*agreed_, pos_);
  offer_.reset();
  redo_.clear();
  refresh();
  return std::nullopt;
}

Status Game::offer_draw(SeatId seat) {
  if (result_.over) return Error{"draw offer", "the game is over (" + result_.reason + ")"};
  if (seat < 0 || seat >= rules_->num_seats()) return Error{"draw offer", "no such seat"};
  if (offer_ && rules_->allies(*offer_, seat))
    return Error{"draw offer", rules_->seats[*offer_].name + " has already offered a draw"};
  // An offer to a side that has offered one itself is an acceptance.
  if (offer_) return accept_draw(seat);
  offer_ = seat;
  return std::nullopt;
}

Status Game::accept_draw(SeatId seat) {
  if (result_.over) return Error{"accept", "the game is over (" + result_.reason + ")"};
  if (seat < 0 || seat >= rules_->num_seats()) return Error{"accept", "no such seat"};
  if (!offer_) return Error{"accept", "no draw has been offered"};
  if (rules_->allies(*offer_, seat)) {
    // The offer stands; say who may take it up.
    std::string others;
    for (SeatId s = 0; s < rules_->num_seats(); ++s)
      if (!rules_->allies(*offer_, s))
        others += (others.empty() ? "" : " or ") + rules_->seats[s].name;
    return Error{"accept", "not accepted: " + rules_->seats[*offer_].name +
                               " offered the draw, so only " + others +
                               " may accept it; the game goes on"};
  }
  return agree_draw();
}

bool Game::undo() {
  if (offer_) {
    offer_.reset();
    return true;
  }
  if (agreed_) {
    agreed_.reset();
    refresh();
    return true;
  }
  if (played_.empty()) return false;
  // Back to the start of the last turn, whole or not.
  Turn taken;
  while (!played_.empty()) {
    Played& p = played_.back();
    pos_.unmake(p.move, p.undo);
    taken.steps.insert(taken.steps.begin(), p.move);
    const bool first = p.starts_turn;
    played_.pop_back();
    if (first) break;
  }
  turn_start_.reset();
  redo_.push_back(std::move(taken));
  refresh();
  return true;
}

bool Game::redo() {
  if (redo_.empty()) return false;
  // Playing clears the redo list, and a turn that cannot be replayed (a hook
  // fails, a step is refused) must leave the game and the list as they were,
  // its first decisions taken back.
  std::vector<Turn> kept = redo_;
  const size_t played = played_.size();
  const Position pos = pos_;
  const std::optional<Position> turn_start = turn_start_;
  const std::optional<SeatId> offer = offer_;
  auto restore = [&] {
    played_.erase(played_.begin() + static_cast<std::ptrdiff_t>(played), played_.end());
    pos_ = pos;
    turn_start_ = turn_start;
    offer_ = offer;
    redo_ = std::move(kept);
    refresh();
  };
  try {
    if (play_turn(kept.back())) {
      restore();
      return false;
    }
  } catch (const RuleError&) {
    restore();
    throw;
  }
  kept.pop_back();
  redo_ = std::move(kept);
  return true;
}

std::vector<int> Game::stakes() const {
  std::vector<int> out;
  for (SeatId s = 0; s < rules_->num_seats(); ++s) out.push_back(stakes(s));
  return out;
}

void Game::refresh() {
  result_ = agreed_ ? *agreed_ : game_result(pos_);
}

}  // namespace regula
