#pragma once
// Every limit the script layer puts on what a script may make it do, in one
// place. Scripts are downloaded from anywhere: each of these turns a script that
// would hang the program, exhaust memory or overflow a number into an error that
// names the limit. docs/authoring.md lists them for script authors.

#include <cstddef>

namespace regula::script {

// ---- the Lua state --------------------------------------------------------

// Memory the Lua allocators hand out to all script states together (every
// thread's), unless the user sets another cap (--lua-memory; the cap itself is
// core/command_limits.h's, which starts at this).
inline constexpr size_t kLuaMemoryLimit = size_t{512} << 20;
// Lua VM instructions one load (the script and everything it requires) may run.
inline constexpr long kLoadBudget = 200'000'000;
// Lua VM instructions one outermost hook call (with the calls nested in it) may
// run. All the hook calls of one command may run at most --hook-instructions
// together (no limit unless given), and none past the command's deadline
// (core/command_limits.h).
inline constexpr long kHookBudget = 10'000'000;
// Work done inside C without running VM instructions is charged to the same
// budget: every kBytesPerInstruction bytes the script allocates (string.rep,
// "..", string.format, table growth) or a pattern search compares cost one
// instruction, and so does each step of a pattern match, each element a table
// function moves or sorts, each value a function returns, each repetition of
// string.rep and each byte tonumber() or the utf8 functions decode.
inline constexpr long kBytesPerInstruction = 8;
// The engine's services a hook calls (pos:attacked, pos:sites, pos:set_hand)
// are charged to the same budget by the work they do: up front, an estimate
// that does not depend on the clock (kAttackCost a call of pos:attacked, and
// one instruction per kBytesPerInstruction sites per seat, for the looks back
// from the site along the attack tables; one per site pos:sites names; one per
// move rule and piece type pos:set_hand reads), and for a pos:attacked that
// may generate every move of an enemy seat (capture chains, a generate hook,
// filters that judge attacks), once it has returned, the CPU time it took
// beyond that, at one instruction per kNanosPerInstruction nanoseconds (about
// what a VM instruction of a hook takes), less what the hook calls it ran were
// charged already. So a million calls of pos:attacked cost about as much as
// the loop that makes them would if it did their work in Lua.
inline constexpr long kNanosPerInstruction = 4;
inline constexpr long kAttackCost = 40;
// Options a script and the scripts it loads may declare, values of one option,
// and the length of an option's name or value.
inline constexpr size_t kMaxOptions = 64;
inline constexpr size_t kMaxOptionValues = 256;
inline constexpr size_t kMaxOptionText = 256;
inline constexpr size_t kMaxOptionDescription = 300;
// Length of a script name given to require, extends or a record's [Rules].
inline constexpr size_t kMaxScriptName = 4096;
// Size of a script file read by the command line, require or extends.
inline constexpr size_t kMaxScriptBytes = size_t{1} << 20;
// Length of the game's uci_variant (a name engines list in a combo).
inline constexpr size_t kMaxUciVariant = 64;

// ---- the table a script returns, read into C++ ----------------------------

// Tables nested deeper than this (game { pieces = { piece { moves = ... } } }
// is 4 deep).
inline constexpr int kMaxValueDepth = 64;
// Values (tables, strings, numbers ...) read, counting a table shared by
// several fields once for each place it appears.
inline constexpr long kMaxValueCount = 200'000;
// Bytes of C++ memory those values take (their nodes and the text of their
// strings and keys).
inline constexpr size_t kMaxValueBytes = size_t{32} << 20;

// ---- what the compiler builds ---------------------------------------------

// Entries in one list the compiler reads (pieces, moves, offsets, points,
// links, lines, sites of a region ...), words in one space-separated string,
// and moves one call of a generate hook returns.
inline constexpr size_t kMaxListItems = 65'536;
// Pieces of one type in one seat's hand that pos:set_hand may give (as many as
// a position string may).
inline constexpr int kMaxHandPieces = 10'000;
// Move rules of all pieces together.
inline constexpr size_t kMaxMoveRules = 1'024;
// Bytes of the tables compiled from the rules: leap and walk destinations and
// paths, regions, lines. The engine's reverse tables for attack detection come
// on top of this, at most as much again.
inline constexpr size_t kMaxCompiledBytes = size_t{64} << 20;
// Steps of the precomputation of leap destinations (one per offset, site and
// seat) and walk paths (one per step of the path search), all rules together.
inline constexpr long kMaxPrecomputeSteps = 50'000'000;
// Phases and stages a game may declare.
inline constexpr size_t kMaxPhases = 32;
inline constexpr size_t kMaxStages = 100;
// Money payments of a game: each payment made once per game keeps a bit per
// seat in one 32-bit counter (Position's kPaid).
inline constexpr size_t kMaxPayments = 3;
// The weights of the ai table (percentages and score units), and the length
// of an MCTS playout before it is scored: past these a weight would overflow
// the scores, and a playout would be a whole game of thousands of turns.
inline constexpr int kMaxAiWeight = 10'000;
// The most a piece may be worth in ai.values, in pieces of value 1.
inline constexpr int kMaxAiPieceWorth = 1'000;
inline constexpr int kMaxAiCutoff = 4'096;

// ---- numbers a script gives -----------------------------------------------

// Width and height of a grid board.
inline constexpr int kMaxGridSide = 32;

// Coordinates of points (and leap offsets): -kMaxCoordinate .. kMaxCoordinate.
inline constexpr int kMaxCoordinate = 1'000'000;
// A piece's value: -kMaxPieceValue .. kMaxPieceValue (sums of values over a
// whole board stay far from overflow).
inline constexpr int kMaxPieceValue = 100'000;
// The weights of one die's faces together (a throw of three dice multiplies
// three weights, and the odds of all throws must add up within 64 bits).
inline constexpr int kMaxDieWeight = 1'000'000;
// Counts: pieces in hand, plies of the move rule, repetitions, passes,
// captures to win, material, stakes, and the values a hook gives counters:
// 0 .. kMaxCount (stakes and counters down to -kMaxCount).
inline constexpr int kMaxCount = 1'000'000;

}  // namespace regula::script
