// Hand edits of the catalog: add/edit/delete round trips that restore rows exactly (ids included),
// refusals that leave everything as it was, and the background import runner (progress, cancel).
#include "models/catalog/catalogeditor.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;

namespace {

bool sameRow(const StoredRow &a, const StoredRow &b)
{
    return a.table == b.table && a.columns == b.columns && a.values == b.values;
}

bool sameImage(const CatalogImage &a, const CatalogImage &b)
{
    if (a.table != b.table || a.id != b.id || !sameRow(a.row, b.row) || a.children.size() != b.children.size())
        return false;
    for (qsizetype i = 0; i < a.children.size(); ++i)
        if (!sameRow(a.children[i], b.children[i]))
            return false;
    return true;
}

Gpu newGpu()
{
    Gpu g;
    g.name = QStringLiteral("MI300X 192GB");
    g.vendor = QStringLiteral("AMD");
    g.architecture = QStringLiteral("CDNA 3");
    g.year = 2023;
    g.memoryGb = 192;
    g.tdpW = 750;
    g.throughput = {ThroughputFigure{QStringLiteral("tf32_dense"), 653.7, 1, {}},
                    ThroughputFigure{QStringLiteral("fp32"), 163.4, 1, {}}};
    return g;
}

PricePoint userPrice(double amount)
{
    PricePoint p;
    p.provider = QStringLiteral("aws");
    p.instance = QStringLiteral("p3.8xlarge");
    p.region = QStringLiteral("us-east-1");
    p.pricing = PricingModel::OnDemand;
    p.amount = amount;
    p.observedAt = QDate(2025, 3, 1);
    return p;
}

template <typename T> qint64 idOf(const QList<T> &records, const std::function<bool(const T &)> &match)
{
    for (const T &r : records)
        if (match(r))
            return r.id;
    return 0;
}

} // namespace

class TestCatalogEditor final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_documents = 0;
    std::unique_ptr<store::Document> m_doc;

    qint64 count(const char *table) const
    {
        return *store::queryInt(m_doc->database(), QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)));
    }
    qint64 instanceId(const QString &provider, const QString &name) const
    {
        return idOf<InstanceRecord>(CatalogEditor(m_doc->database()).instanceTypes(), [&](const InstanceRecord &r) {
            return r.type.provider == provider && r.type.name == name;
        });
    }
    qint64 gpuId(const QString &name) const
    {
        return idOf<GpuRecord>(CatalogEditor(m_doc->database()).gpus(),
                               [&](const GpuRecord &r) { return r.gpu.name == name; });
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        auto doc = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("doc-%1").arg(++m_documents)));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
    }

    void cleanup() { m_doc.reset(); }

    void addedGpuIsListedWithItsFiguresAndDeleteThenReinsertRestoresItExactly()
    {
        CatalogEditor editor(m_doc->database());
        Expected<qint64> id = editor.addGpu(newGpu());
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        const auto gpus = editor.gpus();
        const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const GpuRecord &r) { return r.id == *id; });
        QVERIFY(it != gpus.end());
        QCOMPARE(it->gpu.name, QStringLiteral("MI300X 192GB"));
        QCOMPARE(it->gpu.throughput.size(), 2);
        QCOMPARE(it->gpu.throughput.first().source, QStringLiteral("user"));

        Expected<CatalogImage> before = editor.image(CatalogTable::Gpu, *id);
        QVERIFY(before);
        const qint64 throughputRows = count("throughput");
        Expected<QList<CatalogImage>> removed = editor.remove(CatalogTable::Gpu, {*id});
        QVERIFY2(removed, removed ? "" : qPrintable(removed.error().message));
        QVERIFY(sameImage(removed->first(), *before));
        QCOMPARE(count("throughput"), throughputRows - 2);
        QVERIFY(!editor.image(CatalogTable::Gpu, *id));

        QList<CatalogImage> images = *removed;
        QVERIFY(editor.reinsert(images));
        Expected<CatalogImage> after = editor.image(CatalogTable::Gpu, *id);
        QVERIFY(after);
        QVERIFY(sameImage(*after, *before));
    }

    void editedGpuKeepsUnchangedFiguresAndOverwriteUndoesTheEdit()
    {
        CatalogEditor editor(m_doc->database());
        const qint64 id = gpuId(QStringLiteral("A100 40GB"));
        QVERIFY(id > 0);
        Expected<CatalogImage> before = editor.image(CatalogTable::Gpu, id);
        QVERIFY(before);
        const QList<GpuRecord> gpus = editor.gpus();
        Gpu gpu = std::find_if(gpus.cbegin(), gpus.cend(), [&](const GpuRecord &r) { return r.id == id; })->gpu;
        const QString firstFigureId = before->children.first().value(QStringLiteral("id")).toString();
        gpu.memoryGb = 41;
        gpu.speedup = 4.2;
        gpu.throughput.removeLast();
        QVERIFY(editor.updateGpu(id, gpu));
        Expected<CatalogImage> edited = editor.image(CatalogTable::Gpu, id);
        QVERIFY(edited);
        QCOMPARE(edited->row.value(QStringLiteral("memory_gb")).toDouble(), 41.0);
        QCOMPARE(edited->children.size(), before->children.size() - 1);
        QCOMPARE(edited->children.first().value(QStringLiteral("id")).toString(), firstFigureId);

        QVERIFY(editor.overwrite(*before));
        Expected<CatalogImage> restored = editor.image(CatalogTable::Gpu, id);
        QVERIFY(restored);
        QVERIFY(sameImage(*restored, *before));
    }

    void deletingAGpuThatInstanceTypesUseIsRefusedWithTheReason()
    {
        CatalogEditor editor(m_doc->database());
        const qint64 gpus = count("gpu");
        const qint64 figures = count("throughput");
        const qint64 unused = *editor.addGpu(newGpu());
        // One refused id fails the whole request: the unused GPU listed first stays too.
        Expected<QList<CatalogImage>> removed =
            editor.remove(CatalogTable::Gpu, {unused, gpuId(QStringLiteral("A100 40GB"))});
        QVERIFY(!removed);
        QVERIFY2(removed.error().message.contains(QStringLiteral("cannot be deleted")),
                 qPrintable(removed.error().message));
        QVERIFY(removed.error().message.contains(QStringLiteral("instance type")));
        QCOMPARE(count("gpu"), gpus + 1);
        QCOMPARE(count("throughput"), figures + 2);
    }

    void deletingAnInstanceTypeWithPricesIsRefused()
    {
        CatalogEditor editor(m_doc->database());
        const qint64 instances = count("instance_type");
        Expected<QList<CatalogImage>> removed = editor.remove(
            CatalogTable::InstanceType, {instanceId(QStringLiteral("aws"), QStringLiteral("p3.8xlarge"))});
        QVERIFY(!removed);
        QVERIFY2(removed.error().message.contains(QStringLiteral("Delete its prices first")),
                 qPrintable(removed.error().message));
        QCOMPARE(count("instance_type"), instances);
    }

    void instanceTypeAddEditDeleteRoundTrip()
    {
        CatalogEditor editor(m_doc->database());
        InstanceType type{
            QStringLiteral("on_prem"), QStringLiteral("rack-h100"), QStringLiteral("H100 SXM 80GB"), 8, 224, 2048, {}};
        Expected<qint64> id = editor.addInstanceType(type, 320000.0);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        QCOMPARE(CatalogRepository(m_doc->database()).listPrice(QStringLiteral("on_prem"), QStringLiteral("rack-h100")),
                 320000.0);

        Expected<CatalogImage> before = editor.image(CatalogTable::InstanceType, *id);
        QVERIFY(before);
        type.gpuCount = 4;
        QVERIFY(editor.updateInstanceType(*id, type, std::nullopt));
        QCOMPARE(CatalogRepository(m_doc->database())
                     .instanceType(QStringLiteral("on_prem"), QStringLiteral("rack-h100"))
                     ->gpuCount,
                 4.0);
        QVERIFY(editor.overwrite(*before));
        QVERIFY(sameImage(*editor.image(CatalogTable::InstanceType, *id), *before));

        Expected<QList<CatalogImage>> removed = editor.remove(CatalogTable::InstanceType, {*id});
        QVERIFY(removed);
        QVERIFY(
            !CatalogRepository(m_doc->database()).instanceType(QStringLiteral("on_prem"), QStringLiteral("rack-h100")));
        QList<CatalogImage> images = *removed;
        QVERIFY(editor.reinsert(images));
        QVERIFY(sameImage(*editor.image(CatalogTable::InstanceType, *id), *before));
    }

    void invalidWritesAreRefusedInWords_data()
    {
        QTest::addColumn<int>("what");
        QTest::addColumn<QString>("expected");
        QTest::newRow("duplicate GPU") << 0 << QStringLiteral("already in the catalog");
        QTest::newRow("duplicate instance") << 1 << QStringLiteral("already has an instance type");
        QTest::newRow("unknown provider") << 2 << QStringLiteral("no provider");
        QTest::newRow("unknown GPU") << 3 << QStringLiteral("no GPU");
        QTest::newRow("zero price") << 4 << QStringLiteral("above $0");
        QTest::newRow("unknown instance") << 5 << QStringLiteral("no instance type");
    }

    void invalidWritesAreRefusedInWords()
    {
        QFETCH(int, what);
        QFETCH(QString, expected);
        CatalogEditor editor(m_doc->database());
        const qint64 rows = count("gpu") + count("instance_type") + count("price_point");
        Gpu gpu = newGpu();
        gpu.name = QStringLiteral("V100 16GB");
        InstanceType type{QStringLiteral("aws"), QStringLiteral("p3.8xlarge"), {}, 0, 0, 0, {}};
        PricePoint price = userPrice(1.0);
        Error error;
        switch (what) {
        case 0:
            error = editor.addGpu(gpu).error();
            break;
        case 1:
            error = editor.addInstanceType(type, std::nullopt).error();
            break;
        case 2:
            type.provider = QStringLiteral("nowhere");
            error = editor.addInstanceType(type, std::nullopt).error();
            break;
        case 3:
            type.name = QStringLiteral("x1");
            type.gpu = QStringLiteral("Z9000");
            type.gpuCount = 1;
            error = editor.addInstanceType(type, std::nullopt).error();
            break;
        case 4:
            error = editor.addPrice(userPrice(0.0)).error();
            break;
        case 5:
            price.instance = QStringLiteral("p9.huge");
            error = editor.addPrice(price).error();
            break;
        }
        QVERIFY2(error.message.contains(expected), qPrintable(error.message));
        QCOMPARE(count("gpu") + count("instance_type") + count("price_point"), rows);
    }

    void userPriceIsAnObservationThatDeletesAndComesBackWithItsId()
    {
        CatalogEditor editor(m_doc->database());
        Expected<qint64> id = editor.addPrice(userPrice(11.5));
        QVERIFY(id);
        const QList<PriceRecord> prices = editor.prices();
        const auto it = std::find_if(prices.begin(), prices.end(), [&](const PriceRecord &r) { return r.id == *id; });
        QVERIFY(it != prices.end());
        QCOMPARE(it->sourceKind, QStringLiteral("user"));
        QCOMPARE(it->price.amount, 11.5);
        // The seed's observation is still there: nothing is overwritten.
        QCOMPARE(CatalogRepository(m_doc->database())
                     .prices({QStringLiteral("aws"), QStringLiteral("p3.8xlarge"), {}, PricingModel::OnDemand})
                     .size(),
                 2);

        Expected<QList<CatalogImage>> removed = editor.remove(CatalogTable::PricePoint, {*id});
        QVERIFY(removed);
        QList<CatalogImage> images = *removed;
        QVERIFY(editor.reinsert(images));
        QCOMPARE(images.first().id, *id);
        QVERIFY(sameImage(*editor.image(CatalogTable::PricePoint, *id), removed->first()));
    }

    void removingSeveralPricesIsAllOrNothing()
    {
        CatalogEditor editor(m_doc->database());
        const qint64 prices = count("price_point");
        const qint64 first = editor.prices().first().id;
        QVERIFY(!editor.remove(CatalogTable::PricePoint, {first, 999999}));
        QCOMPARE(count("price_point"), prices);
    }

    void reinsertTakesAFreshIdWhenTheOldOneWasTakenMeanwhile()
    {
        CatalogEditor editor(m_doc->database());
        const qint64 id = *editor.addPrice(userPrice(11.5));
        QList<CatalogImage> images = *editor.remove(CatalogTable::PricePoint, {id});
        qint64 other = *editor.addPrice(userPrice(12.5)); // SQLite hands out the freed id again
        if (test::onPostgres() && other != id) {
            // PostgreSQL never hands an id out twice: the new price takes the freed one by hand.
            QVERIFY(store::exec(m_doc->database(), QStringLiteral("UPDATE price_point SET id = ? WHERE id = ?"),
                                {id, other}));
            other = id;
        }
        QCOMPARE(other, id);
        QVERIFY(editor.reinsert(images));
        QVERIFY(images.first().id != id);
        QCOMPARE(
            editor.image(CatalogTable::PricePoint, images.first().id)->row.value(QStringLiteral("amount")).toDouble(),
            11.5);
        QCOMPARE(editor.image(CatalogTable::PricePoint, id)->row.value(QStringLiteral("amount")).toDouble(), 12.5);
    }

    void latestPricesGiveTheNewestObservationPerRegion()
    {
        CatalogEditor editor(m_doc->database());
        const QList<PriceRecord> latest = editor.latestPrices(PricingModel::OnDemand);
        int p4d = 0;
        for (const PriceRecord &r : latest) {
            if (r.price.instance == QLatin1String("p4d.24xlarge")) {
                ++p4d;
                QCOMPARE(r.price.observedAt, QDate(2025, 1, 28));
            }
        }
        QCOMPARE(p4d, 1);
    }

    void importRunnerWritesAFileAndAReimportAddsNothing()
    {
        ImportRequest request;
        request.path = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/generic-prices.csv");
        request.options.observedAt = QDate(2024, 5, 1);
        request.documentPath = m_doc->path();
        const qint64 prices = count("price_point");
        ImportProgress progress;
        Expected<ImportResult> result = runImport(request, progress);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QVERIFY(!result->cancelled);
        QCOMPARE(result->summary.pricesAdded, 7);
        QCOMPARE(CatalogEditor(m_doc->database()).prices(result->summary.batchId).size(), 7);
        QCOMPARE(count("price_point"), prices + 7);

        ImportProgress again;
        Expected<ImportResult> second = runImport(request, again);
        QVERIFY(second);
        QVERIFY(second->summary.alreadyImported);
        QCOMPARE(count("price_point"), prices + 7);
    }

    void cancelledImportWritesNothing()
    {
        ImportRequest request;
        request.path = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/generic-prices.csv");
        request.options.observedAt = QDate(2024, 5, 1);
        request.documentPath = m_doc->path();
        const qint64 prices = count("price_point");
        ImportProgress progress;
        progress.cancel();
        Expected<ImportResult> result = runImport(request, progress);
        QVERIFY(result);
        QVERIFY(result->cancelled);
        QCOMPARE(count("price_point"), prices);
        QCOMPARE(count("import_batch"), 0);
    }

    void badFileIsRejectedWithFileAndLine()
    {
        ImportRequest request;
        request.path = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/generic-bad-rows.csv");
        request.options.observedAt = QDate(2024, 5, 1);
        request.documentPath = m_doc->path();
        const qint64 prices = count("price_point");
        ImportProgress progress;
        Expected<ImportResult> result = runImport(request, progress);
        QVERIFY(!result);
        QVERIFY(!result.error().details.isEmpty());
        QVERIFY2(result.error().details.first().startsWith(QStringLiteral("generic-bad-rows.csv:")),
                 qPrintable(result.error().details.first()));
        QCOMPARE(count("price_point"), prices);
    }

    void skyPilotCloudIsGuessedFromFolderOrName_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("cloud");
        QTest::newRow("folder") << QStringLiteral("/x/catalogs/v8/gcp/vms.csv") << QStringLiteral("gcp");
        QTest::newRow("name") << QStringLiteral("/tmp/skypilot-v8-lambda-vms.csv") << QStringLiteral("lambda");
        QTest::newRow("ambiguous") << QStringLiteral("/tmp/aws-vs-gcp.csv") << QString();
        QTest::newRow("none") << QStringLiteral("/tmp/prices.csv") << QString();
    }

    void skyPilotCloudIsGuessedFromFolderOrName()
    {
        QFETCH(QString, path);
        QFETCH(QString, cloud);
        QCOMPARE(guessSkyPilotCloud(path), cloud);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCatalogEditor)
#include "tst_catalogeditor.moc"
