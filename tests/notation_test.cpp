// Position strings, move text and SAN, move parsing, and game records.
#include <gtest/gtest.h>

#include <random>

#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

std::shared_ptr<const Ruleset> chess() {
  static auto rules = script::load_rules("chess/orthodox");
  EXPECT_TRUE(rules) << rules.error().text();
  return *rules;
}

Position fen(const std::string& text) {
  auto pos = read_position(chess(), text);
  EXPECT_TRUE(pos) << pos.error().text();
  return pos ? *pos : Position(chess());
}

Move find(Position& pos, const std::string& text) {
  auto m = parse_move(pos, text);
  EXPECT_TRUE(m) << m.error().text();
  return m ? *m : Move{};
}

TEST(PositionString, ChessStartIsStandardFen) {
  Position pos(chess());
  EXPECT_EQ(write_position(pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  auto back = read_position(chess(), write_position(pos));
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(*back == pos);
}

TEST(PositionString, KnownFensComeBackUnchanged) {
  for (const char* text : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
           "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
           "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
           "4k3/8/8/8/8/8/8/4K2R b K - 12 40",
       }) {
    EXPECT_EQ(write_position(fen(text)), text);
  }
}

TEST(PositionString, FenSetsFlagsFromCastlingRights) {
  Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
  const Topology& t = chess()->topology;
  EXPECT_FALSE(pos.flags(t.find("e1")) & kFlagMoved);
  EXPECT_FALSE(pos.flags(t.find("h1")) & kFlagMoved);
  EXPECT_TRUE(pos.flags(t.find("a1")) & kFlagMoved);
  EXPECT_TRUE(pos.flags(t.find("h8")) & kFlagMoved);
  EXPECT_FALSE(pos.flags(t.find("a8")) & kFlagMoved);
  EXPECT_EQ(pos.global(kPly), 0);
  EXPECT_EQ(fen("4k3/8/8/8/8/8/8/4K3 b - - 3 7").global(kPly), 13);
}

TEST(PositionString, MalformedFenIsAnError) {
  for (const char* text : {
           "",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
           "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
           "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bogus=3",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 captured=1",
           "(rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
       }) {
    auto pos = read_position(chess(), text);
    EXPECT_FALSE(pos) << "accepted: " << text;
    if (!pos) {
      EXPECT_FALSE(pos.error().what.empty());
    }
  }
}

// Every bundled script: random games from the start, and at every position the
// position string reads back to an equal position.
TEST(PositionString, RoundTripsInRandomGamesOfEveryScript) {
  auto scripts = script::bundled_scripts();
  ASSERT_FALSE(scripts.empty());
  for (auto& info : scripts) {
    auto rules = script::load_rules(info.name);
    ASSERT_TRUE(rules) << rules.error().text();
    std::mt19937_64 rng(7);
    for (int game = 0; game < 4; ++game) {
      Position pos(*rules);
      for (int ply = 0; ply < 300; ++ply) {
        std::string text = write_position(pos);
        auto back = read_position(*rules, text);
        ASSERT_TRUE(back) << info.name << ": " << text << ": " << back.error().text();
        ASSERT_TRUE(*back == pos) << info.name << " ply " << ply << ": " << text << " -> "
                                  << write_position(*back);
        if (game_result(pos).over) break;
        MoveList moves;
        legal_moves(pos, moves);
        if (moves.empty()) break;
        Undo u;
        pos.make(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)], u);
      }
    }
  }
}

TEST(MoveText, LongForm) {
  Position start(chess());
  EXPECT_EQ(move_text(start, find(start, "e2e4")), "e2e4");
  Position promo = fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  EXPECT_EQ(move_text(promo, find(promo, "e8=Q")), "e7e8=Q");
  EXPECT_EQ(move_text(promo, find(promo, "e7e8n")), "e7e8=N");
  Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(move_text(castle, find(castle, "O-O")), "e1g1");
  EXPECT_EQ(move_text(castle, find(castle, "0-0-0")), "e1c1");
}

TEST(MoveText, San) {
  Position start(chess());
  EXPECT_EQ(move_san(start, find(start, "g1f3")), "Nf3");
  EXPECT_EQ(move_san(start, find(start, "e2e4")), "e4");
  Position cap = fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  EXPECT_EQ(move_san(cap, find(cap, "e4d5")), "exd5");
  Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(move_san(castle, find(castle, "e1g1")), "O-O");
  EXPECT_EQ(move_san(castle, find(castle, "e1c1")), "O-O-O");
  Position promo = fen("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(move_san(promo, find(promo, "e7e8=Q")), "e8=Q+");
  Position mate = fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  EXPECT_EQ(move_san(mate, find(mate, "f3f7")), "Qxf7#");
  // Two knights can reach d2: the file tells them apart.
  Position two = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  EXPECT_EQ(move_san(two, find(two, "b1d2")), "Nbd2");
  Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(move_san(ep, find(ep, "e5d6")), "exd6");
}

TEST(MoveText, ParseAcceptsCommonSpellings) {
  Position start(chess());
  for (const char* text : {"e2e4", "e4", "e2-e4", "E2E4", " e4 "}) {
    auto m = parse_move(start, text);
    ASSERT_TRUE(m) << text << ": " << m.error().text();
    EXPECT_EQ(move_text(start, *m), "e2e4");
  }
  EXPECT_TRUE(parse_move(start, "Nf3"));
}

TEST(MoveText, ParseErrorsExplain) {
  Position start(chess());
  auto m = parse_move(start, "e2e5");
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().what.find("no legal move e2e5"), std::string::npos) << m.error().what;
  EXPECT_NE(m.error().what.find("legal moves from e2: e2e3 e2e4"), std::string::npos)
      << m.error().what;
  auto empty = parse_move(start, "e4e5");
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().what.find("e4 is empty"), std::string::npos) << empty.error().what;
  EXPECT_FALSE(parse_move(start, ""));
  EXPECT_FALSE(parse_move(start, "hello"));
  EXPECT_FALSE(parse_move(start, "Qh5"));
  Position two = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  auto amb = parse_move(two, "Nd2");
  ASSERT_FALSE(amb);
  EXPECT_NE(amb.error().what.find("ambiguous"), std::string::npos) << amb.error().what;
}

// Every move of random games has a text that parses back to the same move.
TEST(MoveText, TextParsesBackInEveryScript) {
  for (auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    ASSERT_TRUE(rules) << rules.error().text();
    std::mt19937_64 rng(11);
    Position pos(*rules);
    for (int ply = 0; ply < 120 && !game_result(pos).over; ++ply) {
      MoveList moves;
      legal_moves(pos, moves);
      if (moves.empty()) break;
      for (const Move& m : moves) {
        std::string text = move_text(pos, m);
        auto back = parse_move(pos, text);
        ASSERT_TRUE(back) << info.name << ": " << text << ": " << back.error().text();
        EXPECT_EQ(move_text(pos, *back), text) << info.name;
      }
      Undo u;
      pos.make(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)], u);
    }
  }
}

TEST(GameRecord, WrittenRecordLoadsInEveryScript) {
  for (auto& info : script::bundled_scripts()) {
    auto rules = script::load_rules(info.name);
    ASSERT_TRUE(rules) << rules.error().text();
    std::mt19937_64 rng(3);
    Game game(*rules);
    for (int ply = 0; ply < 400 && !game.over(); ++ply) {
      MoveList moves = game.legal_moves();
      if (moves.empty()) break;
      ASSERT_FALSE(game.play(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)]));
    }
    std::string record = write_record(game, {{"Event", "test"}});
    auto back = read_record(record, script::named_rules_loader());
    ASSERT_TRUE(back) << info.name << ": " << back.error().text() << "\n" << record;
    EXPECT_TRUE(back->position() == game.position()) << info.name;
    EXPECT_EQ(back->history().size(), game.history().size());
    EXPECT_EQ(back->result().over, game.result().over);
    EXPECT_NE(record.find("[Rules \"" + info.name + "\"]"), std::string::npos);
  }
}

TEST(GameRecord, SetUpPositionAndUndoRedo) {
  auto game = Game::from_position(chess(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  ASSERT_TRUE(game);
  EXPECT_FALSE(game->from_start());
  ASSERT_TRUE(game->play_text("e4"));
  ASSERT_TRUE(game->play_text("Kd7"));
  EXPECT_EQ(game->history()[1].san, "Kd7");
  Position after = game->position();
  EXPECT_TRUE(game->undo());
  EXPECT_TRUE(game->redo());
  EXPECT_TRUE(game->position() == after);
  std::string record = write_record(*game);
  EXPECT_NE(record.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("1. e2e4 e8d7"), std::string::npos) << record;
  auto back = read_record(record, script::named_rules_loader());
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(back->position() == game->position());
  auto bad = read_record("[Rules \"chess/orthodox\"]\n\n1. e2e4 e7e5 2. e4e5 *\n",
                         script::named_rules_loader());
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().what.find("move 3"), std::string::npos) << bad.error().what;
  EXPECT_FALSE(read_record("1. e2e4", script::named_rules_loader()));
}

// A reader of many records keeps its rules loaded: the record's [Rules] and
// [Options] go to the caller's loader, whose rules (or error) the record uses.
TEST(GameRecord, ReadWithTheCallersLoader) {
  std::vector<std::string> asked;
  script::OptionList asked_options;
  auto loader = [&](const std::string& name, const script::OptionList& options)
      -> Expected<std::shared_ptr<const Ruleset>> {
    asked.push_back(name);
    asked_options = options;
    if (name != "mine") return Error{"loader", "not mine"};
    return chess();
  };
  auto back =
      read_record("[Rules \"mine\"]\n[Options \"a=1, b=2\"]\n\n1. e2e4 e7e5 *\n", loader);
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_EQ(back->rules_ptr(), chess());
  EXPECT_EQ(back->history().size(), 2u);
  ASSERT_EQ(asked, std::vector<std::string>{"mine"});
  EXPECT_EQ(asked_options, (script::OptionList{{"a", "1"}, {"b", "2"}}));
  auto other = read_record("[Rules \"theirs\"]\n\n1. e2e4 *\n", loader);
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().text(), "loader: not mine");
}

TEST(GameRecord, FoolsMateEndsTheGame) {
  Game game(chess());
  for (const char* m : {"f3", "e5", "g4", "Qh4#"}) ASSERT_TRUE(game.play_text(m)) << m;
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.result().score(), "0-1");
  std::string record = write_record(game);
  EXPECT_NE(record.find("[Termination \"checkmate\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Result \"0-1\"]"), std::string::npos) << record;
  EXPECT_FALSE(game.play_text("e4"));
}

TEST(MoveText, TypedJetanPathSaysWhyItCannotBeMade) {
  auto rules = script::load_rules("jetan/cazaux");
  ASSERT_TRUE(rules) << rules.error().text();
  Position pos(*rules);
  auto blocked = parse_move(pos, "c1c4");  // the Dwar behind its own Panthan
  ASSERT_FALSE(blocked);
  EXPECT_NE(blocked.error().what.find("blocked: every path crosses an occupied square"),
            std::string::npos)
      << blocked.error().what;
  auto length = parse_move(pos, "c1-f4");
  ASSERT_FALSE(length);
  EXPECT_NE(length.error().what.find("wrong length"), std::string::npos) << length.error().what;
}

}  // namespace
}  // namespace regula
