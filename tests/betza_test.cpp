// Pieces written in Betza's notation (piece { betza = "..." }, formats/betza.h):
// the exact moves of each atom and modifier from chosen squares, for both seats
// where the modifier depends on the mover's facing, and the same moves as the
// long form at every square of an empty and of a crowded board. The expected
// lists follow Fairy-Stockfish's reading of each modifier (src/piece.cpp,
// from_betza), worked out by hand on the board.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "formats/betza.h"
#include "script_support.h"

namespace regula {
namespace {

using namespace test_support;
using Sites = std::set<std::string>;

// A script with one piece X written in Betza and a piece O that does not move,
// on an 8x8 board; X starts on e2 for White and d7 for Black (for i).
std::string script(const std::string& betza) {
  return "return game {\n"
         "  title = \"betza\",\n"
         "  board = grid { width = 8, height = 8 },\n"
         "  pieces = {\n"
         "    piece { name = \"x\", symbol = \"X\", betza = \"" +
         betza +
         "\" },\n"
         "    piece { name = \"o\", symbol = \"O\" },\n"
         "  },\n"
         "  setup = { white = { x = \"e2\" }, black = { x = \"d7\" } },\n"
         "}\n";
}

// The destinations of the piece on `from` (a capture written "xd5").
Sites moves_from(const Position& start, const std::string& from) {
  Position pos = start;
  MoveList list;
  legal_moves(pos, list);
  const Ruleset& r = pos.rules();
  Sites out;
  for (const Move& m : list)
    if (m.from == r.topology.find(from))
      out.insert((m.ncap || pos.at(m.to) ? "x" : "") + r.topology.name(m.to));
  return out;
}

// The moves of X alone on `from` (plus other pieces), for `seat`.
Sites moves(const std::string& betza, const std::string& from, int seat = 0,
            std::initializer_list<Put> others = {}) {
  Rules r = load("betza", script(betza));
  if (!r) return {};
  Position pos = board(r, others, seat);
  pos.set_site(r->topology.find(from), make_piece(r->type_index("x"), static_cast<SeatId>(seat)),
               0);
  return moves_from(pos, from);
}

TEST(Betza, LeaperAtoms) {
  EXPECT_EQ(moves("W", "d4"), (Sites{"c4", "e4", "d3", "d5"}));
  EXPECT_EQ(moves("W", "a1"), (Sites{"a2", "b1"}));
  EXPECT_EQ(moves("F", "d4"), (Sites{"c3", "c5", "e3", "e5"}));
  EXPECT_EQ(moves("F", "h8"), (Sites{"g7"}));
  EXPECT_EQ(moves("D", "d4"), (Sites{"b4", "f4", "d2", "d6"}));
  EXPECT_EQ(moves("D", "a1"), (Sites{"a3", "c1"}));
  EXPECT_EQ(moves("N", "d4"), (Sites{"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}));
  EXPECT_EQ(moves("N", "a1"), (Sites{"b3", "c2"}));
  EXPECT_EQ(moves("A", "d4"), (Sites{"b2", "b6", "f2", "f6"}));
  EXPECT_EQ(moves("H", "d4"), (Sites{"a4", "g4", "d1", "d7"}));
  EXPECT_EQ(moves("C", "d4"), (Sites{"c1", "e1", "c7", "e7", "a3", "a5", "g3", "g5"}));
  EXPECT_EQ(moves("L", "d4"), moves("C", "d4"));
  EXPECT_EQ(moves("Z", "d4"), (Sites{"b1", "f1", "b7", "f7", "a2", "a6", "g2", "g6"}));
  EXPECT_EQ(moves("J", "d4"), moves("Z", "d4"));
  EXPECT_EQ(moves("G", "d4"), (Sites{"a1", "g1", "a7", "g7"}));
  EXPECT_EQ(moves("K", "a1"), (Sites{"a2", "b1", "b2"}));
  EXPECT_EQ(moves("K", "d4").size(), 8u);
  // Two atoms side by side: both sets.
  EXPECT_EQ(moves("WA", "a1"), (Sites{"a2", "b1", "c3"}));
}

TEST(Betza, RidersAndRanges) {
  EXPECT_EQ(moves("R", "a1"), (Sites{"a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1",
                                     "e1", "f1", "g1", "h1"}));
  EXPECT_EQ(moves("WW", "a1"), moves("R", "a1"));
  EXPECT_EQ(moves("R4", "a1"), (Sites{"a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"}));
  EXPECT_EQ(moves("B", "d4"),
            (Sites{"c3", "b2", "a1", "e5", "f6", "g7", "h8", "c5", "b6", "a7", "e3", "f2", "g1"}));
  EXPECT_EQ(moves("Q", "d4").size(), 27u);
  EXPECT_EQ(moves("Q2", "a1"), (Sites{"a2", "a3", "b1", "c1", "b2", "c3"}));
  // A blocker stops a rider, and an enemy is taken.
  EXPECT_EQ(moves("R", "a1", 0, {{"a3", "o", 1}, {"c1", "o", 0}}), (Sites{"a2", "xa3", "b1"}));
  // The nightrider: N repeated along its line over empty landing squares.
  EXPECT_EQ(moves("NN", "a1"), (Sites{"b3", "c5", "d7", "c2", "e3", "g4"}));
  EXPECT_EQ(moves("N0", "a1"), moves("NN", "a1"));
  EXPECT_EQ(moves("N2", "a1"), (Sites{"b3", "c5", "c2", "e3"}));
  EXPECT_EQ(moves("NN", "a1", 0, {{"c5", "o", 1}, {"e3", "o", 0}}), (Sites{"b3", "xc5", "c2"}));
  // The dabbaba rider on an 8x8 board from its corner.
  EXPECT_EQ(moves("DD", "a1"), (Sites{"a3", "a5", "a7", "c1", "e1", "g1"}));
}

TEST(Betza, OrthogonalDirectionsTurnWithTheMover) {
  // White faces north (forward is up), Black south.
  EXPECT_EQ(moves("fW", "d4", 0), (Sites{"d5"}));
  EXPECT_EQ(moves("fW", "d4", 1), (Sites{"d3"}));
  EXPECT_EQ(moves("bW", "d4", 0), (Sites{"d3"}));
  EXPECT_EQ(moves("bW", "d4", 1), (Sites{"d5"}));
  EXPECT_EQ(moves("lW", "d4", 0), (Sites{"c4"}));
  EXPECT_EQ(moves("lW", "d4", 1), (Sites{"e4"}));
  EXPECT_EQ(moves("rW", "d4", 0), (Sites{"e4"}));
  EXPECT_EQ(moves("rW", "d4", 1), (Sites{"c4"}));
  EXPECT_EQ(moves("vW", "d4", 0), (Sites{"d3", "d5"}));
  EXPECT_EQ(moves("sW", "d4", 1), (Sites{"c4", "e4"}));
  // A crossed pair on an orthogonal atom is read as its two halves (the soldier).
  EXPECT_EQ(moves("fsW", "d4", 0), (Sites{"d5", "c4", "e4"}));
  EXPECT_EQ(moves("fsW", "d4", 1), (Sites{"d3", "c4", "e4"}));
  EXPECT_EQ(moves("frW", "d4", 1), (Sites{"d3", "c4"}));
  EXPECT_EQ(moves("fbW", "d4", 0), (Sites{"d3", "d5"}));
  EXPECT_EQ(moves("fR", "d6", 0), (Sites{"d7", "d8"}));
  EXPECT_EQ(moves("fR", "d6", 1), (Sites{"d5", "d4", "d3", "d2", "d1"}));
  EXPECT_EQ(moves("fD", "d7", 0), (Sites{}));  // off the board: nothing, and no error
}

TEST(Betza, DiagonalDirections) {
  EXPECT_EQ(moves("fF", "d4", 0), (Sites{"c5", "e5"}));
  EXPECT_EQ(moves("fF", "d4", 1), (Sites{"c3", "e3"}));
  EXPECT_EQ(moves("bF", "d4", 0), (Sites{"c3", "e3"}));
  EXPECT_EQ(moves("lF", "d4", 0), (Sites{"c3", "c5"}));
  EXPECT_EQ(moves("lF", "d4", 1), (Sites{"e3", "e5"}));
  EXPECT_EQ(moves("rF", "d4", 0), (Sites{"e3", "e5"}));
  EXPECT_EQ(moves("frF", "d4", 0), (Sites{"e5"}));
  EXPECT_EQ(moves("frF", "d4", 1), (Sites{"c3"}));
  EXPECT_EQ(moves("flF", "d4", 0), (Sites{"c5"}));
  EXPECT_EQ(moves("fsF", "d4", 0), (Sites{"c5", "e5"}));
  EXPECT_EQ(moves("sF", "d4", 0).size(), 4u);
  EXPECT_EQ(moves("vF", "d4", 0).size(), 4u);
  EXPECT_EQ(moves("fB", "f6", 0), (Sites{"e7", "d8", "g7", "h8"}));
  // K's W and F halves are not split: fsK is sideways steps and forward diagonals.
  EXPECT_EQ(moves("fsK", "d4", 0), (Sites{"c4", "e4", "c5", "e5"}));
  EXPECT_EQ(moves("fK", "d4", 0), (Sites{"d5", "c5", "e5"}));
}

TEST(Betza, ObliqueDirections) {
  EXPECT_EQ(moves("fN", "d4", 0), (Sites{"c6", "e6"}));
  EXPECT_EQ(moves("fN", "d4", 1), (Sites{"c2", "e2"}));
  EXPECT_EQ(moves("ffN", "d4", 0), (Sites{"c6", "e6"}));
  EXPECT_EQ(moves("fsN", "d4", 0), (Sites{"b5", "f5"}));
  EXPECT_EQ(moves("fsN", "d4", 1), (Sites{"b3", "f3"}));
  EXPECT_EQ(moves("fhN", "d4", 0), (Sites{"c6", "e6", "b5", "f5"}));
  EXPECT_EQ(moves("bN", "d4", 0), (Sites{"c2", "e2"}));
  EXPECT_EQ(moves("lN", "d4", 0), (Sites{"b3", "b5"}));
  EXPECT_EQ(moves("lN", "d4", 1), (Sites{"f3", "f5"}));
  EXPECT_EQ(moves("rN", "d4", 0), (Sites{"f3", "f5"}));
  EXPECT_EQ(moves("sN", "d4", 0), (Sites{"b3", "b5", "f3", "f5"}));
  EXPECT_EQ(moves("vN", "d4", 0), (Sites{"c2", "c6", "e2", "e6"}));
  EXPECT_EQ(moves("frN", "d4", 0), (Sites{"f5"}));
  EXPECT_EQ(moves("rfN", "d4", 0), (Sites{"e6"}));
  EXPECT_EQ(moves("rfN", "d4", 1), (Sites{"c2"}));
  EXPECT_EQ(moves("hrN", "d4", 0), (Sites{"e6", "c2", "f3", "b5"}));
  EXPECT_EQ(moves("hlN", "d4", 0), (Sites{"f5", "b3", "e2", "c6"}));
  EXPECT_EQ(moves("fZ", "d4", 0), (Sites{"b7", "f7"}));
}

TEST(Betza, APartOverlappingAnotherAddsNoMoveTwice) {
  // Fairy-Stockfish unites the destinations of a string's parts: KW is K, and
  // a move that two parts make is listed once.
  const std::initializer_list<Put> enemy{{"d5", "o", 1}};
  const Sites k = moves("K", "d4", 0, enemy);
  EXPECT_EQ(k.size(), 8u);
  auto count = [&](const std::string& betza, const std::string& site,
                   std::initializer_list<Put> others) {
    Rules r = load("betza_count", script(betza));
    if (!r) return size_t{0};
    Position pos = board(r, others, 0);
    pos.set_site(r->topology.find(site), make_piece(r->type_index("x"), 0), 0);
    MoveList list;
    legal_moves(pos, list);
    return static_cast<size_t>(list.size());
  };
  EXPECT_EQ(count("KW", "d4", enemy), 8u);
  EXPECT_EQ(count("WK", "d4", enemy), 8u);
  EXPECT_EQ(count("KmW", "d4", enemy), 8u);
  EXPECT_EQ(count("mWK", "d4", enemy), 8u);
  EXPECT_EQ(moves("mWK", "d4", 0, enemy), k);
  EXPECT_EQ(count("RW", "a1", {}), 14u);
  EXPECT_EQ(count("nDR", "a1", {}), 14u);
  EXPECT_EQ(count("RnD", "a1", {}), 14u);
  EXPECT_EQ(count("N2NN", "a1", {}), 6u);  // the nightrider's b3 c5 d7 c2 e3 g4
  // Moves the parts make apart are all kept.
  EXPECT_EQ(count("mWcW", "d4", enemy), 4u);
}

TEST(Betza, MoveAndCaptureModes) {
  const std::initializer_list<Put> enemy{{"d5", "o", 1}, {"c4", "o", 0}};
  EXPECT_EQ(moves("W", "d4", 0, enemy), (Sites{"xd5", "e4", "d3"}));
  EXPECT_EQ(moves("mW", "d4", 0, enemy), (Sites{"e4", "d3"}));
  EXPECT_EQ(moves("cW", "d4", 0, enemy), (Sites{"xd5"}));
  EXPECT_EQ(moves("mcW", "d4", 0, enemy), (Sites{"xd5", "e4", "d3"}));
  EXPECT_EQ(moves("mRcB", "d4", 0, {{"d6", "o", 1}, {"f6", "o", 1}}).count("xf6"), 1u);
  EXPECT_EQ(moves("mRcB", "d4", 0, {{"d6", "o", 1}, {"f6", "o", 1}}).count("xd6"), 0u);
  EXPECT_EQ(moves("mRcB", "d4", 0, {{"d6", "o", 1}, {"f6", "o", 1}}).count("e5"), 0u);
}

TEST(Betza, LameLeapsOnALine) {
  EXPECT_EQ(moves("nD", "d4", 0, {{"d5", "o", 0}}), (Sites{"d2", "b4", "f4"}));
  EXPECT_EQ(moves("nA", "d4", 0, {{"e5", "o", 1}}), (Sites{"b2", "b6", "f2"}));
  EXPECT_EQ(moves("nH", "d4", 0, {{"d3", "o", 1}}), (Sites{"a4", "g4", "d7"}));
  // A lame step is a step: nothing on its way.
  EXPECT_EQ(moves("nW", "d4"), moves("W", "d4"));
}

TEST(Betza, HoppersOverAScreen) {
  // p: over the first piece of either side on the line, then anywhere beyond
  // up to the next piece, which it may take.
  EXPECT_EQ(moves("pR", "a1", 0, {{"a3", "o", 0}, {"a6", "o", 1}}), (Sites{"a4", "a5", "xa6"}));
  // The xiangqi cannon: moves as a rook, captures over a screen.
  EXPECT_EQ(moves("mRcpR", "a1", 0, {{"a3", "o", 0}, {"a6", "o", 1}}),
            (Sites{"a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "xa6"}));
  // g: the grasshopper lands just beyond its screen.
  EXPECT_EQ(moves("gQ", "d4", 0, {{"d6", "o", 1}, {"f6", "o", 0}, {"b4", "o", 0}}),
            (Sites{"d7", "g7", "a4"}));
  EXPECT_EQ(moves("gQ", "d4", 0, {{"d6", "o", 1}, {"d7", "o", 1}}), (Sites{"xd7"}));
  // Directions turn with the mover as for any atom.
  EXPECT_EQ(moves("fgR", "d4", 1, {{"d2", "o", 0}, {"d6", "o", 0}}), (Sites{"d1"}));
}

TEST(Betza, LameLeapsOffTheLine) {
  // nN, the xiangqi horse: blocked by a piece on the square it steps to first,
  // orthogonally toward where it lands (Fairy-Stockfish's lame leaper).
  EXPECT_EQ(moves("nN", "d4", 0, {{"d5", "o", 0}}), (Sites{"b3", "b5", "c2", "e2", "f3", "f5"}));
  EXPECT_EQ(moves("nN", "d4", 0, {{"e4", "o", 1}, {"c3", "o", 1}}),
            (Sites{"b3", "b5", "c2", "e2", "c6", "e6"}));
  // nZ, the janggi elephant: a step then a diagonal step, both squares empty.
  EXPECT_EQ(moves("nZ", "d4", 0, {{"e6", "o", 0}}).count("f7"), 0u);
  EXPECT_EQ(moves("nZ", "d4", 0, {{"e6", "o", 0}}).count("b7"), 1u);
}

TEST(Betza, InitialMovesAndEnPassant) {
  const std::string pawn = "fmWfceFifmnD";
  // i: only from the piece's start squares (e2 for White, d7 for Black).
  EXPECT_EQ(moves(pawn, "e2", 0), (Sites{"e3", "e4"}));
  EXPECT_EQ(moves(pawn, "e3", 0), (Sites{"e4"}));
  EXPECT_EQ(moves(pawn, "d7", 1), (Sites{"d6", "d5"}));
  EXPECT_EQ(moves(pawn, "e2", 1), (Sites{"e1"}));
  EXPECT_EQ(moves(pawn, "e2", 0, {{"e3", "o", 1}}), (Sites{}));
  // e: the double step may be taken en passant.
  Rules r = load("betza_ep", script(pawn));
  ASSERT_TRUE(r);
  const TypeId x = r->type_index("x");
  Position pos = board(r, {}, 0);
  pos.set_site(r->topology.find("e2"), make_piece(x, 0), 0);
  pos.set_site(r->topology.find("d4"), make_piece(x, 1), 0);
  MoveList list;
  legal_moves(pos, list);
  const Move* dbl = nullptr;
  for (const Move& m : list)
    if (r->topology.name(m.to) == "e4") dbl = &m;
  ASSERT_NE(dbl, nullptr);
  Undo undo;
  pos.make(*dbl, undo);
  EXPECT_EQ(moves_from(pos, "d4"), (Sites{"d3", "xe3"}));
}

std::string load_message(const std::string& betza) {
  return load_error("betza_bad", script(betza)).text();
}

TEST(Betza, MalformedStringsNameTheLineAndTheCharacter) {
  const std::string at = "betza_bad.lua:5: ";
  auto has = [&](const std::string& betza, const std::string& part) {
    const std::string e = load_message(betza);
    EXPECT_NE(e.find(at), std::string::npos) << e;
    EXPECT_NE(e.find(part), std::string::npos) << e;
  };
  has("fX", "'X' at character 2: not a Betza letter");
  has("fmWx", "'x' at character 4");
  has("fm", "the end at character 3: modifiers without an atom");
  has("4W", "'4' at character 1: a range digit follows an atom");
  has("R12", "'2' at character 3: a range is one digit");
  has("hN", "its directions select none of N's moves");
  has("feF", "e (en passant) goes with c");
  has("icW", "an initial move (i) does not capture");
  has("nR", "n (lame) applies to a leaper");
  has("ceN", "e (en passant) applies to a one-square step");
  has("mRpN", "'pN' at character 3: p (a hopper) goes with a line of one-square steps");
  has("pR2", "'2' at character 3: a hopper (p, g) takes no range");
}

TEST(Betza, ParserReadsWhatItWasGiven) {
  auto p = parse_betza("fmWfceFifmnD");
  ASSERT_TRUE(p) << p.error().text();
  ASSERT_EQ(p->size(), 3u);
  EXPECT_EQ((*p)[0].mode, Mode::kMove);
  EXPECT_EQ((*p)[1].mode, Mode::kCapture);
  EXPECT_TRUE((*p)[1].en_passant);
  EXPECT_TRUE((*p)[2].initial);
  EXPECT_EQ((*p)[2].kind, BetzaMove::Kind::kLame);
  EXPECT_EQ((*p)[2].begin, 7u);
  EXPECT_EQ((*p)[2].end, 12u);
  // The empty string is a piece that does not move (Fairy-Stockfish's immobile piece).
  auto none = parse_betza("");
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

// Betza and the long form side by side: the same moves at every square.
struct Pair {
  const char* betza;
  const char* long_form;
};

const Pair kPairs[] = {
    {"K", "step { dirs = \"all\" }"},
    {"Q", "slide { dirs = \"all\" }"},
    {"R", "slide { dirs = \"orthogonal\" }"},
    {"B", "slide { dirs = \"diagonal\" }"},
    {"N", "leap { offsets = { { 1, 2 } } }"},
    {"FfW", "step { dirs = \"diagonal forward\" }"},
    {"WfF", "step { dirs = \"orthogonal forward-diagonal\" }"},
    {"fmWfcF",
     "{ step { dirs = \"forward\", mode = \"move\" }, step { dirs = \"forward-diagonal\", mode = "
     "\"capture\" } }"},
    {"fsW", "step { dirs = \"forward sideways\" }"},
    {"R4", "slide { dirs = \"orthogonal\", max = 4 }"},
    {"nD", "slide { dirs = \"orthogonal\", min = 2, max = 2 }"},
    {"fN", "leap { offsets = { { 1, 2 }, { -1, 2 } }, symmetric = false }"},
    {"NN", "leap { offsets = { { 1, 2 } }, max = 0 }"},
    {"AD", "leap { offsets = { { 2, 2 }, { 0, 2 } } }"},
    {"mRcB",
     "{ slide { dirs = \"orthogonal\", mode = \"move\" }, slide { dirs = \"diagonal\", "
     "mode = \"capture\" } }"},
    {"lfN", "leap { offsets = { { -1, 2 } }, symmetric = false }"},
    {"mRcpR",
     "{ slide { dirs = \"orthogonal\", mode = \"move\" }, screen { dirs = "
     "\"orthogonal\", mode = \"capture\" } }"},
    {"gQ", "screen { dirs = \"all\", after = 1 }"},
    {"nN", "leap { offsets = { { 1, 2 } }, lame = true }"},
    {"fnN", "leap { offsets = { { 1, 2 }, { -1, 2 } }, symmetric = false, lame = true }"},
};

TEST(Betza, SameMovesAsTheLongFormEverywhere) {
  for (const Pair& p : kPairs) {
    Rules r = load("betza_pair",
                   std::string("return game {\n  title = \"pair\",\n") +
                       "  board = grid { width = 8, height = 8 },\n  pieces = {\n" +
                       "    piece { name = \"a\", symbol = \"A\", betza = \"" + p.betza +
                       "\" },\n    piece { name = \"b\", symbol = \"B\", moves = " + p.long_form +
                       " },\n    piece { name = \"o\", symbol = \"O\" },\n  },\n"
                       "  setup = { white = { o = \"a1\" } },\n}\n");
    ASSERT_TRUE(r) << p.betza;
    const TypeId o = r->type_index("o");
    int nonempty = 0;  // squares from which the piece has a move: the test compares something
    for (int crowded = 0; crowded < 2; ++crowded)
      for (SeatId seat = 0; seat < 2; ++seat)
        for (SiteId s = 0; s < r->topology.size(); ++s) {
          auto at = [&](TypeId t) {
            Position pos = Position::empty(r);
            if (crowded)
              for (SiteId q = 0; q < r->topology.size(); ++q)
                if (q != s && (q * 5 + q / 8) % 7 < 3)
                  pos.set_site(q, make_piece(o, static_cast<SeatId>(q % 3 == 0)), 0);
            pos.set_site(s, make_piece(t, seat), 0);
            pos.set_to_move(seat);
            return moves_from(pos, r->topology.name(s));
          };
          const Sites want = at(r->type_index("b"));
          EXPECT_EQ(at(r->type_index("a")), want)
              << p.betza << " at " << r->topology.name(s) << (crowded ? " (crowded)" : "")
              << " seat " << int(seat);
          if (!want.empty()) ++nonempty;
        }
    EXPECT_GT(nonempty, 100) << p.betza;
  }
}

}  // namespace
}  // namespace regula
