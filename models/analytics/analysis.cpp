#include "models/analytics/analysis.h"
#include "models/analytics/distributions.h"
#include "models/analytics/sampling.h"

#include "models/tco/engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <thread>

namespace mltco::tco {
namespace {


void evaluateAll(const PlanResult &base, const Workload &w, const std::vector<Scenario> &sc,
                 std::vector<ScenarioResult> &out, MixScratch &scratch)
{
    for (std::size_t i = 0; i < sc.size(); ++i)
        evaluateScenarioAmong(base, w, sc, i, out[i], scratch);
}

bool isMovable(const ParameterInfo &info) { return info.type == ParamType::Number || info.type == ParamType::Integer; }


const Uncertainty *uncertaintyOf(const Plan &plan, const QString &target, ParamId id)
{
    for (const Uncertainty &u : plan.uncertainty)
        if (u.target == target && u.parameter == id)
            return &u;
    return nullptr;
}

// Clarification 10: the distribution's range, else v·(1 ± p) (integers floor / ceil), clipped; low < high.
std::pair<double, double> tornadoPoints(const ParameterInfo &info, double v, const Uncertainty *u, double swing)
{
    double a, b;
    if (u) {
        std::tie(a, b) = distributionRange(*u);
    } else {
        a = v * (1 - swing);
        b = v * (1 + swing);
        if (info.type == ParamType::Integer) {
            a = std::floor(a);
            b = std::ceil(b);
        }
    }
    a = clipToRange(info, a, false);
    b = clipToRange(info, b, false);
    return {std::min(a, b), std::max(a, b)};
}

double mean(const std::vector<double> &values)
{
    return values.empty() ? 0.0 : std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

int threadCount(const AnalysisOptions &options)
{
    return options.threads > 0 ? options.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}


} // namespace

QString samplingKey(Sampling sampling)
{
    return sampling == Sampling::Random ? QStringLiteral("random") : QStringLiteral("lhs");
}

std::optional<Sampling> samplingFromKey(const QString &key)
{
    if (key == QLatin1String("lhs"))
        return Sampling::LatinHypercube;
    if (key == QLatin1String("random"))
        return Sampling::Random;
    return std::nullopt;
}

QString analysisCancelledMessage() { return QStringLiteral("analysis cancelled"); }

std::vector<TornadoEntry> tornado(const Plan &plan, const PlanResult &base, double swing)
{
    const std::size_t n = base.scenarios.size();
    std::vector<Scenario> sc;
    for (const EvaluatedScenario &s : base.scenarios)
        sc.push_back(s.scenario);
    std::vector<ScenarioResult> results(n);
    MixScratch scratch;
    std::vector<std::vector<TornadoEntry>> per(n);

    const QString workloadTarget = QStringLiteral("workload");
    for (ParamId id : workloadParameters()) {
        const ParameterInfo &info = parameterInfo(id);
        if (!isMovable(info) || id == ParamId::HorizonMonths)
            continue;
        const std::optional<double> v = parameterValue(base.workload, id);
        if (!v)
            continue;
        const auto [lo, hi] = tornadoPoints(info, *v, uncertaintyOf(plan, workloadTarget, id), swing);
        std::vector<double> totals[2];
        for (int side = 0; side < 2; ++side) {
            Workload w = base.workload;
            setParameterValue(w, id, side == 0 ? lo : hi);
            evaluateAll(base, w, sc, results, scratch);
            for (const ScenarioResult &r : results)
                totals[side].push_back(r.total);
        }
        for (std::size_t s = 0; s < n; ++s)
            per[s].push_back({base.scenarios[s].name, workloadTarget, id, *v, lo, hi, totals[0][s], totals[1][s]});
    }
    for (std::size_t s = 0; s < n; ++s) {
        const ScenarioKind kind = base.scenarios[s].kind();
        const bool boxesStated = kind == ScenarioKind::Dedicated && parameterValue(sc[s], ParamId::Boxes).has_value();
        for (ParamId id : scenarioParameters(kind)) {
            const ParameterInfo &info = parameterInfo(id);
            if (!isMovable(info) || (id == ParamId::BoxesPerEngineer && boxesStated))
                continue;
            // A purchase paying the plan's electricity price moves with the plan's bar, not with a price of its own.
            if (const auto *purchase = std::get_if<PurchaseScenario>(&sc[s]);
                purchase && id == ParamId::ElectricityPerKwh && purchase->electricityFromPlan && base.workload.electricityPerKwh)
                continue;
            const std::optional<double> v = parameterValue(sc[s], id);
            if (!v)
                continue;
            const auto [lo, hi] = tornadoPoints(info, *v, uncertaintyOf(plan, base.scenarios[s].name, id), swing);
            double totals[2];
            for (int side = 0; side < 2; ++side) {
                std::vector<Scenario> moved = sc;
                setParameterValue(moved[s], id, side == 0 ? lo : hi);
                evaluateScenarioAmong(base, base.workload, moved, s, results[s], scratch);
                totals[side] = results[s].total;
            }
            per[s].push_back({base.scenarios[s].name, base.scenarios[s].name, id, *v, lo, hi, totals[0], totals[1]});
        }
    }
    std::vector<TornadoEntry> out;
    for (std::size_t s = 0; s < n; ++s) {
        std::stable_sort(per[s].begin(), per[s].end(),
                         [](const TornadoEntry &x, const TornadoEntry &y) { return x.swing() > y.swing(); });
        const double scale = std::max(1.0, std::abs(base.scenarios[s].result.total));
        for (const TornadoEntry &e : per[s])
            if (e.swing() > 1e-12 * scale)
                out.push_back(e);
    }
    return out;
}

bool mediansSettled(const std::vector<double> &totals, std::size_t scenarios, double tolerance)
{
    if (scenarios == 0 || totals.size() < scenarios)
        return false;
    const std::size_t n = totals.size() / scenarios;
    const double half = 1.959963984540054 * std::sqrt(static_cast<double>(n)) / 2;
    const auto lo = static_cast<std::size_t>(std::max(0.0, std::floor(static_cast<double>(n) / 2 - half)));
    const auto hi = static_cast<std::size_t>(std::min(static_cast<double>(n - 1), std::ceil(static_cast<double>(n) / 2 + half)));
    std::vector<double> column(n);
    for (std::size_t s = 0; s < scenarios; ++s) {
        for (std::size_t i = 0; i < n; ++i)
            column[i] = totals[i * scenarios + s];
        std::sort(column.begin(), column.end());
        const double median = column[n / 2];
        if ((column[hi] - column[lo]) / 2 > tolerance * std::abs(median))
            return false;
    }
    return true;
}

Plan withoutLeftOutUncertainty(const Plan &plan, const PlanResult &base, QStringList *dropped)
{
    Plan kept = plan;
    removeUncertainty(kept, [&](const Uncertainty &u, int) {
        if (u.targetsWorkload())
            return false;
        for (const LeftOut &l : base.leftOut) {
            if (l.scenario && l.name == u.target) {
                if (dropped && !dropped->contains(l.name))
                    *dropped << l.name;
                return true;
            }
        }
        return false;
    });
    return kept;
}

Expected<AnalysisResult> analyzePlan(const Plan &plan, const PlanResult &base, const AnalysisOptions &options)
{
    if (options.converge) {
        AnalysisOptions step = options;
        step.converge = false;
        step.keepSamples = true;
        for (int trials = std::min(1000, options.trials);; trials = std::min(trials * 2, options.trials)) {
            step.trials = trials;
            Expected<AnalysisResult> r = analyzePlan(plan, base, step);
            if (!r)
                return r;
            const bool settled = mediansSettled(r->sampleTotals, r->scenarios.size());
            if (settled || trials >= options.trials) {
                r->converged = settled;
                if (!options.keepSamples) {
                    r->sampleInputs.clear();
                    r->sampleTotals.clear();
                }
                return r;
            }
        }
    }
    if (options.trials < 1 || options.trials > kMaxTrials)
        return Error{QStringLiteral("trials must be a whole number from 1 to %1").arg(kMaxTrials), {}};
    if (!(options.swing > 0 && options.swing < 1))
        return Error{QStringLiteral("swing must be a fraction greater than 0 and less than 1 (0.2 is ±20 %)"), {}};

    // Nothing to compare (every scenario deleted, or left out as not yet complete): said, never sampled.
    if (base.scenarios.empty())
        return Error{QStringLiteral("the plan has no scenario that can be evaluated, so there is nothing to weigh at "
                                    "risk: add a scenario, or complete one that is left out"),
                     {}};
    const std::size_t nScen = base.scenarios.size();
    const auto n = static_cast<std::size_t>(options.trials);
    const std::size_t k = static_cast<std::size_t>(plan.uncertainty.size());
    const int horizon = base.workload.horizonMonths;

    const int threads = threadCount(options);
    Expected<InputSample> sample = sampleUncertainInputs(plan, base, options.trials, options.seed, options.sampling, threads);
    if (!sample)
        return sample.error();
    const std::vector<int> &targets = sample->targets;
    const std::vector<std::vector<double>> &x = sample->columns;

    // Paybacks by index: the plan's break-even requests, then the dashboard's (the headline purchase against the plan's
    // one counterpart, headlineBreakEven) when the plan does not ask for that pair.
    std::vector<std::pair<int, int>> requests;
    std::vector<std::pair<QString, QString>> requestNames;
    for (const EvaluatedBreakEven &b : base.breakeven) {
        int p = -1, q = -1;
        for (std::size_t s = 0; s < nScen; ++s) {
            if (base.scenarios[s].name == b.request.purchase)
                p = static_cast<int>(s);
            if (base.scenarios[s].name == b.request.cloud)
                q = static_cast<int>(s);
        }
        requests.emplace_back(p, q);
        requestNames.emplace_back(b.request.purchase, b.request.cloud);
    }
    int dashboardRequest = -1;
    {
        const int purchase = headlinePurchase(base);
        const OwningCounterpart counterpart = owningCounterpart(base);
        if (purchase >= 0 && counterpart.cloud >= 0) {
            const auto found = std::find(requests.begin(), requests.end(), std::pair{purchase, counterpart.cloud});
            dashboardRequest = static_cast<int>(found - requests.begin());
            if (found == requests.end()) {
                requests.emplace_back(purchase, counterpart.cloud);
                requestNames.emplace_back(base.scenarios[static_cast<std::size_t>(purchase)].name,
                                          base.scenarios[static_cast<std::size_t>(counterpart.cloud)].name);
            }
        }
    }

    // The fan needs every month's cumulative cost of every trial. Kept (4 bytes a value, column-major so each
    // column is contiguous) when that fits options.fanMemoryLimit; otherwise the trials are run three times and
    // the values streamed through StreamedPercentiles, which gives the same figures in bounded memory.
    const std::size_t columns = nScen * static_cast<std::size_t>(horizon);
    const bool keepFan = options.fanMemoryLimit == 0 || n * columns * sizeof(float) <= options.fanMemoryLimit;
    const int passes = keepFan ? 1 : 3;
    std::vector<double> totals(n * nScen), npvs(n * nScen);
    std::vector<float> cumulative(keepFan ? n * columns : 0);
    std::vector<int> payback(n * requests.size()); // 0: never
    std::atomic<bool> cancel{false};

    // One pass over the trials: each thread evaluates its share with its own copies of the inputs and hands
    // visit(i, results) trial i's scenario results; the visitor is made per thread by makeVisitor(thread).
    // Progress counts every pass's trials (a three-pass run reports each trial three times, scaled to `trials`).
    const auto runPass = [&](int pass, auto makeVisitor) {
        std::atomic<std::size_t> next{0};
        std::atomic<std::size_t> done{0};
        constexpr std::size_t kBlock = 256;
        const auto work = [&](int thread) {
            auto visit = makeVisitor(thread);
            Workload w = base.workload;
            std::vector<Scenario> sc;
            for (const EvaluatedScenario &s : base.scenarios)
                sc.push_back(s.scenario);
            std::vector<ScenarioResult> results(nScen);
            MixScratch scratch;
            for (;;) {
                const std::size_t start = next.fetch_add(kBlock);
                if (start >= n || cancel.load(std::memory_order_relaxed))
                    return;
                const std::size_t end = std::min(n, start + kBlock);
                for (std::size_t i = start; i < end; ++i) {
                    for (std::size_t c = 0; c < k; ++c) {
                        const ParamId id = plan.uncertainty.at(static_cast<qsizetype>(c)).parameter;
                        if (targets[c] < 0)
                            setParameterValue(w, id, x[c][i]);
                        else
                            setParameterValue(sc[static_cast<std::size_t>(targets[c])], id, x[c][i]);
                    }
                    evaluateAll(base, w, sc, results, scratch);
                    visit(i, results);
                }
                done.fetch_add(end - start);
            }
        };
        std::vector<std::thread> pool;
        const int helpers = options.progress ? threads : threads - 1;
        for (int t = 0; t < helpers; ++t)
            pool.emplace_back(work, t);
        if (options.progress) {
            // Asked at once and then every 20 ms: a cancel is honoured even when the trials finish first.
            for (;;) {
                const std::size_t now = done.load();
                const auto reported = static_cast<int>((static_cast<std::size_t>(pass) * n + now) / static_cast<std::size_t>(passes));
                if (!options.progress(reported, options.trials)) {
                    cancel = true;
                    break;
                }
                if (now >= n)
                    break;
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        } else {
            work(helpers);
        }
        for (std::thread &t : pool)
            t.join();
        return !cancel.load();
    };
    // Calls see(column, value) with every month's cumulative cost of a trial's scenarios, in single precision.
    const auto forEachCumulative = [&](const std::vector<ScenarioResult> &results, auto &&see) {
        for (std::size_t s = 0; s < nScen; ++s) {
            double sum = 0;
            for (int m = 0; m < horizon && m < static_cast<int>(results[s].months.size()); ++m) {
                sum += results[s].months[static_cast<std::size_t>(m)].total;
                see(s * static_cast<std::size_t>(horizon) + static_cast<std::size_t>(m), static_cast<float>(sum));
            }
        }
    };
    const int parts = threads; // runPass's threads are numbered 0 .. threads − 1
    std::optional<StreamedPercentiles> streamed;
    std::vector<StreamedPercentiles::Ranges> ranges;
    if (!keepFan) {
        streamed.emplace(columns, n);
        for (int t = 0; t < parts; ++t)
            ranges.push_back(streamed->ranges());
    }
    const bool finished = runPass(0, [&](int thread) {
        return [&, thread](std::size_t i, const std::vector<ScenarioResult> &results) {
            for (std::size_t s = 0; s < nScen; ++s) {
                totals[i * nScen + s] = results[s].total;
                npvs[i * nScen + s] = results[s].npv;
            }
            if (keepFan)
                forEachCumulative(results, [&](std::size_t column, float v) { cumulative[column * n + i] = v; });
            else
                forEachCumulative(results, [&](std::size_t column, float v) {
                    ranges[static_cast<std::size_t>(thread)].see(column, v);
                });
            for (std::size_t r = 0; r < requests.size(); ++r) {
                const auto [p, q] = requests[r];
                const std::optional<int> month =
                    p >= 0 && q >= 0 ? breakEvenMonth(results[static_cast<std::size_t>(p)], results[static_cast<std::size_t>(q)])
                                     : std::nullopt;
                payback[i * requests.size() + r] = month.value_or(0);
            }
        };
    });
    if (!finished)
        return Error{analysisCancelledMessage(), {}};
    if (!keepFan) {
        for (const StreamedPercentiles::Ranges &part : ranges)
            streamed->add(part);
        ranges.clear();
        // Passes 2 and 3: every thread's part (counts, then collected values) sees every value; then they merge.
        const auto streamPass = [&](int pass, auto perThread) {
            if (!runPass(pass, [&](int thread) {
                    return [&, thread](std::size_t, const std::vector<ScenarioResult> &results) {
                        forEachCumulative(results, [&](std::size_t column, float v) {
                            perThread[static_cast<std::size_t>(thread)].see(column, v);
                        });
                    };
                }))
                return false;
            for (auto &part : perThread)
                streamed->add(std::move(part));
            return true;
        };
        std::vector<StreamedPercentiles::Counts> counts;
        for (int t = 0; t < parts; ++t)
            counts.push_back(streamed->counts());
        if (!streamPass(1, std::move(counts)))
            return Error{analysisCancelledMessage(), {}};
        std::vector<StreamedPercentiles::Collected> collected;
        for (int t = 0; t < parts; ++t)
            collected.push_back(streamed->collected());
        if (!streamPass(2, std::move(collected)))
            return Error{analysisCancelledMessage(), {}};
    }

    AnalysisResult out;
    out.currency = plan.currency;
    out.trials = options.trials;
    out.seed = options.seed;
    out.sampling = options.sampling;
    out.swing = options.swing;
    std::vector<double> cheapest(nScen, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const double *row = &totals[i * nScen];
        const double best = *std::min_element(row, row + nScen);
        const auto ties = static_cast<double>(std::count(row, row + nScen, best));
        for (std::size_t s = 0; s < nScen; ++s)
            if (row[s] == best)
                cheapest[s] += 1.0 / ties;
    }
    std::vector<double> column(n);
    PercentileSelector percentiles;
    for (std::size_t s = 0; s < nScen; ++s) {
        ScenarioRisk risk;
        risk.name = base.scenarios[s].name;
        for (std::size_t i = 0; i < n; ++i)
            column[i] = totals[i * nScen + s];
        risk.mean = mean(column);
        risk.total = percentiles(column.data(), n);
        for (std::size_t i = 0; i < n; ++i)
            column[i] = npvs[i * nScen + s];
        risk.npvMean = mean(column);
        risk.npv = percentiles(column.data(), n);
        risk.pCheapest = cheapest[s] / static_cast<double>(n);
        out.scenarios.push_back(risk);
    }
    // The fan: three percentiles of every month of every scenario, columns shared out among the threads (each
    // column's answer depends on its values only, so the split does not change it).
    out.fan.resize(nScen);
    for (std::size_t s = 0; s < nScen; ++s) {
        out.fan[s].scenario = base.scenarios[s].name;
        out.fan[s].p10.resize(static_cast<std::size_t>(horizon));
        out.fan[s].p50.resize(static_cast<std::size_t>(horizon));
        out.fan[s].p90.resize(static_cast<std::size_t>(horizon));
    }
    parallelFor(nScen * static_cast<std::size_t>(horizon), threads, [&] {
        return [&, selector = PercentileSelector()](std::size_t col) mutable {
            const std::size_t s = col / static_cast<std::size_t>(horizon), m = col % static_cast<std::size_t>(horizon);
            const Percentiles p = keepFan ? selector(&cumulative[col * n], n) : streamed->result(col);
            out.fan[s].p10[m] = p.p10;
            out.fan[s].p50[m] = p.p50;
            out.fan[s].p90[m] = p.p90;
        };
    });
    for (std::size_t a = 0; a < nScen; ++a)
        for (std::size_t b = a + 1; b < nScen; ++b) {
            PairRisk pair;
            pair.a = base.scenarios[a].name;
            pair.b = base.scenarios[b].name;
            std::size_t cheaper = 0;
            for (std::size_t i = 0; i < n; ++i) {
                column[i] = totals[i * nScen + a] - totals[i * nScen + b];
                cheaper += column[i] < 0 ? 1 : 0;
            }
            pair.pACheaper = static_cast<double>(cheaper) / static_cast<double>(n);
            pair.difference = percentiles(column.data(), n);
            out.pairs.push_back(pair);
        }
    for (std::size_t r = 0; r < requests.size(); ++r) {
        BreakEvenMonthRisk risk;
        risk.purchase = requestNames[r].first;
        risk.cloud = requestNames[r].second;
        risk.onDashboard = static_cast<int>(r) == dashboardRequest;
        risk.requested = r < base.breakeven.size();
        // "Never" sorts after every month; a percentile that needs a never-trial has no month.
        std::vector<double> months(n);
        std::size_t never = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const int m = payback[i * requests.size() + r];
            months[i] = m > 0 ? m : INFINITY;
            never += m > 0 ? 0 : 1;
        }
        std::sort(months.begin(), months.end());
        risk.pNever = static_cast<double>(never) / static_cast<double>(n);
        const auto at = [&](double q) -> std::optional<double> {
            const double h = static_cast<double>(n - 1) * q;
            const auto lo = static_cast<std::size_t>(std::floor(h));
            const std::size_t hi = std::min(lo + 1, n - 1);
            const double frac = h - static_cast<double>(lo);
            if (!std::isfinite(months[lo]) || (frac > 0 && !std::isfinite(months[hi])))
                return std::nullopt;
            return frac > 0 ? months[lo] + frac * (months[hi] - months[lo]) : months[lo];
        };
        risk.p10 = at(0.1);
        risk.p50 = at(0.5);
        risk.p90 = at(0.9);
        out.breakevenMonths.push_back(risk);
    }
    out.tornado = tornado(plan, base, options.swing);
    if (options.keepSamples) {
        out.sampleInputs.resize(n * k);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < k; ++c)
                out.sampleInputs[i * k + c] = x[c][i];
        out.sampleTotals = std::move(totals);
    }
    return out;
}

} // namespace mltco::tco
