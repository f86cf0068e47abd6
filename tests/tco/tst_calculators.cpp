// The calculators of model.md §6–§7 against the §9 figures and hand-worked cases.
#include "models/tco/calculators.h"
#include "tests/support/testmain.h"

#include <QTest>

#include <cmath>

using namespace mltco::tco;

class TestCalculators final : public QObject
{
    Q_OBJECT

private slots:
    void tflopsPrice_data();
    void tflopsPrice();
    void tflopsPriceIsNotApplicableWithoutAFigure();
    void lambdaAgainstHopper();
    void commitment_data();
    void commitment();
    void utilizationSpotCompounds();
    void egressCompounds_data();
    void egressCompounds();
    void storageTiering();
    void multiGpu();
    void budgetCrossings();
    void leaseVsBuyByHand();
    void internalRateOfReturn();
};

void TestCalculators::tflopsPrice_data()
{
    QTest::addColumn<double>("rate");
    QTest::addColumn<double>("nodeTflops");
    QTest::addColumn<double>("expected"); // as seed 002 prints it (cents)
    // Seed 002: p4d.24xlarge $32.77/h, 8xA100 TF32 ~2,200 -> 32.77 / 2.2 = 14.895 (printed 14.89, 14.90 rounded).
    QTest::newRow("p4d.24xlarge") << 32.77 << 2200.0 << 14.90;
    // GCP a3-highgpu-8g $87.83/h, 8xH100 ~7,120 -> 87.83 / 7.12 = 12.3357 -> 12.34.
    QTest::newRow("a3-highgpu-8g") << 87.83 << 7120.0 << 12.34;
    // Lambda 8xH100 at $2.99 per GPU-hour = 23.92 / 7.12 = 3.3596 -> 3.36.
    QTest::newRow("Lambda 8xH100") << 2.99 * 8 << 7120.0 << 3.36;
}

void TestCalculators::tflopsPrice()
{
    QFETCH(double, rate);
    QFETCH(double, nodeTflops);
    QFETCH(double, expected);
    const std::optional<double> price = pricePer1000TflopsHour(rate, nodeTflops);
    QVERIFY(price);
    QVERIFY2(std::abs(*price - expected) <= 0.005 + 1e-12, qPrintable(QString::number(*price, 'f', 6)));
}

void TestCalculators::tflopsPriceIsNotApplicableWithoutAFigure()
{
    // A GPU without a TF32 unit (V100, RTX 6000, T4) has no figure: n/a, never 0.
    QVERIFY(!pricePer1000TflopsHour(12.24, std::nullopt));
    QVERIFY(!pricePer1000TflopsHour(12.24, 0.0));
    QVERIFY(!pricePer1000TflopsHour(std::nullopt, 2200.0));
    QVERIFY(!relativeChange(std::nullopt, 12.34));
}

void TestCalculators::lambdaAgainstHopper()
{
    // Seed 002: "72.77% Price Reduction" = 1 - 3.36 / 12.34 from its rounded figures; unrounded
    // (3.3596 - 12.3357) / 12.3357 = -72.77 %; both print as -72.8 % at one decimal.
    const auto lambda = pricePer1000TflopsHour(2.99 * 8, 7120.0);
    const auto gcp = pricePer1000TflopsHour(87.83, 7120.0);
    const std::optional<double> change = relativeChange(lambda, gcp);
    QVERIFY(change);
    QVERIFY(std::abs(*change * 100 - (-72.8)) < 0.05);
    QVERIFY(std::abs(*relativeChange(3.36, 12.34) * 100 - (-72.8)) < 0.05);
}

void TestCalculators::commitment_data()
{
    QTest::addColumn<double>("used");
    QTest::addColumn<double>("month");
    QTest::addColumn<double>("utilization");
    QTest::addColumn<bool>("reserve");
    QTest::addColumn<double>("savings");
    // Seed 004: 500 h of 720 at $20/h, 40 % off: u = 69.4 %, break-even 60 %, reserve;
    // on-demand 20 x 500 x 12 = 120,000; committed 20 x 0.6 x 720 x 12 = 103,680; savings 16,320
    // (the seed's 48,000 charges on-demand for all 720 hours).
    QTest::newRow("seed 004") << 500.0 << 720.0 << 500.0 / 720 << true << 16320.0;
    // 400 h of 730: u = 54.8 % < 60 %: stay on demand; committed 105,120 > on-demand 96,000: no savings.
    QTest::newRow("below break-even") << 400.0 << 730.0 << 400.0 / 730 << false << 0.0;
    // Exactly at break-even: 438 h of 730 = 60 %: reserve, savings 0 (equal cost).
    QTest::newRow("at break-even") << 438.0 << 730.0 << 0.6 << true << 0.0;
}

void TestCalculators::commitment()
{
    QFETCH(double, used);
    QFETCH(double, month);
    QFETCH(double, utilization);
    QFETCH(bool, reserve);
    QFETCH(double, savings);
    const CommitmentResult r = mltco::tco::commitment({used, month, 20.0, 0.4});
    QVERIFY(std::abs(r.utilization - utilization) < 1e-12);
    QVERIFY(std::abs(r.breakEvenUtilization - 0.6) < 1e-12);
    QCOMPARE(r.reserve, reserve);
    QVERIFY(std::abs(r.annualSavings - savings) < 1e-6);
    if (used == 500.0) {
        QVERIFY(std::abs(r.utilization * 100 - 69.4) < 0.05); // printed precision
        QCOMPARE(r.onDemandAnnual, 120000.0);
        QVERIFY(std::abs(r.committedAnnual - 103680) < 1e-6);
    }
}

void TestCalculators::utilizationSpotCompounds()
{
    // Seed 004: $200,000/month, utilization 30 % -> 70 %, 60 % moved to spot at 70 % off.
    // after = 200,000 x 0.3/0.7 x (1 - 0.6 x 0.7) = 85,714.29 x 0.58 = 49,714.29;
    // savings 150,285.71/month, 1,803,428.57/yr, 75.1 % (not the seed's added-up 2,057,143 / 86 %).
    const UtilizationSpotResult r = utilizationSpot({200000, 0.30, 0.70, 0.6, 0.7});
    QVERIFY(std::abs(r.afterUtilization - 85714.29) < 0.005);
    QVERIFY(std::abs(r.afterMonthly - 49714.29) < 0.005);
    QVERIFY(std::abs(r.monthlySavings - 150285.71) < 0.005);
    QVERIFY(std::abs(r.annualSavings - 1803428.57) < 0.005);
    QVERIFY(std::abs(r.savingsRate * 100 - 75.1) < 0.05);
    // Exact: savings = 200,000 x (1 - 0.3/0.7 x 0.58) = 200,000 x 0.751428571...
    QVERIFY(std::abs(r.monthlySavings - 200000 * (1 - 0.3 / 0.7 * 0.58)) < 1e-9);
}

void TestCalculators::egressCompounds_data()
{
    QTest::addColumn<QList<double>>("reductions");
    QTest::addColumn<double>("monthlySavings");
    // Seed 004: 10,000 GB at $0.10 = 1,000; locality 30 % then compression 50 % of the rest:
    // after = 1,000 x 0.7 x 0.5 = 350; savings 650/month, 7,800/yr (the seed adds to 800).
    QTest::newRow("locality + compression") << QList<double>{0.3, 0.5} << 650.0;
    // + caching 40 %: 1,000 x 0.7 x 0.5 x 0.6 = 210 -> 790 (the seed's sum would be 1,200, capped at 1,000).
    QTest::newRow("all three") << QList<double>{0.3, 0.5, 0.4} << 790.0;
    QTest::newRow("none") << QList<double>{} << 0.0;
}

void TestCalculators::egressCompounds()
{
    QFETCH(QList<double>, reductions);
    QFETCH(double, monthlySavings);
    const EgressResult r = egress(10000, 0.10, std::vector<double>(reductions.begin(), reductions.end()));
    QVERIFY(std::abs(r.beforeMonthly - 1000) < 1e-9);
    QVERIFY(std::abs(r.monthlySavings - monthlySavings) < 1e-9);
    QVERIFY(std::abs(r.annualSavings - 12 * monthlySavings) < 1e-9);
}

void TestCalculators::storageTiering()
{
    // Seed 003's lifecycle with 365/12 days a month and 1,000 GB written each month:
    // hot 30 d -> 1000 x 30/30.4167 = 986.30 GB x 0.023; warm 60 d -> 1,972.60 GB x 0.0125;
    // cold 275 d -> 9,041.10 GB x 0.004; archive 365 d -> 12,000 GB x 0.00099; all-hot 730 d -> 24,000 GB x 0.023.
    const StorageResult r = mltco::tco::storageTiering(1000, seedStorageTiers());
    QCOMPARE(r.tiers.size(), std::size_t(4));
    const double month = 365.0 / 12;
    QVERIFY(std::abs(r.tiers[0].gigabytes - 1000 * 30 / month) < 1e-9);
    QVERIFY(std::abs(r.tiers[3].gigabytes - 12000) < 1e-9);
    QVERIFY(std::abs(r.gigabytes - 24000) < 1e-9);
    const double tiered = 1000 / month * (30 * 0.023 + 60 * 0.0125 + 275 * 0.004 + 365 * 0.00099);
    QVERIFY(std::abs(r.monthlyCost - tiered) < 1e-9);
    QVERIFY(std::abs(r.allHotMonthlyCost - 552) < 1e-9);
    QVERIFY(std::abs(r.monthlySavings - (552 - tiered)) < 1e-9);
}

void TestCalculators::multiGpu()
{
    // Seed 003: "a 5x speed up ... when using 8x the number of GPUs": e(8) = 5/8.
    const MultiGpuResult r = mltco::tco::multiGpu(8, kSeedEightGpuEfficiency);
    QCOMPARE(r.speedup, 5.0);
    QCOMPARE(r.wallTimeFraction, 0.2);
    QCOMPARE(r.gpuHoursFactor, 1.6);
}

void TestCalculators::budgetCrossings()
{
    // Budget 10,000 a month; months cost 2,000, 6,000, 12,000. 25 % (2,500): month 2 (6,000 >= 2,500), reached
    // 2,500/6,000 of the way in; 50 %: month 2 at 5,000/6,000; 75 %: month 3 at 7,500/12,000; 100 %: month 3;
    // 150 %: never.
    const std::vector<BudgetCrossing> c =
        mltco::tco::budgetCrossings({2000, 6000, 12000}, 10000, {0.25, 0.5, 0.75, 1.0, 1.5});
    QCOMPARE(c.size(), std::size_t(5));
    QCOMPARE(c[0].month, std::optional<int>(2));
    QVERIFY(std::abs(*c[0].fractionOfMonth - 2500.0 / 6000) < 1e-12);
    QCOMPARE(c[1].month, std::optional<int>(2));
    QCOMPARE(c[2].month, std::optional<int>(3));
    QVERIFY(std::abs(*c[2].fractionOfMonth - 0.625) < 1e-12);
    QCOMPARE(c[3].month, std::optional<int>(3));
    QVERIFY(!c[4].month);
    QCOMPARE(seedBudgetThresholds(), (std::vector<double>{0.25, 0.5, 0.75, 1.0}));
}

void TestCalculators::leaseVsBuyByHand()
{
    // model.md §12: price 10,000 over 5 years, tax 34 %, borrowing 7.57575 % (5 % after tax). Leasing saves the price
    // now and costs, each year, the payment after tax and the lost shield 10,000 / 5 x 0.34 = 680: with 2,500 a year
    // 1,650 + 680 = 2,330; the annuity factor at 5 % over 5 years is 4.329477; NAL = 10,000 - 2,330 x 4.329477.
    const LeaseVsBuyResult dear = leaseVsBuy({10000, 5, 2500, 0.34, 0.0757575});
    QCOMPARE(dear.flows.size(), std::size_t(6));
    QCOMPARE(dear.flows[0], 10000.0);
    QVERIFY(std::abs(dear.flows[3] - -2330.0) < 1e-9);
    QVERIFY(std::abs(dear.discountRate - 0.05) < 1e-6);
    QVERIFY(std::abs(dear.nal - -87.68) < 0.005);
    QVERIFY(std::abs(leaseVsBuy({10000, 5, 2000, 0.34, 0.0757575}).nal - 1341.05) < 0.005);
    // No tax, no interest: leasing for 2,000 a year over 5 years costs exactly the price.
    QVERIFY(std::abs(leaseVsBuy({10000, 5, 2000, 0.0, 0.0}).nal) < 1e-9);
}

void TestCalculators::internalRateOfReturn()
{
    QVERIFY(std::abs(*mltco::tco::internalRateOfReturn({-70000, 12000, 15000, 18000, 21000, 26000}) - 0.0866) < 0.00005);
    QVERIFY(std::abs(*mltco::tco::internalRateOfReturn({-70000, 12000, 15000, 18000, 21000}) - -0.0212) < 0.00005);
    // By hand: -100 now and 110 a period later return 10 %.
    QVERIFY(std::abs(*mltco::tco::internalRateOfReturn({-100, 110}) - 0.1) < 1e-12);
    // Flows that never change sign have none.
    QVERIFY(!mltco::tco::internalRateOfReturn({100, 200}));
    QVERIFY(!mltco::tco::internalRateOfReturn({-100, -5}));
    QVERIFY(!mltco::tco::internalRateOfReturn({0, 0}));
}

MLTCO_TEST_GUILESS_MAIN(TestCalculators)
#include "tst_calculators.moc"
