#pragma once
// What the fuzzing harnesses share: the rulesets they play (a few bundled games
// and small turn-model scripts, loaded once per process), a pool of positions
// reached in those games for inputs that need one, and the checks that make a
// wrong answer as loud as a crash. A failed check aborts, which libFuzzer
// reports as a finding with the input that caused it.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"
#include "script/loader.h"

namespace regula::fuzz {

using Rules = std::shared_ptr<const Ruleset>;

// The rulesets, in a fixed order: chess, shatranj, Spanish draughts, two Jetan
// readings, and the mini mill and two-dice scripts of tests/data/turns.
const std::vector<Rules>& rulesets();

// Start positions, positions a few turns into seeded random games, and
// positions in the middle of a turn (a removal pending), of every ruleset; the
// same on every run.
const std::vector<Position>& position_pool();

// The pool entry an input's first byte picks: 'A' picks the first, 'B' the
// second, and every byte picks one.
const Position& pick_position(uint8_t selector);
char selector_of(size_t pool_index);

// The ruleset an input's first byte picks, as pick_position does: 'A' the
// first of rulesets(), 'B' the second, and every byte picks one.
const Rules& pick_rules(uint8_t selector);
char rules_selector_of(size_t index);

std::string as_text(const uint8_t* data, size_t size);

// Rules by name and options, loaded the first time an input names them; the
// error of a name that does not load is kept too. At most `keep` are kept:
// beyond that, rules are loaded for the one input.
Expected<std::shared_ptr<const Ruleset>> load_once(const std::string& name,
                                                   const script::OptionList& options, size_t keep);

// A file of this process's own in the temporary directory (name tells the
// harness's inputs apart), holding text: for readers that take a path.
std::string write_temp_file(const std::string& name, const std::string& text);

// Aborts with the message when the condition fails.
void check(bool condition, const std::string& what);

// Prints what happened to an input when REGULA_FUZZ_VERBOSE is set, for
// running one input by hand (fuzzing runs stay quiet).
void note(const std::string& what);

// An input refused: the error must say why (kind: "position", "move", ...).
void refused(const std::string& kind, const Error& error);

// The position string of pos reads back to pos (the same position, hash and
// text).
void check_round_trip(const Position& pos);

// Every legal decision of pos is made and taken back, restoring the position
// and its hash, and the hash after it equals the one computed from scratch;
// the same for every whole turn. Leaves pos as it was.
void check_moves(Position& pos);

// Plays up to `turns` seeded random whole turns from pos, checking the moves
// and the position string of every position on the way (check_moves,
// check_round_trip).
void check_random_game(Position& pos, int turns, uint32_t seed);

}  // namespace regula::fuzz
