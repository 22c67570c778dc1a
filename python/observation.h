#pragma once
// The observation tensor of a position (docs/python.md): planes over the
// board's sites, flattened plane by plane.
//   one plane per (piece type, seat): 1 where such a piece stands;
//   with drops, one plane per (piece type, seat): the pieces in that hand;
//   one plane per seat: 1 everywhere for the seat to move;
//   one plane per (seat counter, seat): the counter's value;
//   with dice, one plane: the throw to play (Position::roll, 0 before it).

#include <vector>

#include <pybind11/pybind11.h>

#include "core/position.h"

namespace regula::python {

struct ObservationShape {
  int planes = 0;
  int sites = 0;
};

ObservationShape observation_shape(const Position& pos);
std::vector<float> observation(const Position& pos);
// A numpy array of the shape when numpy can be imported, else a flat list.
pybind11::object observation_object(const std::vector<float>& values, ObservationShape shape);

}  // namespace regula::python
