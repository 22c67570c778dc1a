// help: `regula help` lists the commands, `regula help COMMAND` prints one's
// options, as `regula COMMAND --help` does; `--version` says which build runs.

#include "cli/common.h"

namespace regula::cli {

std::string version_text() {
  std::string v = std::string("regula ") + REGULA_VERSION;
  const std::string commit = REGULA_COMMIT;
  if (!commit.empty()) v += " (commit " + commit + ")";
  return v;
}

void add_help(CLI::App& app, int& rc) {
  auto topic = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("help", "the commands, or one command's options: help COMMAND");
  cmd->add_option("command", *topic, "the command to explain");
  CLI::App* root = &app;
  cmd->callback([&rc, root, topic] {
    if (topic->empty()) {
      // root->help() would describe the help command itself, the one selected.
      out("%s", root->get_formatter()->make_help(root, "regula", CLI::AppFormatMode::Normal));
      return;
    }
    for (const CLI::App* c : root->get_subcommands({}))
      if (c->get_name() == *topic) {
        out("%s", c->get_formatter()->make_help(c, "regula " + c->get_name(),
                                                CLI::AppFormatMode::Normal));
        return;
      }
    std::string commands;
    for (const CLI::App* c : root->get_subcommands({}))
      commands += (commands.empty() ? "" : ", ") + c->get_name();
    err("regula help: no command '%s' (commands: %s)\n", *topic, commands);
    rc = 2;
  });
}

}  // namespace regula::cli
