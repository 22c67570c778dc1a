#pragma once
// A piece's `betza = "..."` turned into the rule language's own move elements
// (step, slide, leap, screen), as if the script had written them: the compiler then
// compiles them like any other, so a piece written in Betza generates its moves
// exactly as fast as the long form.

#include <string>
#include <vector>

#include "core/expected.h"
#include "script/value.h"

namespace regula::script {

struct BetzaElement {
  Value element;         // step { }, slide { }, leap { } or screen { }, at the piece's line
  bool initial = false;  // i: only from the start squares of the piece's type
};

// The elements of a Betza string; an error names where (the piece's file:line)
// and the offending character.
Expected<std::vector<BetzaElement>> betza_elements(const std::string& text,
                                                   const std::string& where);

}  // namespace regula::script
