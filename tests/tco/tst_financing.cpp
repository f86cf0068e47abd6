// Financing a purchase (model.md §12): loans and leases against hand-worked schedules, with tax, lead times and
// renewals; the plan keys and their refusals; the return on owning over renting (irr_vs) on the seed-000 example.
#include "models/analytics/analysis.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "models/plan/planwriter.h"
#include "models/report/resultjson.h"
#include "models/tco/breakeven.h"
#include "models/tco/engine.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace mltco::tco;

namespace {

double cost(const ScenarioResult &r, int month, Category category)
{
    return r.months[static_cast<std::size_t>(month - 1)].at(category);
}

Workload months(int horizon, double taxRate = 0.0)
{
    Workload w;
    w.horizonMonths = horizon;
    w.demandGpuHours = 0;
    w.taxRate = taxRate;
    return w;
}

// A $100,000 server, $1,200 a server-year of facilities and nothing else to run it.
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

PurchaseScenario onLoan(PurchaseScenario p, double rate, int term, double down = 0.0)
{
    p.financing = Financing::Loan;
    p.loanRate = rate;
    p.loanTermMonths = term;
    p.downPaymentFraction = down;
    return p;
}

double sumOf(const ScenarioResult &r, double MonthRow::*field)
{
    double sum = 0.0;
    for (const MonthRow &row : r.months)
        sum += row.*field;
    return sum;
}

QString details(const mltco::Error &e)
{
    return e.details.join(QLatin1Char('\n'));
}

QByteArray planWithPurchase(const QByteArray &purchaseKeys)
{
    return R"({"name": "financing", "version": 3, "workload": {"horizon_months": 24}, "scenarios": [
        {"name": "own", "kind": "purchase")" +
           purchaseKeys + R"(}]})";
}

} // namespace

class TestFinancing : public QObject
{
    Q_OBJECT

private slots:
    void aLoanPaysLevelInstalmentsWithTheInterestSplit()
    {
        // 20 % down on $100,000 and $80,000 borrowed at 12 % (1 % a month) for 12 months:
        // A = 80,000 x 0.01 / (1 - 1.01^-12) = 7,107.903094 in months 2..13. Interest: 800.00 in month 2 (80,000 x 1 %),
        // then 1 % of 80,000 - (7,107.90 - 800) = 73,692.10, i.e. 736.92 in month 3; 12 A - 80,000 = 5,294.837131 in all.
        const ScenarioResult r = evaluate(months(36), onLoan(server(36), 0.12, 12, 0.2));
        QCOMPARE_NEAR(cost(r, 1, Category::Capex), 20000);
        QCOMPARE(cost(r, 1, Category::Financing), 0.0);
        for (int m = 2; m <= 13; ++m)
            QCOMPARE_NEAR(cost(r, m, Category::Financing), 7107.903094);
        QCOMPARE(cost(r, 14, Category::Financing), 0.0);
        QCOMPARE_NEAR(r.months[1].deductibleFinancing, 800.0);
        QCOMPARE_NEAR(r.months[2].deductibleFinancing, 736.920969);
        QCOMPARE_NEAR(sumOf(r, &MonthRow::deductibleFinancing), 5294.837131);
        QCOMPARE_NEAR(r.categoryTotal(Category::Financing), 85294.837131);
        QCOMPARE_NEAR(r.categoryTotal(Category::Capex), 20000);
        // Ownership is the cash purchase's: resale at 36, depreciation on the whole $100,000.
        QCOMPARE_NEAR(cost(r, 36, Category::Resale), -30000);
        QCOMPARE_NEAR(r.depreciation, 100000);
        // The loan costs its interest over cash: totals differ by exactly that.
        const ScenarioResult cash = evaluate(months(36), server(36));
        QCOMPARE_NEAR(r.total - cash.total, 5294.837131);
    }

    void aLoanOutlivingThePlanIsRepaidInItsLastMonth()
    {
        // $100,000 borrowed for 36 months at 12 % in a 12-month plan: A = 3,321.430981 in months 2..11; month 12 pays the
        // balance after month 11, 100,000 x 1.01^10 - A x (1.01^10 - 1) / 0.01 = 75,712.695674, with its month of
        // interest: 76,469.822631. The principal repaid is the whole $100,000.
        const ScenarioResult r = evaluate(months(12), onLoan(server(36), 0.12, 36));
        QCOMPARE(r.categoryTotal(Category::Capex), 0.0);
        for (int m = 2; m <= 11; ++m)
            QCOMPARE_NEAR(cost(r, m, Category::Financing), 3321.430981);
        QCOMPARE_NEAR(cost(r, 12, Category::Financing), 76469.822631);
        QCOMPARE_NEAR(r.categoryTotal(Category::Financing) - sumOf(r, &MonthRow::deductibleFinancing), 100000);
        QCOMPARE_NEAR(r.months[11].deductibleFinancing, 757.126957);
    }

    void aLoanLongerThanACycleOverlapsTheNext()
    {
        // Held 6 months in a 12-month plan, each cycle on a 12-month loan at 12 %: cycle 1 paid in month 1 repays in
        // months 2..12, cycle 2 paid in month 7 in months 8..12; both loans' balances are cleared in month 12.
        // A = 100,000 x 0.01 / (1 - 1.01^-12) = 8,884.878868.
        const double a = 8884.878868;
        const ScenarioResult r = evaluate(months(12), onLoan(server(6), 0.12, 12));
        for (int m = 2; m <= 7; ++m)
            QCOMPARE_NEAR(cost(r, m, Category::Financing), a);
        for (int m = 8; m <= 11; ++m)
            QCOMPARE_NEAR(cost(r, m, Category::Financing), 2 * a);
        QCOMPARE_NEAR(r.categoryTotal(Category::Financing) - sumOf(r, &MonthRow::deductibleFinancing), 200000);
        // The cycles are sold as for cash.
        QCOMPARE_NEAR(cost(r, 6, Category::Resale), -30000);
        QCOMPARE_NEAR(cost(r, 12, Category::Resale), -30000);
        QCOMPARE(r.categoryTotal(Category::Capex), 0.0);
    }

    void aLoanForServersBoughtInTheLastMonthRepaysAtOnce()
    {
        // Bought in month H = 12 (clarification 32): 25 % down in capex, the $75,000 borrowed repaid in month 12 without
        // interest.
        PurchaseScenario p = onLoan(server(36), 0.12, 36, 0.25);
        p.servers = 0;
        p.purchases = {{12, 1}};
        const ScenarioResult r = evaluate(months(12), p);
        QCOMPARE_NEAR(cost(r, 12, Category::Capex), 25000);
        QCOMPARE_NEAR(cost(r, 12, Category::Financing), 75000);
        QCOMPARE(r.months[11].deductibleFinancing, 0.0);
        QCOMPARE_NEAR(r.categoryTotal(Category::Financing), 75000);
    }

    void aLoanStartsWhenTheServersArePaidNotWhenTheyServe()
    {
        // A 3-month lead time (clarification 34): paid in month 1, repaid from month 2, in service from month 4.
        PurchaseScenario p = onLoan(server(36), 0.0, 4);
        p.leadTimeMonths = 3;
        const ScenarioResult r = evaluate(months(12), p);
        for (int m = 2; m <= 5; ++m)
            QCOMPARE_NEAR(cost(r, m, Category::Financing), 25000); // at 0 % the level payment is 100,000 / 4
        QCOMPARE(cost(r, 6, Category::Financing), 0.0);
        QCOMPARE(r.months[2].fleet, 0.0);
        QCOMPARE(r.months[3].fleet, 1.0);
        QCOMPARE(sumOf(r, &MonthRow::deductibleFinancing), 0.0);
    }

    void aFullDownPaymentIsCash()
    {
        const ScenarioResult loan = evaluate(months(36), onLoan(server(36), 0.12, 12, 1.0));
        const ScenarioResult cash = evaluate(months(36), server(36));
        QCOMPARE(loan.total, cash.total);
        QCOMPARE(loan.categoryTotal(Category::Financing), 0.0);
    }

    void interestIsDeductibleAndPrincipalIsNot()
    {
        // Tax at 25 % on the 20 %-down loan above, straight-line over 36 months (2,777.78 a month):
        // month 1: -0.25 x (100 + 2,777.777778) = -719.444444 (no interest yet);
        // month 2: -0.25 x (100 + 800 + 2,777.777778) = -919.444444;
        // month 36: the sale at 30 % with nothing left on the books, a gain of 30,000: 0.25 x (30,000 - 100 - 2,777.78).
        const ScenarioResult r = evaluate(months(36, 0.25), onLoan(server(36), 0.12, 12, 0.2));
        QCOMPARE_NEAR(cost(r, 1, Category::Tax), -719.444444);
        QCOMPARE_NEAR(cost(r, 2, Category::Tax), -919.444444);
        QCOMPARE_NEAR(cost(r, 36, Category::Tax), 0.25 * (30000 - 100 - 100000.0 / 36));
        // Over the plan the loan's tax differs from cash's by the shield on the interest only.
        const ScenarioResult cash = evaluate(months(36, 0.25), server(36));
        QCOMPARE_NEAR(r.categoryTotal(Category::Tax) - cash.categoryTotal(Category::Tax), -0.25 * 5294.837131);
    }

    void aLeaseIsPaidPerServerInServiceAcrossRenewals()
    {
        // Two servers at 10 % off ($90,000 each) leased at 3 % a month: $2,700 a server-month, from month 3 (a 2-month
        // lead time: nothing is paid before service) to 12, across the 6-month lease's renewal in month 9.
        PurchaseScenario p = server(6);
        p.servers = 2;
        p.bulkDiscounts = {{2, 0.1}};
        p.leadTimeMonths = 2;
        p.financing = Financing::Lease;
        p.leaseRateFactor = 0.03;
        p.leaseTermMonths = 6;
        const ScenarioResult r = evaluate(months(12, 0.25), p);
        QCOMPARE(cost(r, 1, Category::Financing), 0.0);
        QCOMPARE(cost(r, 2, Category::Financing), 0.0);
        for (int m = 3; m <= 12; ++m) {
            QCOMPARE_NEAR(cost(r, m, Category::Financing), 5400);
            // Fully deductible with the facilities ($100 a server-month), nothing depreciated.
            QCOMPARE_NEAR(cost(r, m, Category::Tax), -0.25 * (5400 + 200));
        }
        QCOMPARE(r.categoryTotal(Category::Capex), 0.0);
        QCOMPARE(r.categoryTotal(Category::Resale), 0.0);
        QCOMPARE(r.depreciation, 0.0);
        QCOMPARE(r.gains, 0.0);
        QCOMPARE_NEAR(r.total, 0.75 * (54000 + 2000));
        // The lease term changes no figure (clarification 36); a fixed payment replaces the factor.
        p.leaseTermMonths = 12;
        QCOMPARE(evaluate(months(12, 0.25), p).total, r.total);
        p.leaseRateFactor.reset();
        p.leasePaymentPerServerMonth = 2700;
        QCOMPARE_NEAR(evaluate(months(12, 0.25), p).total, r.total);
    }

    void financingWorksInsideAMix()
    {
        // A leased server as a mix's layer: the mix carries its financing category.
        PurchaseScenario p = server(12);
        p.financing = Financing::Lease;
        p.leasePaymentPerServerMonth = 3000;
        const Scenario layer = p;
        const Scenario *layers[] = {&layer};
        ScenarioResult mix;
        MixScratch scratch;
        evaluateMixInto(months(12), layers, nullptr, 0.85, mix, scratch);
        QCOMPARE_NEAR(mix.categoryTotal(Category::Financing), 36000);
        QCOMPARE_NEAR(mix.total, evaluate(months(12), p).total);
    }

    void aBreakEvenSweepBuysOnTheSameLoan()
    {
        // The sweep evaluates the purchase as it stands but for its server count: each point is the loan-financed total.
        PurchaseScenario p = onLoan(server(36), 0.12, 36, 0.1);
        DedicatedScenario box;
        box.instance = {20.0, 8.0, 1.0};
        box.boxes = 1;
        const auto sweep = breakEvenServers(months(36), p, box, 3);
        QVERIFY(sweep);
        for (const SweepPoint &point : sweep->sweep) {
            PurchaseScenario sized = p;
            sized.servers = point.servers;
            QCOMPARE_NEAR(point.purchaseTotal, evaluate(months(36), sized).total);
            QVERIFY(evaluate(months(36), sized).categoryTotal(Category::Financing) > 0.0);
        }
    }

    void thePlanKeysAreReadWrittenAndRefused()
    {
        const auto plan = readPlan(planWithPurchase(R"(, "financing": "loan", "loan_rate": 0.1, "loan_term_months": 48,
            "down_payment_fraction": 0.1, "lease_rate_factor": 0.03, "lease_term_months": 24)"));
        QVERIFY2(plan, plan ? "" : qPrintable(details(plan.error())));
        const auto &p = std::get<PurchaseScenario>(plan->scenarios[0].scenario);
        QCOMPARE(p.financing, Financing::Loan);
        QCOMPARE(*p.loanRate, 0.1);
        QCOMPARE(*p.loanTermMonths, 48);
        QCOMPARE(p.downPaymentFraction, 0.1);
        QCOMPARE(*p.leaseRateFactor, 0.03);
        QCOMPARE(*p.leaseTermMonths, 24);
        // Written and read back the same, as version 3.
        const QByteArray written = writePlan(*plan);
        QVERIFY(written.contains("\"version\": 3"));
        const auto again = readPlan(written);
        QVERIFY(again);
        QVERIFY(std::get<PurchaseScenario>(again->scenarios[0].scenario) == p);

        const struct
        {
            QByteArray keys;
            const char *path;
        } refused[] = {
            {R"(, "financing": "loan", "loan_term_months": 36)", "scenarios[0].loan_rate: required"},
            {R"(, "financing": "loan", "loan_rate": 0.1)", "scenarios[0].loan_term_months: required"},
            {R"(, "financing": "lease")", "scenarios[0].lease_rate_factor: a lease needs"},
            {R"(, "financing": "lease", "lease_rate_factor": 0.03, "lease_payment_per_server_month": 3000)",
             "scenarios[0].lease_payment_per_server_month: give either"},
            {R"(, "financing": "mortgage")", "scenarios[0].financing: must be one of cash, loan, lease"},
            {R"(, "loan_rate": 1.5)", "scenarios[0].loan_rate: must be a number from 0 to 1"},
            {R"(, "loan_term_months": 121)", "scenarios[0].loan_term_months: must be an integer from 1 to 120"},
            {R"(, "down_payment_fraction": -0.1)", "scenarios[0].down_payment_fraction: must be"},
        };
        for (const auto &c : refused) {
            const auto r = readPlan(planWithPurchase(c.keys));
            QVERIFY2(!r, c.path);
            QVERIFY2(details(r.error()).contains(QLatin1String(c.path)), qPrintable(details(r.error())));
        }
        // Financing on a scenario that is not a purchase (clarification 38).
        const auto cloud = readPlan(R"({"name": "x", "version": 3, "scenarios": [
            {"name": "box", "kind": "dedicated", "rate_per_hour": 3, "financing": "loan"}]})");
        QVERIFY(!cloud);
        QVERIFY2(details(cloud.error()).contains(QStringLiteral("scenarios[0].financing: not a parameter of")),
                 qPrintable(details(cloud.error())));
    }

    void theLoanRateAndLeaseFactorAreOrdinaryUncertainInputs()
    {
        // model.md §12 via §10.9: a loan's rate drawn from 8 % to 16 % moves the loan-financed total, in the Monte Carlo
        // and in the tornado (where the lease factor, given but unused by a loan, moves nothing and is left out).
        const auto plan = readPlan(R"({"name": "risk", "version": 3, "workload": {"horizon_months": 36},
            "scenarios": [{"name": "own", "kind": "purchase", "financing": "loan", "loan_rate": 0.12,
                           "loan_term_months": 36, "lease_rate_factor": 0.03}],
            "uncertainty": [{"target": "own", "parameter": "loan_rate", "distribution": "triangular",
                             "low": 0.08, "mode": 0.12, "high": 0.16}]})");
        QVERIFY2(plan, plan ? "" : qPrintable(details(plan.error())));
        const auto base = evaluatePlan(*plan);
        QVERIFY(base);
        AnalysisOptions options;
        options.trials = 400;
        options.threads = 1;
        const auto risk = analyzePlan(*plan, *base, options);
        QVERIFY2(risk, risk ? "" : qPrintable(details(risk.error())));
        const Percentiles &total = risk->scenarios.front().total;
        QVERIFY2(total.p10 < total.p90, qPrintable(QStringLiteral("%1 .. %2").arg(total.p10).arg(total.p90)));
        // Dearer money, dearer servers: the high rate's total above the low one's, by the interest on $150,000.
        PurchaseScenario at8 = std::get<PurchaseScenario>(base->scenarios.front().scenario), at16 = at8;
        at8.loanRate = 0.08;
        at16.loanRate = 0.16;
        bool found = false;
        for (const TornadoEntry &e : risk->tornado) {
            QVERIFY(e.parameter != ParamId::LeaseRateFactor);
            if (e.parameter != ParamId::LoanRate)
                continue;
            found = true;
            QCOMPARE(e.low, 0.08);
            QCOMPARE(e.high, 0.16);
            QCOMPARE_NEAR(e.totalLow, evaluate(base->workload, at8).total);
            QCOMPARE_NEAR(e.totalHigh, evaluate(base->workload, at16).total);
            QVERIFY(e.totalHigh > e.totalLow);
        }
        QVERIFY(found);
    }

    void theReturnOnOwningOnTheSeedExample()
    {
        // Seed 000's one 8xA100 server against its GCP 8xA100 node held all year ($70,000 a year, $5,833.33 a month).
        // The server: month 1 = 150,000 + 250 facilities + 1,250 failures + 8,333.33 staff = 159,833.33; months 2..35
        // 9,833.33; month 36 the same less the 30 % resale (45,000). Owning saves (cloud - own): -154,000, then -4,000
        // for 34 months, then +41,000 in month 36. The monthly IRR r solves -154,000 - 4,000 (v + ... + v^34) +
        // 41,000 v^35 = 0 with v = 1 / (1 + r): at r = -9 % the left side is -94,480, at -10 % +85,748; bisection gives
        // r = -9.591016 %, (1 + r)^12 - 1 = -70.18 % a year: owning loses 70 % a year against renting the node.
        QFile file(QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto plan = readPlan(file.readAll());
        QVERIFY(plan);
        const auto result = evaluatePlan(*plan);
        QVERIFY(result);
        const EvaluatedScenario *own = nullptr, *node = nullptr;
        for (const EvaluatedScenario &s : result->scenarios) {
            if (s.name == QLatin1String("On-prem 8xA100, 1 server"))
                own = &s;
            if (s.name == QLatin1String("GCP 8xA100 node"))
                node = &s;
        }
        QVERIFY(own && node);
        QCOMPARE_NEAR(node->result.months[0].total - own->result.months[0].total, -154000);
        QCOMPARE_NEAR(node->result.months[35].total - own->result.months[35].total, 41000);
        const std::optional<double> irr = owningReturn(own->result, node->result);
        QVERIFY(irr);
        QVERIFY2(mltco::test::near(*irr, std::pow(1.0 - 0.09591015574843, 12) - 1.0, 1e-9), qPrintable(QString::number(*irr, 'g', 12)));
        QCOMPARE(QString::number(*irr * 100, 'f', 2), QStringLiteral("-70.18"));

        // evaluate --format json names the cheapest cloud option meeting demand and the IRR against it, in both writers.
        const std::size_t position = static_cast<std::size_t>(own - result->scenarios.data());
        const std::optional<OwningVersusCloud> versus = owningVersusCloud(*result, position);
        QVERIFY(versus);
        const EvaluatedScenario &cheapest = result->scenarios[static_cast<std::size_t>(versus->cloud)];
        QVERIFY(isCloudKind(cheapest.kind()));
        for (const EvaluatedScenario &s : result->scenarios)
            if (isCloudKind(s.kind()) && !s.result.hasUnmetDemand())
                QVERIFY(cheapest.result.total <= s.result.total);
        const QJsonObject json = planResultToJson(*result);
        const QJsonObject ownJson = json.value(QStringLiteral("scenarios")).toArray().at(int(position)).toObject();
        const QJsonObject irrVs = ownJson.value(QStringLiteral("irr_vs")).toObject();
        QCOMPARE(irrVs.value(QStringLiteral("cloud")).toString(), cheapest.name);
        QCOMPARE(irrVs.value(QStringLiteral("irr")).toDouble(), *owningReturn(own->result, cheapest.result));
        QVERIFY(!json.value(QStringLiteral("scenarios")).toArray().at(0).toObject().contains(QStringLiteral("irr_vs")));
        const auto prepared = preparePlan(*plan);
        QVERIFY(prepared);
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(writePlanResultJson(*prepared, buffer));
        QCOMPARE(buffer.data(), QJsonDocument(json).toJson(QJsonDocument::Indented));
    }

    void flowsThatNeverChangeSignHaveNoReturn()
    {
        // An owned option dearer every month than the cloud (or cheaper every month) has no IRR: null, not a number.
        ScenarioResult own, cloud;
        own.months.resize(3);
        cloud.months.resize(3);
        for (int i = 0; i < 3; ++i) {
            own.months[std::size_t(i)].total = 10;
            cloud.months[std::size_t(i)].total = 5;
        }
        QVERIFY(!owningReturn(own, cloud));
        cloud.months[0].total = 40; // 30 saved in month 1, 5 lost in months 2 and 3: an IRR exists
        QVERIFY(owningReturn(own, cloud).has_value());
    }
};

MLTCO_TEST_GUILESS_MAIN(TestFinancing)
#include "tst_financing.moc"
