// The draw rules of Spanish draughts, each driven to its end by a sequence of
// moves: three kings against one (in both readings of which side holds the
// diagonal and both of how its 13 moves count, and off), threefold
// repetition, the 40-move rule (20 king moves each without a capture or a
// man's move), and a draw offered and accepted. Each checks the result and its
// reason, and that the game was not over one move earlier. Last, the end
// condition field lasts_while on its own, in a small game.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ai/draw_offer.h"
#include "ai/player_spec.h"
#include "core/movegen.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script_support.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula {
namespace {

using Filter = std::function<bool(const Position& before, const Move& m)>;

Game spanish(const std::string& position, const script::OptionList& options = {}) {
  auto rules = script::load_rules("draughts/spanish", options);
  EXPECT_TRUE(rules) << rules.error().text();
  auto game = Game::from_position(*rules, position);
  EXPECT_TRUE(game) << game.error().text();
  return std::move(*game);
}

// How often each position has stood so far (by hash).
using Seen = std::map<uint64_t, int>;

// Plays the first legal move that captures nothing, leads to a position that
// has stood at most once before (no threefold repetition), leaves the other
// side no capture, and passes the filter: quiet play that neither side can
// win. False when there is none.
bool play_quietly(Game& game, Seen& seen, const Filter& filter = {}) {
  if (seen.empty()) seen[game.position().hash()] = 1;
  for (const Move& m : game.legal_moves()) {
    if (m.ncap > 0 || (filter && !filter(game.position(), m))) continue;
    Position after = game.position();
    Undo u;
    after.make(m, u);
    if (seen[after.hash()] >= 2) continue;
    MoveList replies;
    legal_moves(after, replies);
    bool capture = false;
    for (const Move& r : replies) capture = capture || r.ncap > 0;
    if (capture) continue;
    ++seen[after.hash()];
    EXPECT_FALSE(game.play(m)) << game.text(m);
    return true;
  }
  return false;
}

SiteId site(const Game& g, const std::string& name) {
  return g.rules().topology.find(name);
}

bool on_long_diagonal(const Game& g, SiteId s) {
  static const std::set<std::string> kDiagonal{"h1", "g2", "f3", "e4", "d5", "c6", "b7", "a8"};
  return kDiagonal.count(g.rules().topology.name(s)) > 0;
}

// Three white kings (h1, on the long diagonal, b1, d1) against the black king on e8.
const char* const kThreeKings = "4k3/8/8/8/8/8/8/1K1K3K white";

TEST(DraughtsDraws, ThreeKingsOneOnTheLongDiagonalDrawAfterThirteenMoves) {
  Game g = spanish(kThreeKings);
  Seen seen;
  const SiteId h1 = site(g, "h1");
  // White keeps the king on h1 where it is; black's king roams.
  const Filter white = [&](const Position&, const Move& m) { return m.from != h1; };
  for (int move = 1; move <= 13; ++move) {
    ASSERT_FALSE(g.over()) << "before white's move " << move << ": " << g.result().reason;
    ASSERT_TRUE(play_quietly(g, seen, white)) << "white's move " << move;
    ASSERT_FALSE(g.over()) << "after white's move " << move << ": " << g.result().reason;
    ASSERT_TRUE(play_quietly(g, seen)) << "black's move " << move;
  }
  ASSERT_TRUE(g.over());
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, "three kings against one, not won within 13 moves");
  // The count is part of the position, and comes back from its text.
  const std::string text = write_position(g.position());
  EXPECT_NE(text.find("condition1_moves.white=13"), std::string::npos) << text;
  auto back = read_position(g.rules_ptr(), text);
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_EQ(write_position(*back), text);
}

TEST(DraughtsDraws, ThreeKingsCountRunsOnlyWithAKingOnTheLongDiagonal) {
  // Three kings on b1, d1 and f1, none ever on the long diagonal: no draw after 13 moves.
  Game g = spanish("4k3/8/8/8/8/8/8/1K1K1K2 white");
  Seen seen;
  const Filter white = [&](const Position&, const Move& m) { return !on_long_diagonal(g, m.to); };
  for (int move = 1; move <= 14; ++move) {
    ASSERT_TRUE(play_quietly(g, seen, white)) << "white's move " << move;
    ASSERT_TRUE(play_quietly(g, seen)) << "black's move " << move;
    ASSERT_FALSE(g.over()) << "after move " << move << ": " << g.result().reason;
  }
}

TEST(DraughtsDraws, ThreeKingsLoneKingOnTheDiagonalReading) {
  // The black king holds the long diagonal (on d5); the white kings stay off it.
  const char* const lone = "8/8/8/3k4/8/8/8/K1K1K3 white";
  Game g = spanish(lone, {{"three-kings", "lone-on-diagonal"}});
  Seen seen;
  const Filter white = [&](const Position&, const Move& m) { return !on_long_diagonal(g, m.to); };
  const Filter black = [&](const Position&, const Move& m) { return on_long_diagonal(g, m.to); };
  for (int move = 1; move <= 13; ++move) {
    ASSERT_FALSE(g.over()) << "before white's move " << move << ": " << g.result().reason;
    ASSERT_TRUE(play_quietly(g, seen, white)) << "white's move " << move;
    ASSERT_TRUE(play_quietly(g, seen, black)) << "black's move " << move;
  }
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, "three kings against one, not won within 13 moves");
  // The default reading does not apply here: no white king is on the diagonal.
  Game d = spanish(lone);
  seen.clear();
  for (int move = 1; move <= 14; ++move) {
    ASSERT_TRUE(play_quietly(d, seen, white)) << "white's move " << move;
    ASSERT_TRUE(play_quietly(d, seen, black)) << "black's move " << move;
    ASSERT_FALSE(d.over()) << d.result().reason;
  }
}

TEST(DraughtsDraws, ThreeKingsOffPlaysOnToTheMoveRule) {
  Game g = spanish(kThreeKings, {{"three-kings", "off"}});
  Seen seen;
  const SiteId h1 = site(g, "h1");
  const Filter white = [&](const Position&, const Move& m) { return m.from != h1; };
  // 20 king moves each without a capture: the 40th ends the game, not the 26th.
  for (int ply = 1; ply <= 40; ++ply) {
    ASSERT_FALSE(g.over()) << "before ply " << ply << ": " << g.result().reason;
    ASSERT_TRUE(play_quietly(g, seen, ply % 2 ? white : Filter{})) << "ply " << ply;
  }
  ASSERT_TRUE(g.over());
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, "20-move rule");
}

TEST(DraughtsDraws, AManMoveStartsTheMoveRuleAgain) {
  // A white man on a2 and kings elsewhere: after 38 king plies a man's step resets the count.
  Game g = spanish("4k3/8/8/8/8/8/M7/5K1K white", {{"three-kings", "off"}});
  Seen seen;
  const SiteId a2 = site(g, "a2"), b3 = site(g, "b3");
  // The kings keep out of the man's way.
  const Filter kings = [&](const Position& p, const Move& m) {
    return p.rules().types[piece_type(p.at(m.from))].name == "king" && m.to != b3;
  };
  for (int ply = 1; ply <= 38; ++ply) ASSERT_TRUE(play_quietly(g, seen, kings)) << "ply " << ply;
  EXPECT_EQ(g.position().global(kHalfmove), 38);
  ASSERT_FALSE(g.over());
  const Filter man = [&](const Position&, const Move& m) { return m.from == a2; };
  ASSERT_TRUE(play_quietly(g, seen, man));
  EXPECT_FALSE(g.over()) << g.result().reason;
  EXPECT_EQ(g.position().global(kHalfmove), 0);
}

TEST(DraughtsDraws, ThreefoldRepetition) {
  Game g = spanish("8/8/8/8/8/8/8/1k5K white");
  // h1-g2, b1-a2, g2-h1, a2-b1 twice: the start position comes back a third time.
  const char* const moves[] = {"h1g2", "b1a2", "g2h1", "a2b1", "h1g2", "b1a2", "g2h1", "a2b1"};
  for (size_t i = 0; i < std::size(moves); ++i) {
    ASSERT_FALSE(g.over()) << "before " << moves[i] << ": " << g.result().reason;
    auto played = g.play_text(moves[i]);
    ASSERT_TRUE(played) << moves[i] << ": " << played.error().text();
  }
  ASSERT_TRUE(g.over());
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, "3-fold repetition");
}

TEST(DraughtsDraws, DrawOfferedAndAccepted) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  Game g(*rules);
  ASSERT_TRUE(g.play_text("b3a4"));
  // Black offers; black cannot accept its own offer; white can.
  EXPECT_FALSE(g.offer_draw(1));
  EXPECT_EQ(g.draw_offer(), std::optional<SeatId>(1));
  const Status own = g.accept_draw(1);
  ASSERT_TRUE(own);
  EXPECT_EQ(own->what,
            "not accepted: black offered the draw, so only white may accept it; the game goes on");
  EXPECT_FALSE(g.over());
  EXPECT_FALSE(g.accept_draw(0));
  ASSERT_TRUE(g.over());
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, "draw agreed");
  // The record keeps it, and replaying the record ends the same way.
  const std::string record = write_record(g);
  EXPECT_NE(record.find("draw agreed"), std::string::npos) << record;
  auto back = read_record(record, script::named_rules_loader());
  ASSERT_TRUE(back) << back.error().text();
  EXPECT_TRUE(back->over());
  EXPECT_EQ(back->result().reason, "draw agreed");
}

TEST(DraughtsDraws, PlayingOnDeclinesTheOffer) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  Game g(*rules);
  EXPECT_FALSE(g.offer_draw(0));
  ASSERT_TRUE(g.play_text("b3a4"));
  EXPECT_EQ(g.draw_offer(), std::optional<SeatId>(0));  // white's own move keeps it standing
  ASSERT_TRUE(g.play_text("c6b5"));                     // black plays on
  EXPECT_FALSE(g.draw_offer());
  const Status late = g.accept_draw(1);
  ASSERT_TRUE(late);
  EXPECT_EQ(late->what, "no draw has been offered");
  EXPECT_FALSE(g.over());
}

TEST(DraughtsDraws, TheComputerAcceptsADrawOnlyWhenNotAhead) {
  auto rules = script::load_rules("draughts/spanish");
  ASSERT_TRUE(rules) << rules.error().text();
  // White has three kings against one man of black's: black accepts, white does not.
  auto pos = read_position(*rules, "8/8/8/8/8/8/1m6/K1K1K3 white");
  ASSERT_TRUE(pos) << pos.error().text();
  auto black = ai::make_player("ai:2", *rules, 1);
  auto white = ai::make_player("ai:2", *rules, 1);
  ASSERT_TRUE(black && white);
  EXPECT_TRUE(ai::accepts_draw(**black, *pos, 1));
  EXPECT_FALSE(ai::accepts_draw(**white, *pos, 0));
  // Random play has no judgement: it declines.
  auto random = ai::make_player("random", *rules, 1);
  ASSERT_TRUE(random);
  EXPECT_FALSE(ai::accepts_draw(**random, *pos, 1));
}

TEST(DraughtsDraws, WaitingConditionsAndCrowningInCaptureAreCheckedWhenLoaded) {
  const std::string base = R"(return game { title = "t", board = grid { width = 4, height = 4 },
  regions = { top = { rank = 4 } },
  pieces = { piece { name = "m", symbol = "M", moves = { hop { dirs = "diagonal" } },
                     promotion = { zone = "top", to = { "k" } PROMO } },
             piece { name = "k", symbol = "K", moves = { hop { dirs = "diagonal" } } } },
  setup = { white = { m = "a1" }, black = { m = "b2" } },
  ends = { conditions = { CONDITIONS } } })";
  auto with = [&](const std::string& promo, const std::string& conditions) {
    std::string text = base;
    text.replace(text.find("PROMO"), 5, promo);
    text.replace(text.find("CONDITIONS"), 10, conditions);
    return text;
  };
  const std::string ok = R"({ when = "pieces:k@top >= 1", moves = 3 })";
  EXPECT_TRUE(test_support::load("wait_ok", with(R"(, in_capture = "stop")", ok)));
  auto error_of = [&](const std::string& name, const std::string& promo,
                      const std::string& conditions) {
    return test_support::load_error(name, with(promo, conditions)).what;
  };
  EXPECT_NE(error_of("bad_in_capture", R"(, in_capture = "sideways")", ok)
                .find("promotion.in_capture must be \"at-end\", \"continue\" or \"stop\""),
            std::string::npos);
  EXPECT_NE(error_of("ask_in_capture", R"(, in_capture = "continue", ask = true)", ok)
                .find("cannot be combined with ask"),
            std::string::npos);
  EXPECT_NE(error_of("no_region", "", R"({ when = "pieces:k@nowhere >= 1" })").find("nowhere"),
            std::string::npos);
  EXPECT_NE(error_of("region_of_hand", "", R"({ when = "hand@top >= 1" })")
                .find("only pieces, team_pieces and enemy_pieces count the pieces in a region"),
            std::string::npos);
  EXPECT_NE(error_of("three_waiting", "", ok + ", " + ok + ", " + ok)
                .find("at most 2 end conditions may wait for a number of moves"),
            std::string::npos);
}

// The two readings of the 13 moves (option three-kings-count), each by exact
// games from one position: white kings on g2 (the long diagonal), a6 and d1
// against the black king on h7, every king but g2 on the edge, where none can
// be taken; black's king goes round h7, g8, a2, b1.
const char* const kCountStart = "8/7k/K7/8/8/8/6K1/3K4 white";
const char* const kThirteenKeptOn[] = {"d1a4", "h7g8", "a6c8", "g8a2", "a4e8", "a2b1", "c8h3",
                                       "b1h7", "e8h5", "h7g8", "h5d1", "g8a2", "h3c8", "a2b1",
                                       "c8a6", "b1h7", "a6f1", "h7g8", "d1a4", "g8a2", "a4e8",
                                       "a2b1", "f1a6", "b1h7", "e8h5", "h7g8"};
const char* const kThreeKingsReason = "three kings against one, not won within 13 moves";

Game count_game(const std::string& reading) {
  return spanish(kCountStart, {{"three-kings-count", reading}});
}

// Plays moves, the game going on before each of them.
void play_all_moves(Game& g, const std::vector<std::string>& moves) {
  for (size_t i = 0; i < moves.size(); ++i) {
    ASSERT_FALSE(g.over()) << "before ply " << i + 1 << ": " << g.result().reason;
    auto played = g.play_text(moves[i]);
    ASSERT_TRUE(played) << "ply " << i + 1 << " " << moves[i] << ": " << played.error().text();
  }
}

std::vector<std::string> kept_on() {
  return {std::begin(kThirteenKeptOn), std::end(kThirteenKeptOn)};
}

// The same game, but the g2 king steps off the long diagonal with white's 13th move.
std::vector<std::string> stepping_off() {
  std::vector<std::string> moves = kept_on();
  moves[24] = "g2h3";
  return moves;
}

void expect_three_kings_draw_at(const Game& g, size_t ply) {
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.history().size(), ply);
  EXPECT_TRUE(g.result().is_draw());
  EXPECT_EQ(g.result().reason, kThreeKingsReason);
}

TEST(DraughtsDraws, EachMoveDrawsWhenTheDiagonalIsHeldForThirteenMoves) {
  Game g = count_game("each-move");
  play_all_moves(g, kept_on());
  expect_three_kings_draw_at(g, 26);
}

TEST(DraughtsDraws, EachMoveDoesNotDrawWhenTheThirteenthMoveStepsOff) {
  Game g = count_game("each-move");
  std::vector<std::string> moves = stepping_off();
  // Two more moves: still no draw (the count began again at white's 14th move).
  moves.insert(moves.end(), {"h3g2", "g8a2"});
  play_all_moves(g, moves);
  EXPECT_FALSE(g.over()) << g.result().reason;
  EXPECT_EQ(g.history().size(), 28u);
}

TEST(DraughtsDraws, FromFirstDrawsThoughTheThirteenthMoveStepsOff) {
  Game g = count_game("from-first");
  play_all_moves(g, stepping_off());
  expect_three_kings_draw_at(g, 26);
  // And with the diagonal held throughout, the same.
  Game kept = count_game("from-first");
  play_all_moves(kept, kept_on());
  expect_three_kings_draw_at(kept, 26);
}

TEST(DraughtsDraws, FromFirstEndsTheCountWhenAKingIsLost) {
  // White's 4th move puts the c8 king on f5, which black's king takes (b1xh7);
  // two kings against one play on past the 26th ply.
  Game g = count_game("from-first");
  play_all_moves(g,
                 {"d1a4", "h7g8", "a6c8", "g8a2", "a4e8", "a2b1", "c8f5", "b1xh7", "e8h5", "h7g8",
                  "h5d1", "g8a2", "g2f1", "a2b1", "d1a4", "b1h7", "a4e8", "h7g8",  "f1g2", "g8a2",
                  "e8h5", "a2b1", "h5d1", "b1h7", "g2f1", "h7g8", "d1a4", "g8a2"});
  EXPECT_FALSE(g.over()) << g.result().reason;
  EXPECT_EQ(g.history().size(), 28u);
  EXPECT_EQ(g.position().global(kConditionMoves), 0);
}

// lasts_while on its own, in a small game: white's king counts its moves begun on
// home (a1 b1) and, once counting, on wide (a1 b1 c1 d1); two such moves win.
const char* const kLastsWhile =
    R"(return game { title = "lasts", board = grid { width = 4, height = 2 },
  regions = { home = "a1 b1", wide = "a1 b1 c1 d1" },
  pieces = { piece { name = "k", symbol = "K", moves = { step { dirs = "orthogonal", mode = "move" } } } },
  setup = { white = { k = "b1" }, black = { k = "a2" } },
  ends = { conditions = { { when = "pieces:k@home >= 1", LASTS moves = 2, result = "win",
                            reason = "held" } } } })";

std::string lasts_script(const std::string& lasts) {
  std::string text = kLastsWhile;
  text.replace(text.find("LASTS"), 5, lasts);
  return text;
}

// White's moves made in a row under the condition (its only one: slot 0, seat 0).
int white_count(const Game& g) {
  return g.position().global(kConditionMoves);
}

Game lasts_game(const std::string& name, const std::string& lasts) {
  auto rules = test_support::load(name, lasts_script(lasts));
  EXPECT_TRUE(rules);
  return Game(rules);
}

void play_all(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) {
    ASSERT_FALSE(g.over()) << "before " << m << ": " << g.result().reason;
    auto played = g.play_text(m);
    ASSERT_TRUE(played) << m << ": " << played.error().text();
  }
}

TEST(EndConditionLastsWhile, TheCountGoesOnWhereOnlyTheWiderConditionHolds) {
  Game g = lasts_game("lasts_on", R"(lasts_while = "pieces:k@wide >= 1",)");
  play_all(g, {"b1c1", "a2b2"});  // begun on home: 1
  EXPECT_EQ(white_count(g), 1);
  ASSERT_FALSE(g.over());
  play_all(g, {"c1d1", "b2a2"});  // begun on c1, not home but wide: 2
  EXPECT_EQ(white_count(g), 2);
  // White's third turn begins on d1, where only lasts_while holds: the end comes.
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result().reason, "held");
  EXPECT_EQ(g.history().size(), 4u);
  EXPECT_EQ(record_result(g), "1-0");
  // Without lasts_while the move begun on c1 starts the count again.
  Game plain = lasts_game("lasts_off", "");
  play_all(plain, {"b1c1", "a2b2", "c1d1", "b2a2"});
  EXPECT_EQ(white_count(plain), 0);
  EXPECT_FALSE(plain.over()) << plain.result().reason;
}

TEST(EndConditionLastsWhile, TheCountStopsWhereTheWiderConditionFails) {
  Game g = lasts_game("lasts_stop", R"(lasts_while = "pieces:k@wide >= 1",)");
  play_all(g, {"b1c1", "a2b2"});  // begun on home: 1
  play_all(g, {"c1c2", "b2a2"});  // begun on c1 (wide): 2, but white ends off wide
  EXPECT_EQ(white_count(g), 2);
  EXPECT_FALSE(g.over()) << g.result().reason;
  play_all(g, {"c2c1", "a2b2"});  // begun on c2, off wide: the count ends
  EXPECT_EQ(white_count(g), 0);
  // Back on wide, but lasts_while alone does not begin a count.
  play_all(g, {"c1d1", "b2a2"});
  EXPECT_EQ(white_count(g), 0);
  EXPECT_FALSE(g.over()) << g.result().reason;
  play_all(g, {"d1c1", "a2b2"});
  EXPECT_FALSE(g.over()) << g.result().reason;
}

TEST(EndConditionLastsWhile, NeedsMovesAndIsNamedAmongTheFields) {
  std::string text = lasts_script(R"(lasts_while = "pieces:k@wide >= 1",)");
  text.replace(text.find("moves = 2, "), 11, "");
  EXPECT_NE(test_support::load_error("lasts_no_moves", text)
                .what.find("an end condition's lasts_while needs moves = N"),
            std::string::npos);
  EXPECT_NE(test_support::load_error("lasts_typo", lasts_script(R"(last_while = "pieces == 1",)"))
                .what.find("(allowed: when, result, reason, moves, lasts_while)"),
            std::string::npos);
}

}  // namespace
}  // namespace regula
