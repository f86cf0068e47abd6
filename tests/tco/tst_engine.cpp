// The engine against model.md §9 (seed figures) and hand-worked cases for each scenario kind and edge.
#include "models/tco/engine.h"
#include "tests/support/testmain.h"

#include <QTest>

#include <cmath>

using namespace mltco::tco;

Q_DECLARE_METATYPE(Scenario)
Q_DECLARE_METATYPE(Workload)

namespace {

// Seed figures are printed to the dollar or cent; the engine keeps full precision, so comparisons forgive
// half a cent and nothing more.
constexpr double kCent = 0.005;

PurchaseScenario seedServer(int servers)
{
    PurchaseScenario p; // defaults are seed 000's: $150,000, 30 % resale, $3,000 + $15,000 per server-year,
    p.servers = servers; // $100,000 per on-call engineer, one per 10 servers, held 36 months
    p.bulkDiscounts = {{6, 0.15}};
    return p;
}

DedicatedScenario gcpNode()
{
    DedicatedScenario d;
    d.instance = {70000.0 / 8760.0, 8, 4.0};
    d.boxes = 1;
    return d;
}

QList<double> years(const ScenarioResult &r)
{
    QList<double> sums;
    for (const YearSum &y : r.years)
        sums << y.total;
    return sums;
}

} // namespace

class TestEngine final : public QObject
{
    Q_OBJECT

private slots:
    void seedYears_data();
    void seedYears();
    void gcpNodeCostsSeventyThousandAYear();
    void categoriesOfOneServer();
    void dedicated_data();
    void dedicated();
    void cloudPriceTrendAppliesToRatesOnly();
    void discountRateStartOfMonth();
    void discountRateOnAConstantCost();
    void cluster_data();
    void cluster();
    void elastic_data();
    void elastic();
    void elasticWithoutDemandKeepsUtilization();
    void purchaseResidualCredit_data();
    void purchaseResidualCredit();
    void purchaseZeroServers();
    void purchaseStaffRoundsUp();
    void bulkTiersNeedNotBeSorted();
    void partialLastYear();
    void evaluateIntoReusesBuffers();
};

void TestEngine::seedYears_data()
{
    QTest::addColumn<int>("servers");
    QTest::addColumn<QList<double>>("expectedYears");
    QTest::addColumn<double>("expectedAverage");
    // Seed 000/001: 150,000 + 3,000 + 15,000 + 100,000 = 268,000; then 118,000; then 118,000 - 45,000.
    QTest::newRow("one server") << 1 << QList<double>{268000, 118000, 73000} << 153000.0;
    // 6 x 150,000 x 0.85 = 765,000; + 18,000 + 90,000 + 100,000 = 973,000; 208,000; 208,000 - 270,000 = -62,000
    // (the seeds print -65k and 372k: their slip, see docs/model.md).
    QTest::newRow("six servers, 15 % from 6") << 6 << QList<double>{973000, 208000, -62000} << 373000.0;
}

void TestEngine::seedYears()
{
    QFETCH(int, servers);
    QFETCH(QList<double>, expectedYears);
    QFETCH(double, expectedAverage);
    const ScenarioResult r = evaluate(Workload{}, seedServer(servers));
    const QList<double> got = years(r);
    QCOMPARE(got.size(), expectedYears.size());
    for (qsizetype i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - expectedYears[i]) < kCent, qPrintable(QString::number(got[i], 'f', 6)));
    QVERIFY(std::abs(r.averageAnnual - expectedAverage) < kCent);
    QVERIFY(std::abs(r.total - 3 * expectedAverage) < kCent);
    QVERIFY(!r.years.back().partial);
}

void TestEngine::gcpNodeCostsSeventyThousandAYear()
{
    // 70,000 / 8,760 $/h x 730 h x 12 = 70,000 a year; seed 000: on-prem costs 153,000 - 70,000 = 83,000 more.
    const ScenarioResult node = evaluate(Workload{}, gcpNode());
    for (double y : years(node))
        QVERIFY(std::abs(y - 70000) < kCent);
    const ScenarioResult onPrem = evaluate(Workload{}, seedServer(1));
    QVERIFY(std::abs(onPrem.averageAnnual - node.averageAnnual - 83000) < kCent);
}

void TestEngine::categoriesOfOneServer()
{
    const ScenarioResult r = evaluate(Workload{}, seedServer(1));
    QVERIFY(std::abs(r.categoryTotal(Category::Capex) - 150000) < 1e-6);
    QVERIFY(std::abs(r.categoryTotal(Category::Resale) + 45000) < 1e-6);
    QVERIFY(std::abs(r.categoryTotal(Category::Facilities) - 9000) < 1e-6);
    QVERIFY(std::abs(r.categoryTotal(Category::Failures) - 45000) < 1e-6);
    QVERIFY(std::abs(r.categoryTotal(Category::Staff) - 300000) < 1e-6);
    QCOMPARE(r.categoryTotal(Category::Compute), 0.0);
    QCOMPARE(r.months.front().at(Category::Capex), 150000.0); // month 1
    QCOMPARE(r.months.back().at(Category::Resale), -45000.0); // month 36 = T
    // Capacity 1 x 8 GPUs x speedup 1 (default) x 730 = 5,840 a month; demand 2,920 is all served.
    QCOMPARE(r.months.front().capacity, 5840.0);
    QCOMPARE(r.served, 2920.0 * 36);
    QCOMPARE(r.unmet, 0.0);
    QCOMPARE(*r.utilization, 0.5);
}

void TestEngine::dedicated_data()
{
    QTest::addColumn<Workload>("workload");
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<double>("monthly");     // cost of every month
    QTest::addColumn<double>("capacity");    // per month
    QTest::addColumn<double>("served");      // over the horizon
    QTest::addColumn<double>("utilization"); // -1: undefined
    QTest::addColumn<double>("costPerGpuHour"); // -1: undefined

    Workload w; // E 4, G 2920, H 36
    DedicatedScenario aws;
    aws.instance = {12.24, 4, 1.0};
    // 4 boxes x 12.24 x 730 = 35,740.80; capacity 4 x 4 x 730 = 11,680 (seed 000: idle 75 %).
    QTest::newRow("AWS per engineer") << w << Scenario(aws) << 35740.80 << 11680.0 << 2920.0 * 36 << 0.25
                                      << 35740.80 * 36 / (2920.0 * 36);
    DedicatedScenario sagemaker = aws;
    sagemaker.premium = 0.15; // 35,740.80 x 1.15 = 41,101.92
    QTest::newRow("SageMaker premium") << w << Scenario(sagemaker) << 41101.92 << 11680.0 << 2920.0 * 36 << 0.25
                                       << 41101.92 / 2920.0;

    // A shutdown schedule: 2 boxes x $3 x 200 h = 1,200; capacity 2 x 1 x 1 x 200 = 400 of 1,000 wanted:
    // 600 reference GPU-hours a month stay unmet; 12 months serve 4,800 for 14,400 = $3 per GPU-hour.
    Workload small;
    small.demandGpuHours = 1000;
    small.horizonMonths = 12;
    DedicatedScenario schedule;
    schedule.instance = {3.0, 1, 1.0};
    schedule.boxes = 2;
    schedule.hoursOn = 200;
    QTest::newRow("shutdown schedule, unmet demand") << small << Scenario(schedule) << 1200.0 << 400.0 << 4800.0 << 1.0
                                                     << 3.0;

    // No engineers: no boxes, only the overhead; nothing served, so no utilization or cost per GPU-hour.
    Workload nobody;
    nobody.engineers = 0;
    DedicatedScenario idle = aws;
    idle.overheadMonthly = 100;
    QTest::newRow("zero engineers") << nobody << Scenario(idle) << 100.0 << 0.0 << 0.0 << -1.0 << -1.0;

    // No demand: everything is paid for and idle; 0 GPU-hours served.
    Workload noDemand;
    noDemand.demandGpuHours = 0;
    QTest::newRow("zero demand") << noDemand << Scenario(aws) << 35740.80 << 11680.0 << 0.0 << 0.0 << -1.0;

    // boxes overrides engineers x boxes_per_engineer: 3 x 12.24 x 730 = 26,805.60.
    DedicatedScenario three = aws;
    three.boxes = 3;
    three.boxesPerEngineer = 5;
    QTest::newRow("boxes wins") << w << Scenario(three) << 26805.60 << 8760.0 << 2920.0 * 36 << 2920.0 / 8760.0
                                << 26805.60 / 2920.0;
}

void TestEngine::dedicated()
{
    QFETCH(Workload, workload);
    QFETCH(Scenario, scenario);
    QFETCH(double, monthly);
    QFETCH(double, capacity);
    QFETCH(double, served);
    QFETCH(double, utilization);
    QFETCH(double, costPerGpuHour);
    const ScenarioResult r = evaluate(workload, scenario);
    QCOMPARE(static_cast<int>(r.months.size()), workload.horizonMonths);
    for (const MonthRow &row : r.months) {
        QVERIFY(std::abs(row.total - monthly) < 1e-9 * std::max(1.0, monthly));
        QCOMPARE(row.capacity, capacity);
    }
    QVERIFY(std::abs(r.total - monthly * workload.horizonMonths) < 1e-6);
    QCOMPARE(r.served, served);
    QCOMPARE(r.unmet, workload.demandGpuHours * workload.horizonMonths - served);
    QCOMPARE(r.hasUnmetDemand(), served < workload.demandGpuHours * workload.horizonMonths);
    if (utilization < 0)
        QVERIFY(!r.utilization);
    else
        QVERIFY(std::abs(*r.utilization - utilization) < 1e-12);
    if (costPerGpuHour < 0)
        QVERIFY(!r.costPerServedGpuHour);
    else
        QVERIFY(std::abs(*r.costPerServedGpuHour - costPerGpuHour) < 1e-9);
}

void TestEngine::cloudPriceTrendAppliesToRatesOnly()
{
    // g = -0.19: rate_m = rate x 0.81^((m-1)/12). 1 box x $10 x 100 h = 1,000 in month 1, 810 in month 13,
    // 656.10 in month 25; the $50 overhead never moves. H = 25: year 3 is one month, 656.10 + 50.
    Workload w;
    w.horizonMonths = 25;
    w.cloudPriceTrend = -0.19;
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 1;
    d.hoursOn = 100;
    d.overheadMonthly = 50;
    const ScenarioResult r = evaluate(w, d);
    QVERIFY(std::abs(r.months[0].at(Category::Compute) - 1000) < 1e-9);
    QVERIFY(std::abs(r.months[12].at(Category::Compute) - 810) < 1e-9);
    QVERIFY(std::abs(r.months[24].at(Category::Compute) - 656.1) < 1e-9);
    QVERIFY(std::abs(r.months[6].at(Category::Compute) - 1000 * std::pow(0.81, 6.0 / 12)) < 1e-9);
    for (const MonthRow &row : r.months)
        QCOMPARE(row.at(Category::Overhead), 50.0);
    // Year 2 = 0.81 x year 1 for the compute part.
    QVERIFY(std::abs((r.years[1].total - 600) - 0.81 * (r.years[0].total - 600)) < 1e-9);
    QVERIFY(std::abs(r.years[2].total - 706.1) < 1e-9);
    QVERIFY(r.years[2].partial);
    QCOMPARE(r.years[2].months, 1);

    // Purchases, facilities and salaries ignore the trend.
    Workload trend;
    trend.cloudPriceTrend = -0.5;
    const ScenarioResult server = evaluate(trend, seedServer(1));
    QVERIFY(std::abs(server.total - 459000) < kCent);
}

void TestEngine::discountRateStartOfMonth()
{
    // r = 0.21, T = 12, H = 13, no resale, no running costs: $121,000 capex in month 1 (undiscounted) and again
    // in month 13 (discounted by 1.21^(-12/12)): NPV = 121,000 + 121,000 / 1.21 = 221,000; total 242,000.
    Workload w;
    w.horizonMonths = 13;
    w.discountRate = 0.21;
    PurchaseScenario p;
    p.serverPrice = 121000;
    p.holdingMonths = 12;
    p.resaleFraction = 0;
    p.facilitiesPerServerYear = 0;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = 0;
    p.creditResidualAtHorizon = false;
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE(r.total, 242000.0);
    QVERIFY(std::abs(r.npv - 221000) < 1e-6);
}

void TestEngine::discountRateOnAConstantCost()
{
    // $1,000 a month for 13 months at r = 0.21: NPV = 1000 x sum_{k=0..12} q^k with q = 1.21^(-1/12)
    // = 1000 x (1 - q^13) / (1 - q), the geometric series (q^12 = 1/1.21).
    Workload w;
    w.horizonMonths = 13;
    w.discountRate = 0.21;
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 1;
    d.hoursOn = 100;
    const double q = std::pow(1.21, -1.0 / 12);
    const ScenarioResult r = evaluate(w, d);
    QVERIFY(std::abs(r.npv - 1000 * (1 - std::pow(q, 13)) / (1 - q)) < 1e-9);
    QCOMPARE(r.total, 13000.0);
}

void TestEngine::cluster_data()
{
    QTest::addColumn<Workload>("workload");
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<double>("monthly");
    QTest::addColumn<double>("staffMonthly");
    QTest::addColumn<double>("served");

    // Linode: 2 nodes x 3,000/730 $/h x 730 = 6,000; staff 0.1 x 100,000 / 12 = 833.33; overhead 100:
    // 6,933.33 a month, 249,600 over 36 months; capacity 2 x 3 x 730 = 4,380 serves all 2,920.
    ClusterScenario linode;
    linode.instance = {3000.0 / 730.0, 3, 1.0};
    linode.nodes = 2;
    linode.overheadMonthly = 100;
    linode.opsFte = 0.1;
    QTest::newRow("Linode pool") << Workload{} << Scenario(linode) << 6000 + 100000 * 0.1 / 12 + 100
                                 << 100000 * 0.1 / 12 << 2920.0 * 36;
    // One 1-GPU node: capacity 730 of 2,920 a month; 2,190 unmet each month.
    ClusterScenario one;
    one.instance = {1.0, 1, 1.0};
    one.nodes = 1;
    QTest::newRow("too small") << Workload{} << Scenario(one) << 730.0 << 0.0 << 730.0 * 36;
    // No nodes: only the people.
    ClusterScenario none = one;
    none.nodes = 0;
    none.opsFte = 0.5;
    QTest::newRow("zero nodes") << Workload{} << Scenario(none) << 50000.0 / 12 << 50000.0 / 12 << 0.0;
}

void TestEngine::cluster()
{
    QFETCH(Workload, workload);
    QFETCH(Scenario, scenario);
    QFETCH(double, monthly);
    QFETCH(double, staffMonthly);
    QFETCH(double, served);
    const ScenarioResult r = evaluate(workload, scenario);
    for (const MonthRow &row : r.months) {
        QVERIFY(std::abs(row.total - monthly) < 1e-9);
        QVERIFY(std::abs(row.at(Category::Staff) - staffMonthly) < 1e-9);
    }
    QVERIFY(std::abs(r.total - monthly * 36) < 1e-6);
    QCOMPARE(r.served, served);
    QVERIFY(std::abs(r.unmet - (2920.0 * 36 - served)) < 1e-9);
}

void TestEngine::elastic_data()
{
    QTest::addColumn<Workload>("workload");
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<double>("wall");
    QTest::addColumn<double>("rework");
    QTest::addColumn<double>("billed");
    QTest::addColumn<double>("compute"); // per month

    // Seed 000's GCP preemptible A100: s 4, k 1, e 1, eta 0.9, q 0.02, c 1 h, t 0.25 h, $0.88 per GPU-hour.
    // w = 24 / 4 = 6 h; rho = 1 + 0.02 x (min(1, 6)/2 + 0.25) / 6 = 1.0025;
    // B = 2920 / 4 x 1.0025 / 0.9 = 813.1389; compute = 813.1389 x 0.88 = 715.5622.
    ElasticScenario gcp;
    gcp.instance = {0.88, 1, 4.0};
    gcp.preemptionsPerJob = 0.02;
    QTest::newRow("GCP preemptible A100") << Workload{} << Scenario(gcp) << 6.0 << 1.0025 << 730 * 1.0025 / 0.9
                                          << 730 * 1.0025 / 0.9 * 0.88;

    // Checkpoint interval (10 h) longer than the job (w = 2 h): a preemption loses at most the 2 h run, half on
    // average, plus 0.5 h restart: rho = 1 + 1 x (2/2 + 0.5) / 2 = 1.75; B = 100 x 1.75 = 175; $2/GPU-h -> 350.
    Workload small;
    small.demandGpuHours = 100;
    small.jobGpuHours = 2;
    ElasticScenario longCheckpoint;
    longCheckpoint.instance = {2.0, 1, 1.0};
    longCheckpoint.packingEfficiency = 1.0;
    longCheckpoint.preemptionsPerJob = 1;
    longCheckpoint.checkpointIntervalHours = 10;
    longCheckpoint.restartHours = 0.5;
    QTest::newRow("checkpoint longer than the job") << small << Scenario(longCheckpoint) << 2.0 << 1.75 << 175.0 << 350.0;

    // Seed 003's 8 GPUs at e = 5/8: w = 40 / (1 x 8 x 0.625) = 8 h; no preemption; B = 100 / 0.625 = 160
    // GPU-hours; an 8-GPU instance at $8/h is $1 per GPU-hour; premium 10 % -> 176.
    Workload job40 = small;
    job40.jobGpuHours = 40;
    ElasticScenario multi;
    multi.instance = {8.0, 8, 1.0};
    multi.gpusPerJob = 8;
    multi.scalingEfficiency = 0.625;
    multi.packingEfficiency = 1.0;
    multi.premium = 0.1;
    QTest::newRow("8 GPUs per job with premium") << job40 << Scenario(multi) << 8.0 << 1.0 << 160.0 << 176.0;
}

void TestEngine::elastic()
{
    QFETCH(Workload, workload);
    QFETCH(Scenario, scenario);
    QFETCH(double, wall);
    QFETCH(double, rework);
    QFETCH(double, billed);
    QFETCH(double, compute);
    const auto &e = std::get<ElasticScenario>(scenario);
    const ElasticFactors f = elasticFactors(workload, e);
    QVERIFY(std::abs(f.wallHoursPerJob - wall) < 1e-12);
    QVERIFY(std::abs(f.rework - rework) < 1e-12);
    QVERIFY(std::abs(f.billedGpuHours - billed) < 1e-9);
    const ScenarioResult r = evaluate(workload, scenario);
    QVERIFY(std::abs(r.months.front().at(Category::Compute) - compute) < 1e-9);
    // Capacity grows with demand: everything is served; utilization = eta / rho.
    QCOMPARE(r.unmet, 0.0);
    QCOMPARE(r.served, workload.demandGpuHours * workload.horizonMonths);
    QVERIFY(std::abs(*r.utilization - e.packingEfficiency / rework) < 1e-12);
    QVERIFY(std::abs(r.served / r.capacity - *r.utilization) < 1e-12);
}

void TestEngine::elasticWithoutDemandKeepsUtilization()
{
    Workload w;
    w.demandGpuHours = 0;
    ElasticScenario e;
    e.instance = {1.0, 1, 1.0};
    e.overheadMonthly = 10;
    const ScenarioResult r = evaluate(w, e);
    QCOMPARE(r.categoryTotal(Category::Compute), 0.0);
    QCOMPARE(r.total, 360.0);
    QCOMPARE(r.served, 0.0);
    QVERIFY(!r.costPerServedGpuHour);
    QVERIFY(std::abs(*r.utilization - 0.9 / elasticFactors(w, e).rework) < 1e-12);
}

void TestEngine::purchaseResidualCredit_data()
{
    QTest::addColumn<int>("horizon");
    QTest::addColumn<int>("holding");
    QTest::addColumn<bool>("credit");
    QTest::addColumn<double>("lastMonthResale");
    QTest::addColumn<QList<double>>("expectedYears");

    // H = 24 < T = 36, seed 000 server: a = 24; value = 150,000 x (1 - 0.7 x 24/36) = 80,000 credited in month 24.
    // Year 2: 118,000 - 80,000 = 38,000.
    QTest::newRow("horizon inside the holding period") << 24 << 36 << true << -80000.0
                                                       << QList<double>{268000, 38000};
    QTest::newRow("no credit asked") << 24 << 36 << false << 0.0 << QList<double>{268000, 118000};
    // T = 12, H = 30: capex in months 1, 13, 25; resale -45,000 in months 12 and 24; a = 6: credit
    // -150,000 x (1 - 0.7 x 6/12) = -97,500 in month 30. Year 1 = 268,000 - 45,000 = 223,000 = year 2;
    // year 3 (6 months) = 150,000 + 6 x 118,000/12 - 97,500 = 111,500.
    QTest::newRow("horizon not a multiple of T") << 30 << 12 << true << -97500.0
                                                 << QList<double>{223000, 223000, 111500};
    // H a multiple of T: resale at T, nothing extra.
    QTest::newRow("whole periods") << 24 << 12 << true << -45000.0 << QList<double>{223000, 223000};
}

void TestEngine::purchaseResidualCredit()
{
    QFETCH(int, horizon);
    QFETCH(int, holding);
    QFETCH(bool, credit);
    QFETCH(double, lastMonthResale);
    QFETCH(QList<double>, expectedYears);
    Workload w;
    w.horizonMonths = horizon;
    PurchaseScenario p = seedServer(1);
    p.holdingMonths = holding;
    p.creditResidualAtHorizon = credit;
    const ScenarioResult r = evaluate(w, p);
    QVERIFY(std::abs(r.months.back().at(Category::Resale) - lastMonthResale) < 1e-9);
    const QList<double> got = years(r);
    QCOMPARE(got.size(), expectedYears.size());
    for (qsizetype i = 0; i < got.size(); ++i)
        QVERIFY2(std::abs(got[i] - expectedYears[i]) < kCent, qPrintable(QString::number(got[i], 'f', 6)));
}

void TestEngine::purchaseZeroServers()
{
    const ScenarioResult r = evaluate(Workload{}, seedServer(0));
    QCOMPARE(r.total, 0.0);
    QCOMPARE(r.capacity, 0.0);
    QCOMPARE(r.served, 0.0);
    QCOMPARE(r.unmet, 2920.0 * 36);
    QVERIFY(r.hasUnmetDemand());
    QVERIFY(!r.utilization);
    QVERIFY(!r.costPerServedGpuHour);
}

void TestEngine::purchaseStaffRoundsUp()
{
    PurchaseScenario p = seedServer(11);
    QCOMPARE(onCallStaff(p), 2.0); // ceil(11 / 10)
    p.servers = 10;
    QCOMPARE(onCallStaff(p), 1.0);
    p.servers = 0;
    QCOMPARE(onCallStaff(p), 0.0);
}

void TestEngine::bulkTiersNeedNotBeSorted()
{
    const std::vector<BulkTier> tiers{{10, 0.2}, {5, 0.1}};
    QCOMPARE(bulkDiscountFor(tiers, 4), 0.0);
    QCOMPARE(bulkDiscountFor(tiers, 7), 0.1);
    QCOMPARE(bulkDiscountFor(tiers, 10), 0.2);
}

void TestEngine::partialLastYear()
{
    // H = 18: year 2 holds 6 months and is flagged; average = total x 12 / 18.
    Workload w;
    w.horizonMonths = 18;
    const ScenarioResult r = evaluate(w, gcpNode());
    QCOMPARE(r.years.size(), std::size_t(2));
    QVERIFY(!r.years[0].partial);
    QVERIFY(r.years[1].partial);
    QCOMPARE(r.years[1].months, 6);
    QVERIFY(std::abs(r.years[1].total - 35000) < kCent);
    QVERIFY(std::abs(r.averageAnnual - 70000) < kCent);
}

void TestEngine::evaluateIntoReusesBuffers()
{
    ScenarioResult buffer;
    evaluateInto(Workload{}, seedServer(6), buffer);
    const double sixServers = buffer.total;
    evaluateInto(Workload{}, gcpNode(), buffer);
    QVERIFY(std::abs(buffer.total - 210000) < kCent);
    QCOMPARE(buffer.categoryTotal(Category::Capex), 0.0); // nothing left over from the purchase
    evaluateInto(Workload{}, seedServer(6), buffer);
    QCOMPARE(buffer.total, sixServers);
}

MLTCO_TEST_GUILESS_MAIN(TestEngine)
#include "tst_engine.moc"
