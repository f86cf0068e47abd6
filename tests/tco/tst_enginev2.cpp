// The engine's version-2 features (model.md §10) against hand-worked figures, one test per subsection.
#include "models/tco/engine.h"
#include "models/plan/planevaluation.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QTest>

#include <cmath>

using namespace mltco::tco;

namespace {

double cost(const ScenarioResult &r, int month, Category category)
{
    return r.months[static_cast<std::size_t>(month - 1)].at(category);
}

const MonthRow &row(const ScenarioResult &r, int month)
{
    return r.months[static_cast<std::size_t>(month - 1)];
}

// An elastic scenario that bills exactly G_m dollars a month: $1 a GPU-hour, nothing lost.
ElasticScenario meter(double ratePerGpuHour = 1.0)
{
    ElasticScenario e;
    e.instance = {ratePerGpuHour, 1, 1.0};
    e.packingEfficiency = 1.0;
    return e;
}

// A server that costs only its price: no running costs, staff, or resale unless a test sets them.
PurchaseScenario bareServer(double price = 100000)
{
    PurchaseScenario p;
    p.serverPrice = price;
    p.resaleFraction = 0;
    p.facilitiesPerServerYear = 0;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = 0;
    return p;
}

Workload months(int horizon, double demand = 0.0)
{
    Workload w;
    w.horizonMonths = horizon;
    w.demandGpuHours = demand;
    return w;
}

} // namespace

class TestEngineV2 final : public QObject
{
    Q_OBJECT

private slots:
    // 10.1
    void demandGrowsAndSteps_data();
    void demandGrowsAndSteps();
    void demandEntersServedAndUnmet();
    // 10.2
    void cohortsEachRunTheirOwnCycles();
    void bulkTierIsChosenByCohortSize();
    void residualStartsAtThePricePaid();
    void discountWithOneMonthHorizonIsNotNegative();
    void resaleIsCappedAtThePricePaid();
    void clusterFollowsDemandAndShrinksBack();
    void fleetLimitNamesTheMonth();
    // 10.3
    void powerIsItsOwnCategory();
    // 10.4
    void commitmentWithUpfrontBeyondTheHorizon();
    void commitmentLocksTheRateOfItsStart();
    void commitmentRunsAllHours();
    void clusterCommitment();
    // 10.5
    void straightLineAndMacrsBookValues_data();
    void straightLineAndMacrsBookValues();
    void residualCreditRealisesAGain();
    void noResidualCreditNoGain();
    void taxOnCloudOpex();
    void commitmentUpfrontIsDeductedOverItsTerm();
    void zeroTaxIsVersionOne();
    // 10.6
    void hybridServesOverflowWithBurst();
    void hybridBurstIdleStillPaysOverhead();
};

void TestEngineV2::demandGrowsAndSteps_data()
{
    QTest::addColumn<int>("month");
    QTest::addColumn<double>("expected");
    // 1,000 a month, a step to 3,000 in month 13, growing 44 % a year from month 1 (model.md §10.10, 2).
    QTest::newRow("month 1: the base, no growth yet") << 1 << 1000.0;
    QTest::newRow("month 7: half a year, 1.44^0.5 = 1.2") << 7 << 1200.0;
    QTest::newRow("month 13: the step, a year of growth") << 13 << 4320.0;
    QTest::newRow("month 19: 3,000 x 1.44^1.5 = 5,184") << 19 << 5184.0;
}

void TestEngineV2::demandGrowsAndSteps()
{
    QFETCH(int, month);
    QFETCH(double, expected);
    Workload w = months(24, 1000);
    w.demandGrowth = 0.44;
    w.demandSteps = {{13, 3000}};
    const ScenarioResult r = evaluate(w, meter());
    QCOMPARE_NEAR(row(r, month).demand, expected);
    QCOMPARE_NEAR(cost(r, month, Category::Compute), expected); // the meter bills G_m
    QCOMPARE_NEAR(demandInMonth(w, month), expected);
}

void TestEngineV2::demandEntersServedAndUnmet()
{
    // A cluster of one 1-GPU node does 730 GPU-hours; demand 500 for 2 months, then 1,000 for 2: served
    // 500 + 500 + 730 + 730 = 2,460 of 3,000, unmet 540.
    Workload w = months(4, 500);
    w.demandSteps = {{3, 1000}};
    ClusterScenario c;
    c.instance = {1.0, 1, 1.0};
    const ScenarioResult r = evaluate(w, c);
    QCOMPARE_NEAR(r.demand, 3000);
    QCOMPARE_NEAR(r.served, 2460);
    QCOMPARE_NEAR(r.unmet, 540);
    QVERIFY(r.hasUnmetDemand());
}

void TestEngineV2::cohortsEachRunTheirOwnCycles()
{
    // 8-GPU servers (speedup 1) at 100 % target utilization do 5,840 GPU-hours a month. Demand needs 1 server
    // from month 1, 2 from month 4, 1 from month 6 (kept: the fleet never shrinks) and 3 from month 10.
    // Holding 6 months, resale 30 %, horizon 12. Cohorts: 1 in month 1, 1 in month 4, 1 in month 10.
    //   cohort 1: capex m1, m7; sold m6, m12 (-30,000 each)
    //   cohort 2: capex m4, m10; sold m9; its second cycle outlives H: residual at m12 after 3 of 6 months,
    //             100,000 - (100,000 - 30,000) x 3/6 = 65,000
    //   cohort 3: capex m10; residual at m12: 65,000
    // Facilities $1,200 a server-year = $100 a server-month over 1,1,1,2,2,2,2,2,2,3,3,3 servers = 2,400.
    Workload w = months(12, 5840);
    w.demandSteps = {{4, 11680}, {6, 5000}, {10, 17520}};
    PurchaseScenario p = bareServer();
    p.expansion = Expansion::ToDemand;
    p.targetUtilization = 1.0;
    p.holdingMonths = 6;
    p.resaleFraction = 0.3;
    p.facilitiesPerServerYear = 1200;
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE(r.cohorts.size(), std::size_t(3));
    QCOMPARE(r.cohorts[1].month, 4);
    QCOMPARE(r.cohorts[2].month, 10);
    const QList<double> fleet{1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3};
    for (int m = 1; m <= 12; ++m)
        QCOMPARE(row(r, m).fleet, fleet[m - 1]);
    QCOMPARE_NEAR(cost(r, 1, Category::Capex), 100000);
    QCOMPARE_NEAR(cost(r, 4, Category::Capex), 100000);
    QCOMPARE_NEAR(cost(r, 7, Category::Capex), 100000);
    QCOMPARE_NEAR(cost(r, 10, Category::Capex), 200000);
    QCOMPARE_NEAR(cost(r, 6, Category::Resale), -30000);
    QCOMPARE_NEAR(cost(r, 9, Category::Resale), -30000);
    QCOMPARE_NEAR(cost(r, 12, Category::Resale), -160000);
    QCOMPARE_NEAR(r.categoryTotal(Category::Facilities), 2400);
    QCOMPARE_NEAR(r.total, 500000 - 220000 + 2400);
    QCOMPARE(r.peakFleet, std::optional<double>(3));
    // Capacity follows the installed fleet: month 6 has 2 servers for 5,000 GPU-hours of demand.
    QCOMPARE_NEAR(row(r, 6).capacity, 2 * 5840);
}

void TestEngineV2::bulkTierIsChosenByCohortSize()
{
    // Month 1 needs 3 servers though the plan says 1: a cohort of 3 gets the 10 % tier from 2; month 5's single
    // extra server pays list price.
    Workload w = months(6, 3 * 5840);
    w.demandSteps = {{5, 4 * 5840}};
    PurchaseScenario p = bareServer();
    p.expansion = Expansion::ToDemand;
    p.targetUtilization = 1.0;
    p.bulkDiscounts = {{2, 0.10}};
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE(r.cohorts.size(), std::size_t(2));
    QCOMPARE(r.cohorts[0].servers, 3);
    QCOMPARE_NEAR(r.cohorts[0].unitPrice, 90000);
    QCOMPARE_NEAR(cost(r, 1, Category::Capex), 270000);
    QCOMPARE_NEAR(cost(r, 5, Category::Capex), 100000);
    // With expansion none the plan's 1 server is all there is, whatever the demand.
    p.expansion = Expansion::None;
    const ScenarioResult fixed = evaluate(w, p);
    QCOMPARE(fixed.cohorts.size(), std::size_t(1));
    QCOMPARE(row(fixed, 6).fleet, 1.0);
    QVERIFY(fixed.hasUnmetDemand());
}

void TestEngineV2::residualStartsAtThePricePaid()
{
    // Six $150,000 servers with 15 % off (p = 127,500), resale 30 % of list at 36 months (45,000), horizon 12:
    // worth 127,500 - (127,500 - 45,000) x 12/36 = 100,000 each at the horizon: -600,000.
    // (Version 1 started the line at list: -900,000 x (1 - 0.7 x 12/36) = -690,000.)
    PurchaseScenario p = bareServer(150000);
    p.servers = 6;
    p.bulkDiscounts = {{6, 0.15}};
    p.resaleFraction = 0.3;
    const ScenarioResult r = evaluate(months(12), p);
    QCOMPARE_NEAR(cost(r, 1, Category::Capex), 765000);
    QCOMPARE_NEAR(cost(r, 12, Category::Resale), -600000);
}

void TestEngineV2::discountWithOneMonthHorizonIsNotNegative()
{
    // Seed 000's six servers over one month: capex 765,000; credit 6 x (127,500 - 82,500 / 36) = 751,250;
    // facilities 1,500, failures 7,500, one on-call engineer 8,333.33: 31,083.33 (version 1: -100,166.67).
    PurchaseScenario p; // seed 000's defaults
    p.servers = 6;
    p.bulkDiscounts = {{6, 0.15}};
    const ScenarioResult r = evaluate(months(1), p);
    QCOMPARE_NEAR(cost(r, 1, Category::Resale), -751250);
    QCOMPARE_NEAR(r.total, 765000 - 751250 + 1500 + 7500 + 100000.0 / 12);
    QVERIFY(r.total > 0);
}

void TestEngineV2::resaleIsCappedAtThePricePaid()
{
    // 80 % off a $100,000 list: paid 20,000, so the 30 %-of-list resale (30,000) is capped at 20,000.
    PurchaseScenario p = bareServer();
    p.bulkDiscounts = {{1, 0.8}};
    p.resaleFraction = 0.3;
    p.holdingMonths = 12;
    const ScenarioResult sold = evaluate(months(12), p);
    QCOMPARE_NEAR(cost(sold, 12, Category::Resale), -20000);
    QCOMPARE_NEAR(sold.total, 0);
    // Credited at the horizon after 6 of 12 months: the line runs from 20,000 to the cap 20,000.
    const ScenarioResult credited = evaluate(months(6), p);
    QCOMPARE_NEAR(cost(credited, 6, Category::Resale), -20000);
}

void TestEngineV2::clusterFollowsDemandAndShrinksBack()
{
    // 1-GPU nodes at $1/h, sized at 100 %: 730 GPU-hours a node. Demand 730, 2,190, 730: 1, 3, 1 nodes.
    Workload w = months(3, 730);
    w.demandSteps = {{2, 2190}, {3, 730}};
    ClusterScenario c;
    c.instance = {1.0, 1, 1.0};
    c.targetUtilization = 1.0;
    c.expansion = Expansion::ToDemand;
    const ScenarioResult r = evaluate(w, c);
    QCOMPARE(row(r, 1).fleet, 1.0);
    QCOMPARE(row(r, 2).fleet, 3.0);
    QCOMPARE(row(r, 3).fleet, 1.0);
    QCOMPARE_NEAR(cost(r, 2, Category::Compute), 2190);
    QCOMPARE_NEAR(r.total, 730 + 2190 + 730);
    // `nodes` is the floor: 2 nodes stay rented in the quiet months.
    c.nodes = 2;
    const ScenarioResult floor = evaluate(w, c);
    QCOMPARE(row(floor, 1).fleet, 2.0);
    QCOMPARE(row(floor, 2).fleet, 3.0);
}

void TestEngineV2::fleetLimitNamesTheMonth()
{
    // 1-GPU servers at 50 %: 365 GPU-hours each; 36,500,365 GPU-hours in month 5 need 100,001 servers.
    Workload w = months(6, 1000);
    w.demandSteps = {{5, 36500365}};
    PurchaseScenario p = bareServer();
    p.gpusPerServer = 1;
    p.targetUtilization = 0.5;
    p.expansion = Expansion::ToDemand;
    QCOMPARE(fleetLimitProblem(w, p),
             QStringLiteral("expansion: month 5 would need 100001 servers, more than the 100000 a plan may hold"));
    w.demandSteps = {{5, 36500000}}; // exactly 100,000
    QVERIFY(fleetLimitProblem(w, p).isEmpty());
    p.expansion = Expansion::None;
    w.demandSteps = {{5, 1e9}};
    QVERIFY(fleetLimitProblem(w, p).isEmpty()); // a fixed fleet does not grow
}

void TestEngineV2::powerIsItsOwnCategory()
{
    // Two servers of 6.5 kW (a DGX A100's maximum) at 80 % load, PUE 1.5, $0.12/kWh:
    // 6.5 x 0.8 x 1.5 x 730 x 0.12 = 683.28 a server-month, 1,366.56 for two; +10 %/year: x1.1 in month 13.
    PurchaseScenario p = bareServer();
    p.servers = 2;
    p.powerKwPerServer = 6.5;
    p.electricityPriceTrend = 0.10;
    const ScenarioResult r = evaluate(months(24), p);
    QCOMPARE_NEAR(cost(r, 1, Category::Power), 1366.56);
    QCOMPARE_NEAR(cost(r, 13, Category::Power), 1366.56 * 1.1);
    QCOMPARE(cost(r, 1, Category::Facilities), 0.0);
    // Off by default: version-1 plans keep power inside facilities.
    const ScenarioResult off = evaluate(months(24), bareServer());
    QCOMPARE(off.categoryTotal(Category::Power), 0.0);
}

void TestEngineV2::commitmentWithUpfrontBeyondTheHorizon()
{
    // 4 boxes at $10/h, half committed for 12-month terms at 40 % off with half paid upfront, 18 months.
    // Locked rate 6: upfront 0.5 x 2 x 6 x 730 x 12 = 52,560 in months 1 and 13 (the second term outlives the
    // plan and is still paid in full); 4,380 a month for the committed rest; on demand 2 x 10 x 730 = 14,600.
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 4;
    d.commit = {0.5, 0.4, 12, 0.5};
    const ScenarioResult r = evaluate(months(18), d);
    QCOMPARE_NEAR(cost(r, 1, Category::Compute), 52560 + 4380 + 14600);
    QCOMPARE_NEAR(cost(r, 2, Category::Compute), 4380 + 14600);
    QCOMPARE_NEAR(cost(r, 13, Category::Compute), 52560 + 4380 + 14600);
    QCOMPARE_NEAR(r.total, 2 * 52560 + 18 * (4380 + 14600));
}

void TestEngineV2::commitmentLocksTheRateOfItsStart()
{
    // Cloud prices fall 20 % a year: the second term locks 10 x 0.8 x 0.6 = 4.8 in month 13.
    Workload w = months(18);
    w.cloudPriceTrend = -0.2;
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 4;
    d.commit = {0.5, 0.4, 12, 0.5};
    const ScenarioResult r = evaluate(w, d);
    QCOMPARE_NEAR(cost(r, 13, Category::Compute), 0.5 * 2 * 4.8 * 730 * 12 + 0.5 * 2 * 4.8 * 730 + 2 * 8.0 * 730);
    // The premium is locked in too: 15 % on top, before the discount.
    d.premium = 0.15;
    const ScenarioResult withPremium = evaluate(months(12), d);
    QCOMPARE_NEAR(cost(withPremium, 2, Category::Compute), 0.5 * 2 * 6.9 * 730 + 2 * 11.5 * 730);
}

void TestEngineV2::commitmentRunsAllHours()
{
    // Boxes on 365 h a month; the 2 committed ones run all 730: capacity (2 x 730 + 2 x 365) x 4 GPUs.
    DedicatedScenario d;
    d.instance = {10.0, 4, 1.0};
    d.boxes = 4;
    d.hoursOn = 365;
    d.commit = {0.5, 0.4, 12, 0.0};
    const ScenarioResult r = evaluate(months(12), d);
    QCOMPARE_NEAR(row(r, 1).capacity, (2 * 730 + 2 * 365) * 4);
    QCOMPARE_NEAR(cost(r, 1, Category::Compute), 2 * 6 * 730 + 2 * 10 * 365);
}

void TestEngineV2::clusterCommitment()
{
    // 3 nodes at $5/h, one committed (1/3) at 30 % off, no upfront, no premium: 3.5 x 730 + 2 x 5 x 730.
    ClusterScenario c;
    c.instance = {5.0, 1, 1.0};
    c.nodes = 3;
    c.commit = {1.0 / 3.0, 0.3, 12, 0.0};
    const ScenarioResult r = evaluate(months(12), c);
    QCOMPARE_NEAR(cost(r, 1, Category::Compute), 3.5 * 730 + 2 * 5 * 730);
}

void TestEngineV2::straightLineAndMacrsBookValues_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("month13");  // depreciation in month 13
    QTest::addColumn<double>("gain");     // at the sale in month 36
    // A $100,000 server sold for 30,000 after 36 months, 21 % tax.
    // Straight line over 60 months: 1,666.67 a month, 60,000 charged, book 40,000: a loss of 10,000.
    QTest::newRow("straight line, 60 months") << 0 << 100000.0 / 60 << -10000.0;
    // MACRS 5: 20 % + 32 % + 19.2 % = 71.2 % charged over three years, book 28,800: a gain of 1,200.
    QTest::newRow("MACRS 5-year") << 1 << 32000.0 / 12 << 1200.0;
}

void TestEngineV2::straightLineAndMacrsBookValues()
{
    QFETCH(int, method);
    QFETCH(double, month13);
    QFETCH(double, gain);
    Workload w = months(36);
    w.taxRate = 0.21;
    PurchaseScenario p = bareServer();
    p.resaleFraction = 0.3;
    p.depreciation = static_cast<Depreciation>(method);
    p.depreciationMonths = 60;
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE_NEAR(row(r, 13).depreciation, month13);
    QCOMPARE_NEAR(row(r, 36).gain, gain);
    QCOMPARE_NEAR(r.gains, gain);
    // Year 1 is the same for both (20 % = 12/60): a 350 shield a month.
    QCOMPARE_NEAR(cost(r, 1, Category::Tax), -0.21 * 100000.0 / 60);
    // The whole deduction over the life is what was lost, 70,000: the methods differ in timing only.
    QCOMPARE_NEAR(r.categoryTotal(Category::Tax), -0.21 * 70000);
    QCOMPARE_NEAR(r.total, 100000 - 30000 - 14700);
    QCOMPARE_NEAR(cost(r, 36, Category::Tax), 0.21 * (gain - row(r, 36).depreciation));
}

void TestEngineV2::residualCreditRealisesAGain()
{
    // Held 24 of 36 months: credited 100,000 - 70,000 x 24/36 = 53,333.33; straight line over 36 months leaves a
    // book value of 33,333.33: a gain of 20,000 in month 24, taxed at 21 %.
    Workload w = months(24);
    w.taxRate = 0.21;
    PurchaseScenario p = bareServer();
    p.resaleFraction = 0.3;
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE_NEAR(cost(r, 24, Category::Resale), -(100000 - 70000.0 * 24 / 36));
    QCOMPARE_NEAR(row(r, 24).gain, 20000);
    QCOMPARE_NEAR(r.depreciation, 100000.0 * 24 / 36);
    QCOMPARE_NEAR(r.categoryTotal(Category::Tax), 0.21 * (20000 - 100000.0 * 24 / 36));
}

void TestEngineV2::noResidualCreditNoGain()
{
    // Without the residual credit a cycle that outlives H realises nothing and is not written off (10.10, 5).
    Workload w = months(24);
    w.taxRate = 0.21;
    PurchaseScenario p = bareServer();
    p.resaleFraction = 0.3;
    p.creditResidualAtHorizon = false;
    const ScenarioResult r = evaluate(w, p);
    QCOMPARE(r.gains, 0.0);
    QCOMPARE(r.categoryTotal(Category::Resale), 0.0);
    QCOMPARE_NEAR(r.categoryTotal(Category::Tax), -0.21 * 100000.0 * 24 / 36);
}

void TestEngineV2::taxOnCloudOpex()
{
    // One $10/h box with $100 a month of overhead at 21 %: tax -0.21 x 7,400 = -1,554 a month.
    Workload w = months(12);
    w.taxRate = 0.21;
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 1;
    d.overheadMonthly = 100;
    const ScenarioResult r = evaluate(w, d);
    QCOMPARE_NEAR(cost(r, 1, Category::Tax), -1554);
    QCOMPARE_NEAR(r.total, 12 * 7400 * 0.79);
    // Elastic too, staff included: $1 x 1,000 GPU-hours + a tenth of a $120,000 engineer = 2,000 a month.
    w.demandGpuHours = 1000;
    ElasticScenario e = meter();
    e.opsFte = 0.1;
    e.fteAnnualCost = 120000;
    QCOMPARE_NEAR(cost(evaluate(w, e), 1, Category::Tax), -420);
}

void TestEngineV2::commitmentUpfrontIsDeductedOverItsTerm()
{
    // The commitment above at 25 %: month 1 deducts 71,540 - 52,560 + 52,560/12 = 23,360 (tax -5,840); over 18
    // months the second upfront is deducted only for its 6 months in the plan: 446,760 - 105,120 + 18 x 4,380.
    Workload w = months(18);
    w.taxRate = 0.25;
    DedicatedScenario d;
    d.instance = {10.0, 1, 1.0};
    d.boxes = 4;
    d.commit = {0.5, 0.4, 12, 0.5};
    const ScenarioResult r = evaluate(w, d);
    QCOMPARE_NEAR(cost(r, 1, Category::Tax), -5840);
    QCOMPARE_NEAR(cost(r, 13, Category::Tax), -5840);
    QCOMPARE_NEAR(r.categoryTotal(Category::Tax), -0.25 * (446760 - 105120 + 18 * 4380));
}

void TestEngineV2::zeroTaxIsVersionOne()
{
    PurchaseScenario p; // seed 000, one server
    const ScenarioResult r = evaluate(Workload{}, p);
    QCOMPARE(r.categoryTotal(Category::Tax), 0.0);
    QCOMPARE_NEAR(r.years[0].total, 268000);
    QVERIFY(r.depreciation > 0); // reported even when no tax is due
}

void TestEngineV2::hybridServesOverflowWithBurst()
{
    // Base: one 8-GPU server (5,840 GPU-hours a month) capped at 50 % = 2,920; demand 4,000: 1,080 overflows to
    // a $2/GPU-hour burst with $50 a month of overhead: 2,160 + 50 a month. Base: 100,000 in month 1.
    PurchaseScenario base = bareServer();
    base.holdingMonths = 12;
    ElasticScenario burst = meter(2.0);
    burst.overheadMonthly = 50;
    ScenarioResult r;
    MixScratch scratch;
    evaluateHybridInto(months(12, 4000), base, burst, 0.5, r, scratch);
    QCOMPARE_NEAR(r.total, 100000 + 12 * 2210);
    QCOMPARE_NEAR(r.burst, 12 * 2210);
    QCOMPARE_NEAR(row(r, 1).burstGpuHours, 1080);
    QCOMPARE_NEAR(cost(r, 1, Category::Capex), 100000);
    QCOMPARE_NEAR(cost(r, 1, Category::Compute), 2160);
    QCOMPARE_NEAR(r.served, 48000);
    QCOMPARE(r.unmet, 0.0);
    QCOMPARE(r.utilization, std::optional<double>(0.5));
    QCOMPARE_NEAR(*r.costPerServedGpuHour, (100000 + 12 * 2210) / 48000.0);
    QCOMPARE(row(r, 1).fleet, 1.0);
    QCOMPARE_NEAR(row(r, 1).capacity, 5840); // the base's capacity
    double burstRows = 0.0;
    for (const MonthRow &m : scratch.burst.months)
        burstRows += m.total;
    QCOMPARE_NEAR(burstRows, 12 * 2210);
}

void TestEngineV2::hybridBurstIdleStillPaysOverhead()
{
    // From month 7 demand is 2,000, under the base's 2,920: nothing overflows, the burst path still costs $50.
    Workload w = months(12, 4000);
    w.demandSteps = {{7, 2000}};
    PurchaseScenario base = bareServer();
    base.holdingMonths = 12;
    ElasticScenario burst = meter(2.0);
    burst.overheadMonthly = 50;
    ScenarioResult r;
    MixScratch scratch;
    evaluateHybridInto(w, base, burst, 0.5, r, scratch);
    QCOMPARE_NEAR(row(r, 8).burst, 50);
    QCOMPARE(row(r, 8).burstGpuHours, 0.0);
    QCOMPARE_NEAR(r.total, 100000 + 6 * 2210 + 6 * 50);
    QCOMPARE_NEAR(*r.utilization, (6 * 2920 + 6 * 2000) / (12 * 5840.0));
    // Tax applies to both sides: at 21 % the burst's opex and the server's depreciation are deducted.
    w.taxRate = 0.21;
    evaluateHybridInto(w, base, burst, 0.5, r, scratch);
    double baseTax = 0.0;
    double burstTax = 0.0;
    for (std::size_t i = 0; i < r.months.size(); ++i) {
        baseTax += scratch.layers[0].months[i].at(Category::Tax);
        burstTax += scratch.burst.months[i].at(Category::Tax);
    }
    QCOMPARE_NEAR(r.categoryTotal(Category::Tax), baseTax + burstTax);
    QCOMPARE_NEAR(baseTax, -0.21 * 100000);
    QVERIFY(burstTax < 0);
}

MLTCO_TEST_GUILESS_MAIN(TestEngineV2)
#include "tst_enginev2.moc"
