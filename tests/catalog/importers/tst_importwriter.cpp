// The streamed import (importPriceFile, ImportWriter): a file of several chunks lands exactly as the whole-file import
// writes it, a later row's description of an instance type reaches the document, a bad row or a cancel after chunks
// were written leaves the document as it was, and the parents of every written price are proven before the commit.
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/genericcsvimporter.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/importers/pricebulkinsert.h"
#include "models/common/filehash.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <numeric>
#include <random>

#include <chrono>
#include <thread>

using namespace mltco;
using namespace mltco::catalog;

namespace {

// Rows the streamed import hands the writer at a time here (ImportRequest::chunkRows): an eighth of the default, so
// files of several chunks are an eighth the size; the code that cuts and writes them is the same.
constexpr qint64 kChunk = 8192;

/// `rows` price rows of 12 instance types of two providers, interleaved as a real file is (not in index order),
/// dates spread over a year, some prices missing. `extra` is appended as written.
QByteArray priceCsv(qint64 rows, const QByteArray &extra = {})
{
    QByteArray out = "provider,instance_type,region,zone,pricing_model,price,observed_at,gpu,gpu_count,note\n";
    for (qint64 i = 0; i < rows; ++i) {
        const int type = int(i % 12);
        const char *provider = type < 6 ? "alpha" : "beta";
        const int cents = (i % 97 == 0) ? 0 : int(100 + (i * 37) % 5000);
        out += provider;
        out += ",gpu-" + QByteArray::number(type) + ",region-" + QByteArray::number((i / 5) % 7) + ",zone-" +
               QByteArray::number(i % 3) + (i % 2 ? ",spot," : ",on_demand,") + QByteArray::number(cents / 100) + '.' +
               QByteArray::number(cents % 100).rightJustified(2, '0') + ',' +
               QDate(2024, 1, 1).addDays(int(i * 365 / rows)).toString(Qt::ISODate).toLatin1() + ",A100 80GB," +
               QByteArray::number(1 << (type % 4)) + (i % 1000 == 0 ? ",checked by hand\n" : ",\n");
    }
    return out + extra;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// Every row of the tables an import touches, in a fixed order and without row ids, so two documents written by
/// different paths compare equal when they hold the same things.
QStringList contents(const QSqlDatabase &db)
{
    QStringList out;
    for (const char *sql : {
             "SELECT name, display_name, kind FROM provider ORDER BY name",
             "SELECT name FROM gpu ORDER BY name",
             "SELECT p.name, i.name, COALESCE(g.name, ''), i.gpu_count, i.vcpus, i.memory_gb FROM instance_type i "
             "JOIN provider p ON p.id = i.provider_id LEFT JOIN gpu g ON g.id = i.gpu_id ORDER BY p.name, i.name",
             "SELECT format, file_name, sha256, observed_at, rows_added FROM import_batch ORDER BY id",
             "SELECT key, kind, title, sha256 FROM source WHERE kind = 'import' ORDER BY key",
             "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, COALESCE(pp.amount, -1), pp.unit, "
             "pp.observed_at, pp.note, s.key FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id "
             "JOIN provider p ON p.id = i.provider_id JOIN source s ON s.id = pp.source_id "
             "ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10",
         }) {
        QSqlQuery q(db);
        if (!q.exec(QString::fromLatin1(sql)))
            return {QStringLiteral("query failed: ") + QString::fromLatin1(sql)};
        const int columns = q.record().count();
        while (q.next()) {
            QStringList row;
            for (int c = 0; c < columns; ++c)
                row << q.value(c).toString();
            out << row.join(QLatin1Char('|'));
        }
    }
    return out;
}

qint64 count(const QSqlDatabase &db, const char *table)
{
    return *store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)));
}

/// 1 when the connection checks foreign keys: SQLite's setting, which an import turns off while it writes and must
/// turn back on; PostgreSQL checks them always.
qint64 foreignKeys(const QSqlDatabase &db)
{
    return test::onPostgres() ? 1 : *store::queryInt(db, QStringLiteral("PRAGMA foreign_keys"));
}

/// How many price indexes the document has (the import drops SQLite's while it writes, and builds it again).
qint64 priceIndexes(const QSqlDatabase &db)
{
    return *store::queryInt(
        db, test::onPostgres()
                ? QStringLiteral("SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = "
                                 "'%1'")
                      .arg(QLatin1String(store::kPricePointIndexName))
                : QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = '%1'")
                      .arg(QLatin1String(store::kPricePointIndexName)));
}

/// No row refers to a row the document does not hold. SQLite's rows are checked here (an import writes them with its
/// checks off); PostgreSQL refuses such a row when it is written.
bool nothingDangles(const QSqlDatabase &db)
{
    if (test::onPostgres())
        return true;
    QSqlQuery fk(db);
    return fk.exec(QStringLiteral("PRAGMA foreign_key_check")) && !fk.next();
}

/// A trigger that refuses every price observed from October 2024 on, as a full disk would refuse a write.
bool addFailingTrigger(const QSqlDatabase &db)
{
    if (!test::onPostgres())
        return bool(
            store::execPlain(db, QStringLiteral("CREATE TEMP TRIGGER fail_late BEFORE INSERT ON main.price_point "
                                                "WHEN NEW.observed_at >= '2024-10-01' BEGIN "
                                                "SELECT RAISE(ABORT, 'no space left on the disk'); END")));
    return store::execPlain(db, QStringLiteral("CREATE FUNCTION fail_late() RETURNS trigger LANGUAGE plpgsql AS $$ "
                                               "BEGIN RAISE EXCEPTION 'no space left on the disk'; END $$")) &&
           store::execPlain(db, QStringLiteral("CREATE TRIGGER fail_late BEFORE INSERT ON price_point FOR EACH ROW "
                                               "WHEN (NEW.observed_at >= '2024-10-01') EXECUTE FUNCTION fail_late()"));
}

bool dropFailingTrigger(const QSqlDatabase &db)
{
    if (!test::onPostgres())
        return bool(store::execPlain(db, QStringLiteral("DROP TRIGGER temp.fail_late")));
    return store::execPlain(db, QStringLiteral("DROP TRIGGER fail_late ON price_point")) &&
           store::execPlain(db, QStringLiteral("DROP FUNCTION fail_late()"));
}

} // namespace

class TestImportWriter final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_documents = 0;

    std::unique_ptr<store::Document> newDocument()
    {
        auto doc = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("doc-%1").arg(++m_documents)));
        if (!doc)
            qFatal("%s", qPrintable(doc.error().message));
        return std::move(*doc);
    }

    static ImportRequest request(const QString &path)
    {
        ImportRequest r;
        r.path = path;
        r.options.observedAt = QDate(2025, 1, 1);
        r.chunkRows = kChunk;
        return r;
    }

    /// A file of `rows` generated rows, written as `name` and parsed whole.
    std::optional<ImportData> parsed(const QString &name, qint64 rows)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!writeFile(path, priceCsv(rows)) || !file.open(QIODevice::ReadOnly))
            return std::nullopt;
        Expected<ImportData> data = parseGenericCsv(file, request(path).options);
        return data ? std::optional<ImportData>(std::move(*data)) : std::nullopt;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void streamedImportOfSeveralChunksEqualsTheWholeFileImport()
    {
        const QString csv = m_dir.filePath(QStringLiteral("three-chunks.csv"));
        QVERIFY(writeFile(csv, priceCsv(2 * kChunk + 1234)));

        auto streamed = newDocument();
        ImportProgress progress;
        Expected<ImportResult> result = importPriceFile(streamed->database(), request(csv), progress);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->summary.pricesAdded, 2 * kChunk + 1234);
        QCOMPARE(result->rowsRead, 2 * kChunk + 1234);
        QCOMPARE(progress.rowsWritten(), 2 * kChunk + 1234);
        QCOMPARE(result->summary.instancesAdded, 12);
        QCOMPARE(result->summary.providersAdded, 2);
        QCOMPARE(result->summary.pricesByProvider.value(QStringLiteral("alpha")) +
                     result->summary.pricesByProvider.value(QStringLiteral("beta")),
                 2 * kChunk + 1234);

        // The same file parsed whole and written in one piece.
        auto whole = newDocument();
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        ImportOptions options = request(csv).options;
        options.fileName = QStringLiteral("three-chunks.csv");
        Expected<ImportData> data = parseGenericCsv(file, options);
        QVERIFY(data);
        Expected<QString> sha = fileSha256(csv);
        QVERIFY(sha);
        Expected<ImportSummary> summary =
            applyImport(whole->database(), *data, {options.fileName, *sha, options.observedAt});
        QVERIFY(summary);

        const QStringList a = contents(streamed->database()), b = contents(whole->database());
        QCOMPARE(a.size(), b.size());
        QCOMPARE(a, b);
        // The index is back, and nothing dangles.
        QCOMPARE(priceIndexes(streamed->database()), 1);
        QVERIFY(nothingDangles(streamed->database()));
        QCOMPARE(foreignKeys(streamed->database()), 1); // restored
    }

    // A GPU the import adds takes the maker and memory the file gives (SkyPilot's GpuInfo); one the catalog has keeps
    // its own datasheet description, whatever the file says of it.
    void aGpuTheImportAddsIsDescribedAsTheFileSaysIt()
    {
        const QString csv = m_dir.filePath(QStringLiteral("gpus.csv"));
        QVERIFY(writeFile(csv, "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
                               "gpu_1x_z9,Z9000,1.0,8.0,32.0,1.5,us-east-1,\"{'Gpus': [{'Name': 'Z9000', 'Manufacturer': "
                               "'Acme', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 12288}}], 'TotalGpuMemoryInMiB': 12288}\",\n"
                               "gpu_1x_a100,A100,1.0,30.0,200.0,1.29,us-east-1,\"{'Gpus': [{'Name': 'A100', 'Manufacturer': "
                               "'Acme', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 1024}}], 'TotalGpuMemoryInMiB': 1024}\",\n"));
        auto doc = newDocument();
        const QSqlDatabase db = doc->database();
        const auto described = [&db](const QString &name) {
            QSqlQuery q(db);
            q.prepare(QStringLiteral("SELECT vendor, memory_gb FROM gpu WHERE name = ?"));
            q.addBindValue(name);
            return q.exec() && q.next() ? QStringLiteral("%1 %2").arg(q.value(0).toString()).arg(q.value(1).toDouble())
                                        : QStringLiteral("none");
        };
        const QString a100Before = described(QStringLiteral("A100 40GB"));
        QCOMPARE(a100Before, QStringLiteral("NVIDIA 40"));
        ImportRequest r = request(csv);
        r.format = PriceFileFormat::SkyPilot;
        r.options.provider = QStringLiteral("lambda");
        ImportProgress progress;
        Expected<ImportResult> result = importPriceFile(db, r, progress);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->summary.gpusAdded, 1);
        QCOMPARE(described(QStringLiteral("Z9000")), QStringLiteral("Acme 12"));
        QCOMPARE(described(QStringLiteral("A100 40GB")), a100Before);
    }

    void aLaterRowDescribesAnInstanceTypeWrittenInAnEarlierChunk()
    {
        // "late-gpu" has prices in the first chunk without a GPU; a row in the third chunk names it and its count.
        QByteArray csv = "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count,provider_kind\n";
        for (qint64 i = 0; i < 2 * kChunk + 10; ++i)
            csv += "newcloud,late-gpu,r1,on_demand,2.50,2025-01-0" + QByteArray::number(1 + i % 9) + ",,,\n";
        csv += "newcloud,late-gpu,r2,spot,1.25,2025-01-02,H100 SXM 80GB,8,hyperscaler\n";
        const QString path = m_dir.filePath(QStringLiteral("late.csv"));
        QVERIFY(writeFile(path, csv));
        auto doc = newDocument();
        ImportProgress progress;
        Expected<ImportResult> result = importPriceFile(doc->database(), request(path), progress);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        const std::optional<InstanceType> instance =
            CatalogRepository(doc->database()).instanceType(QStringLiteral("newcloud"), QStringLiteral("late-gpu"));
        QVERIFY(instance);
        QCOMPARE(instance->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(instance->gpuCount, 8.0);
        QSqlQuery q(doc->database());
        QVERIFY(q.exec(QStringLiteral("SELECT kind FROM provider WHERE name = 'newcloud'")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("hyperscaler"));
    }

    void aBadRowAfterChunksWereWrittenLeavesTheDocumentAsItWas()
    {
        const qint64 good = 2 * kChunk + 5;
        const QString path = m_dir.filePath(QStringLiteral("bad-late.csv"));
        QVERIFY(writeFile(path, priceCsv(good, "alpha,gpu-1,region-1,zone-1,on_demand,-3,2025-01-01,A100 80GB,1,\n")));
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        const qint64 sources = count(doc->database(), "source");
        ImportProgress progress;
        Expected<ImportResult> result = importPriceFile(doc->database(), request(path), progress);
        QVERIFY(!result);
        QVERIFY2(progress.rowsWritten() >= kChunk, "the bad row came after whole chunks were written");
        QCOMPARE(result.error().details.size(), 1);
        QVERIFY2(result.error().details.first().startsWith(QStringLiteral("bad-late.csv:%1:").arg(good + 2)),
                 qPrintable(result.error().details.first()));
        QCOMPARE(contents(doc->database()), before);
        QCOMPARE(count(doc->database(), "source"), sources);
        QCOMPARE(count(doc->database(), "import_batch"), 0);
        QCOMPARE(foreignKeys(doc->database()), 1);
        // The document still takes a good import.
        const QString fine = m_dir.filePath(QStringLiteral("fine.csv"));
        QVERIFY(writeFile(fine, priceCsv(10)));
        ImportProgress again;
        QVERIFY(importPriceFile(doc->database(), request(fine), again));
        QCOMPARE(count(doc->database(), "import_batch"), 1);
    }

    void aCancelAfterChunksWereWrittenLeavesTheDocumentAsItWas()
    {
        const QString path = m_dir.filePath(QStringLiteral("long.csv"));
        QVERIFY(writeFile(path, priceCsv(8 * kChunk)));
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        ImportProgress progress;
        // Cancel as soon as the writer reports its first chunk: seven more are still to come.
        std::thread canceller([&progress] {
            const auto start = std::chrono::steady_clock::now();
            while (progress.rowsWritten() == 0 && std::chrono::steady_clock::now() - start < std::chrono::minutes(2))
                std::this_thread::sleep_for(std::chrono::microseconds(200));
            progress.cancel();
        });
        Expected<ImportResult> result = importPriceFile(doc->database(), request(path), progress);
        canceller.join();
        QVERIFY(result);
        QVERIFY(result->cancelled);
        QVERIFY(progress.rowsWritten() >= kChunk);
        QVERIFY(progress.rowsWritten() < 8 * kChunk);
        QCOMPARE(contents(doc->database()), before);
        QCOMPARE(count(doc->database(), "import_batch"), 0);
    }

    void aWriteThatFailsPartWayIsReportedAndLeavesTheDocumentAsItWas()
    {
        // A write that fails after chunks were written (a full disk, here a trigger on rows of the file's last months)
        // stops the parser, and the user is told the write's reason, not the parser's "could not be read".
        const QString path = m_dir.filePath(QStringLiteral("fails-late.csv"));
        QVERIFY(writeFile(path, priceCsv(3 * kChunk)));
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        QVERIFY(addFailingTrigger(doc->database()));
        ImportProgress progress;
        Expected<ImportResult> result = importPriceFile(doc->database(), request(path), progress);
        QVERIFY(!result);
        QVERIFY2(result.error().message.contains(QStringLiteral("no space left on the disk")),
                 qPrintable(result.error().message));
        QVERIFY(progress.rowsWritten() >= kChunk);
        QVERIFY(dropFailingTrigger(doc->database()));
        QCOMPARE(contents(doc->database()), before);
        QCOMPARE(foreignKeys(doc->database()), 1);
    }

    void aFileImportedBeforeStopsOnceItsHashIsKnown()
    {
        // The SHA-256 of the whole file (2 MB) is ready long before the writer is through its first chunk: the second
        // import stops before the last of three.
        const QString path = m_dir.filePath(QStringLiteral("twice.csv"));
        QVERIFY(writeFile(path, priceCsv(3 * kChunk)));
        auto doc = newDocument();
        ImportProgress first;
        Expected<ImportResult> imported = importPriceFile(doc->database(), request(path), first);
        QVERIFY(imported && !imported->summary.alreadyImported);
        const QStringList after = contents(doc->database());
        ImportProgress second;
        Expected<ImportResult> again = importPriceFile(doc->database(), request(path), second);
        QVERIFY(again);
        QVERIFY(again->summary.alreadyImported);
        QCOMPARE(again->summary.batchId, imported->summary.batchId);
        QVERIFY2(second.rowsWritten() < 3 * kChunk, "the import went on after the file was known");
        QCOMPARE(contents(doc->database()), after);
        QCOMPARE(foreignKeys(doc->database()), 1);
    }

    void aCancelWhileFinishingRollsBack()
    {
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        const std::optional<ImportData> data = parsed(QStringLiteral("late-cancel.csv"), 30000);
        QVERIFY(data);
        ImportWriter writer(doc->database());
        QVERIFY(writer.begin(QStringLiteral("csv"), QStringLiteral("late-cancel.csv"), QDate(2025, 1, 1)));
        QVERIFY(writer.write(PriceChunk{data->providers, data->instances, data->prices, {}}));
        Expected<ImportSummary> summary = writer.finish(*data, QStringLiteral("abc"), [] { return true; });
        QVERIFY(!summary);
        QCOMPARE(summary.error().message, importCancelledMessage());
        QCOMPARE(contents(doc->database()), before);
        QCOMPARE(foreignKeys(doc->database()), 1);
    }

    void aWriterDestroyedBeforeFinishingRollsBack()
    {
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        const std::optional<ImportData> data = parsed(QStringLiteral("some.csv"), 3000);
        QVERIFY(data);
        {
            ImportWriter writer(doc->database());
            QVERIFY(writer.begin(QStringLiteral("csv"), QStringLiteral("some.csv"), QDate(2025, 1, 1)));
            QVERIFY(writer.write(PriceChunk{data->providers, data->instances, data->prices, {}}));
            QCOMPARE(writer.written(), 3000);
        }
        QCOMPARE(contents(doc->database()), before);
        QCOMPARE(foreignKeys(doc->database()), 1);
    }

    void aRowTheStoreWouldTakeOtherwiseIsNeverSentLater()
    {
        // A team store's COPY stays open across writes. A row refused as it is written (an amount that is not a
        // number, which PostgreSQL would keep where SQLite keeps a missing price) ends that COPY refused: a later
        // flush or finish must not send it after all.
        if (!test::onPostgres())
            QSKIP("a file keeps such an amount as a missing price; the refusal is the team store's COPY's");
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        std::optional<ImportData> data = parsed(QStringLiteral("nan.csv"), 300);
        QVERIFY(data);
        data->prices[150].amount = qQNaN();
        ImportWriter writer(doc->database());
        QVERIFY(writer.begin(QStringLiteral("csv"), QStringLiteral("nan.csv"), QDate(2025, 1, 1)));
        const Status written = writer.write(PriceChunk{data->providers, data->instances, data->prices, {}});
        QVERIFY(!written);
        QVERIFY2(written.error().message.contains(QStringLiteral("not finite")), qPrintable(written.error().message));
        QVERIFY(!writer.flush());
        QVERIFY(!writer.finish(*data, QStringLiteral("0123")));
        QCOMPARE(contents(doc->database()), before);
    }

    void theWriteOrderIsTheIndexOrderWithTheFilesOrderAmongEquals()
    {
        // PriceWriteOrder against a plain stable sort by the index's fields: packed keys sorted by radix, and the
        // fields compared one by one when the ids or days lie too far apart to pack.
        std::mt19937_64 random(46);
        const QStringList regions{QStringLiteral("us-east-1"), QStringLiteral("eu-west-1"), QStringLiteral("ap-south-1"),
                                  QStringLiteral("Zürich"), QStringLiteral("us-west-2")};
        for (const qint64 spread : {qint64(40), qint64(1) << 62}) {
            QList<PricePoint> prices;
            std::vector<qint64> ranks;
            for (int i = 0; i < 5000; ++i) {
                PricePoint p;
                p.region = regions[qsizetype(random() % 5)];
                p.pricing = static_cast<PricingModel>(random() % 8);
                if (random() % 7)
                    p.observedAt = QDate(2024, 1, 1).addDays(qint64(random() % 40));
                p.note = QString::number(i);
                prices << p;
                ranks.push_back(qint64(random() % 30) * (spread / 40) + 1);
            }
            const QDate fallback(2024, 1, 15);
            std::vector<qsizetype> order;
            PriceWriteOrder writeOrder;
            writeOrder(prices, ranks, fallback, order);
            std::vector<qsizetype> expected(prices.size());
            std::iota(expected.begin(), expected.end(), 0);
            const auto fields = [&](qsizetype i) {
                const PricePoint &p = prices[i];
                return std::make_tuple(ranks[std::size_t(i)], pricingModelKey(p.pricing).toUtf8(), p.region.toUtf8(),
                                       (p.observedAt.isValid() ? p.observedAt : fallback).toJulianDay());
            };
            std::stable_sort(expected.begin(), expected.end(), [&](qsizetype a, qsizetype b) { return fields(a) < fields(b); });
            QVERIFY(order == expected);
        }
    }

    void aPriceTheTableForbidsIsRefusedAndNothingIsWritten()
    {
        // The price table's CHECKs: on a file the bulk insert makes them itself on the prices' values (SQLite skips
        // its own there), on a team store the server makes them. Each rule broken by one price among 600 refuses
        // the chunk and the import leaves the document as it was; the prices the rules allow are written.
        using Change = std::function<void(PricePoint &)>;
        const auto reserved = [](PurchaseOption option) {
            return [option](PricePoint &p) {
                p.pricing = PricingModel::Reserved1y;
                p.purchase = option;
            };
        };
        const QList<std::pair<QString, Change>> broken = {
            {QStringLiteral("a price below 0"), [](PricePoint &p) { p.amount = -1.5; }},
            {QStringLiteral("a price of 0 that is not All Upfront"), [](PricePoint &p) { p.amount = 0.0; }},
            {QStringLiteral("a pricing model out of range"), [](PricePoint &p) { p.pricing = static_cast<PricingModel>(11); }},
            {QStringLiteral("a purchase option on an on-demand price"),
             [](PricePoint &p) { p.purchase = PurchaseOption::NoUpfront; }},
            {QStringLiteral("an offering class without a purchase option"),
             [](PricePoint &p) { p.offering = OfferingClass::Standard; }},
            {QStringLiteral("an upfront fee on No Upfront"),
             [&](PricePoint &p) {
                 reserved(PurchaseOption::NoUpfront)(p);
                 p.upfront = 900.0;
             }},
            {QStringLiteral("Partial Upfront without its fee"), reserved(PurchaseOption::PartialUpfront)},
            {QStringLiteral("an upfront fee of 0"),
             [&](PricePoint &p) {
                 reserved(PurchaseOption::AllUpfront)(p);
                 p.upfront = 0.0;
             }},
            {QStringLiteral("a currency of two letters"), [](PricePoint &p) { p.currency = QStringLiteral("EU"); }},
            {QStringLiteral("a currency in small letters"), [](PricePoint &p) { p.currency = QStringLiteral("eur"); }},
        };
        const QList<std::pair<QString, Change>> allowed = {
            {QStringLiteral("All Upfront at 0 an hour with its fee"),
             [&](PricePoint &p) {
                 reserved(PurchaseOption::AllUpfront)(p);
                 p.offering = OfferingClass::Convertible;
                 p.amount = 0.0;
                 p.upfront = 7000.0;
             }},
            {QStringLiteral("Partial Upfront with its fee"),
             [&](PricePoint &p) {
                 reserved(PurchaseOption::PartialUpfront)(p);
                 p.upfront = 3000.0;
             }},
            {QStringLiteral("a price in euros"), [](PricePoint &p) { p.currency = QStringLiteral("EUR"); }},
            {QStringLiteral("a missing price"), [](PricePoint &p) { p.amount.reset(); }},
        };
        for (const bool allow : {false, true}) {
            for (const auto &[what, change] : allow ? allowed : broken) {
                auto doc = newDocument();
                const QStringList before = contents(doc->database());
                const qint64 pricesBefore = count(doc->database(), "price_point");
                std::optional<ImportData> data = parsed(QStringLiteral("rules.csv"), 600);
                QVERIFY(data);
                change(data->prices[417]);
                ImportWriter writer(doc->database());
                QVERIFY(writer.begin(QStringLiteral("csv"), QStringLiteral("rules.csv"), QDate(2025, 1, 1)));
                const Status written = writer.write(PriceChunk{data->providers, data->instances, data->prices, {}});
                if (allow) {
                    QVERIFY2(written, qPrintable(written ? what : what + QStringLiteral(": ") + written.error().message));
                    QVERIFY2(writer.finish(*data, QStringLiteral("0123")), qPrintable(what));
                    QCOMPARE(count(doc->database(), "price_point") - pricesBefore, 600);
                    continue;
                }
                // A team store's server answers the COPY when it ends (here at flush()); a file refuses at once.
                const Status refused = written && test::onPostgres() ? writer.flush() : written;
                QVERIFY2(!refused, qPrintable(what));
                QVERIFY2(refused.error().message.contains(test::onPostgres() ? QStringLiteral("violates check constraint")
                                                                             : QStringLiteral("breaks the document's rule")),
                         qPrintable(what + QStringLiteral(": ") + refused.error().message));
                QVERIFY2(!writer.finish(*data, QStringLiteral("0123")), qPrintable(what));
                QVERIFY2(contents(doc->database()) == before, qPrintable(what));
                QCOMPARE(foreignKeys(doc->database()), 1);
            }
        }
    }

    void aPriceWhoseInstanceTypeVanishedIsRefusedBeforeTheCommit()
    {
        // Rows are written without SQLite's per-row foreign key lookups; finish() proves every parent once. Here an
        // instance type is deleted behind the writer's back, inside its transaction: the import must not commit.
        auto doc = newDocument();
        const QStringList before = contents(doc->database());
        const std::optional<ImportData> data = parsed(QStringLiteral("vanish.csv"), 500);
        QVERIFY(data);
        ImportWriter writer(doc->database());
        QVERIFY(writer.begin(QStringLiteral("csv"), QStringLiteral("vanish.csv"), QDate(2025, 1, 1)));
        QVERIFY(writer.write(PriceChunk{data->providers, data->instances, data->prices, {}}));
        QVERIFY(writer.flush()); // the connection is the test's for a moment (a team store's COPY ends)
        // PostgreSQL would refuse this deletion itself: its statement-level proof is set aside for this one
        // statement, so that the writer's own proof is what stops the commit there too.
        if (test::onPostgres())
            QVERIFY(store::execPlain(doc->database(), QStringLiteral("SET LOCAL session_replication_role = replica")));
        QVERIFY(store::execPlain(doc->database(), QStringLiteral("DELETE FROM instance_type WHERE name = 'gpu-3'")));
        if (test::onPostgres())
            QVERIFY(store::execPlain(doc->database(), QStringLiteral("SET LOCAL session_replication_role = origin")));
        Expected<ImportSummary> summary = writer.finish(*data, QStringLiteral("0123"));
        QVERIFY(!summary);
        QVERIFY2(summary.error().message.contains(QStringLiteral("does not hold")),
                 qPrintable(summary.error().message));
        QCOMPARE(contents(doc->database()), before);
    }

    void fileSha256AgreesWithQt_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::newRow("empty") << qint64(0);
        QTest::newRow("one byte") << qint64(1);
        QTest::newRow("a block and a bit") << qint64((1 << 20) + 7);
        QTest::newRow("three blocks") << qint64(3 << 20);
    }

    void fileSha256AgreesWithQt()
    {
        QFETCH(qint64, size);
        QByteArray bytes(size, Qt::Uninitialized);
        QRandomGenerator random(static_cast<quint32>(size));
        for (char &c : bytes)
            c = static_cast<char>(random.bounded(256));
        const QString path = m_dir.filePath(QStringLiteral("hash-%1.bin").arg(size));
        QVERIFY(writeFile(path, bytes));
        Expected<QString> sha = fileSha256(path);
        QVERIFY(sha);
        QCOMPARE(*sha, QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        QVERIFY(!fileSha256(m_dir.filePath(QStringLiteral("no-such-file"))));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestImportWriter)
#include "tst_importwriter.moc"
