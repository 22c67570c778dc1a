// list, info and check: what the bundled scripts are and whether a script loads.

#include <cstdio>
#include <memory>

#include "cli/common.h"
#include "core/movegen.h"
#include "script/loader.h"

namespace regula::cli {

void add_list(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand("list", "bundled scripts with their titles");
  cmd->callback([&rc] {
    auto scripts = script::bundled_scripts();
    size_t w = 0;
    for (auto& s : scripts) w = std::max(w, s.name.size());
    for (auto& s : scripts)
      std::printf("%-*s  %s\n", static_cast<int>(w), s.name.c_str(), s.title.c_str());
    rc = 0;
  });
}

void add_info(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand("info", "title, sources, seats, pieces and options of a script");
  auto args = std::make_shared<RulesArgs>();
  add_rules_args(*cmd, *args);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(*args, rc);
    if (!rules) return;
    const Ruleset& r = *rules;
    std::printf("%s\n", r.title.c_str());
    std::printf("name: %s\n", r.name.c_str());
    if (!r.sources.empty()) {
      std::printf("sources:\n");
      for (auto& s : r.sources) std::printf("  %s\n", s.c_str());
    }
    std::printf("board: %s, %d sites\n",
                r.topology.is_grid() ? (std::to_string(r.topology.width()) + "x" +
                                        std::to_string(r.topology.height()) + " grid")
                                           .c_str()
                                     : "points",
                r.topology.size());
    if (!r.topology.is_grid()) {
      int links = 0;
      for (SiteId s = 0; s < r.topology.size(); ++s)
        for (DirId d = 0; d < 8; ++d) links += r.topology.neighbor(s, d) != kNoSite;
      std::printf("links: %d\n", links / 2);
    }
    if (!r.topology.lines().empty()) std::printf("lines: %zu\n", r.topology.lines().size());
    std::printf("seats:");
    for (SeatId s = 0; s < r.num_seats(); ++s)
      std::printf("%s %s (team %d)", s ? "," : "", r.seats[s].name.c_str(), r.seats[s].team);
    std::printf("\npieces:\n");
    for (auto& t : r.types) {
      std::string syms;
      for (SeatId s = 0; s < r.num_seats(); ++s) syms += (s ? " " : "") + t.symbol[s];
      std::printf("  %-12s %-12s value %d%s\n", t.name.c_str(), syms.c_str(), t.value,
                  t.royal ? ", royal" : "");
    }
    if (r.declared_options.empty()) {
      std::printf("options: none\n");
    } else {
      std::printf("options:\n");
      for (size_t i = 0; i < r.declared_options.size(); ++i) {
        auto& [name, values] = r.declared_options[i];
        std::string chosen;
        for (auto& [k, v] : r.options)
          if (k == name) chosen = v;
        std::string list;
        for (auto& v : values) list += (list.empty() ? "" : ", ") + v;
        std::printf("  %s = %s (allowed: %s)\n", name.c_str(), chosen.c_str(), list.c_str());
      }
    }
    rc = 0;
  });
}

void add_check(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand("check", "load and validate a script");
  auto args = std::make_shared<RulesArgs>();
  add_rules_args(*cmd, *args);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(*args, rc);
    if (!rules) return;
    // Generating the first moves runs the script's hooks once, so a hook that
    // fails at once is caught here rather than in the first game.
    Position pos(rules);
    MoveList moves;
    legal_moves(pos, moves);
    if ((rc = hook_status(*rules))) return;
    std::printf("ok: %s\n", rules->title.c_str());
    rc = 0;
  });
}

}  // namespace regula::cli
