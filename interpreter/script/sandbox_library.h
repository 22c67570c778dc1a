#pragma once
// The standard library as scripts see it. The count hook that enforces the
// instruction budget only fires between VM instructions, so a library function
// that loops in C (string.rep("", 1e18), table.insert at the front of a table
// whose __len says 2^62, string.byte over a long slice) could run for hours in
// what the budget counts as one instruction. Each such function is replaced by
// one that charges its work to the budget first (see kBytesPerInstruction in
// limits.h): the pattern functions by the steps they take (lua_patterns.h),
// the others by the elements, repetitions, results or bytes they will handle.
// Those that make a string (string.format, lower, upper, reverse and rep,
// table.concat, tostring) are charged as well, once it is made, by its length.
// Functions scripts have no use for and that read or write binary data
// (string.dump, string.pack, string.packsize, string.unpack) are removed.
//
// The library tables are changed in place, so the string metatable, whose
// __index is the string table, gives ("x"):find(...) the charged version too.

struct lua_State;

namespace regula::script {

// Changes the string, table and utf8 tables and the globals tonumber and
// tostring of L.
void meter_libraries(lua_State* L);

}  // namespace regula::script
