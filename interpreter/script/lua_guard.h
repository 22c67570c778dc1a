#pragma once
// A C++ exception must never unwind through Lua's frames (Lua is built as C++
// and would take it for an error of unknown kind): every function Lua calls
// that runs C++ which may throw goes through guarded<>, which turns the
// exception into a Lua error with the same message.

#include <lua.hpp>

#include <exception>
#include <string>

#include "core/rule_error.h"

namespace regula::script {

template <lua_CFunction F>
int guarded(lua_State* L) {
  std::string failure;
  try {
    return F(L);
  } catch (const RuleError& e) {
    failure = e.error().text();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  lua_pushstring(L, failure.c_str());
  return lua_error(L);
}

}  // namespace regula::script
