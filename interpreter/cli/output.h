#pragma once
// The one way the `regula` command writes to the terminal. Titles, names,
// option values, moves and error messages come from scripts, position strings
// and records that anyone may have written: an ESC or a CR in them must not
// reach the terminal, where it could clear the screen, rewrite earlier lines
// or set the window title. Every string argument of out() and err() is made
// printable() first; the format strings are the program's own.

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>

namespace regula::cli {

// The text with ordinary UTF-8 and line breaks kept, and every other control
// character (C0 such as ESC, CR, BEL and TAB; DEL; the C1 range U+0080..U+009F)
// and every byte that is not well-formed UTF-8 written as \xNN, one per byte.
// Line breaks stay: boards, records and JSON are printed as lines, and a line
// break moves no cursor back.
std::string printable(std::string_view text);

// 1234567 as "1,234,567".
std::string grouped(uint64_t n);

namespace detail {
void write(std::FILE* to, const char* format, ...);
inline std::string clean(const std::string& s) {
  return printable(s);
}
inline std::string clean(const char* s) {
  return printable(s);
}
template <typename T>
requires std::is_arithmetic_v<T> T clean(T v) {
  return v;
}
inline const char* pass(const std::string& s) {
  return s.c_str();
}
template <typename T>
T pass(T v) {
  return v;
}
template <typename... Args>
void emit(std::FILE* to, const char* format, const Args&... args) {
  write(to, format, pass(args)...);
}
}  // namespace detail

// printf to stdout and to stderr, with every string argument made printable.
// Pass a std::string itself, not its c_str(), which would end at a NUL byte.
template <typename... Args>
void out(const char* format, const Args&... args) {
  detail::emit(stdout, format, detail::clean(args)...);
}
template <typename... Args>
void err(const char* format, const Args&... args) {
  detail::emit(stderr, format, detail::clean(args)...);
}

}  // namespace regula::cli
