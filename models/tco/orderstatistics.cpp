#include "models/tco/orderstatistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace mltco::tco {
namespace {

constexpr std::array<double, 3> kLevels = {0.1, 0.5, 0.9};
constexpr std::size_t kBuckets = 4096;  // 16 KB of counts: the counting pass stays in the first-level cache
constexpr std::size_t kDirectBelow = 2048; // shorter columns are selected directly
constexpr std::uint8_t kNoSlot = 0xff;

// Where P(q) lies among n sorted values: the rank below, the one above (the same rank at the end) and the
// fraction between them.
struct Position final
{
    std::size_t lo = 0, hi = 0;
    double frac = 0.0;
};

Position positionOf(double level, std::size_t n)
{
    const double h = static_cast<double>(n - 1) * level;
    Position p;
    p.lo = static_cast<std::size_t>(std::floor(h));
    p.hi = std::min(p.lo + 1, n - 1);
    p.frac = h - static_cast<double>(p.lo);
    return p;
}

// A column with a NaN has no order, so no percentile.
Percentiles notANumber()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {nan, nan, nan};
}

double interpolate(const Position &p, double a, double b)
{
    return p.hi == p.lo ? a : a + p.frac * (b - a);
}

} // namespace

Percentiles PercentileSelector::operator()(const double *values, std::size_t n) { return select(values, n); }
Percentiles PercentileSelector::operator()(const float *values, std::size_t n) { return select(values, n); }

template<typename T>
Percentiles PercentileSelector::selectDirectly(const T *values, std::size_t n)
{
    m_copy.assign(values, values + n);
    if (std::any_of(m_copy.begin(), m_copy.end(), [](double v) { return std::isnan(v); }))
        return notANumber();
    std::array<double, 3> out{};
    // From the highest level down, each selection inside the part the one before left below it.
    std::size_t end = n;
    for (int j = 2; j >= 0; --j) {
        const Position p = positionOf(kLevels[static_cast<std::size_t>(j)], n);
        const auto at = [&](std::size_t k) { return m_copy.begin() + static_cast<std::ptrdiff_t>(k); };
        std::nth_element(m_copy.begin(), at(p.lo), at(end));
        const double a = m_copy[p.lo];
        double b = a;
        if (p.hi != p.lo)
            b = p.hi < end ? *std::min_element(at(p.hi), at(end)) : m_copy[end];
        if (p.hi != p.lo && end < n && p.hi < end)
            b = std::min(b, m_copy[end]);
        out[static_cast<std::size_t>(j)] = interpolate(p, a, b);
        end = p.lo + 1;
    }
    return {out[0], out[1], out[2]};
}

template<typename T>
Percentiles PercentileSelector::select(const T *values, std::size_t n)
{
    if (n == 0)
        return {};
    if (n < kDirectBelow)
        return selectDirectly(values, n);
    double lowest = values[0], highest = values[0];
    bool nan = false;
    for (std::size_t i = 0; i < n; ++i) {
        const double v = values[i];
        lowest = v < lowest ? v : lowest;
        highest = v > highest ? v : highest;
        nan = nan || std::isnan(v);
    }
    if (nan)
        return notANumber();
    const double width = highest - lowest;
    if (!(width > 0.0) || !std::isfinite(width))
        return selectDirectly(values, n);
    // Bucket of a value: monotone in the value (subtraction and multiplication round monotonically), so every
    // value of a lower bucket is below every value of a higher one.
    const double scale = static_cast<double>(kBuckets) / width;
    const auto bucketOf = [&](double v) {
        const double b = (v - lowest) * scale;
        return b < static_cast<double>(kBuckets) ? (b > 0.0 ? static_cast<std::size_t>(b) : std::size_t{0})
                                                 : kBuckets - 1;
    };
    m_counts.assign(kBuckets, 0);
    for (std::size_t i = 0; i < n; ++i)
        ++m_counts[bucketOf(values[i])];

    // The six ranks wanted (three levels, the rank below and above each), in ascending order, and their buckets.
    std::array<Position, 3> positions{};
    std::array<std::size_t, 6> ranks{};
    for (std::size_t j = 0; j < 3; ++j) {
        positions[j] = positionOf(kLevels[j], n);
        ranks[2 * j] = positions[j].lo;
        ranks[2 * j + 1] = positions[j].hi;
    }
    std::array<std::size_t, 6> bucketOfRank{}, before{};
    std::size_t bucket = 0, below = 0; // values in buckets < bucket
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        while (below + m_counts[bucket] <= ranks[r])
            below += m_counts[bucket++];
        bucketOfRank[r] = bucket;
        before[r] = below;
    }
    m_slotOf.assign(kBuckets, kNoSlot);
    std::uint8_t slots = 0;
    for (std::size_t b : bucketOfRank)
        if (m_slotOf[b] == kNoSlot) {
            m_slots[slots].clear();
            m_slots[slots].reserve(m_counts[b]);
            m_slotOf[b] = slots++;
        }
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t slot = m_slotOf[bucketOf(values[i])];
        if (slot != kNoSlot)
            m_slots[slot].push_back(values[i]);
    }
    std::array<double, 6> at{};
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        std::vector<double> &held = m_slots[m_slotOf[bucketOfRank[r]]];
        const auto k = held.begin() + static_cast<std::ptrdiff_t>(ranks[r] - before[r]);
        std::nth_element(held.begin(), k, held.end());
        at[r] = *k;
    }
    return {interpolate(positions[0], at[0], at[1]), interpolate(positions[1], at[2], at[3]),
            interpolate(positions[2], at[4], at[5])};
}

Percentiles percentilesBySorting(std::vector<double> values)
{
    if (values.empty())
        return {};
    if (std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); }))
        return notANumber();
    std::sort(values.begin(), values.end());
    std::array<double, 3> out{};
    for (std::size_t j = 0; j < 3; ++j) {
        const Position p = positionOf(kLevels[j], values.size());
        out[j] = interpolate(p, values[p.lo], values[p.hi]);
    }
    return {out[0], out[1], out[2]};
}

} // namespace mltco::tco
