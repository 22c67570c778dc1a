#include "script/value_reader.h"

#include <lua.hpp>

#include <algorithm>
#include <cstring>
#include <vector>

#include "script/limits.h"

namespace regula::script {

namespace {

struct ReadError {
  Error error;
};

// A constructor's __where that names a place ("file:line"): a tail call or a
// chunk without a file leaves "?" or "=..." instead.
bool names_a_place(const char* where) {
  return where[0] != '\0' && where[0] != '?' && where[0] != '=' && std::strchr(where, ':');
}

class Reader {
 public:
  explicit Reader(lua_State* L) : L_(L) {}

  Value read(int index, int depth, const std::string& where) {
    Value v;
    index = lua_absindex(L_, index);
    account(1, sizeof(Value), where);
    switch (lua_type(L_, index)) {
      case LUA_TBOOLEAN:
        v.kind = Value::Kind::kBool;
        v.boolean = lua_toboolean(L_, index);
        break;
      case LUA_TNUMBER:
        v.kind = Value::Kind::kNumber;
        v.number = lua_tonumber(L_, index);
        break;
      case LUA_TSTRING: {
        v.kind = Value::Kind::kString;
        size_t n = 0;
        const char* s = lua_tolstring(L_, index, &n);
        account(0, n, where);
        v.str.assign(s, n);
        break;
      }
      case LUA_TFUNCTION:
        v.kind = Value::Kind::kFunction;
        lua_pushvalue(L_, index);
        v.ref = luaL_ref(L_, LUA_REGISTRYINDEX);
        break;
      case LUA_TTABLE:
        read_table(v, index, depth, where);
        break;
      default:
        break;
    }
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw ReadError{Error{where, what}};
  }

  // "pieces[2].moves" for the keys path_[0, n), or "the returned table" at the top;
  // a long one keeps its ends.
  std::string path(size_t n) const {
    constexpr size_t kEnds = 5;
    std::string p;
    for (size_t i = 0; i < n; ++i) {
      if (n > 2 * kEnds + 1 && i == kEnds) {
        p += "...";
        i = n - kEnds;
      }
      p += path_[i];
    }
    if (p.empty()) return "the returned table";
    return p[0] == '.' ? p.substr(1) : p;
  }
  std::string path() const { return path(path_.size()); }

  void account(long values, size_t bytes, const std::string& where) {
    values_ += values;
    bytes_ += bytes;
    if (values_ > kMaxValueCount)
      fail(where, "the tables the script returns hold more than " + std::to_string(kMaxValueCount) +
                      " values (kMaxValueCount; a table shared by several fields counts once "
                      "for each), at " +
                      path());
    if (bytes_ > kMaxValueBytes)
      fail(where, "the tables the script returns take more than " +
                      std::to_string(kMaxValueBytes >> 20) +
                      " MiB (kMaxValueBytes; a table shared by several fields counts once for "
                      "each), at " +
                      path());
  }

  // __kind or __where, which only the constructors set, and only to strings.
  const char* tag_field(int index, const char* key, const std::string& where) {
    lua_pushstring(L_, key);
    int type = lua_rawget(L_, index);
    const char* s = nullptr;
    if (type == LUA_TSTRING)
      s = lua_tostring(L_, -1);
    else if (type != LUA_TNIL)
      fail(where, std::string("a table's ") + key + " is a " + lua_typename(L_, type) +
                      ", not a string (the names __kind and __where are the constructors' own)");
    lua_pop(L_, 1);  // the string stays alive in the table
    return s;
  }

  void read_table(Value& v, int index, int depth, std::string where) {
    v.kind = Value::Kind::kTable;
    const void* self = lua_topointer(L_, index);
    auto seen = std::find(tables_.begin(), tables_.end(), self);
    if (seen != tables_.end()) {
      fail(where, "a table contains itself: " + path() + " is " +
                      path(static_cast<size_t>(seen - tables_.begin())) +
                      " again (the tables a script returns must not form a cycle)");
    }
    if (depth >= kMaxValueDepth)
      fail(where, "tables are nested more than " + std::to_string(kMaxValueDepth) +
                      " deep (kMaxValueDepth), at " + path());
    if (!lua_checkstack(L_, 4)) fail(where, "out of Lua stack space reading " + path());
    if (const char* w = tag_field(index, "__where", where)) {
      v.where = w;
      if (names_a_place(w)) where = w;
    }
    if (const char* k = tag_field(index, "__kind", where)) v.tag = k;
    tables_.push_back(self);
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L_, index));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L_, index, i);
      path_.push_back("[" + std::to_string(i) + "]");
      v.items.push_back(read(-1, depth + 1, where));
      path_.pop_back();
      lua_pop(L_, 1);
    }
    lua_pushnil(L_);
    while (lua_next(L_, index)) {
      std::string key;
      bool keep = false;
      if (lua_type(L_, -2) == LUA_TSTRING) {
        key = lua_tostring(L_, -2);
        keep = key != "__kind" && key != "__where";
      } else if (lua_type(L_, -2) == LUA_TNUMBER) {
        lua_Integer k = lua_tointeger(L_, -2);
        keep = k < 1 || k > n;
        key = std::to_string(k);
      }
      if (keep) {
        account(0, sizeof(Field) + key.size(), where);
        path_.push_back("." + key);
        v.fields.emplace_back(key, read(-1, depth + 1, where));
        path_.pop_back();
      }
      lua_pop(L_, 1);
    }
    tables_.pop_back();
    std::sort(v.fields.begin(), v.fields.end(),
              [](const Field& a, const Field& b) { return a.first < b.first; });
  }

  lua_State* L_;
  std::vector<const void*> tables_;  // the tables being read, outermost first
  std::vector<std::string> path_;    // the key of each value being read
  long values_ = 0;
  size_t bytes_ = 0;
};

}  // namespace

Expected<Value> read_value(lua_State* L, int index, const std::string& fallback_where) {
  const int top = lua_gettop(L);
  Reader reader(L);
  try {
    return reader.read(index, 0, fallback_where);
  } catch (const ReadError& e) {
    lua_settop(L, top);
    return e.error;
  }
}

}  // namespace regula::script
