// Whole plans: catalog resolution through an InstanceResolver (a fake here), evaluation, JSON and CSV results.
#include "models/tco/engine.h"
#include "models/plan/currencyswitch.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "models/report/resultjson.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <utility>

using namespace mltco;
using namespace mltco::tco;

namespace {

Plan samplePlan()
{
    QFile file(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open the sample plan");
    Expected<Plan> plan = readPlan(file.readAll());
    if (!plan)
        qFatal("%s", qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    return *plan;
}

Plan planWith(const QByteArray &scenario)
{
    Expected<Plan> plan = readPlan(R"({"name": "p", "scenarios": [)" + scenario + "]}");
    if (!plan)
        qFatal("%s", qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    return *plan;
}

const QByteArray kAwsRef =
    R"("instance": {"provider": "aws", "name": "p3.8xlarge", "region": "us-east-1", "pricing": "on_demand"})";

/// A catalog of one instance, counting its calls.
struct FakeCatalog final
{
    int calls = 0;
    std::optional<double> speedup = 1.0;
    SpeedupOrigin origin = SpeedupOrigin::PersonSet;
    QString basis = QStringLiteral("seed-000");

    InstanceResolver resolver()
    {
        return [this](const InstanceRef &ref) -> Expected<ResolvedInstance> {
            ++calls;
            if (ref.provider != QLatin1String("aws") || ref.name != QLatin1String("p3.8xlarge"))
                return Error{QStringLiteral("the catalog has no instance type %1 of provider %2").arg(ref.name, ref.provider), {}};
            if (ref.pricing != QLatin1String("on_demand"))
                return Error{QStringLiteral("No price for %1 in the catalog.").arg(describe(ref)), {}};
            return ResolvedInstance{12.24, 4, speedup, QStringLiteral("V100 16GB"), QStringLiteral("assume-p3-per-gpu"),
                                    QDate(2023, 11, 1), origin, basis};
        };
    }
};

const EvaluatedScenario &byName(const PlanResult &r, const QString &name)
{
    for (const EvaluatedScenario &s : r.scenarios) {
        if (s.name == name)
            return s;
    }
    qFatal("no scenario %s", qPrintable(name));
}

} // namespace

class TestPlanEvaluation final : public QObject
{
    Q_OBJECT

private slots:
    void samplePlanWithoutDocument_data();
    void samplePlanWithoutDocument();
    void samplePlanBreakEven();
    void catalogFillsWhatThePlanLeaves();
    void planValuesWinOverTheCatalog();
    void missingPriceNamesWhatIsMissing();
    void noCatalogNamesWhatIsNeeded();
    void unresolvableReferenceIsOnlyAWarningWhenNothingIsNeeded();
    void catalogWithoutSpeedup();
    void estimatedSpeedupsAreNotedAndMixingWarns();
    void needsCatalog();
    void programmaticPlansAreValidated();
    void incompleteScenariosAreLeftOutInPlace();
    void cheapestMeetingDemandIgnoresWhatDoesLess();
    void headlineBreakEvenIsAgainstTheCheapestCloudOption();
    void everyPurchaseAgainstTheOneCounterpart();
    void theHeadlineBreakEvenSkipsAPurchaseThatCannotBeCompared();
    void aPlanConvertedToAnotherCurrency();
    void jsonHasTheDocumentedShape();
    void jsonUsesNullForUndefined();
    void aSubsetKeepsWhatItsCompositesAreBuiltFrom();
};

// A mix listed before its layer, a hybrid after its parts: a subset of two of them carries their parts along,
// renumbered, and evaluates each to the figures of the whole plan. A result put together without the parts (the
// shape of a summary that once evaluated only its two options) is evaluated to an unknown total, not a crash.
void TestPlanEvaluation::aSubsetKeepsWhatItsCompositesAreBuiltFrom()
{
    Expected<Plan> plan = readPlan(R"({"name": "p", "scenarios": [
        {"name": "Own", "kind": "purchase", "servers": 2},
        {"name": "Layered", "kind": "mix", "layers": ["None owned", "Pool"], "burst": "Burst"},
        {"name": "Pool", "kind": "cluster", "rate_per_hour": 4, "gpus_per_instance": 3, "nodes": 4},
        {"name": "Burst", "kind": "elastic", "rate_per_hour": 2.9, "speedup": 4},
        {"name": "None owned", "kind": "purchase", "servers": 0},
        {"name": "Hybrid", "kind": "hybrid", "base": "Own", "burst": "Burst"}]})");
    QVERIFY(plan);
    const Expected<PlanResult> whole = evaluatePlan(*plan);
    QVERIFY(whole);
    std::vector<std::size_t> wanted{5, 1};
    PlanResult subset = subsetOf(*whole, wanted);
    // Own, Layered, Pool, Burst, None owned, Hybrid: all but nothing (every scenario is a part of one of the two).
    QCOMPARE(subset.scenarios.size(), std::size_t(6));
    std::vector<std::size_t> two{1, 0};
    const PlanResult mixAndOwn = subsetOf(*whole, two);
    QCOMPARE(mixAndOwn.scenarios.size(), std::size_t(5)); // the hybrid is not needed
    QCOMPARE(two, (std::vector<std::size_t>{1, 0}));      // Own and Layered keep their places before the hybrid's
    MixScratch scratch;
    ScenarioResult r;
    for (std::size_t i = 0; i < mixAndOwn.scenarios.size(); ++i) {
        evaluateScenario(mixAndOwn, i, r, scratch);
        const EvaluatedScenario *same = nullptr;
        for (const EvaluatedScenario &s : whole->scenarios)
            if (s.name == mixAndOwn.scenarios[i].name)
                same = &s;
        QVERIFY(same);
        QCOMPARE(r.total, same->result.total);
    }
    std::vector<Scenario> scenarios;
    for (const EvaluatedScenario &s : subset.scenarios)
        scenarios.push_back(s.scenario);
    evaluateScenarioAmong(subset, subset.workload, scenarios, wanted[0], r, scratch);
    QCOMPARE(r.total, whole->scenarios[5].result.total);

    // Without the parts: two scenarios copied out of the whole, their part positions pointing past the list.
    PlanResult broken;
    broken.workload = whole->workload;
    broken.scenarios = {whole->scenarios[1], whole->scenarios[0]};
    QTest::ignoreMessage(QtWarningMsg, "mltco: \"Layered\" was evaluated without the scenarios it is built from");
    evaluateScenario(broken, 0, r, scratch);
    QVERIFY(std::isnan(r.total));
    // A burst position that names a scenario of another kind.
    broken.scenarios = {whole->scenarios[5], whole->scenarios[0]};
    broken.scenarios[0].parts = {1};
    broken.scenarios[0].burstPart = 1; // a purchase, not elastic
    QTest::ignoreMessage(QtWarningMsg, "mltco: \"Hybrid\" was evaluated without the scenarios it is built from");
    evaluateScenario(broken, 0, r, scratch);
    QVERIFY(std::isnan(r.total));
}

void TestPlanEvaluation::samplePlanWithoutDocument_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("total");
    // 4 x 12.24 x 730 x 36 = 1,286,668.80
    QTest::newRow("AWS") << "AWS p3.8xlarge per engineer" << 1286668.80;
    // x 1.15 = 1,479,669.12
    QTest::newRow("SageMaker") << "SageMaker p3.8xlarge per engineer" << 1479669.12;
    // (6,000 + 100 + 833.33) x 36 = 249,600
    QTest::newRow("Linode") << "Linode RTX 6000 + Kubeflow" << 249600.0;
    // (813.1389 x 0.88 + 73 + 833.33) x 36 = 58,388.24
    QTest::newRow("GCP preemptible") << "GCP preemptible A100, autoscaled"
                                     << (730 * 1.0025 / 0.9 * 0.88 + 73 + 100000 * 0.1 / 12) * 36;
    QTest::newRow("on-prem") << "On-prem 8xA100, 1 server" << 459000.0;
    QTest::newRow("GCP node") << "GCP 8xA100 node" << 210000.0;
}

void TestPlanEvaluation::samplePlanWithoutDocument()
{
    QFETCH(QString, name);
    QFETCH(double, total);
    const Expected<PlanResult> r = evaluatePlan(samplePlan());
    QVERIFY2(r, r ? "" : qPrintable(r.error().details.join(QLatin1Char('\n'))));
    QVERIFY(r->warnings.isEmpty());
    const EvaluatedScenario &s = byName(*r, name);
    QVERIFY2(std::abs(s.result.total - total) < 0.005, qPrintable(QString::number(s.result.total, 'f', 6)));
    QVERIFY(!s.instance); // no catalog was asked
}

void TestPlanEvaluation::samplePlanBreakEven()
{
    const Expected<PlanResult> r = evaluatePlan(samplePlan());
    QVERIFY(r);
    QCOMPARE(r->breakeven.size(), std::size_t(1));
    QCOMPARE(r->breakeven.front().result.servers, std::optional<int>(6));
    QVERIFY(r->breakeven.front().result.staysCheaper);
    QCOMPARE(r->breakeven.front().result.sweep.size(), std::size_t(100));
}

void TestPlanEvaluation::catalogFillsWhatThePlanLeaves()
{
    FakeCatalog catalog;
    const Plan plan = planWith(R"({"name": "a", "kind": "dedicated", )" + kAwsRef + "}");
    const Expected<PlanResult> r = evaluatePlan(plan, catalog.resolver());
    QVERIFY(r);
    QCOMPARE(catalog.calls, 1);
    const auto &d = std::get<DedicatedScenario>(r->scenarios.front().scenario);
    QCOMPARE(d.instance, (CloudInstance{12.24, 4, 1.0}));
    QVERIFY(std::abs(r->scenarios.front().result.total - 1286668.80) < 0.005);
    QCOMPARE(r->scenarios.front().instance->source, QStringLiteral("assume-p3-per-gpu"));
    QVERIFY(r->warnings.isEmpty());
}

void TestPlanEvaluation::planValuesWinOverTheCatalog()
{
    FakeCatalog catalog;
    const Plan plan = planWith(R"({"name": "a", "kind": "dedicated", "rate_per_hour": 10, )" + kAwsRef + "}");
    const Expected<PlanResult> r = evaluatePlan(plan, catalog.resolver());
    QVERIFY(r);
    const auto &d = std::get<DedicatedScenario>(r->scenarios.front().scenario);
    QCOMPARE(d.instance.ratePerHour, 10.0);
    QCOMPARE(d.instance.gpusPerInstance, 4.0); // the plan left this to the catalog
    QCOMPARE(r->warnings, QStringList{QStringLiteral(
                              "scenarios[0].rate_per_hour: the plan's $10.00/h is used; the catalog has $12.24/h for aws "
                              "p3.8xlarge in us-east-1 (on_demand) (assume-p3-per-gpu, observed 2023-11-01)")});
}

void TestPlanEvaluation::missingPriceNamesWhatIsMissing()
{
    FakeCatalog catalog;
    const Plan plan = planWith(
        R"({"name": "a", "kind": "elastic", "instance": {"provider": "aws", "name": "p3.8xlarge", "region": "us-east-1", "pricing": "spot", "as_of": "2025-01-28"}})");
    const Expected<PlanResult> r = evaluatePlan(plan, catalog.resolver());
    QVERIFY(!r);
    QCOMPARE(r.error().message, QStringLiteral("the plan cannot be evaluated"));
    QCOMPARE(r.error().details, QStringList{QStringLiteral("scenarios[0].instance: No price for aws p3.8xlarge in "
                                                           "us-east-1 (spot) as of 2025-01-28 in the catalog.")});
}

void TestPlanEvaluation::noCatalogNamesWhatIsNeeded()
{
    const Plan plan = planWith(R"({"name": "a", "kind": "cluster", "rate_per_hour": 3, )" + kAwsRef + "}");
    const Expected<PlanResult> r = evaluatePlan(plan);
    QVERIFY(!r);
    QCOMPARE(r.error().details, QStringList{QStringLiteral(
                                    "scenarios[0]: gpus_per_instance, speedup not given, and there is no catalog to "
                                    "look up aws p3.8xlarge in us-east-1 (on_demand) in")});
}

void TestPlanEvaluation::unresolvableReferenceIsOnlyAWarningWhenNothingIsNeeded()
{
    FakeCatalog catalog;
    const Plan plan = planWith(
        R"({"name": "a", "kind": "dedicated", "rate_per_hour": 3, "gpus_per_instance": 1, "speedup": 1,
            "instance": {"provider": "linode", "name": "g1", "pricing": "monthly"}})");
    const Expected<PlanResult> r = evaluatePlan(plan, catalog.resolver());
    QVERIFY(r);
    QCOMPARE(r->warnings, QStringList{QStringLiteral("scenarios[0].instance: the catalog has no instance type g1 of "
                                                     "provider linode; the plan's own values are used")});
}

void TestPlanEvaluation::catalogWithoutSpeedup()
{
    // Never a silent 1 (model.md §10.8): a GPU with no speedup and no figure to estimate one is an error naming it.
    FakeCatalog catalog;
    catalog.speedup = std::nullopt;
    const Plan plan = planWith(R"({"name": "a", "kind": "dedicated", )" + kAwsRef + "}");
    const Expected<PlanResult> r = evaluatePlan(plan, catalog.resolver());
    QVERIFY(!r);
    QCOMPARE(r.error().details, QStringList{QStringLiteral(
                                    "scenarios[0].speedup: the catalog has no speedup for GPU \"V100 16GB\" and no "
                                    "datasheet figure to estimate one; set the GPU's speedup in the catalog, or a "
                                    "speedup in the plan")});
    // The plan's own speedup needs nothing from the catalog.
    const Plan stated = planWith(R"({"name": "a", "kind": "dedicated", "speedup": 1.5, )" + kAwsRef + "}");
    const Expected<PlanResult> ok = evaluatePlan(stated, catalog.resolver());
    QVERIFY(ok);
    QCOMPARE(std::get<DedicatedScenario>(ok->scenarios.front().scenario).instance.speedup, 1.5);
}

void TestPlanEvaluation::estimatedSpeedupsAreNotedAndMixingWarns()
{
    FakeCatalog estimated;
    estimated.speedup = 7.912;
    estimated.origin = SpeedupOrigin::Estimated;
    estimated.basis = QStringLiteral("989 dense FP16 TFLOPS / 125 (nvidia-h100-datasheet)");
    const Plan plan = planWith(R"({"name": "a", "kind": "dedicated", )" + kAwsRef + "}");
    const Expected<PlanResult> r = evaluatePlan(plan, estimated.resolver());
    QVERIFY(r);
    QCOMPARE(r->notes, QStringList{QStringLiteral("scenarios[0].speedup: 7.91 estimated from datasheets for V100 16GB: "
                                                  "989 dense FP16 TFLOPS / 125 (nvidia-h100-datasheet)")});
    QVERIFY(r->warnings.isEmpty());
    QCOMPARE(r->scenarios.front().instance->speedupOrigin, SpeedupOrigin::Estimated);
    // One scenario person-set (a stated purchase does not count), one estimated: a warning naming both.
    const Plan mixed = planWith(R"({"name": "a", "kind": "dedicated", )" + kAwsRef + R"(},
                                   {"name": "b", "kind": "dedicated", )" + kAwsRef + "}");
    int call = 0;
    const InstanceResolver alternating = [&](const InstanceRef &ref) -> Expected<ResolvedInstance> {
        Expected<ResolvedInstance> found = (call++ == 0 ? estimated : FakeCatalog{}).resolver()(ref);
        return found;
    };
    const Expected<PlanResult> m = evaluatePlan(mixed, alternating);
    QVERIFY(m);
    QCOMPARE(m->warnings.size(), 1);
    QVERIFY(m->warnings.front().startsWith(QStringLiteral("speedups on two scales: set by a person for \"b\" (V100 16GB, 1), "
                                                          "estimated from datasheets for \"a\" (V100 16GB, 7.91).")));
}

void TestPlanEvaluation::needsCatalog()
{
    QVERIFY(!mltco::tco::needsCatalog(samplePlan())); // every referenced value is stated
    QVERIFY(mltco::tco::needsCatalog(planWith(R"({"name": "a", "kind": "dedicated", )" + kAwsRef + "}")));
    QVERIFY(!mltco::tco::needsCatalog(planWith(R"({"name": "a", "kind": "dedicated", "rate_per_hour": 1})")));
}

void TestPlanEvaluation::programmaticPlansAreValidated()
{
    Plan plan = planWith(R"({"name": "a", "kind": "dedicated", "rate_per_hour": 1})");
    plan.workload.horizonMonths = 0;
    std::get<DedicatedScenario>(plan.scenarios[0].scenario).hoursOn = 800;
    const Expected<PlanResult> r = evaluatePlan(plan);
    QVERIFY(!r);
    QCOMPARE(r.error().details, (QStringList{QStringLiteral("workload.horizon_months: must be an integer from 1 to 240"),
                                             QStringLiteral("scenarios[0].hours_on: must be a number from 0 to 730")}));
}

void TestPlanEvaluation::incompleteScenariosAreLeftOutInPlace()
{
    // b needs a price from a catalog there is none of; hb bursts to b; h2 is a hybrid after both, whose base and
    // burst positions move when b and hb are left out; one break-even names b.
    const auto plan = [](bool withIncomplete) {
        QByteArray scenarios = R"({"name": "a", "kind": "dedicated", "rate_per_hour": 3, "boxes": 2},)";
        if (withIncomplete)
            scenarios += R"({"name": "b", "kind": "elastic", "rate_per_hour": 2, )" + kAwsRef + "},"
                         R"({"name": "hb", "kind": "hybrid", "base": "a", "burst": "b"},)";
        scenarios += R"({"name": "e", "kind": "elastic", "rate_per_hour": 2.5},
                        {"name": "p", "kind": "purchase", "servers": 1, "server_price": 100000},
                        {"name": "h2", "kind": "hybrid", "base": "p", "burst": "e", "base_max_utilization": 0.8})";
        QByteArray breakeven = R"({"purchase": "p", "cloud": "a", "max_servers": 10})";
        if (withIncomplete)
            breakeven += R"(, {"purchase": "p", "cloud": "b"})";
        Expected<Plan> read = readPlan(R"({"name": "p", "workload": {"demand_gpu_hours": 3000},
                                           "scenarios": [)" + scenarios + R"(], "breakeven": [)" + breakeven + "]}");
        if (!read)
            qFatal("%s", qPrintable(read.error().details.join(QLatin1Char('\n'))));
        return *read;
    };
    const Plan full = plan(true);
    const QString bProblem = QStringLiteral("scenarios[1]: gpus_per_instance, speedup not given, and there is no catalog "
                                            "to look up aws p3.8xlarge in us-east-1 (on_demand) in");

    // Refused as a whole, by default: what the command line does.
    const Expected<PlanResult> refused = evaluatePlan(full);
    QVERIFY(!refused);
    QCOMPARE(refused.error().details, QStringList{bProblem});

    // Left out, in place: the others evaluate exactly as they do in a plan without b and hb.
    const Expected<PlanResult> r = evaluatePlan(full, {}, Incomplete::LeaveOut);
    QVERIFY2(r, r ? "" : qPrintable(r.error().details.join(QLatin1Char('\n'))));
    QStringList names;
    std::vector<std::size_t> positions;
    for (const EvaluatedScenario &s : r->scenarios) {
        names << s.name;
        positions.push_back(s.planPosition);
    }
    QCOMPARE(names, (QStringList{"a", "e", "p", "h2"}));
    QCOMPARE(positions, (std::vector<std::size_t>{0, 3, 4, 5}));
    QCOMPARE(r->leftOut.size(), std::size_t(3));
    QCOMPARE(r->leftOut[0].name, QStringLiteral("b"));
    QCOMPARE(r->leftOut[0].scenario, std::optional<std::size_t>(1));
    QCOMPARE(r->leftOut[0].problems, QStringList{bProblem});
    QCOMPARE(r->leftOut[1].name, QStringLiteral("hb"));
    QCOMPARE(r->leftOut[1].scenario, std::optional<std::size_t>(2));
    QCOMPARE(r->leftOut[1].problems,
             QStringList{QStringLiteral("scenarios[2].burst: \"b\" cannot be evaluated yet, so neither can this")});
    QCOMPARE(r->leftOut[2].scenario, std::nullopt);
    QCOMPARE(r->leftOut[2].breakeven, std::size_t(1));
    QCOMPARE(r->leftOut[2].name, QStringLiteral("p vs b"));
    QCOMPARE(r->leftOut[2].problems,
             QStringList{QStringLiteral("breakeven[1].cloud: \"b\" cannot be evaluated yet, so neither can this")});

    QVERIFY(!r->atPlanPosition(1));
    QVERIFY(!r->atPlanPosition(2));
    QVERIFY(!r->atPlanPosition(6));
    QCOMPARE(r->atPlanPosition(4)->name, QStringLiteral("p"));
    QCOMPARE(r->leftOutAt(2)->name, QStringLiteral("hb"));
    QVERIFY(!r->leftOutAt(4));

    const Expected<PlanResult> reference = evaluatePlan(plan(false));
    QVERIFY(reference);
    QCOMPARE(reference->scenarios.size(), r->scenarios.size());
    for (std::size_t i = 0; i < r->scenarios.size(); ++i) {
        QCOMPARE(r->scenarios[i].result.total, reference->scenarios[i].result.total);
        QCOMPARE(r->scenarios[i].parts, reference->scenarios[i].parts);
    }
    QCOMPARE(r->scenarios[3].parts, std::vector<std::size_t>{2});  // p, at plan position 4
    QCOMPARE(*r->scenarios[3].burstPart, std::size_t(1)); // e, at plan position 3
    QCOMPARE(r->breakeven.size(), std::size_t(1));
    QCOMPARE(r->breakeven[0].result.servers, reference->breakeven[0].result.servers);

    // Problems of the workload leave nothing to evaluate: refused either way.
    Plan badWorkload = full;
    badWorkload.workload.horizonMonths = 0;
    const Expected<PlanResult> bad = evaluatePlan(badWorkload, {}, Incomplete::LeaveOut);
    QVERIFY(!bad);
    QCOMPARE(bad.error().details,
             (QStringList{QStringLiteral("workload.horizon_months: must be an integer from 1 to 240"), bProblem}));
}

void TestPlanEvaluation::cheapestMeetingDemandIgnoresWhatDoesLess()
{
    // Totals 100 (leaves a tenth of the demand undone), 300, 200 and 250: the cheapest that does all the work is the
    // third; without it, the fourth; with every one doing less, none.
    PlanResult r;
    for (const auto &[total, unmet] : {std::pair{100.0, 10.0}, {300.0, 0.0}, {200.0, 0.0}, {250.0, 0.0}}) {
        EvaluatedScenario s;
        s.result.total = total;
        s.result.demand = 100.0;
        s.result.unmet = unmet;
        s.result.served = 100.0 - unmet;
        r.scenarios.push_back(s);
    }
    QVERIFY(r.scenarios[0].result.hasUnmetDemand());
    QCOMPARE(cheapestMeetingDemand(r), 2);
    QCOMPARE(cheapestMeetingDemand(r, [](std::size_t i) { return i != 2; }), 3);
    QCOMPARE(cheapestMeetingDemand(r, [](std::size_t i) { return i == 0; }), -1);
    for (EvaluatedScenario &s : r.scenarios) {
        s.result.unmet = 1.0;
        s.result.served = 99.0;
    }
    QCOMPARE(cheapestMeetingDemand(r), -1);
    QCOMPARE(cheapestMeetingDemand(PlanResult{}), -1);
}

void TestPlanEvaluation::headlineBreakEvenIsAgainstTheCheapestCloudOption()
{
    // The sample plan asks for its server against a GCP 8xA100 node; the cheapest cloud option that meets the demand
    // is another one, so the headline's comparison is worked out against that one, with the request's defaults.
    Plan plan = samplePlan();
    Expected<PlanResult> r = evaluatePlan(plan);
    QVERIFY(r);
    const int cloud = cheapestMeetingDemand(*r, [&](std::size_t i) { return isCloudKind(r->scenarios[i].kind()); });
    QVERIFY(cloud >= 0);
    const EvaluatedScenario &rented = r->scenarios[std::size_t(cloud)];
    QVERIFY(rented.name != plan.breakeven.front().cloud);
    std::optional<HeadlineBreakEven> h = headlineBreakEven(*r);
    QVERIFY(h);
    QVERIFY(!h->index);
    QCOMPARE(h->cloud, cloud);
    QCOMPARE(r->scenarios[std::size_t(h->purchase)].name, QStringLiteral("On-prem 8xA100, 1 server"));
    QCOMPARE(h->breakEven.request.purchase, QStringLiteral("On-prem 8xA100, 1 server"));
    QCOMPARE(h->breakEven.request.cloud, rented.name);
    const auto &owned = std::get<PurchaseScenario>(r->scenarios[std::size_t(h->purchase)].scenario);
    if (const auto *elastic = std::get_if<ElasticScenario>(&rented.scenario)) {
        const Expected<FleetBreakEven> fleet = fleetBreakEven(r->workload, owned, *elastic);
        QVERIFY(fleet && h->breakEven.result.fleet);
        QCOMPARE(h->breakEven.result.fleet->utilization, fleet->utilization);
    } else {
        const Expected<BreakEvenResult> sweep = breakEvenServers(r->workload, owned, rented.scenario, 100);
        QVERIFY(sweep);
        QCOMPARE(h->breakEven.result.servers, sweep->servers);
    }

    // With a request for that very pair (its own sweep), the plan's request is the headline's.
    BreakEvenRequest asked(h->breakEven.request.purchase, rented.name, 7);
    plan.breakeven.push_back(asked);
    r = evaluatePlan(plan);
    QVERIFY(r);
    h = headlineBreakEven(*r);
    QVERIFY(h);
    QCOMPARE(h->index, std::optional<std::size_t>(1));
    QCOMPARE(h->breakEven.request.maxServers, 7);

    // Without any cloud option (only the purchase is left): none.
    Plan alone = samplePlan();
    alone.breakeven.clear();
    alone.scenarios.erase(std::remove_if(alone.scenarios.begin(), alone.scenarios.end(),
                                         [](const PlanScenario &s) { return !s.name.startsWith(QLatin1String("On-prem")); }),
                          alone.scenarios.end());
    r = evaluatePlan(alone);
    QVERIFY2(r, r ? "" : qPrintable(r.error().details.join(QLatin1Char('\n'))));
    QVERIFY(!headlineBreakEven(*r));
}

// Any purchase may be chosen, and each is measured against the same cloud option, the one owningVersusCloud (the IRR
// and payback) uses too. When no cloud option meets the demand, the cheapest one still stands, and says so.
void TestPlanEvaluation::everyPurchaseAgainstTheOneCounterpart()
{
    Plan plan = samplePlan();
    PlanScenario second = plan.scenarios.at(4);
    QCOMPARE(second.kind(), ScenarioKind::Purchase);
    second.name = QStringLiteral("On-prem 8xA100, 3 servers");
    std::get<PurchaseScenario>(second.scenario).servers = 3;
    plan.scenarios.push_back(second);
    Expected<PlanResult> r = evaluatePlan(plan);
    QVERIFY(r);
    const OwningCounterpart counterpart = owningCounterpart(*r);
    QVERIFY(counterpart.cloud >= 0 && counterpart.meetsDemand);
    for (int p : {4, 6}) {
        const std::optional<HeadlineBreakEven> h = headlineBreakEven(*r, p);
        QVERIFY(h);
        QCOMPARE(h->purchase, p);
        QCOMPARE(h->cloud, counterpart.cloud);
        QCOMPARE(h->breakEven.request.purchase, r->scenarios[std::size_t(p)].name);
        const std::optional<OwningVersusCloud> v = owningVersusCloud(*r, std::size_t(p));
        QVERIFY(v);
        QCOMPARE(v->cloud, counterpart.cloud);
    }
    QVERIFY(!headlineBreakEven(*r, 0)); // a dedicated scenario is not a purchase
    QCOMPARE(headlinePurchase(*r), 4);  // none recommended is a purchase: the first request's

    // Every cloud option leaves demand undone: the cheapest of them, marked.
    for (EvaluatedScenario &s : r->scenarios)
        if (isCloudKind(s.kind()))
            s.result.unmet = s.result.demand = 100.0;
    const OwningCounterpart short_ = owningCounterpart(*r);
    QVERIFY(!short_.meetsDemand);
    int cheapest = -1;
    for (std::size_t i = 0; i < r->scenarios.size(); ++i)
        if (isCloudKind(r->scenarios[i].kind()) &&
            (cheapest < 0 || r->scenarios[i].result.total < r->scenarios[std::size_t(cheapest)].result.total))
            cheapest = int(i);
    QCOMPARE(short_.cloud, cheapest);
    const std::optional<HeadlineBreakEven> h = headlineBreakEven(*r, 6);
    QVERIFY(h && !h->cloudMeetsDemand);
}

// Hand-worked: a dollar plan to euros at 0.8 EUR per USD. Every amount it states or leaves to a default is converted
// (a $10/h price to €8/h, the default $150,000 server to €120,000, a $2,000 overhead to €1,600), a price left to the
// catalog is not (the evaluation converts it at its own day's rate), a money range of an uncertain input and the
// fleet's capex budget are converted, a fixed rate of 1.1 CHF per USD becomes 1.375 CHF per EUR, and the rate is
// written beside each amount. Its evaluation is the dollar plan's times 0.8, to rounding.
void TestPlanEvaluation::theHeadlineBreakEvenSkipsAPurchaseThatCannotBeCompared()
{
    // The first purchase follows demand, which has no break-even against pay-per-use; the second, a fixed fleet, has:
    // the headline compares the second rather than nothing (the generations example's dashboard said "nothing to
    // compare" with two fixed fleets in the plan).
    const Expected<Plan> plan = readPlan(R"({"name": "p", "workload": {"demand_gpu_hours": 20000, "horizon_months": 24},
        "scenarios": [{"name": "grows", "kind": "purchase", "servers": 1, "expansion": "to_demand", "server_price": 100000},
                      {"name": "fixed", "kind": "purchase", "servers": 2, "server_price": 100000},
                      {"name": "cloud", "kind": "elastic", "rate_per_hour": 3}]})");
    QVERIFY(plan);
    const Expected<PlanResult> r = evaluatePlan(*plan);
    QVERIFY(r);
    QCOMPARE(headlinePurchase(*r), 0);
    QVERIFY(!headlineBreakEven(*r, 0));
    const std::optional<HeadlineBreakEven> h = headlineBreakEven(*r);
    QVERIFY(h);
    QCOMPARE(h->purchase, 1);
    QCOMPARE(h->breakEven.request.purchase, QStringLiteral("fixed"));
}

void TestPlanEvaluation::aPlanConvertedToAnotherCurrency()
{
    Expected<Plan> plan = readPlan(R"({"name": "p", "version": 3, "fx_rates": {"CHF": 1.1},
        "workload": {"demand_gpu_hours": 2000},
        "scenarios": [
          {"name": "Own", "kind": "purchase", "servers": 1, "assumptions": {"server_price": "list price"}},
          {"name": "Rent", "kind": "dedicated", "boxes": 2, "rate_per_hour": 10, "overhead_monthly": 2000},
          {"name": "Catalog", "kind": "elastic", "instance": {"provider": "gcp", "name": "a2-highgpu-1g", "pricing": "on_demand"}},
          {"name": "Burst", "kind": "elastic", "rate_per_hour": 3}],
        "uncertainty": [{"target": "Own", "parameter": "server_price", "distribution": "triangular",
                         "low": 100000, "mode": 150000, "high": 200000}],
        "optimize": {"own": "Own", "burst": "Burst", "capex_budget_per_year": 300000}})");
    QVERIFY2(plan, plan ? "" : qPrintable(plan.error().details.join(QLatin1Char('\n'))));
    const CurrencyConversion c{QStringLiteral("USD"), QStringLiteral("EUR"), 0.8, QDate(2026, 12, 4), QStringLiteral("ECB")};
    QCOMPARE(conversionInWords(c), QStringLiteral("0.8 EUR per USD (2026-12-04, ECB)"));
    const Plan euros = convertedPlan(*plan, c);
    QCOMPARE(euros.currency, QStringLiteral("EUR"));
    const auto &own = std::get<PurchaseScenario>(euros.scenarios[0].scenario);
    QCOMPARE(own.serverPrice, 120000.0);
    QVERIFY(isGiven(euros.scenarios[0].given, ParamId::ServerPrice));
    QCOMPARE(own.facilitiesPerServerYear, 2400.0);
    QCOMPARE(euros.scenarios[0].assumptions.value(QStringLiteral("server_price")),
             QStringLiteral("list price The default $150,000, converted at 0.8 EUR per USD (2026-12-04, ECB)."));
    QCOMPARE(own.servers, 1); // not money
    const auto &rent = std::get<DedicatedScenario>(euros.scenarios[1].scenario);
    QCOMPARE(rent.instance.ratePerHour, 8.0);
    QCOMPARE(rent.overheadMonthly, 1600.0);
    QCOMPARE(euros.scenarios[1].assumptions.value(QStringLiteral("rate_per_hour")),
             QStringLiteral("Converted from $10 at 0.8 EUR per USD (2026-12-04, ECB)."));
    QVERIFY(!isGiven(euros.scenarios[2].given, ParamId::RatePerHour)); // left to the catalog
    QCOMPARE(euros.uncertainty[0].low, 80000.0);
    QCOMPARE(euros.uncertainty[0].mode, 120000.0);
    QCOMPARE(euros.uncertainty[0].high, 160000.0);
    QCOMPARE(*euros.optimize->capexBudgetPerYear, 240000.0);
    QCOMPARE(euros.fxRates.value(QStringLiteral("CHF")), 1.1 / 0.8);
    // What the app stores is read back as it was written: the same amounts, stated, with their assumptions.
    const Expected<Plan> back = readPlan(writePlan(euros));
    QVERIFY2(back, back ? "" : qPrintable(back.error().details.join(QLatin1Char('\n'))));
    QCOMPARE(back->currency, QStringLiteral("EUR"));
    QCOMPARE(std::get<PurchaseScenario>(back->scenarios[0].scenario).serverPrice, 120000.0);
    QVERIFY(isGiven(back->scenarios[0].given, ParamId::FacilitiesPerServerYear));
    QCOMPARE(back->scenarios[0].assumptions, euros.scenarios[0].assumptions);
    QCOMPARE(back->uncertainty[0].high, 160000.0);
    QCOMPARE(*back->optimize->capexBudgetPerYear, 240000.0);
    QCOMPARE(writePlan(*back), writePlan(euros));

    // The plan without its catalog scenario evaluates to the dollar plan's figures times 0.8.
    Plan usd = *plan;
    usd.scenarios.removeAt(2);
    usd.uncertainty.clear();
    Plan eur = convertedPlan(usd, c);
    const Expected<PlanResult> a = evaluatePlan(usd);
    const Expected<PlanResult> b = evaluatePlan(eur);
    QVERIFY(a && b);
    for (std::size_t i = 0; i < a->scenarios.size(); ++i)
        QVERIFY2(std::abs(b->scenarios[i].result.total - 0.8 * a->scenarios[i].result.total) <=
                     1e-9 * std::abs(a->scenarios[i].result.total),
                 qPrintable(a->scenarios[i].name));
}

void TestPlanEvaluation::jsonHasTheDocumentedShape()
{
    const Expected<PlanResult> r = evaluatePlan(samplePlan());
    QVERIFY(r);
    const QJsonObject json = planResultToJson(*r);
    QCOMPARE(json.keys(), (QStringList{"breakeven", "currency", "fx_used", "plan", "scenarios", "tax_rate"}));
    QCOMPARE(json.value("currency").toString(), QStringLiteral("USD"));
    QCOMPARE(json.value("fx_used").toArray().size(), 0);
    QCOMPARE(json.value("plan").toString(), r->plan);
    const QJsonObject s = json.value("scenarios").toArray().at(4).toObject();
    QCOMPARE(s.keys(), (QStringList{"annual", "average_annual", "by_category", "cost_per_gpu_hour",
                                    "cost_per_million_tokens", "demand_gpu_hours", "depreciation", "gains", "irr_vs",
                                    "kind", "months", "name", "npv", "npv_by_category", "peak_servers",
                                    "price_observed_at", "served_gpu_hours", "total", "unmet_gpu_hours", "utilization"}));
    // model.md §14.3: the categories' present values add up to the NPV; at a 0 % rate each is its category's total.
    const QJsonObject npvByCategory = s.value("npv_by_category").toObject();
    QCOMPARE(npvByCategory.keys(), s.value("by_category").toObject().keys());
    double sum = 0.0;
    for (const QString &key : npvByCategory.keys()) {
        sum += npvByCategory.value(key).toDouble();
        QCOMPARE_NEAR(npvByCategory.value(key).toDouble(), s.value("by_category").toObject().value(key).toDouble());
    }
    QCOMPARE_NEAR(sum, s.value("npv").toDouble());
    QVERIFY(s.value("cost_per_million_tokens").isNull()); // the sample plan says nothing of tokens
    QCOMPARE(s.value("kind").toString(), QStringLiteral("purchase"));
    QVERIFY(s.value("price_observed_at").isNull()); // servers bought: no catalog price
    const EvaluatedScenario &onPrem = r->scenarios[4];
    QCOMPARE(s.value("total").toDouble(), onPrem.result.total);
    QCOMPARE(s.value("npv").toDouble(), onPrem.result.npv);
    QCOMPARE(s.value("annual").toArray().size(), 3);
    QCOMPARE(s.value("annual").toArray().at(0).toDouble(), onPrem.result.years[0].total);
    QCOMPARE(s.value("by_category").toObject().keys(),
             (QStringList{"capex", "compute", "facilities", "failures", "financing", "overhead", "power", "resale", "staff", "tax"}));
    const QJsonArray months = s.value("months").toArray();
    QCOMPARE(months.size(), 36);
    QCOMPARE(months.at(0).toObject().keys(),
             (QStringList{"capacity_gpu_hours", "capex", "compute", "demand_gpu_hours", "depreciation", "facilities",
                          "failures", "financing", "gain", "month", "overhead", "power", "resale", "servers", "staff",
                          "tax",
                          "total"}));
    QCOMPARE(months.at(0).toObject().value("servers").toDouble(), 1.0);
    QCOMPARE(months.at(35).toObject().value("resale").toDouble(), -45000.0);
    const QJsonObject b = json.value("breakeven").toArray().at(0).toObject();
    QCOMPARE(b.keys(), (QStringList{"basis", "cloud", "purchase", "servers", "stays_cheaper", "sweep"}));
    QCOMPARE(b.value("basis").toString(), QStringLiteral("capacity"));
    QCOMPARE(b.value("servers").toInt(), 6);
    QCOMPARE(b.value("sweep").toArray().at(0).toObject().keys(),
             (QStringList{"cloud_instances", "cloud_total", "purchase_total", "servers"}));
}

void TestPlanEvaluation::jsonUsesNullForUndefined()
{
    Plan plan = planWith(R"({"name": "idle", "kind": "purchase", "servers": 0})");
    Plan p2 = planWith(R"({"name": "p", "kind": "purchase"}, {"name": "e", "kind": "elastic", "rate_per_hour": 1})");
    p2.breakeven << BreakEvenRequest{QStringLiteral("p"), QStringLiteral("e"), 5};
    const Expected<PlanResult> r = evaluatePlan(plan);
    QVERIFY(r);
    const QJsonObject s = scenarioResultToJson(r->scenarios.front());
    QVERIFY(s.value("cost_per_gpu_hour").isNull());
    QVERIFY(s.value("utilization").isNull());
    // A break-even against an elastic scenario is a fleet break-even utilization: no server count, no sweep.
    const Expected<PlanResult> fleet = evaluatePlan(p2);
    QVERIFY(fleet);
    const QJsonObject f = breakEvenToJson(fleet->breakeven.front());
    QVERIFY(f.value("servers").isNull());
    QVERIFY(f.value("sweep").isNull());
    for (const char *key : {"demand_scale", "demand_gpu_hours_per_month", "utilization"})
        QVERIFY2(f.value(QLatin1String(key)).isDouble(), key);
    QVERIFY(f.value("reachable").isBool());
    // A break-even that never happens has servers: null.
    Plan never = planWith(R"({"name": "p", "kind": "purchase", "server_price": 1e8},
                             {"name": "c", "kind": "cluster", "rate_per_hour": 0.01})");
    never.breakeven << BreakEvenRequest{QStringLiteral("p"), QStringLiteral("c"), 3};
    const Expected<PlanResult> n = evaluatePlan(never);
    QVERIFY(n);
    QVERIFY(breakEvenToJson(n->breakeven.front()).value("servers").isNull());
    QCOMPARE(breakEvenToJson(n->breakeven.front()).value("stays_cheaper").toBool(true), false);
}

MLTCO_TEST_GUILESS_MAIN(TestPlanEvaluation)
#include "tst_planevaluation.moc"
