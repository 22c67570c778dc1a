#pragma once
// Loading a rule script by bundled name ("chess/orthodox") or path, with the
// options the user chose, into a compiled Ruleset.

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/ruleset.h"
#include "script/search_path.h"

namespace regula::script {

using OptionList = std::vector<std::pair<std::string, std::string>>;

// A script the user chose (a command-line argument): any file, or a name on
// the search path. Its own directory joins the search path for the scripts it
// requires and extends.
Expected<std::shared_ptr<const Ruleset>> load_rules(const std::string& spec,
                                                    const OptionList& options = {},
                                                    const SearchPath& path = {});

// A script named by data from anywhere (a game record's [Rules] tag): found
// only inside the search path.
Expected<std::shared_ptr<const Ruleset>> load_named_rules(const std::string& name,
                                                          const OptionList& options = {},
                                                          const SearchPath& path = {});

// load_named_rules on path, as a function of the name and the options: what a
// game record's reader takes to find the rules its [Rules] tag names
// (session/game_record.h's RulesLoader).
using NamedRulesLoader = std::function<Expected<std::shared_ptr<const Ruleset>>(
    const std::string& name, const OptionList& options)>;
NamedRulesLoader named_rules_loader(SearchPath path = {});
// The same, loading each name and option list once (errors too): a file of
// many records is replayed under rules compiled once, not once per game.
NamedRulesLoader cached_rules_loader(SearchPath path = {});

struct ScriptInfo {
  std::string name;  // "chess/orthodox"
  std::string title;
  std::string file;
};

// Every game script under the rules directory (modules that do not return a
// game are skipped), sorted by name.
std::vector<ScriptInfo> bundled_scripts(const std::string& rules_dir = "");
// Their names alone.
std::vector<std::string> bundled_script_names(const std::string& rules_dir = "");

// The bundled script whose name is nearest spec, by edit distance over the
// whole names and over their last components, or "" when none is near: what a
// mistyped name is answered with ("did you mean chess/orthodox?").
std::string closest_script(const std::string& spec);
// The nothing-found error for spec (none when spec names a file or a script on
// path): a missing file or name, with the nearest bundled name when one is near.
Status find_rules(const std::string& spec, const SearchPath& path);

}  // namespace regula::script
