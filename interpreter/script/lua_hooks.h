#pragma once
// The script's optional Lua callbacks (filter, after, generate, end_check)
// behind the core's Hooks interface. Created only when a script defines at
// least one; it keeps the script's Lua state alive for as long as the Ruleset.
// A hook that fails records the error (see error()) and from then on every hook
// acts as if it were absent, so a broken or endless hook never brings the
// program down or makes it crawl; callers report the error after the run.

#include <memory>
#include <optional>
#include <string>

#include "core/position.h"
#include "core/ruleset.h"
#include "script/lua_state.h"

namespace regula::script {

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

  const std::optional<Error>& error() const { return error_; }

 private:
  void push_position(const Position& pos, Position* mutable_pos, Undo* undo);
  void push_move(const Position& pos, const Move& move);
  void record(const Status& st);

  std::shared_ptr<LuaState> state_;
  int filter_, after_, generate_, end_;
  std::optional<Error> error_;
};

// The first error a script hook raised while playing, if any.
std::optional<Error> hook_error(const Ruleset& rules);

}  // namespace regula::script
