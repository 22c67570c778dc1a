#pragma once
// Text typed by people or read from files (move text, game records, prompts,
// engine options) is trimmed the same way everywhere, by this one helper.

#include <cctype>
#include <string>
#include <string_view>

namespace regula {

// The text without the white space (spaces, tabs, line ends) around it.
inline std::string trim(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n";
  const size_t b = text.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return "";
  return std::string(text.substr(b, text.find_last_not_of(kSpace) - b + 1));
}

// The text in lower case (ASCII letters only; other bytes are kept).
inline std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace regula
