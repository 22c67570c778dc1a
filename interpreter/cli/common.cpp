#include "cli/common.h"

#include "core/movegen.h"
#include "formats/presentation.h"
#include "notation/move_text.h"

#include <signal.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <limits>

#include "cli/shard.h"
#include "core/command_limits.h"
#include "core/game_end.h"
#include "formats/pdn.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script/lua_hooks.h"

namespace regula::cli {

const char* const kRulesPathHelp =
    "Scripts read other scripts (require, extends) only from the rules search path: the bundled "
    "rules directory, the directory of the script named on the command line, and each directory "
    "given with --rules-path DIR (repeatable, on every command that loads a script). Paths that "
    "lead out of these directories, by '..', an absolute path or a symbolic link, are refused. "
    "The bundled rules directory is $REGULA_RULES_DIR when it is set, else ../share/regula/rules "
    "from the program's own directory (an install: /usr/share/regula/rules for /usr/bin/regula), "
    "else rules/ beside the program (a build tree, where it links to the sources' rules/).";

namespace {

void add_limit_args(CLI::App& cmd, RulesArgs& args) {
  cmd.add_option("--lua-memory", args.lua_memory_mib,
                 "MiB the script's Lua states may hold, all threads together (default 512)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 20));
  cmd.add_option("--hook-instructions", args.hook_instructions,
                 "Lua instructions all script hook calls of the command may run together "
                 "(default: no limit; each call has its own budget of 10,000,000 besides)")
      ->check(unsigned_number());
}

// Ctrl-C: script hooks stop at once (core/command_limits.h), so that the
// command ends with a message instead of running on in a slow hook. The
// handler is reset by its first use: a second Ctrl-C ends the program.
extern "C" void on_interrupt(int) {
  command_limits().request_stop();
}

void stop_hooks_on_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
}

}  // namespace

void add_rules_args(CLI::App& cmd, RulesArgs& args) {
  cmd.add_option("rules", args.spec, "bundled name (chess/orthodox) or path to a .lua script")
      ->required();
  cmd.add_option("--option", args.options, "script option, key=value (repeatable)")
      ->check(CLI::Validator(
          [](std::string& s) {
            return s.find('=') == std::string::npos ? std::string("expected key=value, got " + s)
                                                    : std::string();
          },
          "KEY=VALUE"));
  cmd.add_option("--rules-path", args.rules_path,
                 "a further directory scripts may require and extend from (repeatable)")
      ->check(CLI::ExistingDirectory);
  add_limit_args(cmd, args);
}

void add_position_arg(CLI::App& cmd, std::string& position) {
  cmd.add_option("--position", position,
                 "position string (FEN or the generic form, or startpos), optionally followed by "
                 "'moves' and the moves played from it (as UCI's position command)");
}

void add_roll_arg(CLI::App& cmd, std::string& roll) {
  cmd.add_option("--roll", roll,
                 "start from this throw of the dice, as records write it (3, or 6+3 for two dice)");
}

bool roll_or_fail(Position& pos, const std::string& roll, int& rc) {
  if (roll.empty()) return true;
  const Ruleset& r = pos.rules();
  if (!r.dice.enabled()) {
    rc = fail(Error{"--roll", "this game has no dice"});
    return false;
  }
  if (!pos.awaiting_roll()) {
    rc = fail(Error{"--roll", "the position does not wait for a throw (it has roll=" +
                                  std::to_string(pos.roll()) + " or a pending stage)"});
    return false;
  }
  MoveList throws;
  const Result over = game_result(pos, throws);
  if (over.over) {
    rc = fail(Error{"--roll", "the game is over in this position (" + over.reason + ")"});
    return false;
  }
  const std::vector<std::string> texts = move_texts(pos, throws);
  std::string allowed;
  for (int i = 0; i < throws.size(); ++i) {
    if (texts[i] == "roll " + roll) {
      Undo u;
      pos.make(throws[i], u);
      return true;
    }
    allowed += (allowed.empty() ? "" : ", ") + texts[i].substr(5);
  }
  rc = fail(Error{"--roll",
                  "'" + roll + "' is not a throw of this game's dice (throws: " + allowed + ")"});
  return false;
}

void add_shard_arg(CLI::App& cmd, std::string& shard, const std::string& help) {
  cmd.add_option("--shard", shard, help)
      ->check(CLI::Validator(
          [](std::string& text) {
            auto s = parse_shard(text);
            return s ? std::string() : s.error().what;
          },
          "I/N", "shard"));
}

CLI::Validator unsigned_number() {
  return CLI::Validator(
      [](std::string& s) {
        uint64_t v;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        const bool ok =
            !s.empty() && s[0] != '-' && ec == std::errc() && end == s.data() + s.size();
        return ok ? std::string()
                  : "expected a whole number from 0 to " +
                        std::to_string(std::numeric_limits<uint64_t>::max()) + ", got " + s;
      },
      "UINT");
}

Expected<std::shared_ptr<const Ruleset>> load(const RulesArgs& args) {
  script::OptionList options;
  for (auto& o : args.options) {
    auto eq = o.find('=');
    options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  script::SearchPath path;
  for (auto& dir : args.rules_path) path.add(dir);
  if (Status e = find_rules(args.spec, path)) return *e;
  CommandLimits& limits = command_limits();
  limits.set_lua_memory(static_cast<size_t>(args.lua_memory_mib) << 20);
  limits.set_instructions(
      static_cast<int64_t>(std::min<uint64_t>(args.hook_instructions, CommandLimits::kUnlimited)));
  auto rules = script::load_rules(args.spec, options, path);
  if (rules && (*rules)->hooks) stop_hooks_on_interrupt();
  return rules;
}

Expected<Position> start_position(std::shared_ptr<const Ruleset> rules, const std::string& text) {
  return read_position_with_moves(std::move(rules), text);
}

std::shared_ptr<const Ruleset> load_or_fail(const RulesArgs& args, int& rc) {
  auto rules = load(args);
  if (rules) return *rules;
  rc = fail(rules.error());
  return nullptr;
}

std::optional<Position> position_or_fail(std::shared_ptr<const Ruleset> rules,
                                         const std::string& text, int& rc) {
  auto pos = start_position(std::move(rules), text);
  if (pos) return std::move(*pos);
  rc = fail(pos.error());
  return std::nullopt;
}

std::vector<std::shared_ptr<const Ruleset>> thread_rules(
    const RulesArgs& args, const std::shared_ptr<const Ruleset>& rules, int threads, int& rc) {
  std::vector<std::shared_ptr<const Ruleset>> copies{rules};
  for (int i = 1; i < threads; ++i) {
    if (!rules->hooks) {
      copies.push_back(rules);
      continue;
    }
    auto copy = load_or_fail(args, rc);
    if (!copy) return {};
    copies.push_back(copy);
  }
  return copies;
}

int fail(const Error& e) {
  err("%s\n", e.text());
  return 1;
}

int hook_status(const Ruleset& rules) {
  if (auto e = script::hook_error(rules)) return fail(*e);
  return 0;
}

namespace {

// The board's PDN square names, drawn as the board is: one row of text per rank.
std::vector<std::string> square_rows(const Ruleset& r) {
  const Topology& topo = r.topology;
  size_t w = 1;
  for (const std::string& name : presentation_of(r).pdn->square) w = std::max(w, name.size());
  std::vector<std::string> rows;
  for (int y = topo.height() - 1; y >= 0; --y) {
    std::string row;
    for (int x = 0; x < topo.width(); ++x) {
      const SiteId s = topo.at(x, y);
      std::string name = s == kNoSite || presentation_of(r).pdn->square[s].empty()
                             ? "."
                             : presentation_of(r).pdn->square[s];
      row += std::string(w - name.size(), ' ') + name + " ";
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

std::string board_text(const Position& pos, bool numbers) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::string out;
  if (numbers && presentation_of(r).pdn && topo.is_grid()) {
    // The position, and beside it the squares' PDN names.
    std::vector<std::string> rows;
    const std::string board = board_text(pos, false);
    for (size_t b = 0; b < board.size();) {
      size_t e = board.find('\n', b);
      rows.push_back(board.substr(b, e - b));
      b = e + 1;
    }
    size_t wide = 0;
    for (auto& row : rows) wide = std::max(wide, row.size());
    const std::vector<std::string> names = square_rows(r);
    for (size_t i = 0; i < rows.size(); ++i) {
      std::string line = rows[i];
      if (i < names.size()) line += std::string(wide + 4 - line.size(), ' ') + names[i];
      out += line + "\n";
    }
    return out;
  }
  if (topo.is_grid()) {
    size_t w = 1;
    for (auto& t : r.types)
      for (SeatId s = 0; s < r.num_seats(); ++s) w = std::max(w, t.symbol[s].size());
    auto cell = [&](const std::string& s) {
      std::string c = s;
      c.resize(w + 1, ' ');
      return c;
    };
    int label = static_cast<int>(std::to_string(topo.height()).size());
    for (int y = topo.height() - 1; y >= 0; --y) {
      std::string rank = std::to_string(y + 1);
      out += std::string(label - rank.size(), ' ') + rank + "  ";
      for (int x = 0; x < topo.width(); ++x) {
        SiteId s = topo.at(x, y);
        PieceCode c = s == kNoSite ? kEmpty : pos.at(s);
        out += cell(c == kEmpty ? "." : r.types[piece_type(c)].symbol[piece_seat(c)]);
      }
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
    out += std::string(label + 2, ' ');
    for (int x = 0; x < topo.width(); ++x) {
      std::string name = topo.name(topo.at(x, 0));
      out += cell(name.substr(0, name.find_first_of("0123456789")));
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  }
  if (std::string drawn = point_board_text(pos); !drawn.empty()) return drawn;
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    PieceCode c = pos.at(s);
    if (c == kEmpty) continue;
    out += "  " + topo.name(s) + ": " + r.types[piece_type(c)].symbol[piece_seat(c)] + " (" +
           r.seats[piece_seat(c)].name + " " + r.types[piece_type(c)].name + ")\n";
  }
  return out.empty() ? "  (no pieces)\n" : out;
}

std::string counters_text(const Position& pos, const Result& result) {
  const Ruleset& r = pos.rules();
  std::string out;
  for (int k = 0; k < kMaxSeatCounters; ++k) {
    bool any = false;
    for (SeatId s = 0; s < r.num_seats(); ++s) any = any || settled_counter(pos, result, s, k);
    if (!any) continue;
    std::string name = k < static_cast<int>(r.seat_counter_names.size())
                           ? r.seat_counter_names[k]
                           : "counter " + std::to_string(k);
    out += name + ":";
    for (SeatId s = 0; s < r.num_seats(); ++s)
      out += (s ? ", " : " ") + r.seats[s].name + " " +
             std::to_string(settled_counter(pos, result, s, k));
    out += "\n";
  }
  // Until the end settles it, the money in the pot.
  if (r.money.enabled() && !result.over) out += "pot: " + std::to_string(pos.global(kPot)) + "\n";
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      if (pos.hand(s, t))
        out += "in hand: " + r.seats[s].name + " " + r.types[t].name + " x" +
               std::to_string(pos.hand(s, t)) + "\n";
  return out;
}

}  // namespace regula::cli
