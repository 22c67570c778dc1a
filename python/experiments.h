#pragma once
// Matches between players and comparisons of two readings of the rules, as
// `regula match --json` and `regula compare --json` report them, run on
// threads with the GIL released.

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "script/loader.h"

namespace regula::python {

struct MatchRequest {
  std::string spec;
  script::OptionList options;
  std::vector<std::string> players;
  int games = 100;
  uint64_t seed = 1;
  int threads = 0;  // 0: every core
  int max_plies = 1000;
};

struct CompareRequest {
  std::string spec_a, spec_b;
  script::OptionList options_a, options_b;
  int games = 10;
  uint64_t seed = 1;
  int max_plies = 200;
  std::string player = "random";
  int threads = 0;  // 0: every core
};

pybind11::dict run_match(const MatchRequest& request);
pybind11::dict run_compare(const CompareRequest& request);

}  // namespace regula::python
