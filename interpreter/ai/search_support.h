#pragma once
// What the searches share: how much a decision wins at once (for move
// ordering, quiescence and guided playouts), a compact key of a decision, the
// storing of won and lost scores in tables, and playing a whole turn as a
// series of searched decisions.

#include <algorithm>
#include <atomic>
#include <vector>

#include "ai/player.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/turns.h"

namespace regula::ai {

// What capturing a piece of type victim with a piece of type by (-1: a
// removal) does to the game: the first of the script's capture ends that
// applies, as Position::make reads them; nullptr when none does.
inline const CaptureEnd* capture_end(const Ruleset& r, TypeId victim, TypeId by) {
  for (const CaptureEnd& ce : r.end.on_capture)
    if (ce.captured == victim && (ce.by < 0 || ce.by == by)) return &ce;
  return nullptr;
}

// Whether taking a piece of type victim wins the game for the taker, whatever
// enemy piece takes it (a Princess whose capture ends the game): the searches
// treat a threat to such a piece as chess treats check.
inline bool capture_always_wins(const Ruleset& r, TypeId victim) {
  for (TypeId by = 0; by < static_cast<TypeId>(r.types.size()); ++by) {
    const CaptureEnd* ce = capture_end(r, victim, by);
    if (!ce || ce->effect != CaptureEnd::Effect::kWin) return false;
  }
  return !r.types.empty();
}

// What a capture that wins the game counts in gain(): more than any material,
// so that it is tried first.
constexpr int kWinningGain = 1 << 20;

// What the decision wins at once for the side that makes it, in kPieceUnit
// units: the enemy pieces it captures or removes (each worth one unit more
// than its value, so that taking a piece of value 0 still counts; kWinningGain
// when the capture wins the game) and what a promotion adds; 0 for a quiet
// decision.
inline int gain(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.decider();
  int g = 0;
  TypeId by = -1;
  if (m.kind == MoveKind::kDrop)
    by = m.drop_type;
  else if (m.kind != MoveKind::kRemove && m.from != kNoSite && pos.at(m.from))
    by = piece_type(pos.at(m.from));
  auto take = [&](SiteId s) {
    const PieceCode c = pos.at(s);
    if (c == kEmpty || r.allies(piece_seat(c), me)) return;
    const TypeId t = piece_type(c);
    const CaptureEnd* ce = r.end.on_capture.empty() ? nullptr : capture_end(r, t, by);
    if (ce && ce->effect == CaptureEnd::Effect::kWin)
      g = std::max(g, kWinningGain);
    else
      g += r.types[t].value * kPieceUnit + 1;
  };
  switch (m.kind) {
    case MoveKind::kNormal:
    case MoveKind::kDrop:
    case MoveKind::kCastle:
      for (int i = 0; i < m.ncap; ++i) take(m.cap[i]);
      if (m.kind == MoveKind::kNormal && m.to != m.from && m.to != kNoSite) take(m.to);
      break;
    case MoveKind::kRemove:
      if (m.to != kNoSite) take(m.to);
      for (int i = 0; i < m.ncap; ++i) take(m.cap[i]);
      break;
    default:
      break;
  }
  if (m.promote >= 0) {
    const SiteId at = m.kind == MoveKind::kPromote ? m.to : m.from;
    const int before = at != kNoSite && pos.at(at) ? r.types[piece_type(pos.at(at))].value : 0;
    g += std::max(0, r.types[m.promote].value - before) * kPieceUnit + 1;
  }
  return g;
}

// Whether a decision changes the material balance at once (quiescence
// follows these), or is a choice the rules pose after a move.
inline bool tactical(const Position& pos, const Move& m) {
  return gain(pos, m) > 0 || m.kind == MoveKind::kRemove || m.kind == MoveKind::kPromote;
}

// The value of the piece that moves, for "least valuable attacker first".
inline int mover_value(const Position& pos, const Move& m) {
  if (m.from == kNoSite || !pos.at(m.from)) return 0;
  return pos.rules().types[piece_type(pos.at(m.from))].value;
}

// A key telling decisions apart well enough for killer slots.
inline uint64_t move_key(const Move& m) {
  return 1 + (static_cast<uint64_t>(static_cast<uint16_t>(m.from)) |
              static_cast<uint64_t>(static_cast<uint16_t>(m.to)) << 16 |
              static_cast<uint64_t>(m.kind) << 32 |
              static_cast<uint64_t>(static_cast<uint8_t>(m.promote)) << 40 |
              static_cast<uint64_t>(static_cast<uint8_t>(m.drop_type)) << 48 |
              static_cast<uint64_t>(m.ncap) << 56);
}

// Won and lost scores count decisions from the root; a table keeps them
// counted from the node, so that they are right wherever the node recurs.
inline int to_table(int score, int ply) {
  if (score >= kWinScore - kMaxPly) return score + ply;
  if (score <= -kWinScore + kMaxPly) return score - ply;
  return score;
}
inline int from_table(int score, int ply) {
  if (score >= kWinScore - kMaxPly) return score - ply;
  if (score <= -kWinScore + kMaxPly) return score + ply;
  return score;
}

// A whole turn made of decisions chosen one at a time by decide(pos), until
// the turn passes on or the game ends. pos is left as it was.
template <typename Decide>
Turn choose_by_decisions(Position& pos, const std::atomic<bool>* stop, Decide&& decide) {
  Turn t;
  std::vector<Undo> undos;
  undos.reserve(4);
  while (true) {
    MoveList moves;
    if (!t.steps.empty()) {
      if (!pos.in_turn() || pos.awaiting_roll() || decided_result(pos)) break;
      legal_moves(pos, moves);
      if (moves.empty()) break;
    }
    if (static_cast<int>(t.steps.size()) >= kMaxTurnDecisions) turn_too_long(pos);
    // Once asked to stop, the rest of the turn is the first decision offered.
    const Move m = t.steps.empty() || !(stop && stop->load()) ? decide(pos) : moves[0];
    t.steps.push_back(m);
    undos.emplace_back();
    pos.make(m, undos.back());
  }
  for (size_t k = t.steps.size(); k-- > 0;) pos.unmake(t.steps[k], undos[k]);
  return t;
}

}  // namespace regula::ai
