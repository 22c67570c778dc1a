#pragma once
// A time control as PGN's TimeControl tag writes it: periods joined by ':',
// each [MOVES/]SECONDS[+INCREMENT] ("300" sudden death in five minutes, "300+2"
// with two seconds a move, "40/5400+30:1800+30" forty moves in ninety minutes,
// then half an hour for the rest, thirty seconds a move throughout), "-" for a
// game without a clock and "?" for one whose clock is not known. Records (PGN,
// PDN and regula's own) write it in a [TimeControl] tag, the GUI restores its
// clocks from it, and the command line takes it as --tc: one text, read here.

#include <optional>
#include <string>

#include "core/expected.h"
#include "core/time_control.h"

namespace regula {

// Reads the tag's value: none for "?" (not known), no periods for "-". Seconds
// may have a fraction ("0.5"); a sandclock ("*60") is refused, as is a period
// after one without a number of moves. An error says which period is wrong
// and what the syntax is.
Expected<std::optional<TimeControl>> parse_pgn_time_control(const std::string& text);

// The same text back: "?" for none, "-" when untimed.
std::string pgn_time_control_text(const std::optional<TimeControl>& control);

}  // namespace regula
