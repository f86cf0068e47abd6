#pragma once

#include "models/plan/uncertainty.h"

#include <utility>
#include <vector>

// Sampling an uncertain input: its quantile function, the two points a tornado moves it to, the normal distribution.
namespace mltco::tco {

/// The value with cumulative probability `u` (0 < u < 1) of a distribution. PERT uses shape 4
/// (Beta(1 + 4(m−a)/(b−a), 1 + 4(b−m)/(b−a)) on [a, b]); lognormal has ln x ~ N(ln median, σ) with σ =
/// ln(p90 / median) / z₀.₉. PERT is inverted on a fine table of its distribution function, built once.
class Quantile final
{
public:
    explicit Quantile(const Uncertainty &entry);
    double operator()(double u) const;

private:
    Uncertainty m_entry;
    std::vector<double> m_cdf; ///< PERT: F at kGrid + 1 equally spaced points of [0, 1]
};

/// The two points a tornado moves an uncertain parameter to (model.md §10.10, clarification 10): low and high,
/// or for a lognormal its P10 (median² / P90) and P90.
std::pair<double, double> distributionRange(const Uncertainty &entry);

/// The mean of a distribution (for tests and docs).
double distributionMean(const Uncertainty &entry);

/// Φ⁻¹(p), the standard normal quantile, to about 1e-15 relative (Acklam's rational approximation with one
/// Halley refinement step).
double normalQuantile(double p);
/// Φ(x).
double normalCdf(double x);

} // namespace mltco::tco
