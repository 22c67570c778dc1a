#include "ai/tune.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <random>

#include "ai/player.h"
#include "ai/seat_view.h"
#include "ai/settings.h"
#include "core/attacks.h"

namespace regula::ai {

namespace {

// Probabilities kept off 0 and 1, so that a sure wrong prediction costs much
// but not infinitely.
constexpr double kEpsilon = 1e-9;

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

int pieces_on_board(const Position& pos) {
  int n = 0;
  for (SiteId s = 0; s < pos.num_sites(); ++s) n += pos.at(s) != kEmpty;
  return n;
}

double multiplicity_of(const std::vector<int>& multiplicity, int game) {
  return multiplicity.empty() ? 1.0 : multiplicity[game];
}

// The free weights in order: the free types', then mobility, then the free
// squares; their slot numbers by weight, -1 where fixed.
struct Layout {
  std::vector<int> value_slot;
  int mobility_slot = -1;
  std::vector<int> square_slot;
  std::vector<int> square_of_slot;  // by slot, the square (-1: not a square)
  size_t n = 0;
};

Layout layout_of(const TuneFree& free) {
  Layout l;
  int n = 0;
  for (bool f : free.values) l.value_slot.push_back(f ? n++ : -1);
  if (free.mobility) l.mobility_slot = n++;
  l.square_of_slot.assign(n, -1);
  for (size_t q = 0; q < free.squares.size(); ++q) {
    l.square_slot.push_back(free.squares[q] ? n++ : -1);
    if (free.squares[q]) l.square_of_slot.push_back(static_cast<int>(q));
  }
  l.n = static_cast<size_t>(n);
  return l;
}

std::vector<double*> free_slots(TuneWeights& w, const Layout& l) {
  std::vector<double*> slots(l.n);
  for (size_t t = 0; t < l.value_slot.size(); ++t)
    if (l.value_slot[t] >= 0) slots[l.value_slot[t]] = &w.values[t];
  if (l.mobility_slot >= 0) slots[l.mobility_slot] = &w.mobility;
  for (size_t q = 0; q < l.square_slot.size(); ++q)
    if (l.square_slot[q] >= 0) slots[l.square_slot[q]] = &w.squares[q];
  return slots;
}

// The features of a sample matching the layout's slots: (slot, value), only
// those not 0.
void features(const TuneSample& s, const Layout& l, std::vector<std::pair<int, double>>& x) {
  x.clear();
  for (size_t t = 0; t < s.count.size(); ++t)
    if (l.value_slot[t] >= 0 && s.count[t] != 0) x.emplace_back(l.value_slot[t], s.count[t]);
  if (l.mobility_slot >= 0 && s.mobility != 0) x.emplace_back(l.mobility_slot, s.mobility);
  for (const auto& [q, v] : s.squares)
    if (q < l.square_slot.size() && l.square_slot[q] >= 0) x.emplace_back(l.square_slot[q], v);
}

// The squares' prior (kSquarePrior) as a part of the mean loss over total
// samples: sum of w^2 / (2 sigma^2), over total.
double prior_loss(const TuneWeights& w, const TuneFree& free, double total) {
  if (total == 0) return 0;
  double sum = 0;
  for (size_t q = 0; q < free.squares.size(); ++q)
    if (free.squares[q]) sum += w.squares[q] * w.squares[q];
  return sum / (2 * kSquarePrior * kSquarePrior) / total;
}

double total_of(const std::vector<TuneSample>& samples, const std::vector<int>& multiplicity) {
  double total = 0;
  for (const TuneSample& s : samples) total += multiplicity_of(multiplicity, s.game);
  return total;
}

// Solves a x = b for a symmetric positive definite a (n by n, row major) by
// Gaussian elimination with partial pivoting; false when a is singular.
bool solve(std::vector<double> a, std::vector<double>& b) {
  const size_t n = b.size();
  for (size_t c = 0; c < n; ++c) {
    size_t p = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r * n + c]) > std::abs(a[p * n + c])) p = r;
    if (std::abs(a[p * n + c]) < 1e-300) return false;
    if (p != c) {
      for (size_t j = 0; j < n; ++j) std::swap(a[c * n + j], a[p * n + j]);
      std::swap(b[c], b[p]);
    }
    for (size_t r = c + 1; r < n; ++r) {
      const double f = a[r * n + c] / a[c * n + c];
      for (size_t j = c; j < n; ++j) a[r * n + j] -= f * a[c * n + j];
      b[r] -= f * b[c];
    }
  }
  for (size_t c = n; c-- > 0;) {
    for (size_t j = c + 1; j < n; ++j) b[c] -= a[c * n + j] * b[j];
    b[c] /= a[c * n + c];
  }
  return true;
}

// The gradient and Hessian of the mean log-loss in the free weights, with
// the squares' prior and a ridge added; false when no sample counts.
bool newton_terms(const std::vector<TuneSample>& samples, const TuneWeights& w, const Layout& l,
                  double k, const std::vector<int>& multiplicity, std::vector<double>& grad,
                  std::vector<double>& hess) {
  const size_t n = grad.size();
  std::fill(grad.begin(), grad.end(), 0.0);
  std::fill(hess.begin(), hess.end(), 0.0);
  double total = 0;
  std::vector<std::pair<int, double>> x;
  for (const TuneSample& s : samples) {
    const double m = multiplicity_of(multiplicity, s.game);
    if (m == 0) continue;
    total += m;
    const double p = sigmoid(k * tune_eval(s, w));
    features(s, l, x);
    const double g = m * k * (p - s.result), h = m * k * k * std::max(p * (1 - p), kEpsilon);
    for (const auto& [i, xi] : x) {
      grad[i] += g * xi;
      for (const auto& [j, xj] : x) hess[i * n + j] += h * xi * xj;
    }
  }
  if (total == 0) return false;
  double trace = 0;
  for (size_t i = 0; i < n; ++i) trace += hess[i * n + i];
  // A ridge of a millionth of the mean curvature keeps a weight that the
  // samples barely see finite, and biases the others by nothing visible.
  const double ridge = std::max(1e-12, 1e-6 * trace / std::max<size_t>(1, n));
  const double prior = 1.0 / (kSquarePrior * kSquarePrior);
  for (size_t i = 0; i < n; ++i) {
    grad[i] /= total;
    for (size_t j = 0; j < n; ++j) hess[i * n + j] /= total;
    hess[i * n + i] += ridge / total;
    if (const int q = l.square_of_slot[i]; q >= 0) {
      grad[i] += w.squares[q] * prior / total;
      hess[i * n + i] += prior / total;
    }
  }
  return true;
}

// What the fit minimises: the mean log-loss and the squares' prior.
double objective(const std::vector<TuneSample>& samples, const TuneWeights& w, const TuneFree& free,
                 double k, const std::vector<int>& multiplicity) {
  return tune_loss(samples, w, k, multiplicity) +
         prior_loss(w, free, total_of(samples, multiplicity));
}

// One Newton step from w, halved until the objective falls; false when none does.
bool newton_step(const std::vector<TuneSample>& samples, TuneWeights& w, const TuneFree& free,
                 double k, const std::vector<int>& multiplicity) {
  const Layout l = layout_of(free);
  TuneWeights trial = w;
  const std::vector<double*> slots = free_slots(trial, l);
  const size_t n = slots.size();
  std::vector<double> grad(n), hess(n * n);
  if (n == 0 || !newton_terms(samples, w, l, k, multiplicity, grad, hess)) return false;
  if (!solve(hess, grad)) return false;
  const double before = objective(samples, w, free, k, multiplicity);
  std::vector<double> start;
  for (double* s : slots) start.push_back(*s);
  for (double step = 1.0; step > 1e-4; step /= 2) {
    for (size_t i = 0; i < n; ++i) *slots[i] = start[i] - step * grad[i];
    if (objective(samples, trial, free, k, multiplicity) < before - 1e-13) {
      w = trial;
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> too_many_weights(const TuneFree& free) {
  const auto count = std::count(free.values.begin(), free.values.end(), true) + free.mobility +
                     std::count(free.squares.begin(), free.squares.end(), true);
  if (count <= kMaxTuneWeights) return std::nullopt;
  return std::to_string(count) +
         " weights to fit (piece values, mobility and the squares seen), more than one fit may "
         "change (kMaxTuneWeights = " +
         std::to_string(kMaxTuneWeights) + "); fit the values alone (without --squares)";
}

bool mobility_applies(const Ruleset& rules) {
  return rules.num_seats() == 2 && !(rules.hooks && rules.hooks->has_generate());
}

TuneWeights current_weights(const Ruleset& rules, const Evaluator& eval) {
  TuneWeights w;
  const int types = static_cast<int>(rules.types.size()), sites = rules.topology.size();
  for (TypeId t = 0; t < types; ++t) w.values.push_back(eval.material(t));
  w.mobility = eval.mobility();
  w.squares.assign(static_cast<size_t>(types) * sites, 0.0);
  const auto& squares = ai_settings(rules).squares;
  for (TypeId t = 0; t < types && t < static_cast<TypeId>(squares.size()); ++t)
    for (SiteId site = 0; site < sites && site < static_cast<SiteId>(squares[t].size()); ++site)
      w.squares[static_cast<size_t>(t) * sites + site] = squares[t][site];
  return w;
}

namespace {

// The squares of pos from the side of mover (TuneSample::squares).
std::vector<std::pair<uint32_t, float>> squares_of(const Position& pos, SeatId mover,
                                                   const std::vector<std::vector<SiteId>>& views) {
  const Ruleset& r = pos.rules();
  const uint32_t sites = static_cast<uint32_t>(pos.num_sites());
  std::vector<std::pair<uint32_t, float>> out;
  for (SiteId site = 0; site < pos.num_sites(); ++site) {
    const PieceCode c = pos.at(site);
    if (c == kEmpty) continue;
    const SeatId seat = piece_seat(c);
    out.emplace_back(piece_type(c) * sites + views[seat][site], r.allies(seat, mover) ? 1 : -1);
  }
  std::sort(out.begin(), out.end());
  // One entry per square: a side's piece and the enemy's on the same square
  // of their own views count together.
  size_t kept = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    if (kept > 0 && out[kept - 1].first == out[i].first)
      out[kept - 1].second += out[i].second;
    else
      out[kept++] = out[i];
  }
  out.resize(kept);
  out.erase(std::remove_if(out.begin(), out.end(), [](const auto& e) { return e.second == 0; }),
            out.end());
  return out;
}

}  // namespace

TuneSample sample_of(const Evaluator& eval, Position& pos, bool mobility,
                     const std::vector<std::vector<SiteId>>* views) {
  const Ruleset& r = pos.rules();
  const int types = static_cast<int>(r.types.size());
  const SeatId mover = pos.to_move();
  TuneSample s;
  s.count.assign(types, 0.0f);
  for (SiteId site = 0; site < pos.num_sites(); ++site) {
    const PieceCode c = pos.at(site);
    if (c != kEmpty) s.count[piece_type(c)] += r.allies(piece_seat(c), mover) ? 1 : -1;
  }
  for (SeatId seat = 0; seat < r.num_seats(); ++seat)
    for (TypeId t = 0; t < types; ++t)
      s.count[t] += static_cast<float>(pos.hand(seat, t) * (r.allies(seat, mover) ? 1 : -1));
  if (mobility) s.mobility = static_cast<float>(eval.mobility_difference(pos));
  double rest = eval(pos, mover);
  for (TypeId t = 0; t < types; ++t) rest -= double{s.count[t]} * eval.material(t);
  rest -= double{s.mobility} * eval.mobility();
  if (views) {
    s.squares = squares_of(pos, mover, *views);
    const auto& squares = ai_settings(r).squares;
    const uint32_t sites = static_cast<uint32_t>(pos.num_sites());
    for (const auto& [q, v] : s.squares) {
      const size_t t = q / sites, site = q % sites;
      if (t < squares.size() && site < squares[t].size()) rest -= double{v} * squares[t][site];
    }
  }
  s.fixed = static_cast<float>(rest);
  return s;
}

void sample_game(const Evaluator& eval, const Position& start, const std::vector<Turn>& turns,
                 const Result& result, int skip, int game, std::vector<TuneSample>& out,
                 const std::vector<std::vector<SiteId>>* views) {
  Position pos(start);
  const bool mobility = mobility_applies(pos.rules());
  Undo u;
  int plies = 0;
  for (size_t i = 0; i < turns.size(); ++i) {
    if (pos.awaiting_roll()) {
      pos.make(turns[i].first(), u);
      continue;
    }
    const int before = pieces_on_board(pos);
    for (const Move& m : turns[i].steps) pos.make(m, u);
    ++plies;
    const bool took = pieces_on_board(pos) < before;
    if (plies < skip || took || i + 1 == turns.size() || pos.stage() >= 0 || pos.awaiting_roll())
      continue;
    const SeatId mover = pos.to_move();
    if (in_check(pos, mover)) continue;
    TuneSample s = sample_of(eval, pos, mobility, views);
    s.result = static_cast<float>(result.over ? result.points(mover) : 0.5);
    s.game = game;
    out.push_back(std::move(s));
  }
}

TuneFree free_weights(const Ruleset& rules, const std::vector<TuneSample>& samples, int min_seen) {
  const size_t types = rules.types.size();
  std::vector<int> seen(types, 0);
  for (const TuneSample& s : samples)
    for (size_t t = 0; t < types && t < s.count.size(); ++t) seen[t] += s.count[t] != 0;
  TuneFree free;
  for (size_t t = 0; t < types; ++t) free.values.push_back(seen[t] >= min_seen);
  free.mobility = mobility_applies(rules) && !samples.empty();
  const size_t squares = types * static_cast<size_t>(rules.topology.size());
  std::vector<int> square_seen(squares, 0);
  bool any = false;
  for (const TuneSample& s : samples)
    for (const auto& [q, v] : s.squares)
      if (q < squares) square_seen[q] += v != 0, any = true;
  if (any)
    for (size_t q = 0; q < squares; ++q) free.squares.push_back(square_seen[q] >= min_seen);
  return free;
}

double tune_eval(const TuneSample& s, const TuneWeights& w) {
  double e = s.fixed + double{s.mobility} * w.mobility;
  for (size_t t = 0; t < s.count.size(); ++t) e += double{s.count[t]} * w.values[t];
  for (const auto& [q, v] : s.squares)
    if (q < w.squares.size()) e += double{v} * w.squares[q];
  return e;
}

double tune_loss(const std::vector<TuneSample>& samples, const TuneWeights& w, double k,
                 const std::vector<int>& multiplicity) {
  double sum = 0, total = 0;
  for (const TuneSample& s : samples) {
    const double m = multiplicity_of(multiplicity, s.game);
    if (m == 0) continue;
    const double p = std::clamp(sigmoid(k * tune_eval(s, w)), kEpsilon, 1 - kEpsilon);
    sum -= m * (s.result * std::log(p) + (1 - s.result) * std::log(1 - p));
    total += m;
  }
  return total ? sum / total : 0.0;
}

double fit_scale(const std::vector<TuneSample>& samples, const TuneWeights& w) {
  // The loss is convex in k: a golden-section search over log10 k from 1e-6
  // (a piece barely matters) to 1 (a hundredth of a piece decides).
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double lo = -6, hi = 0;
  auto loss = [&](double e) { return tune_loss(samples, w, std::pow(10.0, e)); };
  double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
  double fa = loss(a), fb = loss(b);
  for (int i = 0; i < 80; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - phi * (hi - lo);
      fa = loss(a);
    } else {
      lo = a, a = b, fa = fb;
      b = lo + phi * (hi - lo);
      fb = loss(b);
    }
  }
  return std::pow(10.0, (lo + hi) / 2);
}

TuneWeights fit_weights(const std::vector<TuneSample>& samples, const TuneWeights& start,
                        const TuneFree& free, double k, int iterations,
                        const std::vector<int>& multiplicity) {
  TuneWeights w = start;
  // Squares the start has no worth for start at 0.
  if (w.squares.size() < free.squares.size()) w.squares.resize(free.squares.size(), 0.0);
  for (int i = 0; i < iterations; ++i)
    if (!newton_step(samples, w, free, k, multiplicity)) break;
  return w;
}

TypeId unit_type(const Ruleset& rules, const TuneFree& free) {
  TypeId unit = -1;
  for (TypeId t = 0; t < static_cast<TypeId>(rules.types.size()); ++t)
    if (free.values[t] && rules.types[t].value > 0 &&
        (unit < 0 || rules.types[t].value < rules.types[unit].value))
      unit = t;
  return unit;
}

std::vector<TuneInterval> bootstrap_intervals(const std::vector<TuneSample>& samples,
                                              const TuneWeights& fitted, const TuneFree& free,
                                              double k, TypeId unit, int games, int resamples,
                                              uint64_t seed) {
  const size_t types = fitted.values.size();
  std::vector<std::vector<double>> ratios(types);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> pick(0, std::max(0, games - 1));
  TuneFree values_only = free;
  values_only.squares.clear();
  for (int b = 0; b < resamples && games > 0 && unit >= 0; ++b) {
    std::vector<int> multiplicity(games, 0);
    for (int g = 0; g < games; ++g) ++multiplicity[pick(rng)];
    const TuneWeights w = fit_weights(samples, fitted, values_only, k, 8, multiplicity);
    if (w.values[unit] <= 0) continue;
    for (size_t t = 0; t < types; ++t) ratios[t].push_back(w.values[t] / w.values[unit]);
  }
  std::vector<TuneInterval> out(types);
  for (size_t t = 0; t < types; ++t) {
    std::vector<double>& r = ratios[t];
    if (r.empty()) continue;
    std::sort(r.begin(), r.end());
    auto at = [&](double q) { return r[static_cast<size_t>(std::lround(q * (r.size() - 1)))]; };
    out[t] = {at(0.025), at(0.975)};
  }
  return out;
}

namespace {

// A Lua string literal of any bytes.
std::string lua_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 32 || c == 127) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03d", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string settings_lua(const AiSettings& a, double mobility) {
  std::string out;
  if (a.algorithm == AiSettings::Algorithm::kAlphaBeta) out += "  search = \"alphabeta\",\n";
  if (a.algorithm == AiSettings::Algorithm::kMcts) out += "  search = \"mcts\",\n";
  out += "  material = 100,\n";
  out += "  promotion = " + std::to_string(a.promotion) + ",\n";
  const long mob = std::clamp<long>(std::lround(mobility), 0, kWinScore / 64);
  out += "  mobility = " + std::to_string(mob) + ",\n";
  out += "  hunt = " + std::to_string(a.hunt) + ",\n";
  if (a.cutoff > 0) out += "  cutoff = " + std::to_string(a.cutoff) + ",\n";
  if (a.contempt >= 0) out += "  contempt = " + std::to_string(a.contempt) + ",\n";
  return out;
}

// A site's name as a Lua table key.
std::string lua_key(const std::string& name) {
  const bool word =
      !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_') &&
      std::all_of(name.begin(), name.end(),
                  [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  return word ? name : "[" + lua_string(name) + "]";
}

// The sites in the order a board is drawn: on a grid its rows from the top,
// each from the left; elsewhere as the board lists them. Each row a list.
std::vector<std::vector<SiteId>> drawn_rows(const Topology& topo) {
  std::vector<std::vector<SiteId>> rows;
  if (!topo.is_grid()) {
    for (SiteId s = 0; s < topo.size(); ++s) {
      if (s % 8 == 0) rows.emplace_back();
      rows.back().push_back(s);
    }
    return rows;
  }
  for (int y = topo.height() - 1; y >= 0; --y) {
    rows.emplace_back();
    for (int x = 0; x < topo.width(); ++x)
      if (const SiteId s = topo.at(x, y); s != kNoSite) rows.back().push_back(s);
  }
  return rows;
}

// ai.squares of w: every type with a square worth 0.01 or more, all its sites.
std::string squares_lua(const Ruleset& rules, const TuneWeights& w) {
  const int sites = rules.topology.size();
  const double limit = 1000.0 * kPieceUnit;
  std::string out;
  for (TypeId t = 0; t < static_cast<TypeId>(rules.types.size()); ++t) {
    const size_t base = static_cast<size_t>(t) * sites;
    if (w.squares.size() < base + sites) break;
    bool any = false;
    for (int s = 0; s < sites; ++s) any = any || std::abs(w.squares[base + s]) >= 0.5;
    if (!any) continue;
    out += "    [" + lua_string(rules.types[t].name) + "] = {\n";
    for (const std::vector<SiteId>& row : drawn_rows(rules.topology)) {
      std::string line;
      for (SiteId s : row) {
        // Rounded to the score unit first, so that no -0.00 is written.
        double v = std::round(std::clamp(w.squares[base + s], -limit, limit));
        if (v == 0) v = 0;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f", v / kPieceUnit);
        line += (line.empty() ? "" : " ") + lua_key(rules.topology.name(s)) + " = " + buf + ",";
      }
      out += "      " + line + "\n";
    }
    out += "    },\n";
  }
  return out.empty() ? "" : "  squares = {\n" + out + "  },\n";
}

}  // namespace

std::string weights_lua(const Ruleset& rules, const TuneWeights& w, const std::string& comment) {
  std::string out;
  size_t start = 0;
  while (start < comment.size()) {
    size_t end = comment.find('\n', start);
    if (end == std::string::npos) end = comment.size();
    out += "-- " + comment.substr(start, end - start) + "\n";
    start = end + 1;
  }
  out += "return {\n" + settings_lua(ai_settings(rules), w.mobility) + "  values = {\n";
  for (TypeId t = 0; t < static_cast<TypeId>(rules.types.size()); ++t) {
    const double worth = std::clamp(w.values[t], 0.0, 1000.0 * kPieceUnit) / kPieceUnit;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", worth);
    out += "    [" + lua_string(rules.types[t].name) + "] = " + buf + ",\n";
  }
  return out + "  },\n" + squares_lua(rules, w) + "}\n";
}

}  // namespace regula::ai
