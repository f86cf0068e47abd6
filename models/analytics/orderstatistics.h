#pragma once

#include <array>
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

/// The same exact P10, P50 and P90 for many columns whose values are too many to keep (the fan chart of a very
/// large Monte Carlo run): the producer offers every value three times, each time to a part of its own per thread,
/// merged with add() in any order:
/// 1. ranges(): each column's smallest and largest value (and whether it holds a NaN);
/// 2. counts(): how many values fall in each of kStreamBuckets equal-width buckets of that range;
/// 3. collected(): the values of the few buckets that hold the wanted ranks.
/// Memory: the counts (columns × kStreamBuckets per part) and the collected values, about 6 × n / kStreamBuckets
/// per column; a column with a point mass at a wanted rank keeps that mass.
class StreamedPercentiles final
{
public:
    static constexpr std::size_t kStreamBuckets = 2048;

    StreamedPercentiles(std::size_t columns, std::size_t n);

    struct Ranges final
    {
        std::vector<float> lowest, highest;
        std::vector<std::uint8_t> nan;
        void see(std::size_t column, float v);
    };
    struct Counts final
    {
        const StreamedPercentiles *owner = nullptr;
        std::vector<std::uint32_t> counts;
        void see(std::size_t column, float v);
    };
    struct Collected final
    {
        const StreamedPercentiles *owner = nullptr;
        std::vector<std::vector<float>> values;
        void see(std::size_t column, float v);
    };

    Ranges ranges() const;
    void add(const Ranges &part);
    /// After every Ranges part is added.
    Counts counts();
    void add(const Counts &part);
    /// After every Counts part is added.
    Collected collected();
    void add(Collected &&part);
    /// After every Collected part is added; releases the column's collected values.
    Percentiles result(std::size_t column);

private:
    std::size_t bucketOf(std::size_t column, float v) const;
    void chooseWanted();

    std::size_t m_columns = 0, m_n = 0;
    std::vector<float> m_lowest, m_highest;
    std::vector<std::uint8_t> m_nan;
    std::vector<double> m_scale;
    std::vector<std::uint32_t> m_counts;
    std::vector<std::array<std::size_t, 6>> m_wanted;
    std::vector<std::vector<float>> m_collected;
};

/// The same figures by a full sort: the reference the selector is tested against.
Percentiles percentilesBySorting(std::vector<double> values);

} // namespace mltco::tco
