// Sittuyin (rules/chess/sittuyin.lua) and the elements of in-place promotion it
// brought: a promotion by one step onto an empty neighbour (promotion.step),
// and promotions that may not give check or attack an enemy piece
// (promotion.check = false, promotion.attack = false). The script is checked
// against Fairy-Stockfish 11.1 (Debian's /usr/games/fairy-stockfish, `go perft
// N` with UCI_Variant sittuyin): perft from the start, divides along seeded
// random games, and the move lists of positions where pawns promote.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "ai/random_turn.h"
#include "core/game_end.h"
#include "core/perft.h"
#include "fsf_support.h"
#include "move_support.h"
#include "notation/describe.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula {
namespace {

using namespace test_support;
namespace fsf = test_support::fsf;

// The legal moves of a position given in Fairy-Stockfish's FEN, as UCI texts.
std::set<std::string> uci_moves(const Rules& r, const std::string& fen) {
  auto pos = read_position(r, fen);
  EXPECT_TRUE(pos) << fen << ": " << (pos ? "" : pos.error().text());
  std::set<std::string> out;
  if (!pos) return out;
  MoveList ml;
  legal_moves(*pos, ml);
  for (const Move& m : ml) out.insert(uci::uci_line(*pos, {m})[0]);
  return out;
}

// ---- the script against Fairy-Stockfish ------------------------------------

TEST(Sittuyin, PerftFromTheStartIsFairyStockfishs) {
  // Fairy-Stockfish 11.1, go perft 1..3 (sittuyin): the placement, every piece
  // in hand on an empty square of the own three ranks, the chariots on the
  // back rank (88 = 4 x 20 + 8 at the first ply). Depth 4, 43,454,464 for
  // both, takes seconds here and is left to `regula perft chess/sittuyin 4`.
  Position pos(bundled("chess/sittuyin"));
  const std::vector<uint64_t> want = {88, 7744, 580096};
  for (size_t d = 0; d < want.size(); ++d)
    EXPECT_EQ(perft(pos, static_cast<int>(d) + 1), want[d]) << "depth " << d + 1;
}

TEST(Sittuyin, AgreesWithFairyStockfishInRandomGames) {
  if (!fsf::installed()) GTEST_SKIP() << fsf::kMissing;
  // 16 plies of placement, then play: long games, so that pawns reach the
  // diagonals and generals are lost.
  const fsf::Check check{.start_depth = 3, .games = 40, .plies = 200, .every = 4, .depth = 2};
  const auto rep = fsf::compare(bundled("chess/sittuyin"), "sittuyin", check);
  EXPECT_GT(rep.positions, 400);
  EXPECT_TRUE(rep.differences.empty()) << rep.text();
}

TEST(Sittuyin, RandomGamesReachPromotions) {
  // The games of AgreesWithFairyStockfishInRandomGames (same seeds) offer
  // in-place promotions, by a step and where the pawn stands, in many positions.
  auto r = bundled("chess/sittuyin");
  int in_place = 0, stepping = 0;
  MoveList moves;
  for (int g = 0; g < 40; ++g) {
    std::mt19937_64 rng(1'000'003 + static_cast<uint64_t>(g));
    Position pos(r);
    for (int ply = 0; ply < 200 && !game_result(pos, moves).over; ++ply) {
      MoveList ml;
      legal_moves(pos, ml);
      for (const Move& m : ml)
        if (m.promote >= 0) ++(m.from == m.to ? in_place : stepping);
      Turn t = random_turn(pos, moves, rng);
      Undo u;
      for (const Move& m : t.steps) pos.make(m, u);
    }
  }
  EXPECT_GT(in_place, 20);
  EXPECT_GT(stepping, 40);
}

TEST(Sittuyin, PromotionsAreFairyStockfishs) {
  auto r = bundled("chess/sittuyin");
  ASSERT_TRUE(r);
  // Fairy-Stockfish 11.1's `go perft 1` lists. The last pawn promotes
  // wherever it stands, in place or by a diagonal step.
  EXPECT_EQ(uci_moves(r, "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1"),
            (std::set<std::string>{"d5d6", "d5c4f", "d5e4f", "d5d5f", "d5c6f", "d5e6f", "e1d1",
                                   "e1f1", "e1d2", "e1e2", "e1f2"}));
  // In check from the chariot: the new general may block the file on e4.
  EXPECT_EQ(uci_moves(r, "4k3/8/4r3/3P4/8/8/8/R3K3[] w - - 0 1"),
            (std::set<std::string>{"e1d1", "e1f1", "e1d2", "e1f2", "d5e4f", "d5e6"}));
  // Three pawns: only the one on the diagonal square d5 promotes.
  EXPECT_EQ(uci_moves(r, "3rk3/8/8/3P4/8/8/2PP4/4K3[] w - - 0 1"),
            (std::set<std::string>{"c2c3", "d2d3", "d5d6", "d5c4f", "d5e4f", "d5d5f", "d5c6f",
                                   "d5e6f", "e1d1", "e1f1", "e1e2", "e1f2"}));
}

// ---- promotion.step, promotion.check and promotion.attack, on a tiny board --

// A pawn that may become a ferz on c3 as its whole move; `fields` adds to the
// promotion clause.
std::string quiet_game(const std::string& fields) {
  return grid_game(5, 5,
                   R"(
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "zone", to = { "ferz" }, in_place = true, )" +
                       fields + R"( } },
    piece { name = "ferz", symbol = "F", moves = { step { dirs = "diagonal" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },)",
                   R"(regions = { zone = "c3" }, ends = { check = true },)",
                   R"({ white = { king = "a1" }, black = { king = "e5" } })");
}

TEST(VocabPromotionStep, PromotesInPlaceOrByAStepOntoAnEmptySite) {
  auto r = load("promo_step", quiet_game(R"(step = "diagonal")"));
  ASSERT_TRUE(r);
  // b4 holds a rook of its own: the steps to b2, d2 and d4 remain. On d4 the
  // ferz checks the king on e5, which nothing here forbids.
  auto pos = board(r, {{"a1", "king", 0}, {"c3", "pawn", 0}, {"b4", "rook", 0}, {"e5", "king", 1}});
  EXPECT_EQ(legal_from(pos, "c3"),
            (Moves{"c3-c4", "c3-c3=ferz", "c3-b2=ferz", "c3-d2=ferz", "c3-d4=ferz"}));
  auto step = find(pos, "c3-d4=ferz");
  ASSERT_TRUE(step);
  EXPECT_EQ(move_text(pos, *step), "c3d4=F");
  EXPECT_EQ(uci::uci_line(pos, {*step}), (std::vector<std::string>{"c3d4f"}));
  const uint64_t before = pos.hash();
  Undo u;
  pos.make(*step, u);
  EXPECT_EQ(pos.at(r->topology.find("d4")), make_piece(r->type_index("ferz"), 0));
  EXPECT_EQ(pos.at(r->topology.find("c3")), kEmpty);
  pos.unmake(*step, u);
  EXPECT_EQ(pos.hash(), before);
  // The texts read back as the same move, and the one in place stays apart.
  for (const char* text : {"c3d4f", "c3d4=F"}) {
    auto turn = uci::parse_uci(pos, text);
    ASSERT_TRUE(turn) << text;
    ASSERT_EQ(turn->steps.size(), 1u);
    EXPECT_TRUE(turn->steps[0].same_effect(*step)) << text;
  }
  auto moved = parse_move(pos, "c3d4=F");
  ASSERT_TRUE(moved);
  EXPECT_TRUE(moved->same_effect(*step));
  auto in_place = parse_move(pos, "c3c3=F");
  ASSERT_TRUE(in_place);
  EXPECT_EQ(in_place->to, r->topology.find("c3"));
}

TEST(VocabPromotionStep, CheckFalseRefusesEveryCheckTheMoveGives) {
  // The rook on a3 stands behind the pawn on the king's rank: a step uncovers
  // it, and on d2 or d4 the ferz itself checks. The promotion in place and the
  // pawn's own step (which also uncovers, but is no promotion) stay.
  const std::initializer_list<Put> pieces = {
      {"a1", "king", 0}, {"a3", "rook", 0}, {"c3", "pawn", 0}, {"e3", "king", 1}};
  auto free = load("promo_checks", quiet_game(R"(step = "diagonal")"));
  ASSERT_TRUE(free);
  auto loose = board(free, pieces);
  EXPECT_EQ(legal_from(loose, "c3"),
            (Moves{"c3-c4", "c3-c3=ferz", "c3-b2=ferz", "c3-b4=ferz", "c3-d2=ferz", "c3-d4=ferz"}));
  auto r = load("promo_no_check", quiet_game(R"(step = "diagonal", check = false)"));
  ASSERT_TRUE(r);
  auto pos = board(r, pieces);
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-c4", "c3-c3=ferz"}));
}

TEST(VocabPromotionStep, AttackFalseRefusesANewPieceThatAttacks) {
  // A ferz on c3 would attack the black rook on b4, one on d4 the rook on e5;
  // from b2 and d2 it attacks nothing (the black king on d1 is beside both,
  // not diagonal to them).
  const std::initializer_list<Put> pieces = {{"a1", "king", 0},
                                             {"c3", "pawn", 0},
                                             {"d1", "king", 1},
                                             {"b4", "rook", 1},
                                             {"e5", "rook", 1}};
  auto r = load("promo_no_attack", quiet_game(R"(step = "diagonal", attack = false)"));
  ASSERT_TRUE(r);
  auto pos = board(r, pieces);
  EXPECT_EQ(legal_from(pos, "c3"), (Moves{"c3-c4", "c3-b2=ferz", "c3-d2=ferz"}));
  auto free = load("promo_attacks", quiet_game(R"(step = "diagonal")"));
  ASSERT_TRUE(free);
  auto loose = board(free, pieces);
  EXPECT_EQ(legal_from(loose, "c3"),
            (Moves{"c3-c4", "c3-c3=ferz", "c3-b2=ferz", "c3-d2=ferz", "c3-d4=ferz"}));
}

TEST(VocabPromotionStep, DescribeSaysTheStepAndTheLimits) {
  auto r = load("promo_words", quiet_game(R"(step = "diagonal", check = false, attack = false)"));
  ASSERT_TRUE(r);
  const std::string words = render_rules(describe_rules(*r));
  EXPECT_NE(words.find("may promote to ferz where it stands, as its whole move, while it stands "
                       "in zone, or by one step diagonally to an empty site, not giving check, "
                       "not where the new piece attacks an enemy piece"),
            std::string::npos)
      << words;
}

TEST(VocabPromotionStep, BadValuesAreLocatedErrors) {
  auto arrival = [](const std::string& fields) {
    return grid_game(5, 5,
                     R"(
    piece { name = "pawn", symbol = "P", moves = { step { dirs = "forward", mode = "move" } },
            promotion = { zone = "zone", to = { "ferz" }, )" +
                         fields + R"( } },
    piece { name = "ferz", symbol = "F" },)",
                     R"(regions = { zone = "c3" },)");
  };
  for (const char* field : {"step", "check", "attack"}) {
    const std::string value = std::string(field) == "step" ? " = \"diagonal\"" : " = false";
    expect_located(load_error("promo_step_arrival", arrival(field + value)),
                   "promo_step_arrival.lua:6",
                   std::string("promotion.") + field + " needs in_place = true");
  }
  expect_located(load_error("promo_step_bool", quiet_game(R"(check = "no")")),
                 "promo_step_bool.lua:7", "check must be true or false");
  expect_located(load_error("promo_step_dir", quiet_game(R"(step = "sideways-up")")),
                 "promo_step_dir.lua:7", "unknown direction 'sideways-up'");
}

}  // namespace
}  // namespace regula
