#include "ai/tune.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "ai/player.h"
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

// The free weights in order: the free types', then mobility.
std::vector<double*> free_slots(TuneWeights& w, const TuneFree& free) {
  std::vector<double*> slots;
  for (size_t t = 0; t < w.values.size(); ++t)
    if (free.values[t]) slots.push_back(&w.values[t]);
  if (free.mobility) slots.push_back(&w.mobility);
  return slots;
}

// The features of a sample matching free_slots.
void features(const TuneSample& s, const TuneFree& free, std::vector<double>& x) {
  x.clear();
  for (size_t t = 0; t < s.count.size(); ++t)
    if (free.values[t]) x.push_back(s.count[t]);
  if (free.mobility) x.push_back(s.mobility);
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
// the ridge added; false when no sample counts.
bool newton_terms(const std::vector<TuneSample>& samples, const TuneWeights& w,
                  const TuneFree& free, double k, const std::vector<int>& multiplicity,
                  std::vector<double>& grad, std::vector<double>& hess) {
  const size_t n = grad.size();
  std::fill(grad.begin(), grad.end(), 0.0);
  std::fill(hess.begin(), hess.end(), 0.0);
  double total = 0;
  std::vector<double> x;
  for (const TuneSample& s : samples) {
    const double m = multiplicity_of(multiplicity, s.game);
    if (m == 0) continue;
    total += m;
    const double p = sigmoid(k * tune_eval(s, w));
    features(s, free, x);
    const double g = m * k * (p - s.result), h = m * k * k * std::max(p * (1 - p), kEpsilon);
    for (size_t i = 0; i < n; ++i) {
      grad[i] += g * x[i];
      for (size_t j = 0; j < n; ++j) hess[i * n + j] += h * x[i] * x[j];
    }
  }
  if (total == 0) return false;
  double trace = 0;
  for (size_t i = 0; i < n; ++i) trace += hess[i * n + i];
  // A ridge of a millionth of the mean curvature keeps a weight that the
  // samples barely see finite, and biases the others by nothing visible.
  const double ridge = std::max(1e-12, 1e-6 * trace / std::max<size_t>(1, n));
  for (size_t i = 0; i < n; ++i) {
    grad[i] /= total;
    for (size_t j = 0; j < n; ++j) hess[i * n + j] /= total;
    hess[i * n + i] += ridge / total;
  }
  return true;
}

// One Newton step from w, halved until the loss falls; false when none does.
bool newton_step(const std::vector<TuneSample>& samples, TuneWeights& w, const TuneFree& free,
                 double k, const std::vector<int>& multiplicity) {
  TuneWeights trial = w;
  const std::vector<double*> slots = free_slots(trial, free);
  const size_t n = slots.size();
  std::vector<double> grad(n), hess(n * n);
  if (n == 0 || !newton_terms(samples, w, free, k, multiplicity, grad, hess)) return false;
  if (!solve(hess, grad)) return false;
  const double before = tune_loss(samples, w, k, multiplicity);
  std::vector<double> start;
  for (double* s : slots) start.push_back(*s);
  for (double step = 1.0; step > 1e-4; step /= 2) {
    for (size_t i = 0; i < n; ++i) *slots[i] = start[i] - step * grad[i];
    if (tune_loss(samples, trial, k, multiplicity) < before - 1e-13) {
      w = trial;
      return true;
    }
  }
  return false;
}

}  // namespace

bool mobility_applies(const Ruleset& rules) {
  return rules.num_seats() == 2 && !(rules.hooks && rules.hooks->has_generate());
}

TuneWeights current_weights(const Ruleset& rules, const Evaluator& eval) {
  TuneWeights w;
  for (TypeId t = 0; t < static_cast<TypeId>(rules.types.size()); ++t)
    w.values.push_back(eval.material(t));
  w.mobility = eval.mobility();
  return w;
}

TuneSample sample_of(const Evaluator& eval, Position& pos, bool mobility) {
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
  s.fixed = static_cast<float>(rest);
  return s;
}

void sample_game(const Evaluator& eval, const Position& start, const std::vector<Turn>& turns,
                 const Result& result, int skip, int game, std::vector<TuneSample>& out) {
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
    TuneSample s = sample_of(eval, pos, mobility);
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
  return free;
}

double tune_eval(const TuneSample& s, const TuneWeights& w) {
  double e = s.fixed + double{s.mobility} * w.mobility;
  for (size_t t = 0; t < s.count.size(); ++t) e += double{s.count[t]} * w.values[t];
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
  for (int b = 0; b < resamples && games > 0 && unit >= 0; ++b) {
    std::vector<int> multiplicity(games, 0);
    for (int g = 0; g < games; ++g) ++multiplicity[pick(rng)];
    const TuneWeights w = fit_weights(samples, fitted, free, k, 8, multiplicity);
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
  return out + "  },\n}\n";
}

}  // namespace regula::ai
