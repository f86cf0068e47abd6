// Plan files (docs/plan-format.md): every refusal with its exact message, and the writer's round trip.
#include "models/catalog/types.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "tests/plan/planreadertestutil.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <functional>

using namespace mltco;
using namespace mltco::tco;
using namespace mltco::test;

namespace {

QString samplePlanPath()
{
    return QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json");
}

} // namespace

class TestPlanReader final : public QObject
{
    Q_OBJECT

private slots:
    void refusals_data();
    void refusals();
    void problemsAreCollectedNotStoppedAtTheFirst();
    void notJson_data();
    void notJson();
    void defaultsFillWhatIsOmitted();
    void samplePlanReadsAndWritesBackUnchanged();
    void writerRoundTripsEveryKind();
    void versionTwoRefusals_data();
    void versionTwoRefusals();
    void versionTwoKeysReadInAVersionOneFile();
    void versionOnePlanWritesVersionOne();
    void keysGivenTwiceAreRefused();
    void controlCharactersAreRefused_data();
    void controlCharactersAreRefused();
    void longPlansReadAsOne();
    void longPlansReportProblemsInFileOrder();
    void largeTextThatIsNotJsonIsRefused_data();
    void largeTextThatIsNotJsonIsRefused();
};

void TestPlanReader::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");

    const QString kinds = QStringLiteral("dedicated, cluster, elastic, purchase, hybrid, reserved, mix");
    // top level
    QTest::newRow("unknown key") << plan(kDedicated, R"(, "colour": 1)") << "colour: unknown key";
    QTest::newRow("name missing") << QByteArray(R"({"scenarios": []})") << "name: missing";
    // the scenario held against the bills
    QTest::newRow("actuals not an object") << plan(kDedicated, R"(, "actuals": "d")") << "actuals: must be an object";
    QTest::newRow("actuals unknown scenario")
        << plan(kDedicated, R"(, "actuals": {"scenario": "x"})") << "actuals.scenario: no scenario is named \"x\"";
    QTest::newRow("actuals without scenario")
        << plan(kDedicated, R"(, "actuals": {"start": "2026-01"})") << "actuals.scenario: missing";
    QTest::newRow("actuals bad start") << plan(kDedicated, R"(, "actuals": {"scenario": "d", "start": "2026-13"})")
                                       << "actuals.start: must be a month written YYYY-MM (e.g. \"2026-01\")";
    QTest::newRow("actuals start a date")
        << plan(kDedicated, R"(, "actuals": {"scenario": "d", "start": "2026-01-01"})")
        << "actuals.start: must be a month written YYYY-MM (e.g. \"2026-01\")";
    QTest::newRow("actuals unknown key") << plan(kDedicated, R"(, "actuals": {"scenario": "d", "month": 1})")
                                         << "actuals.month: unknown key";
    QTest::newRow("scenarios missing") << QByteArray(R"({"name": "p"})") << "scenarios: missing";
    QTest::newRow("name not text") << QByteArray(R"({"name": 5, "scenarios": []})") << "name: must be a non-empty text";
    QTest::newRow("name blank") << QByteArray(R"({"name": "  ", "scenarios": []})") << "name: must be a non-empty text";
    QTest::newRow("version from a newer mltco") << plan(kDedicated, R"(, "version": 5)")
                                                << "version: must be 1 to 4 (a newer mltco wrote this plan?)";
    QTest::newRow("version not whole") << plan(kDedicated, R"(, "version": 1.5)")
                                       << "version: must be 1 to 4 (a newer mltco wrote this plan?)";
    // model.md §13: a currency code, and rates per 1 unit of it.
    const QString currencyProblem = QStringLiteral(
        "currency: must be a currency code of three capital letters (ISO 4217), such as \"USD\", \"EUR\" or \"GBP\"");
    QTest::newRow("currency lower case") << plan(kDedicated, R"(, "currency": "eur")") << currencyProblem;
    QTest::newRow("currency a sign") << plan(kDedicated, R"(, "currency": "€")") << currencyProblem;
    QTest::newRow("currency a number") << plan(kDedicated, R"(, "currency": 978)") << currencyProblem;
    QTest::newRow("fx_rates a list")
        << plan(kDedicated, R"(, "fx_rates": [0.92])")
        << "fx_rates: must be an object of rates by currency, e.g. {\"EUR\": 0.92}: units of each currency per 1 "
           "unit of the plan's currency";
    QTest::newRow("fx_rates zero") << plan(kDedicated, R"(, "fx_rates": {"EUR": 0})")
                                   << "fx_rates.EUR: must be a number above 0 and at most 1e9: units of EUR per 1 "
                                      "unit of the plan's currency";
    QTest::newRow("fx_rates text") << plan(kDedicated, R"(, "fx_rates": {"EUR": "0.92"})")
                                   << "fx_rates.EUR: must be a number above 0 and at most 1e9: units of EUR per 1 "
                                      "unit of the plan's currency";
    QTest::newRow("fx_rates bad code") << plan(kDedicated, R"(, "fx_rates": {"Euro": 0.92})")
                                       << "fx_rates.Euro: is not a currency code (three capital letters, such as EUR)";
    QTest::newRow("fx_rates own currency") << plan(kDedicated, R"(, "currency": "EUR", "fx_rates": {"EUR": 1.1})")
                                           << "fx_rates.EUR: is the plan's own currency: it needs no rate";
    QTest::newRow("notes not text") << plan(kDedicated, R"(, "notes": [])") << "notes: must be a text";
    QTest::newRow("scenarios not a list") << QByteArray(R"({"name": "p", "scenarios": {}})")
                                          << "scenarios: must be a list of scenarios";
    // workload
    QTest::newRow("workload not object") << plan(kDedicated, R"(, "workload": [])") << "workload: must be an object";
    QTest::newRow("workload string number") << plan(kDedicated, R"(, "workload": {"engineers": "4"})")
                                            << "workload.engineers: must be an integer from 0 to 10000";
    QTest::newRow("workload fraction of an engineer") << plan(kDedicated, R"(, "workload": {"engineers": 2.5})")
                                                      << "workload.engineers: must be an integer from 0 to 10000";
    QTest::newRow("workload negative") << plan(kDedicated, R"(, "workload": {"demand_gpu_hours": -1})")
                                       << "workload.demand_gpu_hours: must be a number from 0 to 1000000000";
    QTest::newRow("workload out of range") << plan(kDedicated, R"(, "workload": {"horizon_months": 241})")
                                           << "workload.horizon_months: must be an integer from 1 to 240";
    QTest::newRow("workload NaN as text") << plan(kDedicated, R"(, "workload": {"discount_rate": "NaN"})")
                                          << "workload.discount_rate: must be a number from 0 to 1";
    QTest::newRow("workload Infinity as text") << plan(kDedicated, R"(, "workload": {"cloud_price_trend": "Infinity"})")
                                               << "workload.cloud_price_trend: must be a number from -0.9 to 1";
    QTest::newRow("workload null") << plan(kDedicated, R"(, "workload": {"job_gpu_hours": null})")
                                   << "workload.job_gpu_hours: must be a number greater than 0 and at most 1000000";
    QTest::newRow("workload zero job") << plan(kDedicated, R"(, "workload": {"job_gpu_hours": 0})")
                                       << "workload.job_gpu_hours: must be a number greater than 0 and at most 1000000";
    QTest::newRow("scenario parameter in workload") << plan(kDedicated, R"(, "workload": {"servers": 1})")
                                                    << "workload.servers: a scenario parameter; give it in a scenario";
    QTest::newRow("workload unknown") << plan(kDedicated, R"(, "workload": {"foo": 1})") << "workload.foo: unknown key";
    QTest::newRow("workload assumption of nothing")
        << plan(kDedicated, R"(, "workload": {"assumptions": {"servers": "x"}})")
        << "workload.assumptions.servers: unknown key";
    // scenarios
    QTest::newRow("scenario not object") << plan("5") << "scenarios[0]: must be an object";
    QTest::newRow("kind missing") << plan(R"({"name": "a", "rate_per_hour": 1})")
                                  << "scenarios[0].kind: missing; must be one of " + kinds;
    QTest::newRow("kind unknown") << plan(R"({"name": "a", "kind": "rented", "servers": 1})")
                                  << "scenarios[0].kind: must be one of " + kinds;
    QTest::newRow("scenario name missing") << plan(R"({"kind": "purchase"})") << "scenarios[0].name: missing";
    QTest::newRow("scenario name empty") << plan(R"({"name": "", "kind": "purchase"})")
                                         << "scenarios[0].name: must be a non-empty text";
    QTest::newRow("duplicate names") << plan(kPurchase + "," + kPurchase)
                                     << R"(scenarios[1].name: "p" is already the name of scenarios[0])";
    QTest::newRow("servers as text (the brief's example)")
        << plan(kDedicated + "," + kCluster + R"(, {"name": "x", "kind": "purchase", "servers": "six"})")
        << "scenarios[2].servers: must be an integer from 0 to 100000";
    QTest::newRow("servers negative") << plan(R"({"name": "x", "kind": "purchase", "servers": -1})")
                                      << "scenarios[0].servers: must be an integer from 0 to 100000";
    QTest::newRow("servers fractional") << plan(R"({"name": "x", "kind": "purchase", "servers": 2.5})")
                                        << "scenarios[0].servers: must be an integer from 0 to 100000";
    QTest::newRow("servers huge") << plan(R"({"name": "x", "kind": "purchase", "servers": 1e300})")
                                  << "scenarios[0].servers: must be an integer from 0 to 100000";
    QTest::newRow("parameter of another kind") << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "servers": 2})")
                                               << "scenarios[0].servers: not a parameter of a dedicated scenario";
    QTest::newRow("unknown scenario key") << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "colour": 2})")
                                          << "scenarios[0].colour: unknown key";
    QTest::newRow("workload field in scenario") << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "engineers": 2})")
                                                << R"(scenarios[0].engineers: a workload field; give it in "workload")";
    QTest::newRow("rate missing") << plan(R"({"name": "d", "kind": "elastic"})")
                                  << R"(scenarios[0].rate_per_hour: missing; give it, or name a catalog "instance" to take it from)";
    QTest::newRow("rate zero is missing, not free") << plan(R"({"name": "d", "kind": "cluster", "rate_per_hour": 0})")
                                                    << "scenarios[0].rate_per_hour: must be a number greater than 0 and at most 1000000";
    QTest::newRow("premium negative") << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "premium": -0.1})")
                                      << "scenarios[0].premium: must be a number from 0 to 10";
    QTest::newRow("hours over a month") << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "hours_on": 731})")
                                        << "scenarios[0].hours_on: must be a number from 0 to 730";
    QTest::newRow("efficiency over 1") << plan(R"({"name": "e", "kind": "elastic", "rate_per_hour": 1, "scaling_efficiency": 1.5})")
                                       << "scenarios[0].scaling_efficiency: must be a number greater than 0 and at most 1";
    QTest::newRow("boolean as text") << plan(R"({"name": "p", "kind": "purchase", "credit_residual_at_horizon": "yes"})")
                                     << "scenarios[0].credit_residual_at_horizon: must be true or false";
    QTest::newRow("tiers not a list") << plan(R"({"name": "p", "kind": "purchase", "bulk_discounts": 0.15})")
                                      << "scenarios[0].bulk_discounts: must be a list of [min_servers, fraction] pairs";
    QTest::newRow("tier malformed") << plan(R"({"name": "p", "kind": "purchase", "bulk_discounts": [[6]]})")
                                    << "scenarios[0].bulk_discounts[0]: must be [min_servers, fraction] with min_servers "
                                       "an integer from 1 to 100000 and fraction a number from 0 to 0.99";
    QTest::newRow("tier from zero servers") << plan(R"({"name": "p", "kind": "purchase", "bulk_discounts": [[0, 0.1]]})")
                                            << "scenarios[0].bulk_discounts[0]: must be [min_servers, fraction] with "
                                               "min_servers an integer from 1 to 100000 and fraction a number from 0 to 0.99";
    QTest::newRow("tier twice") << plan(R"({"name": "p", "kind": "purchase", "bulk_discounts": [[6, 0.1], [6, 0.2]]})")
                                << "scenarios[0].bulk_discounts[1]: min_servers 6 is already the threshold of "
                                   "scenarios[0].bulk_discounts[0]";
    QTest::newRow("notes not text") << plan(R"({"name": "p", "kind": "purchase", "notes": 1})")
                                    << "scenarios[0].notes: must be a text";
    QTest::newRow("assumption of another kind's parameter")
        << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "assumptions": {"servers": "x"}})")
        << "scenarios[0].assumptions.servers: not a parameter of a dedicated scenario";
    QTest::newRow("assumption not text")
        << plan(R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1, "assumptions": {"premium": 0.1}})")
        << "scenarios[0].assumptions.premium: must be a text";
    // instance references
    QTest::newRow("instance on a purchase") << plan(R"({"name": "p", "kind": "purchase", "instance": {}})")
                                            << "scenarios[0].instance: a purchase scenario has no cloud instance";
    QTest::newRow("instance not object") << plan(R"({"name": "d", "kind": "dedicated", "instance": "aws"})")
                                         << "scenarios[0].instance: must be an object with provider, name, pricing and "
                                            "(optionally) region and as_of";
    QTest::newRow("instance pricing unknown")
        << plan(R"({"name": "d", "kind": "dedicated", "instance": {"provider": "aws", "name": "p3.8xlarge", "pricing": "cheap"}})")
        << "scenarios[0].instance.pricing: must be one of " +
               mltco::catalog::pricingModelKeys().join(QStringLiteral(", "));
    QTest::newRow("instance date")
        << plan(R"({"name": "d", "kind": "dedicated", "instance": {"provider": "aws", "name": "p3", "pricing": "spot", "as_of": "28/01/2025"}})")
        << "scenarios[0].instance.as_of: must be a date like 2025-01-28";
    QTest::newRow("instance unknown key")
        << plan(R"({"name": "d", "kind": "dedicated", "instance": {"provider": "aws", "name": "p3", "pricing": "spot", "zone": "a"}})")
        << "scenarios[0].instance.zone: unknown key";
    QTest::newRow("instance provider empty")
        << plan(R"({"name": "d", "kind": "dedicated", "instance": {"provider": "", "name": "p3", "pricing": "spot"}})")
        << "scenarios[0].instance.provider: must be a non-empty text";
    // break-evens
    QTest::newRow("breakeven not a list") << plan(kPurchase, R"(, "breakeven": {})") << "breakeven: must be a list";
    QTest::newRow("breakeven entry not object") << plan(kPurchase, R"(, "breakeven": [1])") << "breakeven[0]: must be an object";
    QTest::newRow("breakeven unknown name")
        << plan(kPurchase + "," + kDedicated, R"(, "breakeven": [{"purchase": "x", "cloud": "d"}])")
        << R"(breakeven[0].purchase: no scenario is named "x")";
    QTest::newRow("breakeven purchase of wrong kind")
        << plan(kPurchase + "," + kDedicated, R"(, "breakeven": [{"purchase": "d", "cloud": "d"}])")
        << R"(breakeven[0].purchase: "d" is a scenario of kind dedicated; must name a purchase scenario)";
    QTest::newRow("breakeven cloud purchase")
        << plan(kPurchase, R"(, "breakeven": [{"purchase": "p", "cloud": "p"}])")
        << R"(breakeven[0].cloud: "p" is a scenario of kind purchase; must name a dedicated, cluster or elastic scenario)";
    QTest::newRow("breakeven cloud missing") << plan(kPurchase, R"(, "breakeven": [{"purchase": "p"}])")
                                             << "breakeven[0].cloud: missing";
    QTest::newRow("breakeven max servers")
        << plan(kPurchase + "," + kCluster, R"(, "breakeven": [{"purchase": "p", "cloud": "c", "max_servers": 0}])")
        << "breakeven[0].max_servers: must be an integer from 1 to 10000";
    QTest::newRow("breakeven unknown key")
        << plan(kPurchase + "," + kCluster, R"(, "breakeven": [{"purchase": "p", "cloud": "c", "chart": true}])")
        << "breakeven[0].chart: unknown key";
}

void TestPlanReader::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, problem);
    refusedWithOneProblem(json, problem);
}

void TestPlanReader::problemsAreCollectedNotStoppedAtTheFirst()
{
    const QByteArray json = R"({"name": "p", "workload": {"engineers": -1, "horizon_months": 0},
        "scenarios": [{"name": "a", "kind": "purchase", "servers": "x", "resale_fraction": 2},
                      {"name": "a", "kind": "cluster"}],
        "breakeven": [{"purchase": "a", "cloud": "zz"}]})";
    const Expected<Plan> result = readPlan(json);
    QVERIFY(!result);
    QCOMPARE(result.error().details,
             (QStringList{
                 QStringLiteral("workload.engineers: must be an integer from 0 to 10000"),
                 QStringLiteral("workload.horizon_months: must be an integer from 1 to 240"),
                 QStringLiteral("scenarios[0].resale_fraction: must be a number from 0 to 1"),
                 QStringLiteral("scenarios[0].servers: must be an integer from 0 to 100000"),
                 QStringLiteral(R"(scenarios[1].name: "a" is already the name of scenarios[0])"),
                 QStringLiteral(R"(scenarios[1].rate_per_hour: missing; give it, or name a catalog "instance" to take it from)"),
                 QStringLiteral(R"(breakeven[0].cloud: no scenario is named "zz")"),
             }));
    QCOMPARE(result.error().message, QStringLiteral("the plan is not valid (7 problems)"));
}

void TestPlanReader::notJson_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    // JSON has no NaN or infinity; an overflowing literal is refused by the parser itself. Qt reports where it
    // stopped: just after the bad number (columns 58-62 here), at the N of NaN, at the end of a cut-off file.
    QTest::newRow("1e999") << QByteArray(R"({"name": "p", "scenarios": [], "workload": {"engineers": 1e999}})")
                           << "the plan is not valid JSON near line 1, column 63: illegal number";
    QTest::newRow("NaN literal") << QByteArray("{\"name\": \"p\",\n \"x\": NaN}")
                                 << "the plan is not valid JSON near line 2, column 7: illegal number";
    QTest::newRow("truncated") << QByteArray(R"({"name": "p")") << "the plan is not valid JSON near line 1, column 13: unterminated string";
    QTest::newRow("array") << QByteArray("[]") << "the plan must be a JSON object";
}

void TestPlanReader::notJson()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const Expected<Plan> result = readPlan(json);
    QVERIFY(!result);
    QCOMPARE(result.error().message, message);
    QVERIFY(result.error().details.isEmpty());
}

void TestPlanReader::defaultsFillWhatIsOmitted()
{
    const Expected<Plan> result = readPlan(plan(kDedicated + "," + kPurchase));
    QVERIFY2(result, result ? "" : qPrintable(result.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(result->workload, Workload{});
    QVERIFY(result->workloadGiven.none());
    const PlanScenario &d = result->scenarios.at(0);
    QCOMPARE(d.kind(), ScenarioKind::Dedicated);
    QVERIFY(isGiven(d.given, ParamId::RatePerHour));
    QCOMPARE(d.given.count(), std::size_t(1));
    DedicatedScenario expected;
    expected.instance.ratePerHour = 1;
    QCOMPARE(std::get<DedicatedScenario>(d.scenario), expected);
    QCOMPARE(std::get<PurchaseScenario>(result->scenarios.at(1).scenario), PurchaseScenario{});
}

void TestPlanReader::samplePlanReadsAndWritesBackUnchanged()
{
    QFile file(samplePlanPath());
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QByteArray json = file.readAll();
    const Expected<Plan> result = readPlan(json);
    QVERIFY2(result, result ? "" : qPrintable(result.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(result->scenarios.size(), 6);
    QCOMPARE(result->breakeven.size(), 1);
    // Every key of the file survives a write: notes, assumptions, instance references, stated parameters.
    QCOMPARE(QJsonDocument(planToJson(*result)), QJsonDocument::fromJson(json));
}

void TestPlanReader::writerRoundTripsEveryKind()
{
    Plan p;
    p.name = QStringLiteral("round trip");
    setParameterValue(p.workload, ParamId::HorizonMonths, 18);
    setGiven(p.workloadGiven, ParamId::HorizonMonths);
    // The kinds of versions 1 and 2 first; reserved and mix (version 3) below.
    for (int k = 0; k <= static_cast<int>(ScenarioKind::Hybrid); ++k) {
        PlanScenario s;
        s.name = QStringLiteral("s%1").arg(k);
        s.scenario = defaultScenario(static_cast<ScenarioKind>(k));
        for (ParamId id : scenarioParameters(static_cast<ScenarioKind>(k))) {
            const ParameterInfo &info = parameterInfo(id);
            if (introducedIn(id) >= 3)
                continue; // a version-2 plan first; version 3 below (version 4: tst_planreaderv4)
            if (info.type == ParamType::Tiers) {
                std::get<PurchaseScenario>(s.scenario).bulkDiscounts = {{5, 0.1}, {10, 0.2}};
            } else if (info.type == ParamType::Boolean) {
                setParameterValue(s.scenario, id, 0);
            } else if (info.type == ParamType::Choice) {
                // the purchase stays fixed-size: a break-even below sweeps it
                const bool fixed = id == ParamId::Expansion && k == static_cast<int>(ScenarioKind::Purchase);
                QVERIFY2(setParameterValue(s.scenario, id, fixed ? 0 : 1), info.key);
            } else if (info.type == ParamType::ScenarioName) {
                auto &hybrid = std::get<HybridScenario>(s.scenario);
                (id == ParamId::Base ? hybrid.base : hybrid.burst) = id == ParamId::Base ? QStringLiteral("s3")
                                                                                         : QStringLiteral("s2");
            } else {
                // a value inside the range that is not the default
                const double value = info.type == ParamType::Integer ? std::max(info.min, 1.0) + 1 : info.max / 3;
                QVERIFY2(setParameterValue(s.scenario, id, value), info.key);
            }
            setGiven(s.given, id);
        }
        if (cloudInstance(s.scenario))
            s.instance = InstanceRef{QStringLiteral("aws"), QStringLiteral("p3.8xlarge"), QString(),
                                     QStringLiteral("spot"), QDate(2025, 1, 28)};
        p.scenarios << s;
    }
    p.breakeven << BreakEvenRequest{QStringLiteral("s3"), QStringLiteral("s1"), 50, BreakEvenBasis::Count};
    p.breakeven << BreakEvenRequest{QStringLiteral("s3"), QStringLiteral("s2")};
    p.workload.demandSteps = {{3, 100}, {12, 5000.5}};
    setGiven(p.workloadGiven, ParamId::DemandSteps);
    setParameterValue(p.workload, ParamId::TaxRate, 0.21);
    setGiven(p.workloadGiven, ParamId::TaxRate);

    const QByteArray written = writePlan(p);
    QVERIFY(written.contains("\"version\": 2"));
    const Expected<Plan> back = readPlan(written);
    QVERIFY2(back, back ? "" : qPrintable(back.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(back->workload, p.workload);
    QCOMPARE(back->workloadGiven, p.workloadGiven);
    for (qsizetype i = 0; i < p.scenarios.size(); ++i) {
        QVERIFY(back->scenarios[i].scenario == p.scenarios[i].scenario);
        QCOMPARE(back->scenarios[i].given, p.scenarios[i].given);
        QCOMPARE(back->scenarios[i].instance, p.scenarios[i].instance);
    }
    QCOMPARE(back->breakeven.first().maxServers, 50);
    QCOMPARE(back->breakeven.first().basis, BreakEvenBasis::Count);
    QCOMPARE(back->breakeven.last().basis, BreakEvenBasis::Capacity);
    QCOMPARE(back->breakeven.last().cloud, QStringLiteral("s2"));
    QCOMPARE(back->currency, QStringLiteral("USD"));
    QVERIFY(!written.contains("currency"));

    // model.md §13: a plan in another currency, with a fixed rate, is written as version 3 and read back the same.
    p.currency = QStringLiteral("EUR");
    p.fxRates.insert(QStringLiteral("USD"), 1.0849);
    p.fxRates.insert(QStringLiteral("GBP"), 0.8573);
    const QByteArray euros = writePlan(p);
    QVERIFY(euros.contains("\"version\": 3"));
    const Expected<Plan> euroBack = readPlan(euros);
    QVERIFY2(euroBack, euroBack ? "" : qPrintable(euroBack.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(euroBack->currency, QStringLiteral("EUR"));
    QCOMPARE(euroBack->fxRates, p.fxRates);

    // model.md §11.1: a purchase schedule and a lead time make a version-3 plan, read back the same.
    p.currency = QStringLiteral("USD");
    p.fxRates.clear();
    PlanScenario &purchase = p.scenarios[static_cast<int>(ScenarioKind::Purchase)];
    std::get<PurchaseScenario>(purchase.scenario).purchases = {{6, 2}, {12, 3}};
    setGiven(purchase.given, ParamId::Purchases);
    QVERIFY(setParameterValue(purchase.scenario, ParamId::LeadTimeMonths, 2));
    setGiven(purchase.given, ParamId::LeadTimeMonths);
    const QByteArray scheduled = writePlan(p);
    QVERIFY(scheduled.contains("\"version\": 3"));
    QVERIFY(scheduled.contains("\"lead_time_months\": 2"));
    const Expected<Plan> scheduledBack = readPlan(scheduled);
    QVERIFY2(scheduledBack, scheduledBack ? "" : qPrintable(scheduledBack.error().details.join(QLatin1Char('\n'))));
    QVERIFY(scheduledBack->scenarios[static_cast<int>(ScenarioKind::Purchase)].scenario == purchase.scenario);
    QCOMPARE(scheduledBack->scenarios[static_cast<int>(ScenarioKind::Purchase)].given, purchase.given);

    // model.md §11.2 and §11.3: a reserved scenario with every parameter stated, and two mixes (with and without a
    // burst), read back the same.
    PlanScenario reserved;
    reserved.name = QStringLiteral("s5");
    reserved.scenario = defaultScenario(ScenarioKind::Reserved);
    for (ParamId id : scenarioParameters(ScenarioKind::Reserved)) {
        const ParameterInfo &info = parameterInfo(id);
        if (info.type == ParamType::Terms)
            std::get<ReservedScenario>(reserved.scenario).terms = {{1, 2, 12}, {13, 3, 36}, {1, 1, 6}};
        else
            QVERIFY2(setParameterValue(reserved.scenario, id, info.max / 3), info.key);
        setGiven(reserved.given, id);
    }
    p.scenarios << reserved;
    for (const QString &burst : {QStringLiteral("s2"), QString()}) {
        PlanScenario mix;
        mix.name = burst.isEmpty() ? QStringLiteral("s7") : QStringLiteral("s6");
        mix.scenario = MixScenario{{QStringLiteral("s3"), QStringLiteral("s5"), QStringLiteral("s0")}, burst, 0.7};
        for (ParamId id : scenarioParameters(ScenarioKind::Mix))
            setGiven(mix.given, id);
        p.scenarios << mix;
    }
    OptimizeRequest request;
    request.own = QStringList{QStringLiteral("s3")};
    request.reserve = QStringList{QStringLiteral("s5")};
    request.burst = QStringLiteral("s2");
    request.epochs = std::vector<int>{1, 7, 13};
    request.maxServers = 40;
    request.capexBudgetPerYear = 2e6;
    request.objective = OptimizeObjective::Cvar;
    request.beta = 0.95;
    request.futures = std::vector<OptimizeFuture>{{2.0, 3000.0, 0.3, std::nullopt},
                                                  {1.0, std::nullopt, std::nullopt, std::vector<DemandStep>{{13, 9000}}}};
    request.name = QStringLiteral("Fleet");
    p.optimize = request;
    const QByteArray layered = writePlan(p);
    QVERIFY(layered.contains("\"version\": 3"));
    QVERIFY(layered.contains("\"burst\": null"));
    const Expected<Plan> layeredBack = readPlan(layered);
    QVERIFY2(layeredBack, layeredBack ? "" : qPrintable(layeredBack.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(layeredBack->scenarios.size(), p.scenarios.size());
    for (qsizetype i = 0; i < p.scenarios.size(); ++i) {
        QVERIFY2(layeredBack->scenarios[i].scenario == p.scenarios[i].scenario, qPrintable(p.scenarios[i].name));
        QCOMPARE(layeredBack->scenarios[i].given, p.scenarios[i].given);
    }
    QCOMPARE(QJsonDocument(planToJson(*layeredBack)), QJsonDocument(planToJson(p)));
    QVERIFY(layeredBack->optimize == p.optimize);
}

void TestPlanReader::versionTwoRefusals_data()
{
    // Every key model.md §10 adds, given a bad value: one problem naming its JSON path and what is allowed.
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");
    const auto workload = [](const QByteArray &fields) { return plan(kDedicated, R"(, "workload": {)" + fields + "}"); };
    const auto scenario = [](const QByteArray &kind, const QByteArray &fields) {
        return plan(R"({"name": "s", "kind": ")" + kind + R"(", "rate_per_hour": 1, )" + fields + "}");
    };
    const auto purchase = [](const QByteArray &fields) {
        return plan(R"({"name": "s", "kind": "purchase", )" + fields + "}");
    };
    QTest::newRow("demand_growth below -0.9") << workload(R"("demand_growth": -1)")
                                              << "workload.demand_growth: must be a number from -0.9 to 10";
    QTest::newRow("demand_growth text") << workload(R"("demand_growth": "30%")")
                                        << "workload.demand_growth: must be a number from -0.9 to 10";
    QTest::newRow("tax_rate above 0.9") << workload(R"("tax_rate": 0.95)") << "workload.tax_rate: must be a number from 0 to 0.9";
    QTest::newRow("demand_steps not a list") << workload(R"("demand_steps": 5)")
                                             << "workload.demand_steps: must be " +
                                                    tco::allowedValues(tco::parameterInfo(ParamId::DemandSteps));
    const QString stepShape = QStringLiteral("must be [month, gpu_hours] with month an integer from 1 to 240 and "
                                             "gpu_hours a number from 0 to 1000000000");
    QTest::newRow("demand step not a pair") << workload(R"("demand_steps": [[13]])")
                                            << "workload.demand_steps[0]: " + stepShape;
    QTest::newRow("demand step month 0") << workload(R"("demand_steps": [[0, 10]])")
                                         << "workload.demand_steps[0]: " + stepShape;
    QTest::newRow("demand step fractional month") << workload(R"("demand_steps": [[1.5, 10]])")
                                                  << "workload.demand_steps[0]: " + stepShape;
    QTest::newRow("demand step negative hours") << workload(R"("demand_steps": [[2, -1]])")
                                                << "workload.demand_steps[0]: " + stepShape;
    QTest::newRow("demand step hours above 1e9") << workload(R"("demand_steps": [[2, 2e9]])")
                                                 << "workload.demand_steps[0]: " + stepShape;
    QTest::newRow("demand steps out of order") << workload(R"("demand_steps": [[13, 10], [13, 20]])")
                                               << "workload.demand_steps[1]: month 13 must come after month 13 of the step before";
    QTest::newRow("demand step after the horizon") << workload(R"("horizon_months": 12, "demand_steps": [[13, 10]])")
                                                   << "workload.demand_steps[0]: month 13 is after the horizon (12 months)";
    QTest::newRow("expansion unknown") << scenario("cluster", R"("expansion": "grow")")
                                       << "scenarios[0].expansion: must be one of none, to_demand";
    QTest::newRow("expansion on dedicated") << scenario("dedicated", R"("expansion": "to_demand")")
                                            << "scenarios[0].expansion: not a parameter of a dedicated scenario";
    QTest::newRow("purchase target utilization 0") << purchase(R"("target_utilization": 0)")
                                                   << "scenarios[0].target_utilization: must be a number greater than 0 and at most 1";
    QTest::newRow("commit_fraction above 1") << scenario("dedicated", R"("commit_fraction": 1.5)")
                                             << "scenarios[0].commit_fraction: must be a number from 0 to 1";
    QTest::newRow("commit_discount 1") << scenario("cluster", R"("commit_discount": 1)")
                                       << "scenarios[0].commit_discount: must be a number from 0 to 0.99";
    QTest::newRow("commit_term_months 0") << scenario("dedicated", R"("commit_term_months": 0)")
                                          << "scenarios[0].commit_term_months: must be an integer from 1 to 120";
    QTest::newRow("commit_term_months fractional") << scenario("dedicated", R"("commit_term_months": 12.5)")
                                                   << "scenarios[0].commit_term_months: must be an integer from 1 to 120";
    QTest::newRow("commit_upfront_fraction negative") << scenario("dedicated", R"("commit_upfront_fraction": -0.1)")
                                                      << "scenarios[0].commit_upfront_fraction: must be a number from 0 to 1";
    QTest::newRow("commitment on elastic") << scenario("elastic", R"("commit_fraction": 0.5)")
                                           << "scenarios[0].commit_fraction: not a parameter of an elastic scenario";
    QTest::newRow("power above 100 kW") << purchase(R"("power_kw_per_server": 101)")
                                        << "scenarios[0].power_kw_per_server: must be a number from 0 to 100";
    QTest::newRow("average_load above 1") << purchase(R"("average_load": 1.2)")
                                          << "scenarios[0].average_load: must be a number from 0 to 1";
    QTest::newRow("pue below 1") << purchase(R"("pue": 0.9)") << "scenarios[0].pue: must be a number from 1 to 3";
    QTest::newRow("electricity above 10") << purchase(R"("electricity_per_kwh": 11)")
                                          << "scenarios[0].electricity_per_kwh: must be a number from 0 to 10";
    QTest::newRow("electricity trend above 1") << purchase(R"("electricity_price_trend": 2)")
                                               << "scenarios[0].electricity_price_trend: must be a number from -0.9 to 1";
    QTest::newRow("depreciation unknown") << purchase(R"("depreciation": "macrs_7")")
                                          << "scenarios[0].depreciation: must be one of straight_line, macrs_5";
    QTest::newRow("depreciation_months 0") << purchase(R"("depreciation_months": 0)")
                                           << "scenarios[0].depreciation_months: must be an integer from 1 to 240";
    QTest::newRow("power on a cluster") << scenario("cluster", R"("pue": 1.2)")
                                        << "scenarios[0].pue: not a parameter of a cluster scenario";
    // hybrid
    const QByteArray base = R"({"name": "b", "kind": "purchase"}, {"name": "e", "kind": "elastic", "rate_per_hour": 1})";
    QTest::newRow("hybrid base missing") << plan(base + R"(, {"name": "h", "kind": "hybrid", "burst": "e"})")
                                         << "scenarios[2].base: missing; must name a scenario of the plan";
    QTest::newRow("hybrid base unknown") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "x", "burst": "e"})")
                                         << R"(scenarios[2].base: no scenario is named "x")";
    QTest::newRow("hybrid base elastic") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "e", "burst": "e"})")
                                         << R"(scenarios[2].base: "e" is a scenario of kind elastic; must name a dedicated, cluster, purchase or reserved scenario)";
    QTest::newRow("hybrid burst purchase") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "b", "burst": "b"})")
                                           << R"(scenarios[2].burst: "b" is a scenario of kind purchase; must name an elastic scenario)";
    QTest::newRow("hybrid names a hybrid")
        << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "b", "burst": "e"},
                         {"name": "h2", "kind": "hybrid", "base": "h", "burst": "e"})")
        << R"(scenarios[3].base: "h" is a scenario of kind hybrid; must name a dedicated, cluster, purchase or reserved scenario)";
    QTest::newRow("hybrid names itself") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "h", "burst": "e"})")
                                         << "scenarios[2].base: a hybrid or mix cannot name itself";
    QTest::newRow("hybrid cap above 1") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "b", "burst": "e", "base_max_utilization": 1.1})")
                                        << "scenarios[2].base_max_utilization: must be a number from 0 to 1";
    QTest::newRow("hybrid with an instance")
        << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "b", "burst": "e", "instance": {"provider": "aws", "name": "x", "pricing": "spot"}})")
        << "scenarios[2].instance: a hybrid scenario has no cloud instance";
    QTest::newRow("hybrid base not text") << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": 3, "burst": "e"})")
                                          << "scenarios[2].base: must be a non-empty text";
    // break-even
    QTest::newRow("breakeven basis unknown")
        << plan(kPurchase + "," + kDedicated, R"(, "breakeven": [{"purchase": "p", "cloud": "d", "basis": "power"}])")
        << "breakeven[0].basis: must be capacity or count";
    QTest::newRow("breakeven purchase to demand")
        << plan(R"({"name": "p", "kind": "purchase", "expansion": "to_demand"},)" + kDedicated,
                R"(, "breakeven": [{"purchase": "p", "cloud": "d"}])")
        << R"(breakeven[0].purchase: "p" expands to demand; a break-even needs a fixed number of servers)";
    QTest::newRow("breakeven purchase of 0 servers")
        << plan(R"({"name": "p", "kind": "purchase", "servers": 0},)" + kElastic, R"(, "breakeven": [{"purchase": "p", "cloud": "e"}])")
        << R"(breakeven[0].purchase: "p" has 0 servers; a break-even needs at least one)";
    QTest::newRow("breakeven cloud hybrid")
        << plan(base + R"(, {"name": "h", "kind": "hybrid", "base": "b", "burst": "e"})",
                R"(, "breakeven": [{"purchase": "b", "cloud": "h"}])")
        << R"(breakeven[0].cloud: "h" is a scenario of kind hybrid; must name a dedicated, cluster or elastic scenario)";
}

void TestPlanReader::versionTwoRefusals()
{
    refusals();
}

void TestPlanReader::versionTwoKeysReadInAVersionOneFile()
{
    // model.md §10.10 clarification 1: version-2 keys are read whatever the file's version says.
    const Expected<Plan> p = readPlan(R"({"name": "p", "version": 1, "workload": {"tax_rate": 0.21,
        "demand_steps": [[13, 5840]]}, "scenarios": [{"name": "s", "kind": "purchase", "depreciation": "macrs_5"}]})");
    QVERIFY2(p, p ? "" : qPrintable(p.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(p->workload.taxRate, 0.21);
    QCOMPARE(p->workload.demandSteps, (std::vector<DemandStep>{{13, 5840}}));
    QCOMPARE(std::get<PurchaseScenario>(p->scenarios.front().scenario).depreciation, Depreciation::Macrs5);
    QVERIFY(usesVersion2(*p));
}

void TestPlanReader::versionOnePlanWritesVersionOne()
{
    QFile file(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Expected<Plan> sample = readPlan(file.readAll());
    QVERIFY(sample);
    QVERIFY(!usesVersion2(*sample));
    QVERIFY(writePlan(*sample).contains("\"version\": 1"));
    QFile growing(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/growing-team.json"));
    QVERIFY(growing.open(QIODevice::ReadOnly));
    const QByteArray bytes = growing.readAll();
    const Expected<Plan> team = readPlan(bytes);
    QVERIFY2(team, team ? "" : qPrintable(team.error().details.join(QLatin1Char('\n'))));
    QVERIFY(usesVersion2(*team));
    // Round trip: what is written reads back to the same plan.
    const Expected<Plan> back = readPlan(writePlan(*team));
    QVERIFY(back);
    QCOMPARE(writePlan(*back), writePlan(*team));

    // The link to the bills round-trips, with and without a start month.
    Plan linked = *team;
    linked.actuals = ActualsLink{linked.scenarios.first().name, QStringLiteral("2026-03")};
    Expected<Plan> linkedBack = readPlan(writePlan(linked));
    QVERIFY2(linkedBack, linkedBack ? "" : qPrintable(linkedBack.error().details.join(QLatin1Char('\n'))));
    QVERIFY(linkedBack->actuals == linked.actuals);
    linked.actuals->start.clear();
    linkedBack = readPlan(writePlan(linked));
    QVERIFY(linkedBack && linkedBack->actuals == linked.actuals);
    QVERIFY(!writePlan(linked).contains("\"start\""));
}

void TestPlanReader::keysGivenTwiceAreRefused()
{
    // QJsonDocument keeps the last of a repeated key: "servers": 1, "servers": 1000 would cost 1,000 servers.
    const QByteArray json = "{\"name\": \"p\",\n"
                            " \"scenarios\": [{\"name\": \"a\", \"kind\": \"purchase\", \"servers\": 1,\n"
                            "                 \"servers\": 1000}],\n"
                            " \"workload\": {\"engineers\": 4, \"engineers\": 8, \"assumptions\": {\"engineers\": \"x\"}},\n"
                            " \"name\": \"q\"}";
    const Expected<Plan> p = readPlan(json);
    QVERIFY(!p);
    QCOMPARE(p.error().details,
             (QStringList{QStringLiteral("scenarios[0].servers: given twice (line 2, then line 3); state it once"),
                          QStringLiteral("workload.engineers: given twice (line 4, then line 4); state it once"),
                          QStringLiteral("name: given twice (line 1, then line 5); state it once")}));
    // The same key in different objects is fine, and so are escaped look-alikes.
    QVERIFY(readPlan(R"({"name": "p", "scenarios": [{"name": "a", "kind": "purchase"}, {"name": "b", "kind": "purchase"}]})"));
    QVERIFY(readPlan("{\"name\": \"p\", \"scenarios\": [], \"notes\": \"a \\\"notes\\\": b\"}"));
}

void TestPlanReader::controlCharactersAreRefused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem");
    static constexpr char kRawNul[] = "{\"name\": \"a\0b\", \"scenarios\": []}";
    QTest::newRow("raw NUL in the plan's name") << QByteArray(kRawNul, sizeof(kRawNul) - 1)
                                                << "name: must be one line of text without control characters (U+0000 at "
                                                   "character 2)";
    QTest::newRow("escaped NUL") << QByteArray(R"({"name": "a\u0000b", "scenarios": []})")
                                 << "name: must be one line of text without control characters (U+0000 at character 2)";
    QTest::newRow("ESC in a scenario name") << plan(R"({"name": "a\u001b[31m", "kind": "purchase"})")
                                            << "scenarios[0].name: must be one line of text without control characters "
                                               "(U+001B at character 2)";
    QTest::newRow("C1 CSI in notes") << plan(kPurchase, R"(, "notes": "x\u009by")")
                                     << "notes: must not contain control characters (U+009B at character 2)";
    QTest::newRow("line break in a name") << plan(R"({"name": "a\nb", "kind": "purchase"})")
                                          << "scenarios[0].name: must be one line of text without control characters "
                                             "(U+000A at character 2)";
    // Invisible: they make two names look alike or text read backwards.
    QTest::newRow("right-to-left override in a name") << plan(R"({"name": "own\u202eyub", "kind": "purchase"})")
                                                      << "scenarios[0].name: must be one line of text without control "
                                                         "characters (U+202E at character 4)";
    QTest::newRow("byte order mark as a plan name") << QByteArray(R"({"name": "\ufeff", "scenarios": []})")
                                                    << "name: must be one line of text without control characters (U+FEFF "
                                                       "at character 1)";
}

void TestPlanReader::controlCharactersAreRefused()
{
    refusals();
    // Line breaks and tabs are fine in notes.
    QVERIFY(readPlan(plan(kPurchase, R"(, "notes": "first line\n\tsecond")")));
}

namespace {

// A plan of `count` scenarios, one per line (scenario i on line i + 2), cycling dedicated, elastic, purchase; the
// rate of a cloud scenario and the server count of a purchase follow from its position. `line(i)` may replace one.
QByteArray longPlan(int count, const std::function<QByteArray(int)> &line = {})
{
    QByteArray json = "{\"name\": \"long\", \"scenarios\": [\n";
    for (int i = 0; i < count; ++i) {
        QByteArray text = line ? line(i) : QByteArray();
        if (text.isEmpty()) {
            const QByteArray name = "\"s" + QByteArray::number(i) + "\"";
            if (i % 3 == 0)
                text = "{\"name\": " + name + ", \"kind\": \"dedicated\", \"rate_per_hour\": " + QByteArray::number(i + 1) + "}";
            else if (i % 3 == 1)
                text = "{\"name\": " + name + ", \"kind\": \"elastic\", \"rate_per_hour\": " + QByteArray::number(i + 1) + "}";
            else
                text = "{\"name\": " + name + ", \"kind\": \"purchase\", \"servers\": " + QByteArray::number(i % 7 + 1) + "}";
        }
        json += text + (i + 1 < count ? ",\n" : "\n");
    }
    return json + "]}";
}

} // namespace

void TestPlanReader::longPlansReadAsOne()
{
    // Long scenario lists are read in parts on every core and joined (planreader.cpp): the plan is the one a single
    // reader makes, in file order, and a hybrid may name scenarios read by another part.
    constexpr int kCount = 9000;
    const QByteArray json = longPlan(kCount, [](int i) -> QByteArray {
        if (i == kCount - 1)
            return R"({"name": "h", "kind": "hybrid", "base": "s4499", "burst": "s4501"})";
        if (i == 4500) // where two cores cut the list: brackets, commas and quotes inside text are not cuts
            return R"({"name": "s4500", "kind": "dedicated", "rate_per_hour": 4501, "notes": "]},{\"[\\"})";
        return {};
    });
    QVERIFY(json.size() > 256 * 1024); // large enough for the key check to run beside the parse
    const Expected<Plan> p = readPlan(json);
    QVERIFY2(p, p ? "" : qPrintable(p.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(p->scenarios.size(), kCount);
    for (int i = 0; i + 1 < kCount; ++i) {
        const PlanScenario &s = p->scenarios.at(i);
        QCOMPARE(s.name, QStringLiteral("s%1").arg(i));
        if (i % 3 == 0)
            QCOMPARE(std::get<DedicatedScenario>(s.scenario).instance.ratePerHour, double(i + 1));
        else if (i % 3 == 1)
            QCOMPARE(std::get<ElasticScenario>(s.scenario).instance.ratePerHour, double(i + 1));
        else
            QCOMPARE(std::get<PurchaseScenario>(s.scenario).servers, i % 7 + 1);
    }
    QCOMPARE(p->scenarios.at(4500).notes, QStringLiteral("]},{\"[\\"));
    const auto &hybrid = std::get<HybridScenario>(p->scenarios.last().scenario);
    QCOMPARE(hybrid.base, QStringLiteral("s4499")); // on two cores, as far into the first part as h into the second
    QCOMPARE(hybrid.burst, QStringLiteral("s4501"));

    // A hybrid's references are still checked across parts: s4500 is a purchase, not an elastic scenario.
    const Expected<Plan> wrong = readPlan(longPlan(kCount, [](int i) -> QByteArray {
        if (i == kCount - 1)
            return R"({"name": "h", "kind": "hybrid", "base": "s4499", "burst": "s4500"})";
        return {};
    }));
    QVERIFY(!wrong);
    QCOMPARE(wrong.error().details,
             QStringList{QStringLiteral("scenarios[8999].burst: \"s4500\" is a scenario of kind dedicated; must name an "
                                        "elastic scenario")});
}

void TestPlanReader::longPlansReportProblemsInFileOrder()
{
    // Problems in different parts, a name repeated across parts and a key given twice far into a large file: the
    // messages, their paths and their order are those of one reader going from the top.
    constexpr int kCount = 9000;
    const Expected<Plan> p = readPlan(longPlan(kCount, [](int i) -> QByteArray {
        switch (i) {
        case 10:
            return R"({"name": "s10", "kind": "dedicated", "rate_per_hour": 1, "bogus": 1})";
        case 6000:
            return R"({"name": "s1", "kind": "dedicated", "rate_per_hour": 1})";
        case 7000:
            return R"({"name": "s7000", "kind": "dedicated", "rate_per_hour": 1, "rate_per_hour": 2})";
        case 8000:
            return R"({"name": "s8000", "kind": "purchase", "other": 1})";
        default:
            return {};
        }
    }));
    QVERIFY(!p);
    QCOMPARE(p.error().details,
             (QStringList{QStringLiteral("scenarios[7000].rate_per_hour: given twice (line 7002, then line 7002); state it once"),
                          QStringLiteral("scenarios[10].bogus: unknown key"),
                          QStringLiteral("scenarios[6000].name: \"s1\" is already the name of scenarios[1]"),
                          QStringLiteral("scenarios[8000].other: unknown key")}));
}

void TestPlanReader::largeTextThatIsNotJsonIsRefused_data()
{
    // Large enough that the check for keys given twice runs beside the parser: it must end on any text.
    QTest::addColumn<QByteArray>("json");
    constexpr int kSize = 400 * 1024;
    QTest::newRow("deep nesting") << QByteArray(kSize, '[');
    QTest::newRow("unbalanced brackets") << "{\"a\": [}" + QByteArray(kSize, ' ') + "]";
    QTest::newRow("ends in a backslash") << "{\"" + QByteArray(kSize, 'x') + "\\";
    QTest::newRow("stray colons") << "{\"a\": [" + QByteArray(kSize, ':') + "]}";
    // A long plan whose list is cut into parts, each of which parses: the whole must still be JSON.
    QByteArray trailingComma = longPlan(9000);
    trailingComma.insert(trailingComma.lastIndexOf(']'), ',');
    QTest::newRow("long list with a trailing comma") << trailingComma;
    QByteArray missingComma = longPlan(9000);
    missingComma.remove(missingComma.indexOf(",\n{\"name\": \"s4500\""), 1);
    QTest::newRow("long list missing a comma where it is cut") << missingComma;
}

void TestPlanReader::largeTextThatIsNotJsonIsRefused()
{
    QFETCH(QByteArray, json);
    const Expected<Plan> result = readPlan(json);
    QVERIFY(!result);
    QVERIFY2(result.error().message.startsWith(QStringLiteral("the plan is not valid JSON near line ")),
             qPrintable(result.error().message));
}

MLTCO_TEST_GUILESS_MAIN(TestPlanReader)
#include "tst_planreader.moc"
