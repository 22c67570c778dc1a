#pragma once
// Why a move a player tried is not legal, in one line of plain words, for a GUI
// status bar or a CLI error: "blocked: every path crosses an occupied square (e.g.
// via e6 e7)". Works from the compiled rules only, so it explains any game; it is
// not on any hot path and may generate moves freely.

#include <string>
#include <vector>

#include "core/position.h"

namespace regula {

// The reason the move from -> to is not legal in pos, or "" when some legal move
// goes from -> to. pos is used for make/unmake and comes back unchanged.
std::string explain_illegal(Position& pos, SiteId from, SiteId to);

// A move as someone typed it, read into its parts (notation/explain_move.h reads
// the text): its ends, the sites named between them, a drop, a promotion, a label.
struct Attempt {
  SiteId from = kNoSite;  // kNoSite for a drop
  SiteId to = kNoSite;
  std::vector<SiteId> via;  // landings named between the ends, in order
  TypeId drop = -1;         // the type dropped from hand
  TypeId promote = -1;      // the type named to promote to, or -1
  std::string label;        // the label named after the sites, or ""
  bool remove = false;      // the removal of the piece on `to` (a stage's decision)
};

// The reason no legal move of pos is the attempt, or "" when one is: what the
// ends, the drop, the promotion, the label or the landings get wrong, a capture
// chain stopped before its end, a capture the rules make compulsory, castling
// out of, through or into an attack, or what explain_illegal says.
std::string explain_attempt(Position& pos, const Attempt& a);

}  // namespace regula
