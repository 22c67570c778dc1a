#include "cli/shard.h"

#include <charconv>

namespace regula::cli {

uint64_t Shard::size(uint64_t items) const {
  const uint64_t n = static_cast<uint64_t>(count), i = static_cast<uint64_t>(index - 1);
  return items / n + (items % n > i ? 1 : 0);
}

std::string Shard::text() const {
  return std::to_string(index) + "/" + std::to_string(count);
}

Expected<Shard> parse_shard(const std::string& text) {
  const std::string where = "--shard " + text;
  auto number = [](const char* first, const char* last, long long& v) {
    auto [p, ec] = std::from_chars(first, last, v);
    return ec == std::errc() && p == last && first != last;
  };
  const size_t slash = text.find('/');
  long long i = 0, n = 0;
  if (slash == std::string::npos || !number(text.data(), text.data() + slash, i) ||
      !number(text.data() + slash + 1, text.data() + text.size(), n))
    return Error{where,
                 "a shard is written I/N, two whole numbers (e.g. 2/4: the second of four parts)"};
  if (n < 1 || n > kMaxShards)
    return Error{where, "the number of parts N must be from 1 to " + std::to_string(kMaxShards)};
  if (i < 1 || i > n)
    return Error{where,
                 "the part I must be from 1 to " + std::to_string(n) + " (parts count from 1)"};
  return Shard{static_cast<int>(i), static_cast<int>(n)};
}

}  // namespace regula::cli
