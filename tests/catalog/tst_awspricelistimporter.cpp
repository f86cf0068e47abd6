// The AWS Price List bulk CSV parser, on hand-made files in the real layout (five metadata rows, the full EC2
// header of 2025 and the shorter one of 2017): columns found by name, the traps of the real files (Capacity Block
// rows priced 0.00, the free-tier row, Windows, dedicated and reserved-capacity rows, reserved terms with their
// upfront rows) and refusals with their line numbers.
#include "models/catalog/awspricelistimporter.h"

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
        QCOMPARE(data->prices.size(), 4);
        // 1 free-tier row, 1 Capacity Block, 5 reserved rows, Windows, dedicated, unused reservation, SQL Web, storage
        QCOMPARE(data->rowsSkipped, 12);

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
        QVERIFY2(data->notes.join(u'\n').contains(QStringLiteral("5 reserved-term rows")),
                 qPrintable(data->notes.join(u'\n')));
    }

    void columnsAreFoundByName()
    {
        const Expected<ImportData> straight = parse(readFixture("aws-pricelist-ec2-2025.csv"));
        const Expected<ImportData> reversed = parse(reversedColumns(readFixture("aws-pricelist-ec2-2025.csv")));
        QVERIFY2(reversed, qPrintable(failure(reversed)));
        QCOMPARE(reversed->prices.size(), straight->prices.size());
        for (const PricePoint &p : straight->prices)
            QCOMPARE(*price(*reversed, p.instance, p.region)->amount, *p.amount);
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
        QCOMPARE(data->prices.size(), 3);
        QVERIFY(!price(*data, QStringLiteral("m5.large"), QStringLiteral("us-east-1")));
        QVERIFY(!instance(*data, QStringLiteral("m5.large")));
        QCOMPARE(data->rowsSkipped, 13);
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
        QTest::newRow("currency") << QByteArray("\"32.7726000000\",\"USD\"") << QByteArray("\"32.7726000000\",\"EUR\"")
                                  << QStringLiteral("index.csv:8: Currency is EUR");
        QTest::newRow("price") << QByteArray("\"0.0960000000\"") << QByteArray("\"0,096\"")
                               << QStringLiteral("index.csv:20: PricePerUnit \"0,096\" is not a number");
        QTest::newRow("memory") << QByteArray("\"16 GiB\"") << QByteArray("\"sixteen\"")
                                << QStringLiteral("index.csv:21: Memory \"sixteen\" is not a size in GiB");
        QTest::newRow("term type") << QByteArray(
                                          "\"JRTCKXETXF\",\"6P6XFRNQ8JF7HJZX.JRTCKXETXF.6YS6EN2CT7\",\"OnDemand\"")
                                   << QByteArray("\"JRTCKXETXF\",\"6P6XFRNQ8JF7HJZX.JRTCKXETXF.6YS6EN2CT7\",\"Spot\"")
                                   << QStringLiteral("index.csv:15: TermType \"Spot\"");
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

QTEST_GUILESS_MAIN(TestAwsPriceList)
#include "tst_awspricelistimporter.moc"
