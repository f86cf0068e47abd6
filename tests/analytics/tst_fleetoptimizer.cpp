// The fleet optimizer (model.md §11.4): the newsvendor sanity case, small cases against every decision of the space
// evaluated by the engine, CVaR's fractional boundary, determinism on any number of threads, --write-plan.
#include "models/analytics/fleetoptimizer.h"
#include "models/plan/examples.h"
#include "models/plan/planreader.h"
#include "models/report/fleetreport.h"
#include "models/tco/engine.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

using namespace mltco;
using namespace mltco::tco;

namespace {

Plan readOrFail(const QByteArray &json)
{
    Expected<Plan> plan = readPlan(json);
    if (!plan)
        qFatal("%s", qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    return *plan;
}

// CVaR by model.md §11.5 clarification 20, written out independently of the optimizer: futures by NPV, largest first,
// the worst 1 - beta of the mass, the boundary future with the part of its weight that fits.
double cvarByHand(std::vector<std::pair<double, double>> futures, double beta)
{
    if (beta == 0.0) {
        double mean = 0.0;
        for (const auto &[w, npv] : futures)
            mean += w * npv;
        return mean;
    }
    std::stable_sort(futures.begin(), futures.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    double mass = 0.0, sum = 0.0;
    for (const auto &[w, npv] : futures) {
        const double take = std::min(w, (1.0 - beta) - mass);
        if (take <= 0)
            break;
        sum += take * npv;
        mass += take;
    }
    return sum / (1.0 - beta);
}

struct Best
{
    double value = 0.0;
    std::vector<int> decision;
};

// Every decision x (servers per own candidate and epoch) and y (instances per reserve candidate and epoch) up to `most`
// each, evaluated as model.md §11.4 and §14.4 say: the mix [own candidates in the request's order with those purchases,
// reserve candidates with those terms] + burst in each future, by the engine.
Best exhaustive(const Plan &plan, const PlanResult &base, int most, double beta, bool cvar)
{
    const OptimizeRequest &r = *plan.optimize;
    const int H = base.workload.horizonMonths;
    const auto named = [&](const QString &name) -> const EvaluatedScenario * {
        for (const EvaluatedScenario &s : base.scenarios)
            if (s.name == name)
                return &s;
        return nullptr;
    };
    struct Column
    {
        bool own;
        int candidate, epoch, term;
    };
    std::vector<Column> columns;
    std::vector<PurchaseScenario> owns;
    std::vector<ReservedScenario> reserves;
    for (const QString &name : r.own) {
        PurchaseScenario p = std::get<PurchaseScenario>(named(name)->scenario);
        for (int e : r.decisionMonths(H))
            if (e >= p.availableFromMonth && e + p.leadTimeMonths <= H) // on sale, and serving before H (§14.4)
                columns.push_back({true, static_cast<int>(owns.size()), e, 0});
        p.servers = 0;
        p.expansion = Expansion::None;
        owns.push_back(p);
    }
    for (const QString &name : r.reserve) {
        ReservedScenario q = std::get<ReservedScenario>(named(name)->scenario);
        const int term = q.terms.empty() ? 12 : q.terms.front().termMonths;
        for (int e : r.decisionMonths(H))
            columns.push_back({false, static_cast<int>(reserves.size()), e, term});
        reserves.push_back(q);
    }
    const EvaluatedScenario *burst = r.burst.isEmpty() ? nullptr : named(r.burst);
    double total = 0.0;
    for (const OptimizeFuture &f : *r.futures)
        total += f.weight;
    const std::size_t n = columns.size();
    std::vector<int> v(n, 0);
    Best best;
    best.value = std::numeric_limits<double>::infinity();
    MixScratch scratch;
    ScenarioResult result;
    for (;;) {
        std::vector<Scenario> layerScenarios;
        int servers = 0, instances = 0;
        for (std::size_t c = 0; c < owns.size(); ++c) {
            PurchaseScenario p = owns[c];
            p.purchases.clear();
            for (std::size_t k = 0; k < n; ++k)
                if (columns[k].own && columns[k].candidate == static_cast<int>(c) && v[k] > 0) {
                    p.purchases.push_back({columns[k].epoch, v[k]});
                    servers += v[k];
                }
            layerScenarios.emplace_back(p);
        }
        for (std::size_t c = 0; c < reserves.size(); ++c) {
            ReservedScenario q = reserves[c];
            q.terms.clear();
            for (std::size_t k = 0; k < n; ++k)
                if (!columns[k].own && columns[k].candidate == static_cast<int>(c) && v[k] > 0) {
                    q.terms.push_back({columns[k].epoch, v[k], columns[k].term});
                    instances += v[k];
                }
            layerScenarios.emplace_back(q);
        }
        bool feasible = servers <= r.maxServers.value_or(1000) && instances <= r.maxInstances.value_or(1000);
        if (feasible && r.capexBudgetPerYear) {
            // Every own candidate's capex together, plan year by plan year (clarification 18, §14.4).
            std::vector<double> years((H + 11) / 12, 0.0);
            for (std::size_t c = 0; c < owns.size(); ++c) {
                const ScenarioResult alone = evaluate(base.workload, layerScenarios[c]);
                for (const MonthRow &row : alone.months)
                    years[static_cast<std::size_t>((row.month - 1) / 12)] += row.at(Category::Capex);
            }
            for (double y : years)
                feasible = feasible && y <= *r.capexBudgetPerYear * (1 + 1e-9);
        }
        std::vector<std::pair<double, double>> futures;
        std::vector<const Scenario *> layers;
        for (const Scenario &layer : layerScenarios)
            layers.push_back(&layer);
        for (const OptimizeFuture &f : *r.futures) {
            if (!feasible)
                break;
            evaluateMixInto(f.applyTo(base.workload), layers, burst ? &std::get<ElasticScenario>(burst->scenario) : nullptr,
                            r.maxUtilization.value_or(0.85), result, scratch);
            if (!burst && result.served < r.minService.value_or(1.0) * result.demand * (1 - 1e-9))
                feasible = false;
            futures.emplace_back(f.weight / total, result.npv);
        }
        if (feasible) {
            const double value = cvarByHand(futures, cvar ? beta : 0.0);
            if (value < best.value) {
                best.value = value;
                best.decision = v;
            }
        }
        std::size_t i = 0;
        while (i < n && ++v[i] > most)
            v[i++] = 0;
        if (i == n)
            break;
    }
    return best;
}

// A small plan: an owned server, a reserved instance and on-demand burst, futures of flat demand.
QByteArray smallPlan(const QByteArray &optimizeExtra, const QByteArray &workloadExtra = {}, const QByteArray &futures = {})
{
    const QByteArray defaultFutures = R"([{"weight": 1, "workload": {"demand_gpu_hours": 4000}},
        {"weight": 2, "workload": {"demand_gpu_hours": 9000}},
        {"weight": 1, "workload": {"demand_gpu_hours": 15000, "demand_growth": 0.5}},
        {"weight": 1, "workload": {"demand_gpu_hours": 2000, "demand_steps": [[7, 12000]]}}])";
    return R"({"name": "small", "version": 3,
        "workload": {"horizon_months": 12, "demand_gpu_hours": 8000, "tax_rate": 0.21, "discount_rate": 0.08)" +
           workloadExtra + R"(},
        "scenarios": [
          {"name": "own", "kind": "purchase", "servers": 1, "server_price": 20000, "gpus_per_server": 4, "speedup": 1,
           "holding_months": 24, "resale_fraction": 0.4, "facilities_per_server_year": 2000,
           "failures_per_server_year": 3000, "servers_per_fte": 2, "fte_annual_cost": 24000, "bulk_discounts": [[2, 0.1]]},
          {"name": "reserve", "kind": "reserved", "rate_per_hour": 4, "gpus_per_instance": 4, "speedup": 1,
           "commit_discount": 0.35, "commit_upfront_fraction": 0.5, "terms": [[1, 1, 6]]},
          {"name": "burst", "kind": "elastic", "rate_per_hour": 1.2, "speedup": 1, "packing_efficiency": 0.9,
           "overhead_monthly": 50}],
        "optimize": {"own": "own", "reserve": "reserve", "burst": "burst", "epochs": [1, 7], "max_servers": 3,
           "max_instances": 4,
           "futures": )" + (futures.isEmpty() ? defaultFutures : futures) + optimizeExtra + "}}";
}

// Three generations of servers (model.md §14): "A100" on sale now; "H100" from month 4 at a price falling 30 % a year,
// twice as fast, its resale dropping when its successor ships in month 10, an hour's lead; "B200" orderable from month 7
// with a deposit and two months' lead, colocation per kW and power that follows what it serves. Two reservations (six
// months, and a year at a deeper discount), on-demand burst, the small plan's four futures scaled to the faster servers.
QByteArray generationsPlan(const QByteArray &optimize)
{
    return R"({"name": "generations", "version": 4,
        "workload": {"horizon_months": 18, "demand_gpu_hours": 8000, "tax_rate": 0.21, "discount_rate": 0.08},
        "scenarios": [
          {"name": "A100", "kind": "purchase", "servers": 0, "server_price": 20000, "gpus_per_server": 4, "speedup": 1,
           "holding_months": 24, "resale_fraction": 0.4, "facilities_per_server_year": 2000,
           "failures_per_server_year": 3000, "servers_per_fte": 2, "fte_annual_cost": 24000, "bulk_discounts": [[2, 0.1]]},
          {"name": "H100", "kind": "purchase", "servers": 0, "server_price": 27000, "gpus_per_server": 4, "speedup": 2.5,
           "holding_months": 24, "resale_fraction": 0.5, "facilities_per_server_year": 2500, "power_kw_per_server": 4,
           "servers_per_fte": 3, "fte_annual_cost": 24000, "lead_time_months": 1, "available_from_month": 4,
           "server_price_trend": -0.3, "successor_month": 10, "successor_value_drop": 0.3},
          {"name": "B200", "kind": "purchase", "servers": 0, "server_price": 40000, "gpus_per_server": 4, "speedup": 4.5,
           "holding_months": 24, "resale_fraction": 0.5, "power_kw_per_server": 7, "colocation_per_kw_month": 150,
           "idle_power_fraction": 0.35, "lead_time_months": 2, "available_from_month": 7, "paid_at_order_fraction": 0.3,
           "infrastructure_capex_fraction": 0.12},
          {"name": "reserve", "kind": "reserved", "rate_per_hour": 4, "gpus_per_instance": 4, "speedup": 1,
           "commit_discount": 0.35, "commit_upfront_fraction": 0.5, "terms": [[1, 1, 6]]},
          {"name": "reserve 1y", "kind": "reserved", "rate_per_hour": 4, "gpus_per_instance": 4, "speedup": 1,
           "commit_discount": 0.5, "commit_upfront_fraction": 0, "terms": [[1, 1, 12]]},
          {"name": "burst", "kind": "elastic", "rate_per_hour": 1.2, "speedup": 1, "packing_efficiency": 0.9,
           "overhead_monthly": 50}],
        "optimize": {"burst": "burst", "epochs": [1, 4, 7], "max_servers": 3, "max_instances": 4,
           "futures": [{"weight": 1, "workload": {"demand_gpu_hours": 6000}},
             {"weight": 2, "workload": {"demand_gpu_hours": 14000}},
             {"weight": 1, "workload": {"demand_gpu_hours": 20000, "demand_growth": 0.5}},
             {"weight": 1, "workload": {"demand_gpu_hours": 3000, "demand_steps": [[7, 18000]]}}])" +
           optimize + "}}";
}

// The plan's explicit futures replaced by `sampling` ("trials", "seed") futures drawn from `uncertainty`.
QByteArray withSampledFutures(QByteArray json, const QByteArray &sampling, const QByteArray &uncertainty)
{
    const qsizetype from = json.indexOf(R"("futures": [)");
    const qsizetype to = json.indexOf("}}]", from);
    json.replace(from, to + 3 - from, sampling);
    json.replace(R"("optimize":)", QByteArray(R"("uncertainty": [)" + uncertainty + R"(], "optimize":)"));
    return json;
}

// A small plan drawn at random for randomSmallSpacesMatchEveryDecision().
QByteArray randomPlan(const std::function<double(double, double)> &pick, int trial, bool cvar, double beta, int generations)
{
    return QByteArray(R"({"name": "random", "version": 3,
        "workload": {"horizon_months": 12, "demand_gpu_hours": 8000, "tax_rate": )") +
                            QByteArray::number(pick(0, 0.3), 'f', 2) + R"(, "discount_rate": 0.08},
        "scenarios": [
          {"name": "own", "kind": "purchase", "servers": 0, "server_price": )" +
                            QByteArray::number(pick(10000, 40000), 'f', 0) + R"(, "gpus_per_server": 4,
           "holding_months": 24, "resale_fraction": 0.4, "servers_per_fte": )" +
                            QByteArray::number(1 + trial % 3) + R"(, "fte_annual_cost": )" +
                            QByteArray::number(pick(0, 40000), 'f', 0) + R"(, "lead_time_months": )" +
                            QByteArray::number(trial % 4) + R"(, "bulk_discounts": [[2, )" +
                            QByteArray::number(pick(0, 0.3), 'f', 2) + R"(]]},
          )" + (generations > 1 ? QByteArray(R"({"name": "next", "kind": "purchase", "servers": 0, "server_price": )") +
                                                 QByteArray::number(pick(25000, 60000), 'f', 0) + R"(, "speedup": )" +
                                                 QByteArray::number(pick(1.5, 3), 'f', 2) + R"(, "available_from_month": 5,
           "server_price_trend": )" + QByteArray::number(pick(-0.4, 0), 'f', 2) + R"(, "holding_months": 24,
           "resale_fraction": 0.5, "successor_month": 9, "successor_value_drop": )" +
                                                 QByteArray::number(pick(0, 0.4), 'f', 2) + R"(, "power_kw_per_server": 5, )" +
                                                 (trial % 2 ? QByteArray(R"("idle_power_fraction": )") + QByteArray::number(pick(0.2, 0.6), 'f', 2)
                                                            : QByteArray(R"("average_load": 0.7)")) +
                                                 R"(, "servers_per_fte": 3, "fte_annual_cost": 30000},
          )"
                                               : QByteArray()) + R"({"name": "reserve", "kind": "reserved", "rate_per_hour": )" +
                            QByteArray::number(pick(2, 6), 'f', 2) + R"(, "gpus_per_instance": 4,
           "commit_discount": 0.35, "commit_upfront_fraction": )" +
                            QByteArray::number(pick(0, 1), 'f', 2) + R"(, "terms": [[1, 1, )" +
                            QByteArray::number(3 + trial % 7) + R"(]]},
          {"name": "burst", "kind": "elastic", "rate_per_hour": )" +
                            QByteArray::number(pick(0.8, 2.5), 'f', 2) + R"(, "packing_efficiency": 0.9}],
        "optimize": {"own": )" + QByteArray(generations > 1 ? R"(["own", "next"])" : R"("own")") +
                            R"(, "reserve": "reserve", "burst": "burst", "epochs": [1, 5, 9],
           "max_servers": 3, "max_instances": 3, "objective": ")" +
                            (cvar ? QByteArray("cvar") : QByteArray("mean")) + R"(", "beta": )" +
                            QByteArray::number(beta) + R"(,
           "futures": [{"weight": 1, "workload": {"demand_gpu_hours": )" +
                            QByteArray::number(pick(1000, 9000), 'f', 0) + R"(}},
             {"weight": 2, "workload": {"demand_gpu_hours": )" +
                            QByteArray::number(pick(3000, 12000), 'f', 0) + R"(, "demand_growth": 0.4}},
             {"weight": 1, "workload": {"demand_gpu_hours": )" +
                            QByteArray::number(pick(6000, 16000), 'f', 0) + R"(}}]}})";
}

} // namespace

class TestFleetOptimizer : public QObject
{
    Q_OBJECT

private slots:
    void newsvendor()
    {
        // model.md §11.4's sanity case: one epoch, no tax, no trend, reserve against burst, flat futures. A reserved
        // instance costs c_r = $1 per reference GPU-hour of capacity, the burst c_b = $4 per served one: the best
        // capacity is the 1 - 1/4 = 0.75 quantile of demand. Ten equally likely futures of 1..10 instances' worth: 8.
        QByteArray futures = "[";
        for (int k = 1; k <= 10; ++k)
            futures += QByteArray(k > 1 ? "," : "") + R"({"weight": 1, "workload": {"demand_gpu_hours": )" +
                       QByteArray::number(730 * k) + "}}";
        futures += "]";
        const Plan plan = readOrFail(R"({"name": "newsvendor", "version": 3, "workload": {"horizon_months": 12},
            "scenarios": [
              {"name": "reserve", "kind": "reserved", "rate_per_hour": 1, "terms": [[1, 1, 12]]},
              {"name": "burst", "kind": "elastic", "rate_per_hour": 4, "packing_efficiency": 1}],
            "optimize": {"reserve": "reserve", "burst": "burst", "epochs": [1], "max_utilization": 1, "futures": )" +
                                     futures + "}}");
        const auto base = evaluatePlan(plan);
        QVERIFY(base);
        OptimizeOptions options;
        options.frontier = false;
        const auto answer = optimizeFleet(plan, *base, options);
        QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(answer->plan.terms, (std::vector<FleetTerm>{{1, 8, 12, 0}}));
        QVERIFY(answer->plan.purchases.empty());
        // Expected cost by hand: 8 instances x $730 x 12, and $4 x 730 x 12 for each instance's worth above 8
        // (futures 9 and 10: 1 and 2, one in ten each): 70,080 + 35,040 x 0.3 = 80,592.
        QCOMPARE_NEAR(answer->value, 80592);
        QVERIFY(answer->bound);
        QVERIFY(*answer->bound <= answer->value * (1 + 1e-6));
        QCOMPARE_NEAR(*answer->bound, 80592); // the relaxation is exact here: the quantile is a breakpoint
    }

    void smallCasesMatchEveryDecision_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<double>("beta");
        QTest::addColumn<bool>("cvar");
        QTest::addColumn<int>("most"); // per choice: the space's limit on the total
        QTest::newRow("mean") << smallPlan({}) << 0.9 << false << 4;
        QTest::newRow("cvar 0.6") << smallPlan(R"(, "objective": "cvar", "beta": 0.6)") << 0.6 << true << 4;
        QTest::newRow("lead time") << smallPlan({}).replace(R"("servers": 1,)", R"("servers": 1, "lead_time_months": 3,)")
                                   << 0.9 << false << 4;
        QTest::newRow("binding capex budget") << smallPlan(R"(, "capex_budget_per_year": 20000)") << 0.9 << false << 4;
        // Owning on a loan or a lease is an option like any other (model.md §12): the same search, the engine's figures;
        // with a loan only the down payment is capex for the budget (clarification 18).
        QTest::newRow("own on a loan") << smallPlan({}).replace(R"("servers": 1,)", R"("servers": 1, "financing": "loan",
            "loan_rate": 0.14, "loan_term_months": 36, "down_payment_fraction": 0.2,)") << 0.9 << false << 4;
        QTest::newRow("loan under a budget")
            << smallPlan(R"(, "capex_budget_per_year": 8000)")
                   .replace(R"("servers": 1,)", R"("servers": 1, "financing": "loan", "loan_rate": 0.1,
            "loan_term_months": 24, "down_payment_fraction": 0.25,)")
            << 0.9 << false << 4;
        QTest::newRow("own on a lease") << smallPlan(R"(, "objective": "cvar", "beta": 0.6)")
                                               .replace(R"("servers": 1,)", R"("servers": 1, "financing": "lease",
            "lease_rate_factor": 0.035,)") << 0.6 << true << 4;
        // Model version 4 (model.md §14): on sale from month 4 (the month-1 epoch is no choice for it), a price falling
        // 30 % a year, 10 % for the fabric, colocation per kW, the successor's drop from month 8 and bonus
        // depreciation: each cohort's cost is still the engine's, and still proportional to its servers.
        QTest::newRow("a later generation")
            << smallPlan({}).replace(R"("servers": 1,)", R"("servers": 0, "available_from_month": 4, "server_price_trend": -0.3,
            "infrastructure_capex_fraction": 0.1, "power_kw_per_server": 3, "colocation_per_kw_month": 120,
            "successor_month": 8, "successor_value_drop": 0.4, "bonus_depreciation_fraction": 0.5,)")
                   .replace(R"("epochs": [1, 7])", R"("epochs": [1, 4, 7])")
            << 0.9 << false << 3;
        // Model version 4 (model.md §14.4): candidates as lists, each with its own epochs (on sale from, lead time), the
        // limits and the budget shared, evaluated as the mix of every candidate in the request's order.
        const QByteArray two = R"(, "own": ["A100", "H100"], "reserve": "reserve")";
        QTest::newRow("two generations") << generationsPlan(two) << 0.9 << false << 2;
        QTest::newRow("two generations, cvar 0.6") << generationsPlan(two + R"(, "objective": "cvar", "beta": 0.6)") << 0.6
                                                  << true << 2;
        QTest::newRow("two generations under a budget") << generationsPlan(two + R"(, "capex_budget_per_year": 30000)")
                                                        << 0.9 << false << 2;
        const auto lighter = [](QByteArray json) { // futures a small fleet can serve without a burst
            return json.replace(R"("demand_gpu_hours": 20000, "demand_growth": 0.5)", R"("demand_gpu_hours": 9000, "demand_growth": 0.3)")
                .replace(R"("demand_gpu_hours": 14000)", R"("demand_gpu_hours": 8000)")
                .replace(R"([[7, 18000]])", R"([[7, 10000]])");
        };
        QTest::newRow("two generations, no burst, 90 % served")
            << lighter(generationsPlan(two + R"(, "min_service": 0.9)"))
                   .replace(R"("burst": "burst", "epochs")", R"("burst": null, "epochs")")
                   .replace(R"("max_servers": 3, "max_instances": 4)", R"("max_servers": 4, "max_instances": 8)")
            << 0.9 << false << 2;
        QTest::newRow("two generations, the later with idle power")
            << generationsPlan(two).replace(R"("power_kw_per_server": 4,)", R"("power_kw_per_server": 4, "idle_power_fraction": 0.3,)")
            << 0.9 << false << 2;
        QTest::newRow("idle power first, cvar 0.8")
            << generationsPlan(R"(, "own": ["B200", "A100"], "reserve": "reserve", "objective": "cvar", "beta": 0.8)") << 0.8
            << true << 2;
        QTest::newRow("three generations") << generationsPlan(R"(, "own": ["A100", "H100", "B200"])") << 0.9 << false << 3;
        QTest::newRow("three generations and two reservations, cvar 0.7")
            << generationsPlan(R"(, "own": ["A100", "H100", "B200"], "reserve": ["reserve", "reserve 1y"], "objective": "cvar", "beta": 0.7)")
            << 0.7 << true << 1;
        QTest::newRow("three generations under a budget, no burst")
            << lighter(generationsPlan(R"(, "own": ["A100", "H100", "B200"], "reserve": ["reserve 1y"], "min_service": 0.8, "capex_budget_per_year": 60000)"))
                   .replace(R"("burst": "burst", "epochs")", R"("burst": null, "epochs")")
                   .replace(R"("max_instances": 4)", R"("max_instances": 6)")
            << 0.9 << false << 2;
        QTest::newRow("no burst, 90 % served")
            << smallPlan({})
                   .replace(R"("burst": "burst", "epochs")", R"("burst": null, "min_service": 0.9, "epochs")")
                   .replace(R"("max_instances": 4)", R"("max_instances": 8)")
            << 0.9 << false << 8;
    }

    void smallCasesMatchEveryDecision()
    {
        // model.md §11.4 "Exactness": within 0.1 % of the best decision in the space, here every decision of at most 3
        // servers and 4 instances over two epochs, each evaluated by the engine.
        QFETCH(QByteArray, json);
        QFETCH(double, beta);
        QFETCH(bool, cvar);
        QFETCH(int, most);
        const Plan plan = readOrFail(json);
        const auto base = evaluatePlan(plan);
        QVERIFY(base);
        const Best best = exhaustive(plan, *base, most, beta, cvar);
        QVERIFY(std::isfinite(best.value));
        OptimizeOptions options;
        options.frontier = false;
        const auto answer = optimizeFleet(plan, *base, options);
        QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        QVERIFY2(answer->value <= best.value * (1 + 1e-3) + 1e-6,
                 qPrintable(QStringLiteral("optimizer %1, best of the space %2").arg(answer->value, 0, 'f', 2).arg(best.value, 0, 'f', 2)));
        // The reported value is the engine's, and the bound is below the best.
        QCOMPARE_NEAR(answer->value, cvarByHand(answer->futures, cvar ? beta : 0.0));
        if (answer->bound)
            QVERIFY2(*answer->bound <= best.value * (1 + 1e-6), qPrintable(QString::number(*answer->bound)));
    }

    void randomSmallSpacesMatchEveryDecision()
    {
        // Sixty small plans drawn at random (prices, staff steps, bulk tiers, lead times, tax, objectives, a second
        // generation): the answer is always within 0.1 % of the best of the space, and the bound never above it.
        std::mt19937 random(20261128);
        const auto pick = [&](double low, double high) {
            return low + (high - low) * std::uniform_real_distribution<double>(0.0, 1.0)(random);
        };
        int exact = 0, laterBought = 0;
        constexpr int kTrials = 60;
        for (int trial = 0; trial < kTrials; ++trial) {
            const bool cvar = trial % 2 == 1;
            const double beta = cvar ? std::round(pick(0.3, 0.9) * 10) / 10 : 0.9;
            // Every third plan has a second generation, on sale from month 5 at a falling price, its power following
            // what it serves in every other one of them (model.md §14.4).
            const int generations = trial % 3 == 2 ? 2 : 1;
            const QByteArray json = randomPlan(pick, trial, cvar, beta, generations);
            const Plan plan = readOrFail(json);
            const auto base = evaluatePlan(plan);
            QVERIFY(base);
            const Best best = exhaustive(plan, *base, generations > 1 ? 2 : 3, beta, cvar);
            OptimizeOptions options;
            options.frontier = false;
            const auto answer = optimizeFleet(plan, *base, options);
            QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
            QVERIFY2(answer->value <= best.value * (1 + 1e-3) + 1e-6,
                     qPrintable(QStringLiteral("trial %1: optimizer %2, best of the space %3\n%4")
                                    .arg(trial)
                                    .arg(answer->value, 0, 'f', 2)
                                    .arg(best.value, 0, 'f', 2)
                                    .arg(QString::fromUtf8(json))));
            if (answer->bound)
                QVERIFY2(*answer->bound <= best.value * (1 + 1e-6), qPrintable(QStringLiteral("trial %1").arg(trial)));
            exact += answer->value <= best.value * (1 + 1e-12) + 1e-9;
            laterBought += std::any_of(answer->plan.purchases.begin(), answer->plan.purchases.end(),
                                       [](const FleetPurchase &p) { return p.candidate == 1; });
        }
        qInfo("%d of %d answers are the best of their space exactly", exact, kTrials);
        QVERIFY2(laterBought >= 5, qPrintable(QStringLiteral("the second generation bought in %1 answers").arg(laterBought)));
    }

    void theBindingBudgetBinds()
    {
        // A budget of one server a year: the answer never pays more than $20,000 of capex in a plan year.
        const Plan plan = readOrFail(smallPlan(R"(, "capex_budget_per_year": 20000)"));
        const auto base = evaluatePlan(plan);
        const auto answer = optimizeFleet(plan, *base, {});
        QVERIFY(answer);
        const int servers = answer->plan.servers();
        QVERIFY2(servers <= 1, qPrintable(QString::number(servers)));
        for (const MarginalValue &m : answer->marginal)
            if (servers == 1)
                QVERIFY(!m.serversPlus); // one more leaves the space (clarification 25)
    }

    void cvarOfManyFuturesIsTheWholeSortsToTheLastBit()
    {
        // The optimizer sorts only the worst futures: the same sum, in the same order, as sorting them all. Futures of
        // every size, with ties (NPVs on a coarse grid), unequal weights, and worst futures that weigh far less than
        // their share (so that the first share sorted falls short and more are sorted).
        std::mt19937_64 random(20261128);
        for (const std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(100), std::size_t(1000),
                                    std::size_t(2500)}) {
            for (const double beta : {0.3, 0.5, 0.9, 0.95, 0.99, 0.999}) {
                for (const bool lightWorst : {false, true}) {
                    std::vector<std::pair<double, double>> futures(n);
                    double total = 0.0;
                    for (std::pair<double, double> &f : futures) {
                        f.second = 1000.0 * double(random() % 50) + double(random() % 3) * 0.1;
                        f.first = 1.0 + double(random() % 1000);
                        if (lightWorst && f.second >= 45000.0)
                            f.first = 1e-6;
                        total += f.first;
                    }
                    for (std::pair<double, double> &f : futures)
                        f.first /= total;
                    const double fast = futuresCvar(futures, beta), byHand = cvarByHand(futures, beta);
                    QVERIFY2(fast == byHand, qPrintable(QStringLiteral("%1 futures, beta %2: %3 against %4")
                                                            .arg(n).arg(beta).arg(fast, 0, 'g', 17).arg(byHand, 0, 'g', 17)));
                }
            }
        }
    }

    void cvarCountsTheBoundaryFutureFractionally()
    {
        // Weights 1, 2, 1, 1 (0.2, 0.4, 0.2, 0.2) at beta 0.7: the worst 30 % is the worst future (0.2) and half of
        // the next one's 0.2 (clarification 20).
        const Plan plan = readOrFail(smallPlan(R"(, "objective": "cvar", "beta": 0.7)"));
        const auto base = evaluatePlan(plan);
        OptimizeOptions options;
        options.frontier = false;
        const auto answer = optimizeFleet(plan, *base, options);
        QVERIFY(answer);
        std::vector<std::pair<double, double>> f = answer->futures;
        QCOMPARE(f.size(), std::size_t(4));
        QCOMPARE(f[1].first, 0.4);
        std::stable_sort(f.begin(), f.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
        QVERIFY(f[0].first == 0.2 || f[0].first == 0.4);
        const double byHand = f[0].first >= 0.3 ? f[0].second
                                                : (f[0].first * f[0].second + (0.3 - f[0].first) * f[1].second) / 0.3;
        QCOMPARE_NEAR(answer->value, byHand);
        QCOMPARE(answer->beta, 0.7);
    }

    void theSearchPricesDecisionsAsTheEngineDoes_data()
    {
        QTest::addColumn<QByteArray>("uncertainty");
        QTest::addColumn<QByteArray>("objective");
        // Futures that differ in demand only (priced month by month over all of them), in a server's speed (its
        // capacity differs between futures) and in the price of electricity (so does the power of what it serves).
        const QByteArray demand = R"({"target": "workload", "parameter": "demand_gpu_hours", "distribution": "lognormal", "median": 40000, "p90": 90000},
            {"target": "workload", "parameter": "demand_growth", "distribution": "uniform", "low": -0.2, "high": 1.5})";
        QTest::newRow("demand") << demand << QByteArray("mean");
        QTest::newRow("speed") << demand + R"(, {"target": "H100", "parameter": "speedup", "distribution": "uniform", "low": 2, "high": 3})"
                               << QByteArray("mean");
        QTest::newRow("electricity, cvar")
            << demand + R"(, {"target": "B200", "parameter": "electricity_per_kwh", "distribution": "uniform", "low": 0.08, "high": 0.2})"
            << QByteArray("cvar");
    }

    void theSearchPricesDecisionsAsTheEngineDoes()
    {
        // Every decision the search compares is priced by its own arithmetic (the engine's layer costs, staff steps,
        // bulk tiers, the mix's order, idle power, the burst linear in what is left); the answer is then evaluated by
        // the engine. The two agree for the answer, whatever way the futures differ.
        QFETCH(QByteArray, uncertainty);
        QFETCH(QByteArray, objective);
        QByteArray json = generationsPlan(R"(, "own": ["A100", "H100", "B200"], "reserve": ["reserve", "reserve 1y"], "objective": ")" +
                                          objective + R"(", "beta": 0.8, "max_servers": 12, "max_instances": 12)");
        json.replace(R"("max_servers": 3, "max_instances": 4,)", "");
        json = withSampledFutures(json, R"("trials": 150, "seed": 3)", uncertainty);
        const Plan plan = readOrFail(json);
        const auto base = evaluatePlan(plan);
        QVERIFY(base);
        OptimizeOptions options;
        options.frontier = false;
        const auto answer = optimizeFleet(plan, *base, options);
        QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        QVERIFY(!answer->plan.purchases.empty());
        QVERIFY2(test::near(answer->priced, answer->value, 1e-9),
                 qPrintable(QStringLiteral("search %1, engine %2").arg(answer->priced, 0, 'f', 4).arg(answer->value, 0, 'f', 4)));
    }

    void theSameOnAnyNumberOfThreads_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("trials");
        QTest::newRow("one generation")
            << withSampledFutures(smallPlan({}), R"("trials": 300, "seed": 11)",
                                  R"({"target": "workload", "parameter": "demand_gpu_hours", "distribution": "triangular", "low": 3000, "mode": 8000, "high": 16000},
            {"target": "workload", "parameter": "demand_growth", "distribution": "pert", "low": 0, "mode": 0.3, "high": 0.8},
            {"target": "burst", "parameter": "rate_per_hour", "distribution": "uniform", "low": 2.5, "high": 4})")
            << 300;
        QTest::newRow("three generations, idle power and two reservations")
            << withSampledFutures(generationsPlan(R"(, "own": ["A100", "H100", "B200"], "reserve": ["reserve", "reserve 1y"])"),
                                  R"("trials": 120, "seed": 5)",
                                  R"({"target": "workload", "parameter": "demand_gpu_hours", "distribution": "lognormal", "median": 10000, "p90": 25000},
            {"target": "workload", "parameter": "demand_growth", "distribution": "uniform", "low": -0.2, "high": 1.5},
            {"target": "H100", "parameter": "server_price", "distribution": "uniform", "low": 22000, "high": 32000})")
            << 120;
    }

    void theSameOnAnyNumberOfThreads()
    {
        // Sampled futures (the plan's uncertainty, Latin hypercube, seed): byte-identical answers on 1, 2 and 4 threads,
        // with one candidate of each role and with three generations (one with idle power, one whose price is
        // uncertain) and two reservations (model.md §14.4).
        QFETCH(QByteArray, json);
        QFETCH(int, trials);
        const Plan plan = readOrFail(json);
        QVERIFY(!plan.optimize->futures);
        const auto base = evaluatePlan(plan);
        QByteArray first;
        for (int threads : {1, 2, 4}) {
            OptimizeOptions options;
            options.threads = threads;
            const auto answer = optimizeFleet(plan, *base, options);
            QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
            QCOMPARE(answer->futures.size(), std::size_t(trials));
            const QByteArray bytes = QJsonDocument(report::optimizeAnswerToJson(*answer)).toJson();
            if (first.isEmpty())
                first = bytes;
            QCOMPARE(bytes, first);
        }
    }

    void theWrittenPlanEvaluatesToTheReportedFigures()
    {
        const Plan plan = readOrFail(smallPlan(R"(, "name": "Fleet")"));
        const auto base = evaluatePlan(plan);
        const auto answer = optimizeFleet(plan, *base, {});
        QVERIFY(answer);
        const Plan written = planWithAnswer(plan, *answer);
        QVERIFY(written.scenario(QStringLiteral("Fleet \u00b7 own")));
        QVERIFY(written.scenario(QStringLiteral("Fleet \u00b7 reserve")));
        const PlanScenario *mix = written.scenario(QStringLiteral("Fleet"));
        QVERIFY(mix);
        QCOMPARE(std::get<MixScenario>(mix->scenario).layers,
                 (QStringList{QStringLiteral("Fleet \u00b7 own"), QStringLiteral("Fleet \u00b7 reserve")}));
        QVERIFY(written.optimize);
        // Read back from its file, evaluated in each future: the answer's own NPVs.
        lastScenarioIsTheAnswer(readOrFail(writePlanBytes(written)), *answer);
        // Run twice, the scenarios are replaced, not added again.
        QCOMPARE(planWithAnswer(written, *answer).scenarios.size(), written.scenarios.size());
    }

    void candidatesAreNamedInTheAnswerAndTheWrittenPlan()
    {
        // model.md §14.4: with lists, each purchase and term names its candidate, the marginal rows come one per epoch
        // and candidate, the sentence names each generation bought, and --write-plan adds one scenario per candidate
        // (none bought: no purchases) and the mix of them in the request's order, which evaluates to the answer.
        const Plan plan = readOrFail(
            generationsPlan(R"(, "own": ["A100", "H100", "B200"], "reserve": ["reserve", "reserve 1y"], "name": "Fleet")"));
        const auto base = evaluatePlan(plan);
        const auto answer = optimizeFleet(plan, *base, {});
        QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        const QJsonObject json = report::optimizeAnswerToJson(*answer);
        const QStringList own{QStringLiteral("A100"), QStringLiteral("H100"), QStringLiteral("B200")};
        QVERIFY(!json.value(QStringLiteral("purchases")).toArray().isEmpty());
        for (const QJsonValue &p : json.value(QStringLiteral("purchases")).toArray()) {
            QCOMPARE(p.toArray().size(), 3);
            QVERIFY(own.contains(p.toArray().at(2).toString()));
        }
        for (const QJsonValue &t : json.value(QStringLiteral("terms")).toArray()) {
            QCOMPARE(t.toArray().size(), 4);
            QVERIFY(t.toArray().at(3).toString().startsWith(QStringLiteral("reserve")));
        }
        for (const QJsonValue &point : json.value(QStringLiteral("frontier")).toArray())
            for (const QJsonValue &p : point.toObject().value(QStringLiteral("purchases")).toArray())
                QCOMPARE(p.toArray().size(), 3);
        // Epochs 1, 4, 7: A100 at each, H100 at 4 and 7, B200 at 7; both reservations at each.
        const QJsonArray marginal = json.value(QStringLiteral("marginal")).toArray();
        QCOMPARE(marginal.size(), 3 + 2 + 1 + 3 + 3);
        for (const QJsonValue &row : marginal) {
            const QJsonObject o = row.toObject();
            const bool ownRow = own.contains(o.value(QStringLiteral("candidate")).toString());
            QVERIFY(o.value(QStringLiteral("candidate")).isString());
            // The other role's keys null; this role's null only where the move leaves the space.
            for (const char *key : {"instances_plus", "instances_minus"})
                QVERIFY(!ownRow || o.value(QLatin1String(key)).isNull());
            for (const char *key : {"servers_plus", "servers_minus"})
                QVERIFY(ownRow || o.value(QLatin1String(key)).isNull());
        }
        const QString sentence = json.value(QStringLiteral("sentence")).toString();
        for (const FleetPurchase &p : answer->plan.purchases)
            QVERIFY2(sentence.contains(QStringLiteral("of \u201c%1\u201d").arg(own.at(p.candidate))), qPrintable(sentence));

        const Plan written = planWithAnswer(plan, *answer);
        QStringList layers;
        for (const QString &name : own)
            layers << QStringLiteral("Fleet \u00b7 own \u00b7 ") + name;
        layers << QStringLiteral("Fleet \u00b7 reserve \u00b7 reserve") << QStringLiteral("Fleet \u00b7 reserve \u00b7 reserve 1y");
        const PlanScenario *mix = written.scenario(QStringLiteral("Fleet"));
        QVERIFY(mix);
        QCOMPARE(std::get<MixScenario>(mix->scenario).layers, layers);
        for (qsizetype c = 0; c < own.size(); ++c)
            QCOMPARE(std::get<PurchaseScenario>(written.scenario(layers.at(c))->scenario).purchases,
                     answer->plan.purchasesOf(static_cast<int>(c)));
        // Written with lists, read back with lists, evaluated in each future: the answer's own NPVs.
        const QByteArray bytes = writePlanBytes(written);
        QVERIFY(bytes.contains(R"("own": [)"));
        const Plan back = readOrFail(bytes);
        QVERIFY(back.optimize->ownListed && back.optimize->reserveListed);
        QCOMPARE(back.optimize->own, own);
        lastScenarioIsTheAnswer(back, *answer);
        QCOMPARE(planWithAnswer(written, *answer).scenarios.size(), written.scenarios.size());
    }

    void theGenerationsExampleAnswersAsItsNotesSay()
    {
        // The bundled example `generations` explains its answer in its notes: four B200 servers ordered in month 13,
        // three H100 instances reserved from month 1 and one from month 7, no A100 or H100 bought, $3.61M expected.
        const Expected<QByteArray> json = exampleJson(QStringLiteral("generations"));
        QVERIFY(json);
        const Plan plan = readOrFail(*json);
        QCOMPARE(plan.optimize->own.size(), 3);
        const auto base = evaluatePlan(plan);
        QVERIFY(base);
        OptimizeOptions options;
        options.frontier = false;
        const auto answer = optimizeFleet(plan, *base, options);
        QVERIFY2(answer, answer ? "" : qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(answer->plan.purchases, (std::vector<FleetPurchase>{{13, 4, 2}}));
        QCOMPARE(answer->plan.terms, (std::vector<FleetTerm>{{1, 3, 12, 0}, {7, 1, 12, 0}}));
        QVERIFY2(std::abs(answer->value - 3.61e6) < 0.005e6, qPrintable(QString::number(answer->value)));
        QVERIFY(answer->bound && (answer->value - *answer->bound) / answer->value < 0.002);
        for (const char *said : {"order four B200 servers in month 13", "reserve three H100 instances for a year from month 1 and one "
                                 "more from month 7", "$3.61M", "within 0.2 %"})
            QVERIFY2(plan.notes.contains(QLatin1String(said)), said);
    }

    void refusals()
    {
        const Plan plan = readOrFail(smallPlan(R"(, "min_service": 1)")
                                         .replace(R"("burst": "burst", "epochs")", R"("burst": null, "epochs")")
                                         .replace(R"("max_servers": 3)", R"("max_servers": 0)")
                                         .replace(R"("max_instances": 4)", R"("max_instances": 0)"));
        const auto base = evaluatePlan(plan);
        const auto answer = optimizeFleet(plan, *base, {});
        QVERIFY(!answer);
        QVERIFY2(answer.error().details.join(QLatin1Char('\n')).contains(QStringLiteral("no decision within the limits")),
                 qPrintable(answer.error().details.join(QLatin1Char('\n'))));
        // Model version 4: a candidate on sale only after every decision month has no choice; the path names it in a
        // list. Idle power is priced (model.md §14.4): an own scenario with it is optimized.
        for (const auto &[json, words] :
             {std::pair{smallPlan({}).replace(R"("servers": 1,)", R"("servers": 0, "available_from_month": 9,)"),
                        QStringLiteral("optimize.own: \"own\" can be bought in none of the decision months (on sale "
                                       "from month 9, 0 month(s) of lead time, a 12-month plan)")},
              std::pair{generationsPlan(R"(, "own": ["A100", "B200"])").replace(R"("lead_time_months": 2,)", R"("lead_time_months": 12,)"),
                        QStringLiteral("optimize.own[1]: \"B200\" can be bought in none of the decision months (on sale "
                                       "from month 7, 12 month(s) of lead time, a 18-month plan)")}}) {
            const Plan later = readOrFail(json);
            const auto refused = optimizeFleet(later, *evaluatePlan(later), {});
            QVERIFY(!refused);
            const QString said = refused.error().message + QLatin1Char('\n') + refused.error().details.join(QLatin1Char('\n'));
            QVERIFY2(said.contains(words), qPrintable(said));
        }
        const Plan idle = readOrFail(smallPlan({}).replace(R"("servers": 1,)", R"("servers": 1, "power_kw_per_server": 5, "idle_power_fraction": 0.3,)"));
        QVERIFY(optimizeFleet(idle, *evaluatePlan(idle), {}));
        Plan without = plan;
        without.optimize.reset();
        QVERIFY(!optimizeFleet(without, *base, {}));
        // Cancelled from the progress callback: an error that says so.
        OptimizeOptions options;
        options.progress = [](int done, int) { return done < 300; };
        const auto cancelled = optimizeFleet(readOrFail(smallPlan({})), *evaluatePlan(readOrFail(smallPlan({}))), options);
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().message, optimizeCancelledMessage());
    }

private:
    static QByteArray writePlanBytes(const Plan &plan);

    // The plan's last scenario, the mix "Fleet" --write-plan added, evaluated in each of the plan's futures: the
    // answer's own NPVs.
    static void lastScenarioIsTheAnswer(const Plan &back, const OptimizeAnswer &answer)
    {
        for (std::size_t i = 0; i < answer.futures.size(); ++i) {
            Plan inFuture = back;
            inFuture.workload = (*back.optimize->futures)[i].applyTo(back.workload);
            const auto result = evaluatePlan(inFuture);
            QVERIFY(result);
            const EvaluatedScenario *s = result->atPlanPosition(static_cast<std::size_t>(inFuture.scenarios.size() - 1));
            QVERIFY(s && s->name == QStringLiteral("Fleet"));
            QVERIFY2(test::near(s->result.npv, answer.futures[i].second, 1e-9),
                     qPrintable(QStringLiteral("%1 vs %2").arg(s->result.npv).arg(answer.futures[i].second)));
        }
    }
};

#include "models/plan/planwriter.h"

QByteArray TestFleetOptimizer::writePlanBytes(const Plan &plan)
{
    return writePlan(plan);
}

MLTCO_TEST_GUILESS_MAIN(TestFleetOptimizer)
#include "tst_fleetoptimizer.moc"
