// Every ```lua block of docs/authoring.md is a complete script: it must load,
// and the "-- expect perft N = M [with option=value,...]" lines at its end must
// hold. Fragments use another fence (```lua-fragment) and are not checked.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/perft.h"
#include "script/loader.h"

namespace regula {
namespace {

namespace fs = std::filesystem;

struct Block {
  int line = 0;  // line of the opening fence in the document
  std::string text;
};

std::vector<Block> lua_blocks(const std::string& file) {
  std::ifstream in(file);
  std::vector<Block> out;
  std::string line;
  int n = 0;
  Block* cur = nullptr;
  while (std::getline(in, line)) {
    ++n;
    if (cur) {
      if (line.rfind("```", 0) == 0) {
        cur = nullptr;
      } else {
        cur->text += line + "\n";
      }
    } else if (line == "```lua") {
      out.push_back({n, ""});
      cur = &out.back();
    }
  }
  EXPECT_EQ(cur, nullptr) << "unclosed ```lua block";
  return out;
}

struct Expectation {
  int depth;
  uint64_t nodes;
  script::OptionList options;
};

std::vector<Expectation> expectations(const std::string& text) {
  static const std::regex re(R"(^-- expect perft (\d+) = (\d+)(?: with (.+))?$)");
  std::vector<Expectation> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (line.rfind("-- expect", 0) == 0) {
      EXPECT_TRUE(std::regex_match(line, m, re)) << "cannot read: " << line;
      if (m.empty()) continue;
      Expectation e{std::stoi(m[1]), std::stoull(m[2]), {}};
      std::istringstream opts(m[3].str());
      std::string kv;
      while (std::getline(opts, kv, ',')) {
        size_t eq = kv.find('=');
        EXPECT_NE(eq, std::string::npos) << line;
        if (eq != std::string::npos) e.options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
      }
      out.push_back(e);
    }
  }
  return out;
}

TEST(Docs, EveryLuaBlockOfTheAuthoringGuideLoadsAndMeetsItsExpectations) {
  const std::string doc = REGULA_RULES_DIR "/../docs/authoring.md";
  ASSERT_TRUE(fs::exists(doc)) << doc;
  auto blocks = lua_blocks(doc);
  EXPECT_GE(blocks.size(), 15u);
  const fs::path dir = fs::temp_directory_path() / ("regula_docs_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int checked = 0;
  for (const Block& b : blocks) {
    SCOPED_TRACE("authoring.md:" + std::to_string(b.line));
    const fs::path file = dir / ("block_" + std::to_string(b.line) + ".lua");
    std::ofstream(file) << b.text;
    auto plain = script::load_rules(file.string());
    ASSERT_TRUE(plain) << plain.error().text();
    for (const Expectation& e : expectations(b.text)) {
      auto rules = e.options.empty() ? plain : script::load_rules(file.string(), e.options);
      ASSERT_TRUE(rules) << rules.error().text();
      Position pos(*rules);
      EXPECT_EQ(perft(pos, e.depth), e.nodes) << "perft " << e.depth;
      ++checked;
    }
  }
  EXPECT_GE(checked, 15);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace regula
