// Any plan the product accepts or writes passes every command: random valid plans of every kind and option (mixes with
// and without a burst, listed before or after their layers, 0-server purchase layers, hybrids, schedules, lead times,
// loans and leases, reserved terms, commitments, power, tax, uncertain inputs, break-evens, fleet plan requests), and
// every plan `optimize --write-plan` writes for them and for the bundled examples, go through evaluate, analyze,
// optimize and report (summary, PDF, CSV) of the real mltco-cli: each exits 0, or 1 with its reason in words, and
// never dies of a signal. The same test runs under ASan/UBSan (bash .ci/bootstrap.sh asan).
//
// MLTCO_ANYPLAN_COUNT sets how many random plans (default 10), MLTCO_ANYPLAN_SEED the first seed (default 1).
#include "tests/cli/clirunner.h"
#include "tests/cli/randomplan.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>


using mltco::test::PlanMaker;

class TestCliAnyPlan final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    int m_written = 0;

    CliRun run(const QStringList &args) const { return runCli(args, m_home.path()); }

    // One command: no signal, no hang, and exit 0, or 1 with its reason in words when `refusalAllowed`.
    void expectSound(const QString &what, const QStringList &args, bool refusalAllowed = false)
    {
        const CliRun r = run(args);
        const QString context = what + QStringLiteral(": mltco-cli ") + args.join(QLatin1Char(' '));
        QVERIFY2(r.exitCode != -2, qPrintable(context + QStringLiteral(" died of a signal\n") + r.err));
        QVERIFY2(r.exitCode != -1, qPrintable(context + QStringLiteral(" did not finish")));
        if (refusalAllowed && r.exitCode == 1) {
            QVERIFY2(!r.err.trimmed().isEmpty(), qPrintable(context + QStringLiteral(" refused without a word")));
            return;
        }
        QVERIFY2(r.exitCode == 0, qPrintable(context + QStringLiteral(" exited %1\n").arg(r.exitCode) + r.err));
    }

    // Every command on the plan at `path`; then the plan its fleet request writes, through every command too.
    void everyCommand(const QString &what, const QString &path, bool hasRequest, int depth = 0)
    {
        const QString dir = m_home.filePath(QStringLiteral("out-%1").arg(++m_written));
        QVERIFY(QDir().mkpath(dir));
        expectSound(what, {QStringLiteral("evaluate"), path, QStringLiteral("--format"), QStringLiteral("json")});
        if (QTest::currentTestFailed())
            return;
        expectSound(what, {QStringLiteral("evaluate"), path, QStringLiteral("--format"), QStringLiteral("table")});
        expectSound(what, {QStringLiteral("analyze"), path, QStringLiteral("--trials"), QStringLiteral("60"),
                           QStringLiteral("--format"), QStringLiteral("json")});
        expectSound(what, {QStringLiteral("report"), path, QStringLiteral("--summary")});
        expectSound(what, {QStringLiteral("report"), path, QStringLiteral("--csv"), dir + QStringLiteral("/csv")});
        expectSound(what, {QStringLiteral("report"), path, QStringLiteral("--pdf"), dir + QStringLiteral("/report.pdf")});
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(QFileInfo(dir + QStringLiteral("/report.pdf")).size() > 1000, qPrintable(what));
        if (!hasRequest || depth > 0)
            return;
        const QString written = dir + QStringLiteral("/written.json");
        // The optimizer may find no decision within the request's limits: said in words, exit 1, nothing written.
        expectSound(what, {QStringLiteral("optimize"), path, QStringLiteral("--trials"), QStringLiteral("40"),
                           QStringLiteral("--write-plan"), written},
                    true);
        if (QTest::currentTestFailed() || !QFileInfo::exists(written))
            return;
        everyCommand(what + QStringLiteral(" (its written plan)"), written, true, depth + 1);
    }

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    void theExamplesAndTheirWrittenPlans_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<bool>("request");
        QTest::newRow("growing-team") << QStringLiteral("example:growing-team") << true;
        QTest::newRow("generations") << QStringLiteral("example:generations") << true;
        QTest::newRow("seed-000") << QStringLiteral("example:seed-000") << false;
        QTest::newRow("sample plan") << QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json") << false;
    }
    void theExamplesAndTheirWrittenPlans()
    {
        QFETCH(QString, plan);
        QFETCH(bool, request);
        everyCommand(plan, plan, request);
    }

    // The plan of the report: a purchase; a mix of one cluster layer without a burst, listed before that cluster; the
    // cluster. And a mix whose 0-server purchase layer is listed before its burst.
    void mixesListedBeforeTheirLayers()
    {
        const QByteArray json = R"({"name": "Mix first", "scenarios": [
            {"name": "Own", "kind": "purchase", "servers": 2},
            {"name": "Layered", "kind": "mix", "layers": ["Pool"]},
            {"name": "Pool", "kind": "cluster", "rate_per_hour": 4, "gpus_per_instance": 3, "nodes": 4},
            {"name": "Own none, burst", "kind": "mix", "layers": ["Nothing owned"], "burst": "Burst"},
            {"name": "Nothing owned", "kind": "purchase", "servers": 0},
            {"name": "Burst", "kind": "elastic", "rate_per_hour": 2.9, "speedup": 4}]})";
        const QString path = m_home.filePath(QStringLiteral("mix-first.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(json), json.size());
        file.close();
        everyCommand(QStringLiteral("mix first"), path, false);
    }

    void randomPlans_data()
    {
        QTest::addColumn<quint32>("seed");
        const int count = qEnvironmentVariableIsSet("MLTCO_ANYPLAN_COUNT") ? qEnvironmentVariableIntValue("MLTCO_ANYPLAN_COUNT") : 10;
        const auto first = static_cast<quint32>(qEnvironmentVariableIsSet("MLTCO_ANYPLAN_SEED")
                                                    ? qEnvironmentVariableIntValue("MLTCO_ANYPLAN_SEED")
                                                    : 1);
        for (int i = 0; i < count; ++i)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(first + static_cast<quint32>(i))))
                << first + static_cast<quint32>(i);
    }
    void randomPlans()
    {
        QFETCH(quint32, seed);
        const QJsonObject plan = PlanMaker(seed).make();
        const QString path = m_home.filePath(QStringLiteral("random-%1.json").arg(seed));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QByteArray json = QJsonDocument(plan).toJson();
        QCOMPARE(file.write(json), json.size());
        file.close();
        everyCommand(QStringLiteral("seed %1 (%2)").arg(seed).arg(path), path, plan.contains(QStringLiteral("optimize")));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliAnyPlan)
#include "tst_cli_anyplan.moc"
