// perft and moves: counting and listing the legal moves of a position.

#include <cinttypes>
#include <cstdio>
#include <memory>

#include "cli/common.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/move_text.h"

namespace regula::cli {

void add_perft(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    int depth = 1;
    bool divide = false;
    std::string position;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("perft", "count move sequences of a given length");
  add_rules_args(*cmd, args->rules);
  cmd->add_option("depth", args->depth, "plies")->required()->check(CLI::Range(0, 64));
  cmd->add_flag("--divide", args->divide, "print the count below each first move");
  add_position_arg(*cmd, args->position);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    auto pos = position_or_fail(rules, args->position, rc);
    if (!pos) return;
    uint64_t total = 0;
    if (args->divide && args->depth > 0) {
      Position before = *pos;
      for (auto& [m, n] : perft_divide(*pos, args->depth)) {
        std::printf("%s %" PRIu64 "\n", move_text(before, m).c_str(), n);
        total += n;
      }
    } else {
      total = perft(*pos, args->depth);
    }
    if ((rc = hook_status(*rules))) return;
    std::printf("%" PRIu64 "\n", total);
  });
}

void add_moves(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    std::string position;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("moves", "legal moves of a position, one per line");
  add_rules_args(*cmd, args->rules);
  add_position_arg(*cmd, args->position);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    auto pos = position_or_fail(rules, args->position, rc);
    if (!pos) return;
    MoveList moves;
    legal_moves(*pos, moves);
    bool san = rules->notation == "san";
    for (const Move& m : moves) {
      std::string text = move_text(*pos, m);
      if (san)
        std::printf("%-10s %s\n", text.c_str(), move_san(*pos, m).c_str());
      else
        std::printf("%s\n", text.c_str());
    }
    rc = hook_status(*rules);
  });
}

}  // namespace regula::cli
