#pragma once
// Loading a rule script by bundled name ("chess/orthodox") or path, with the
// options the user chose, into a compiled Ruleset.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/ruleset.h"

namespace regula::script {

using OptionList = std::vector<std::pair<std::string, std::string>>;

// REGULA_RULES_DIR from the environment, else the rules/ folder of the source tree.
std::string default_rules_dir();

Expected<std::shared_ptr<const Ruleset>> load_rules(const std::string& spec,
                                                    const OptionList& options = {},
                                                    const std::string& rules_dir = "");

struct ScriptInfo {
  std::string name;  // "chess/orthodox"
  std::string title;
  std::string file;
};

// Every game script under the rules directory (modules that do not return a
// game are skipped), sorted by name.
std::vector<ScriptInfo> bundled_scripts(const std::string& rules_dir = "");

// "chess/orthodox" for a file under the rules directory, else the path itself.
std::string script_name(const std::string& file, const std::string& rules_dir);

}  // namespace regula::script
