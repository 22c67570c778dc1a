#pragma once
// The games of a record file (regula's records, as `regula match --records`
// writes them, PGN or PDN), replayed: what each came to.

#include <pybind11/pybind11.h>

#include <string>

namespace regula::python {

// One dict per game, in the file's order: rules, seats, result (per seat:
// win, loss, draw, none), reason, score, plies (turns, throws of the dice not
// counted). A ValueError naming the file and line for a record that does not
// read or replay.
pybind11::list record_games(const std::string& path);

}  // namespace regula::python
