// Version 4 of the plan file (model.md §14): every refusal of §14.5 with its path, the keys read and written back, and
// the version the writer states.
#include "models/plan/planevaluation.h"
#include "models/plan/planwriter.h"
#include "tests/plan/planreadertestutil.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace mltco;
using namespace mltco::test;
using mltco::tco::ParamId;

namespace {

QByteArray purchase(const QByteArray &fields, const QByteArray &extra = {})
{
    return plan(R"({"name": "s", "kind": "purchase", )" + fields + "}", extra);
}

} // namespace

class TestPlanReaderV4 final : public QObject
{
    Q_OBJECT

private slots:
    void versionFourRefusals_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        // §14.1: nothing is paid before available_from_month.
        QTest::newRow("servers before on sale")
            << purchase(R"("servers": 2, "available_from_month": 10)")
            << "scenarios[0].servers: 2 server(s) paid in month 1, before this hardware is on sale in month 10 "
               "(available_from_month); buy them with purchases from month 10, or set servers to 0";
        QTest::newRow("schedule before on sale")
            << purchase(R"("servers": 0, "available_from_month": 10, "purchases": [[4, 1], [10, 2]])")
            << "scenarios[0].purchases[0]: paid in month 4, before this hardware is on sale in month 10 "
               "(available_from_month)";
        QTest::newRow("on sale after the horizon")
            << purchase(R"("servers": 0, "available_from_month": 40)")
            << "scenarios[0].available_from_month: month 40 is after the 36-month horizon: nothing could be bought";
        QTest::newRow("on sale 0") << purchase(R"("available_from_month": 0)")
                                   << "scenarios[0].available_from_month: must be an integer from 1 to 240";
        QTest::newRow("price trend -1") << purchase(R"("server_price_trend": -1)")
                                        << "scenarios[0].server_price_trend: must be a number from -0.9 to 1";
        // §14.5, clarification 3.
        QTest::newRow("drop without a successor") << purchase(R"("successor_value_drop": 0.3)")
                                                  << "scenarios[0].successor_value_drop: needs successor_month (the month "
                                                     "the next generation ships)";
        QTest::newRow("successor after the horizon")
            << purchase(R"("successor_month": 37, "successor_value_drop": 0.3)")
            << "scenarios[0].successor_month: month 37 is after the 36-month horizon (leave it out when the successor "
               "ships later)";
        QTest::newRow("successor in month 1") << purchase(R"("successor_month": 1)")
                                              << "scenarios[0].successor_month: must be an integer from 2 to 240";
        QTest::newRow("drop over 1") << purchase(R"("successor_month": 12, "successor_value_drop": 1.5)")
                                     << "scenarios[0].successor_value_drop: must be a number from 0 to 1";
        // §14.5, clarification 4.
        QTest::newRow("idle power beside average load")
            << purchase(R"("power_kw_per_server": 6.5, "average_load": 0.7, "idle_power_fraction": 0.3)")
            << "scenarios[0].idle_power_fraction: give either idle_power_fraction (the load follows what the servers "
               "serve) or average_load (a fixed load), not both";
        QTest::newRow("idle power 2") << purchase(R"("idle_power_fraction": 2)")
                                      << "scenarios[0].idle_power_fraction: must be a number from 0 to 1";
        // §14.5, clarification 5.
        QTest::newRow("deposit with a loan")
            << purchase(R"("financing": "loan", "loan_rate": 0.1, "loan_term_months": 36, "lead_time_months": 3, "paid_at_order_fraction": 0.3)")
            << "scenarios[0].paid_at_order_fraction: only with cash (with a loan the financier pays the vendor)";
        QTest::newRow("deposit with a lease")
            << purchase(R"("financing": "lease", "lease_rate_factor": 0.03, "paid_at_order_fraction": 0.3)")
            << "scenarios[0].paid_at_order_fraction: only with cash (with a lease the financier pays the vendor)";
        QTest::newRow("colocation too high") << purchase(R"("colocation_per_kw_month": 20000)")
                                             << "scenarios[0].colocation_per_kw_month: must be a number from 0 to 10000";
        QTest::newRow("infrastructure 2") << purchase(R"("infrastructure_capex_fraction": 2)")
                                          << "scenarios[0].infrastructure_capex_fraction: must be a number from 0 to 1";
        QTest::newRow("bonus -0.1") << purchase(R"("bonus_depreciation_fraction": -0.1)")
                                    << "scenarios[0].bonus_depreciation_fraction: must be a number from 0 to 1";
        QTest::newRow("tokens 0") << plan(kPurchase, R"(, "workload": {"tokens_per_reference_gpu_hour": 0})")
                                  << "workload.tokens_per_reference_gpu_hour: must be a number greater than 0 and at most "
                                     "1000000000000";
        QTest::newRow("version 5") << plan(kPurchase, R"(, "version": 5)")
                                   << "version: must be 1 to 4 (a newer mltco wrote this plan?)";
        // §14.4: own and reserve as lists of candidates, each checked at its own path.
        const auto candidates = [](const QByteArray &fields) {
            return plan(R"({"name": "p", "kind": "purchase"}, {"name": "q", "kind": "purchase"},
                           {"name": "r", "kind": "reserved", "rate_per_hour": 4}, {"name": "e", "kind": "elastic", "rate_per_hour": 1})",
                        R"(, "optimize": {"burst": "e", )" + fields + "}");
        };
        QTest::newRow("candidates: an empty list") << candidates(R"("own": [], "reserve": "r")")
                                                   << "optimize.own: must name one or more scenarios, or be null";
        QTest::newRow("candidates: named twice") << candidates(R"("own": ["p", "q", "p"])")
                                                 << "optimize.own[2]: \"p\" is named twice";
        QTest::newRow("candidates: unknown") << candidates(R"("own": ["p", "x"])")
                                             << "optimize.own[1]: no scenario is named \"x\"";
        QTest::newRow("candidates: wrong kind") << candidates(R"("own": ["p"], "reserve": ["r", "q"])")
                                                << "optimize.reserve[1]: \"q\" is a scenario of kind purchase; must name a "
                                                   "reserved scenario";
        QTest::newRow("candidates: not a name") << candidates(R"("own": ["p", 3])")
                                                << "optimize.own[1]: must be a non-empty text";
        QTest::newRow("a v4 key on an elastic scenario")
            << plan(R"({"name": "e", "kind": "elastic", "rate_per_hour": 1, "server_price_trend": -0.2})")
            << "scenarios[0].server_price_trend: not a parameter of an elastic scenario";
    }

    void versionFourRefusals()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        refusedWithOneProblem(json, problem);
    }

    void theKeysAreReadAndWrittenBack()
    {
        const QByteArray json = R"({"name": "g", "version": 4,
            "workload": {"horizon_months": 24, "tokens_per_reference_gpu_hour": 2500000},
            "scenarios": [{"name": "h100", "kind": "purchase", "servers": 0, "purchases": [[4, 2]],
                           "lead_time_months": 2, "available_from_month": 4, "server_price_trend": -0.25,
                           "successor_month": 10, "successor_value_drop": 0.3, "infrastructure_capex_fraction": 0.12,
                           "paid_at_order_fraction": 0.2, "colocation_per_kw_month": 180, "power_kw_per_server": 10.2,
                           "idle_power_fraction": 0.3, "bonus_depreciation_fraction": 0.6}]})";
        const Expected<tco::Plan> read = tco::readPlan(json);
        QVERIFY2(read, read ? "" : qPrintable(read.error().details.join(QLatin1Char('\n'))));
        const auto &p = std::get<tco::PurchaseScenario>(read->scenarios[0].scenario);
        QCOMPARE(p.availableFromMonth, 4);
        QCOMPARE(p.serverPriceTrend, -0.25);
        QCOMPARE(p.successorMonth, std::optional<int>(10));
        QCOMPARE(p.successorValueDrop, 0.3);
        QCOMPARE(p.infrastructureCapexFraction, 0.12);
        QCOMPARE(p.paidAtOrderFraction, 0.2);
        QCOMPARE(p.colocationPerKwMonth, 180.0);
        QCOMPARE(p.idlePowerFraction, std::optional<double>(0.3));
        QCOMPARE(p.bonusDepreciationFraction, 0.6);
        QCOMPARE(read->workload.tokensPerReferenceGpuHour, std::optional<double>(2500000));

        const QByteArray written = tco::writePlan(*read);
        const QJsonObject object = QJsonDocument::fromJson(written).object();
        QCOMPARE(object.value(QStringLiteral("version")).toInt(), 4);
        const Expected<tco::Plan> again = tco::readPlan(written);
        QVERIFY(again);
        QVERIFY(again->scenarios[0].scenario == read->scenarios[0].scenario);
        QVERIFY(again->workload == read->workload);

        // The same plan without a §14 key is written as version 3 (its schedule and lead time are §11.1).
        QByteArray v3 = json;
        for (const char *key : {R"("available_from_month": 4, )", R"("server_price_trend": -0.25,)",
                                R"("successor_month": 10, "successor_value_drop": 0.3, "infrastructure_capex_fraction": 0.12,)",
                                R"("paid_at_order_fraction": 0.2, "colocation_per_kw_month": 180, )",
                                R"(, "tokens_per_reference_gpu_hour": 2500000)",
                                R"("idle_power_fraction": 0.3, "bonus_depreciation_fraction": 0.6)"})
            v3.replace(key, "");
        v3.replace(R"("power_kw_per_server": 10.2,)", R"("power_kw_per_server": 10.2)");
        const Expected<tco::Plan> older = tco::readPlan(v3);
        QVERIFY2(older, older ? "" : qPrintable(older.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(QJsonDocument::fromJson(tco::writePlan(*older)).object().value(QStringLiteral("version")).toInt(), 3);
    }

    void candidatesAreReadAndWrittenBackAsLists()
    {
        // §14.4: lists are read in order and written back as lists (version 4); one name stays one name.
        const QByteArray json = plan(R"({"name": "p", "kind": "purchase"}, {"name": "q", "kind": "purchase"},
            {"name": "r", "kind": "reserved", "rate_per_hour": 4}, {"name": "e", "kind": "elastic", "rate_per_hour": 1})",
                                     R"(, "optimize": {"own": ["q", "p"], "reserve": "r", "burst": "e"})");
        const Expected<tco::Plan> read = tco::readPlan(json);
        QVERIFY2(read, read ? "" : qPrintable(read.error().details.join(QLatin1Char('\n'))));
        QCOMPARE(read->optimize->own, (QStringList{QStringLiteral("q"), QStringLiteral("p")}));
        QVERIFY(read->optimize->ownListed);
        QCOMPARE(read->optimize->reserve, QStringList{QStringLiteral("r")});
        QVERIFY(!read->optimize->reserveListed);
        QCOMPARE(read->optimize->ownName(QStringLiteral("q")), QStringLiteral("Optimized mix \u00b7 own \u00b7 q"));
        QCOMPARE(read->optimize->reserveName(QStringLiteral("r")), QStringLiteral("Optimized mix \u00b7 reserve"));
        const QJsonObject written = QJsonDocument::fromJson(tco::writePlan(*read)).object();
        QCOMPARE(written.value(QStringLiteral("version")).toInt(), 4);
        const QJsonObject optimize = written.value(QStringLiteral("optimize")).toObject();
        QCOMPARE(optimize.value(QStringLiteral("own")).toArray(),
                 (QJsonArray{QStringLiteral("q"), QStringLiteral("p")}));
        QCOMPARE(optimize.value(QStringLiteral("reserve")).toString(), QStringLiteral("r"));
        const Expected<tco::Plan> again = tco::readPlan(tco::writePlan(*read));
        QVERIFY(again && again->optimize == read->optimize);
    }

    void aVersionFourPlanEvaluates()
    {
        // The H100 of the example above, evaluated: two servers ordered in month 4 at 100,000 x 0.75^(3/12) with
        // 12 % for the fabric, 20 % paid at order and the rest on delivery in month 6.
        const QByteArray json = R"({"name": "g", "version": 4, "workload": {"horizon_months": 24, "demand_gpu_hours": 0},
            "scenarios": [{"name": "h100", "kind": "purchase", "servers": 0, "purchases": [[4, 2]], "server_price": 100000,
                           "lead_time_months": 2, "available_from_month": 4, "server_price_trend": -0.25,
                           "infrastructure_capex_fraction": 0.12, "paid_at_order_fraction": 0.2}]})";
        const Expected<tco::Plan> plan = tco::readPlan(json);
        QVERIFY(plan);
        const Expected<tco::PlanResult> result = tco::evaluatePlan(*plan);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        const tco::ScenarioResult &r = result->scenarios[0].result;
        const double capex = 2 * 100000 * std::pow(0.75, 3.0 / 12.0) * 1.12;
        QCOMPARE_NEAR(r.months[3].at(tco::Category::Capex), 0.2 * capex);
        QCOMPARE_NEAR(r.months[5].at(tco::Category::Capex), 0.8 * capex);
        QCOMPARE_NEAR(r.categoryTotal(tco::Category::Capex), capex);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanReaderV4)
#include "tst_planreaderv4.moc"
