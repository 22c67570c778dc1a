// Capture chains (RuleKind::kHop): a depth-first search over the landings of
// one capture after another, with the moving piece off its origin and the
// captured pieces left on the board until the end (or taken off as they are
// jumped, under removal = "immediate"), that lists each distinct
// decision once (same destination, same captured set, same promotion) and
// stops with a RuleError where the chains grow past the engine's limits. It is
// its own file because none of this runs for the other rule kinds: a piece
// reaches it through Gen::hop, once per hop rule that may capture.

#include <algorithm>
#include <string>

#include "core/movegen.h"
#include "core/movegen_internal.h"
#include "core/rule_error.h"

namespace regula::detail {

void Gen::hop(SiteId from, TypeId t, int ri, const MoveRule& rule) {
  more_chain_keys.clear();
  HopState h;  // the chain's arrays are written before they are read
  h.nkeys = 0;
  h.from = from;
  h.type = t;
  h.ri = ri;
  h.rule = &rule;
  h.remove_at_once = rule.hop_remove_at_once;
  h.last_dir = 0;
  header(h.cur, from, kNoSite, ri, rule);
  hop_from(h, from);
}

bool Gen::occupied(const HopState& h, SiteId s) const {
  return s != h.from && pos.at(s) != kEmpty && !(h.remove_at_once && taken(h.cur, s));
}

bool Gen::taken(const Move& m, SiteId s) const {
  for (int i = 0; i < m.ncap; ++i)
    if (m.cap[i] == s) return true;
  return false;
}

// Every landing of one more capture from at, each followed to the end of
// its chain; false when there is none. probe: only whether there is one.
bool Gen::extend(HopState& h, SiteId at, bool probe) {
  const MoveRule& rule = *h.rule;
  bool extended = false;
  const DirId back = Topology::opposite(h.last_dir);
  for (DirId d : rule.dirs[me]) {
    if (rule.hop_no_reverse && h.cur.ncap > 0 && d == back) continue;
    const SiteId* nb = topo.neighbors_of(d);
    SiteId s = nb[at];
    if (rule.hop_flying)
      while (s != kNoSite && !occupied(h, s)) s = nb[s];
    if (s == kNoSite || !occupied(h, s)) continue;
    PieceCode c = pos.at(s);
    if (taken(h.cur, s) || !can_take(h.type, c)) continue;
    SiteId land = nb[s];
    if (land == kNoSite || occupied(h, land)) continue;
    if (probe) return true;
    // Only the landings from which the chain goes on, if any does.
    bool to_go_on = false;
    const DirId saved_dir = h.last_dir;
    h.last_dir = d;
    if (rule.hop_land_to_go_on && rule.hop_chain && rule.hop_flying && h.cur.ncap < kMaxCaptures) {
      h.cur.cap[h.cur.ncap++] = s;
      for (SiteId l = land; l != kNoSite && !occupied(h, l) && !to_go_on; l = nb[l])
        to_go_on = extend(h, l, true);
      --h.cur.ncap;
    }
    for (; land != kNoSite && !occupied(h, land); land = nb[land]) {
      if (h.cur.ncap >= kMaxCaptures || h.cur.npath >= kMaxPath)
        throw RuleError(Error{rule.where, "a capture chain from " + topo.name(h.from) +
                                              " goes on past " + std::to_string(kMaxCaptures) +
                                              " captures, the engine's limit for one move"});
      if (++chain_landings > kMaxChainLandings)
        throw RuleError(Error{rule.where, "the capture chains of one position take more than " +
                                              std::to_string(kMaxChainLandings) +
                                              " landings to list, the engine's limit"});
      extended = true;
      h.cur.cap[h.cur.ncap++] = s;
      h.cur.path[h.cur.npath++] = land;
      if (to_go_on && !extend(h, land, true)) {
        // A landing where the chain would stop, while another goes on.
      } else if (!crowned_on(h, land)) {
        if (rule.hop_chain)
          hop_from(h, land);
        else
          finish_hop(h, land);
      }
      --h.cur.ncap;
      --h.cur.npath;
      if (!rule.hop_flying) break;
    }
    h.last_dir = saved_dir;
  }
  return extended;
}

void Gen::hop_from(HopState& h, SiteId at) {
  if (!extend(h, at) && h.cur.ncap > 0) finish_hop(h, at);
}

// A piece crowned where a capture lands, before the capture ends (promotion
// in_capture "continue" or "stop"): the chain goes on from land as each type
// it may become, with that type's hops, or ends there. False when the piece
// is not crowned there, and its chain goes on as before.
bool Gen::crowned_on(HopState& h, SiteId land) {
  if (h.cur.promote >= 0) return false;
  const auto& clauses = r.types[h.type].promotions;
  if (std::none_of(clauses.begin(), clauses.end(),
                   [](const Promotion& c) { return c.in_chain != Promotion::InChain::kAtEnd; }))
    return false;
  const Promotion* pr = promotion_at(pos, h.type, me, land);
  if (!pr || pr->in_chain == Promotion::InChain::kAtEnd) return false;
  const TypeId saved_type = h.type;
  const MoveRule* const saved_rule = h.rule;
  bool any = false;
  for_each_promotion(pos, saved_type, me, land, [&](TypeId p) {
    any = true;
    h.cur.promote = p;
    h.type = p;
    bool extended = false;
    if (pr->in_chain == Promotion::InChain::kContinue)
      for (int ri : r.phases.empty() ? r.types[p].rules : r.types[p].phase_rules[phase_slot]) {
        if (r.rules[ri].kind != RuleKind::kHop) continue;
        h.rule = &r.rules[ri];
        extended |= extend(h, land);
      }
    if (!extended) finish_hop(h, land);
    h.type = saved_type;
    h.rule = saved_rule;
    h.cur.promote = -1;
  });
  // With no type to become (none lost yet), the piece goes on as it was.
  return any;
}

void Gen::finish_hop(HopState& h, SiteId at) {
  Move m = h.cur;
  m.to = at;
  // The landing sites before the last are the path; the last is the destination.
  if (m.npath > 0) --m.npath;
  // Same origin, destination, captured set and promotion: the same decision
  // (whatever promotion the earlier one was already expanded into). Every
  // other field is the same for all chains of one hop() call.
  ChainKey key{m.to, m.ncap, m.promote, {}};
  std::copy(m.cap.begin(), m.cap.begin() + m.ncap, key.cap.begin());
  std::sort(key.cap.begin(), key.cap.begin() + key.n);
  if (!new_chain(h, key)) return;
  if (m.promote >= 0)
    out.push(m);  // crowned during the capture
  else
    emit(m, h.type);
}

// Whether no chain from this origin has made the decision of key yet; if
// none has, it is noted.
bool Gen::new_chain(HopState& h, const ChainKey& key) {
  for (int i = 0; i < h.nkeys; ++i)
    if (h.keys[i] == key) return false;
  for (const ChainKey& k : more_chain_keys)
    if (k == key) return false;
  if (h.nkeys < static_cast<int>(h.keys.size()))
    h.keys[h.nkeys++] = key;
  else
    more_chain_keys.push_back(key);
  return true;
}

}  // namespace regula::detail
