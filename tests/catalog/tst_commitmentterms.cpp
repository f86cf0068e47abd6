// A scenario's commitment from a reserved price, against hand-worked figures (model.md §10.4).
#include "models/catalog/commitmentterms.h"
#include "tests/support/testmain.h"

#include <QTest>

using namespace mltco::catalog;

namespace {

PricePoint reserved(PricingModel model, PurchaseOption option, double hourly, std::optional<double> upfront)
{
    PricePoint p;
    p.provider = QStringLiteral("aws");
    p.instance = QStringLiteral("p4d.24xlarge");
    p.pricing = model;
    p.purchase = option;
    p.offering = OfferingClass::Standard;
    p.amount = hourly;
    p.upfront = upfront;
    return p;
}

} // namespace

class TestCommitmentTerms : public QObject
{
    Q_OBJECT

private slots:
    void allUpfrontThreeYears()
    {
        // p4d.24xlarge, AWS Price List 2025: 3 yr All Upfront $294,558 and $0/h, against $32.7726/h on demand.
        // Effective 294,558 / 26,280 h = $11.20845/h; discount 1 - 11.20845 / 32.7726 = 0.65799.
        const auto t = commitmentFromReservedPrice(
            reserved(PricingModel::Reserved3y, PurchaseOption::AllUpfront, 0.0, 294558.0), 32.7726);
        QVERIFY(t);
        QVERIFY(qAbs(t->discount - (1.0 - (294558.0 / 26280.0) / 32.7726)) < 1e-12);
        QVERIFY(qAbs(t->discount - 0.65799) < 1e-5);
        QCOMPARE(t->upfrontFraction, 1.0);
        QCOMPARE(t->termMonths, 36);
    }

    void partialUpfrontOneYear()
    {
        // $5,000 upfront + $1.00/h for a year against $2.00/h: effective 1 + 5000/8760 = $1.570776/h, discount
        // 0.214612; the term costs 1.570776 x 8760 = $13,760, of which $5,000 upfront: 0.363372.
        const auto t = commitmentFromReservedPrice(
            reserved(PricingModel::Reserved1y, PurchaseOption::PartialUpfront, 1.0, 5000.0), 2.0);
        QVERIFY(t);
        QVERIFY(qAbs(t->discount - 0.214612) < 1e-6);
        QVERIFY(qAbs(t->upfrontFraction - 5000.0 / 13760.0) < 1e-12);
        QCOMPARE(t->termMonths, 12);
    }

    void noUpfront()
    {
        const auto t = commitmentFromReservedPrice(
            reserved(PricingModel::Reserved1y, PurchaseOption::NoUpfront, 1.5, std::nullopt), 2.0);
        QVERIFY(t);
        QCOMPARE(t->discount, 0.25);
        QCOMPARE(t->upfrontFraction, 0.0);
    }

    void whatIsNoCommitment()
    {
        // Dearer than on demand, no on-demand rate, a missing price, or a price that is no reservation.
        QVERIFY(!commitmentFromReservedPrice(
            reserved(PricingModel::Reserved1y, PurchaseOption::NoUpfront, 2.5, std::nullopt), 2.0));
        QVERIFY(!commitmentFromReservedPrice(
            reserved(PricingModel::Reserved1y, PurchaseOption::NoUpfront, 1.5, std::nullopt), 0.0));
        QVERIFY(!commitmentFromReservedPrice(
            reserved(PricingModel::Reserved1y, PurchaseOption::NoUpfront, 1.5, std::nullopt),
            std::numeric_limits<double>::quiet_NaN()));
        PricePoint missing = reserved(PricingModel::Reserved1y, PurchaseOption::NoUpfront, 1.5, std::nullopt);
        missing.amount.reset();
        QVERIFY(!commitmentFromReservedPrice(missing, 2.0));
        PricePoint onDemand = reserved(PricingModel::OnDemand, PurchaseOption::None, 1.5, std::nullopt);
        QVERIFY(!commitmentFromReservedPrice(onDemand, 2.0));
        // Free is a discount of 100 %, beyond what commit_discount allows (0.99).
        QVERIFY(!commitmentFromReservedPrice(reserved(PricingModel::Reserved1y, PurchaseOption::AllUpfront, 0.0, 1.0),
                                             2000.0));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCommitmentTerms)
#include "tst_commitmentterms.moc"
