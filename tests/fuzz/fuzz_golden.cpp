// Golden test files (NAME.tests beside a script) from anywhere: the input's
// first byte picks the ruleset (as fuzz_support.h's pick_rules), the rest is
// the file (its first kMaxLines lines), checked as `regula test` checks it,
// with a perft limit of kPerftMoves decisions instead of kGoldenPerftMoves, so
// that an input stays fast whatever depths it asks for and however many times. Failed directives
// are fine, but each must name its file and line and say what differed; crashes and sanitizer
// reports are findings.

#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/golden_tests.h"
#include "core/rule_error.h"
#include "fuzz_support.h"

using namespace regula;

namespace {

// A perft of a few hundred decisions, at most: the limit is met, not waited
// for, and 64 of them take a few seconds instrumented.
constexpr uint64_t kPerftMoves = 500;
constexpr int kMaxLines = 64;

std::string first_lines(const std::string& text, int n) {
  size_t end = 0;
  for (int i = 0; i < n && end != std::string::npos; ++i) {
    end = text.find('\n', end);
    if (end != std::string::npos) ++end;
  }
  return end == std::string::npos ? text : text.substr(0, end);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const fuzz::Rules& rules = fuzz::pick_rules(data[0]);
  const std::string path =
      fuzz::write_temp_file("golden", first_lines(fuzz::as_text(data + 1, size - 1), kMaxLines));
  try {
    auto report = cli::run_golden_tests(path, rules, kPerftMoves);
    if (!report) {
      fuzz::refused("golden file", report.error());
      return 0;
    }
    fuzz::check(report->failures.size() == static_cast<size_t>(report->failed),
                "a failed directive without its failure");
    for (const Error& e : report->failures) {
      fuzz::check(e.where.rfind(path + ":", 0) == 0, "a failure not at its file:line: " + e.text());
      fuzz::refused("directive", e);
    }
  } catch (const RuleError&) {
    // A limit of the engine reached in play: an error the caller reports.
  }
  return 0;
}
