#include "script/params_builtin.h"

#include <lua.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "core/edit_distance.h"
#include "script/lua_state.h"

namespace regula::script {

namespace {

bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// A line without its comment (from "--" outside a string on).
std::string code_of(const std::string& line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '-' && i + 1 < line.size() && line[i + 1] == '-') {
      return line.substr(0, i);
    }
  }
  return line;
}

// A value as a script writes it: "text", 5, true.
std::string shown(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, index, &n);
      std::string v(s, std::min<size_t>(n, 80));
      return "\"" + v + (n > 80 ? "..." : "") + "\"";
    }
    case LUA_TNUMBER:
    case LUA_TBOOLEAN: {
      lua_pushvalue(L, index);
      std::string v = luaL_tolstring(L, -1, nullptr);
      lua_pop(L, 2);
      return v;
    }
    default:
      return std::string("a ") + luaL_typename(L, index);
  }
}

// The file and line a helper's parameters were written at: the line of the
// key in the script that called the helper. A helper called by a tail call
// (`return jetan.game { ... }`) has lost its caller's frame; then the script
// being run is the one that wrote the call.
struct Place {
  std::string file;
  int call_line = 0;  // 0: unknown (a tail call)
  std::string text;   // the file's text, when it could be read
};

Place caller_place(lua_State* L) {
  Place p;
  lua_Debug ar;
  const bool tail = lua_getstack(L, 1, &ar) && lua_getinfo(L, "t", &ar) && ar.istailcall;
  if (!tail && lua_getstack(L, 2, &ar) && lua_getinfo(L, "Sl", &ar) && ar.source &&
      ar.source[0] == '@' && ar.currentline > 0) {
    p.file = ar.source + 1;
    p.call_line = ar.currentline;
  }
  const auto& files = LuaState::self(L)->loading_files();
  for (auto it = files.rbegin(); it != files.rend(); ++it) {
    if (!p.file.empty() && it->path != p.file) continue;
    p.file = it->path;
    if (auto text = LuaState::self(L)->text_of(*it)) p.text = std::move(*text);
    break;
  }
  return p;
}

[[noreturn]] void refuse(lua_State* L, const std::string& key, const std::string& what) {
  const Place p = caller_place(L);
  int line = key.empty() ? 0 : assignment_line(p.text, std::max(p.call_line, 1), key);
  if (!line) line = p.call_line ? p.call_line : return_line(p.text);
  const std::string where = p.file.empty() ? "" : p.file + ":" + std::to_string(line) + ": ";
  lua_pushstring(L, (where + what).c_str());
  lua_error(L);
  std::abort();  // lua_error does not return
}

const char* const kTypes[] = {"string", "number", "boolean", "table", "function", "any"};

struct Entry {
  std::string type = "any";
  int values = 0;  // allowed values: the entry table's list part (0: any of the type)
  bool required = false;
};

}  // namespace

int assignment_line(const std::string& text, int from, const std::string& key) {
  int n = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (++n >= from) {
      const std::string code = code_of(text.substr(start, end - start));
      for (size_t at = code.find(key); at != std::string::npos; at = code.find(key, at + 1)) {
        if (at > 0 && ident_char(code[at - 1])) continue;
        size_t i = at + key.size();
        if (i < code.size() && ident_char(code[i])) continue;
        while (i < code.size() && (code[i] == ' ' || code[i] == '\t')) ++i;
        if (i < code.size() && code[i] == '=' && (i + 1 >= code.size() || code[i + 1] != '='))
          return n;
      }
    }
    start = end + 1;
  }
  return 0;
}

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const std::string& c : candidates) {
    const size_t d = edit_distance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  const size_t limit = std::max<size_t>(2, std::min(word.size(), best.size()) / 3);
  return best_d <= limit ? best : "";
}

namespace {

// The spec at index 2, checked first: a bad spec is the helper's own mistake,
// at its line.
std::map<std::string, Entry> read_spec(lua_State* L) {
  std::map<std::string, Entry> spec;
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    LuaState::charge(L, 1);
    if (lua_type(L, -2) != LUA_TSTRING)
      luaL_error(L, "params: the names of parameters must be strings");
    const std::string key = lua_tostring(L, -2);
    Entry e;
    if (lua_type(L, -1) == LUA_TSTRING) {
      e.type = lua_tostring(L, -1);
    } else if (lua_istable(L, -1)) {
      e.values = static_cast<int>(lua_rawlen(L, -1));
      if (lua_getfield(L, -1, "type") != LUA_TNIL)
        e.type = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
      lua_pop(L, 1);
      lua_getfield(L, -1, "required");
      e.required = lua_toboolean(L, -1);
      lua_pop(L, 1);
    } else {
      luaL_error(L, "params: parameter '%s' is declared by a %s (a type name or a table)",
                 key.c_str(), luaL_typename(L, -1));
    }
    if (std::find(std::begin(kTypes), std::end(kTypes), e.type) == std::end(kTypes))
      luaL_error(L,
                 "params: parameter '%s' has type '%s' (types: string, number, boolean, "
                 "table, function, any)",
                 key.c_str(), e.type.c_str());
    spec[key] = e;
    lua_pop(L, 1);
  }
  return spec;
}

// Refuses the first given key (index 1) the spec does not name, in
// alphabetical order so that the one reported is always the same.
void refuse_unknown_keys(lua_State* L, const std::string& helper,
                         const std::map<std::string, Entry>& spec) {
  std::vector<std::string> unknown;
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    LuaState::charge(L, 1);
    if (lua_type(L, -2) != LUA_TSTRING)
      refuse(
          L, "",
          helper + ": parameters are named (key = value); found a value at [" + shown(L, -2) + "]");
    const std::string key = lua_tostring(L, -2);
    if (!spec.count(key)) unknown.push_back(key);
    lua_pop(L, 1);
  }
  if (unknown.empty()) return;
  std::vector<std::string> names;
  std::string all;
  for (const auto& [k, e] : spec) {
    names.push_back(k);
    all += (all.empty() ? "" : ", ") + k;
  }
  std::sort(unknown.begin(), unknown.end());
  const std::string& key = unknown.front();
  const std::string near = key.size() > 80 ? "" : nearest(key, names);
  refuse(L, key,
         helper + ": unknown parameter '" + (key.size() > 80 ? key.substr(0, 80) + "..." : key) +
             "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") + "; " + helper +
             " takes: " + all);
}

// Refuses a value (at index value) that is not one of the entry table's
// (at index entry) list of allowed values.
void refuse_unlisted(lua_State* L, const std::string& helper, const std::string& key, int values,
                     int entry, int value) {
  bool found = false;
  std::vector<std::string> allowed;
  std::vector<std::string> texts;  // the allowed values that are strings, for did you mean
  for (int i = 1; i <= values; ++i) {
    lua_rawgeti(L, entry, i);
    found = found || lua_rawequal(L, -1, value);
    allowed.push_back(shown(L, -1));
    if (lua_type(L, -1) == LUA_TSTRING) texts.push_back(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  if (found) return;
  std::string list;
  for (auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  std::string near;
  if (lua_type(L, value) == LUA_TSTRING) near = nearest(lua_tostring(L, value), texts);
  refuse(L, key,
         helper + ": " + key + " = " + shown(L, value) + " is not allowed" +
             (near.empty() ? "" : " (did you mean \"" + near + "\"?)") + "; allowed: " + list);
}

}  // namespace

// params(given, spec, name)
int l_params(lua_State* L) {
  const bool no_given = lua_isnoneornil(L, 1);
  if (!no_given) luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  const std::string helper = luaL_optstring(L, 3, "parameters");
  lua_settop(L, 3);
  if (no_given) {
    lua_newtable(L);
    lua_replace(L, 1);
  }
  const std::map<std::string, Entry> spec = read_spec(L);
  refuse_unknown_keys(L, helper, spec);

  // Values, and the result with the defaults filled in.
  lua_newtable(L);
  const int out = lua_gettop(L);
  for (const auto& [key, e] : spec) {
    lua_getfield(L, 2, key.c_str());
    const int entry = lua_gettop(L);
    lua_getfield(L, 1, key.c_str());
    const int value = lua_gettop(L);
    if (lua_isnil(L, value)) {
      if (e.required) refuse(L, "", helper + ": parameter '" + key + "' is required");
      if (lua_istable(L, entry)) {
        lua_getfield(L, entry, "default");
        lua_setfield(L, out, key.c_str());
      }
      lua_settop(L, out);
      continue;
    }
    if (e.type != "any" && e.type != luaL_typename(L, value))
      refuse(L, key, helper + ": " + key + " must be a " + e.type + ", not " + shown(L, value));
    if (e.values > 0) refuse_unlisted(L, helper, key, e.values, entry, value);
    lua_pushvalue(L, value);
    lua_setfield(L, out, key.c_str());
    lua_settop(L, out);
  }
  return 1;
}

}  // namespace regula::script
