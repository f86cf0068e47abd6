// A kill at any moment leaves a valid document: a writer committing transactions is killed with
// SIGKILL at random moments; every time, the document opens, passes SQLite's integrity check and
// holds whole transactions only (a multiple of 10 rows), at least as many as were reported committed.
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

class TestCrashSafety final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void killedWriterLeavesValidDocument()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crash.mltco"));
        QRandomGenerator rng(20261121);
        qint64 reported = 0;
        for (int round = 0; round < 6; ++round) {
            QProcess writer;
            writer.start(QStringLiteral(MLTCO_CRASHWRITER), {path});
            QVERIFY(writer.waitForStarted());
            QTRY_VERIFY_WITH_TIMEOUT(writer.canReadLine() || writer.state() == QProcess::NotRunning, 20000);
            QCOMPARE(writer.state(), QProcess::Running);
            QTest::qWait(static_cast<int>(rng.bounded(10, 120)));
            writer.kill(); // SIGKILL: no cleanup, no final commit
            QVERIFY(writer.waitForFinished());
            const QList<QByteArray> lines = writer.readAllStandardOutput().split('\n');
            for (const QByteArray &line : lines)
                if (!line.trimmed().isEmpty())
                    reported = std::max(reported, line.trimmed().toLongLong());

            auto doc = store::Document::openExisting(path);
            QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
            QSqlQuery check((*doc)->database());
            QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")) && check.next());
            QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
            const qint64 rows = *store::queryInt((*doc)->database(), QStringLiteral("SELECT COUNT(*) FROM provider"));
            QCOMPARE(rows % 10, 0);
            QVERIFY2(rows >= reported, qPrintable(QStringLiteral("%1 rows, %2 reported committed").arg(rows).arg(reported)));
        }
        QVERIFY(reported > 0);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
