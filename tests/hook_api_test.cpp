// What hooks are told and may answer: the move table's fields in filter and
// after (the piece that moves, every captured site), the moves generate may
// return (drops, labels), attack detection that sees hook moves, and filter_moves
// judging a whole list in one call.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/turns.h"
#include "notation/explain.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "script_support.h"
#include "uci/uci_move.h"

namespace regula {
namespace {

using namespace test_support;

// Chess with the given hooks and one counter, "seen", for them to write.
Rules chess_with(const std::string& name, const std::string& hooks) {
  return load(name, "return extends(\"chess/orthodox\", {\n  counters = { \"seen\" },\n" + hooks +
                        "\n})\n");
}

Position at(const Rules& r, const std::string& fen) {
  auto p = read_position(r, fen);
  EXPECT_TRUE(p) << (p ? "" : p.error().text());
  return p ? *p : Position(r);
}

std::set<std::string> uci_moves(Position pos) {
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  const auto texts = uci::uci_texts(pos, turns);
  return {texts.begin(), texts.end()};
}

// The position after the UCI move text.
Position after_move(Position pos, const std::string& text) {
  auto t = uci::parse_uci(pos, text);
  EXPECT_TRUE(t) << text << ": " << (t ? "" : t.error().text());
  if (t)
    for (const Move& m : t->steps) {
      Undo u;
      pos.make(m, u);
    }
  return pos;
}

int seen(const Position& pos, const char* seat) {
  const Ruleset& r = pos.rules();
  if (const int s = r.seat_index(seat); s >= 0)
    for (size_t k = 0; k < r.seat_counter_names.size(); ++k)
      if (r.seat_counter_names[k] == "seen") return pos.counter(s, static_cast<int>(k));
  ADD_FAILURE() << "no counter";
  return -1;
}

TEST(HookMoveTable, FilterSeesEveryCapturedSite) {
  auto r =
      chess_with("no_captures", "  filter = function(pos, move) return #move.captures == 0 end,");
  ASSERT_TRUE(r);
  // An ordinary capture (exd5) and an en passant capture (exd6) are both
  // captures; the pawn's pushes and the king's steps are not.
  EXPECT_EQ(uci_moves(at(r, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")),
            (std::set<std::string>{"e4e5", "e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}));
  EXPECT_EQ(uci_moves(at(r, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")),
            (std::set<std::string>{"e5e6", "e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}));
}

TEST(HookMoveTable, FilterSeesThePieceThatMoves) {
  auto r = chess_with("no_king_moves",
                      "  filter = function(pos, move) return move.piece ~= \"king\" end,");
  ASSERT_TRUE(r);
  EXPECT_EQ(uci_moves(at(r, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")),
            (std::set<std::string>{"e4e5", "e4d5"}));
}

TEST(HookMoveTable, AfterSeesThePieceAndItsCapturesAfterTheMove) {
  // seen = 1 for a pawn that took on d5, 2 for one that took d5 en passant
  // (arriving on d6), 3 for a pawn promoted to a queen, 4 for a king's step.
  auto r = chess_with("after_fields", R"(  after = function(pos, move)
    local me = pos:to_move() == "white" and "black" or "white"
    local v = 0
    if move.piece == "pawn" and move.captures[1] == "d5" and move.to == "d5" then v = 1 end
    if move.piece == "pawn" and move.captures[1] == "d5" and move.to == "d6" then v = 2 end
    if move.piece == "pawn" and move.promote == "queen" and #move.captures == 0 then v = 3 end
    if move.piece == "king" and #move.captures == 0 then v = 4 end
    pos:set_counter(me, "seen", v)
  end,)");
  ASSERT_TRUE(r);
  EXPECT_EQ(seen(after_move(at(r, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), "e4d5"), "white"), 1);
  EXPECT_EQ(seen(after_move(at(r, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), "e5d6"), "white"), 2);
  EXPECT_EQ(seen(after_move(at(r, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"), "e7e8q"), "white"), 3);
  EXPECT_EQ(seen(after_move(at(r, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"), "e1d1"), "white"), 4);
}

// Wazirs on a 3x3 board with a wazir in each hand, and the given hooks.
std::string hand_game(const std::string& hooks) {
  return R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "wazir", symbol = "W", moves = { step { dirs = "orthogonal" } } },
             piece { name = "ferz", symbol = "F", moves = { step { dirs = "diagonal" } } } },
  setup = { white = { wazir = "a1" }, black = { wazir = "c3" } },
  hand = { white = { wazir = 1 }, black = { wazir = 1 } },
)" + hooks +
         "\n}\n";
}

std::vector<std::string> texts(Position pos) {
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<std::string> out;
  for (const auto& t : uci::uci_texts(pos, turns)) out.push_back(t);
  std::sort(out.begin(), out.end());
  return out;
}

// The error legal move generation raises at the start, or nothing.
std::optional<Error> generate_error(const Rules& r) {
  Position pos(r);
  MoveList ml;
  return rule_error([&] { legal_moves(pos, ml); });
}

TEST(HookGenerate, ReturnsDropsFromTheHand) {
  auto r = load("hook_drop", hand_game(R"(  generate = function(pos)
    if pos:hand(pos:to_move(), "wazir") > 0 then return { { drop = "wazir", to = "b2" } } end
    return {}
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  // The two steps of the wazir on a1 and the hook's drop on b2.
  EXPECT_EQ(texts(pos), (std::vector<std::string>{"W@b2", "a1a2", "a1b1"}));
  Position dropped = after_move(pos, "W@b2");
  EXPECT_EQ(dropped.hand(0, r->type_index("wazir")), 0);
  EXPECT_EQ(dropped.at(r->topology.find("b2")), make_piece(r->type_index("wazir"), 0));
  // Black's drop on b2 is refused (occupied): the hook's move is an error.
  auto err = rule_error([&] {
    MoveList ml;
    legal_moves(dropped, ml);
  });
  ASSERT_TRUE(err);
  EXPECT_NE(err->what.find("move 1 drops on b2, which is not empty"), std::string::npos)
      << err->what;
}

TEST(HookGenerate, BadDropsAreErrorsNamingTheMove) {
  for (auto [hook, what] : std::vector<std::pair<std::string, std::string>>{
           {R"({ { drop = "ferz", to = "b2" } })",
            "move 1 drops a ferz, and the side to move has none in hand"},
           {R"({ { drop = "rook", to = "b2" } })", "move 1 drop: no piece named 'rook'"},
           {R"({ { drop = 7, to = "b2" } })", "move 1 drop is a number, not a name"},
           {R"({ { drop = "wazir", from = "a1", to = "b2" } })",
            "move 1 drops a piece and also moves one from a site (give drop or from)"},
           {R"({ { from = "a1", to = "b2", colour = "red" } })",
            "move 1 has an unknown field 'colour' (a generated move has from, to, captures, drop, "
            "promote and label)"}}) {
    const std::string text = hand_game("  generate = function(pos) return " + hook + " end,");
    auto r = load("bad_drop", text);
    ASSERT_TRUE(r);
    auto err = generate_error(r);
    ASSERT_TRUE(err) << hook;
    EXPECT_EQ(err->what, "generate hook: " + what);
    // file:line of the hook.
    EXPECT_EQ(err->where, (script_dir() / "bad_drop.lua").string() + ":7") << hook;
  }
}

TEST(HookGenerate, LabelledMovesShowTheLabelAndHooksReadIt) {
  // The hook's long step a1-c1 is labelled "dash": the label shows in the move
  // text and the after hook reads it.
  const std::string hooks = R"(  labels = { "dash" },
  counters = { "dashes" },
  generate = function(pos)
    if pos:at("a1") then return { { from = "a1", to = "c1", label = "dash" } } end
    return {}
  end,
  after = function(pos, move)
    if move.label == "dash" then pos:set_counter("white", "dashes", 1) end
  end,)";
  auto r = load("hook_label", hand_game(hooks));
  ASSERT_TRUE(r);
  Position pos(r);
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<std::string> readable;
  for (const Turn& t : turns) readable.push_back(turn_text(pos, t));
  std::sort(readable.begin(), readable.end());
  EXPECT_EQ(readable, (std::vector<std::string>{"a1a2", "a1b1", "a1c1 dash"}));
  for (const Turn& t : turns)
    if (turn_text(pos, t) == "a1c1 dash") {
      Position moved = pos;
      Undo u;
      moved.make(t.first(), u);
      EXPECT_EQ(moved.counter(0, 2), 1);
    }
  // A label nobody declared is an error naming it.
  auto bad = load("hook_bad_label", hand_game(R"(  generate = function(pos)
    return { { from = "a1", to = "c1", label = "sprint" } }
  end,)"));
  ASSERT_TRUE(bad);
  auto err = generate_error(bad);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->what,
            "generate hook: move 1 has the label 'sprint', which no move rule of the script has "
            "and the game's labels do not list");
  // labels without a generate hook is refused when the script loads.
  auto lerr = load_error("labels_alone", hand_game("  labels = { \"dash\" },"));
  EXPECT_NE(lerr.what.find("labels lists labels for the moves of a generate hook"),
            std::string::npos)
      << lerr.what;
}

// Several moves using every field, sites named by strings made as the hook
// runs: the exact list, what a move with captures takes, and perft (the same
// counts as when each name was looked up by its text).
TEST(HookGenerate, ReadsEveryFieldOfSeveralMoves) {
  auto r = load("hook_fields", hand_game(R"(  labels = { "dash" },
  generate = function(pos)
    if pos:to_move() ~= "white" or not pos:at("a1") or pos:hand("white", "wazir") == 0 then
      return {}
    end
    local far = "c" .. 1
    return {
      { from = "a1", to = far, label = "dash" },
      { from = "a1", to = "b2", promote = "ferz" },
      { drop = "wazir", to = "a3" },
      { from = "a1", to = "b3", captures = { "c3" } },
    }
  end,)"));
  ASSERT_TRUE(r);
  Position pos(r);
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  std::vector<std::string> readable;
  for (const Turn& t : turns) readable.push_back(turn_text(pos, t));
  std::sort(readable.begin(), readable.end());
  EXPECT_EQ(readable,
            (std::vector<std::string>{"W@a3", "a1a2", "a1b1", "a1b2=F", "a1b3", "a1c1 dash"}));
  const Position taken = after_move(pos, "a1b3");
  EXPECT_EQ(taken.at(r->topology.find("c3")), kEmpty);
  EXPECT_EQ(taken.at(r->topology.find("b3")), make_piece(r->type_index("wazir"), 0));
  EXPECT_EQ(perft(pos, 1), 6u);
  EXPECT_EQ(perft(pos, 2), 10u);
  EXPECT_EQ(perft(pos, 3), 32u);
  EXPECT_EQ(perft(pos, 4), 90u);
}

// Lua keeps one copy of a short string, so a name the hook writes is found by
// its address; a name longer than 40 bytes is a copy of its own, found by its
// text.
TEST(HookGenerate, NamesLongerThanLuaKeepsOnceAreFoundByTheirText) {
  const std::string name = "wazir_whose_name_is_longer_than_forty_bytes";
  std::string text = R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "NAME", symbol = "W", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { NAME = "a1" }, black = { NAME = "c3" } },
  hand = { white = { NAME = 1 }, black = { NAME = 1 } },
  generate = function(pos)
    if pos:to_move() == "white" then return { { drop = "NAME", to = "b2" } } end
    return { { drop = "NAME_", to = "a1" } }
  end,
})";
  for (size_t at = text.find("NAME"); at != std::string::npos; at = text.find("NAME", at))
    text.replace(at, 4, name);
  auto r = load("hook_long_name", text);
  ASSERT_TRUE(r);
  Position pos(r);
  EXPECT_EQ(texts(pos), (std::vector<std::string>{"W@b2", "a1a2", "a1b1"}));
  Position moved = after_move(pos, "a1a2");
  auto err = rule_error([&] {
    MoveList ml;
    legal_moves(moved, ml);
  });
  ASSERT_TRUE(err);
  EXPECT_EQ(err->what, "generate hook: move 1 drop: no piece named '" + name + "_'");
}

TEST(HookAttacked, SeesTheMovesOfTheGenerateHook) {
  // White's piece on a1 may also leap to c2 (a hook move); Black's filter
  // forbids moving where White could capture.
  const std::string hooks = R"(  generate = function(pos)
    local piece, seat = pos:at("a1")
    if seat == "white" and pos:to_move() == "white" then return { { from = "a1", to = "c2" } } end
    return {}
  end,
  filter = function(pos, move)
    return pos:to_move() == "white" or not pos:attacked(move.to, "black", "wazir")
  end,)";
  auto r = load("hook_attacked", hand_game(hooks));
  ASSERT_TRUE(r);
  Position pos = after_move(Position(r), "a1b1");
  pos = after_move(pos, "c3b3");  // legal: b3 is not attacked
  pos = after_move(pos, "b1a1");
  // Black's wazir on b3: b2 and a3 are next to nothing White has, c3 is not
  // attacked, and c2 is reached by the hook's leap.
  EXPECT_EQ(texts(pos), (std::vector<std::string>{"b3a3", "b3b2", "b3c3"}));
  const SiteId c2 = r->topology.find("c2");
  EXPECT_TRUE(is_attacked(pos, c2, 1, r->type_index("wazir")));
}

TEST(HookAttacked, InsideGenerateLeavesTheHooksMovesOut) {
  // A generate hook that asks about attacks would run itself without end; in
  // it, pos:attacked sees the vocabulary's moves only.
  const std::string hooks = R"(  generate = function(pos)
    if pos:attacked("b2", pos:to_move(), "wazir") then return {} end
    local piece, seat = pos:at("a1")
    if seat == pos:to_move() then return { { from = "a1", to = "c2" } } end
    return {}
  end,)";
  auto r = load("hook_attacked_inside", hand_game(hooks));
  ASSERT_TRUE(r);
  EXPECT_EQ(texts(Position(r)), (std::vector<std::string>{"a1a2", "a1b1", "a1c2"}));
}

TEST(HookFilterMoves, JudgesTheWholeListInOneCall) {
  // Captures are forbidden when the list holds a quiet move (so judged from the
  // whole list, which a per-move filter cannot see).
  auto r = chess_with("filter_list", R"(  filter_moves = function(pos, moves)
    local quiet = false
    for _, m in ipairs(moves) do quiet = quiet or #m.captures == 0 end
    local keep = {}
    for i, m in ipairs(moves) do keep[i] = not quiet or #m.captures == 0 end
    return keep
  end,)");
  ASSERT_TRUE(r);
  Position pos = at(r, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(uci_moves(pos),
            (std::set<std::string>{"e5e6", "e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}));
  EXPECT_EQ(explain_illegal(pos, r->topology.find("e5"), r->topology.find("d6")),
            "forbidden by a rule of this game (Chess (FIDE)): a pawn may not make that move here");
  // With no quiet move in the list, the captures stay.
  EXPECT_EQ(uci_moves(at(r, "4k3/8/8/8/8/pp6/PP6/Kn6 w - - 0 1")),
            (std::set<std::string>{"a1b1", "a2b3", "b2a3"}));
}

TEST(HookFilterMoves, BadAnswersAreErrorsWithTheHooksLine) {
  for (auto [ret, what] : std::vector<std::pair<std::string, std::string>>{
           {"{ true }", "returned a list of 1 values for 20 moves"},
           {"5", "returned a number, not a list of booleans"}}) {
    auto r = chess_with("filter_list_bad",
                        "  filter_moves = function(pos, moves) return " + ret + " end,");
    ASSERT_TRUE(r);
    Position pos(r);
    MoveList ml;
    auto err = rule_error([&] { legal_moves(pos, ml); });
    ASSERT_TRUE(err) << ret;
    EXPECT_EQ(err->what, "filter_moves hook: " + what +
                             " (one true or false per move, or nil to keep them all)");
    EXPECT_EQ(err->where, (script_dir() / "filter_list_bad.lua").string() + ":3");
  }
}

// Wazirs that may be dropped on a 3x3 board, one in each hand, and the given hooks.
std::string drop_game(const std::string& hooks) {
  return R"(return game {
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = "wazir", symbol = "W", drop = true, moves = { step { dirs = "orthogonal" } } },
             piece { name = "ferz", symbol = "F", moves = { step { dirs = "diagonal" } } } },
  setup = { white = { wazir = "a1" }, black = { wazir = "c3" } },
  hand = { white = { wazir = 1 }, black = { wazir = 1 } },
)" + hooks +
         "\n}\n";
}

TEST(HookSetHand, AfterChangesAHandAndUndoPutsItBack) {
  auto r = load("set_hand", drop_game(R"(  after = function(pos, move)
    pos:set_hand("black", "wazir", pos:hand("black", "wazir") + 2)
  end,)"));
  ASSERT_TRUE(r);
  const TypeId wazir = r->type_index("wazir");
  Position pos(r);
  auto t = uci::parse_uci(pos, "a1a2");
  ASSERT_TRUE(t);
  Undo u;
  pos.make(t->steps[0], u);
  EXPECT_EQ(pos.hand(1, wazir), 3);
  EXPECT_EQ(pos.hand(0, wazir), 1);
  pos.unmake(t->steps[0], u);
  EXPECT_EQ(pos.hand(1, wazir), 1);
  EXPECT_EQ(pos.hand(0, wazir), 1);
}

TEST(HookSetHand, ADropPaidBackKeepsTheHandFull) {
  // Each drop gives the dropping side its wazir back, so that it may drop again.
  auto refill = load("refill", drop_game(R"(  after = function(pos, move)
    if move.kind == "drop" then
      local _, seat = pos:at(move.to)
      pos:set_hand(seat, "wazir", 1)
    end
  end,)"));
  auto plain = load("plain", drop_game(""));
  ASSERT_TRUE(refill);
  ASSERT_TRUE(plain);
  // Depth 1: two steps and seven drops; depth 2: after a step, two steps and
  // seven drops, after a drop two steps and six: 2 * 9 + 7 * 8 = 74. The hands
  // differ from the third ply: white drops again only when paid back.
  Position a(refill), b(plain);
  EXPECT_EQ(perft(a, 1), 9u);
  EXPECT_EQ(perft(a, 2), 74u);
  EXPECT_EQ(perft(b, 2), 74u);
  EXPECT_EQ(perft(a, 3), 696u);
  EXPECT_EQ(perft(b, 3), 400u);
}

TEST(HookSetHand, BadHandsAreErrorsNamingTheHooksLine) {
  for (auto [call, what] : std::vector<std::pair<std::string, std::string>>{
           {R"(pos:set_hand("white", "wazir", -1))",
            "a hand cannot hold -1 wazir (the count is 0 or more)"},
           {R"(pos:set_hand("white", "rook", 1))", "no piece named 'rook'"},
           {R"(pos:set_hand("green", "wazir", 1))", "no seat named 'green'"},
           {R"(pos:set_hand("white", "ferz", 1))",
            "the rules never put a ferz in a hand (no drop, start hand, gating or capture to "
            "hand gives one)"},
           {R"(pos:set_hand("white", "wazir", 10001))",
            "a hand holds at most 10000 of a piece, not 10001 (kMaxHandPieces)"}}) {
    auto r = load("bad_hand", drop_game("  after = function(pos, move)\n    " + call + "\n  end,"));
    ASSERT_TRUE(r);
    // The hook runs once a1a2 is made (or, where legality is judged by making
    // the moves, while the move is read).
    auto err = rule_error([&] {
      Position pos(r);
      auto t = uci::parse_uci(pos, "a1a2");
      ASSERT_TRUE(t);
      Undo u;
      pos.make(t->steps[0], u);
    });
    ASSERT_TRUE(err) << call;
    EXPECT_EQ(err->what, what);
    EXPECT_EQ(err->where, (script_dir() / "bad_hand.lua").string() + ":8") << call;
  }
  // Only the after hook changes the position.
  auto r =
      load("hand_in_filter",
           drop_game("  filter = function(pos, move)\n    pos:set_hand(\"white\", \"wazir\", 0)\n"
                     "  end,"));
  ASSERT_TRUE(r);
  auto err = generate_error(r);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->what, "the position can only be changed in the after hook");
  EXPECT_EQ(err->where, (script_dir() / "hand_in_filter.lua").string() + ":8");
}

}  // namespace
}  // namespace regula
