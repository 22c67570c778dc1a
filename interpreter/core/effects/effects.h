#pragma once
// The rule effects of the engine (see core/effect.h), compiled from a
// ruleset's rules. Each effects/*.cpp file holds one family of effects and the
// function that adds them to a ruleset's lists when its rules call for them.

#include <memory>

#include "core/effect.h"

namespace regula {

struct Ruleset;

// Every effect the rules of r call for, listed under its events in the order
// they apply.
std::shared_ptr<const EffectLists> compile_effects(const Ruleset& r);

namespace effects {
// One per file of effects/, called by compile_effects in this order (the order
// of effects listed under the same event).
void add_captures_to_hand(const Ruleset& r, EffectLists& out);
void add_payments(const Ruleset& r, EffectLists& out);
void add_capture_ends(const Ruleset& r, EffectLists& out);
void add_seat_returns(const Ruleset& r, EffectLists& out);
void add_command(const Ruleset& r, EffectLists& out);
void add_square_blocks(const Ruleset& r, EffectLists& out);
void add_return_ban(const Ruleset& r, EffectLists& out);
void add_stakes(const Ruleset& r, EffectLists& out);
void add_leaving_play(const Ruleset& r, EffectLists& out);
void add_material_clock(const Ruleset& r, EffectLists& out);
void add_counted_conditions(const Ruleset& r, EffectLists& out);
void add_counting(const Ruleset& r, EffectLists& out);
void add_checks_in_a_row(const Ruleset& r, EffectLists& out);
void add_gating(const Ruleset& r, EffectLists& out);
void add_enclosure(const Ruleset& r, EffectLists& out);

// A seat that has left play is back in it, commanding its own army only: the
// command it had over an ally lapsed when it left.
void back_in_play(Position& pos, SeatId seat, Undo& undo);
}  // namespace effects

}  // namespace regula
