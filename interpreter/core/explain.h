#pragma once
// Why a move a player tried is not legal, in one line of plain words, for a GUI
// status bar or a CLI error: "blocked: every path crosses an occupied square (e.g.
// via e6 e7)". Works from the compiled rules only, so it explains any game; it is
// not on any hot path and may generate moves freely.

#include <string>

#include "core/position.h"

namespace regula {

// The reason the move from -> to is not legal in pos, or "" when some legal move
// goes from -> to. pos is used for make/unmake and comes back unchanged.
std::string explain_illegal(Position& pos, SiteId from, SiteId to);

}  // namespace regula
