#include "script/lua_state.h"

#include <lua.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "script/prelude.lua.h"

namespace regula::script {

namespace fs = std::filesystem;

namespace {

constexpr size_t kMemoryLimit = 512u << 20;

struct Alloc {
  size_t used = 0;
};

void* limited_alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* a = static_cast<Alloc*>(ud);
  if (nsize == 0) {
    if (ptr) a->used -= osize;
    std::free(ptr);
    return nullptr;
  }
  size_t old = ptr ? osize : 0;
  if (a->used - old + nsize > kMemoryLimit) return nullptr;
  void* p = std::realloc(ptr, nsize);
  if (p) a->used = a->used - old + nsize;
  return p;
}

// Splits "file:line: message" into where and what.
Error split_error(const std::string& msg) {
  size_t colon = msg.find(':');
  while (colon != std::string::npos) {
    size_t next = msg.find(':', colon + 1);
    if (next == std::string::npos) break;
    std::string line = msg.substr(colon + 1, next - colon - 1);
    if (!line.empty() && std::all_of(line.begin(), line.end(), ::isdigit)) {
      std::string what = msg.substr(next + 1);
      if (!what.empty() && what[0] == ' ') what.erase(0, 1);
      return Error{msg.substr(0, next), what};
    }
    colon = next;
  }
  return Error{"", msg};
}

const char* kRegistryKey = "regula.state";

// The line of the last statement of a file that starts with "return" (1 if none).
int return_line(const std::string& file) {
  std::ifstream in(file);
  std::string line;
  int n = 0, found = 1;
  while (std::getline(in, line)) {
    ++n;
    size_t i = line.find_first_not_of(" \t");
    if (i != std::string::npos && line.compare(i, 6, "return") == 0 &&
        (line.size() == i + 6 || !std::isalnum(static_cast<unsigned char>(line[i + 6]))))
      found = n;
  }
  return found;
}

}  // namespace

void count_hook(lua_State* L, lua_Debug*) {
  LuaState* s = LuaState::self(L);
  s->remaining_ -= 1000;
  if (s->remaining_ >= 0) return;
  if (s->exhausted_.empty()) {
    // Level 0 inside a hook is the running Lua function: name its file and line.
    luaL_where(L, 0);
    lua_pushstring(L, "instruction budget exhausted (an endless loop?)");
    lua_concat(L, 2);
    s->exhausted_ = lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  // Raised again every thousand instructions, wherever the script caught it.
  lua_pushstring(L, s->exhausted_.c_str());
  lua_error(L);
}

LuaState* LuaState::self(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kRegistryKey);
  auto* s = static_cast<LuaState*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return s;
}

LuaState::LuaState(std::string rules_dir, std::vector<std::pair<std::string, std::string>> options)
    : rules_dir_(std::move(rules_dir)), options_(std::move(options)) {
  auto* alloc = new Alloc;
  L_ = lua_newstate(limited_alloc, alloc);
  lua_pushlightuserdata(L_, this);
  lua_setfield(L_, LUA_REGISTRYINDEX, kRegistryKey);
  luaL_requiref(L_, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L_, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L_, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L_, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L_, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  luaL_requiref(L_, LUA_DBLIBNAME, luaopen_debug, 1);
  lua_settop(L_, 0);

  // The prelude runs with the full globals and hands back its constructors.
  if (luaL_loadbufferx(L_, kPrelude, std::char_traits<char>::length(kPrelude), "=prelude", "t") ||
      lua_pcall(L_, 0, 2, 0)) {
    last_error_ = lua_tostring(L_, -1);
    lua_settop(L_, 0);
    return;
  }
  merge_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);  // pops merge
  int tags = lua_gettop(L_);

  // The sandbox: a fresh environment with the safe parts of the libraries.
  lua_newtable(L_);
  int env = lua_gettop(L_);
  for (const char* name :
       {"assert", "error", "ipairs", "next", "pairs", "select", "tonumber", "tostring", "type",
        "rawequal", "rawget", "rawlen", "getmetatable", "string", "table", "math", "utf8"}) {
    lua_getglobal(L_, name);
    lua_setfield(L_, env, name);
  }
  lua_pushnil(L_);
  while (lua_next(L_, tags)) {
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_settable(L_, env);
  }
  // pcall catches a script's own errors but never a spent budget.
  lua_pushcfunction(L_, l_pcall);
  lua_setfield(L_, env, "pcall");
  lua_pushcfunction(L_, l_setmetatable);
  lua_setfield(L_, env, "setmetatable");
  lua_pushcfunction(L_, l_require);
  lua_setfield(L_, env, "require");
  lua_pushcfunction(L_, l_option);
  lua_setfield(L_, env, "option");
  lua_pushcfunction(L_, l_extends);
  lua_setfield(L_, env, "extends");
  lua_rawgeti(L_, LUA_REGISTRYINDEX, merge_ref_);
  lua_setfield(L_, env, "merge");
  // Lock it: reading an unknown name or setting a global is an error, which
  // turns typos such as "slid {" into a message naming the line.
  lua_newtable(L_);
  luaL_dostring(L_,
                "return function(_, k) error(\"unknown name '\" .. tostring(k) .. \"'\", 2) end, "
                "function(_, k) error(\"scripts may not set globals (here '\" .. tostring(k) .. "
                "\"'); use local\", 2) end");
  lua_setfield(L_, -3, "__newindex");
  lua_setfield(L_, -2, "__index");
  lua_setmetatable(L_, env);
  env_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  lua_settop(L_, 0);
  // Scripts no longer need the debug library; keep it only for the prelude's upvalue.
  lua_pushnil(L_);
  lua_setglobal(L_, "debug");
}

LuaState::~LuaState() {
  if (!L_) return;
  void* ud = nullptr;
  lua_getallocf(L_, &ud);
  lua_close(L_);
  delete static_cast<Alloc*>(ud);
}

std::string LuaState::resolve(const std::string& spec) const {
  if (spec.size() > 4 && spec.substr(spec.size() - 4) == ".lua" && fs::exists(spec)) return spec;
  if (fs::exists(spec) && fs::is_regular_file(spec)) return spec;
  std::string rel = spec;
  if (rel.find('/') == std::string::npos) std::replace(rel.begin(), rel.end(), '.', '/');
  if (rel.size() < 4 || rel.substr(rel.size() - 4) != ".lua") rel += ".lua";
  return (fs::path(rules_dir_) / rel).string();
}

int LuaState::load_chunk(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    lua_pushstring(L_, ("cannot open '" + file + "'").c_str());
    return LUA_ERRFILE;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  std::string chunkname = "@" + file;
  int rc = luaL_loadbufferx(L_, text.data(), text.size(), chunkname.c_str(), "t");
  if (rc != LUA_OK) return rc;
  lua_rawgeti(L_, LUA_REGISTRYINDEX, env_ref_);
  lua_setupvalue(L_, -2, 1);
  return LUA_OK;
}

Status LuaState::pcall(int nargs, int nresults) {
  // Only the outermost call starts a budget and installs the count hook; a
  // nested call (a hook re-entering Lua through the engine) spends what is left.
  const bool outermost = depth_ == 0;
  if (outermost) {
    remaining_ = budget_;
    exhausted_.clear();
    lua_sethook(L_, count_hook, LUA_MASKCOUNT, 1000);
  }
  ++depth_;
  int rc = lua_pcall(L_, nargs, nresults, 0);
  --depth_;
  if (outermost) lua_sethook(L_, nullptr, 0, 0);
  if (rc == LUA_OK) return std::nullopt;
  std::string msg = lua_isstring(L_, -1) ? lua_tostring(L_, -1) : "error object is not a string";
  if (rc == LUA_ERRMEM) msg = "script ran out of memory";
  lua_pop(L_, 1);
  return split_error(msg);
}

Status LuaState::call(int ref, int nargs, int nresults) {
  lua_rawgeti(L_, LUA_REGISTRYINDEX, ref);
  lua_insert(L_, -(nargs + 1));
  return pcall(nargs, nresults);
}

Expected<Value> LuaState::run_file(const std::string& spec) {
  if (!last_error_.empty()) return Error{"prelude", last_error_};
  std::string file = resolve(spec);
  if (!fs::exists(file)) return Error{spec, "no such script (looked for " + file + ")"};
  lua_settop(L_, 0);
  if (load_chunk(file) != LUA_OK) {
    std::string msg = lua_tostring(L_, -1);
    lua_settop(L_, 0);
    return split_error(msg);
  }
  loading_.push_back(file);
  Status st = pcall(0, 1);
  loading_.pop_back();
  if (st) return *st;
  if (!lua_istable(L_, -1)) {
    std::string got = luaL_typename(L_, -1);
    lua_settop(L_, 0);
    return Error{file, "the script must return a table (game { ... }), not a " + got};
  }
  convert_error_.clear();
  Value v = to_value(lua_gettop(L_), 0);
  if (!convert_error_.empty()) {
    lua_settop(L_, 0);
    return Error{file, convert_error_};
  }
  lua_settop(L_, 0);
  if (v.tag.empty()) v.where = file + ":1";
  // "return game { ... }" is a tail call, which leaves the constructor no caller
  // to take a line from; the script's last return statement is where it was made.
  if (v.where.empty() || v.where[0] == '?' || v.where[0] == '=')
    v.where = file + ":" + std::to_string(return_line(file));
  return v;
}

Value LuaState::to_value(int index, int depth) {
  Value v;
  index = lua_absindex(L_, index);
  switch (lua_type(L_, index)) {
    case LUA_TBOOLEAN:
      v.kind = Value::Kind::kBool;
      v.boolean = lua_toboolean(L_, index);
      break;
    case LUA_TNUMBER:
      v.kind = Value::Kind::kNumber;
      v.number = lua_tonumber(L_, index);
      break;
    case LUA_TSTRING:
      v.kind = Value::Kind::kString;
      v.str = lua_tostring(L_, index);
      break;
    case LUA_TFUNCTION:
      v.kind = Value::Kind::kFunction;
      lua_pushvalue(L_, index);
      v.ref = luaL_ref(L_, LUA_REGISTRYINDEX);
      break;
    case LUA_TTABLE: {
      v.kind = Value::Kind::kTable;
      if (depth > 64) break;
      lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L_, index));
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L_, index, i);
        v.items.push_back(to_value(-1, depth + 1));
        lua_pop(L_, 1);
      }
      lua_pushnil(L_);
      while (lua_next(L_, index)) {
        if (lua_type(L_, -2) == LUA_TSTRING) {
          std::string key = lua_tostring(L_, -2);
          if (key == "__kind" || key == "__where") {
            // Set by the constructors; a script that writes its own must write a string.
            if (lua_type(L_, -1) != LUA_TSTRING) {
              if (convert_error_.empty())
                convert_error_ = "a table's " + key + " is a " + luaL_typename(L_, -1) +
                                 ", not a string (the names __kind and __where are the "
                                 "constructors' own)";
            } else {
              (key == "__kind" ? v.tag : v.where) = lua_tostring(L_, -1);
            }
          } else {
            v.fields.emplace_back(key, to_value(-1, depth + 1));
          }
        } else if (lua_type(L_, -2) == LUA_TNUMBER) {
          lua_Integer k = lua_tointeger(L_, -2);
          if (k < 1 || k > n) v.fields.emplace_back(std::to_string(k), to_value(-1, depth + 1));
        }
        lua_pop(L_, 1);
      }
      std::sort(v.fields.begin(), v.fields.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      break;
    }
    default:
      break;
  }
  return v;
}

std::vector<std::string> LuaState::undeclared_options() const {
  std::vector<std::string> out;
  for (auto& [k, v] : options_) {
    bool found = false;
    for (auto& d : declared_) found |= d.name == k;
    if (!found) out.push_back(k);
  }
  return out;
}

int LuaState::l_require(lua_State* L) {
  LuaState* s = self(L);
  std::string name = luaL_checkstring(L, 1);
  std::string file = s->resolve(name);
  auto it = s->modules_.find(file);
  if (it != s->modules_.end()) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, it->second);
    return 1;
  }
  if (std::find(s->loading_.begin(), s->loading_.end(), file) != s->loading_.end())
    return luaL_error(L, "require '%s' is circular", name.c_str());
  if (!fs::exists(file))
    return luaL_error(L, "no module '%s' (looked for %s)", name.c_str(), file.c_str());
  if (s->load_chunk(file) != LUA_OK) return lua_error(L);
  s->loading_.push_back(file);
  lua_call(L, 0, 1);
  s->loading_.pop_back();
  lua_pushvalue(L, -1);
  s->modules_[file] = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

int LuaState::l_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int rc = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  LuaState* s = self(L);
  if (!s->exhausted_.empty()) {
    lua_pushstring(L, s->exhausted_.c_str());
    return lua_error(L);
  }
  lua_pushboolean(L, rc == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

// setmetatable as the base library has it, except that a metatable with __gc
// is refused: Lua runs finalizers with hooks off, so an endless one would hang
// the program outside any instruction budget (even when the state closes).
int LuaState::l_setmetatable(lua_State* L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
  if (t == LUA_TTABLE) {
    lua_pushstring(L, "__gc");
    bool gc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (gc) return luaL_error(L, "scripts may not set __gc (finalizers run outside the budget)");
  }
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

int LuaState::l_extends(lua_State* L) {
  LuaState* s = self(L);
  std::string name = luaL_checkstring(L, 1);
  std::string file = s->resolve(name);
  if (std::find(s->loading_.begin(), s->loading_.end(), file) != s->loading_.end())
    return luaL_error(L, "extends '%s' is circular", name.c_str());
  if (!fs::exists(file))
    return luaL_error(L, "extends: no script '%s' (looked for %s)", name.c_str(), file.c_str());
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->merge_ref_);
  if (s->load_chunk(file) != LUA_OK) return lua_error(L);
  s->loading_.push_back(file);
  lua_call(L, 0, 1);
  s->loading_.pop_back();
  if (!lua_istable(L, -1))
    return luaL_error(L, "extends: '%s' does not return a table", name.c_str());
  if (lua_isnoneornil(L, 2)) {
    lua_newtable(L);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushvalue(L, 2);
  }
  lua_call(L, 2, 1);
  return 1;
}

int LuaState::l_option(lua_State* L) {
  LuaState* s = self(L);
  std::string name = luaL_checkstring(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  std::vector<std::string> values;
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 2, i);
    if (!lua_isstring(L, -1))
      return luaL_error(L, "option '%s': values must be strings", name.c_str());
    values.push_back(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  if (values.empty()) return luaL_error(L, "option '%s' needs at least one value", name.c_str());
  std::string chosen = lua_isstring(L, 3) ? lua_tostring(L, 3) : values.front();
  if (std::find(values.begin(), values.end(), chosen) == values.end())
    return luaL_error(L, "option '%s': default '%s' is not one of its values", name.c_str(),
                      chosen.c_str());
  for (auto& [k, v] : s->options_)
    if (k == name) chosen = v;
  if (std::find(values.begin(), values.end(), chosen) == values.end()) {
    std::string allowed;
    for (auto& v : values) allowed += (allowed.empty() ? "" : ", ") + v;
    return luaL_error(L, "option %s=%s is not allowed; allowed values: %s", name.c_str(),
                      chosen.c_str(), allowed.c_str());
  }
  for (auto& d : s->declared_)
    if (d.name == name && d.values != values)
      return luaL_error(L, "option '%s' is declared twice, with different values", name.c_str());
  bool known = false;
  for (auto& d : s->declared_) known |= d.name == name;
  if (!known) s->declared_.push_back({name, values, chosen});
  lua_pushstring(L, chosen.c_str());
  return 1;
}

}  // namespace regula::script
