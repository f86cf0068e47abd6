// The plan reader's refusals of version 3 (model.md §11): purchase schedules and lead times, reserved terms, mixes and
// the fleet plan request, each with its path.
#include "tests/plan/planreadertestutil.h"
#include "tests/support/testmain.h"

#include <QTest>

using namespace mltco;
using namespace mltco::test;
using mltco::tco::ParamId;

class TestPlanReaderV3 final : public QObject
{
    Q_OBJECT

private slots:
    void versionThreeRefusals_data()
    {
        // model.md §11.1 and clarifications 3 and 6: each refusal of a purchase schedule or lead time with its path.
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        const auto purchase = [](const QByteArray &fields, const QByteArray &extra = {}) {
            return plan(R"({"name": "s", "kind": "purchase", )" + fields + "}", extra);
        };
        QTest::newRow("schedule with to_demand")
            << purchase(R"("expansion": "to_demand", "purchases": [[13, 1]])")
            << "scenarios[0].purchases: a purchase schedule cannot be combined with expansion to_demand (the fleet would "
               "follow demand and the schedule at once)";
        QTest::newRow("lead time with to_demand")
            << purchase(R"("expansion": "to_demand", "lead_time_months": 2)")
            << "scenarios[0].lead_time_months: a lead time cannot be combined with expansion to_demand";
        QTest::newRow("a cohort that never serves")
            << purchase(R"("lead_time_months": 6, "purchases": [[31, 1]])")
            << "scenarios[0].purchases[0]: bought in month 31 with a 6-month lead time, they would enter service in "
               "month 37, after the 36-month horizon: they would never serve";
        QTest::newRow("a cohort after the horizon")
            << purchase(R"("purchases": [[40, 1]])") << "scenarios[0].purchases[0]: month 40 is after the horizon (36 months)";
        QTest::newRow("month-1 servers that never serve")
            << purchase(R"("lead_time_months": 6)", R"(, "workload": {"horizon_months": 6})")
            << "scenarios[0].lead_time_months: the servers bought in month 1 would enter service in month 7, after the "
               "6-month horizon: they would never serve";
        QTest::newRow("months not ascending")
            << purchase(R"("purchases": [[13, 1], [13, 2]])")
            << "scenarios[0].purchases[1]: month 13 must come after month 13 of the purchase before";
        const QString shape = QStringLiteral("must be [month, servers] with month an integer from 1 to 240 and servers an "
                                             "integer from 1 to 100000");
        QTest::newRow("no servers") << purchase(R"("purchases": [[13, 0]])") << "scenarios[0].purchases[0]: " + shape;
        QTest::newRow("fractional servers") << purchase(R"("purchases": [[13, 1.5]])") << "scenarios[0].purchases[0]: " + shape;
        QTest::newRow("not a list") << purchase(R"("purchases": 3)")
                                    << "scenarios[0].purchases: must be " +
                                           tco::allowedValues(tco::parameterInfo(ParamId::Purchases));
        QTest::newRow("lead time 25") << purchase(R"("lead_time_months": 25)")
                                      << "scenarios[0].lead_time_months: must be an integer from 0 to 24";

        // model.md §11.2: reserved terms.
        const auto reserved = [](const QByteArray &fields) {
            return plan(R"({"name": "r", "kind": "reserved", "rate_per_hour": 1, )" + fields + "}");
        };
        const QString termShape = QStringLiteral("must be [start_month, instances, term_months] with start_month an integer "
                                                 "from 1 to 240, instances an integer from 1 to 100000 and term_months an "
                                                 "integer from 1 to 120");
        QTest::newRow("term after the horizon") << reserved(R"("terms": [[1, 1, 12], [37, 1, 12]])")
                                                << "scenarios[0].terms[1]: start month 37 is outside the horizon (1 to 36)";
        QTest::newRow("term without instances") << reserved(R"("terms": [[1, 0, 12]])") << "scenarios[0].terms[0]: " + termShape;
        QTest::newRow("term of 121 months") << reserved(R"("terms": [[1, 1, 121]])") << "scenarios[0].terms[0]: " + termShape;
        QTest::newRow("term a pair") << reserved(R"("terms": [[1, 1]])") << "scenarios[0].terms[0]: " + termShape;
        QTest::newRow("terms not a list") << reserved(R"("terms": 12)")
                                          << "scenarios[0].terms: must be " +
                                                 tco::allowedValues(tco::parameterInfo(ParamId::Terms));
        QTest::newRow("reserved hours_on") << reserved(R"("hours_on": 300)")
                                           << "scenarios[0].hours_on: not a parameter of a reserved scenario";
        QTest::newRow("reserved without a price")
            << plan(R"({"name": "r", "kind": "reserved"})")
            << "scenarios[0].rate_per_hour: missing; give it, or name a catalog \"instance\" to take it from";
        QTest::newRow("discount 1") << reserved(R"("commit_discount": 1)")
                                    << "scenarios[0].commit_discount: must be a number from 0 to 0.99";

        // model.md §11.3 and clarification 13: a mix's layers and burst.
        const auto mix = [](const QByteArray &fields) {
            return plan(kDedicated + "," + kElastic + "," + kPurchase + R"(, {"name": "m", "kind": "mix", )" + fields + "}");
        };
        QTest::newRow("layer named twice") << mix(R"("layers": ["p", "d", "p"])")
                                           << "scenarios[3].layers[2]: \"p\" is already layers[0]; a layer serves once";
        QTest::newRow("layer elastic") << mix(R"("layers": ["p", "e"])")
                                       << "scenarios[3].layers[1]: \"e\" is a scenario of kind elastic; must name a "
                                          "dedicated, cluster, purchase or reserved scenario";
        QTest::newRow("layer a mix")
            << plan(kPurchase + R"(, {"name": "m0", "kind": "mix", "layers": ["p"]}, {"name": "m", "kind": "mix", "layers": ["p", "m0"]})")
            << "scenarios[2].layers[1]: \"m0\" is a scenario of kind mix; must name a dedicated, cluster, purchase or "
               "reserved scenario";
        QTest::newRow("layer unknown") << mix(R"("layers": ["x"])") << "scenarios[3].layers[0]: no scenario is named \"x\"";
        QTest::newRow("layer itself") << mix(R"("layers": ["m"])") << "scenarios[3].layers[0]: a hybrid or mix cannot name itself";
        QTest::newRow("layers empty") << mix(R"("layers": [])")
                                      << "scenarios[3].layers: must be a list of one or more names of purchase, dedicated, "
                                         "cluster or reserved scenarios of the plan";
        QTest::newRow("layers missing") << mix(R"("burst": "e")")
                                        << "scenarios[3].layers: missing; must name at least one scenario of the plan";
        QTest::newRow("burst not elastic") << mix(R"("layers": ["p"], "burst": "d")")
                                           << "scenarios[3].burst: \"d\" is a scenario of kind dedicated; must name an "
                                              "elastic scenario";
        QTest::newRow("mix max_utilization 2") << mix(R"("layers": ["p"], "max_utilization": 2)")
                                               << "scenarios[3].max_utilization: must be a number from 0 to 1";
        QTest::newRow("mix with a base") << mix(R"("layers": ["p"], "base": "p")")
                                         << "scenarios[3].base: not a parameter of a mix scenario";

        // model.md §11.5, clarification 29: the optimizer's request.
        const auto optimize = [](const QByteArray &fields) {
            return plan(kElastic + "," + kPurchase + R"(, {"name": "r", "kind": "reserved", "rate_per_hour": 1})",
                        R"(, "optimize": {)" + fields + "}");
        };
        QTest::newRow("optimize one role") << optimize(R"("own": "p", "reserve": null)")
                                           << "optimize: name at least two of own (a purchase scenario), reserve (a reserved "
                                              "scenario) and burst (an elastic scenario)";
        QTest::newRow("optimize epoch outside") << optimize(R"("own": "p", "burst": "e", "epochs": [1, 37])")
                                                << "optimize.epochs[1]: month 37 is outside the horizon (1 to 36)";
        QTest::newRow("optimize epoch zero") << optimize(R"("own": "p", "burst": "e", "epochs": [0])")
                                             << "optimize.epochs[0]: must be a month, a whole number from 1 to the horizon";
        QTest::newRow("optimize epochs not ascending") << optimize(R"("own": "p", "burst": "e", "epochs": [13, 13])")
                                                       << "optimize.epochs[1]: month 13 must come after month 13 of the epoch "
                                                          "before";
        QTest::newRow("optimize unknown name") << optimize(R"("own": "x", "burst": "e")")
                                               << "optimize.own: no scenario is named \"x\"";
        QTest::newRow("optimize wrong kind") << optimize(R"("own": "p", "reserve": "e")")
                                             << "optimize.reserve: \"e\" is a scenario of kind elastic; must name a reserved "
                                                "scenario";
        QTest::newRow("optimize burst not elastic") << optimize(R"("own": "p", "burst": "r")")
                                                    << "optimize.burst: \"r\" is a scenario of kind reserved; must name an "
                                                       "elastic scenario";
        QTest::newRow("optimize future non-demand key")
            << optimize(R"("own": "p", "burst": "e", "futures": [{"weight": 1, "workload": {"tax_rate": 0.3}}])")
            << "optimize.futures[0].workload.tax_rate: a future changes only the demand: demand_gpu_hours, demand_growth or "
               "demand_steps";
        QTest::newRow("optimize future weight 0")
            << optimize(R"("own": "p", "burst": "e", "futures": [{"weight": 1, "workload": {}}, {"weight": 0, "workload": {}}])")
            << "optimize.futures[1].weight: must be a number greater than 0 (weights are normalised to sum to 1)";
        QTest::newRow("optimize future bad demand")
            << optimize(R"("own": "p", "burst": "e", "futures": [{"weight": 1, "workload": {"demand_gpu_hours": -5}}])")
            << "optimize.futures[0].workload.demand_gpu_hours: must be a number from 0 to 1000000000";
        QTest::newRow("optimize future step outside")
            << optimize(R"("own": "p", "burst": "e", "futures": [{"weight": 1, "workload": {"demand_steps": [[40, 5]]}}])")
            << "optimize.futures[0].workload.demand_steps[0]: month 40 is outside the horizon (1 to 36)";
        QTest::newRow("optimize objective") << optimize(R"("own": "p", "burst": "e", "objective": "median")")
                                            << "optimize.objective: must be one of mean, cvar";
        QTest::newRow("optimize beta 1") << optimize(R"("own": "p", "burst": "e", "beta": 1)")
                                         << "optimize.beta: must be a number from 0 to 0.999 (0.9: the worst 10 % of futures)";
        QTest::newRow("optimize unknown key") << optimize(R"("own": "p", "burst": "e", "risk": 1)")
                                              << "optimize.risk: unknown key";
        QTest::newRow("optimize budget 0") << optimize(R"("own": "p", "burst": "e", "capex_budget_per_year": 0)")
                                           << "optimize.capex_budget_per_year: must be a number greater than 0 and at most "
                                              "1e12 (money a plan year may spend on servers)";
    }

    void versionThreeRefusals()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        refusedWithOneProblem(json, problem);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanReaderV3)
#include "tst_planreaderv3.moc"
