#pragma once
// The only owner of a lua_State. It builds the sandbox scripts run in (no io,
// os, load or debug; a locked global table; library functions that charge the
// work they do in C, see sandbox_library.h), bounds every call by an
// instruction budget so an endless loop becomes an error, and loads script
// files and modules from the search path (search_path.h). A call made while
// another is running (a hook re-entering Lua through the engine) spends the
// outer call's budget, and once the budget or the memory is spent no pcall in
// the script can catch that. Finalizers (__gc) are refused: Lua runs them with
// the count hook off. Every call also obeys the limits of the command and of
// the search it runs for (core/command_limits.h): their stop and deadline end
// it (interrupted()), it spends the command's instructions, and every state's
// allocator takes its bytes from the one cap all states share.
//
// Every error comes back as file:line: message, naming the script line that
// was running: a Lua error without a place (C stack overflow, an error object
// that is not a string), running out of memory and a spent budget included.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "script/search_path.h"
#include "script/value.h"

struct lua_State;
struct lua_Debug;

namespace regula::script {

struct DeclaredOption {
  std::string name;
  std::vector<std::string> values;
  std::string chosen;
  std::string description;  // one line: what the choice means ("" when not given)
};

// Reads a script file, refusing what is not Lua source text of a sane size.
Expected<std::string> read_script(const ScriptFile& file);

// What loading a script read: the text of every file, by canonical path, and
// the file each name given to require or extends found. A state made to run
// the same script again (a hook's state for another thread) loads from these,
// never from disk, so that it runs the rules that were loaded whatever has
// become of the files since.
struct LoadedSources {
  std::map<std::string, std::string> texts;
  std::map<std::string, ScriptFile> found;
};

// The line of the last statement of a text that starts with "return" (1 if none).
int return_line(const std::string& text);

class LuaState {
 public:
  LuaState(SearchPath path, std::vector<std::pair<std::string, std::string>> options);
  ~LuaState();
  LuaState(const LuaState&) = delete;
  LuaState& operator=(const LuaState&) = delete;

  lua_State* L() const { return L_; }
  const SearchPath& search_path() const { return path_; }

  // Runs a script file and reads the table it returns.
  Expected<Value> run_file(const ScriptFile& file);
  // Options the scripts declared with option(), in order, with the value chosen.
  const std::vector<DeclaredOption>& declared() const { return declared_; }
  // The files that require and extends read, canonical, each once.
  const std::vector<std::string>& files() const { return files_; }
  // FNV-1a 64 over the text of every script file read so far, in the order
  // they were read (each text preceded by its length).
  uint64_t content_hash() const { return content_hash_; }
  // Options given on the command line that no script declared.
  std::vector<std::string> undeclared_options() const;

  // What this state has read so far (its own record; see LoadedSources).
  std::shared_ptr<const LoadedSources> sources() const { return sources_; }
  // From now on, files and names are looked up in sources only: a file or a
  // name not among them is an error, and nothing is read from disk.
  void load_from(std::shared_ptr<const LoadedSources> sources) { replay_ = std::move(sources); }
  // The text of a script file: from the sources given to load_from, else as
  // first read by this state (recorded in sources()).
  Expected<std::string> text_of(const ScriptFile& file);

  // Runs body in a protected call under the budget: the outermost such call
  // starts the budget, nested ones spend what is left. A Lua error, a spent
  // budget, running out of memory and a C++ exception thrown by body all come
  // back as the Error, located at the script line that was running.
  template <class Body>
  Status run(Body&& body) {
    // A pointer to body and a plain function that calls it: unlike a
    // std::function, nothing is allocated for a hook's call.
    using B = std::remove_reference_t<Body>;
    return run([](void* b, lua_State* L) { (*static_cast<B*>(b))(L); },
               const_cast<void*>(static_cast<const void*>(&body)));
  }
  Status run(void (*body)(void*, lua_State*), void* data);
  // run() without a C function between, for a call whose arguments can be
  // pushed and results read without raising an error (no allocation: registry
  // reads, light userdata): begin_call() makes room and pushes what the call
  // needs, at base + 1; the caller pushes the function and its nargs
  // arguments; end_call() calls it under the budget as run() would and, when
  // it returns no error, leaves nresults results from base + 2 for the caller
  // to read and then pop with lua_settop(L, base).
  Status begin_call(int& base);
  Status end_call(int base, int nargs, int nresults);

  // Instruction budget for one load or one outermost hook call.
  void set_budget(long instructions) { budget_ = instructions; }
  // Inside the outermost run(): a whole budget again, as a call of its own
  // would have, for a call that runs a hook once for each of several moves.
  // Nested inside another call, that call's budget goes on being spent.
  void renew_budget() {
    if (depth_ == 1 && stop_ == Stop::kNone) remaining_ = budget_;
  }

  // Charges units of work a library function does in C to the running call's
  // budget; once it is spent, raises the budget's error at the calling line.
  // The command's deadlines are looked at once every kCountStep units charged,
  // as the count hook looks at them once every kCountStep instructions.
  static void charge(lua_State* L, long units);
  // What the running call's budget has left (a pos method measures what the
  // hook calls nested in its work spent).
  static long remaining(lua_State* L) { return self(L)->remaining_; }
  // After a service in C++ that a pos method ran (pos:attacked): charges the
  // time it took, nanos, at one instruction per kNanosPerInstruction, beyond
  // the charged units already taken for it (its estimate, charged up front,
  // and the instructions of the hook calls nested in it), then looks at the
  // command's stop and deadlines whatever it charged.
  static void charge_service(lua_State* L, long charged, int64_t nanos);

  static LuaState* self(lua_State* L);

  // Whether the last outermost call ended because its command was asked to
  // stop or ran out of time (core/command_limits.h), not by the script's fault.
  bool interrupted() const { return stop_ == Stop::kInterrupted; }

  // Inside run(): the script files being run, innermost last (the main
  // script, then those a require or extends is reading).
  const std::vector<ScriptFile>& loading_files() const { return loading_files_; }

 private:
  // Why a call must stop: its own budget, memory, its command's stop request
  // or deadline, its command's instruction count.
  enum class Stop { kNone, kBudget, kMemory, kInterrupted, kCommandBudget };

  // Callbacks from Lua.
  static int l_require(lua_State* L);
  static int l_option(lua_State* L);
  static int l_extends(lua_State* L);
  static int l_pcall(lua_State* L);
  static int l_setmetatable(lua_State* L);
  static int l_locate(lua_State* L);  // the message handler of run()
  static int l_run_body(lua_State* L);
  static void* allocate(void* ud, void* ptr, size_t osize, size_t nsize);
  friend void count_hook(lua_State* L, ::lua_Debug* ar);

  // Inside run(): pushes the compiled chunk of a file.
  void push_chunk(lua_State* L, const ScriptFile& file);
  // Inside run(): the file a require or extends names, or a Lua error.
  ScriptFile find(lua_State* L, const char* what, const std::string& name);
  // Whether the allocator may hand out grow more bytes (inside run(), they
  // cost budget).
  bool may_allocate(size_t grow);
  // Records why the outermost call must stop, and where, once.
  void stop(Stop why);
  // Spends units of the running command's instructions (core/command_limits.h)
  // and says whether the command and the search let the call go on
  // (Stop::kNone) or why not; their deadlines are looked at only when asked
  // (the count hook), since reading the clock costs more than a stop flag.
  static Stop command_check(long units, bool deadlines = false);
  // Takes units from the budget and the command's count (deadlines: whether
  // to read the clock too); raises the stop's error once either is spent or
  // the command stops.
  void spend(lua_State* L, long units, bool deadlines);
  [[noreturn]] void raise_stop(lua_State* L);
  std::string stop_message() const;
  // Starts the budget of an outermost call.
  void start_budget();
  // At the start of an outermost call: the error that ends it at once when its
  // command or search is stopped already (a deadline passed is found by the
  // count hook).
  Status refuse_if_interrupted();
  Error error_of(int rc);

  lua_State* L_ = nullptr;
  SearchPath path_;
  std::vector<std::pair<std::string, std::string>> options_;
  std::vector<DeclaredOption> declared_;
  std::map<std::string, int> modules_;     // canonical file -> registry ref of its result
  std::vector<std::string> loading_;       // canonical files being loaded, to catch cycles
  std::vector<ScriptFile> loading_files_;  // the same files, as messages name them
  std::vector<std::string> files_;         // canonical files required or extended, in order
  std::string main_file_;                  // the file run_file ran, for errors with no line
  std::shared_ptr<LoadedSources> sources_ = std::make_shared<LoadedSources>();
  std::shared_ptr<const LoadedSources> replay_;  // set by load_from
  // See content_hash(): the FNV-1a offset basis until a file is read.
  uint64_t content_hash_ = 0xcbf29ce484222325ull;
  int env_ref_ = -1;
  int merge_ref_ = -1;
  long budget_;
  std::string prelude_error_;
  // Budget left to the outermost running call, bytes allocated in it not yet
  // charged, and how deep calls are nested.
  long remaining_ = 0;
  size_t alloc_bytes_ = 0;
  int depth_ = 0;
  // Whether count_hook is set; it charges kCountStep instructions at a time.
  bool counting_ = false;
  static constexpr int kCountStep = 1000;
  // Units charge() took since the deadlines were last looked at.
  long unchecked_ = 0;
  // Why and where the outermost call must stop, the script line the last
  // error was raised at, and where memory first ran out; fixed buffers, since
  // the allocator writes them and must not allocate. Running out of memory
  // stops the call only once Lua, having collected garbage, raises the error.
  Stop stop_ = Stop::kNone;
  // For Stop::kInterrupted: why, as CommandLimits::interruption() said.
  const char* interruption_ = "";
  char stop_where_[512] = "";
  char error_where_[512] = "";
  char memory_where_[512] = "";
};

}  // namespace regula::script
