#pragma once
// Who plays a seat, as the command line, the game picker and the seat boxes
// write it: "human", or a computer player's specification ("ai:3", "random",
// "alphabeta:depth=6", ...). The window makes its players through
// make_seat_player alone, so that the factory behind it (ai::make_player, or
// one that also knows external engines) is changed in one place. What a
// search reports is put into words here too, so that the window only shows it.

#include <QString>
#include <memory>
#include <string>

#include "ai/player.h"
#include "core/expected.h"
#include "core/position.h"
#include "core/ruleset.h"

class QComboBox;

namespace regula::gui {

inline constexpr const char* kHuman = "human";
// What "computer" means on the command line and in set_computer.
inline constexpr const char* kDefaultComputer = "ai:3";

// "computer" is the default level; anything else is taken as written.
std::string seat_spec(const std::string& who);
bool is_human(const std::string& spec);

// The computer player a specification names, or the factory's error naming it.
Expected<std::unique_ptr<ai::Player>> make_seat_player(const std::string& spec,
                                                       std::shared_ptr<const Ruleset> rules,
                                                       uint64_t seed);

// A seed per seat from the game's seed, so that each seat plays its own
// reproducible sequence.
uint64_t seat_seed(uint64_t seed, SeatId seat);

// The choices of a seat box: Human, Computer: level 1..5, Computer: random,
// and spec itself when it is none of those; spec is selected. The item data
// is the specification.
void fill_seat_box(QComboBox* box, const std::string& spec);
// Selects spec in a filled box, adding it when it is not there.
void select_seat(QComboBox* box, const std::string& spec);
std::string seat_box_spec(const QComboBox* box);

// "NAME=WHO" of the command line: the seat of rules named NAME and the
// specification WHO stands for, or an error saying what is wrong.
struct SeatOption {
  SeatId seat = 0;
  std::string spec;
};
Expected<SeatOption> parse_seat_option(const Ruleset& rules, const std::string& text);

// A line on what a search from pos sees: depth, score (points, mate in N, or
// the expected points of MCTS as a percentage), nodes, speed and the principal
// variation as move texts, played on a copy of pos up to the first move that
// is not legal there.
QString describe_search(const Position& pos, const ai::SearchInfo& info);

}  // namespace regula::gui
