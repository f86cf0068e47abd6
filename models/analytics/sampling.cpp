#include "models/analytics/sampling.h"

#include "models/analytics/distributions.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>

namespace mltco::tco {

namespace {

// SplitMix64: a counter-based generator, so trial i draws from "stream i" whatever thread runs it
// (model.md §10.10, clarification 13).
constexpr quint64 mix(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// A uniform number in (0, 1), never 0 or 1: draw k of trial i.
double uniform(quint64 seed, quint64 trial, quint64 k)
{
    const quint64 bits = mix(mix(seed ^ mix(trial)) + k);
    return (static_cast<double>(bits >> 11) + 0.5) * 0x1.0p-53;
}

// A column's values in ascending order, each with its position (ties by position, which continuous samples do
// not have): one sort of contiguous pairs, which gives both the sorted values and every value's rank. With a
// Latin hypercube's `strata` (the stratum of each value: stratum r holds the r-th smallest, as a quantile
// function never decreases) the order is read off them and checked instead of sorted; a check that fails (ties
// out of position order) falls back to the sort, so the answer is always the sorted one.
std::vector<std::pair<double, int>> sortedWithPositions(const std::vector<double> &column,
                                                        const std::vector<std::uint32_t> *strata = nullptr)
{
    std::vector<std::pair<double, int>> order(column.size());
    if (strata) {
        for (std::size_t i = 0; i < column.size(); ++i)
            order[(*strata)[i]] = {column[i], static_cast<int>(i)};
        if (std::is_sorted(order.begin(), order.end()))
            return order;
    }
    for (std::size_t i = 0; i < column.size(); ++i)
        order[i] = {column[i], static_cast<int>(i)};
    std::sort(order.begin(), order.end());
    return order;
}

// Iman–Conover: reorders each column of `x` (n rows, k columns, column-major) so that the columns' rank
// correlations approach those of `target` (k × k normal-score correlations), keeping every column's values.
// `strata`: each column's Latin hypercube strata, or empty. Columns are shared out among `threads`; the result
// does not depend on how.
void imanConover(std::vector<std::vector<double>> &x, const std::vector<std::vector<std::uint32_t>> &strata,
                 const std::vector<double> &target, int threads)
{
    const std::size_t k = x.size();
    const std::size_t n = x.front().size();
    const auto at = [k](std::size_t r, std::size_t c) { return r * k + c; };
    // Van der Waerden scores: the score of rank r is the same for every column, so one table serves them all.
    std::vector<double> score(n);
    for (std::size_t r = 0; r < n; ++r)
        score[r] = normalQuantile((static_cast<double>(r) + 1.0) / (static_cast<double>(n) + 1.0));
    // S: each column's scores in the order of its current ranks.
    std::vector<std::vector<std::pair<double, int>>> order(k);
    std::vector<std::vector<double>> s(k, std::vector<double>(n));
    parallelFor(k, threads, [&] {
        return [&](std::size_t c) {
            order[c] = sortedWithPositions(x[c], strata.empty() ? nullptr : &strata[c]);
            for (std::size_t r = 0; r < n; ++r)
                s[c][static_cast<std::size_t>(order[c][r].second)] = score[r];
        };
    });
    // E: the scores' own correlation (symmetric: the lower triangle is computed and mirrored); T = S · (Q⁻¹)ᵀ · Pᵀ
    // with E = Q Qᵀ and target = P Pᵀ.
    std::vector<double> e(k * k);
    for (std::size_t a = 0; a < k; ++a)
        for (std::size_t b = 0; b <= a; ++b) {
            double sab = 0, saa = 0, sbb = 0;
            for (std::size_t i = 0; i < n; ++i) {
                sab += s[a][i] * s[b][i];
                saa += s[a][i] * s[a][i];
                sbb += s[b][i] * s[b][i];
            }
            e[at(a, b)] = e[at(b, a)] = sab / std::sqrt(saa * sbb);
        }
    const auto q = cholesky(e, static_cast<int>(k));
    const auto p = cholesky(target, static_cast<int>(k));
    if (!q || !p)
        return; // too few trials to correlate (the scores are degenerate): leave the sample independent
    // Row i of T = row i of S · (Q⁻¹)ᵀ · Pᵀ. Solve with Q row by row (forward substitution).
    std::vector<std::vector<double>> t(k, std::vector<double>(n));
    std::vector<double> z(k);
    for (std::size_t i = 0; i < n; ++i) {
        // z = Q⁻¹ · sᵢ (sᵢ as a column): forward substitution on the lower-triangular Q.
        for (std::size_t r = 0; r < k; ++r) {
            double v = s[r][i];
            for (std::size_t c = 0; c < r; ++c)
                v -= (*q)[at(r, c)] * z[c];
            z[r] = v / (*q)[at(r, r)];
        }
        // tᵢ = P · z
        for (std::size_t r = 0; r < k; ++r) {
            double v = 0;
            for (std::size_t c = 0; c <= r; ++c)
                v += (*p)[at(r, c)] * z[c];
            t[r][i] = v;
        }
    }
    // Each column of x takes the rank order of the same column of T.
    parallelFor(k, threads, [&] {
        return [&](std::size_t c) {
            const std::vector<std::pair<double, int>> byT = sortedWithPositions(t[c]);
            for (std::size_t r = 0; r < n; ++r)
                x[c][static_cast<std::size_t>(byT[r].second)] = order[c][r].first;
        };
    });
}

} // namespace

double clipToRange(const ParameterInfo &info, double v, bool round)
{
    if (info.type == ParamType::Integer && round)
        v = std::round(v);
    const double lo = info.minExclusive ? std::nextafter(info.min, INFINITY) : info.min;
    return std::clamp(v, lo, info.max);
}

Expected<InputSample> sampleUncertainInputs(const Plan &plan, const PlanResult &base, int trials, quint64 seed,
                                            Sampling sampling, int threads)
{
    const std::size_t nScen = base.scenarios.size();
    const auto n = static_cast<std::size_t>(trials);
    const std::size_t k = static_cast<std::size_t>(plan.uncertainty.size());
    InputSample sample;
    std::vector<int> &targets = sample.targets;
    // Where each uncertain input goes: the workload (-1) or a scenario, by index.
    QStringList problems;
    for (qsizetype i = 0; i < plan.uncertainty.size(); ++i) {
        const Uncertainty &u = plan.uncertainty.at(i);
        int t = -2;
        if (u.targetsWorkload())
            t = -1;
        for (std::size_t s = 0; s < nScen && t == -2; ++s)
            if (base.scenarios[s].name == u.target)
                t = static_cast<int>(s);
        if (t == -2)
            problems << QStringLiteral("uncertainty[%1].target: no scenario is named \"%2\"").arg(i).arg(u.target);
        else if (t >= 0 && !parameterValue(base.scenarios[static_cast<std::size_t>(t)].scenario, u.parameter))
            problems << QStringLiteral("uncertainty[%1].parameter: %2 has no %3")
                            .arg(i)
                            .arg(u.target, parameterKey(u.parameter));
        targets.push_back(t);
    }
    if (!problems.isEmpty())
        return Error{QStringLiteral("the plan's uncertainty cannot be sampled"), problems};
    std::optional<std::vector<double>> target;
    if (!plan.correlations.isEmpty()) {
        target = targetCorrelationMatrix(plan.correlations, static_cast<int>(k));
        if (!target)
            return Error{QStringLiteral("the plan's correlations contradict each other"), {}};
    }

    std::vector<std::vector<double>> &x = sample.columns;
    // Column c holds input c of every trial. The strata of a Latin hypercube are shuffled in column order with one
    // master stream; the draws themselves come from each trial's own stream, column by column in parallel.
    x.assign(k, std::vector<double>(n));
    std::vector<std::vector<std::uint32_t>> strata(sampling == Sampling::LatinHypercube ? k : 0);
    std::mt19937_64 master(mix(seed));
    for (std::vector<std::uint32_t> &column : strata) {
        column.resize(n);
        std::iota(column.begin(), column.end(), std::uint32_t{0});
        for (std::size_t i = n; i > 1; --i) // Fisher–Yates with the master stream
            std::swap(column[i - 1], column[static_cast<std::size_t>(master() % i)]);
    }
    parallelFor(k, threads, [&] {
        return [&](std::size_t c) {
            const Quantile quantile(plan.uncertainty.at(static_cast<qsizetype>(c)));
            for (std::size_t i = 0; i < n; ++i) {
                const double u = uniform(seed, i, c);
                const double p = strata.empty() ? u : (static_cast<double>(strata[c][i]) + u) / static_cast<double>(n);
                x[c][i] = quantile(std::clamp(p, 1e-12, 1 - 1e-12));
            }
        };
    });
    if (target && n >= 3)
        imanConover(x, strata, *target, threads);
    strata.clear();
    for (std::size_t c = 0; c < k; ++c) {
        const ParameterInfo &info = parameterInfo(plan.uncertainty.at(static_cast<qsizetype>(c)).parameter);
        for (double &v : x[c])
            v = clipToRange(info, v, true);
    }
    return sample;
}

} // namespace mltco::tco
