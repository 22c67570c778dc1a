#include "script/search_path.h"

#include <algorithm>
#include <cstdlib>

#include "script/limits.h"

namespace regula::script {

namespace fs = std::filesystem;

namespace {

#ifndef REGULA_RULES_DIR
// ../share/regula/rules from the program's directory (an install), else rules/
// beside the program (a build tree, where CMake links it to the sources'
// rules/, so that no path of the build machine is written into the program).
std::string rules_dir_of_program() {
  std::error_code ec;
  const fs::path bin = fs::read_symlink("/proc/self/exe", ec).parent_path();
  if (ec) return "rules";
  const fs::path installed = (bin / "../share/regula/rules").lexically_normal();
  if (fs::is_directory(installed, ec)) return installed.string();
  const fs::path built = fs::canonical(bin / "rules", ec);
  if (!ec && fs::is_directory(built, ec)) return built.string();
  return installed.string();
}
#endif

}  // namespace

std::string default_rules_dir() {
  if (const char* env = std::getenv("REGULA_RULES_DIR")) return env;
#ifdef REGULA_RULES_DIR
  // A library built with its rules' folder named (the Python module, which
  // runs in the Python interpreter's process, not beside the rules).
  return REGULA_RULES_DIR;
#else
  return rules_dir_of_program();
#endif
}

namespace {

// Whether path lies in dir or below it, comparing whole components.
bool inside(const fs::path& path, const fs::path& dir) {
  if (dir.empty()) return false;
  auto p = path.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++p)
    if (p == path.end() || *p != *d) return false;
  return true;
}

// Without a trailing separator, so that components compare one to one.
fs::path trimmed(fs::path p) {
  p = p.lexically_normal();
  if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
  return p;
}

// "jetan.common" -> "jetan/common.lua"; "chess/orthodox" -> "chess/orthodox.lua".
std::string module_file(std::string name) {
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)
    name.resize(name.size() - 4);
  if (name.find('/') == std::string::npos) std::replace(name.begin(), name.end(), '.', '/');
  return name + ".lua";
}

}  // namespace

SearchPath::SearchPath(std::string rules_dir)
    : rules_(make_dir(rules_dir.empty() ? default_rules_dir() : rules_dir)) {}

SearchPath::Dir SearchPath::make_dir(const std::string& dir) {
  Dir d;
  d.shown = dir;
  std::error_code ec;
  d.absolute = trimmed(fs::absolute(dir, ec));
  fs::path canonical = fs::canonical(dir, ec);
  if (!ec && fs::is_directory(canonical, ec)) d.canonical = canonical;
  return d;
}

SearchPath& SearchPath::add(const std::string& dir) {
  added_.push_back(make_dir(dir));
  return *this;
}

SearchPath& SearchPath::add_first(const std::string& dir) {
  first_.insert(first_.begin(), make_dir(dir));
  return *this;
}

std::vector<std::string> SearchPath::added() const {
  std::vector<std::string> out;
  for (auto& d : added_) out.push_back(d.shown);
  return out;
}

std::vector<const SearchPath::Dir*> SearchPath::in_order() const {
  std::vector<const Dir*> out;
  for (auto& d : first_) out.push_back(&d);
  for (auto& d : added_) out.push_back(&d);
  out.push_back(&rules_);
  return out;
}

std::string SearchPath::listing() const {
  std::string s;
  for (const Dir* d : in_order())
    if (!d->canonical.empty()) s += (s.empty() ? "" : ", ") + d->shown;
  return s.empty() ? "no directory" : s;
}

bool SearchPath::contains(const fs::path& canonical) const {
  for (const Dir* d : in_order())
    if (inside(canonical, d->canonical)) return true;
  return false;
}

std::string SearchPath::name_of(const ScriptFile& file) const {
  std::vector<const Dir*> dirs = {&rules_};
  for (auto& d : added_) dirs.push_back(&d);
  for (const Dir* d : dirs) {
    if (!inside(file.canonical, d->canonical)) continue;
    std::string name = fs::path(file.canonical).lexically_relative(d->canonical).generic_string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)
      name.resize(name.size() - 4);
    return name;
  }
  return file.path;
}

Expected<ScriptFile> SearchPath::find(const std::string& name) const {
  if (name.empty() || name.find('\0') != std::string::npos)
    return Error{"", "a script name must be a non-empty string without NUL characters"};
  if (name.size() > kMaxScriptName)
    return Error{"", "a script name is longer than " + std::to_string(kMaxScriptName) +
                         " characters (kMaxScriptName)"};
  const fs::path rel = module_file(name);
  // Each candidate as messages show it, and made absolute.
  std::vector<std::pair<fs::path, fs::path>> candidates;
  if (rel.is_absolute()) {
    candidates.emplace_back(rel, rel.lexically_normal());
  } else {
    for (const Dir* d : in_order())
      if (!d->canonical.empty())
        candidates.emplace_back((fs::path(d->shown) / rel).lexically_normal(),
                                (d->absolute / rel).lexically_normal());
  }
  for (auto& [shown, absolute] : candidates) {
    // An absolute path elsewhere or ".." that climbs out is refused unread.
    bool lexically_inside = false;
    for (const Dir* d : in_order())
      lexically_inside |= inside(absolute, d->absolute) || inside(absolute, d->canonical);
    if (!lexically_inside)
      return Error{"", "'" + name + "' is outside the rules search path (" + listing() +
                           "; add a directory with --rules-path)"};
    std::error_code ec;
    fs::file_status st = fs::status(absolute, ec);
    if (ec || !fs::exists(st)) continue;
    fs::path canonical = fs::canonical(absolute, ec);
    if (ec) continue;
    if (!contains(canonical))
      return Error{"", "'" + name + "' leads outside the rules search path through a symbolic " +
                           "link (to " + canonical.string() + ")"};
    if (!fs::is_regular_file(st)) return Error{"", "'" + name + "' is not a regular file"};
    return ScriptFile{shown.string(), canonical.string()};
  }
  return Error{"",
               "no script '" + name + "' on the rules search path (looked in " + listing() + ")"};
}

Expected<ScriptFile> SearchPath::find_chosen(const std::string& spec) const {
  std::error_code ec;
  if (!spec.empty() && fs::exists(spec, ec)) {
    fs::path canonical = fs::canonical(spec, ec);
    if (ec) return Error{spec, "cannot read the script: " + ec.message()};
    if (!fs::is_regular_file(canonical, ec)) return Error{spec, "not a regular file"};
    return ScriptFile{spec, canonical.string()};
  }
  auto found = find(spec);
  if (!found) return Error{spec, found.error().what};
  return found;
}

}  // namespace regula::script
