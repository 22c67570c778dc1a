#include "fuzz_support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/turns.h"
#include "notation/position_string.h"
#include "script/loader.h"

namespace regula::fuzz {

const std::vector<Rules>& rulesets() {
  static const std::vector<Rules> all = [] {
    std::vector<Rules> out;
    const std::string turns = std::string(REGULA_TEST_DATA) + "/turns/";
    for (const std::string& spec :
         {std::string("chess/orthodox"), std::string("chess/shatranj"),
          std::string("draughts/spanish"), std::string("jetan/burroughs"),
          std::string("jetan/cazaux"), turns + "mini_mill.lua", turns + "two_dice.lua"}) {
      auto r = script::load_rules(spec);
      check(r.ok(), "cannot load " + spec + ": " + (r ? "" : r.error().text()));
      out.push_back(*r);
    }
    return out;
  }();
  return all;
}

const std::vector<Position>& position_pool() {
  static const std::vector<Position> pool = [] {
    std::vector<Position> out;
    for (const Rules& r : rulesets()) {
      std::mt19937 rng(20240601);
      Position pos(r);
      MoveList moves;
      int middles = 0;
      for (int turn = 0; turn <= 50; ++turn) {
        if (turn == 0 || turn == 6 || turn == 20 || turn == 50) out.push_back(pos);
        legal_moves(pos, moves);
        if (moves.empty()) break;
        // The middle of a turn: the first decision of a turn that has more.
        std::vector<Turn> turns;
        if (middles < 2 && r->has_continuations) legal_turns(pos, turns);
        for (const Turn& t : turns) {
          if (t.steps.size() < 2) continue;
          Position middle = pos;
          Undo u;
          middle.make(t.first(), u);
          out.push_back(middle);
          ++middles;
          break;
        }
        for (const Move& m : random_turn(pos, moves, rng).steps) {
          Undo u;
          pos.make(m, u);
        }
      }
    }
    return out;
  }();
  return pool;
}

const Position& pick_position(uint8_t selector) {
  const auto& pool = position_pool();
  return pool[static_cast<uint8_t>(selector - 'A') % pool.size()];
}

char selector_of(size_t pool_index) {
  return static_cast<char>('A' + pool_index);
}

const Rules& pick_rules(uint8_t selector) {
  const auto& all = rulesets();
  return all[static_cast<uint8_t>(selector - 'A') % all.size()];
}

char rules_selector_of(size_t index) {
  return static_cast<char>('A' + index);
}

std::string write_temp_file(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("regula_fuzz_" + name + "_" + std::to_string(::getpid())))
                               .string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  check(out.good(), "cannot write " + path);
  return path;
}

std::string as_text(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

void check(bool condition, const std::string& what) {
  if (condition) return;
  std::fprintf(stderr, "check failed: %s\n", what.c_str());
  std::abort();
}

void note(const std::string& what) {
  static const bool verbose = std::getenv("REGULA_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::fprintf(stderr, "%s\n", what.c_str());
}

void refused(const std::string& kind, const Error& error) {
  check(!error.what.empty(), "a refused " + kind + " without a reason");
  note(kind + " refused: " + error.text());
}

void check_round_trip(const Position& pos) {
  const std::string written = write_position(pos);
  const std::string name = pos.rules().name;
  auto again = read_position(pos.rules_ptr(), written);
  check(again.ok(), name + ": the written position does not read back: " + written +
                        (again ? "" : ": " + again.error().text()));
  check(*again == pos && again->hash() == pos.hash(),
        name + ": the written position reads back as another: " + written);
  check(write_position(*again) == written,
        name + ": the position reads back and writes differently: " + written);
}

void check_moves(Position& pos) {
  const Position before = pos;
  check(pos.hash() == pos.compute_hash(), "the hash differs from the one computed from scratch");
  game_result(pos);
  MoveList moves;
  legal_moves(pos, moves);
  check(pos == before, "legal_moves changed the position");
  for (const Move& m : moves) {
    Undo u;
    pos.make(m, u);
    check(pos.hash() == pos.compute_hash(), "after a move the hash differs from a fresh one");
    pos.unmake(m, u);
    check(pos == before, "make/unmake did not restore the position");
  }
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  check(pos == before, "legal_turns changed the position");
  for (const Turn& t : turns) {
    std::vector<Undo> undos;
    make_turn(pos, t, undos);
    unmake_turn(pos, t, undos);
    check(pos == before, "make_turn/unmake_turn did not restore the position");
  }
}

void check_random_game(Position& pos, int turns, uint32_t seed) {
  std::mt19937 rng(seed);
  MoveList moves;
  for (int t = 0;; ++t) {
    check_round_trip(pos);
    check_moves(pos);
    legal_moves(pos, moves);
    if (t == turns || moves.empty()) return;
    for (const Move& m : random_turn(pos, moves, rng).steps) {
      Undo u;
      pos.make(m, u);
    }
  }
}

Expected<std::shared_ptr<const Ruleset>> load_once(const std::string& name,
                                                   const script::OptionList& options, size_t keep) {
  static std::map<std::string, Expected<std::shared_ptr<const Ruleset>>> cache;
  std::string key = name;
  for (const auto& [k, v] : options) key += "\n" + k + "=" + v;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  auto loaded = script::load_rules(name, options);
  if (cache.size() < keep) cache.emplace(key, loaded);
  return loaded;
}

}  // namespace regula::fuzz
