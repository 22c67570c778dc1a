// test: runs the golden tests kept beside scripts (NAME.tests next to
// NAME.lua, see golden_tests.h) and reports each expectation that no longer
// holds with the file and line that states it.

#include <filesystem>

#include "cli/common.h"
#include "cli/golden_tests.h"
#include "script/loader.h"

namespace regula::cli {

namespace {

namespace fs = std::filesystem;

// The .tests file beside a script file.
std::string tests_beside(const std::string& script) {
  fs::path p(script);
  p.replace_extension(".tests");
  return p.string();
}

}  // namespace

void add_test(CLI::App& app, int& rc) {
  auto names = std::make_shared<std::vector<std::string>>();
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand(
      "test", "check scripts against the golden tests beside them (NAME.tests next to NAME.lua)");
  cmd->add_option("rules", *names,
                  "bundled names or paths of scripts (default: every bundled script that has a "
                  ".tests file)");
  cmd->add_option("--rules-path", *dirs,
                  "a further directory scripts may require and extend from (repeatable)")
      ->check(CLI::ExistingDirectory);
  cmd->callback([&rc, names, dirs] {
    script::SearchPath search;
    for (auto& dir : *dirs) search.add(dir);
    // Each script to test: its name as given and its file.
    std::vector<std::pair<std::string, std::string>> scripts;
    if (names->empty()) {
      for (const script::ScriptInfo& s : script::bundled_scripts())
        if (fs::exists(tests_beside(s.file))) scripts.emplace_back(s.name, s.file);
    }
    for (const std::string& name : *names) {
      auto file = search.find_chosen(name);
      if (!file) {
        Status e = find_rules(name, search);
        rc = fail(e ? *e : file.error());
        return;
      }
      scripts.emplace_back(name, file->path);
    }
    int passed = 0, failed = 0;
    for (const auto& [name, file] : scripts) {
      const std::string tests = tests_beside(file);
      if (!fs::exists(tests)) {
        err("%s: no golden tests (expected %s)\n", name, tests);
        ++failed;
        continue;
      }
      RulesArgs args;
      args.spec = name;
      args.rules_path = *dirs;
      auto rules = load(args);
      if (!rules) {
        err("%s\n", rules.error().text());
        ++failed;
        continue;
      }
      auto report = run_golden_tests(tests, *rules, kGoldenPerftMoves,
                                     [&](const std::vector<std::string>& options) {
                                       RulesArgs with = args;
                                       with.options = options;
                                       return load(with);
                                     });
      if (!report) {
        err("%s\n", report.error().text());
        ++failed;
        continue;
      }
      for (const Error& e : report->failures) out("%s\n", e.text());
      out("%s: %d passed, %d failed\n", name, report->passed, report->failed);
      passed += report->passed;
      failed += report->failed;
    }
    out("golden tests: %d passed, %d failed\n", passed, failed);
    rc = failed ? 1 : 0;
  });
}

}  // namespace regula::cli
