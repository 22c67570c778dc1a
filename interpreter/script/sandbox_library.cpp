#include "script/sandbox_library.h"

#include <lua.hpp>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

#include "script/limits.h"
#include "script/lua_state.h"

namespace regula::script {

namespace {

// More values than a Lua stack holds: the real function refuses the request
// at once ("too many results"), so it costs nothing.
constexpr lua_Integer kMaxResults = 1'000'000;

lua_Integer opt_integer(lua_State* L, int arg, lua_Integer dflt) {
  int ok = 0;
  lua_Integer v = lua_tointegerx(L, arg, &ok);
  return ok ? v : dflt;
}

size_t string_length(lua_State* L, int arg) {
  return lua_type(L, arg) == LUA_TSTRING ? lua_rawlen(L, arg) : 0;
}

// The length the table functions will use (__len included); 0 for a value
// that is not a table, which the real function refuses.
lua_Integer table_length(lua_State* L, int arg) {
  return lua_type(L, arg) == LUA_TTABLE ? luaL_len(L, arg) : 0;
}

// Elements from i to j, as a count that cannot overflow.
lua_Integer count(lua_Integer i, lua_Integer j) {
  if (j < i) return 0;
  lua_Unsigned n = static_cast<lua_Unsigned>(j) - static_cast<lua_Unsigned>(i);
  return n >= static_cast<lua_Unsigned>(LUA_MAXINTEGER) ? LUA_MAXINTEGER
                                                        : static_cast<lua_Integer>(n + 1);
}

// Values a string.byte-like function returns for positions i..j of a string
// of length len (negative positions count from the end, as in Lua).
lua_Integer results(lua_Integer i, lua_Integer j, size_t len) {
  const lua_Integer n = static_cast<lua_Integer>(len);
  if (i < 0) i = i < -n ? 1 : n + i + 1;
  if (i == 0) i = 1;
  if (j < 0) j = j < -n ? 0 : n + j + 1;
  if (j > n) j = n;
  lua_Integer c = count(i, j);
  return c > kMaxResults ? 0 : c;
}

long cost_rep(lua_State* L) {
  lua_Integer n = opt_integer(L, 2, 0);
  size_t piece = string_length(L, 1) + string_length(L, 3);
  // Too long a result is refused at once; the copies are what take time.
  if (n <= 0 || (piece > 0 && static_cast<lua_Unsigned>(n) > INT_MAX / piece)) return 0;
  return n;
}

long cost_byte(lua_State* L) {
  lua_Integer i = opt_integer(L, 2, 1);
  return results(i, opt_integer(L, 3, i), string_length(L, 1));
}

// tonumber and the utf8 functions decode their string byte by byte.
long cost_scan(lua_State* L) {
  return static_cast<long>(string_length(L, 1));
}

long cost_shift(lua_State* L) {
  return table_length(L, 1);
}

long cost_concat(lua_State* L) {
  lua_Integer last = table_length(L, 1);
  return count(opt_integer(L, 3, 1), opt_integer(L, 4, last));
}

long cost_unpack(lua_State* L) {
  lua_Integer i = opt_integer(L, 2, 1);
  lua_Integer e = lua_isnoneornil(L, 3) ? table_length(L, 1) : opt_integer(L, 3, 0);
  lua_Integer c = count(i, e);
  return c > kMaxResults ? 0 : c;
}

long cost_move(lua_State* L) {
  return count(opt_integer(L, 2, 1), opt_integer(L, 3, 0));
}

// Lua's pattern matcher backtracks: each quantifier (*, +, -, ?), balance (%b)
// or back-reference (%1..%9) may try every position of the subject again, nested
// within the ones before it. A call is charged in advance for that worst case:
// (subject length + 1) to the power of their number, times the pattern's length,
// times the start positions tried (one when the pattern is anchored with ^,
// every position otherwise), one instruction per kBytesPerInstruction steps. So a
// pattern that could run for hours stops at once with the budget's error, and a
// short pattern on the short strings rules deal in costs next to nothing.
long pattern_cost(lua_State* L, bool every_match) {
  size_t n = 0, m = 0;
  const char* subject = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &n) : nullptr;
  const char* p = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &m) : nullptr;
  if (!subject || !p) return 0;             // the real function refuses them
  if (!every_match && lua_toboolean(L, 4))  // a plain find compares bytes only
    return static_cast<long>(std::min<double>(1e15, 1.0 * n * m / kBytesPerInstruction) + 1);
  bool anchored = m > 0 && p[0] == '^';
  int quantifiers = 0;
  for (size_t i = anchored ? 1 : 0; i < m;) {
    size_t end = i + 1;
    if (p[i] == '%' && i + 1 < m) {
      const char c = p[i + 1];
      if (c == 'b') {
        ++quantifiers;
        i += 4;
        continue;
      }
      if (c >= '1' && c <= '9') ++quantifiers;
      end = i + 2;
      if (c == 'f') {  // a frontier is followed by a set
        i = end;
        continue;
      }
    } else if (p[i] == '[') {
      size_t j = i + 1;
      if (j < m && p[j] == '^') ++j;
      if (j < m) ++j;  // a ']' first is part of the set
      while (j < m && p[j] != ']') j += p[j] == '%' ? 2 : 1;
      end = j + 1;
    } else if (p[i] == '(' || p[i] == ')') {
      i = end;
      continue;
    }
    if (end < m && (p[end] == '*' || p[end] == '+' || p[end] == '-' || p[end] == '?')) {
      ++quantifiers;
      ++end;
    }
    i = end;
  }
  double cost = (m + 1.0) * (anchored && !every_match ? 1.0 : n + 1.0);
  for (int q = 0; q < quantifiers && cost < 1e15; ++q) cost *= n + 1.0;
  return static_cast<long>(std::min(cost / kBytesPerInstruction, 1e15)) + 1;
}

long cost_find(lua_State* L) {
  return pattern_cost(L, false);
}

long cost_every_match(lua_State* L) {
  return pattern_cost(L, true);
}

long cost_sort(lua_State* L) {
  lua_Integer n = table_length(L, 1);
  if (n < 2 || n >= INT_MAX) return 0;
  return n * std::bit_width(static_cast<uint64_t>(n));
}

// The library function this closure replaced is its first upvalue; it uses
// no upvalues of its own, so it can run in this closure's frame.
template <long (*Cost)(lua_State*)>
int charged(lua_State* L) {
  LuaState::charge(L, Cost(L));
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// Charges the string a library function returned (the first of its n
// results) by its length: formatting and copying take time in proportion to
// what they make, also where Lua allocates nothing for it (a short string it
// had already, a buffer on the C stack).
int charge_made(lua_State* L, int n) {
  if (n >= 1 && lua_type(L, -n) == LUA_TSTRING)
    LuaState::charge(L, 1 + static_cast<long>(lua_rawlen(L, -n) / kBytesPerInstruction));
  return n;
}

long nothing_first(lua_State*) {
  return 0;
}

// charged<Cost>, and then the string made (charge_made).
template <long (*Cost)(lua_State*)>
int charged_made(lua_State* L) {
  LuaState::charge(L, Cost(L));
  return charge_made(L, lua_tocfunction(L, lua_upvalueindex(1))(L));
}

// The iterator utf8.codes returns: one call may skip any number of
// continuation bytes, so it is charged for the bytes it moved over.
int charged_codes_step(lua_State* L) {
  const lua_Integer before = opt_integer(L, 2, 0);
  const size_t len = string_length(L, 1);
  const int top = lua_gettop(L);
  int n = lua_tocfunction(L, lua_upvalueindex(1))(L);
  lua_Integer after = n == 2 ? opt_integer(L, top + 1, 0) : static_cast<lua_Integer>(len);
  LuaState::charge(L, 1 + count(before, after));
  return n;
}

int charged_codes(lua_State* L) {
  int n = lua_tocfunction(L, lua_upvalueindex(1))(L);  // iterator, s, 0
  lua_pushvalue(L, -n);
  lua_pushcclosure(L, charged_codes_step, 1);
  lua_replace(L, -(n + 1));
  return n;
}

void wrap(lua_State* L, int lib, const char* name, lua_CFunction wrapper) {
  lua_getfield(L, lib, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, lib, name);
}

void drop(lua_State* L, int lib, const char* name) {
  lua_pushnil(L);
  lua_setfield(L, lib, name);
}

}  // namespace

void meter_libraries(lua_State* L) {
  const int top = lua_gettop(L);
  lua_getglobal(L, LUA_STRLIBNAME);
  const int str = lua_gettop(L);
  wrap(L, str, "find", charged<cost_find>);
  wrap(L, str, "match", charged<cost_find>);
  wrap(L, str, "gmatch", charged<cost_every_match>);
  wrap(L, str, "gsub", charged<cost_every_match>);
  wrap(L, str, "rep", charged_made<cost_rep>);
  for (const char* name : {"format", "lower", "upper", "reverse"})
    wrap(L, str, name, charged_made<nothing_first>);
  wrap(L, str, "byte", charged<cost_byte>);
  for (const char* name : {"dump", "pack", "packsize", "unpack"}) drop(L, str, name);

  lua_getglobal(L, LUA_TABLIBNAME);
  const int tab = lua_gettop(L);
  wrap(L, tab, "insert", charged<cost_shift>);
  wrap(L, tab, "remove", charged<cost_shift>);
  wrap(L, tab, "concat", charged_made<cost_concat>);
  wrap(L, tab, "unpack", charged<cost_unpack>);
  wrap(L, tab, "move", charged<cost_move>);
  wrap(L, tab, "sort", charged<cost_sort>);

  lua_getglobal(L, LUA_UTF8LIBNAME);
  const int utf = lua_gettop(L);
  wrap(L, utf, "len", charged<cost_scan>);
  wrap(L, utf, "offset", charged<cost_scan>);
  wrap(L, utf, "codepoint", charged<cost_byte>);
  wrap(L, utf, "codes", charged_codes);

  lua_pushglobaltable(L);
  wrap(L, lua_gettop(L), "tonumber", charged<cost_scan>);
  wrap(L, lua_gettop(L), "tostring", charged_made<nothing_first>);
  lua_settop(L, top);
}

}  // namespace regula::script
