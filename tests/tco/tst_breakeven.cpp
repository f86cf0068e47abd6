// Break-even server count, payback month and size-to-demand (model.md §4.2, §6, §9).
#include "models/tco/breakeven.h"
#include "models/tco/engine.h"
#include "tests/support/testmain.h"

#include <QTest>

using namespace mltco;
using namespace mltco::tco;

namespace {

PurchaseScenario seedServer(int tierFrom)
{
    PurchaseScenario p; // seed 000's figures are the defaults
    p.bulkDiscounts = {{tierFrom, 0.15}};
    p.speedup = 4.0; // 8 x A100 like the GCP node: at equal capacity one server matches one node
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
    void capacityBasisWithUnequalNodes();
    void clusterNodesRoundUpToCapacity();
    void toDemandPurchaseIsRefused();
    void fleetBreakEvenUtilization();
    void fleetBreakEvenAfterTax();
    void fleetBreakEvenUnreachable();
    void fleetBreakEvenRefusals();
    void paybackMonth_data();
    void paybackMonth();
    void sizeToDemand_data();
    void sizeToDemand();
    void sizeToDemandUsesThePeakMonth();
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
    const Expected<BreakEvenResult> r = breakEvenServers(w, p, cloud, 5, BreakEvenBasis::Count);
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
             QStringLiteral("the cloud side of a server sweep must be a dedicated or cluster scenario, not elastic"));
}

namespace {

// A server that costs its price and, with `onCall`, a $100,000 on-call engineer per 10 servers; nothing else
// over its 12 months (no resale, facilities or failures).
PurchaseScenario server(double price, double speedup, bool onCall)
{
    PurchaseScenario p;
    p.serverPrice = price;
    p.speedup = speedup;
    p.resaleFraction = 0;
    p.facilitiesPerServerYear = 0;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = onCall ? 100000 : 0;
    p.holdingMonths = 12;
    return p;
}

// $650,000 servers with 8 A100s (speedup 4) and their on-call engineers.
PurchaseScenario bigServer()
{
    return server(650000, 4.0, true);
}

Workload year()
{
    Workload w;
    w.horizonMonths = 12;
    return w;
}

} // namespace

void TestBreakEven::capacityBasisWithUnequalNodes()
{
    // A p3.8xlarge-like box: 4 V100s (speedup 1), $10/h -> $7,300 a month, $87,600 a year. One server does the
    // work of c(1) = 8 x 4 / (4 x 1) = 8 boxes: cloud = 700,800 S; purchase = 650,000 S + 100,000 ceil(S / 10).
    // S = 1: 750,000 > 700,800; S = 2: 1,400,000 <= 1,401,600 -> 2.
    DedicatedScenario box;
    box.instance = {10.0, 4, 1.0};
    const Expected<BreakEvenResult> fair = breakEvenServers(year(), bigServer(), box, 5);
    QVERIFY(fair);
    QCOMPARE(fair->servers, std::optional<int>(2));
    QVERIFY(std::abs(fair->sweep[0].cloudTotal - 700800) < 1e-6);
    QVERIFY(std::abs(fair->sweep[1].purchaseTotal - 1400000) < 1e-6);
    // Counting boxes (version 1) compares one $650,000 server with one $87,600 box: never cheaper.
    const Expected<BreakEvenResult> count = breakEvenServers(year(), bigServer(), box, 5, BreakEvenBasis::Count);
    QVERIFY(count);
    QVERIFY(!count->servers);
    QVERIFY(std::abs(count->sweep[0].cloudTotal - 87600) < 1e-6);
    // hours_on does not enter c(S): a box on 365 h still counts as one box's peak throughput.
    box.hoursOn = 365;
    const Expected<BreakEvenResult> half = breakEvenServers(year(), bigServer(), box, 1);
    QVERIFY(half);
    QVERIFY(std::abs(half->sweep[0].cloudTotal - 350400) < 1e-6);
}

void TestBreakEven::clusterNodesRoundUpToCapacity()
{
    // 3-GPU RTX 6000 nodes (speedup 1) at $3,000 a month against 8 x A100 servers (32 reference GPUs each):
    // c(S) = 32 S / 3 -> 11, 22, 32 nodes (32 exactly at S = 3: no extra node from rounding).
    ClusterScenario linode;
    linode.instance = {3000.0 / 730.0, 3, 1.0};
    const Expected<BreakEvenResult> r = breakEvenServers(year(), bigServer(), linode, 3);
    QVERIFY(r);
    const double nodeYear = 36000;
    QVERIFY(std::abs(r->sweep[0].cloudTotal - 11 * nodeYear) < 1e-6);
    QVERIFY(std::abs(r->sweep[1].cloudTotal - 22 * nodeYear) < 1e-6);
    QVERIFY(std::abs(r->sweep[2].cloudTotal - 32 * nodeYear) < 1e-6);
}

void TestBreakEven::toDemandPurchaseIsRefused()
{
    PurchaseScenario p = bigServer();
    p.expansion = Expansion::ToDemand;
    const Expected<BreakEvenResult> r = breakEvenServers(year(), p, gcpNode(), 5);
    QVERIFY(!r);
    QVERIFY(r.error().message.contains(QLatin1String("expands to demand")));
}

namespace {

// A $100,000 server (8 GPUs, speedup 1) with nothing else to pay for 12 months; elastic GPUs at $2 an hour with
// nothing lost to packing or preemption and $1,000 a month of overhead.
PurchaseScenario plainServer()
{
    return server(100000, 1.0, false);
}

ElasticScenario plainElastic()
{
    ElasticScenario e;
    e.instance = {2.0, 1, 1.0};
    e.packingEfficiency = 1.0;
    e.overheadMonthly = 1000;
    return e;
}

} // namespace

void TestBreakEven::fleetBreakEvenUtilization()
{
    // F = 12,000; V = 2,920 x 12 x $2 = 70,080; lambda* = (100,000 - 12,000) / 70,080 = 1.25571...; that is
    // 44,000 GPU-hours a year = 3,666.67 a month, 44,000 / 70,080 (= 8 x 730 x 12) = 62.8 % of the server.
    const Expected<FleetBreakEven> r = fleetBreakEven(year(), plainServer(), plainElastic());
    QVERIFY(r);
    QVERIFY(std::abs(r->cloudFixed - 12000) < 1e-6);
    QVERIFY(std::abs(r->cloudVariable - 70080) < 1e-6);
    QVERIFY(std::abs(r->demandScale - 88000.0 / 70080.0) < 1e-12);
    QVERIFY(std::abs(r->demandGpuHoursPerMonth - 44000.0 / 12.0) < 1e-9);
    QVERIFY(std::abs(r->utilization - 44000.0 / 70080.0) < 1e-12);
    QVERIFY(r->reachable);
}

void TestBreakEven::fleetBreakEvenAfterTax()
{
    // At 21 %: the server is written off in its 12 months (shield 21,000): total_P = 79,000; F = 12,000 x 0.79 =
    // 9,480; V = 70,080 x 0.79 = 55,363.2. Everything scales by 0.79, so lambda* is unchanged.
    Workload w = year();
    w.taxRate = 0.21;
    const Expected<FleetBreakEven> r = fleetBreakEven(w, plainServer(), plainElastic());
    QVERIFY(r);
    QVERIFY(std::abs(r->purchaseTotal - 79000) < 1e-6);
    QVERIFY(std::abs(r->cloudFixed - 9480) < 1e-6);
    QVERIFY(std::abs(r->cloudVariable - 55363.2) < 1e-6);
    QVERIFY(std::abs(r->demandScale - 88000.0 / 70080.0) < 1e-12);
}

void TestBreakEven::fleetBreakEvenUnreachable()
{
    // A $300,000 server: lambda* = 288,000 / 70,080 -> 144,000 GPU-hours, 2.05 times what it can do.
    PurchaseScenario p = plainServer();
    p.serverPrice = 300000;
    const Expected<FleetBreakEven> r = fleetBreakEven(year(), p, plainElastic());
    QVERIFY(r);
    QVERIFY(std::abs(r->utilization - 144000.0 / 70080.0) < 1e-12);
    QVERIFY(!r->reachable);
    // Cheaper than the overhead alone: lambda* is 0, not negative.
    p.serverPrice = 5000;
    const Expected<FleetBreakEven> cheap = fleetBreakEven(year(), p, plainElastic());
    QVERIFY(cheap);
    QCOMPARE(cheap->demandScale, 0.0);
    QCOMPARE(cheap->utilization, 0.0);
}

void TestBreakEven::fleetBreakEvenRefusals()
{
    Workload idle = year();
    idle.demandGpuHours = 0;
    QVERIFY(!fleetBreakEven(idle, plainServer(), plainElastic()));
    // Demand that starts later counts: a step in month 7.
    idle.demandSteps = {{7, 1000}};
    QVERIFY(fleetBreakEven(idle, plainServer(), plainElastic()));
    PurchaseScenario none = plainServer();
    none.servers = 0;
    QVERIFY(!fleetBreakEven(year(), none, plainElastic()));
    PurchaseScenario growing = plainServer();
    growing.expansion = Expansion::ToDemand;
    QVERIFY(!fleetBreakEven(year(), growing, plainElastic()));
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

void TestBreakEven::sizeToDemandUsesThePeakMonth()
{
    // 2,920 growing 44 % a year for 24 months: the peak is month 24, 2,920 x 1.44^(23/12) = 5,938.6...;
    // / (3 x 730 x 0.7) = 3.83 -> 4 nodes (2 for month 1 alone).
    Workload w;
    w.horizonMonths = 24;
    w.demandGrowth = 0.44;
    ClusterScenario c;
    c.instance = {1.0, 3, 1.0};
    QCOMPARE(mltco::tco::sizeToDemand(w, c), 4);
    w.horizonMonths = 1;
    QCOMPARE(mltco::tco::sizeToDemand(w, c), 2);
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

MLTCO_TEST_GUILESS_MAIN(TestBreakEven)
#include "tst_breakeven.moc"
