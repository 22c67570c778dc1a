#pragma once
// Perft divides compared with Fairy-Stockfish's, for the scripts that play a
// game it also knows. Fairy-Stockfish is an independent program (Debian's
// fairy-stockfish, installed by scripts/setup), so its counts are an oracle for
// ours: at the start position to a depth, and at positions of seeded random
// games played under our rules, each sent to it as `position fen START moves
// ...`, START being our start position in the script's own FEN (which may
// place pieces otherwise than Fairy-Stockfish's start: its shatranj has the
// kings on the d-file), so that only the start and the move texts are
// translated.
//
// Typical use:
//   if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
//   auto rep = fsf::compare(bundled("chess/xiangqi"), "xiangqi", {.start_depth = 4});
//   EXPECT_GT(rep.positions, 100);
//   EXPECT_TRUE(rep.differences.empty()) << rep.text();
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula::test_support::fsf {

inline const char* const kPath = "/usr/games/fairy-stockfish";
inline const char* const kMissing =
    "/usr/games/fairy-stockfish is not installed (scripts/setup installs it: apt-get install "
    "fairy-stockfish)";

inline bool installed() {
  return ::access(kPath, X_OK) == 0;
}

// Move text -> leaves below it.
using Divide = std::map<std::string, uint64_t>;

// A position reached from the start position by moves (Fairy-Stockfish's
// texts), and the depth of its divide.
struct Query {
  std::vector<std::string> moves;
  int depth = 1;
};

// Fairy-Stockfish's divides of the queries, in order, from one run of the
// program. A query it gave no answer to gives a divide holding the key "?"
// (so that it differs from any real one).
inline std::vector<Divide> divides(const std::string& variant, const std::string& start_fen,
                                   const std::vector<Query>& queries) {
  const auto dir = script_dir();
  const auto in = dir / ("fsf_" + variant + "_input.txt");
  {
    std::ofstream f(in);
    f << "uci\nsetoption name UCI_Variant value " << variant << "\n";
    for (const Query& q : queries) {
      f << "position fen " << start_fen;
      if (!q.moves.empty()) {
        f << " moves";
        for (const auto& m : q.moves) f << ' ' << m;
      }
      f << "\ngo perft " << q.depth << "\n";
    }
    f << "quit\n";
  }
  const std::string cmd = std::string(kPath) + " < " + in.string() + " 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  std::string out;
  char buf[1 << 16];
  for (size_t n; p && (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  if (p) ::pclose(p);
  // Each divide is its "move: count" lines, closed by "Nodes searched: N".
  std::vector<Divide> result;
  Divide cur;
  std::istringstream lines(out);
  for (std::string l; std::getline(lines, l);) {
    // The total that follows is not compared with the lines' sum: the
    // program's own total is sometimes one more than it in a long run of
    // queries (the lines stay the same from run to run; the total does not).
    if (l.rfind("Nodes searched: ", 0) == 0) {
      result.push_back(std::move(cur));
      cur.clear();
      continue;
    }
    const size_t colon = l.find(": ");
    if (colon == std::string::npos || colon == 0 || l.find(' ') < colon) continue;
    const std::string count = l.substr(colon + 2);
    if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos) continue;
    cur[l.substr(0, colon)] = std::stoull(count);
  }
  while (result.size() < queries.size()) result.push_back(Divide{{"?", 1}});
  return result;
}

// Our move text (uci/uci_move.h) -> Fairy-Stockfish's, where they differ.
using Translate = std::function<std::string(const std::string&)>;

// Our divide of pos at depth, its keys translated.
inline Divide divide(Position& pos, int depth, const Translate& to_fsf = {}) {
  const auto counted = perft_divide(pos, depth);
  std::vector<Turn> turns;
  for (const auto& [t, n] : counted) turns.push_back(t);
  const auto texts = uci::uci_texts(pos, turns);
  Divide d;
  for (size_t i = 0; i < texts.size(); ++i)
    d[to_fsf ? to_fsf(texts[i]) : texts[i]] += counted[i].second;
  return d;
}

struct Check {
  int start_depth = 4;  // the start position's divide, at this depth
  int games = 40;       // seeded random games played under our rules
  int plies = 100;      // ... of at most this many turns
  int every = 3;        // a divide at every this many turns of each game
  int depth = 2;        // ... at this depth
  uint64_t seed = 1;
  Translate to_fsf = {};  // identity when empty
  Translate fen_to_fsf =
      {};  // our start position's text -> Fairy-Stockfish's FEN; identity when empty
};

struct Report {
  int positions = 0;  // positions compared, the start included
  std::vector<std::string> differences;
  std::string text() const {
    std::string s;
    for (const auto& d : differences) s += d + "\n";
    return s;
  }
};

// One difference line per move counted differently, naming the position.
inline void diff(const std::string& where, const Divide& ours, const Divide& theirs,
                 std::vector<std::string>& out) {
  if (ours == theirs) return;
  size_t listed = 0;
  auto say = [&](const std::string& m, const std::string& text) {
    if (listed++ < 12) out.push_back(where + ": " + m + " " + text);
  };
  for (const auto& [m, n] : ours) {
    auto it = theirs.find(m);
    if (it == theirs.end())
      say(m, "only in regula (" + std::to_string(n) + ")");
    else if (it->second != n)
      say(m, "regula " + std::to_string(n) + ", fairy-stockfish " + std::to_string(it->second));
  }
  for (const auto& [m, n] : theirs)
    if (!ours.count(m)) say(m, "only in fairy-stockfish (" + std::to_string(n) + ")");
}

// Compares the divides of r's start position and of positions of seeded
// random games with Fairy-Stockfish's for variant.
inline Report compare(const Rules& r, const std::string& variant, const Check& c) {
  Report rep;
  std::vector<Query> queries;
  std::vector<Divide> ours;
  std::vector<std::string> where;
  {
    Position pos(r);
    queries.push_back({{}, c.start_depth});
    ours.push_back(divide(pos, c.start_depth, c.to_fsf));
    where.push_back("start, depth " + std::to_string(c.start_depth));
  }
  MoveList moves;
  for (int g = 0; g < c.games; ++g) {
    std::mt19937_64 rng(c.seed * 1'000'003 + static_cast<uint64_t>(g));
    Position pos(r);
    std::vector<std::string> played;
    for (int ply = 0; ply < c.plies; ++ply) {
      if (game_result(pos, moves).over) break;
      if (ply > 0 && ply % c.every == 0) {
        queries.push_back({played, c.depth});
        ours.push_back(divide(pos, c.depth, c.to_fsf));
        std::string w = "game " + std::to_string(g) + " after";
        for (const auto& m : played) w += " " + m;
        where.push_back(w);
      }
      Turn t = random_turn(pos, moves, rng);
      const std::string text = uci::uci_text(pos, t);
      played.push_back(c.to_fsf ? c.to_fsf(text) : text);
      Undo u;
      for (const Move& m : t.steps) pos.make(m, u);
    }
  }
  const std::string start = write_position(Position(r));
  const auto theirs = divides(variant, c.fen_to_fsf ? c.fen_to_fsf(start) : start, queries);
  for (size_t i = 0; i < queries.size(); ++i) {
    ++rep.positions;
    diff(where[i], ours[i], theirs[i], rep.differences);
  }
  return rep;
}

}  // namespace regula::test_support::fsf
