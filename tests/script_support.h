#pragma once
// What the rule-language tests share: a tiny script written to a folder of this
// test process's own (so that parallel ctest runs never share files), loaded
// expecting success or a located error, and a position set up piece by piece.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>

#include "core/position.h"
#include "core/rule_error.h"
#include "script/loader.h"

namespace regula::test_support {

using Rules = std::shared_ptr<const Ruleset>;

// Whether this build runs under AddressSanitizer and UndefinedBehaviorSanitizer
// (scripts/test --sanitize), where each step costs about ten times as much: the
// tests that play thousands of games play a sixth of them there, the same
// checks on fewer games.
#ifdef REGULA_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

inline std::filesystem::path script_dir() {
  static const std::filesystem::path dir = [] {
    auto d =
        std::filesystem::temp_directory_path() / ("regula_scripts_" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

// Writes text as NAME.lua in the process's folder and returns its path.
inline std::string write_script(const std::string& name, const std::string& text) {
  auto p = script_dir() / (name + ".lua");
  std::ofstream(p) << text;
  return p.string();
}

// The search path with this process's script folder added, for records that
// name a script written by write_script.
inline script::SearchPath scripts_path() {
  script::SearchPath path;
  path.add(script_dir().string());
  return path;
}

// A filter hook that keeps the pos of its first call and uses it in the next:
// an error naming its kept:at line.
inline const std::string kKeptPosFilter = R"(  filter = (function()
    local kept
    return function(pos, move)
      if kept then return kept:at("a1") ~= nil end
      kept = pos
      return true
    end
  end)(),)";

// Loads a script that must load; null (and a test failure) otherwise.
inline Rules load(const std::string& name, const std::string& text,
                  const script::OptionList& options = {}) {
  auto r = script::load_rules(write_script(name, text), options);
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// A bundled script by name, which must load.
inline Rules bundled(const std::string& name, const script::OptionList& options = {}) {
  auto r = script::load_rules(name, options);
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

// The error of a script that must not load.
inline Error load_error(const std::string& name, const std::string& text,
                        const script::OptionList& options = {}) {
  auto r = script::load_rules(write_script(name, text), options);
  EXPECT_FALSE(r) << name << " loaded but should not have";
  return r ? Error{} : r.error();
}

// An error that names file:line and says what.
inline void expect_located(const Error& e, const std::string& file_line, const std::string& what) {
  EXPECT_NE(e.text().find(file_line), std::string::npos) << e.text();
  EXPECT_NE(e.text().find(what), std::string::npos) << e.text();
}

struct Put {
  const char* site;
  const char* type;
  int seat;
};

// An empty board with the given pieces, and the seat to move.
inline Position board(const Rules& r, std::initializer_list<Put> pieces, int to_move = 0) {
  Position pos = Position::empty(r);
  for (const Put& p : pieces) {
    SiteId s = r->topology.find(p.site);
    TypeId t = r->type_index(p.type);
    EXPECT_NE(s, kNoSite) << p.site;
    EXPECT_GE(t, 0) << p.type;
    if (s != kNoSite && t >= 0) pos.set_site(s, make_piece(t, static_cast<SeatId>(p.seat)), 0);
  }
  pos.set_to_move(static_cast<SeatId>(to_move));
  return pos;
}

// The error a call raised, or nothing when it returned.
template <class F>
std::optional<Error> rule_error(F&& f) {
  try {
    f();
  } catch (const RuleError& e) {
    return e.error();
  }
  return std::nullopt;
}

}  // namespace regula::test_support
