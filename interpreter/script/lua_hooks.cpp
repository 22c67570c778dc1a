#include "script/lua_hooks.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <lua.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <exception>
#include <iterator>
#include <string>

#include "core/command_limits.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/rule_error.h"
#include "script/limits.h"
#include "script/lua_guard.h"

namespace regula::script {

namespace {

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

// What a state's first hook call makes once for all its calls, in the table
// PosContext::made refers to and as upvalues of every pos method and of the
// move handles' __index: names as interned Lua strings (pushing one is an
// array read, not the hashing of a C string) and the ids of names (looking one
// up is a read of a table keyed by strings Lua has hashed already).
enum Made {
  kSiteNames = 1,  // site id + 1 -> name
  kTypeNames,      // type id + 1 -> name
  kSeatNames,      // seat id + 1 -> name
  kKindNames,      // MoveKind + 1 -> name
  kSiteIds,        // name -> site id
  kTypeIds,        // name -> type id
  kSeatIds,        // name -> seat id
  kPosMetaTable,
  kMoveMetaTable,
  kContext,  // the state's PosContext, a light userdata
  kMadeCount = kContext
};

const char* const kKinds[] = {"normal", "drop",   "pass",    "chance", "castle",
                              "remove", "answer", "promote", "action"};
static_assert(sizeof(kKinds) / sizeof(kKinds[0]) == static_cast<size_t>(MoveKind::kAction) + 1);

// Pushes name i (0-based) of the names table k of what was made.
void push_name(lua_State* L, Made k, int i) {
  lua_rawgeti(L, lua_upvalueindex(k), i + 1);
}

// The context of the pos handle whose method is running (its self, argument
// 1); an error once the hook call that made the handle has returned (its
// position may be gone). A pos handle is a light userdata whose value is the
// id of the call it was made for: made without allocating, and valid only
// while that call is the one running.
PosContext* ctx(lua_State* L) {
  if (lua_type(L, 1) != LUA_TLIGHTUSERDATA) luaL_checkudata(L, 1, kPosMeta);
  auto* c = static_cast<PosContext*>(lua_touserdata(L, lua_upvalueindex(kContext)));
  const auto call = reinterpret_cast<uintptr_t>(lua_touserdata(L, 1));
  if (!c->pos || c->call != call)
    luaL_error(L, "pos used after its hook returned (keep values from it, not pos)");
  return c;
}

// The id the ids table k gives the name at arg, or -1.
int id_of(lua_State* L, Made k, int arg) {
  luaL_checkstring(L, arg);
  lua_pushvalue(L, arg);
  int found = 0;
  const lua_Integer id =
      lua_rawget(L, lua_upvalueindex(k)) == LUA_TNUMBER ? lua_tointegerx(L, -1, &found) : -1;
  lua_pop(L, 1);
  return found ? static_cast<int>(id) : -1;
}

SiteId check_site(lua_State* L, const Position&, int arg) {
  const int s = id_of(L, kSiteIds, arg);
  if (s < 0) luaL_error(L, "no site named '%s'", lua_tostring(L, arg));
  return static_cast<SiteId>(s);
}

SeatId check_seat(lua_State* L, const Position&, int arg) {
  const int s = id_of(L, kSeatIds, arg);
  if (s < 0) luaL_error(L, "no seat named '%s'", lua_tostring(L, arg));
  return static_cast<SeatId>(s);
}

TypeId check_type(lua_State* L, const Position&, int arg) {
  const int t = id_of(L, kTypeIds, arg);
  if (t < 0) luaL_error(L, "no piece named '%s'", lua_tostring(L, arg));
  return static_cast<TypeId>(t);
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
  push_name(L, kTypeNames, piece_type(c));
  push_name(L, kSeatNames, piece_seat(c));
  return 2;
}
int l_to_move(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  push_name(L, kSeatNames, p.to_move());
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
// The calling thread's CPU time in nanoseconds: what a service took, whatever
// else the machine was running meanwhile.
int64_t thread_nanos() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

// Charges a service of the engine that a pos method runs (limits.h,
// kNanosPerInstruction): the estimate when it starts, which raises the
// budget's error or a stop before any work is done; for a service no estimate
// bounds (timed), once done() says it has returned, the CPU time it took
// beyond that, less what the hook calls nested in it spent, and a look at the
// command's stop and deadlines.
class Service {
 public:
  Service(lua_State* L, long estimate, bool timed) : L_(L), estimate_(estimate), timed_(timed) {
    LuaState::charge(L, estimate);
    if (!timed) return;
    left_ = LuaState::remaining(L);
    start_ = thread_nanos();
  }
  void done() {
    if (!timed_) return;
    const long nested = std::max(0L, left_ - LuaState::remaining(L_));
    LuaState::charge_service(L_, estimate_ + nested, thread_nanos() - start_);
  }

 private:
  lua_State* L_;
  long estimate_;
  bool timed_;
  long left_ = 0;
  int64_t start_ = 0;
};

// The estimate of a call of pos:attacked (limits.h): each enemy seat's look
// from the site may cross the board.
long attack_cost(const Position& p) {
  return kAttackCost + p.rules().num_seats() * (1 + p.num_sites() / kBytesPerInstruction);
}

// Whether pos:attacked may generate every move of an enemy seat, whose cost no
// estimate bounds well (core/attacks.h: capture chains, a generate hook's
// moves, filters that judge the attack); otherwise it reads tables only.
bool attack_generates(const Position& p) {
  const Ruleset& r = p.rules();
  const Hooks* h = r.hooks.get();
  if (h && ((h->has_generate() && !h->generating()) ||
            ((h->has_filter() || h->has_filter_moves()) && !h->filtering())))
    return true;
  for (SeatId e = 0; e < r.num_seats(); ++e)
    if (!r.other_attackers[e].empty()) return true;
  return false;
}

// pos:attacked(site, seat, piece): could an enemy of seat capture a piece of that type
// standing on site at its next move, in this position? (Attack detection can run
// the generate hook.)
int l_attacked(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  SiteId s = check_site(L, p, 2);
  SeatId seat = check_seat(L, p, 3);
  TypeId t = check_type(L, p, 4);
  Service service(L, attack_cost(p), attack_generates(p));
  const bool attacked = is_attacked(p, s, seat, t);
  service.done();
  lua_pushboolean(L, attacked);
  return 1;
}
int l_sites(lua_State* L) {
  const Position& p = *ctx(L)->pos;
  LuaState::charge(L, 1 + p.num_sites());
  lua_createtable(L, p.num_sites(), 0);
  for (SiteId s = 0; s < p.num_sites(); ++s) {
    push_name(L, kSiteNames, s);
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

// Whether the rules ever put a piece of type t in a hand: a hand at the start
// holds it, a drop rule drops it, gating brings it in, or under
// captures_to_hand a capture sends it there.
bool has_hand(const Ruleset& r, TypeId t) {
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (r.setup_hand[s][t] > 0) return true;
  for (const auto& rule : r.rules)
    if (rule.kind == RuleKind::kDrop && rule.drop_type == t) return true;
  if (r.gating.on() && r.gating.gates(t)) return true;
  if (r.captures_to_hand)
    for (TypeId u = 0; u < static_cast<TypeId>(r.types.size()); ++u)
      if ((r.types[u].hand_as < 0 ? u : r.types[u].hand_as) == t || r.types[u].marked_hand_as == t)
        return true;
  return false;
}

// pos:set_hand(seat, piece, count): seat now holds count of piece in hand.
int l_set_hand(lua_State* L) {
  Position& p = writable(L);
  SeatId seat = check_seat(L, p, 2);
  TypeId t = check_type(L, p, 3);
  lua_Integer n = luaL_checkinteger(L, 4);
  const char* name = p.rules().types[t].name.c_str();
  LuaState::charge(L, 1 + static_cast<long>(p.rules().rules.size() + p.rules().types.size()));
  if (!has_hand(p.rules(), t))
    return luaL_error(L,
                      "the rules never put a %s in a hand (no drop, start hand, gating or capture "
                      "to hand gives one)",
                      name);
  if (n < 0) return luaL_error(L, "a hand cannot hold %I %s (the count is 0 or more)", n, name);
  if (n > kMaxHandPieces)
    return luaL_error(L, "a hand holds at most %d of a piece, not %I (kMaxHandPieces)",
                      kMaxHandPieces, n);
  p.set_hand(seat, t, static_cast<int>(n), ctx(L)->undo);
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
  push_name(L, kSeatNames, p.controller(check_seat(L, p, 2)));
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

// Which move of a generated list an error is about ("move 3"): the text is
// made only for an error, not for every move read.
struct MoveName {
  lua_Integer index;
};
std::string operator+(MoveName which, const char* text) {
  return "move " + std::to_string(which.index) + text;
}

// The fields a generated move may have, in the order of PosContext::move_keys.
enum MoveField { kFrom, kTo, kCaptures, kDrop, kPromote, kLabel, kMoveFields };
const char* const kMoveFieldNames[] = {"from", "to", "captures", "drop", "promote", "label"};

// A value as read from a move table: its Lua type and, for a string, its
// bytes, which live as long as the table does (raw reads leave it unchanged).
struct FieldValue {
  int type = LUA_TNIL;
  const char* bytes = nullptr;
  size_t size = 0;
};

// The value at idx, read without converting it (a number stays a number).
FieldValue value_at(lua_State* L, int idx) {
  FieldValue v;
  v.type = lua_type(L, idx);
  if (v.type == LUA_TSTRING) v.bytes = lua_tolstring(L, idx, &v.size);
  return v;
}

// The site a value names, or kNoSite with why in bad (which and field name
// the value, and are joined only for an error): by the address of its bytes
// (every site name a script writes short enough for Lua to intern), else by
// its text.
SiteId site_value(lua_State* L, const PosContext& c, const Topology& t, const FieldValue& v,
                  MoveName which, const char* field, std::string& bad) {
  if (v.type != LUA_TSTRING) {
    bad = which + " " + field + " is a " + lua_typename(L, v.type) + ", not a site name";
    return kNoSite;
  }
  SiteId s = static_cast<SiteId>(c.sites_by_address.find(v.bytes));
  if (s < 0) s = t.find(std::string(v.bytes, v.size));
  if (s == kNoSite) bad = which + " " + field + ": no site named '" + v.bytes + "'";
  return s;
}

// The bytes of a name field, or null when it is nil; a value that is not a
// string sets bad.
const char* string_field(lua_State* L, const FieldValue& v, const char* key, MoveName which,
                         std::string& bad) {
  if (v.type != LUA_TNIL && v.type != LUA_TSTRING && bad.empty())
    bad = which + " " + key + " is a " + lua_typename(L, v.type) + ", not a name";
  return v.type == LUA_TSTRING ? v.bytes : nullptr;
}

// The piece type a name field names, -1 when absent (or bad set).
TypeId type_field(lua_State* L, const PosContext& c, const FieldValue& v, const char* key,
                  MoveName which, const Ruleset& r, std::string& bad) {
  const char* name = string_field(L, v, key, which, bad);
  if (!name) return -1;
  TypeId t = static_cast<TypeId>(c.types_by_address.find(name));
  if (t < 0) t = r.type_index(std::string(name, v.size));
  if (t < 0 && bad.empty()) bad = which + " " + key + ": no piece named '" + name + "'";
  return t;
}

// The field the string key at idx names, or -1: by address first (a key a
// script writes is the interned name), then by text.
int field_of(lua_State* L, const PosContext& c, int idx) {
  size_t n = 0;
  const char* key = lua_tolstring(L, idx, &n);
  for (int i = 0; i < kMoveFields; ++i)
    if (key == c.move_keys[i]) return i;
  for (int i = 0; i < kMoveFields; ++i)
    if (std::strlen(kMoveFieldNames[i]) == n && std::memcmp(kMoveFieldNames[i], key, n) == 0)
      return i;
  return -1;
}

// Reads the fields of the move table at mt into f, in one pass, and copies
// the value of captures into the stack slot caps. Sets bad when the table has
// a field a generated move has not.
void read_fields(lua_State* L, const PosContext& c, int mt, int caps, MoveName which,
                 FieldValue (&f)[kMoveFields], std::string& bad) {
  lua_pushnil(L);
  while (lua_next(L, mt)) {
    const int field = lua_type(L, -2) == LUA_TSTRING ? field_of(L, c, -2) : -1;
    if (field < 0) {
      std::string key = luaL_typename(L, -2);
      if (lua_type(L, -2) == LUA_TSTRING)
        key = lua_tostring(L, -2);
      else if (lua_type(L, -2) == LUA_TNUMBER)
        key = std::to_string(lua_tointeger(L, -2));
      bad = which + " has an unknown field '" + key +
            "' (a generated move has from, to, captures, drop, promote and label)";
      lua_pop(L, 2);
      return;
    }
    f[field] = value_at(L, -1);
    if (field == kCaptures) lua_copy(L, -1, caps);
    lua_pop(L, 1);
  }
}

// Reads the captures list at caps into m. Sets why it is unusable in bad.
void read_captures(lua_State* L, const PosContext& c, const Topology& t, int caps, MoveName which,
                   Move& m, std::string& bad) {
  if (lua_isnil(L, caps)) return;
  if (!lua_istable(L, caps)) {
    bad = which + " captures is a " + luaL_typename(L, caps) + ", not a list of sites";
    return;
  }
  const auto k = static_cast<lua_Integer>(lua_rawlen(L, caps));
  if (k > kMaxCaptures) {
    bad = which + " captures " + std::to_string(k) + " sites; the engine holds at most " +
          std::to_string(kMaxCaptures) + " captures in one move (kMaxCaptures)";
    return;
  }
  // Counted no further than one past the list, however large the table.
  const int top = lua_gettop(L);
  lua_Integer entries = 0;
  lua_pushnil(L);
  while (entries <= k && lua_next(L, caps)) {
    ++entries;
    lua_pop(L, 1);
  }
  lua_settop(L, top);
  if (entries != k) {
    bad = which + " captures has fields besides its list of sites";
    return;
  }
  for (lua_Integer j = 1; j <= k && bad.empty(); ++j) {
    lua_rawgeti(L, caps, j);
    SiteId s = site_value(L, c, t, value_at(L, -1), which, "capture", bad);
    if (bad.empty()) m.cap[m.ncap++] = s;
    lua_pop(L, 1);
  }
}

// Reads one generated move, the table at mt, into m: a drop when it has
// `drop`, otherwise a move of the piece on `from`. The slot above mt holds
// its captures while it is read. Sets why it is unusable in bad.
void read_move(lua_State* L, const PosContext& c, int mt, MoveName which, const Position& pos,
               Move& m, std::string& bad) {
  const Ruleset& r = pos.rules();
  const Topology& t = r.topology;
  const int caps = mt + 1;
  FieldValue f[kMoveFields];
  read_fields(L, c, mt, caps, which, f, bad);
  if (!bad.empty()) return;
  m.rule = 0xFFFF;
  // (Most moves have neither drop, promote nor label.)
  if (f[kDrop].type != LUA_TNIL) m.drop_type = type_field(L, c, f[kDrop], "drop", which, r, bad);
  if (f[kPromote].type != LUA_TNIL)
    m.promote = type_field(L, c, f[kPromote], "promote", which, r, bad);
  if (const char* label =
          f[kLabel].type == LUA_TNIL ? nullptr : string_field(L, f[kLabel], "label", which, bad)) {
    for (size_t i = 0; i < r.rules.size() && m.rule == 0xFFFF; ++i)
      if (r.rules[i].kind == RuleKind::kGenerated && r.rules[i].label == label)
        m.rule = static_cast<uint16_t>(i);
    if (m.rule == 0xFFFF && bad.empty())
      bad = which + " has the label '" + label +
            "', which no move rule of the script has and the game's labels do not list";
  }
  if (!bad.empty()) return;
  if (m.drop_type >= 0) {
    m.kind = MoveKind::kDrop;
    if (f[kFrom].type != LUA_TNIL) {
      bad = which + " drops a piece and also moves one from a site (give drop or from)";
      return;
    }
    if (pos.hand(pos.to_move(), m.drop_type) <= 0) {
      bad = which + " drops a " + r.types[m.drop_type].name +
            ", and the side to move has none in hand";
      return;
    }
  } else {
    m.from = site_value(L, c, t, f[kFrom], which, "from", bad);
    if (bad.empty() && !(pos.at(m.from) && piece_seat(pos.at(m.from)) == pos.to_move()))
      bad = which + " moves from " + t.name(m.from) + ", which holds no piece of the side to move";
  }
  if (bad.empty()) m.to = site_value(L, c, t, f[kTo], which, "to", bad);
  if (bad.empty() && m.drop_type >= 0 && pos.at(m.to))
    bad = which + " drops on " + t.name(m.to) + ", which is not empty";
  if (bad.empty()) read_captures(L, c, t, caps, which, m, bad);
}

// Reads the list of moves a generate hook returned (at idx) into moves, all or
// nothing of each: a field the engine cannot hold whole (an unknown site, more
// captures than a Move has room for, a field it does not know) is an error,
// never a move quietly changed. Raw reads only, which neither run Lua (a
// metatable on a returned table has no say) nor raise a Lua error, so that
// the list is read outside any protected call. Sets why the value is
// unusable in bad, left empty when it is fine.
void read_moves(lua_State* L, const PosContext& c, int idx, const Position& pos, MoveList& moves,
                std::string& bad) {
  if (lua_isnil(L, idx)) return;
  if (!lua_istable(L, idx)) {
    bad = std::string("returned a ") + luaL_typename(L, idx) + ", not a list of moves";
    return;
  }
  // A move read needs its table, its captures, a key and a value, and two more.
  if (!lua_checkstack(L, 8)) {
    bad = "out of Lua stack space";
    return;
  }
  const int top = lua_gettop(L);
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
  if (n > static_cast<lua_Integer>(kMaxListItems)) {
    bad = "returned " + std::to_string(n) + " moves; at most " + std::to_string(kMaxListItems) +
          " (kMaxListItems)";
    return;
  }
  for (lua_Integer i = 1; i <= n && bad.empty(); ++i) {
    const MoveName which{i};
    if (lua_rawgeti(L, idx, i) != LUA_TTABLE) {
      bad = which + " is a " + luaL_typename(L, -1) + ", not a table";
      break;
    }
    lua_pushnil(L);  // the captures' slot
    Move m;
    read_move(L, c, top + 1, which, pos, m, bad);
    if (bad.empty()) moves.push(m);
    lua_settop(L, top);
  }
  lua_settop(L, top);
}

// What a move handle holds: a copy of the move, with what its fields need
// that the move alone does not say, read from the position when the handle
// is made. It reads the same whenever it is used, during its call or later.
struct MoveView {
  Move m;
  const Ruleset* rules;
  TypeId piece;   // the type that moves (or is dropped, promoted or removed), or -1
  int16_t stage;  // the stage the move was a decision of (for an answer), or -1
  bool takes_to;  // whether the move takes the piece on its destination
};

// Pushes a table of the names of n sites.
void push_site_list(lua_State* L, const SiteId* sites, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    push_name(L, kSiteNames, sites[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

// move.captures and move.path: made at the first read and kept in the
// handle's user value slot, so that every read gives the same table.
void push_move_list(lua_State* L, const MoveView& v, int slot) {
  if (lua_getiuservalue(L, 1, slot) == LUA_TTABLE) return;
  lua_pop(L, 1);
  if (slot == 1) {
    std::array<SiteId, kMaxCaptures + 1> taken;
    int ntaken = 0;
    if (v.takes_to) taken[ntaken++] = v.m.to;
    for (int i = 0; i < v.m.ncap; ++i)
      if (v.m.cap[i] != v.m.to || !v.takes_to) taken[ntaken++] = v.m.cap[i];
    push_site_list(L, taken.data(), ntaken);
  } else {
    push_site_list(L, v.m.path.data(), v.m.npath);
  }
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, 1, slot);
}

// The names of the extra fields answer, action and label, or null.
const std::string* move_extra(const MoveView& v, const char* key) {
  const Ruleset& r = *v.rules;
  const Move& m = v.m;
  if (m.kind == MoveKind::kAnswer) {
    if (std::strcmp(key, "answer") == 0 && v.stage >= 0 && m.chance >= 0 &&
        m.chance < static_cast<int>(r.stages[v.stage].answers.size()))
      return &r.stages[v.stage].answers[m.chance];
  } else if (m.kind == MoveKind::kAction) {
    if (std::strcmp(key, "action") == 0 && m.chance >= 0 &&
        m.chance < static_cast<int>(r.actions.size()))
      return &r.actions[m.chance].name;
  } else if (std::strcmp(key, "label") == 0 && m.rule < r.rules.size() &&
             !r.rules[m.rule].label.empty()) {
    return &r.rules[m.rule].label;
  }
  return nullptr;
}

// The __index of move handles: a field is read when the script reads it, and
// a field the move has not is nil, as it was when move was a table.
int l_move_index(lua_State* L) {
  const auto& v = *static_cast<const MoveView*>(lua_touserdata(L, 1));
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  const char* key = lua_tostring(L, 2);
  const Move& m = v.m;
  auto site = [&](SiteId s) {
    if (s == kNoSite) return 0;
    push_name(L, kSiteNames, s);
    return 1;
  };
  auto type = [&](TypeId t) {
    if (t < 0) return 0;
    push_name(L, kTypeNames, t);
    return 1;
  };
  if (std::strcmp(key, "from") == 0) return site(m.from);
  if (std::strcmp(key, "to") == 0) return site(m.to);
  if (std::strcmp(key, "piece") == 0) return type(v.piece);
  if (std::strcmp(key, "kind") == 0) {
    push_name(L, kKindNames, static_cast<int>(m.kind));
    return 1;
  }
  if (std::strcmp(key, "captures") == 0 || std::strcmp(key, "path") == 0) {
    push_move_list(L, v, key[0] == 'c' ? 1 : 2);
    return 1;
  }
  if (std::strcmp(key, "promote") == 0) return type(m.promote);
  if (const std::string* extra = move_extra(v, key)) {
    lua_pushlstring(L, extra->data(), extra->size());
    return 1;
  }
  return 0;
}

// Pushes the names tables and the ids tables of what is made once (Made's
// kSiteNames to kSeatIds, in order).
void push_names(lua_State* L, const Ruleset& r) {
  const int base = lua_gettop(L);
  auto names = [&](int n, auto name_of) {
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; ++i) {
      lua_pushstring(L, name_of(i));
      lua_rawseti(L, -2, i + 1);
    }
  };
  auto ids = [&](Made from) {
    const int list = base + from;
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, list));
    lua_createtable(L, 0, static_cast<int>(n));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, list, i);
      lua_pushinteger(L, i - 1);
      lua_rawset(L, -3);
    }
  };
  names(r.topology.size(), [&](int i) { return r.topology.name(i).c_str(); });
  names(static_cast<int>(r.types.size()), [&](int i) { return r.types[i].name.c_str(); });
  names(r.num_seats(), [&](int i) { return r.seats[i].name.c_str(); });
  names(static_cast<int>(std::size(kKinds)), [&](int i) { return kKinds[i]; });
  ids(kSiteNames);
  ids(kTypeNames);
  ids(kSeatNames);
}

// Pushes a copy of every entry of what is made, from base + 1 on: the
// upvalues of the pos methods and of the move handles' __index.
void push_upvalues(lua_State* L, int base) {
  for (int k = 1; k <= kMadeCount; ++k) lua_pushvalue(L, base + k);
}

// Fills the pos handles' metatable (at base + kPosMetaTable) with the methods.
void set_pos_methods(lua_State* L, int base) {
  // A pos method as Lua calls it goes through guarded<> (lua_guard.h): a nested
  // hook that fails throws RuleError out of attack detection, and the engine may
  // run out of memory. For a failed hook the Lua error is enough: the hooks are
  // already failed, so the outer call throws the first error when it returns,
  // even if the script caught this one.
  const luaL_Reg fns[] = {{"at", guarded<l_at>},
                          {"to_move", guarded<l_to_move>},
                          {"counter", guarded<l_counter>},
                          {"hand", guarded<l_hand>},
                          {"ply", guarded<l_ply>},
                          {"sites", guarded<l_sites>},
                          {"remove", guarded<l_remove>},
                          {"place", guarded<l_place>},
                          {"set_counter", guarded<l_set_counter>},
                          {"set_hand", guarded<l_set_hand>},
                          {"attacked", guarded<l_attacked>},
                          {"seat_state", guarded<l_seat_state>},
                          {"set_seat_state", guarded<l_set_seat_state>},
                          {"controller", guarded<l_controller>},
                          {"set_controller", guarded<l_set_controller>},
                          {"phase", guarded<l_phase>},
                          {"stage", guarded<l_stage>},
                          {nullptr, nullptr}};
  lua_createtable(L, 0, static_cast<int>(std::size(fns)) - 1);
  push_upvalues(L, base);
  luaL_setfuncs(L, fns, kMadeCount);
  lua_setfield(L, base + kPosMetaTable, "__index");
}

// Fills c's tables by address (see InternedIds) from the names tables at
// base + kSiteNames and base + kTypeNames, and pushes a table of the move
// field names whose addresses c.move_keys holds, which keeps them alive.
void index_by_address(lua_State* L, PosContext& c, int base) {
  auto index = [&](Made names, InternedIds& ids) {
    const int n = static_cast<int>(lua_rawlen(L, base + names));
    ids.reset(n);
    for (int i = 0; i < n; ++i) {
      lua_rawgeti(L, base + names, i + 1);
      ids.add(lua_tostring(L, -1), i);
      lua_pop(L, 1);
    }
  };
  index(kSiteNames, c.sites_by_address);
  index(kTypeNames, c.types_by_address);
  lua_createtable(L, kMoveFields, 0);
  for (int i = 0; i < kMoveFields; ++i) {
    lua_pushstring(L, kMoveFieldNames[i]);
    c.move_keys[i] = lua_tostring(L, -1);
    lua_rawseti(L, -2, i + 1);
  }
}

// Makes what a state's first hook call makes for all its calls (see Made),
// and sets PosContext::made and PosContext::result.
void make_once(lua_State* L, PosContext& c, const Ruleset& r) {
  const int base = lua_gettop(L);
  push_names(L, r);
  luaL_newmetatable(L, kPosMeta);
  lua_newtable(L);  // the move handles' metatable
  lua_pushlightuserdata(L, &c);
  // Scripts can neither read nor replace them.
  lua_pushstring(L, "pos");
  lua_setfield(L, base + kPosMetaTable, "__metatable");
  lua_pushstring(L, "move");
  lua_setfield(L, base + kMoveMetaTable, "__metatable");
  set_pos_methods(L, base);
  push_upvalues(L, base);
  lua_pushcclosure(L, guarded<l_move_index>, kMadeCount);
  lua_setfield(L, base + kMoveMetaTable, "__index");
  lua_createtable(L, kMadeCount + 1, 0);
  for (int k = 1; k <= kMadeCount; ++k) {
    lua_pushvalue(L, base + k);
    lua_rawseti(L, -2, k);
  }
  index_by_address(L, c, base);
  lua_rawseti(L, -2, kMadeCount + 1);
  c.made = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, base + kSeatNames);
  c.seat_names = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushvalue(L, base + kMoveMetaTable);
  c.move_meta = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pushboolean(L, 0);
  c.result = luaL_ref(L, LUA_REGISTRYINDEX);
  // Every light userdata of a state shares one metatable, and pos handles are
  // the only ones scripts see.
  lua_pushlightuserdata(L, nullptr);
  lua_pushvalue(L, base + kPosMetaTable);
  lua_setmetatable(L, -2);
  lua_settop(L, base);
}

// Pushes the pos handle of the running call (see ctx()).
void push_position(lua_State* L, const PosContext& c) {
  lua_pushlightuserdata(L, reinterpret_cast<void*>(static_cast<uintptr_t>(c.call)));
}

// Sets the context for one hook call, and gives the outer call (a hook that
// pos:attacked ran inside another) its own back when it ends.
class CallScope {
 public:
  CallScope(PosContext& c, const Position& pos, Position* mpos, Undo* undo)
      : c_(c), pos_(c.pos), mpos_(c.mpos), undo_(c.undo), call_(c.call) {
    c.pos = &pos;
    c.mpos = mpos;
    c.undo = undo;
    c.call = ++c.last_call;
  }
  ~CallScope() {
    c_.pos = pos_;
    c_.mpos = mpos_;
    c_.undo = undo_;
    c_.call = call_;
  }
  CallScope(const CallScope&) = delete;
  CallScope& operator=(const CallScope&) = delete;

 private:
  PosContext& c_;
  const Position* pos_;
  Position* mpos_;
  Undo* undo_;
  uint64_t call_;
};

// Runs body in h's state, with the hook function of registry reference hook
// and the pos handle for pos pushed (its first argument), valid for this call
// only; body pushes the other arguments and calls it.
template <class Body>
Status with_position(HookState& h, int hook, const Position& pos, Position* mpos, Undo* undo,
                     Body&& body) {
  PosContext& c = *h.ctx;
  const CallScope scope(c, pos, mpos, undo);
  return h.lua->run([&](lua_State* L) {
    if (c.made < 0) make_once(L, c, pos.rules());
    lua_rawgeti(L, LUA_REGISTRYINDEX, hook);
    push_position(L, c);
    body(L);
  });
}

// Calls the hook of registry reference hook on pos and, when seat is one, the
// seat's name, with no C function between (LuaState::begin_call): nothing is
// allocated to push them. read gets the index of the result and reads it
// without raising an error (no allocation), or hands it to read_protected.
template <class Read>
Status call_direct(HookState& h, int hook, const Position& pos, SeatId seat, Read&& read) {
  PosContext& c = *h.ctx;
  if (c.made < 0)
    if (Status st = h.lua->run([&](lua_State* L) { make_once(L, c, pos.rules()); })) return st;
  const CallScope scope(c, pos, nullptr, nullptr);
  lua_State* L = h.lua->L();
  int base = 0;
  if (Status st = h.lua->begin_call(base)) return st;
  lua_rawgeti(L, LUA_REGISTRYINDEX, hook);
  push_position(L, c);
  int nargs = 1;
  if (seat >= 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, c.seat_names);
    lua_rawgeti(L, -1, seat + 1);
    lua_remove(L, -2);
    ++nargs;
  }
  Status st = h.lua->end_call(base, nargs, 1);
  if (!st) {
    st = read(L, base + 2);
    lua_settop(L, base);
  }
  return st;
}

// Runs read on the value at idx in a protected call (run()), for reading
// that may raise an error (a table's fields): the value gets there through
// the registry slot PosContext::result.
template <class Read>
Status read_protected(HookState& h, int idx, Read&& read) {
  lua_State* L = h.lua->L();
  const int slot = h.ctx->result;
  lua_pushvalue(L, idx);
  lua_rawseti(L, LUA_REGISTRYINDEX, slot);
  Status st = h.lua->run([&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, slot);
    read(L, lua_gettop(L));
  });
  lua_pushboolean(L, 0);  // lets the value go
  lua_rawseti(L, LUA_REGISTRYINDEX, slot);
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

// Pushes the move handle of m, a userdata that reads its fields when the
// script does (l_move_index). stage: the stage the move was a decision of (for
// an answer's label), or -1. made: the move's undo when pos is the position
// after it (the after hook), null when pos is the position it is made from.
// Either way `piece` is the type that moves (or is dropped, promoted or
// removed) as it was before the move, and `captures` every site whose piece
// the move takes: the destination of an ordinary capture or a removal, then
// the sites a chain or en passant clears.
void push_move(lua_State* L, const PosContext& c, const Position& pos, const Move& m, int stage,
               const Undo* made = nullptr) {
  auto was = [&](SiteId s) { return made ? before_move(pos, *made, s) : pos.at(s); };
  auto* v = static_cast<MoveView*>(lua_newuserdatauv(L, sizeof(MoveView), 2));
  v->m = m;
  v->rules = &pos.rules();
  v->stage = static_cast<int16_t>(stage);
  TypeId piece = m.drop_type;
  if (piece < 0 && m.from != kNoSite && was(m.from)) piece = piece_type(was(m.from));
  v->takes_to = (m.kind == MoveKind::kNormal || m.kind == MoveKind::kRemove) && m.to != kNoSite &&
                m.to != m.from && was(m.to);
  if (piece < 0 && (v->takes_to || m.kind == MoveKind::kPromote) && m.to != kNoSite && was(m.to))
    piece = piece_type(was(m.to));
  v->piece = piece;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c.move_meta);
  lua_setmetatable(L, -2);
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

void LuaHooks::record_and_throw(const Status& st) {
  // A call its command stopped says nothing about the script: the hooks go
  // on working for the next command.
  if (st && command_limits().interrupted()) throw CommandStopped(*st);
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
  Status st = with_position(h, h.filter, pos, nullptr, nullptr, [&](lua_State* L) {
    push_move(L, *h.ctx, pos, move, pos.stage());
    lua_call(L, 2, 1);
    keep = lua_toboolean(L, -1) || lua_isnil(L, -1);
    lua_pop(L, 1);
  });
  finish(st);
  return keep;
}

void LuaHooks::filter_each(const Position& pos, MoveList& moves) {
  throw_if_failed();
  if (moves.empty()) return;
  HookState& h = state();
  h.calls[static_cast<int>(HookKind::kFilter)] += static_cast<uint64_t>(moves.size());
  const Running running(t_filtering);
  int kept = 0;
  Status st = with_position(h, h.filter, pos, nullptr, nullptr, [&](lua_State* L) {
    PosContext& c = *h.ctx;
    const int fn = lua_gettop(L) - 1;  // the hook, then pos
    const int stage = pos.stage();
    for (int i = 0; i < moves.size(); ++i) {
      // Each move is judged as in a call of its own: a budget, and a pos
      // that a later move's judgement cannot use.
      if (i > 0) {
        h.lua->renew_budget();
        c.call = ++c.last_call;
      }
      lua_pushvalue(L, fn);
      push_position(L, c);
      push_move(L, c, pos, moves[i], stage);
      lua_call(L, 2, 1);
      const bool keep = lua_toboolean(L, -1) || lua_isnil(L, -1);
      lua_pop(L, 1);
      if (keep) moves[kept++] = moves[i];
    }
  });
  finish(st);
  moves.resize(kept);
}

void LuaHooks::filter_moves(const Position& pos, MoveList& moves) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kFilterMoves)];
  const Running running(t_filtering);
  Status bad;
  Status st = with_position(h, h.filter_moves, pos, nullptr, nullptr, [&](lua_State* L) {
    const int n = moves.size();
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; ++i) {
      push_move(L, *h.ctx, pos, moves[i], pos.stage());
      lua_rawseti(L, -2, i + 1);
    }
    lua_call(L, 2, 1);
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
  Status st = with_position(h, h.after, pos, &pos, &undo, [&](lua_State* L) {
    push_move(L, *h.ctx, pos, move, undo.stage, &undo);
    lua_call(L, 2, 0);
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
  Status st = call_direct(h, h.generate, pos, -1, [&](lua_State* L, int result) -> Status {
    // nil and an empty list need no reading.
    const int type = lua_type(L, result);
    if (type == LUA_TNIL || (type == LUA_TTABLE && lua_rawlen(L, result) == 0)) return std::nullopt;
    // Raw reads of the tables and strings the script made: no Lua error can
    // be raised and nothing allocated in Lua, so no protected call is needed.
    std::string why;
    try {
      read_moves(L, *h.ctx, result, pos, moves, why);
    } catch (const std::exception& e) {
      why = e.what();
    }
    if (!why.empty()) bad = Error{where_defined(L, h.generate), "generate hook: " + why};
    return std::nullopt;
  });
  finish(st ? st : bad);
}

std::optional<Result> LuaHooks::end(const Position& pos) {
  throw_if_failed();
  HookState& h = state();
  ++h.calls[static_cast<int>(HookKind::kEnd)];
  std::optional<Result> out;
  Status bad;
  Status st = call_direct(h, h.end, pos, -1, [&](lua_State* L, int result) -> Status {
    // Anything but a table is no result.
    if (!lua_istable(L, result)) return std::nullopt;
    return read_protected(h, result, [&](lua_State* L, int t) {
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
      lua_settop(L, t - 1);
    });
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
  Status st = call_direct(h, h.evaluate, pos, seat, [&](lua_State* L, int result) -> Status {
    int isnum = 0;
    const lua_Number v = lua_tonumberx(L, result, &isnum);
    if (!isnum || !std::isfinite(v))
      bad = Error{where_defined(L, h.evaluate),
                  std::string("evaluate hook: must return a finite number, not ") +
                      (isnum ? "an infinite one" : luaL_typename(L, result))};
    else
      out = v;
    return std::nullopt;
  });
  finish(st ? st : bad);
  return out;
}

std::optional<Error> hook_error(const Ruleset& rules) {
  if (auto* h = dynamic_cast<const LuaHooks*>(rules.hooks.get())) return h->error();
  return std::nullopt;
}

}  // namespace regula::script
