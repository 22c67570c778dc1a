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

namespace regula::gui {

// One period of a time control: `moves` turns (0: the rest of the game) in
// `millis`, with `increment` added after each turn played in it (Fischer).
struct TimePeriod {
  int moves = 0;
  int64_t millis = 0;
  int64_t increment = 0;
  bool operator==(const TimePeriod&) const = default;
};

// The periods in order; none: untimed. A last period with a number of moves
// repeats (40 moves in 2 hours, then 40 more in 2 hours, ...).
struct TimeControl {
  std::vector<TimePeriod> periods;
  bool timed() const { return !periods.empty(); }
  bool operator==(const TimeControl&) const = default;
};

// Reads a time control: "untimed" (or nothing), or periods separated by
// commas, each "[MOVES/]MINUTES[+SECONDS]": "5" (sudden death, 5 minutes),
// "3+2" (3 minutes and 2 seconds a move), "40/90+30, 30+30" (40 moves in 90
// minutes, then 30 minutes for the rest, 30 seconds a move throughout).
// Minutes may have a fraction ("0.5"). An error says which period is wrong.
Expected<TimeControl> parse_time_control(const std::string& text);
// The same text back ("untimed" when untimed).
std::string time_control_text(const TimeControl& control);
// The controls offered in the New game dialog and the Game menu, untimed first.
std::vector<std::string> time_control_presets();

// What a computer seat may spend on one turn with `remaining` on its clock,
// `moves_to_go` turns before its period ends (0: none) and `increment` after
// the turn: a share of the clock as UCI's wtime/winc give it
// (uci::clock_millis). A level ("ai:N") keeps its own limit of nodes as well,
// so that a weak level stays weak with time to spare; other players think for
// the clock's time alone.
ai::Budget clock_budget(const Ruleset& rules, const std::string& spec, int64_t remaining,
                        int64_t increment, int moves_to_go);

}  // namespace regula::gui
