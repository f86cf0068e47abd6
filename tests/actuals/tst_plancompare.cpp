// A plan held against the actual spend of FOCUS bills: the variance month by month, the plan's start month, the
// calibration the bills suggest (and why the demand is not among it), and the calendar months. Expected figures are
// worked by hand from the fixture rows (tests/data/actuals).
#include "models/actuals/actualsstore.h"
#include "models/actuals/calibration.h"
#include "models/actuals/plancompare.h"
#include "models/catalog/seedcatalog.h"
#include "models/plan/planreader.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::actuals;

namespace {

tco::ScenarioResult threeMonths(double a, double b, double c)
{
    tco::ScenarioResult r;
    int month = 1;
    for (double compute : {a, b, c}) {
        tco::MonthRow row;
        row.month = month++;
        row.cost[std::size_t(tco::Category::Compute)] = compute;
        row.cost[std::size_t(tco::Category::Staff)] = 1000;
        row.total = compute + 1000;
        r.months.push_back(row);
    }
    return r;
}

} // namespace

class TestPlanCompare : public QObject
{
    Q_OBJECT

private slots:
    void aPlanIsHeldAgainstTheActuals()
    {
        QList<MonthActual> actuals;
        MonthActual jan{QStringLiteral("2026-01"), 4649.53, 13029.53, 1320, {}, {}, {}};
        jan.byCategory[std::size_t(PricingCategory::Standard)] = 3277.26;
        actuals << jan << MonthActual{QStringLiteral("2026-02"), 6585.12, 6585.12, 1610, {}, {}, {}};
        const tco::ScenarioResult plan = threeMonths(4000, 6000, 7000);

        Expected<PlanComparison> c = compareWithPlan(plan, actuals);
        QVERIFY(c);
        QCOMPARE(c->start, QStringLiteral("2026-01"));
        QCOMPARE(c->rows.size(), 3);
        QCOMPARE(c->monthsWithActuals, 2);
        const VarianceRow &r1 = c->rows[0];
        QCOMPARE(r1.month, QStringLiteral("2026-01"));
        QCOMPARE(r1.planned, 4000.0);
        QCOMPARE(r1.plannedTotal, 5000.0);
        QCOMPARE(*r1.actual, 4649.53);
        QCOMPARE(*r1.actualBilled, 13029.53);
        QVERIFY(qFuzzyCompare(*r1.variance, 649.53));
        QVERIFY(qFuzzyCompare(*r1.varianceShare, 649.53 / 4000));
        QCOMPARE(r1.actualByCategory[std::size_t(PricingCategory::Standard)], 3277.26);
        const VarianceRow &r2 = c->rows[1];
        QVERIFY(qFuzzyCompare(*r2.variance, 585.12));
        QCOMPARE(r2.cumulativePlanned, 10000.0);
        QVERIFY(qFuzzyCompare(*r2.cumulativeActual, 4649.53 + 6585.12));
        const VarianceRow &r3 = c->rows[2];
        QCOMPARE(r3.month, QStringLiteral("2026-03"));
        QVERIFY(!r3.actual && !r3.variance && !r3.cumulativeActual);
        QCOMPARE(r3.cumulativePlanned, 17000.0);
        QCOMPARE(c->plannedToDate, 10000.0);
        QVERIFY(qFuzzyCompare(c->actualToDate, 4649.53 + 6585.12));
        QVERIFY(c->notes.isEmpty());

        // Starting the plan a month earlier: January is its month 2, and February its month 3.
        Expected<PlanComparison> earlier = compareWithPlan(plan, actuals, QStringLiteral("2025-12"));
        QVERIFY(earlier);
        QVERIFY(!earlier->rows[0].actual);
        QCOMPARE(*earlier->rows[1].actual, 4649.53);
        QVERIFY(!earlier->rows[1].cumulativeActual); // month 1 has no bill: no running total
        // Starting in February leaves January out, and says so; a start after every bill says that too.
        Expected<PlanComparison> later = compareWithPlan(plan, actuals, QStringLiteral("2026-02"));
        QVERIFY(later);
        QVERIFY(
            later->notes.join('\n').contains(QStringLiteral("1 month of actuals before the plan's start (2026-02) is not compared")));
        Expected<PlanComparison> beyond = compareWithPlan(plan, actuals, QStringLiteral("2027-01"));
        QVERIFY(beyond && beyond->monthsWithActuals == 0);
        QVERIFY(beyond->notes.join('\n').contains(QStringLiteral("no bill covers a month of the plan")));
        // A plan that owns its servers plans no compute.
        Expected<PlanComparison> owned = compareWithPlan(threeMonths(0, 0, 0), actuals);
        QVERIFY(owned && owned->notes.join('\n').contains(QStringLiteral("plans no compute spend")));
        QVERIFY(!owned->rows[0].varianceShare);

        QVERIFY(!compareWithPlan(plan, {}));
        QVERIFY(!compareWithPlan(plan, actuals, QStringLiteral("2026-13")));
        QVERIFY(compareWithPlan(plan, {}, QStringLiteral("2026-01")));
    }

    void calibrationReadsTheBills()
    {
        QTemporaryDir dir;
        auto document = catalog::openDocument(test::newStoreLocation(dir, QStringLiteral("calibrate")));
        QVERIFY(document);
        QVERIFY(importBill((*document)->database(), QStringLiteral(MLTCO_TEST_DATA_DIR "/actuals/focus-1.2-aws-gpu.csv")));
        Expected<QList<MonthActual>> months = monthlyActuals((*document)->database());
        QVERIFY(months);
        const ObservedUse use = observeUse(*months);
        // January: on demand 800 h for $3,277.26, spot 200 h, committed 400 h for $1,620, the correction -80 h;
        // February: on demand 1,610 h for $6,585.12.
        QCOMPARE(use.months, 2);
        QCOMPARE(use.gpuHoursPerMonth, (1320.0 + 1610.0) / 2);
        QVERIFY(qFuzzyCompare(*use.onDemandShare, 2410.0 / 2930));
        QVERIFY(qFuzzyCompare(*use.dynamicShare, 200.0 / 2930));
        QVERIFY(qFuzzyCompare(*use.committedShare, 400.0 / 2930));
        QVERIFY(qFuzzyCompare(*use.onDemandRate, (3277.26 + 6585.12) / 2410));
        QVERIFY(qFuzzyCompare(*use.committedRate, 1620.0 / 400));
        QVERIFY(qFuzzyCompare(*use.effectiveDiscount, 1 - (1620.0 / 400) / ((3277.26 + 6585.12) / 2410)));

        QFile sample(QStringLiteral(MLTCO_TEST_DATA_DIR "/../../resources/plans/sample-plan.json"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        Expected<tco::Plan> plan = tco::readPlan(sample.readAll());
        QVERIFY(plan);
        // A dedicated scenario: committed share and discount. Its boxes bill idle hours too, so no demand.
        const tco::PlanScenario &dedicated = plan->scenarios.first();
        QList<Suggestion> s = calibrationSuggestions(use, plan->workload, dedicated.scenario);
        QCOMPARE(s.size(), 2);
        QCOMPARE(s[0].parameter, tco::ParamId::CommitFraction);
        QVERIFY(!s[0].workload);
        QVERIFY(qFuzzyCompare(s[0].suggested, 400.0 / 2930));
        QCOMPARE(s[1].parameter, tco::ParamId::CommitDiscount);
        QVERIFY(s[1].reason.contains(QStringLiteral("$4.05")));
        // An elastic scenario takes no commitment: only the demand. Applied values are not suggested again.
        const tco::PlanScenario *elastic = plan->scenario(QStringLiteral("GCP preemptible A100, autoscaled"));
        QVERIFY(elastic);
        const QList<Suggestion> e = calibrationSuggestions(use, plan->workload, elastic->scenario);
        QCOMPARE(e.size(), 1);
        QCOMPARE(e[0].parameter, tco::ParamId::DemandGpuHours);
        QVERIFY(e[0].workload);
        QCOMPARE(*e[0].current, 2920.0);
        const double speedup = *tco::parameterValue(elastic->scenario, tco::ParamId::Speedup);
        QCOMPARE(e[0].suggested, 1465.0 * speedup);
        tco::Workload calibrated = plan->workload;
        QVERIFY(tco::setParameterValue(calibrated, tco::ParamId::DemandGpuHours, e[0].suggested));
        QVERIFY(calibrationSuggestions(use, calibrated, elastic->scenario).isEmpty());
        QVERIFY(calibrationSuggestions(ObservedUse{}, plan->workload, dedicated.scenario).isEmpty());

        // Why the demand is not offered, in words: against the dedicated boxes (idle hours billed too), once applied,
        // and without GPU-hours; nothing to say while it is offered.
        QVERIFY(demandNotSuggested(use, plan->workload, elastic->scenario, elastic->name).isEmpty());
        const QString boxes = demandNotSuggested(use, plan->workload, dedicated.scenario, dedicated.name);
        QVERIFY2(boxes.contains(dedicated.name) && boxes.contains(QStringLiteral("1,465 GPU-hours a month"))
                     && boxes.contains(QStringLiteral("idle hours")),
                 qPrintable(boxes));
        QVERIFY(demandNotSuggested(use, calibrated, elastic->scenario, elastic->name).contains(QStringLiteral("already matches")));
        QVERIFY(demandNotSuggested(ObservedUse{}, plan->workload, elastic->scenario, elastic->name)
                    .contains(QStringLiteral("no GPU-hours")));
    }

    void monthsCount()
    {
        QCOMPARE(addMonths(QStringLiteral("2026-12"), 1), QStringLiteral("2027-01"));
        QCOMPARE(addMonths(QStringLiteral("2026-01"), 35), QStringLiteral("2028-12"));
        QCOMPARE(addMonths(QStringLiteral("2026-01"), -1), QStringLiteral("2025-12"));
        QVERIFY(isMonth(QStringLiteral("2026-01")));
        for (const char *bad : {"2026-1", "2026-13", "2026-00", "202601", "1899-12", "2026-01-01", ""})
            QVERIFY2(!isMonth(QString::fromLatin1(bad)), bad);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPlanCompare)
#include "tst_plancompare.moc"
