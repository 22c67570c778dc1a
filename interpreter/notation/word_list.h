#pragma once
// Joining words into an English list: "a, b and c".

#include <string>
#include <vector>

namespace regula {

inline std::string join_words(const std::vector<std::string>& parts,
                              const std::string& last = " and ", const std::string& sep = ", ") {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? last : sep) + parts[i];
  return out;
}

}  // namespace regula
