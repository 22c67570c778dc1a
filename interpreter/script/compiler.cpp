// The script compiler's driver: the order in which a game's concepts are
// compiled (each in its own compiler_*.cpp, see compiler_internal.h), the name
// lookups and flags every concept uses, and the budget of steps and bytes that
// bounds what a script may make the compiler build.

#include "script/compiler.h"

#include <string>
#include <vector>

#include "core/position_sense.h"
#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

std::shared_ptr<Ruleset> Compiler::run() {
  if (game_.tag != "game")
    fail(game_.where, "the script must return game { ... } (got " +
                          (game_.tag.empty() ? std::string("a plain table") : game_.tag) + ")");
  check_fields(game_, "game");
  ctx_ = game_.where;  // plain tables have no line of their own: name the game's
  r_ = std::make_shared<Ruleset>();
  r_->presentation = view_;
  r_->ai = ai_;
  r_->file = game_.where.substr(0, game_.where.rfind(':'));
  titles();
  board();
  seats();
  regions();
  flags_and_counters();
  phases();
  pieces();
  generated_labels();
  setup();
  start_regions();
  ends();
  misc();
  hands().game_fields(game_, promoted_flag_, *view_);
  stages();
  check_blocked_phases();
  r_->finalize();
  return r_;
}

// ---- names ---------------------------------------------------------------
SiteId Compiler::site(const std::string& name, const std::string& where) {
  SiteId s = r_->topology.find(name);
  if (s == kNoSite) fail(where, "no site named '" + name + "' on this board");
  return s;
}

SeatId Compiler::seat_named(const std::string& name, const std::string& where) {
  if (const int s = r_->seat_index(name); s >= 0) return s;
  std::vector<std::string> names;
  for (auto& s : r_->seats) names.push_back(s.name);
  fail(where, "no seat named '" + name + "' (seats: " + join(names) + ")");
}

TypeId Compiler::type_named(const std::string& name, const std::string& where) {
  for (TypeId t = 0; t < static_cast<TypeId>(r_->types.size()); ++t)
    if (r_->types[t].name == name || r_->types[t].letter == name) return t;
  std::vector<std::string> names;
  for (auto& t : r_->types) names.push_back(t.name);
  fail(where, "no piece named '" + name + "' (pieces: " + join(names) + ")");
}

int Compiler::region_named(const std::string& name, const std::string& where) {
  int i = r_->region_index(name);
  if (i < 0) {
    std::vector<std::string> names;
    for (auto& g : r_->regions) names.push_back(g.name);
    fail(where, "no region named '" + name + "' (regions: " + join(names) + ")");
  }
  return i;
}

uint8_t Compiler::flag_bit(const std::string& name, const std::string& where) {
  for (size_t i = 0; i < r_->flag_names.size(); ++i)
    if (r_->flag_names[i] == name) return static_cast<uint8_t>(1u << i);
  if (r_->flag_names.size() >= static_cast<size_t>(kMaxFlags))
    fail(where, "too many once-per-game flags (at most " + std::to_string(kMaxFlags - 1) + ")");
  r_->flag_names.push_back(name);
  return static_cast<uint8_t>(1u << (r_->flag_names.size() - 1));
}

// The game fields read after the ends, in the order their errors are reported.
void Compiler::misc() {
  capture_rules();
  restricted_sites();
  turn_rules();
  ledgers();
  presentation();
}

// ---- what compiling costs -------------------------------------------------
void Compiler::spend_steps(long n, const std::string& where) {
  steps_ += n;
  if (steps_ > kMaxPrecomputeSteps)
    fail(where, "the moves take more than " + std::to_string(kMaxPrecomputeSteps) +
                    " steps to precompute (kMaxPrecomputeSteps): too many leap offsets or "
                    "walk paths");
}

void Compiler::spend_bytes(size_t n, const std::string& where) {
  bytes_ += n;
  if (bytes_ > kMaxCompiledBytes)
    fail(where, "the compiled tables take more than " + std::to_string(kMaxCompiledBytes >> 20) +
                    " MiB (kMaxCompiledBytes): too many or too large move rules, regions or "
                    "lines");
}

// The per-seat, per-site lists of a precomputed rule, before anything is in them.
void Compiler::table_bytes(int sites, const std::string& where) {
  spend_bytes(static_cast<size_t>(kMaxSeats) * sites * sizeof(std::vector<SiteId>), where);
}

Expected<std::shared_ptr<Ruleset>> compile_game(const Value& game) {
  std::shared_ptr<Ruleset> r;
  try {
    r = Compiler(game).run();
  } catch (const CompileError& e) {
    return e.error;
  }
  // The start position is written and read back like any other: one that the
  // readers of positions would refuse (a man where it could never move and
  // would have had to promote) is a fault of the setup.
  if (Status e = check_position_sense(Position(r)))
    return Error{game.where, "setup: the start position could not arise: " + e->what};
  return r;
}

}  // namespace regula::script
