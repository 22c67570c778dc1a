// The mill games (rules/mill/): boards, perft and every legal turn of random games
// against an independent generator written here from the rules as the scripts'
// headers state them, hand-made positions with their exact turns, and every end.
//
// The generator shares no code with the engine: the board is the literal table
// below (links and lines copied out of the published board of the Morabaraba
// family: three rings, index 1..8 clockwise from the top-left corner, spokes at
// the side middles and, with diagonals, at the corners), and a turn is a plain
// struct applied to a copy of a plain array.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "notation/describe.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"

namespace regula {
namespace {

using test_support::Rules;
using Texts = std::set<std::string>;

// ---- the independent generator ------------------------------------------------

// Point names in the order of the table; each row: the point, its ring and
// spoke links, then after '|' the links that exist only with diagonals.
const char* const kAdjacency[24] = {
    "E1: E2 E8 | A1",    "E2: E1 E3 A2",    "E3: E2 E4 | A3",    "E4: E3 E5 A4",
    "E5: E4 E6 | A5",    "E6: E5 E7 A6",    "E7: E6 E8 | A7",    "E8: E7 E1 A8",
    "A1: A2 A8 | E1 R1", "A2: A1 A3 E2 R2", "A3: A2 A4 | E3 R3", "A4: A3 A5 E4 R4",
    "A5: A4 A6 | E5 R5", "A6: A5 A7 E6 R6", "A7: A6 A8 | E7 R7", "A8: A7 A1 E8 R8",
    "R1: R2 R8 | A1",    "R2: R1 R3 A2",    "R3: R2 R4 | A3",    "R4: R3 R5 A4",
    "R5: R4 R6 | A5",    "R6: R5 R7 A6",    "R7: R6 R8 | A7",    "R8: R7 R1 A8",
};
const char* const kLines[] = {
    "E1 E2 E3", "E3 E4 E5", "E5 E6 E7", "E7 E8 E1", "A1 A2 A3", "A3 A4 A5", "A5 A6 A7", "A7 A8 A1",
    "R1 R2 R3", "R3 R4 R5", "R5 R6 R7", "R7 R8 R1", "E2 A2 R2", "E4 A4 R4", "E6 A6 R6", "E8 A8 R8",
};
const char* const kDiagonalLines[] = {"E1 A1 R1", "E3 A3 R3", "E5 A5 R5", "E7 A7 R7"};

struct Board {
  std::vector<std::string> names;
  std::vector<std::vector<int>> adj;
  std::vector<std::array<int, 3>> lines;
  int index(const std::string& n) const {
    return static_cast<int>(std::find(names.begin(), names.end(), n) - names.begin());
  }
};

Board make_board(bool diagonals) {
  Board b;
  for (const char* row : kAdjacency) b.names.push_back(std::string(row).substr(0, 2));
  for (const char* row : kAdjacency) {
    std::istringstream in(std::string(row).substr(3));
    std::vector<int> links;
    std::string w;
    bool diag = false;
    while (in >> w) {
      if (w == "|") {
        diag = true;
      } else if (!diag || diagonals) {
        links.push_back(b.index(w));
      }
    }
    b.adj.push_back(links);
  }
  auto add = [&](const char* text) {
    std::istringstream in(text);
    std::string x, y, z;
    in >> x >> y >> z;
    b.lines.push_back({b.index(x), b.index(y), b.index(z)});
  };
  for (const char* l : kLines) add(l);
  if (diagonals)
    for (const char* l : kDiagonalLines) add(l);
  return b;
}

struct Reading {
  bool diagonals = true;
  int tokens = 12;
  bool optional = false;          // the mover may decline the removal
  bool fly_when_blocked = false;  // three tokens fly only when no step is left
  bool protect = false;           // tokens in lines are safe unless all are
  bool gift = false;              // full board after placement: each gives one away
  bool blocked_passes = true;     // else a blocked player loses
  bool full_draws = false;        // a full board at the start of a turn is a draw
  bool return_ban = false;        // no straight return that re-forms the broken line
  int target = 10;                // captures that win
  int three_turns = 0;            // 3 against 3: draw after this many turns (0: none)
  int quiet_turns = 0;            // turns without a capture: draw (0: none)
  int repetition = 0;             // same position this many times: draw (0: none)
};

// side: 0 white, 1 black; cell: -1 empty, else the side.
struct State {
  std::array<int, 24> cell;
  int side = 0;
  std::array<int, 2> hand{};
  std::array<int, 2> captured{};
  int gifts_due = 0;  // gifts still to give, by side then the other
  int passes = 0;
  int three = 0;  // turns played with three against three
  int quiet = 0;  // turns since a capture
  std::array<std::array<int, 2>, 2> ban{{{-1, -1}, {-1, -1}}};  // per side: from, to
  State() { cell.fill(-1); }
  int count(int s) const { return static_cast<int>(std::count(cell.begin(), cell.end(), s)); }
  bool operator<(const State& o) const {
    return std::tie(cell, side, hand, captured, ban) <
           std::tie(o.cell, o.side, o.hand, o.captured, o.ban);
  }
};

struct OTurn {
  int from = -1, to = -1, remove = -1;  // from -1: a placement; to -1: a pass or a gift
  bool gift = false;
};

struct Oracle {
  Board b;
  Reading rd;

  bool in_line(const State& s, int p) const {
    for (auto& l : b.lines)
      if ((l[0] == p || l[1] == p || l[2] == p) && s.cell[l[0]] == s.cell[p] &&
          s.cell[l[1]] == s.cell[p] && s.cell[l[2]] == s.cell[p])
        return true;
    return false;
  }

  // The steps (or with fly, the flights) of the side to move's tokens.
  std::vector<std::pair<int, int>> shifts(const State& s, bool fly) const {
    std::vector<std::pair<int, int>> moves;
    const int me = s.side;
    for (int p = 0; p < 24; ++p) {
      if (s.cell[p] != me) continue;
      for (int q = 0; q < 24; ++q) {
        if (s.cell[q] >= 0) continue;
        if (!fly && std::find(b.adj[p].begin(), b.adj[p].end(), q) == b.adj[p].end()) continue;
        if (rd.return_ban && s.ban[me][0] == p && s.ban[me][1] == q) {
          State t = s;
          t.cell[p] = -1;
          t.cell[q] = me;
          if (in_line(t, q)) continue;
        }
        moves.push_back({p, q});
      }
    }
    return moves;
  }

  std::vector<OTurn> turns(const State& s) const {
    std::vector<OTurn> out;
    const int me = s.side;
    if (s.gifts_due > 0) {
      for (int p = 0; p < 24; ++p)
        if (s.cell[p] == me) out.push_back({-1, -1, p, true});
      return out;
    }
    std::vector<std::pair<int, int>> moves;
    if (s.hand[me] > 0) {
      for (int p = 0; p < 24; ++p)
        if (s.cell[p] < 0) moves.push_back({-1, p});
    } else {
      moves = shifts(s, s.count(me) == 3);
      // Read the other way, three tokens fly only when no step is left.
      if (rd.fly_when_blocked && s.count(me) == 3) {
        moves = shifts(s, false);
        if (moves.empty()) moves = shifts(s, true);
      }
    }
    for (auto [from, to] : moves) {
      State t = s;
      if (from >= 0) t.cell[from] = -1;
      t.cell[to] = me;
      if (!in_line(t, to)) {
        out.push_back({from, to, -1});
        continue;
      }
      std::vector<int> victims, open;
      for (int p = 0; p < 24; ++p)
        if (t.cell[p] == 1 - me) {
          victims.push_back(p);
          if (!in_line(t, p)) open.push_back(p);
        }
      if (rd.protect && !open.empty()) victims = open;
      if (victims.empty() || rd.optional) out.push_back({from, to, -1});
      for (int v : victims) out.push_back({from, to, v});
    }
    if (out.empty() && rd.blocked_passes) out.push_back({});
    return out;
  }

  State apply(const State& s, const OTurn& t) const {
    State n = s;
    const int me = s.side;
    if (t.gift) {
      n.cell[t.remove] = -1;
      ++n.captured[1 - me];
      n.side = 1 - me;
      n.quiet = 0;
      if (--n.gifts_due == 0) n.side = 0;  // the gifts over, player 1 moves
      return n;
    }
    const bool pass = t.to < 0;
    n.passes = pass ? s.passes + 1 : 0;
    bool broke = false;
    if (!pass) {
      if (t.from >= 0) {
        broke = in_line(s, t.from);
        n.cell[t.from] = -1;
      } else {
        --n.hand[me];
      }
      n.cell[t.to] = me;
    }
    n.ban[me] = {-1, -1};
    if (rd.return_ban && broke && in_line(n, t.to)) n.ban[me] = {t.to, t.from};
    if (t.remove >= 0) {
      n.cell[t.remove] = -1;
      ++n.captured[me];
    }
    n.quiet = t.remove >= 0 ? 0 : s.quiet + 1;
    n.side = 1 - me;
    if (rd.gift && !pass && t.from < 0 && n.count(0) + n.count(1) == 24) {
      n.gifts_due = 2;
      n.side = 0;
    }
    const bool three = n.count(0) == 3 && n.count(1) == 3 && n.hand[0] == 0 && n.hand[1] == 0;
    n.three = three ? s.three + 1 : 0;
    return n;
  }

  // The result at the start of a turn: -1 none, 2 draw, else the winning side.
  int result(const State& s, const std::map<State, int>* seen) const {
    if (s.gifts_due > 0) return -1;
    for (int p = 0; p < 2; ++p)
      if (s.captured[p] >= rd.target) return p;
    if (rd.full_draws && s.count(0) + s.count(1) == 24) return 2;
    if (rd.blocked_passes && s.passes >= 2) return 2;
    if (rd.quiet_turns && s.quiet >= rd.quiet_turns) return 2;
    if (rd.repetition && seen) {
      auto it = seen->find(s);
      if (it != seen->end() && it->second >= rd.repetition) return 2;
    }
    if (rd.three_turns && s.three > rd.three_turns) return 2;
    if (!rd.blocked_passes && turns(s).empty()) return 1 - s.side;
    return -1;
  }

  std::string text(const OTurn& t) const {
    if (t.gift) return "x" + b.names[t.remove];
    if (t.to < 0) return "pass";
    std::string out = t.from >= 0 ? b.names[t.from] + "-" + b.names[t.to] : b.names[t.to];
    if (t.remove >= 0) out += "x" + b.names[t.remove];
    return out;
  }

  uint64_t perft(const State& s, int depth) const {
    if (result(s, nullptr) >= 0) return 0;
    std::vector<OTurn> ts = turns(s);
    if (depth == 1) return ts.size();
    uint64_t n = 0;
    for (const OTurn& t : ts) n += perft(apply(s, t), depth - 1);
    return n;
  }
};

Reading ishikulu_reading(bool optional, bool fly_when_blocked = false) {
  Reading rd;
  rd.optional = optional;
  rd.fly_when_blocked = fly_when_blocked;
  rd.gift = true;
  rd.three_turns = 60;
  return rd;
}

Reading morabaraba_reading(bool optional) {
  Reading rd;
  rd.optional = optional;
  rd.protect = true;
  rd.blocked_passes = false;
  rd.full_draws = true;
  rd.return_ban = true;
  rd.three_turns = 20;
  return rd;
}

Reading nine_mens_reading() {
  Reading rd;
  rd.diagonals = false;
  rd.tokens = 9;
  rd.protect = true;
  rd.blocked_passes = false;
  rd.target = 7;
  rd.repetition = 3;
  return rd;
}

State start(const Reading& rd) {
  State s;
  s.hand = {rd.tokens, rd.tokens};
  return s;
}

struct Case {
  std::string script;
  script::OptionList options;
  Reading reading;
};

std::vector<Case> cases() {
  return {
      {"mill/ishikulu", {}, ishikulu_reading(true)},
      {"mill/ishikulu", {{"removal", "compulsory"}}, ishikulu_reading(false)},
      {"mill/ishikulu", {{"flying", "when-blocked"}}, ishikulu_reading(true, true)},
      {"mill/ishikulu",
       {{"removal", "compulsory"}, {"flying", "when-blocked"}},
       ishikulu_reading(false, true)},
      {"mill/morabaraba", {}, morabaraba_reading(true)},
      {"mill/morabaraba", {{"removal", "compulsory"}}, morabaraba_reading(false)},
      {"mill/nine-mens-morris", {}, nine_mens_reading()},
  };
}

// A full board of twelve tokens each with no line of three, less one black token:
// black to place its last one.
State near_full(const Oracle& o, std::mt19937& rng) {
  for (;;) {
    State s;
    for (int p = 0; p < 24; ++p) s.cell[p] = p % 2;
    std::shuffle(s.cell.begin(), s.cell.end(), rng);
    bool any = false;
    for (int p = 0; p < 24 && !any; ++p) any = o.in_line(s, p);
    if (any) continue;
    for (int p = 0; p < 24; ++p)
      if (s.cell[p] == 1) {
        s.cell[p] = -1;
        break;
      }
    s.side = 1;
    s.hand = {0, 1};
    return s;
  }
}

std::string position_text(const Oracle& o, const Ruleset& r, const State& s) {
  std::string out;
  for (int p = 0; p < 24; ++p)
    if (s.cell[p] >= 0)
      out += (out.empty() ? "" : ",") + o.b.names[p] + ":" + r.types[0].symbol[s.cell[p]];
  out += s.side ? " black" : " white";
  for (int side = 0; side < 2; ++side)
    if (s.hand[side])
      out += std::string(" hand.") + (side ? "black" : "white") + "=" + r.types[0].name + ":" +
             std::to_string(s.hand[side]);
  return out;
}

Rules rules_of(const std::string& script, const script::OptionList& options = {}) {
  auto r = script::load_rules(script, options);
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

Texts engine_turns(Position& pos) {
  std::vector<Turn> ts;
  legal_turns(pos, ts);
  auto texts = turn_texts(pos, ts);
  Texts out(texts.begin(), texts.end());
  EXPECT_EQ(out.size(), texts.size()) << "two turns print the same";
  return out;
}

// ---- boards ----------------------------------------------------------------------

int links_of(const Topology& t) {
  int n = 0;
  for (SiteId s = 0; s < t.size(); ++s)
    for (DirId d = 0; d < 8; ++d) n += t.neighbor(s, d) != kNoSite;
  return n / 2;
}

TEST(Mill, BoardsHaveTheirPointsLinksAndLines) {
  struct Want {
    const char* script;
    int points, links, lines;
  };
  for (Want w : {Want{"mill/ishikulu", 24, 40, 20}, Want{"mill/morabaraba", 24, 40, 20},
                 Want{"mill/nine-mens-morris", 24, 32, 16}}) {
    Rules r = rules_of(w.script);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->topology.size(), w.points) << w.script;
    EXPECT_EQ(links_of(r->topology), w.links) << w.script;
    EXPECT_EQ(static_cast<int>(r->topology.lines().size()), w.lines) << w.script;
    // The same links as the table, point by point.
    Board b = make_board(w.links == 40);
    for (int p = 0; p < 24; ++p) {
      SiteId s = r->topology.find(b.names[p]);
      ASSERT_NE(s, kNoSite) << b.names[p];
      std::set<std::string> got, want;
      for (DirId d = 0; d < 8; ++d)
        if (SiteId n = r->topology.neighbor(s, d); n != kNoSite) got.insert(r->topology.name(n));
      for (int q : b.adj[p]) want.insert(b.names[q]);
      EXPECT_EQ(got, want) << w.script << " " << b.names[p];
    }
  }
}

// ---- perft and random games against the generator -----------------------------

TEST(Mill, PerftFromTheEmptyBoardMatchesTheGenerator) {
  for (const Case& c : cases()) {
    Rules r = rules_of(c.script, c.options);
    ASSERT_TRUE(r);
    Oracle o{make_board(c.reading.diagonals), c.reading};
    Position pos(r);
    for (int d = 1; d <= 5; ++d)
      EXPECT_EQ(perft(pos, d), o.perft(start(c.reading), d)) << c.script << " depth " << d;
  }
  // The numbers themselves, for the record: 24*23*22*21*20 placements, plus the
  // extra turns of the 20 (or 16) lines white can complete at ply 5, times the two
  // black tokens to remove (and a declined removal where it is optional).
  Position ish(rules_of("mill/ishikulu"));
  EXPECT_EQ(perft(ish, 5), 5201280u);
  Position ish_must(rules_of("mill/ishikulu", {{"removal", "compulsory"}}));
  EXPECT_EQ(perft(ish_must, 5), 5150880u);
  Position nmm(rules_of("mill/nine-mens-morris"));
  EXPECT_EQ(perft(nmm, 5), 5140800u);
}

Position at(const Rules& r, const std::string& text);

// Perft from positions of the moving phase where a player has three tokens: free to
// step, shut in, and three against three, under every reading (flying always and
// only when blocked among them).
TEST(Mill, PerftWithThreeTokensMatchesTheGenerator) {
  struct Cells {
    std::vector<const char*> white, black;
  };
  const Cells positions[] = {
      {{"E1", "A4", "R6"}, {"E5", "E7", "A1", "A2", "R2", "R3", "R4", "E3", "E4"}},
      {{"E1", "E2", "E3"}, {"E8", "A1", "A2", "A3", "E4"}},
      {{"E1", "A4", "R6"}, {"E5", "A8", "R2"}},
  };
  int compared = 0;
  for (const Case& c : cases()) {
    Rules r = rules_of(c.script, c.options);
    ASSERT_TRUE(r);
    Oracle o{make_board(c.reading.diagonals), c.reading};
    for (const Cells& cells : positions) {
      State s;
      for (const char* p : cells.white) s.cell[o.b.index(p)] = 0;
      for (const char* p : cells.black) s.cell[o.b.index(p)] = 1;
      auto pos = read_position(r, position_text(o, *r, s));
      ASSERT_TRUE(pos) << pos.error().text();
      EXPECT_EQ(perft(*pos, 3), o.perft(s, 3)) << c.script << " " << position_text(o, *r, s);
      ++compared;
    }
  }
  EXPECT_EQ(compared, 3 * 7);
  // The readings differ there: 3 x 12 flights, or the 7 steps.
  const std::string free = "E1:T,A4:T,R6:T,E5:t,E7:t,A1:t,A2:t,R2:t,R3:t,R4:t,E3:t,E4:t white";
  Position always = at(rules_of("mill/ishikulu"), free);
  Position blocked = at(rules_of("mill/ishikulu", {{"flying", "when-blocked"}}), free);
  EXPECT_EQ(perft(always, 1), 36u);
  EXPECT_EQ(perft(blocked, 1), 7u);
}

// Plays random games choosing among the generator's turns, and checks at every turn
// that the engine offers exactly the same turns, and at the end the same result.
TEST(Mill, EveryTurnOfRandomGamesMatchesTheGenerator) {
  int turns_checked = 0, games_ended = 0, removals = 0, gifts = 0, passes = 0, bans = 0;
  int declined = 0, three_stepping = 0;  // a line left without removal; three tokens that step
  std::map<std::string, int> reasons;
  for (const Case& c : cases()) {
    Rules r = rules_of(c.script, c.options);
    ASSERT_TRUE(r);
    Oracle o{make_board(c.reading.diagonals), c.reading};
    for (int g = 0; g < 50; ++g) {
      std::mt19937 rng(1000 * g + 7);
      State s = start(c.reading);
      Position pos(r);
      // The last ten games of the 12-token readings start one placement before a full
      // board, so that the gifts and the blocked players come up.
      if (g >= 40 && c.reading.tokens != 12) break;
      if (g >= 40) {
        s = near_full(o, rng);
        auto p = read_position(r, position_text(o, *r, s));
        ASSERT_TRUE(p) << p.error().text();
        pos = *p;
      }
      std::map<State, int> seen;
      for (int ply = 0; ply < 2000; ++ply) {
        ++seen[s];
        const int want = o.result(s, &seen);
        const Result got = game_result(pos);
        ASSERT_EQ(got.over, want >= 0) << c.script << " game " << g << " ply " << ply << ": "
                                       << write_position(pos) << " " << got.reason;
        if (want >= 0) {
          ++games_ended;
          ++reasons[got.reason];
          if (want == 2)
            EXPECT_TRUE(got.is_draw()) << got.reason;
          else
            EXPECT_EQ(got.outcome[want], Outcome::kWin) << got.reason;
          break;
        }
        std::vector<OTurn> ts = o.turns(s);
        Texts mine;
        for (const OTurn& t : ts) mine.insert(o.text(t));
        ASSERT_EQ(engine_turns(pos), mine)
            << c.script << " game " << g << " ply " << ply << ": " << write_position(pos);
        ++turns_checked;
        // The random player's weights count the same turns.
        MoveList first;
        legal_moves(pos, first);
        uint64_t weighted = 0;
        for (const Move& m : first) weighted += turns_after(pos, m);
        ASSERT_EQ(weighted, mine.size()) << write_position(pos);
        const OTurn t = ts[std::uniform_int_distribution<size_t>(0, ts.size() - 1)(rng)];
        removals += t.remove >= 0 && !t.gift;
        declined += c.reading.optional && t.remove < 0 && !t.gift && t.to >= 0 &&
                    std::any_of(ts.begin(), ts.end(), [&](const OTurn& u) {
                      return u.remove >= 0 && u.from == t.from && u.to == t.to;
                    });
        three_stepping += c.reading.fly_when_blocked && s.gifts_due == 0 && s.hand[s.side] == 0 &&
                          s.count(s.side) == 3 && !o.shifts(s, false).empty();
        gifts += t.gift;
        passes += t.to < 0 && !t.gift;
        bans += s.ban[s.side][0] >= 0;
        auto parsed = parse_turn(pos, o.text(t));
        ASSERT_TRUE(parsed) << o.text(t) << ": " << parsed.error().text();
        ASSERT_TRUE(parsed->complete) << o.text(t);
        std::vector<Undo> undos;
        make_turn(pos, parsed->turn, undos);
        s = o.apply(s, t);
      }
    }
  }
  // The games went where the rules are: removals, gifts, passes, return bans, ends.
  EXPECT_GT(turns_checked, 10000);
  EXPECT_GT(removals, 1000);
  EXPECT_GT(gifts, 0);
  EXPECT_GT(passes, 0);
  EXPECT_GT(bans, 0);
  EXPECT_GT(declined, 100);
  EXPECT_GT(three_stepping, 20);
  EXPECT_EQ(games_ended, 7 * 40 + 6 * 10);
  EXPECT_GE(reasons.size(), 3u);
}

// Boards of at most 64 points keep bit sets of each side's tokens and of each line;
// larger boards go site by site. Both ways must give the same moves, removals,
// weights and results: the same scripts with the bit sets turned off play the same.
TEST(Mill, BoardsWithoutBitSetsPlayTheSame) {
  int compared = 0, removals = 0;
  for (const Case& c : cases()) {
    Rules fast = rules_of(c.script, c.options);
    ASSERT_TRUE(fast);
    auto copy = std::make_shared<Ruleset>(*fast);
    copy->topology.disable_bit_sets();
    Rules slow = copy;
    ASSERT_TRUE(Position(fast).has_occupancy());
    ASSERT_FALSE(Position(slow).has_occupancy());
    Position a(fast), b(slow);
    EXPECT_EQ(perft(a, 4), perft(b, 4)) << c.script;
    for (int g = 0; g < 20; ++g) {
      std::mt19937_64 rng_a(g), rng_b(g);
      Position pa(fast), pb(slow);
      MoveList ma, mb;
      Turn ta, tb;
      for (int ply = 0; ply < 400; ++ply) {
        const Result ra = game_result(pa, ma), rb = game_result(pb, mb);
        ASSERT_EQ(ra.over, rb.over) << c.script << " game " << g << " ply " << ply;
        ASSERT_EQ(ra.reason, rb.reason);
        if (ra.over || ma.empty()) break;
        ASSERT_EQ(ma.size(), mb.size()) << write_position(pa);
        for (int i = 0; i < ma.size(); ++i) {
          ASSERT_TRUE(ma[i].same(mb[i])) << write_position(pa) << " move " << i;
          ASSERT_EQ(turns_after(pa, ma[i]), turns_after(pb, mb[i])) << write_position(pa);
        }
        ++compared;
        random_turn(pa, ma, rng_a, ta);
        random_turn(pb, mb, rng_b, tb);
        ASSERT_EQ(ta.steps.size(), tb.steps.size());
        removals += ta.steps.size() > 1;
        Undo u;
        for (size_t k = 0; k < ta.steps.size(); ++k) {
          ASSERT_TRUE(ta.steps[k].same(tb.steps[k])) << write_position(pa);
          pa.make(ta.steps[k], u);
          pb.make(tb.steps[k], u);
        }
        ASSERT_EQ(pa.hash(), pb.hash());
      }
    }
  }
  EXPECT_GT(compared, 5000);
  EXPECT_GT(removals, 500);
}

// ---- hand-made positions ------------------------------------------------------------

Position at(const Rules& r, const std::string& text) {
  auto p = read_position(r, text);
  EXPECT_TRUE(p) << text << ": " << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

Texts with_removal(const Texts& all) {
  Texts out;
  for (const std::string& t : all)
    if (t.find('x') != std::string::npos) out.insert(t);
  return out;
}

TEST(Mill, ADoubleLineRemovesOneToken) {
  // E3 completes E1-E2-E3 and the diagonal E3-A3-R3 at once.
  const std::string text =
      "E1:T,E2:T,A3:T,R3:T,A1:t,R8:t,E6:t,R5:t white hand.white=token:8 hand.black=token:8";
  Position pos = at(rules_of("mill/ishikulu", {{"removal", "compulsory"}}), text);
  Texts all = engine_turns(pos);
  EXPECT_EQ(all.size(), 19u);  // 16 empty points, E3 with one of 4 removals
  EXPECT_EQ(with_removal(all), (Texts{"E3xA1", "E3xE6", "E3xR5", "E3xR8"}));
  EXPECT_FALSE(all.count("E3"));
  // By default the removal may be declined: E3 alone is a turn too.
  Position may = at(rules_of("mill/ishikulu"), text);
  Texts may_turns = engine_turns(may);
  EXPECT_EQ(may_turns.size(), 20u);
  EXPECT_EQ(with_removal(may_turns), with_removal(all));
  EXPECT_TRUE(may_turns.count("E3"));
}

TEST(Mill, TheRandomPlayerDrawsWholeTurnsUniformly) {
  // 19 turns, four of them the same placement with different removals.
  Position pos = at(rules_of("mill/ishikulu", {{"removal", "compulsory"}}),
                    "E1:T,E2:T,A3:T,R3:T,A1:t,R8:t,E6:t,R5:t white hand.white=token:8 "
                    "hand.black=token:8");
  std::vector<Turn> all;
  legal_turns(pos, all);
  const std::vector<std::string> texts = turn_texts(pos, all);
  ASSERT_EQ(texts.size(), 19u);
  std::map<std::string, int> seen;
  std::mt19937_64 rng(5);
  MoveList first;
  legal_moves(pos, first);
  const int draws = 19 * 2000;
  for (int i = 0; i < draws; ++i) {
    const Turn t = random_turn(pos, first, rng);
    for (size_t k = 0; k < all.size(); ++k)
      if (all[k].steps.size() == t.steps.size() &&
          std::equal(t.steps.begin(), t.steps.end(), all[k].steps.begin(),
                     [](const Move& a, const Move& b) { return a.same(b); }))
        ++seen[texts[k]];
  }
  ASSERT_EQ(seen.size(), 19u);
  // Each turn 2000 times expected; the standard deviation is about 44.
  for (auto& [text, n] : seen) EXPECT_NEAR(n, 2000, 250) << text;
}

TEST(Mill, EveryEnemyTokenInALine) {
  // Black's tokens stand in two lines; white's E3 completes E1-E2-E3.
  const Texts six{"E3xE5", "E3xE6", "E3xE7", "E3xR1", "E3xR2", "E3xR3"};
  // Ishikulu protects nothing.
  Position ish = at(rules_of("mill/ishikulu"),
                    "E1:T,E2:T,A4:T,R7:T,R8:T,A6:T,E5:t,E6:t,E7:t,R1:t,R2:t,R3:t white "
                    "hand.white=token:6 hand.black=token:6");
  EXPECT_EQ(with_removal(engine_turns(ish)), six);
  // Morabaraba: all in lines, so all may be shot, or none (the shot is optional).
  Rules mora = rules_of("mill/morabaraba");
  const std::string cows = "E1:C,E2:C,A4:C,R7:C,E5:c,E6:c,E7:c,R1:c,R2:c,R3:c";
  Position m1 = at(mora, cows + ",R8:C,A6:C white hand.white=cow:6 hand.black=cow:6");
  Texts m1_turns = engine_turns(m1);
  EXPECT_EQ(with_removal(m1_turns), six);
  EXPECT_TRUE(m1_turns.count("E3"));
  // One black cow outside a line: it is the only one that may be shot.
  Position m2 = at(mora, cows + ",R8:C,A8:c white hand.white=cow:7 hand.black=cow:5");
  EXPECT_EQ(with_removal(engine_turns(m2)), (Texts{"E3xA8"}));
  Position m3 = at(rules_of("mill/morabaraba", {{"removal", "compulsory"}}),
                   cows + ",R8:C,A8:c white hand.white=cow:7 hand.black=cow:5");
  Texts m3_turns = engine_turns(m3);
  EXPECT_EQ(with_removal(m3_turns), (Texts{"E3xA8"}));
  EXPECT_FALSE(m3_turns.count("E3"));
}

TEST(Mill, ThreeTokensFly) {
  Rules r = rules_of("mill/ishikulu");
  // White has three tokens: any of them to any of the 12 empty points.
  Position pos = at(r, "E1:T,A4:T,R6:T,E5:t,E7:t,A1:t,A2:t,R2:t,R3:t,R4:t,E3:t,E4:t white");
  Texts all = engine_turns(pos);
  EXPECT_EQ(all.size(), 3u * 12u);
  EXPECT_TRUE(all.count("E1-R7"));
  EXPECT_TRUE(all.count("R6-E8"));
  // Black, with nine, steps along the links only.
  pos = at(r, "E1:T,A4:T,R6:T,E5:t,E7:t,A1:t,A2:t,R2:t,R3:t,R4:t,E3:t,E4:t black");
  Texts steps = engine_turns(pos);
  EXPECT_FALSE(steps.count("E7-R7"));
  EXPECT_TRUE(steps.count("E7-A7"));
}

TEST(Mill, ThreeTokensFlyOnlyWhenBlockedUnderThatReading) {
  Rules r = rules_of("mill/ishikulu", {{"flying", "when-blocked"}});
  // White's three tokens can step: they step, and fly nowhere.
  const std::string stepping = "E1:T,A4:T,R6:T,E5:t,E7:t,A1:t,A2:t,R2:t,R3:t,R4:t,E3:t,E4:t white";
  Position pos = at(r, stepping);
  EXPECT_EQ(engine_turns(pos),
            (Texts{"E1-E2", "E1-E8", "A4-A3", "A4-A5", "R6-R5", "R6-R7", "R6-A6"}));
  EXPECT_NE(write_position(pos).find(" phase=move"), std::string::npos) << write_position(pos);
  auto wrong = read_position(r, stepping + " phase=fly");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().what, "phase=fly does not match the position, whose phase is move");
  // Shut in on E1 E2 E3, they fly: each to any of the 16 empty points.
  const std::string shut = "E1:T,E2:T,E3:T,E8:t,A1:t,A2:t,A3:t,E4:t white";
  Position blocked = at(r, shut);
  Texts flights = engine_turns(blocked);
  EXPECT_EQ(flights.size(), 3u * 16u);
  EXPECT_TRUE(flights.count("E2-R6"));
  EXPECT_NE(write_position(blocked).find(" phase=fly"), std::string::npos);
  // The same positions under the default: flying always.
  Position always = at(rules_of("mill/ishikulu"), stepping);
  EXPECT_EQ(engine_turns(always).size(), 3u * 12u);
  Position always_shut = at(rules_of("mill/ishikulu"), shut);
  EXPECT_EQ(engine_turns(always_shut), flights);
  // A step that frees the shut-in tokens ends the flying: black opens E8, and white,
  // to move again, steps.
  auto g = Game::from_position(r, "E1:T,E2:T,E3:T,E8:t,A1:t,A2:t,A3:t,E4:t,R8:t black");
  ASSERT_TRUE(g) << g.error().text();
  ASSERT_TRUE(g->play_text("E8-E7"));
  Position after = g->position();
  EXPECT_EQ(engine_turns(after), (Texts{"E1-E8"}));
}

// The engine's phase that holds only when blocked, in a small script: a lone man
// walks, and flies only when no step is left.
const char* const kFlyWhenShutIn = R"(
return game {
  title = "fly when shut in",
  board = grid { width = 3, height = 3 },
  phases = { phase { name = "fly", when = "pieces == 1", only_when_blocked = true },
             phase { name = "walk" } },
  pieces = { piece { name = "man", symbol = "M",
                     moves = { step { dirs = "orthogonal", mode = "move", phase = "walk" },
                               anywhere { mode = "move", phase = "fly" } } } },
  setup = { white = { man = "a1" }, black = { man = "a2 b1 c3" } },
}
)";

TEST(Mill, APhaseMayHoldOnlyWhenTheSeatIsBlocked) {
  Rules r = test_support::load("fly_when_shut_in", kFlyWhenShutIn);
  ASSERT_TRUE(r);
  Position shut(r);
  EXPECT_EQ(current_phase(shut), 0);
  EXPECT_EQ(engine_turns(shut), (Texts{"a1a3", "a1b2", "a1b3", "a1c1", "a1c2"}));
  // Perft 2, counted by hand: after the flight to b2 black has 6 steps, after each of
  // the other four 7.
  EXPECT_EQ(perft(shut, 1), 5u);
  EXPECT_EQ(perft(shut, 2), 34u);
  // With a2 empty the man steps there, and only there.
  Position free = at(r, "2m/3/Mm1 white");
  EXPECT_EQ(current_phase(free), 1);
  EXPECT_EQ(engine_turns(free), (Texts{"a1a2"}));
  // Black, with two men, is never in the phase that holds at one.
  Position black = at(r, "2m/3/Mm1 black");
  EXPECT_EQ(current_phase(black), 1);
  // Describe says it.
  const std::vector<std::string> play = describe_rules(*r).play;
  EXPECT_NE(std::find(play.begin(), play.end(),
                      "phase fly: while pieces == 1, and only when the next phase gives no move"),
            play.end());
  // Whether a seat is blocked is read from its moves unjudged: not with check.
  std::string checked = kFlyWhenShutIn;
  checked.replace(checked.find("setup"), 0, "ends = { check = true },\n  ");
  checked.replace(checked.find("symbol = \"M\""), 0, "royal = true, ");
  auto e = test_support::load_error("fly_checked", checked);
  EXPECT_NE(e.text().find("only_when_blocked cannot be used in a game with check (ends.check)"),
            std::string::npos)
      << e.text();
}

// A full board of twelve each with no line of three, less black's token on E1.
const char* const kNearFull =
    "E2:T,E3:T,E4:t,E5:t,E6:T,E7:t,E8:T,A1:T,A2:t,A3:T,A4:t,A5:T,A6:T,A7:t,A8:t,R1:t,R2:T,"
    "R3:t,R4:T,R5:t,R6:t,R7:T,R8:T black hand.black=token:1";

TEST(Mill, AFullBoardMakesEachPlayerGiveATokenAway) {
  Rules r = rules_of("mill/ishikulu");
  auto game = Game::from_position(r, kNearFull);
  ASSERT_TRUE(game) << game.error().text();
  ASSERT_TRUE(game->play_text("E1"));
  // White gives one of its twelve tokens to black.
  Position pos = game->position();
  EXPECT_EQ(pos.to_move(), 0);
  Texts white_gifts = engine_turns(pos);
  EXPECT_EQ(white_gifts.size(), 12u);
  EXPECT_TRUE(white_gifts.count("xE2"));
  EXPECT_FALSE(white_gifts.count("xE1"));  // black's
  auto typed_wrong = game->play_text("E2-E1");
  EXPECT_FALSE(typed_wrong);
  ASSERT_TRUE(game->play_text("xE2"));
  // Then black gives one of its own to white.
  pos = game->position();
  EXPECT_EQ(pos.to_move(), 1);
  Texts black_gifts = engine_turns(pos);
  EXPECT_EQ(black_gifts.size(), 12u);
  EXPECT_TRUE(black_gifts.count("xE1"));
  ASSERT_TRUE(game->play_text("xR6"));
  // Each gift counts as captured by its receiver; white moves into the two holes.
  pos = game->position();
  EXPECT_EQ(pos.counter(0, kCaptured), 1);
  EXPECT_EQ(pos.counter(1, kCaptured), 1);
  EXPECT_EQ(pos.to_move(), 0);
  Texts moves = engine_turns(pos);
  for (const std::string& t : moves)
    EXPECT_TRUE(t.find("-E2") != std::string::npos || t.find("-R6") != std::string::npos) << t;
  EXPECT_TRUE(moves.count("E3-E2"));
  EXPECT_TRUE(moves.count("R7-R6xE4"));  // R6-A6-E6 is white's now
}

TEST(Mill, ABlockedPlayerPassesInIshikuluAndLosesInMorabaraba) {
  // White's four tokens have no empty neighbour.
  const std::string stuck = "E1:T,E2:T,E3:T,E8:T,A1:t,A2:t,A3:t,E4:t,E7:t,A8:t";
  Position p = at(rules_of("mill/ishikulu"), stuck + " white");
  EXPECT_EQ(engine_turns(p), (Texts{"pass"}));
  Position m =
      at(rules_of("mill/morabaraba"), "E1:C,E2:C,E3:C,E8:C,A1:c,A2:c,A3:c,E4:c,E7:c,A8:c white");
  Result res = game_result(m);
  ASSERT_TRUE(res.over);
  EXPECT_EQ(res.outcome[1], Outcome::kWin);
  EXPECT_EQ(res.reason, "no legal move");
}

TEST(Mill, MorabarabaForbidsGoingStraightBackToReformTheBrokenLine) {
  Rules r = rules_of("mill/morabaraba");
  auto game = Game::from_position(r, "E5:C,E6:C,E7:C,A5:C,A7:C,R1:c,R3:c,E2:c,A2:c,R5:c white");
  ASSERT_TRUE(game) << game.error().text();
  // E6-A6 breaks E5-E6-E7 and makes A5-A6-A7.
  ASSERT_TRUE(game->play_text("E6-A6xR1"));
  ASSERT_TRUE(game->play_text("E2-E1"));
  Position pos = game->position();
  Texts turns = engine_turns(pos);
  EXPECT_FALSE(turns.count("A6-E6"));
  EXPECT_FALSE(turns.count("A6-E6xR3"));
  EXPECT_TRUE(turns.count("A5-A4"));
  EXPECT_TRUE(turns.count("A6-R6"));  // the cow itself may go elsewhere
  auto refused = game->play_text("A6-E6");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().what.find("may not go straight back to E6"), std::string::npos)
      << refused.error().what;
  // The ban is part of the position and its string.
  EXPECT_NE(write_position(pos).find("return_ban=white:A6-E6"), std::string::npos);
  // One turn later it has lapsed.
  ASSERT_TRUE(game->play_text("A7-A8"));
  ASSERT_TRUE(game->play_text("E1-E2"));
  ASSERT_TRUE(game->play_text("A8-A7"));
  ASSERT_TRUE(game->play_text("E2-E1"));
  pos = game->position();
  EXPECT_TRUE(engine_turns(pos).count("A6-E6xR3"));
  // Under Ishikulu the same return is allowed at once.
  auto ish = Game::from_position(rules_of("mill/ishikulu"),
                                 "E5:T,E6:T,E7:T,A5:T,A7:T,R1:t,R3:t,E2:t,A2:t,R5:t white");
  ASSERT_TRUE(ish);
  ASSERT_TRUE(ish->play_text("E6-A6xR1"));
  ASSERT_TRUE(ish->play_text("E2-E1"));
  Position ip = ish->position();
  EXPECT_TRUE(engine_turns(ip).count("A6-E6xR3"));
}

// ---- ends, each by a scripted sequence ---------------------------------------------

void expect_end(Game& g, int winner, const std::string& reason) {
  const Result& res = g.result();
  ASSERT_TRUE(res.over) << write_position(g.position());
  if (winner < 0)
    EXPECT_TRUE(res.is_draw());
  else
    EXPECT_EQ(res.outcome[winner], Outcome::kWin);
  EXPECT_EQ(res.reason, reason);
}

TEST(Mill, TenCapturesWin) {
  auto g = Game::from_position(rules_of("mill/ishikulu"),
                               "E1:T,E2:T,E4:T,R6:T,A1:t,A2:t,R1:t white captured=9,0");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->play_text("E4-E3xA1"));
  expect_end(*g, 0, "captured 10 pieces");
}

TEST(Mill, BothBlockedIsADraw) {
  // A full board in the moving phase: neither side can move, both pass.
  std::string full = std::string(kNearFull).substr(0, std::string(kNearFull).find(' '));
  auto g = Game::from_position(rules_of("mill/ishikulu"), "E1:t," + full + " white");
  ASSERT_TRUE(g) << g.error().text();
  ASSERT_TRUE(g->play_text("pass"));
  EXPECT_FALSE(g->result().over);
  ASSERT_TRUE(g->play_text("pass"));
  expect_end(*g, -1, "2 passes in a row");
}

// Shuffles two flying tokens back and forth, forming no line, for n turns.
void shuffle_turns(Game& g, int from, int n) {
  const char* cycle[] = {"E1-E2", "E5-E6", "E2-E1", "E6-E5"};
  for (int i = from; i < from + n && !g.result().over; ++i)
    ASSERT_TRUE(g.play_text(cycle[i % 4])) << i;
}

TEST(Mill, ThreeAgainstThreeDrawsAfterSixtyTurnsInIshikulu) {
  // Right after the capture that left three against three.
  auto g = Game::from_position(rules_of("mill/ishikulu"),
                               "E1:T,A4:T,R6:T,E5:t,A8:t,R2:t white captured=9,9 material_plies=1");
  ASSERT_TRUE(g) << g.error().text();
  shuffle_turns(*g, 0, 59);
  EXPECT_FALSE(g->result().over);
  shuffle_turns(*g, 59, 1);
  expect_end(*g, -1, "at most 3 pieces of equal value each and no win in 60 moves");
}

TEST(Mill, ThreeAgainstThreeDrawsAfterTwentyTurnsInMorabaraba) {
  auto g = Game::from_position(rules_of("mill/morabaraba"),
                               "E1:C,A4:C,R6:C,E5:c,A8:c,R2:c white captured=9,9 material_plies=1");
  ASSERT_TRUE(g) << g.error().text();
  shuffle_turns(*g, 0, 19);
  EXPECT_FALSE(g->result().over);
  shuffle_turns(*g, 19, 1);
  expect_end(*g, -1, "at most 3 pieces of equal value each and no win in 20 moves");
}

TEST(Mill, AFullBoardIsADrawInMorabaraba) {
  std::string text = kNearFull;
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"T", "C"}, {"t", "c"}, {"token", "cow"}})
    for (size_t i = 0; (i = text.find(":" + from, i)) != std::string::npos; i += to.size())
      text.replace(i + 1, from.size(), to);
  text.replace(text.find("=token"), 6, "=cow");
  auto g = Game::from_position(rules_of("mill/morabaraba"), text);
  ASSERT_TRUE(g) << g.error().text();
  ASSERT_TRUE(g->play_text("E1"));
  expect_end(*g, -1, "the board is full");
}

TEST(Mill, ReducedToTwoOrBlockedLosesInNineMensMorris) {
  Rules r = rules_of("mill/nine-mens-morris");
  auto g = Game::from_position(r, "E1:T,E2:T,E4:T,R6:T,A1:t,A2:t,R1:t white captured=6,0");
  ASSERT_TRUE(g) << g.error().text();
  ASSERT_TRUE(g->play_text("E4-E3xA1"));
  expect_end(*g, 0, "captured 7 pieces");
  // Black's move shuts white's last free token in.
  auto b = Game::from_position(r, "E1:T,E2:T,E3:T,A2:T,A1:t,A3:t,R2:t,E4:t,E7:t black");
  ASSERT_TRUE(b) << b.error().text();
  ASSERT_TRUE(b->play_text("E7-E8"));
  expect_end(*b, 1, "no legal move");
}

TEST(Mill, RepetitionDrawsInNineMensMorris) {
  auto g = Game::from_position(rules_of("mill/nine-mens-morris"),
                               "E1:T,A4:T,R6:T,R7:T,E5:t,A8:t,R2:t,R3:t white");
  ASSERT_TRUE(g) << g.error().text();
  const char* cycle[] = {"E1-E2", "E5-E6", "E2-E1", "E6-E5"};
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(g->play_text(cycle[i % 4])) << i;
  EXPECT_FALSE(g->result().over);
  ASSERT_TRUE(g->play_text(cycle[7 % 4]));
  expect_end(*g, -1, "3-fold repetition");
}

// ---- notation and bad input -------------------------------------------------------

TEST(Mill, PositionStringsCarryHandsPhaseAndCounters) {
  Rules r = rules_of("mill/ishikulu");
  auto g = Game::from_position(r, "E1:T,E2:T,A1:t white hand.white=token:9 hand.black=token:10");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->play_text("E3xA1"));
  const std::string text = write_position(g->position());
  EXPECT_EQ(text,
            "E1:T,E2:T,E3:T black hand.white=token:8 hand.black=token:10 captured=1,0 ply=1 "
            "phase=place");
  auto back = read_position(r, text);
  ASSERT_TRUE(back);
  EXPECT_EQ(write_position(*back), text);
  EXPECT_TRUE(*back == g->position());
  // A phase that contradicts the hands, and more tokens than the game deals.
  auto wrong = read_position(r, "E1:T white hand.white=token:8 phase=move");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().what, "phase=move does not match the position, whose phase is place");
  auto many = read_position(r, "E1:T,E2:T,E3:T white hand.white=token:10");
  ASSERT_FALSE(many);
  EXPECT_EQ(many.error().what,
            "white has 13 pieces on the board and in hand; the game gives it 12");
}

TEST(Mill, ARemovalTypedWhereNoneIsDueIsRefused) {
  auto g = Game::from_position(rules_of("mill/ishikulu", {{"removal", "compulsory"}}),
                               "E5:T,E6:T,E7:T,A5:T,A7:T,R1:t,R3:t,E2:t,A2:t,R5:t white");
  ASSERT_TRUE(g);
  auto gift = g->play_text("xA5");
  ASSERT_FALSE(gift);
  EXPECT_NE(gift.error().what.find("no legal move xA5"), std::string::npos) << gift.error().what;
  auto extra = g->play_text("E5-E4xR1");
  ASSERT_FALSE(extra);
  EXPECT_NE(extra.error().what.find("no legal move E5-E4xR1"), std::string::npos)
      << extra.error().what;
  // A line formed without naming the removal leaves the turn open.
  auto open = g->play_text("E6-A6");
  ASSERT_TRUE(open);
  EXPECT_TRUE(g->position().in_turn());
  EXPECT_FALSE(g->play_text("xA5"));  // one's own token
  EXPECT_TRUE(g->play_text("xR3"));
  // By default the removal may be declined: the line alone is the whole turn.
  auto may = Game::from_position(rules_of("mill/ishikulu"),
                                 "E5:T,E6:T,E7:T,A5:T,A7:T,R1:t,R3:t,E2:t,A2:t,R5:t white");
  ASSERT_TRUE(may);
  ASSERT_TRUE(may->play_text("E6-A6"));
  EXPECT_FALSE(may->position().in_turn());
  EXPECT_EQ(may->position().to_move(), 1);
  EXPECT_EQ(may->position().counter(0, kCaptured), 0);
  const Position& declined = may->position();
  EXPECT_NE(declined.at(declined.rules().topology.find("R3")), kEmpty);  // still there
}

TEST(Mill, APlacementTypedWithALeadingCaptureMarkIsRefused) {
  Game g(rules_of("mill/nine-mens-morris"));
  for (const std::string text : {"xA1", "xxA1", "xa1"}) {
    auto placed = g.play_text(text);
    ASSERT_FALSE(placed) << text;
    EXPECT_EQ(placed.error().what.rfind("no legal move " + text + "; legal moves: E1 E2", 0), 0u)
        << placed.error().what;
  }
  EXPECT_TRUE(g.history().empty());
  EXPECT_TRUE(g.play_text("A1"));
}

TEST(Mill, BoardsNamingUnknownPointsAreRefused) {
  auto e1 = test_support::load_error("bad_line", R"(
    return game { title = "t",
      board = points { points = { { "a", 0, 0 }, { "b", 1, 0 }, { "c", 2, 0 } },
                       links = { { "a", "b" }, { "b", "c" } }, lines = { "a b d" } },
      pieces = { piece { name = "m", symbol = "M", moves = { step { dirs = "all" } } } } })");
  EXPECT_NE(e1.what.find("no site named 'd'"), std::string::npos) << e1.text();
  auto e2 = test_support::load_error("bad_link", R"(
    return game { title = "t",
      board = points { points = { { "a", 0, 0 }, { "b", 1, 0 } }, links = { { "a", "z" } } },
      pieces = { piece { name = "m", symbol = "M", moves = { step { dirs = "all" } } } } })");
  EXPECT_NE(e2.what.find("'z'"), std::string::npos) << e2.text();
  EXPECT_NE(e2.where.find("bad_link.lua:"), std::string::npos) << e2.text();
}

}  // namespace
}  // namespace regula
