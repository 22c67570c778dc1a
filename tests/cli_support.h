#pragma once
// Runs the `regula` command as a user does, for the tests of the command line:
// its output (stdout and stderr together) and exit code.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace regula::test_support {

struct CliRun {
  int code = -1;
  std::string out;  // stdout and stderr together
};

inline CliRun run(const std::string& args, const std::string& input = "") {
  namespace fs = std::filesystem;
  // ctest runs tests in parallel processes: one input file per process and call.
  static int calls = 0;
  std::string in_file =
      (fs::temp_directory_path() /
       ("regula_cli_input_" + std::to_string(getpid()) + "_" + std::to_string(calls++) + ".txt"))
          .string();
  {
    std::ofstream f(in_file);
    f << input;
  }
  std::string cmd = std::string("\"") + REGULA_BINARY + "\" " + args + " < " + in_file + " 2>&1";
  CliRun r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int status = pclose(p);
  fs::remove(in_file);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace regula::test_support
