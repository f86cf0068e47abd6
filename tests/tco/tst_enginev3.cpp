// The engine's version-3 purchase schedules and lead times (model.md §11.1) against hand-worked figures.
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

// A $100,000 server held 6 months and sold for 30 % of its list price; $1,200 a server-year of facilities and
// nothing else, so every figure below can be added up by hand.
PurchaseScenario server()
{
    PurchaseScenario p;
    p.serverPrice = 100000;
    p.holdingMonths = 6;
    p.resaleFraction = 0.3;
    p.facilitiesPerServerYear = 1200;
    p.failuresPerServerYear = 0;
    p.fteAnnualCost = 0;
    return p;
}

Workload months(int horizon)
{
    Workload w;
    w.horizonMonths = horizon;
    w.demandGpuHours = 0;
    return w;
}

} // namespace

class TestEngineV3 : public QObject
{
    Q_OBJECT

private slots:
    void aScheduleBuysItsCohortsWhenItSays()
    {
        // One server in month 1, one more in month 4 and in month 10, horizon 12: the cohorts model.md §10.2's example
        // buys by following demand, here written down. Cohort 1: capex m1 and m7, sold m6 and m12 (-30,000 each);
        // cohort 2: capex m4 and m10, sold m9, its second cycle's residual at m12 after 3 of 6 months,
        // 100,000 - 70,000 x 3/6 = 65,000; cohort 3: capex m10, residual 65,000. Facilities $100 a server-month over
        // 1,1,1,2,2,2,2,2,2,3,3,3 servers = 2,400.
        PurchaseScenario p = server();
        p.servers = 1;
        p.purchases = {{4, 1}, {10, 1}};
        const ScenarioResult r = evaluate(months(12), p);
        QCOMPARE(r.cohorts.size(), std::size_t(3));
        const QList<double> fleet{1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3};
        for (int m = 1; m <= 12; ++m)
            QCOMPARE(r.months[std::size_t(m - 1)].fleet, fleet[m - 1]);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 4, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 7, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 10, Category::Capex), 200000);
        QCOMPARE_NEAR(cost(r, 6, Category::Resale), -30000);
        QCOMPARE_NEAR(cost(r, 9, Category::Resale), -30000);
        QCOMPARE_NEAR(cost(r, 12, Category::Resale), -160000);
        QCOMPARE_NEAR(r.categoryTotal(Category::Facilities), 2400);
        QCOMPARE_NEAR(r.total, 500000 - 220000 + 2400);
    }

    void aMonthOneEntryJoinsTheServersInOneCohort()
    {
        // Clarification 1: 2 servers plus [1, 3] are one cohort of 5, whose size earns the 10 % tier from 5.
        PurchaseScenario p = server();
        p.servers = 2;
        p.purchases = {{1, 3}};
        p.bulkDiscounts = {{5, 0.10}};
        const ScenarioResult r = evaluate(months(6), p);
        QCOMPARE(r.cohorts.size(), std::size_t(1));
        QCOMPARE(r.cohorts[0].servers, 5);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 5 * 90000);
        // Servers 0 with a schedule: nothing until the first entry.
        p.servers = 0;
        p.purchases = {{3, 2}};
        const ScenarioResult later = evaluate(months(6), p);
        QCOMPARE(later.cohorts.size(), std::size_t(1));
        QCOMPARE(later.months[1].fleet, 0.0);
        QCOMPARE(later.months[2].fleet, 2.0);
        QCOMPARE_NEAR(cost(later, 3, Category::Capex), 200000);
    }

    void aLeadTimePaysBeforeItServes()
    {
        // Lead time 2, horizon 12: one server paid in month 1 serves from month 3; two more paid in month 4 serve from
        // month 6.
        // - cohort A: cycle 1 serves 3..8 (paid m1), sold m8 (-30,000); cycle 2 serves from 9 (paid m7, while cycle 1
        //   still serves: clarification 5), its residual at m12 after 4 of 6 months: 100,000 - 70,000 x 4/6.
        // - cohort B (2 servers): cycle 1 serves 6..11 (paid m4), sold m11 (-60,000); cycle 2 serves from 12 (paid
        //   m10), its residual after 1 month: 2 x (100,000 - 70,000 / 6).
        // In service: 0,0,1,1,1,3,3,3,3,3,3,3 = 24 server-months of facilities, $2,400.
        PurchaseScenario p = server();
        p.servers = 1;
        p.purchases = {{4, 2}};
        p.leadTimeMonths = 2;
        const ScenarioResult r = evaluate(months(12), p);
        QCOMPARE(r.cohorts.size(), std::size_t(2));
        QCOMPARE(r.cohorts[0].serviceMonth, 3);
        QCOMPARE(r.cohorts[1].serviceMonth, 6);
        const QList<double> fleet{0, 0, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3};
        for (int m = 1; m <= 12; ++m)
            QCOMPARE(r.months[std::size_t(m - 1)].fleet, fleet[m - 1]);
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 4, Category::Capex), 200000);
        QCOMPARE_NEAR(cost(r, 7, Category::Capex), 100000);
        QCOMPARE_NEAR(cost(r, 10, Category::Capex), 200000);
        QCOMPARE_NEAR(cost(r, 3, Category::Capex), 0);
        QCOMPARE_NEAR(cost(r, 8, Category::Resale), -30000);
        QCOMPARE_NEAR(cost(r, 11, Category::Resale), -60000);
        const double residualA = 100000 - 70000 * 4.0 / 6.0;
        const double residualB = 2 * (100000 - 70000 / 6.0);
        QCOMPARE_NEAR(cost(r, 12, Category::Resale), -(residualA + residualB));
        QCOMPARE_NEAR(r.categoryTotal(Category::Facilities), 2400);
        QCOMPARE_NEAR(r.categoryTotal(Category::Capex), 600000);
        QCOMPARE_NEAR(r.total, 600000 - 90000 - residualA - residualB + 2400);
        // Capacity follows service: none in months 1 and 2.
        QCOMPARE(r.months[1].capacity, 0.0);
        QCOMPARE_NEAR(r.months[2].capacity, 8 * 730);
    }

    void depreciationFollowsTheServiceMonths()
    {
        // Tax 25 %, straight line over the 6-month holding: a server paid in month 1 with a 3-month lead time is
        // written off from month 4, 100,000 / 6 a month, the tax shield 25 % of it; nothing in months 1..3.
        Workload w = months(12);
        w.taxRate = 0.25;
        PurchaseScenario p = server();
        p.facilitiesPerServerYear = 0;
        p.resaleFraction = 0;
        p.creditResidualAtHorizon = false;
        p.leadTimeMonths = 3;
        const ScenarioResult r = evaluate(w, p);
        QCOMPARE_NEAR(r.months[2].depreciation, 0);
        QCOMPARE_NEAR(r.months[3].depreciation, 100000 / 6.0);
        QCOMPARE_NEAR(r.months[8].depreciation, 100000 / 6.0);
        // The second cycle serves from month 10, paid in month 7; written off from month 10.
        QCOMPARE_NEAR(cost(r, 7, Category::Capex), 100000);
        QCOMPARE_NEAR(r.months[9].depreciation, 100000 / 6.0);
        QCOMPARE_NEAR(cost(r, 4, Category::Tax), -0.25 * 100000 / 6.0);
    }

    void noLeadTimeIsVersionTwo()
    {
        // With lead time 0 and no schedule the figures are §10.2's to the last digit.
        PurchaseScenario p = server();
        p.servers = 3;
        const ScenarioResult v2 = evaluate(months(24), p);
        p.leadTimeMonths = 0;
        p.purchases = {};
        const ScenarioResult v3 = evaluate(months(24), p);
        QCOMPARE(v3.total, v2.total);
        QCOMPARE(v3.npv, v2.npv);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestEngineV3)
#include "tst_enginev3.moc"
