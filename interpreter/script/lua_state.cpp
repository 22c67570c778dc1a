#include "script/lua_state.h"

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>

#include "core/command_limits.h"
#include "script/limits.h"
#include "script/lua_guard.h"
#include "script/params_builtin.h"
#include "script/prelude.lua.h"
#include "script/sandbox_library.h"
#include "script/value_reader.h"

namespace regula::script {

static_assert(kLuaMemoryLimit == CommandLimits::kDefaultLuaMemory);

namespace {

// What a state allocates with: the bytes in use, those taken from the cap all
// states share (core/command_limits.h), and lists of freed small blocks by
// size. A hook call makes and drops small objects by the thousand (a list of
// moves, a move handle), and a block taken off a list costs far less than
// malloc and free; the blocks go back to the system when the state closes,
// which frees every object into the lists.
struct Alloc {
  static constexpr size_t kStep = 16;     // the sizes of small blocks: 16, 32, ...
  static constexpr size_t kClasses = 16;  // ... up to 256 bytes
  static constexpr size_t kSmall = kStep * kClasses;
  // Bytes are taken from the shared cap a chunk at a time, so that the
  // threads' states do not all write one counter on every allocation.
  static constexpr size_t kChunk = size_t{1} << 20;
  size_t used = 0;
  size_t reserved = 0;
  LuaState* owner = nullptr;
  std::array<void*, kClasses> free_blocks{};

  Alloc() = default;
  Alloc(const Alloc&) = delete;
  Alloc& operator=(const Alloc&) = delete;
  ~Alloc() {
    command_limits().release_lua(reserved);
    for (void*& head : free_blocks)
      while (head) {
        void* next = *static_cast<void**>(head);
        std::free(head);
        head = next;
      }
  }
  static size_t size_class(size_t n) { return (n - 1) / kStep; }
  // Whether total bytes in use fit in what is reserved, after taking more
  // from the shared cap if need be: whole chunks, or the last bytes below it.
  bool fits(size_t total) {
    if (total <= reserved) return true;
    const size_t need = total - reserved;
    size_t more = (need + kChunk - 1) / kChunk * kChunk;
    if (!command_limits().reserve_lua(more)) {
      more = need;
      if (!command_limits().reserve_lua(more)) return false;
    }
    reserved += more;
    return true;
  }
  // Gives back to the shared cap what is reserved beyond a chunk to spare.
  void trim() {
    if (reserved <= used + 2 * kChunk) return;
    const size_t keep = (used / kChunk + 1) * kChunk;
    command_limits().release_lua(reserved - keep);
    reserved = keep;
  }
  void* take(size_t n) {
    if (n > kSmall) return std::malloc(n);
    void*& head = free_blocks[size_class(n)];
    if (!head) return std::malloc((size_class(n) + 1) * kStep);
    void* p = head;
    head = *static_cast<void**>(p);
    return p;
  }
  void give(void* p, size_t n) {
    if (!p) return;
    if (n > kSmall) {
      std::free(p);
      return;
    }
    void*& head = free_blocks[size_class(n)];
    *static_cast<void**>(p) = head;
    head = p;
  }
  // realloc for a block of old bytes (p null and old 0 for none).
  void* resize(void* p, size_t old, size_t n) {
    if (!p) return take(n);
    if (old > kSmall && n > kSmall) return std::realloc(p, n);
    if (old <= kSmall && n <= kSmall && size_class(old) == size_class(n)) return p;
    void* q = take(n);
    if (!q) return nullptr;
    std::memcpy(q, p, std::min(old, n));
    give(p, old);
    return q;
  }
};

// Splits "file:line: message" into where and what. A message that only quotes
// a located one ("retrying: x.lua:3: ...") has no place of its own.
Error split_error(const std::string& msg) {
  size_t colon = msg.find(':');
  while (colon != std::string::npos) {
    size_t next = msg.find(':', colon + 1);
    if (next == std::string::npos || msg.compare(colon, 2, ": ") == 0) break;
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

}  // namespace

int return_line(const std::string& text) {
  int n = 0, found = 1;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    ++n;
    size_t i = text.find_first_not_of(" \t", start);
    if (i < end && text.compare(i, 6, "return") == 0 &&
        (i + 6 >= end || !std::isalnum(static_cast<unsigned char>(text[i + 6]))))
      found = n;
    start = end + 1;
  }
  return found;
}

namespace {

// Writes "file:line" of the script line running nearest the top of the stack
// into out ("" when no script function is running). Neither allocates nor
// raises, so the allocator may call it. A stack deep in the prelude (a merge
// that recursed until the stack overflowed) has no script line near the top:
// then the outermost script line is the place.
void script_line(lua_State* L, char* out, size_t size) {
  out[0] = '\0';
  lua_Debug ar;
  auto at = [&](int level) {
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar)) return false;
    if (!ar.source || ar.source[0] != '@' || ar.currentline <= 0) return false;
    std::snprintf(out, size, "%s:%d", ar.source + 1, ar.currentline);
    return true;
  };
  constexpr int kNear = 64;
  for (int level = 0; level < kNear; ++level) {
    if (!lua_getstack(L, level, &ar)) return;
    if (at(level)) return;
  }
  int lo = kNear, hi = 2 * kNear;  // a level that exists, and one that may not
  while (lua_getstack(L, hi, &ar)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    (lua_getstack(L, mid, &ar) ? lo : hi) = mid;
  }
  for (int level = lo; level > lo - kNear && level >= kNear; --level)
    if (at(level)) return;
}

}  // namespace

Expected<std::string> read_script(const ScriptFile& file) {
  const std::string here = file.path + ":1";
  std::ifstream in(file.canonical, std::ios::binary);
  if (!in) return Error{here, "cannot open the script"};
  // Read a block at a time: a buffer of the whole limit would be filled with
  // zeros for every file read, which costs more than running a small script.
  std::string text;
  char block[1 << 14];
  while (in.read(block, sizeof block) || in.gcount() > 0) {
    text.append(block, static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxScriptBytes)
      return Error{here, "the script is larger than " + std::to_string(kMaxScriptBytes >> 20) +
                             " MiB (kMaxScriptBytes)"};
  }
  if (!text.empty() && text[0] == LUA_SIGNATURE[0])
    return Error{here, "a precompiled (binary) Lua chunk is refused: scripts must be source text"};
  return text;
}

namespace {

// Continues an FNV-1a 64 hash with a file's text, its length first so that
// where one file ends and the next begins is part of what is hashed.
uint64_t fnv1a(uint64_t h, const std::string& text) {
  auto add = [&h](unsigned char c) { h = (h ^ c) * 0x100000001b3ull; };
  for (int i = 0; i < 8; ++i) add(static_cast<unsigned char>(text.size() >> (8 * i)));
  for (char c : text) add(static_cast<unsigned char>(c));
  return h;
}

// Keeps a file on the list of those being loaded while its chunk runs, also
// when it fails (a Lua error unwinds through this as a C++ exception).
class Loading {
 public:
  Loading(std::vector<std::string>& loading, std::vector<ScriptFile>& files, const ScriptFile& file)
      : loading_(loading), files_(files) {
    loading_.push_back(file.canonical);
    files_.push_back(file);
  }
  ~Loading() {
    loading_.pop_back();
    files_.pop_back();
  }
  Loading(const Loading&) = delete;
  Loading& operator=(const Loading&) = delete;

 private:
  std::vector<std::string>& loading_;
  std::vector<ScriptFile>& files_;
};

[[noreturn]] void raise(lua_State* L, const Error& e) {
  lua_pushstring(L, e.text().c_str());
  lua_error(L);
  std::abort();  // lua_error does not return
}

// Compiles text as the chunk of file and pushes it, with the sandbox as its
// environment.
void push_text(lua_State* L, const ScriptFile& file, const std::string& text, int env_ref) {
  std::string chunkname = "@" + file.path;
  if (luaL_loadbufferx(L, text.data(), text.size(), chunkname.c_str(), "t") != LUA_OK) lua_error(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, env_ref);
  lua_setupvalue(L, -2, 1);
}

}  // namespace

void* LuaState::allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* a = static_cast<Alloc*>(ud);
  if (nsize == 0) {
    if (ptr) a->used -= osize;
    a->give(ptr, osize);
    a->trim();
    return nullptr;
  }
  const size_t old = ptr ? osize : 0;
  LuaState* s = a->owner;
  if (s && nsize > old && !s->may_allocate(nsize - old)) return nullptr;
  void* p = a->fits(a->used - old + nsize) ? a->resize(ptr, old, nsize) : nullptr;
  if (!p) {
    // Lua collects garbage and asks again before it raises a memory error;
    // the place of the last refusal is that error's.
    if (s && s->L_) script_line(s->L_, s->memory_where_, sizeof s->memory_where_);
    return nullptr;
  }
  a->used = a->used - old + nsize;
  if (nsize < old) a->trim();
  return p;
}

bool LuaState::may_allocate(size_t grow) {
  if (depth_ == 0) return true;
  if (stop_ != Stop::kNone) return false;
  alloc_bytes_ += grow;
  const long units = static_cast<long>(alloc_bytes_ / kBytesPerInstruction);
  alloc_bytes_ %= kBytesPerInstruction;
  remaining_ -= units;
  const Stop command = units > 0 ? command_check(units) : Stop::kNone;
  if (remaining_ >= 0 && command == Stop::kNone) return true;
  stop(remaining_ < 0 ? Stop::kBudget : command);
  return false;
}

LuaState::Stop LuaState::command_check(long units, bool deadlines) {
  CommandLimits& limits = command_limits();
  if (*(deadlines ? limits.interruption() : limits.stop_reason())) return Stop::kInterrupted;
  return limits.spend(units) ? Stop::kNone : Stop::kCommandBudget;
}

void LuaState::stop(Stop why) {
  if (stop_ != Stop::kNone || !L_) return;
  stop_ = why;
  if (why == Stop::kInterrupted) {
    interruption_ = command_limits().interruption();
    if (!*interruption_) interruption_ = "stop requested";
  }
  if (why == Stop::kMemory && memory_where_[0])
    std::snprintf(stop_where_, sizeof stop_where_, "%s", memory_where_);
  else
    script_line(L_, stop_where_, sizeof stop_where_);
}

std::string LuaState::stop_message() const {
  const CommandLimits& limits = command_limits();
  if (stop_ == Stop::kMemory)
    return "script ran out of memory (at most " + std::to_string(limits.lua_memory() >> 20) +
           " MiB for all script states together; --lua-memory MIB changes it)";
  if (stop_ == Stop::kInterrupted) return std::string("stopped: ") + interruption_;
  if (stop_ == Stop::kCommandBudget)
    return "the command's instruction budget is spent: more than " +
           std::to_string(limits.instructions()) +
           " instructions in all its hook calls (--hook-instructions N changes it)";
  return "instruction budget exhausted: more than " + std::to_string(budget_) + " instructions (" +
         (budget_ == kHookBudget ? "kHookBudget" : "kLoadBudget") + "; an endless loop?)";
}

void LuaState::raise_stop(lua_State* L) {
  // What a script's own pcall would see; the outermost call reports stop_.
  lua_pushstring(L, stop_message().c_str());
  lua_error(L);
  std::abort();
}

void count_hook(lua_State* L, lua_Debug*) {
  LuaState* s = LuaState::self(L);
  if (s->depth_ == 0) return;
  s->remaining_ -= LuaState::kCountStep;
  const LuaState::Stop command = LuaState::command_check(LuaState::kCountStep, true);
  if (s->remaining_ >= 0 && command == LuaState::Stop::kNone && s->stop_ == LuaState::Stop::kNone)
    return;
  s->stop(s->remaining_ < 0 ? LuaState::Stop::kBudget : command);
  s->raise_stop(L);
}

void LuaState::spend(lua_State* L, long units, bool deadlines) {
  remaining_ = units > remaining_ ? -1 : remaining_ - units;
  const Stop command = command_check(units, deadlines);
  if (remaining_ >= 0 && command == Stop::kNone && stop_ == Stop::kNone) return;
  stop(remaining_ < 0 ? Stop::kBudget : command);
  raise_stop(L);
}

void LuaState::charge(lua_State* L, long units) {
  LuaState* s = self(L);
  if (s->depth_ == 0 || units <= 0) return;
  s->unchecked_ += units;
  const bool deadlines = s->unchecked_ >= kCountStep;
  if (deadlines) s->unchecked_ = 0;
  s->spend(L, units, deadlines);
}

void LuaState::charge_service(lua_State* L, long charged, int64_t nanos) {
  LuaState* s = self(L);
  if (s->depth_ == 0) return;
  const int64_t by_time = nanos / kNanosPerInstruction;
  const long more =
      by_time > charged ? static_cast<long>(std::min<int64_t>(by_time - charged, kHookBudget)) : 0;
  s->spend(L, more, true);
}

LuaState* LuaState::self(lua_State* L) {
  return *static_cast<LuaState**>(lua_getextraspace(L));
}

LuaState::LuaState(SearchPath path, std::vector<std::pair<std::string, std::string>> options)
    : path_(std::move(path)), options_(std::move(options)), budget_(kLoadBudget) {
  auto* alloc = new Alloc;
  L_ = lua_newstate(allocate, alloc);
  if (!L_) {
    delete alloc;
    prelude_error_ = "cannot create a Lua state";
    return;
  }
  *static_cast<LuaState**>(lua_getextraspace(L_)) = this;
  alloc->owner = this;
  luaL_requiref(L_, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L_, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L_, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L_, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L_, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  luaL_requiref(L_, LUA_DBLIBNAME, luaopen_debug, 1);
  lua_settop(L_, 0);
  meter_libraries(L_);

  // The prelude runs with the full globals and hands back its constructors.
  if (luaL_loadbufferx(L_, kPrelude, std::char_traits<char>::length(kPrelude), "=prelude", "t") ||
      lua_pcall(L_, 0, 2, 0)) {
    prelude_error_ = lua_tostring(L_, -1);
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
  const std::pair<const char*, lua_CFunction> own[] = {
      {"pcall", guarded<l_pcall>},     {"setmetatable", guarded<l_setmetatable>},
      {"require", guarded<l_require>}, {"option", guarded<l_option>},
      {"params", guarded<l_params>},   {"extends", guarded<l_extends>}};
  for (auto& [name, fn] : own) {
    lua_pushcfunction(L_, fn);
    lua_setfield(L_, env, name);
  }
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
  static_cast<Alloc*>(ud)->owner = nullptr;
  lua_close(L_);
  delete static_cast<Alloc*>(ud);
}

namespace {

// What run() hands its protected call: the body and its data.
struct RunBody {
  void (*body)(void*, lua_State*);
  void* data;
};

}  // namespace

int LuaState::l_run_body(lua_State* L) {
  const auto* run = static_cast<const RunBody*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  run->body(run->data, L);
  return 0;
}

int LuaState::l_locate(lua_State* L) {
  LuaState* s = self(L);
  script_line(L, s->error_where_, sizeof s->error_where_);
  if (s->stop_ != Stop::kNone) return 1;  // reported from stop_
  std::string msg = lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER
                        ? lua_tostring(L, 1)
                        : std::string("error object is a ") + luaL_typename(L, 1) + " value";
  Error e = split_error(msg);
  // Placed already, at a script line (the prelude's lines mean nothing to the author).
  if (!e.where.empty() && e.where.rfind("prelude:", 0) != 0) {
    lua_pushstring(L, msg.c_str());
    return 1;
  }
  e.where = s->error_where_[0] ? s->error_where_ : s->main_file_ + ":1";
  lua_pushstring(L, e.text().c_str());
  return 1;
}

Status LuaState::run(void (*body)(void*, lua_State*), void* data) {
  if (!prelude_error_.empty()) return Error{"prelude", prelude_error_};
  const int top = lua_gettop(L_);
  if (!lua_checkstack(L_, 4)) return Error{main_file_ + ":1", "out of Lua stack space"};
  const bool outermost = depth_ == 0;
  if (outermost) {
    start_budget();
    if (Status st = refuse_if_interrupted()) return st;
  }
  lua_pushcfunction(L_, guarded<l_locate>);
  lua_pushcfunction(L_, guarded<l_run_body>);
  RunBody run{body, data};
  lua_pushlightuserdata(L_, &run);
  ++depth_;
  int rc = lua_pcall(L_, 1, 0, top + 1);
  --depth_;
  Status st;
  if (rc != LUA_OK) st = error_of(rc);
  lua_settop(L_, top);
  return st;
}

void LuaState::start_budget() {
  remaining_ = budget_;
  alloc_bytes_ = 0;
  stop_ = Stop::kNone;
  stop_where_[0] = error_where_[0] = memory_where_[0] = '\0';
  // Set once and left set: Lua runs only inside calls, and count_hook charges
  // nothing outside them (the count a call leaves over goes to the next one).
  if (!counting_) {
    lua_sethook(L_, count_hook, LUA_MASKCOUNT, kCountStep);
    counting_ = true;
  }
}

Status LuaState::refuse_if_interrupted() {
  if (!*command_limits().stop_reason()) return std::nullopt;
  stop(Stop::kInterrupted);
  return Error{stop_where_[0] ? stop_where_ : main_file_ + ":1", stop_message()};
}

Status LuaState::begin_call(int& base) {
  if (!prelude_error_.empty()) return Error{"prelude", prelude_error_};
  if (!lua_checkstack(L_, 8)) return Error{main_file_ + ":1", "out of Lua stack space"};
  base = lua_gettop(L_);
  lua_pushcfunction(L_, guarded<l_locate>);
  return std::nullopt;
}

Status LuaState::end_call(int base, int nargs, int nresults) {
  const bool outermost = depth_ == 0;
  if (outermost) {
    start_budget();
    if (Status st = refuse_if_interrupted()) {
      lua_settop(L_, base);
      return st;
    }
  }
  ++depth_;
  const int rc = lua_pcall(L_, nargs, nresults, base + 1);
  --depth_;
  if (rc == LUA_OK) return std::nullopt;
  Status st = error_of(rc);
  lua_settop(L_, base);
  return st;
}

Error LuaState::error_of(int rc) {
  const std::string fallback = main_file_ + ":1";
  if (rc == LUA_ERRMEM) stop(Stop::kMemory);
  if (stop_ != Stop::kNone) return Error{stop_where_[0] ? stop_where_ : fallback, stop_message()};
  const std::string msg =
      lua_type(L_, -1) == LUA_TSTRING ? lua_tostring(L_, -1) : "error object is not a string";
  const std::string here = error_where_[0] ? error_where_ : fallback;
  if (rc == LUA_ERRERR) return Error{here, "error while reporting an error (" + msg + ")"};
  Error e = split_error(msg);
  if (e.where.empty()) e.where = here;
  return e;
}

Expected<std::string> LuaState::text_of(const ScriptFile& file) {
  if (replay_) {
    auto it = replay_->texts.find(file.canonical);
    if (it == replay_->texts.end())
      return Error{file.path + ":1", "not among the files the script read when it was loaded"};
    return it->second;
  }
  auto it = sources_->texts.find(file.canonical);
  if (it != sources_->texts.end()) return it->second;
  auto text = read_script(file);
  if (text) sources_->texts.emplace(file.canonical, *text);
  return text;
}

Expected<Value> LuaState::run_file(const ScriptFile& file) {
  main_file_ = file.path;
  auto text = text_of(file);
  if (!text) return text.error();
  content_hash_ = fnv1a(content_hash_, *text);
  std::optional<Expected<Value>> out;
  Status st = run([&](lua_State* L) {
    push_text(L, file, *text, env_ref_);
    {
      Loading loading(loading_, loading_files_, file);
      lua_call(L, 0, 1);
    }
    const std::string fallback = file.path + ":" + std::to_string(return_line(*text));
    if (!lua_istable(L, -1)) {
      out = Error{fallback, std::string("the script must return a table (game { ... }), not a ") +
                                luaL_typename(L, -1)};
    } else {
      out = read_value(L, -1, fallback);
    }
    lua_pop(L, 1);
    // "return game { ... }" is a tail call, which leaves the constructor no caller
    // to take a line from; the script's last return statement is where it was made.
    if (*out) {
      Value& v = **out;
      if (v.tag.empty()) v.where = file.path + ":1";
      if (v.where.empty() || v.where[0] == '?' || v.where[0] == '=') v.where = fallback;
    }
  });
  if (st) return *st;
  return std::move(*out);
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

void LuaState::push_chunk(lua_State* L, const ScriptFile& file) {
  auto text = text_of(file);
  if (!text) raise(L, text.error());
  content_hash_ = fnv1a(content_hash_, *text);
  push_text(L, file, *text, env_ref_);
}

ScriptFile LuaState::find(lua_State* L, const char* what, const std::string& name) {
  Expected<ScriptFile> found = Error{"", "not found when the script was loaded"};
  if (replay_) {
    if (auto it = replay_->found.find(name); it != replay_->found.end()) found = it->second;
  } else {
    found = path_.find(name);
    if (found) sources_->found.emplace(name, *found);
  }
  if (!found) {
    const std::string shown = name.size() > 80 ? name.substr(0, 80) + "..." : name;
    luaL_error(L, "%s '%s': %s", what, shown.c_str(), found.error().what.c_str());
  }
  if (std::find(files_.begin(), files_.end(), found->canonical) == files_.end())
    files_.push_back(found->canonical);
  return *found;
}

namespace {

std::string name_argument(lua_State* L) {
  size_t n = 0;
  const char* s = luaL_checklstring(L, 1, &n);
  return std::string(s, n);
}

// The text of an option's name or value at index, of bounded length.
std::string option_text(lua_State* L, int index, const char* what) {
  size_t n = 0;
  const char* s = lua_tolstring(L, index, &n);
  if (n > kMaxOptionText)
    luaL_error(L, "an option's %s is longer than %d characters (kMaxOptionText)", what,
               static_cast<int>(kMaxOptionText));
  return std::string(s, n);
}

}  // namespace

int LuaState::l_require(lua_State* L) {
  LuaState* s = self(L);
  const std::string name = name_argument(L);
  const ScriptFile file = s->find(L, "require", name);
  auto it = s->modules_.find(file.canonical);
  if (it != s->modules_.end()) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, it->second);
    return 1;
  }
  if (std::find(s->loading_.begin(), s->loading_.end(), file.canonical) != s->loading_.end())
    return luaL_error(L, "require '%s' is circular (%s is being loaded already)", name.c_str(),
                      file.path.c_str());
  s->push_chunk(L, file);
  {
    Loading loading(s->loading_, s->loading_files_, file);
    lua_call(L, 0, 1);
  }
  lua_pushvalue(L, -1);
  s->modules_[file.canonical] = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

int LuaState::l_extends(lua_State* L) {
  LuaState* s = self(L);
  const std::string name = name_argument(L);
  const ScriptFile file = s->find(L, "extends", name);
  if (std::find(s->loading_.begin(), s->loading_.end(), file.canonical) != s->loading_.end())
    return luaL_error(L, "extends '%s' is circular (%s is being loaded already)", name.c_str(),
                      file.path.c_str());
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->merge_ref_);
  s->push_chunk(L, file);
  {
    Loading loading(s->loading_, s->loading_files_, file);
    lua_call(L, 0, 1);
  }
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

int LuaState::l_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int rc = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  LuaState* s = self(L);
  if (rc == LUA_ERRMEM) s->stop(Stop::kMemory);
  if (s->stop_ != Stop::kNone) s->raise_stop(L);
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

int LuaState::l_option(lua_State* L) {
  LuaState* s = self(L);
  luaL_checkstring(L, 1);
  const std::string name = option_text(L, 1, "name");
  luaL_checktype(L, 2, LUA_TTABLE);
  std::vector<std::string> values;
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
  if (n > static_cast<lua_Integer>(kMaxOptionValues))
    return luaL_error(L, "option '%s' has more than %d values (kMaxOptionValues)", name.c_str(),
                      static_cast<int>(kMaxOptionValues));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 2, i);
    if (!lua_isstring(L, -1))
      return luaL_error(L, "option '%s': values must be strings", name.c_str());
    values.push_back(option_text(L, -1, "value"));
    lua_pop(L, 1);
  }
  if (values.empty()) return luaL_error(L, "option '%s' needs at least one value", name.c_str());
  std::string chosen = lua_isstring(L, 3) ? lua_tostring(L, 3) : values.front();
  if (std::find(values.begin(), values.end(), chosen) == values.end())
    return luaL_error(L, "option '%s': default '%s' is not one of its values", name.c_str(),
                      chosen.c_str());
  std::string description;
  if (!lua_isnoneornil(L, 4)) {
    if (lua_type(L, 4) != LUA_TSTRING)
      return luaL_error(L, "option '%s': the description (argument 4) must be a string",
                        name.c_str());
    description = lua_tostring(L, 4);
    if (description.size() > kMaxOptionDescription)
      return luaL_error(L,
                        "option '%s': the description is longer than %d characters "
                        "(kMaxOptionDescription)",
                        name.c_str(), static_cast<int>(kMaxOptionDescription));
    if (description.find('\n') != std::string::npos)
      return luaL_error(L, "option '%s': the description is one line", name.c_str());
  }
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
  if (!known && s->declared_.size() >= kMaxOptions)
    return luaL_error(L, "more than %d options (kMaxOptions)", static_cast<int>(kMaxOptions));
  if (!known) s->declared_.push_back({name, values, chosen, description});
  lua_pushstring(L, chosen.c_str());
  return 1;
}

}  // namespace regula::script
