#include "models/analytics/orderstatistics.h"

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

// The six ranks the three levels need (the rank below and above each), in ascending order.
struct WantedRanks final
{
    std::array<Position, 3> positions{};
    std::array<std::size_t, 6> ranks{};

    explicit WantedRanks(std::size_t n)
    {
        for (std::size_t j = 0; j < 3; ++j) {
            positions[j] = positionOf(kLevels[j], n);
            ranks[2 * j] = positions[j].lo;
            ranks[2 * j + 1] = positions[j].hi;
        }
    }

    /// P10, P50, P90 from the values at the six ranks.
    Percentiles result(const std::array<double, 6> &at) const
    {
        return {interpolate(positions[0], at[0], at[1]), interpolate(positions[1], at[2], at[3]),
                interpolate(positions[2], at[4], at[5])};
    }
};

// Equal-width buckets over [lowest, lowest + width]: the bucket of a value is monotone in the value (subtraction
// and multiplication round monotonically), so every value of a lower bucket is below every value of a higher one.
// Values outside the range go to the first or last bucket; with no finite width every value goes to the first.
struct Grid final
{
    double lowest = 0.0;
    double scale = 0.0;
    std::size_t buckets = 1;

    Grid() = default;
    Grid(double low, double high, std::size_t count) : lowest(low), buckets(count)
    {
        const double width = high - low;
        scale = width > 0.0 && std::isfinite(width) ? static_cast<double>(count) / width : 0.0;
    }

    std::size_t operator()(double v) const
    {
        const double b = (v - lowest) * scale;
        return b < static_cast<double>(buckets) ? (b > 0.0 ? static_cast<std::size_t>(b) : std::size_t{0}) : buckets - 1;
    }
};

// Which bucket holds each wanted rank, and how many values lie in the buckets below it.
struct Located final
{
    std::array<std::size_t, 6> bucket{}, before{};
};

Located locate(const std::uint32_t *counts, const WantedRanks &wanted)
{
    Located out;
    std::size_t bucket = 0, below = 0; // values in buckets < bucket
    for (std::size_t r = 0; r < wanted.ranks.size(); ++r) {
        while (below + counts[bucket] <= wanted.ranks[r])
            below += counts[bucket++];
        out.bucket[r] = bucket;
        out.before[r] = below;
    }
    return out;
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
    const Grid bucketOf(lowest, highest, kBuckets);
    m_counts.assign(kBuckets, 0);
    for (std::size_t i = 0; i < n; ++i)
        ++m_counts[bucketOf(values[i])];

    const WantedRanks wanted(n);
    const Located located = locate(m_counts.data(), wanted);
    m_slotOf.assign(kBuckets, kNoSlot);
    std::uint8_t slotCount = 0;
    for (std::size_t b : located.bucket)
        if (m_slotOf[b] == kNoSlot) {
            m_slots[slotCount].clear();
            m_slots[slotCount].reserve(m_counts[b]);
            m_slotOf[b] = slotCount++;
        }
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t slot = m_slotOf[bucketOf(values[i])];
        if (slot != kNoSlot)
            m_slots[slot].push_back(values[i]);
    }
    std::array<double, 6> at{};
    for (std::size_t r = 0; r < at.size(); ++r) {
        std::vector<double> &held = m_slots[m_slotOf[located.bucket[r]]];
        const auto k = held.begin() + static_cast<std::ptrdiff_t>(wanted.ranks[r] - located.before[r]);
        std::nth_element(held.begin(), k, held.end());
        at[r] = *k;
    }
    return wanted.result(at);
}

StreamedPercentiles::StreamedPercentiles(std::size_t columns, std::size_t n)
    : m_columns(columns), m_n(n), m_lowest(columns, INFINITY), m_highest(columns, -INFINITY), m_nan(columns, 0)
{
}

void StreamedPercentiles::Ranges::see(std::size_t column, float v)
{
    lowest[column] = v < lowest[column] ? v : lowest[column];
    highest[column] = v > highest[column] ? v : highest[column];
    nan[column] = nan[column] || std::isnan(v) ? 1 : 0;
}

StreamedPercentiles::Ranges StreamedPercentiles::ranges() const
{
    return {std::vector<float>(m_columns, INFINITY), std::vector<float>(m_columns, -INFINITY),
            std::vector<std::uint8_t>(m_columns, 0)};
}

void StreamedPercentiles::add(const Ranges &part)
{
    for (std::size_t c = 0; c < m_columns; ++c) {
        m_lowest[c] = std::min(m_lowest[c], part.lowest[c]);
        m_highest[c] = std::max(m_highest[c], part.highest[c]);
        m_nan[c] = m_nan[c] || part.nan[c] ? 1 : 0;
    }
}

std::size_t StreamedPercentiles::bucketOf(std::size_t column, float v) const
{
    Grid grid;
    grid.lowest = m_lowest[column];
    grid.scale = m_scale[column];
    grid.buckets = kStreamBuckets;
    return grid(v);
}

void StreamedPercentiles::Counts::see(std::size_t column, float v)
{
    ++counts[column * kStreamBuckets + owner->bucketOf(column, v)];
}

StreamedPercentiles::Counts StreamedPercentiles::counts()
{
    if (m_scale.empty()) {
        m_scale.resize(m_columns);
        for (std::size_t c = 0; c < m_columns; ++c)
            m_scale[c] = Grid(m_lowest[c], m_highest[c], kStreamBuckets).scale;
    }
    return {this, std::vector<std::uint32_t>(m_columns * kStreamBuckets, 0)};
}

void StreamedPercentiles::add(const Counts &part)
{
    if (m_counts.empty())
        m_counts.assign(m_columns * kStreamBuckets, 0);
    for (std::size_t i = 0; i < m_counts.size(); ++i)
        m_counts[i] += part.counts[i];
    m_wanted.clear(); // chosen again from the merged counts
}

void StreamedPercentiles::chooseWanted()
{
    const WantedRanks wanted(m_n);
    m_wanted.assign(m_columns, {});
    for (std::size_t c = 0; c < m_columns; ++c)
        m_wanted[c] = locate(&m_counts[c * kStreamBuckets], wanted).bucket;
}

void StreamedPercentiles::Collected::see(std::size_t column, float v)
{
    // Columns that are NaN or all one value need no values (result() answers them from their range).
    if (owner->m_nan[column] || !(owner->m_highest[column] > owner->m_lowest[column]))
        return;
    const std::size_t b = owner->bucketOf(column, v);
    const std::array<std::size_t, 6> &wanted = owner->m_wanted[column];
    if (std::find(wanted.begin(), wanted.end(), b) != wanted.end())
        values[column].push_back(v);
}

StreamedPercentiles::Collected StreamedPercentiles::collected()
{
    if (m_wanted.empty())
        chooseWanted();
    return {this, std::vector<std::vector<float>>(m_columns)};
}

void StreamedPercentiles::add(Collected &&part)
{
    if (m_collected.empty())
        m_collected.resize(m_columns);
    for (std::size_t c = 0; c < m_columns; ++c) {
        std::vector<float> &into = m_collected[c];
        if (into.empty())
            into = std::move(part.values[c]);
        else
            into.insert(into.end(), part.values[c].begin(), part.values[c].end());
    }
}

Percentiles StreamedPercentiles::result(std::size_t column)
{
    if (m_n == 0)
        return {};
    if (m_nan[column])
        return notANumber();
    if (!(m_highest[column] > m_lowest[column]))
        return {m_lowest[column], m_lowest[column], m_lowest[column]};
    // The collected values of the wanted buckets, sorted: the buckets' ranks follow one another in that order.
    std::vector<float> &held = m_collected[column];
    std::sort(held.begin(), held.end());
    const WantedRanks wanted(m_n);
    const Located located = locate(&m_counts[column * kStreamBuckets], wanted);
    // Rank r of the column is at (r − values below its bucket) inside its bucket; the held values are the wanted
    // buckets' in bucket order, so the bucket starts after the held values of lower wanted buckets.
    std::array<double, 6> at{};
    for (std::size_t r = 0; r < at.size(); ++r) {
        std::size_t start = 0;
        std::array<std::size_t, 6> seen{};
        std::size_t distinct = 0;
        for (std::size_t b : located.bucket)
            if (b < located.bucket[r] && std::find(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(distinct), b) ==
                                             seen.begin() + static_cast<std::ptrdiff_t>(distinct)) {
                seen[distinct++] = b;
                start += m_counts[column * kStreamBuckets + b];
            }
        at[r] = held[start + wanted.ranks[r] - located.before[r]];
    }
    std::vector<float>().swap(held);
    return wanted.result(at);
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
