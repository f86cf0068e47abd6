// Crash consistency of the real command line: mltco-cli is killed with SIGKILL at random moments while it
// imports a price file and while it saves plans. After every kill the document must open, pass SQLite's
// PRAGMA integrity_check and hold exactly the state before the command or exactly the state after it,
// never a part of it.
//
// CTest runs a handful of rounds of each; tests/crash/run.sh runs 100 (MLTCO_CRASH_ROUNDS).
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace mltco;

namespace {

int rounds()
{
    const int n = qEnvironmentVariableIntValue("MLTCO_CRASH_ROUNDS");
    return n > 0 ? n : 6;
}

// What a document holds, as far as an import or a plan save can change it.
struct State
{
    qint64 prices = 0, batches = 0, instances = 0, providers = 0, plans = 0;
    QByteArray planJson; // of the plan with the lowest id
    bool operator==(const State &) const = default;
    QString text() const
    {
        return QStringLiteral("%1 prices, %2 batches, %3 instances, %4 providers, %5 plans")
            .arg(prices).arg(batches).arg(instances).arg(providers).arg(plans);
    }
};

// Opens the document as the next user would (recovering the WAL), checks it whole, and reads its state.
std::optional<State> check(const QString &path, QString *problem)
{
    auto doc = store::Document::openExisting(path);
    if (!doc) {
        *problem = doc.error().message;
        return std::nullopt;
    }
    const QSqlDatabase db = (*doc)->database();
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next() || q.value(0).toString() != QLatin1String("ok")) {
        *problem = QStringLiteral("integrity_check: %1").arg(q.value(0).toString());
        return std::nullopt;
    }
    State s;
    const auto count = [&](const char *table) {
        return *store::queryInt(db, QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)));
    };
    s.prices = count("price_point");
    s.batches = count("import_batch");
    s.instances = count("instance_type");
    s.providers = count("provider");
    s.plans = count("plan");
    QSqlQuery plan(db);
    if (plan.exec(QStringLiteral("SELECT json FROM plan ORDER BY id LIMIT 1")) && plan.next())
        s.planJson = plan.value(0).toString().toUtf8();
    return s;
}

QProcessEnvironment cliEnvironment(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
    return env;
}

struct Outcome
{
    bool finished = false; ///< the command ran to its end before the kill
    int exitCode = -1;
};

// Runs mltco-cli and kills it after `killAfterMs` (if it is still running then).
Outcome runAndKill(const QStringList &args, const QString &home, int killAfterMs)
{
    QProcess cli;
    cli.setProcessEnvironment(cliEnvironment(home));
    cli.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), args);
    Outcome o;
    if (!cli.waitForStarted())
        return o;
    if (cli.waitForFinished(killAfterMs)) {
        o.finished = cli.exitStatus() == QProcess::NormalExit;
        o.exitCode = cli.exitCode();
        return o;
    }
    cli.kill(); // SIGKILL: no cleanup, no rollback, no final commit
    cli.waitForFinished();
    return o;
}

// A generic price CSV of `rows` observations; `round` makes each file (and so each import) a new one.
QByteArray priceFile(int rows, int round)
{
    QByteArray csv = "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n";
    csv.reserve(rows * 64);
    for (int i = 0; i < rows; ++i)
        csv += "crashco,box-" + QByteArray::number(i % 50) + ",region-" + QByteArray::number(round) + "-" +
               QByteArray::number(i) + ",on_demand," + QByteArray::number(1.0 + (i % 997) / 100.0, 'f', 2) +
               ",2025-03-01,A100 40GB,1\n";
    return csv;
}

} // namespace

class TestCrashCli final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void killedImportLeavesBeforeOrAfter()
    {
        QTemporaryDir dir;
        const QString doc = dir.filePath(QStringLiteral("import.mltco"));
        const QString csv = dir.filePath(QStringLiteral("prices.csv"));
        constexpr int kRows = 60000;
        const auto write = [&](int round) {
            QFile f(csv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(priceFile(kRows, round));
        };
        const QStringList args{QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                               QStringLiteral("csv"), csv, QStringLiteral("--document"), doc};

        // Two imports run to their end (the first also creates the document): how long the second takes sets
        // the range the kills are spread over, from the start to past the end.
        write(0);
        QVERIFY(runAndKill(args, dir.path(), 120000).exitCode == 0);
        write(rounds() + 1);
        QElapsedTimer timer;
        timer.start();
        const Outcome second = runAndKill(args, dir.path(), 120000);
        const int fullMs = static_cast<int>(timer.elapsed());
        QVERIFY(second.finished && second.exitCode == 0);

        QRandomGenerator rng(QRandomGenerator::global()->generate());
        int before = 0, after = 0;
        // Every round starts from the same document, so a hundred rounds cost no more each than the first.
        const QString baseline = dir.filePath(QStringLiteral("baseline.mltco"));
        QVERIFY(QFile::copy(doc, baseline));
        for (int round = 1; round <= rounds(); ++round) {
            write(round);
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(doc + QLatin1String(suffix));
            QVERIFY(QFile::copy(baseline, doc));
            QString problem;
            const std::optional<State> start = check(doc, &problem);
            QVERIFY2(start, qPrintable(problem));
            const int killAt = static_cast<int>(rng.bounded(fullMs + fullMs / 3 + 1));
            const Outcome o = runAndKill(args, dir.path(), killAt);
            const std::optional<State> end = check(doc, &problem);
            QVERIFY2(end, qPrintable(QStringLiteral("round %1, killed after %2 ms: %3").arg(round).arg(killAt).arg(problem)));
            State done = *start;
            done.prices += kRows;
            done.batches += 1;
            if (o.finished) {
                QCOMPARE(o.exitCode, 0);
                QCOMPARE(*end, done);
            }
            QVERIFY2(*end == *start || *end == done,
                     qPrintable(QStringLiteral("round %1, killed after %2 ms: %3; before %4").arg(round).arg(killAt)
                                    .arg(end->text(), start->text())));
            (*end == *start ? before : after) += 1;
        }
        qInfo("%d rounds (one import takes %d ms): %d left the document as before, %d as after", rounds(), fullMs,
              before, after);
    }

    void killedPlanSaveLeavesBeforeOrAfter()
    {
        QTemporaryDir dir;
        const QString doc = dir.filePath(QStringLiteral("plans.mltco"));
        const auto cli = [&](const QStringList &args, int killAt) {
            return runAndKill(args + QStringList{QStringLiteral("--document"), doc}, dir.path(), killAt);
        };
        QVERIFY(cli({QStringLiteral("plan"), QStringLiteral("save"), QStringLiteral("example:seed-000")}, 60000).exitCode == 0);

        QElapsedTimer timer;
        timer.start();
        const Outcome first = cli({QStringLiteral("plan"), QStringLiteral("save"), QStringLiteral("example:growing-team"),
                                   QStringLiteral("--replace"), QStringLiteral("1")},
                                  60000);
        const int fullMs = static_cast<int>(timer.elapsed());
        QVERIFY(first.finished && first.exitCode == 0);

        QRandomGenerator rng(QRandomGenerator::global()->generate());
        const QStringList examples{QStringLiteral("example:seed-000"), QStringLiteral("example:growing-team")};
        QString problem;
        const std::optional<State> seedState = check(doc, &problem);
        QVERIFY2(seedState, qPrintable(problem));
        int before = 0, after = 0;
        for (int round = 1; round <= rounds(); ++round) {
            const std::optional<State> start = check(doc, &problem);
            QVERIFY2(start, qPrintable(problem));
            // Alternately replace plan 1 by the other example, and add a plan.
            const bool replace = round % 2 == 1;
            const QString example = examples.at(round / 2 % 2);
            QStringList args{QStringLiteral("plan"), QStringLiteral("save"), example};
            if (replace)
                args << QStringLiteral("--replace") << QStringLiteral("1");
            // Before it runs, the plan it would write, read from the command itself on a scratch copy.
            const QString scratch = dir.filePath(QStringLiteral("scratch-%1.mltco").arg(round));
            QVERIFY(QFile::copy(doc, scratch));
            QVERIFY(runAndKill(args + QStringList{QStringLiteral("--document"), scratch}, dir.path(), 60000).exitCode == 0);
            const std::optional<State> expected = check(scratch, &problem);
            QVERIFY2(expected, qPrintable(problem));

            const int killAt = static_cast<int>(rng.bounded(fullMs + fullMs / 5 + 1));
            const Outcome o = cli(args, killAt);
            const std::optional<State> end = check(doc, &problem);
            QVERIFY2(end, qPrintable(QStringLiteral("round %1, killed after %2 ms: %3").arg(round).arg(killAt).arg(problem)));
            if (o.finished)
                QCOMPARE(*end, *expected);
            QVERIFY2(*end == *start || *end == *expected,
                     qPrintable(QStringLiteral("round %1, killed after %2 ms: %3; before %4").arg(round).arg(killAt)
                                    .arg(end->text(), start->text())));
            (*end == *start ? before : after) += 1;
        }
        qInfo("%d rounds (one save takes %d ms): %d left the document as before, %d as after", rounds(), fullMs, before,
              after);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCrashCli)
#include "tst_crash_cli.moc"
