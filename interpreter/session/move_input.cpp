#include "session/move_input.h"

#include <algorithm>

namespace regula {

std::vector<InputStep> MoveInput::keys(const Move& m) {
  std::vector<InputStep> k;
  switch (m.kind) {
    case MoveKind::kNormal:
    case MoveKind::kCastle:
      k.push_back(InputStep::site(m.from));
      k.push_back(InputStep::site(m.to));
      for (int i = 0; i < m.npath; ++i) k.push_back(InputStep::site(m.path[i]));
      for (int i = 0; i < m.ncap; ++i) k.push_back(InputStep::site(m.cap[i]));
      break;
    case MoveKind::kDrop:
      k.push_back(InputStep::hand(m.drop_type));
      k.push_back(InputStep::site(m.to));
      break;
    case MoveKind::kRemove:
    case MoveKind::kPromote:
      k.push_back(InputStep::site(m.to));
      break;
    case MoveKind::kPass:
    case MoveKind::kChance:
    case MoveKind::kAnswer:
    case MoveKind::kAction:
      break;
  }
  return k;
}

MoveInput::MoveInput(const MoveList& legal) {
  for (const Move& m : legal) (keys(m).empty() ? buttons_ : all_).push_back(m);
  reset();
}

void MoveInput::reset() {
  candidates_ = all_;
  steps_.clear();
  depth_ = 0;
}

std::vector<InputStep> MoveInput::next() const {
  std::vector<InputStep> out;
  for (const Move& m : candidates_) {
    const auto k = keys(m);
    if (k.size() <= depth_) continue;
    if (std::find(out.begin(), out.end(), k[depth_]) == out.end()) out.push_back(k[depth_]);
  }
  return out;
}

namespace {
// The clicks always asked for: the piece and its destination, or the site.
size_t required(const Move& m) {
  return m.kind == MoveKind::kRemove || m.kind == MoveKind::kPromote ? 1 : 2;
}
}  // namespace

void MoveInput::skip_shared() {
  // Past the clicks always asked for, a click every decision left shares tells
  // nothing: it is taken as made.
  for (const Move& m : candidates_)
    if (depth_ < required(m)) return;
  while (true) {
    std::vector<InputStep> n = next();
    if (n.size() != 1) return;
    for (const Move& m : candidates_)
      if (keys(m).size() <= depth_) return;
    ++depth_;
  }
}

MoveInput::Outcome MoveInput::add(InputStep step) {
  std::vector<Move> kept;
  for (const Move& m : candidates_) {
    const auto k = keys(m);
    if (k.size() > depth_ && k[depth_] == step) kept.push_back(m);
  }
  if (kept.empty()) return Outcome::kIllegal;
  candidates_ = std::move(kept);
  steps_.push_back(step);
  ++depth_;
  if (candidates_.size() == 1 && depth_ >= required(candidates_[0])) return Outcome::kComplete;
  skip_shared();
  bool exhausted = false;
  for (const Move& m : candidates_) exhausted |= keys(m).size() <= depth_;
  if (!exhausted) return Outcome::kPartial;
  return candidates_.size() == 1 ? Outcome::kComplete : Outcome::kChoose;
}

}  // namespace regula
