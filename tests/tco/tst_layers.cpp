// Reserved capacity bought in terms and layered mixes (model.md §11.2, §11.3) against hand-worked figures, the hybrid
// they generalise, and plan files that use them.
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/report/resultjson.h"
#include "models/tco/engine.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cstring>

using namespace mltco::tco;

namespace {

double cost(const ScenarioResult &r, int month, Category category)
{
    return r.months[static_cast<std::size_t>(month - 1)].at(category);
}

Workload flat(int horizon, double demand)
{
    Workload w;
    w.horizonMonths = horizon;
    w.demandGpuHours = demand;
    return w;
}

// $10 an hour for 8 GPUs at speedup 2, 10 % premium, 40 % off, half paid upfront: the locked rate is
// 10 x 1.1 x 0.6 = $6.60 an hour.
ReservedScenario reservedA100()
{
    ReservedScenario r;
    r.instance = {10.0, 8.0, 2.0};
    r.premium = 0.1;
    r.discount = 0.4;
    r.upfrontFraction = 0.5;
    return r;
}

PurchaseScenario server()
{
    PurchaseScenario p;
    p.serverPrice = 120000;
    p.gpusPerServer = 8;
    p.speedup = 2;
    p.holdingMonths = 24;
    return p;
}

ElasticScenario burstA100()
{
    ElasticScenario e;
    e.instance = {3.0, 1.0, 2.0};
    e.overheadMonthly = 500;
    e.opsFte = 0.1;
    return e;
}

ClusterScenario pool()
{
    ClusterScenario c;
    c.instance = {2.0, 4.0, 1.0};
    c.nodes = 2;
    c.opsFte = 0.25;
    c.commit = {0.5, 0.3, 12, 0.5};
    return c;
}

// Bit for bit: the "to the last digit" of model.md §11.3.
bool identical(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestLayers : public QObject
{
    Q_OBJECT

private slots:
    void reservedTermsByHand()
    {
        // Term 1: 2 instances from month 1 for 12 months: upfront 0.5 x 2 x 6.6 x 730 x 12 = 57,816 in month 1 and
        // 0.5 x 2 x 6.6 x 730 = 4,818 a month. Term 2: 1 instance from month 25 for 24 months, outliving the 36-month
        // plan: its whole upfront 0.5 x 6.6 x 730 x 24 = 57,816 in month 25, 2,409 a month up to month 36 only.
        ReservedScenario r = reservedA100();
        r.terms = {{25, 1, 24}, {1, 2, 12}}; // starts need not be ordered
        Workload w = flat(36, 0);
        w.taxRate = 0.25;
        const ScenarioResult result = evaluate(w, r);
        QCOMPARE_NEAR(cost(result, 1, Category::Compute), 57816 + 4818);
        QCOMPARE_NEAR(cost(result, 12, Category::Compute), 4818);
        QCOMPARE(cost(result, 13, Category::Compute), 0.0);
        QCOMPARE_NEAR(cost(result, 25, Category::Compute), 57816 + 2409);
        QCOMPARE_NEAR(cost(result, 36, Category::Compute), 2409);
        QCOMPARE_NEAR(result.categoryTotal(Category::Compute), 57816 + 12 * 4818 + 57816 + 12 * 2409);
        const QList<double> instances{2, 0, 1};
        for (int m = 1; m <= 36; ++m) {
            const MonthRow &row = result.months[static_cast<std::size_t>(m - 1)];
            QCOMPARE(row.instances, instances[(m - 1) / 12]);
            QCOMPARE_NEAR(row.capacity, row.instances * 8 * 2 * 730);
        }
        QCOMPARE(*result.peakInstances, 2.0);
        // Tax: the upfront is deducted as upfront / L over its term's months (<= H). Months 1-12 deduct
        // 4,818 + 57,816 / 12 = 9,636 (tax -2,409); months 25-36 deduct 2,409 + 57,816 / 24 = 4,818 (tax -1,204.50);
        // the half of term 2's upfront that falls after the plan is never deducted.
        QCOMPARE_NEAR(cost(result, 1, Category::Tax), -2409);
        QCOMPARE_NEAR(cost(result, 7, Category::Tax), -2409);
        QCOMPARE(cost(result, 20, Category::Tax), 0.0);
        QCOMPARE_NEAR(cost(result, 25, Category::Tax), -1204.5);
        QCOMPARE_NEAR(cost(result, 36, Category::Tax), -1204.5);
        QCOMPARE_NEAR(result.categoryTotal(Category::Tax), -2409 * 12 - 1204.5 * 12);
    }

    void aTermLocksTheRateInForceAtItsStart()
    {
        // Prices rise 10 % a year: a term starting in month 25 locks 1.1^2 = 1.21 times the month-1 rate.
        ReservedScenario r = reservedA100();
        r.upfrontFraction = 0;
        r.terms = {{1, 1, 12}, {25, 1, 12}};
        Workload w = flat(36, 0);
        w.cloudPriceTrend = 0.1;
        const ScenarioResult result = evaluate(w, r);
        QCOMPARE_NEAR(cost(result, 1, Category::Compute), 6.6 * 730);
        QCOMPARE_NEAR(cost(result, 12, Category::Compute), 6.6 * 730); // locked: the trend does not move it
        QCOMPARE_NEAR(cost(result, 25, Category::Compute), 6.6 * 730 * 1.21);
        QCOMPARE_NEAR(cost(result, 36, Category::Compute), 6.6 * 730 * 1.21);
    }

    void noTermsCostOnlyOverheadAndStaff()
    {
        ReservedScenario r = reservedA100();
        r.overheadMonthly = 100;
        r.opsFte = 0.5;
        r.fteAnnualCost = 120000;
        const ScenarioResult result = evaluate(flat(12, 1000), r);
        QCOMPARE_NEAR(result.total, 12 * (100 + 5000));
        QCOMPARE(result.capacity, 0.0);
        QCOMPARE_NEAR(result.unmet, 12000);
        QVERIFY(!result.utilization);
    }

    void aOneLayerMixIsTheHybrid_data()
    {
        QTest::addColumn<int>("base");
        QTest::newRow("purchase with a schedule, lead time and tax") << 0;
        QTest::newRow("cluster to demand with a commitment") << 1;
        QTest::newRow("dedicated") << 2;
        QTest::newRow("reserved") << 3;
    }

    void aOneLayerMixIsTheHybrid()
    {
        QFETCH(int, base);
        Workload w = flat(48, 9000);
        w.demandGrowth = 0.4;
        w.demandSteps = {{13, 14000}};
        w.taxRate = 0.21;
        w.discountRate = 0.08;
        w.cloudPriceTrend = -0.1;
        Scenario layer;
        if (base == 0) {
            PurchaseScenario p = server();
            p.servers = 1;
            p.purchases = {{10, 2}};
            p.leadTimeMonths = 2;
            p.depreciation = Depreciation::Macrs5;
            layer = p;
        } else if (base == 1) {
            ClusterScenario c = pool();
            c.expansion = Expansion::ToDemand;
            layer = c;
        } else if (base == 2) {
            DedicatedScenario d;
            d.instance = {4.0, 4.0, 1.0};
            d.boxes = 3;
            layer = d;
        } else {
            ReservedScenario r = reservedA100();
            r.terms = {{1, 1, 12}, {6, 2, 36}};
            layer = r;
        }
        const ElasticScenario burst = burstA100();
        ScenarioResult hybrid, mix;
        MixScratch a, b;
        evaluateHybridInto(w, layer, burst, 0.8, hybrid, a);
        const Scenario *layers[] = {&layer};
        evaluateMixInto(w, layers, &burst, 0.8, mix, b);
        QVERIFY(identical(hybrid.total, mix.total));
        QVERIFY(identical(hybrid.npv, mix.npv));
        QVERIFY(identical(hybrid.burst, mix.burst));
        QVERIFY(identical(hybrid.served, mix.served));
        QVERIFY(identical(*hybrid.utilization, *mix.utilization));
        QCOMPARE(hybrid.months.size(), mix.months.size());
        for (std::size_t i = 0; i < hybrid.months.size(); ++i) {
            const MonthRow &h = hybrid.months[i], &m = mix.months[i];
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                QVERIFY2(identical(h.cost[c], m.cost[c]), qPrintable(QStringLiteral("month %1, %2").arg(i + 1).arg(categoryKey(kCategories[c]))));
            QVERIFY(identical(h.total, m.total));
            QVERIFY(identical(h.capacity, m.capacity));
            QVERIFY(identical(h.burstGpuHours, m.burstGpuHours));
            QVERIFY(identical(h.instances, m.instances));
            // A mix counts servers only; a hybrid carries its base's nodes too (model.md §11.5, clarification 10).
            if (base == 0)
                QVERIFY(identical(h.fleet, m.fleet));
        }
    }

    void layerOrderChangesNoFigure()
    {
        // model.md §11.5, clarification 9: the layers together serve min(G, beta x their capacity) in any order.
        Workload w = flat(36, 20000);
        w.demandGrowth = 0.5;
        w.taxRate = 0.21;
        PurchaseScenario p = server();
        p.servers = 1;
        ReservedScenario r = reservedA100();
        r.terms = {{1, 1, 12}, {13, 2, 12}};
        const Scenario own = p, reserve = r, rent = pool();
        const ElasticScenario burst = burstA100();
        ScenarioResult first, second;
        MixScratch scratch;
        const Scenario *order1[] = {&own, &reserve, &rent};
        const Scenario *order2[] = {&rent, &reserve, &own};
        evaluateMixInto(w, order1, &burst, 0.85, first, scratch);
        evaluateMixInto(w, order2, &burst, 0.85, second, scratch);
        QVERIFY(mltco::test::near(first.total, second.total, 1e-12));
        QVERIFY(mltco::test::near(first.burstGpuHours, second.burstGpuHours, 1e-12));
        QVERIFY(mltco::test::near(*first.utilization, *second.utilization, 1e-12));
        // Month rows: servers of the purchase layer, instances of the reserved one, the cluster's nodes in neither.
        QCOMPARE(first.months[0].fleet, 1.0);
        QCOMPARE(first.months[0].instances, 1.0);
        QCOMPARE(second.months[20].fleet, 1.0);
        QCOMPARE(second.months[20].instances, 2.0);
        QCOMPARE(*first.peakFleet, 1.0);
        QCOMPARE(*first.peakInstances, 2.0);
        // Capacity: 8 x 2 x 730 = 11,680 a server; 11,680 an instance; the pool 2 nodes x 4 x 730 = 5,840.
        QCOMPARE_NEAR(first.months[0].capacity, 11680 + 11680 + 5840);
    }

    void withoutABurstTheRestIsUnmet()
    {
        // One instance of 11,680 reference GPU-hours a month at beta 0.85 serves 9,928 of a flat 12,000; the other
        // 2,072 a month are unmet (model.md §11.5, clarification 12), and the cost per GPU-hour is over what is served.
        ReservedScenario r = reservedA100();
        r.upfrontFraction = 0;
        r.terms = {{1, 1, 12}};
        const Scenario layer = r;
        const Scenario *layers[] = {&layer};
        ScenarioResult mix;
        MixScratch scratch;
        evaluateMixInto(flat(12, 12000), layers, nullptr, 0.85, mix, scratch);
        QCOMPARE_NEAR(mix.served, 12 * 9928);
        QCOMPARE_NEAR(mix.unmet, 12 * 2072);
        QVERIFY(mix.hasUnmetDemand());
        QCOMPARE(mix.burst, 0.0);
        QCOMPARE_NEAR(*mix.utilization, 0.85);
        QCOMPARE_NEAR(*mix.costPerServedGpuHour, 12 * 6.6 * 730 / (12 * 9928));
    }

    void aPlanFileWithReservedAndMix()
    {
        const QByteArray json = R"({"name": "layers", "version": 3,
            "workload": {"demand_gpu_hours": 30000, "horizon_months": 24},
            "scenarios": [
              {"name": "own", "kind": "purchase", "servers": 1, "server_price": 120000, "gpus_per_server": 8, "speedup": 2},
              {"name": "reserve", "kind": "reserved", "rate_per_hour": 10, "gpus_per_instance": 8, "speedup": 2,
               "commit_discount": 0.4, "terms": [[1, 1, 12], [13, 1, 12]]},
              {"name": "burst", "kind": "elastic", "rate_per_hour": 3, "speedup": 2},
              {"name": "mix", "kind": "mix", "layers": ["own", "reserve"], "burst": "burst"},
              {"name": "layers only", "kind": "mix", "layers": ["reserve", "own"], "burst": null, "max_utilization": 1},
              {"name": "hybrid", "kind": "hybrid", "base": "reserve", "burst": "burst"}]})";
        const auto plan = readPlan(json);
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
        const auto result = evaluatePlan(*plan);
        QVERIFY2(result, result ? "" : qPrintable(result.error().details.join(QLatin1Char('\n'))));
        const EvaluatedScenario &mix = result->scenarios[3];
        QCOMPARE(mix.parts, (std::vector<std::size_t>{0, 1}));
        QCOMPARE(*mix.burstPart, std::size_t(2));
        // All 30,000 served: the layers give 0.85 x 2 x 11,680 = 19,856, the burst the rest.
        QCOMPARE(mix.result.unmet, 0.0);
        QCOMPARE_NEAR(mix.result.burstGpuHours, 24 * (30000 - 19856));
        // Its total is its parts': the server and the reservation as they stand, the burst on what they leave.
        const double layersTotal = result->scenarios[0].result.total + result->scenarios[1].result.total;
        QCOMPARE_NEAR(mix.result.total - mix.result.burst, layersTotal);
        const EvaluatedScenario &layersOnly = result->scenarios[4];
        QVERIFY(!layersOnly.burstPart);
        QCOMPARE_NEAR(layersOnly.result.unmet, 24 * (30000 - 2 * 11680));
        QCOMPARE_NEAR(layersOnly.result.total, layersTotal);

        // evaluate --format json: month rows carry servers and instances (model.md §11.3), a reserved scenario's its
        // instances, and every row its categories by name.
        const QJsonObject json3 = scenarioResultToJson(mix);
        const QJsonObject month1 = json3.value(QStringLiteral("months")).toArray().at(0).toObject();
        QCOMPARE(month1.value(QStringLiteral("servers")).toDouble(), 1.0);
        QCOMPARE(month1.value(QStringLiteral("instances")).toDouble(), 1.0);
        for (Category c : kCategories)
            QVERIFY(month1.contains(QLatin1String(categoryKey(c))));
        QCOMPARE(json3.value(QStringLiteral("layers")).toArray().size(), 2);
        QCOMPARE(json3.value(QStringLiteral("burst")).toString(), QStringLiteral("burst"));
        QVERIFY(scenarioResultToJson(layersOnly).value(QStringLiteral("burst")).isNull());
        const QJsonObject reserved = scenarioResultToJson(result->scenarios[1]);
        QCOMPARE(reserved.value(QStringLiteral("peak_instances")).toDouble(), 1.0);
        QVERIFY(reserved.value(QStringLiteral("months")).toArray().at(13).toObject().contains(QStringLiteral("instances")));
        QVERIFY(!reserved.contains(QStringLiteral("peak_servers")));
    }

    void aMixWhoseLayerIsLeftOutIsLeftOut()
    {
        // A layer that cannot be evaluated (no price) takes the mix with it in the app, naming the layer.
        const QByteArray json = R"({"name": "broken", "version": 3, "scenarios": [
              {"name": "reserve", "kind": "reserved", "instance": {"provider": "aws", "name": "p4d.24xlarge", "pricing": "reserved_1y"}},
              {"name": "own", "kind": "purchase"},
              {"name": "mix", "kind": "mix", "layers": ["own", "reserve"]}]})";
        const auto plan = readPlan(json);
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
        const auto refused = evaluatePlan(*plan);
        QVERIFY(!refused);
        const auto result = evaluatePlan(*plan, {}, Incomplete::LeaveOut);
        QVERIFY(result);
        QCOMPARE(result->scenarios.size(), std::size_t(1));
        QCOMPARE(result->leftOut.size(), std::size_t(2));
        QCOMPARE(result->leftOut[1].name, QStringLiteral("mix"));
        QVERIFY2(result->leftOut[1].problems.join(QLatin1Char('\n')).contains(QStringLiteral("scenarios[2].layers[1]")),
                 qPrintable(result->leftOut[1].problems.join(QLatin1Char('\n'))));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestLayers)
#include "tst_layers.moc"
