#include "models/analytics/distributions.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mltco::tco {
namespace {

constexpr int kGrid = 4096;                 // PERT table intervals
constexpr double kZ90 = 1.2815515655446004; // Φ⁻¹(0.9)

double lognormalSigma(const Uncertainty &e)
{
    return std::log(e.p90 / e.median) / kZ90;
}

} // namespace

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

double normalQuantile(double p)
{
    // Acklam's rational approximation (relative error < 1.2e-9), then one Halley step on Φ.
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                                   1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    if (!(p > 0.0))
        return -INFINITY;
    if (!(p < 1.0))
        return INFINITY;
    constexpr double low = 0.02425;
    double x;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log1p(-p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double e = normalCdf(x) - p;
    const double u = e * std::sqrt(2 * std::numbers::pi) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

Quantile::Quantile(const Uncertainty &entry) : m_entry(entry)
{
    if (entry.distribution != DistributionKind::Pert || !(entry.high > entry.low))
        return;
    // F of Beta(α, β) on a grid, by Simpson's rule on each interval of the density (α, β ≥ 1: bounded).
    const double span = entry.high - entry.low;
    const double alpha = 1 + 4 * (entry.mode - entry.low) / span;
    const double beta = 1 + 4 * (entry.high - entry.mode) / span;
    const auto density = [&](double t) { return std::pow(t, alpha - 1) * std::pow(1 - t, beta - 1); };
    m_cdf.resize(kGrid + 1);
    m_cdf[0] = 0.0;
    const double h = 1.0 / kGrid;
    for (int i = 0; i < kGrid; ++i) {
        const double t0 = i * h;
        m_cdf[i + 1] = m_cdf[i] + h / 6 * (density(t0) + 4 * density(t0 + h / 2) + density(t0 + h));
    }
    const double total = m_cdf[kGrid];
    for (double &f : m_cdf)
        f /= total;
}

double Quantile::operator()(double u) const
{
    const Uncertainty &e = m_entry;
    switch (e.distribution) {
    case DistributionKind::Uniform:
        return e.low + u * (e.high - e.low);
    case DistributionKind::Triangular: {
        const double span = e.high - e.low;
        if (!(span > 0))
            return e.low;
        const double f = (e.mode - e.low) / span;
        return u < f ? e.low + std::sqrt(u * span * (e.mode - e.low))
                     : e.high - std::sqrt((1 - u) * span * (e.high - e.mode));
    }
    case DistributionKind::Pert: {
        if (m_cdf.empty())
            return e.low;
        // The grid point just past u, then straight between it and the one before.
        const auto it = std::upper_bound(m_cdf.begin(), m_cdf.end(), u);
        const auto i = std::clamp<std::ptrdiff_t>(it - m_cdf.begin(), 1, kGrid);
        const double f0 = m_cdf[static_cast<std::size_t>(i - 1)], f1 = m_cdf[static_cast<std::size_t>(i)];
        const double t = (static_cast<double>(i - 1) + (f1 > f0 ? (u - f0) / (f1 - f0) : 0.0)) / kGrid;
        return e.low + t * (e.high - e.low);
    }
    case DistributionKind::Lognormal:
        return e.median * std::exp(lognormalSigma(e) * normalQuantile(u));
    }
    return e.low;
}

std::pair<double, double> distributionRange(const Uncertainty &entry)
{
    if (entry.distribution == DistributionKind::Lognormal)
        return {entry.median * entry.median / entry.p90, entry.p90};
    return {entry.low, entry.high};
}

double distributionMean(const Uncertainty &e)
{
    switch (e.distribution) {
    case DistributionKind::Uniform:
        return (e.low + e.high) / 2;
    case DistributionKind::Triangular:
        return (e.low + e.mode + e.high) / 3;
    case DistributionKind::Pert:
        return (e.low + 4 * e.mode + e.high) / 6;
    case DistributionKind::Lognormal: {
        const double s = lognormalSigma(e);
        return e.median * std::exp(s * s / 2);
    }
    }
    return 0;
}

} // namespace mltco::tco
