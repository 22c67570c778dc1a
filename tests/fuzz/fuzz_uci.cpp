// UCI commands from anywhere: the input's first byte picks the ruleset (as
// fuzz_support.h's pick_rules), the rest is the lines a GUI would send, read by
// the server as from standard input. Each `go` gets a small node budget after
// its own words (the last word of a kind is the one that counts), so that an
// input stays fast whatever it asks for; the Hash option is left out, since
// a user may rightly ask for gigabytes of table. Errors answered in `info
// string` are fine; crashes, sanitizer reports and a go without its bestmove
// are findings.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "uci/uci_server.h"

using namespace regula;

namespace {

// Nodes each go may search, and lines an input may hold: a few hundredths of
// a second an input.
constexpr int kGoNodes = 500;
constexpr int kMaxLines = 64;

// The first word of a line, split as the server splits it.
std::string first_word(const std::string& line) {
  std::istringstream words(line);
  std::string first;
  words >> first;
  return first;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const fuzz::Rules& rules = fuzz::pick_rules(data[0]);
  std::istringstream in(fuzz::as_text(data + 1, size - 1));
  std::ostringstream commands;
  // The go commands before the first quit: each must be answered.
  size_t gos = 0;
  bool quit = false;
  int lines = 0;
  for (std::string line; lines < kMaxLines && std::getline(in, line); ++lines) {
    if (lower(line).find("hash") != std::string::npos) continue;
    commands << line;
    const std::string first = first_word(line);
    if (first == "go") {
      commands << " nodes " << kGoNodes;
      if (!quit) ++gos;
    }
    if (first == "quit") quit = true;
    commands << '\n';
  }
  const std::string sent = commands.str();
  fuzz::note("sent:\n" + sent);
  std::ostringstream out;
  {
    uci::ServerOptions options;
    options.hash_mb = 1;
    std::istringstream lines_in(sent);
    uci::serve(rules, lines_in, out, options);
  }
  const std::string answer = out.str();
  fuzz::note("answered:\n" + answer);
  size_t bestmoves = 0;
  std::istringstream answers(answer);
  for (std::string line; std::getline(answers, line);)
    if (line.rfind("bestmove ", 0) == 0) ++bestmoves;
  fuzz::check(bestmoves == gos,
              "not every go was answered with one bestmove:\n" + sent + "\n" + answer);
  return 0;
}
