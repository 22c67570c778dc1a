// PGN (session/pgn.h): the records of the scripts that write SAN, as other chess
// programs read them, and read back by regula.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "notation/position_string.h"
#include "script/loader.h"
#include "script/variants.h"
#include "session/game.h"
#include "session/pgn.h"
#include "session/time_control_text.h"

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

// The SAN of each turn of a game, joined by spaces.
std::string san_line(const Game& g) {
  std::string out;
  for (const NumberedTurn& t : numbered_turns(g)) out += (out.empty() ? "" : " ") + t.text;
  return out;
}

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(REGULA_TEST_DATA) + "/pgn/" + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The error of reading a PGN text of chess games.
std::string pgn_error(const std::string& text) {
  auto games = read_pgn(text, script::named_rules_loader(), "chess/orthodox");
  return games ? "" : games.error().text();
}

TEST(Pgn, ReadsTheMainLineOfAnnotatedGamesFromElsewhere) {
  // Variations (nested), comments of both kinds, NAGs, suffix annotations,
  // escape lines and "3..." move numbers: the main line is played, the rest left out.
  const std::string text = data_file("annotated.pgn");
  const auto names = script::bundled_script_names_of_variant(pgn_variant(text));
  const std::string rules = pgn_rules_for(text, names, script::named_rules_loader());
  EXPECT_EQ(rules, "chess/orthodox");
  auto games = read_pgn(text, script::named_rules_loader(), rules);
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ(san_line((*games)[0]),
            "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 "
            "Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#");
  EXPECT_EQ((*games)[0].result().score() + " " + (*games)[0].result().reason, "1-0 checkmate");
  EXPECT_EQ(san_line((*games)[1]), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
  EXPECT_EQ((*games)[1].result().score(), "1-0");
}

TEST(Pgn, AnErrorNamesTheGameTheLineTheColumnAndWhatWasExpected) {
  const std::string two =
      "[Result \"*\"]\n\n1. e4 e5 *\n\n[Result \"*\"]\n\n1. d4 (1. e4) d5\n2. Qd8 *\n";
  EXPECT_EQ(pgn_error(two),
            "record:8:4: game 2, move 3 (Qd8): no legal move Qd8; legal moves: Nc3 Nd2 Na3 Bd2 "
            "Be3 Bf4 Bg5 Bh6 Qd2 Qd3 Kd2 Nh3 Nf3 a3 a4 b3 b4 c3 c4 e3 e4 f3 f4 g3 g4 h3 h4");
  EXPECT_EQ(pgn_error("1. e4 (1. d4 (1. c4) e5\n"),
            "record:1:7: the variation opened here ('(') is never closed");
  EXPECT_EQ(pgn_error("1. e4 e5)\n"), "record:1:9: ')' closes no variation");
  EXPECT_EQ(pgn_error("1. e4 $256 e5\n"),
            "record:1:7: '$256' is no NAG (expected $ and a number from 0 to 255)");
  EXPECT_EQ(pgn_error("1. e4 e5 {never closed\n2. Nf3\n"),
            "record:1:10: the comment opened here ('{') is never closed");
}

TEST(Pgn, TheTimeControlTagRoundTrips) {
  for (const char* text :
       {"300", "300+2", "40/5400:1800", "40/5400+30:1800+30", "-", "?", "0.5+0.5"}) {
    auto control = parse_pgn_time_control(text);
    ASSERT_TRUE(control) << text << ": " << control.error().text();
    EXPECT_EQ(pgn_time_control_text(*control), text);
  }
  auto increment = parse_pgn_time_control("300+2");
  ASSERT_TRUE(increment && *increment);
  EXPECT_EQ((*increment)->periods, (std::vector<TimePeriod>{{0, 300000, 2000}}));
  auto periods = parse_pgn_time_control("40/5400:1800");
  ASSERT_TRUE(periods && *periods);
  EXPECT_EQ((*periods)->periods, (std::vector<TimePeriod>{{40, 5400000, 0}, {0, 1800000, 0}}));
  EXPECT_FALSE(*parse_pgn_time_control("?"));
  EXPECT_FALSE((*parse_pgn_time_control("-"))->timed());
}

TEST(Pgn, ABadTimeControlIsRefusedWithTheReason) {
  const std::string form =
      " (PGN's TimeControl: periods [MOVES/]SECONDS[+INCREMENT] joined by ':', as 300, 300+2 or "
      "40/5400+30:1800+30; - for no clock, ? when not known)";
  EXPECT_EQ(parse_pgn_time_control("40/5400:5m").error().text(),
            "TimeControl: period 2 (5m): '5m' is not a number of seconds above 0 and at most "
            "600000" +
                form);
  EXPECT_EQ(parse_pgn_time_control("300:60").error().text(),
            "TimeControl: period 1 has no number of moves, so it lasts the rest of the game: no "
            "period can follow it" +
                form);
  EXPECT_EQ(
      parse_pgn_time_control("*60").error().text(),
      "TimeControl: period 1 (*60): a sandclock (*SECONDS) is not a clock regula keeps" + form);
  // In a record, where the tag is.
  EXPECT_EQ(pgn_error("[Event \"x\"]\n[TimeControl \"0/60\"]\n\n1. e4 *\n"),
            "record:2: [TimeControl \"0/60\"]: period 1 (0/60): '0' is not a number "
            "of moves from 1 to 1000" +
                form);
}

TEST(Pgn, AGameUnderAClockKeepsItsTimeControlTag) {
  Game g = played(bundled("chess/orthodox"), {"e4"});
  const std::string text = write_pgn(g, {{"TimeControl", "40/5400+30:1800+30"}});
  EXPECT_NE(text.find("[Result \"*\"]\n[TimeControl \"40/5400+30:1800+30\"]\n"), std::string::npos);
  auto tags = read_record_tags(text);
  ASSERT_TRUE(tags);
  std::string control;
  for (const auto& [k, v] : *tags)
    if (k == "TimeControl") control = v;
  EXPECT_EQ(control, "40/5400+30:1800+30");
}

}  // namespace
}  // namespace regula
