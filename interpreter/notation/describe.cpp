#include "notation/describe.h"

// Every kind of move rule, mode and promotion has words here: the switches
// have no default, and a kind without words is a compile error, not a piece
// described by silence.
#pragma GCC diagnostic error "-Wswitch"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "formats/betza.h"
#include "notation/word_list.h"

namespace regula {

namespace {

// The directions relative to the first seat: 0 forward, clockwise by eighths.
std::set<int> relative(const Ruleset& r, const std::vector<DirId>& dirs) {
  const int facing = r.seats.empty() ? 0 : r.seats[0].facing;
  std::set<int> out;
  for (DirId d : dirs) out.insert(((d - 2 * facing) % 8 + 8) % 8);
  return out;
}

const char* const kCompass[8] = {"north", "north-east", "east", "south-east",
                                 "south", "south-west", "west", "north-west"};

std::string plural(int n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

// What a rule's mode adds to its words: every rule is said as a way of
// moving, and then whether it captures the same way.
std::string mode_words(Mode m) {
  switch (m) {
    case Mode::kMove:
      return ", without capturing";
    case Mode::kCapture:
      return ", only to capture";
    case Mode::kBoth:
      return "; captures the same way";
  }
  return "";
}

std::string region_name(const Ruleset& r, int region) {
  return region >= 0 && region < static_cast<int>(r.regions.size()) ? r.regions[region].name : "";
}

std::string type_names(const Ruleset& r, uint32_t bits) {
  std::vector<std::string> names;
  for (size_t t = 0; t < r.types.size(); ++t)
    if ((bits >> t) & 1u) names.push_back(r.types[t].name);
  return join_words(names);
}

// The types a screen rule may not jump over, "cannon or rook".
std::string screen_types(const Ruleset& r, const MoveRule& rule) {
  std::vector<std::string> names;
  for (size_t t = 0; t < r.types.size(); ++t)
    if ((rule.screen_not_over >> t) & 1u) names.push_back(r.types[t].name);
  return join_words(names, " or ");
}

std::string flag_words(const Ruleset& r, uint8_t bits) {
  std::vector<std::string> names;
  for (size_t i = 0; i < r.flag_names.size() && i < 8; ++i)
    if ((bits >> i) & 1u) names.push_back(r.flag_names[i]);
  return join_words(names);
}

// Whether a region holds, for each seat, exactly the start squares of the type.
bool start_squares(const Ruleset& r, TypeId type, int region);

std::string offset_text(Offset o) {
  return "(" + std::to_string(o.dx) + "," + std::to_string(o.dy) + ")";
}

// The sites a lame leap of offset o must find empty, found as the engine does:
// stepping straight toward the destination, diagonally while the distances
// left are equal, otherwise along the longer one.
std::vector<Offset> lame_path(Offset o) {
  std::vector<Offset> out;
  int x = 0, y = 0;
  auto sign = [](int v) { return (v > 0) - (v < 0); };
  for (int guard = 0; guard < 64; ++guard) {
    const int lx = o.dx - x, ly = o.dy - y;
    if (std::abs(lx) == std::abs(ly)) {
      x += sign(lx), y += sign(ly);
    } else if (std::abs(lx) > std::abs(ly)) {
      x += sign(lx);
    } else {
      y += sign(ly);
    }
    if (x == o.dx && y == o.dy) break;
    out.push_back({x, y});
  }
  return out;
}

std::string blocking_words(const std::vector<Offset>& sites) {
  if (sites.size() == 1) {
    const Offset v = sites[0];
    if (std::abs(v.dx) + std::abs(v.dy) == 1) return "the adjacent orthogonal square";
    if (std::abs(v.dx) == 1 && std::abs(v.dy) == 1) return "the adjacent diagonal square";
  }
  std::vector<std::string> at;
  for (Offset v : sites) at.push_back(offset_text(v));
  return "the square" + std::string(sites.size() == 1 ? " " : "s ") + join_words(at) +
         " from where it starts";
}

// What applies to any rule: phases, regions, once per game, attacks.
std::string conditions(const Ruleset& r, TypeId type, const MoveRule& rule) {
  std::vector<std::string> c;
  if (rule.phases != ~0u && !r.phases.empty()) {
    std::vector<std::string> names;
    for (size_t i = 0; i < r.phases.size(); ++i)
      if ((rule.phases >> i) & 1u) names.push_back(r.phases[i].name);
    c.push_back("in the " + join_words(names, " or ") + " phase");
  }
  if (rule.from_region >= 0)
    c.push_back(type >= 0 && start_squares(r, type, rule.from_region)
                    ? "from its start squares"
                    : "from " + region_name(r, rule.from_region));
  if (rule.to_region >= 0) c.push_back("only ending in " + region_name(r, rule.to_region));
  if (rule.requires_clear && rule.requires_clear == rule.sets_flags)
    c.push_back("once a game");
  else if (rule.requires_clear)
    c.push_back("only while it has not made its " + flag_words(r, rule.requires_clear) + " move");
  if (rule.sets_flags && rule.sets_flags != rule.requires_clear)
    c.push_back("which counts as its " + flag_words(r, rule.sets_flags) + " move");
  if (rule.unless_attacked) c.push_back("only while no enemy could capture it");
  if (rule.sets_ep) c.push_back("and may be taken en passant");
  if (rule.takes_ep) c.push_back("also en passant");
  if (r.dice.enabled() && type >= 0 && r.types[type].roll_mask != ~0u) {
    std::vector<std::string> faces;
    for (int f = 1; f <= Dice::kMaxFace; ++f)
      if ((r.types[type].roll_mask >> f) & 1u) faces.push_back(std::to_string(f));
    c.push_back("when the die shows " + join_words(faces, " or "));
  }
  std::string out;
  for (const std::string& s : c) out += ", " + s;
  if (!rule.label.empty()) out += " (" + rule.label + ")";
  return out;
}

std::string slide_words(const Ruleset& r, const MoveRule& rule, const std::string& site) {
  const std::string dirs = describe_dirs(r, rule.dirs[0]);
  if (rule.max_range == 1) return "steps one " + site + " " + dirs;
  if (rule.max_range == 0)
    return "slides " +
           (rule.min_range > 1 ? "at least " + plural(rule.min_range, site) : "any distance") +
           " " + dirs;
  if (rule.min_range == rule.max_range)
    return "slides exactly " + plural(rule.max_range, site) + " " + dirs + ", not over pieces";
  return "slides " + std::to_string(rule.min_range) + " to " + plural(rule.max_range, site) + " " +
         dirs;
}

std::string leap_words(const MoveRule::Shape& s) {
  std::vector<std::string> offs;
  for (const Offset& o : s.offsets) offs.push_back(offset_text(o));
  std::string line = "leaps to " + join_words(offs, " or ") +
                     (s.symmetric ? " in any direction" : " as seen by the mover (forward up)");
  if (s.rides != 1) {
    line += ", again and again along its line" +
            (s.rides ? " (at most " + plural(s.rides, "leap") + ")" : std::string()) +
            ", each square it lands on before the last empty";
  } else if (s.lame && s.offsets.size() == 1) {
    line += ", blocked by a piece on " + blocking_words(lame_path(s.offsets[0]));
  } else if (s.lame) {
    line += ", blocked by a piece on the squares it passes stepping straight toward where it lands";
  } else if (!s.via.empty()) {
    line += ", blocked by a piece on " + blocking_words(s.via);
  }
  return line;
}

std::string walk_words(const Ruleset& r, const MoveRule::Shape& s, const std::string& site) {
  std::set<std::string> kinds;
  for (const auto& leg : s.legs) kinds.insert(describe_dirs(r, leg));
  const int n = static_cast<int>(s.legs.size());
  std::string line;
  if (kinds.size() == 1) {
    std::string dirs = *kinds.begin();
    if (dirs == "orthogonally")
      dirs = "orthogonal ";
    else if (dirs == "diagonally")
      dirs = "diagonal ";
    else
      dirs = "";
    line = (s.exact ? "exactly " : "1 to ") + std::to_string(n) + " " + dirs +
           (n == 1 && s.exact ? "step" : "steps") +
           (dirs.empty() ? " " + *kinds.begin() : std::string());
  } else {
    std::vector<std::string> legs;
    for (const auto& leg : s.legs) legs.push_back("one step " + describe_dirs(r, leg));
    line = (s.exact ? "" : "up to: ") + join_words(legs, " then ") +
           (s.any_order ? ", or the same in the other order" : "");
  }
  // Legs of different directions turn by themselves, and two such steps can
  // never come back to where they started.
  const bool uniform = kinds.size() == 1;
  if (n > 1 && uniform) line += s.turn ? ", turning at will" : ", in a straight line";
  if (n > 1 && s.no_reverse) line += ", never straight back";
  if (n > 2 || (n == 2 && uniform))
    line += s.revisit ? ", may cross its own path" : ", no " + site + " twice";
  line += s.jump ? ", over pieces" : ", not over pieces";
  return line;
}

std::string hop_words(const Ruleset& r, const MoveRule& rule, const std::string& site) {
  std::string line =
      "jumps " + describe_dirs(r, rule.dirs[0]) +
      (rule.hop_flying ? " over an enemy piece at any distance to capture it, landing on any "
                         "empty " +
                             site + " beyond" +
                             (rule.hop_land_to_go_on
                                  ? ", one from which it can capture again where there is one"
                                  : "")
                       : " over an adjacent enemy piece to capture it, landing on the empty " +
                             site + " just beyond");
  std::vector<std::string> how;
  if (r.capture_priority != CapturePriority::kFree || !r.capture_order.empty())
    how.push_back("compulsory");
  how.push_back(rule.hop_chain ? "in chains: it goes on jumping while it can" : "one jump a move");
  if (rule.hop_no_reverse) how.push_back("never turning straight back between two jumps");
  if (rule.hop_remove_at_once)
    how.push_back(
        "each captured piece leaving the board as it is jumped, so that the chain may "
        "cross its " +
        site + " again");
  return line + " (" + join_words(how, ", ") + ")";
}

// A line capture (Fanorona's approach and withdrawal) in words.
std::string line_capture_words(const Ruleset& r, const MoveRule& rule, const std::string& site) {
  std::vector<std::string> by;
  if (rule.line_by & MoveRule::kByApproach)
    by.push_back("by approach (the enemy line beginning on the next " + site +
                 " beyond its destination, along its step)");
  if (rule.line_by & MoveRule::kByWithdrawal)
    by.push_back("by withdrawal (the enemy line beginning on the " + site +
                 " behind its origin, opposite its step)");
  std::string line = "steps " + describe_dirs(r, rule.dirs[0]) + " to an adjacent empty " + site +
                     " to capture " + join_words(by, " or ") +
                     ": the whole unbroken line of enemy pieces goes";
  if (rule.line_by == (MoveRule::kByApproach | MoveRule::kByWithdrawal))
    line += "; where a step could do both, the player chooses which";
  std::vector<std::string> how;
  if (r.capture_priority != CapturePriority::kFree || !r.capture_order.empty())
    how.push_back("compulsory");
  if (rule.line_chain) {
    std::string chain =
        "it may go on capturing with further such steps, each a capture, and stop "
        "after any";
    if (!rule.line_revisit) chain += ", never onto a " + site + " it stood on this turn";
    if (!rule.line_repeat_dir) chain += ", never twice in a row in one direction";
    how.push_back(chain);
  } else {
    how.push_back("one capture a move");
  }
  return line + " (" + join_words(how, "; ") + ")";
}

}  // namespace

std::string describe_dirs(const Ruleset& r, const std::vector<DirId>& dirs) {
  const std::set<int> d = relative(r, dirs);
  const std::set<int> orth{0, 2, 4, 6}, diag{1, 3, 5, 7};
  if (d.size() == 8) return "in any direction";
  if (d == orth) return "orthogonally";
  if (d == diag) return "diagonally";
  static const char* const kNames[8] = {
      "forward",  "diagonally forward right", "right", "diagonally backward right",
      "backward", "diagonally backward left", "left",  "diagonally forward left"};
  if (d == std::set<int>{1, 7}) return "diagonally forward";
  if (d == std::set<int>{3, 5}) return "diagonally backward";
  if (d == std::set<int>{2, 6}) return "sideways";
  if (d == std::set<int>{0, 1, 7}) return "forward or diagonally forward";
  if (d == std::set<int>{0, 1, 2, 6, 7}) return "forward, sideways or diagonally forward";
  if (d == std::set<int>{0, 1, 2, 3, 5, 6, 7}) return "in any direction but straight backward";
  std::vector<std::string> names;
  for (int x : d) names.push_back(kNames[x]);
  return join_words(names, " or ");
}

std::string describe_reach(const Ruleset& r, const MoveRule& rule) {
  const std::string site = r.topology.is_grid() ? "square" : "point";
  std::string line;
  if (rule.kind == RuleKind::kSlide) {
    line = slide_words(r, rule, site);
    if (rule.max_range != 1 && rule.min_range != rule.max_range) line += ", not over pieces";
  } else if (rule.shape.walk) {
    line = walk_words(r, rule.shape, site);
  } else if (!rule.shape.offsets.empty()) {
    line = leap_words(rule.shape);
  } else {
    line = "by a table of destinations";
  }
  return line + conditions(r, -1, rule);
}

namespace {

// Where an in-place promotion (a move of its own) is made, and what it may not do.
std::string in_place_words(const Ruleset& r, const Promotion& p) {
  std::string line =
      " where it stands, as its whole move, while it stands in " + region_name(r, p.region);
  if (!p.step_dirs[0].empty())
    line += ", or by one step " + describe_dirs(r, p.step_dirs[0]) + " to an empty site";
  if (p.no_check) line += ", not giving check";
  if (p.no_attack) line += ", not where the new piece attacks an enemy piece";
  return line;
}

// One promotion clause of a piece in words.
std::string promotion_words(const Ruleset& r, const PieceType& pt, const Promotion& p) {
  std::vector<std::string> to;
  for (TypeId t : p.to) to.push_back(r.types[t].name);
  if (p.to_start) to.push_back("the type that started on the square it reaches");
  std::string line =
      std::string(p.mandatory ? "promotes" : "may promote") + " to " + join_words(to, " or ");
  if (p.in_place) {
    line += in_place_words(r, p);
  } else if (p.region >= 0) {
    const uint8_t on = p.on;
    line += on == (Promotion::kEnter | Promotion::kWithin) ? " on ending a move in "
            : on == Promotion::kEnter                      ? " on entering "
            : on == Promotion::kLeave                      ? " on leaving "
            : on == Promotion::kWithin                     ? " on moving within "
                                                           : " on a move that starts or ends in ";
    line += region_name(r, p.region);
  }
  if (p.forced_stuck) line += ", and must where it could never move again";
  if (p.forced_region >= 0) line += ", and must in " + region_name(r, p.forced_region);
  if (p.only_lost) line += ", only to a type its side has fewer of than at the start";
  if (p.none_lost_illegal)
    line += ", and may not make a move that must promote while there is none";
  if (!p.when.text.empty()) line += ", when " + p.when.text;
  if (p.in_chain == Promotion::InChain::kContinue)
    line += "; reached in the middle of a capture, at once, and goes on capturing as one";
  else if (p.in_chain == Promotion::InChain::kStop)
    line += "; reached in the middle of a capture, at once, and the capture ends there";
  if (pt.promo_ask) line += "; the choice is a decision of its own after the move";
  return line;
}

// How a piece is captured by being closed in (tafl), in words.
void enclosure_words(const PieceType& pt, std::vector<std::string>& out) {
  if (pt.captured == PieceType::Enclosure::kCustodial)
    out.push_back(
        "captured when an enemy's move closes it in along a row or column, between the "
        "arriving enemy and an armed enemy or a square hostile to it");
  if (pt.captured == PieceType::Enclosure::kSurround)
    out.push_back(
        "captured when an enemy's move closes it in on all four sides, by armed enemies or "
        "squares hostile to it (never on the board's edge)");
  if (pt.shieldwall)
    out.push_back(
        "captured also in a row of two or more enemy pieces along the board's edge, when an "
        "enemy's move onto the edge brackets the whole row, the far end held by an armed enemy "
        "or a square hostile to it, and an armed enemy faces each piece of the row from the "
        "inner side (shieldwall; pieces of the row without this rule stay)");
  if (!pt.armed) out.push_back("unarmed: takes no part in capturing enemies by closing them in");
}

// The line that says one of the piece's move rules; none for those said
// elsewhere (drops, and moves that generated or promotion clauses say).
std::optional<std::string> move_rule_words(const Ruleset& r, TypeId type, const MoveRule& rule,
                                           const std::string& site, uint32_t all) {
  const PieceType& pt = r.types[type];
  std::string line;
  bool says_mode = true;
  switch (rule.kind) {
    case RuleKind::kSlide:
      line = slide_words(r, rule, site);
      break;
    case RuleKind::kTable:
    case RuleKind::kWalk:
      if (!rule.shape.walk && !rule.shape.offsets.empty())
        line = leap_words(rule.shape);
      else if (rule.shape.walk)
        line = walk_words(r, rule.shape, site);
      else
        line = "moves by a table of destinations";
      break;
    case RuleKind::kHop:
      line = hop_words(r, rule, site);
      says_mode = false;
      break;
    case RuleKind::kLineCapture:
      line = line_capture_words(r, rule, site);
      says_mode = false;
      break;
    case RuleKind::kCastle:
      line =
          "castles with the " +
          (rule.castle_partner >= 0 ? r.types[rule.castle_partner].name : std::string("partner")) +
          (rule.castle_site[0] != kNoSite
               ? " on " + r.topology.name(rule.castle_site[0]) +
                     (r.num_seats() > 1 ? " (for " + r.seats[0].name + ")" : "")
               : std::string()) +
          ": " + plural(rule.castle_steps, site) + " toward the " + kCompass[rule.castle_dir] +
          ", the partner landing on the " + site + " it passed, neither having moved, every " +
          site + " between empty" + (r.end.check ? ", the royal's " + site + "s not attacked" : "");
      says_mode = false;
      break;
    case RuleKind::kAnywhere:
      line = "moves to any empty " + site;
      says_mode = rule.mode == Mode::kCapture;
      break;
    case RuleKind::kScreen: {
      const std::string dirs = describe_dirs(r, rule.dirs[0]);
      line = "moves " + dirs + " over exactly one piece of either side" +
             (rule.screen_before ? " at most " + plural(rule.screen_before, site) + " away" : "") +
             ", landing " +
             (rule.screen_after == 1 ? "just beyond it"
              : rule.screen_after    ? "up to " + plural(rule.screen_after, site) + " beyond it"
                                     : "any distance beyond it") +
             ", not over a second piece" +
             (rule.screen_not_over ? "; the screen may not be a " + screen_types(r, rule)
                                   : std::string());
      break;
    }
    case RuleKind::kDrop:
    case RuleKind::kGenerated:
    case RuleKind::kPromote:  // said with its promotion clause
      return std::nullopt;
  }
  // A piece that may capture nothing is said so once, below; "captures the
  // same way" comes after the conditions, which it shares.
  const bool mode = says_mode && !(rule.mode == Mode::kBoth && (pt.captures & all) == 0);
  if (mode && rule.mode != Mode::kBoth) line += mode_words(rule.mode);
  line += conditions(r, type, rule);
  if (mode && rule.mode == Mode::kBoth) line += mode_words(rule.mode);
  return line;
}

// How the piece comes from and goes to the hand, what it may not capture, and
// its promotions.
void hand_words(const Ruleset& r, TypeId type, const std::string& site, uint32_t all,
                std::vector<std::string>& out) {
  const PieceType& pt = r.types[type];
  for (const MoveRule& rule : r.rules)
    if (rule.kind == RuleKind::kDrop && rule.drop_type == type)
      out.push_back("is dropped from the hand on an empty " + site + conditions(r, -1, rule) +
                    (rule.drop_not_stuck ? ", not where it could never move" : "") +
                    (rule.drop_file_type >= 0
                         ? ", not on a file with an own " + r.types[rule.drop_file_type].name
                         : "") +
                    (rule.drop_no_mate ? ", not to give mate at once" : ""));
  if ((pt.captures & all) != all) {
    const uint32_t cannot = all & ~pt.captures;
    out.push_back(cannot == all ? "never captures" : "may not capture: " + type_names(r, cannot));
  }
  for (const Promotion& p : pt.promotions) out.push_back(promotion_words(r, pt, p));
  if (r.captures_to_hand) {
    const TypeId as = pt.hand_as >= 0 ? pt.hand_as : type;
    if (as != type) out.push_back("captured, goes to the capturer's hand as a " + r.types[as].name);
    if (pt.marked_hand_as >= 0)
      out.push_back("captured after promoting, goes to the capturer's hand as a " +
                    r.types[pt.marked_hand_as].name);
  }
  std::vector<std::string> hand;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (r.setup_hand[s][type])
      hand.push_back(r.seats[s].name + " " + std::to_string(r.setup_hand[s][type]));
  if (!hand.empty()) out.push_back("in hand at the start: " + join_words(hand, ", "));
}

// What the piece is beyond its moves: royal, kept from facing or from attack,
// taking command, completing blocks, starting the move count again.
void standing_words(const Ruleset& r, TypeId type, std::vector<std::string>& out) {
  const PieceType& pt = r.types[type];
  if (pt.royal) out.push_back(r.end.check ? "royal: it may not be left attacked" : "royal");
  if (!pt.facing.empty())
    out.push_back("may not face an enemy royal piece " + describe_dirs(r, pt.facing) +
                  " with nothing between");
  if (pt.fears_attack) out.push_back("may not end a move where an enemy could capture it");
  if (pt.takes_command)
    out.push_back(
        "ending a move on the start square of an ally's piece of its type, its side "
        "takes command of that ally's army");
  if (pt.square > 0)
    out.push_back("completing a " + std::to_string(pt.square) + "x" + std::to_string(pt.square) +
                  " block of pieces of its type: " +
                  (pt.square_captures ? "captures the enemy ones in it" : "leaves the enemy ones") +
                  ", " +
                  (pt.square_takes ? "takes over the allied ones" : "leaves the allied ones"));
  if (pt.reset_counter && r.end.move_rule)
    out.push_back("its moves start the move-count draw again");
}

}  // namespace

std::vector<std::string> describe_piece(const Ruleset& r, TypeId type) {
  std::vector<std::string> out;
  const std::string site = r.topology.is_grid() ? "square" : "point";
  const PieceType& pt = r.types[type];
  const uint32_t all = r.types.size() >= 32 ? ~0u : (1u << r.types.size()) - 1;
  for (int ri : pt.rules)
    if (auto line = move_rule_words(r, type, r.rules[ri], site, all)) out.push_back(*line);
  hand_words(r, type, site, all, out);
  standing_words(r, type, out);
  enclosure_words(pt, out);
  // A piece with no move of its own, such as an arrow a stage places.
  if (out.empty()) out.push_back("never moves");
  for (const Stage& st : r.stages)
    if (st.choice == Stage::Choice::kPlace && st.place_type == type)
      out.push_back("is placed by the stage " + st.name);
  return out;
}

namespace {

// ---- Betza ----------------------------------------------------------------

using OffsetKey = std::vector<std::pair<int, int>>;

OffsetKey key_of(const std::vector<Offset>& offsets) {
  OffsetKey k;
  for (Offset o : offsets) k.push_back({o.dx, o.dy});
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

// For each atom, the shortest direction modifiers that select each set of its
// leaps, found by reading every string of up to four direction letters with
// the parser itself, so that the Betza written is the Betza read back. Riders
// share their leaper's (R: W, B: F, Q: K).
const std::map<OffsetKey, std::string>& modifiers(char atom) {
  static const std::map<char, std::map<OffsetKey, std::string>> kTables = [] {
    std::map<char, std::map<OffsetKey, std::string>> out;
    const std::string letters = "fbslrvh";
    std::vector<std::string> strings{""};
    for (size_t begin = 0, len = 1; len <= 4; ++len) {
      const size_t end = strings.size();
      for (size_t i = begin; i < end; ++i)
        for (char c : letters) strings.push_back(strings[i] + c);
      begin = end;
    }
    for (char atom : std::string("WFDNAHCZGK")) {
      auto& table = out[atom];
      for (const std::string& mods : strings) {
        auto parsed = parse_betza(mods + atom);
        if (!parsed || parsed->size() != 1) continue;
        table.emplace(key_of(parsed->front().offsets), mods);
      }
    }
    return out;
  }();
  const char leaper = atom == 'R' ? 'W' : atom == 'B' ? 'F' : atom == 'Q' ? 'K' : atom;
  static const std::map<OffsetKey, std::string> kNone;
  auto it = kTables.find(leaper);
  return it == kTables.end() ? kNone : it->second;
}

// The modifiers of one atom's parts that make exactly these leaps: one part,
// or two whose leaps do not overlap; nothing when it takes more.
std::optional<std::vector<std::string>> atom_parts(char atom, const std::vector<Offset>& offsets) {
  const OffsetKey want = key_of(offsets);
  const auto& table = modifiers(atom);
  if (auto it = table.find(want); it != table.end()) return std::vector<std::string>{it->second};
  std::optional<std::vector<std::string>> best;
  for (const auto& [k1, m1] : table) {
    if (!std::includes(want.begin(), want.end(), k1.begin(), k1.end()) || k1 == want) continue;
    OffsetKey k2;
    std::set_difference(want.begin(), want.end(), k1.begin(), k1.end(), std::back_inserter(k2));
    auto it = table.find(k2);
    if (it == table.end()) continue;
    if (!best || m1.size() + it->second.size() < (*best)[0].size() + (*best)[1].size())
      best = std::vector<std::string>{m1, it->second};
  }
  return best;
}

// The atom of a leap, by its two components: W (0,1), N (1,2), ...
char atom_of(Offset o) {
  const int a = std::min(std::abs(o.dx), std::abs(o.dy));
  const int b = std::max(std::abs(o.dx), std::abs(o.dy));
  static const char kAtoms[4][4] = {
      {0, 'W', 'D', 'H'}, {0, 'F', 'N', 'C'}, {0, 0, 'A', 'Z'}, {0, 0, 0, 'G'}};
  return b <= 3 ? kAtoms[a][b] : 0;
}

const Offset kRelative[8] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

// Whether a rule's directions turn with each seat's facing, as Betza's do.
std::optional<std::vector<Offset>> relative_offsets(const Ruleset& r, const MoveRule& rule) {
  const std::set<int> rel = relative(r, rule.dirs[0]);
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    std::set<int> seat;
    for (DirId d : rule.dirs[s]) seat.insert(d);
    std::set<int> want;
    for (int x : rel) want.insert((x + 2 * r.seats[s].facing) % 8);
    if (seat != want) return std::nullopt;
  }
  std::vector<Offset> out;
  for (int x : rel) out.push_back(kRelative[x]);
  return out;
}

bool start_squares(const Ruleset& r, TypeId type, int region) {
  if (region < 0 || region >= static_cast<int>(r.regions.size())) return false;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (SiteId site = 0; site < r.topology.size(); ++site) {
      const bool starts = std::find(r.setup.begin(), r.setup.end(),
                                    std::make_pair(site, make_piece(type, s))) != r.setup.end();
      if (r.regions[region].contains(s, site) != starts) return false;
    }
  return true;
}

struct Fragment {
  std::string text;
  bool plain;  // no direction modifiers
};

// A rule's moves as Betza atoms: (atom, offsets) groups and what each atom
// carries before it (lame: n, p or g) and after it (a range; '=': the letter
// again).
struct Atoms {
  std::vector<std::pair<char, std::vector<Offset>>> groups;
  std::string lame, suffix;
  bool multi = false;  // a move of more than one square that may be taken en passant
};

// Orthogonal offsets as W (or R when it rides), diagonal ones as F (or B).
void split_lines(Atoms& a, const std::vector<Offset>& offs, bool ride) {
  std::vector<Offset> orth, diag;
  for (Offset o : offs) (o.dx == 0 || o.dy == 0 ? orth : diag).push_back(o);
  if (!orth.empty()) a.groups.push_back({ride ? 'R' : 'W', orth});
  if (!diag.empty()) a.groups.push_back({ride ? 'B' : 'F', diag});
}

std::optional<Atoms> slide_atoms(const Ruleset& r, const MoveRule& rule) {
  auto offs = relative_offsets(r, rule);
  if (!offs) return std::nullopt;
  Atoms a;
  if (rule.min_range == 1 && rule.max_range >= 0 && rule.max_range <= 9) {
    const bool ride = rule.max_range != 1;
    if (ride && rule.max_range) a.suffix = std::to_string(rule.max_range);
    a.multi = ride;
    // K (or Q) when its modifiers alone say it, else W and F (R and B) apart.
    const char both = ride ? 'Q' : 'K';
    if (auto k = atom_parts(both, *offs); k && k->size() == 1)
      a.groups.push_back({both, *offs});
    else
      split_lines(a, *offs, ride);
    return a;
  }
  if (rule.min_range != rule.max_range || (rule.max_range != 2 && rule.max_range != 3))
    return std::nullopt;
  // Exactly k squares along a line, the squares on the way empty: a lame leap.
  const int k = rule.max_range;
  a.lame = "n";
  a.multi = true;
  Atoms lines;
  split_lines(lines, *offs, false);
  for (auto& [atom, part] : lines.groups) {
    std::vector<Offset> scaled;
    for (Offset o : part) scaled.push_back({o.dx * k, o.dy * k});
    a.groups.push_back({atom_of(scaled.front()), scaled});
  }
  return a;
}

std::optional<Atoms> table_atoms(const MoveRule& rule) {
  std::vector<Offset> all;
  for (Offset o : rule.shape.offsets) {
    if (!rule.shape.symmetric) {
      all.push_back(o);
      continue;
    }
    for (int sx : {1, -1})
      for (int sy : {1, -1}) {
        all.push_back({o.dx * sx, o.dy * sy});
        all.push_back({o.dy * sx, o.dx * sy});
      }
  }
  std::map<char, std::vector<Offset>> by_atom;
  for (Offset o : all) {
    const char atom = atom_of(o);
    if (!atom) return std::nullopt;
    by_atom[atom].push_back(o);
  }
  Atoms a;
  for (auto& [atom, offs] : by_atom) a.groups.push_back({atom, offs});
  if (!rule.shape.via.empty()) return std::nullopt;  // blocked elsewhere than on its way
  if (rule.shape.lame) a.lame = "n";
  const int rides = rule.shape.rides;
  if (rides < 0 || rides > 9) return std::nullopt;
  a.multi = rides != 1;
  if (rides != 1) a.suffix = rides == 0 ? "=" : std::to_string(rides);
  return a;
}

// Over a screen, landing anywhere beyond (p) or just beyond (g).
std::optional<Atoms> screen_atoms(const Ruleset& r, const MoveRule& rule) {
  auto offs = relative_offsets(r, rule);
  if (!offs) return std::nullopt;
  Atoms a;
  a.lame = rule.screen_after == 1 ? "g" : "p";
  if (auto q = atom_parts('Q', *offs); q && q->size() == 1)
    a.groups.push_back({'Q', *offs});
  else
    split_lines(a, *offs, true);
  return a;
}

std::optional<Atoms> rule_atoms(const Ruleset& r, const MoveRule& rule) {
  if (rule.kind == RuleKind::kSlide) return slide_atoms(r, rule);
  if ((rule.kind == RuleKind::kTable || rule.kind == RuleKind::kWalk) && !rule.shape.walk &&
      !rule.shape.offsets.empty())
    return table_atoms(rule);
  // Betza has no word for a screen of some types only.
  if (rule.kind == RuleKind::kScreen && rule.screen_before == 0 && rule.screen_after <= 1 &&
      !rule.screen_not_over)
    return screen_atoms(r, rule);
  return std::nullopt;
}

// One rule in Betza, or nothing when Betza cannot say it exactly.
std::optional<std::vector<Fragment>> betza_rule(const Ruleset& r, TypeId type, const MoveRule& rule,
                                                bool takes_ep) {
  if (!rule.label.empty() || rule.requires_clear || rule.sets_flags || rule.unless_attacked ||
      rule.to_region >= 0 || rule.phases != ~0u)
    return std::nullopt;
  const bool initial = rule.from_region >= 0;
  if (initial && (!start_squares(r, type, rule.from_region) || rule.mode != Mode::kMove))
    return std::nullopt;
  std::string mode = rule.mode == Mode::kMove ? "m" : rule.mode == Mode::kCapture ? "c" : "";
  if (rule.takes_ep) {
    if (rule.mode != Mode::kCapture || rule.kind != RuleKind::kSlide || rule.max_range != 1)
      return std::nullopt;
    mode += "e";
  }
  const std::optional<Atoms> a = rule_atoms(r, rule);
  if (!a) return std::nullopt;
  if (rule.sets_ep != (takes_ep && initial && rule.kind == RuleKind::kSlide && a->multi))
    return std::nullopt;
  std::vector<Fragment> out;
  for (auto& [atom, offs] : a->groups) {
    auto parts = atom_parts(atom, offs);
    if (!parts || !atom) return std::nullopt;
    for (const std::string& mods : *parts) {
      const std::string tail = a->suffix == "=" ? std::string(1, atom) : a->suffix;
      out.push_back(
          {std::string(initial ? "i" : "") + mods + mode + a->lame + atom + tail, mods.empty()});
    }
  }
  return out;
}

}  // namespace

std::optional<BetzaDescription> describe_betza(const Ruleset& r, TypeId type) {
  const PieceType& pt = r.types[type];
  bool takes_ep = false;
  for (int ri : pt.rules) takes_ep = takes_ep || r.rules[ri].takes_ep;
  BetzaDescription out;
  std::vector<std::string> moves, initial;
  size_t parts = 0;
  for (int ri : pt.rules) {
    const MoveRule& rule = r.rules[ri];
    if (rule.kind == RuleKind::kCastle) {
      out.castles = true;
      continue;
    }
    if (rule.kind == RuleKind::kPromote) continue;  // a promotion, said with its clause
    auto fragments = betza_rule(r, type, rule, takes_ep);
    if (!fragments) return std::nullopt;
    // Unmodified atoms first, as Betza is usually written (FfW, WfF).
    std::stable_partition(fragments->begin(), fragments->end(),
                          [](const Fragment& f) { return f.plain; });
    for (const Fragment& f : *fragments)
      (rule.from_region >= 0 ? initial : moves).push_back(f.text);
    parts += fragments->size();
  }
  for (const std::string& m : moves) out.betza += m;
  for (const std::string& m : initial) out.betza += m;
  if (out.betza.empty()) return std::nullopt;
  // Parts that would run together (N then N reads as a rider) are caught here.
  auto back = parse_betza(out.betza);
  if (!back || back->size() != parts) return std::nullopt;
  return out;
}

}  // namespace regula
