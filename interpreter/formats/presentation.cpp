#include "formats/presentation.h"

#include "core/ruleset.h"
#include "formats/pdn.h"

namespace regula {

const std::string& Presentation::glyph(TypeId type, SeatId seat) const {
  static const std::string kNone;
  if (type < 0 || static_cast<size_t>(type) >= glyphs.size()) return kNone;
  return glyphs[type][seat];
}

bool Presentation::san_without_letter(TypeId type) const {
  return type >= 0 && static_cast<size_t>(type) < san_no_letter.size() && san_no_letter[type];
}

const Presentation& presentation_of(const Ruleset& rules) {
  static const Presentation kDefaults;
  return rules.presentation ? *rules.presentation : kDefaults;
}

}  // namespace regula
