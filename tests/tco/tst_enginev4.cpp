// The engine's version 4 (model.md §14.1, §14.2): a generation over time and the site around the servers, against
// figures worked out by hand, each key alone and together, and version 3 unchanged when none is given.
#include "models/tco/engine.h"
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

// A $100,000 server sold for 30 % of its list price; $1,200 a server-year of facilities and nothing else, so every
// figure below can be added up by hand.
PurchaseScenario server(int holding)
{
    PurchaseScenario p;
    p.serverPrice = 100000;
    p.holdingMonths = holding;
    p.resaleFraction = 0.3;
    p.facilitiesPerServerYear = 1200;
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

// Two servers of 8 GPUs drawing 10 kW at full load, PUE 1.5, $0.10/kWh: full power is 2 x 10 x 1.5 x 730 x 0.1 =
// $2,190 a month, and the two serve 2 x 8 x 730 = 11,680 reference GPU-hours a month.
PurchaseScenario powered()
{
    PurchaseScenario p = server(36);
    p.servers = 2;
    p.powerKwPerServer = 10;
    p.pue = 1.5;
    p.electricityPerKwh = 0.1;
    return p;
}

} // namespace

class TestEngineV4 : public QObject
{
    Q_OBJECT

private slots:
    void eachCyclePaysTheListPriceOfItsMonth()
    {
        // The list price falls 25 % a year: P_p = 100,000 x 0.75^((p-1)/12). With a one-month lead time and 12-month
        // holding, cycle 1 is paid in month 1 (100,000), serves months 2..13 and is sold in month 13 at
        // 0.3 x P_13 = 0.3 x 75,000 = 22,500; cycle 2 is paid in month 13 (75,000) and sold in month 25 at
        // 0.3 x P_25 = 0.3 x 56,250 = 16,875.
        PurchaseScenario p = server(12);
        p.leadTimeMonths = 1;
        p.serverPriceTrend = -0.25;
        const ScenarioResult r = evaluate(months(25), p);
        QCOMPARE(r.cohorts.size(), std::size_t(1));
        QCOMPARE_NEAR(r.cohorts[0].unitPrice, 100000);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 13, Category::Capex), 75000);
        QCOMPARE_NEAR(r.categoryTotal(Category::Capex), 175000);
        QCOMPARE_NEAR(cost(r, 13, Category::Resale), -22500);
        QCOMPARE_NEAR(cost(r, 25, Category::Resale), -16875);
        QCOMPARE_NEAR(r.categoryTotal(Category::Resale), -39375);
    }

    void aBulkTierAndTheTrendMultiply()
    {
        // Three servers bought in month 13 at a price rising 20 % a year, with 10 % off from three servers:
        // 3 x 120,000 x 0.9 = 324,000 (§14.5, clarification 1: the tier by the cohort's own size).
        PurchaseScenario p = server(36);
        p.servers = 0;
        p.purchases = {{13, 3}};
        p.serverPriceTrend = 0.2;
        p.bulkDiscounts = {{3, 0.1}};
        const ScenarioResult r = evaluate(months(24), p);
        QCOMPARE_NEAR(cost(r, 13, Category::Capex), 324000);
        QCOMPARE_NEAR(r.cohorts[0].unitPrice, 108000);
    }

    void resaleIsCappedAtThePricePaid()
    {
        // The list price doubles in a year; 80 % of it in month 13 would be 160,000, more than the 100,000 paid: the
        // sale realises the price paid.
        PurchaseScenario p = server(12);
        p.leadTimeMonths = 1;
        p.serverPriceTrend = 1.0;
        p.resaleFraction = 0.8;
        const ScenarioResult r = evaluate(months(13), p);
        QCOMPARE_NEAR(cost(r, 13, Category::Resale), -100000);
    }

    void theResidualTakesTheListPriceAtTheHorizon()
    {
        // Held 6 of 12 months at H = 7 with lead 1, price rising 100 % a year: P_7 = 100,000 x 2^(6/12) = 141,421.36;
        // v = min(0.3 x 141,421.36, 100,000) = 42,426.41; credit = 100,000 - (100,000 - 42,426.41) x 6/12 = 71,213.20.
        PurchaseScenario p = server(12);
        p.leadTimeMonths = 1;
        p.serverPriceTrend = 1.0;
        const ScenarioResult r = evaluate(months(7), p);
        QCOMPARE_NEAR(cost(r, 7, Category::Resale), -(100000 - (100000 - 0.3 * 100000 * std::sqrt(2.0)) * 6 / 12));
    }

    void theSuccessorCutsEveryValueTakenFromItsMonth()
    {
        // Holding 12, H = 18, the successor ships in month 10 and takes half the value: cycle 1, sold in month 12 >= 10,
        // realises 0.3 x 100,000 x 0.5 = 15,000; cycle 2, bought in month 13 and held 6 of 12 months at H, is credited
        // (100,000 - 70,000 x 6/12) x 0.5 = 32,500.
        PurchaseScenario p = server(12);
        p.successorMonth = 10;
        p.successorValueDrop = 0.5;
        const ScenarioResult r = evaluate(months(18), p);
        QCOMPARE_NEAR(cost(r, 12, Category::Resale), -15000);
        QCOMPARE_NEAR(cost(r, 18, Category::Resale), -32500);

        // Shipping in month 13, after the first sale: only the residual at H = 18 drops.
        p.successorMonth = 13;
        const ScenarioResult later = evaluate(months(18), p);
        QCOMPARE_NEAR(cost(later, 12, Category::Resale), -30000);
        QCOMPARE_NEAR(cost(later, 18, Category::Resale), -32500);

        // Shipping after H: nothing drops.
        p.successorMonth = 19;
        const ScenarioResult never = evaluate(months(18), p);
        QCOMPARE_NEAR(cost(never, 18, Category::Resale), -65000);
    }

    void aCycleBoughtAtTheTrendedPriceAndSoldAfterTheSuccessorsDrop()
    {
        // §14's story in one cohort: bought in month 1 at 100,000 with 10 % for the fabric (capex 110,000), the price
        // falling 25 % a year, sold in month 13 after the successor (month 7, a 40 % drop):
        // 0.3 x 75,000 x 0.6 = 13,500. At a 20 % tax rate, straight line over 12 months on 110,000, the book value is
        // 0 at the sale and the gain is all 13,500.
        PurchaseScenario p = server(12);
        p.leadTimeMonths = 1;
        p.serverPriceTrend = -0.25;
        p.infrastructureCapexFraction = 0.1;
        p.successorMonth = 7;
        p.successorValueDrop = 0.4;
        Workload w = months(13);
        w.taxRate = 0.2;
        const ScenarioResult r = evaluate(w, p);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 110000);
        QCOMPARE_NEAR(cost(r, 13, Category::Resale), -13500);
        QCOMPARE_NEAR(r.months[12].gain, 13500);
        QCOMPARE_NEAR(r.depreciation, 110000);
        // Month 13: tax = 0.2 x (13,500 gain - 100 facilities - 110,000 / 12 depreciation).
        QCOMPARE_NEAR(cost(r, 13, Category::Tax), 0.2 * (13500 - 100 - 110000 / 12.0));
    }

    void infrastructureIsCapexButNotResale()
    {
        // 10 % on top: capex 110,000, depreciated straight line over 6 months, 18,333.33 a month; the sale in month
        // 6 realises the server's 30,000 only, and the gain on it is all 30,000 (the book value is 0).
        PurchaseScenario p = server(6);
        p.infrastructureCapexFraction = 0.1;
        Workload w = months(6);
        w.taxRate = 0.25;
        const ScenarioResult r = evaluate(w, p);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 110000);
        QCOMPARE_NEAR(cost(r, 6, Category::Resale), -30000);
        QCOMPARE_NEAR(r.months[2].depreciation, 110000 / 6.0);
        QCOMPARE_NEAR(r.months[5].gain, 30000);
        QCOMPARE_NEAR(cost(r, 6, Category::Tax), 0.25 * (30000 - 100 - 110000 / 6.0));

        // A loan borrows it too: at 0 % over 10 months, 11,000 a month from month 2.
        p.financing = Financing::Loan;
        p.loanRate = 0.0;
        p.loanTermMonths = 10;
        p.holdingMonths = 36;
        const ScenarioResult loan = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(loan, 1, Category::Capex), 0);
        QCOMPARE_NEAR(cost(loan, 2, Category::Financing), 11000);
        QCOMPARE_NEAR(loan.categoryTotal(Category::Financing), 110000);

        // A lease's rate factor applies to the price with the infrastructure: 0.03 x 110,000 = 3,300 a month.
        p.financing = Financing::Lease;
        p.leaseRateFactor = 0.03;
        const ScenarioResult lease = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(lease, 1, Category::Financing), 3300);
        QCOMPARE_NEAR(lease.categoryTotal(Category::Financing), 12 * 3300);
        QCOMPARE_NEAR(lease.categoryTotal(Category::Capex), 0);
    }

    void aDepositAtOrderAndTheRestOnDelivery()
    {
        // 20 % at order, three months' lead time, holding 6, H = 12: cycle 1 pays 20,000 in month 1 and 80,000 on
        // delivery in month 4 (its first month of service); cycle 2, serving from month 10, pays 20,000 in month 7 and
        // 80,000 in month 10.
        PurchaseScenario p = server(6);
        p.leadTimeMonths = 3;
        p.paidAtOrderFraction = 0.2;
        const ScenarioResult r = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 20000);
        QCOMPARE_NEAR(cost(r, 4, Category::Capex), 80000);
        QCOMPARE_NEAR(cost(r, 7, Category::Capex), 20000);
        QCOMPARE_NEAR(cost(r, 10, Category::Capex), 80000);
        QCOMPARE_NEAR(r.categoryTotal(Category::Capex), 200000);
        QCOMPARE(r.months[2].fleet, 0.0);
        QCOMPARE(r.months[3].fleet, 1.0);

        // Without a lead time, order and delivery are one month: all of it in month 1.
        p.leadTimeMonths = 0;
        const ScenarioResult now = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(now, 1, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(now, 7, Category::Capex), 100000);
    }

    void colocationIsBilledPerContractedKilowatt()
    {
        // 10 kW a server at $200 per kW-month: 2,000 on top of the $100 of facilities, per server and month, whatever
        // the load (no demand at all here).
        PurchaseScenario p = powered();
        p.colocationPerKwMonth = 200;
        const ScenarioResult r = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(r, 1, Category::Facilities), 2 * 2100);
        QCOMPARE_NEAR(r.categoryTotal(Category::Facilities), 12 * 2 * 2100);
    }

    void idlePowerFollowsWhatTheServersServe()
    {
        // Idle at 30 % of full power: at half the capacity served (5,840 of 11,680) the load is 0.3 + 0.7 x 0.5 = 0.65,
        // power 0.65 x 2,190 = 1,423.50; with demand over the capacity, full power; with none, the idle floor, 657.
        PurchaseScenario p = powered();
        p.idlePowerFraction = 0.3;
        QCOMPARE_NEAR(cost(evaluate(months(3, 5840), p), 2, Category::Power), 1423.5);
        QCOMPARE_NEAR(cost(evaluate(months(3, 20000), p), 2, Category::Power), 2190);
        QCOMPARE_NEAR(cost(evaluate(months(3, 0), p), 2, Category::Power), 657);
        // No servers, no power and no division by zero.
        p.servers = 0;
        QCOMPARE(cost(evaluate(months(3, 5840), p), 2, Category::Power), 0.0);
        // Without idle power the fixed average load applies: 0.8 x 2,190 = 1,752 whatever the demand.
        PurchaseScenario fixed = powered();
        QCOMPARE_NEAR(cost(evaluate(months(3, 5840), fixed), 2, Category::Power), 1752);
    }

    void idlePowerInALayerFollowsWhatTheLayerServes()
    {
        // The same two servers as a mix's only layer, capped at half their capacity (beta 0.5), demand 11,680: the
        // layer serves 5,840, u = 5,840 / 11,680 = 0.5 of its full capacity (§14.5, clarification 7), power 1,423.50 a
        // month, where standing alone they would serve everything at full power. At a 20 % tax rate the tax moves with
        // the power: 0.2 x (2,190 - 1,423.50) a month less relief than alone.
        PurchaseScenario p = powered();
        p.idlePowerFraction = 0.3;
        ElasticScenario burst;
        burst.instance.ratePerHour = 1.0;
        burst.instance.gpusPerInstance = 1;
        burst.packingEfficiency = 1.0;
        burst.overheadMonthly = 0;
        burst.opsFte = 0;
        Workload w = months(12, 11680);
        w.taxRate = 0.2;
        const Scenario layer = p;
        const Scenario *layers[] = {&layer};
        ScenarioResult mix;
        MixScratch scratch;
        evaluateMixInto(w, layers, &burst, 0.5, mix, scratch);
        QCOMPARE_NEAR(cost(mix, 1, Category::Power), 1423.5);
        QCOMPARE_NEAR(mix.categoryTotal(Category::Power), 12 * 1423.5);
        const ScenarioResult alone = evaluate(w, p);
        QCOMPARE_NEAR(cost(alone, 1, Category::Power), 2190);
        // The burst bills the other 5,840 GPU-hours at $1: its tax is 0.2 x -5,840; the layer's is alone's less
        // 0.2 x the power saved.
        QCOMPARE_NEAR(cost(mix, 1, Category::Tax), cost(alone, 1, Category::Tax) + 0.2 * (2190 - 1423.5) - 0.2 * 5840);

        // Two layers in order, beta 1, demand 8,760: the first (one server, 5,840) serves fully, the second (one
        // server with idle power) serves the other 2,920 of its 5,840: load 0.3 + 0.7 x 0.5 = 0.65 of 1,095.
        PurchaseScenario first = server(36);
        first.gpusPerServer = 8;
        PurchaseScenario second = powered();
        second.servers = 1;
        second.idlePowerFraction = 0.3;
        const Scenario a = first, b = second;
        const Scenario *two[] = {&a, &b};
        ScenarioResult both;
        evaluateMixInto(months(12, 8760), two, nullptr, 1.0, both, scratch);
        QCOMPARE_NEAR(cost(both, 1, Category::Power), 0.65 * 1095);
        QCOMPARE_NEAR(both.unmet, 0);

        // As a hybrid's base it is the same rule (§10.6 is a one-layer mix).
        ScenarioResult hybrid;
        evaluateHybridInto(w, layer, burst, 0.5, hybrid, scratch);
        QCOMPARE_NEAR(cost(hybrid, 1, Category::Power), 1423.5);
    }

    void bonusDepreciationIsChargedInTheFirstServiceMonth()
    {
        // 60 % at once, the other 40,000 straight line over 6 months: month 1 is 60,000 + 6,666.67, months 2..6
        // 6,666.67. The sale in month 6 at 30,000 has a book value of 0: a gain of 30,000.
        PurchaseScenario p = server(6);
        p.bonusDepreciationFraction = 0.6;
        Workload w = months(6);
        w.taxRate = 0.2;
        const ScenarioResult r = evaluate(w, p);
        QCOMPARE_NEAR(r.months[0].depreciation, 60000 + 40000 / 6.0);
        QCOMPARE_NEAR(r.months[1].depreciation, 40000 / 6.0);
        QCOMPARE_NEAR(r.depreciation, 100000);
        QCOMPARE_NEAR(r.months[5].gain, 30000);
        QCOMPARE_NEAR(cost(r, 1, Category::Tax), 0.2 * (-100 - 60000 - 40000 / 6.0));

        // With a two-month lead time the charge waits for service (month 3), not for the payment (month 1).
        p.leadTimeMonths = 2;
        p.holdingMonths = 36;
        const ScenarioResult late = evaluate(months(12), p);
        QCOMPARE_NEAR(late.months[0].depreciation, 0);
        QCOMPARE_NEAR(late.months[2].depreciation, 60000 + 40000 / 36.0);

        // MACRS applies its rates to the 40 %: year 1 is 20 % of 40,000 = 8,000, 666.67 a month, after 60,000 at once.
        PurchaseScenario m = server(72);
        m.bonusDepreciationFraction = 0.6;
        m.depreciation = Depreciation::Macrs5;
        const ScenarioResult macrs = evaluate(w, m);
        QCOMPARE_NEAR(macrs.months[0].depreciation, 60000 + 8000 / 12.0);
        QCOMPARE_NEAR(macrs.months[1].depreciation, 8000 / 12.0);

        // Full expensing (b = 1): all 100,000 in the first month, nothing after.
        p = server(6);
        p.bonusDepreciationFraction = 1.0;
        const ScenarioResult full = evaluate(w, p);
        QCOMPARE_NEAR(full.months[0].depreciation, 100000);
        QCOMPARE_NEAR(full.months[1].depreciation, 0);
    }

    void aFleetThatFollowsDemandStartsWhenTheHardwareIsOnSale()
    {
        // On sale from month 4; demand needs two servers (each sized for 8 GPUs x 730 x 0.7 = 4,088; 8,000 needs 2): nothing
        // before month 4 (the demand is unmet), then N_4 = max(S = 1, need = 2) = 2, bought in month 4.
        PurchaseScenario p = server(36);
        p.expansion = Expansion::ToDemand;
        p.servers = 1;
        p.availableFromMonth = 4;
        const ScenarioResult r = evaluate(months(12, 8000), p);
        for (int m = 1; m <= 3; ++m)
            QCOMPARE(r.months[std::size_t(m - 1)].fleet, 0.0);
        QCOMPARE(r.months[3].fleet, 2.0);
        QCOMPARE(r.cohorts.size(), std::size_t(1));
        QCOMPARE(r.cohorts[0].month, 4);
        QCOMPARE_NEAR(cost(r, 4, Category::Capex), 200000);
        QCOMPARE_NEAR(r.categoryTotal(Category::Capex), 200000);
        QCOMPARE_NEAR(r.unmet, 3 * 8000);

        // A schedule from month A is what it says.
        PurchaseScenario s = server(36);
        s.servers = 0;
        s.availableFromMonth = 4;
        s.purchases = {{4, 2}};
        const ScenarioResult scheduled = evaluate(months(12), s);
        QCOMPARE_NEAR(cost(scheduled, 4, Category::Capex), 200000);
    }

    void everyKeyTogether()
    {
        // One cohort with every §14 key: list price falling 25 % a year, 10 % infrastructure, a one-month lead time with
        // half paid at order, holding 12, the successor in month 20 taking 20 %, full expensing at 20 % tax,
        // colocation 10 kW x $50, idle power 30 % with no demand. H = 25.
        PurchaseScenario p = server(12);
        p.leadTimeMonths = 1;
        p.serverPriceTrend = -0.25;
        p.infrastructureCapexFraction = 0.1;
        p.paidAtOrderFraction = 0.5;
        p.successorMonth = 20;
        p.successorValueDrop = 0.2;
        p.bonusDepreciationFraction = 1.0;
        p.powerKwPerServer = 10;
        p.pue = 1.5;
        p.electricityPerKwh = 0.1;
        p.colocationPerKwMonth = 50;
        p.idlePowerFraction = 0.3;
        Workload w = months(25);
        w.taxRate = 0.2;
        const ScenarioResult r = evaluate(w, p);
        // Capex: cycle 1 110,000 (55,000 in months 1 and 2), cycle 2 at 75,000 x 1.1 = 82,500 (41,250 in 13 and 14).
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 55000);
        QCOMPARE_NEAR(cost(r, 2, Category::Capex), 55000);
        QCOMPARE_NEAR(cost(r, 13, Category::Capex), 41250);
        QCOMPARE_NEAR(cost(r, 14, Category::Capex), 41250);
        // Resale: 0.3 x 75,000 in month 13; 0.3 x 56,250 x 0.8 = 13,500 in month 25, after the successor.
        QCOMPARE_NEAR(cost(r, 13, Category::Resale), -22500);
        QCOMPARE_NEAR(cost(r, 25, Category::Resale), -13500);
        // Depreciation all at once in the first service months 2 and 14; gains are the whole proceeds.
        QCOMPARE_NEAR(r.months[1].depreciation, 110000);
        QCOMPARE_NEAR(r.months[13].depreciation, 82500);
        QCOMPARE_NEAR(r.depreciation, 192500);
        QCOMPARE_NEAR(r.gains, 22500 + 13500);
        // Facilities 100 + 500 per month in service (months 2..25); power at the idle floor, 0.3 x 10 x 1.5 x 73.
        QCOMPARE_NEAR(r.categoryTotal(Category::Facilities), 24 * 600);
        QCOMPARE_NEAR(cost(r, 5, Category::Power), 0.3 * 10 * 1.5 * 73);
        QCOMPARE_NEAR(cost(r, 1, Category::Power), 0);
        const double running = 24 * (600 + 0.3 * 10 * 1.5 * 73);
        QCOMPARE_NEAR(r.categoryTotal(Category::Tax), 0.2 * (36000 - running - 192500));
        QCOMPARE_NEAR(r.total, 192500 - 36000 + running + 0.2 * (36000 - running - 192500));
    }

    void eachCategoryHasItsPresentValue()
    {
        // model.md §14.3 at 10 % a year: the capex of month 1 is worth its face; the resale of month 13 is discounted
        // a whole year, -30,000 / 1.1 = -27,272.73; the categories add up to the NPV. Tokens: 2.5 million per reference
        // GPU-hour, the server serving 5,840 GPU-hours a month for 13 months: total / (75,920 x 2.5) per million.
        PurchaseScenario p = server(13);
        Workload w = months(13, 8000);
        w.discountRate = 0.1;
        w.tokensPerReferenceGpuHour = 2.5e6;
        const ScenarioResult r = evaluate(w, p);
        QCOMPARE_NEAR(r.categoryNpv(Category::Capex), 100000);
        QCOMPARE_NEAR(r.categoryNpv(Category::Resale), -30000 / 1.1);
        double sum = 0.0;
        for (double v : r.npvByCategory)
            sum += v;
        QCOMPARE_NEAR(sum, r.npv);
        QVERIFY(r.costPerMillionTokens);
        QCOMPARE_NEAR(*r.costPerMillionTokens, r.total / (13 * 5840 * 2.5));
        w.tokensPerReferenceGpuHour.reset();
        QVERIFY(!evaluate(w, p).costPerMillionTokens);
        w.tokensPerReferenceGpuHour = 2.5e6;
        w.demandGpuHours = 0; // nothing served: no cost per token
        QVERIFY(!evaluate(w, p).costPerMillionTokens);
    }

    void theDefaultsAreVersionThree()
    {
        // Every key at its default, stated or not, gives version 3's figures to the last digit.
        PurchaseScenario p = server(12);
        p.servers = 3;
        p.leadTimeMonths = 2;
        p.purchases = {{7, 2}};
        p.powerKwPerServer = 6.5;
        p.depreciation = Depreciation::Macrs5;
        p.bulkDiscounts = {{2, 0.05}};
        Workload w = months(30, 20000);
        w.taxRate = 0.21;
        w.discountRate = 0.08;
        const ScenarioResult v3 = evaluate(w, p);
        p.availableFromMonth = 1;
        p.serverPriceTrend = 0.0;
        p.successorValueDrop = 0.0;
        p.infrastructureCapexFraction = 0.0;
        p.paidAtOrderFraction = 1.0;
        p.colocationPerKwMonth = 0.0;
        p.bonusDepreciationFraction = 0.0;
        p.successorMonth = 2; // with no drop, a successor changes nothing
        const ScenarioResult v4 = evaluate(w, p);
        QCOMPARE(v4.total, v3.total);
        QCOMPARE(v4.npv, v3.npv);
        for (std::size_t m = 0; m < v3.months.size(); ++m)
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                QCOMPARE(v4.months[m].cost[c], v3.months[m].cost[c]);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestEngineV4)
#include "tst_enginev4.moc"
