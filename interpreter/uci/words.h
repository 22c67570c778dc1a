#pragma once
// The words of UCI lines: what the server and the engine player both read.

#include <charconv>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "notation/text.h"

namespace regula::uci {

// The words of a line, split at white space.
inline std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

// words[from, to) joined by single spaces.
inline std::string join(const std::vector<std::string>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

// Whether text is a whole number (into value).
inline bool read_int(const std::string& text, int64_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace regula::uci
