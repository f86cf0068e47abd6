// Decision analytics (model.md §10.9, §10.10 clarifications 10–13): the tornado against totals evaluated by
// hand and by the engine directly, the samplers' moments and quantiles, Iman–Conover's rank correlation,
// determinism across seeds and threads, and the plan reader's refusals of bad uncertainty entries.
#include "models/analytics/distributions.h"
#include "models/analytics/analysis.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QTest>

#include <tuple>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace mltco;
using namespace mltco::tco;

namespace {

Plan uncertainPlan()
{
    QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/analysis/uncertain-plan.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("test plan missing");
    Expected<Plan> plan = readPlan(file.readAll());
    if (!plan)
        qFatal("%s", qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    return *plan;
}

const TornadoEntry *bar(const std::vector<TornadoEntry> &bars, const QString &scenario, const QString &target, ParamId id)
{
    for (const TornadoEntry &e : bars)
        if (e.scenario == scenario && e.target == target && e.parameter == id)
            return &e;
    return nullptr;
}

double totalWith(Plan plan, const QString &scenario, ParamId id, double value)
{
    if (scenario == QLatin1String("workload")) {
        setParameterValue(plan.workload, id, value);
    } else {
        for (PlanScenario &s : plan.scenarios)
            if (s.name == scenario)
                setParameterValue(s.scenario, id, value);
    }
    const Expected<PlanResult> r = evaluatePlan(plan);
    return r ? r->scenarios.front().result.total : NAN;
}

double spearman(const std::vector<double> &x, const std::vector<double> &y)
{
    const auto ranks = [](const std::vector<double> &v) {
        std::vector<std::size_t> order(v.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
        std::vector<double> r(v.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            r[order[i]] = static_cast<double>(i);
        return r;
    };
    const std::vector<double> rx = ranks(x), ry = ranks(y);
    const double n = static_cast<double>(x.size()), m = (n - 1) / 2;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (rx[i] - m) * (ry[i] - m);
        sxx += (rx[i] - m) * (rx[i] - m);
        syy += (ry[i] - m) * (ry[i] - m);
    }
    return sxy / std::sqrt(sxx * syy);
}

std::vector<double> column(const AnalysisResult &r, std::size_t inputs, std::size_t c)
{
    std::vector<double> out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(r.trials); ++i)
        out.push_back(r.sampleInputs[i * inputs + c]);
    return out;
}

QStringList problemsOf(const QByteArray &json)
{
    const Expected<Plan> plan = readPlan(json);
    return plan ? QStringList{} : plan.error().details;
}

const QByteArray kPlanHead = R"({"name": "u", "version": 2, "workload": {"demand_gpu_hours": 1000},
    "scenarios": [{"name": "cloud", "kind": "elastic", "rate_per_hour": 3, "gpus_per_instance": 1, "speedup": 1}], )";

} // namespace

class TestAnalysis final : public QObject
{
    Q_OBJECT

private slots:
    // The tornado's totals are the engine's totals with one parameter moved, and, for a price, the base total
    // scaled by hand.
    void tornadoEqualsHandEvaluatedTotals()
    {
        const Plan plan = uncertainPlan();
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        const std::vector<TornadoEntry> bars = tornado(plan, *base, 0.2);
        const QString cloud = QStringLiteral("Cloud, pay per use");

        // A distribution gives the points: triangular 18 .. 34 $/h. An elastic bill is the rate times the
        // instance-hours, so the totals scale with the rate.
        const TornadoEntry *rate = bar(bars, cloud, cloud, ParamId::RatePerHour);
        QVERIFY(rate);
        QCOMPARE(rate->low, 18.0);
        QCOMPARE(rate->high, 34.0);
        const double baseTotal = base->scenarios[0].result.total;
        QVERIFY(std::abs(rate->totalLow - baseTotal * 18.0 / 24.0) < 1e-6 * baseTotal);
        QVERIFY(std::abs(rate->totalHigh - baseTotal * 34.0 / 24.0) < 1e-6 * baseTotal);

        // Lognormal: P10 = median² / P90 = 8000² / 14000, and P90.
        const TornadoEntry *demand = bar(bars, cloud, QStringLiteral("workload"), ParamId::DemandGpuHours);
        QVERIFY(demand);
        QCOMPARE(demand->low, 8000.0 * 8000.0 / 14000.0);
        QCOMPARE(demand->high, 14000.0);
        QCOMPARE(demand->totalLow, totalWith(plan, QStringLiteral("workload"), ParamId::DemandGpuHours, demand->low));
        QCOMPARE(demand->totalHigh, totalWith(plan, QStringLiteral("workload"), ParamId::DemandGpuHours, demand->high));

        // No distribution: ±20 %, clipped to the range (packing efficiency 0.9 -> 0.72 .. 1, not 1.08).
        const TornadoEntry *packing = bar(bars, cloud, cloud, ParamId::PackingEfficiency);
        QVERIFY(packing);
        QCOMPARE(packing->low, packing->base * 0.8);
        QCOMPARE(packing->high, 1.0);
        QCOMPARE(packing->totalLow, totalWith(plan, cloud, ParamId::PackingEfficiency, packing->low));

        // Integers: floor(1 x 0.8) = 0 and ceil(1 x 1.2) = 2 servers.
        const QString owned = QStringLiteral("Own one server");
        const TornadoEntry *servers = bar(bars, owned, owned, ParamId::Servers);
        QVERIFY(servers);
        QCOMPARE(servers->low, 0.0);
        QCOMPARE(servers->high, 2.0);

        // In scenario order, then by swing, largest first; no bar without a swing.
        QStringList order;
        for (const TornadoEntry &e : bars) {
            if (order.isEmpty() || order.last() != e.scenario)
                order << e.scenario;
            QVERIFY(e.swing() > 0);
        }
        QCOMPARE(order, (QStringList{cloud, QStringLiteral("Rented node pool"), owned}));
        for (std::size_t i = 1; i < bars.size(); ++i)
            if (bars[i].scenario == bars[i - 1].scenario)
                QVERIFY(bars[i].swing() <= bars[i - 1].swing());
        // horizon_months is never moved.
        QVERIFY(std::none_of(bars.begin(), bars.end(), [](const TornadoEntry &e) { return e.parameter == ParamId::HorizonMonths; }));
    }

    void versionFourKeysAreOrdinaryUncertainInputs()
    {
        // model.md §14: a generation's price trend, the successor's drop, idle power and colocation, each uncertain,
        // are tornado bars whose totals are the engine's at the distribution's points, and the Monte Carlo draws them.
        const Expected<Plan> plan = readPlan(R"({"name": "generations", "version": 4,
            "workload": {"horizon_months": 36, "demand_gpu_hours": 6000, "tax_rate": 0.21},
            "scenarios": [{"name": "H100", "kind": "purchase", "servers": 0, "purchases": [[4, 1], [16, 1]],
                           "available_from_month": 4, "server_price": 300000, "server_price_trend": -0.2,
                           "holding_months": 24, "successor_month": 20, "successor_value_drop": 0.3,
                           "power_kw_per_server": 10.2, "idle_power_fraction": 0.3, "colocation_per_kw_month": 150,
                           "bonus_depreciation_fraction": 0.5}],
            "uncertainty": [
              {"target": "H100", "parameter": "server_price_trend", "distribution": "triangular", "low": -0.4, "mode": -0.2, "high": 0},
              {"target": "H100", "parameter": "successor_value_drop", "distribution": "uniform", "low": 0, "high": 0.6},
              {"target": "H100", "parameter": "idle_power_fraction", "distribution": "uniform", "low": 0.1, "high": 0.5},
              {"target": "H100", "parameter": "colocation_per_kw_month", "distribution": "pert", "low": 100, "mode": 150, "high": 250}]})");
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
        const Expected<PlanResult> base = evaluatePlan(*plan);
        QVERIFY(base);
        const std::vector<TornadoEntry> bars = tornado(*plan, *base, 0.2);
        const QString h100 = QStringLiteral("H100");
        for (const auto &[id, low, high] : {std::tuple{ParamId::ServerPriceTrend, -0.4, 0.0},
                                            std::tuple{ParamId::SuccessorValueDrop, 0.0, 0.6},
                                            std::tuple{ParamId::IdlePowerFraction, 0.1, 0.5},
                                            std::tuple{ParamId::ColocationPerKwMonth, 100.0, 250.0}}) {
            const TornadoEntry *e = bar(bars, h100, h100, id);
            QVERIFY2(e, qPrintable(parameterKey(id)));
            QVERIFY2(e->swing() > 0, qPrintable(parameterKey(id)));
            QCOMPARE(e->totalLow, totalWith(*plan, h100, id, e->low));
            QCOMPARE(e->totalHigh, totalWith(*plan, h100, id, e->high));
            QVERIFY(e->low >= low - 1e-12 && e->high <= high + 1e-12);
        }
        // A falling price lowers the second purchase's capex: the bar's low end (-40 % a year) costs less.
        const TornadoEntry *trend = bar(bars, h100, h100, ParamId::ServerPriceTrend);
        QVERIFY(trend->totalLow < trend->totalHigh);
        // A larger drop at the successor loses resale: dearer.
        const TornadoEntry *drop = bar(bars, h100, h100, ParamId::SuccessorValueDrop);
        QVERIFY(drop->totalLow < drop->totalHigh);
        // Bonus depreciation moves tax between months, not the total over the horizon (every basis is written off
        // within it either way): a tornado of totals has no bar for it.
        QVERIFY(!bar(bars, h100, h100, ParamId::BonusDepreciationFraction));
        QCOMPARE_NEAR(totalWith(*plan, h100, ParamId::BonusDepreciationFraction, 1.0),
                      totalWith(*plan, h100, ParamId::BonusDepreciationFraction, 0.0));

        AnalysisOptions options;
        options.trials = 500;
        options.threads = 2;
        const Expected<AnalysisResult> mc = analyzePlan(*plan, *base, options);
        QVERIFY2(mc, mc ? "" : qPrintable(mc.error().message));
        QVERIFY(mc->scenarios.front().total.p10 < mc->scenarios.front().total.p90);
    }

    // Each sampler, read at a fine grid of probabilities, has its distribution's mean and quantiles.
    void samplersHaveTheirMomentsAndQuantiles_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("c");
        QTest::newRow("triangular") << int(DistributionKind::Triangular) << 10.0 << 12.0 << 20.0;
        QTest::newRow("pert") << int(DistributionKind::Pert) << 120000.0 << 150000.0 << 200000.0;
        QTest::newRow("uniform") << int(DistributionKind::Uniform) << 0.08 << 0.0 << 0.30;
        QTest::newRow("lognormal") << int(DistributionKind::Lognormal) << 8000.0 << 0.0 << 14000.0;
    }
    void samplersHaveTheirMomentsAndQuantiles()
    {
        QFETCH(int, kind);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(double, c);
        Uncertainty u;
        u.distribution = static_cast<DistributionKind>(kind);
        if (u.distribution == DistributionKind::Lognormal) {
            u.median = a;
            u.p90 = c;
        } else {
            u.low = a;
            u.mode = u.distribution == DistributionKind::Uniform ? a : b;
            u.high = c;
        }
        const Quantile q(u);
        constexpr int n = 200000;
        double sum = 0, sumSq = 0;
        for (int i = 0; i < n; ++i) {
            const double x = q((i + 0.5) / n);
            sum += x;
            sumSq += x * x;
        }
        const double mean = sum / n, variance = sumSq / n - mean * mean;
        QVERIFY2(std::abs(mean - distributionMean(u)) < 1e-3 * std::abs(distributionMean(u)),
                 qPrintable(QStringLiteral("mean %1, expected %2").arg(mean).arg(distributionMean(u))));
        switch (u.distribution) {
        case DistributionKind::Triangular: {
            // Var = (a² + b² + c² − ab − ac − bc) / 18; F(mode) = (mode − low) / (high − low).
            const double v = (a * a + b * b + c * c - a * b - a * c - b * c) / 18;
            QVERIFY(std::abs(variance - v) < 1e-3 * v);
            QVERIFY(std::abs(q((b - a) / (c - a)) - b) < 1e-9);
            break;
        }
        case DistributionKind::Pert: {
            const double m = (a + 4 * b + c) / 6, v = (m - a) * (c - m) / 7;
            QVERIFY(std::abs(variance - v) < 2e-3 * v);
            break;
        }
        case DistributionKind::Uniform:
            QVERIFY(std::abs(q(0.25) - (a + 0.25 * (c - a))) < 1e-12);
            QVERIFY(std::abs(variance - (c - a) * (c - a) / 12) < 1e-3 * (c - a) * (c - a) / 12);
            break;
        case DistributionKind::Lognormal:
            QVERIFY(std::abs(q(0.5) - a) < 1e-9 * a);
            QVERIFY(std::abs(q(0.9) - c) < 1e-7 * c);
            QVERIFY(std::abs(q(0.1) - a * a / c) < 1e-7 * c);
            break;
        }
    }

    void normalQuantileIsPrecise()
    {
        // docs/model.md §6A: median 8,000 and P90 14,000 give σ = 0.4367 and a mean of 8,800.
        Uncertainty demand;
        demand.distribution = DistributionKind::Lognormal;
        demand.median = 8000;
        demand.p90 = 14000;
        QVERIFY(std::abs(distributionMean(demand) - 8800.27) < 0.01);
        QVERIFY(std::abs(normalQuantile(0.975) - 1.959963984540054) < 1e-12);
        QVERIFY(std::abs(normalQuantile(0.1) + 1.2815515655446004) < 1e-12);
        QVERIFY(std::abs(normalQuantile(1e-10) + 6.361340902404056) < 1e-9);
        for (double p : {1e-8, 0.01, 0.3, 0.5, 0.77, 0.999})
            QVERIFY(std::abs(normalCdf(normalQuantile(p)) - p) < 1e-14 + 1e-12 * p);
    }

    // Found by the 30-minute monkey under UBSan: the Risk page run on a plan whose scenarios were all deleted read an
    // empty vector's first element (a crash in the ordinary build too). Nothing to compare is refused in words.
    void aPlanWithNoScenarioIsRefusedInWords()
    {
        Plan plan = uncertainPlan();
        Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        plan.scenarios.clear();
        plan.breakeven.clear();
        base->scenarios.clear();
        base->breakeven.clear();
        Plan certain = plan; // and with no uncertain input either, as a plan emptied in the window may be
        certain.uncertainty.clear();
        certain.correlations.clear();
        for (const Plan *p : {&certain, &plan}) {
            for (const bool converge : {false, true}) {
                AnalysisOptions options;
                options.trials = 2000;
                options.converge = converge;
                const Expected<AnalysisResult> r = analyzePlan(*p, *base, options); // crashed on `certain`
                QVERIFY(!r);
                QVERIFY2(r.error().message.contains(QStringLiteral("no scenario that can be evaluated")),
                         qPrintable(r.error().message));
            }
        }
    }

    // Latin hypercube samples keep each input's distribution; Iman–Conover gives the asked rank correlation.
    void samplesFollowDistributionsAndCorrelations()
    {
        Plan plan = uncertainPlan();
        plan.correlations = {{1, 3, 0.5}, {0, 2, -0.7}};
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 20000;
        options.seed = 7;
        options.keepSamples = true;
        const Expected<AnalysisResult> r = analyzePlan(plan, *base, options);
        QVERIFY2(r, r ? "" : qPrintable(r.error().message));
        const std::size_t k = 4;
        QCOMPARE(r->sampleInputs.size(), k * 20000);
        QVERIFY(std::abs(spearman(column(*r, k, 1), column(*r, k, 3)) - 0.5) < 0.05);
        QVERIFY(std::abs(spearman(column(*r, k, 0), column(*r, k, 2)) + 0.7) < 0.05);
        QVERIFY(std::abs(spearman(column(*r, k, 0), column(*r, k, 1))) < 0.05);
        // Marginals survive the reordering: uniform 0.08 .. 0.30 has mean 0.19; the PERT's is (a + 4m + b) / 6.
        const std::vector<double> power = column(*r, k, 3), price = column(*r, k, 2);
        QVERIFY(std::abs(std::accumulate(power.begin(), power.end(), 0.0) / 20000 - 0.19) < 0.001);
        QVERIFY(std::abs(std::accumulate(price.begin(), price.end(), 0.0) / 20000 - (120000 + 4 * 150000 + 200000) / 6.0) < 200);
        QVERIFY(*std::min_element(power.begin(), power.end()) >= 0.08);
        QVERIFY(*std::max_element(power.begin(), power.end()) <= 0.30);
    }

    // The fan chart's selection gives exactly the interpolated order statistics a full sort gives, whatever the
    // column: short and long, ties, all equal, an outlier that squeezes the rest into one bucket, infinities,
    // negatives, single precision; a NaN leaves no order, so no percentile.
    void percentileSelectionEqualsSorting()
    {
        std::mt19937_64 random(7);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::lognormal_distribution<double> heavy(10.0, 2.0);
        PercentileSelector select;
        // Equal, NaN matching NaN (infinities of both signs interpolate to NaN).
        const auto same = [](const Percentiles &a, const Percentiles &b) {
            const auto eq = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
            return eq(a.p10, b.p10) && eq(a.p50, b.p50) && eq(a.p90, b.p90);
        };
        for (std::size_t n : {1, 2, 3, 10, 2047, 2048, 2049, 5000, 100001}) {
            std::vector<std::vector<double>> columns(8, std::vector<double>(n));
            for (std::size_t i = 0; i < n; ++i) {
                columns[0][i] = 1e6 * unit(random);
                columns[1][i] = std::floor(6 * unit(random));     // ties everywhere
                columns[2][i] = 42.0;                              // all equal
                columns[3][i] = unit(random);
                columns[4][i] = heavy(random);
                columns[5][i] = -5e5 + 1e6 * unit(random);         // negative and positive
                columns[6][i] = unit(random) < 0.01 ? INFINITY : unit(random);
                columns[7][i] = unit(random) < 0.01 ? -INFINITY : 1e300 * unit(random);
            }
            columns[3][n / 2] = 1e300; // one outlier: every other value lands in the first bucket
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const Percentiles expected = percentilesBySorting(columns[c]);
                QVERIFY2(same(select(columns[c].data(), n), expected), qPrintable(QStringLiteral("n %1, column %2").arg(n).arg(c)));
                // Single precision, as the fan stores its cumulative costs.
                std::vector<float> narrow(columns[c].begin(), columns[c].end());
                const Percentiles expectedNarrow = percentilesBySorting(std::vector<double>(narrow.begin(), narrow.end()));
                QVERIFY2(same(select(narrow.data(), n), expectedNarrow), qPrintable(QStringLiteral("float: n %1, column %2").arg(n).arg(c)));
            }
            // The selector does not reorder its input.
            const std::vector<double> before = columns[0];
            select(columns[0].data(), n);
            QVERIFY(columns[0] == before);
            columns[0][n - 1] = NAN;
            QVERIFY(std::isnan(select(columns[0].data(), n).p50));
        }
        // Hand-worked: 1..11 gives P10 = 2, P50 = 6, P90 = 10; 1..4 gives P10 = 1.3, P50 = 2.5, P90 = 3.7.
        std::vector<double> eleven(11), four(4);
        std::iota(eleven.begin(), eleven.end(), 1.0);
        std::iota(four.begin(), four.end(), 1.0);
        QVERIFY(same(select(eleven.data(), 11), {2, 6, 10}));
        const Percentiles p = select(four.data(), 4);
        QVERIFY(std::abs(p.p10 - 1.3) < 1e-12 && p.p50 == 2.5 && std::abs(p.p90 - 3.7) < 1e-12);
        QVERIFY(same(select(four.data(), 0), {}));
    }

    // The streamed percentiles (values offered three times, shared between two parts as two threads would share
    // them) equal the full sort's, for the same awkward columns.
    void streamedPercentilesEqualSorting()
    {
        std::mt19937_64 random(11);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (std::size_t n : {1, 2, 7, 3000, 50001}) {
            std::vector<std::vector<float>> columns(7, std::vector<float>(n));
            for (std::size_t i = 0; i < n; ++i) {
                columns[0][i] = static_cast<float>(1e6 * unit(random));
                columns[1][i] = static_cast<float>(std::floor(6 * unit(random)));
                columns[2][i] = 42.0f;
                columns[3][i] = static_cast<float>(unit(random));
                columns[4][i] = unit(random) < 0.01 ? INFINITY : static_cast<float>(unit(random));
                columns[5][i] = static_cast<float>(-5e5 + 1e6 * unit(random));
                columns[6][i] = static_cast<float>(std::exp(10 * unit(random)));
            }
            columns[3][n / 2] = 3e38f;
            StreamedPercentiles streamed(columns.size(), n);
            const auto offer = [&](auto &&parts) {
                for (std::size_t c = 0; c < columns.size(); ++c)
                    for (std::size_t i = 0; i < n; ++i)
                        parts[i % 2].see(c, columns[c][i]);
            };
            std::vector<StreamedPercentiles::Ranges> ranges{streamed.ranges(), streamed.ranges()};
            offer(ranges);
            for (const auto &part : ranges)
                streamed.add(part);
            std::vector<StreamedPercentiles::Counts> counts{streamed.counts(), streamed.counts()};
            offer(counts);
            for (const auto &part : counts)
                streamed.add(part);
            std::vector<StreamedPercentiles::Collected> collected{streamed.collected(), streamed.collected()};
            offer(collected);
            for (auto &part : collected)
                streamed.add(std::move(part));
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const Percentiles expected = percentilesBySorting(std::vector<double>(columns[c].begin(), columns[c].end()));
                const Percentiles got = streamed.result(c);
                const auto eq = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
                QVERIFY2(eq(got.p10, expected.p10) && eq(got.p50, expected.p50) && eq(got.p90, expected.p90),
                         qPrintable(QStringLiteral("n %1, column %2").arg(n).arg(c)));
            }
        }
    }

    // A run whose fan is larger than its memory limit streams it: the same figures, the same probabilities, on one
    // thread or three; progress still reaches the end and cancel still stops it.
    void fanOverItsMemoryLimitIsStreamedWithTheSameFigures()
    {
        const Plan plan = uncertainPlan();
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 4000;
        options.threads = 2;
        const Expected<AnalysisResult> kept = analyzePlan(plan, *base, options);
        QVERIFY(kept);
        for (int threads : {1, 3}) {
            AnalysisOptions small = options;
            small.threads = threads;
            small.fanMemoryLimit = 1024; // far below 4,000 trials × 3 scenarios × 36 months × 4 bytes
            int last = -1;
            bool ordered = true;
            small.progress = [&](int done, int total) {
                ordered = ordered && done >= last && done <= total;
                last = done;
                return true;
            };
            const Expected<AnalysisResult> streamed = analyzePlan(plan, *base, small);
            QVERIFY(streamed);
            QVERIFY(ordered);
            QCOMPARE(last, options.trials);
            QCOMPARE(streamed->fan.size(), kept->fan.size());
            for (std::size_t s = 0; s < kept->fan.size(); ++s) {
                QVERIFY(streamed->fan[s].p10 == kept->fan[s].p10);
                QVERIFY(streamed->fan[s].p50 == kept->fan[s].p50);
                QVERIFY(streamed->fan[s].p90 == kept->fan[s].p90);
                QCOMPARE(streamed->scenarios[s].total.p50, kept->scenarios[s].total.p50);
                QCOMPARE(streamed->scenarios[s].pCheapest, kept->scenarios[s].pCheapest);
            }
            QCOMPARE(streamed->breakevenMonths.front().pNever, kept->breakevenMonths.front().pNever);
            // Cancelled in the last of the three passes.
            small.progress = [&](int done, int total) { return done < total * 3 / 4; };
            const Expected<AnalysisResult> cancelled = analyzePlan(plan, *base, small);
            QVERIFY(!cancelled);
            QCOMPARE(cancelled.error().message, analysisCancelledMessage());
        }
    }

    // The same seed gives the same result on any number of threads; another seed does not.
    void inputsOfALeftOutScenarioWaitForIt()
    {
        // "Own one server" cannot be evaluated (a negative price): left out of the evaluation, its two uncertain
        // inputs and the correlation naming one of them are left out of the analysis, which covers the others.
        Plan plan = uncertainPlan();
        for (PlanScenario &s : plan.scenarios)
            if (s.name == QStringLiteral("Own one server"))
                std::get<PurchaseScenario>(s.scenario).serverPrice = -1.0;
        const Expected<PlanResult> base = evaluatePlan(plan, {}, Incomplete::LeaveOut);
        QVERIFY(base);
        QCOMPARE(base->scenarios.size(), std::size_t(2));
        AnalysisOptions options;
        options.trials = 200;
        QVERIFY(!analyzePlan(plan, *base, options)); // its inputs name a scenario the evaluation does not have

        QStringList dropped;
        const Plan kept = withoutLeftOutUncertainty(plan, *base, &dropped);
        QCOMPARE(dropped, QStringList{QStringLiteral("Own one server")});
        QCOMPARE(kept.uncertainty.size(), qsizetype(2));
        QCOMPARE(kept.uncertainty.at(0).target, QStringLiteral("workload"));
        QCOMPARE(kept.uncertainty.at(1).target, QStringLiteral("Cloud, pay per use"));
        QVERIFY(kept.correlations.isEmpty());
        const Expected<AnalysisResult> risk = analyzePlan(kept, *base, options);
        QVERIFY2(risk, risk ? "" : qPrintable(risk.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(risk->scenarios.size(), std::size_t(2));

        // Nothing left out: the plan as it is.
        const Plan whole = uncertainPlan();
        const Expected<PlanResult> full = evaluatePlan(whole);
        QVERIFY(full);
        dropped.clear();
        QCOMPARE(withoutLeftOutUncertainty(whole, *full, &dropped).uncertainty.size(), whole.uncertainty.size());
        QVERIFY(dropped.isEmpty());
    }

    void sameSeedSameResultOnAnyThreads()
    {
        const Plan plan = uncertainPlan();
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 3000;
        options.seed = 42;
        options.keepSamples = true;
        const auto run = [&](int threads, quint64 seed, Sampling sampling) {
            AnalysisOptions o = options;
            o.threads = threads;
            o.seed = seed;
            o.sampling = sampling;
            return analyzePlan(plan, *base, o);
        };
        for (Sampling sampling : {Sampling::LatinHypercube, Sampling::Random}) {
            const auto one = run(1, 42, sampling), four = run(4, 42, sampling), other = run(2, 43, sampling);
            QVERIFY(one && four && other);
            QCOMPARE(one->sampleTotals, four->sampleTotals);
            QCOMPARE(one->sampleInputs, four->sampleInputs);
            QCOMPARE(one->fan[2].p50, four->fan[2].p50);
            QCOMPARE(one->scenarios[0].total.p90, four->scenarios[0].total.p90);
            QVERIFY(one->sampleTotals != other->sampleTotals);
            // The reported percentiles are the sample's own order statistics.
            for (std::size_t s = 0; s < one->scenarios.size(); ++s) {
                std::vector<double> column;
                for (std::size_t i = s; i < one->sampleTotals.size(); i += one->scenarios.size())
                    column.push_back(one->sampleTotals[i]);
                const Percentiles sorted = percentilesBySorting(column);
                QCOMPARE(one->scenarios[s].total.p10, sorted.p10);
                QCOMPARE(one->scenarios[s].total.p50, sorted.p50);
                QCOMPARE(one->scenarios[s].total.p90, sorted.p90);
            }
        }
    }

    // What the results must satisfy whatever the sample.
    void resultsAreConsistent()
    {
        const Plan plan = uncertainPlan();
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 5000;
        const Expected<AnalysisResult> r = analyzePlan(plan, *base, options);
        QVERIFY(r);
        double cheapest = 0;
        for (const ScenarioRisk &s : r->scenarios) {
            cheapest += s.pCheapest;
            QVERIFY(s.total.p10 <= s.total.p50 && s.total.p50 <= s.total.p90);
        }
        QVERIFY(std::abs(cheapest - 1) < 1e-9);
        QCOMPARE(r->pairs.size(), std::size_t{3});
        QCOMPARE(r->pairs[0].a, QStringLiteral("Cloud, pay per use"));
        QCOMPARE(r->pairs[0].b, QStringLiteral("Rented node pool"));
        // The node pool has no uncertain input: every trial gives the plan's own total.
        QCOMPARE(r->scenarios[1].total.p10, base->scenarios[1].result.total);
        QCOMPARE(r->scenarios[1].total.p90, base->scenarios[1].result.total);
        for (const FanSeries &f : r->fan) {
            QCOMPARE(f.p50.size(), std::size_t{36});
            for (std::size_t m = 0; m < 36; ++m)
                QVERIFY(f.p10[m] <= f.p50[m] && f.p50[m] <= f.p90[m]);
        }
        // The final month of the fan is the total (cumulated in single precision).
        QVERIFY(std::abs(r->fan[2].p50.back() - r->scenarios[2].total.p50) < 1e-5 * r->scenarios[2].total.p50);
        QCOMPARE(r->breakevenMonths.size(), std::size_t{1});
        const BreakEvenMonthRisk &payback = r->breakevenMonths.front();
        QVERIFY(payback.pNever > 0 && payback.pNever < 1);
        QVERIFY(payback.p10.has_value());

        options.trials = 0;
        QVERIFY(!analyzePlan(plan, *base, options));
        options.trials = 10;
        options.swing = 1.5;
        QVERIFY(!analyzePlan(plan, *base, options));
        options.swing = 0.2;
        options.progress = [](int, int) { return false; };
        const Expected<AnalysisResult> cancelled = analyzePlan(plan, *base, options);
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().message, analysisCancelledMessage());
    }

    // Convergence stop: the median's 95 % interval from order statistics, and runs of 1,000, 2,000, ... trials.
    void convergenceStopsWhenMediansSettle()
    {
        // 100 trials of one scenario, totals 1..100: 0-based ranks floor(50 − 9.8) = 40 and ceil(50 + 9.8) = 60 hold
        // 41 and 61, a half-width of 10 around the median 51 (rank 50): 19.6 %.
        std::vector<double> spread(100);
        std::iota(spread.begin(), spread.end(), 1.0);
        QVERIFY(!mediansSettled(spread, 1, 0.01));
        QVERIFY(mediansSettled(spread, 1, 0.20));
        QVERIFY(!mediansSettled(spread, 1, 0.19));
        QVERIFY(mediansSettled(std::vector<double>(100, 7.0), 1));

        const Plan plan = uncertainPlan();
        const Expected<PlanResult> base = evaluatePlan(plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 256000;
        options.converge = true;
        const Expected<AnalysisResult> r = analyzePlan(plan, *base, options);
        QVERIFY(r);
        QVERIFY(r->converged.has_value() && *r->converged);
        QVERIFY(r->trials < 256000);
        QCOMPARE(r->trials % 1000, 0);
        QVERIFY(((r->trials / 1000) & (r->trials / 1000 - 1)) == 0); // 1,000 × a power of two
        QVERIFY(r->sampleTotals.empty());
        const Expected<AnalysisResult> again = analyzePlan(plan, *base, options);
        QCOMPARE(again->trials, r->trials);
        QCOMPARE(again->scenarios[0].total.p50, r->scenarios[0].total.p50);
        options.trials = 1500; // the most it may take: stops there, unsettled
        const Expected<AnalysisResult> capped = analyzePlan(plan, *base, options);
        QVERIFY(capped);
        QCOMPARE(capped->trials, 1500);
        QVERIFY(capped->converged.has_value() && !*capped->converged);
    }

    void uncertaintyRoundTripsThroughTheWriter()
    {
        const Plan plan = uncertainPlan();
        const Expected<Plan> again = readPlan(writePlan(plan));
        QVERIFY(again);
        QCOMPARE(again->uncertainty.size(), plan.uncertainty.size());
        for (qsizetype i = 0; i < plan.uncertainty.size(); ++i) {
            QCOMPARE(again->uncertainty[i].target, plan.uncertainty[i].target);
            QCOMPARE(again->uncertainty[i].parameter, plan.uncertainty[i].parameter);
            QCOMPARE(again->uncertainty[i].distribution, plan.uncertainty[i].distribution);
            QCOMPARE(distributionRange(again->uncertainty[i]), distributionRange(plan.uncertainty[i]));
        }
        QCOMPARE(again->correlations.size(), 1);
        QCOMPARE(writePlan(*again), writePlan(plan));
    }

    void badUncertaintyIsRefusedWithItsPath_data()
    {
        QTest::addColumn<QByteArray>("tail");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown parameter")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "colour", "distribution": "uniform", "low": 1, "high": 2}]})")
            << QStringLiteral("uncertainty[0].parameter: \"colour\" is not a numeric parameter");
        QTest::newRow("low above high")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "rate_per_hour", "distribution": "triangular", "low": 5, "mode": 4, "high": 3}]})")
            << QStringLiteral("uncertainty[0]: needs low <= mode <= high and low < high (low 5, mode 4, high 3)");
        QTest::newRow("unknown target")
            << QByteArray(R"("uncertainty": [{"target": "moon", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "high": 2}]})")
            << QStringLiteral("uncertainty[0].target: must be \"workload\" or the name of a scenario; no scenario is named \"moon\"");
        QTest::newRow("parameter of another kind")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "server_price", "distribution": "uniform", "low": 1, "high": 2}]})")
            << QStringLiteral("uncertainty[0].parameter: a elastic scenario has no parameter \"server_price\"");
        QTest::newRow("horizon")
            << QByteArray(R"("uncertainty": [{"target": "workload", "parameter": "horizon_months", "distribution": "uniform", "low": 12, "high": 24}]})")
            << QStringLiteral("uncertainty[0].parameter: \"horizon_months\" is not a workload parameter that can vary (not horizon_months)");
        QTest::newRow("lognormal p90 below median")
            << QByteArray(R"("uncertainty": [{"target": "workload", "parameter": "demand_gpu_hours", "distribution": "lognormal", "median": 900, "p90": 800}]})")
            << QStringLiteral("uncertainty[0]: needs 0 < median < p90 (median 900, p90 800)");
        QTest::newRow("outside the range")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "packing_efficiency", "distribution": "uniform", "low": 0.5, "high": 1.5}]})")
            << QStringLiteral("uncertainty[0]: packing_efficiency takes");
        QTest::newRow("key of another distribution")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "mode": 2, "high": 3}]})")
            << QStringLiteral("uncertainty[0].mode: is not used by a uniform distribution (it takes low, high)");
        QTest::newRow("twice")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "high": 2},
                                             {"target": "cloud", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "high": 3}]})")
            << QStringLiteral("uncertainty[1]: rate_per_hour of \"cloud\" is already uncertain in an earlier entry");
        QTest::newRow("correlation index")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "high": 2}],
                             "correlations": [{"a": 0, "b": 1, "rank": 0.3}]})")
            << QStringLiteral("correlations[0].b: must be the position of an uncertainty entry, 0 to 0");
        QTest::newRow("contradicting correlations")
            << QByteArray(R"("uncertainty": [{"target": "cloud", "parameter": "rate_per_hour", "distribution": "uniform", "low": 1, "high": 2},
                                             {"target": "cloud", "parameter": "speedup", "distribution": "uniform", "low": 1, "high": 2},
                                             {"target": "workload", "parameter": "demand_gpu_hours", "distribution": "uniform", "low": 500, "high": 2000}],
                             "correlations": [{"a": 0, "b": 1, "rank": 0.9}, {"a": 1, "b": 2, "rank": 0.9}, {"a": 0, "b": 2, "rank": -0.9}]})")
            << QStringLiteral("correlations: these correlations contradict each other");
    }
    void badUncertaintyIsRefusedWithItsPath()
    {
        QFETCH(QByteArray, tail);
        QFETCH(QString, expected);
        const QStringList problems = problemsOf(kPlanHead + tail);
        QVERIFY2(std::any_of(problems.begin(), problems.end(), [&](const QString &p) { return p.startsWith(expected); }),
                 qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
