// A team store whose link stalls, whose connections are reset, or whose server is killed in the middle of a write:
// the client says so in words within a bounded time (the link watch's deadline, set to 2 s here), and the store
// holds all of the write or none of it (docs/data-safety.md, "A team store that stops answering").

#include "models/catalog/catalogeditor.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/store/rowreader.h"
#include "models/store/linkwatch.h"
#include "models/store/storeprobe.h"
#include "models/store/copy/storecopy.h"

#include "tests/support/owncluster.h"
#include "tests/support/tcpproxy.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <chrono>
#include <functional>
#include <thread>

using namespace mltco;
using mltco::test::TcpProxy;

namespace {

constexpr int kDeadlineSeconds = 2;
// The deadline, the watch's probe of the server (as long as the deadline, at least 2 s), its one-second tick, and
// room for a loaded machine.
constexpr qint64 kAnswerWithinMs = (kDeadlineSeconds + 2 + 1) * 1000 + 5000;

const QByteArray kPlanJson = R"({"name": "through a stalled link", "scenarios": [
    {"name": "cloud", "kind": "always_on", "instance_type": "p3.8xlarge", "instances": 2}]})";

/// A price file of `rows` rows of one instance type, one zone each: several of the import's 65,536-row chunks.
QString writeBigPriceFile(const QTemporaryDir &dir, int rows)
{
    const QString path = dir.filePath(QStringLiteral("many-zones.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("observed_at,provider,instance_type,region,zone,pricing_model,price,unit,provider_kind,gpu,gpu_count,vcpus,"
            "memory_gb,note\n");
    for (int i = 0; i < rows; ++i)
        f.write(QByteArray("2024-05-01,aws,p3.8xlarge,us-east-1,zone-") + QByteArray::number(i) +
                ",on_demand,12.24,hour,hyperscaler,V100 16GB,4,32,244,\n");
    return path;
}

/// One query's integer on a connection of its own (not through the proxy); -1 when it failed.
qint64 countOn(const QString &url, const QString &sql)
{
    const QString name = QStringLiteral("count-") + QString::number(QRandomGenerator::global()->generate());
    qint64 n = -1;
    {
        Expected<QSqlDatabase> db = store::connectLocation(url, name, 0);
        if (db) {
            QSqlQuery q(*db);
            if (q.exec(sql) && q.next())
                n = q.value(0).toLongLong();
        }
    }
    store::disconnectDatabase(name);
    return n;
}

/// Waits until no connection of the application is left on `database` (the server rolled back what they had open).
bool waitForBackendsToEnd(const QString &database)
{
    for (int i = 0; i < 100; ++i) {
        const qint64 left = countOn(test::clusterUrl(QStringLiteral("postgres")),
                                    QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = '%1' AND "
                                                   "application_name = 'mltco'")
                                        .arg(database));
        if (left == 0)
            return true;
        QTest::qWait(100);
    }
    return false;
}

/// The words for a server that went away mid-session: the connection lost, or the server shut down or restarted.
bool saysServerGone(const QString &message)
{
    return message.contains(QStringLiteral("the connection to the team store was lost")) ||
           message.contains(QStringLiteral("shut down or restarted"));
}

QString proxyUrl(const TcpProxy &proxy, const QString &database)
{
    return QStringLiteral("postgresql://mltco_admin@127.0.0.1:%1/%2").arg(proxy.port()).arg(database);
}

} // namespace

class TestStoreFailures : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    /// A new store (made directly, not through a proxy), with the seed catalog when `seeded`; its database's name.
    QString newStore(const QString &hint, bool seeded = false)
    {
        const QString database = test::newClusterDatabase(hint);
        auto doc = seeded ? catalog::openDocument(test::clusterUrl(database))
                          : store::Document::open(test::clusterUrl(database));
        if (!doc)
            qWarning("%s", qPrintable(doc.error().message));
        return database;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        if (test::clusterPort() == 0)
            QSKIP("no PostgreSQL test cluster (CTest starts one with the pg_cluster fixture)");
        qputenv("MLTCO_STORE_DEADLINE_SECONDS", QByteArray::number(kDeadlineSeconds));
    }

    void aFrozenLinkDuringAPlanSaveIsCutInWords()
    {
        const QString database = newStore(QStringLiteral("frozen plan save"));
        {
            TcpProxy proxy(test::clusterPort());
            auto doc = store::Document::openExisting(proxyUrl(proxy, database));
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            store::PlanStore plans((*doc)->database());
            proxy.freeze();
            QElapsedTimer timer;
            timer.start();
            const Expected<qint64> saved = plans.insert(QStringLiteral("through a stalled link"), kPlanJson);
            const qint64 took = timer.elapsed();
            QVERIFY(!saved);
            QVERIFY2(saved.error().message.contains(
                         QStringLiteral("did not answer for %1 seconds").arg(kDeadlineSeconds)),
                     qPrintable(saved.error().message));
            QVERIFY2(took >= kDeadlineSeconds * 1000 && took < kAnswerWithinMs, qPrintable(QString::number(took)));
        }
        // The proxy gone, the server sees the connection end and rolls its transaction back: nothing of the save.
        QVERIFY(waitForBackendsToEnd(database));
        QCOMPARE(countOn(test::clusterUrl(database), QStringLiteral("SELECT count(*) FROM plan")), 0);
    }

    // A reader whose consumer pauses longer than the deadline (a listing piped into a pager left open) has its next rows
    // unread in its socket while the server waits to send the rest (tens of megabytes): the link delivered, so the
    // watch leaves it, and the read goes on to its last row when the consumer comes back.
    void aReaderPausedLongerThanTheDeadlineIsNotCut()
    {
        const QString database = newStore(QStringLiteral("paused reader"));
        auto doc = store::Document::openExisting(test::clusterUrl(database));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        Expected<std::unique_ptr<store::RowReader>> rows =
            store::RowReader::start((*doc)->database(),
                                    "SELECT g, repeat('x', 100) FROM generate_series(1, 400000) g ORDER BY g");
        QVERIFY(rows);
        QVERIFY((*rows)->next());
        // No event loop meanwhile: Qt's notification handler would read the waiting rows into libpq's buffer.
        std::this_thread::sleep_for(std::chrono::seconds(kDeadlineSeconds + 3));
        qint64 read = 1;
        while ((*rows)->next()) {
            QCOMPARE((*rows)->int64(0), read + 1);
            ++read;
        }
        QVERIFY2(!(*rows)->error(), (*rows)->error() ? qPrintable((*rows)->error()->message) : "");
        QCOMPARE(read, qint64(400000));
        QVERIFY(!store::cutForNoAnswer((*doc)->database()));
    }

private:
    /// What a read of 400,000 rows of 200 bytes through a proxy went through when `stall` froze the proxy after its
    /// first batch; the link comes back after twice the time allowed should the watch leave it, so a failing test ends.
    struct StalledRead
    {
        qint64 read = 0;
        qint64 tookMs = 0;
        QString error;
        bool cut = false;
    };
    StalledRead readThroughAStall(const QString &hint, const std::function<void(TcpProxy &)> &stall)
    {
        StalledRead result;
        const QString database = newStore(hint);
        TcpProxy proxy(test::clusterPort());
        auto doc = store::Document::openExisting(proxyUrl(proxy, database));
        if (!doc) {
            result.error = doc.error().message;
            return result;
        }
        Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(
            (*doc)->database(), "SELECT g, repeat('x', 200) FROM generate_series(1, 400000) g ORDER BY g");
        if (!rows || !(*rows)->next()) {
            result.error = rows ? QStringLiteral("no first row") : rows.error().message;
            return result;
        }
        stall(proxy);
        std::thread comesBack([&proxy] {
            std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAnswerWithinMs));
            proxy.thaw();
        });
        QElapsedTimer timer;
        timer.start();
        result.read = 1;
        while ((*rows)->next())
            ++result.read;
        result.tookMs = timer.elapsed();
        result.cut = store::cutForNoAnswer((*doc)->database());
        result.error = (*rows)->error() ? (*rows)->error()->message : QString();
        proxy.thaw();
        comesBack.join();
        return result;
    }
    void checkCutInWords(const StalledRead &r)
    {
        QVERIFY(r.cut);
        QVERIFY(r.read < 400000);
        QVERIFY2(r.error.contains(QStringLiteral("did not answer for %1 seconds").arg(kDeadlineSeconds)), qPrintable(r.error));
        QVERIFY2(r.tookMs >= kDeadlineSeconds * 1000 && r.tookMs < kAnswerWithinMs, qPrintable(QString::number(r.tookMs)));
    }

private slots:
    // The link stops forwarding part-way through a read (the server sends on while the reader's caller uses a batch):
    // the read ends in words within the deadline, never hangs.
    void aLinkThatStallsMidReadIsCutInWords()
    {
        checkCutInWords(readThroughAStall(QStringLiteral("stalled read"), [](TcpProxy &proxy) { proxy.freeze(); }));
    }

    // The link stops carrying the one connection a read streams on while new connections still get through (a NAT or a
    // tunnel that lost this flow): the server, asked over a new connection, is waiting to send its rows, which for a
    // streaming read is the link's stall, not work; the read ends in words within the deadline.
    void aReadWhoseConnectionAloneStallsIsCutInWords()
    {
        checkCutInWords(readThroughAStall(QStringLiteral("stalled flow"), [](TcpProxy &proxy) { proxy.freezeExisting(); }));
    }

    // A read left before its end (a listing piped into `head`, a page closed mid-read) just as the link stops
    // forwarding: the reader asks the server to stop sending over a connection of its own, which a proxy that accepts
    // and forwards nothing would hold for ever. Leaving the read returns within the deadline, and the connection the
    // link no longer carries is cut and said so; the link comes back after twice that should the test fail.
    void aReadLeftAsTheLinkStallsReturnsWithinTheDeadline()
    {
        const QString database = newStore(QStringLiteral("read left on a stalled link"));
        TcpProxy proxy(test::clusterPort());
        auto doc = store::Document::openExisting(proxyUrl(proxy, database));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(
            (*doc)->database(), "SELECT g, repeat('x', 200) FROM generate_series(1, 400000) g ORDER BY g");
        QVERIFY2(rows, rows ? "" : qPrintable(rows.error().message));
        QVERIFY((*rows)->next());
        proxy.freeze();
        std::thread comesBack([&proxy] {
            std::this_thread::sleep_for(std::chrono::milliseconds(2 * kAnswerWithinMs));
            proxy.thaw();
        });
        const auto joined = qScopeGuard([&] {
            proxy.thaw();
            comesBack.join();
        });
        QElapsedTimer timer;
        timer.start();
        rows->reset();
        const qint64 took = timer.elapsed();
        QVERIFY2(took < kAnswerWithinMs, qPrintable(QString::number(took)));
        QVERIFY(store::cutForNoAnswer((*doc)->database()));
        QVERIFY(store::connectionBroken((*doc)->database()));
    }

    void aLinkThatStallsMidImportIsCutAndNothingLands()
    {
        const QString database = newStore(QStringLiteral("stalled import"));
        const QString url = test::clusterUrl(database);
        const qint64 pricesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM price_point"));
        const qint64 batchesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM import_batch"));
        QVERIFY(pricesBefore >= 0);
        const QString file = writeBigPriceFile(m_dir, 200000);
        QVERIFY(!file.isEmpty());
        {
            TcpProxy proxy(test::clusterPort());
            auto doc = store::Document::openExisting(proxyUrl(proxy, database));
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            // Stalls once 2 MB of the rows went through: mid-way through the import's one transaction.
            proxy.freezeAfter(2 * 1024 * 1024);
            catalog::ImportRequest request;
            request.path = file;
            request.format = catalog::PriceFileFormat::GenericCsv;
            request.options.observedAt = QDate(2024, 5, 1);
            ImportProgress progress;
            QElapsedTimer timer;
            timer.start();
            const Expected<catalog::ImportResult> imported = catalog::importPriceFile((*doc)->database(), request, progress);
            QVERIFY(!imported);
            QVERIFY2(imported.error().message.contains(QStringLiteral("did not answer")), qPrintable(imported.error().message));
            QVERIFY2(proxy.forwardedToServer() >= 2 * 1024 * 1024, "the link stalled before the rows were sent");
            QVERIFY2(timer.elapsed() < kAnswerWithinMs + 10000, qPrintable(QString::number(timer.elapsed())));
        }
        QVERIFY(waitForBackendsToEnd(database));
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM price_point")), pricesBefore);
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM import_batch")), batchesBefore);
    }

    void aLinkThatStallsMidCatalogEditIsCutAndNothingLands()
    {
        // An instance type with its list price: two rows in one transaction. How many bytes the edit sends is
        // measured on one store; on another the link stalls half-way through them.
        const catalog::InstanceType rack{QStringLiteral("on_prem"), QStringLiteral("rack-h100"),
                                         QStringLiteral("H100 SXM 80GB"), 8, 224, 2048, {}};
        qint64 editBytes = 0;
        {
            const QString measured = newStore(QStringLiteral("catalog edit measured"), true);
            TcpProxy proxy(test::clusterPort());
            auto doc = store::Document::openExisting(proxyUrl(proxy, measured));
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            const qint64 before = proxy.forwardedToServer();
            const Expected<qint64> added = catalog::CatalogEditor((*doc)->database()).addInstanceType(rack, 320000.0);
            QVERIFY2(added, added ? "" : qPrintable(added.error().message));
            editBytes = proxy.forwardedToServer() - before;
        }
        QVERIFY(editBytes > 0);
        const QString database = newStore(QStringLiteral("catalog edit stalled"), true);
        const QString url = test::clusterUrl(database);
        const qint64 typesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM instance_type"));
        const qint64 pricesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM price_point"));
        {
            TcpProxy proxy(test::clusterPort());
            auto doc = store::Document::openExisting(proxyUrl(proxy, database));
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            const qint64 before = proxy.forwardedToServer();
            proxy.freezeAfter(editBytes / 2);
            QElapsedTimer timer;
            timer.start();
            const Expected<qint64> added = catalog::CatalogEditor((*doc)->database()).addInstanceType(rack, 320000.0);
            QVERIFY(!added);
            QVERIFY2(added.error().message.contains(QStringLiteral("did not answer for %1 seconds").arg(kDeadlineSeconds)),
                     qPrintable(added.error().message));
            // Half of the edit's statements went through, inside its transaction, before the link stalled.
            QCOMPARE(proxy.forwardedToServer() - before, editBytes / 2);
            QVERIFY2(timer.elapsed() < kAnswerWithinMs, qPrintable(QString::number(timer.elapsed())));
        }
        QVERIFY(waitForBackendsToEnd(database));
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM instance_type")), typesBefore);
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM price_point")), pricesBefore);
    }

    void aProbeAsksAgainOnAFreshConnectionAndGivesUpAtItsDeadline()
    {
        const QString database = newStore(QStringLiteral("probe"));
        TcpProxy proxy(test::clusterPort());
        auto doc = store::Document::openExisting(proxyUrl(proxy, database));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        store::StoreProbe probe(store::storeConninfo((*doc)->database()).toUtf8());
        QVERIFY(probe.check(5000));
        // The server ends the probe's idle session (idle_session_timeout, an administrator): the store still answers,
        // so the next check does too, on a fresh connection.
        const QString ended = QStringLiteral("SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                             "WHERE application_name = 'mltco-probe' AND datname = '%1') t")
                                  .arg(database);
        QCOMPARE(countOn(test::clusterUrl(QStringLiteral("postgres")), ended), 1);
        const Status again = probe.check(5000);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        // A link that forwards nothing: said at the deadline, not later.
        proxy.freeze();
        QElapsedTimer timer;
        timer.start();
        const Status frozen = probe.check(1000);
        QVERIFY(!frozen);
        QCOMPARE(frozen.error().message, QStringLiteral("no answer within 1 s"));
        // (the two clocks round apart by a millisecond or so)
        QVERIFY2(timer.elapsed() >= 950 && timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    }

    void aResetConnectionIsSaidAtOnce()
    {
        const QString database = newStore(QStringLiteral("reset plan save"));
        TcpProxy proxy(test::clusterPort());
        auto doc = store::Document::openExisting(proxyUrl(proxy, database));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        store::PlanStore plans((*doc)->database());
        proxy.cut();
        QTest::qWait(300);
        QElapsedTimer timer;
        timer.start();
        const Expected<qint64> saved = plans.insert(QStringLiteral("after a reset"), kPlanJson);
        QVERIFY(!saved);
        QVERIFY2(saved.error().message.contains(QStringLiteral("the connection to the team store was lost")),
                 qPrintable(saved.error().message));
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(countOn(test::clusterUrl(database), QStringLiteral("SELECT count(*) FROM plan")), 0);
    }

    void aServerKilledDuringAnImportKeepsNoneOfIt()
    {
        test::OwnCluster cluster;
        QVERIFY(cluster.start());
        QVERIFY(cluster.newStore(QStringLiteral("killed")));
        const QString url = cluster.url(QStringLiteral("killed"));
        const qint64 pricesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM price_point"));
        const QString file = writeBigPriceFile(m_dir, 300000);

        // The import on a thread of its own (runImport opens its own connection); the server is killed once its
        // first chunk of rows is written inside the transaction.
        catalog::ImportRequest request;
        request.path = file;
        request.format = catalog::PriceFileFormat::GenericCsv;
        request.options.observedAt = QDate(2024, 5, 1);
        request.documentPath = url;
        ImportProgress progress;
        std::optional<Expected<catalog::ImportResult>> imported;
        std::thread worker([&] { imported = catalog::runImport(request, progress); });
        QElapsedTimer waited;
        waited.start();
        while (progress.rowsWritten() == 0 && !imported && waited.elapsed() < 60000)
            QTest::qWait(5);
        const bool midWay = !imported.has_value();
        QVERIFY(cluster.run("kill"));
        QElapsedTimer sinceKill;
        sinceKill.start();
        worker.join();
        QVERIFY2(midWay, "the import ended before the server was killed");
        QVERIFY(imported.has_value());
        QVERIFY(!*imported);
        const QString said = imported->error().message;
        QVERIFY2(saysServerGone(said), qPrintable(said));
        QVERIFY2(sinceKill.elapsed() < kAnswerWithinMs, qPrintable(QString::number(sinceKill.elapsed())));

        // Back up (crash recovery): the store opens, whole, without any of the import.
        QVERIFY(cluster.run("restart"));
        auto again = store::Document::openExisting(url);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM price_point")), pricesBefore);
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM import_batch WHERE source_id IN (SELECT id FROM "
                                             "source WHERE key LIKE 'import:%')")),
                 0);
    }

    void aServerKilledDuringAStoreCopyKeepsNoneOfIt()
    {
        // A file with the seed catalog, copied into an empty store; the server is killed after the copy's first
        // block of rows, inside its one transaction.
        const QString file = m_dir.filePath(QStringLiteral("seeded.mltco"));
        QProcess make;
        make.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), {QStringLiteral("catalog"), QStringLiteral("list"),
                                                               QStringLiteral("providers"), QStringLiteral("--document"), file});
        QVERIFY(make.waitForFinished(60000) && make.exitCode() == 0);
        test::OwnCluster cluster;
        QVERIFY(cluster.start());
        QVERIFY(cluster.newStore(QStringLiteral("copied")));
        const QString url = cluster.url(QStringLiteral("copied"));
        const qint64 typesBefore = countOn(url, QStringLiteral("SELECT count(*) FROM instance_type"));
        auto from = store::Document::openExisting(file);
        auto to = store::Document::openExisting(url);
        QVERIFY(from && to);
        bool killed = false;
        QElapsedTimer sinceKill;
        const Status copied = store::copyStore(**from, **to, [&](const QString &, qint64) {
            if (!killed) {
                killed = cluster.run("kill");
                sinceKill.start();
            }
        });
        QVERIFY(killed);
        QVERIFY(!copied);
        QVERIFY2(saysServerGone(copied.error().message), qPrintable(copied.error().message));
        QVERIFY2(sinceKill.elapsed() < kAnswerWithinMs, qPrintable(QString::number(sinceKill.elapsed())));
        to->reset();
        QVERIFY(cluster.run("restart"));
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM instance_type")), typesBefore);
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM price_point")), 0);
    }

    void aPlanSaveAndACatalogEditToAStoppedServerAreRefusedAndKeptNowhere()
    {
        test::OwnCluster cluster;
        QVERIFY(cluster.start());
        QVERIFY(cluster.newStore(QStringLiteral("stopped")));
        const QString url = cluster.url(QStringLiteral("stopped"));
        const qint64 plansBefore = countOn(url, QStringLiteral("SELECT count(*) FROM plan"));
        auto doc = store::Document::openExisting(url);
        QVERIFY(doc);
        store::PlanStore plans((*doc)->database());
        QVERIFY(cluster.run("kill"));
        QElapsedTimer timer;
        timer.start();
        const Expected<qint64> saved = plans.insert(QStringLiteral("while the server was down"), kPlanJson);
        QVERIFY(!saved);
        QVERIFY2(saysServerGone(saved.error().message), qPrintable(saved.error().message));
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        // A catalog edit on the same lost connection: the same, and nothing of it either.
        timer.restart();
        const Expected<qint64> added = catalog::CatalogEditor((*doc)->database())
                                           .addGpu(catalog::Gpu{QStringLiteral("while the server was down"), QStringLiteral("NVIDIA"), QStringLiteral("Hopper"), 2024,
                                                                80, 700, std::nullopt, {}, {}, {}});
        QVERIFY(!added);
        QVERIFY2(saysServerGone(added.error().message), qPrintable(added.error().message));
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        doc->reset();
        QVERIFY(cluster.run("restart"));
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM plan")), plansBefore);
        QCOMPARE(countOn(url, QStringLiteral("SELECT count(*) FROM gpu WHERE name = 'while the server was down'")), 0);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestStoreFailures)
#include "tst_storefailures.moc"
