// uci: regula as a UCI engine on stdin and stdout, for chess GUIs and
// tournament managers (docs/uci.md).

#include <iostream>
#include <memory>

#include "cli/common.h"
#include "uci/uci_server.h"

namespace regula::cli {

void add_uci(CLI::App& app, int& rc) {
  auto args = std::make_shared<RulesArgs>();
  auto* cmd = app.add_subcommand(
      "uci", "be a UCI engine on stdin and stdout, playing RULES with a regula computer player");
  add_rules_args(*cmd, *args);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(*args, rc);
    if (!rules) return;
    uci::serve(rules, std::cin, std::cout);
    rc = hook_status(*rules);
  });
}

}  // namespace regula::cli
