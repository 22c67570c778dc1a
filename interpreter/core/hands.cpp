#include "core/hands.h"

#include <algorithm>

#include "core/attacks.h"
#include "core/movegen.h"
#include "core/position.h"

namespace regula {

namespace {

// Whether rule gives a piece of seat on site a destination on an empty board.
bool moves_from(const Ruleset& r, const MoveRule& rule, SeatId seat, SiteId site) {
  if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(seat, site)) return false;
  const Topology& topo = r.topology;
  switch (rule.kind) {
    case RuleKind::kSlide:
      for (DirId d : rule.dirs[seat]) {
        const SiteId* nb = topo.neighbors_of(d);
        SiteId s = site;
        int k = 0;
        while (k < rule.min_range && s != kNoSite) {
          s = nb[s];
          ++k;
        }
        if (s != kNoSite) return true;
      }
      return false;
    case RuleKind::kTable:
      return !rule.table[seat][site].empty();
    case RuleKind::kWalk:
      return !rule.walks[seat][site].empty();
    case RuleKind::kAnywhere:
      return topo.size() > 1;
    case RuleKind::kScreen:
      // Given a screen, it needs a site beyond one: stuck only with none in any direction.
      for (DirId d : rule.dirs[seat]) {
        const SiteId* nb = topo.neighbors_of(d);
        if (nb[site] != kNoSite && nb[nb[site]] != kNoSite) return true;
      }
      return false;
    case RuleKind::kGenerated:
      return true;  // a hook's moves: not known here, so never stuck
    case RuleKind::kHop:
    case RuleKind::kLineCapture:  // captures only: nothing to take on an empty board
    case RuleKind::kCastle:
    case RuleKind::kDrop:
    case RuleKind::kPromote:  // stays where it is
      return false;
  }
  return false;
}

}  // namespace

void build_drop_tables(Ruleset& r) {
  const int n = r.topology.size();
  for (PieceType& t : r.types)
    for (SeatId seat = 0; seat < kMaxSeats; ++seat) {
      t.stuck[seat].assign(n, 0);
      if (seat >= r.num_seats()) continue;
      for (SiteId s = 0; s < n; ++s)
        t.stuck[seat][s] = std::none_of(t.rules.begin(), t.rules.end(), [&](int ri) {
          return moves_from(r, r.rules[ri], seat, s);
        });
    }
  r.drop_mate_rule = false;
  r.drop_rules.clear();
  for (MoveRule& rule : r.rules) {
    if (rule.kind != RuleKind::kDrop) continue;
    r.drop_rules.push_back(static_cast<int>(&rule - r.rules.data()));
    r.drop_mate_rule |= rule.drop_no_mate;
    for (SeatId seat = 0; seat < kMaxSeats; ++seat) {
      rule.drop_sites[seat].assign(n, 0);
      if (seat >= r.num_seats()) continue;
      for (SiteId s = 0; s < n; ++s)
        rule.drop_sites[seat][s] =
            (rule.to_region < 0 || r.regions[rule.to_region].contains(seat, s)) &&
            !(rule.drop_not_stuck && r.types[rule.drop_type].stuck[seat][s]) &&
            (r.types[rule.drop_type].barred[seat].empty() ||
             !r.types[rule.drop_type].barred[seat][s]);
    }
  }
}

bool may_attack_from(const Position& pos, TypeId t, SeatId seat, SiteId from, SiteId target) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  for (int ri : r.types[t].rules) {
    const MoveRule& rule = r.rules[ri];
    if (!has_mode(rule.mode, Mode::kCapture)) continue;
    if (rule.from_region >= 0 && !r.regions[rule.from_region].contains(seat, from)) continue;
    switch (rule.kind) {
      case RuleKind::kSlide: {
        const int max = rule.max_range ? rule.max_range : topo.size();
        for (DirId d : rule.dirs[seat]) {
          const SiteId* nb = topo.neighbors_of(d);
          SiteId s = nb[from];
          for (int k = 1; k <= max && s != kNoSite; ++k, s = nb[s]) {
            if (s == target) {
              if (k >= rule.min_range) return true;
              break;
            }
            if (pos.at(s) != kEmpty) break;
          }
        }
        break;
      }
      case RuleKind::kTable: {
        const auto& to = rule.table[seat][from];
        if (std::find(to.begin(), to.end(), target) != to.end()) return true;
        break;
      }
      case RuleKind::kCastle:
      case RuleKind::kDrop:
        break;
      default:
        return true;
    }
  }
  return false;
}

bool drop_gives_mate(Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  bool checks = false;
  for (SeatId s = 0; s < r.num_seats() && !checks; ++s) {
    if (r.allies(s, me) || pos.is_out(s)) continue;
    // One royal piece: only a drop that attacks it can check. Otherwise, try it.
    const SiteId royal = pos.royal_site(s);
    checks = royal == kNoSite || r.royals[s].size() != 1 ||
             pos.count(make_piece(r.royals[s][0], s)) != 1 ||
             may_attack_from(pos, m.drop_type, me, m.to, royal);
  }
  if (!checks) return false;
  Undo u;
  ScopedMove made(pos, m, u);
  const SeatId next = pos.to_move();
  if (r.allies(next, me) || !in_check(pos, next)) return false;
  MoveList replies;
  legal_moves_undecided(pos, replies);
  return replies.empty();
}

}  // namespace regula
