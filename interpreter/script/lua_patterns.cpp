// Lua 5.4.4's pattern matching (lstrlib.c), Copyright (C) 1994-2022 Lua.org,
// PUC-Rio, under the MIT licence (see lua.h), changed to count its steps
// against the script's instruction budget; behaviour is otherwise Lua's.

#include "script/lua_patterns.h"

#include <lua.hpp>

#include <cctype>
#include <cstddef>
#include <cstring>

#include "script/limits.h"
#include "script/lua_state.h"

namespace regula::script {

namespace {

constexpr int kMaxCaptures = 32;     // LUA_MAXCAPTURES
constexpr int kMaxMatchDepth = 200;  // MAXCCALLS: recursion of match()
constexpr char kEsc = '%';
constexpr const char* kSpecials = "^$*+?.([%-";
constexpr ptrdiff_t kCapUnfinished = -1;
constexpr ptrdiff_t kCapPosition = -2;
// Steps are handed to the budget in batches, to keep the count cheap.
constexpr long kChargeBatch = 1024;

struct MatchState {
  const char* src_init;
  const char* src_end;
  const char* p_end;
  lua_State* L;
  int matchdepth;
  unsigned char level;
  long steps;  // not yet charged to the budget
  struct {
    const char* init;
    ptrdiff_t len;
  } capture[kMaxCaptures];
};

void step(MatchState* ms, long n = 1) {
  ms->steps += n;
  if (ms->steps >= kChargeBatch) {
    long n_steps = ms->steps;
    ms->steps = 0;
    LuaState::charge(ms->L, n_steps);
  }
}

void settle(MatchState* ms) {
  long n_steps = ms->steps;
  ms->steps = 0;
  LuaState::charge(ms->L, n_steps);
}

long bytes_cost(size_t n) {
  return static_cast<long>(n / kBytesPerInstruction);
}

const char* match(MatchState* ms, const char* s, const char* p);

size_t posrelat_start(lua_Integer pos, size_t len) {
  if (pos > 0) return static_cast<size_t>(pos);
  if (pos == 0) return 1;
  if (pos < -static_cast<lua_Integer>(len)) return 1;
  return len + static_cast<size_t>(pos) + 1;
}

int check_capture(MatchState* ms, int l) {
  l -= '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == kCapUnfinished)
    return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
  return l;
}

int capture_to_close(MatchState* ms) {
  int level = ms->level;
  for (level--; level >= 0; level--)
    if (ms->capture[level].len == kCapUnfinished) return level;
  return luaL_error(ms->L, "invalid pattern capture");
}

const char* classend(MatchState* ms, const char* p) {
  switch (*p++) {
    case kEsc: {
      if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
      return p + 1;
    }
    case '[': {
      if (*p == '^') p++;
      do {
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
        if (*(p++) == kEsc && p < ms->p_end) p++;
      } while (*p != ']');
      return p + 1;
    }
    default:
      return p;
  }
}

int match_class(int c, int cl) {
  int res;
  switch (std::tolower(cl)) {
    case 'a':
      res = std::isalpha(c);
      break;
    case 'c':
      res = std::iscntrl(c);
      break;
    case 'd':
      res = std::isdigit(c);
      break;
    case 'g':
      res = std::isgraph(c);
      break;
    case 'l':
      res = std::islower(c);
      break;
    case 'p':
      res = std::ispunct(c);
      break;
    case 's':
      res = std::isspace(c);
      break;
    case 'u':
      res = std::isupper(c);
      break;
    case 'w':
      res = std::isalnum(c);
      break;
    case 'x':
      res = std::isxdigit(c);
      break;
    case 'z':
      res = (c == 0);
      break;
    default:
      return (cl == c);
  }
  return (std::islower(cl) ? res : !res);
}

unsigned char uchar(char c) {
  return static_cast<unsigned char>(c);
}

int matchbracketclass(int c, const char* p, const char* ec) {
  int sig = 1;
  if (*(p + 1) == '^') {
    sig = 0;
    p++;
  }
  while (++p < ec) {
    if (*p == kEsc) {
      p++;
      if (match_class(c, uchar(*p))) return sig;
    } else if ((*(p + 1) == '-') && (p + 2 < ec)) {
      p += 2;
      if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return sig;
    } else if (uchar(*p) == c) {
      return sig;
    }
  }
  return !sig;
}

int singlematch(MatchState* ms, const char* s, const char* p, const char* ep) {
  if (s >= ms->src_end) return 0;
  int c = uchar(*s);
  switch (*p) {
    case '.':
      return 1;
    case kEsc:
      return match_class(c, uchar(*(p + 1)));
    case '[':
      return matchbracketclass(c, p, ep - 1);
    default:
      return (uchar(*p) == c);
  }
}

const char* matchbalance(MatchState* ms, const char* s, const char* p) {
  if (p >= ms->p_end - 1) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return nullptr;
  int b = *p;
  int e = *(p + 1);
  int cont = 1;
  while (++s < ms->src_end) {
    step(ms);
    if (*s == e) {
      if (--cont == 0) return s + 1;
    } else if (*s == b) {
      cont++;
    }
  }
  return nullptr;
}

const char* max_expand(MatchState* ms, const char* s, const char* p, const char* ep) {
  ptrdiff_t i = 0;
  while (singlematch(ms, s + i, p, ep)) {
    step(ms);
    i++;
  }
  while (i >= 0) {
    const char* res = match(ms, (s + i), ep + 1);
    if (res) return res;
    i--;
  }
  return nullptr;
}

const char* min_expand(MatchState* ms, const char* s, const char* p, const char* ep) {
  for (;;) {
    const char* res = match(ms, s, ep + 1);
    if (res != nullptr) return res;
    if (singlematch(ms, s, p, ep))
      s++;
    else
      return nullptr;
  }
}

const char* start_capture(MatchState* ms, const char* s, const char* p, ptrdiff_t what) {
  int level = ms->level;
  if (level >= kMaxCaptures) luaL_error(ms->L, "too many captures");
  ms->capture[level].init = s;
  ms->capture[level].len = what;
  ms->level = static_cast<unsigned char>(level + 1);
  const char* res = match(ms, s, p);
  if (res == nullptr) ms->level--;
  return res;
}

const char* end_capture(MatchState* ms, const char* s, const char* p) {
  int l = capture_to_close(ms);
  ms->capture[l].len = s - ms->capture[l].init;
  const char* res = match(ms, s, p);
  if (res == nullptr) ms->capture[l].len = kCapUnfinished;
  return res;
}

const char* match_capture(MatchState* ms, const char* s, int l) {
  l = check_capture(ms, l);
  size_t len = static_cast<size_t>(ms->capture[l].len);
  step(ms, bytes_cost(len));
  if (static_cast<size_t>(ms->src_end - s) >= len && std::memcmp(ms->capture[l].init, s, len) == 0)
    return s + len;
  return nullptr;
}

const char* match(MatchState* ms, const char* s, const char* p) {
  if (ms->matchdepth-- == 0) luaL_error(ms->L, "pattern too complex");
init:
  step(ms);
  if (p != ms->p_end) {
    switch (*p) {
      case '(': {
        if (*(p + 1) == ')')
          s = start_capture(ms, s, p + 2, kCapPosition);
        else
          s = start_capture(ms, s, p + 1, kCapUnfinished);
        break;
      }
      case ')': {
        s = end_capture(ms, s, p + 1);
        break;
      }
      case '$': {
        if ((p + 1) != ms->p_end) goto dflt;
        s = (s == ms->src_end) ? s : nullptr;
        break;
      }
      case kEsc: {
        switch (*(p + 1)) {
          case 'b': {
            s = matchbalance(ms, s, p + 2);
            if (s != nullptr) {
              p += 4;
              goto init;
            }
            break;
          }
          case 'f': {
            p += 2;
            if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char* ep = classend(ms, p);
            char previous = (s == ms->src_init) ? '\0' : *(s - 1);
            if (!matchbracketclass(uchar(previous), p, ep - 1) &&
                matchbracketclass(uchar(*s), p, ep - 1)) {
              p = ep;
              goto init;
            }
            s = nullptr;
            break;
          }
          case '0':
          case '1':
          case '2':
          case '3':
          case '4':
          case '5':
          case '6':
          case '7':
          case '8':
          case '9': {
            s = match_capture(ms, s, uchar(*(p + 1)));
            if (s != nullptr) {
              p += 2;
              goto init;
            }
            break;
          }
          default:
            goto dflt;
        }
        break;
      }
      default:
      dflt : {
        const char* ep = classend(ms, p);
        if (!singlematch(ms, s, p, ep)) {
          if (*ep == '*' || *ep == '?' || *ep == '-') {
            p = ep + 1;
            goto init;
          } else {
            s = nullptr;
          }
        } else {
          switch (*ep) {
            case '?': {
              const char* res;
              if ((res = match(ms, s + 1, ep + 1)) != nullptr) {
                s = res;
              } else {
                p = ep + 1;
                goto init;
              }
              break;
            }
            case '+':
              s++;
              [[fallthrough]];
            case '*':
              s = max_expand(ms, s, p, ep);
              break;
            case '-':
              s = min_expand(ms, s, p, ep);
              break;
            default:
              s++;
              p = ep;
              goto init;
          }
        }
        break;
      }
    }
  }
  ms->matchdepth++;
  return s;
}

const char* lmemfind(MatchState* ms, const char* s1, size_t l1, const char* s2, size_t l2) {
  if (l2 == 0) return s1;
  if (l2 > l1) return nullptr;
  const char* init;
  l2--;
  l1 = l1 - l2;
  while (l1 > 0 && (init = static_cast<const char*>(std::memchr(s1, *s2, l1))) != nullptr) {
    step(ms, 1 + bytes_cost(static_cast<size_t>(init - s1)) + bytes_cost(l2));
    init++;
    if (std::memcmp(init, s2 + 1, l2) == 0) return init - 1;
    l1 -= init - s1;
    s1 = init;
  }
  step(ms, bytes_cost(l1));
  return nullptr;
}

size_t get_onecapture(MatchState* ms, int i, const char* s, const char* e, const char** cap) {
  if (i >= ms->level) {
    if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    *cap = s;
    return static_cast<size_t>(e - s);
  }
  ptrdiff_t capl = ms->capture[i].len;
  *cap = ms->capture[i].init;
  if (capl == kCapUnfinished)
    luaL_error(ms->L, "unfinished capture");
  else if (capl == kCapPosition)
    lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
  return static_cast<size_t>(capl);
}

void push_onecapture(MatchState* ms, int i, const char* s, const char* e) {
  const char* cap;
  ptrdiff_t l = static_cast<ptrdiff_t>(get_onecapture(ms, i, s, e, &cap));
  if (l != kCapPosition) lua_pushlstring(ms->L, cap, static_cast<size_t>(l));
}

int push_captures(MatchState* ms, const char* s, const char* e) {
  int nlevels = (ms->level == 0 && s) ? 1 : ms->level;
  luaL_checkstack(ms->L, nlevels, "too many captures");
  for (int i = 0; i < nlevels; i++) push_onecapture(ms, i, s, e);
  return nlevels;
}

int nospecials(const char* p, size_t l) {
  size_t upto = 0;
  do {
    if (std::strpbrk(p + upto, kSpecials)) return 0;
    upto += std::strlen(p + upto) + 1;
  } while (upto <= l);
  return 1;
}

void prepstate(MatchState* ms, lua_State* L, const char* s, size_t ls, const char* p, size_t lp) {
  ms->L = L;
  ms->matchdepth = kMaxMatchDepth;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
  ms->steps = 0;
}

void reprepstate(MatchState* ms) {
  ms->level = 0;
}

int str_find_aux(lua_State* L, bool find) {
  size_t ls, lp;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  size_t init = posrelat_start(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {
    lua_pushnil(L);
    return 1;
  }
  MatchState ms;
  prepstate(&ms, L, s, ls, p, lp);
  step(&ms, 1 + bytes_cost(lp));  // reading the pattern
  if (find && (lua_toboolean(L, 4) || nospecials(p, lp))) {
    const char* s2 = lmemfind(&ms, s + init, ls - init, p, lp);
    settle(&ms);
    if (s2) {
      lua_pushinteger(L, (s2 - s) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>((s2 - s) + lp));
      return 2;
    }
  } else {
    const char* s1 = s + init;
    bool anchor = (*p == '^');
    if (anchor) {
      p++;
      lp--;
    }
    do {
      const char* res;
      reprepstate(&ms);
      if ((res = match(&ms, s1, p)) != nullptr) {
        settle(&ms);
        if (find) {
          lua_pushinteger(L, (s1 - s) + 1);
          lua_pushinteger(L, res - s);
          return push_captures(&ms, nullptr, nullptr) + 2;
        }
        return push_captures(&ms, s1, res);
      }
    } while (s1++ < ms.src_end && !anchor);
    settle(&ms);
  }
  lua_pushnil(L);
  return 1;
}

struct GMatchState {
  const char* src;
  const char* p;
  const char* lastmatch;
  MatchState ms;
};

int gmatch_aux(lua_State* L) {
  auto* gm = static_cast<GMatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
  gm->ms.L = L;
  gm->ms.steps = 0;
  gm->ms.matchdepth = kMaxMatchDepth;
  for (const char* src = gm->src; src <= gm->ms.src_end; src++) {
    const char* e;
    reprepstate(&gm->ms);
    if ((e = match(&gm->ms, src, gm->p)) != nullptr && e != gm->lastmatch) {
      settle(&gm->ms);
      gm->src = gm->lastmatch = e;
      return push_captures(&gm->ms, src, e);
    }
  }
  settle(&gm->ms);
  return 0;
}

void add_s(MatchState* ms, luaL_Buffer* b, const char* s, const char* e) {
  size_t l;
  lua_State* L = ms->L;
  const char* news = lua_tolstring(L, 3, &l);
  const char* p;
  step(ms, bytes_cost(l));
  while ((p = static_cast<const char*>(std::memchr(news, kEsc, l))) != nullptr) {
    luaL_addlstring(b, news, static_cast<size_t>(p - news));
    p++;
    if (*p == kEsc) {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, static_cast<size_t>(e - s));
    } else if (std::isdigit(uchar(*p))) {
      const char* cap;
      ptrdiff_t resl = static_cast<ptrdiff_t>(get_onecapture(ms, *p - '1', s, e, &cap));
      if (resl == kCapPosition)
        luaL_addvalue(b);
      else
        luaL_addlstring(b, cap, static_cast<size_t>(resl));
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", kEsc);
    }
    l -= static_cast<size_t>(p + 1 - news);
    news = p + 1;
  }
  luaL_addlstring(b, news, l);
}

int add_value(MatchState* ms, luaL_Buffer* b, const char* s, const char* e, int tr) {
  lua_State* L = ms->L;
  switch (tr) {
    case LUA_TFUNCTION: {
      settle(ms);
      lua_pushvalue(L, 3);
      int n = push_captures(ms, s, e);
      lua_call(L, n, 1);
      break;
    }
    case LUA_TTABLE: {
      settle(ms);
      push_onecapture(ms, 0, s, e);
      lua_gettable(L, 3);
      break;
    }
    default: {
      add_s(ms, b, s, e);
      return 1;
    }
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, static_cast<size_t>(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

}  // namespace

int metered_find(lua_State* L) {
  return str_find_aux(L, true);
}

int metered_match(lua_State* L) {
  return str_find_aux(L, false);
}

int metered_gmatch(lua_State* L) {
  size_t ls, lp;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  size_t init = posrelat_start(luaL_optinteger(L, 3, 1), ls) - 1;
  lua_settop(L, 2);  // the strings stay alive as upvalues of the iterator
  auto* gm = static_cast<GMatchState*>(lua_newuserdatauv(L, sizeof(GMatchState), 0));
  if (init > ls) init = ls + 1;
  prepstate(&gm->ms, L, s, ls, p, lp);
  gm->src = s + init;
  gm->p = p;
  gm->lastmatch = nullptr;
  lua_pushcclosure(L, gmatch_aux, 3);
  return 1;
}

int metered_gsub(lua_State* L) {
  size_t srcl, lp;
  const char* src = luaL_checklstring(L, 1, &srcl);
  const char* p = luaL_checklstring(L, 2, &lp);
  const char* lastmatch = nullptr;
  int tr = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, static_cast<lua_Integer>(srcl) + 1);
  bool anchor = (*p == '^');
  lua_Integer n = 0;
  int changed = 0;
  MatchState ms;
  luaL_Buffer b;
  luaL_argexpected(
      L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
      "string/function/table");
  luaL_buffinit(L, &b);
  if (anchor) {
    p++;
    lp--;
  }
  prepstate(&ms, L, src, srcl, p, lp);
  step(&ms, 1 + bytes_cost(lp));
  while (n < max_s) {
    const char* e;
    reprepstate(&ms);
    if ((e = match(&ms, src, p)) != nullptr && e != lastmatch) {
      n++;
      changed = add_value(&ms, &b, src, e, tr) | changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  settle(&ms);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, static_cast<size_t>(ms.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

}  // namespace regula::script
