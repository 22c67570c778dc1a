// The `regula` command: list, info, describe, check, perft, moves, play, replay, selfplay, tune,
// match, stats, uci, test, help. Usage errors exit 2, script and input errors exit 1 with
// file:line: message.

#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.h"
#include "core/rule_error.h"

int main(int argc, char** argv) {
  using namespace regula::cli;
  CLI::App app{"regula: play and test board games written as Lua rule scripts", "regula"};
  app.require_subcommand(1, 1);
  app.footer(kRulesPathHelp);
  int rc = 0;
  add_list(app, rc);
  add_info(app, rc);
  add_describe(app, rc);
  add_check(app, rc);
  add_perft(app, rc);
  add_moves(app, rc);
  add_explain(app, rc);
  add_compare(app, rc);
  add_play(app, rc);
  add_replay(app, rc);
  add_selfplay(app, rc);
  add_tune(app, rc);
  add_match(app, rc);
  add_stats(app, rc);
  add_uci(app, rc);
  add_test(app, rc);
  add_help(app, rc);
  app.set_version_flag("--version", version_text(), "print the version and exit");
  // CLI11 would only say that a command is required: name the word it got.
  if (argc > 1 && argv[1][0] != '-') {
    std::string commands;
    bool known = false;
    for (const CLI::App* c : app.get_subcommands({})) {
      commands += (commands.empty() ? "" : ", ") + c->get_name();
      known |= c->get_name() == argv[1];
    }
    if (!known) {
      err("regula: unknown command '%s' (commands: %s)\n", std::string(argv[1]), commands);
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    err("regula: %s\n\n", e.what());
    err("%s", app.help());
    return 2;
  } catch (const regula::RuleError& e) {
    // A script hook failed (or a move passed a fixed limit) in the middle of a
    // command: the command stops, whatever it was doing, with the script's line.
    std::fflush(stdout);
    return fail(e.error());
  } catch (const std::exception& e) {
    err("regula: internal error: %s\n", e.what());
    return 1;
  }
  return rc;
}
