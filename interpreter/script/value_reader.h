#pragma once
// Reads the table a script returned into a Value tree. A Lua table is a graph,
// a Value is a tree: a table that contains itself, tables nested without end,
// or one table shared by many fields (each share is copied) could hang the
// reader or make a tree far larger than the script's own memory. So the
// reader refuses a cycle, nesting deeper than kMaxValueDepth, and more than
// kMaxValueCount values or kMaxValueBytes bytes in all, each with the line of
// the nearest constructor (piece { ... } and the like) around the problem.
// Only raw reads: no metamethod runs.

#include <string>

#include "core/expected.h"
#include "script/value.h"

struct lua_State;

namespace regula::script {

// The value at index. Functions become registry references (Value::ref).
// fallback_where names the place for errors outside every constructor. Must be
// called inside a protected call: it may raise a Lua memory error.
Expected<Value> read_value(lua_State* L, int index, const std::string& fallback_where);

}  // namespace regula::script
