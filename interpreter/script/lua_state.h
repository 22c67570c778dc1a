#pragma once
// The only owner of a lua_State. It builds the sandbox scripts run in (no io,
// os, load or debug; a locked global table), bounds every call by an
// instruction budget so an endless loop becomes an error, and loads script
// files and modules from the rules directory. A call made while another is
// running (a hook re-entering Lua through the engine) spends the outer call's
// budget, and once the budget is spent no pcall in the script can catch that.
// Finalizers (__gc) are refused: Lua runs them with the count hook off.

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "script/value.h"

struct lua_State;
struct lua_Debug;

namespace regula::script {

struct DeclaredOption {
  std::string name;
  std::vector<std::string> values;
  std::string chosen;
};

class LuaState {
 public:
  LuaState(std::string rules_dir, std::vector<std::pair<std::string, std::string>> options);
  ~LuaState();
  LuaState(const LuaState&) = delete;
  LuaState& operator=(const LuaState&) = delete;

  lua_State* L() const { return L_; }
  const std::string& rules_dir() const { return rules_dir_; }

  // Runs a script file (path or bundled name) and reads the table it returns.
  Expected<Value> run_file(const std::string& path);
  // Options the scripts declared with option(), in order, with the value chosen.
  const std::vector<DeclaredOption>& declared() const { return declared_; }
  // Options given on the command line that no script declared.
  std::vector<std::string> undeclared_options() const;

  // Calls the function with registry reference ref; the arguments are already
  // pushed. Leaves nresults on the stack on success. Inside another call it
  // shares that call's budget.
  Status call(int ref, int nargs, int nresults);

  // Resolves "jetan/cazaux" or "jetan.common" or a path to a file name.
  std::string resolve(const std::string& spec) const;

  // Instruction budget for one load or one outermost hook call.
  void set_budget(long instructions) { budget_ = instructions; }

  // Callbacks from Lua.
  static int l_require(lua_State* L);
  static int l_option(lua_State* L);
  static int l_extends(lua_State* L);
  static int l_pcall(lua_State* L);
  static int l_setmetatable(lua_State* L);
  static LuaState* self(lua_State* L);

 private:
  Status pcall(int nargs, int nresults);
  Value to_value(int index, int depth);
  int load_chunk(const std::string& file);  // pushes the chunk, or returns an error status

  lua_State* L_ = nullptr;
  std::string rules_dir_;
  std::vector<std::pair<std::string, std::string>> options_;
  std::vector<DeclaredOption> declared_;
  std::map<std::string, int> modules_;  // file -> registry ref of its result
  std::vector<std::string> loading_;    // files being loaded, to catch cycles
  int env_ref_ = -1;
  int merge_ref_ = -1;
  long budget_ = 200'000'000;
  std::string last_error_;
  std::string convert_error_;  // the first problem to_value met, if any
  // Budget left to the outermost running call, how deep calls are nested, and
  // once the budget is spent, the error that said so (raised again until the
  // outermost call returns).
  long remaining_ = 0;
  int depth_ = 0;
  std::string exhausted_;

  friend void count_hook(lua_State* L, ::lua_Debug* ar);
};

}  // namespace regula::script
