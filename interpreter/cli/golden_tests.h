#pragma once
// Golden tests beside a script: NAME.tests next to NAME.lua holds positions
// with what the rules must make of them, so that an author who edits a script
// sees at once which expectations changed. The format is line-oriented (one
// directive per line, '#' starts a comment):
//
//   position startpos                  a case starts: a position as --position
//   position FEN moves e2e4 e7e5       takes it (a string, startpos, and moves)
//   legal e2e3 e2e4 g1f3 ...           the exact legal moves (whole turns, in the
//                                      long form `regula moves` prints), in any
//                                      order; several legal lines add up; a
//                                      rule's label (escape) and a throw
//                                      (roll 4) join the move as in records
//   perft 3 8902                       perft to depth 3 counts 8902
//   play f2f3 e7e5 g2g4 d8h4           from the case's position, these moves...
//   result 0-1 checkmate               ...end with this result and reason
//                                      (`result *` : the game goes on)
//   options removal=compulsory         the cases that follow are read under the
//                                      script with these options (`options`
//                                      alone: its defaults again)
//
// Each legal, perft and result directive is one check; a failure names the
// .tests file and the line of its directive, and says what differed.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/ruleset.h"

namespace regula::cli {

struct GoldenReport {
  int passed = 0;
  int failed = 0;
  std::vector<Error> failures;  // "file:line", what differed
};

// The decisions one perft directive may make: a golden file is a check an
// author runs on every edit (the bundled ones count at most a few million
// leaves), so a depth typed by mistake fails in seconds instead of counting
// for hours.
inline constexpr uint64_t kGoldenPerftMoves = 100'000'000;

// The script of a golden file loaded with options ("name=value" each), for its
// options directives.
using GoldenRulesLoader = std::function<Expected<std::shared_ptr<const Ruleset>>(
    const std::vector<std::string>& options)>;

// Reads the .tests file at path and checks each directive against rules. An
// error for a file that cannot be read; a malformed directive is a failure, and
// so is a perft that makes more than perft_moves decisions, and an options
// directive where no loader is given or the options are refused.
Expected<GoldenReport> run_golden_tests(const std::string& path,
                                        const std::shared_ptr<const Ruleset>& rules,
                                        uint64_t perft_moves = kGoldenPerftMoves,
                                        const GoldenRulesLoader& with_options = {});

}  // namespace regula::cli
