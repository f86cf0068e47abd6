#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mltco::tco {

/// P10, P50 and P90 (linear interpolation between order statistics: the 10th percentile of N values is the
/// value at rank 1 + 0.1 × (N − 1)).
struct Percentiles final
{
    double p10 = 0.0, p50 = 0.0, p90 = 0.0;
};

/// P10, P50 and P90 of columns of numbers, exactly (the same figures as sorting each column), without sorting or
/// reordering them: the Monte Carlo fan chart takes them for every month of every scenario, 216 columns of
/// 100,000 trials in a typical run. One pass finds the range, one counts the values into equal-width buckets of
/// it, one collects the few buckets that hold the wanted ranks, and only those are partially sorted. A column
/// whose values do not spread over a finite range (all equal, infinities) is selected directly. A column with a
/// NaN has no percentiles: all three are NaN.
/// Not thread-safe: give each thread its own selector (it keeps its buffers between columns).
class PercentileSelector final
{
public:
    Percentiles operator()(const double *values, std::size_t n);
    Percentiles operator()(const float *values, std::size_t n);

private:
    template<typename T>
    Percentiles select(const T *values, std::size_t n);
    template<typename T>
    Percentiles selectDirectly(const T *values, std::size_t n);

    std::vector<std::uint32_t> m_counts;
    std::vector<std::uint8_t> m_slotOf;
    std::vector<double> m_slots[6];
    std::vector<double> m_copy;
};

/// The same figures by a full sort: the reference the selector is tested against.
Percentiles percentilesBySorting(std::vector<double> values);

} // namespace mltco::tco
