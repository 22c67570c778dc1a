#pragma once
// Moves as text, for people and for game records. The long form works for every
// script because a Move carries its origin, path, destination, drop and promotion:
//   e2e4  e7e8=Q  P@e4  e1g1 (castling: the royal's own move)  a3xc5xe7 (a hop
//   chain, every landing)  pass  roll 4  e1h6 escape (a labelled rule)
// Moves with the same ends that do different things add what differs (the
// once-per-game flags set, sites cleared, the piece carried along, the en
// passant site, the die used): a1a2 +dash, a1a3 xb2, a1a2 die=5. Moves that do the same thing
// (Move::same_decision) print alike whatever their paths, and parse as one.
// SAN (Nf3, exd5, O-O, e8=Q+, Qxf7#) is offered for scripts that ask for it
// (notation = "san"). parse_move accepts either form, checked against the legal
// moves, and explains what went wrong when it fails.

#include <string>
#include <unordered_map>
#include <vector>

#include "core/expected.h"
#include "core/move.h"
#include "core/position.h"

namespace regula {

// pos is the position before the move. A removal or gift chosen after a move
// is "x" and the site ("xR3"); an answer is its label; a throw "roll 5" (with
// several dice "roll 6+3").
std::string move_text(const Position& pos, const Move& m);
// Case and the punctuation people type differently or leave out (e2-e4 for
// e2e4, exd5, e8Q, E6A6R3 for E6-A6xR3): texts equal under this match loosely.
std::string loose_text(const std::string& text);
// Whether typed names written loosely: equal under loose_text, and a leading
// 'x', which marks a removal (xA7) or a capture, only where written has one
// too, so that xA1 never names the placement A1.
bool loose_match(const std::string& written, const std::string& typed);
// The dice of a roll as written after "roll" and in position strings: "5", "6+3".
std::string roll_text(const Ruleset& rules, int roll);
// The long form of every move of a legal move list of pos, in one pass (the
// form of one move depends on which others share its ends).
std::vector<std::string> move_texts(const Position& pos, const MoveList& legal);
// SAN when the script's notation is "san" and the move is chess-like; long form otherwise.
std::string move_san(Position& pos, const Move& m);
// move_san of every move of a legal move list of pos (texts: its move_texts),
// in one pass: what tells like moves apart is counted, not searched for.
std::vector<std::string> move_sans(Position& pos, const MoveList& legal,
                                   const std::vector<std::string>& texts);
// Scripts with PDN notation (Ruleset::pdn) also take squares by number, 9-13,
// and a capture by its ends alone, 10x28, when one capture fits.
Expected<Move> parse_move(Position& pos, const std::string& text);
// The letter UCI adds after the sites of m, played in pos, for its promotion
// (e7e8q, or the script's uci_promotion mark); empty for none, or for a choice
// not to promote.
std::string uci_promotion_letter(const Position& pos, const Move& m);
// A gating move (Move::gate), played in pos, as UCI writes it, the gated type's
// letter in lower case after the sites: b1c3h, and from the partner's square to
// the royal's when castling gates there (h1e1h), as Fairy-Stockfish writes them.
// A move that also promotes has the promotion's letter first (a1a2qh).
std::string gating_uci_text(const Position& pos, const Move& m);
// The squares a move names in order, typed the PDN way ("9-13", "10x19x28",
// "10x28", "c3:e5") or with the sites' own names ("h3xf5", "h3f5", "e2e4").
// sites stays empty when the text is not a list of squares; bad says why a
// square is not one.
struct SquareList {
  std::vector<SiteId> sites;
  std::string bad;
};
SquareList read_squares(const Ruleset& rules, const std::string& text);
// The full texts of the legal moves a PDN square list names (10x28: every
// capture from 10 to 28), for asking which one was meant; empty for other texts
// and other scripts.
std::vector<std::string> move_choices(Position& pos, const std::string& text);
// The texts (move_san) of a line of moves played one after another from pos (a
// search's principal variation), as far as each is legal where the ones
// before it lead.
std::vector<std::string> line_texts(Position pos, const std::vector<Move>& line);
// Texts that name a move by its two sites and what it promotes to: a type's
// letter (e7e8q, e7e8=Q) or the script's uci_promotion (e4e5+, shogi's mark).
// promotion_honoured: whether m makes the promotion text asks for (true when
// text asks for none). promotion_refusal: why none of legal does, naming the
// move and what it may do, when some legal move goes between those sites; ""
// otherwise.
bool promotion_honoured(const Position& pos, const Move& m, const std::string& text);
std::string promotion_refusal(const Position& pos, const MoveList& legal, const std::string& text);
// An error when a typed or recorded move is longer than kMaxMoveText.
Status check_move_text_size(const std::string& text);

// move_text for many moves of one position: its legal moves and their texts
// are found once, and each move is looked up by value. pos must outlive it
// unchanged.
class MoveTexts {
 public:
  explicit MoveTexts(const Position& pos);
  std::string text(const Move& m) const;
  // The index of m among legal(), or -1.
  int find(const Move& m) const;
  const MoveList& legal() const { return legal_; }
  const std::vector<std::string>& texts() const { return texts_; }
  // Whether the text of m depends on the other legal moves (kinds other than
  // pass, throws and stage decisions).
  static bool needs_legal(const Move& m);

 private:
  const Position& pos_;
  MoveList legal_;
  std::vector<std::string> texts_;
  std::unordered_multimap<uint64_t, int> index_;
};

}  // namespace regula
