// params(given, spec, name): the parameters a shared helper takes, declared so
// that a misspelt name or an unknown value is refused at the line of the
// script that passed it (script/params_builtin.h).
#include "formats/presentation.h"
#include "script/params_builtin.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "script_support.h"

namespace regula {
namespace {

using test_support::load;
using test_support::load_error;
using test_support::write_script;

std::string path_of(const std::string& name) {
  return (test_support::script_dir() / (name + ".lua")).string();
}

// The bundled rules/jetan/cazaux.lua with one text replaced, and the line the
// replacement is on.
std::pair<std::string, int> cazaux_with(const std::string& from, const std::string& to) {
  std::ifstream in(std::string(REGULA_RULES_DIR) + "/jetan/cazaux.lua");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at == std::string::npos) return {text, 0};
  text.replace(at, from.size(), to);
  return {text, 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'))};
}

TEST(Params, AValueAHelperDoesNotKnowIsRefusedAtTheReadingsLine) {
  auto [text, line] =
      cazaux_with("thoat = \"either-order-jumps\"", "thoat = \"either-order-jump\"");
  ASSERT_GT(line, 0);
  const Error e = load_error("cazaux_bad_value", text);
  EXPECT_EQ(e.where, path_of("cazaux_bad_value") + ":" + std::to_string(line));
  EXPECT_EQ(e.what,
            "jetan.game: thoat = \"either-order-jump\" is not allowed (did you mean "
            "\"either-order-jumps\"?); allowed: \"either-order-jumps\", \"orthogonal-first\"");
}

TEST(Params, AKeyAHelperDoesNotTakeIsRefusedWithTheNearestName) {
  auto [text, line] = cazaux_with("princess = \"bold\"", "princes = \"bold\"");
  ASSERT_GT(line, 0);
  const Error e = load_error("cazaux_bad_key", text);
  EXPECT_EQ(e.where, path_of("cazaux_bad_key") + ":" + std::to_string(line));
  EXPECT_EQ(e.what,
            "jetan.game: unknown parameter 'princes' (did you mean 'princess'?); jetan.game "
            "takes: chief_taken, description, draw_values, filter, flier_jumps, panthan, "
            "princess, sources, steps, thoat, title");
}

TEST(Params, ExactLinesWhetherOrNotTheHelperIsATailCall) {
  const std::string tail = R"(local jetan = require "jetan.common"
-- a comment naming thoat = "orthogonal-first" is not the line
return jetan.game {
  title = "my reading",
  princess = "bold",
  thoat = "either-order-jump",
}
)";
  Error e = load_error("params_tail", tail);
  EXPECT_EQ(e.where, path_of("params_tail") + ":6");
  const std::string local = R"(local jetan = require "jetan.common"
local g = jetan.game {
  title = "my reading",
  princes = "bold",
}
return g
)";
  e = load_error("params_local", local);
  EXPECT_EQ(e.where, path_of("params_local") + ":4");
  EXPECT_EQ(e.what.substr(0, 46), "jetan.game: unknown parameter 'princes' (did y");
  // Both wrong: the unknown name is reported first.
  const std::string both = R"(local jetan = require "jetan.common"
return jetan.game {
  title = "my reading",
  thoat = "either-order-jump",
  princes = "bold",
}
)";
  e = load_error("params_both", both);
  EXPECT_EQ(e.where, path_of("params_both") + ":5");
}

TEST(Params, TypesNumbersBooleansAndRequiredParameters) {
  const std::string draughts = R"(local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)
return draughts.game { title = "t",
  size = 9,
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "diagonal", flying_kings = true, capture = "max" }
)";
  Error e = load_error("params_size", draughts);
  EXPECT_EQ(e.where, path_of("params_size") + ":4");
  EXPECT_EQ(e.what, "draughts.game: size = 9 is not allowed; allowed: 8, 10");
  std::string flying = draughts;
  flying.replace(flying.find("size = 9"), 8, "size = 8");
  flying.replace(flying.find("flying_kings = true"), 19, "flying_kings = \"yes\"");
  e = load_error("params_flying", flying);
  EXPECT_EQ(e.where, path_of("params_flying") + ":7");
  EXPECT_EQ(e.what, "draughts.game: flying_kings = \"yes\" is not allowed; allowed: true, false");
  std::string title = draughts;
  title.replace(title.find("size = 9"), 8, "size = 8");
  title.replace(title.find("title = \"t\""), 11, "title = 5");
  e = load_error("params_title", title);
  EXPECT_EQ(e.where, path_of("params_title") + ":3");
  EXPECT_EQ(e.what, "draughts.game: title must be a string, not 5");
  const std::string mill = R"(local mill = require "mill.common"
return mill.game {
  title = "m",
  tokens = 3,
  piece = { name = "token", symbol = "T" },
}
)";
  e = load_error("params_required", mill);
  EXPECT_EQ(e.where, path_of("params_required") + ":2");
  EXPECT_EQ(e.what, "mill.game: parameter 'diagonals' is required");
}

TEST(Params, DefaultsAreFilledAndTheResultHoldsOnlyDeclaredKeys) {
  auto r = load("params_defaults", R"(
local p = params({ b = 2 }, { a = { "x", "y", default = "y" }, b = "number", c = "string" }, "t")
assert(p.a == "y" and p.b == 2 and p.c == nil)
local q = params(nil, { a = { "x", default = "x" } })
assert(q.a == "x")
return game {
  title = p.a,
  board = grid { width = 2, height = 2 },
  pieces = { piece { name = "k", symbol = "K", moves = { step { dirs = "all" } } } },
  setup = { white = { k = "a1" } },
}
)");
  ASSERT_TRUE(r);
  EXPECT_EQ(presentation_of(*r).title, "y");
}

TEST(Params, ABadSpecIsTheHelpersOwnError) {
  const Error e = load_error("params_bad_spec", R"(local function helper(p)
  return params(p, { a = "strnig" }, "helper")
end
return helper { a = "x" }
)");
  EXPECT_EQ(e.where, path_of("params_bad_spec") + ":2");
  EXPECT_NE(e.what.find("params: parameter 'a' has type 'strnig'"), std::string::npos) << e.what;
}

// A helper that takes one value rather than a table checks it the same way,
// at the line of the call.
TEST(Params, AHelperOfOneValueChecksItToo) {
  const Error e = load_error("params_four", R"(local four = require "chaturanga.four"
local order = four.turn_order("counter-clockwize")
return game { title = order }
)");
  EXPECT_EQ(e.where, path_of("params_four") + ":2");
  EXPECT_EQ(e.what,
            "chaturanga.four.turn_order: turns = \"counter-clockwize\" is not allowed (did you "
            "mean \"counter-clockwise\"?); allowed: \"clockwise\", \"counter-clockwise\"");
}

TEST(Params, NearestAndAssignmentLine) {
  using script::assignment_line;
  using script::nearest;
  EXPECT_EQ(nearest("princes", {"princess", "panthan", "title"}), "princess");
  EXPECT_EQ(nearest("either-order-jump", {"either-order-jumps", "orthogonal-first"}),
            "either-order-jumps");
  EXPECT_EQ(nearest("zzz", {"princess", "panthan"}), "");
  const std::string text = "-- thoat = 1\nx = { thoat2 = 1,\n  thoat = 2 }\nthoat == 3\n";
  EXPECT_EQ(assignment_line(text, 1, "thoat"), 3);
  EXPECT_EQ(assignment_line(text, 4, "thoat"), 0);
  EXPECT_EQ(assignment_line("a = \"-- thoat = 1\" thoat = 2\n", 1, "thoat"), 1);
}

}  // namespace
}  // namespace regula
