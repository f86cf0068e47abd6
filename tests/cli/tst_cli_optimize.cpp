// mltco-cli optimize: the real binary on the bundled growing-team example, its JSON keys (model.md §11.4), --write-plan
// and its refusals.
#include "tests/cli/clirunner.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>


class TestCliOptimize final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    CliRun run(const QStringList &args) const { return runCli(args, m_home.path()); }

    QString write(const QString &name, const QByteArray &json)
    {
        const QString path = m_home.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
            return {};
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    void jsonHasExactlyTheDocumentedKeys()
    {
        const CliRun r = run({QStringLiteral("optimize"), QStringLiteral("example:growing-team"), QStringLiteral("--trials"),
                           QStringLiteral("200"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QStringList keys{QStringLiteral("objective"), QStringLiteral("beta"),     QStringLiteral("value"),
                               QStringLiteral("bound"),     QStringLiteral("mean"),     QStringLiteral("p10"),
                               QStringLiteral("p50"),       QStringLiteral("p90"),      QStringLiteral("purchases"),
                               QStringLiteral("terms"),     QStringLiteral("futures"),  QStringLiteral("scenarios"),
                               QStringLiteral("frontier"),  QStringLiteral("marginal"), QStringLiteral("sentence")};
        const QStringList actual = o.keys();
        QCOMPARE(QSet<QString>(actual.begin(), actual.end()), QSet<QString>(keys.begin(), keys.end()));
        QCOMPARE(o.value(QStringLiteral("objective")).toString(), QStringLiteral("mean"));
        QCOMPARE(o.value(QStringLiteral("beta")).toDouble(), 0.9);
        QVERIFY(o.value(QStringLiteral("bound")).toDouble() <= o.value(QStringLiteral("value")).toDouble());
        QCOMPARE(o.value(QStringLiteral("value")).toDouble(), o.value(QStringLiteral("mean")).toDouble());
        const QJsonArray futures = o.value(QStringLiteral("futures")).toArray();
        QCOMPARE(futures.size(), 200);
        double weights = 0.0;
        for (const QJsonValue &f : futures)
            weights += f.toObject().value(QStringLiteral("weight")).toDouble();
        QVERIFY(std::abs(weights - 1.0) < 1e-9);
        QCOMPARE(o.value(QStringLiteral("scenarios")).toArray().size(), 9);
        const QJsonArray frontier = o.value(QStringLiteral("frontier")).toArray();
        QCOMPARE(frontier.size(), 5);
        const double betas[] = {0.0, 0.5, 0.8, 0.9, 0.95};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(frontier.at(i).toObject().value(QStringLiteral("beta")).toDouble(), betas[i]);
            for (const char *key : {"mean", "cvar", "purchases", "terms"})
                QVERIFY2(frontier.at(i).toObject().contains(QLatin1String(key)), key);
        }
        // One row per epoch of the request: every 3 months over 36.
        const QJsonArray marginal = o.value(QStringLiteral("marginal")).toArray();
        QCOMPARE(marginal.size(), 12);
        QCOMPARE(marginal.at(0).toObject().value(QStringLiteral("epoch")).toInt(), 1);
        QCOMPARE(marginal.at(11).toObject().value(QStringLiteral("epoch")).toInt(), 34);
        QVERIFY(o.value(QStringLiteral("sentence")).toString().contains(QStringLiteral("burst the rest to")));
        // The same request and seed, the same bytes, on one thread as on two.
        QCOMPARE(run({QStringLiteral("optimize"), QStringLiteral("example:growing-team"), QStringLiteral("--trials"),
                      QStringLiteral("200"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--threads"),
                      QStringLiteral("1")})
                     .out,
                 r.out);
    }

    void optionsOverrideThePlan()
    {
        const CliRun r = run({QStringLiteral("optimize"), QStringLiteral("example:growing-team"), QStringLiteral("--trials"),
                           QStringLiteral("100"), QStringLiteral("--objective"), QStringLiteral("cvar"),
                           QStringLiteral("--beta"), QStringLiteral("0.8"), QStringLiteral("--seed"), QStringLiteral("5"),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("objective")).toString(), QStringLiteral("cvar"));
        QCOMPARE(o.value(QStringLiteral("beta")).toDouble(), 0.8);
        QVERIFY(o.value(QStringLiteral("value")).toDouble() >= o.value(QStringLiteral("mean")).toDouble());
        QCOMPARE(o.value(QStringLiteral("futures")).toArray().size(), 100);
    }

    void theWrittenPlanEvaluates()
    {
        const QString out = m_home.filePath(QStringLiteral("fleet.json"));
        const CliRun r = run({QStringLiteral("optimize"), QStringLiteral("example:growing-team"), QStringLiteral("--trials"),
                           QStringLiteral("100"), QStringLiteral("--write-plan"), out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("Efficient frontier")), qPrintable(r.out));
        const CliRun e = run({QStringLiteral("evaluate"), out, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(e.exitCode, 0);
        const QJsonArray scenarios = QJsonDocument::fromJson(e.out.toUtf8()).object().value(QStringLiteral("scenarios")).toArray();
        QJsonObject mix;
        for (const QJsonValue &s : scenarios)
            if (s.toObject().value(QStringLiteral("name")).toString() == QStringLiteral("Optimized fleet"))
                mix = s.toObject();
        QCOMPARE(mix.value(QStringLiteral("kind")).toString(), QStringLiteral("mix"));
        const QJsonObject month = mix.value(QStringLiteral("months")).toArray().at(20).toObject();
        QVERIFY(month.contains(QStringLiteral("servers")));
        QVERIFY(month.contains(QStringLiteral("instances")));
        QVERIFY(month.contains(QStringLiteral("tax")));
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QJsonObject plan = QJsonDocument::fromJson(written.readAll()).object();
        QCOMPARE(plan.value(QStringLiteral("version")).toInt(), 3);
        QVERIFY(plan.contains(QStringLiteral("optimize")));
    }

    void refusals()
    {
        // A plan without a request: exit 1, saying what to add.
        const CliRun none = run({QStringLiteral("optimize"), QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json")});
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains(QStringLiteral("optimize: missing")), qPrintable(none.err));
        // A bad request: exit 1 with its path.
        const QString bad = write(QStringLiteral("bad.json"), R"({"name": "bad", "version": 3, "scenarios": [
            {"name": "p", "kind": "purchase"}, {"name": "e", "kind": "elastic", "rate_per_hour": 2}],
            "optimize": {"own": "p", "burst": "e", "epochs": [1, 40]}})");
        const CliRun path = run({QStringLiteral("optimize"), bad});
        QCOMPARE(path.exitCode, 1);
        QVERIFY2(path.err.contains(QStringLiteral("optimize.epochs[1]: month 40 is outside the horizon (1 to 36)")),
                 qPrintable(path.err));
        // Options out of range: usage errors, exit 2.
        for (const QStringList &args : {QStringList{QStringLiteral("--objective"), QStringLiteral("median")},
                                        QStringList{QStringLiteral("--beta"), QStringLiteral("1")},
                                        QStringList{QStringLiteral("--trials"), QStringLiteral("0")},
                                        QStringList{QStringLiteral("--format"), QStringLiteral("csv")}}) {
            const CliRun r = run(QStringList{QStringLiteral("optimize"), QStringLiteral("example:growing-team")} + args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + r.err));
        }
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliOptimize)
#include "tst_cli_optimize.moc"
