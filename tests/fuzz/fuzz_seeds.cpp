// Writes seed inputs for the harnesses from the fuzzed rulesets, into
// DIR/position, DIR/move_text and DIR/record: position strings along seeded
// random games, the text of legal moves and turns in each pool position (with
// the byte that picks the position, see fuzz_support.h), and records of random
// games, some from a set-up position. scripts/fuzz adds the bundled scripts and
// the test data's position strings.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/movegen.h"
#include "core/turns.h"
#include "formats/presentation.h"
#include "fuzz_support.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "session/game.h"
#include "session/game_record.h"

using namespace regula;
namespace fs = std::filesystem;

namespace {

class SeedDir {
 public:
  explicit SeedDir(fs::path dir) : dir_(std::move(dir)) { fs::create_directories(dir_); }
  // Each distinct text once.
  void add(const std::string& text) {
    if (!seen_.insert(text).second) return;
    std::ofstream(dir_ / ("seed-" + std::to_string(seen_.size())), std::ios::binary) << text;
  }
  size_t size() const { return seen_.size(); }

 private:
  fs::path dir_;
  std::set<std::string> seen_;
};

// Up to n items of a list, spread over all of it.
template <typename T>
std::vector<T> spread(const std::vector<T>& all, size_t n) {
  if (all.size() <= n) return all;
  std::vector<T> out;
  for (size_t i = 0; i < n; ++i) out.push_back(all[i * all.size() / n]);
  return out;
}

void position_seeds(SeedDir& out) {
  for (const Position& p : fuzz::position_pool()) out.add(write_position(p));
  for (const fuzz::Rules& r : fuzz::rulesets()) {
    for (uint32_t seed = 1; seed <= 3; ++seed) {
      std::mt19937 rng(seed);
      Position pos(r);
      MoveList moves;
      for (int turn = 0; turn < 300; ++turn) {
        legal_moves(pos, moves);
        if (moves.empty()) break;
        if (turn % 15 == 0) out.add(write_position(pos));
        for (const Move& m : random_turn(pos, moves, rng).steps) {
          Undo u;
          pos.make(m, u);
        }
      }
      out.add(write_position(pos));  // where the game ended
    }
  }
}

void move_text_seeds(SeedDir& out) {
  const auto& pool = fuzz::position_pool();
  for (size_t i = 0; i < pool.size(); ++i) {
    Position pos = pool[i];
    const std::string pick(1, fuzz::selector_of(i));
    MoveList legal;
    legal_moves(pos, legal);
    std::vector<std::string> texts = move_texts(pos, legal);
    if (presentation_of(pos.rules()).notation == "san")
      for (const Move& m : legal) texts.push_back(move_san(pos, m));
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    for (const std::string& t : turn_texts(pos, turns)) texts.push_back(t);
    for (const std::string& t : spread(texts, 16)) out.add(pick + t);
  }
}

void record_seeds(SeedDir& out) {
  for (const Position& start : fuzz::position_pool()) {
    for (int turns : {8, 40}) {
      std::mt19937_64 rng(turns);
      Game game(start.rules_ptr(), start);
      for (int t = 0; t < turns && !game.over(); ++t) {
        MoveList moves = game.legal_moves();
        if (moves.empty()) break;
        Position here = game.position();
        if (game.play_turn(random_turn(here, moves, rng))) break;
      }
      out.add(write_record(game));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: regula_fuzz_seeds DIR\n");
    return 2;
  }
  const fs::path dir = argv[1];
  SeedDir positions(dir / "position"), moves(dir / "move_text"), records(dir / "record");
  position_seeds(positions);
  move_text_seeds(moves);
  record_seeds(records);
  std::printf("seeds: %zu positions, %zu move texts, %zu records\n", positions.size(), moves.size(),
              records.size());
  return 0;
}
