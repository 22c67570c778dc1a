#pragma once
// How much time the players have: the periods of a time control, as players
// write them ("5+3", "40/90+30, 30+30"), and the budget a computer seat draws
// from what is left on its clock. Its own file because the New game dialog,
// the Game menu and the clocks all read the same text, and none of it needs a
// window.

#include <cstdint>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/expected.h"
#include "core/ruleset.h"
#include "core/time_control.h"

namespace regula::gui {

// The periods of a time control (session/time_control.h), shared with the
// records that carry it and the command line.
using TimePeriod = regula::TimePeriod;
using TimeControl = regula::TimeControl;

// Reads a time control: "untimed" (or its translation, or nothing), or periods
// separated by commas, each "[MOVES/]MINUTES[+SECONDS]": "5" (sudden death, 5
// minutes), "3+2" (3 minutes and 2 seconds a move), "40/90+30, 30+30" (40 moves
// in 90 minutes, then 30 minutes for the rest, 30 seconds a move throughout).
// Minutes may have a fraction ("0.5"). An error says which period is wrong, in
// the window's language.
Expected<TimeControl> parse_time_control(const std::string& text);
// The same text back ("untimed", in the window's language, when untimed).
std::string time_control_text(const TimeControl& control);
// The controls offered in the New game dialog and the Game menu, untimed first.
std::vector<std::string> time_control_presets();

// What a computer seat may spend on one turn under the clock
// (uci::clock_budget, which the command line's matches use too).
ai::Budget clock_budget(const Ruleset& rules, const std::string& spec, int64_t remaining,
                        int64_t increment, int moves_to_go);

}  // namespace regula::gui
