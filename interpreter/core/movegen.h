#pragma once
// Move generation over a compiled Ruleset: pseudo-legal moves from the native
// rule tables, then the legality filter (royal safety, pieces that fear attack,
// the script's filter hook), capture priorities and forced passes.

#include "core/attacks.h"
#include "core/move.h"
#include "core/position.h"

namespace regula {

// The landings that listing the capture chains of one position may try (all
// origins, all rules, counted over one generation pass). Chains branch, and a
// board full of capturable pieces can make their number explode long before
// any chain reaches kMaxCaptures: past this the rules cannot be played
// faithfully, and move generation stops with a RuleError naming the limit.
// The positions of the bundled games need a few hundred at most.
constexpr int kMaxChainLandings = 100'000;

// Moves of the side to move as the rules generate them, before legality
// filtering: one move per distinct effect of each piece (Move::same_effect).
void generate_pseudo(const Position& pos, MoveList& moves);

// Sets PieceType::overlapping_rules for each type of which two rules (or one
// rule twice) could reach the same destination from the same origin in the same
// mode and phase, on an empty board (called by Ruleset::finalize): only those
// types' moves are checked for duplicates, so that the usual ones cost nothing.
void find_overlapping_rules(Ruleset& rules);

// The decisions available now: empty when the game is over; the throws of the
// dice (MoveKind::kChance, see chance_probability) when a throw is due; the
// choices of a pending stage (removals, gifts, answers, a pass to decline); a
// lone pass when the rules make a blocked side pass, or when the dice left in a
// turn can move nothing. Each decision is one call of Position::make; see
// turns.h for whole turns.
void legal_moves(Position& pos, MoveList& moves);
// The same, for a position known to have no decided result (decided_result is
// empty): game_result has asked already.
void legal_moves_undecided(Position& pos, MoveList& moves);
// Appends the actions (Ruleset::actions) whose condition holds for the seat to
// move: they are open at its decisions outside stages, in place of a move (with
// several dice, in place of the rest of the turn).
void add_actions(const Position& pos, MoveList& moves);
// The number of decisions legal_moves_undecided would list, where it is known
// without listing them (a pending removal or gift on a board with bit sets, a
// pending placement); -1 otherwise.
int count_stage_moves(const Position& pos);
// Keeps, of moves (all captures), those that score best by each criterion in
// turn (Ruleset::capture_order).
void keep_best_captures(const Position& pos, const std::vector<CaptureCriterion>& order,
                        MoveList& moves);
// The same for stage st as if it were pending in pos for the seat to move (a
// board with bit sets, no check, no piece that fears attack); -1 for a stage
// that is not a removal or a gift.
int count_stage_moves(const Position& pos, const Stage& st);
// Whether m takes a piece straight back where Ruleset::return_ban forbids it.
bool banned_return(const Position& pos, const Move& m);

// Whether the seat to move has a move of its pieces or a drop in the phase pos
// holds: the moves the rules generate, less the returns the return ban forbids
// and what the filter_moves hook drops (no pass, no action). What a phase that
// holds only when blocked (Phase::only_when_blocked) asks of the phase below it;
// such games judge no legality (the script compiler refuses check, pieces that
// fear attack and the filter hook with it), so that nothing is left to judge.
bool has_piece_moves(const Position& pos);

// The probability of a chance move (MoveKind::kChance) of legal_moves: the
// throw's weight over the weight of all throws; 0 for anything else.
double chance_probability(const Ruleset& rules, const Move& move);

// How many pieces, and how much value, a move of pos captures (for capture
// priorities): its captured sites, and what stands on its destination.
int capture_count(const Position& pos, const Move& move);
int capture_value(const Position& pos, const Move& move);

// Whether the move just made (pos is after it, mover is the seat that moved)
// leaves the mover's royal safe and its fearful pieces unattacked.
bool move_was_safe(const Position& pos, SeatId mover, const Move& move);

}  // namespace regula
