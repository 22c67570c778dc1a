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
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "core/topology.h"
#include "core/types.h"
#include "core/walk_tree.h"

namespace regula {

class Position;
class EffectLists;
struct Presentation;
struct AiSettings;

enum class RuleKind : uint8_t {
  kSlide,     // along one direction, between min and max steps, blocked by pieces
  kTable,     // precomputed destinations that ignore pieces in between (leaps, jumping walks)
  kWalk,      // precomputed paths whose intermediate sites must be empty (non-jumping walks)
  kHop,       // jump over enemy pieces and land beyond, possibly repeated (capture chains)
  kDrop,      // place a piece from hand
  kCastle,    // royal moves towards an unmoved partner, which jumps over it
  kAnywhere,  // to any empty site (the Jetan escape)
  kScreen,    // along a line over exactly one piece (the screen), landing beyond it
  kPromote,   // promotes where it stands, as its whole move (Promotion::in_place)
  // A step that captures the enemy line it approaches or withdraws from,
  // possibly repeated (Fanorona's capture chains).
  kLineCapture,
  // No piece's: a label that moves a generate hook returns may carry, so that
  // they read and trigger stages as the vocabulary's labelled moves do.
  kGenerated,
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
// The last bit is the gating right (Gating) in rules that gate: the piece has
// stood on its start square since the game began, and a piece from the hand
// may enter the board on that square as it leaves. Once-per-game moves get the
// bits between.
constexpr uint8_t kFlagGate = uint8_t{1} << (kMaxFlags - 1);

// Steps in one walk (its intermediate sites fit a Move's path).
constexpr int kMaxWalk = 12;
static_assert(kMaxWalk <= kMaxPath);

struct WalkPath {
  SiteId dest;
  uint8_t nvia;
  std::array<SiteId, kMaxWalk> via;
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
  // kSlide of one step (max_range 1) that takes no en passant: [seat][site] -> the
  // neighbours in dirs, in their order, so that move generation reads a table
  // instead of walking every direction (built by Ruleset::finalize).
  std::vector<std::vector<std::vector<SiteId>>> steps;
  // kWalk: [seat][site] -> the paths of walks as a tree of their intermediate
  // sites (built by Ruleset::finalize; none in the reference mode, where
  // generation tests each path).
  std::vector<std::vector<WalkTree>> walk_trees;
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
  int from_region = -1;          // the origin must lie in this region (for the mover's seat)
  int to_region = -1;            // the destination must lie in this region
  uint8_t requires_clear = 0;    // piece flags that must be clear (once-per-game moves)
  uint8_t sets_flags = 0;        // piece flags set by the move
  bool sets_ep = false;          // the passed site becomes capturable en passant
  bool takes_ep = false;         // may capture en passant
  bool unless_attacked = false;  // only while the piece stands where no enemy could capture it
  // Derived by Ruleset::finalize (dispatch_rules) from the fields above and the
  // board, so that generation reads one field where it would test several per
  // piece: whether the origin must be tested (from_region, requires_clear or
  // unless_attacked), and how a kSlide is generated.
  enum class SlideWay : uint8_t {
    kSlide,      // the general walk along each direction
    kSteps,      // plain steps to empty neighbours (by bit sets where the position has them)
    kStepTable,  // other one-step moves read from the neighbour table (steps)
  };
  bool origin_test = false;
  SlideWay slide_way = SlideWay::kSlide;
  // kHop
  bool hop_flying = false;  // over any distance before and after the hopped piece
  bool hop_chain = true;    // continue hopping while possible
  // With several landings beyond a hopped piece (flying), only those from
  // which the chain can go on, when there are any.
  bool hop_land_to_go_on = false;
  // Each captured piece leaves the board as it is jumped, so that later jumps
  // of the same chain may cross its site (Turkish draughts), rather than
  // staying there as an obstacle until the move ends.
  bool hop_remove_at_once = false;
  // Between two jumps of one chain the piece may not turn straight back.
  bool hop_no_reverse = false;
  // kLineCapture (dirs as kSlide): which readings capture (kByApproach: the
  // enemy line beyond the destination, along the step; kByWithdrawal: the
  // one behind the origin, against it), whether a capture may be followed by
  // more with the same piece (optional), and whether a later step of the chain
  // may land where the piece has been this turn or go on in the direction of
  // the step before.
  static constexpr uint8_t kByApproach = 1;
  static constexpr uint8_t kByWithdrawal = 2;
  uint8_t line_by = 0;
  bool line_chain = true;
  bool line_revisit = false;
  bool line_repeat_dir = false;
  // kScreen: the most empty sites before the screen and sites beyond it (0: any);
  // dirs as kSlide.
  int screen_before = 0;
  int screen_after = 0;
  // kScreen: the types that may not serve as its screen, a bit per type (the
  // janggi cannon does not jump over a cannon).
  uint32_t screen_not_over = 0;
  // kCastle
  DirId castle_dir = 0;
  int castle_steps = 2;
  TypeId castle_partner = -1;
  // The site the partner must stand on, per seat (kNoSite: the nearest piece
  // of its type in castle_dir).
  std::array<SiteId, kMaxSeats> castle_site = [] {
    std::array<SiteId, kMaxSeats> a;
    a.fill(kNoSite);
    return a;
  }();
  // kDrop
  TypeId drop_type = -1;
  // Where a piece may be dropped, per seat: inside to_region and, with
  // drop_not_stuck, not where its moves could never take it anywhere
  // (PieceType::stuck). Built by Ruleset::finalize.
  std::array<std::vector<uint8_t>, kMaxSeats> drop_sites;
  bool drop_not_stuck = false;
  TypeId drop_file_type = -1;  // not on a file holding an own piece of this type
  bool drop_no_mate = false;   // not when the drop gives immediate mate
  // Phases (Ruleset::phases) in which the rule applies: bit i for phase i.
  uint32_t phases = ~0u;
  // kPromote: the clause of the piece's PieceType::promotions it applies.
  int promotion = -1;
  // The rule as written, where the tables above no longer show it, for
  // descriptions in words (notation/describe.h): a leap's offsets, a walk's steps.
  struct Shape {
    std::vector<Offset> offsets;  // leap: as written
    bool symmetric = true;        // leap: every rotation and reflection of them
    int rides = 1;                // leap: leaps in a row along its line (0: any number)
    // leap: the sites that must be empty, as offsets from the origin (lame
    // leaps; lame: found by stepping straight towards the destination).
    std::vector<Offset> via;
    bool lame = false;
    bool walk = false;
    std::vector<std::vector<DirId>> legs;  // walk: the directions of each step, first seat
    bool exact = true, turn = true, revisit = false, jump = false, any_order = false,
         no_reverse = false;
  } shape;
};

// A condition on the position as seen by the seat to move, compiled from text
// such as "hand == 0 and pieces == 3": a conjunction of comparisons of a
// quantity with a number. Phases are chosen by them.
struct Condition {
  enum class Subject : uint8_t {
    kHand,         // pieces in the seat's hand
    kPieces,       // the seat's pieces on the board
    kTeamPieces,   // pieces of its team (itself and its allies), on the board
    kEnemyPieces,  // pieces of seats not allied with it, on the board
    kEmpty,        // empty sites
    kCaptured,     // pieces the seat has captured
    kCounter,      // one of the seat's counters
    kPly,          // plies played
  };
  enum class Op : uint8_t { kLt, kLe, kEq, kNe, kGe, kGt };
  struct Term {
    Subject subject;
    int counter = 0;     // kCounter: its index
    uint32_t types = 0;  // kPieces, kTeamPieces, kEnemyPieces: only these types (bits; 0: all)
    int region = -1;     // kPieces, kTeamPieces, kEnemyPieces: only those in this region
    Op op;
    int value;
  };
  std::vector<Term> terms;  // all must hold; none: always
  std::string text;         // as written, for messages
};

// One way a piece promotes: on arrival in a region, while a condition holds for
// its seat (no terms: always), to one of some types or to the type that started
// on the square (to_start), optionally only to a type of which its seat has
// fewer than it started with (only_lost).
struct Promotion {
  // Which moves the zone catches (bits): those that end in it from outside
  // (kEnter), that start in it and end outside (kLeave), that start and end in
  // it (kWithin). The default, both of the first and last, is "ends in it".
  static constexpr uint8_t kEnter = 1, kLeave = 2, kWithin = 4;
  // What a capture chain does when it lands in the zone and could go on:
  // kAtEnd promotes only where the move ends (passing through does nothing),
  // kContinue promotes at once and goes on capturing as the new type, kStop
  // promotes at once and ends the move there.
  enum class InChain : uint8_t { kAtEnd, kContinue, kStop };
  int region = -1;
  std::vector<TypeId> to;
  bool to_start = false;
  bool mandatory = true;
  bool only_lost = false;
  // With only_lost, a move that must promote (mandatory, or forced) when its
  // seat has lost nothing the piece may become is not played (grand chess);
  // otherwise the piece arrives as it is.
  bool none_lost_illegal = false;
  InChain in_chain = InChain::kAtEnd;
  Condition when;
  uint8_t on = kEnter | kWithin;
  // An optional promotion is forced where the move ends in this region (-1:
  // none), or with forced_stuck where the piece, unpromoted, could never move
  // again (PieceType::stuck).
  int forced_region = -1;
  bool forced_stuck = false;
  // The promoted piece carries Ruleset::promoted_flag, so that captured to
  // hand it goes back as the type it promoted from.
  bool mark = false;
  // Not on arrival: a piece standing in the zone may promote there as its
  // whole move (a MoveRule of kind kPromote), while `when` holds.
  bool in_place = false;
  // In place only: the piece may also promote by one step in these directions
  // (per seat) onto an empty site, as the same move (sittuyin's ferz step).
  std::array<std::vector<DirId>, kMaxSeats> step_dirs{};
  // In place only: the move may not give check (no_check), and the promoted
  // piece may not attack an enemy piece where it lands (no_attack)
  // (Ruleset::quiet_promotion_rule).
  bool no_check = false;
  bool no_attack = false;
  // Whether the clause catches a move from `from` (kNoSite: a piece that was
  // not on the board) to `to`, given whether the zone holds each.
  bool catches(bool from_in, bool to_in) const {
    const uint8_t bit = to_in ? (from_in ? kWithin : kEnter) : (from_in ? kLeave : 0);
    return (on & bit) != 0;
  }
};

// Sites of the largest square block a piece's arrival may complete (4 x 4).
constexpr int kMaxSquareSites = 16;

struct PieceType {
  std::string name;
  std::array<std::string, kMaxSeats> symbol;  // per seat, as written in positions
  std::string letter;                         // seat-neutral letter for move text
  int value = 0;
  bool royal = false;
  bool fears_attack = false;  // may not end a move on a site the enemy attacks
  bool track_moved = false;   // keeps kFlagMoved (castling rights and the like)
  // A royal that may not stand on an open line along these directions with an
  // enemy royal: a move that leaves it so is illegal, as one into check.
  std::vector<DirId> facing;
  std::vector<int> rules;  // indices into Ruleset::rules
  // Two of its rules (or one rule twice) may make moves with the same effect
  // (Move::same_effect) from the same origin, such as a step and a slide in the
  // same directions: generation then keeps one of each (find_overlapping_rules;
  // in the reference mode every piece is checked).
  bool overlapping_rules = false;
  // With phases (finalize()): the rules that apply in each phase, [1 + phase],
  // and at [0] those that apply when no phase holds.
  std::vector<std::vector<int>> phase_rules;
  uint32_t captures = ~0u;  // bitmask of types it may capture
  // Promotion: the first clause whose region holds the arrival site and whose
  // condition holds for the seat applies (promotion_at in position.h).
  std::vector<Promotion> promotions;
  bool promo_ask = false;    // chosen as a decision of its own after the move (a stage)
  bool promo_marks = false;  // some clause marks the promoted piece (Promotion::mark)
  bool promo_from = false;   // some clause looks at the origin (Promotion::on)
  // Captured under Ruleset::captures_to_hand, it joins the capturer's hand as
  // this type (-1: its own); one carrying Ruleset::promoted_flag joins as
  // marked_hand_as, the type whose marking promotion made it.
  TypeId hand_as = -1;
  TypeId marked_hand_as = -1;
  // Per seat, per site: none of its rules has a destination from there on an
  // empty board, so that a piece there could never move again (finalize()).
  std::array<std::vector<uint8_t>, kMaxSeats> stuck;
  bool promotes() const { return !promotions.empty(); }
  // What happens when a piece of this type ends a move on the board:
  // takes_command: on the start square of an allied seat's piece of its type, its
  // seat takes command of that seat's army (Position::controller).
  // square: when its arrival completes a square block of that many sites a side,
  // every site holding a piece of its type, the enemy ones in the block are
  // captured (square_captures) and the allied ones become the mover's (square_takes).
  bool takes_command = false;
  int square = 0;
  bool square_captures = false;
  bool square_takes = false;
  bool arrival_effects() const { return takes_command || square > 0; }
  uint32_t roll_mask = ~0u;  // die outcomes under which it may move (dice games)
  int reset_counter = 0;     // its moves reset the move-rule counter
  // How an enemy's arrival beside it captures it (effects/enclosure.cpp), as
  // tafl games capture: kCustodial between the arriving piece and an armed
  // enemy or a site hostile to it, along a line; kSurround when every
  // orthogonal neighbour is an armed enemy or a site hostile to it (one off
  // the board is neither). kNone: never by enclosure.
  enum class Enclosure : uint8_t { kNone, kCustodial, kSurround };
  Enclosure captured = Enclosure::kNone;
  // It takes part in enclosing enemies, as the arriving piece or the far side.
  bool armed = true;
  // Tafl's shieldwall: besides its own capture, it is taken with the row of
  // enemies along the board's edge it stands in, when an arrival on the edge
  // brackets the whole row and an armed enemy faces each of its pieces from
  // the inner side (effects/enclosure.cpp). Pieces of the row without it stay.
  bool shieldwall = false;
  // Per seat, per site (empty: no site is restricted for it): kBarredStop
  // where it may pass but not stop, kBarredPass where it may do neither
  // (Ruleset::restricted; built by finalize()).
  std::array<std::vector<uint8_t>, kMaxSeats> barred;
};
constexpr uint8_t kBarredStop = 1, kBarredPass = 2;

// To whose pieces a restricted site is hostile: it stands in for an enemy in
// their enclosure, always or while it is empty.
enum class Hostility : uint8_t { kNever, kAlways, kEmpty };

// Sites only some pieces may stand on, which may stand in for an enemy when
// pieces are captured by enclosure: tafl's throne and corners.
struct RestrictedSites {
  int region = -1;                             // the sites, as each seat's pieces see the region
  uint32_t stand = 0;                          // the types that may stand there (bits)
  bool pass = false;                           // the others may pass over them when empty (slides)
  std::array<Hostility, kMaxSeats> hostile{};  // per seat whose pieces it encloses
  std::string where;                           // file:line of the entry
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
  // kFreeze and kOut change the state of the captured piece's seat (see SeatState);
  // the game ends when no more than one team has a seat left in play.
  enum class Effect : uint8_t {
    kWin,
    kDraw,
    kLoss,
    kContinue,
    kFreeze,
    kOut
  } effect = Effect::kWin;
  std::string reason;
};

// A seat in play moves on its turns. A frozen seat's pieces stay on the board,
// may be captured and never move, and its turns are skipped unless another seat
// commands its army (Position::controller). An out seat is skipped and its
// pieces are inert: they stay as obstacles, or leave the board when the rules
// say so (Ruleset::out_removes).
enum class SeatState : uint8_t { kActive = 0, kFrozen = 1, kOut = 2 };
// Position::left_reason of a seat that left by EndRules::leave.
constexpr int kLeftByLeave = -2;

// A phase of the game: the first declared phase whose condition holds for the
// seat to move is the phase of the position, and only the rules that name it
// (or name no phase) generate moves. "Place while you hold pieces, then move,
// then fly at three" is three phases. A phase that holds only when blocked
// (only_when_blocked) is current only where its condition holds and the seat has
// no move in the phase that would be current without it (the next one that
// holds): "fly at three, but only when no step is left".
struct Phase {
  std::string name;
  Condition when;
  bool only_when_blocked = false;
};

// A decision that follows a move within the game's flow: the mover removes an
// enemy piece after forming a line, gives one of its own pieces away, moves
// again, or another seat answers an offer. While one is pending the position
// records it (Position::stage) and legal_moves generates its decisions only.
struct Stage {
  enum class Who : uint8_t {
    kMover,      // the seat that made the move: the same turn goes on
    kNext,       // the next seat in turn order
    kNextEnemy,  // the next seat in turn order not allied with the mover
  };
  enum class Choice : uint8_t {
    kRemoveEnemy,  // take an enemy piece off the board; it counts as captured
    kGiveOwn,      // take one's own piece off; it counts as captured by the next seat
    kMoveAgain,    // make another ordinary move
    kAnswer,       // choose one of the answers (labels); hooks give them effect
    kPromote,      // choose what the piece that just arrived promotes to (PieceType::promo_ask)
    kPlace,        // put a new piece of place_type on an empty site reached from the anchor
  };
  enum class Protect : uint8_t {
    kNone,
    kLinesUnlessAll,  // pieces standing in a complete line of their side are
                      // protected unless every candidate does
  };
  std::string name;
  std::string where;
  Who who = Who::kMover;
  Choice choice = Choice::kRemoveEnemy;
  Protect protect = Protect::kNone;
  bool optional = false;  // the decider may decline (a pass)
  int count = 1;          // decisions in a row (each its own stage visit)
  int then = -1;          // the stage that follows this one, or -1
  std::vector<std::string> answers;
  // What each answer does besides ending the stage (parallel to answers).
  struct Effect {
    // Every seat that has lost all its pieces of this type gets one back on the
    // start square of one of them (or the nearest empty site), is back in play
    // and commands its own army again.
    TypeId restore = -1;
    bool team_only = false;  // only the seats of the team whose turn it is
  };
  std::vector<Effect> effects;
  // kPlace: the type placed (from no hand: the supply is unlimited) and the
  // rule (an index into Ruleset::rules, a step, slide, leap or walk of mode
  // move) by which its site is reached from the site the moved piece landed
  // on, as the Amazons' arrow is shot from where the amazon stopped.
  TypeId place_type = -1;
  int reach_rule = -1;
};

// A decision a seat may take in place of a move while a condition holds for it,
// such as an offer: it starts its stage (usually answered by another seat).
struct Action {
  std::string name;
  std::string where;
  Condition when;
  int stage = -1;        // the stage it starts, or -1: it takes effect at once
  Stage::Effect effect;  // with no stage
};

// What starts a stage: a decision that completes a line of the board through
// the site it moved or placed a piece on, one that leaves no empty site, or one
// made by a rule with a given label, or any move of a piece on the board (not a
// drop: kMove). The first matching trigger applies.
struct Trigger {
  enum class On : uint8_t { kLine, kFull, kLabel, kMove };
  On on = On::kLine;
  std::string label;  // kLabel
  uint32_t phases = ~0u;
  int stage = -1;
  std::string where;
};

// A piece that broke a line of its seat may not go straight back on its seat's
// next turn where that completes the line again: after any move that broke a
// line (kAfterBreak), or only after one that broke a line and completed another
// (kAfterSwap).
enum class ReturnBan : uint8_t { kNone, kAfterBreak, kAfterSwap };

enum class NoMoveEffect : uint8_t { kLoss, kDraw, kWin, kPass };
enum class CapturePriority : uint8_t { kFree, kCompulsory, kMaxCount, kMaxCountThenValue };
// Among compulsory captures, each criterion in turn keeps the captures that score
// best by it (Ruleset::capture_order; Italian draughts names four).
enum class CaptureCriterion : uint8_t {
  kMostPieces,     // the most pieces taken
  kMostValue,      // the greatest total value taken
  kMoverValue,     // taken by the most valuable piece
  kEarliestValue,  // the values taken, in the order taken, greatest first
};

// An end that holds when a condition (as phases use) holds for the seat to move
// at the start of its turn: it wins, loses or draws.
// With moves > 0, the end waits until the seat has made that many moves in a
// row at whose start the condition held for it (three kings that have not won
// against a lone king within thirteen moves): the count is kept, per seat, in
// the global counter kConditionMoves + slot * kMaxSeats + seat. A second
// condition, lasts (no terms: none), lets a count that `when` began go on
// while it holds: the count starts under `when` and runs under `lasts`.
struct ConditionEnd {
  Condition when;
  Condition lasts;
  NoMoveEffect result = NoMoveEffect::kDraw;
  std::string reason;
  int moves = 0;
  int slot = -1;
};
// End conditions that wait for a number of moves: at most this many per script.
constexpr int kMaxCountedConditions = 2;

// The counting rules of Thai and Burmese chess, in the form Fairy-Stockfish
// gives them (its MAKRUK_COUNTING and ASEAN_COUNTING): once no pawn stands on
// the board, the side to move starts a count of moves whose limit its material
// and the other side's choose; when the count passes its limit the game is
// drawn, unless the side to move is checkmated. A count, once started, runs to
// its end, and starts again only when a capture or a promotion leaves the side
// to move bare (a single piece on the board). The count lives in the
// position, in plies (the global counters kCountLimit and kCountPly), so that
// one may be set up from a position string. Two seats only.
struct CountingRule {
  // A limit of the count of a bare side: the other side has at least the
  // given number of pieces of each listed type.
  struct BareLimit {
    std::vector<std::pair<TypeId, int>> against;
    int moves = 0;
  };
  uint32_t pawns = 0;  // bit per type: no count starts while one stands on the board
  // The limit when the side to move has more than one piece (0: no count then);
  // never while the other side is bare.
  int board_moves = 0;
  std::vector<BareLimit> bare;  // the side to move bare: the first limit that holds
  // A bare side's count starts from the number of pieces on the board (the
  // pieces' honour); a bare side that takes the last pawn counts from that move.
  bool bare_from_pieces = false;
  bool on() const { return board_moves > 0 || !bare.empty(); }
};

struct EndRules {
  bool check = false;  // moves may not leave one's own royal piece attacked
  NoMoveEffect checkmate = NoMoveEffect::kLoss;
  NoMoveEffect stalemate = NoMoveEffect::kDraw;
  NoMoveEffect no_moves = NoMoveEffect::kLoss;  // when check is off
  std::vector<CaptureEnd> on_capture;
  std::vector<ConditionEnd> on_condition;
  bool extinction = false;  // a seat with no pieces loses
  // When no seat of all teams but one is in play, that team wins; otherwise
  // (plays-on) play goes on while a seat can move, its frozen enemies capturable.
  bool last_team_wins = true;
  // A seat for which this holds after a move leaves play (out); no terms: never.
  Condition leave;
  bool bare_royal = false;       // a seat left with only royals loses
  int move_rule = 0;             // plies without capture or reset move: draw (0: off)
  int repetition = 0;            // n-fold repetition: draw (0: off)
  SeatId repetition_loser = -1;  // ...or a loss for this seat, whoever repeats
  // A repetition in whose cycle one side gave check with every move loses for
  // that side (both sides: the repetition's own result); two seats only.
  bool perpetual_check_loses = false;
  int passes_draw = 0;              // this many passes in a row: draw (0: off)
  int material_max = 0;             // both sides at most this many pieces of equal value...
  int material_plies = 0;           // ...and no result within this many plies: draw
  bool counted_conditions = false;  // some of on_condition wait for moves
  int capture_target = 0;           // captured this many: win (0: off)
  // move_rule waits while the side to move is in check: a mate on its last ply counts.
  bool move_rule_mate_first = false;
  // bare_royal's readings: a bare seat draws rather than loses; a bared seat has
  // one more move, and baring the other side with it draws (two seats only).
  bool bare_royal_draws = false;
  bool bare_back = false;
  // A pass made while the royals face (Ruleset::facing_offer) accepts the offer:
  // the game is drawn.
  bool facing_draws = false;
  // Draws are decided on points: each seat's pieces on the board at their value,
  // plus its bonus (in halves, so that 1.5 is exact); the higher total wins.
  bool points_decide = false;
  std::array<int, kMaxSeats> points_bonus_halves{};
  // Tafl's encirclement: this seat loses when none of its pieces can reach a
  // site on the board's edge, moving orthogonally through sites that hold no
  // enemy piece (core/encirclement.cpp); -1: off.
  SeatId encircled = -1;
  // Tafl's edge fort: the seat of this piece type wins when one of them stands
  // on the board's edge, may move, and is closed in by allies the enemy can
  // neither pass nor capture (core/edge_fort.cpp); -1: off.
  TypeId edge_fort = -1;
  // The counting rules of Thai and Burmese chess (CountingRule); off unless on().
  CountingRule counting;
};

// Dice thrown at the start of each turn. Faces are distinct values with integer
// weights (a die marked 1, 1, 2 has faces {1, 2} with weights {2, 1}). With
// several dice, one throw gives all of them; each ordinary move then uses one
// die's value (the piece must accept it: PieceType::roll_mask), in any order,
// and the turn goes on while dice remain.
struct Dice {
  std::vector<int> faces;    // distinct, 1..kMaxFace; empty: no dice
  std::vector<int> weights;  // per face, >= 1
  int count = 1;             // dice per throw, 1..kMaxDice
  // Filled by finalize(): every distinct throw (packed as Position::roll) with
  // its weight; the probability of a throw is its weight over outcome_total.
  std::vector<int> outcomes;
  std::vector<uint64_t> outcome_weights;
  uint64_t outcome_total = 0;
  static constexpr int kMaxFace = 31;
  static constexpr int kMaxDice = 3;
  bool enabled() const { return !faces.empty(); }
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
  // The script's judgement of pos for seat's team, in piece values (the
  // computer players' evaluation), when it defines one.
  virtual bool has_evaluate() const { return false; }
  // A filter that judges a position's whole list of generated moves in one
  // call, removing those it forbids, when the script defines one.
  virtual bool has_filter_moves() const { return false; }
  virtual void filter_moves(const Position& /*pos*/, MoveList& /*moves*/) {}
  // Whether the calling thread is inside a generate call (attack detection,
  // which runs generate, then leaves it out).
  virtual bool generating() const { return false; }
  // Whether the calling thread is inside a filter or filter_moves call (attack
  // detection, which runs the filters, then leaves them out).
  virtual bool filtering() const { return false; }
  virtual double evaluate(const Position& /*pos*/, SeatId /*seat*/) { return 0; }
};

// Money: each seat's ante goes into a pot that the winners share at the end (a
// draw gives it back), and payments between seats: the owner of a captured piece
// of a type pays the capturer; the seat whose piece of a type started on a square
// pays the enemy that ends a move there, once per game; at the end, each loser
// pays each winner that commands an ally's army. The ledger is the seats'
// `stakes` counters with the pot (global kPot): they always sum to zero.
struct Payment {
  enum class On : uint8_t { kCapture, kOccupy, kWinCommanding };
  On on = On::kCapture;
  TypeId piece = -1;
  int amount = 0;
};
struct Money {
  int ante = 0;
  std::vector<Payment> payments;
  bool enabled() const { return ante > 0 || !payments.empty(); }
};

// The shortcuts finalize derives from the rules for speed, in one place: each
// lets move generation, make or the walks over turns skip a general path where
// the rules make it needless. Ruleset::use_reference_paths switches all of them
// off (on = false), and one differential test plays every bundled script both
// ways (tests/reference_mode_test.cpp).
struct FastPaths {
  bool on = true;  // false: the reference mode, every shortcut below off
  // No capture rule can be blocked in a way the pin shortcut of move
  // generation does not know about (no walks, screens, hops, generate hooks or
  // facing royals).
  bool pins_simple = false;
  // A royal's safety after an ordinary move can be judged on the board alone
  // (check_after): no attack of any seat reads piece counts or generated moves.
  bool probe_check = false;
  // With probe_check, a seat out of check is judged after a move along the rays
  // through the sites the move changed only (check_after_unchecked): no attack
  // depends on phases, and the board's neighbours follow its coordinates, so a
  // site's ray from the royal is known from the two sites' coordinates. Only
  // where pins are not simple (screens, lame leaps): elsewhere the whole probe
  // costs no more than finding the rays.
  bool check_by_rays = false;
  // No stages, triggers or several dice: after a move the next seat plays, and
  // a turn is one decision.
  bool simple_flow = false;
  // One-step slides have neighbour tables (MoveRule::steps).
  bool step_tables = false;
  // Some move may take the piece standing on its destination: a slide, leap,
  // walk or other rule that may capture, or a generate hook. Where none can
  // (hops and drops land on empty sites, castles on their own), a move's
  // captures are the sites it clears, and the capture priorities count those.
  bool arrival_captures = true;
  // Every piece's rules are steps, slides and hops with no condition on the
  // origin (region, flags, attack), without phases or dice, on at most 64
  // sites: generation takes them without those tests.
  bool simple_army = false;
  // Per phase slot (one slot without phases): the rule index when every piece
  // type has that one rule there, a plain step to an empty neighbour; else -1.
  std::vector<int> plain_steps;
  // Per piece type and seat: the sites where some promotion clause of the type
  // may apply (its zones; their conditions are checked on arrival), read by
  // generation before it looks for a promotion. None for a type without
  // promotions; every site on boards of more than 64 sites and in the
  // reference mode.
  std::vector<std::array<uint64_t, kMaxSeats>> promotion_sites;
  // The same sites one byte each, on boards of any size (every site in the
  // reference mode): [type][seat][site].
  std::vector<std::array<std::vector<uint8_t>, kMaxSeats>> promotion_zone;
  // The stage of the first trigger when it is a removal after a completed line
  // whose choices can be counted before the move that starts it; -1 otherwise
  // (used by turns_after_made).
  int line_removal_stage = -1;
};

struct Ruleset {
  std::string name;  // bundled name, e.g. "chess/orthodox"
  std::string file;
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
  // The type on each site in the start position, or -1 (finalize()).
  std::vector<TypeId> start_type;
  std::vector<SeatId> start_seat;  // the seat of that piece, or -1
  SeatId first = 0;
  EndRules end;
  CapturePriority capture_priority = CapturePriority::kFree;
  std::vector<CaptureCriterion> capture_order;  // after capture_priority, in order
  Dice dice;
  std::vector<Phase> phases;
  std::vector<Stage> stages;
  std::vector<Trigger> triggers;
  std::vector<Action> actions;
  int promotion_stage = -1;  // the stage of asked promotions, when a piece has one
  bool must_drop = false;    // when a drop is legal, only drops are
  // A seat may pass its turn in place of a move (janggi): the pass is one more
  // legal move at the start of every turn, except where it would leave the
  // seat's royal attacked (in check, under check rules).
  bool voluntary_pass = false;
  // Royals that face each other on an open line along these directions make an
  // offer (janggi's bikjang): the seat to move must break the line or pass, its
  // pass being legal even in check, and a pass accepts (EndRules::facing_draws).
  // Empty: royals may face each other freely (or never: PieceType::facing).
  std::vector<DirId> facing_offer;
  // A captured piece joins the capturer's hand (PieceType::hand_as).
  bool captures_to_hand = false;
  // The piece flag that marks a promoted piece (Promotion::mark), or 0.
  uint8_t promoted_flag = 0;
  // Some drop rule may not give mate (MoveRule::drop_no_mate).
  bool drop_mate_rule = false;
  // The indices of the drop rules, in order (derived by finalize).
  std::vector<int> drop_rules;
  // Some in-place promotion may not check or attack (Promotion::no_check, no_attack).
  bool quiet_promotion_rule = false;
  // Some rule keeps only part of the moves generated (the rules above, capture
  // priority or order, must_drop): detail::keep_preferred_moves has work to do
  // (finalize()).
  bool prefers_moves = false;
  ReturnBan return_ban = ReturnBan::kNone;
  // Gating (S-chess): a piece that leaves its start square in the region for
  // the first time may have a piece of its seat's hand put on the square it
  // left, as part of the same move. Rights are the piece flag kFlagGate.
  struct Gating {
    int region = -1;       // where pieces start with the right; -1: no gating
    uint64_t types = 0;    // the hand's types that may enter (bit per TypeId)
    bool castling = true;  // castling may gate on the royal's or the partner's square
    bool on() const { return region >= 0; }
    bool gates(TypeId t) const { return (types >> t) & 1u; }
  } gating;
  bool out_removes = false;  // a seat that goes out loses its pieces from the board
  // Restricted sites (tafl), and from them per seat, per site, how hostile a
  // site is to that seat's pieces (Hostility; empty: none is), by finalize().
  std::vector<RestrictedSites> restricted;
  std::array<std::vector<Hostility>, kMaxSeats> hostile;
  Money money;
  bool stakes = false;  // capturer is owed the captured piece's value
  int stakes_win = 0;   // and each loser owes each winner this at the end
  std::vector<std::pair<std::string, std::string>> options;  // chosen values
  std::vector<std::pair<std::string, std::vector<std::string>>> declared_options;
  // The script's file and those it required or extended (canonical paths), for
  // front ends that reload the rules when one changes.
  std::vector<std::string> files;
  // FNV-1a 64 of the text of those files in the order they were read, as 16 hex digits.
  std::string content_hash;
  std::shared_ptr<Hooks> hooks;
  // The rule effects (core/effect.h) of these rules, by event (finalize()).
  std::shared_ptr<const EffectLists> effects;
  // What travels beside the rules and never changes how they play: how they
  // are written and shown (formats/presentation.h: titles, notation, PDN, UCI
  // names, glyphs, option descriptions) and what the computer players take
  // from the script (core/ai_settings.h). The loader fills both; core only
  // carries them, as incomplete types it cannot read.
  std::shared_ptr<const Presentation> presentation;
  std::shared_ptr<const AiSettings> ai;

  int num_seats() const { return static_cast<int>(seats.size()); }
  int region_index(const std::string& name) const;
  TypeId type_index(const std::string& name) const;
  bool allies(SeatId a, SeatId b) const { return seats[a].team == seats[b].team; }
  // Bitmask of type bits that may be captured: used for quick restriction checks.
  bool may_capture(TypeId attacker, TypeId victim) const {
    return (types[attacker].captures >> victim) & 1u;
  }
  // The seat after seat in turn_order (the first after the last, and for a
  // seat not in it), from a table finalize() fills.
  SeatId next_seat(SeatId seat) const {
    return seat >= 0 && seat < kMaxSeats ? next_in_order[seat] : next_in_order[0];
  }
  std::array<SeatId, kMaxSeats> next_in_order{};
  int stage_index(const std::string& name) const;
  // The seat named name, or -1.
  int seat_index(std::string_view name) const;
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
    int max_range;          // 0 = unlimited
    uint32_t phases = ~0u;  // MoveRule::phases of its rule
  };
  std::array<std::array<std::vector<SlideAttack>, kNumDirs>, kMaxSeats> slide_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> table_attacks;  // (type, rule)
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> walk_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> anywhere_attacks;
  std::array<std::vector<std::pair<TypeId, int>>, kMaxSeats> ep_attacks;  // slides, ep = "take"
  std::array<std::vector<TypeId>, kMaxSeats> other_attackers;  // found by generating moves
  // Screen moves that capture, per attacking seat and compass direction of the move.
  struct ScreenAttack {
    TypeId type;
    uint8_t requires_clear;
    int16_t from_region;
    int16_t to_region;
    int before;             // 0 = any
    int after;              // 0 = any
    uint32_t phases = ~0u;  // MoveRule::phases of its rule
    uint32_t not_over = 0;  // MoveRule::screen_not_over of its rule
  };
  std::array<std::array<std::vector<ScreenAttack>, kNumDirs>, kMaxSeats> screen_attacks;
  // Some capturing rule applies in some phases only: attack detection reads the
  // attacker's phase (MoveRule::phases), as move generation does.
  bool phased_attacks = false;
  bool any_facing = false;  // some royal type has PieceType::facing
  // Zobrist keys, filled by finalize().
  std::vector<uint64_t> z_piece;  // [code * sites + site]
  std::vector<uint64_t> z_flag;   // [bit * sites + site]
  std::vector<uint64_t> z_ep;     // [site]
  std::array<uint64_t, kMaxSeats> z_side{};
  std::array<uint64_t, kMaxSeats> z_out{};
  std::array<uint64_t, 64> z_roll{};
  uint64_t z_var_seed = 0;
  std::array<uint64_t, kMaxSeats> z_frozen{};
  uint64_t z_stage_seed = 0;
  // A seat that commands another's army moves either army on either's turn
  // (otherwise each army on its own seat's turns).
  bool command_either = false;
  // Some piece type's arrival does something (PieceType::arrival_effects).
  bool any_arrival_effects = false;
  // A move may pay money, bring a frozen seat back by promotion, or trigger an
  // arrival effect (finalize()).
  bool move_effects = false;
  // Whether a move may leave a decision pending (stages, or several dice).
  bool has_continuations = false;
  // Some trigger applies in some phases only (Trigger::phases).
  bool phased_triggers = false;
  // Per phase slot (as PieceType::phase_rules): whether any piece type has a
  // rule there (finalize()).
  std::vector<bool> phase_moves;
  // Some phase condition reads the ply count (Condition::Subject::kPly).
  bool phases_read_ply = false;
  // Some phase holds only when blocked (Phase::only_when_blocked): the phase
  // then reads the moves, so that positions do not keep it (finalize()).
  bool phases_read_moves = false;
  // The shortcuts derived for speed (finalize()); see FastPaths.
  FastPaths fast;
  // Builds derived tables (zobrist keys, royals, reverse tables, effects, the
  // shortcuts); call once after filling.
  void finalize();
  // Switches every shortcut off (the reference mode): move generation, make and
  // the walks over turns then take their general paths, and must answer alike.
  void use_reference_paths();

 private:
  void dice_outcomes();
  void zobrist_keys();
  void seat_order();
  void flow_facts();
  void start_tables();
  void step_tables();
  void reverse_tables();
  void walk_tree_tables();
  void attack_tables();
  void derive_fast_paths();
  void plain_step_rules();
  void promotion_masks(bool zones);
  void dispatch_rules();
  void restricted_tables();

 public:
};

}  // namespace regula
