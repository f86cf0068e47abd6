// The plan's electricity price (workload.electricity_per_kwh): every purchase that states no price of its own pays
// it; one that states a price keeps it. Read, written, evaluated, converted and moved by the tornado, with figures
// worked by hand.
#include "models/analytics/analysis.h"
#include "models/plan/currencyswitch.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "tests/support/testmain.h"

#include <QTest>

using namespace mltco;
using namespace mltco::tco;

namespace {

// Two purchases drawing 6.5 kW at 80 % load and PUE 1.5: "site" states no electricity price, "own" states 0.10.
// One server-month draws 6.5 x 0.8 x 1.5 x 730 = 5,694 kWh.
QByteArray planJson(const QByteArray &workloadExtra)
{
    return R"({"name": "power", "workload": {"horizon_months": 12)" + workloadExtra + R"(},
        "scenarios": [
          {"name": "site", "kind": "purchase", "servers": 2, "power_kw_per_server": 6.5, "average_load": 0.8, "pue": 1.5},
          {"name": "own", "kind": "purchase", "servers": 1, "power_kw_per_server": 6.5, "average_load": 0.8, "pue": 1.5,
           "electricity_per_kwh": 0.10},
          {"name": "dark", "kind": "purchase", "servers": 1}
        ]})";
}

double monthOnePower(const PlanResult &result, const QString &name)
{
    for (const EvaluatedScenario &s : result.scenarios)
        if (s.name == name)
            return s.result.months.front().cost[static_cast<std::size_t>(Category::Power)];
    return -1.0;
}

PlanResult evaluated(const Plan &plan)
{
    Expected<PlanResult> r = evaluatePlan(plan);
    if (!r)
        qFatal("evaluation refused: %s", qPrintable(r.error().message + r.error().details.join(QLatin1Char(';'))));
    return *r;
}

} // namespace

class TestPlanElectricity : public QObject
{
    Q_OBJECT

private slots:
    void withoutAPlanPriceEachPurchasePaysItsOwnOrTheDefault()
    {
        const Expected<Plan> plan = readPlan(planJson({}));
        QVERIFY(plan);
        const PlanResult r = evaluated(*plan);
        // 2 servers x 5,694 kWh x $0.12 = $1,366.56; 1 x 5,694 x $0.10 = $569.40.
        QCOMPARE(monthOnePower(r, QStringLiteral("site")), 1366.56);
        QCOMPARE(monthOnePower(r, QStringLiteral("own")), 569.40);
        QCOMPARE(monthOnePower(r, QStringLiteral("dark")), 0.0);
    }

    void aPlanPriceReachesEveryPurchaseThatStatesNone()
    {
        const Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)"));
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(plan->workload.electricityPerKwh, std::optional<double>(0.20));
        QVERIFY(isGiven(plan->workloadGiven, ParamId::PlanElectricityPerKwh));
        const PlanResult r = evaluated(*plan);
        // 2 x 5,694 x $0.20 = $2,277.60; the purchase that states $0.10 keeps it.
        QCOMPARE(monthOnePower(r, QStringLiteral("site")), 2277.60);
        QCOMPARE(monthOnePower(r, QStringLiteral("own")), 569.40);
        QCOMPARE(monthOnePower(r, QStringLiteral("dark")), 0.0);
        // With a trend, the plan's price grows as a purchase's own does: month 13 of a 10 %/yr trend is x 1.1.
        Plan trending = *plan;
        trending.workload.horizonMonths = 13;
        std::get<PurchaseScenario>(trending.scenarios[0].scenario).electricityPriceTrend = 0.10;
        const PlanResult t = evaluated(trending);
        QCOMPARE(t.scenarios[0].result.months[12].cost[static_cast<std::size_t>(Category::Power)], 2277.60 * 1.1);
    }

    void writtenAndReadBackAsVersion3()
    {
        const Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)"));
        QVERIFY(plan);
        const QByteArray written = writePlan(*plan);
        QVERIFY(written.contains("\"version\": 3"));
        const Expected<Plan> again = readPlan(written);
        QVERIFY(again);
        QCOMPARE(again->workload.electricityPerKwh, std::optional<double>(0.20));
        QVERIFY(!isGiven(again->scenarios[0].given, ParamId::ElectricityPerKwh));
        QVERIFY(std::get<PurchaseScenario>(again->scenarios[0].scenario).electricityFromPlan);
        QVERIFY(!std::get<PurchaseScenario>(again->scenarios[1].scenario).electricityFromPlan);
        QCOMPARE(monthOnePower(evaluated(*again), QStringLiteral("site")), 2277.60);
    }

    void theKeyIsThePlansUnderWorkloadAndAPurchasesInAScenario()
    {
        // Under the workload it is no longer "a scenario parameter"; in a dedicated scenario it is still refused.
        QCOMPARE(parameterByKey(u"electricity_per_kwh", ParamScope::InWorkload)->id, ParamId::PlanElectricityPerKwh);
        QCOMPARE(parameterByKey(u"electricity_per_kwh")->id, ParamId::ElectricityPerKwh);
        QCOMPARE(parameterByKey(u"engineers", ParamScope::InScenario)->id, ParamId::Engineers);
        const Expected<Plan> refused = readPlan(R"({"name": "p", "workload": {"electricity_per_kwh": 11},
            "scenarios": [{"name": "d", "kind": "dedicated", "rate_per_hour": 1, "electricity_per_kwh": 0.1}]})");
        QVERIFY(!refused);
        QCOMPARE(refused.error().details.size(), 2);
        QVERIFY2(refused.error().details.at(0).startsWith(QStringLiteral("workload.electricity_per_kwh: ")),
                 qPrintable(refused.error().details.at(0)));
        QVERIFY2(refused.error().details.at(1).startsWith(QStringLiteral("scenarios[0].electricity_per_kwh: ")),
                 qPrintable(refused.error().details.at(1)));
    }

    void resettingAPurchasesPriceGivesItBackToThePlan()
    {
        Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)"));
        QVERIFY(plan);
        Scenario &own = plan->scenarios[1].scenario;
        QVERIFY(clearParameterValue(own, ParamId::ElectricityPerKwh));
        setGiven(plan->scenarios[1].given, ParamId::ElectricityPerKwh, false);
        // 1 x 5,694 x $0.20.
        QCOMPARE(monthOnePower(evaluated(*plan), QStringLiteral("own")), 1138.80);
        QVERIFY(setParameterValue(own, ParamId::ElectricityPerKwh, 0.05));
        QCOMPARE(monthOnePower(evaluated(*plan), QStringLiteral("own")), 284.70);
    }

    void theTornadoMovesThePlansPriceNotACopyOfIt()
    {
        Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)"));
        QVERIFY(plan);
        const PlanResult base = evaluated(*plan);
        const std::vector<TornadoEntry> bars = tornado(*plan, base, 0.5);
        bool planBar = false;
        for (const TornadoEntry &e : bars) {
            // The purchase that pays the plan's price has no bar of its own for it.
            QVERIFY(!(e.target == QLatin1String("site") && e.parameter == ParamId::ElectricityPerKwh));
            if (e.target != QLatin1String("workload") || e.parameter != ParamId::PlanElectricityPerKwh)
                continue;
            QCOMPARE(e.base, 0.20);
            const double served = e.scenario == QLatin1String("site") ? 2 : 0; // servers paying the plan's price
            // ±50 %: $0.10 and $0.30 a kWh; 12 months x 5,694 kWh x $0.10 a server between the two points.
            QCOMPARE(e.totalHigh - e.totalLow, served * 12 * 5694 * 0.20);
            planBar = planBar || e.scenario == QLatin1String("site");
        }
        QVERIFY(planBar);
    }

    void theMonteCarloDrawsThePlansPrice()
    {
        Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)").chopped(1) +
                                       R"(, "uncertainty": [{"target": "workload", "parameter": "electricity_per_kwh",
                                          "distribution": "uniform", "low": 0.30, "high": 0.30000001}]})");
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(plan->uncertainty.front().parameter, ParamId::PlanElectricityPerKwh);
        const PlanResult base = evaluated(*plan);
        AnalysisOptions options;
        options.trials = 50;
        const Expected<AnalysisResult> a = analyzePlan(*plan, base, options);
        QVERIFY(a);
        // Every trial draws $0.30: the "site" purchase's total moves by 2 x 5,694 x $0.10 x 12 = $13,665.60 over the
        // plan's $0.20.
        const double moved = a->scenarios.front().mean - base.scenarios.front().result.total;
        QVERIFY2(std::abs(moved - 2 * 5694 * 0.10 * 12) < 1.0, qPrintable(QString::number(moved, 'f', 2)));
        // The purchase with its own price does not move.
        QVERIFY(std::abs(a->scenarios[1].mean - base.scenarios[1].result.total) < 1e-6);
    }

    void aCurrencyConversionConvertsThePlansPriceAndKeepsThePurchasesOnIt()
    {
        Expected<Plan> plan = readPlan(planJson(R"(, "electricity_per_kwh": 0.20)"));
        QVERIFY(plan);
        const Plan euro = convertedPlan(*plan, {QStringLiteral("USD"), QStringLiteral("EUR"), 0.9,
                                                QDate(2026, 12, 4), QStringLiteral("ECB")});
        QCOMPARE(*euro.workload.electricityPerKwh, 0.18);
        QVERIFY(euro.workloadAssumptions.value(QStringLiteral("electricity_per_kwh")).contains(QStringLiteral("$0.20")));
        QVERIFY(!isGiven(euro.scenarios[0].given, ParamId::ElectricityPerKwh));
        QVERIFY(std::get<PurchaseScenario>(euro.scenarios[0].scenario).electricityFromPlan);
        // The purchase's own price is converted: 0.10 x 0.9.
        QCOMPARE(std::get<PurchaseScenario>(euro.scenarios[1].scenario).electricityPerKwh, 0.09);
        QCOMPARE(monthOnePower(evaluated(euro), QStringLiteral("site")), 2277.60 * 0.9);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanElectricity)
#include "tst_planelectricity.moc"
