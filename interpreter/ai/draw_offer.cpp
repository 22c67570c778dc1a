#include "ai/draw_offer.h"

namespace regula::ai {

bool accepts_draw(Player& player, const Position& pos, SeatId seat) {
  if (pos.awaiting_roll()) return false;
  SearchInfo last;
  bool judged = false;
  player.on_info([&](const SearchInfo& info) {
    if (!info.done) return;
    last = info;
    judged = true;
  });
  Position here = pos;
  player.choose(here);
  player.on_info(nullptr);
  if (!judged) return false;
  // The search speaks for the seat deciding at pos.
  const bool mine = pos.rules().allies(pos.decider(), seat);
  if (last.expected >= 0) return (mine ? last.expected : 1 - last.expected) <= 0.5;
  return (mine ? last.score : -last.score) <= 0;
}

}  // namespace regula::ai
