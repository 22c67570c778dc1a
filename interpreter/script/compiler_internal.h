#pragma once
// The script compiler's shared state, declared once for the files that each
// compile one concept of a game: the board (compiler_board.cpp), the pieces
// (compiler_pieces.cpp), the move rules (compiler_moves.cpp, with the leaps and
// walks precomputed in compiler_tables.cpp), the turn flow
// (compiler_flow.cpp), the ends (compiler_ends.cpp) and what is only shown
// (compiler_presentation.cpp). compiler.cpp runs the steps in order. The state
// is one class so that every step reads the same Value tree, reports errors the
// same way (FieldReader), fills the same Ruleset and counts the same budget of
// steps and bytes. Internal to script/: compiler.h is the interface.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/ai_settings.h"
#include "core/ruleset.h"
#include "formats/presentation.h"
#include "script/field_reader.h"
#include "script/hands_compiler.h"
#include "script/lame_leap.h"
#include "script/value.h"

namespace regula::script {

// Sets the position that errors about plain values (which carry no line) name,
// for as long as a constructor's fields are being read.
class WhereScope {
 public:
  WhereScope(std::string& ctx, const std::string& where) : ctx_(ctx), saved_(ctx) {
    if (!where.empty()) ctx_ = where;
  }
  ~WhereScope() { ctx_ = saved_; }

 private:
  std::string& ctx_;
  std::string saved_;
};

// Turns the game table a script returned into a Ruleset, throwing a
// CompileError at the first mistake (compile_game catches it).
class Compiler : private FieldReader {
 public:
  explicit Compiler(const Value& game) : game_(game) {}

  std::shared_ptr<Ruleset> run();

 private:
  // The script's game { ... } table, and the Ruleset being filled from it.
  const Value& game_;
  std::shared_ptr<Ruleset> r_;
  // What the rules carry beside them (Ruleset::presentation, Ruleset::ai).
  std::shared_ptr<Presentation> view_ = std::make_shared<Presentation>();
  std::shared_ptr<AiSettings> ai_ = std::make_shared<AiSettings>();

  // ---- names (compiler.cpp) ------------------------------------------------
  SiteId site(const std::string& name, const std::string& where);
  SeatId seat_named(const std::string& name, const std::string& where);
  TypeId type_named(const std::string& name, const std::string& where);
  int region_named(const std::string& name, const std::string& where);
  uint8_t flag_bit(const std::string& name, const std::string& where);
  // The game fields read after the ends, each handed to its concept's file.
  void misc();

  // ---- what compiling costs (compiler.cpp) ---------------------------------
  // Steps of precomputing leaps and walks, and bytes of the tables built, for
  // all rules together: a few lines of script must not keep the compiler busy
  // for hours or fill the memory.
  long steps_ = 0;
  size_t bytes_ = 0;
  void spend_steps(long n, const std::string& where);
  void spend_bytes(size_t n, const std::string& where);
  // The per-seat, per-site lists of a precomputed rule, before anything is in them.
  void table_bytes(int sites, const std::string& where);

  // ---- board, seats, regions, setup (compiler_board.cpp) -------------------
  void board();
  void seats();
  std::vector<uint8_t> sites_mask(const Value& v, const std::string& where);
  std::vector<uint8_t> rank_mask(SeatId seat, int k);
  void regions();
  void setup();
  void setup_tables();

  // ---- pieces (compiler_pieces.cpp) ----------------------------------------
  // A castle rule's partner piece, named once every piece is.
  struct PendingPartner {
    int rule;
    std::string name;
    std::string where;
  };
  std::vector<PendingPartner> pending_partners_;
  uint8_t promoted_flag_ = 0;
  HandsCompiler hands() { return HandsCompiler(*r_, ctx_); }
  void pieces();
  PieceType piece_name(const Value& p);
  void piece_rules(const Value& p, size_t i);
  void piece_traits(const Value& p, PieceType& t);
  void piece_captures(const Value& p, PieceType& tt);
  void piece_promotions(const Value& p, PieceType& tt);
  void piece_square(const Value& p, const Value& sq, PieceType& tt);
  // ---- enclosure and restricted sites (compiler_enclosure.cpp) -------------
  void piece_enclosure(const Value& p, PieceType& t);
  Hostility hostility(const Value& v, const std::string& where);
  void restricted_sites();
  Promotion promotion(const Value& pr, PieceType& tt, const std::string& where);
  void in_place_promotion(const Value& pr, Promotion& out, const std::string& where);
  void in_place_only_fields(const Value& pr, const std::string& where);

  // ---- move rules (compiler_moves.cpp) -------------------------------------
  std::vector<DirId> relative_dirs(const std::string& n, const std::string& where);
  std::array<std::vector<DirId>, kMaxSeats> dirs(const Value& v, const std::string& where);
  Mode mode(const Value& v, Mode dflt);
  int add_rule(const Value& v);
  void rule_common(const Value& v, MoveRule& rule);
  void rule_shape(const Value& v, MoveRule& rule);
  void compile_castle(const Value& v, MoveRule& rule);
  void compile_hop_chain_rules(const Value& v, MoveRule& rule);
  void compile_line_capture(const Value& v, MoveRule& rule);
  void castle_sites(const Value& p, const std::string& where, MoveRule& rule);
  void drop_rule(const Value& p, const Value& d, size_t i);
  void generated_labels();
  void capture_rules();
  // betza = "...": its elements compiled as if written out; initial moves (i)
  // start from the start squares of the piece's type, known once the setup is read.
  std::vector<std::pair<int, size_t>> initial_rules_;  // (rule, type)
  void betza_rules(const std::string& text, const std::string& where, size_t type);
  void start_regions();

  // ---- leaps and walks, precomputed (compiler_tables.cpp) ------------------
  void compile_leap(const Value& v, MoveRule& rule);
  std::vector<Offset> leap_via(const Value& v, bool lame);
  void compile_lame_leap(const Value& v, MoveRule& rule, const std::vector<LameOffset>& lame_offs,
                         const std::vector<Offset>& via, bool lame, size_t leaps);
  void compile_leap_table(const Value& v, MoveRule& rule, const std::vector<Offset>& offs);
  void compile_rider(const Value& v, MoveRule& rule, const std::vector<Offset>& offs, int rides);
  Offset offset(const Value& p, const std::string& where, const std::string& what);
  void compile_walk(const Value& v, MoveRule& rule);
  std::vector<std::array<std::vector<DirId>, kMaxSeats>> walk_legs(const Value& v);
  void walk_paths(const Value& v, MoveRule& rule,
                  const std::vector<std::vector<std::vector<DirId>>>& orders, SeatId s,
                  SiteId from);

  // ---- turn flow (compiler_flow.cpp) ---------------------------------------
  void flags_and_counters();
  Condition condition(const std::string& text, const std::string& where);
  void phases();
  void check_blocked_phases();
  uint32_t phase_mask(const Value& v, const std::string& where);
  template <typename E>
  E pick(const Value& v, const std::string& key,
         const std::vector<std::pair<std::string, E>>& choices, E dflt);
  void answer_effects(const Value& e, Stage& st);
  Stage::Effect effect(const Value& eff, const std::string& what, const std::string& where);
  void actions();
  void stages();
  Stage stage_entry(const Value& v, std::vector<std::pair<std::string, std::string>>& follow);
  void place_choice(const Value& v, Stage& st);
  void stage_chains(const std::vector<std::pair<std::string, std::string>>& follow);
  void triggers(const Value& ts);
  void turn_rules();
  int face(const Value& v);
  void dice(const Value& d);

  // ---- ends (compiler_ends.cpp) --------------------------------------------
  NoMoveEffect no_move_effect(const Value& v, const std::string& what);
  void ends();
  void end_bare_king(const Value& e, EndRules& end, const std::string& w);
  void end_counts(const Value& e, EndRules& end, const std::string& w);
  void end_facing_and_points(const Value& e, EndRules& end, const std::string& w);
  void end_conditions(const Value& cs, EndRules& end, const std::string& w);
  void end_counting(const Value& c, EndRules& end, const std::string& w);
  CountingRule::BareLimit counting_bare_limit(const Value& entry, const std::string& w);
  void end_repetition(const Value& e, EndRules& end, const std::string& w);
  void end_captures(const Value& cs, EndRules& end, const std::string& w);
  void ledgers();
  void money(const Value& v);

  // ---- presentation (compiler_presentation.cpp) ----------------------------
  // The fields that only show a game (its names, notation, pictures) or tune
  // its AI, read in one file.
  void titles();
  void grid_presentation(const Value& b);
  void glyphs(const Value& p, TypeId type);
  void presentation();
  void ai(const Value& v);
  void ai_values(const Value& v);
  void ai_squares(const Value& v);
  void pdn();
  void uci_variant();
  void notation();
};

}  // namespace regula::script
