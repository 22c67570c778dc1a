#pragma once
// Tables for pieces that go to hand and come back by drops: where a piece
// could never move again, and where each drop rule may place its piece. Built
// once when the rules are compiled, so that generating a drop reads a byte per
// site.

#include "core/ruleset.h"

namespace regula {

// Fills PieceType::stuck for every type and MoveRule::drop_sites for every
// drop rule (Ruleset::finalize calls it).
void build_drop_tables(Ruleset& r);

// Whether a piece of type t of seat, standing on from, could capture on
// target at its next move by one of its rules (pieces in between as pos has
// them). Conservative: a rule it cannot judge quickly counts as a yes.
bool may_attack_from(const Position& pos, TypeId t, SeatId seat, SiteId from, SiteId target);

// Whether the drop m, legal otherwise, is forbidden because it gives mate
// (MoveRule::drop_no_mate): the enemy it checks has no legal reply.
bool drop_gives_mate(Position& pos, const Move& m);

}  // namespace regula
