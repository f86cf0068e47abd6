// Break-even server count, payback month and size-to-demand (model.md §4.2, §6, §9).
#include "models/tco/breakeven.h"
#include "models/tco/engine.h"

#include <QTest>

using namespace mltco;
using namespace mltco::tco;

namespace {

PurchaseScenario seedServer(int tierFrom)
{
    PurchaseScenario p; // seed 000's figures are the defaults
    p.bulkDiscounts = {{tierFrom, 0.15}};
    return p;
}

DedicatedScenario gcpNode()
{
    DedicatedScenario d;
    d.instance = {70000.0 / 8760.0, 8, 4.0};
    d.boxes = 1;
    return d;
}

} // namespace

class TestBreakEven final : public QObject
{
    Q_OBJECT

private slots:
    void seedBreakEven_data();
    void seedBreakEven();
    void sweepCoversEveryCount();
    void neverCheaper();
    void notStayingCheaper();
    void clusterCloudSide();
    void elasticCloudSideIsRefused();
    void paybackMonth_data();
    void paybackMonth();
    void sizeToDemand_data();
    void sizeToDemand();
};

void TestBreakEven::seedBreakEven_data()
{
    QTest::addColumn<int>("tierFrom");
    QTest::addColumn<int>("expected");
    // Cloud: 210,000 S over 36 months. Purchase (S <= 10): 159,000 S + 300,000 at list price,
    // 136,500 S + 300,000 with 15 % off. Tier from 6: S = 5 costs 1,095,000 > 1,050,000; S = 6 costs
    // 1,119,000 <= 1,260,000 -> 6 (seed 001). Tier from 5: S = 5 costs 982,500 <= 1,050,000; S = 4 costs
    // 936,000 > 840,000 -> 5 (seed 000).
    QTest::newRow("15 % from 6 servers") << 6 << 6;
    QTest::newRow("15 % from 5 servers") << 5 << 5;
}

void TestBreakEven::seedBreakEven()
{
    QFETCH(int, tierFrom);
    QFETCH(int, expected);
    const Expected<BreakEvenResult> r = breakEvenServers(Workload{}, seedServer(tierFrom), gcpNode(), 100);
    QVERIFY(r);
    QCOMPARE(r->servers, std::optional<int>(expected));
    QVERIFY(r->staysCheaper);
    const SweepPoint &at = r->sweep[static_cast<std::size_t>(expected - 1)];
    QVERIFY(at.purchaseTotal <= at.cloudTotal);
    const SweepPoint &before = r->sweep[static_cast<std::size_t>(expected - 2)];
    QVERIFY(before.purchaseTotal > before.cloudTotal);
}

void TestBreakEven::sweepCoversEveryCount()
{
    const Expected<BreakEvenResult> r = breakEvenServers(Workload{}, seedServer(6), gcpNode(), 12);
    QVERIFY(r);
    QCOMPARE(r->sweep.size(), std::size_t(12));
    for (int s = 1; s <= 12; ++s) {
        const SweepPoint &p = r->sweep[static_cast<std::size_t>(s - 1)];
        QCOMPARE(p.servers, s);
        QVERIFY(std::abs(p.cloudTotal - 210000.0 * s) < 0.005);
    }
    // S = 11 needs a second on-call engineer: 136,500 x 11 + 600,000 = 2,101,500.
    QVERIFY(std::abs(r->sweep[10].purchaseTotal - 2101500) < 0.005);
}

void TestBreakEven::neverCheaper()
{
    PurchaseScenario expensive = seedServer(6);
    expensive.serverPrice = 1e6;
    const Expected<BreakEvenResult> r = breakEvenServers(Workload{}, expensive, gcpNode(), 20);
    QVERIFY(r);
    QVERIFY(!r->servers);
    QVERIFY(!r->staysCheaper);
    QCOMPARE(r->sweep.size(), std::size_t(20));
}

void TestBreakEven::notStayingCheaper()
{
    // 12 months; purchase = 10,000 S + 36,000 ceil(S/2) (no resale or running costs, one $36,000/yr on-call
    // engineer per two servers); cloud = 30,000 S ($2,500 a box-month).
    // S=1: 46,000 > 30,000; S=2: 56,000 <= 60,000 (break-even); S=3: 102,000 > 90,000 (dearer again).
    Workload w;
    w.horizonMonths = 12;
    PurchaseScenario p;
    p.serverPrice = 10000;
    p.resaleFraction = 0;
    p.facilitiesPerServerYear = 0;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = 36000;
    p.serversPerFte = 2;
    p.holdingMonths = 12;
    DedicatedScenario cloud;
    cloud.instance = {25.0, 1, 1.0}; // 100 h a month at $25: exactly $2,500
    cloud.hoursOn = 100;
    const Expected<BreakEvenResult> r = breakEvenServers(w, p, cloud, 5);
    QVERIFY(r);
    QCOMPARE(r->servers, std::optional<int>(2));
    QVERIFY(!r->staysCheaper);
    QVERIFY(std::abs(r->sweep[1].purchaseTotal - 56000) < 1e-6);
    QVERIFY(std::abs(r->sweep[1].cloudTotal - 60000) < 1e-6);
}

void TestBreakEven::clusterCloudSide()
{
    ClusterScenario cluster;
    cluster.instance = {70000.0 / 8760.0, 8, 4.0};
    cluster.nodes = 1;
    const Expected<BreakEvenResult> r = breakEvenServers(Workload{}, seedServer(6), cluster, 10);
    QVERIFY(r);
    QCOMPARE(r->servers, std::optional<int>(6)); // nodes = S prices exactly like boxes = S here
}

void TestBreakEven::elasticCloudSideIsRefused()
{
    ElasticScenario elastic;
    elastic.instance = {1.0, 1, 1.0};
    const Expected<BreakEvenResult> r = breakEvenServers(Workload{}, seedServer(6), elastic, 10);
    QVERIFY(!r);
    QCOMPARE(r.error().message,
             QStringLiteral("the cloud side of a break-even must be a dedicated or cluster scenario, not elastic"));
}

void TestBreakEven::paybackMonth_data()
{
    QTest::addColumn<double>("cloudMonthly");
    QTest::addColumn<int>("expected"); // 0 = never
    // A $100,000 server with no running costs, no resale, against a $10,000-a-month box: cumulative
    // 100,000 vs 10,000 m -> equal in month 10, which counts (A <= B).
    QTest::newRow("pays back in month 10") << 10000.0 << 10;
    // Against $2,000 a month: 2,000 x 36 = 72,000 < 100,000 -> never within the horizon.
    QTest::newRow("never within 36 months") << 2000.0 << 0;
}

void TestBreakEven::paybackMonth()
{
    QFETCH(double, cloudMonthly);
    QFETCH(int, expected);
    PurchaseScenario p;
    p.serverPrice = 100000;
    p.resaleFraction = 0;
    p.facilitiesPerServerYear = 0;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = 0;
    p.creditResidualAtHorizon = false;
    DedicatedScenario box;
    box.instance = {cloudMonthly / 100.0, 1, 1.0}; // 100 h a month at a round rate: exact sums
    box.hoursOn = 100;
    box.boxes = 1;
    const ScenarioResult purchase = evaluate(Workload{}, p);
    const ScenarioResult cloud = evaluate(Workload{}, box);
    QCOMPARE(breakEvenMonth(purchase, cloud).value_or(0), expected);
    // The other way round the box is cheaper from month 1.
    QCOMPARE(breakEvenMonth(cloud, purchase), std::optional<int>(1));
}

void TestBreakEven::sizeToDemand_data()
{
    QTest::addColumn<double>("demand");
    QTest::addColumn<double>("gpus");
    QTest::addColumn<double>("speedup");
    QTest::addColumn<double>("target");
    QTest::addColumn<int>("expected");
    // ceil(2920 / (3 x 1 x 730 x 0.7)) = ceil(1.905) = 2 (the sample plan's Linode pool).
    QTest::newRow("Linode at 70 %") << 2920.0 << 3.0 << 1.0 << 0.7 << 2;
    // 2920 / (1 x 1 x 730 x 1) = 4 exactly: 4 nodes, not 5.
    QTest::newRow("exact fit") << 2920.0 << 1.0 << 1.0 << 1.0 << 4;
    // 2920 / (1 x 1 x 730 x 0.1) = 40, a whole number only up to rounding: still 40.
    QTest::newRow("whole number through rounding") << 2920.0 << 1.0 << 1.0 << 0.1 << 40;
    QTest::newRow("no demand") << 0.0 << 3.0 << 1.0 << 0.7 << 0;
}

void TestBreakEven::sizeToDemand()
{
    QFETCH(double, demand);
    QFETCH(double, gpus);
    QFETCH(double, speedup);
    QFETCH(double, target);
    QFETCH(int, expected);
    Workload w;
    w.demandGpuHours = demand;
    ClusterScenario c;
    c.instance = {1.0, gpus, speedup};
    c.targetUtilization = target;
    QCOMPARE(mltco::tco::sizeToDemand(w, c), expected);
}

QTEST_GUILESS_MAIN(TestBreakEven)
#include "tst_breakeven.moc"
