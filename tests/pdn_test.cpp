// PDN (Portable Draughts Notation, FMJD PDN 3.0 as documented by W. Wesselink,
// github.com/wiegerw/pdn): square numbers from each draughts script's GameType,
// moves 9-13 and 10x19x28, PDN FEN positions and PDN game records. The hand-written
// records in data/pdn say where their format comes from.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "core/movegen.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

using Rules = std::shared_ptr<const Ruleset>;

Rules bundled(const std::string& name) {
  auto r = script::load_rules(name);
  EXPECT_TRUE(r) << name << ": " << (r ? "" : r.error().text());
  return r ? *r : nullptr;
}

// The PDN name of the site named algebraic on the rules' board.
std::string square(const Rules& r, const std::string& algebraic) {
  const SiteId s = r->topology.find(algebraic);
  EXPECT_NE(s, kNoSite) << algebraic;
  return s == kNoSite ? "" : presentation_of(*r).pdn->name(r->topology, s);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string data(const std::string& name) {
  return file_text(std::string(REGULA_TEST_DATA) + "/pdn/" + name);
}

std::set<std::string> moves_of(const Rules& r, const std::string& position) {
  auto pos = read_position(r, position);
  EXPECT_TRUE(pos) << position << ": " << (pos ? "" : pos.error().text());
  if (!pos) return {};
  MoveList ml;
  legal_moves(*pos, ml);
  const std::vector<std::string> texts = move_texts(*pos, ml);
  return std::set<std::string>(texts.begin(), texts.end());
}

std::string position_error(const Rules& r, const std::string& text) {
  auto pos = read_position(r, text);
  EXPECT_FALSE(pos) << "accepted: " << text;
  return pos ? "" : pos.error().text();
}

// --- GameType and square numbers -------------------------------------------------

TEST(Pdn, GameTypeFieldsAreReadAndCheckedOneByOne) {
  auto g = parse_pdn_game_type("24,W,8,8,N1,1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->type, 24);
  EXPECT_EQ(g->first_colour, 'W');
  EXPECT_EQ(g->notation, 'N');
  EXPECT_EQ(g->corner, 1);
  EXPECT_EQ(g->invert, 1);
  EXPECT_EQ(g->text(), "24,W,8,8,N1,1");
  EXPECT_TRUE(parse_pdn_game_type("20", true));
  EXPECT_EQ(parse_pdn_game_type("20").error().text(),
            "GameType: '20' gives only the game type number; the script must give all six "
            "fields: type,colour,width,height,notation,invert (e.g. 20,W,10,10,N2,0)");
  EXPECT_EQ(parse_pdn_game_type("24,R,8,8,N1,1").error().text(),
            "GameType: the start colour must be W or B, not 'R'");
  EXPECT_EQ(parse_pdn_game_type("24,W,8,8,N4,1").error().text(),
            "GameType: the notation must be N or A followed by the corner of square 1 (0 bottom "
            "left, 1 bottom right, 2 top left, 3 top right), not 'N4'");
  EXPECT_EQ(parse_pdn_game_type("24,W,8,8,N1,2").error().text(),
            "GameType: the invert flag must be 0 or 1, not '2'");
  EXPECT_EQ(parse_pdn_game_type("x").error().text(),
            "GameType: the game type number must be a whole number, not 'x'");
}

TEST(Pdn, SpanishSquaresCountFromH1RightToLeftRowByRow) {
  Rules r = bundled("draughts/spanish");
  ASSERT_TRUE(r && presentation_of(*r).pdn);
  EXPECT_EQ(presentation_of(*r).pdn->game_type.text(), "24,W,8,8,N1,1");
  EXPECT_EQ(square(r, "h1"), "1");
  EXPECT_EQ(square(r, "b1"), "4");
  EXPECT_EQ(square(r, "g2"), "5");
  EXPECT_EQ(square(r, "a2"), "8");
  EXPECT_EQ(square(r, "h3"), "9");
  EXPECT_EQ(square(r, "a8"), "32");
  EXPECT_EQ(square(r, "a1"), "a1");                       // not a playing square: no number
  EXPECT_EQ(presentation_of(*r).pdn->colour_seat[0], 0);  // white
}

TEST(Pdn, EnglishSquaresCountFromBlacksSideWhichMovesFirst) {
  Rules r = bundled("draughts/english");
  ASSERT_TRUE(r && presentation_of(*r).pdn);
  // Black's men start on 1-12; 1 is at Black's bottom right (b8), 29 and 4 are
  // the single corners.
  EXPECT_EQ(square(r, "b8"), "1");
  EXPECT_EQ(square(r, "h8"), "4");
  EXPECT_EQ(square(r, "a7"), "5");
  EXPECT_EQ(square(r, "a1"), "29");
  EXPECT_EQ(square(r, "g1"), "32");
  EXPECT_EQ(presentation_of(*r).pdn->colour_seat[1], r->first);  // B moves first
  auto pos = Position(r);
  EXPECT_EQ(write_position(pos),
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST(Pdn, InternationalSquaresCountFromTheTopLeft) {
  Rules r = bundled("draughts/international");
  ASSERT_TRUE(r && presentation_of(*r).pdn);
  EXPECT_EQ(square(r, "b10"), "1");
  EXPECT_EQ(square(r, "j10"), "5");
  EXPECT_EQ(square(r, "a9"), "6");
  EXPECT_EQ(square(r, "a1"), "46");
  EXPECT_EQ(square(r, "i1"), "50");
  Position pos(r);
  auto back = read_position(r, "W:W31-50:B1-20");
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(*back == pos);
}

TEST(Pdn, ItalianSquaresCountFromTheTopLeftOnTheOtherColour) {
  Rules r = bundled("draughts/italian");
  ASSERT_TRUE(r && presentation_of(*r).pdn);
  EXPECT_EQ(square(r, "a8"), "1");
  EXPECT_EQ(square(r, "g8"), "4");
  EXPECT_EQ(square(r, "b7"), "5");
  EXPECT_EQ(square(r, "b1"), "29");
  EXPECT_EQ(square(r, "h1"), "32");
  EXPECT_EQ(write_position(Position(r)),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

TEST(Pdn, AlgebraicNotationNamesSquaresFromItsCorner) {
  // A GameType with algebraic notation (as Russian draughts has, 25,W,8,8,A0,0),
  // and one whose a1 is the first mover's top right.
  const std::string base = R"(local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)
return draughts.game { title = "t", size = 8,
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "diagonal", flying_kings = true, capture = "max",
  pdn = { game_type = "GT", capture = ":" } })";
  auto with = [&](const std::string& gt) {
    std::string t = base;
    t.replace(t.find("GT"), 2, gt);
    return t;
  };
  Rules a0 = test_support::load("pdn_a0", with("25,W,8,8,A0,0"));
  ASSERT_TRUE(a0);
  EXPECT_EQ(square(a0, "a1"), "a1");
  EXPECT_EQ(square(a0, "h8"), "h8");
  EXPECT_EQ(write_position(Position(a0)).substr(0, 17), "W:Wa1,a3,b2,c1,c3");
  EXPECT_TRUE(moves_of(a0, "W:Wc3:Bd4").count("c3:e5"));
  Rules a3 = test_support::load("pdn_a3", with("25,W,8,8,A3,0"));
  ASSERT_TRUE(a3);
  EXPECT_EQ(square(a3, "h8"), "a1");
  EXPECT_EQ(square(a3, "a1"), "h8");
  // The invert flag must fit the setup; the board must fit the size.
  const Error inverted = test_support::load_error("pdn_inv", with("25,W,8,8,A0,1"));
  EXPECT_NE(inverted.what.find(", where the setup puts a piece: the invert flag says the first "
                               "mover's bottom-left corner is not a playing square"),
            std::string::npos)
      << inverted.text();
  const Error size = test_support::load_error("pdn_size", with("20,W,10,10,N2,0"));
  EXPECT_NE(size.what.find("is for a 10x10 board; this board is 8x8"), std::string::npos)
      << size.text();
}

// --- moves ------------------------------------------------------------------------

TEST(Pdn, SpanishFirstMovesAreWrittenInSquareNumbers) {
  Rules r = bundled("draughts/spanish");
  ASSERT_TRUE(r);
  EXPECT_EQ(moves_of(r, write_position(Position(r))),
            (std::set<std::string>{"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"}));
}

TEST(Pdn, CapturesNameEveryLandingAndParseInEveryForm) {
  Rules r = bundled("draughts/english");
  ASSERT_TRUE(r);
  // A white man on 30 (c1); black men on 25, 26 and 18: one capture of two pieces
  // (30x23x14) and one of one (30x21), free to choose.
  auto pos = read_position(r, "W:W30:B18,25,26");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(moves_of(r, "W:W30:B18,25,26"), (std::set<std::string>{"30x21", "30x23x14"}));
  for (const char* text : {"30x23x14", "30x14", "30-14", "c1xe3xc5", "c1xc5", "c1c5", "30x14!"}) {
    auto m = parse_move(*pos, text);
    ASSERT_TRUE(m) << text << ": " << m.error().text();
    EXPECT_EQ(move_text(*pos, *m), "30x23x14") << text;
  }
  const std::string wrong = parse_move(*pos, "30x22").error().text();
  EXPECT_EQ(wrong.rfind("move: no legal move 30x22: out of reach: a man cannot move from 30 to "
                        "22; legal moves from 30: ",
                        0),
            0u)
      << wrong;
  EXPECT_NE(wrong.find("; legal moves from 30: "), std::string::npos) << wrong;
  EXPECT_NE(wrong.find(" 30x21"), std::string::npos) << wrong;
  EXPECT_NE(wrong.find(" 30x23x14"), std::string::npos) << wrong;
  EXPECT_EQ(parse_move(*pos, "30x33").error().text(),
            "move: no legal move 30x33: there is no square 33 (the squares are numbered 1 to 32)");
}

TEST(Pdn, ACaptureByItsEndsAloneIsAmbiguousWhenTwoFit) {
  Rules r = bundled("draughts/english");
  ASSERT_TRUE(r);
  // Black men on 17, 18, 25, 26 around the white man on 30: two ways to 14.
  auto pos = read_position(r, "W:W30:B17,18,25,26");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(moves_of(r, "W:W30:B17,18,25,26"), (std::set<std::string>{"30x21x14", "30x23x14"}));
  auto short_form = parse_move(*pos, "30x14");
  ASSERT_FALSE(short_form);
  const std::string e = short_form.error().text();
  EXPECT_TRUE(e == "move: '30x14' is ambiguous; it could be: 30x21x14 30x23x14" ||
              e == "move: '30x14' is ambiguous; it could be: 30x23x14 30x21x14")
      << e;
  std::vector<std::string> choices = move_choices(*pos, "30x14");
  std::sort(choices.begin(), choices.end());
  EXPECT_EQ(choices, (std::vector<std::string>{"30x21x14", "30x23x14"}));
  // A landing between the ends tells them apart.
  auto via = parse_move(*pos, "30x21x14");
  ASSERT_TRUE(via);
  EXPECT_EQ(move_text(*pos, *via), "30x21x14");
  auto via_short = parse_move(*pos, "30x23x14");
  ASSERT_TRUE(via_short);
  EXPECT_EQ(move_text(*pos, *via_short), "30x23x14");
}

TEST(Pdn, AFlyingKingsCircleIsOneCaptureTypedByItsEnds) {
  Rules r = bundled("draughts/international");
  ASSERT_TRUE(r);
  // A white king on 47 (c1) and black men on 41, 42, 31, 32 (b2, d2, b4, d4): the
  // king goes round them and comes back to 47. Either way round takes the same
  // four men and ends on the same square: one move, whose ends alone name it.
  auto pos = read_position(r, "W:WK47:B31,32,41,42");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(moves_of(r, "W:WK47:B31,32,41,42"), (std::set<std::string>{"47x38x27x36x47"}));
  for (const char* text : {"47x47", "47x38x27x36x47", "47x27x47"}) {
    auto m = parse_move(*pos, text);
    ASSERT_TRUE(m) << text << ": " << m.error().text();
    EXPECT_EQ(move_text(*pos, *m), "47x38x27x36x47") << text;
    EXPECT_EQ(m->ncap, 4) << text;
  }
}

// --- positions --------------------------------------------------------------------

TEST(Pdn, PdnFenRoundTripsWithKingsRangesAndAFinalDot) {
  Rules r = bundled("draughts/spanish");
  ASSERT_TRUE(r);
  auto pos = read_position(r, "B:W1-3,K10:BK20,30-32.");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_EQ(write_position(*pos), "B:W1,2,3,K10:B30,31,32,K20");
  auto back = read_position(r, write_position(*pos));
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == *pos);
  // The generic form still reads, and means the same.
  auto generic = read_position(r, "8/8/8/8/8/8/8/5M1M white");
  ASSERT_TRUE(generic) << generic.error().text();
  EXPECT_EQ(write_position(*generic), "W:W1,2:B");
  // Counters the PDN FEN cannot say follow it, and come back.
  Game game(r);
  for (const char* m : {"9-13", "21-17", "13-18", "22x13"}) ASSERT_TRUE(game.play_text(m)) << m;
  const std::string text = write_position(game.position());
  EXPECT_EQ(text.substr(0, text.find(' ')),
            "W:W1,2,3,4,5,6,7,8,10,11,12:B13,17,23,24,25,26,27,28,29,30,31,32");
  auto again = read_position(r, text);
  ASSERT_TRUE(again) << again.error().text();
  EXPECT_TRUE(*again == game.position()) << text;
}

TEST(Pdn, MalformedPdnFenSaysWhichFieldIsWrong) {
  Rules r = bundled("draughts/spanish");
  ASSERT_TRUE(r);
  EXPECT_EQ(position_error(r, "X:W1:B2"),
            "position: PDN FEN: the side to move must be W or B, not 'X'");
  EXPECT_EQ(position_error(r, "W:W1:R2"),
            "position: PDN FEN: each colour's squares start with W or B, not 'R'");
  EXPECT_EQ(position_error(r, "W:W1:B33"),
            "position: PDN FEN: B: no square '33' (the squares are numbered 1 to 32)");
  EXPECT_EQ(position_error(r, "W:W0:B2"),
            "position: PDN FEN: W: no square '0' (the squares are numbered 1 to 32)");
  EXPECT_EQ(position_error(r, "W:Wx:B2"),
            "position: PDN FEN: W: no square 'x' (the squares are numbered 1 to 32)");
  EXPECT_EQ(position_error(r, "W:W1,,2:B3"), "position: PDN FEN: W: an empty square in '1,,2'");
  EXPECT_EQ(position_error(r, "W:W1,2:B2"), "position: PDN FEN: square 2 is given twice");
  EXPECT_EQ(position_error(r, "W:W1,1:B2"), "position: PDN FEN: square 1 is given twice");
  EXPECT_EQ(position_error(r, "W:W1:B2:W3"), "position: PDN FEN: the squares of W are given twice");
  EXPECT_EQ(position_error(r, "W:W5-3:B9"), "position: PDN FEN: W: the range '5-3' runs backwards");
  EXPECT_EQ(position_error(r, "W:W1-40:B9"),
            "position: PDN FEN: W: '1-40' is not a range of squares (they are numbered 1 to 32)");
  EXPECT_EQ(position_error(r, "W:W1-13:B32"),
            "position: PDN FEN: W has more than the 12 pieces a side starts with");
  EXPECT_EQ(position_error(r, "W:W1:B2 bogus"), "position: expected key=value, got 'bogus'");
}

TEST(Pdn, RandomPdnTextNeverCrashesAndWhatReadsWritesBack) {
  // Texts made of PDN's own characters: every one is read or refused, and a
  // position that reads comes back the same from what is written for it.
  const std::string alphabet = "WBK?:,-.0123456789 x";
  std::mt19937 rng(7);
  for (const char* name : {"draughts/spanish", "draughts/international"}) {
    Rules r = bundled(name);
    ASSERT_TRUE(r);
    int read = 0;
    for (int i = 0; i < 20000; ++i) {
      std::string text = i % 2 ? "W:" : "B:W";
      const int n = static_cast<int>(rng() % 24);
      for (int k = 0; k < n; ++k) text += alphabet[rng() % alphabet.size()];
      auto pos = read_position(r, text);
      if (!pos) continue;
      ++read;
      auto back = read_position(r, write_position(*pos));
      ASSERT_TRUE(back) << text << " -> " << write_position(*pos);
      EXPECT_TRUE(*back == *pos) << text;
    }
    EXPECT_GT(read, 100) << name;
  }
  // And move text and records of the same characters.
  Rules r = bundled("draughts/international");
  Position start(r);
  const std::string moves = "0123456789x-:()!?{}$ .*";
  for (int i = 0; i < 5000; ++i) {
    std::string text;
    const int n = static_cast<int>(rng() % 30);
    for (int k = 0; k < n; ++k) text += moves[rng() % moves.size()];
    (void)parse_move(start, text);
    (void)read_records("[GameType \"20\"]\n" + text, script::named_rules_loader(),
                       "draughts/international");
  }
}

// --- records ----------------------------------------------------------------------

script::SearchPath no_path() {
  return {};
}

TEST(Pdn, RecordsAreWrittenInPdnAndReadBackTheSame) {
  Rules r = bundled("draughts/spanish");
  ASSERT_TRUE(r);
  Game game(r);
  for (const char* m :
       {"10-14", "23-19", "14x23", "27x20", "11-14", "22-18", "6-10", "18x11", "7x14"})
    ASSERT_TRUE(game.play_text(m)) << m;
  ASSERT_FALSE(game.resign(1));
  const std::string text = write_record(game, {{"White", "Ana"}, {"Black", "Luis"}});
  EXPECT_EQ(text,
            "[Event \"regula game\"]\n[White \"Ana\"]\n[Black \"Luis\"]\n[Date \"????.??.??\"]\n"
            "[Rules \"draughts/spanish\"]\n[GameType \"24,W,8,8,N1,1\"]\n"
            "[Options \"three-kings=on-diagonal, three-kings-count=each-move\"]\n"
            "[Result \"2-0\"]\n"
            "[Termination \"black resigns\"]\n[Captured \"white 2, black 2\"]\n\n"
            "1. 10-14 23-19 2. 14x23 27x20 3. 11-14 22-18 4. 6-10 18x11 5. 7x14 2-0\n");
  auto back = read_record(text, script::named_rules_loader());
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(back->position() == game.position());
  EXPECT_EQ(record_result(*back), "2-0");
  EXPECT_EQ(write_record(*back, {{"White", "Ana"}, {"Black", "Luis"}}), text);
  // From a position of its own: the FEN tag in PDN FEN.
  auto from = Game::from_position(r, "W:W10,K1:B20,21");
  ASSERT_TRUE(from) << from.error().text();
  ASSERT_TRUE(from->play_text("10-14"));
  const std::string set_up = write_record(*from);
  EXPECT_NE(set_up.find("[FEN \"W:W10,K1:B20,21\"]"), std::string::npos) << set_up;
  auto again = read_record(set_up, script::named_rules_loader());
  ASSERT_TRUE(again) << again.error().text();
  EXPECT_EQ(write_record(*again), set_up);
}

TEST(Pdn, HandWrittenSpanishGameReplaysToItsResult) {
  auto games =
      read_records(data("spanish.pdn"), script::named_rules_loader(no_path()), "draughts/spanish");
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 1u);
  const Game& g = games->front();
  EXPECT_EQ(g.turns().size(), 14u);
  EXPECT_EQ(record_result(g), "1-1");
  EXPECT_EQ(g.result().reason, "draw agreed");
}

TEST(Pdn, HandWrittenEnglishGameReplaysToItsResult) {
  auto games =
      read_records(data("english.pdn"), script::named_rules_loader(no_path()), "draughts/english");
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 1u);
  const Game& g = games->front();
  EXPECT_EQ(g.turns().size(), 12u);
  EXPECT_EQ(g.turns().front().text, "11-15");
  EXPECT_EQ(record_result(g), "0-2");
}

TEST(Pdn, HandWrittenInternationalGameReplaysToItsResult) {
  auto games = read_records(data("international.pdn"), script::named_rules_loader(no_path()),
                            "draughts/international");
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 1u);
  EXPECT_EQ(games->front().turns().size(), 12u);
  EXPECT_EQ(record_result(games->front()), "2-0");
}

TEST(Pdn, AFileOfSeveralGamesWithCommentsAndVariationsReplaysEach) {
  auto games = read_records(data("several.pdn"), script::named_rules_loader(no_path()),
                            "draughts/international");
  ASSERT_TRUE(games) << games.error().text();
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ(record_result((*games)[0]), "2-0");
  EXPECT_EQ((*games)[0].turns().size(), 6u);
  EXPECT_EQ(record_result((*games)[1]), "0-2");
  EXPECT_EQ((*games)[1].turns().size(), 4u);
  EXPECT_EQ(record_result((*games)[2]), "1-1");
  EXPECT_EQ((*games)[2].turns().size(), 3u);
  // The third game starts from its own position.
  EXPECT_FALSE((*games)[2].from_start());
}

TEST(Pdn, GameTypeOfAnotherGameIsRefused) {
  auto wrong =
      read_records(data("english.pdn"), script::named_rules_loader(no_path()), "draughts/spanish");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().text(),
            "record: [GameType \"21\"] names another game than draughts/spanish, whose "
            "GameType is 24,W,8,8,N1,1");
  // Some sites write another corner for international draughts (N1) with the
  // usual numbers: the game number and board decide, and the moves are checked.
  auto site = read_records("[GameType \"20,W,10,10,N1,0\"]\n1. 32-28 18-23 *\n",
                           script::named_rules_loader(no_path()), "draughts/international");
  ASSERT_TRUE(site) << site.error().text();
  EXPECT_EQ(site->front().turns().size(), 2u);
  auto board = read_records("[GameType \"20,W,8,8,N2,0\"]\n1. 32-28 *\n",
                            script::named_rules_loader(no_path()), "draughts/international");
  ASSERT_FALSE(board);
  EXPECT_NE(board.error().what.find("names another game than draughts/international"),
            std::string::npos);
  auto none =
      read_records("[GameType \"20\"]\n1. 32-28 *\n", script::named_rules_loader(no_path()));
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().what.find("no [Rules] tag (a PDN game from elsewhere"), std::string::npos);
  auto bad_variation =
      read_records("[GameType \"20\"]\n1. 32-28 (33-28 *\n", script::named_rules_loader(no_path()),
                   "draughts/international");
  ASSERT_FALSE(bad_variation);
  EXPECT_EQ(bad_variation.error().text(),
            "record:2:10: the variation opened here ('(') is never closed");
  auto contradicted = read_records("[GameType \"20\"]\n[FEN \"W:W28:B23\"]\n1. 28x19 0-2\n",
                                   script::named_rules_loader(no_path()), "draughts/international");
  ASSERT_FALSE(contradicted);
  EXPECT_EQ(contradicted.error().where, "record:3:10");
  EXPECT_NE(contradicted.error().what.find("the record states the result 0-2 after its moves, but "
                                           "its moves end the game 2-0"),
            std::string::npos)
      << contradicted.error().text();
}

// --- the command line ----------------------------------------------------------------

TEST(PdnCli, ReplayReadsEachGameOfAPdnFileFromElsewhere) {
  const std::string dir = std::string(REGULA_TEST_DATA) + "/pdn/";
  // No [Rules] tag: the GameType finds the script.
  test_support::CliRun several = test_support::run("replay " + dir + "several.pdn");
  EXPECT_EQ(several.code, 0) << several.out;
  EXPECT_NE(several.out.find("game 1\nInternational draughts\nmoves: 6\n"), std::string::npos)
      << several.out;
  EXPECT_NE(several.out.find("result: 2-0 (black resigns, as the record states)\n\ngame 2\n"),
            std::string::npos)
      << several.out;
  EXPECT_NE(
      several.out.find(
          "position: B:W24,K46:B21,K5 ply=3\nresult: 1-1 (draw agreed, as the record states)"),
      std::string::npos)
      << several.out;
  test_support::CliRun spanish = test_support::run("replay " + dir + "spanish.pdn");
  EXPECT_EQ(spanish.code, 0) << spanish.out;
  EXPECT_NE(spanish.out.find("Spanish draughts\nmoves: 14\n"), std::string::npos) << spanish.out;
  test_support::CliRun wrong =
      test_support::run("replay --rules draughts/italian " + dir + "english.pdn");
  EXPECT_EQ(wrong.code, 1) << wrong.out;
  EXPECT_NE(wrong.out.find("[GameType \"21\"] names another game than draughts/italian"),
            std::string::npos)
      << wrong.out;
}

TEST(PdnCli, PlayDrawsTheSquareNumbersAndAsksWhichCaptureWasMeant) {
  test_support::CliRun numbers =
      test_support::run("play draughts/spanish --seat black=human", "numbers\n9-13\nquit\n");
  EXPECT_EQ(numbers.code, 0) << numbers.out;
  // Beside rank 1: the numbers of h1 (1) to b1 (4), right to left.
  EXPECT_NE(numbers.out.find(".  4  .  3  .  2  .  1\n"), std::string::npos) << numbers.out;
  EXPECT_NE(numbers.out.find("black to move"), std::string::npos) << numbers.out;
  test_support::CliRun asked =
      test_support::run("play draughts/english --seat white=human --position W:W30,K1:B17,18,25,26",
                        "30x14\n30x21x14\nquit\n");
  EXPECT_EQ(asked.code, 0) << asked.out;
  EXPECT_NE(asked.out.find("30x14 could be:\n"), std::string::npos) << asked.out;
  EXPECT_NE(asked.out.find("which one (number or move)?"), std::string::npos) << asked.out;
  EXPECT_NE(asked.out.find("captured: black 0, white 2"), std::string::npos) << asked.out;
  // Move lists and perft's division are in PDN too, and info names the GameType.
  test_support::CliRun divide = test_support::run("perft draughts/spanish 2 --divide");
  EXPECT_EQ(divide.code, 0) << divide.out;
  EXPECT_NE(divide.out.find("9-13 7\n"), std::string::npos) << divide.out;
  test_support::CliRun info = test_support::run("info draughts/international");
  EXPECT_NE(info.out.find("notation: PDN, GameType 20,W,10,10,N2,0 (squares 1 to 50)\n"),
            std::string::npos)
      << info.out;
  test_support::CliRun help = test_support::run("play --help");
  EXPECT_NE(help.out.find("--numbers"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace regula
