#pragma once
// The statistics of self-play experiments: 95% intervals for rates (Wilson,
// ai::wilson_interval) and means (Student's t), and the tests that compare two
// runs (two proportions: z-test, or Fisher's exact test for small counts;
// two means: Welch's t-test). Sums are kept as exact integers, so that a
// summary does not depend on the order its games were added in.

#include <cstdint>
#include <string>

#include "ai/match.h"

namespace regula::cli {

using ai::Interval;

inline constexpr double kZ95 = 1.959963984540054;

// The standard normal distribution function.
double normal_cdf(double z);
// Student's t distribution function with df degrees of freedom (df > 0, not
// necessarily whole: Welch's test gives fractional ones).
double t_cdf(double t, double df);
// The t with t_cdf(t, df) = p (0 < p < 1).
double t_quantile(double p, double df);

// A sample of whole numbers, its sums exact while the sum of squares fits 127
// bits (values near 2^63 can pass it in three steps); past that, the variance
// is computed from the sums in long double.
struct IntSample {
  uint64_t n = 0;
  __int128 sum = 0;
  __int128 sum_sq = 0;
  bool squares_overflowed = false;
  long double sum_sq_approx = 0;

  void add(int64_t x) {
    ++n;
    sum += x;
    const __int128 sq = static_cast<__int128>(x) * x;
    sum_sq_approx += static_cast<long double>(sq);
    if (__builtin_add_overflow(sum_sq, sq, &sum_sq)) squares_overflowed = true;
  }
  void add(const IntSample& o) {
    n += o.n;
    sum += o.sum;
    sum_sq_approx += o.sum_sq_approx;
    squares_overflowed |= o.squares_overflowed;
    if (__builtin_add_overflow(sum_sq, o.sum_sq, &sum_sq)) squares_overflowed = true;
  }
  double mean() const;
  // The sample variance (n - 1 in the denominator); 0 below two values.
  double variance() const;
};

// The 95% t interval of the mean: mean +- t(0.975, n-1) * s / sqrt(n); the
// mean alone when n < 2.
Interval mean_interval(const IntSample& s);

// A ratio of sums (branches over decisions: the mean branching factor) over
// n games, with its 95% interval by the delta method: the standard error of
// R = sum(y) / sum(x) is sqrt(sum((y - R x)^2) / (n (n - 1))) / mean(x).
struct RatioSample {
  uint64_t n = 0;
  __int128 sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  void add(int64_t x, int64_t y) {
    ++n;
    sx += x;
    sy += y;
    sxx += static_cast<__int128>(x) * x;
    syy += static_cast<__int128>(y) * y;
    sxy += static_cast<__int128>(x) * y;
  }
  double ratio() const;
  Interval interval() const;
};

// The comparison of two proportions x1/n1 and x2/n2.
struct ProportionTest {
  double difference = 0;  // p1 - p2
  Interval interval;      // 95%, Newcombe's hybrid score interval (from the Wilson intervals)
  double p_value = 1;     // two-sided
  std::string method;     // "z" (pooled two-proportion z-test) or "fisher" (exact)
};
// Fisher's exact test when an expected count of the 2x2 table is below 5,
// the z-test otherwise.
ProportionTest compare_proportions(uint64_t x1, uint64_t n1, uint64_t x2, uint64_t n2);
// Fisher's exact test's two-sided p-value (the tables no more likely than the
// observed one, with a relative tolerance of 1e-7).
double fisher_exact(uint64_t x1, uint64_t n1, uint64_t x2, uint64_t n2);

// Welch's t-test of two means.
struct MeanTest {
  double difference = 0;  // mean1 - mean2
  Interval interval;      // 95%
  double p_value = 1;     // two-sided
  double df = 0;          // Welch-Satterthwaite degrees of freedom
};
MeanTest compare_means(const IntSample& a, const IntSample& b);

}  // namespace regula::cli
