#include "script/lua_hooks.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <lua.hpp>

#include <array>
#include <atomic>
#include <exception>
#include <string>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "script/limits.h"
#include "script/lua_guard.h"

namespace regula::script {

namespace {

// What a pos handle holds: the context of its state, and the call it was made for.
struct Handle {
  PosContext* ctx;
  uint64_t call;
};

// The calling thread's last LuaHooks (by id) and its state for this thread.
struct ThreadCache {
  uint64_t owner = 0;
  HookState* state = nullptr;
};
thread_local ThreadCache t_cache;
// Generate calls running in this thread (of any script).
thread_local int t_generating = 0;
// Filter and filter_moves calls running in this thread (of any script).
thread_local int t_filtering = 0;

// Counts a call as running in this thread for as long as it lasts.
struct Running {
  explicit Running(int& count) : count_(count) { ++count_; }
  ~Running() { --count_; }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

 private:
  int& count_;
};
// Ids of LuaHooks instances; 0 is the empty cache's.
std::atomic<uint64_t> next_hooks_id{1};

// The metatable of pos handles, in each state's registry.
const char* const kPosMeta = "regula.pos";

// The context of the pos handle whose method is running (its self, argument
// 1); an error once the hook call that made the handle has returned (its
// position may be gone).
PosContext* ctx(lua_State* L) {
  auto* h = static_cast<Handle*>(luaL_checkudata(L, 1, kPosMeta));
  if (!h->ctx->pos || h->ctx->call != h->call)
    luaL_error(L, "pos used after its hook returned (keep values from it, not pos)");
  return h->ctx;
}

SiteId check_site(lua_State* L, const Position& pos, int arg) {
  const char* name = luaL_checkstring(L, arg);
  SiteId s = pos.rules().topology.find(name);
  if (s == kNoSite) luaL_error(L, "no site named '%s'", name);
  return s;
}

SeatId check_seat(lua_State* L, const Position& pos, int arg) {
  const char* name = luaL_checkstring(L, arg);
  if (const int s = pos.rules().seat_index(name); s >= 0) return s;
  luaL_error(L, "no seat named '%s'", name);
  return 0;
}

TypeId check_type(lua_State* L, const Position& pos, int arg) {
  const char* name = luaL_checkstring(L, arg);
  TypeId t = pos.rules().type_index(name);
  if (t < 0) luaL_error(L, "no piece named '%s'", name);
  return t;
}

int check_counter(lua_State* L, const Position& pos, int arg) {
  const char* name = luaL_checkstring(L, arg);
  const auto& names = pos.rules().seat_counter_names;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  luaL_error(L, "no counter named '%s'", name);
  return 0;
}

int l_at(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  PieceCode c = p.at(check_site(L, p, 2));
  if (!c) return 0;
  lua_pushstring(L, p.rules().types[piece_type(c)].name.c_str());
  lua_pushstring(L, p.rules().seats[piece_seat(c)].name.c_str());
  return 2;
}
int l_to_move(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_pushstring(L, p.rules().seats[p.to_move()].name.c_str());
  return 1;
}
int l_counter(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_pushinteger(L, p.counter(check_seat(L, p, 2), check_counter(L, p, 3)));
  return 1;
}
int l_hand(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_pushinteger(L, p.hand(check_seat(L, p, 2), check_type(L, p, 3)));
  return 1;
}
int l_ply(lua_State* L) {
  lua_pushinteger(L, ctx(L)->pos->global(kPly));
  return 1;
}
// pos:attacked(site, seat, piece): could an enemy of seat capture a piece of that type
// standing on site at its next move, in this position? (Attack detection can run
// the generate hook.)
int l_attacked(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  SiteId s = check_site(L, p, 2);
  SeatId seat = check_seat(L, p, 3);
  TypeId t = check_type(L, p, 4);
  lua_pushboolean(L, is_attacked(p, s, seat, t));
  return 1;
}
int l_sites(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_createtable(L, p.num_sites(), 0);
  for (SiteId s = 0; s < p.num_sites(); ++s) {
    lua_pushstring(L, p.rules().topology.name(s).c_str());
    lua_rawseti(L, -2, s + 1);
  }
  return 1;
}
Position& writable(lua_State* L) {
  PosContext* c = ctx(L);
  if (!c->mpos) luaL_error(L, "the position can only be changed in the after hook");
  return *c->mpos;
}
int l_remove(lua_State* L) {
  Position& p = writable(L);
  p.set_site(check_site(L, p, 2), kEmpty, 0, ctx(L)->undo);
  return 0;
}
int l_place(lua_State* L) {
  Position& p = writable(L);
  SiteId s = check_site(L, p, 2);
  TypeId t = check_type(L, p, 3);
  SeatId seat = check_seat(L, p, 4);
  p.set_site(s, make_piece(t, seat), 0, ctx(L)->undo);
  return 0;
}
int l_set_counter(lua_State* L) {
  Position& p = writable(L);
  SeatId seat = check_seat(L, p, 2);
  int k = check_counter(L, p, 3);
  lua_Integer v = luaL_checkinteger(L, 4);
  if (v < -kMaxCount || v > kMaxCount)
    return luaL_error(L, "a counter holds -%d to %d, not %I (kMaxCount)", kMaxCount, kMaxCount, v);
  p.set_counter(seat, k, static_cast<int>(v), ctx(L)->undo);
  return 0;
}

const char* const kSeatStates[] = {"active", "frozen", "out"};

// pos:seat_state(seat): "active", "frozen" or "out".
int l_seat_state(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_pushstring(L, kSeatStates[static_cast<int>(p.seat_state(check_seat(L, p, 2)))]);
  return 1;
}
// pos:set_seat_state(seat, state): freeze a seat, take it out of play, or bring it back.
int l_set_seat_state(lua_State* L) {
  Position& p = writable(L);
  SeatId seat = check_seat(L, p, 2);
  const char* name = luaL_checkstring(L, 3);
  for (int i = 0; i < 3; ++i)
    if (std::string(name) == kSeatStates[i]) {
      p.set_seat_state(seat, static_cast<SeatState>(i), -1, ctx(L)->undo);
      return 0;
    }
  return luaL_error(L, "seat state must be active, frozen or out, not '%s'", name);
}
// pos:controller(seat): the seat that decides for seat's army.
int l_controller(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  lua_pushstring(L, p.rules().seats[p.controller(check_seat(L, p, 2))].name.c_str());
  return 1;
}
// pos:set_controller(seat, by): by decides for seat's army on seat's turns.
int l_set_controller(lua_State* L) {
  Position& p = writable(L);
  SeatId seat = check_seat(L, p, 2);
  SeatId by = check_seat(L, p, 3);
  p.set_controller(seat, by, ctx(L)->undo);
  return 0;
}
// pos:phase() and pos:stage(): the current phase's and the pending stage's names, or nil.
int l_phase(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  int i = current_phase(p);
  if (i < 0) return 0;
  lua_pushstring(L, p.rules().phases[i].name.c_str());
  return 1;
}
int l_stage(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  if (p.stage() < 0) return 0;
  lua_pushstring(L, p.rules().stages[p.stage()].name.c_str());
  return 1;
}

// The site named by the value at idx, or kNoSite with why in bad.
SiteId site_value(lua_State* L, int idx, const Topology& t, const char* what, std::string& bad) {
  if (lua_type(L, idx) != LUA_TSTRING) {
    bad = std::string(what) + " is a " + luaL_typename(L, idx) + ", not a site name";
    return kNoSite;
  }
  SiteId s = t.find(lua_tostring(L, idx));
  if (s == kNoSite) bad = std::string(what) + ": no site named '" + lua_tostring(L, idx) + "'";
  return s;
}

// The string field key of the table at idx (raw), or null when it is absent;
// a value that is not a string sets bad. The string lives as long as the table.
const char* string_field(lua_State* L, int idx, const char* key, const std::string& which,
                         std::string& bad) {
  lua_pushstring(L, key);
  lua_rawget(L, idx);
  const int type = lua_type(L, -1);
  const char* v = type == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
  lua_pop(L, 1);
  if (type != LUA_TNIL && type != LUA_TSTRING && bad.empty())
    bad = which + " " + key + " is a " + lua_typename(L, type) + ", not a name";
  return v;
}

// The piece type named by the string field key, -1 when absent (or bad set).
TypeId type_field(lua_State* L, int idx, const char* key, const std::string& which,
                  const Ruleset& r, std::string& bad) {
  const char* name = string_field(L, idx, key, which, bad);
  if (!name) return -1;
  const TypeId t = r.type_index(name);
  if (t < 0 && bad.empty()) bad = which + " " + key + ": no piece named '" + name + "'";
  return t;
}

// Reads one generated move, the table at mt, into m: a drop when it has
// `drop`, otherwise a move of the piece on `from`. Returns why it is unusable,
// or "".
std::string read_move(lua_State* L, int mt, const std::string& which, const Position& pos,
                      Move& m) {
  const Ruleset& r = pos.rules();
  const Topology& t = r.topology;
  std::string bad;
  lua_pushnil(L);
  while (bad.empty() && lua_next(L, mt)) {
    bool known = false;
    std::string key = luaL_typename(L, -2);
    if (lua_type(L, -2) == LUA_TSTRING) {
      key = lua_tostring(L, -2);
      for (const char* k : {"from", "to", "captures", "drop", "promote", "label"})
        known |= key == k;
    } else if (lua_type(L, -2) == LUA_TNUMBER) {
      key = std::to_string(lua_tointeger(L, -2));
    }
    if (!known)
      bad = which + " has an unknown field '" + key +
            "' (a generated move has from, to, captures, drop, promote and label)";
    lua_pop(L, 1);
  }
  if (!bad.empty()) return bad;
  m.rule = 0xFFFF;
  m.drop_type = type_field(L, mt, "drop", which, r, bad);
  m.promote = type_field(L, mt, "promote", which, r, bad);
  if (const char* label = string_field(L, mt, "label", which, bad)) {
    for (size_t i = 0; i < r.rules.size() && m.rule == 0xFFFF; ++i)
      if (r.rules[i].kind == RuleKind::kGenerated && r.rules[i].label == label)
        m.rule = static_cast<uint16_t>(i);
    if (m.rule == 0xFFFF && bad.empty())
      bad = which + " has the label '" + label +
            "', which no move rule of the script has and the game's labels do not list";
  }
  if (!bad.empty()) return bad;
  lua_pushstring(L, "from");
  lua_rawget(L, mt);
  const bool has_from = !lua_isnil(L, -1);
  if (m.drop_type >= 0) {
    m.kind = MoveKind::kDrop;
    if (has_from)
      return which + " drops a piece and also moves one from a site (give drop or from)";
    if (pos.hand(pos.to_move(), m.drop_type) <= 0)
      return which + " drops a " + r.types[m.drop_type].name +
             ", and the side to move has none in hand";
  } else {
    m.from = site_value(L, -1, t, (which + " from").c_str(), bad);
    if (bad.empty() && !(pos.at(m.from) && piece_seat(pos.at(m.from)) == pos.to_move()))
      bad = which + " moves from " + t.name(m.from) + ", which holds no piece of the side to move";
  }
  lua_pushstring(L, "to");
  lua_rawget(L, mt);
  if (bad.empty()) m.to = site_value(L, -1, t, (which + " to").c_str(), bad);
  if (bad.empty() && m.drop_type >= 0 && pos.at(m.to))
    bad = which + " drops on " + t.name(m.to) + ", which is not empty";
  lua_pushstring(L, "captures");
  lua_rawget(L, mt);
  int caps = lua_gettop(L);
  if (bad.empty() && !lua_isnil(L, caps)) {
    if (!lua_istable(L, caps)) {
      bad = which + " captures is a " + luaL_typename(L, caps) + ", not a list of sites";
    } else {
      lua_Integer k = static_cast<lua_Integer>(lua_rawlen(L, caps)), entries = 0;
      if (k > kMaxCaptures) {
        bad = which + " captures " + std::to_string(k) + " sites; the engine holds at most " +
              std::to_string(kMaxCaptures) + " captures in one move (kMaxCaptures)";
      } else {
        // Counted no further than one past the list, however large the table.
        lua_pushnil(L);
        while (entries <= k && lua_next(L, caps)) {
          ++entries;
          lua_pop(L, 1);
        }
        lua_settop(L, caps);
        if (entries != k) bad = which + " captures has fields besides its list of sites";
      }
      for (lua_Integer j = 1; j <= k && bad.empty(); ++j) {
        lua_rawgeti(L, caps, j);
        SiteId s = site_value(L, -1, t, (which + " capture").c_str(), bad);
        if (bad.empty()) m.cap[m.ncap++] = s;
        lua_pop(L, 1);
      }
    }
  }
  lua_settop(L, mt);
  return bad;
}

// Reads the list of moves a generate hook returned (at idx) into moves, all or
// nothing of each: a field the engine cannot hold whole (an unknown site, more
// captures than a Move has room for, a field it does not know) is an error,
// never a move quietly changed. Raw reads only, so that a metatable on a
// returned table cannot run Lua outside the protected call. Returns why the
// value is unusable, or "" when it is fine.
std::string read_moves(lua_State* L, int idx, const Position& pos, MoveList& moves) {
  if (lua_isnil(L, idx)) return "";
  if (!lua_istable(L, idx))
    return std::string("returned a ") + luaL_typename(L, idx) + ", not a list of moves";
  std::string bad;
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
  if (n > static_cast<lua_Integer>(kMaxListItems))
    return "returned " + std::to_string(n) + " moves; at most " + std::to_string(kMaxListItems) +
           " (kMaxListItems)";
  for (lua_Integer i = 1; i <= n && bad.empty(); ++i) {
    const std::string which = "move " + std::to_string(i);
    lua_rawgeti(L, idx, i);
    int mt = lua_gettop(L);
    if (!lua_istable(L, mt)) {
      bad = which + " is a " + luaL_typename(L, mt) + ", not a table";
      break;
    }
    Move m;
    bad = read_move(L, mt, which, pos, m);
    if (bad.empty()) moves.push(m);
    lua_settop(L, idx);
  }
  lua_settop(L, idx);
  return bad;
}

// A pos method as Lua calls it goes through guarded<> (lua_guard.h): a nested
// hook that fails throws RuleError out of attack detection, and the engine may
// run out of memory. For a failed hook the Lua error is enough: the hooks are
// already failed, so the outer call throws the first error when it returns,
// even if the script caught this one.

void push_names(lua_State* L, const Topology& t, const SiteId* sites, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_pushstring(L, t.name(sites[i]).c_str());
    lua_rawseti(L, -2, i + 1);
  }
}

// Pushes the pos handle of the running call: a userdata whose metatable,
// made once per state, holds the methods.
void push_position(lua_State* L, PosContext& c) {
  auto* h = static_cast<Handle*>(lua_newuserdatauv(L, sizeof(Handle), 0));
  *h = Handle{&c, c.call};
  if (luaL_newmetatable(L, kPosMeta)) {
    const luaL_Reg fns[] = {{"at", guarded<l_at>},
                            {"to_move", guarded<l_to_move>},
                            {"counter", guarded<l_counter>},
                            {"hand", guarded<l_hand>},
                            {"ply", guarded<l_ply>},
                            {"sites", guarded<l_sites>},
                            {"remove", guarded<l_remove>},
                            {"place", guarded<l_place>},
                            {"set_counter", guarded<l_set_counter>},
                            {"attacked", guarded<l_attacked>},
                            {"seat_state", guarded<l_seat_state>},
                            {"set_seat_state", guarded<l_set_seat_state>},
                            {"controller", guarded<l_controller>},
                            {"set_controller", guarded<l_set_controller>},
                            {"phase", guarded<l_phase>},
                            {"stage", guarded<l_stage>},
                            {nullptr, nullptr}};
    luaL_newlib(L, fns);
    lua_setfield(L, -2, "__index");
    // Scripts can neither read nor replace it.
    lua_pushstring(L, "pos");
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
}

// Runs body in h's state, with the pos table for pos pushed, valid for this
// call only. A nested call (a hook run by pos:attacked) gives the outer call
// its position back when it returns.
template <class Body>
Status with_position(HookState& h, const Position& pos, Position* mpos, Undo* undo, Body&& body) {
  PosContext& c = *h.ctx;
  const PosContext outer = c;
  c.pos = &pos;
  c.mpos = mpos;
  c.undo = undo;
  c.call = ++c.last_call;
  Status st = h.lua->run([&](lua_State* L) {
    push_position(L, c);
    body(L);
  });
  const uint64_t last = c.last_call;
  c = outer;
  c.last_call = last;
  return st;
}

// What stood on site before the move undo records was made, pos being the
// position after it: the first change the move made to the site, or what
// stands there now when it made none.
PieceCode before_move(const Position& pos, const Undo& undo, SiteId site) {
  for (int i = 0; i < undo.nsites; ++i)
    if (undo.sites[i].site == site) return undo.sites[i].code;
  for (const auto& c : undo.more_sites)
    if (c.site == site) return c.code;
  return pos.at(site);
}

// stage: the stage the move was a decision of (for an answer's label), or -1.
// made: the move's undo when pos is the position after it (the after hook),
// null when pos is the position it is made from. Either way `piece` is the
// type that moves (or is dropped, promoted or removed) as it was before the
// move, and `captures` every site whose piece the move takes: the destination
// of an ordinary capture or a removal, then the sites a chain or en passant
// clears.
void push_move(lua_State* L, const Position& pos, const Move& m, int stage,
               const Undo* made = nullptr) {
  const Ruleset& r = pos.rules();
  const Topology& t = r.topology;
  auto was = [&](SiteId s) { return made ? before_move(pos, *made, s) : pos.at(s); };
  lua_createtable(L, 0, 8);
  if (m.from != kNoSite) {
    lua_pushstring(L, t.name(m.from).c_str());
    lua_setfield(L, -2, "from");
  }
  if (m.to != kNoSite) {
    lua_pushstring(L, t.name(m.to).c_str());
    lua_setfield(L, -2, "to");
  }
  TypeId piece = m.drop_type;
  if (piece < 0 && m.from != kNoSite && was(m.from)) piece = piece_type(was(m.from));
  const bool takes_to = (m.kind == MoveKind::kNormal || m.kind == MoveKind::kRemove) &&
                        m.to != kNoSite && m.to != m.from && was(m.to);
  if (piece < 0 && (takes_to || m.kind == MoveKind::kPromote) && m.to != kNoSite && was(m.to))
    piece = piece_type(was(m.to));
  if (piece >= 0) {
    lua_pushstring(L, r.types[piece].name.c_str());
    lua_setfield(L, -2, "piece");
  }
  static const char* kKinds[] = {"normal", "drop",   "pass",    "chance", "castle",
                                 "remove", "answer", "promote", "action"};
  static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == static_cast<size_t>(MoveKind::kAction) + 1);
  lua_pushstring(L, kKinds[static_cast<int>(m.kind)]);
  lua_setfield(L, -2, "kind");
  std::array<SiteId, kMaxCaptures + 1> taken;
  int ntaken = 0;
  if (takes_to) taken[ntaken++] = m.to;
  for (int i = 0; i < m.ncap; ++i)
    if (m.cap[i] != m.to || !takes_to) taken[ntaken++] = m.cap[i];
  push_names(L, t, taken.data(), ntaken);
  lua_setfield(L, -2, "captures");
  push_names(L, t, m.path.data(), m.npath);
  lua_setfield(L, -2, "path");
  if (m.promote >= 0) {
    lua_pushstring(L, r.types[m.promote].name.c_str());
    lua_setfield(L, -2, "promote");
  }
  if (m.kind == MoveKind::kAnswer) {
    if (stage >= 0 && m.chance >= 0 &&
        m.chance < static_cast<int>(r.stages[stage].answers.size())) {
      lua_pushstring(L, r.stages[stage].answers[m.chance].c_str());
      lua_setfield(L, -2, "answer");
    }
  } else if (m.kind == MoveKind::kAction) {
    if (m.chance >= 0 && m.chance < static_cast<int>(r.actions.size())) {
      lua_pushstring(L, r.actions[m.chance].name.c_str());
      lua_setfield(L, -2, "action");
    }
  } else if (m.rule < r.rules.size() && !r.rules[m.rule].label.empty()) {
    lua_pushstring(L, r.rules[m.rule].label.c_str());
    lua_setfield(L, -2, "label");
  }
}

// "file:line" where the function with registry reference ref is defined.
std::string where_defined(lua_State* L, int ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_Debug ar;
  lua_getinfo(L, ">S", &ar);
  std::string file = ar.source && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
  return file + ":" + std::to_string(ar.linedefined);
}

}  // namespace

HookState HookState::of(std::unique_ptr<LuaState> lua, const Value& game) {
  HookState h;
  h.lua = std::move(lua);
  auto ref = [&](const char* key) {
    const Value* f = game.get(key);
    return f && f->is_function() ? f->ref : -1;
  };
  h.filter = ref("filter");
  h.filter_moves = ref("filter_moves");
  h.after = ref("after");
  h.generate = ref("generate");
  h.end = ref("end_check");
  h.evaluate = ref("evaluate");
  return h;
}

LuaHooks::LuaHooks(HookState loaded, ScriptSource source)
    : id_(next_hooks_id.fetch_add(1)),
      main_(std::move(loaded)),
      main_thread_(std::this_thread::get_id()),
      source_(std::move(source)) {
  main_.lua->set_budget(kHookBudget);
}

// With REGULA_HOOK_CALLS set in the environment, the calls of each hook made
// in every thread, on standard error when the rules are let go: scripts/bench
// divides the time a hook adds by them.
LuaHooks::~LuaHooks() {
  if (!std::getenv("REGULA_HOOK_CALLS")) return;
  std::array<uint64_t, 6> calls = main_.calls;
  for (auto& [thread, state] : pool_)
    for (size_t i = 0; i < calls.size(); ++i) calls[i] += state->calls[i];
  std::fprintf(stderr,
               "hook calls: filter %llu, filter_moves %llu, after %llu, generate %llu, "
               "end_check %llu, evaluate %llu\n",
               static_cast<unsigned long long>(calls[0]), static_cast<unsigned long long>(calls[1]),
               static_cast<unsigned long long>(calls[2]), static_cast<unsigned long long>(calls[3]),
               static_cast<unsigned long long>(calls[4]),
               static_cast<unsigned long long>(calls[5]));
}

HookState& LuaHooks::state() {
  if (t_cache.owner == id_) return *t_cache.state;
  return state_for_new_thread();
}

HookState& LuaHooks::state_for_new_thread() {
  HookState* found = nullptr;
  const std::thread::id me = std::this_thread::get_id();
  if (me == main_thread_) {
    found = &main_;
  } else {
    {
      std::lock_guard<std::mutex> lock(pool_mutex_);
      for (auto& [thread, state] : pool_)
        if (thread == me) found = state.get();
    }
    if (!found) {
      // Loaded outside the lock: only this thread adds an entry for itself.
      auto made = load_again();
      if (!made) finish(made.error());
      std::lock_guard<std::mutex> lock(pool_mutex_);
      pool_.emplace_back(me, std::move(*made));
      found = pool_.back().second.get();
    }
  }
  t_cache = ThreadCache{id_, found};
  return *found;
}

Expected<std::unique_ptr<HookState>> LuaHooks::load_again() const {
  auto lua = std::make_unique<LuaState>(source_.path, source_.options);
  lua->load_from(source_.sources);
  auto game = lua->run_file(source_.file);
  if (!game) return game.error();
  auto h = std::make_unique<HookState>(HookState::of(std::move(lua), *game));
  if ((h->filter >= 0) != (main_.filter >= 0) ||
      (h->filter_moves >= 0) != (main_.filter_moves >= 0) ||
      (h->after >= 0) != (main_.after >= 0) || (h->generate >= 0) != (main_.generate >= 0) ||
      (h->end >= 0) != (main_.end >= 0))
    return Error{source_.file.path,
                 "loaded again for another thread, the script defines other hooks (was it "
                 "changed since it was loaded?)"};
  h->lua->set_budget(kHookBudget);
  return h;
}

std::optional<Error> LuaHooks::error() const {
  std::lock_guard<std::mutex> lock(error_mutex_);
  return error_;
}

void LuaHooks::throw_if_failed() const {
  // error_ is written once, before failed_ is set, and never again.
  if (failed_.load(std::memory_order_acquire)) throw RuleError(*error_);
}

void LuaHooks::finish(const Status& st) {
  if (st) {
    std::lock_guard<std::mutex> lock(error_mutex_);
    if (!error_) {
      error_ = *st;
      failed_.store(true, std::memory_order_release);
    }
  }
  throw_if_failed();
}

bool LuaHooks::filter(const Position& pos, const Move& move) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kFilter)];
  const Running running(t_filtering);
  bool keep = false;
  Status st = with_position(h, pos, nullptr, nullptr, [&](lua_State* L) {
    push_move(L, pos, move, pos.stage());
    h.lua->call(h.filter, 2, 1);
    keep = lua_toboolean(L, -1) || lua_isnil(L, -1);
    lua_pop(L, 1);
  });
  finish(st);
  return keep;
}

void LuaHooks::filter_moves(const Position& pos, MoveList& moves) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kFilterMoves)];
  const Running running(t_filtering);
  Status bad;
  Status st = with_position(h, pos, nullptr, nullptr, [&](lua_State* L) {
    const int n = moves.size();
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; ++i) {
      push_move(L, pos, moves[i], pos.stage());
      lua_rawseti(L, -2, i + 1);
    }
    h.lua->call(h.filter_moves, 2, 1);
    const int t = lua_gettop(L);
    std::string why;
    if (lua_istable(L, t)) {
      if (static_cast<int>(lua_rawlen(L, t)) != n)
        why = "returned a list of " + std::to_string(lua_rawlen(L, t)) + " values for " +
              std::to_string(n) + " moves";
      int kept = 0;
      for (int i = 0; i < n && why.empty(); ++i) {
        lua_rawgeti(L, t, i + 1);
        if (!lua_isboolean(L, -1))
          why = "value " + std::to_string(i + 1) + " is a " + luaL_typename(L, -1) +
                ", not true or false";
        else if (lua_toboolean(L, -1))
          moves[kept++] = moves[i];
        lua_pop(L, 1);
      }
      if (why.empty()) moves.resize(kept);
    } else if (!lua_isnil(L, t)) {
      why = std::string("returned a ") + luaL_typename(L, t) + ", not a list of booleans";
    }
    if (!why.empty())
      bad = Error{
          where_defined(L, h.filter_moves),
          "filter_moves hook: " + why + " (one true or false per move, or nil to keep them all)"};
    lua_settop(L, t - 1);
  });
  finish(st ? st : bad);
}

void LuaHooks::after(Position& pos, const Move& move, Undo& undo) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kAfter)];
  Status st = with_position(h, pos, &pos, &undo, [&](lua_State* L) {
    push_move(L, pos, move, undo.stage, &undo);
    h.lua->call(h.after, 2, 0);
  });
  finish(st);
}

bool LuaHooks::generating() const {
  return t_generating > 0;
}

bool LuaHooks::filtering() const {
  return t_filtering > 0;
}

void LuaHooks::generate(const Position& pos, MoveList& moves) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kGenerate)];
  Status bad;
  const Running running(t_generating);
  Status st = with_position(h, pos, nullptr, nullptr, [&](lua_State* L) {
    h.lua->call(h.generate, 1, 1);
    std::string why = read_moves(L, lua_gettop(L), pos, moves);
    if (!why.empty()) bad = Error{where_defined(L, h.generate), "generate hook: " + why};
    lua_pop(L, 1);
  });
  finish(st ? st : bad);
}

std::optional<Result> LuaHooks::end(const Position& pos) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kEnd)];
  std::optional<Result> out;
  Status bad;
  Status st = with_position(h, pos, nullptr, nullptr, [&](lua_State* L) {
    h.lua->call(h.end, 1, 1);
    int t = lua_gettop(L);
    if (lua_istable(L, t)) {
      lua_pushstring(L, "reason");
      lua_rawget(L, t);
      std::string reason = lua_isstring(L, -1) ? lua_tostring(L, -1) : "end_check";
      lua_pushstring(L, "draw");
      lua_rawget(L, t);
      bool draw = lua_toboolean(L, -1);
      lua_pushstring(L, "winner");
      lua_rawget(L, t);
      const Ruleset& r = pos.rules();
      if (draw) {
        out = Result::draw(r.num_seats(), reason);
      } else if (lua_isstring(L, -1)) {
        std::string w = lua_tostring(L, -1);
        if (const int s = r.seat_index(w); s >= 0) out = win_for(r, s, reason);
        if (!out)
          bad = Error{where_defined(L, h.end), "end_check hook: winner '" + w + "' is not a seat"};
      }
    }
    lua_settop(L, t - 1);
  });
  finish(st ? st : bad);
  return out;
}

double LuaHooks::evaluate(const Position& pos, SeatId seat) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kEvaluate)];
  double out = 0;
  Status bad;
  Status st = with_position(h, pos, nullptr, nullptr, [&](lua_State* L) {
    lua_pushstring(L, pos.rules().seats[seat].name.c_str());
    h.lua->call(h.evaluate, 2, 1);
    int isnum = 0;
    const lua_Number v = lua_tonumberx(L, -1, &isnum);
    if (!isnum || !std::isfinite(v))
      bad = Error{where_defined(L, h.evaluate),
                  std::string("evaluate hook: must return a finite number, not ") +
                      (isnum ? "an infinite one" : luaL_typename(L, -1))};
    else
      out = v;
    lua_pop(L, 1);
  });
  finish(st ? st : bad);
  return out;
}

std::optional<Error> hook_error(const Ruleset& rules) {
  if (auto* h = dynamic_cast<const LuaHooks*>(rules.hooks.get())) return h->error();
  return std::nullopt;
}

}  // namespace regula::script
