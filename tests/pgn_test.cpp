// PGN (session/pgn.h): the records of the scripts that write SAN, as other chess
// programs read them, and read back by regula.
#include <gtest/gtest.h>

#include <string>

#include "notation/position_string.h"
#include "script/loader.h"
#include "session/game.h"
#include "session/pgn.h"

namespace regula {
namespace {

using Rules = std::shared_ptr<const Ruleset>;

Rules bundled(const std::string& name) {
  auto r = script::load_rules(name);
  EXPECT_TRUE(r) << name << ": " << (r ? "" : r.error().text());
  return r ? *r : nullptr;
}

Game played(const Rules& rules, std::initializer_list<const char*> moves,
            const std::string& start = "") {
  Game g(rules);
  if (!start.empty()) g = *Game::from_position(rules, start);
  for (const char* m : moves) EXPECT_TRUE(g.play_text(m)) << m;
  return g;
}

TEST(Pgn, WritesTheRosterSanMovesAndTheResult) {
  Game g = played(bundled("chess/orthodox"), {"f2f3", "e5", "g4", "Qh4"});
  EXPECT_EQ(write_pgn(g, {{"White", "Ann"}, {"Annotator", "regula"}}),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White "
            "\"Ann\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Annotator \"regula\"]\n[Rules "
            "\"chess/orthodox\"]\n\n1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n");
}

TEST(Pgn, NamesTheVariantAndTheSetUpAndNumbersFromTheFen) {
  Game g = played(bundled("chess/shatranj"), {"e3"});
  EXPECT_NE(write_pgn(g).find("[Result \"*\"]\n[Variant \"shatranj\"]\n"), std::string::npos);
  Game f =
      played(bundled("chess/orthodox"), {"Kf8", "h3"}, "6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30");
  const std::string text = write_pgn(f);
  EXPECT_NE(text.find("[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30\"]\n"),
            std::string::npos);
  EXPECT_EQ(text.substr(text.find("\n\n")), "\n\n30... Kf8 31. h3 *\n");
}

TEST(Pgn, KeepsLinesUnderEightyColumns) {
  // Fischer-Spassky, 1992, game 1, its first twenty moves.
  Game g = played(bundled("chess/orthodox"),
                  {"e4",  "e5", "Nf3",  "Nc6",  "Bb5",  "a6",   "Ba4",  "Nf6", "O-O",  "Be7",
                   "Re1", "b5", "Bb3",  "d6",   "c3",   "O-O",  "h3",   "Nb8", "d4",   "Nbd7",
                   "c4",  "c6", "cxb5", "axb5", "Nc3",  "Bb7",  "Bg5",  "b4",  "Nb1",  "h6",
                   "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6"});
  const std::string text = write_pgn(g);
  const std::string moves = text.substr(text.find("\n\n") + 2);
  EXPECT_EQ(moves,
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n"
            "O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15.\n"
            "Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 *\n");
}

TEST(Pgn, ReadsItsOwnFileBackWithTheResult) {
  Game g = played(bundled("chess/orthodox"), {"e4", "e5"});
  ASSERT_FALSE(g.resign(0));
  auto back = read_pgn(write_pgn(g), script::named_rules_loader());
  ASSERT_TRUE(back) << back.error().text();
  ASSERT_EQ(back->size(), 1u);
  EXPECT_EQ((*back)[0].turns().size(), 2u);
  EXPECT_EQ((*back)[0].result().score(), "0-1");
  EXPECT_EQ((*back)[0].result().reason, "white resigns");
}

TEST(Pgn, AResultTheMovesDoNotReachIsThePlayersWordInEachGame) {
  const std::string text =
      "[Rules \"chess/orthodox\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {a [bracket]} e5 1/2-1/2\n\n"
      "[Rules \"chess/orthodox\"]\n[Result \"1-0\"]\n\n1. d4 1-0\n";
  auto games = read_pgn(text, script::named_rules_loader());
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].result().reason, "draw agreed");
  EXPECT_EQ((*games)[1].result().reason, "black resigns");
}

TEST(Pgn, FindsTheScriptOfAFileFromElsewhereByItsVariant) {
  const auto names = script::bundled_script_names();
  const auto load = script::named_rules_loader();
  EXPECT_EQ(pgn_rules_for("[Event \"x\"]\n\n1. e4 *\n", names, load), "chess/orthodox");
  EXPECT_EQ(pgn_rules_for("[Variant \"Standard\"]\n\n1. e4 *\n", names, load), "chess/orthodox");
  EXPECT_EQ(pgn_rules_for("[Variant \"makruk\"]\n\n1. e4 *\n", names, load), "chess/makruk");
  EXPECT_EQ(pgn_rules_for("[Variant \"nosuchgame\"]\n\n*\n", names, load), "");
  EXPECT_EQ(pgn_rules_for("[Rules \"chess/shatranj\"]\n\n*\n", names, load), "");
}

}  // namespace
}  // namespace regula
