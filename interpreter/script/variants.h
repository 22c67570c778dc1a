#pragma once
// The bundled scripts by the UCI variant their table names (uci_variant = "chess"):
// what finds the script of a PGN file from another program, which names its
// game by [Variant] only, without compiling every script to ask it. Apart from
// loader.h because only the readers of foreign records need it.

#include <string>
#include <vector>

namespace regula::script {

// The names, sorted, of the bundled scripts whose table, run without options,
// names this UCI variant. A script names it in its own text (uci_variant =
// "chess") or takes it over from the script it extends; only those are run.
std::vector<std::string> bundled_script_names_of_variant(const std::string& uci_variant,
                                                         const std::string& rules_dir = "");

}  // namespace regula::script
