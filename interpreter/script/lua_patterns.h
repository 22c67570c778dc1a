#pragma once
// string.find, string.match, string.gmatch and string.gsub for the sandbox.
// Lua's own run entirely in C, where the instruction budget's count hook never
// fires, and a backtracking pattern such as ("a*"):rep(20) .. "b" against forty
// "a"s takes hours. These are Lua 5.4's pattern matcher with one change: every
// step of the matcher (a call of its match function, a character tried by a
// repetition or %b, kBytesPerInstruction bytes compared or searched) costs one
// instruction of the budget, so such a match stops with the budget's error at
// the script's line, like an endless loop.

struct lua_State;

namespace regula::script {

int metered_find(lua_State* L);
int metered_match(lua_State* L);
int metered_gmatch(lua_State* L);
int metered_gsub(lua_State* L);

}  // namespace regula::script
