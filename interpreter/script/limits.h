#pragma once
// Every limit the script layer puts on what a script may make it do, in one
// place. Scripts are downloaded from anywhere: each of these turns a script that
// would hang the program, exhaust memory or overflow a number into an error that
// names the limit. docs/authoring.md lists them for script authors.

#include <cstddef>

namespace regula::script {

// ---- what the compiler builds ---------------------------------------------

// Entries in one list the compiler reads (pieces, moves, offsets, points,
// links, lines, sites of a region ...) and words in one space-separated string.
inline constexpr size_t kMaxListItems = 65'536;
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
// captures to win, material, stakes: 0 .. kMaxCount (stakes down to -kMaxCount).
inline constexpr int kMaxCount = 1'000'000;

}  // namespace regula::script
