#include "observation.h"

#include <algorithm>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace regula::python {

namespace {

bool has_hands(const Ruleset& r) {
  return !r.drop_rules.empty() || r.captures_to_hand;
}

int seat_counters(const Ruleset& r) {
  return std::max<int>(kFirstScriptCounter, static_cast<int>(r.seat_counter_names.size()));
}

// Fills plane p with value v.
void fill(std::vector<float>& out, int p, int sites, float v) {
  std::fill(out.begin() + static_cast<long>(p) * sites,
            out.begin() + static_cast<long>(p + 1) * sites, v);
}

}  // namespace

ObservationShape observation_shape(const Position& pos) {
  const Ruleset& r = pos.rules();
  const int types = static_cast<int>(r.types.size());
  const int seats = r.num_seats();
  int planes = types * seats * (has_hands(r) ? 2 : 1) + seats + seat_counters(r) * seats;
  if (r.dice.enabled()) ++planes;
  return {planes, pos.num_sites()};
}

std::vector<float> observation(const Position& pos) {
  const Ruleset& r = pos.rules();
  const ObservationShape shape = observation_shape(pos);
  const int types = static_cast<int>(r.types.size());
  const int seats = r.num_seats();
  const int n = shape.sites;
  std::vector<float> out(static_cast<size_t>(shape.planes) * n, 0.0f);
  for (int site = 0; site < n; ++site) {
    const PieceCode c = pos.at(static_cast<SiteId>(site));
    if (c == kEmpty) continue;
    out[static_cast<size_t>(piece_type(c) * seats + piece_seat(c)) * n + site] = 1.0f;
  }
  int p = types * seats;
  if (has_hands(r))
    for (TypeId t = 0; t < types; ++t)
      for (SeatId s = 0; s < seats; ++s) fill(out, p++, n, static_cast<float>(pos.hand(s, t)));
  for (SeatId s = 0; s < seats; ++s) fill(out, p++, n, pos.to_move() == s ? 1.0f : 0.0f);
  for (int k = 0; k < seat_counters(r); ++k)
    for (SeatId s = 0; s < seats; ++s) fill(out, p++, n, static_cast<float>(pos.counter(s, k)));
  if (r.dice.enabled()) fill(out, p++, n, static_cast<float>(pos.roll()));
  return out;
}

pybind11::object observation_object(const std::vector<float>& values, ObservationShape shape) {
  try {
    pybind11::module_::import("numpy");
  } catch (const pybind11::error_already_set&) {
    return pybind11::cast(values);
  }
  pybind11::array_t<float> a({shape.planes, shape.sites});
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

}  // namespace regula::python
