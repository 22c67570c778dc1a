// The whole rules in words (notation/describe.h): board, pieces, start, how
// play goes, how the game ends and the options, all read off the compiled
// rules.

// Every end effect, capture rule, stage and trigger kind has words here: the
// switches have no default, and one without words is a compile error.
#pragma GCC diagnostic error "-Wswitch"

#include <algorithm>
#include <set>

#include "formats/presentation.h"
#include "notation/describe.h"
#include "notation/word_list.h"

namespace regula {

namespace {

const char* const kFacing[4] = {"north", "east", "south", "west"};

std::string outcome_words(NoMoveEffect e) {
  switch (e) {
    case NoMoveEffect::kLoss:
      return "the side to move loses";
    case NoMoveEffect::kDraw:
      return "the game is drawn";
    case NoMoveEffect::kWin:
      return "the side to move wins";
    case NoMoveEffect::kPass:
      return "the side to move passes";
  }
  return "";
}

std::string capture_end_words(CaptureEnd::Effect e) {
  switch (e) {
    case CaptureEnd::Effect::kWin:
      return "the capturer wins";
    case CaptureEnd::Effect::kDraw:
      return "the game is drawn";
    case CaptureEnd::Effect::kLoss:
      return "the capturer loses";
    case CaptureEnd::Effect::kContinue:
      return "play goes on";
    case CaptureEnd::Effect::kFreeze:
      return "its army is frozen: it stays on the board, never moves, and its turns are skipped";
    case CaptureEnd::Effect::kOut:
      return "its side is out of play";
  }
  return "";
}

std::string criterion_words(CaptureCriterion c) {
  switch (c) {
    case CaptureCriterion::kMostPieces:
      return "the most pieces taken";
    case CaptureCriterion::kMostValue:
      return "the greatest value taken";
    case CaptureCriterion::kMoverValue:
      return "made by the most valuable piece";
    case CaptureCriterion::kEarliestValue:
      return "the most valuable pieces taken first";
  }
  return "";
}

std::string stage_words(const Ruleset& r, const Stage& st) {
  std::string who;
  switch (st.who) {
    case Stage::Who::kMover:
      who = "the mover";
      break;
    case Stage::Who::kNext:
      who = "the next side";
      break;
    case Stage::Who::kNextEnemy:
      who = "the next enemy side";
      break;
  }
  std::string what;
  switch (st.choice) {
    case Stage::Choice::kRemoveEnemy:
      what = "takes an enemy piece of its choice off the board";
      break;
    case Stage::Choice::kGiveOwn:
      what = "gives one of its own pieces away (it counts as captured by the next side)";
      break;
    case Stage::Choice::kMoveAgain:
      what = "makes another move";
      break;
    case Stage::Choice::kAnswer:
      what = "answers " + join_words(st.answers, " or ");
      break;
    case Stage::Choice::kPromote:
      what = "chooses what the piece that arrived promotes to";
      break;
    case Stage::Choice::kPlace:
      what = "places a new " + r.types[st.place_type].name +
             " (from an unlimited supply) on an empty site reached from where the moved piece "
             "landed, as a piece that " +
             describe_reach(r, r.rules[st.reach_rule]) + " (the site it left counts as empty)";
      break;
  }
  std::string line = st.name + ": " + who + " " + what;
  if (st.protect == Stage::Protect::kLinesUnlessAll)
    line += "; pieces in a complete line of their side are protected unless all are";
  if (st.optional) line += "; it may decline";
  for (size_t i = 0; i < st.effects.size() && i < st.answers.size(); ++i)
    if (st.effects[i].restore >= 0)
      line += "; " + st.answers[i] + " gives back a " + r.types[st.effects[i].restore].name +
              " to every " + (st.effects[i].team_only ? "seat of the team to move" : "seat") +
              " that lost all of theirs";
  if (st.then >= 0 && st.then < static_cast<int>(r.stages.size()))
    line += "; then " + r.stages[st.then].name;
  return line;
}

std::string phases_words(const Ruleset& r, uint32_t phases) {
  if (phases == ~0u || r.phases.empty()) return "";
  std::vector<std::string> names;
  for (size_t i = 0; i < r.phases.size(); ++i)
    if ((phases >> i) & 1u) names.push_back(r.phases[i].name);
  return " in the " + join_words(names, " or ") + " phase";
}

std::vector<std::string> board_words(const Ruleset& r) {
  std::vector<std::string> out;
  const Topology& t = r.topology;
  if (t.is_grid()) {
    out.push_back(std::to_string(t.width()) + "x" + std::to_string(t.height()) + " squares" +
                  (presentation_of(r).checkered ? "" : ", all of one shade"));
  } else {
    int links = 0;
    for (SiteId s = 0; s < t.size(); ++s)
      for (DirId d = 0; d < 8; ++d) links += t.neighbor(s, d) != kNoSite;
    out.push_back(std::to_string(t.size()) + " points joined by " + std::to_string(links / 2) +
                  " links");
  }
  if (!t.lines().empty())
    out.push_back(std::to_string(t.lines().size()) + " lines of " +
                  std::to_string(t.lines().front().size()) + " that count as a line of a side");
  std::vector<std::string> seats;
  std::set<int> teams;
  for (const Seat& s : r.seats) teams.insert(s.team);
  for (SeatId i = 0; i < r.num_seats(); ++i) {
    const Seat& s = r.seats[i];
    seats.push_back(s.name + " (facing " + kFacing[s.facing & 3] +
                    (presentation_of(r).turned[i] ? ", its pieces drawn turned that way" : "") +
                    (teams.size() < r.seats.size() ? ", team " + std::to_string(s.team) : "") +
                    ")");
  }
  out.push_back("seats: " + join_words(seats));
  std::vector<std::string> order;
  for (SeatId s : r.turn_order) order.push_back(r.seats[s].name);
  out.push_back(r.seats[r.first].name + " moves first; turns go " + join_words(order, ", then ") +
                (order.size() > 2 ? ", round and round" : ", in turn"));
  if (teams.size() < r.seats.size())
    out.push_back("seats of one team win and lose together and never capture each other's pieces");
  return out;
}

std::vector<std::string> start_words(const Ruleset& r) {
  std::vector<std::string> out;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    std::vector<std::string> parts;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      std::string sites;
      for (auto& [site, code] : r.setup)
        if (code == make_piece(t, s)) sites += " " + r.topology.name(site);
      if (!sites.empty()) parts.push_back(r.types[t].name + sites);
      if (r.setup_hand[s][t])
        parts.push_back(r.types[t].name + " x" + std::to_string(r.setup_hand[s][t]) + " in hand");
    }
    out.push_back(r.seats[s].name + ": " +
                  (parts.empty() ? "nothing" : join_words(parts, "; ", "; ")));
  }
  return out;
}

// Gating (Ruleset::Gating) in words.
std::string gating_words(const Ruleset& r) {
  std::vector<std::string> types;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (r.gating.gates(t)) types.push_back(r.types[t].name);
  return "gating: when a piece that started in " + r.regions[r.gating.region].name +
         " makes its first move, its player may put a " + join_words(types, " or ") +
         " from the hand on the square it left, as part of the move; a piece that has moved, "
         "or that entered so, gives no such chance" +
         (r.gating.castling ? "; castling may gate on the royal's square or the partner's" : "");
}

// A restricted region: who may stand there, who may pass, to whom it is hostile.
std::string restricted_words(const Ruleset& r, const RestrictedSites& rs) {
  std::vector<std::string> stand;
  for (size_t t = 0; t < r.types.size(); ++t)
    if ((rs.stand >> t) & 1u) stand.push_back(r.types[t].name);
  std::string line =
      "the region " + r.regions[rs.region].name +
      " is restricted: " + (stand.empty() ? "no piece" : "only " + join_words(stand)) +
      " may stand there" + (rs.pass ? ", and the others may pass over it while it is empty" : "");
  std::vector<std::string> hostile;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (rs.hostile[s] != Hostility::kNever)
      hostile.push_back("to the pieces of " + r.seats[s].name +
                        (rs.hostile[s] == Hostility::kEmpty ? " while it is empty" : ""));
  if (!hostile.empty())
    line += "; it is hostile " + join_words(hostile) +
            " (it stands in for an enemy that closes them in)";
  return line;
}

// Whether a piece's move may capture (by its own element or by enclosing):
// what the sentences on compulsory capture speak of.
bool moves_capture(const Ruleset& r) {
  for (const MoveRule& m : r.rules)
    if (m.kind != RuleKind::kDrop && has_mode(m.mode, Mode::kCapture)) return true;
  for (const PieceType& t : r.types)
    if (t.captured != PieceType::Enclosure::kNone) return true;
  return false;
}

// The removals of enemy pieces that a trigger starts (a line completed...): each
// compulsory or optional, as its stage says. Where no move captures, they are the
// only captures, and replace the sentence on compulsory capture.
bool removal_words(const Ruleset& r, std::vector<std::string>& out) {
  std::vector<int> said;
  const bool only = !moves_capture(r);
  for (const Trigger& tr : r.triggers) {
    if (tr.stage < 0 || tr.stage >= static_cast<int>(r.stages.size())) continue;
    const Stage& st = r.stages[tr.stage];
    if (st.choice != Stage::Choice::kRemoveEnemy ||
        std::find(said.begin(), said.end(), tr.stage) != said.end())
      continue;
    said.push_back(tr.stage);
    out.push_back(std::string(only ? "pieces are taken only by the removal that follows a move ("
                                   : "the removal that follows a move (") +
                  st.name + ")" + (only ? ", and it is " : " is ") +
                  (st.optional ? "optional: the player may decline it"
                               : "compulsory: the player must take a piece"));
  }
  return only && !said.empty();
}

// Which captures must be played, and in which order of preference.
void capture_rule_words(const Ruleset& r, std::vector<std::string>& out) {
  if (removal_words(r, out)) return;
  switch (r.capture_priority) {
    case CapturePriority::kFree:
      if (r.capture_order.empty()) out.push_back("capturing is never compulsory");
      break;
    case CapturePriority::kCompulsory:
      out.push_back(
          "capturing is compulsory: when a capture is possible, only captures may be "
          "played, any of them");
      break;
    case CapturePriority::kMaxCount:
      out.push_back("capturing is compulsory, and a capture taking the most pieces must be played");
      break;
    case CapturePriority::kMaxCountThenValue:
      out.push_back(
          "capturing is compulsory, and a capture taking the most pieces, then the greatest "
          "value, must be played");
      break;
  }
  if (!r.capture_order.empty()) {
    std::vector<std::string> c;
    for (CaptureCriterion k : r.capture_order) c.push_back(criterion_words(k));
    out.push_back("capturing is compulsory, and among the captures, in this order: " +
                  join_words(c, ", then ") + "; only then the player chooses");
  }
}

// The throw of the dice that starts each turn.
std::string dice_words(const Ruleset& r) {
  std::vector<std::string> faces;
  for (size_t i = 0; i < r.dice.faces.size(); ++i)
    faces.push_back(
        std::to_string(r.dice.faces[i]) +
        (r.dice.weights[i] != 1 ? " (weight " + std::to_string(r.dice.weights[i]) + ")" : ""));
  return "each turn starts with a throw of " +
         (r.dice.count == 1 ? std::string("a die") : std::to_string(r.dice.count) + " dice") +
         " with faces " + join_words(faces) + "; a throw no piece can use is a pass";
}

// What a trigger starts, and on which moves.
void trigger_words(const Ruleset& r, const Trigger& tr, std::vector<std::string>& out) {
  std::string on;
  switch (tr.on) {
    case Trigger::On::kLine:
      on = "a move that completes a line of the mover's pieces";
      break;
    case Trigger::On::kFull:
      on = "a move that leaves no empty site";
      break;
    case Trigger::On::kLabel:
      on = "a move labelled " + tr.label;
      break;
    case Trigger::On::kMove:
      on = "every move of a piece on the board";
      break;
  }
  if (tr.stage >= 0 && tr.stage < static_cast<int>(r.stages.size()))
    out.push_back(on + phases_words(r, tr.phases) + " is followed by " +
                  stage_words(r, r.stages[tr.stage]));
}

// The ante, the pot and the payments between seats.
std::string money_words(const Ruleset& r) {
  std::string line = "money: each seat puts " + std::to_string(r.money.ante) +
                     " into the pot, which the winners share (a draw gives it back)";
  for (const Payment& p : r.money.payments) {
    switch (p.on) {
      case Payment::On::kCapture:
        line += "; a captured " + r.types[p.piece].name + "'s owner pays the capturer " +
                std::to_string(p.amount);
        break;
      case Payment::On::kOccupy:
        line += "; an enemy piece ending a move on a " + r.types[p.piece].name +
                "'s start square: its seat pays " + std::to_string(p.amount) + ", once";
        break;
      case Payment::On::kWinCommanding:
        line += "; at the end each loser pays " + std::to_string(p.amount) +
                " to each winner commanding an ally's army";
        break;
    }
  }
  return line;
}

std::vector<std::string> play_words(const Ruleset& r) {
  std::vector<std::string> out;
  capture_rule_words(r, out);
  if (r.must_drop) out.push_back("when a drop is possible, only drops may be played");
  if (r.voluntary_pass)
    out.push_back(std::string("a player may pass the turn instead of moving") +
                  (r.end.check ? ", except when in check" : ""));
  if (!r.facing_offer.empty())
    out.push_back("royal pieces facing each other on an open line (" +
                  describe_dirs(r, r.facing_offer) +
                  ") are an offer of a draw: the player to move must break the line or pass, "
                  "and passing, allowed even in check, accepts it");
  if (r.captures_to_hand)
    out.push_back("a captured piece joins the capturer's hand, to be dropped later as a move");
  if (r.gating.on()) out.push_back(gating_words(r));
  if (r.dice.enabled()) out.push_back(dice_words(r));
  for (const Phase& ph : r.phases)
    out.push_back("phase " + ph.name + ": " +
                  (ph.when.text.empty() ? "otherwise" : "while " + ph.when.text) +
                  (ph.only_when_blocked ? ", and only when the next phase gives no move" : ""));
  for (const Trigger& tr : r.triggers) trigger_words(r, tr, out);
  for (const Action& a : r.actions) {
    std::string line = "in place of a move, while " + a.when.text + ": " + a.name;
    if (a.stage >= 0 && a.stage < static_cast<int>(r.stages.size()))
      line += ", followed by " + stage_words(r, r.stages[a.stage]);
    else if (a.effect.restore >= 0)
      line += ", which gives back a " + r.types[a.effect.restore].name + " to every " +
              (a.effect.team_only ? "seat of its team" : "seat") + " that lost all of theirs";
    out.push_back(line);
  }
  switch (r.return_ban) {
    case ReturnBan::kNone:
      break;
    case ReturnBan::kAfterBreak:
      out.push_back(
          "a piece that broke a line may not go straight back on its side's next turn "
          "to complete that line again");
      break;
    case ReturnBan::kAfterSwap:
      out.push_back(
          "a piece that broke a line and completed another with the same move may not "
          "go straight back on its side's next turn to complete the broken line again");
      break;
  }
  if (r.command_either)
    out.push_back("a side that commands an ally's army moves either army on either side's turn");
  if (r.out_removes) out.push_back("the pieces of a side that goes out leave the board");
  if (r.money.enabled()) out.push_back(money_words(r));
  for (const RestrictedSites& rs : r.restricted) out.push_back(restricted_words(r, rs));
  if (r.stakes)
    out.push_back("stakes: a capturer is owed the captured piece's value" +
                  (r.stakes_win ? ", and each loser owes each winner " +
                                      std::to_string(r.stakes_win) + " at the end"
                                : std::string()));
  std::vector<std::string> labels;
  for (const MoveRule& rule : r.rules)
    if (rule.kind == RuleKind::kGenerated) labels.push_back(rule.label);
  if (r.hooks) {
    if (r.hooks->has_filter() || r.hooks->has_filter_moves())
      out.push_back("the script's filter hook forbids some of the moves above");
    if (r.hooks->has_generate())
      out.push_back(
          "the script's generate hook adds moves" +
          (labels.empty() ? std::string() : " (labelled " + join_words(labels, ", ") + ")"));
    if (r.hooks->has_after())
      out.push_back("the script's after hook changes the position after moves");
  }
  return out;
}

// The clause of draw_words for the counting rules (EndRules::counting).
std::string counting_words(const Ruleset& r) {
  const CountingRule& c = r.end.counting;
  std::vector<std::string> pawns, bare;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if ((c.pawns >> t) & 1u) pawns.push_back(r.types[t].name);
  for (const CountingRule::BareLimit& b : c.bare) {
    std::vector<std::string> against;
    for (const auto& [type, n] : b.against)
      against.push_back(std::to_string(n) + " " + r.types[type].name);
    bare.push_back((against.empty() ? std::string("otherwise")
                                    : "against at least " + join_words(against, " and ")) +
                   " " + std::to_string(b.moves));
  }
  std::string limits;
  if (c.board_moves)
    limits = std::to_string(c.board_moves) + " moves while it has more than one piece";
  if (!bare.empty())
    limits += (limits.empty() ? "" : "; ") + std::string("with a single piece, ") +
              join_words(bare, ", ") + " moves" +
              (c.bare_from_pieces ? ", counted from the number of pieces on the board" : "");
  return (pawns.empty() ? std::string("at every turn")
                        : "once no " + join_words(pawns, " or ") + " stands on the board") +
         ", the side to move starts a count of its moves (" + limits +
         "; never while the other side has a single piece), started again when a capture or a "
         "promotion leaves the side to move with a single piece: when the count passes its limit "
         "the game is drawn, unless the side to move is checkmated";
}

// The clauses of end_words that end a game drawn (or, under ends.points,
// decide a drawn game on points): counts of plies, repetitions, passes,
// material, facing royals.
void draw_words(const Ruleset& r, std::vector<std::string>& out) {
  const EndRules& e = r.end;
  if (e.move_rule)
    out.push_back(std::to_string(e.move_rule) + " plies in a row (" +
                  std::to_string(e.move_rule / 2) +
                  " moves each) without a capture or a move of a piece that restarts the count: "
                  "the game is drawn" +
                  (e.move_rule_mate_first ? ", unless the last of them gave checkmate" : ""));
  if (e.repetition)
    out.push_back("the same position " + std::to_string(e.repetition) +
                  " times, the same side to move: " +
                  (e.repetition_loser >= 0
                       ? r.seats[e.repetition_loser].name + " lose, whichever side repeated"
                       : std::string("the game is drawn")));
  if (e.perpetual_check_loses)
    out.push_back(
        "such a repetition in whose cycle one side gave check with every move: that side loses "
        "(when both did, the game is drawn)");
  if (e.passes_draw)
    out.push_back(std::to_string(e.passes_draw) + " passes in a row: the game is drawn");
  if (e.counting.on()) out.push_back(counting_words(r));
  if (e.material_max)
    out.push_back("every side at most " + std::to_string(e.material_max) +
                  " pieces of equal total value, and no result within " +
                  std::to_string(e.material_plies) + " plies: the game is drawn");
  if (e.facing_draws)
    out.push_back(
        "a pass made while the royal pieces face each other accepts the offer: the "
        "game is drawn");
  if (e.points_decide) {
    std::string bonus;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (const int h = e.points_bonus_halves[s])
        bonus += ", " + r.seats[s].name + " adding " + std::to_string(h / 2) + (h % 2 ? ".5" : "");
    out.push_back(
        "a game the rules draw is decided on points: each side's pieces on the board at "
        "their values" +
        bonus + "; the higher total wins, equal totals draw");
  }
}

std::vector<std::string> end_words(const Ruleset& r) {
  std::vector<std::string> out;
  const EndRules& e = r.end;
  if (e.check) {
    out.push_back("a move may not leave one's own royal piece attacked (check)");
    out.push_back("checkmate (no legal move, in check): " + outcome_words(e.checkmate));
    out.push_back("stalemate (no legal move, not in check): " + outcome_words(e.stalemate));
  } else {
    out.push_back("no legal move: " + outcome_words(e.no_moves));
  }
  for (const CaptureEnd& c : e.on_capture)
    out.push_back("capturing an enemy " +
                  (c.captured >= 0 ? r.types[c.captured].name : std::string("piece")) +
                  (c.by >= 0 ? " with a " + r.types[c.by].name : std::string(" with any piece")) +
                  ": " + capture_end_words(c.effect) +
                  (c.reason.empty() ? std::string() : " (" + c.reason + ")"));
  for (const ConditionEnd& c : e.on_condition)
    out.push_back("at the start of a turn, when " + c.when.text + " holds for the side to move" +
                  (c.moves ? " and has held at the start of each of its last " +
                                 std::to_string(c.moves) + " moves"
                           : std::string()) +
                  (c.lasts.terms.empty()
                       ? std::string()
                       : " (once begun, the count goes on, and the end comes, while " +
                             c.lasts.text + " holds)") +
                  ": " + outcome_words(c.result) +
                  (c.reason.empty() ? std::string() : " (" + c.reason + ")"));
  if (e.extinction)
    out.push_back("a side with no pieces left, on the board or in hand, is out of play");
  if (!e.leave.terms.empty())
    out.push_back("a side for which " + e.leave.text + " holds after a move leaves play");
  if (e.bare_royal)
    out.push_back(std::string("a side left with only royal pieces ") +
                  (e.bare_royal_draws ? "draws" : "loses") +
                  (e.bare_back ? ", unless with its next move it leaves the other side bare too, "
                                 "which draws"
                               : "; both bare at once: a draw"));
  draw_words(r, out);
  if (e.encircled >= 0)
    out.push_back(r.seats[e.encircled].name +
                  " lose when none of their pieces can reach the board's edge, moving along rows "
                  "and columns through squares free of enemies (encircled)");
  if (e.edge_fort >= 0)
    out.push_back("a side wins when its " + r.types[e.edge_fort].name +
                  " stands on the board's edge, can move, and is walled in by its allies where "
                  "no enemy can come and none of the wall can ever be captured (edge fort)");
  if (e.capture_target)
    out.push_back("a side that has captured " + std::to_string(e.capture_target) + " pieces wins");
  std::set<int> teams;
  for (const Seat& s : r.seats) teams.insert(s.team);
  if (teams.size() > 2 || r.num_seats() > 2)
    out.push_back(e.last_team_wins
                      ? "when only one team has a seat in play, that team wins"
                      : "a frozen side stays in the game, its pieces to be taken, while any "
                        "side can move; when none can, the game is drawn");
  if (r.hooks && r.hooks->has_end()) out.push_back("the script's end_check hook may end the game");
  return out;
}

// Every line of a description, each prefixed with its section, for comparing
// two descriptions.
std::vector<std::string> flat(const RulesWords& w) {
  std::vector<std::string> out;
  for (auto& l : w.board) out.push_back(l);
  for (auto& p : w.pieces)
    for (auto& l : p.lines) out.push_back(p.name + ": " + l);
  for (auto& l : w.start) out.push_back("start, " + l);
  for (auto& l : w.play) out.push_back(l);
  for (auto& l : w.ends) out.push_back(l);
  return out;
}

}  // namespace

std::string rules_doc_path(const Ruleset& r) {
  const size_t slash = r.name.find('/');
  if (slash == std::string::npos || slash == 0 || r.name[0] == '.') return "";
  return "docs/rules/" + r.name.substr(0, slash) + ".md";
}

RulesWords describe_rules(const Ruleset& r, const std::vector<OptionVariant>& variants) {
  RulesWords w;
  w.title = presentation_of(r).title;
  w.name = r.name;
  w.description = presentation_of(r).description;
  w.sources = presentation_of(r).sources;
  w.rules_doc = rules_doc_path(r);
  w.board = board_words(r);
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    PieceWords p;
    p.name = r.types[t].name;
    p.symbol = r.types[t].symbol[0];
    p.value = r.types[t].value;
    if (auto b = describe_betza(r, t)) {
      p.betza = b->betza;
      p.castles = b->castles;
    }
    p.lines = describe_piece(r, t);
    w.pieces.push_back(std::move(p));
  }
  w.start = start_words(r);
  w.play = play_words(r);
  w.ends = end_words(r);
  const std::vector<std::string> mine = flat(w);
  for (size_t i = 0; i < r.declared_options.size(); ++i) {
    OptionWords o;
    o.name = r.declared_options[i].first;
    o.values = r.declared_options[i].second;
    for (auto& [k, v] : r.options)
      if (k == o.name) o.value = v;
    if (i < presentation_of(r).option_descriptions.size())
      o.description = presentation_of(r).option_descriptions[i];
    for (const OptionVariant& v : variants) {
      if (v.option != o.name || !v.rules || v.value == o.value) continue;
      const std::vector<std::string> theirs = flat(describe_rules(*v.rules));
      OptionChange c;
      c.value = v.value;
      for (auto& l : mine)
        if (std::find(theirs.begin(), theirs.end(), l) == theirs.end()) c.removed.push_back(l);
      for (auto& l : theirs)
        if (std::find(mine.begin(), mine.end(), l) == mine.end()) c.added.push_back(l);
      o.changes.push_back(std::move(c));
    }
    w.options.push_back(std::move(o));
  }
  return w;
}

std::string render_rules(const RulesWords& w) {
  std::string out = w.title + "\n";
  if (!w.name.empty()) out += "name: " + w.name + "\n";
  if (!w.rules_doc.empty()) out += "Rules in words: " + w.rules_doc + "\n";
  if (!w.description.empty()) out += w.description + "\n";
  auto section = [&out](const char* title, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    out += std::string("\n") + title + "\n";
    for (const std::string& l : lines) out += "  " + l + "\n";
  };
  section("Board", w.board);
  out += "\nPieces\n";
  for (const PieceWords& p : w.pieces) {
    out += "  " + p.name + " (" + p.symbol + ", value " + std::to_string(p.value) + ")";
    if (!p.betza.empty())
      out += ", in Betza's notation " + p.betza + (p.castles ? " (and castling)" : "");
    out += "\n";
    for (const std::string& l : p.lines) out += "    " + l + "\n";
  }
  section("Start", w.start);
  section("Play", w.play);
  section("End", w.ends);
  if (!w.options.empty()) {
    out += "\nOptions\n";
    for (const OptionWords& o : w.options) {
      out += "  " + o.name + " = " + o.value + " (allowed: " + join_words(o.values, ", ", ", ") +
             ")\n";
      if (!o.description.empty()) out += "    " + o.description + "\n";
      for (const OptionChange& c : o.changes) {
        out += "    with " + o.name + "=" + c.value + ":";
        if (c.removed.empty() && c.added.empty()) out += " nothing above changes";
        out += "\n";
        for (const std::string& l : c.removed) out += "      - " + l + "\n";
        for (const std::string& l : c.added) out += "      + " + l + "\n";
      }
    }
  }
  section("Sources", w.sources);
  return out;
}

}  // namespace regula
