#include "script/loader.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "script/compiler.h"
#include "script/lua_hooks.h"
#include "script/lua_state.h"

#ifndef REGULA_RULES_DIR
#define REGULA_RULES_DIR "rules"
#endif

namespace regula::script {

namespace fs = std::filesystem;

std::string default_rules_dir() {
  if (const char* env = std::getenv("REGULA_RULES_DIR")) return env;
  return REGULA_RULES_DIR;
}

std::string script_name(const std::string& file, const std::string& rules_dir) {
  std::error_code ec;
  fs::path rel = fs::relative(fs::absolute(file, ec), fs::absolute(rules_dir, ec), ec);
  std::string s = rel.generic_string();
  if (ec || s.empty() || s.rfind("..", 0) == 0) return file;
  if (s.size() > 4 && s.substr(s.size() - 4) == ".lua") s.resize(s.size() - 4);
  return s;
}

Expected<std::shared_ptr<const Ruleset>> load_rules(const std::string& spec,
                                                    const OptionList& options,
                                                    const std::string& dir) {
  const std::string rules_dir = dir.empty() ? default_rules_dir() : dir;
  auto state = std::make_unique<LuaState>(rules_dir, options);
  auto value = state->run_file(spec);
  if (!value) return value.error();
  auto undeclared = state->undeclared_options();
  if (!undeclared.empty()) {
    std::string declared;
    for (auto& d : state->declared()) declared += (declared.empty() ? "" : ", ") + d.name;
    return Error{state->resolve(spec),
                 "unknown option '" + undeclared.front() + "' (" +
                     (declared.empty() ? std::string("this script has no options")
                                       : "options: " + declared) +
                     ")"};
  }
  auto compiled = compile_game(*value);
  if (!compiled) return compiled.error();
  std::shared_ptr<Ruleset> r = *compiled;
  r->name = script_name(state->resolve(spec), rules_dir);
  for (auto& d : state->declared()) {
    r->options.emplace_back(d.name, d.chosen);
    r->declared_options.emplace_back(d.name, d.values);
  }
  for (const char* key : {"filter", "after", "generate", "end_check"}) {
    const Value* f = value->get(key);
    if (f && !f->is_function())
      return Error{value->where, std::string(key) + " must be a function, not a " + f->kind_name()};
  }
  const std::string file = state->resolve(spec);
  HookState hooks = HookState::of(std::move(state), *value);
  if (hooks.any()) {
    r->hooks = std::make_shared<LuaHooks>(std::move(hooks), ScriptSource{file, rules_dir, options});
    r->finalize();
  }
  return std::shared_ptr<const Ruleset>(r);
}

std::vector<ScriptInfo> bundled_scripts(const std::string& dir) {
  const std::string rules_dir = dir.empty() ? default_rules_dir() : dir;
  std::vector<ScriptInfo> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(rules_dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".lua") continue;
    std::string file = it->path().string();
    LuaState state(rules_dir, {});
    auto v = state.run_file(file);
    if (!v || v->tag != "game") continue;
    const Value* title = v->get("title");
    out.push_back(
        {script_name(file, rules_dir), title && title->is_string() ? title->str : "", file});
  }
  std::sort(out.begin(), out.end(),
            [](const ScriptInfo& a, const ScriptInfo& b) { return a.name < b.name; });
  return out;
}

}  // namespace regula::script
