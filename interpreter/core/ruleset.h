#pragma once
// A compiled game: the immutable tables that move generation, make/unmake and
// end detection read. A script is turned into one of these once, at load time,
// so that playing a move never consults the script; only the optional hooks
// (see Hooks) call back into it, and only when the script defines them.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "core/topology.h"
#include "core/types.h"

namespace regula {

class Position;

enum class RuleKind : uint8_t {
  kSlide,     // along one direction, between min and max steps, blocked by pieces
  kTable,     // precomputed destinations that ignore pieces in between (leaps, jumping walks)
  kWalk,      // precomputed paths whose intermediate sites must be empty (non-jumping walks)
  kHop,       // jump over enemy pieces and land beyond, possibly repeated (capture chains)
  kDrop,      // place a piece from hand
  kCastle,    // royal moves towards an unmoved partner, which jumps over it
  kAnywhere,  // to any empty site (the Jetan escape)
};

// Which destinations a rule may end on.
enum class Mode : uint8_t { kMove = 1, kCapture = 2, kBoth = 3 };
inline bool has_mode(Mode m, Mode bit) {
  return static_cast<int>(m) & static_cast<int>(bit);
}

// Piece flags (per piece, travelling with it). Bit 0 is the engine's; the
// rest are given out to a script's once-per-game moves.
constexpr uint8_t kFlagMoved = 1;
constexpr int kMaxFlags = 8;

struct WalkPath {
  SiteId dest;
  uint8_t nvia;
  std::array<SiteId, kMaxPath> via;
};

// One way of moving, compiled from one vocabulary element of a script.
struct MoveRule {
  RuleKind kind = RuleKind::kSlide;
  Mode mode = Mode::kBoth;
  std::string label;  // shown in move text when set (e.g. "escape")
  std::string where;  // file:line of the script element
  // kSlide
  std::array<std::vector<DirId>, kMaxSeats> dirs;  // per seat (relative directions resolved)
  int min_range = 1;
  int max_range = 1;  // 0 = unlimited
  // kTable: [seat][site] -> destinations; kWalk: [seat][site] -> paths, sorted by dest
  std::vector<std::vector<std::vector<SiteId>>> table;
  std::vector<std::vector<std::vector<WalkPath>>> walks;
  // Reverse tables for attack detection, built for capturing rules only: [seat][target]
  // -> origins (kTable) or paths from origin to target with origin stored in dest (kWalk).
  // They hold only what the rule may capture by: an origin its from region allows, a
  // target its to region allows, and no walk that crosses its own target (an occupied
  // target blocks it).
  std::vector<std::vector<std::vector<SiteId>>> rev_table;
  std::vector<std::vector<std::vector<WalkPath>>> rev_walks;
  // rev_walks[seat][target] grouped by origin: (origin, number of paths), in order,
  // so that attack detection looks at a path only when its origin holds the attacker.
  std::vector<std::vector<std::vector<std::pair<SiteId, uint16_t>>>> rev_groups;
  // Whether some capturing walk passes over its own destination (revisit = true): attack
  // maps, which read the forward walks, must then leave such paths out.
  bool walk_crosses_target = false;
  // Conditions
  int from_region = -1;        // the origin must lie in this region (for the mover's seat)
  int to_region = -1;          // the destination must lie in this region
  uint8_t requires_clear = 0;  // piece flags that must be clear (once-per-game moves)
  uint8_t sets_flags = 0;      // piece flags set by the move
  bool sets_ep = false;        // the passed site becomes capturable en passant
  bool takes_ep = false;       // may capture en passant
  // kHop
  bool hop_flying = false;  // over any distance before and after the hopped piece
  bool hop_chain = true;    // continue hopping while possible
  // kCastle
  DirId castle_dir = 0;
  int castle_steps = 2;
  TypeId castle_partner = -1;
  // kDrop
  TypeId drop_type = -1;
};

struct PieceType {
  std::string name;
  std::array<std::string, kMaxSeats> symbol;  // per seat, as written in positions
  std::string letter;                         // seat-neutral letter for move text
  int value = 0;
  bool royal = false;
  bool fears_attack = false;  // may not end a move on a site the enemy attacks
  bool track_moved = false;   // keeps kFlagMoved (castling rights and the like)
  std::vector<int> rules;     // indices into Ruleset::rules
  uint32_t captures = ~0u;    // bitmask of types it may capture
  // Promotion
  int promo_region = -1;
  std::vector<TypeId> promo_to;
  bool promo_mandatory = true;
  bool promo_only_lost = false;  // only to a type of which the seat has fewer than at the start
  uint32_t roll_mask = ~0u;      // die outcomes under which it may move (dice games)
  int reset_counter = 0;         // its moves reset the move-rule counter
};

struct Region {
  std::string name;
  std::array<std::vector<uint8_t>, kMaxSeats> member;  // [seat][site]
  bool contains(SeatId seat, SiteId site) const { return member[seat][site] != 0; }
};

struct Seat {
  std::string name;
  int team = 0;
  int facing = 0;  // quarter turns clockwise from north
};

// What ends a game when a capture happens: "Chief takes Chief wins",
// "Chief taken by another piece draws". The first matching entry applies.
struct CaptureEnd {
  TypeId captured = -1;
  TypeId by = -1;  // -1: any type
  enum class Effect : uint8_t { kWin, kDraw, kLoss, kContinue } effect = Effect::kWin;
  std::string reason;
};

enum class NoMoveEffect : uint8_t { kLoss, kDraw, kWin, kPass };
enum class CapturePriority : uint8_t { kFree, kCompulsory, kMaxCount, kMaxCountThenValue };

struct EndRules {
  bool check = false;  // moves may not leave one's own royal piece attacked
  NoMoveEffect checkmate = NoMoveEffect::kLoss;
  NoMoveEffect stalemate = NoMoveEffect::kDraw;
  NoMoveEffect no_moves = NoMoveEffect::kLoss;  // when check is off
  std::vector<CaptureEnd> on_capture;
  bool extinction = false;  // a seat with no pieces loses
  bool bare_royal = false;  // a seat left with only royals loses
  int move_rule = 0;        // plies without capture or reset move: draw (0: off)
  int repetition = 0;       // n-fold repetition: draw (0: off)
  int passes_draw = 0;      // this many passes in a row: draw (0: off)
  int material_max = 0;     // both sides at most this many pieces of equal value...
  int material_plies = 0;   // ...and no result within this many plies: draw
  int capture_target = 0;   // captured this many: win (0: off)
};

struct Dice {
  std::vector<int> faces;  // equally likely outcomes; empty: no dice
};

// Script callbacks for what the vocabulary cannot say. Core calls them only when
// the ruleset says the script defined them; each may fail with an Error.
class Hooks {
 public:
  virtual ~Hooks() = default;
  virtual bool has_filter() const = 0;
  virtual bool has_after() const = 0;
  virtual bool has_generate() const = 0;
  virtual bool has_end() const = 0;
  virtual bool filter(const Position& pos, const Move& move) = 0;
  virtual void after(Position& pos, const Move& move, struct Undo& undo) = 0;
  virtual void generate(const Position& pos, MoveList& moves) = 0;
  virtual std::optional<Result> end(const Position& pos) = 0;
};

struct Ruleset {
  std::string name;  // bundled name, e.g. "chess/orthodox"
  std::string title;
  std::string file;
  std::vector<std::string> sources;
  std::string description;
  Topology topology;
  std::vector<Seat> seats;
  std::vector<SeatId> turn_order;
  std::vector<PieceType> types;
  std::vector<MoveRule> rules;
  std::vector<Region> regions;
  std::vector<std::string> flag_names;          // index = bit
  std::vector<std::string> seat_counter_names;  // per-seat counters
  // Start: pieces (site, code), hand contents [seat][type]
  std::vector<std::pair<SiteId, PieceCode>> setup;
  std::array<std::array<int, kMaxTypes>, kMaxSeats> setup_hand{};
  // Pieces of each type each seat starts with, on the board or in hand (finalize()).
  std::array<std::array<int, kMaxTypes>, kMaxSeats> setup_count{};
  SeatId first = 0;
  EndRules end;
  CapturePriority capture_priority = CapturePriority::kFree;
  Dice dice;
  bool stakes = false;                      // capturer is owed the captured piece's value
  int stakes_win = 0;                       // and each loser owes each winner this at the end
  std::string notation = "long";            // "long" (e2e4), "san"
  std::string position_format = "generic";  // or "fen"
  std::vector<std::pair<std::string, std::string>> options;  // chosen values
  std::vector<std::pair<std::string, std::vector<std::string>>> declared_options;
  std::shared_ptr<Hooks> hooks;

  int num_seats() const { return static_cast<int>(seats.size()); }
  int region_index(const std::string& name) const;
  TypeId type_index(const std::string& name) const;
  bool allies(SeatId a, SeatId b) const { return seats[a].team == seats[b].team; }
  // Bitmask of type bits that may be captured: used for quick restriction checks.
  bool may_capture(TypeId attacker, TypeId victim) const {
    return (types[attacker].captures >> victim) & 1u;
  }
  SeatId next_seat(SeatId seat) const;
  // Filled by finalize(): whether any capture rule can be blocked in a way the
  // pin shortcut in move generation does not know about.
  bool pins_simple = true;
  bool any_fears_attack = false;
  std::array<std::vector<TypeId>, kMaxSeats> royals;  // royal types per seat (for check)
  // Attack detection tables, filled by finalize(), of the rules that can capture, for
  // each attacking seat: which types attack along a compass direction (scanned backwards
  // from the target), with the conditions of their rule, so that a scan meets a rule's
  // regions and once-per-game flags exactly as move generation does; which rules are
  // precomputed tables or walks (their reverse tables apply the regions); which capture
  // anywhere; which slides take en passant.
  struct SlideAttack {
    TypeId type;
    uint8_t requires_clear;  // piece flags that must be clear (once-per-game rules)
    int16_t from_region;     // the attacker's site must lie in it (-1: none)
    int16_t to_region;       // the target must lie in it (-1: none)
    int min_range;
    int max_range;  // 0 = unlimited
  };
  std::array<std::array<std::vector<SlideAttack>, kNumDirs>, kMaxSeats> slide_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> table_attacks;  // (type, rule)
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> walk_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> anywhere_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> ep_attacks;  // slides, ep = "take"
  std::array<std::vector<TypeId>, kMaxSeats> other_attackers;  // found by generating moves
  // Zobrist keys, filled by finalize().
  std::vector<uint64_t> z_piece;  // [code * sites + site]
  std::vector<uint64_t> z_flag;   // [bit * sites + site]
  std::vector<uint64_t> z_ep;     // [site]
  std::array<uint64_t, kMaxSeats> z_side{};
  std::array<uint64_t, kMaxSeats> z_out{};
  std::array<uint64_t, 64> z_roll{};
  uint64_t z_var_seed = 0;
  // Builds derived tables (zobrist keys, royals, reverse tables); call once after filling.
  void finalize();
};

}  // namespace regula
