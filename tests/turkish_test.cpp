// Turkish draughts (rules/draughts/turkish.lua) against a move generator written
// here from the rule text, in a different shape from the engine's: a plain 8x8
// array, a recursive search that takes each captured piece off the array as it
// is jumped and puts it back on the way out, the most-pieces rule applied to
// the list of whole sequences, duplicates (same start, end and captured set)
// merged at the end. It shares no code with the engine, which compiles the
// script into rule tables and generates by them.
//
// Rule text (Wikipedia, "Turkish draughts"): men step one square forward or
// sideways and capture the same ways by jumping an adjacent enemy; kings move
// along ranks and files any distance and capture a piece at any distance,
// landing on any empty square beyond it; captured pieces are removed as they
// are jumped; capturing is compulsory and the most pieces must be taken, kings
// and men alike; no 180-degree turn between two jumps; a man is crowned at the
// end of the move when it ends on the last rank; a king against a lone man
// wins. The generator's own counts from the start are checked against those of
// the kish engine (docs.rs/kish, examples/perft.rs) to depth 6. From depth 7 on
// kish counts more (10,782,382 against 10,782,308) because it counts each path
// of a capture: a king taking two pieces on one line may land on either of two
// squares between them, one move here (docs/authoring.md, "Capture rules") and
// two there. This generator, its merging left out, gives kish's 10,782,382.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "notation/describe.h"
#include "script/loader.h"

namespace regula {
namespace {

enum Cell : uint8_t { kNone, kWhiteMan, kWhiteKing, kBlackMan, kBlackKing };

bool is_white(uint8_t c) {
  return c == kWhiteMan || c == kWhiteKing;
}
bool is_king(uint8_t c) {
  return c == kWhiteKing || c == kBlackKing;
}

struct Board {
  std::array<uint8_t, 64> cell{};  // index rank * 8 + file, a1 = 0
  bool white_to_move = true;
};

// One move: where it starts and ends, the cells it captures (sorted), and
// whether a man is crowned by it.
using Key = std::tuple<int, int, std::vector<int>, bool>;

struct Generator {
  Board b;  // changed during the search and restored
  std::vector<Key> found;
  std::vector<int> taken;
  bool merge = true;  // false: every path of a capture is a move of its own, as kish counts

  bool mine(uint8_t c) const { return c != kNone && is_white(c) == b.white_to_move; }
  bool theirs(uint8_t c) const { return c != kNone && is_white(c) != b.white_to_move; }
  static bool on_board(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8; }

  // The directions of a piece as (dx, dy), in the order east, north, west, south.
  std::vector<std::array<int, 2>> dirs(bool king) const {
    const int forward = b.white_to_move ? 1 : -1;
    if (king) return {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    return {{1, 0}, {0, forward}, {-1, 0}};
  }

  int last_rank() const { return b.white_to_move ? 7 : 0; }

  // Goes on capturing from (x, y) after a jump in direction last (or none).
  void capture_from(int from, int x, int y, bool king, std::array<int, 2> last) {
    bool more = false;
    for (auto d : dirs(king)) {
      if (!taken.empty() && d[0] == -last[0] && d[1] == -last[1]) continue;  // no 180-degree turn
      int cx = x + d[0], cy = y + d[1];
      if (king)
        while (on_board(cx, cy) && b.cell[cy * 8 + cx] == kNone) cx += d[0], cy += d[1];
      if (!on_board(cx, cy) || !theirs(b.cell[cy * 8 + cx])) continue;
      const int victim = cy * 8 + cx;
      for (int lx = cx + d[0], ly = cy + d[1]; on_board(lx, ly) && b.cell[ly * 8 + lx] == kNone;
           lx += d[0], ly += d[1]) {
        more = true;
        const uint8_t was = b.cell[victim];
        b.cell[victim] = kNone;  // removed as it is jumped
        taken.push_back(victim);
        capture_from(from, lx, ly, king, d);
        taken.pop_back();
        b.cell[victim] = was;
        if (!king) break;
      }
    }
    if (!more && !taken.empty()) {
      std::vector<int> set = taken;
      std::sort(set.begin(), set.end());
      found.emplace_back(from, y * 8 + x, set, !king && y == last_rank());
    }
  }

  std::vector<Key> moves() {
    found.clear();
    // A king against a lone man ends the game.
    int whites = 0, blacks = 0, kings = 0;
    for (uint8_t c : b.cell) {
      if (c == kNone) continue;
      (is_white(c) ? whites : blacks)++;
      kings += is_king(c);
    }
    if (whites == 1 && blacks == 1 && kings == 1) return {};
    for (int i = 0; i < 64; ++i) {
      if (!mine(b.cell[i])) continue;
      const uint8_t piece = b.cell[i];
      b.cell[i] = kNone;  // the capturing piece has left its square
      capture_from(i, i % 8, i / 8, is_king(piece), {0, 0});
      b.cell[i] = piece;
    }
    if (!found.empty()) {
      size_t most = 0;
      for (const Key& k : found) most = std::max(most, std::get<2>(k).size());
      std::vector<Key> best;
      for (const Key& k : found)
        if (std::get<2>(k).size() == most) best.push_back(k);
      if (!merge) return best;
      const std::set<Key> merged(best.begin(), best.end());
      return {merged.begin(), merged.end()};
    }
    std::vector<Key> out;
    for (int i = 0; i < 64; ++i) {
      if (!mine(b.cell[i])) continue;
      const bool king = is_king(b.cell[i]);
      for (auto d : dirs(king))
        for (int x = i % 8 + d[0], y = i / 8 + d[1]; on_board(x, y) && b.cell[y * 8 + x] == kNone;
             x += d[0], y += d[1]) {
          out.emplace_back(i, y * 8 + x, std::vector<int>{}, !king && y == last_rank());
          if (!king) break;
        }
    }
    return out;
  }
};

Board played(const Board& b, const Key& k) {
  Board n = b;
  uint8_t piece = n.cell[std::get<0>(k)];
  n.cell[std::get<0>(k)] = kNone;
  for (int t : std::get<2>(k)) n.cell[t] = kNone;
  if (std::get<3>(k)) piece = is_white(piece) ? kWhiteKing : kBlackKing;
  n.cell[std::get<1>(k)] = piece;
  n.white_to_move = !b.white_to_move;
  return n;
}

uint64_t count(const Board& b, int depth, bool merge = true) {
  Generator g{b, {}, {}, merge};
  const std::vector<Key> ms = g.moves();
  if (depth == 1) return ms.size();
  uint64_t n = 0;
  for (const Key& k : ms) n += count(played(b, k), depth - 1, merge);
  return n;
}

Board start() {
  Board b;
  for (int x = 0; x < 8; ++x) {
    b.cell[8 + x] = b.cell[16 + x] = kWhiteMan;
    b.cell[40 + x] = b.cell[48 + x] = kBlackMan;
  }
  return b;
}

// kish, examples/perft.rs: the counts from the start to depth 6.
constexpr uint64_t kPublished[] = {1, 8, 64, 708, 7538, 85090, 931312};

TEST(Turkish, TheGeneratorItselfGivesKishsCounts) {
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(count(start(), d), kPublished[d]) << "depth " << d;
}

// Kish's depth 7 counts each path of a capture; so does the generator when it
// does not merge them, and the engine (which does) counts 74 fewer.
TEST(Turkish, CountedPathByPathDepth7IsKishsCount) {
  EXPECT_EQ(count(start(), 7, false), 10782382u);
  auto rules = script::load_rules("draughts/turkish");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  EXPECT_EQ(perft(pos, 7), 10782308u);
}

TEST(Turkish, PerftFromTheStartMatchesTheGeneratorAndKish) {
  auto rules = script::load_rules("draughts/turkish");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  for (int d = 1; d <= 6; ++d) EXPECT_EQ(perft(pos, d), count(start(), d)) << "depth " << d;
}

int cell_of(const Ruleset& r, SiteId s) {
  const std::string name = r.topology.name(s);
  return (std::stoi(name.substr(1)) - 1) * 8 + (name[0] - 'a');
}

// The engine's position as the generator's board.
Board board_of(const Position& pos) {
  const Ruleset& r = pos.rules();
  Board b;
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    const PieceCode c = pos.at(s);
    if (!c) continue;
    const bool white = r.seats[piece_seat(c)].name == "white";
    const bool king = r.types[piece_type(c)].name == "king";
    b.cell[cell_of(r, s)] =
        white ? (king ? kWhiteKing : kWhiteMan) : (king ? kBlackKing : kBlackMan);
  }
  b.white_to_move = r.seats[pos.decider()].name == "white";
  return b;
}

// What the positions of the random games exercised.
struct Seen {
  int positions = 0;
  int king_captures = 0;      // captures by a king of two pieces or more
  int crossing_captures = 0;  // captures whose path crosses a site it took a piece from
};

// Whether a move's path (origin, landings, destination) crosses one of its
// captured sites between two landings: possible only where pieces leave at once.
bool crosses_taken(const Ruleset& r, const Move& m) {
  std::vector<int> stops{cell_of(r, m.from)};
  for (int i = 0; i < m.npath; ++i) stops.push_back(cell_of(r, m.path[i]));
  stops.push_back(cell_of(r, m.to));
  for (size_t i = 1; i < stops.size(); ++i) {
    const int a = stops[i - 1], b = stops[i];
    const int dx = (b % 8 > a % 8) - (b % 8 < a % 8), dy = (b / 8 > a / 8) - (b / 8 < a / 8);
    for (int c = a + dy * 8 + dx; c != b; c += dy * 8 + dx)
      for (int k = 0; k < m.ncap; ++k)
        if (k + 1 < static_cast<int>(i) && cell_of(r, m.cap[k]) == c) return true;
  }
  return false;
}

// Seeded random games in the engine; at every position the engine's legal
// moves and the generator's must be the same set.
Seen compare_random_games(int games) {
  auto rules = script::load_rules("draughts/turkish");
  EXPECT_TRUE(rules) << rules.error().text();
  if (!rules) return {};
  const Ruleset& r = **rules;
  std::mt19937 rng(1928);
  Seen seen;
  for (int g = 0; g < games; ++g) {
    Position pos(*rules);
    for (int ply = 0; ply < 200; ++ply) {
      // A draw by repetition ends the game: the generator knows nothing of it.
      const auto result = decided_result(pos);
      if (result && result->reason.find("repet") != std::string::npos) break;
      MoveList ml;
      legal_moves(pos, ml);
      std::set<Key> engine;
      for (const Move& m : ml) {
        std::vector<int> caps;
        for (int i = 0; i < m.ncap; ++i) caps.push_back(cell_of(r, m.cap[i]));
        std::sort(caps.begin(), caps.end());
        engine.insert({cell_of(r, m.from), cell_of(r, m.to), caps, m.promote >= 0});
        if (m.ncap >= 2 && r.types[piece_type(pos.at(m.from))].name == "king") ++seen.king_captures;
        if (crosses_taken(r, m)) ++seen.crossing_captures;
      }
      Generator gen{board_of(pos), {}, {}, true};
      const std::vector<Key> expected_list = gen.moves();
      const std::set<Key> expected(expected_list.begin(), expected_list.end());
      ++seen.positions;
      EXPECT_EQ(engine, expected) << "game " << g << " ply " << ply;
      EXPECT_EQ(engine.size(), static_cast<size_t>(ml.size())) << "game " << g << " ply " << ply;
      if (engine != expected || ml.size() == 0) break;
      const Move m = ml[static_cast<int>(rng() % ml.size())];
      Undo u;
      pos.make(m, u);
    }
  }
  return seen;
}

TEST(Turkish, RandomGamesListTheGeneratorsMoves) {
  const Seen seen = compare_random_games(300);
  EXPECT_GT(seen.positions, 10000);
  // The rules of the chains were exercised: kings taking several pieces, and
  // paths crossing the site of a piece they took.
  EXPECT_GT(seen.king_captures, 0);
  EXPECT_GT(seen.crossing_captures, 0);
}

}  // namespace
}  // namespace regula
