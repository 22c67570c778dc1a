#pragma once
// params(given, spec, name): how a shared helper (jetan.game, draughts.game,
// mill.game) declares the parameters it takes, so that a reading script that
// misspells one (`princes = ...`) or gives a value the helper does not know
// (`thoat = "either-order-jump"`) is refused at its own line, naming the key,
// what is allowed and the nearest allowed name, instead of the helper quietly
// taking its default.
//
//   local p = params(given, {
//     thoat = { "either-order-jumps", "orthogonal-first", default = "either-order-jumps" },
//     title = "string",                       -- any string
//     size = { type = "number", required = true },
//   }, "jetan.game")
//
// An entry is a type name ("string", "number", "boolean", "table", "function",
// "any") or a table whose list part holds the allowed values, with `type`,
// `default` and `required`. The result holds every declared key: the value
// given, or the default.

#include <string>
#include <vector>

struct lua_State;

namespace regula::script {

int l_params(lua_State* L);

// The line (1-based) of the first assignment `key =` in text at or after line
// from, outside comments; 0 when there is none.
int assignment_line(const std::string& text, int from, const std::string& key);

// The candidate nearest to word by edit distance, when it is near enough to
// be a misspelling of it; "" otherwise.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace regula::script
