// Engine benchmark (printed, never asserted).
//   bench_engine           full counts (a few seconds in a Release build)
//   bench_engine --quick   what CTest runs: small counts, so the benchmark keeps working
// Targets (the baseline printed beside each figure): <= 2 us per 36-month evaluation of one scenario,
// <= 5 ms per 1..1000-server break-even sweep, <= 2 us per 36-month hybrid of model version 2 (a to-demand
// purchase base with power and MACRS at 21 % tax, plus elastic burst), printed beside the version-1 purchase. Compare Release builds; Debug figures are several times slower.
#include "models/tco/breakeven.h"
#include "models/tco/engine.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <chrono>

using namespace mltco::tco;

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kEvaluationTargetNs = 2000.0;
constexpr double kSweepTargetMs = 5.0;

double nanosecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

volatile double g_sink = 0.0; // keeps the optimiser from dropping the work

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int evaluations = quick ? 2000 : 500000;
    const int sweeps = quick ? 3 : 200;
    QTextStream out(stdout);

    QFile file(QStringLiteral(MLTCO_SAMPLE_PLAN));
    if (!file.open(QIODevice::ReadOnly)) {
        out << "bench_engine: cannot read " << file.fileName() << '\n';
        return 1;
    }
    const mltco::Expected<Plan> plan = readPlan(file.readAll());
    if (!plan) {
        out << "bench_engine: " << plan.error().message << '\n';
        return 1;
    }
    const mltco::Expected<PlanResult> resolved = evaluatePlan(*plan);
    if (!resolved) {
        out << "bench_engine: " << resolved.error().message << '\n';
        return 1;
    }

    out << "bench_engine (" << (quick ? "quick" : "full") << " counts, " << MLTCO_BUILD_TYPE << " build)\n";
    out << "one 36-month evaluation, reusing the result's buffers (evaluateInto), " << evaluations << " times:\n";
    ScenarioResult buffer;
    for (const EvaluatedScenario &s : resolved->scenarios) {
        evaluateInto(plan->workload, s.scenario, buffer); // warm-up: buffers sized
        const auto start = Clock::now();
        for (int i = 0; i < evaluations; ++i) {
            evaluateInto(plan->workload, s.scenario, buffer);
            g_sink = g_sink + buffer.total;
        }
        const double ns = nanosecondsSince(start) / evaluations;
        out << QStringLiteral("  %1 %2 ns   (target <= %3 ns; %4 of it)\n")
                   .arg(s.name.leftJustified(36), QString::number(ns, 'f', 0).rightJustified(7))
                   .arg(kEvaluationTargetNs, 0, 'f', 0)
                   .arg(QString::number(ns / kEvaluationTargetNs * 100, 'f', 1) + QStringLiteral(" %"));
    }
    {
        const auto start = Clock::now();
        for (int i = 0; i < evaluations; ++i) {
            const ScenarioResult r = evaluate(plan->workload, resolved->scenarios.front().scenario);
            g_sink = g_sink + r.total;
        }
        out << QStringLiteral("  %1 %2 ns   (allocating evaluate(); target <= %3 ns)\n")
                   .arg(QStringLiteral("first scenario, new result each time").leftJustified(36),
                        QString::number(nanosecondsSince(start) / evaluations, 'f', 0).rightJustified(7))
                   .arg(kEvaluationTargetNs, 0, 'f', 0);
    }

    // Model version 2: the growing-team example's hybrid, its base swapped for the to-demand purchase so that
    // every costly feature runs (cohorts, power, MACRS, tax, overflow to the burst).
    QFile growingFile(QStringLiteral(MLTCO_GROWING_PLAN));
    if (!growingFile.open(QIODevice::ReadOnly)) {
        out << "bench_engine: cannot read " << growingFile.fileName() << '\n';
        return 1;
    }
    const mltco::Expected<Plan> growing = readPlan(growingFile.readAll());
    const mltco::Expected<PlanResult> growingResult = growing ? evaluatePlan(*growing) : mltco::Expected<PlanResult>(growing.error());
    if (!growingResult) {
        out << "bench_engine: " << growingResult.error().message << '\n';
        return 1;
    }
    const auto named = [&](const QString &name) -> const Scenario & {
        for (const EvaluatedScenario &s : growingResult->scenarios) {
            if (s.name == name)
                return s.scenario;
        }
        return growingResult->scenarios.front().scenario;
    };
    const Scenario &toDemand = named(QStringLiteral("On-prem 8xA100, bought as demand grows"));
    const auto &burst = std::get<ElasticScenario>(named(QStringLiteral("GCP preemptible A100, autoscaled")));
    const auto timePerEvaluation = [&](auto &&evaluateOnce) {
        evaluateOnce(); // warm-up: buffers sized
        const auto start = Clock::now();
        for (int i = 0; i < evaluations; ++i)
            evaluateOnce();
        return nanosecondsSince(start) / evaluations;
    };
    ScenarioResult v1Buffer;
    const Scenario *samplePurchase = nullptr;
    for (const EvaluatedScenario &s : resolved->scenarios) {
        if (s.kind() == ScenarioKind::Purchase)
            samplePurchase = &s.scenario;
    }
    const double v1 = timePerEvaluation([&] {
        evaluateInto(plan->workload, *samplePurchase, v1Buffer);
        g_sink = g_sink + v1Buffer.total;
    });
    ScenarioResult hybridBuffer;
    MixScratch scratch;
    const double v2 = timePerEvaluation([&] {
        evaluateHybridInto(growing->workload, toDemand, burst, 0.85, hybridBuffer, scratch);
        g_sink = g_sink + hybridBuffer.total;
    });
    out << "model version 2, one 36-month evaluation, " << evaluations << " times:\n";
    out << QStringLiteral("  %1 %2 ns   (version 1 baseline: the sample plan's purchase)\n")
               .arg(QStringLiteral("v1 purchase, 1 server").leftJustified(36), QString::number(v1, 'f', 0).rightJustified(7));
    out << QStringLiteral("  %1 %2 ns   (target <= %3 ns; %4 of it; %5 x the v1 purchase)\n")
               .arg(QStringLiteral("v2 hybrid: to-demand + power + tax").leftJustified(36),
                    QString::number(v2, 'f', 0).rightJustified(7))
               .arg(kEvaluationTargetNs, 0, 'f', 0)
               .arg(QString::number(v2 / kEvaluationTargetNs * 100, 'f', 1) + QStringLiteral(" %"),
                    QString::number(v2 / v1, 'f', 1));

    const EvaluatedBreakEven &request = resolved->breakeven.front();
    const Scenario *purchase = nullptr;
    const Scenario *cloud = nullptr;
    for (const EvaluatedScenario &s : resolved->scenarios) {
        if (s.name == request.request.purchase)
            purchase = &s.scenario;
        if (s.name == request.request.cloud)
            cloud = &s.scenario;
    }
    out << "break-even sweep S = 1..1000 (2000 evaluations), " << sweeps << " times:\n";
    const auto start = Clock::now();
    for (int i = 0; i < sweeps; ++i) {
        const mltco::Expected<BreakEvenResult> r =
            breakEvenServers(plan->workload, std::get<PurchaseScenario>(*purchase), *cloud, 1000);
        g_sink = g_sink + r->sweep.back().purchaseTotal;
    }
    const double ms = nanosecondsSince(start) / sweeps / 1e6;
    out << QStringLiteral("  %1 %2 ms   (target <= %3 ms; %4 of it)\n")
               .arg(QStringLiteral("%1 vs %2").arg(request.request.purchase, request.request.cloud).leftJustified(36),
                    QString::number(ms, 'f', 3).rightJustified(7))
               .arg(kSweepTargetMs, 0, 'f', 0)
               .arg(QString::number(ms / kSweepTargetMs * 100, 'f', 1) + QStringLiteral(" %"));
    return 0;
}
