// Jetan readings: piece geometry on an empty board, hand-made positions where the
// readings differ, every end condition, the stakes ledger and the options.
// Square lists come from the rule texts (Burroughs' Appendix, Smith's options) and were
// written out by hand.
#include <gtest/gtest.h>

#include "core/game_end.h"
#include "jetan_support.h"
#include "notation/position_string.h"

namespace regula {
namespace {

using namespace jetan_test;

const char* const kScripts[] = {"burroughs", "burroughs-appendix", "cazaux", "cazaux-continue",
                                "smith"};

std::set<std::string> alone(const std::string& script, const std::string& type,
                            const script::OptionList& options = {},
                            const std::string& seat = "black", const std::string& site = "e5") {
  auto rules = load(script, options);
  Position pos = build(rules, {{seat, type, site, true}}, seat);
  return dests(pos, site);
}

TEST(JetanGeometry, EmptyBoardFromE5) {
  const auto panthan = words("d5 f5 d6 e6 f6");
  const auto thoat = words("c4 c6 d3 d5 d7 e4 e6 f3 f5 f7 g4 g6");
  const auto warrior = words("c5 d4 d6 e3 e7 f4 f6 g5");
  const auto padwar = words("c3 c5 c7 e3 e7 g3 g5 g7");
  const auto dwar = words("b5 c4 c6 d3 d5 d7 e2 e4 e6 e8 f3 f5 f7 g4 g6 h5");
  const auto flier = words("b2 b4 b6 b8 d2 d4 d6 d8 f2 f4 f6 f8 h2 h4 h6 h8");
  const auto king = box("e5", 3);  // the whole 7x7 square but its centre
  ASSERT_EQ(king.size(), 48u);
  for (const char* s : kScripts) {
    SCOPED_TRACE(s);
    EXPECT_EQ(alone(s, "panthan"), panthan);
    EXPECT_EQ(alone(s, "thoat"), thoat);
    EXPECT_EQ(alone(s, "warrior"), warrior);
    EXPECT_EQ(alone(s, "padwar"), padwar);
    EXPECT_EQ(alone(s, "dwar"), dwar);
    EXPECT_EQ(alone(s, "flier"), flier);
    EXPECT_EQ(alone(s, "chief"), king);
    EXPECT_EQ(alone(s, "princess"), king);
  }
  // Orange faces south: its Panthan's forward is down the board.
  EXPECT_EQ(alone("cazaux", "panthan", {}, "orange"), words("d5 f5 d4 e4 f4"));
  // A Princess with her escape still unused may also go to any other square.
  auto rules = load("cazaux");
  Position pos = build(rules, {{"black", "princess", "e5"}});
  auto d = dests(pos, "e5");
  EXPECT_EQ(d.size(), 48u + 99u);
  EXPECT_TRUE(d.count("e6") && d.count("e6 escape") && d.count("a1 escape") && !d.count("a1"));
}

TEST(JetanGeometry, SmithOptions) {
  const script::OptionList free = {{"steps", "free"}};
  EXPECT_EQ(alone("smith", "warrior", free), words("c5 d4 d5 d6 e3 e4 e6 e7 f4 f5 f6 g5"));
  EXPECT_EQ(alone("smith", "padwar", free), words("c3 c5 c7 d4 d6 e3 e7 f4 f6 g3 g5 g7"));
  EXPECT_EQ(alone("smith", "dwar", free),
            words("b5 c4 c5 c6 d3 d4 d5 d6 d7 e2 e3 e4 e6 e7 e8 f3 f4 f5 f6 f7 g4 g5 g6 h5"));
  EXPECT_EQ(alone("smith", "flier", free),
            words("b2 b4 b6 b8 c3 c5 c7 d2 d4 d6 d8 e3 e7 f2 f4 f6 f8 g3 g5 g7 h2 h4 h6 h8"));
  EXPECT_EQ(alone("smith", "chief", free), box("e5", 3));
  EXPECT_EQ(alone("smith", "princess", free), box("e5", 3));
  EXPECT_EQ(alone("smith", "thoat", free), words("c4 c6 d3 d5 d7 e4 e6 f3 f5 f7 g4 g6"));
  EXPECT_EQ(alone("smith", "panthan", {{"panthan", "7"}}), words("d4 d5 d6 e6 f4 f5 f6"));
  EXPECT_EQ(alone("smith", "flier", {{"flier", "blocked"}}),
            words("b2 b4 b6 b8 d2 d4 d6 d8 f2 f4 f6 f8 h2 h4 h6 h8"));
}

// ---- positions where the readings differ --------------------------------------

struct Expectation {
  const char* script;
  script::OptionList options;
  std::set<std::string> dests;
};

void check(const std::vector<Placement>& pieces, const std::string& from,
           const std::vector<Expectation>& expectations) {
  for (const auto& e : expectations) {
    auto rules = load(e.script, e.options);
    Position pos = build(rules, pieces);
    std::string name = e.script;
    for (auto& [k, v] : e.options) name += " " + k + "=" + v;
    EXPECT_EQ(dests(pos, from), e.dests) << name;
  }
}

TEST(JetanPositions, DwarWithOneOpenPath) {
  // Own Panthans on three of the Dwar's neighbours and on f4: every path starts
  // e5-f5, and f7 is reached only by f5 f6.
  std::vector<Placement> p = {{"black", "dwar", "e5"},    {"black", "panthan", "e6"},
                              {"black", "panthan", "d5"}, {"black", "panthan", "e4"},
                              {"black", "panthan", "f4"}, {"orange", "chief", "j10"}};
  const auto exact = words("f7 g6 h5 g4");
  std::vector<Expectation> e;
  for (const char* s : kScripts) e.push_back({s, {}, exact});
  e.push_back({"smith", {{"steps", "free"}}, words("f5 f6 g5 f7 g6 h5 g4")});
  check(p, "e5", e);
  // Closing f6 leaves f7 with no open path.
  p.push_back({"black", "panthan", "f6"});
  check(p, "e5", {{"cazaux", {}, words("h5 g6 g4")}});
}

TEST(JetanPositions, ThoatOverPieces) {
  // Own pieces on three of the Thoat's orthogonal neighbours: the jumping Thoat
  // ignores them; the Appendix Thoat must take its straight step first, to e4.
  std::vector<Placement> p = {{"black", "thoat", "e5"},
                              {"black", "panthan", "e6"},
                              {"black", "panthan", "d5"},
                              {"black", "panthan", "f5"},
                              {"orange", "panthan", "e4"}};
  const auto jumping = words("c4 c6 d3 d7 f3 f7 g4 g6 e4");
  check(p, "e5",
        {{"burroughs", {}, jumping},
         {"cazaux", {}, jumping},
         {"cazaux-continue", {}, jumping},
         {"smith", {}, jumping},
         // e4 holds an enemy: the Appendix Thoat may capture it only as a destination
         // (via d5 or f5, both occupied), and cannot pass through it.
         {"burroughs-appendix", {}, {}}});
  p.back().seat = "black";
  p.back().type = "warrior";
  p.push_back({"black", "panthan", "e2"});
  p[4] = {"black", "panthan", "c9"};  // e4 now empty
  check(p, "e5",
        {{"burroughs", {}, words("c4 c6 d3 d7 f3 f7 g4 g6 e4")},
         {"burroughs-appendix", {}, words("d3 f3")}});
}

TEST(JetanPositions, PrincessNextToThreatenedSquares) {
  // The Orange Warrior on e8 could capture on e6, d7, f7, c8 and g8.
  std::vector<Placement> p = {{"black", "princess", "e5", true}, {"orange", "warrior", "e8"}};
  const auto timid = box("e5", 3, "e6 d7 f7 c8 g8 e8");
  ASSERT_EQ(timid.size(), 42u);
  check(p, "e5",
        {{"burroughs", {}, timid},
         {"burroughs-appendix", {}, timid},
         {"smith", {}, timid},
         {"cazaux", {}, box("e5", 3)},
         {"cazaux-continue", {}, box("e5", 3)}});
}

TEST(JetanPositions, FrightenedPrincessMayNotPassThreats) {
  // Princess a1. The Orange Padwars on c5 and d4 could capture on a3 and b2, the
  // Warrior on d3 on b3; nothing threatens a2 or a4. Her three king steps to a4 pass
  // a2 or b2 and then a3 or b3: brave, she goes; frightened, every path passes a
  // threatened square.
  std::vector<Placement> p = {{"black", "princess", "a1", true},
                              {"orange", "padwar", "c5"},
                              {"orange", "padwar", "d4"},
                              {"orange", "warrior", "d3"}};
  auto rules = load("smith");
  Position pos = build(rules, p);
  auto brave = dests(pos, "a1");
  auto rules_f = load("smith", {{"princess", "frightened"}});
  Position pos_f = build(rules_f, p);
  auto frightened = dests(pos_f, "a1");
  EXPECT_TRUE(brave.count("a4"));
  EXPECT_FALSE(frightened.count("a4"));
  for (const auto& d : frightened) EXPECT_TRUE(brave.count(d)) << d;
  brute::Reading rd;
  rd.frightened = true;
  std::set<std::string> ref;
  for (const auto& m : brute::moves(brute::from_position(pos_f), rd))
    if (brute::name(m.from) == "a1") ref.insert(brute::name(m.to));
  EXPECT_EQ(frightened, ref);
}

TEST(JetanPositions, Escape) {
  std::vector<Placement> p = {{"black", "princess", "e5"}, {"orange", "warrior", "e8"}};
  auto escapes = [](const std::set<std::string>& d) {
    std::set<std::string> out;
    for (auto& x : d)
      if (x.size() > 7 && x.substr(x.size() - 7) == " escape")
        out.insert(x.substr(0, x.size() - 7));
    return out;
  };
  std::set<std::string> all_empty;
  for (char f = 'a'; f <= 'j'; ++f)
    for (int r = 1; r <= 10; ++r) all_empty.insert(std::string(1, f) + std::to_string(r));
  all_empty.erase("e5");
  all_empty.erase("e8");
  auto unthreatened = all_empty;
  for (auto& s : words("e10 e6 c8 g8 d9 f9 d7 f7")) unthreatened.erase(s);
  for (const char* s : kScripts) {
    auto rules = load(s);
    Position pos = build(rules, p);
    auto d = dests(pos, "e5");
    bool bold = std::string(s).rfind("cazaux", 0) == 0;
    EXPECT_EQ(escapes(d), bold ? all_empty : unthreatened) << s;
    // The escape and a normal move to the same square are two moves.
    EXPECT_TRUE(d.count("e2") && d.count("e2 escape")) << s;
    // Spending it sets the flag on the Princess; she escapes only once.
    MoveList ml;
    legal_moves(pos, ml);
    for (const Move& m : ml)
      if (move_text(pos, m) == "e5-a1 escape") {
        Undo u;
        pos.make(m, u);
        break;
      }
    EXPECT_TRUE(pos.flags(sq(pos, "a1")) & escape_flag(*rules)) << s;
    pos.set_to_move(seat_of(*rules, "black"));
    EXPECT_TRUE(escapes(dests(pos, "a1")).empty()) << s;
  }
}

TEST(JetanPositions, PrincessCapture) {
  std::vector<Placement> p = {{"black", "princess", "e5", true},
                              {"orange", "princess", "e7", true},
                              {"orange", "panthan", "f6"}};
  // Under Burroughs she may capture nothing. The Orange Princess threatens nothing;
  // the Orange Panthan on f6 (moving south) could capture on e6, g6, f5 and g5.
  check(p, "e5",
        {{"burroughs", {}, box("e5", 3, "e7 f6 e6 g6 f5 g5")},
         {"burroughs-appendix", {}, box("e5", 3, "e7 f6 e6 g6 f5 g5")},
         {"smith", {}, box("e5", 3, "e7 f6 e6 g6 f5 g5")},
         {"cazaux", {}, box("e5", 3)},
         {"cazaux-continue", {}, box("e5", 3)}});
}

// ---- end conditions ------------------------------------------------------------

Move find_move(Position& pos, const std::string& text) {
  MoveList ml;
  legal_moves(pos, ml);
  for (const Move& m : ml)
    if (move_text(pos, m) == text) return m;
  ADD_FAILURE() << "no legal move " << text;
  return Move::pass();
}

void play(Position& pos, const std::vector<std::string>& moves) {
  for (const auto& t : moves) {
    Move m = find_move(pos, t);
    Undo u;
    pos.make(m, u);
  }
}

TEST(JetanEnds, ScriptedResults) {
  struct Scenario {
    const char* name;
    std::vector<Placement> pieces;
    std::vector<std::string> moves;
  };
  // Black Warrior takes the Orange Princess.
  Scenario princess{"princess",
                    {{"black", "chief", "a1"},
                     {"black", "princess", "j1", true},
                     {"black", "warrior", "e4"},
                     {"orange", "chief", "a10"},
                     {"orange", "princess", "e8", true},
                     {"orange", "panthan", "h7"}},
                    {"e4-e6", "h7-h6", "e6-e8"}};
  for (const char* s : kScripts) {
    auto rules = load(s);
    Position pos = build(rules, princess.pieces);
    play(pos, {princess.moves[0], princess.moves[1]});
    EXPECT_FALSE(game_result(pos).over);
    play(pos, {princess.moves[2]});
    Result r = game_result(pos);
    EXPECT_TRUE(r.over) << s;
    EXPECT_EQ(r.score(), "1-0") << s;
    EXPECT_EQ(r.reason, "Princess captured") << s;
    MoveList ml;
    legal_moves(pos, ml);
    EXPECT_TRUE(ml.empty()) << s;
  }
  // Chief takes Chief; and a Chief taken by a Dwar.
  std::vector<Placement> chiefs = {
      {"black", "chief", "e4"},  {"black", "princess", "j1", true},   {"black", "dwar", "a4"},
      {"orange", "chief", "e7"}, {"orange", "princess", "a10", true}, {"orange", "dwar", "h1"}};
  for (const char* s : kScripts) {
    auto rules = load(s);
    Position pos = build(rules, chiefs);
    play(pos, {"e4-e7"});
    Result r = game_result(pos);
    EXPECT_TRUE(r.over) << s;
    EXPECT_EQ(r.score(), "1-0") << s;
    EXPECT_EQ(r.reason, "Chief takes Chief") << s;

    Position pos2 = build(rules, chiefs, "orange");
    play(pos2, {"h1-e1"});  // nothing yet
    play(pos2, {"a4-a1"});
    play(pos2, {"e1-e4"});  // the Orange Dwar takes the Black Chief
    Result r2 = game_result(pos2);
    if (std::string(s) == "cazaux-continue") {
      EXPECT_FALSE(r2.over) << s;
      EXPECT_EQ(pos2.count(make_piece(rules->type_index("chief"), 0)), 0);
      // Play goes on; only a Princess capture can decide it now.
      MoveList ml;
      legal_moves(pos2, ml);
      EXPECT_FALSE(ml.empty());
    } else {
      EXPECT_TRUE(r2.is_draw()) << s;
      EXPECT_EQ(r2.reason, "Chief captured by a piece other than the enemy Chief") << s;
    }
  }
}

TEST(JetanEnds, ThreePiecesOfEqualValueDrawAfterTenPlies) {
  // 10 + 0 + 2 each side (Warrior vs Padwar): the condition holds from the first
  // move; the draw comes when ten more plies bring no win (draw-values=equal, which
  // every reading offers).
  for (const char* s : kScripts) {
    auto rules = load(s, {{"draw-values", "equal"}});
    Position pos = build(rules, {{"black", "chief", "a1"},
                                 {"black", "princess", "a3", true},
                                 {"black", "warrior", "a5"},
                                 {"orange", "chief", "j10"},
                                 {"orange", "princess", "j8", true},
                                 {"orange", "padwar", "j6"}});
    // Shuffle the Chiefs back and forth: a1-d1-a1..., j10-g10-j10...
    const std::vector<std::string> cycle = {"a1-d1", "j10-g10", "d1-a1", "g10-j10"};
    for (int ply = 1; ply <= 11; ++ply) {
      play(pos, {cycle[(ply - 1) % 4]});
      Result r = game_result(pos);
      if (ply <= 10) {
        EXPECT_FALSE(r.over) << s << " ply " << ply;
      } else {
        EXPECT_TRUE(r.is_draw()) << s;
        EXPECT_EQ(r.reason, "at most 3 pieces of equal value each and no win in 10 moves") << s;
      }
    }
    // Unequal value: no count.
    Position other = build(rules, {{"black", "chief", "a1"},
                                   {"black", "princess", "a3", true},
                                   {"black", "dwar", "a5"},
                                   {"orange", "chief", "j10"},
                                   {"orange", "princess", "j8", true},
                                   {"orange", "padwar", "j6"}});
    for (int ply = 1; ply <= 12; ++ply) play(other, {cycle[(ply - 1) % 4]});
    EXPECT_FALSE(game_result(other).over) << s;
  }
}

// The draw at three pieces or fewer, under each value of draw-values: a game
// played from a position string until it ends (or its moves run out).
struct Ending {
  int ply = 0;  // the ply after which the game is over; 0: not over
  std::string score, reason;
};

Ending play_out(const std::string& script, const script::OptionList& options,
                const std::string& position, const std::vector<std::string>& moves) {
  auto rules = load(script, options);
  auto pos = read_position(rules, position);
  EXPECT_TRUE(pos) << (pos ? "" : pos.error().text());
  if (!pos) return {};
  for (size_t i = 0; i < moves.size(); ++i) {
    play(*pos, {moves[i]});
    const Result r = game_result(*pos);
    if (r.over) return {static_cast<int>(i) + 1, r.score(), r.reason};
  }
  return {};
}

const char* const kEqualDraw = "at most 3 pieces of equal value each and no win in 10 moves";
const char* const kAnyDraw = "at most 3 pieces each and no win in 10 moves";

// Black: Chief a1, Princess a3, Dwar g8 (13); Orange: Chief j10, Princess j8, Padwar
// j6 (12). Three pieces each from the first move, of unequal value. The Chiefs go
// back and forth for ten plies; the eleventh, the Dwar takes the Orange Princess.
const char* const kUnequal = "9c/10/6D2p/10/9a/10/10/P9/10/C9 black";
const std::vector<std::string> kUnequalMoves = {"a1-d1", "j10-g10", "d1-a1", "g10-j10",
                                                "a1-d1", "j10-g10", "d1-a1", "g10-j10",
                                                "a1-d1", "j10-g10", "g8-j8"};

// Black: Chief a1, Princess a3 (10); Orange: Chief j10, Princess j8, Panthan b4 (11).
// At ply 5 the Black Chief takes the Panthan: the values are equal from then on.
const char* const kEqualised = "9c/10/9p/10/10/10/1n8/P9/10/C9 black";
const std::vector<std::string> kEqualisedMoves = {
    "a1-d1", "j10-g10", "d1-a1", "g10-j10", "a1-b4", "j10-g10", "b4-e4", "g10-j10",
    "e4-b4", "j10-g10", "b4-e4", "g10-j10", "e4-b4", "j10-g10", "b4-e4", "g10-j10"};

TEST(JetanEnds, DrawWhateverTheValuesUnderDrawValuesAny) {
  // Cazaux's text: both sides at three pieces or fewer, ten moves (five each) without
  // a win: drawn after ply 10, the values unequal. Under Burroughs' equal-value test
  // the same game goes on, and the Dwar takes the Princess at ply 11.
  for (const char* s : kScripts) {
    const Ending any = play_out(s, {{"draw-values", "any"}}, kUnequal, kUnequalMoves);
    EXPECT_EQ(any.ply, 10) << s;
    EXPECT_EQ(any.score, "1/2-1/2") << s;
    EXPECT_EQ(any.reason, kAnyDraw) << s;
    const Ending equal = play_out(s, {{"draw-values", "equal"}}, kUnequal, kUnequalMoves);
    EXPECT_EQ(equal.ply, 11) << s;
    EXPECT_EQ(equal.score, "1-0") << s;
    EXPECT_EQ(equal.reason, "Princess captured") << s;
  }
}

TEST(JetanEnds, DrawOfEqualValuesCountsFromTheCaptureThatEqualises) {
  // Burroughs' Appendix: three pieces or fewer "of equal value". The values become
  // equal (10 and 10) when the Black Chief takes the Panthan at ply 5, and ten plies
  // later, after ply 15, the game is drawn. Without the test the count runs from the
  // first move, and the same game is drawn after ply 10.
  for (const char* s : kScripts) {
    const Ending equal = play_out(s, {{"draw-values", "equal"}}, kEqualised, kEqualisedMoves);
    EXPECT_EQ(equal.ply, 15) << s;
    EXPECT_EQ(equal.score, "1/2-1/2") << s;
    EXPECT_EQ(equal.reason, kEqualDraw) << s;
    const Ending any = play_out(s, {{"draw-values", "any"}}, kEqualised, kEqualisedMoves);
    EXPECT_EQ(any.ply, 10) << s;
    EXPECT_EQ(any.score, "1/2-1/2") << s;
    EXPECT_EQ(any.reason, kAnyDraw) << s;
  }
}

TEST(JetanOptions, DrawValuesDefaultFollowsEachReadingsSource) {
  // Burroughs' readings (and Smith's, which builds on them) keep the Appendix's
  // equal-value test; Cazaux's drop it, as his text does.
  const std::vector<std::pair<std::string, int>> expected = {{"burroughs", 11},
                                                             {"burroughs-appendix", 11},
                                                             {"smith", 11},
                                                             {"cazaux", 10},
                                                             {"cazaux-continue", 10}};
  for (const auto& [s, ply] : expected) {
    const Ending e = play_out(s, {}, kUnequal, kUnequalMoves);
    EXPECT_EQ(e.ply, ply) << s;
    EXPECT_EQ(e.reason, ply == 10 ? kAnyDraw : "Princess captured") << s;
  }
}

TEST(JetanEnds, NoMovePassesAndTwoPassesDraw) {
  // Black Panthans on rank 10 cannot go forward and block each other sideways; so
  // do Orange's on rank 1.
  std::vector<Placement> p;
  for (char f = 'a'; f <= 'j'; ++f) {
    p.push_back({"black", "panthan", std::string(1, f) + "10"});
    p.push_back({"orange", "panthan", std::string(1, f) + "1"});
  }
  for (const char* s : kScripts) {
    auto rules = load(s);
    Position pos = build(rules, p);
    EXPECT_EQ(legal_set(pos), words("pass")) << s;
    play(pos, {"pass"});
    EXPECT_FALSE(game_result(pos).over) << s;
    EXPECT_EQ(legal_set(pos), words("pass")) << s;
    play(pos, {"pass"});
    Result r = game_result(pos);
    EXPECT_TRUE(r.is_draw()) << s;
    EXPECT_EQ(r.reason, "2 passes in a row") << s;
  }
  // A single pass is followed by the other side's moves, and a move resets the count.
  auto rules = load("cazaux");
  p.back() = {"orange", "chief", "e5"};
  Position pos = build(rules, p);
  play(pos, {"pass", "e5-e8", "pass"});
  EXPECT_FALSE(game_result(pos).over);
}

TEST(JetanEnds, StakesLedger) {
  for (const char* s : kScripts) {
    auto rules = load(s);
    Position pos = build(rules, {{"black", "chief", "a1"},
                                 {"black", "princess", "j1", true},
                                 {"black", "warrior", "e4"},
                                 {"orange", "chief", "a10"},
                                 {"orange", "princess", "j10", true},
                                 {"orange", "dwar", "e6"},
                                 {"orange", "flier", "h9"}});
    play(pos, {"e4-e6"});  // Warrior takes Dwar (3)
    EXPECT_EQ(pos.counter(0, kStakes), 3) << s;
    EXPECT_EQ(pos.counter(1, kStakes), 0) << s;
    play(pos, {"h9-e6"});  // Flier takes Warrior (2)
    EXPECT_EQ(pos.counter(0, kStakes), 3) << s;
    EXPECT_EQ(pos.counter(1, kStakes), 2) << s;
  }
}

// ---- options -----------------------------------------------------------------

TEST(JetanOptions, ArrayAndFirst) {
  for (const char* s : kScripts) {
    auto point = load(s);
    Position p(point);
    auto name_at = [](const Position& pos, const std::string& site) {
      PieceCode c = pos.at(sq(pos, site));
      return c ? pos.rules().seats[piece_seat(c)].name + " " + pos.rules().types[piece_type(c)].name
               : std::string("empty");
    };
    EXPECT_EQ(name_at(p, "e1"), "black chief") << s;
    EXPECT_EQ(name_at(p, "f1"), "black princess") << s;
    EXPECT_EQ(name_at(p, "e10"), "orange princess") << s;
    EXPECT_EQ(name_at(p, "f10"), "orange chief") << s;
    EXPECT_EQ(point->seats[p.to_move()].name, "black") << s;
    auto manator = load(s, {{"array", "manator"}, {"first", "orange"}});
    Position m(manator);
    EXPECT_EQ(name_at(m, "e10"), "orange chief") << s;
    EXPECT_EQ(name_at(m, "f10"), "orange princess") << s;
    EXPECT_EQ(name_at(m, "e1"), "black chief") << s;
    EXPECT_EQ(manator->seats[m.to_move()].name, "orange") << s;
    EXPECT_EQ(m.pieces(0), 20);
    EXPECT_EQ(m.pieces(1), 20);
  }
}

TEST(JetanOptions, UndeclaredValuesAreRefused) {
  auto bad = script::load_rules("jetan/cazaux", {{"array", "mirror"}});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().text().find("allowed values: point, manator"), std::string::npos)
      << bad.error().text();
  auto bad_first = script::load_rules("jetan/burroughs", {{"first", "red"}});
  ASSERT_FALSE(bad_first);
  EXPECT_NE(bad_first.error().text().find("allowed values: black, orange"), std::string::npos);
  auto bad_smith = script::load_rules("jetan/smith", {{"panthan", "6"}});
  ASSERT_FALSE(bad_smith);
  EXPECT_NE(bad_smith.error().text().find("allowed values: 5, 7"), std::string::npos);
  auto bad_draw = script::load_rules("jetan/cazaux", {{"draw-values", "kind"}});
  ASSERT_FALSE(bad_draw);
  EXPECT_NE(bad_draw.error().text().find("allowed values: equal, any"), std::string::npos)
      << bad_draw.error().text();
  auto unknown = script::load_rules("jetan/cazaux", {{"steps", "free"}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().text().find("unknown option 'steps'"), std::string::npos);
}

}  // namespace
}  // namespace regula
