#pragma once
// The script's optional Lua callbacks (filter, after, generate, end_check)
// behind the core's Hooks interface. Created only when a script defines at
// least one; it keeps the script's Lua state alive for as long as the Ruleset.
// A hook that fails (a Lua error, a spent budget, a return value the engine
// cannot use) throws RuleError once its Lua call has returned, and from then on
// every call of every hook throws the same error: playing on would mean playing
// under rules the script did not write. error() keeps the first one.

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/position.h"
#include "core/ruleset.h"
#include "script/lua_state.h"

namespace regula::script {

// What a pos handle given to a hook points at. It lives in a Lua userdata that
// the handle's methods share, and is cleared when the call returns, so that a
// handle a script kept is an error to use rather than a dangling pointer.
struct PosContext {
  const Position* pos = nullptr;
  Position* mpos = nullptr;  // set only for the after hook, which may change it
  Undo* undo = nullptr;
};

class LuaHooks : public Hooks {
 public:
  LuaHooks(std::shared_ptr<LuaState> state, int filter, int after, int generate, int end)
      : state_(std::move(state)), filter_(filter), after_(after), generate_(generate), end_(end) {}

  bool has_filter() const override { return filter_ >= 0; }
  bool has_after() const override { return after_ >= 0; }
  bool has_generate() const override { return generate_ >= 0; }
  bool has_end() const override { return end_ >= 0; }
  bool filter(const Position& pos, const Move& move) override;
  void after(Position& pos, const Move& move, Undo& undo) override;
  void generate(const Position& pos, MoveList& moves) override;
  std::optional<Result> end(const Position& pos) override;

  // The first error a hook raised, if any.
  std::optional<Error> error() const;

 private:
  // Pushes the context userdata, which anchors it for the length of the call,
  // and above it the pos table whose methods use it.
  PosContext* push_position(const Position& pos, Position* mutable_pos, Undo* undo);
  void push_move(const Position& pos, const Move& move);
  // "file:line" where the hook with registry reference ref is defined.
  std::string where_defined(int ref);
  // Throws the first error if any hook has failed, here or in a nested call.
  void throw_if_failed() const;
  // Records st as the first error if it is one, then throws_if_failed().
  void finish(const Status& st);

  std::shared_ptr<LuaState> state_;
  int filter_, after_, generate_, end_;
  // Set once, by the first failure; failed_ is what every call looks at.
  std::atomic<bool> failed_{false};
  mutable std::mutex error_mutex_;
  std::optional<Error> error_;
};

// The first error a script hook raised while playing, if any.
std::optional<Error> hook_error(const Ruleset& rules);

}  // namespace regula::script
