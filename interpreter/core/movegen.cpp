// The decisions of a position, step by step (legal_moves_undecided): the
// throws of the dice, or a pending stage's choices, or the pieces' moves
// (movegen_pieces.cpp, movegen_hops.cpp) through the return ban, the script's
// move filter, the legality filter (movegen_legality.cpp) and the rules'
// priorities (movegen_priorities.cpp), then the pass a seat may choose, and
// last the passes the rules make and the actions open to the seat. Each step is in the file of its
// concept; this one holds their order.

#include "core/movegen.h"

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/movegen_internal.h"

namespace regula {

namespace {

// With no move to make: a stage's extra move is skipped, dice left that no
// piece can use pass the rest of the turn, and a blocked side passes where the
// rules say so. Then the actions open at the seat's decisions outside stages.
void add_passes_and_actions(const Position& pos, MoveList& moves) {
  const Ruleset& r = pos.rules();
  if (moves.empty() && pos.stage() >= 0) {
    // A stage's extra move that cannot be made is skipped.
    moves.push(Move::pass());
    return;
  }
  if (moves.empty() && pos.in_turn()) {
    // Dice left that no piece can use: the rest of the turn is passed.
    moves.push(Move::pass());
  } else if (moves.empty()) {
    NoMoveEffect effect = r.end.check
                              ? (in_check(pos, pos.to_move()) ? r.end.checkmate : r.end.stalemate)
                              : r.end.no_moves;
    if (effect == NoMoveEffect::kPass) moves.push(Move::pass());
  }
  // Actions are open at the seat's decisions outside stages: at the start of its
  // turn, and with several dice before they are all used (taking the rest).
  if (!r.actions.empty() && pos.stage() < 0) add_actions(pos, moves);
}

// The pass a seat may make in place of its move (Ruleset::voluntary_pass), at
// the start of its turn and outside stages; under check rules not while in
// check, where it would leave the royal attacked, as Fairy-Stockfish's janggi
// forbids it, except as the answer to royals that face (facing: the pass that
// accepts the offer is always open). checked: whether the seat is in check, if
// known already (1, 0), or -1.
void add_voluntary_pass(const Position& pos, MoveList& moves, bool facing, int checked) {
  if (pos.stage() >= 0 || pos.in_turn()) return;
  if (!facing && pos.rules().end.check &&
      (checked >= 0 ? checked == 1 : in_check(pos, pos.to_move())))
    return;
  moves.push(Move::pass());
}

// Whether the seat to move starts its turn facing an enemy royal, an offer
// (Ruleset::facing_offer) it must answer.
bool facing_offer_stands(const Position& pos) {
  const Ruleset& r = pos.rules();
  return !r.facing_offer.empty() && pos.stage() < 0 && !pos.in_turn() &&
         royal_faces_enemy(pos, pos.to_move(), r.facing_offer);
}

}  // namespace

void legal_moves(Position& pos, MoveList& moves) {
  moves.clear();
  if (decided_result(pos)) return;
  legal_moves_undecided(pos, moves);
}

void legal_moves_undecided(Position& pos, MoveList& moves) {
  moves.clear();
  const Ruleset& r = pos.rules();
  if (pos.awaiting_roll()) {
    detail::chance_moves(r, moves);
    return;
  }
  if (pos.stage() >= 0 && r.stages[pos.stage()].choice != Stage::Choice::kMoveAgain) {
    detail::stage_moves(pos, r.stages[pos.stage()], moves);
    detail::keep_stage_moves_safe(pos, moves);
    return;
  }
  generate_pseudo(pos, moves);
  if (r.return_ban != ReturnBan::kNone) detail::drop_banned_returns(pos, moves);
  if (r.hooks && r.hooks->has_filter_moves() && !moves.empty()) r.hooks->filter_moves(pos, moves);
  const int checked = detail::judges_legality(r) ? detail::keep_legal(pos, moves) : -1;
  if (r.prefers_moves) detail::keep_preferred_moves(pos, moves);
  const bool facing = facing_offer_stands(pos);
  if (facing) detail::keep_facing_answers(pos, moves);
  if (r.voluntary_pass) add_voluntary_pass(pos, moves, facing, checked);
  // (Nothing to add where there are moves and the rules have no actions.)
  if (moves.empty())
    add_passes_and_actions(pos, moves);
  else if (!r.actions.empty() && pos.stage() < 0)
    add_actions(pos, moves);
}

bool has_piece_moves(const Position& pos) {
  const Ruleset& r = pos.rules();
  MoveList moves;
  generate_pseudo(pos, moves);
  if (r.return_ban != ReturnBan::kNone) detail::drop_banned_returns(pos, moves);
  if (r.hooks && r.hooks->has_filter_moves() && !moves.empty()) r.hooks->filter_moves(pos, moves);
  return !moves.empty();
}

}  // namespace regula
