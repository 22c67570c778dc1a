// Writes seed inputs for the harnesses from the fuzzed rulesets, into
// DIR/position, DIR/move_text, DIR/record, DIR/pdn, DIR/uci, DIR/stats and
// DIR/golden: position strings along seeded random games, the text of legal
// moves and turns in each pool position (with the byte that picks the
// position, see fuzz_support.h), records of random games, some from a set-up
// position (those of PDN rules also as files of several games, with and
// without [Rules]), UCI sessions from pool positions, per-game records as
// JSON lines and CSV, and golden files (the bundled ones of the fuzzed
// rulesets, and one per pool position). scripts/fuzz adds the bundled
// scripts and the test data's position strings, PDN files and stats parts.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "cli/stats_records.h"
#include "core/movegen.h"
#include "core/turns.h"
#include "formats/presentation.h"
#include "fuzz_support.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "session/game.h"
#include "session/game_record.h"
#include "uci/uci_move.h"

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

// The index in fuzz::rulesets() of pos's rules.
size_t rules_index(const Position& pos) {
  const auto& all = fuzz::rulesets();
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].get() == &pos.rules()) return i;
  fuzz::check(false, "a pool position of rules not fuzzed");
  return 0;
}

// A random game from start, turns long at most.
Game random_game(const Position& start, int turns, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Game game(start.rules_ptr(), start);
  for (int t = 0; t < turns && !game.over(); ++t) {
    MoveList moves = game.legal_moves();
    if (moves.empty()) break;
    Position here = game.position();
    if (game.play_turn(random_turn(here, moves, rng))) break;
  }
  return game;
}

void record_seeds(SeedDir& out) {
  for (const Position& start : fuzz::position_pool())
    for (int turns : {8, 40}) out.add(write_record(random_game(start, turns, turns)));
}

void pdn_seeds(SeedDir& out) {
  std::string several;
  for (const Position& start : fuzz::position_pool()) {
    if (!presentation_of(start.rules()).pdn) continue;
    for (int turns : {6, 30}) {
      const std::string record = write_record(random_game(start, turns, turns));
      out.add(record);
      several += record + "\n";
      // As another program writes it: no [Rules] tag.
      const size_t at = record.find("[Rules ");
      if (at != std::string::npos)
        out.add(record.substr(0, at) + record.substr(record.find('\n', at) + 1));
    }
  }
  out.add(several);
}

void uci_seeds(SeedDir& out) {
  for (size_t i = 0; i < fuzz::rulesets().size(); ++i)
    out.add(std::string(1, fuzz::rules_selector_of(i)) +
            "uci\nsetoption name Level value 1\nisready\nucinewgame\nposition startpos\ngo depth "
            "2\n");
  for (const Position& start : fuzz::position_pool()) {
    const std::string pick(1, fuzz::rules_selector_of(rules_index(start)));
    std::mt19937_64 rng(7);
    Position pos = start;
    std::string moves;
    for (int t = 0; t < 4; ++t) {
      MoveList legal;
      legal_moves(pos, legal);
      if (legal.empty()) break;
      const Turn turn = random_turn(pos, legal, rng);
      moves += " " + uci::uci_text(pos, turn);
      for (const Move& m : turn.steps) {
        Undo u;
        pos.make(m, u);
      }
    }
    const std::string fen = write_position(start);
    out.add(pick + "position fen " + fen + "\ngo movetime 5\n");
    out.add(pick + "position fen " + fen + " moves" + moves + "\ngo infinite\nstop\nisready\n");
    out.add(pick + "ucinewgame\nposition fen " + fen + " moves" + moves +
            "\ngo wtime 1000 btime 1000 winc 10 binc 10\nquit\n");
  }
}

void stats_seeds(SeedDir& out) {
  // Records of two experiments, as selfplay writes them.
  std::string json[2], csv[2];
  for (int e = 0; e < 2; ++e) {
    csv[e] = std::string(cli::kCsvHeader) + "\n";
    for (uint64_t game = 1; game <= 4; ++game) {
      cli::GameRecord g;
      g.game = game;
      g.seed = 1000 + game;
      g.script = "chess/orthodox";
      g.script_hash = "0123456789abcdef";
      g.options = {{"variant", e == 0 ? "a" : "b"}};
      g.max_plies = 200;
      g.players = {{"white", "random"}, {"black", "ai:1"}};
      g.result = game % 3 == 0   ? std::vector<Outcome>{Outcome::kDraw, Outcome::kDraw}
                 : game % 3 == 1 ? std::vector<Outcome>{Outcome::kWin, Outcome::kLoss}
                                 : std::vector<Outcome>{Outcome::kNone, Outcome::kNone};
      g.reason = game % 3 == 2 ? "unfinished (max plies)" : "checkmate";
      g.plies = static_cast<int64_t>(10 * game);
      g.captures = static_cast<int64_t>(game);
      if (game % 2) g.branching = std::make_pair(int64_t{5}, int64_t{100});
      if (e == 1) g.stakes = std::vector<int64_t>{3, -3};
      json[e] += cli::record_line(g, cli::RecordFormat::kJson) + "\n";
      csv[e] += cli::record_line(g, cli::RecordFormat::kCsv) + "\n";
    }
    out.add(json[e]);
    out.add(csv[e]);
  }
  out.add(json[0] + "%%\n" + json[1]);
  out.add(csv[0] + "%%\n" + json[1]);
}

void golden_seeds(SeedDir& out) {
  for (size_t i = 0; i < fuzz::rulesets().size(); ++i) {
    std::ifstream in(std::string(REGULA_RULES_DIR) + "/" + fuzz::rulesets()[i]->name + ".tests",
                     std::ios::binary);
    if (!in) continue;
    std::ostringstream text;
    text << in.rdbuf();
    out.add(std::string(1, fuzz::rules_selector_of(i)) + text.str());
  }
  for (const Position& start : fuzz::position_pool()) {
    Position pos = start;
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    std::string legal;
    for (const std::string& t : pos.rules().has_continuations ? turn_texts(pos, turns) : [&] {
           MoveList moves;
           legal_moves(pos, moves);
           return move_texts(pos, moves);
         }())
      legal += " " + t;
    // Six random turns, written as golden files write them.
    std::mt19937_64 rng(3);
    Game game(start.rules_ptr(), start);
    std::string play;
    for (int t = 0; t < 6 && !game.over(); ++t) {
      MoveList moves = game.legal_moves();
      if (moves.empty()) break;
      Position here = game.position();
      const Turn turn = random_turn(here, moves, rng);
      play += " " + game.text(turn);
      if (game.play_turn(turn)) break;
    }
    out.add(std::string(1, fuzz::rules_selector_of(rules_index(start))) + "position " +
            write_position(start) + "\nlegal" + legal + "\nperft 1 " +
            std::to_string(turns.size()) + "\nplay" + play + "\nresult " + game.result().score() +
            "\n");
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
  SeedDir pdn(dir / "pdn"), uci(dir / "uci"), stats(dir / "stats"), golden(dir / "golden");
  position_seeds(positions);
  move_text_seeds(moves);
  record_seeds(records);
  pdn_seeds(pdn);
  uci_seeds(uci);
  stats_seeds(stats);
  golden_seeds(golden);
  std::printf(
      "seeds: %zu positions, %zu move texts, %zu records, %zu PDN files, %zu UCI sessions, %zu "
      "stats files, %zu golden files\n",
      positions.size(), moves.size(), records.size(), pdn.size(), uci.size(), stats.size(),
      golden.size());
  return 0;
}
