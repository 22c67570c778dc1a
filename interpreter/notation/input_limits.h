#pragma once
// The bounds of what text from outside (position strings, move text, game
// records) may say, kept in one place. A text that passes one of them is refused
// with an error naming the limit, never cut short; each is far above what any
// real game needs, and small enough that reading stays fast and memory small.

#include <istream>
#include <string>

namespace regula {

// A position string: 1 MiB holds the largest board (1024 sites) with long
// names, flags and every key=value field many times over.
constexpr size_t kMaxPositionText = 1 << 20;
// Any counter a position string sets (halfmove, ply, passes, captured, a
// script's counters): at most this far from zero, so that the increments of a
// whole game can never overflow. The fullmove number goes up to that of the
// last ply within it.
constexpr int kMaxCounterValue = 1'000'000'000;
// One move or turn as typed or recorded: the longest capture chain of 24
// landings with long site names and labels fits many times over.
constexpr size_t kMaxMoveText = 4096;
// A game record: its whole text, and the moves (whole turns) in it.
constexpr size_t kMaxRecordText = 16 << 20;
constexpr int kMaxRecordMoves = 20'000;
// A line read from a terminal or a pipe (UCI commands, answers at the
// prompt, lines of a golden test file): a UCI position with the most moves a
// record may hold fits several times over.
constexpr size_t kMaxInputLine = 1 << 20;
// How much of a piece of text an error message quotes.
constexpr size_t kMaxQuote = 60;

// The text, or its first kMaxQuote bytes (not cutting a UTF-8 character) and
// how long it is, for quoting in error messages.
std::string excerpt(const std::string& text);

// Reads one line (without its end, a '\r' before it dropped). A line longer
// than `limit` is read to its end and dropped, so that memory stays bounded
// whatever comes: the caller says so, naming the limit.
enum class LineRead { kLine, kEnd, kTooLong };
LineRead read_input_line(std::istream& in, std::string& line, size_t limit = kMaxInputLine);

}  // namespace regula
