// Scripts written to hurt: each must end in an error that names the file and
// line and says what was wrong, never a crash, a hang or runaway memory. The
// scripts in tests/data/hostile/scripts each say on their first line what they
// attack and what the message must contain; the tests here load every one of
// them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/rule_error.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using namespace test_support;

const fs::path kHostile = fs::path(REGULA_TEST_DATA) / "hostile" / "scripts";

std::vector<std::string> hostile_files() {
  std::vector<std::string> out;
  for (auto& e : fs::directory_iterator(kHostile))
    if (e.path().extension() == ".lua") out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// The error loading the script raises, or the first one its hooks raise on
// the start position's moves.
std::optional<Error> failure(const std::string& file) {
  auto r = script::load_rules(file);
  if (!r) return r.error();
  try {
    Position pos(*r);
    MoveList moves;
    legal_moves(pos, moves);
  } catch (const RuleError& e) {
    return e.error();
  }
  return std::nullopt;
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "'" << part << "' not in: " << text;
}

class HostileScript : public ::testing::TestWithParam<std::string> {};

TEST_P(HostileScript, FailsWithItsFileLineAndExpectedMessage) {
  const std::string file = (kHostile / GetParam()).string();
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  const std::string marker = "; expect: ";
  ASSERT_EQ(first.rfind("-- attacks: ", 0), 0u) << file << ": the first line says what it attacks";
  ASSERT_NE(first.find(marker), std::string::npos)
      << file << ": the first line says what to expect";
  const std::string expected = first.substr(first.find(marker) + marker.size());
  auto err = failure(file);
  ASSERT_TRUE(err) << file << " loaded and played without an error";
  EXPECT_TRUE(std::regex_match(err->where, std::regex(".*" + GetParam() + ":[0-9]+")))
      << err->text();
  expect_contains(err->what, expected);
}

std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  return info.param.substr(0, info.param.size() - 4);
}

INSTANTIATE_TEST_SUITE_P(Folder, HostileScript, ::testing::ValuesIn(hostile_files()), param_name);

TEST(HostileFolder, HoldsTheCases) {
  EXPECT_GE(hostile_files().size(), 25u);
}

}  // namespace
}  // namespace regula
