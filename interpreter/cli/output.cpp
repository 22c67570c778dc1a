#include "cli/output.h"

#include <cstdarg>

namespace regula::cli {

std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF), or 0.
size_t utf8_length(std::string_view text, size_t i, uint32_t& code) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  size_t n;
  uint32_t min;
  if (b < 0x80) {
    code = b;
    return 1;
  } else if ((b & 0xE0) == 0xC0) {
    n = 2, code = b & 0x1F, min = 0x80;
  } else if ((b & 0xF0) == 0xE0) {
    n = 3, code = b & 0x0F, min = 0x800;
  } else if ((b & 0xF8) == 0xF0) {
    n = 4, code = b & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = code << 6 | (byte(i + k) & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

void escape(std::string& out, unsigned char b) {
  static const char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    uint32_t code = 0;
    const size_t n = utf8_length(text, i, code);
    const bool control =
        (code < 0x20 && code != '\n') || code == 0x7F || (code >= 0x80 && code <= 0x9F);
    if (n == 0 || control) {
      // One byte at a time: what follows a broken sequence may be good text.
      const size_t bad = n == 0 ? 1 : n;
      for (size_t k = 0; k < bad; ++k) escape(out, static_cast<unsigned char>(text[i + k]));
      i += bad;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

namespace detail {

void write(std::FILE* to, const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::vfprintf(to, format, args);
  va_end(args);
}

}  // namespace detail

}  // namespace regula::cli
