// perft and moves: counting and listing the legal moves of a position.

#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "cli/progress.h"
#include "cli/shard.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "formats/presentation.h"
#include "notation/move_text.h"
#include "notation/turn_text.h"

namespace regula::cli {

namespace {

struct PerftArgs {
  RulesArgs rules;
  int depth = 1;
  uint64_t max_moves = kPerftMoveBudget;
  bool divide = false;
  std::string position;
  std::string roll;
  std::string shard;
  bool json = false;
  int threads = 0;
};

// Positions equal to pos for the threads of a count besides the caller's: on
// the same rules, or, where hooks keep state of their own, each on the rules
// loaded again.
bool helper_positions(const PerftArgs& args, const std::shared_ptr<const Ruleset>& rules,
                      const Position& pos, std::vector<Position>& copies, int& rc) {
  const int threads =
      args.threads > 0 ? args.threads : static_cast<int>(std::thread::hardware_concurrency());
  for (int i = 1; i < threads; ++i) {
    if (!rules->hooks) {
      copies.push_back(pos);
      continue;
    }
    auto again = load_or_fail(args.rules, rc);
    if (!again) return false;
    auto p = position_or_fail(again, args.position, rc);
    if (!p || !roll_or_fail(*p, args.roll, rc)) return false;
    copies.push_back(std::move(*p));
  }
  return true;
}

// The count split at the root: each thread counts below the first turns it
// takes; with shown, the divide is printed (or kept for the JSON).
bool count_split(const PerftArgs& args, const std::shared_ptr<const Ruleset>& rules, Position& pos,
                 const Shard& shard, bool shown, uint64_t& total, nlohmann::ordered_json& divide,
                 int& rc) {
  std::vector<Position> copies;
  if (!helper_positions(args, rules, pos, copies, rc)) return false;
  std::vector<Position*> more;
  for (Position& p : copies) more.push_back(&p);
  std::vector<Turn> first;
  legal_turns(pos, first);
  const uint64_t mine = shard.size(first.size());
  Progress progress("perft", "first moves", mine, Progress::OnInterrupt::kExit);
  std::atomic<uint64_t> leaves{0};
  progress.on_exit_text([&] {
    return std::to_string(progress.done()) + " of " + std::to_string(mine) +
           " first moves counted, " + std::to_string(leaves.load()) +
           " sequences below them; no total";
  });
  auto divided = perft_divide(
      pos, args.depth, args.max_moves, [&shard](size_t i) { return shard.owns(i); }, more,
      [&](uint64_t n) {
        leaves += n;
        progress.add();
      });
  for (const Position& p : copies)
    if (&p.rules() != rules.get() && (rc = hook_status(p.rules()))) return false;
  std::vector<Turn> turns;
  for (auto& [t, n] : divided) turns.push_back(t);
  std::vector<std::string> texts = shown ? turn_texts(pos, turns) : std::vector<std::string>{};
  for (size_t i = 0; i < divided.size(); ++i) {
    total += divided[i].second;
    if (!shown) continue;
    if (!args.json) out("%s %" PRIu64 "\n", texts[i], divided[i].second);
    divide[texts[i]] += divided[i].second;
  }
  return true;
}

void run_perft(const PerftArgs& args, int& rc) {
  const Shard shard = args.shard.empty() ? Shard{} : *parse_shard(args.shard);
  auto rules = load_or_fail(args.rules, rc);
  if (!rules) return;
  auto pos = position_or_fail(rules, args.position, rc);
  if (!pos || !roll_or_fail(*pos, args.roll, rc)) return;
  uint64_t total = 0;
  nlohmann::ordered_json divide = nlohmann::ordered_json::object();
  const bool shown = args.divide || !shard.whole();
  if (!shard.whole() && args.depth == 0) {
    // The root alone: the first part counts it.
    total = shard.owns(0) ? 1 : 0;
  } else if (args.depth < 2 && !shown) {
    total = perft(*pos, args.depth, args.max_moves);
  } else if (!count_split(args, rules, *pos, shard, shown, total, divide, rc)) {
    return;
  }
  if ((rc = hook_status(*rules))) return;
  if (args.json) {
    nlohmann::ordered_json j{{"kind", "perft"},
                             {"rules", rules->name},
                             {"script_hash", rules->content_hash},
                             {"options", args.rules.options},
                             {"position", args.position.empty() ? "startpos" : args.position},
                             {"roll", args.roll},
                             {"depth", args.depth},
                             {"shard", shard.text()}};
    if (args.divide || !shard.whole()) j["divide"] = divide;
    j["total"] = total;
    out("%s\n", j.dump(2, ' ', true, nlohmann::ordered_json::error_handler_t::replace));
    return;
  }
  out("%" PRIu64 "\n", total);
}

}  // namespace

void add_perft(CLI::App& app, int& rc) {
  auto args = std::make_shared<PerftArgs>();
  auto* cmd = app.add_subcommand("perft", "count move sequences of a given length");
  add_rules_args(*cmd, args->rules);
  cmd->add_option("depth", args->depth, "plies")->required()->check(CLI::Range(0, kMaxPerftDepth));
  cmd->add_option("--max-moves", args->max_moves,
                  "stop with an error after making this many moves (0: no limit)")
      ->check(unsigned_number())
      ->capture_default_str();
  cmd->add_flag("--divide", args->divide, "print the count below each first move");
  add_position_arg(*cmd, args->position);
  add_roll_arg(*cmd, args->roll);
  add_shard_arg(*cmd, args->shard,
                "count part I of N: below the first turns whose index (from 0, in the order "
                "the divide lists them) is I - 1 modulo N, with their divide; the totals of "
                "the N parts add up to the whole count");
  cmd->add_option("--threads", args->threads,
                  "threads counting at once, each below its own first moves (default: every "
                  "core); the count is the same whatever the number")
      ->check(CLI::Range(1, 256));
  add_quiet_flag(*cmd);
  cmd->add_flag("--json", args->json,
                "print one JSON object: the script, its hash, options, position, depth, shard, "
                "divide and total (what regula stats merges the shards of)");
  cmd->callback([&rc, args] { run_perft(*args, rc); });
}

void add_moves(CLI::App& app, int& rc) {
  struct Args {
    RulesArgs rules;
    std::string position;
    std::string roll;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("moves", "legal moves of a position, one per line");
  add_rules_args(*cmd, args->rules);
  add_position_arg(*cmd, args->position);
  add_roll_arg(*cmd, args->roll);
  cmd->callback([&rc, args] {
    auto rules = load_or_fail(args->rules, rc);
    if (!rules) return;
    auto pos = position_or_fail(rules, args->position, rc);
    if (!pos || !roll_or_fail(*pos, args->roll, rc)) return;
    if (rules->has_continuations) {
      // Whole turns: a move with the removal it causes is one line.
      std::vector<Turn> turns;
      legal_turns(*pos, turns);
      for (const std::string& text : turn_texts(*pos, turns)) out("%s\n", text);
      rc = hook_status(*rules);
      return;
    }
    MoveList moves;
    legal_moves(*pos, moves);
    const bool san = presentation_of(*rules).notation == "san";
    const std::vector<std::string> texts = move_texts(*pos, moves);
    const std::vector<std::string> sans = san ? move_sans(*pos, moves, texts) : texts;
    for (int i = 0; i < moves.size(); ++i) {
      if (san)
        out("%-10s %s\n", texts[i], sans[i]);
      else
        out("%s\n", texts[i]);
    }
    rc = hook_status(*rules);
  });
}

}  // namespace regula::cli
