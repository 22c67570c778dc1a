#pragma once
// The script's optional Lua callbacks (filter, after, generate, end_check)
// behind the core's Hooks interface. Created only when a script defines at
// least one; it keeps the script's Lua states alive for as long as the Ruleset.
// A hook that fails (a Lua error, a spent budget, a return value the engine
// cannot use) throws RuleError once its Lua call has returned, and from then on
// every call of every hook throws the same error: playing on would mean playing
// under rules the script did not write. error() keeps the first one.
//
// A lua_State is not safe to share between threads, and the GUI and the AI
// generate moves at the same time. The thread that loaded the script keeps its
// state; any other thread gets its own, made the first time it calls a hook by
// running the script again from the texts read at load time (kept here, so that
// every thread plays the rules that were loaded, even once a file has been
// edited or removed), so a hook must not rely on anything carried from one call
// to the next.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/filter_each.h"
#include "core/position.h"
#include "core/ruleset.h"
#include "script/interned_ids.h"
#include "script/lua_state.h"
#include "script/value.h"

namespace regula::script {

// What the pos handles given to one state's hooks read: set for the length of
// a hook call and cleared when it returns. Each call has an id of its own, and
// a handle works only while the call that made it is the one running, so a
// handle a script kept is an error to use rather than a dangling pointer.
struct PosContext {
  const Position* pos = nullptr;
  Position* mpos = nullptr;  // set only for the after hook, which may change it
  Undo* undo = nullptr;
  uint64_t call = 0;       // the running call's id
  uint64_t last_call = 0;  // the last id given out
  // Registry reference of the table of what the state's first call made once
  // for all its calls (the metatables of pos and move, names and their ids),
  // or -1 before that call.
  int made = -1;
  // Registry reference of the slot a hook's result is kept in while a
  // protected call reads it, or -1 before the first call.
  int result = -1;
  // Registry references of two of what was made, read outside pos methods
  // in calls: the names of seats (evaluate) and the move handles' metatable
  // (filter, filter_moves, after).
  int seat_names = -1;
  int move_meta = -1;
  // The ids of the site and piece names of what was made, and the bytes of the
  // field names a generated move may have (from, to, captures, drop, promote,
  // label), by the address of their interned strings: reading a generated move
  // compares addresses (see InternedIds).
  InternedIds sites_by_address, types_by_address;
  std::array<const char*, 6> move_keys{};
};

// The hooks by kind, as HookState::calls counts them.
enum class HookKind { kFilter, kFilterMoves, kAfter, kGenerate, kEnd, kEvaluate };

// One Lua state with a script loaded in it, and registry references to the
// hook functions its game table holds (-1 for those it does not define).
struct HookState {
  std::unique_ptr<LuaState> lua;
  int filter = -1, filter_moves = -1, after = -1, generate = -1, end = -1, evaluate = -1;
  std::unique_ptr<PosContext> ctx = std::make_unique<PosContext>();
  // Calls of each hook made in this state, in the order of HookKind: a
  // benchmark divides the time hooks add by them (see REGULA_HOOK_CALLS).
  std::array<uint64_t, 6> calls{};

  // The hooks of the game table a script returned into lua.
  static HookState of(std::unique_ptr<LuaState> lua, const Value& game);
  bool any() const {
    return filter >= 0 || filter_moves >= 0 || after >= 0 || generate >= 0 || end >= 0 ||
           evaluate >= 0;
  }
};

// What a script was loaded from, so that another thread can load it again:
// from the texts read then (sources), never from the files as they are now.
struct ScriptSource {
  ScriptFile file;
  SearchPath path;
  std::vector<std::pair<std::string, std::string>> options;
  std::shared_ptr<const LoadedSources> sources;
};

class LuaHooks : public Hooks, public FilterEach {
 public:
  // loaded is the state the script was loaded in, by the calling thread.
  LuaHooks(HookState loaded, ScriptSource source);
  ~LuaHooks() override;

  bool has_filter() const override { return main_.filter >= 0; }
  bool has_after() const override { return main_.after >= 0; }
  bool has_generate() const override { return main_.generate >= 0; }
  bool has_end() const override { return main_.end >= 0; }
  bool has_evaluate() const override { return main_.evaluate >= 0; }
  bool has_filter_moves() const override { return main_.filter_moves >= 0; }
  void filter_moves(const Position& pos, MoveList& moves) override;
  bool filter(const Position& pos, const Move& move) override;
  // One protected call for the whole list, the filter running once per move
  // inside it (each with a budget of its own, as a call of its own had).
  void filter_each(const Position& pos, MoveList& moves) override;
  void after(Position& pos, const Move& move, Undo& undo) override;
  void generate(const Position& pos, MoveList& moves) override;
  std::optional<Result> end(const Position& pos) override;
  double evaluate(const Position& pos, SeatId seat) override;
  bool generating() const override;
  bool filtering() const override;

  // The first error a hook raised, if any.
  std::optional<Error> error() const;

 private:
  // The calling thread's state: a comparison with its cached owner id in the
  // common case, the pool (or a new state) the first time.
  HookState& state();
  HookState& state_for_new_thread();
  Expected<std::unique_ptr<HookState>> load_again() const;
  // Throws the first error if any hook has failed, in any thread or call.
  void throw_if_failed() const;
  // Records st as the first error if it is one, then throws_if_failed().
  // Inline, since every call ends with it: only a failure costs a call.
  void finish(const Status& st) {
    if (st || failed_.load(std::memory_order_acquire)) record_and_throw(st);
  }
  void record_and_throw(const Status& st);

  // Unique per instance, so a thread's cache of an instance that is gone never
  // matches a new one that happens to live at the same address.
  const uint64_t id_;
  HookState main_;
  const std::thread::id main_thread_;
  const ScriptSource source_;
  std::mutex pool_mutex_;
  std::vector<std::pair<std::thread::id, std::unique_ptr<HookState>>> pool_;
  // Set once, by the first failure; failed_ is what every call looks at.
  std::atomic<bool> failed_{false};
  mutable std::mutex error_mutex_;
  std::optional<Error> error_;
};

// The first error a script hook raised while playing, if any.
std::optional<Error> hook_error(const Ruleset& rules);

}  // namespace regula::script
