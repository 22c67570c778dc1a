#pragma once
// The directories scripts may be read from. A script names other scripts
// (require, extends) and a game record names its rules ([Rules]); both come
// from anywhere, so a name is looked up only inside these directories: the
// bundled rules directory, the directory of the script the user gave, and
// directories the user adds (--rules-path). An absolute path, "..", or a
// symbolic link that leads out of all of them is refused before the file is
// read. Paths are compared canonically (symbolic links resolved), which also
// gives every file one identity, so "a", "./a.lua" and a link to it are the
// same module.

#include <filesystem>
#include <string>
#include <vector>

#include "core/expected.h"

namespace regula::script {

// REGULA_RULES_DIR from the environment; else ../share/regula/rules from the
// directory of the running program (an install); else rules/ beside the program
// (a build tree, where it links to the sources' rules/). A library compiled
// with REGULA_RULES_DIR defined (the Python module) uses that folder instead.
std::string default_rules_dir();

// A script file found on the search path.
struct ScriptFile {
  std::string path;       // as messages name it (the directory as given, then the name)
  std::string canonical;  // absolute, symbolic links resolved: its identity
};

class SearchPath {
 public:
  // The bundled rules directory alone ("" for default_rules_dir()).
  SearchPath(std::string rules_dir = "");
  SearchPath(const char* rules_dir) : SearchPath(std::string(rules_dir)) {}

  // A further directory, searched after those added before it and before the
  // bundled rules directory.
  SearchPath& add(const std::string& dir);
  // A directory searched first: the one of the script the user gave.
  SearchPath& add_first(const std::string& dir);

  const std::string& rules_dir() const { return rules_.shown; }
  // The directories added with add(), in order.
  std::vector<std::string> added() const;

  // A script named by another script or by a record: "jetan.common",
  // "chess/orthodox", "variants/x.lua", or a path inside the search path.
  Expected<ScriptFile> find(const std::string& name) const;
  // A script the user named: any file, else a name on the search path.
  Expected<ScriptFile> find_chosen(const std::string& spec) const;

  // Whether a canonical path lies inside one of the directories.
  bool contains(const std::filesystem::path& canonical) const;
  // The name a game record gives a script: relative to the bundled rules
  // directory or else to the first added directory that holds it, without
  // ".lua" ("chess/orthodox"); else the path as given.
  std::string name_of(const ScriptFile& file) const;

 private:
  struct Dir {
    std::string shown;                // as given
    std::filesystem::path absolute;   // made absolute, lexically normal
    std::filesystem::path canonical;  // empty when the directory does not exist
  };
  static Dir make_dir(const std::string& dir);
  std::vector<const Dir*> in_order() const;
  std::string listing() const;

  std::vector<Dir> first_;
  std::vector<Dir> added_;
  Dir rules_;
};

}  // namespace regula::script
