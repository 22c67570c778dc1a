#include "ai/player_spec.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "ai/alpha_beta.h"
#include "ai/mcts.h"
#include "ai/random_player.h"
#include "ai/settings.h"
#include "ai/spec_options.h"

namespace regula::ai {

namespace {

constexpr uint64_t kMaxNodes = kMaxBudgetNodes;
constexpr uint64_t kMaxMillis = kMaxBudgetMillis;
constexpr uint64_t kMaxDepth = kMaxBudgetDepth;
constexpr uint64_t kMaxContempt = 10'000;  // a hundred pieces of value 1

}  // namespace

bool alpha_beta_applies(const Ruleset& rules) {
  if (ai_settings(rules).algorithm == AiSettings::Algorithm::kAlphaBeta) return true;
  if (ai_settings(rules).algorithm == AiSettings::Algorithm::kMcts) return false;
  if (rules.dice.enabled()) return false;
  int teams = 0;
  std::vector<int> seen;
  for (const Seat& s : rules.seats) {
    bool found = false;
    for (int t : seen) found |= t == s.team;
    if (!found) seen.push_back(s.team), ++teams;
  }
  return teams == 2 && rules.num_seats() == 2;
}

Budget level_budget(const Ruleset& rules, int level) {
  static constexpr uint64_t kAlphaBetaNodes[kMaxLevel] = {100, 500, 2'500, 12'500, 60'000};
  static constexpr uint64_t kMctsIterations[kMaxLevel] = {50, 200, 800, 3'200, 12'800};
  Budget b;
  const int i = std::clamp(level, kMinLevel, kMaxLevel) - 1;
  b.nodes = alpha_beta_applies(rules) ? kAlphaBetaNodes[i] : kMctsIterations[i];
  return b;
}

namespace {

// Reads one key=value of a player's spec into the options of its kind.
Status read_option(const std::string& spec, const std::string& kind, bool search_ab,
                   const std::string& key, const std::string& value, AlphaBetaOptions& ab,
                   MctsOptions& mc, uint64_t& seed) {
  Status bad;
  auto set = [&](auto& field, uint64_t max) {
    auto n = number(spec, key, value, max);
    if (!n) {
      bad = n.error();
      return;
    }
    field = static_cast<std::remove_reference_t<decltype(field)>>(*n);
  };
  if (key == "seed") {
    set(seed, ~0ull);
  } else if (kind == "random") {
    bad = Error{spec, "random takes only seed=N, not '" + key + "'"};
  } else if (key == "ms") {
    set(ab.budget.millis, kMaxMillis);
    mc.budget.millis = ab.budget.millis;
  } else if (search_ab && key == "nodes") {
    set(ab.budget.nodes, kMaxNodes);
  } else if (search_ab && key == "depth") {
    set(ab.budget.depth, kMaxDepth);
  } else if (search_ab && key == "hash") {
    set(ab.hash_mb, 4096);
  } else if (search_ab && key == "threads") {
    set(ab.threads, kMaxSearchThreads);
    if (!bad && ab.threads < 1)
      bad = Error{spec, "threads takes 1 to " + std::to_string(kMaxSearchThreads) + ", not 0"};
  } else if (search_ab && key == "contempt") {
    set(ab.contempt, kMaxContempt);
  } else if (!search_ab && (key == "iterations" || key == "nodes")) {
    set(mc.budget.nodes, kMaxNodes);
  } else if (!search_ab && key == "depth") {
    set(mc.budget.depth, kMaxDepth);
  } else if (!search_ab && key == "cutoff") {
    set(mc.cutoff, kMaxPly * 16);
  } else if (!search_ab && key == "playout") {
    if (value != "random" && value != "captures")
      bad = Error{spec, "playout takes random or captures, not '" + value + "'"};
    mc.capture_playouts = value == "captures";
  } else {
    bad = Error{
        spec,
        "'" + key + "' is not an option of " +
            (search_ab ? std::string("alpha-beta (nodes, depth, ms, hash, threads, contempt, seed)")
                       : std::string("MCTS (iterations, depth, ms, playout, cutoff, "
                                     "seed)"))};
  }
  return bad;
}

}  // namespace

Expected<std::unique_ptr<Player>> make_player(const std::string& spec,
                                              std::shared_ptr<const Ruleset> rules, uint64_t seed) {
  const size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  int level = 0;
  if (kind == "ai") {
    const size_t c2 = rest.find(':');
    const std::string n = rest.substr(0, c2);
    auto l = number(spec, "ai", n, kMaxLevel);
    if (!l || *l < kMinLevel)
      return Error{spec, "ai takes a level from 1 to 5 (ai:3), not '" + n + "'"};
    level = static_cast<int>(*l);
    rest = c2 == std::string::npos ? "" : rest.substr(c2 + 1);
  } else if (kind != "random" && kind != "alphabeta" && kind != "mcts") {
    return Error{spec,
                 "not a player: say random, ai:LEVEL, alphabeta[:k=v,...], "
                 "mcts[:k=v,...] or uci:PATH"};
  }
  auto options = split_options(spec, rest);
  if (!options) return options.error();
  const bool search_ab = kind == "alphabeta" || (kind == "ai" && alpha_beta_applies(*rules));
  AlphaBetaOptions ab;
  MctsOptions mc;
  if (level) {
    ab.budget = mc.budget = level_budget(*rules, level);
    // The weakest level also blurs its judgement, so that it errs as beginners do.
    if (level == 1) ab.noise = kPieceUnit;
  }
  for (const auto& [key, value] : options->items)
    if (Status bad = read_option(spec, kind, search_ab, key, value, ab, mc, seed)) return *bad;
  if (kind == "random") return std::unique_ptr<Player>(new RandomPlayer(seed));
  if (search_ab) {
    ab.seed = seed;
    return std::unique_ptr<Player>(new AlphaBeta(rules, ab, spec));
  }
  mc.seed = seed;
  return std::unique_ptr<Player>(new Mcts(rules, mc, spec));
}

std::vector<std::string> split_player_list(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (true) {
    const size_t comma = text.find(',', at);
    const std::string piece = text.substr(at, comma == std::string::npos ? comma : comma - at);
    const std::string kind = piece.substr(0, piece.find(':'));
    const bool starts =
        kind == "random" || kind == "ai" || kind == "alphabeta" || kind == "mcts" || kind == "uci";
    if (starts || out.empty())
      out.push_back(piece);
    else
      out.back() += "," + piece;
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

}  // namespace regula::ai
