// list, info, describe and check: what the bundled scripts are and whether a script loads.

#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "core/movegen.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/describe.h"
#include "script/loader.h"

namespace regula::cli {

void add_list(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand("list", "bundled scripts with their titles");
  cmd->callback([&rc] {
    auto scripts = script::bundled_scripts();
    size_t w = 0;
    for (auto& s : scripts) w = std::max(w, s.name.size());
    for (auto& s : scripts) out("%-*s  %s\n", static_cast<int>(w), s.name, s.title);
    rc = 0;
  });
}

namespace {

// The Lua hooks a script defines, by the names it gives them, or "none": a
// script without hooks plays from compiled tables alone.
std::string hook_list(const Ruleset& r) {
  std::string list;
  if (const Hooks* h = r.hooks.get()) {
    const std::pair<bool, const char*> named[] = {
        {h->has_filter(), "filter"}, {h->has_filter_moves(), "filter_moves"},
        {h->has_after(), "after"},   {h->has_generate(), "generate"},
        {h->has_end(), "end_check"}, {h->has_evaluate(), "evaluate"}};
    for (const auto& [has, name] : named)
      if (has) list += (list.empty() ? "" : ", ") + std::string(name);
  }
  return list.empty() ? "none" : list;
}

}  // namespace

void add_info(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand("info", "title, sources, seats, pieces and options of a script");
  auto args = std::make_shared<RulesArgs>();
  add_rules_args(*cmd, *args);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(*args, rc);
    if (!rules) return;
    const Ruleset& r = *rules;
    const Presentation& view = presentation_of(r);
    out("%s\n", view.title);
    out("name: %s\n", r.name);
    if (const std::string doc = rules_doc_path(r); !doc.empty())
      out("rules in words: %s (and regula describe %s)\n", doc, r.name);
    if (!view.sources.empty()) {
      out("sources:\n");
      for (auto& s : view.sources) out("  %s\n", s);
    }
    const std::string board = r.topology.is_grid()
                                  ? std::to_string(r.topology.width()) + "x" +
                                        std::to_string(r.topology.height()) + " grid"
                                  : "points";
    out("board: %s, %d sites\n", board, r.topology.size());
    if (view.pdn)
      out("notation: PDN, GameType %s (%s)\n", view.pdn->game_type.text(),
          view.pdn->game_type.notation == 'N'
              ? "squares 1 to " + std::to_string(view.pdn->numbered.size())
              : std::string("squares named like a1"));
    if (!r.topology.is_grid()) {
      int links = 0;
      for (SiteId s = 0; s < r.topology.size(); ++s)
        for (DirId d = 0; d < 8; ++d) links += r.topology.neighbor(s, d) != kNoSite;
      out("links: %d\n", links / 2);
    }
    if (!r.topology.lines().empty())
      out("lines: %d\n", static_cast<int>(r.topology.lines().size()));
    out("seats:");
    for (SeatId s = 0; s < r.num_seats(); ++s)
      out("%s %s (team %d)", s ? "," : "", r.seats[s].name, r.seats[s].team);
    out("\nhooks: %s\n", hook_list(r));
    out("pieces:\n");
    for (auto& t : r.types) {
      std::string syms;
      for (SeatId s = 0; s < r.num_seats(); ++s) syms += (s ? " " : "") + t.symbol[s];
      out("  %-12s %-12s value %d%s\n", t.name, syms, t.value, t.royal ? ", royal" : "");
      for (const std::string& line : describe_piece(r, static_cast<TypeId>(&t - r.types.data())))
        out("      %s\n", line);
    }
    if (r.declared_options.empty()) {
      out("options: none\n");
    } else {
      out("options:\n");
      for (size_t i = 0; i < r.declared_options.size(); ++i) {
        auto& [name, values] = r.declared_options[i];
        std::string chosen;
        for (auto& [k, v] : r.options)
          if (k == name) chosen = v;
        std::string list;
        for (auto& v : values) list += (list.empty() ? "" : ", ") + v;
        out("  %s = %s (allowed: %s)\n", name, chosen, list);
        if (i < view.option_descriptions.size() && !view.option_descriptions[i].empty())
          out("      %s\n", view.option_descriptions[i]);
      }
    }
    rc = 0;
  });
}

namespace {

// Loads of the script describe makes to compare option values: a script may
// declare 64 options of 256 values each, and each load may run long.
constexpr size_t kMaxDescribeVariants = 32;

// The same rules with each other value of each declared option, so that the
// description can say what each value changes. A value that does not load
// with the others chosen (an option declared only under another's value) is
// left out, and so is every value after the first kMaxDescribeVariants.
std::vector<OptionVariant> option_variants(const RulesArgs& args, const Ruleset& r) {
  std::vector<OptionVariant> out;
  size_t loads = 0;
  for (size_t i = 0; i < r.declared_options.size(); ++i) {
    const auto& [name, values] = r.declared_options[i];
    for (const std::string& value : values) {
      RulesArgs other = args;
      // Clang 14 cannot capture a structured binding: the lambda takes a plain name.
      const std::string& option = name;
      std::erase_if(other.options,
                    [&](const std::string& o) { return o.substr(0, o.find('=')) == option; });
      other.options.push_back(name + "=" + value);
      bool chosen = false;
      for (auto& [k, v] : r.options) chosen |= k == name && v == value;
      if (chosen || ++loads > kMaxDescribeVariants) continue;
      if (auto loaded = load(other)) out.push_back({name, value, *loaded});
    }
  }
  return out;
}

nlohmann::json to_json(const RulesWords& w) {
  nlohmann::json j;
  j["title"] = w.title;
  j["name"] = w.name;
  j["description"] = w.description;
  j["sources"] = w.sources;
  j["rules_doc"] = w.rules_doc;
  j["board"] = w.board;
  j["pieces"] = nlohmann::json::array();
  for (const PieceWords& p : w.pieces)
    j["pieces"].push_back({{"name", p.name},
                           {"symbol", p.symbol},
                           {"value", p.value},
                           {"betza", p.betza},
                           {"castles", p.castles},
                           {"moves", p.lines}});
  j["start"] = w.start;
  j["play"] = w.play;
  j["ends"] = w.ends;
  j["options"] = nlohmann::json::array();
  for (const OptionWords& o : w.options) {
    nlohmann::json changes = nlohmann::json::array();
    for (const OptionChange& c : o.changes)
      changes.push_back({{"value", c.value}, {"removed", c.removed}, {"added", c.added}});
    j["options"].push_back({{"name", o.name},
                            {"value", o.value},
                            {"values", o.values},
                            {"description", o.description},
                            {"changes", changes}});
  }
  return j;
}

}  // namespace

// The rules in words: each piece's moves (with its Betza where Betza can say
// them), the start, how play goes, how the game ends, and the options with
// what each other value changes.
void add_describe(CLI::App& app, int& rc) {
  auto* cmd = app.add_subcommand(
      "describe", "the rules in words: pieces (and their Betza), start, play, end, options");
  auto args = std::make_shared<RulesArgs>();
  auto json = std::make_shared<bool>(false);
  add_rules_args(*cmd, *args);
  cmd->add_flag("--json", *json, "print the description as one JSON object");
  cmd->callback([&rc, args, json] {
    auto rules = load_or_fail(*args, rc);
    if (!rules) return;
    const RulesWords words = describe_rules(*rules, option_variants(*args, *rules));
    if (*json)
      out("%s\n", to_json(words).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    else
      out("%s", render_rules(words));
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
    out("ok: %s\n", presentation_of(*rules).title);
    rc = 0;
  });
}

}  // namespace regula::cli
