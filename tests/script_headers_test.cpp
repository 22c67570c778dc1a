// Every bundled game script says where its rules come from: its leading
// comment block has the headings "Sources:", "Clause by clause:" and
// "Readings:" in that order, a Sources paragraph that names something, at
// least one "* " clause, something under Readings, and the name of every
// option the script declares with option("NAME", ...).
// The game scripts are those script::bundled_scripts finds (the files that
// return a game); the shared modules they require are not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "script/loader.h"

namespace regula {
namespace {

std::string read(const std::string& file) {
  std::ifstream in(file);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The leading comment block: the lines from the top that begin with "--",
// each without the "--" and one following space.
std::vector<std::string> leading_comment(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("--", 0) != 0) break;
    line.erase(0, line.size() > 2 && line[2] == ' ' ? 3 : 2);
    out.push_back(line);
  }
  return out;
}

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

// The names every option("NAME", ...) of the script declares.
std::set<std::string> declared_options(const std::string& text) {
  static const std::regex re(R"re(\boption\s*\(\s*["']([^"']+)["'])re");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it)
    out.insert((*it)[1].str());
  return out;
}

// Whether name stands in text as a word of its own (not inside a longer name).
bool names(const std::string& text, const std::string& name) {
  auto part = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at == 0 || !part(text[at - 1])) && (end == text.size() || !part(text[end]))) return true;
  }
  return false;
}

struct Headings {
  std::vector<size_t> at;  // the line of each heading, in kHeadings' order; npos: missing
};

const std::vector<std::string> kHeadings = {"Sources:", "Clause by clause:", "Readings:"};

Headings find_headings(const std::vector<std::string>& lines, std::vector<std::string>& problems) {
  Headings h;
  for (const std::string& heading : kHeadings) {
    size_t found = std::string::npos;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].rfind(heading, 0) != 0) continue;
      if (found != std::string::npos) problems.push_back("\"" + heading + "\" twice");
      found = i;
    }
    if (found == std::string::npos) problems.push_back("no line begins \"" + heading + "\"");
    h.at.push_back(found);
  }
  for (size_t k = 1; k < h.at.size(); ++k)
    if (h.at[k - 1] != std::string::npos && h.at[k] != std::string::npos && h.at[k - 1] >= h.at[k])
      problems.push_back("\"" + kHeadings[k] + "\" before \"" + kHeadings[k - 1] + "\"");
  return h;
}

// The text of the section under heading k: from after the heading to the next
// heading, or to the end of the block for the last.
std::string section(const std::vector<std::string>& lines, const Headings& h, size_t k) {
  std::string out = lines[h.at[k]].substr(kHeadings[k].size());
  const size_t end = k + 1 < h.at.size() ? h.at[k + 1] : lines.size();
  for (size_t i = h.at[k] + 1; i < end && i < lines.size(); ++i) out += "\n" + lines[i];
  return out;
}

// What is wrong with the sections of a header whose headings are all there, in order.
void sections_problems(const std::vector<std::string>& lines, const Headings& h,
                       std::vector<std::string>& problems) {
  if (blank(section(lines, h, 0))) problems.push_back("the Sources paragraph is empty");
  bool clause = false;
  for (size_t i = h.at[1] + 1; i < h.at[2]; ++i) clause = clause || lines[i].rfind("* ", 0) == 0;
  if (!clause) problems.push_back("no \"* \" clause under \"Clause by clause:\"");
  if (blank(section(lines, h, 2))) problems.push_back("nothing under \"Readings:\"");
}

// What is wrong with a script's header; empty when nothing is.
std::vector<std::string> header_problems(const std::string& text) {
  std::vector<std::string> problems;
  const std::vector<std::string> lines = leading_comment(text);
  if (lines.empty()) return {"no leading comment block"};
  const Headings h = find_headings(lines, problems);
  if (problems.empty()) sections_problems(lines, h, problems);
  std::string header;
  for (const std::string& l : lines) header += l + "\n";
  for (const std::string& name : declared_options(text))
    if (!names(header, name)) problems.push_back("the header does not name option " + name);
  return problems;
}

std::string joined(const std::vector<std::string>& problems) {
  std::string out;
  for (const std::string& p : problems) out += "\n  " + p;
  return out;
}

const std::string kGood = R"(-- A game.
--
-- Sources: A. Author, A Book, 1900; A Federation, Rules.
--
-- Clause by clause:
-- * Board: 8x8 (A Book).
--
-- Readings:
-- * A side without a move loses (A Book); `stalemate=draw` draws instead.
local stalemate = option("stalemate", { "loss", "draw" }, "loss", "what a stalemate is")
return game { title = "A game" }
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(ScriptHeaders, AWellFormedHeaderPasses) {
  EXPECT_TRUE(header_problems(kGood).empty()) << joined(header_problems(kGood));
}

TEST(ScriptHeaders, EachFaultIsFound) {
  const std::vector<std::pair<std::string, std::string>> faults = {
      {replaced(kGood, "-- Sources:", "-- Source:"), "no line begins \"Sources:\""},
      {replaced(kGood, "-- Readings:", "-- Reading:"), "no line begins \"Readings:\""},
      {replaced(kGood, "-- Clause by clause:", "-- Clauses:"),
       "no line begins \"Clause by clause:\""},
      {replaced(kGood, " A. Author, A Book, 1900; A Federation, Rules.", ""),
       "the Sources paragraph is empty"},
      {replaced(kGood, "-- * Board: 8x8 (A Book).", "-- Board: 8x8."),
       "no \"* \" clause under \"Clause by clause:\""},
      {replaced(kGood, "-- * A side without a move loses (A Book); `stalemate=draw` draws instead.",
                "--"),
       "nothing under \"Readings:\""},
      {replaced(kGood, "`stalemate=draw` draws", "the other reading draws"),
       "the header does not name option stalemate"},
      {replaced(replaced(kGood, "-- Clause by clause:", "-- Readings first:"),
                "-- Readings:", "-- Clause by clause:"),
       "no line begins \"Readings:\""},
      {"local x = 1\n" + kGood, "no leading comment block"},
  };
  for (const auto& [text, problem] : faults) {
    const std::vector<std::string> found = header_problems(text);
    EXPECT_NE(std::find(found.begin(), found.end(), problem), found.end())
        << "expected: " << problem << "\nfound:" << joined(found) << "\nin:\n"
        << text;
  }
  // Headings out of order.
  const std::string swapped =
      replaced(replaced(replaced(kGood, "-- Readings:", "-- @R"), "-- Sources:", "-- Readings:"),
               "-- @R", "-- Sources: the same.");
  const std::vector<std::string> found = header_problems(swapped);
  EXPECT_NE(std::find(found.begin(), found.end(), "\"Clause by clause:\" before \"Sources:\""),
            found.end())
      << joined(found);
  // An option named inside a longer word is not named.
  EXPECT_FALSE(names("stalemates", "stalemate"));
  EXPECT_TRUE(names("(`stalemate=draw`)", "stalemate"));
}

TEST(ScriptHeaders, EveryBundledGameScriptSaysWhereEachClauseComesFrom) {
  const std::vector<script::ScriptInfo> scripts = script::bundled_scripts();
  ASSERT_FALSE(scripts.empty()) << "no bundled game script found";
  int options = 0;
  for (const script::ScriptInfo& s : scripts) {
    const std::string text = read(s.file);
    ASSERT_FALSE(text.empty()) << s.name << ": cannot read " << s.file;
    options += static_cast<int>(declared_options(text).size());
    const std::vector<std::string> problems = header_problems(text);
    EXPECT_TRUE(problems.empty()) << s.name << " (" << s.file << "):" << joined(problems);
  }
  EXPECT_GE(scripts.size(), 30u);
  // Some scripts declare options, so the check of their names has run.
  EXPECT_GE(options, 10);
}

}  // namespace
}  // namespace regula
