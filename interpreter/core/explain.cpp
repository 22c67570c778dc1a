#include "core/explain.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/movegen.h"

namespace regula {

namespace {

// A square as the game's notation names it: its PDN number for draughts.
std::string site(const Ruleset& r, SiteId s) {
  return r.pdn.on ? r.pdn.name(r.topology, s) : r.topology.name(s);
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
    default:
      return {1, "not a move " + article(piece) + " can make"};
  }
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
  const std::string piece = piece_name(r, c);
  const PieceCode target = pos.at(to);
  if (target && r.allies(piece_seat(target), me))
    return "your own " + piece_name(r, target) + " stands on " + site(r, to);

  MoveList legal;
  legal_moves(pos, legal);
  for (const Move& m : legal)
    if (m.from == from && m.to == to) return "";

  // Generated but then refused: by the threatened-square rule or the script's filter.
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
  for (const Move& m : pseudo) {
    if (m.from != from || m.to != to) continue;
    if (banned_return(pos, m))
      return "the " + piece + " may not go straight back to " + site(r, to) +
             ": it broke a line there last turn, and this would complete it again";
    if (r.hooks && ((r.hooks->has_filter() && !r.hooks->filter(pos, m)) ||
                    (r.hooks->has_filter_moves() && !listed_keeps(m))))
      return "forbidden by a rule of this game (" + r.title + "): a " + piece +
             " may not make that move here";
    Undo u;
    std::string reason;
    {
      ScopedMove made(pos, m, u);
      if (!move_was_safe(pos, me, m)) {
        reason = "would stand on a threatened square: " + site(r, to) + " could be captured on";
        // Name one enemy piece that could capture there.
        for (SeatId e = 0; e < r.num_seats() && reason.back() == 'n'; ++e) {
          if (r.allies(e, me)) continue;
          Position copy = pos;
          copy.set_to_move(e);
          MoveList em;
          generate_pseudo(copy, em);
          for (const Move& x : em)
            if (x.to == to && x.from != kNoSite) {
              reason += " by the " + piece_name(r, pos.at(x.from)) + " on " + site(r, x.from);
              break;
            }
        }
        if (r.end.check && in_check(pos, me)) reason = "would leave your royal piece attacked";
      }
    }
    if (!reason.empty()) return reason;
  }

  if (target && !r.may_capture(piece_type(c), piece_type(target))) {
    if (r.types[piece_type(c)].captures == 0) return article(piece) + " may not capture";
    return article(piece) + " may not capture " + article(piece_name(r, target));
  }

  Finding best;
  bool mode_refused = false;
  for (int ri : r.types[piece_type(c)].rules) {
    const MoveRule& rule = r.rules[ri];
    Finding f = rule_finding(pos, r, rule, me, from, to, piece);
    if (f.text.empty()) {
      // The geometry allows it: the rule may only refuse the kind of arrival.
      bool may = has_mode(rule.mode, target ? Mode::kCapture : Mode::kMove);
      if (!may) mode_refused = true;
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

}  // namespace regula
