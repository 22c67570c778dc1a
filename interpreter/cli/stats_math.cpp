#include "cli/stats_math.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace regula::cli {

namespace {

// The continued fraction of the regularized incomplete beta function
// (Lentz's method, as in Press et al., Numerical Recipes, 6.4).
double beta_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300, kEps = 1e-15;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double del = d * c;
    h *= del;
    if (std::fabs(del - 1) < kEps) break;
  }
  return h;
}

// I_x(a, b).
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double to_double(__int128 v) {
  return static_cast<double>(static_cast<long double>(v));
}

// log of the hypergeometric probability of x successes in the first row.
double log_hypergeometric(uint64_t x, uint64_t n1, uint64_t n2, uint64_t k) {
  auto lchoose = [](double n, double r) {
    return std::lgamma(n + 1) - std::lgamma(r + 1) - std::lgamma(n - r + 1);
  };
  return lchoose(n1, x) + lchoose(n2, k - x) - lchoose(n1 + n2, k);
}

}  // namespace

double normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double t_cdf(double t, double df) {
  const double tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

double t_quantile(double p, double df) {
  if (p == 0.5) return 0;
  if (p < 0.5) return -t_quantile(1 - p, df);
  double lo = 0, hi = 1;
  while (t_cdf(hi, df) < p && hi < 1e12) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = (lo + hi) / 2;
    (t_cdf(mid, df) < p ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

double IntSample::mean() const {
  return n ? to_double(sum) / static_cast<double>(n) : 0;
}

double IntSample::variance() const {
  if (n < 2) return 0;
  // n * sum_sq - sum^2 is exact while it fits 127 bits; the sums of a run of
  // 10^8 games of 10^8 plies do.
  const __int128 nn = static_cast<__int128>(n);
  __int128 n_sq = 0, sum2 = 0, diff = 0;
  long double num;
  if (!squares_overflowed && !__builtin_mul_overflow(nn, sum_sq, &n_sq) &&
      !__builtin_mul_overflow(sum, sum, &sum2) && !__builtin_sub_overflow(n_sq, sum2, &diff)) {
    num = static_cast<long double>(diff);
  } else {
    const long double s = static_cast<long double>(sum);
    // Rounding may leave a tiny negative where the values are all equal.
    num = std::max(0.0L, static_cast<long double>(n) * sum_sq_approx - s * s);
  }
  return static_cast<double>(num / (static_cast<long double>(n) * static_cast<long double>(n - 1)));
}

Interval mean_interval(const IntSample& s) {
  const double m = s.mean();
  if (s.n < 2) return {m, m};
  const double half = t_quantile(0.975, static_cast<double>(s.n - 1)) *
                      std::sqrt(s.variance() / static_cast<double>(s.n));
  return {m - half, m + half};
}

double RatioSample::ratio() const {
  return sx ? to_double(sy) / to_double(sx) : 0;
}

Interval RatioSample::interval() const {
  const double r = ratio();
  if (n < 2 || sx == 0) return {r, r};
  // sum((y - R x)^2) = syy - 2 R sxy + R^2 sxx.
  const long double R = r;
  const long double ss = static_cast<long double>(syy) - 2 * R * static_cast<long double>(sxy) +
                         R * R * static_cast<long double>(sxx);
  const double nd = static_cast<double>(n);
  const double mean_x = to_double(sx) / nd;
  const double se = std::sqrt(std::max(0.0L, ss) / (nd * (nd - 1))) / mean_x;
  const double half = t_quantile(0.975, nd - 1) * se;
  return {r - half, r + half};
}

double fisher_exact(uint64_t x1, uint64_t n1, uint64_t x2, uint64_t n2) {
  const uint64_t k = x1 + x2;
  const uint64_t lo = k > n2 ? k - n2 : 0, hi = std::min(k, n1);
  const double observed = log_hypergeometric(x1, n1, n2, k);
  double p = 0;
  for (uint64_t x = lo; x <= hi; ++x) {
    const double l = log_hypergeometric(x, n1, n2, k);
    if (l <= observed + 1e-7 * std::fabs(observed) + 1e-12) p += std::exp(l);
  }
  return std::min(1.0, p);
}

ProportionTest compare_proportions(uint64_t x1, uint64_t n1, uint64_t x2, uint64_t n2) {
  ProportionTest t;
  if (n1 == 0 || n2 == 0) return t;
  const double a = static_cast<double>(n1), b = static_cast<double>(n2);
  const double p1 = x1 / a, p2 = x2 / b;
  t.difference = p1 - p2;
  const Interval w1 = ai::wilson_interval(x1, a), w2 = ai::wilson_interval(x2, b);
  t.interval = {t.difference - std::hypot(p1 - w1.low, w2.high - p2),
                t.difference + std::hypot(w1.high - p1, p2 - w2.low)};
  const double n = a + b, k = static_cast<double>(x1 + x2);
  const double expected_min = std::min({a * k / n, a * (n - k) / n, b * k / n, b * (n - k) / n});
  if (expected_min < 5) {
    t.method = "fisher";
    t.p_value = fisher_exact(x1, n1, x2, n2);
    return t;
  }
  t.method = "z";
  const double pooled = k / n;
  const double se = std::sqrt(pooled * (1 - pooled) * (1 / a + 1 / b));
  t.p_value = se > 0 ? 2 * normal_cdf(-std::fabs(t.difference) / se) : 1;
  return t;
}

MeanTest compare_means(const IntSample& a, const IntSample& b) {
  MeanTest t;
  t.difference = a.mean() - b.mean();
  if (a.n < 2 || b.n < 2) {
    t.interval = {t.difference, t.difference};
    return t;
  }
  const double va = a.variance() / static_cast<double>(a.n);
  const double vb = b.variance() / static_cast<double>(b.n);
  const double se = std::sqrt(va + vb);
  if (se == 0) {
    t.interval = {t.difference, t.difference};
    t.p_value = t.difference == 0 ? 1 : 0;
    t.df = static_cast<double>(a.n + b.n - 2);
    return t;
  }
  t.df = (va + vb) * (va + vb) /
         (va * va / static_cast<double>(a.n - 1) + vb * vb / static_cast<double>(b.n - 1));
  const double half = t_quantile(0.975, t.df) * se;
  t.interval = {t.difference - half, t.difference + half};
  t.p_value = 2 * t_cdf(-std::fabs(t.difference) / se, t.df);
  return t;
}

}  // namespace regula::cli
