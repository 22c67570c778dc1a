#pragma once
// The "k=v,k=v" options of a specification (a player's, an adjudication's),
// read with errors that name the specification.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace regula::ai {

struct SpecOptions {
  std::vector<std::pair<std::string, std::string>> items;  // in the order given
};

// Splits text into key=value items; an Error naming spec for an item without
// '=', an empty key or value, or a key given twice. Empty text gives no items.
Expected<SpecOptions> split_options(const std::string& spec, const std::string& text);

// A whole number from 0 to max; an Error naming spec and key otherwise.
Expected<uint64_t> number(const std::string& spec, const std::string& key, const std::string& v,
                          uint64_t max);

}  // namespace regula::ai
