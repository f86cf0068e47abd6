// Large reads on a team store (store::RowReader on PostgreSQL): one COPY stream read a batch at a time, the values
// written into it, the reader's own transaction or the caller's, reads the server refuses, a connection lost mid-read.
// The link watch's part in a read is in tst_storefailures; the price listing's plan and order in tst_catalogrepository.

#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "models/store/location.h"
#include "models/store/rowreader.h"
#include "models/store/sqlutil.h"
#include "tests/support/teststore.h"
#include "tests/support/testmain.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>

#include <chrono>
#include <thread>

using namespace mltco;

namespace {

/// Reads a reader to its end; the rows it gave.
int rowsLeft(store::RowReader &rows)
{
    int read = 0;
    while (rows.next())
        ++read;
    return read;
}

} // namespace

class TestRowReader final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(test::clusterPort() > 0, "the pg_cluster fixture did not start a cluster");
    }

    // Many rows are read through libpq itself, one COPY stream read a batch at a time: values in order (a `?` inside a
    // quoted literal is text, not a value; a value's quotes and backslashes are its own), NULLs, empty texts, numbers
    // and texts with tabs, line ends and backslashes as stored, every row of a read longer than a batch once and in
    // order, and a reader left part-way, failed or finished frees the connection at once.
    void rowsAreReadInBatchesAndAReaderLeftPartWayFreesTheConnection()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("rows"));
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(doc);
        const QSqlDatabase sql = (*doc)->database();
        {
            Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(
                sql, "SELECT g, 'why?' || ?, g * ?, CASE WHEN g % 2 = 0 THEN NULL ELSE g + 0.25 END "
                     "FROM generate_series(1, ?) g WHERE g > ? ORDER BY g",
                {QStringLiteral(" because"), 3, 100000, qint64(10)});
            QVERIFY2(rows, rows ? "" : qPrintable(rows.error().message));
            QVERIFY((*rows)->next());
            QCOMPARE((*rows)->int64(0), 11);
            QCOMPARE((*rows)->text(1), QByteArrayView("why? because"));
            QCOMPARE((*rows)->int64(2), 33);
            QCOMPARE((*rows)->real(3), 11.25);
            QVERIFY((*rows)->next());
            QVERIFY((*rows)->isNull(3));
            // Left here, 99,988 rows unread.
        }
        {
            Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(
                sql, "SELECT ?, ?, E'tab\\there\\nline two\\\\end', '', NULL, ?", {QStringLiteral("it's a \\ and a ?"),
                QStringLiteral("?"), 2.5});
            QVERIFY2(rows, rows ? "" : qPrintable(rows.error().message));
            QVERIFY((*rows)->next());
            QCOMPARE((*rows)->text(0), QByteArrayView("it's a \\ and a ?"));
            QCOMPARE((*rows)->text(1), QByteArrayView("?"));
            QCOMPARE((*rows)->text(2), QByteArrayView("tab\there\nline two\\end"));
            QVERIFY(!(*rows)->isNull(3));
            QCOMPARE((*rows)->text(3).size(), 0);
            QVERIFY((*rows)->isNull(4));
            QCOMPARE((*rows)->real(5), 2.5);
            QVERIFY(!(*rows)->next());
            QVERIFY(!(*rows)->error());
        }
        // A read that names more values than it is given, or fewer, is refused before anything is sent.
        for (const QVariantList &given : {QVariantList{}, QVariantList{1, 2}}) {
            Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(sql, "SELECT ?", given);
            QVERIFY(!rows);
            QVERIFY2(rows.error().message.contains(QStringLiteral("values")), qPrintable(rows.error().message));
        }
        QSqlQuery after(sql);
        QVERIFY2(after.exec(QStringLiteral("SELECT count(*) FROM instance_type")) && after.next(),
                 qPrintable(after.lastError().text()));
        QVERIFY(after.value(0).toInt() > 10);
        // A statement the server refuses is said, and the connection goes on.
        Expected<std::unique_ptr<store::RowReader>> bad = store::RowReader::start(sql, "SELECT no_such_column FROM provider");
        QVERIFY(!bad); // the COPY is refused at once
        QVERIFY2(bad.error().message.contains(QStringLiteral("no_such_column")), qPrintable(bad.error().message));
        QVERIFY(after.exec(QStringLiteral("SELECT 1")) && after.next());
        // Inside a transaction of the caller's, a reader left part-way does not end that transaction.
        QVERIFY(store::execPlain(sql, QStringLiteral("BEGIN")));
        QVERIFY(store::execPlain(sql, QStringLiteral("CREATE TEMP TABLE kept (n int)")));
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, 100000) g");
            QVERIFY(rows && (*rows)->next());
        }
        QVERIFY2(store::execPlain(sql, QStringLiteral("INSERT INTO kept VALUES (1)")), "the transaction was ended");
        QVERIFY(store::execPlain(sql, QStringLiteral("COMMIT")));

        // Whole reads of exactly two batches (the end is an empty batch), of more and of fewer rows: every row once, in
        // order; the reader's own transaction ends with the read (a SAVEPOINT is refused outside a transaction block).
        for (const qint64 n : {qint64(8192), qint64(10001), qint64(3)}) {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, ?) g ORDER BY g", {n});
            QVERIFY(rows);
            qint64 seen = 0;
            while ((*rows)->next()) {
                QCOMPARE((*rows)->int64(0), seen + 1);
                ++seen;
            }
            QVERIFY(!(*rows)->error());
            QCOMPARE(seen, n);
            QVERIFY(!(*rows)->next()); // the end stays the end
            QVERIFY2(!store::execPlain(sql, QStringLiteral("SAVEPOINT open")), "the reader's transaction was left open");
        }
        // A failure part-way (after the first batch) is said; what was read is not taken back, and the connection is
        // free for the next statement.
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT 1 / (6000 - g) FROM generate_series(1, 10000) g");
            QVERIFY(rows);
            QCOMPARE(rowsLeft(**rows), 4096); // the first batch; the second failed at its row 6000
            QVERIFY((*rows)->error());
            QVERIFY2((*rows)->error()->message.contains(QStringLiteral("division by zero")),
                     qPrintable((*rows)->error()->message));
        }
        QVERIFY(after.exec(QStringLiteral("SELECT 1")) && after.next());
        QVERIFY(!store::execPlain(sql, QStringLiteral("SAVEPOINT open")));
        // Inside the caller's transaction a failed read is undone back to where it began (a savepoint): the caller's
        // transaction, and what it did before the read, go on.
        QVERIFY(store::execPlain(sql, QStringLiteral("BEGIN")));
        QVERIFY(store::execPlain(sql, QStringLiteral("CREATE TEMP TABLE before_failure (n int)")));
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT 1 / (6000 - g) FROM generate_series(1, 10000) g");
            QVERIFY(rows);
            QCOMPARE(rowsLeft(**rows), 4096);
            QVERIFY((*rows)->error());
        }
        QVERIFY2(store::execPlain(sql, QStringLiteral("INSERT INTO before_failure VALUES (1)")),
                 "the caller's transaction failed with the read");
        QVERIFY(store::execPlain(sql, QStringLiteral("COMMIT")));
        QVERIFY2(after.exec(QStringLiteral("SELECT count(*) FROM before_failure")) && after.next(),
                 qPrintable(after.lastError().text()));
        QCOMPARE(after.value(0).toInt(), 1);
        // While a read's rows still stream, a statement through sqlutil is refused in words (Qt's driver would wait for
        // the stream's end forever) and the read goes on; a read whose last rows have come leaves the connection to the
        // caller, and inside the caller's transaction what it writes then is kept when the read ends.
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, 100000) g ORDER BY g");
            QVERIFY(rows && (*rows)->next());
            const Status refused = store::execPlain(sql, QStringLiteral("SELECT 1"));
            QVERIFY(!refused);
            QVERIFY2(refused.error().message.contains(QStringLiteral("still under way")), qPrintable(refused.error().message));
            QVERIFY(!store::queryInt(sql, QStringLiteral("SELECT 1")));
            QCOMPARE(rowsLeft(**rows), 99999);
            QVERIFY(!(*rows)->error());
        }
        QVERIFY(store::execPlain(sql, QStringLiteral("SELECT 1")));
        QVERIFY(store::execPlain(sql, QStringLiteral("BEGIN")));
        QVERIFY(store::execPlain(sql, QStringLiteral("CREATE TEMP TABLE during_read (n int)")));
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, 3) g", {}, store::RowReader::Plan::FirstRowsSoon);
            QVERIFY(rows && (*rows)->next()); // all three rows have come: the connection is the caller's again
            QVERIFY2(store::execPlain(sql, QStringLiteral("INSERT INTO during_read VALUES (7)")), "refused after the stream");
            QCOMPARE(rowsLeft(**rows), 2);
            QVERIFY(!(*rows)->error());
        }
        QVERIFY(store::execPlain(sql, QStringLiteral("COMMIT")));
        const Expected<qint64> kept = store::queryInt(sql, QStringLiteral("SELECT count(*) FROM during_read WHERE n = 7"));
        QVERIFY(kept);
        QCOMPARE(*kept, qint64(1));
        // A statement timeout of the session's does not cut a read whose caller takes its time over the rows (the link
        // watch guards a stalled link): the server waits to send while the caller pauses.
        QVERIFY(store::execPlain(sql, QStringLiteral("SET statement_timeout = '1s'")));
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g, repeat('x', 100) FROM generate_series(1, 400000) g ORDER BY g");
            QVERIFY(rows && (*rows)->next());
            std::this_thread::sleep_for(std::chrono::milliseconds(1500)); // no event loop: nothing reads the socket
            QCOMPARE(rowsLeft(**rows), 399999);
            QVERIFY2(!(*rows)->error(), (*rows)->error() ? qPrintable((*rows)->error()->message) : "");
        }
        const Expected<qint64> timeout =
            store::queryInt(sql, QStringLiteral("SELECT extract(epoch FROM current_setting('statement_timeout')::interval)::int"));
        QVERIFY(timeout);
        QCOMPARE(*timeout, qint64(1)); // the session's own again
        QVERIFY(store::execPlain(sql, QStringLiteral("RESET statement_timeout")));
        // Inside the caller's transaction a whole read leaves the transaction open.
        QVERIFY(store::execPlain(sql, QStringLiteral("BEGIN")));
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, 5000) g");
            QVERIFY(rows);
            QCOMPARE(rowsLeft(**rows), 5000);
        }
        QVERIFY2(store::execPlain(sql, QStringLiteral("SAVEPOINT open")), "the caller's transaction was ended");
        // The planner is told how the result is used: a read whose first rows are wanted soonest reads indexes in their
        // order (no bitmap scan) in one process (no parallel workers), for the read only: the caller's transaction has
        // its own settings again after it.
        const QString settings = QStringLiteral("SELECT current_setting('enable_bitmapscan') || ' ' || "
                                                "current_setting('max_parallel_workers_per_gather') || ' ' || "
                                                "current_setting('statement_timeout')");
        QVERIFY(store::execPlain(sql, QStringLiteral("SET LOCAL statement_timeout = '5min'")));
        QVERIFY(after.exec(settings) && after.next());
        const QString own = after.value(0).toString();
        QVERIFY2(own == QLatin1String("on 2 5min"), qPrintable(own)); // set by the test's session below
        for (const auto &[plan, during] : {std::pair{store::RowReader::Plan::FirstRowsSoon, QStringLiteral("off 0 0")},
                                           std::pair{store::RowReader::Plan::AllRows, QStringLiteral("on 2 0")}}) {
            {
                Expected<std::unique_ptr<store::RowReader>> rows =
                    store::RowReader::start(sql, "SELECT g FROM generate_series(1, 3) g", {}, plan);
                QVERIFY(rows && (*rows)->next());
                QVERIFY(after.exec(settings) && after.next());
                QCOMPARE(after.value(0).toString(), during);
                QCOMPARE(rowsLeft(**rows), 2);
            }
            QVERIFY(after.exec(settings) && after.next());
            QCOMPARE(after.value(0).toString(), own);
        }
        QVERIFY(store::execPlain(sql, QStringLiteral("COMMIT")));
    }

    // A read is started only on a connection that is idle or inside the caller's transaction: while another read's rows
    // still stream it is refused in words (a statement sent then would swallow the rest of that stream), inside a
    // failed transaction likewise; the first reader reads on untouched.
    void aReaderWaitsItsTurnOnItsConnection()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("turns"));
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(doc);
        const QSqlDatabase sql = (*doc)->database();
        {
            Expected<std::unique_ptr<store::RowReader>> first =
                store::RowReader::start(sql, "SELECT g FROM generate_series(1, 10000) g ORDER BY g");
            QVERIFY(first && (*first)->next()); // its second batch is asked for now
            Expected<std::unique_ptr<store::RowReader>> second =
                store::RowReader::start(sql, "SELECT 1 FROM provider");
            QVERIFY(!second);
            QVERIFY2(second.error().message.contains(QStringLiteral("still under way")),
                     qPrintable(second.error().message));
            qint64 read = 1;
            while ((*first)->next())
                QCOMPARE((*first)->int64(0), ++read);
            QVERIFY(!(*first)->error());
            QCOMPARE(read, qint64(10000));
        }
        QVERIFY(store::execPlain(sql, QStringLiteral("BEGIN")));
        QVERIFY(!store::execPlain(sql, QStringLiteral("SELECT no_such_column FROM provider")));
        Expected<std::unique_ptr<store::RowReader>> inFailed = store::RowReader::start(sql, "SELECT 1 FROM provider");
        QVERIFY(!inFailed);
        QVERIFY2(inFailed.error().message.contains(QStringLiteral("already failed")), qPrintable(inFailed.error().message));
        QVERIFY(store::execPlain(sql, QStringLiteral("ROLLBACK")));
        QVERIFY(store::RowReader::start(sql, "SELECT 1 FROM provider"));
    }

    // A read the server refuses is said in the server's words, never as a damaged document (which would tell the user
    // to restore a backup): a statement that fails part-way, a login that may not read the table (and which role
    // reads); only the server's own report of damaged data (SQLSTATE class XX) is damage.
    void aReadTheServerRefusesIsSaidInItsWordsNotAsDamage()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("refused_read"));
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(doc);
        const QSqlDatabase sql = (*doc)->database();
        {
            Expected<std::unique_ptr<store::RowReader>> rows =
                store::RowReader::start(sql, "SELECT 1 / (10 - g) FROM generate_series(1, 20) g");
            QVERIFY(rows);
            rowsLeft(**rows);
            QVERIFY((*rows)->error());
            const QString said = (*rows)->error()->message;
            QVERIFY2(said.startsWith(QLatin1String("Cannot read the team store: the server refused the read (")) &&
                         said.contains(QLatin1String("division by zero")) && !said.contains(QLatin1String("damaged")),
                     qPrintable(said));
        }
        test::clusterExec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN CREATE ROLE no_role_carl LOGIN; "
                                         "EXCEPTION WHEN duplicate_object THEN NULL; END $$"));
        const QString name = QStringLiteral("no-role");
        {
            Expected<QSqlDatabase> carl = store::connectLocation(test::clusterUrl(db, QStringLiteral("no_role_carl")), name, 0);
            QVERIFY2(carl, carl ? "" : qPrintable(carl.error().message));
            Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(*carl, "SELECT id FROM price_point");
            QVERIFY(!rows);
            QVERIFY2(rows.error().message.contains(QLatin1String("may not read")) &&
                         rows.error().message.contains(QLatin1String("mltco_reader")) &&
                         !rows.error().message.contains(QLatin1String("damaged")),
                     qPrintable(rows.error().message));
            QSqlQuery q(*carl);
            QVERIFY(!q.exec(QStringLiteral("SELECT name FROM plan")));
            const Error viaQt = store::readFailure(*carl, q.lastError());
            QVERIFY2(viaQt.message.contains(QLatin1String("may not read")), qPrintable(viaQt.message));
        }
        store::disconnectDatabase(name);
        const Error damaged = store::readFailure(sql, QStringLiteral("invalid page in block 4 of relation base/1/2"),
                                                 QStringLiteral("XX001"));
        QVERIFY2(damaged.message.startsWith(QLatin1String("the document is damaged: invalid page")),
                 qPrintable(damaged.message));
    }

    // The server ends the connection part-way through a read: the failure is said, no row comes after it, and asking
    // again gives nothing more.
    void aConnectionLostDuringAReadIsSaidAndEndsIt()
    {
        const QString db = test::newClusterDatabase(QStringLiteral("lost_read"));
        auto doc = catalog::openDocument(test::clusterUrl(db));
        QVERIFY(doc);
        const QSqlDatabase sql = (*doc)->database();
        QSqlQuery pid(sql);
        QVERIFY(pid.exec(QStringLiteral("SELECT pg_backend_pid()")) && pid.next());
        const QString backend = pid.value(0).toString();
        Expected<std::unique_ptr<store::RowReader>> rows =
            store::RowReader::start(sql, "SELECT g, repeat('x', 100) FROM generate_series(1, 400000) g ORDER BY g");
        QVERIFY(rows && (*rows)->next()); // the server sends on until the socket is full (tens of megabytes to send)
        QCOMPARE(test::clusterExec(db, QStringLiteral("SELECT pg_terminate_backend(%1)").arg(backend)), QString());
        qint64 read = 1;
        while ((*rows)->next())
            QCOMPARE((*rows)->int64(0), ++read);
        QVERIFY(read < 400000);
        QVERIFY((*rows)->error());
        QVERIFY(!(*rows)->next());
        QVERIFY(!(*rows)->next());
    }
};

MLTCO_TEST_GUILESS_MAIN(TestRowReader)
#include "tst_rowreader.moc"
