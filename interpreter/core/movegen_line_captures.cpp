// Captures by approach and withdrawal (RuleKind::kLineCapture), the capture of
// Fanorona: a piece steps to an adjacent empty point and takes the unbroken
// line of enemy pieces that begins on the next point beyond its destination
// (approach) or on the point behind its origin (withdrawal); with chains, the
// same piece may go on capturing, step after step, each step a capture, under
// the rule's restrictions (no point visited twice, no two steps in a row in
// one direction), and may stop after any of them. Captured pieces leave the
// board at once, so later steps see the points they emptied. The whole chain
// is one decision, listed once per distinct outcome (destination and set of
// captured points), as capture chains by jumping are (movegen_hops.cpp). Its
// own file because none of it runs for the other kinds of rule.

#include <algorithm>
#include <string>

#include "core/movegen.h"
#include "core/movegen_internal.h"
#include "core/rule_error.h"

namespace regula::detail {

void Gen::line_capture(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  more_chain_keys.clear();
  LineState l;  // the chain's arrays are written before they are read
  l.h.nkeys = 0;
  l.h.from = from;
  l.h.type = t;
  l.h.ri = ri;
  l.h.rule = &rule;
  header(l.h.cur, from, kNoSite, ri, rule);
  l.visited[0] = from;
  l.nvisited = 1;
  line_steps(l, from, -1);
}

// Whether s holds a piece as the chain has left the board: the origin is empty
// (the piece has left it) and so is every point captured so far.
bool Gen::line_filled(const LineState& l, SiteId s) const {
  return s != l.h.from && pos.at(s) != kEmpty && !taken(l.h.cur, s);
}

// Adds to the move the unbroken line of capturable enemy pieces that starts on
// s and goes on along `along`; false when s holds none.
bool Gen::line_take(LineState& l, SiteId s, DirId along) {
  const MoveRule& rule = *l.h.rule;
  Move& m = l.h.cur;
  const int before = m.ncap;
  const SiteId* nb = topo.neighbors_of(along);
  for (; s != kNoSite && line_filled(l, s) && can_take(l.h.type, pos.at(s)); s = nb[s]) {
    if (m.ncap >= kMaxCaptures)
      throw RuleError(Error{rule.where, "a capture chain from " + topo.name(l.h.from) +
                                            " goes on past " + std::to_string(kMaxCaptures) +
                                            " captures, the engine's limit for one move"});
    m.cap[m.ncap++] = s;
  }
  return m.ncap > before;
}

// Every capturing step from `at` (the first of the chain when last < 0, else
// one that follows a step in direction `last`), each listed as a move and,
// with chains, followed by the captures that may come after it.
void Gen::line_steps(LineState& l, SiteId at, DirId last) {
  const MoveRule& rule = *l.h.rule;
  Move& m = l.h.cur;
  for (DirId d : rule.dirs[me]) {
    if (last >= 0 && d == last && !rule.line_repeat_dir) continue;
    const SiteId to = topo.neighbor(at, d);
    if (to == kNoSite || line_filled(l, to) || !to_ok(rule, to)) continue;
    if (!rule.line_revisit && std::find(l.visited.begin(), l.visited.begin() + l.nvisited, to) !=
                                  l.visited.begin() + l.nvisited)
      continue;
    for (uint8_t by : {MoveRule::kByApproach, MoveRule::kByWithdrawal}) {
      if (!(rule.line_by & by)) continue;
      const int before = m.ncap;
      const bool took =
          by == MoveRule::kByApproach
              ? line_take(l, topo.neighbor(to, d), d)
              : line_take(l, topo.neighbor(at, Topology::opposite(d)), Topology::opposite(d));
      if (!took) continue;
      if (m.npath >= kMaxPath)
        throw RuleError(Error{rule.where, "a capture chain from " + topo.name(l.h.from) +
                                              " goes on past " + std::to_string(kMaxPath) +
                                              " steps, the engine's limit for one move"});
      if (++chain_landings > kMaxChainLandings)
        throw RuleError(Error{rule.where, "the capture chains of one position take more than " +
                                              std::to_string(kMaxChainLandings) +
                                              " landings to list, the engine's limit"});
      m.path[m.npath++] = to;
      l.visited[l.nvisited++] = to;
      finish_hop(l.h, to);  // the chain may stop after any capture
      if (rule.line_chain) line_steps(l, to, d);
      --l.nvisited;
      --m.npath;
      m.ncap = static_cast<uint8_t>(before);
    }
  }
}

}  // namespace regula::detail
