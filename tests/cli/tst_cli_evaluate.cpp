// mltco-cli evaluate: the real binary on the sample plan and on every kind of bad input.
#include "models/tco/planevaluation.h"
#include "models/tco/planreader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace mltco;

namespace {

struct Run final
{
    int exitCode = -1;
    QString out;
    QString err;
};

QString samplePlan()
{
    return QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json");
}

} // namespace

class TestCliEvaluate final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void jsonTotalsEqualTheEngine();
    void jsonIsTheDefaultFormat();
    void csvHasEveryMonthOfEveryScenario();
    void tableIsForPeople();
    void refusals_data();
    void refusals();
    void invalidPlanListsEveryProblem();
    void catalogFillsMissingRatesFromTheDocument();
    void missingCatalogPriceIsAnError();

private:
    Run run(const QStringList &args);
    QString writePlan(const QByteArray &json);

    QTemporaryDir m_home; // the CLI's application data (default document) goes here, never to the user's
};

void TestCliEvaluate::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(QFile::exists(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli")));
}

Run TestCliEvaluate::run(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("HOME"), m_home.path());
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), args);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString TestCliEvaluate::writePlan(const QByteArray &json)
{
    static int count = 0;
    const QString path = m_home.filePath(QStringLiteral("plan%1.json").arg(++count));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestCliEvaluate::jsonTotalsEqualTheEngine()
{
    const Run r = run({QStringLiteral("evaluate"), samplePlan(), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);

    QFile file(samplePlan());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Expected<tco::PlanResult> engine = tco::evaluatePlan(*tco::readPlan(file.readAll()));
    QVERIFY(engine);
    QCOMPARE(json.value("plan").toString(), engine->plan);
    const QJsonArray scenarios = json.value("scenarios").toArray();
    QCOMPARE(scenarios.size(), static_cast<qsizetype>(engine->scenarios.size()));
    for (qsizetype i = 0; i < scenarios.size(); ++i) {
        const QJsonObject s = scenarios.at(i).toObject();
        const tco::ScenarioResult &e = engine->scenarios[static_cast<std::size_t>(i)].result;
        // Full precision: the printed doubles read back to exactly the engine's.
        QCOMPARE(s.value("total").toDouble(), e.total);
        QCOMPARE(s.value("npv").toDouble(), e.npv);
        QCOMPARE(s.value("average_annual").toDouble(), e.averageAnnual);
        QCOMPARE(s.value("served_gpu_hours").toDouble(), e.served);
        QCOMPARE(s.value("months").toArray().size(), 36);
        QCOMPARE(s.value("months").toArray().at(17).toObject().value("total").toDouble(), e.months[17].total);
        QCOMPARE(s.value("utilization").toDouble(), *e.utilization);
    }
    const QJsonArray annual = scenarios.at(4).toObject().value("annual").toArray();
    QCOMPARE(annual.size(), 3);
    for (qsizetype y = 0; y < 3; ++y) // seed 000's years, to the cent
        QVERIFY(std::abs(annual.at(y).toDouble() - QList<double>{268000, 118000, 73000}.at(y)) < 0.005);
    const QJsonObject breakeven = json.value("breakeven").toArray().at(0).toObject();
    QCOMPARE(breakeven.value("servers").toInt(), 6);
    QCOMPARE(breakeven.value("stays_cheaper").toBool(), true);
    QCOMPARE(breakeven.value("sweep").toArray().size(), 100);
}

void TestCliEvaluate::jsonIsTheDefaultFormat()
{
    const Run r = run({QStringLiteral("evaluate"), samplePlan()});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isObject());
}

void TestCliEvaluate::csvHasEveryMonthOfEveryScenario()
{
    const Run r = run({QStringLiteral("evaluate"), samplePlan(), QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QStringLiteral("\r\n"));
    QCOMPARE(lines.size(), 1 + 6 * 36 + 1);
    QCOMPARE(lines.first(), QStringLiteral("scenario,kind,month,total,compute,capex,resale,facilities,power,failures,"
                                           "staff,overhead,tax,capacity_gpu_hours,demand_gpu_hours,servers,nodes,burst"));
    QCOMPARE(lines[1],
             QStringLiteral("AWS p3.8xlarge per engineer,dedicated,1,35740.8,35740.8,0,0,0,0,0,0,0,0,11680,2920,,,"));
    // The Linode pool reports its nodes, the servers their count.
    QVERIFY(lines[2 * 36 + 1].endsWith(QStringLiteral(",2920,,2,")));
    // "On-prem 8xA100, 1 server" has a comma: quoted.
    QVERIFY(lines[4 * 36 + 1].startsWith(QStringLiteral("\"On-prem 8xA100, 1 server\",purchase,1,")));
}

void TestCliEvaluate::tableIsForPeople()
{
    const Run r = run({QStringLiteral("evaluate"), samplePlan(), QStringLiteral("--format"), QStringLiteral("table")});
    QCOMPARE(r.exitCode, 0);
    for (const char *text : {"$1,286,668.80", "$268,000.00", "$118,000.00", "$73,000.00", "$153,000.00",
                             "-$45,000.00", "Year 3", "buying is cheaper from 6 server(s)"})
        QVERIFY2(r.out.contains(QLatin1String(text)), text);
}

void TestCliEvaluate::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("firstLine"); // of standard error
    const QString usage = QStringLiteral("usage: mltco-cli evaluate PLAN.json [--document PATH] [--format json|csv|table]");
    QTest::newRow("no plan") << QStringList{"evaluate"} << 2 << "mltco-cli: evaluate needs a plan file";
    QTest::newRow("two plans") << QStringList{"evaluate", "a.json", "b.json"} << 2
                               << "mltco-cli: evaluate takes one plan file, not 2";
    QTest::newRow("bad format") << QStringList{"evaluate", samplePlan(), "--format", "xml"} << 2
                                << "mltco-cli: unknown format \"xml\" (json, csv or table)";
    QTest::newRow("unknown option") << QStringList{"evaluate", samplePlan(), "--colour"} << 2
                                    << "mltco-cli: Unknown option 'colour'.";
    QTest::newRow("missing file") << QStringList{"evaluate", "/nonexistent/plan.json"} << 1
                                  << "mltco-cli: cannot read /nonexistent/plan.json: No such file or directory";
}

void TestCliEvaluate::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, firstLine);
    const Run r = run(args);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0), firstLine);
    QCOMPARE(r.out, QString());
    if (exitCode == 2)
        QVERIFY(r.err.contains(QStringLiteral("usage: mltco-cli evaluate PLAN.json")));
}

void TestCliEvaluate::invalidPlanListsEveryProblem()
{
    const QString path = writePlan(R"({"name": "p", "scenarios": [{"name": "a", "kind": "purchase", "servers": -1},
        {"name": "b", "kind": "dedicated"}], "breakeven": [{"purchase": "a", "cloud": "c"}]})");
    const Run r = run({QStringLiteral("evaluate"), path});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("mltco-cli: %1: the plan is not valid (3 problems)\n"
                                   "scenarios[0].servers: must be an integer from 0 to 100000\n"
                                   "scenarios[1].rate_per_hour: missing; give it, or name a catalog \"instance\" to "
                                   "take it from\n"
                                   "breakeven[0].cloud: no scenario is named \"c\"\n")
                        .arg(path));

    const QString broken = writePlan(R"({"name": "p", "workload": {"engineers": 1e999}})");
    const Run j = run({QStringLiteral("evaluate"), broken});
    QCOMPARE(j.exitCode, 1);
    // The number fills columns 41-45; the parser stops just after it.
    QCOMPARE(j.err, QStringLiteral("mltco-cli: %1: the plan is not valid JSON near line 1, column 46: illegal number\n")
                        .arg(broken));
}

void TestCliEvaluate::catalogFillsMissingRatesFromTheDocument()
{
    // No rate in the plan: the seed catalog of a new document prices p3.8xlarge at $12.24/h (4 V100, speedup 1).
    const QString path = writePlan(R"({"name": "p", "scenarios": [{"name": "aws", "kind": "dedicated",
        "instance": {"provider": "aws", "name": "p3.8xlarge", "region": "us-east-1", "pricing": "on_demand"}}]})");
    const QString document = m_home.filePath(QStringLiteral("test.mltco"));
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--document"), document});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QJsonObject s = QJsonDocument::fromJson(r.out.toUtf8()).object().value("scenarios").toArray().at(0).toObject();
    QVERIFY(std::abs(s.value("total").toDouble() - 1286668.80) < 0.005); // 4 x 12.24 x 730 x 36

    // Without --document the default document (in this test's own data folder) is used.
    const Run d = run({QStringLiteral("evaluate"), path});
    QCOMPARE(d.exitCode, 0);
}

void TestCliEvaluate::missingCatalogPriceIsAnError()
{
    const QString path = writePlan(R"({"name": "p", "scenarios": [{"name": "aws", "kind": "dedicated",
        "instance": {"provider": "aws", "name": "p3.8xlarge", "region": "eu-west-1", "pricing": "spot",
                     "as_of": "2024-01-01"}}]})");
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--document"),
                       m_home.filePath(QStringLiteral("test.mltco"))});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(QStringLiteral("mltco-cli: the plan cannot be evaluated\nscenarios[0].instance: ")),
             qPrintable(r.err));
    // The catalog's message names what is missing: provider, instance, region, pricing and date.
    for (const char *word : {"aws", "p3.8xlarge", "eu-west-1", "spot", "2024-01-01"})
        QVERIFY2(r.err.contains(QLatin1String(word)), word);
}

QTEST_GUILESS_MAIN(TestCliEvaluate)
#include "tst_cli_evaluate.moc"
