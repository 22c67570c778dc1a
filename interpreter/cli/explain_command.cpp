// explain: why a move is legal (the rule of the piece that makes it, with the
// script's file and line) or why it is not, in a position of the rules.

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "notation/explain_move.h"

namespace regula::cli {

void add_explain(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    std::string position;
    std::string roll;
    std::vector<std::string> moves;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "explain", "why a move is legal (which rule of which piece makes it) or why it is not");
  add_rules_args(*cmd, args->rules);
  cmd->add_option("move", args->moves,
                  "the moves to explain, as the game writes them (e2e4, Nf3, P@e4, c3xe5xg7, "
                  "e1h6 escape, xR3)")
      ->required();
  add_position_arg(*cmd, args->position);
  add_roll_arg(*cmd, args->roll);
  cmd->add_flag("--json", args->json, "print one JSON object per move, one per line");
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    auto pos = position_or_fail(rules, args->position, rc);
    if (!pos || !roll_or_fail(*pos, args->roll, rc)) return;
    for (const std::string& text : args->moves) {
      const MoveExplanation e = explain_move(*pos, text);
      if (args->json) {
        nlohmann::json j{{"move", e.move}, {"legal", e.legal}, {"reasons", e.lines}};
        if (!e.piece.empty()) j["piece"] = e.piece;
        if (e.rule >= 0) j["rule"] = rules->rules[e.rule].where;
        out("%s\n", j.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace));
        continue;
      }
      out("%s: %s\n", e.move, e.legal ? "legal" : "not legal");
      for (const std::string& line : e.lines) out("  %s\n", line);
    }
    rc = hook_status(*rules);
  });
}

}  // namespace regula::cli
