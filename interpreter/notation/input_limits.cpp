#include "notation/input_limits.h"

namespace regula {

std::string excerpt(const std::string& text) {
  if (text.size() <= kMaxQuote) return text;
  size_t n = kMaxQuote;
  // Back off continuation bytes (10xxxxxx) so that a character is kept whole or left out.
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace regula
