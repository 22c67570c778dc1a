#pragma once
// The compiler's part for captures to hand and drops: the game fields
// captures_to_hand, uci_promotion and gating, a piece's demotes_to, the drop
// restrictions (stuck, file_free_of, mate) and the promotion fields that
// shogi-like games need (on, forced, mark). Kept apart from compiler_*.cpp so
// that the hand-and-drop vocabulary reads in one place.

#include <string>

#include "core/ruleset.h"
#include "script/field_reader.h"

namespace regula {
struct Presentation;
}

namespace regula::script {

class HandsCompiler : private FieldReader {
 public:
  HandsCompiler(Ruleset& r, const std::string& ctx) : r_(r) { ctx_ = ctx; }

  // Fields of drop = { ... } beyond to and phase.
  static bool is_drop_field(const std::string& k) {
    return k == "stuck" || k == "file_free_of" || k == "mate";
  }
  void drop_fields(const Value& d, MoveRule& rule, const std::string& where);

  // Fields of a promotion clause beyond those compiler_pieces.cpp reads.
  static bool is_promotion_field(const std::string& k) {
    return k == "on" || k == "forced" || k == "mark";
  }
  void promotion_fields(const Value& pr, Promotion& out, const std::string& where);

  // A piece's demotes_to (after every piece is named).
  void piece_fields(const Value& p, PieceType& t);

  // The game's fields, and what follows from the pieces: each type's
  // marked_hand_as. promoted_flag: the flag bit given to marked promotions, or
  // 0 when no clause marks.
  void game_fields(const Value& game, uint8_t promoted_flag, Presentation& view);

 private:
  TypeId type(const std::string& name, const std::string& where) const;
  // gating = { from = "region", pieces = { "piece", ... }, castling = true }.
  // where: the game's line (a plain table has none of its own).
  void gating(const Value& g, const std::string& where);
  Ruleset& r_;
};

}  // namespace regula::script
