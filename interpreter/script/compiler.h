#pragma once
// Turns the table a script returns into a Ruleset: every vocabulary element
// becomes native tables (precomputed leaps and walk paths, resolved directions,
// region masks) and every mistake becomes an Error naming the file and line.

#include <memory>

#include "core/expected.h"
#include "core/ruleset.h"
#include "script/value.h"

namespace regula::script {

Expected<std::shared_ptr<Ruleset>> compile_game(const Value& game);

}  // namespace regula::script
