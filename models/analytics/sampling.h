#pragma once

#include "models/analytics/analysis.h"

#include <atomic>
#include <thread>
#include <vector>

namespace mltco::tco {

/// Runs worker(i) for every i in [0, count) on `threads` threads, the caller's among them; each thread builds its
/// own worker with makeWorker() (for its scratch buffers). What worker(i) computes must depend on i alone, so
/// that how the work is shared out never changes an answer.
template<typename MakeWorker>
void parallelFor(std::size_t count, int threads, MakeWorker makeWorker)
{
    std::atomic<std::size_t> next{0};
    const auto run = [&] {
        auto worker = makeWorker();
        for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1))
            worker(i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads && static_cast<std::size_t>(t) < count; ++t)
        pool.emplace_back(run);
    run();
    for (std::thread &t : pool)
        t.join();
}

/// A value the parameter takes: integers rounded (when `round`), everything inside its range (a greater-than bound
/// becomes the next number above it).
double clipToRange(const ParameterInfo &info, double v, bool round);

/// The plan's uncertain inputs drawn for `trials` trials (model.md §10.9): column c holds input c
/// (plan.uncertainty[c]) of every trial, clipped to its parameter's range; `targets[c]` is where it goes, -1 for the
/// workload, else the position of its scenario in `base.scenarios`. The same seed gives the same sample on any number
/// of threads (trial i draws from stream i; model.md §10.10, clarification 13).
struct InputSample final
{
    std::vector<int> targets;
    std::vector<std::vector<double>> columns;
};
Expected<InputSample> sampleUncertainInputs(const Plan &plan, const PlanResult &base, int trials, quint64 seed,
                                            Sampling sampling, int threads);

} // namespace mltco::tco
