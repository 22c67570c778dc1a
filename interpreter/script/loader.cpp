#include "script/loader.h"
#include "script/variants.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "core/edit_distance.h"
#include "formats/presentation.h"
#include "script/compiler.h"
#include "script/lua_hooks.h"
#include "script/lua_state.h"

namespace regula::script {

namespace fs = std::filesystem;

namespace {

// Runs and compiles a script found on the search path; its own directory
// joins the path.
Expected<std::shared_ptr<const Ruleset>> load_file(const Expected<ScriptFile>& found,
                                                   const OptionList& options, SearchPath path) {
  if (!found) return found.error();
  const ScriptFile& file = *found;
  fs::path dir = fs::path(file.path).parent_path();
  path.add_first(dir.empty() ? "." : dir.string());
  auto state = std::make_unique<LuaState>(path, options);
  auto value = state->run_file(file);
  if (!value) return value.error();
  auto undeclared = state->undeclared_options();
  if (!undeclared.empty()) {
    std::string declared;
    for (auto& d : state->declared()) declared += (declared.empty() ? "" : ", ") + d.name;
    return Error{file.path, "unknown option '" + undeclared.front() + "' (" +
                                (declared.empty() ? std::string("this script has no options")
                                                  : "options: " + declared) +
                                ")"};
  }
  auto compiled = compile_game(*value);
  if (!compiled) return compiled.error();
  std::shared_ptr<Ruleset> r = *compiled;
  r->name = path.name_of(file);
  r->files.push_back(file.canonical);
  for (const std::string& f : state->files())
    if (f != file.canonical) r->files.push_back(f);
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(state->content_hash()));
  r->content_hash = hash;
  auto view = std::make_shared<Presentation>(presentation_of(*r));
  for (auto& d : state->declared()) {
    r->options.emplace_back(d.name, d.chosen);
    r->declared_options.emplace_back(d.name, d.values);
    view->option_descriptions.push_back(d.description);
  }
  r->presentation = std::move(view);
  for (const char* key : {"filter", "filter_moves", "after", "generate", "end_check", "evaluate"}) {
    const Value* f = value->get(key);
    if (f && !f->is_function())
      return Error{value->where, std::string(key) + " must be a function, not a " + f->kind_name()};
  }
  // A copy: the state goes on recording what hooks may read later.
  auto sources = std::make_shared<const LoadedSources>(*state->sources());
  HookState hooks = HookState::of(std::move(state), *value);
  if (hooks.any()) {
    r->hooks = std::make_shared<LuaHooks>(std::move(hooks),
                                          ScriptSource{file, path, options, std::move(sources)});
    r->finalize();
  }
  return std::shared_ptr<const Ruleset>(r);
}

}  // namespace

Expected<std::shared_ptr<const Ruleset>> load_rules(const std::string& spec,
                                                    const OptionList& options,
                                                    const SearchPath& path) {
  return load_file(path.find_chosen(spec), options, path);
}

Expected<std::shared_ptr<const Ruleset>> load_named_rules(const std::string& name,
                                                          const OptionList& options,
                                                          const SearchPath& path) {
  auto found = path.find(name);
  if (!found) return Error{name, found.error().what};
  return load_file(found, options, path);
}

NamedRulesLoader named_rules_loader(SearchPath path) {
  return [path = std::move(path)](const std::string& name, const OptionList& options) {
    return load_named_rules(name, options, path);
  };
}

NamedRulesLoader cached_rules_loader(SearchPath path) {
  using Loaded = Expected<std::shared_ptr<const Ruleset>>;
  auto cache = std::make_shared<std::map<std::pair<std::string, OptionList>, Loaded>>();
  return [path = std::move(path), cache](const std::string& name, const OptionList& options) {
    auto key = std::make_pair(name, options);
    auto it = cache->find(key);
    if (it == cache->end())
      it = cache->emplace(std::move(key), load_named_rules(name, options, path)).first;
    return it->second;
  };
}

namespace {

// Each game script under the rules directory, run without options: its file
// and the table it returns. When `worth_running` is given, only the files whose
// text it accepts are run.
void for_each_bundled_game(
    const std::string& dir,
    const std::function<void(const SearchPath&, const ScriptFile&, const Value&)>& each,
    const std::function<bool(const std::string& text)>& worth_running = {}) {
  const SearchPath path(dir);
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(path.rules_dir(), ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".lua") continue;
    auto found = path.find_chosen(it->path().string());
    if (!found) continue;
    if (worth_running) {
      std::ifstream in(found->path, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      if (!worth_running(text.str())) continue;
    }
    LuaState state(SearchPath(path).add_first(it->path().parent_path().string()), {});
    auto v = state.run_file(*found);
    if (!v || v->tag != "game") continue;
    each(path, *found, *v);
  }
}

}  // namespace

std::vector<ScriptInfo> bundled_scripts(const std::string& dir) {
  std::vector<ScriptInfo> out;
  for_each_bundled_game(dir, [&](const SearchPath& path, const ScriptFile& found, const Value& v) {
    const Value* title = v.get("title");
    out.push_back({path.name_of(found), title && title->is_string() ? title->str : "", found.path});
  });
  std::sort(out.begin(), out.end(),
            [](const ScriptInfo& a, const ScriptInfo& b) { return a.name < b.name; });
  return out;
}

std::vector<std::string> bundled_script_names_of_variant(const std::string& uci_variant,
                                                         const std::string& rules_dir) {
  std::vector<std::string> out;
  // Running every script takes longer than reading a record: only a script
  // whose text names the variant, or that extends another (whose table it
  // takes over), is run.
  const std::string quoted = "\"" + uci_variant + "\"";
  auto may_name = [&](const std::string& text) {
    return text.find(quoted) != std::string::npos || text.find("extends") != std::string::npos;
  };
  for_each_bundled_game(
      rules_dir,
      [&](const SearchPath& path, const ScriptFile& found, const Value& v) {
        const Value* variant = v.get("uci_variant");
        if (variant && variant->is_string() && variant->str == uci_variant)
          out.push_back(path.name_of(found));
      },
      may_name);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> bundled_script_names(const std::string& rules_dir) {
  std::vector<std::string> out;
  for (const ScriptInfo& s : bundled_scripts(rules_dir)) out.push_back(s.name);
  return out;
}

namespace {

// A name without its directories and .lua: what a player most often mistypes.
std::string last_component(std::string name) {
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)
    name.resize(name.size() - 4);
  const size_t slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

}  // namespace

std::string closest_script(const std::string& spec) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const ScriptInfo& s : bundled_scripts()) {
    const size_t d = std::min(edit_distance(spec, s.name),
                              edit_distance(last_component(spec), last_component(s.name)));
    if (d < best_d) {
      best_d = d;
      best = s.name;
    }
  }
  // Only a near miss: at most a third of the name wrong.
  return best_d <= std::max<size_t>(1, last_component(spec).size() / 3) ? best : "";
}

Status find_rules(const std::string& spec, const SearchPath& path) {
  std::error_code ec;
  if (spec.empty() || fs::exists(spec, ec)) return std::nullopt;
  auto found = path.find(spec);
  if (found) return std::nullopt;
  const std::string hint = closest_script(spec);
  const std::string mean = hint.empty() ? "" : "; did you mean " + hint + "?";
  // A path to a script file (a .lua name, or one starting at / or .): say that the file is missing.
  if (spec.ends_with(".lua") || spec[0] == '/' || spec[0] == '.')
    return Error{spec, "no such file" + mean};
  return Error{spec, found.error().what + mean};
}

}  // namespace regula::script
