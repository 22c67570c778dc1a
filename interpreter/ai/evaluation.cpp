#include "ai/evaluation.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "ai/player.h"
#include "ai/search_support.h"
#include "ai/seat_view.h"
#include "ai/settings.h"
#include "core/movegen.h"

namespace regula::ai {

namespace {

// The most a piece on one site is worth (a piece of value 2,500): beyond it a
// script's values saturate, and a whole evaluation is clamped to half the
// score of a decided game.
constexpr int kMaxWorth = kWinScore / 4;
// The hunt: a step that takes a hunted piece further from the middle of the
// board is worth this many steps nearer of one hunter.
constexpr int kEdgeWeight = 4;

// The board's links both ways: a direction may lead one way only on some boards.
std::vector<std::vector<SiteId>> links_of(const Topology& topo) {
  const int n = topo.size();
  std::vector<std::vector<SiteId>> links(n);
  for (DirId d = 0; d < kNumDirs; ++d) {
    const SiteId* nb = topo.neighbors_of(d);
    for (SiteId s = 0; s < n; ++s)
      if (nb[s] != kNoSite) {
        links[s].push_back(nb[s]);
        links[nb[s]].push_back(s);
      }
  }
  return links;
}

// Steps from each site to the nearest site of region for seat, over the
// board's links in every direction (kNoSite-free BFS); -1 where none is reachable.
std::vector<int> distances_to(const Ruleset& r, const Region& region, SeatId seat) {
  const int n = r.topology.size();
  const std::vector<std::vector<SiteId>> links = links_of(r.topology);
  std::vector<int> dist(n, -1);
  std::deque<SiteId> queue;
  for (SiteId s = 0; s < n; ++s)
    if (region.contains(seat, s)) {
      dist[s] = 0;
      queue.push_back(s);
    }
  while (!queue.empty()) {
    const SiteId s = queue.front();
    queue.pop_front();
    for (SiteId t : links[s])
      if (dist[t] < 0) {
        dist[t] = dist[s] + 1;
        queue.push_back(t);
      }
  }
  return dist;
}

}  // namespace

Evaluator::Evaluator(const Ruleset& rules) : rules_(rules) {
  const AiSettings& w = ai_settings(rules);
  material_tables(w);
  mobility_ = w.mobility;
  // Mobility asks for the moves of both sides; a generate hook would make that
  // a Lua call per leaf, and more than two seats have no one "other side".
  if (rules.hooks && rules.hooks->has_generate()) mobility_ = 0;
  if (rules.num_seats() != 2) mobility_ = 0;
  hook_ = rules.hooks && rules.hooks->has_evaluate();
  const bool any_prey = find_prey();
  const int sites = rules.topology.size();
  if ((any_prey || swarm_) && w.hunt > 0 && rules.num_seats() == 2 && sites <= 1024)
    measure_steps();
}

// Each piece's worth per site: its value, and on the way to promotion a share
// of what promoting gains.
void Evaluator::material_tables(const AiSettings& w) {
  const Ruleset& rules = rules_;
  const int seats = rules.num_seats(), types = static_cast<int>(rules.types.size()),
            sites = rules.topology.size();
  int best_value = 0;
  for (const PieceType& t : rules.types) best_value = std::max(best_value, t.value);
  table_.assign(seats, std::vector<std::vector<int>>(types, std::vector<int>(sites, 0)));
  hand_.assign(seats, std::vector<int>(types, 0));
  for (SeatId s = 0; s < seats; ++s)
    for (TypeId t = 0; t < types; ++t) {
      const PieceType& pt = rules.types[t];
      // Huge values (a script may give 100,000) saturate far below the scores
      // that mean a decided game, and the sums below are taken in 64 bits.
      // ai.values, where given, in place of the piece's value.
      const bool valued = t < static_cast<int>(w.values.size()) && w.values[t] >= 0;
      const int64_t worth = valued ? int64_t{w.values[t]} : int64_t{pt.value} * kPieceUnit;
      const int material =
          static_cast<int>(std::clamp<int64_t>(worth * w.material / 100, -kMaxWorth, kMaxWorth));
      hand_[s][t] = material;
      std::vector<int>& row = table_[s][t];
      std::fill(row.begin(), row.end(), material);
      // Promotion progress: a share of what promoting gains, growing with the
      // square of the way made, so that the last steps count most.
      for (const Promotion& p : pt.promotions) {
        int gain = 0;
        if (p.to_start) gain = best_value - pt.value;
        for (TypeId to : p.to) gain = std::max(gain, rules.types[to].value - pt.value);
        if (gain <= 0 || w.promotion == 0) continue;
        const std::vector<int> dist = distances_to(rules, rules.regions[p.region], s);
        const int far = std::max(1, *std::max_element(dist.begin(), dist.end()));
        for (SiteId site = 0; site < sites; ++site) {
          if (dist[site] < 0) continue;
          const double way = static_cast<double>(far - dist[site]) / far;
          const int bonus = static_cast<int>(std::min<double>(
              kMaxWorth, gain * double{kPieceUnit} * w.promotion / 100.0 * way * way));
          row[site] = std::max(row[site], std::min(kMaxWorth, material + bonus));
        }
      }
    }
  square_tables(w);
}

// The piece-square worths (ai.squares), each seat reading them from where its
// army stands.
void Evaluator::square_tables(const AiSettings& w) {
  bool any = false;
  for (const std::vector<int>& row : w.squares) any = any || !row.empty();
  if (!any) return;
  const std::vector<std::vector<SiteId>> views = seat_views(rules_);
  for (SeatId s = 0; s < rules_.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(w.squares.size()); ++t) {
      if (w.squares[t].empty()) continue;
      std::vector<int>& row = table_[s][t];
      for (SiteId site = 0; site < static_cast<SiteId>(row.size()); ++site)
        row[site] = std::clamp(row[site] + w.squares[t][views[s][site]], -kMaxWorth, kMaxWorth);
    }
}

// The pieces the hunt drives (whose capture wins, and the royal pieces), and
// by whom; whether any is; and where none is under extinction rules, the swarm.
bool Evaluator::find_prey() {
  const Ruleset& rules = rules_;
  const int seats = rules.num_seats(), types = static_cast<int>(rules.types.size());
  bool any_prey = false;
  vital_.assign(types, false);
  prey_.assign(types, false);
  hunter_.assign(static_cast<size_t>(types) * types, false);
  for (TypeId t = 0; t < types; ++t) {
    vital_[t] = capture_always_wins(rules, t);
    for (TypeId by = 0; by < types; ++by) {
      const CaptureEnd* ce = capture_end(rules, t, by);
      if (ce && ce->effect == CaptureEnd::Effect::kWin) hunter_[t * types + by] = prey_[t] = true;
    }
    any_prey |= prey_[t];
  }
  // An enemy royal piece, where the rules check it, is hunted by every piece:
  // a mate needs it driven to the edge and closed in.
  royal_.assign(types, false);
  for (SeatId s = 0; s < seats; ++s)
    for (TypeId t : rules.royals[s]) {
      if (!royal_[t] && !prey_[t]) {
        prey_[t] = any_prey = true;
        std::fill_n(hunter_.begin() + t * types, types, true);
      }
      royal_[t] = true;
    }
  // Where losing every piece loses and no piece is hunted, the side ahead
  // closes on the enemy pieces, whichever they are.
  swarm_ = rules.end.extinction && !any_prey;
  return any_prey;
}

// The hunt needs the steps between every two sites: boards of up to a few
// hundred sites, and two sides.
void Evaluator::measure_steps() {
  const Ruleset& rules = rules_;
  const int sites = rules.topology.size();
  const auto links = links_of(rules.topology);
  steps_.assign(static_cast<size_t>(sites) * sites, 255);
  for (SiteId from = 0; from < sites; ++from) {
    uint8_t* row = &steps_[static_cast<size_t>(from) * sites];
    std::deque<SiteId> queue{from};
    row[from] = 0;
    while (!queue.empty()) {
      const SiteId s = queue.front();
      queue.pop_front();
      for (SiteId t : links[s])
        if (row[t] == 255 && row[s] < 254) {
          row[t] = static_cast<uint8_t>(row[s] + 1);
          queue.push_back(t);
        }
    }
    int ecc = 0;
    for (SiteId t = 0; t < sites; ++t)
      if (row[t] < 255) ecc = std::max<int>(ecc, row[t]);
    edge_.push_back(ecc);
    far_ = std::max(far_, ecc);
  }
}

int Evaluator::hunt(const Position& pos, SeatId seat) const {
  // The side ahead by at least two pieces of value 1 brings its pieces
  // towards the enemy pieces whose capture by them wins the game, or the
  // enemy royal piece (its own pieces whose capture loses stay out of it, and
  // its royal piece joins only against a bare enemy royal), and drives them
  // to the edge: a step nearer is worth `hunt`. Without it, a side far ahead
  // that sees no win within its horizon moves to and fro, and the game ends
  // drawn by repetition or at a ply limit.
  const Ruleset& r = rules_;
  const SeatId other = r.next_seat(seat);
  const int lead = pos.material(seat) - pos.material(other);
  if (std::abs(lead) < 2) return 0;
  const SeatId hunter = lead > 0 ? seat : other;
  const bool bare = pos.material(lead > 0 ? other : seat) <= 0;
  const int n = pos.num_sites();
  int64_t near = swarm_ ? swarm(pos, hunter) : 0;
  for (SiteId prey = 0; prey < n && !swarm_; ++prey) {
    const PieceCode pc = pos.at(prey);
    if (pc == kEmpty || r.allies(piece_seat(pc), hunter) || !prey_[piece_type(pc)]) continue;
    const uint8_t* row = &steps_[static_cast<size_t>(prey) * n];
    const auto by = hunter_.begin() + piece_type(pc) * static_cast<int>(r.types.size());
    for (SiteId site = 0; site < n; ++site) {
      const PieceCode c = pos.at(site);
      if (c == kEmpty || !r.allies(piece_seat(c), hunter)) continue;
      const TypeId t = piece_type(c);
      if (vital_[t] || !by[t] || (royal_[t] && !bare)) continue;
      if (row[site] < 255) near += far_ - row[site];
    }
    // The prey driven away from the middle, towards an edge or a corner.
    near += kEdgeWeight * edge_[prey];
  }
  const int64_t bonus = near * ai_settings(r).hunt;
  return static_cast<int>(hunter == seat ? bonus : -bonus);
}

int64_t Evaluator::swarm(const Position& pos, SeatId hunter) const {
  const Ruleset& r = rules_;
  const int n = pos.num_sites();
  int64_t near = 0;
  for (SiteId site = 0; site < n; ++site) {
    const PieceCode c = pos.at(site);
    if (c == kEmpty || !r.allies(piece_seat(c), hunter)) continue;
    const uint8_t* row = &steps_[static_cast<size_t>(site) * n];
    int nearest = 255;
    for (SiteId t = 0; t < n; ++t) {
      const PieceCode e = pos.at(t);
      if (e != kEmpty && !r.allies(piece_seat(e), hunter)) nearest = std::min<int>(nearest, row[t]);
    }
    if (nearest < 255) near += far_ - nearest;
  }
  return near;
}

int Evaluator::mobility_difference(Position& pos, int legal_count) const {
  const Ruleset& r = rules_;
  MoveList moves;
  const SeatId mover = pos.to_move();
  if (legal_count < 0) generate_pseudo(pos, moves);
  const int mine = legal_count < 0 ? moves.size() : legal_count;
  pos.set_to_move(r.next_seat(mover));
  moves.clear();
  generate_pseudo(pos, moves);
  const int theirs = moves.size();
  pos.set_to_move(mover);
  return mine - theirs;
}

int Evaluator::piece_worth(TypeId t, SeatId seat, SiteId site) const {
  return table_[seat][t][site];
}

int Evaluator::operator()(Position& pos, SeatId seat, int legal_count) const {
  if (hook_) {
    const double v = rules_.hooks->evaluate(pos, seat) * kPieceUnit;
    const double limit = kWinScore / 2;
    return static_cast<int>(std::clamp(v, -limit, limit));
  }
  const Ruleset& r = rules_;
  int64_t score = 0;
  for (SiteId site = 0, n = pos.num_sites(); site < n; ++site) {
    const PieceCode c = pos.at(site);
    if (c == kEmpty) continue;
    const SeatId s = piece_seat(c);
    const int v = table_[s][piece_type(c)][site];
    score += r.allies(s, seat) ? v : -v;
  }
  if (!steps_.empty()) score += hunt(pos, seat);
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (!pos.hand_total(s)) continue;
    int64_t v = 0;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      v += int64_t{pos.hand(s, t)} * hand_[s][t];
    score += r.allies(s, seat) ? v : -v;
  }
  if (mobility_ && pos.stage() < 0 && !pos.awaiting_roll()) {
    const int64_t diff = int64_t{mobility_difference(pos, legal_count)} * mobility_;
    score += r.allies(pos.to_move(), seat) ? diff : -diff;
  }
  // Kept clear of the scores that mean a decided game.
  return static_cast<int>(std::clamp<int64_t>(score, -kWinScore / 2, kWinScore / 2));
}

}  // namespace regula::ai
