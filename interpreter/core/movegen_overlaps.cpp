// Which piece types need their moves checked for duplicates: those of which
// two rules (or one rule twice) could reach one destination from one origin in
// the same mode and phase. Worked out once when the rules are finalized, on an
// empty board, so that generation checks only the types that need it; it reads
// the rule tables as generation does but runs at load time, hence its own file.

#include <cstdint>
#include <vector>

#include "core/movegen.h"

namespace regula {

namespace {

// Calls f(site) for each destination the rule could give a piece of seat on
// `from` on an empty board, or, where that depends on pieces being there, for
// every site that could be one (beyond the first site of a screen's line), or
// f(kNoSite) once for "any site but the origin" (capture chains, anywhere); a
// destination reached twice is given twice.
template <typename F>
void rule_destinations(const Ruleset& r, const MoveRule& rule, SeatId seat, SiteId from, F&& f) {
  const Topology& topo = r.topology;
  const int n = topo.size();
  switch (rule.kind) {
    case RuleKind::kSlide:
    case RuleKind::kScreen: {
      const bool slide = rule.kind == RuleKind::kSlide;
      const int min = slide ? rule.min_range : 2;
      const int max = slide && rule.max_range ? rule.max_range : n;
      for (DirId d : rule.dirs[seat]) {
        SiteId s = from;
        for (int k = 1; k <= max && (s = topo.neighbor(s, d)) != kNoSite; ++k)
          if (k >= min) f(s);
      }
      break;
    }
    case RuleKind::kTable:
      if (static_cast<size_t>(seat) < rule.table.size())
        for (SiteId s : rule.table[seat][from]) f(s);
      break;
    case RuleKind::kWalk:
      if (static_cast<size_t>(seat) < rule.walks.size()) {
        // Generation makes one move per destination, whatever the paths to it.
        SiteId last = kNoSite;
        for (const WalkPath& p : rule.walks[seat][from])
          if (p.dest != last) f(last = p.dest);
      }
      break;
    case RuleKind::kAnywhere:
    case RuleKind::kHop:
    case RuleKind::kLineCapture:
      f(kNoSite);
      break;
    case RuleKind::kDrop:
    case RuleKind::kCastle:
    case RuleKind::kGenerated:
    case RuleKind::kPromote:
      break;
  }
}

// Whether two rules of one piece type could make moves equal in effect: both
// have the same label, may apply in one phase, and either both end plain moves or both capture
// (a capture chain's moves clear sites besides the destination, so it can
// match only another chain or an en passant capture).
bool may_match(const MoveRule& a, const MoveRule& b) {
  if (a.phases != ~0u && b.phases != ~0u && !(a.phases & b.phases)) return false;
  // Moves of rules with different labels are told apart (keep_distinct), as
  // the Jetan Princess's escape and her ordinary move to the same square.
  if (&a != &b && a.label != b.label) return false;
  if ((a.kind == RuleKind::kHop) != (b.kind == RuleKind::kHop) &&
      !(a.kind == RuleKind::kHop ? b.takes_ep : a.takes_ep))
    return false;
  // A line capture clears sites and lands on an empty one: it can match only
  // another of its kind.
  if ((a.kind == RuleKind::kLineCapture) != (b.kind == RuleKind::kLineCapture)) return false;
  return (has_mode(a.mode, Mode::kMove) && has_mode(b.mode, Mode::kMove)) ||
         (has_mode(a.mode, Mode::kCapture) && has_mode(b.mode, Mode::kCapture));
}

// Whether a table rule lists one destination twice for one origin.
bool table_repeats(const MoveRule& rule) {
  for (const auto& seat : rule.table)
    for (const auto& dests : seat)
      for (size_t a = 0; a < dests.size(); ++a)
        for (size_t b = a + 1; b < dests.size(); ++b)
          if (dests[a] == dests[b]) return true;
  return false;
}

// Whether seat b has seat a's destinations under every walked rule, so that
// walking b's would find what a's found.
bool same_destinations(const Ruleset& r, const std::vector<int>& rules, uint64_t walked, SeatId a,
                       SeatId b) {
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!(walked & uint64_t{1} << i)) continue;
    const MoveRule& m = r.rules[rules[i]];
    if (m.kind == RuleKind::kWalk || m.dirs[a] != m.dirs[b]) return false;
    if (m.kind == RuleKind::kTable &&
        (static_cast<size_t>(b) >= m.table.size() || m.table[a] != m.table[b]))
      return false;
  }
  return true;
}

bool overlapping(const Ruleset& r, const PieceType& t) {
  std::vector<int> rules;
  for (int ri : t.rules)
    if (r.rules[ri].kind != RuleKind::kDrop && r.rules[ri].kind != RuleKind::kCastle &&
        r.rules[ri].kind != RuleKind::kGenerated && r.rules[ri].kind != RuleKind::kPromote)
      rules.push_back(ri);
  if (rules.empty()) return false;
  // More rules than bits: taken to overlap (a few tests per move more).
  if (rules.size() > 64) return true;
  // For each rule, the rules (bits, itself included) whose moves it could match.
  std::vector<uint64_t> matches(rules.size(), 0);
  for (size_t i = 0; i < rules.size(); ++i)
    for (size_t j = 0; j < rules.size(); ++j)
      if (may_match(r.rules[rules[i]], r.rules[rules[j]])) matches[i] |= uint64_t{1} << j;
  // A rule that could match only itself need not be walked with the others
  // (may_match is symmetric): a table overlaps itself where an entry lists a
  // site twice, and a walk, a capture chain or an "anywhere" rule never does.
  uint64_t walked = 0;
  for (size_t i = 0; i < rules.size(); ++i) {
    const MoveRule& rule = r.rules[rules[i]];
    const uint64_t bit = uint64_t{1} << i;
    if ((matches[i] & ~bit) == 0 && rule.kind != RuleKind::kSlide &&
        rule.kind != RuleKind::kScreen) {
      if (rule.kind == RuleKind::kTable && table_repeats(rule)) return true;
      continue;
    }
    walked |= bit;
  }
  if (!walked) return false;
  const int n = r.topology.size();
  // Per site, the rules that reach it from the origin (bits); the rules that
  // reach any site, and those that reach some site.
  std::vector<uint64_t> reached(n, 0);
  std::vector<SiteId> touched;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat) {
    bool seen = false;
    for (SeatId e = 0; e < seat && !seen; ++e) seen = same_destinations(r, rules, walked, e, seat);
    if (seen) continue;
    for (SiteId from = 0; from < n; ++from) {
      uint64_t anywhere = 0, somewhere = 0;
      bool found = false;
      for (size_t i = 0; i < rules.size() && !found; ++i) {
        const uint64_t bit = uint64_t{1} << i;
        if (!(walked & bit)) continue;
        // A walk lists every path to a destination, and generation makes one
        // move of the first clear one: its own repeats are no overlap.
        const bool one_per_site = r.rules[rules[i]].kind == RuleKind::kWalk;
        rule_destinations(r, r.rules[rules[i]], seat, from, [&](SiteId s) {
          if (one_per_site && s != kNoSite && (reached[s] & bit)) return;
          if (s == kNoSite) {
            found |= ((anywhere | somewhere) & matches[i] & ~bit) != 0;
            anywhere |= bit;
            return;
          }
          found |= ((reached[s] | anywhere) & matches[i]) != 0;
          if (!reached[s]) touched.push_back(s);
          reached[s] |= bit;
          somewhere |= bit;
        });
      }
      for (SiteId s : touched) reached[s] = 0;
      touched.clear();
      if (found) return true;
    }
  }
  return false;
}

}  // namespace

void find_overlapping_rules(Ruleset& rules) {
  for (PieceType& t : rules.types) t.overlapping_rules = overlapping(rules, t);
}

}  // namespace regula