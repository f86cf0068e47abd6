// The Spare Cores importer, on databases built at run time from hand-made SQL scripts in the layout sc-crawler
// creates (tests/data/import/sparecores-*.sql): enum names in either case, the older gpu_* and the newer
// accelerator_* columns, what is kept and skipped, GPU names mapped to the GPU table, the licence on every price,
// and files refused whole (not SQLite, a table or column missing, a bad price) leaving a document as it was.
#include "feedfixtures.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/catalog/importers/sparecoresimporter.h"
#include "models/store/document.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;
using testing::buildDatabase;
using testing::documentContents;
using testing::importFixture;

namespace {

QString failure(const Expected<ImportData> &result)
{
    return result ? QString() : result.error().message + u'\n' + result.error().details.join(u'\n');
}

const PricePoint *price(const ImportData &data, const QString &instance, PricingModel pricing)
{
    for (const PricePoint &p : data.prices)
        if (p.instance == instance && p.pricing == pricing)
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

} // namespace

class TestSpareCoresImporter final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_servers, m_accelerators;

    Expected<ImportData> parse(const QString &path, bool gpuOnly = false, QDate observedAt = {})
    {
        ImportOptions o;
        o.fileName = QStringLiteral("sc-data-all.db");
        o.skipCpuOnly = gpuOnly;
        o.observedAt = observedAt;
        return parseSpareCores(path, o);
    }

    /// A copy of the servers database after `sql` ran on it.
    QString altered(const char *name, const char *sql)
    {
        const QString path = m_dir.filePath(QLatin1String(name));
        QFile::remove(path);
        if (!QFile::copy(m_servers, path))
            return {};
        const QString script = m_dir.filePath(QLatin1String(name) + QStringLiteral(".sql"));
        QFile f(script);
        if (!f.open(QIODevice::WriteOnly) || f.write(sql) < 0)
            return {};
        f.close();
        // buildDatabase() starts from a fresh file; run the change on the copy instead.
        sqlite3 *db = nullptr;
        sqlite3_open(QFile::encodeName(path).constData(), &db);
        const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
        sqlite3_close(db);
        return rc == SQLITE_OK ? path : QString();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_servers = m_dir.filePath(QStringLiteral("sc-data-all.db"));
        m_accelerators = m_dir.filePath(QStringLiteral("sc-data-accelerators.db"));
        QString error = buildDatabase(importFixture("sparecores-servers.sql"), m_servers);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = buildDatabase(importFixture("sparecores-accelerators.sql"), m_accelerators);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(QFile(m_servers).size() < 200 * 1024);
    }

    void onDemandAndSpotPricesAreKeptWhateverTheCaseOfTheirEnums()
    {
        const Expected<ImportData> data = parse(m_servers);
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->format, QStringLiteral("sparecores"));
        QCOMPARE(data->rowsRead, 13);
        QCOMPARE(data->prices.size(), 7); // with Hetzner's price in euros
        QCOMPARE(data->rowsSkipped, 6);
        const PricePoint *p4d = price(*data, QStringLiteral("p4d.24xlarge"), PricingModel::OnDemand); // ONDEMAND
        QVERIFY(p4d);
        QCOMPARE(*p4d->amount, 32.7726);
        QCOMPARE(p4d->provider, QStringLiteral("aws"));
        QCOMPARE(p4d->region, QStringLiteral("us-east-1"));
        QVERIFY(p4d->zone.isEmpty()); // the zone is the region: a regional price
        QCOMPARE(p4d->observedAt, QDate(2025, 4, 10));
        const PricePoint *spot = price(*data, QStringLiteral("p4d.24xlarge"), PricingModel::Spot); // spot, hour
        QVERIFY(spot);
        QCOMPARE(*spot->amount, 9.8318);
        QCOMPARE(spot->zone, QStringLiteral("use1-az1"));
        QCOMPARE(spot->observedAt, QDate(2025, 4, 11));
        QVERIFY(price(*data, QStringLiteral("m5.large"), PricingModel::OnDemand)); // Ondemand, Hour, Active
        const PricePoint *a2 = price(*data, QStringLiteral("a2-ultragpu-1g"), PricingModel::OnDemand);
        QVERIFY(a2); // named by api_reference, not the numeric server_id
        QCOMPARE(a2->region, QStringLiteral("1230"));
    }

    void reservedOtherUnitsSystemsInactiveAndZeroAreSkipped()
    {
        const Expected<ImportData> data = parse(m_servers);
        QVERIFY2(data, qPrintable(failure(data)));
        QVERIFY(!price(*data, QStringLiteral("p5.48xlarge"), PricingModel::Reserved1y));
        QVERIFY(!price(*data, QStringLiteral("p5.48xlarge"), PricingModel::Spot));    // 0.0
        QVERIFY(!price(*data, QStringLiteral("p3.2xlarge"), PricingModel::OnDemand)); // inactive server
        // model.md §13: Hetzner's price in euros imports in euros; the dollar prices say so too.
        const PricePoint *cx22 = price(*data, QStringLiteral("cx22"), PricingModel::OnDemand);
        QVERIFY(cx22);
        QCOMPARE(*cx22->amount, 0.006);
        QCOMPARE(cx22->currency, QStringLiteral("EUR"));
        QCOMPARE(price(*data, QStringLiteral("m5.large"), PricingModel::OnDemand)->currency, QStringLiteral("USD"));
        for (const PricePoint &p : data->prices) {
            QVERIFY(*p.amount != 0.56653); // Windows
            QVERIFY(*p.amount != 70.08);   // per month
            QVERIFY(*p.amount != 1.6);     // inactive price
        }
        const QString notes = data->notes.join(u'\n');
        for (const char *expected :
             {"1 reserved price left out (the data gives no term length)", "1 price per a unit other than the hour",
              "1 price for an operating system other than Linux",
              "2 inactive prices or servers", "1 price of 0 left out"})
            QVERIFY2(notes.contains(QLatin1String(expected)), qPrintable(notes));
    }

    void theLicenceIsRecordedOnEveryPrice()
    {
        const Expected<ImportData> data = parse(m_servers);
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->licence, QStringLiteral("CC BY-SA 4.0"));
        QVERIFY(!data->prices.isEmpty());
        for (const PricePoint &p : data->prices)
            QVERIFY2(p.note.contains(QStringLiteral("CC BY-SA 4.0")), qPrintable(p.note));
    }

    void gpuModelsAreMappedToTheGpuTableByNameAndMemory()
    {
        const Expected<ImportData> data = parse(m_servers);
        QVERIFY2(data, qPrintable(failure(data)));
        const InstanceType *p4d = instance(*data, QStringLiteral("p4d.24xlarge"));
        QVERIFY(p4d);
        QCOMPARE(p4d->gpu, QStringLiteral("A100 40GB"));
        QCOMPARE(p4d->gpuCount, 8.0);
        QCOMPARE(p4d->vcpus, 96.0);
        QCOMPARE(p4d->memoryGb, 1152.0); // 1,179,648 MiB
        QCOMPARE(instance(*data, QStringLiteral("a2-ultragpu-1g"))->gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(instance(*data, QStringLiteral("p5.48xlarge"))->gpu, QStringLiteral("H100 SXM 80GB"));
        QVERIFY(instance(*data, QStringLiteral("m5.large"))->gpu.isEmpty());
        // The seed's GPU table lists AWS's accelerated instances' GPUs, the g4ad's AMD Radeon Pro V520 among them.
        QCOMPARE(instance(*data, QStringLiteral("g4ad.xlarge"))->gpu, QStringLiteral("Radeon Pro V520"));
        QVERIFY2(!data->notes.join(u'\n').contains(QStringLiteral("not in mltco's GPU table")),
                 qPrintable(data->notes.join(u'\n')));
        // A GPU model the table does not know is imported under the file's name, and the notes say so.
        const QString unknownPath = altered(
            "unknown-gpu.db", "UPDATE server SET gpu_model = 'Radeon Pro V999' WHERE gpu_model = 'Radeon Pro V520';");
        QVERIFY(!unknownPath.isEmpty());
        const Expected<ImportData> renamed = parse(unknownPath);
        QVERIFY2(renamed, qPrintable(failure(renamed)));
        QCOMPARE(instance(*renamed, QStringLiteral("g4ad.xlarge"))->gpu, QStringLiteral("Radeon Pro V999"));
        QVERIFY2(renamed->notes.join(u'\n').contains(QStringLiteral("not in mltco's GPU table (imported under the "
                                                                    "file's name): Radeon Pro V999")),
                 qPrintable(renamed->notes.join(u'\n')));
        QCOMPARE(feedGpuName(QStringLiteral("V100"), 32), QStringLiteral("V100 32GB"));
        QCOMPARE(feedGpuName(QStringLiteral("T4"), 15), QStringLiteral("T4 16GB"));
    }

    void theNewerAcceleratorColumnsAreRead()
    {
        const Expected<ImportData> data = parse(m_accelerators);
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->prices.size(), 3);
        const InstanceType *nd = instance(*data, QStringLiteral("Standard_ND96isr_H100_v5"));
        QVERIFY(nd);
        QCOMPARE(nd->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(nd->gpuCount, 8.0);
        QCOMPARE(instance(*data, QStringLiteral("Standard_NC24ads_A100_v4"))->gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(*price(*data, QStringLiteral("Standard_NC24ads_A100_v4"), PricingModel::Spot)->amount, 0.7345);
        QCOMPARE(price(*data, QStringLiteral("Standard_NC24ads_A100_v4"), PricingModel::Spot)->zone,
                 QStringLiteral("1"));
    }

    void gpuOnlyLeavesOutServersWithoutGpus()
    {
        const Expected<ImportData> data = parse(m_servers, true);
        QVERIFY2(data, qPrintable(failure(data)));
        QVERIFY(!instance(*data, QStringLiteral("m5.large")));
        QVERIFY(!price(*data, QStringLiteral("m5.large"), PricingModel::OnDemand));
        QCOMPARE(data->prices.size(), 5);
    }

    void aGivenDateDatesEveryPrice()
    {
        const Expected<ImportData> data = parse(m_servers, false, QDate(2025, 5, 1));
        QVERIFY2(data, qPrintable(failure(data)));
        for (const PricePoint &p : data->prices)
            QCOMPARE(p.observedAt, QDate(2025, 5, 1));
        QCOMPARE(spareCoresSnapshotDate(m_servers), QDate(2025, 4, 11));
    }

    void aFileThatIsNotSpareCoresIsRefusedNamingWhatIsMissing_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        const QString text = m_dir.filePath(QStringLiteral("not.db"));
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("vendor_id,server_id\n") > 0);
        f.close();
        QTest::newRow("not SQLite") << text << "it is not an SQLite database";
        QTest::newRow("no server_price") << altered("no-prices.db", "DROP TABLE server_price")
                                         << "it lacks the table server_price";
        QTest::newRow("no GPU count") << altered("no-gpu.db", "ALTER TABLE server DROP COLUMN gpu_count")
                                      << "it lacks the column(s) server.gpu_count (or accelerator_count)";
        QTest::newRow("no currency") << altered("no-currency.db", "ALTER TABLE server_price DROP COLUMN currency")
                                     << "server_price.currency";
        QTest::newRow("missing file") << m_dir.filePath(QStringLiteral("absent.db")) << "it cannot be read";
    }
    void aFileThatIsNotSpareCoresIsRefusedNamingWhatIsMissing()
    {
        QFETCH(QString, path);
        QFETCH(QString, reason);
        QVERIFY(!path.isEmpty());
        const Expected<ImportData> data = parse(path);
        QVERIFY(!data);
        QVERIFY2(data.error().message.contains(reason), qPrintable(data.error().message));
    }

    void aBadPriceRefusesTheFileAndLeavesTheDocumentAsItWas()
    {
        auto opened = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("sparecores")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        std::unique_ptr<store::Document> doc = std::move(*opened);

        ImportRequest good;
        good.path = m_accelerators;
        good.format = PriceFileFormat::SpareCores;
        ImportProgress progress;
        Expected<ImportResult> imported = importPriceFile(doc->database(), good, progress);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(imported->summary.pricesAdded, 3);
        QCOMPARE(imported->observedAt, QDate(2025, 6, 2)); // the snapshot's newest observation
        QSqlQuery q(doc->database());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM price_point WHERE note LIKE '%CC BY-SA 4.0%'")) &&
                q.next());
        QCOMPARE(q.value(0).toInt(), 3);
        QVERIFY(q.exec(QStringLiteral("SELECT note FROM source WHERE kind = 'import'")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("Licence: CC BY-SA 4.0"));
        const QStringList before = documentContents(doc->database());

        ImportRequest bad = good;
        bad.path = altered("negative.db", "UPDATE server_price SET price = -5 WHERE server_id = 'p5.48xlarge' AND "
                                          "allocation = 'ONDEMAND'");
        QVERIFY(!bad.path.isEmpty());
        ImportProgress again;
        Expected<ImportResult> refused = importPriceFile(doc->database(), bad, again);
        QVERIFY(!refused);
        QVERIFY2(refused.error().details.join(u'\n').contains(
                     QStringLiteral("negative.db: server_price aws/us-east-1/us-east-1/p5.48xlarge/ONDEMAND: price -5 "
                                    "is negative")),
                 qPrintable(refused.error().details.join(u'\n')));
        QCOMPARE(documentContents(doc->database()), before);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestSpareCoresImporter)
#include "tst_sparecoresimporter.moc"
