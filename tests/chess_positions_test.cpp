// Perft from the well-known test positions (castling through and out of check,
// en passant, promotions, pins). Counts: tests/data/chess_perft.txt, from the
// chessprogramming wiki, "Perft Results".
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/perft.h"
#include "notation/position_string.h"
#include "notation/text.h"
#include "script/loader.h"

namespace regula {
namespace {

struct PerftCase {
  std::string name;
  std::string fen;
  std::vector<uint64_t> counts;
};

std::vector<PerftCase> read_cases() {
  std::ifstream in(std::string(REGULA_TEST_DATA) + "/chess_perft.txt");
  std::vector<PerftCase> out;
  std::string line;
  while (std::getline(in, line)) {
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    std::vector<std::string> parts;
    std::stringstream ss(line);
    std::string part;
    while (std::getline(ss, part, '|')) parts.push_back(trim(part));
    if (parts.size() != 3) continue;
    PerftCase c{parts[0], parts[1], {}};
    std::istringstream counts(parts[2]);
    uint64_t n;
    while (counts >> n) c.counts.push_back(n);
    out.push_back(c);
  }
  return out;
}

TEST(ChessPositions, PerftMatchesPublishedCounts) {
  auto rules = script::load_rules("chess/orthodox");
  ASSERT_TRUE(rules) << rules.error().text();
  auto cases = read_cases();
  ASSERT_EQ(cases.size(), 5u);
  for (auto& c : cases) {
    auto pos = read_position(*rules, c.fen);
    ASSERT_TRUE(pos) << c.name << ": " << pos.error().text();
    EXPECT_EQ(write_position(*pos), c.fen) << c.name;
    for (size_t d = 0; d < c.counts.size(); ++d)
      EXPECT_EQ(perft(*pos, static_cast<int>(d + 1)), c.counts[d]) << c.name << " depth " << d + 1;
  }
}

}  // namespace
}  // namespace regula
