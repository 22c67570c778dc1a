#include "ai/spec_options.h"

#include <charconv>

namespace regula::ai {

Expected<SpecOptions> split_options(const std::string& spec, const std::string& text) {
  SpecOptions o;
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(start, comma - start);
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      return Error{spec, "'" + item + "' is not key=value"};
    const std::string key = item.substr(0, eq);
    for (const auto& [k, _] : o.items)
      if (k == key) return Error{spec, key + " is given twice"};
    o.items.emplace_back(key, item.substr(eq + 1));
    start = comma + 1;
  }
  return o;
}

Expected<uint64_t> number(const std::string& spec, const std::string& key, const std::string& v,
                          uint64_t max) {
  uint64_t n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n > max)
    return Error{
        spec, key + " takes a whole number from 0 to " + std::to_string(max) + ", not '" + v + "'"};
  return n;
}

}  // namespace regula::ai
