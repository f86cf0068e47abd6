// Monte Carlo benchmark (printed, never asserted).
//   bench_analytics           100,000 trials (goal: <= 0.5 s on 2 cores)
//   bench_analytics --quick   what CTest runs: 2,000 trials
// The plan: tests/data/analysis/uncertain-plan.json grown to 6 scenarios and 8 uncertain inputs, 36 months.
// A last line times the same run with the fan chart streamed (three passes) rather than kept in memory.
// Baseline printed beside the figures: one deterministic evaluation of the same plan (all scenarios), so
// "trials × evaluation" says how much of the time is the engine and how much the sampling and statistics.
#include "models/analytics/analysis.h"
#include "models/tco/engine.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <chrono>
#include <thread>

using namespace mltco;
using namespace mltco::tco;

namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

Plan benchPlan()
{
    QFile file(QStringLiteral(MLTCO_UNCERTAIN_PLAN));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("plan missing");
    Expected<Plan> plan = readPlan(file.readAll());
    if (!plan)
        qFatal("plan invalid");
    // Three more scenarios (a dedicated box per engineer, a second purchase, a hybrid) and four more inputs.
    const QByteArray extra = R"({"name": "x", "version": 2, "scenarios": [
        {"name": "Box per engineer", "kind": "dedicated", "rate_per_hour": 12.24, "gpus_per_instance": 4, "speedup": 1, "hours_on": 400},
        {"name": "Own two servers", "kind": "purchase", "servers": 2, "gpus_per_server": 8, "server_price": 150000, "speedup": 2,
         "power_kw_per_server": 6.5, "electricity_per_kwh": 0.15, "depreciation": "macrs_5"},
        {"name": "Own plus burst", "kind": "hybrid", "base": "Own two servers", "burst": "Cloud", "base_max_utilization": 0.85},
        {"name": "Cloud", "kind": "elastic", "rate_per_hour": 24, "gpus_per_instance": 8, "speedup": 2}]})";
    Expected<Plan> more = readPlan(extra);
    if (!more)
        qFatal("%s", qPrintable(more.error().details.join(QLatin1Char('\n'))));
    plan->scenarios << more->scenarios[0] << more->scenarios[1] << more->scenarios[2];
    plan->scenarios[0].name = QStringLiteral("Cloud");
    for (Uncertainty &u : plan->uncertainty)
        if (u.target == QLatin1String("Cloud, pay per use"))
            u.target = QStringLiteral("Cloud");
    plan->breakeven.clear();
    const auto add = [&](const QString &target, ParamId id, DistributionKind kind, double a, double b, double c) {
        Uncertainty u;
        u.target = target;
        u.parameter = id;
        u.distribution = kind;
        u.low = a;
        u.mode = b;
        u.high = c;
        plan->uncertainty << u;
    };
    add(QStringLiteral("Box per engineer"), ParamId::HoursOn, DistributionKind::Triangular, 300, 400, 730);
    add(QStringLiteral("Own two servers"), ParamId::ServerPrice, DistributionKind::Pert, 120000, 150000, 200000);
    add(QStringLiteral("workload"), ParamId::TaxRate, DistributionKind::Uniform, 0.0, 0.0, 0.3);
    add(QStringLiteral("Own plus burst"), ParamId::BaseMaxUtilization, DistributionKind::Triangular, 0.6, 0.85, 1.0);
    return *plan;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    QTextStream out(stdout);
    const Plan plan = benchPlan();
    const Expected<PlanResult> base = evaluatePlan(plan);
    if (!base) {
        out << "plan cannot be evaluated: " << base.error().details.join(QStringLiteral("; ")) << '\n';
        return 1;
    }
    // Baseline: one deterministic evaluation of every scenario (the engine alone, repeated for a stable figure).
    const int repeats = quick ? 200 : 20000;
    std::vector<ScenarioResult> results(base->scenarios.size());
    auto start = Clock::now();
    for (int i = 0; i < repeats; ++i) {
        for (std::size_t s = 0; s < base->scenarios.size(); ++s)
            if (base->scenarios[s].kind() != ScenarioKind::Hybrid)
                evaluateInto(base->workload, base->scenarios[s].scenario, results[s]);
    }
    const double evaluation = secondsSince(start) / repeats;

    AnalysisOptions options;
    options.trials = quick ? 2000 : 100000;
    options.seed = 2026;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    out << "bench_analytics (" << MLTCO_BUILD_TYPE << "): " << options.trials << " trials, " << plan.scenarios.size()
        << " scenarios, " << base->workload.horizonMonths << " months, " << plan.uncertainty.size() << " uncertain inputs\n";
    out << QStringLiteral("  one deterministic evaluation (non-hybrid scenarios): %1 us\n").arg(evaluation * 1e6, 0, 'f', 2);
    double oneThread = 0;
    for (int threads : {1, static_cast<int>(cores)}) {
        options.threads = threads;
        start = Clock::now();
        const Expected<AnalysisResult> r = analyzePlan(plan, *base, options);
        const double seconds = secondsSince(start);
        if (!r) {
            out << "analysis failed: " << r.error().message << '\n';
            return 1;
        }
        if (threads == 1)
            oneThread = seconds;
        out << QStringLiteral("  %1 thread%2: %3 s (%4 x one evaluation; goal 0.5 s on 2 cores: ratio %5)%6\n")
                   .arg(threads)
                   .arg(threads == 1 ? QString() : QStringLiteral("s"))
                   .arg(seconds, 0, 'f', 3)
                   .arg(seconds / evaluation, 0, 'f', 0)
                   .arg(seconds / 0.5, 0, 'f', 2)
                   .arg(threads > 1 ? QStringLiteral(", speed-up %1 x").arg(oneThread / seconds, 0, 'f', 2) : QString());
        if (cores == 1)
            break;
    }
    // The same run with the fan streamed (as one too large for AnalysisOptions::fanMemoryLimit would be): three
    // passes over the trials instead of keeping 4 bytes per trial, scenario and month.
    options.threads = static_cast<int>(cores);
    options.fanMemoryLimit = 1;
    start = Clock::now();
    if (!analyzePlan(plan, *base, options)) {
        out << "analysis failed\n";
        return 1;
    }
    const double streamed = secondsSince(start);
    const double kept = static_cast<double>(options.trials) * static_cast<double>(plan.scenarios.size()) *
                        base->workload.horizonMonths * sizeof(float) / 1048576.0;
    out << QStringLiteral("  %1 thread%2, fan streamed instead of kept (%3 MiB): %4 s\n")
               .arg(cores)
               .arg(cores == 1 ? QString() : QStringLiteral("s"))
               .arg(kept, 0, 'f', 0)
               .arg(streamed, 0, 'f', 3);
    return 0;
}
