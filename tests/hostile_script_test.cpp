// Scripts written to hurt: each must end in an error that names the file and
// line and says what was wrong, never a crash, a hang or runaway memory. The
// scripts in tests/data/hostile/scripts each say on their first line what they
// attack and what the message must contain; the tests here load every one of
// them, and test what a single file cannot show (the search path, symbolic
// links, binary and oversized files, game records, the command line).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "cli_support.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "script/limits.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

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
  EXPECT_GE(hostile_files().size(), 50u);
}

// ---- the library as scripts see it still does what Lua's does ----------------

// A script that checks each expression against its expected value and errors
// with the first difference; the charged library functions must not change
// what they compute.
TEST(HostileLibrary, ChargedFunctionsComputeWhatLuasDo) {
  auto r = load("library", R"LUA(
local function same(got, want, what)
  if got ~= want then error(what .. ": got " .. tostring(got) .. ", want " .. tostring(want)) end
end
same(select(2, string.find("hello world", "o w")), 7, "find end")
same(string.find("a.b", ".", 1, true), 2, "plain find")
same(string.find("abc", "b", 10), nil, "find past the end")
same(select(3, string.find("key = value", "(%w+)%s*=%s*(%w+)")), "key", "find captures")
same(string.match("  trim  ", "^%s*(.-)%s*$"), "trim", "match lazy")
same(string.match("x(a(b)c)y", "%b()"), "(a(b)c)", "balance")
same(string.match("THE (quick) fox", "%f[%a]%a+", 5), "quick", "frontier")
same(select(2, string.match("abc", "()b()")), 3, "position captures")
same(string.match("hello hello", "(h%a+) %1"), "hello", "back reference")
same(string.gsub("hello world", "o", "0"), "hell0 w0rld", "gsub string")
same(select(2, string.gsub("abc", "", "-")), 4, "gsub empty matches")
same(string.gsub("$name is $age", "%$(%w+)", { name = "Ann", age = 7 }), "Ann is 7", "gsub table")
same(string.gsub("abc", "%w", function(c) return c:upper() .. "." end), "A.B.C.", "gsub function")
same(string.gsub("abc", "^a", "x"), "xbc", "gsub anchor")
same(string.gsub("a,b,c", ",", ";", 1), "a;b,c", "gsub count")
local words = {}
for w in string.gmatch("one two  three", "%a+") do words[#words + 1] = w end
same(table.concat(words, "|"), "one|two|three", "gmatch")
local pairs_ = {}
for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do pairs_[#pairs_ + 1] = k .. v end
same(table.concat(pairs_), "a1b2", "gmatch captures")
same(("x"):rep(3, ","), "x,x,x", "rep with separator")
same(("abc"):byte(-1), 99, "byte from the end")
same(select("#", ("abc"):byte(1, -1)), 3, "byte slice")
local t = { 3, 1, 2 }
table.sort(t)
same(table.concat(t), "123", "sort")
table.insert(t, 1, 0)
same(table.concat(t), "0123", "insert at the front")
same(table.remove(t, 1), 0, "remove from the front")
same(select("#", table.unpack(t)), 3, "unpack")
same(table.concat(table.move({ 1, 2 }, 1, 2, 2, { 9 })), "912", "move")
same(utf8.len("h\u{e9}llo"), 5, "utf8.len")
same(utf8.codepoint("\u{e9}"), 233, "utf8.codepoint")
same(utf8.offset("h\u{e9}llo", 3), 4, "utf8.offset")
local codes = {}
for p, c in utf8.codes("a\u{e9}") do codes[#codes + 1] = p .. ":" .. c end
same(table.concat(codes, " "), "1:97 2:233", "utf8.codes")
same(tonumber("0x10"), 16, "tonumber")
same(tonumber("z", 36), 35, "tonumber base")
same(string.dump, nil, "string.dump")
same(string.pack, nil, "string.pack")
return game { title = "library", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" } } }
)LUA");
  EXPECT_TRUE(r);
}

TEST(HostileLibrary, PcallCatchesNeitherTheBudgetSpentInCNorRunningOutOfMemory) {
  Error budget = load_error("pcall_pattern", R"(
for i = 1, 1000 do
  pcall(string.find, string.rep("a", 40), string.rep("a*", 20) .. "b")
end
return {}
)");
  EXPECT_EQ(budget.where, script_dir().string() + "/pcall_pattern.lua:3") << budget.text();
  expect_contains(budget.what, "instruction budget exhausted");
  Error memory = load_error("pcall_memory", R"(
local kept, mb = {}, string.rep("m", 1 << 20)
for i = 1, 1000 do
  pcall(function() for k = 1, 1e9 do kept[#kept + 1] = mb .. k end end)
end
return {}
)");
  EXPECT_EQ(memory.where, script_dir().string() + "/pcall_memory.lua:4") << memory.text();
  expect_contains(memory.what, "ran out of memory");
}

// ---- the table a script returns ----------------------------------------------

TEST(HostileValues, NestingUpToTheLimitIsReadAndBeyondItIsAnError) {
  auto nested = [](int depth) {
    // game { sources = {...} } puts the innermost table depth levels below the game.
    return "local t = 'leaf'\nfor i = 1, " + std::to_string(depth - 1) +
           " do t = { t } end\nreturn game { sources = t }\n";
  };
  Error within = load_error("nested_ok", nested(script::kMaxValueDepth));
  EXPECT_EQ(within.what.find("nested more than"), std::string::npos) << within.text();
  Error beyond = load_error("nested_deep", nested(script::kMaxValueDepth + 1));
  EXPECT_EQ(beyond.where, script_dir().string() + "/nested_deep.lua:3") << beyond.text();
  expect_contains(beyond.what, "nested more than 64 deep (kMaxValueDepth)");
}

TEST(HostileValues, ACycleNamesBothPlaces) {
  Error e = load_error("cycle_names", R"(local a = { }
local b = { a }
a.back = b
return game { title = "t", board = grid { width = 3, height = 3 }, regions = { r = b } }
)");
  EXPECT_EQ(e.where, script_dir().string() + "/cycle_names.lua:4") << e.text();
  expect_contains(e.what, "a table contains itself: regions.r[1].back is regions.r again");
}

TEST(HostileValues, TheNearestConstructorIsTheLine) {
  Error e = load_error("cycle_in_piece", R"(local t = {}
t.t = t
return game { title = "t", board = grid { width = 3, height = 3 },
  pieces = {
    piece { name = "man", symbol = "M", moves = { step { dirs = "n", label = t } } },
  } }
)");
  EXPECT_EQ(e.where, script_dir().string() + "/cycle_in_piece.lua:5") << e.text();
  expect_contains(e.what, "pieces[1].moves[1].label.t is pieces[1].moves[1].label again");
}

// ---- files: binary, oversized, confined ------------------------------------------

fs::path fresh_dir(const std::string& name) {
  fs::path d = script_dir() / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// A small game, with hooks if given.
std::string game(const std::string& hooks = "") {
  return R"(return game { title = "t", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
)" + hooks +
         "}\n";
}
const std::string kGame = game();

// Loading file fails at where with a message containing what.
void expect_load_error(const fs::path& file, const std::string& where, const std::string& what) {
  auto r = script::load_rules(file.string());
  ASSERT_FALSE(r) << file << " loaded";
  EXPECT_EQ(r.error().where, where) << r.error().text();
  expect_contains(r.error().what, what);
}

TEST(HostileFiles, BinaryChunksAreRefusedEverywhere) {
  fs::path d = fresh_dir("binary");
  const std::string chunk = std::string("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", 12) + "payload";
  write_file(d / "compiled.lua", chunk);
  write_file(d / "needs.lua", "local m = require \"compiled\"\n" + kGame);
  write_file(d / "base.lua", "return extends(\"compiled\", {})\n");
  auto direct = script::load_rules((d / "compiled.lua").string());
  ASSERT_FALSE(direct);
  EXPECT_EQ(direct.error().where, (d / "compiled.lua").string() + ":1");
  expect_contains(direct.error().what, "precompiled (binary) Lua chunk is refused");
  for (const char* name : {"needs.lua", "base.lua"})
    expect_load_error(d / name, (d / "compiled.lua").string() + ":1",
                      "precompiled (binary) Lua chunk is refused");
  CliRun cli = run("check " + (d / "compiled.lua").string());
  EXPECT_EQ(cli.code, 1) << cli.out;
  expect_contains(cli.out, (d / "compiled.lua").string() + ":1: a precompiled");
}

TEST(HostileFiles, AFileLargerThanTheLimitIsRefusedUnread) {
  fs::path d = fresh_dir("large");
  write_file(d / "large.lua", kGame + "--" + std::string(script::kMaxScriptBytes, 'x') + "\n");
  write_file(d / "needs.lua", "local m = require \"large\"\n" + kGame);
  for (const char* name : {"large.lua", "needs.lua"})
    expect_load_error(d / name, (d / "large.lua").string() + ":1",
                      "larger than 1 MiB (kMaxScriptBytes)");
}

TEST(HostileFiles, APathOutOfTheSearchPathIsRefusedWithoutOpeningIt) {
  fs::path outside = fresh_dir("outside");
  fs::path inside = fresh_dir("inside");
  // Opening a FIFO blocks until someone writes to it: a test that hangs here
  // opened the file.
  ASSERT_EQ(mkfifo((outside / "fifo.lua").c_str(), 0600), 0);
  write_file(inside / "absolute.lua",
             "local m = require \"" + (outside / "fifo.lua").string() + "\"\n" + kGame);
  write_file(inside / "climbing.lua", "local m = require \"../outside/fifo\"\n" + kGame);
  for (const char* name : {"absolute.lua", "climbing.lua"})
    expect_load_error(inside / name, (inside / name).string() + ":1",
                      "is outside the rules search path");
  // Inside the search path, a FIFO is not a script either.
  ASSERT_EQ(mkfifo((inside / "pipe.lua").c_str(), 0600), 0);
  write_file(inside / "pipe_user.lua", "local m = require \"pipe\"\n" + kGame);
  expect_load_error(inside / "pipe_user.lua", (inside / "pipe_user.lua").string() + ":1",
                    "'pipe' is not a regular file");
}

TEST(HostileFiles, PathsThatStayInsideLoad) {
  fs::path d = fresh_dir("stays");
  fs::create_directories(d / "sub");
  write_file(d / "sub" / "helper.lua", "return { size = 3 }\n");
  write_file(d / "main.lua",
             "local a = require \"sub.helper\"\nlocal b = require \"sub/../sub/helper\"\n"
             "local c = require \"" +
                 (d / "sub" / "helper.lua").string() +
                 "\"\nassert(a == b and b == c, \"one module, however it is named\")\n" + kGame);
  EXPECT_TRUE(script::load_rules((d / "main.lua").string()));
}

TEST(HostileFiles, ASymbolicLinkOutOfTheSearchPathIsRefused) {
  fs::path outside = fresh_dir("link_target");
  fs::path d = fresh_dir("links");
  write_file(outside / "secret.lua", "return { secret = true }\n");
  fs::create_symlink(outside / "secret.lua", d / "secret.lua");
  fs::create_directory_symlink(outside, d / "elsewhere");
  write_file(d / "file_link.lua", "local s = require \"secret\"\n" + kGame);
  write_file(d / "dir_link.lua", "local s = require \"elsewhere.secret\"\n" + kGame);
  for (const char* name : {"file_link.lua", "dir_link.lua"})
    expect_load_error(d / name, (d / name).string() + ":1",
                      "leads outside the rules search path through a symbolic link");
  // The same link is fine once its target's directory is on the search path.
  script::SearchPath path;
  path.add(outside.string());
  EXPECT_TRUE(script::load_rules((d / "file_link.lua").string(), {}, path));
}

TEST(HostileFiles, CyclesAreFoundWhateverTheSpelling) {
  fs::path d = fresh_dir("cycles");
  write_file(d / "a.lua", "return extends(\"./b.lua\", {})\n");
  write_file(d / "b.lua", "return extends(\"" + (d / "a.lua").string() + "\", {})\n");
  fs::create_symlink(d / "c.lua", d / "alias.lua");
  write_file(d / "c.lua", "local m = require \"alias\"\nreturn m\n");
  expect_load_error(d / "a.lua", (d / "b.lua").string() + ":1", "is circular");
  expect_load_error(d / "c.lua", (d / "c.lua").string() + ":1", "require 'alias' is circular");
}

TEST(HostileFiles, AFailedRequireReportsItsOwnErrorWhenRetried) {
  fs::path d = fresh_dir("retry");
  write_file(d / "broken.lua", "error(\"the module's own error\")\n");
  write_file(d / "main.lua", R"(local ok1, e1 = pcall(require, "broken")
local ok2, e2 = pcall(require, "broken")
error("first: " .. e1 .. " / second: " .. e2, 0)
)");
  auto r = script::load_rules((d / "main.lua").string());
  ASSERT_FALSE(r);
  const std::string own = (d / "broken.lua").string() + ":1: the module's own error";
  EXPECT_EQ(r.error().what, "first: " + own + " / second: " + own) << r.error().text();
}

// ---- game records -------------------------------------------------------------------

TEST(HostileRecords, RulesAreReadOnlyFromTheSearchPath) {
  fs::path d = fresh_dir("records");
  write_file(d / "mine.lua", kGame);
  const std::string mine = "[Rules \"mine\"]\n\n*\n";
  auto missing = read_record(mine, script::named_rules_loader());
  ASSERT_FALSE(missing);
  expect_contains(missing.error().what, "no script 'mine' on the rules search path");
  script::SearchPath path;
  path.add(d.string());
  auto found = read_record(mine, script::named_rules_loader(path));
  ASSERT_TRUE(found) << found.error().text();
  EXPECT_EQ(found->rules().name, "mine");
  for (const std::string& name :
       {(d / "mine.lua").string(), std::string("../../etc/passwd"), std::string("/etc/passwd")}) {
    if (name == (d / "mine.lua").string()) {
      // An absolute path inside the search path is fine; outside it, not.
      EXPECT_TRUE(read_record("[Rules \"" + name + "\"]\n\n*\n", script::named_rules_loader(path)))
          << name;
      EXPECT_FALSE(read_record("[Rules \"" + name + "\"]\n\n*\n", script::named_rules_loader()))
          << name;
      continue;
    }
    auto r = read_record("[Rules \"" + name + "\"]\n\n*\n", script::named_rules_loader(path));
    ASSERT_FALSE(r) << name;
    expect_contains(r.error().what, "is outside the rules search path");
  }
  fs::create_symlink("/etc/passwd", d / "passwd.lua");
  auto linked = read_record("[Rules \"passwd\"]\n\n*\n", script::named_rules_loader(path));
  ASSERT_FALSE(linked);
  expect_contains(linked.error().what, "leads outside the rules search path");
}

TEST(HostileRecords, APosKeptByAHookOfARecordsRulesIsAnError) {
  fs::path d = fresh_dir("record_hooks");
  const std::string text = game(kKeptPosFilter);
  write_file(d / "keeper.lua", text);
  script::SearchPath path;
  path.add(d.string());
  auto r = read_record("[Rules \"keeper\"]\n\n*\n", script::named_rules_loader(path));
  ASSERT_FALSE(r) << "using a kept pos raised no error";
  const int line =
      1 + static_cast<int>(std::count(
              text.begin(), text.begin() + static_cast<long>(text.find("kept:at")), '\n'));
  EXPECT_EQ(r.error().where, (d / "keeper.lua").string() + ":" + std::to_string(line))
      << r.error().text();
  expect_contains(r.error().what, "pos used after its hook returned");
}

// ---- hooks --------------------------------------------------------------------------

TEST(HostileHooks, ACounterIsSetOnlyToWhatItHolds) {
  const std::string text = game(
      "  after = function(pos, move) pos:set_counter(\"white\", \"captured\", 1 << 62) end,\n");
  auto r = load("huge_counter", text);
  ASSERT_TRUE(r);
  Game g(r);
  std::optional<Error> err;
  try {
    g.play_text("a1a2");
  } catch (const RuleError& e) {
    err = e.error();
  }
  ASSERT_TRUE(err) << "a counter took 2^62";
  EXPECT_EQ(err->where, script_dir().string() + "/huge_counter.lua:4") << err->text();
  EXPECT_EQ(err->what, "a counter holds -1000000 to 1000000, not 4611686018427387904 (kMaxCount)");
}

TEST(HostileHooks, ARedoThatAFailedScriptRefusesKeepsTheRedoList) {
  auto r = load("redo_refused", game("  after = function(pos, move)\n"
                                     "    if move.to == \"b1\" then error(\"not b1\") end\n"
                                     "  end,\n"));
  ASSERT_TRUE(r);
  Game g(r);
  ASSERT_TRUE(g.play_text("a1a2"));
  ASSERT_TRUE(g.undo());
  // The hook fails on a1b1, and from then on every hook of the script fails.
  EXPECT_THROW(g.play_text("a1b1"), RuleError);
  ASSERT_TRUE(g.can_redo());
  EXPECT_THROW(g.redo(), RuleError);
  EXPECT_TRUE(g.can_redo());
  EXPECT_TRUE(g.history().empty());
  EXPECT_TRUE(g.position() == Position(r));
}

// ---- the command line ---------------------------------------------------------------

TEST(HostileCli, RulesPathAddsADirectoryToRequireFrom) {
  fs::path lib = fresh_dir("cli_lib");
  fs::path d = fresh_dir("cli_main");
  write_file(lib / "sizes.lua", "return { width = 3 }\n");
  write_file(d / "main.lua", "local sizes = require \"sizes\"\n" + kGame);
  CliRun without = run("check " + (d / "main.lua").string());
  EXPECT_EQ(without.code, 1) << without.out;
  expect_contains(without.out, (d / "main.lua").string() +
                                   ":1: require 'sizes': no script 'sizes' on the "
                                   "rules search path");
  for (const char* command : {"check", "info", "moves", "perft"}) {
    CliRun with = run(std::string(command) + " --rules-path " + lib.string() + " " +
                      (d / "main.lua").string() + (std::string(command) == "perft" ? " 1" : ""));
    EXPECT_EQ(with.code, 0) << command << ": " << with.out;
  }
  CliRun missing_dir = run("check --rules-path " + (d / "nowhere").string() + " chess/orthodox");
  EXPECT_EQ(missing_dir.code, 2) << missing_dir.out;
}

TEST(HostileCli, ReplayFindsARecordsRulesOnlyOnTheSearchPath) {
  fs::path lib = fresh_dir("replay_lib");
  write_file(lib / "mine.lua", kGame);
  write_file(lib / "game.pgn", "[Rules \"mine\"]\n\n*\n");
  const std::string record = (lib / "game.pgn").string();
  CliRun without = run("replay " + record);
  EXPECT_EQ(without.code, 1) << without.out;
  expect_contains(without.out, "no script 'mine' on the rules search path");
  CliRun with = run("replay --rules-path " + lib.string() + " " + record);
  EXPECT_EQ(with.code, 0) << with.out;
  expect_contains(with.out, "moves: 0");
}

TEST(HostileCli, HelpExplainsTheRulesSearchPath) {
  CliRun top = run("--help");
  EXPECT_EQ(top.code, 0);
  expect_contains(top.out, "--rules-path DIR");
  CliRun check = run("check --help");
  expect_contains(check.out, "--rules-path");
}

}  // namespace
}  // namespace regula
