// The AWS Price List bulk CSV parser, on hand-made files in the real layout (five metadata rows, the full EC2
// header of 2025 and the shorter one of 2017): columns found by name, the traps of the real files (Capacity Block
// rows priced 0.00, the free-tier row, Windows, dedicated and reserved-capacity rows, reserved terms with their
// upfront rows) and refusals with their line numbers.
#include "models/catalog/importers/awspricelistimporter.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;

namespace {

const QDate kObserved(2025, 9, 12);

QString fixture(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/import/") + QLatin1String(name);
}

QByteArray readFixture(const char *name)
{
    QFile file(fixture(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Expected<ImportData> parse(const QByteArray &bytes, bool gpuOnly = false)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    ImportOptions o;
    o.fileName = QStringLiteral("index.csv");
    o.observedAt = kObserved;
    o.skipCpuOnly = gpuOnly;
    return parseAwsPriceList(buffer, o);
}

QString failure(const Expected<ImportData> &result)
{
    return result ? QString() : result.error().message + u'\n' + result.error().details.join(u'\n');
}

const PricePoint *price(const ImportData &data, const QString &instance, const QString &region)
{
    for (const PricePoint &p : data.prices)
        if (p.instance == instance && p.region == region)
            return &p;
    return nullptr;
}

const InstanceType *instance(const ImportData &data, const QString &name)
{
    for (const InstanceType &i : data.instances)
        if (i.name == name)
            return &i;
    return nullptr;
}

/// The file with the columns of its header and of every row after it in reverse order.
QByteArray reversedColumns(const QByteArray &file)
{
    QList<QByteArray> lines = file.split('\n');
    for (qsizetype i = 5; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        // The fixtures quote every field and hold no comma inside one.
        QList<QByteArray> fields = lines[i].split(',');
        std::reverse(fields.begin(), fields.end());
        lines[i] = fields.join(',');
    }
    return lines.join('\n');
}

} // namespace

class TestAwsPriceList : public QObject
{
    Q_OBJECT

private slots:
    void currentLayoutGivesLinuxOnDemandPrices()
    {
        const Expected<ImportData> data = parse(readFixture("aws-pricelist-ec2-2025.csv"));
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->format, QStringLiteral("aws-pricelist"));
        QCOMPARE(data->rowsRead, 16);
        QCOMPARE(data->prices.size(), 7); // 4 on-demand, 3 reserved terms made of 5 rows
        // 1 free-tier row, 1 Capacity Block, Windows, dedicated, unused reservation, SQL Web, storage
        QCOMPARE(data->rowsSkipped, 7);

        const PricePoint *p4d = price(*data, QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(p4d);
        QCOMPARE(p4d->provider, QStringLiteral("aws"));
        QCOMPARE(p4d->pricing, PricingModel::OnDemand);
        QCOMPARE(*p4d->amount, 32.7726); // not the Capacity Block's 0.00 of the same type and region
        QCOMPARE(p4d->unit, PriceUnit::Hour);
        QCOMPARE(p4d->observedAt, kObserved);
        QCOMPARE(*price(*data, QStringLiteral("p3.8xlarge"), QStringLiteral("us-west-2"))->amount, 12.24);
        QCOMPARE(*price(*data, QStringLiteral("m5.large"), QStringLiteral("us-east-1"))->amount, 0.096);
        QCOMPARE(*price(*data, QStringLiteral("g5.xlarge"), QStringLiteral("eu-west-1"))->amount, 1.123);

        const InstanceType *type = instance(*data, QStringLiteral("p4d.24xlarge"));
        QVERIFY(type);
        QCOMPARE(type->gpu, QStringLiteral("A100 40GB"));
        QCOMPARE(type->gpuCount, 8.0);
        QCOMPARE(type->vcpus, 96.0);
        QCOMPARE(type->memoryGb, 1152.0);
        QCOMPARE(instance(*data, QStringLiteral("g5.xlarge"))->gpu, QStringLiteral("A10G 24GB"));
        QCOMPARE(instance(*data, QStringLiteral("m5.large"))->gpuCount, 0.0);
        QVERIFY(instance(*data, QStringLiteral("m5.large"))->gpu.isEmpty());
        QCOMPARE(data->providers.size(), 1);
        QCOMPARE(data->providers.first().name, QStringLiteral("aws"));
        QVERIFY2(data->notes.join(u'\n').contains(QStringLiteral("3 reserved terms")),
                 qPrintable(data->notes.join(u'\n')));

        // Reserved terms, keyed on their term columns: the hourly row and the Upfront Fee row make one price.
        auto term = [&](PricingModel pricing, PurchaseOption purchase) -> const PricePoint * {
            for (const PricePoint &p : data->prices)
                if (p.instance == QLatin1String("p4d.24xlarge") && p.pricing == pricing && p.purchase == purchase)
                    return &p;
            return nullptr;
        };
        const PricePoint *noUpfront = term(PricingModel::Reserved1y, PurchaseOption::NoUpfront);
        QVERIFY(noUpfront);
        QCOMPARE(*noUpfront->amount, 19.2221);
        QVERIFY(!noUpfront->upfront);
        QCOMPARE(noUpfront->offering, OfferingClass::Standard);
        QCOMPARE(*noUpfront->hourly(), 19.2221);
        const PricePoint *allUpfront = term(PricingModel::Reserved3y, PurchaseOption::AllUpfront);
        QVERIFY(allUpfront);
        QCOMPARE(*allUpfront->amount, 0.0); // a real price: nothing by the hour, all paid up front
        QCOMPARE(*allUpfront->upfront, 294558.0);
        QCOMPARE(*allUpfront->hourly(), 294558.0 / (36 * 730)); // the fee spread over the term's 26,280 hours
        const PricePoint *partial = term(PricingModel::Reserved3y, PurchaseOption::PartialUpfront);
        QVERIFY(partial);
        QCOMPARE(partial->offering, OfferingClass::Convertible);
        QCOMPARE(*partial->amount, 6.243);
        QCOMPARE(*partial->upfront, 164066.0);
        QCOMPARE(*partial->hourly(), 6.243 + 164066.0 / (36 * 730));
    }

    void columnsAreFoundByName()
    {
        const Expected<ImportData> straight = parse(readFixture("aws-pricelist-ec2-2025.csv"));
        const Expected<ImportData> reversed = parse(reversedColumns(readFixture("aws-pricelist-ec2-2025.csv")));
        QVERIFY2(reversed, qPrintable(failure(reversed)));
        QCOMPARE(reversed->prices.size(), straight->prices.size());
        for (qsizetype i = 0; i < straight->prices.size(); ++i) {
            const PricePoint &a = straight->prices[i], &b = reversed->prices[i]; // the same rows in the same order
            QCOMPARE(b.instance, a.instance);
            QCOMPARE(b.region, a.region);
            QCOMPARE(b.pricing, a.pricing);
            QCOMPARE(b.purchase, a.purchase);
            QCOMPARE(b.amount, a.amount);
            QCOMPARE(b.upfront, a.upfront);
        }
    }

    void olderLayoutMapsLocationToRegion()
    {
        // 2017: no Region Code, CapacityStatus, MarketOption or RelatedTo. A location outside the table is left out
        // and named in a note, not refused.
        const Expected<ImportData> data = parse(readFixture("aws-pricelist-ec2-2017.csv"));
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->prices.size(), 2);
        QCOMPARE(*price(*data, QStringLiteral("p3.16xlarge"), QStringLiteral("us-east-1"))->amount, 24.48);
        QCOMPARE(*price(*data, QStringLiteral("p3.2xlarge"), QStringLiteral("ap-northeast-1"))->amount, 4.155);
        QCOMPARE(instance(*data, QStringLiteral("p3.16xlarge"))->gpu, QStringLiteral("V100 16GB"));
        QCOMPARE(data->rowsSkipped, 1);
        QVERIFY2(data->notes.join(u'\n').contains(QStringLiteral("Narnia (North)")),
                 qPrintable(data->notes.join(u'\n')));
    }

    void gpuOnlyLeavesOutTypesWithoutGpus()
    {
        const Expected<ImportData> data = parse(readFixture("aws-pricelist-ec2-2025.csv"), true);
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->prices.size(), 6);
        QVERIFY(!price(*data, QStringLiteral("m5.large"), QStringLiteral("us-east-1")));
        QVERIFY(!instance(*data, QStringLiteral("m5.large")));
        QCOMPARE(data->rowsSkipped, 8);
    }

    void publicationDateIsRead()
    {
        QFile file(fixture("aws-pricelist-ec2-2025.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(awsPublicationDate(file), std::optional<QDate>(QDate(2025, 9, 12)));
        QBuffer generic;
        generic.setData("provider,instance_type,region,pricing_model,price,observed_at\n");
        generic.open(QIODevice::ReadOnly);
        QVERIFY(!awsPublicationDate(generic));
    }

    void regionAndFamilyTables()
    {
        QCOMPARE(awsRegionForLocation(QStringLiteral("US East (N. Virginia)")),
                 std::optional<QString>(QStringLiteral("us-east-1")));
        QCOMPARE(awsRegionForLocation(QStringLiteral("EU (Frankfurt)")),
                 std::optional<QString>(QStringLiteral("eu-central-1")));
        QVERIFY(!awsRegionForLocation(QStringLiteral("us-east-1")));
        QCOMPARE(awsFamilyGpu(QStringLiteral("p4de.24xlarge")), QStringLiteral("A100 80GB"));
        QCOMPARE(awsFamilyGpu(QStringLiteral("p5.48xlarge")), QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(awsFamilyGpu(QStringLiteral("p3dn.24xlarge")), QStringLiteral("V100 32GB"));
        QVERIFY(awsFamilyGpu(QStringLiteral("m5.large")).isEmpty());
    }

    void badFilesAreRefusedWithTheirLine_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("message");
        QTest::newRow("another service") << QByteArray("\"OfferCode\",\"AmazonEC2\"")
                                         << QByteArray("\"OfferCode\",\"AmazonRDS\"")
                                         << QStringLiteral(
                                                "index.csv:5: this is the price list of AmazonRDS, not of EC2");
        QTest::newRow("format version") << QByteArray("\"FormatVersion\",\"v1.0\"")
                                        << QByteArray("\"FormatVersion\",\"v2.0\"")
                                        << QStringLiteral("index.csv:1: FormatVersion v2.0");
        QTest::newRow("publication date") << QByteArray("2025-09-12T22:53:08Z") << QByteArray("soon")
                                          << QStringLiteral("index.csv:3: Publication Date \"soon\" is not a date");
        QTest::newRow("no instance type column")
            << QByteArray("\"Instance Type\",") << QByteArray("\"Instance Kind\",")
            << QStringLiteral("index.csv:6: the header lacks the column(s) Instance Type");
        QTest::newRow("currency") << QByteArray("\"32.7726000000\",\"USD\"") << QByteArray("\"32.7726000000\",\"US$\"")
                                  << QStringLiteral("index.csv:8: Currency \"US$\" is not a currency code");
        // Judged per GPU-hour: the eight-GPU p4d.24xlarge may cost up to $80,000 an hour, the CPU-only m5.large
        // (line 20) up to $10,000.
        QTest::newRow("price per GPU") << QByteArray("\"32.7726000000\",\"USD\"") << QByteArray("\"90000\",\"USD\"")
                                       << QStringLiteral("index.csv:8: PricePerUnit 90000 USD/hour for 8 accelerators "
                                                         "is not plausible");
        QTest::newRow("price of a CPU") << QByteArray("\"0.0960000000\"") << QByteArray("\"12000\"")
                                        << QStringLiteral("index.csv:20: PricePerUnit 12000 USD/hour is not plausible");
        QTest::newRow("price") << QByteArray("\"0.0960000000\"") << QByteArray("\"0,096\"")
                               << QStringLiteral("index.csv:20: PricePerUnit \"0,096\" is not a number");
        QTest::newRow("memory") << QByteArray("\"16 GiB\"") << QByteArray("\"sixteen\"")
                                << QStringLiteral("index.csv:21: Memory \"sixteen\" is not a size in GiB");
        QTest::newRow("term type") << QByteArray(
                                          "\"JRTCKXETXF\",\"6P6XFRNQ8JF7HJZX.JRTCKXETXF.6YS6EN2CT7\",\"OnDemand\"")
                                   << QByteArray("\"JRTCKXETXF\",\"6P6XFRNQ8JF7HJZX.JRTCKXETXF.6YS6EN2CT7\",\"Spot\"")
                                   << QStringLiteral("index.csv:15: TermType \"Spot\"");
        QTest::newRow("lease") << QByteArray("\"1yr\",\"No Upfront\"") << QByteArray("\"5yr\",\"No Upfront\"")
                               << QStringLiteral("index.csv:10: LeaseContractLength \"5yr\" is neither 1yr nor 3yr");
        QTest::newRow("purchase option") << QByteArray("\"3yr\",\"All Upfront\"")
                                         << QByteArray("\"3yr\",\"Some Upfront\"")
                                         << QStringLiteral("index.csv:11: PurchaseOption \"Some Upfront\"");
        QTest::newRow("reserved unit") << QByteArray("\"Quantity\",\"294558\"") << QByteArray("\"Days\",\"294558\"")
                                       << QStringLiteral(
                                              "index.csv:12: a reserved price for p4d.24xlarge is per \"Days\"");
        QTest::newRow("upfront of zero") << QByteArray("\"Quantity\",\"294558\"") << QByteArray("\"Quantity\",\"0\"")
                                         << QStringLiteral("index.csv:12: Upfront Fee 0 USD is not plausible");
        QTest::newRow("not a price list") << QByteArray("\"FormatVersion\",\"v1.0\"")
                                          << QByteArray("provider,instance_type,region,pricing_model,price,observed_at")
                                          << QStringLiteral("index.csv:1: expected the metadata row \"FormatVersion\"");
    }

    void badFilesAreRefusedWithTheirLine()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, message);
        QByteArray file = readFixture("aws-pricelist-ec2-2025.csv");
        QVERIFY(file.contains(from));
        file.replace(from, to);
        const Expected<ImportData> data = parse(file);
        QVERIFY(!data);
        QVERIFY2(failure(data).contains(message), qPrintable(failure(data)));
    }

    void aPriceListInAnotherCurrencyKeepsIt()
    {
        // AWS's China regions publish their price lists in yuan: every price keeps CNY, and the bounds scale with it
        // (¥32.7726 an hour is plausible; so would be ¥327,726 for the eight-GPU p4d, not ¥3,277,260,000).
        QByteArray file = readFixture("aws-pricelist-ec2-2025.csv");
        file.replace(",\"USD\",", ",\"CNY\",");
        const Expected<ImportData> data = parse(file);
        QVERIFY2(data, qPrintable(failure(data)));
        QVERIFY(!data->prices.isEmpty());
        for (const PricePoint &p : data->prices)
            QCOMPARE(p.currency, QStringLiteral("CNY"));
        file.replace("\"32.7726000000\",\"CNY\"", "\"3277260000\",\"CNY\"");
        const Expected<ImportData> implausible = parse(file);
        QVERIFY(!implausible);
        QVERIFY2(failure(implausible).contains(QStringLiteral("CNY/hour for 8 accelerators is not plausible")),
                 qPrintable(failure(implausible)));
    }

    void reservedTermsMustBeWhole()
    {
        // A Partial or All Upfront term is its hourly row and its Upfront Fee row, in either order; one without the
        // other is refused at its line, and so is a fee for a No Upfront term.
        const QByteArray file = readFixture("aws-pricelist-ec2-2025.csv");
        QList<QByteArray> lines = file.split('\n');
        QVERIFY(lines[11].contains("All Upfront") && lines[11].contains("Quantity")); // line 12, its hourly row on 11
        QList<QByteArray> swapped = lines;
        std::swap(swapped[10], swapped[11]); // the fee row before its hourly row
        Expected<ImportData> data = parse(swapped.join('\n'));
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->prices.size(), 7);

        QList<QByteArray> noFee = lines;
        noFee.removeAt(11);
        data = parse(noFee.join('\n'));
        QVERIFY(!data);
        QVERIFY2(
            failure(data).contains(QStringLiteral("index.csv:11: an All Upfront term without its Upfront Fee row")),
            qPrintable(failure(data)));

        QList<QByteArray> onlyFee = lines;
        onlyFee.removeAt(10);
        data = parse(onlyFee.join('\n'));
        QVERIFY(!data);
        QVERIFY2(failure(data).contains(QStringLiteral("index.csv:11: an Upfront Fee row without the hourly row")),
                 qPrintable(failure(data)));

        QList<QByteArray> feeForNoUpfront = lines;
        QByteArray fee = lines[11];
        fee.replace("\"NQ3QZPMQV9\"", "\"4NA7Y494T4\"").replace("\"3yr\",\"All Upfront\"", "\"1yr\",\"No Upfront\"");
        feeForNoUpfront.insert(10, fee);
        data = parse(feeForNoUpfront.join('\n'));
        QVERIFY(!data);
        QVERIFY2(failure(data).contains(QStringLiteral("index.csv:11: an Upfront Fee row for a No Upfront term")),
                 qPrintable(failure(data)));
    }

    void emptyAndTruncatedFilesAreRefused()
    {
        Expected<ImportData> data = parse(QByteArray());
        QVERIFY(!data);
        QVERIFY2(failure(data).contains(QStringLiteral("the file is empty")), qPrintable(failure(data)));
        data = parse("\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"x\"\n");
        QVERIFY(!data);
        QVERIFY2(failure(data).contains(QStringLiteral("ends inside its metadata rows")), qPrintable(failure(data)));
        const QByteArray full = readFixture("aws-pricelist-ec2-2025.csv");
        data = parse(full.left(full.indexOf("\"SKU\"")));
        QVERIFY(!data);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestAwsPriceList)
#include "tst_awspricelistimporter.moc"
