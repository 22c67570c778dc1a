#include "notation/input_limits.h"

namespace regula {

std::string excerpt(const std::string& text) {
  if (text.size() <= kMaxQuote) return text;
  size_t n = kMaxQuote;
  // Back off continuation bytes (10xxxxxx) so that a character is kept whole or left out.
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n) + "... (" + std::to_string(text.size()) + " bytes)";
}

LineRead read_input_line(std::istream& in, std::string& line, size_t limit) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false, over = false;
  for (;;) {
    const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < limit)
      line.push_back(static_cast<char>(c));
    else
      over = true;
  }
  if (!any) {
    in.setstate(std::ios::failbit);
    return LineRead::kEnd;
  }
  if (over) {
    line.clear();
    return LineRead::kTooLong;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return LineRead::kLine;
}

}  // namespace regula
