// The hostile-input corpus in tests/data/hostile/, fed to the `regula` command
// as a user would: position strings, move texts, game records, argument
// vectors and scripts. Each run has a memory limit and a time limit, and must
// end with the exit code and the message (where and what) stored next to its
// input; no control character may reach the terminal raw.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace regula {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(REGULA_TEST_DATA) / "hostile";
// What one run of the command may use: far more than any of these inputs needs.
constexpr rlim_t kMemoryLimit = rlim_t{1} << 30;
// The sanitizers slow every run several times over; the limit still catches a hang.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
constexpr auto kTimeLimit = std::chrono::seconds(120);
#else
constexpr auto kTimeLimit = std::chrono::seconds(10);
#endif

struct Outcome {
  int code = -1;  // the exit code, or -1 when killed by a signal
  bool timed_out = false;
  std::string out;  // stdout and stderr together
};

// Runs the regula binary with args in the corpus folder, input on stdin, under
// kMemoryLimit (address space; not with AddressSanitizer, whose shadow memory
// needs more) and kTimeLimit (killed after it).
Outcome run(const std::vector<std::string>& args, const std::string& input = "") {
  Outcome r;
  const fs::path in_file =
      fs::temp_directory_path() / ("regula_hostile_" + std::to_string(getpid()) + ".in");
  std::ofstream(in_file, std::ios::binary) << input;
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return r;
  const pid_t pid = fork();
  if (pid == 0) {
#if !defined(__SANITIZE_ADDRESS__)
    const rlimit limit{kMemoryLimit, kMemoryLimit};
    setrlimit(RLIMIT_AS, &limit);
#endif
    const int in = open(in_file.c_str(), O_RDONLY);
    if (in < 0 || chdir(kCorpus.c_str()) != 0) _exit(126);
    dup2(in, 0);
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    std::vector<char*> argv{const_cast<char*>(REGULA_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(REGULA_BINARY, argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  char buf[65536];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      r.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    pollfd p{pipe_fds[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
    const ssize_t n = read(pipe_fds[0], buf, sizeof buf);
    if (n <= 0) break;
    if (r.out.size() < (1u << 20)) r.out.append(buf, static_cast<size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  fs::remove(in_file);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The corpus writes a byte as \xNN and a backslash as \\.
std::string decode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\\') {
      out += '\\';
      ++i;
    } else if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x') {
      out += static_cast<char>(std::stoi(s.substr(i + 2, 2), nullptr, 16));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(line);
  while (std::getline(in, cur, '\t')) out.push_back(decode(cur));
  return out;
}

// The entries of a corpus file: lines that are not comments, each after a
// comment line that says what it attacks, split at tabs and decoded.
std::vector<std::vector<std::string>> entries(const std::string& file) {
  std::ifstream in(kCorpus / file, std::ios::binary);
  EXPECT_TRUE(in) << file;
  std::vector<std::vector<std::string>> out;
  std::string line, previous;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line[0] != '#') {
      EXPECT_TRUE(!previous.empty() && previous[0] == '#')
          << file << ":" << n << ": an entry needs a comment saying what it attacks";
      out.push_back(split_tabs(line));
    }
    previous = line;
  }
  return out;
}

// No byte that a terminal would act on: C0 controls but the line break, DEL,
// and the 8-bit control sequence introducer (raw, or as UTF-8 C2 9B).
bool printable(const std::string& out) {
  for (size_t i = 0; i < out.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(out[i]);
    if ((c < 0x20 && c != '\n') || c == 0x7f || c == 0x9b) return false;
    if (c == 0xc2 && i + 1 < out.size() && (static_cast<unsigned char>(out[i + 1]) & 0xe0) == 0x80)
      return false;
  }
  return true;
}

// A run that must end with code and print expected.
void expect_refused(const Outcome& r, int code, const std::string& expected,
                    const std::string& what) {
  EXPECT_FALSE(r.timed_out) << what << ": still running after " << kTimeLimit.count() << " s";
  EXPECT_EQ(r.code, code) << what << "\n" << r.out;
  EXPECT_NE(r.out.find(expected), std::string::npos)
      << what << "\nexpected: " << expected << "\nprinted:  " << r.out;
  EXPECT_TRUE(printable(r.out)) << what << ": a control character reached the terminal\n" << r.out;
}

TEST(HostileCli, PositionStrings) {
  const auto cases = entries("positions.txt");
  EXPECT_GT(cases.size(), 40u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.size(), 3u) << c[0];
    expect_refused(run({"moves", c[0], "--position", c[1]}), 1, c[2], c[1]);
  }
}

TEST(HostileCli, MoveTexts) {
  const auto cases = entries("moves.txt");
  EXPECT_GT(cases.size(), 15u);
  for (const auto& c : cases) {
    ASSERT_EQ(c.size(), 3u) << c[0];
    expect_refused(run({"replay", "-"}, "[Rules \"" + c[0] + "\"]\n\n" + c[1] + "\n"), 1, c[2],
                   c[1]);
  }
}

TEST(HostileCli, GameRecords) {
  int checked = 0;
  for (const auto& f : fs::directory_iterator(kCorpus / "records")) {
    if (f.path().extension() != ".pgn") continue;
    // Line 1 says what the record attacks, line 2 what the command must print.
    std::ifstream in(f.path(), std::ios::binary);
    std::string what, expect;
    std::getline(in, what);
    std::getline(in, expect);
    const std::string prefix = "; expect: ";
    ASSERT_EQ(what.rfind("; ", 0), 0u) << f.path();
    ASSERT_EQ(expect.rfind(prefix, 0), 0u) << f.path();
    const std::string file = "records/" + f.path().filename().string();
    // The data says "record:5:"; a file's errors name the file in its place.
    std::string expected = decode(expect.substr(prefix.size()));
    if (expected.rfind("record", 0) == 0) expected = file + expected.substr(6);
    expect_refused(run({"replay", file}), 1, expected, file);
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(HostileCli, ArgumentVectors) {
  const auto cases = entries("cli_args.txt");
  EXPECT_GT(cases.size(), 20u);
  for (const auto& c : cases) {
    ASSERT_GE(c.size(), 3u) << c[0];
    const std::vector<std::string> args(c.begin() + 2, c.end());
    std::string shown;
    for (const auto& a : args) shown += " " + a.substr(0, 40);
    expect_refused(run(args), std::stoi(c[0]), c[1], "regula" + shown);
  }
}

TEST(HostileCli, Scripts) {
  // Each script fails to load, or fails in a hook, with its file and line.
  int checked = 0;
  for (const auto& f : fs::directory_iterator(kCorpus / "scripts")) {
    if (f.path().extension() != ".lua") continue;
    const std::string file = "scripts/" + f.path().filename().string();
    const std::regex located(
        std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + ":[0-9]+: ");
#if defined(__SANITIZE_ADDRESS__)
    // Under the sanitizers each run is several times slower: check alone loads the
    // script, which is where every one of these fails.
    const std::vector<std::vector<std::string>> commands{{"check", file}};
#else
    const std::vector<std::vector<std::string>> commands{
        {"check", file}, {"moves", file}, {"perft", file, "2"}};
#endif
    for (const std::vector<std::string>& args : commands) {
      const Outcome r = run(args);
      const std::string what = args[0] + " " + file;
      EXPECT_FALSE(r.timed_out) << what;
      EXPECT_EQ(r.code, 1) << what << "\n" << r.out;
      EXPECT_TRUE(std::regex_search(r.out, located)) << what << ": no file:line: in\n" << r.out;
      EXPECT_TRUE(printable(r.out)) << what << "\n" << r.out;
    }
    ++checked;
  }
  EXPECT_GT(checked, 0);
  const Outcome own = run({"check", "scripts/syntax_error.lua"});
  EXPECT_NE(own.out.find("scripts/syntax_error.lua:8: unexpected symbol near <eof>"),
            std::string::npos)
      << own.out;
}

TEST(HostileCli, HugeInputsEndWithAnError) {
  // A record larger than the reader takes, on standard input.
  expect_refused(run({"replay", "-"}, std::string((16 << 20) + 1, ' ')), 1,
                 "-: more than 16777216 bytes, the limit of a game record", "a 16 MiB record");
  // A move of a megabyte.
  expect_refused(
      run({"replay", "-"}, "[Rules \"chess/orthodox\"]\n\n1. " + std::string(1 << 20, 'e') + "\n"),
      1,
      "record:3:4: game 1, move 1 (" + std::string(60, 'e') +
          "... (1048576 bytes)): the text is 1048576 bytes, more than the 4096 a move "
          "may have",
      "a move of 1 MiB");
  // A position string as long as one argument may be, and another that no
  // limit of the reader stops early: pieces, one rank after the other.
  std::string ranks;
  for (int i = 0; i < 10000; ++i) ranks += "8/";
  expect_refused(run({"moves", "chess/orthodox", "--position", ranks + " w - - 0 1"}), 1,
                 "position: the board has 8 ranks, the text 10001", "10,000 ranks");
  // Two thousand moves in a record, of a game that is over after eight.
  std::string moves;
  for (int i = 0; i < 500; ++i) moves += "g1f3 g8f6 f3g1 f6g8 ";
  expect_refused(run({"replay", "-"}, "[Rules \"chess/orthodox\"]\n\n" + moves + "\n"), 1,
                 "record:3:41: game 1, move 9 (g1f3): the game is over (3-fold repetition)",
                 "moves after the end");
}

TEST(HostileCli, ControlCharactersNeverReachTheTerminal) {
  // Title, seats, pieces and an end's reason full of escape sequences and bytes
  // that are not UTF-8, through every command that prints them.
  const std::string game = "games/control_names.lua";
  int runs = 0;
  for (const std::vector<std::string>& args : {std::vector<std::string>{"info", game},
                                               {"check", game},
                                               {"moves", game},
                                               {"perft", game, "2", "--divide"},
                                               {"selfplay", game, "-n", "3"}}) {
    const Outcome r = run(args);
    EXPECT_EQ(r.code, 0) << args[0] << "\n" << r.out;
    EXPECT_TRUE(printable(r.out)) << args[0] << "\n" << r.out;
    ++runs;
  }
  EXPECT_EQ(runs, 5);
  const Outcome info = run({"info", game});
  EXPECT_NE(info.out.find("evil\\x1b[2J\\x1b]0;pwned\\x07 title\\x0d\n"), std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("seats: wh\\x1b[31mite (team 0), bl\\xffack (team 1)"), std::string::npos)
      << info.out;
  // What a person types is echoed in messages, and the board and the game's
  // end are shown with the seats' names.
  const Outcome play = run({"play", game}, "\x1b[2J\x07\rzz\nmoves\nquit\n");
  EXPECT_EQ(play.code, 0) << play.out;
  EXPECT_NE(play.out.find("no legal move \\x1b[2J\\x07\\x0dzz"), std::string::npos) << play.out;
  EXPECT_TRUE(printable(play.out)) << play.out;
  const Outcome selfplay = run({"selfplay", game, "-n", "3"});
  EXPECT_NE(selfplay.out.find("caught \\xff\\xfe \\x1b[5m"), std::string::npos) << selfplay.out;
}

TEST(HostileCli, ReplayShowsWhereAValidRecordStands) {
  const Outcome r = run({"replay", "-"}, "[Rules \"chess/orthodox\"]\n\n1. e2e4 e7e5 2. Nf3 *\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out,
            "Chess (FIDE)\nmoves: 3\n"
            "8  r n b q k b n r\n7  p p p p . p p p\n6  . . . . . . . .\n"
            "5  . . . . p . . .\n4  . . . . P . . .\n3  . . . . . N . .\n"
            "2  P P P P . P P P\n1  R N B Q K B . R\n   a b c d e f g h\nposition: "
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\nresult: *\n");
  const Outcome mate = run({"replay", "-"}, "[Rules \"chess/orthodox\"]\n\nf3 e5 g4 Qh4#\n");
  EXPECT_EQ(mate.code, 0) << mate.out;
  EXPECT_NE(mate.out.find("result: 0-1 (checkmate)\n"), std::string::npos) << mate.out;
}

TEST(HostileCli, PlayListsTheMovesInSan) {
  const Outcome r =
      run({"play", "chess/orthodox", "--seat", "black=human"}, "f3\ne5\ng4\nmoves\nquit\n");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("black> e4  a6  a5  b6  b5  c6  c5  d6  d5  f6  f5  g6  g5  h6  h5  Na6  "
                       "Nc6  Qe7  Qf6  Qg5  Qh4#  Ke7  Be7  Bd6  Bc5  Bb4  Ba3  Nf6  Ne7  Nh6  \n"),
            std::string::npos)
      << r.out;
}

TEST(HostileCli, SelfplayJsonIsValidWhateverTheNames) {
  const Outcome r = run({"selfplay", "games/control_names.lua", "-n", "4", "--json"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(printable(r.out)) << r.out;
  for (char c : r.out) EXPECT_GE(static_cast<signed char>(c), 0) << "not ASCII: " << r.out;
  nlohmann::json j;
  ASSERT_NO_THROW(j = nlohmann::json::parse(r.out)) << r.out;
  // Escapes stand for the control characters; U+FFFD for the bytes that are not UTF-8.
  ASSERT_TRUE(j["seats"].is_object());
  EXPECT_EQ(j["seats"].size(), 2u);
  EXPECT_TRUE(j["seats"].contains("wh\x1b[31mite")) << j.dump();
  EXPECT_TRUE(
      j["seats"].contains("bl\xef\xbf\xbd"
                          "ack"))
      << j.dump();
  EXPECT_EQ(j["reasons"]["caught \xef\xbf\xbd\xef\xbf\xbd \x1b[5m"], 4) << j.dump();
  EXPECT_EQ(j["games"], 4);
}

}  // namespace
}  // namespace regula
