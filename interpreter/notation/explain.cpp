#include "notation/explain.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/hands.h"
#include "core/movegen.h"
#include "formats/pdn.h"
#include "formats/presentation.h"

namespace regula {

namespace {

// A square as the game's notation names it: its PDN number for draughts.
std::string site(const Ruleset& r, SiteId s) {
  return site_name(presentation_of(r).pdn.get(), r.topology, s);
}

std::string piece_name(const Ruleset& r, PieceCode c) {
  return r.types[piece_type(c)].name;
}

std::string article(const std::string& noun) {
  return (!noun.empty() && std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") +
         noun;
}

// What one rule says about from -> to, from its geometry and the pieces in the way.
struct Finding {
  int rank = 0;  // higher: the more specific reason wins
  std::string text;
};

// The step offsets a walk uses, read off its precomputed paths from every origin
// (one origin may use only some of them, as at the edge of the board).
std::set<std::pair<int, int>> walk_steps(const Topology& t,
                                         const std::vector<std::vector<WalkPath>>& all) {
  std::set<std::pair<int, int>> steps;
  for (SiteId from = 0; from < static_cast<SiteId>(all.size()); ++from)
    for (const WalkPath& p : all[from]) {
      SiteId prev = from;
      for (int i = 0; i <= p.nvia; ++i) {
        SiteId s = i < p.nvia ? p.via[i] : p.dest;
        steps.insert({t.x(s) - t.x(prev), t.y(s) - t.y(prev)});
        prev = s;
      }
    }
  return steps;
}

std::string describe_steps(const std::set<std::pair<int, int>>& steps) {
  bool orth = false, diag = false;
  for (auto [dx, dy] : steps) (dx && dy ? diag : orth) = true;
  return orth && diag ? "straight or diagonal" : diag ? "diagonal" : "straight";
}

// Could n steps from the set, squares revisited allowed, lead from -> to?
bool reachable_with_revisits(const Topology& t, SiteId from, SiteId to, int n,
                             const std::set<std::pair<int, int>>& steps) {
  std::set<SiteId> frontier{from};
  for (int k = 0; k < n; ++k) {
    std::set<SiteId> next;
    for (SiteId s : frontier)
      for (auto [dx, dy] : steps) {
        SiteId x = t.at(t.x(s) + dx, t.y(s) + dy);
        if (x != kNoSite) next.insert(x);
      }
    frontier = std::move(next);
  }
  return frontier.count(to) > 0;
}

std::string path_text(const Topology& t, const WalkPath& p) {
  std::string s;
  for (int i = 0; i < p.nvia; ++i) s += (i ? " " : "") + t.name(p.via[i]);
  return s;
}

Finding walk_finding(const Position& pos, const Ruleset& r, const MoveRule& rule, SeatId me,
                     SiteId from, SiteId to, const std::string& piece) {
  const Topology& t = r.topology;
  const auto& paths = rule.walks[me][from];
  std::vector<const WalkPath*> hits;
  for (const WalkPath& p : paths)
    if (p.dest == to) hits.push_back(&p);
  if (!hits.empty()) {
    for (const WalkPath* p : hits)
      if (walk_clear(pos, *p)) return {};  // reachable: any reason lies elsewhere
    return {5, "blocked: every path crosses an occupied square (e.g. via " +
                   path_text(t, *hits.front()) + ")"};
  }
  int shortest = kMaxPath + 1, longest = 0;
  for (const WalkPath& p : paths) {
    shortest = std::min(shortest, p.nvia + 1);
    longest = std::max(longest, p.nvia + 1);
  }
  if (paths.empty()) return {1, article(piece) + " has no move from " + site(r, from)};
  auto steps = walk_steps(t, rule.walks[me]);
  const std::string how = describe_steps(steps);
  if (shortest == longest) {
    if (reachable_with_revisits(t, from, to, longest, steps))
      return {3, "revisits a square: a " + piece + " could reach " + site(r, to) + " in " +
                     std::to_string(longest) + " " + how +
                     " steps only by crossing a square twice"};
    return {2, "wrong length: " + article(piece) + " moves exactly " + std::to_string(longest) +
                   " " + how + " steps, and " + site(r, to) + " is not " + std::to_string(longest) +
                   " such steps from " + site(r, from)};
  }
  for (int n = shortest; n <= longest; ++n)
    if (reachable_with_revisits(t, from, to, n, steps))
      return {3, "revisits a square: a " + piece + " could reach " + site(r, to) +
                     " only by crossing a square twice"};
  return {2, "out of reach: " + article(piece) + " moves " + std::to_string(shortest) + " to " +
                 std::to_string(longest) + " " + how + " steps"};
}

// Why a rule whose geometry reaches the destination is not open now: its
// once-per-game flag is spent, or the piece stands attacked.
Finding condition_finding(const Position& pos, const MoveRule& rule, SeatId me, SiteId from,
                          const std::string& piece) {
  const std::string name = rule.label.empty() ? std::string("that move") : rule.label;
  if (pos.flags(from) & rule.requires_clear)
    return {6, name + " already used: it is allowed once per game"};
  if (rule.unless_attacked && pos.at(from) && is_attacked(pos, from, me, piece_type(pos.at(from))))
    return {6, name + " is allowed only while the " + piece + " is not attacked, and the " + piece +
                   " on " + site(pos.rules(), from) + " is attacked"};
  return {};
}

// Why castling by this rule, whose royal would end on `to`, is not open now.
Finding castle_finding(const Position& pos, const Ruleset& r, const MoveRule& rule, SeatId me,
                       SiteId from, SiteId to, const std::string& piece) {
  const Topology& t = r.topology;
  const SiteId* nb = t.neighbors_of(rule.castle_dir);
  SiteId dest = from;
  for (int k = 0; k < rule.castle_steps && dest != kNoSite; ++k) dest = nb[dest];
  if (dest != to)
    return {1, "out of reach: " + article(piece) + " castles to " +
                   (dest == kNoSite ? std::string("no square") : site(r, dest))};
  const std::string partner = r.types[rule.castle_partner].name;
  if (pos.flags(from) & kFlagMoved)
    return {6, "castling needs " + article(piece) + " that has not moved, and the " + piece +
                   " on " + site(r, from) + " has moved"};
  SiteId s = nb[from];
  while (s != kNoSite && pos.at(s) == kEmpty) s = nb[s];
  const SiteId wanted = rule.castle_site[me];
  if (s == kNoSite || pos.at(s) != make_piece(rule.castle_partner, me) ||
      (wanted != kNoSite && s != wanted)) {
    // The partner stands further on, behind another piece.
    SiteId beyond = s;
    while (beyond != kNoSite && pos.at(beyond) != make_piece(rule.castle_partner, me))
      beyond = nb[beyond];
    if (s != kNoSite && beyond != kNoSite && (wanted == kNoSite || beyond == wanted))
      return {6, "castling needs the squares between the " + piece + " and the " + partner +
                     " on " + site(r, beyond) + " empty, and " + site(r, s) + " is not"};
    return {6, "castling needs your " + partner + " on " +
                   (wanted != kNoSite ? site(r, wanted) : "the line beyond the " + piece) +
                   ", with nothing between"};
  }
  if (pos.flags(s) & kFlagMoved)
    return {6, "castling needs " + article(partner) + " that has not moved, and the " + partner +
                   " on " + site(r, s) + " has moved"};
  for (SiteId x = nb[from];; x = nb[x]) {
    if (x == kNoSite) break;
    if (pos.at(x) != kEmpty && x != s)
      return {6, "castling needs the squares the " + piece + " and the " + partner +
                     " cross or reach empty, and " + site(r, x) + " is not"};
    if (x == dest) break;
  }
  if (r.end.check) {
    const TypeId type = piece_type(pos.at(from));
    if (is_attacked(pos, from, me, type))
      return {7,
              "no castling out of check: the " + piece + " on " + site(r, from) + " is attacked"};
    for (SiteId x = nb[from]; x != dest && x != kNoSite; x = nb[x])
      if (is_attacked(pos, x, me, type))
        return {7, "no castling through an attacked square: the " + piece + " would cross " +
                       site(r, x) + ", which the enemy attacks"};
  }
  return {};
}

Finding rule_finding(const Position& pos, const Ruleset& r, const MoveRule& rule, SeatId me,
                     SiteId from, SiteId to, const std::string& piece) {
  const Topology& t = r.topology;
  if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(me, from))
    return {1,
            article(piece) + " may make that move only from " + r.regions[rule.from_region].name};
  switch (rule.kind) {
    case RuleKind::kWalk:
      return walk_finding(pos, r, rule, me, from, to, piece);
    case RuleKind::kTable: {
      const auto& dests = rule.table[me][from];
      if (std::find(dests.begin(), dests.end(), to) != dests.end())
        return condition_finding(pos, rule, me, from, piece);
      return {1, "out of reach: no move of " + article(piece) + " from " + site(r, from) +
                     " ends on " + site(r, to)};
    }
    case RuleKind::kSlide: {
      const int max = rule.max_range ? rule.max_range : t.size();
      for (DirId d : rule.dirs[me]) {
        SiteId s = from;
        for (int k = 1; k <= max; ++k) {
          s = t.neighbor(s, d);
          if (s == kNoSite) break;
          if (s == to)
            return k < rule.min_range ? Finding{2, "too short a move for " + article(piece)}
                                      : Finding{};
          if (pos.at(s) != kEmpty) {
            // Is to further along this line?
            SiteId x = s;
            for (int j = k + 1; j <= max && x != kNoSite; ++j)
              if ((x = t.neighbor(x, d)) == to)
                return {5, "blocked by the " + piece_name(r, pos.at(s)) + " on " + site(r, s)};
            break;
          }
        }
      }
      return {1, "out of reach: " + article(piece) + " cannot move from " + site(r, from) + " to " +
                     site(r, to)};
    }
    case RuleKind::kAnywhere:
      return condition_finding(pos, rule, me, from, piece);
    case RuleKind::kCastle:
      return castle_finding(pos, r, rule, me, from, to, piece);
    default:
      return {1, "not a move " + article(piece) + " can make"};
  }
}

// Why a generated move from -> to is not among the legal ones when the capture
// rules or a drop the rules require leave it out; "" when they do not.
std::string priority_reason(Position& pos, const MoveList& legal, SiteId from, SiteId to) {
  const Ruleset& r = pos.rules();
  int best = 0, mine = 0;
  const Move* example = nullptr;
  for (const Move& m : legal) {
    const int c = capture_count(pos, m);
    if (c > best || (c == best && !example)) best = c, example = &m;
  }
  MoveList pseudo;
  generate_pseudo(pos, pseudo);
  for (const Move& m : pseudo)
    if (m.from == from && m.to == to) mine = std::max(mine, capture_count(pos, m));
  auto named = [&](const Move& m) {
    return m.from == kNoSite ? site(r, m.to) : site(r, m.from) + " to " + site(r, m.to);
  };
  if (r.capture_priority != CapturePriority::kFree && best > 0 && mine == 0)
    return "capturing is compulsory: " + r.seats[pos.to_move()].name + " must capture (" +
           named(*example) + " captures)";
  if ((r.capture_priority == CapturePriority::kMaxCount ||
       r.capture_priority == CapturePriority::kMaxCountThenValue) &&
      best > mine)
    return "a capture must take as many pieces as it can: this takes " + std::to_string(mine) +
           ", and " + named(*example) + " takes " + std::to_string(best);
  if (best > 0 &&
      (r.capture_priority == CapturePriority::kMaxCountThenValue || !r.capture_order.empty()))
    return "the rules prefer another capture of as many pieces (by the value taken or the "
           "capturing piece), such as " +
           named(*example);
  if (r.must_drop && from != kNoSite)
    for (const Move& m : legal)
      if (m.kind == MoveKind::kDrop)
        return "a piece in hand must be placed first (such as on " + site(r, m.to) + ")";
  return "";
}

// Why the move just made (to `to`) leaves seat me's piece where it may not
// stand, naming one enemy piece that could capture there; "" when it is safe.
std::string unsafe_reason(const Position& pos, SeatId me, const Move& m, SiteId to) {
  const Ruleset& r = pos.rules();
  if (move_was_safe(pos, me, m)) return "";
  if (r.end.check && in_check(pos, me)) return "would leave your royal piece attacked";
  std::string reason = "would stand on a threatened square: " + site(r, to) + " could be captured";
  for (SeatId e = 0; e < r.num_seats(); ++e) {
    if (r.allies(e, me)) continue;
    Position copy = pos;
    copy.set_to_move(e);
    MoveList em;
    generate_pseudo(copy, em);
    for (const Move& x : em)
      if (x.to == to && x.from != kNoSite)
        return reason + " there by the " + piece_name(r, pos.at(x.from)) + " on " + site(r, x.from);
  }
  return reason;
}

// Why the moves generated from `from` to `to` are all refused after they were
// generated: by the mill's return ban, the script's filters or a threatened
// square. "" when none is refused so; generated says whether there was one.
std::string generated_refusal(Position& pos, SiteId from, SiteId to, const std::string& piece,
                              bool& generated) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  MoveList pseudo;
  generate_pseudo(pos, pseudo);
  // What the script's whole-list filter keeps of them.
  MoveList listed;
  if (r.hooks && r.hooks->has_filter_moves()) {
    for (const Move& m : pseudo)
      if (!banned_return(pos, m)) listed.push(m);
    r.hooks->filter_moves(pos, listed);
  }
  auto listed_keeps = [&](const Move& m) {
    for (const Move& k : listed)
      if (k.same(m)) return true;
    return false;
  };
  generated = false;
  for (const Move& m : pseudo) {
    if (m.from != from || m.to != to) continue;
    if (banned_return(pos, m))
      return "the " + piece + " may not go straight back to " + site(r, to) +
             ": it broke a line there last turn, and this would complete it again";
    if (r.hooks && ((r.hooks->has_filter() && !r.hooks->filter(pos, m)) ||
                    (r.hooks->has_filter_moves() && !listed_keeps(m))))
      return "forbidden by a rule of this game (" + presentation_of(r).title + "): a " + piece +
             " may not make that move here";
    Undo u;
    std::string reason;
    {
      ScopedMove made(pos, m, u);
      reason = unsafe_reason(pos, me, m, to);
    }
    if (!reason.empty()) return reason;
    generated = true;
  }
  return "";
}

// Why none of the piece's rules makes the move: the best finding of any of
// them, or the kind of arrival they refuse.
std::string rules_reason(Position& pos, PieceCode c, SiteId from, SiteId to) {
  const Ruleset& r = pos.rules();
  const std::string piece = piece_name(r, c);
  const PieceCode target = pos.at(to);
  if (target && !r.may_capture(piece_type(c), piece_type(target))) {
    if (r.types[piece_type(c)].captures == 0) return article(piece) + " may not capture";
    return article(piece) + " may not capture " + article(piece_name(r, target));
  }
  Finding best;
  bool mode_refused = false;
  for (int ri : r.types[piece_type(c)].rules) {
    const MoveRule& rule = r.rules[ri];
    Finding f = rule_finding(pos, r, rule, pos.to_move(), from, to, piece);
    if (f.text.empty()) {
      // The geometry allows it: the rule may only refuse the kind of arrival.
      if (!has_mode(rule.mode, target ? Mode::kCapture : Mode::kMove)) mode_refused = true;
      continue;
    }
    if (f.rank > best.rank) best = f;
  }
  if (mode_refused && best.rank < 5)
    return target ? article(piece) + " captures only in another way"
                  : article(piece) + " moves there only to capture";
  if (!best.text.empty()) return best.text;
  return "not a legal move for " + article(piece);
}

}  // namespace

std::string explain_illegal(Position& pos, SiteId from, SiteId to) {
  const Ruleset& r = pos.rules();
  if (auto res = decided_result(pos)) return "the game is over: " + res->reason;
  if (from < 0 || from >= pos.num_sites() || to < 0 || to >= pos.num_sites())
    return "no such square";
  if (from == to) return "a move must leave its square";
  const PieceCode c = pos.at(from);
  if (!c) return "no piece on " + site(r, from);
  const SeatId me = pos.to_move();
  if (piece_seat(c) != me)
    return "not your piece: the " + piece_name(r, c) + " on " + site(r, from) + " is " +
           r.seats[piece_seat(c)].name + "'s, and " + r.seats[me].name + " is to move";
  const PieceCode target = pos.at(to);
  if (target && r.allies(piece_seat(target), me))
    return "your own " + piece_name(r, target) + " stands on " + site(r, to);

  MoveList legal;
  legal_moves(pos, legal);
  for (const Move& m : legal)
    if (m.from == from && m.to == to) return "";

  // Generated but then refused: by the threatened-square rule or the script's filter.
  bool generated = false;
  if (std::string why = generated_refusal(pos, from, to, piece_name(r, c), generated); !why.empty())
    return why;
  // Generated, safe and allowed by the script, yet not legal: a capture the
  // rules prefer, or a drop they require, leaves it out.
  if (generated) {
    if (std::string why = priority_reason(pos, legal, from, to); !why.empty()) return why;
  }
  return rules_reason(pos, c, from, to);
}

namespace {

std::string site_list(const Ruleset& r, const std::vector<SiteId>& sites) {
  std::string out;
  for (SiteId s : sites) out += (out.empty() ? "" : " ") + site(r, s);
  return out;
}

std::string type_list(const Ruleset& r, const std::vector<TypeId>& types) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i)
    out += (i == 0 ? "" : i + 1 == types.size() ? " or " : ", ") + r.types[types[i]].name;
  return out;
}

// The sites a move passes on its way, then its destination.
std::vector<SiteId> landings(const Move& m) {
  std::vector<SiteId> out(m.path.begin(), m.path.begin() + m.npath);
  out.push_back(m.to);
  return out;
}

// Whether m lands on the sites of via in that order on its way.
bool passes(const Move& m, const std::vector<SiteId>& via) {
  size_t k = 0;
  for (int i = 0; i < m.npath && k < via.size(); ++i)
    if (m.path[i] == via[k]) ++k;
  return k == via.size();
}

// Why no move of `fit` (the legal moves with the attempt's ends) is the attempt.
std::string fit_reason(const Position& pos, const Attempt& a, std::vector<const Move*> fit) {
  const Ruleset& r = pos.rules();
  const std::string piece = piece_name(r, pos.at(a.from));
  auto keep = [&](auto pred) {
    std::vector<const Move*> kept;
    for (const Move* m : fit)
      if (pred(*m)) kept.push_back(m);
    return kept;
  };
  std::vector<TypeId> promotions;
  bool stays = false;
  for (const Move* m : fit) {
    if (m->promote < 0) stays = true;
    if (m->promote >= 0 &&
        std::find(promotions.begin(), promotions.end(), m->promote) == promotions.end())
      promotions.push_back(m->promote);
  }
  if (a.promote >= 0) {
    auto promoted = keep([&](const Move& m) { return m.promote == a.promote; });
    if (promoted.empty()) {
      if (promotions.empty()) return article(piece) + " does not promote on " + site(r, a.to);
      return article(piece) + " reaching " + site(r, a.to) + " promotes to " +
             type_list(r, promotions) + (stays ? " (or stays " + article(piece) + ")" : "") +
             ", not to " + article(r.types[a.promote].name);
    }
    fit = promoted;
  } else if (!stays) {
    return article(piece) + " reaching " + site(r, a.to) + " must promote: say to what (" +
           type_list(r, promotions) + ")";
  } else {
    fit = keep([](const Move& m) { return m.promote < 0; });
  }
  if (!a.label.empty()) {
    auto labelled = keep([&](const Move& m) { return r.rules[m.rule].label == a.label; });
    if (labelled.empty()) {
      std::string others;
      for (const Move* m : fit)
        if (!r.rules[m->rule].label.empty() &&
            others.find(r.rules[m->rule].label) == std::string::npos)
          others += (others.empty() ? "" : ", ") + r.rules[m->rule].label;
      return "no move labelled '" + a.label + "' goes from " + site(r, a.from) + " to " +
             site(r, a.to) +
             (others.empty() ? " (the move there has no label)"
                             : " (it is labelled " + others + ")");
    }
    fit = labelled;
  }
  if (!a.via.empty() && keep([&](const Move& m) { return passes(m, a.via); }).empty())
    return "not by way of " + site_list(r, a.via) + ": from " + site(r, a.from) + " to " +
           site(r, a.to) + " the " + piece + " goes by way of " +
           site_list(r, std::vector<SiteId>(fit.front()->path.begin(),
                                            fit.front()->path.begin() + fit.front()->npath));
  return "";
}

// Why dropping a piece of type a.drop on a.to is not legal; "" when it is.
std::string drop_reason(Position& pos, const MoveList& legal, const Attempt& a) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  const std::string piece = r.types[a.drop].name;
  if (a.to == kNoSite) return "a drop names the square it goes to";
  for (const Move& m : legal)
    if (m.kind == MoveKind::kDrop && m.drop_type == a.drop && m.to == a.to) return "";
  const MoveRule* rule = nullptr;
  for (const MoveRule& x : r.rules)
    if (x.kind == RuleKind::kDrop && x.drop_type == a.drop) rule = &x;
  if (!rule) return article(piece) + " is never dropped: no rule of these rules drops one";
  if (pos.hand(me, a.drop) <= 0) return r.seats[me].name + " has no " + piece + " in hand";
  if (pos.at(a.to) != kEmpty)
    return "a piece is dropped on an empty square, and " + site(r, a.to) + " holds " +
           article(piece_name(r, pos.at(a.to)));
  if (rule->to_region >= 0 && !r.regions[rule->to_region].contains(me, a.to))
    return article(piece) + " may be dropped only in " + r.regions[rule->to_region].name;
  if (rule->drop_not_stuck && r.types[a.drop].stuck[me][a.to])
    return article(piece) + " dropped on " + site(r, a.to) + " could never move from there";
  const Topology& t = r.topology;
  if (rule->drop_file_type >= 0)
    for (SiteId s = 0; s < pos.num_sites(); ++s)
      if (t.x(s) == t.x(a.to) && pos.at(s) == make_piece(rule->drop_file_type, me))
        return article(piece) + " may not be dropped on a file that holds your own " +
               r.types[rule->drop_file_type].name + " (on " + site(r, s) + ")";
  MoveList pseudo;
  generate_pseudo(pos, pseudo);
  for (const Move& m : pseudo) {
    if (m.kind != MoveKind::kDrop || m.drop_type != a.drop || m.to != a.to) continue;
    if (rule->drop_no_mate && drop_gives_mate(pos, m))
      return article(piece) + " dropped on " + site(r, a.to) +
             " would give mate at once, which these rules forbid";
    Undo u;
    ScopedMove made(pos, m, u);
    if (!move_was_safe(pos, me, m)) return "would leave your royal piece attacked";
  }
  if (std::string why = priority_reason(pos, legal, kNoSite, a.to); !why.empty()) return why;
  return article(piece) + " may not be dropped there now";
}

// Why removing the piece on a.to is not a legal decision; "" when it is.
std::string removal_reason(const Position& pos, const MoveList& legal, const Attempt& a) {
  const Ruleset& r = pos.rules();
  for (const Move& m : legal)
    if (m.kind == MoveKind::kRemove && m.to == a.to) return "";
  if (pos.stage() < 0) return "no removal is due: the rules ask for one only after certain moves";
  const Stage& st = r.stages[pos.stage()];
  if (st.choice != Stage::Choice::kRemoveEnemy && st.choice != Stage::Choice::kGiveOwn)
    return "the decision due is the stage '" + st.name + "' (" + st.where + "), not a removal";
  const PieceCode c = pos.at(a.to);
  if (!c) return "no piece on " + site(r, a.to) + " to remove";
  const std::string piece = piece_name(r, c);
  const bool own = r.allies(piece_seat(c), pos.decider());
  if (st.choice == Stage::Choice::kRemoveEnemy && own)
    return "the piece removed must be an enemy one, and the " + piece + " on " + site(r, a.to) +
           " is yours";
  if (st.choice == Stage::Choice::kGiveOwn && !own)
    return "the piece given away must be one of your own, and the " + piece + " on " +
           site(r, a.to) + " is not";
  if (st.protect == Stage::Protect::kLinesUnlessAll && pos.completes_line(a.to, piece_seat(c)))
    return "the " + piece + " on " + site(r, a.to) +
           " stands in a complete line, which protects it while a piece outside a line can be "
           "taken (the stage '" +
           st.name + "' at " + st.where + ")";
  return "the " + piece + " on " + site(r, a.to) + " may not be removed now";
}

}  // namespace

std::string explain_attempt(Position& pos, const Attempt& a) {
  const Ruleset& r = pos.rules();
  if (auto res = decided_result(pos)) return "the game is over: " + res->reason;
  MoveList legal;
  legal_moves(pos, legal);
  if (a.drop >= 0) return drop_reason(pos, legal, a);
  if (a.remove) return removal_reason(pos, legal, a);
  if (a.from == kNoSite || a.to == kNoSite)
    return "a move names the square it leaves and the square it reaches";
  std::vector<const Move*> fit;
  for (const Move& m : legal)
    if (m.from == a.from && m.to == a.to && m.kind != MoveKind::kDrop) fit.push_back(&m);
  if (!fit.empty()) return fit_reason(pos, a, fit);
  // A capture chain stopped on one of its landings: it must go on.
  for (const Move& m : legal)
    if (m.from == a.from && m.ncap > 0)
      for (int i = 0; i < m.npath; ++i)
        if (m.path[i] == a.to)
          return "the capture does not end on " + site(r, a.to) +
                 ": a capture chain goes on while it can, and this one goes on to " +
                 site(r, m.to) + " (" + site(r, m.from) + " " + site_list(r, landings(m)) + ")";
  return explain_illegal(pos, a.from, a.to);
}

}  // namespace regula
