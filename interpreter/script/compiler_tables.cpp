// The compiler's part for the move rules whose reach is precomputed: leaps
// (plain, lame and riders) and walks, turned for each seat's facing into
// per-seat, per-site tables of destinations or paths, each step and byte
// counted against the compiler's budget. Its own file because this is where
// compiling costs time and memory, apart from reading the rules' fields.

#include <algorithm>
#include <array>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/lame_leap.h"
#include "script/limits.h"

namespace regula::script {

// leap { offsets = { {dx, dy}, ... }, symmetric, lame, via, max }: the offsets
// (every rotation and reflection of them unless symmetric = false), then a
// lame leap, a rider or a plain leap.
void Compiler::compile_leap(const Value& v, MoveRule& rule) {
  rule.kind = RuleKind::kTable;
  auto* o = v.get("offsets");
  if (!o) fail(v.where, "leap needs offsets = { {1, 2}, ... }");
  bool symmetric = bool_or(v, "symmetric", true);
  std::vector<Offset> offs;
  std::set<std::pair<int, int>> seen;
  auto add = [&](Offset x) {
    if (seen.insert({x.dx, x.dy}).second) offs.push_back(x);
  };
  rule.shape.symmetric = symmetric;
  // Lame leaps: the sites on the way that must be empty, as offsets turned
  // with each leap's own offset.
  const bool lame = bool_or(v, "lame", false);
  const std::vector<Offset> via = leap_via(v, lame);
  std::vector<LameOffset> lame_offs;
  std::set<std::pair<int, int>> lame_seen;
  auto add_lame = [&](Offset x, const std::vector<Offset>& vx) {
    if (lame_seen.insert({x.dx, x.dy}).second)
      lame_offs.push_back({x, lame ? lame_path(x, kMaxWalk) : vx});
  };
  for (auto& p : list(*o, "offsets")) {
    Offset base = offset(p, v.where, "offsets");
    rule.shape.offsets.push_back(base);
    if (!symmetric) {
      add(base);
      add_lame(base, via);
      continue;
    }
    for (int sx : {1, -1})
      for (int sy : {1, -1})
        for (bool swap : {false, true}) {
          auto turn = [&](Offset x) {
            return swap ? Offset{x.dy * sx, x.dx * sy} : Offset{x.dx * sx, x.dy * sy};
          };
          add(turn(base));
          std::vector<Offset> vt;
          for (Offset x : via) vt.push_back(turn(x));
          add_lame(turn(base), vt);
        }
  }
  if (lame || !via.empty()) return compile_lame_leap(v, rule, lame_offs, via, lame, offs.size());
  const int rides = int_or(v, "max", 1, 0, kMaxSites);
  rule.shape.rides = rides;
  if (rides != 1) return compile_rider(v, rule, offs, rides);
  compile_leap_table(v, rule, offs);
}

// via = { {dx, dy}, ... }: the sites a leap passes that must be empty.
std::vector<Offset> Compiler::leap_via(const Value& v, bool lame) {
  std::vector<Offset> via;
  if (auto* w = v.get("via")) {
    if (lame) fail(v.where, "leap takes lame = true or via = { ... }, not both");
    for (auto& p : list(*w, "via")) via.push_back(offset(p, v.where, "via"));
    if (via.empty()) fail(v.where, "leap via = { {dx, dy}, ... } names no site");
    if (via.size() > static_cast<size_t>(kMaxWalk))
      fail(v.where, "leap via names more than " + std::to_string(kMaxWalk) + " sites");
  }
  return via;
}

// A lame leap (lame = true or via = ...) of the leaps offsets gave: walks of
// one fixed path each (script/lame_leap.h).
void Compiler::compile_lame_leap(const Value& v, MoveRule& rule,
                                 const std::vector<LameOffset>& lame_offs,
                                 const std::vector<Offset>& via, bool lame, size_t leaps) {
  if (v.get("max")) fail(v.where, "leap takes max (a rider) or lame/via, not both");
  if (!via.empty() && rule.shape.offsets.size() != 1)
    fail(v.where, "leap via = { ... } needs exactly one offset (write one leap per offset)");
  for (const LameOffset& l : lame_offs)
    if (l.via.size() > static_cast<size_t>(kMaxWalk))
      fail(v.where, "a lame leap passes more than " + std::to_string(kMaxWalk) + " sites");
  rule.shape.lame = lame;
  rule.shape.via = via;
  const Topology& t = r_->topology;
  spend_steps(static_cast<long>(r_->num_seats()) * t.size() * static_cast<long>(leaps), v.where);
  table_bytes(t.size(), v.where);
  const size_t paths = build_lame_leaps(t, r_->seats, lame_offs, rule);
  spend_bytes(paths * sizeof(WalkPath), v.where);
}

// A plain leap: for each seat and site, the sites its offsets reach.
void Compiler::compile_leap_table(const Value& v, MoveRule& rule, const std::vector<Offset>& offs) {
  const Topology& t = r_->topology;
  spend_steps(static_cast<long>(r_->num_seats()) * t.size() * static_cast<long>(offs.size()),
              v.where);
  table_bytes(t.size(), v.where);
  rule.table.assign(kMaxSeats, std::vector<std::vector<SiteId>>(t.size()));
  size_t entries = 0;
  for (SeatId s = 0; s < r_->num_seats(); ++s)
    for (SiteId from = 0; from < t.size(); ++from)
      for (Offset off : offs) {
        Offset r = rotate(off, r_->seats[s].facing);
        SiteId to = t.at(t.x(from) + r.dx, t.y(from) + r.dy);
        if (to != kNoSite && to != from) {
          rule.table[s][from].push_back(to);
          ++entries;
        }
      }
  spend_bytes(entries * sizeof(SiteId), v.where);
}

// A leap repeated along its line (max = n leaps, 0: any number), over empty
// landing sites only: a walk whose path is the sites it lands on before the last.
void Compiler::compile_rider(const Value& v, MoveRule& rule, const std::vector<Offset>& offs,
                             int rides) {
  const Topology& t = r_->topology;
  rule.kind = RuleKind::kWalk;
  table_bytes(t.size(), v.where);
  rule.walks.assign(kMaxSeats, std::vector<std::vector<WalkPath>>(t.size()));
  for (SeatId s = 0; s < r_->num_seats(); ++s)
    for (SiteId from = 0; from < t.size(); ++from) {
      std::vector<WalkPath>& paths = rule.walks[s][from];
      for (Offset off : offs) {
        const Offset r = rotate(off, r_->seats[s].facing);
        WalkPath p{};
        SiteId at = from;
        for (int k = 1; rides == 0 || k <= rides; ++k) {
          spend_steps(1, v.where);
          const SiteId to = t.at(t.x(at) + r.dx, t.y(at) + r.dy);
          if (to == kNoSite || to == from) break;
          if (k > 1) {
            if (p.nvia == kMaxWalk)
              fail(v.where, "a leap repeated along its line passes more than " +
                                std::to_string(kMaxWalk) + " sites (kMaxWalk)");
            p.via[p.nvia++] = at;
          }
          p.dest = to;
          paths.push_back(p);
          at = to;
        }
      }
      sort_paths(paths);
      spend_bytes(paths.size() * sizeof(WalkPath), v.where);
    }
}

Offset Compiler::offset(const Value& p, const std::string& where, const std::string& what) {
  if (p.items.size() != 2) fail(where, "each entry of " + what + " is {dx, dy}");
  return Offset{integer(p.items[0], "dx", -kMaxCoordinate, kMaxCoordinate),
                integer(p.items[1], "dy", -kMaxCoordinate, kMaxCoordinate)};
}

// walk { steps = N, dirs = ... | legs = { ... }, exact, turn, revisit, jump,
// any_order, no_reverse }: every path of its steps from every site, for each
// seat (jump = true keeps the destinations alone).
void Compiler::compile_walk(const Value& v, MoveRule& rule) {
  const std::vector<std::array<std::vector<DirId>, kMaxSeats>> legs = walk_legs(v);
  bool exact = bool_or(v, "exact", true);
  bool turn = bool_or(v, "turn", true);
  bool revisit = bool_or(v, "revisit", false);
  bool jump = bool_or(v, "jump", false);
  bool any_order = bool_or(v, "any_order", false);
  bool no_reverse = bool_or(v, "no_reverse", false);
  rule.shape.walk = true;
  for (auto& l : legs) rule.shape.legs.push_back(l[0]);
  rule.shape.exact = exact;
  rule.shape.turn = turn;
  rule.shape.revisit = revisit;
  rule.shape.jump = jump;
  rule.shape.any_order = any_order;
  rule.shape.no_reverse = no_reverse;
  const int n = r_->topology.size();
  rule.kind = jump ? RuleKind::kTable : RuleKind::kWalk;
  table_bytes(n, v.where);
  if (jump)
    rule.table.assign(kMaxSeats, std::vector<std::vector<SiteId>>(n));
  else
    rule.walks.assign(kMaxSeats, std::vector<std::vector<WalkPath>>(n));
  for (SeatId s = 0; s < r_->num_seats(); ++s) {
    std::vector<std::vector<std::vector<DirId>>> orders;
    std::vector<std::vector<DirId>> fwd;
    for (auto& l : legs) fwd.push_back(l[s]);
    orders.push_back(fwd);
    if (any_order) {
      auto rev = fwd;
      std::reverse(rev.begin(), rev.end());
      if (rev != fwd) orders.push_back(rev);
    }
    for (SiteId from = 0; from < n; ++from) walk_paths(v, rule, orders, s, from);
  }
}

// legs = { dirs, ... }, or steps = N with dirs = ...: each step's directions
// for each seat.
std::vector<std::array<std::vector<DirId>, kMaxSeats>> Compiler::walk_legs(const Value& v) {
  std::vector<std::array<std::vector<DirId>, kMaxSeats>> legs;
  if (auto* l = v.get("legs")) {
    if (v.get("steps") || v.get("dirs")) fail(v.where, "walk takes either legs or steps+dirs");
    for (auto& leg : list(*l, "legs")) legs.push_back(dirs(leg, v.where));
  } else {
    const Value* sv = v.get("steps");
    int steps = sv ? integer(*sv, "steps", 1, kMaxWalk,
                             "a walk may have at most " + std::to_string(kMaxWalk) + " steps")
                   : 0;
    auto* d = v.get("dirs");
    if (steps < 1 || !d) fail(v.where, "walk needs steps = N and dirs = ..., or legs = { ... }");
    if (steps > kMaxWalk)
      fail(v.where, "a walk may have at most " + std::to_string(kMaxWalk) + " steps");
    auto ds = dirs(*d, v.where);
    for (int i = 0; i < steps; ++i) legs.push_back(ds);
  }
  if (legs.size() > static_cast<size_t>(kMaxWalk))
    fail(v.where, "a walk may have at most " + std::to_string(kMaxWalk) + " steps");
  return legs;
}

// The walk's paths from one site for one seat, each order of its legs (orders)
// followed as the rule's shape allows, into the rule's tables.
void Compiler::walk_paths(const Value& v, MoveRule& rule,
                          const std::vector<std::vector<std::vector<DirId>>>& orders, SeatId s,
                          SiteId from) {
  const Topology& t = r_->topology;
  const int n = t.size();
  const bool exact = rule.shape.exact, turn = rule.shape.turn, revisit = rule.shape.revisit,
             jump = rule.shape.jump, no_reverse = rule.shape.no_reverse;
  std::vector<WalkPath> paths;
  std::vector<uint8_t> visited(n, 0);
  visited[from] = 1;
  WalkPath cur{};
  std::vector<DirId> used;
  for (auto& order : orders) {
    std::function<void(SiteId, int)> dfs = [&](SiteId at, int depth) {
      spend_steps(1, v.where);
      if (depth > 0 && (depth == static_cast<int>(order.size()) || !exact)) {
        WalkPath p = cur;
        p.dest = at;
        if (at != from) {
          // Kept until duplicates are dropped: bounded like the kept ones.
          if (bytes_ + (paths.size() + 1) * sizeof(WalkPath) > kMaxCompiledBytes)
            spend_bytes((paths.size() + 1) * sizeof(WalkPath), v.where);
          paths.push_back(p);
        }
      }
      if (depth == static_cast<int>(order.size())) return;
      for (DirId d : order[depth]) {
        if (!turn && !used.empty() && d != used.front()) continue;
        if (no_reverse && std::find(used.begin(), used.end(), Topology::opposite(d)) != used.end())
          continue;
        SiteId nx = t.neighbor(at, d);
        if (nx == kNoSite || (!revisit && visited[nx])) continue;
        ++visited[nx];
        used.push_back(d);
        if (depth > 0) cur.via[cur.nvia++] = at;
        dfs(nx, depth + 1);
        if (depth > 0) --cur.nvia;
        used.pop_back();
        --visited[nx];
      }
    };
    dfs(from, 0);
  }
  // One entry per distinct (destination, intermediate sites).
  sort_paths(paths);
  if (jump) {
    for (auto& p : paths)
      if (rule.table[s][from].empty() || rule.table[s][from].back() != p.dest)
        rule.table[s][from].push_back(p.dest);
    spend_bytes(rule.table[s][from].size() * sizeof(SiteId), v.where);
  } else {
    spend_bytes(paths.size() * sizeof(WalkPath), v.where);
    rule.walks[s][from] = std::move(paths);
  }
}

}  // namespace regula::script
