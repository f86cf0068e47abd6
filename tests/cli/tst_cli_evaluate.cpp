// mltco-cli evaluate: the real binary on the sample plan and on every kind of bad input.
#include "../bench/bigdata.h"
#include "models/report/format.h"
#include "models/plan/planevaluation.h"
#include "models/plan/planreader.h"
#include "tests/support/testmain.h"

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
    void tableOfAPlanSplitAcrossCoresKeepsItsOrderAndFigures();
    void refusals_data();
    void refusals();
    void invalidPlanListsEveryProblem();
    void catalogFillsMissingRatesFromTheDocument();
    void missingCatalogPriceIsAnError();
    void importedH100UsesTheDatasheetEstimate();
    void unknownGpuIsAnErrorNamingIt();
    void growingTeamExampleEvaluates();
    void analyzeGivesTheDocumentedKeys();
    void analyzeRefusals();

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
    QCOMPARE(lines.first(), QStringLiteral("scenario,kind,month,total_usd,compute_usd,capex_usd,resale_usd,financing_usd,facilities_usd,"
                                           "power_usd,failures_usd,staff_usd,overhead_usd,tax_usd,capacity_gpu_hours,"
                                           "demand_gpu_hours,servers,nodes,burst_usd,instances"));
    // Money in cents, other figures as they are.
    QCOMPARE(lines[1], QStringLiteral("AWS p3.8xlarge per engineer,dedicated,1,35740.80,35740.80,0.00,0.00,0.00,0.00,0.00,"
                                      "0.00,0.00,0.00,0.00,11680,2920,,,,"));
    // The Linode pool reports its nodes, the servers their count.
    QVERIFY(lines[2 * 36 + 1].endsWith(QStringLiteral(",2920,,2,,")));
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

void TestCliEvaluate::tableOfAPlanSplitAcrossCoresKeepsItsOrderAndFigures()
{
    // 700 scenarios: the table report evaluates and formats them on every core, then prints them in the plan's order.
    const QByteArray json = bench::bigPlan(700, 24);
    const QString path = writePlan(json);
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--format"), QStringLiteral("table")});
    QCOMPARE(r.exitCode, 0);
    const Expected<tco::Plan> plan = tco::readPlan(json);
    QVERIFY(plan);
    const Expected<tco::PlanResult> result = tco::evaluatePlan(*plan);
    QVERIFY(result);
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    qsizetype first = 0;
    while (first < lines.size() && !lines[first].startsWith(QStringLiteral("Scenario 1 ")))
        ++first;
    QVERIFY2(first < lines.size(), qPrintable(r.out.left(600)));
    for (std::size_t i = 0; i < result->scenarios.size(); ++i) {
        const QString &line = lines.value(first + static_cast<qsizetype>(i));
        const tco::EvaluatedScenario &s = result->scenarios[i];
        QVERIFY2(line.startsWith(s.name + (s.result.hasUnmetDemand() ? QStringLiteral(" *") : QStringLiteral(" "))),
                 qPrintable(line));
        QVERIFY2(line.contains(report::money(s.result.total)) && line.contains(report::money(s.result.npv)), qPrintable(line));
    }
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

void TestCliEvaluate::importedH100UsesTheDatasheetEstimate()
{
    // Lambda's catalog (shared/data) spells the GPU "H100"; the importer puts it on the GPU table's
    // "H100 SXM 80GB", which has no person-set speedup: 989 dense FP16 TFLOPS / 125 = 7.912, shown as estimated.
    const QString document = m_home.filePath(QStringLiteral("lambda.mltco"));
    const Run imported = run({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                              QStringLiteral("skypilot"), QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv"),
                              QStringLiteral("--observed-at"), QStringLiteral("2025-06-01"), QStringLiteral("--document"),
                              document});
    QCOMPARE(imported.exitCode, 0);
    const QString path = writePlan(R"({"name": "p", "scenarios": [{"name": "h100", "kind": "cluster", "nodes": 1,
        "instance": {"provider": "lambda", "name": "gpu_8x_h100_sxm5", "region": "us-east-1", "pricing": "on_demand"}}]})");
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--document"), document});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("note: scenarios[0].speedup: 7.91 estimated from datasheets for H100 SXM 80GB: "
                                           "989 dense FP16 TFLOPS / 125 (nvidia-h100-datasheet)")),
             qPrintable(r.err));
    const QJsonObject s = QJsonDocument::fromJson(r.out.toUtf8()).object().value("scenarios").toArray().at(0).toObject();
    QCOMPARE(s.value("speedup_origin").toString(), QStringLiteral("estimated"));
    QVERIFY(std::abs(s.value("speedup").toDouble() - 989.0 / 125.0) < 1e-12);
    // 8 GPUs x 7.912 x 730 reference GPU-hours a month.
    const double capacity = s.value("months").toArray().at(0).toObject().value("capacity_gpu_hours").toDouble();
    QVERIFY(std::abs(capacity - 8 * 989.0 / 125.0 * 730) < 1e-6);

    // The seed's person-set A100 (4.0, seed 000) next to it: a warning that the two scales differ.
    const QString mixed = writePlan(R"({"name": "p", "scenarios": [{"name": "h100", "kind": "cluster", "nodes": 1,
        "instance": {"provider": "lambda", "name": "gpu_8x_h100_sxm5", "region": "us-east-1", "pricing": "on_demand"}},
        {"name": "a100", "kind": "cluster", "nodes": 1,
        "instance": {"provider": "lambda", "name": "gpu_8x_a100", "region": "us-east-1", "pricing": "on_demand"}}]})");
    const Run m = run({QStringLiteral("evaluate"), mixed, QStringLiteral("--document"), document});
    QVERIFY2(m.exitCode == 0, qPrintable(m.err));
    QVERIFY2(m.err.contains(QStringLiteral("warning: speedups on two scales: set by a person for \"a100\" (A100 40GB, 4), "
                                           "estimated from datasheets for \"h100\" (H100 SXM 80GB, 7.91)")),
             qPrintable(m.err));
}

void TestCliEvaluate::unknownGpuIsAnErrorNamingIt()
{
    // A GPU the table does not know, imported from a generic CSV: no speedup to use, and never a silent 1.
    const QString document = m_home.filePath(QStringLiteral("zeta.mltco"));
    const QString csv = m_home.filePath(QStringLiteral("zeta.csv"));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n"
               "acme,zeta-8,eu-1,on_demand,20,2025-01-28,Zeta Z1,8\n"
               "acme,h-8,eu-1,on_demand,30,2025-01-28,NVIDIA H100 80GB HBM3,8\n");
    file.close();
    const Run imported = run({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                              QStringLiteral("csv"), csv, QStringLiteral("--document"), document});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const QString path = writePlan(R"({"name": "p", "scenarios": [{"name": "zeta", "kind": "dedicated", "boxes": 1,
        "instance": {"provider": "acme", "name": "zeta-8", "region": "eu-1", "pricing": "on_demand"}}]})");
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--document"), document});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("scenarios[0].speedup: the catalog has no speedup for GPU \"Zeta Z1\"")),
             qPrintable(r.err));
    // The nvidia-smi spelling of the H100 is an alias: it lands on the table's row and is estimated.
    const QString h = writePlan(R"({"name": "p", "scenarios": [{"name": "h", "kind": "dedicated", "boxes": 1,
        "instance": {"provider": "acme", "name": "h-8", "region": "eu-1", "pricing": "on_demand"}}]})");
    const Run ok = run({QStringLiteral("evaluate"), h, QStringLiteral("--document"), document});
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
    QVERIFY(ok.err.contains(QStringLiteral("estimated from datasheets for H100 SXM 80GB")));
}

void TestCliEvaluate::growingTeamExampleEvaluates()
{
    const QString path = QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/growing-team.json");
    const Run r = run({QStringLiteral("evaluate"), path, QStringLiteral("--format"), QStringLiteral("table")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("All figures after tax at 21")));
    QVERIFY(r.out.contains(QStringLiteral("Base and burst")));
    const Run j = run({QStringLiteral("evaluate"), path});
    QCOMPARE(j.exitCode, 0);
    const QJsonObject plan = QJsonDocument::fromJson(j.out.toUtf8()).object();
    bool power = false, tax = false, hybrid = false, grows = false;
    for (const QJsonValue &v : plan.value("scenarios").toArray()) {
        const QJsonObject s = v.toObject();
        power = power || s.value("by_category").toObject().value("power").toDouble() > 0;
        tax = tax || s.value("by_category").toObject().value("tax").toDouble() < 0;
        hybrid = hybrid || s.value("kind").toString() == QLatin1String("hybrid");
        const QJsonArray months = s.value("months").toArray();
        if (s.value("kind").toString() == QLatin1String("purchase"))
            grows = grows || months.last().toObject().value("servers").toDouble() >
                                 months.first().toObject().value("servers").toDouble();
    }
    QVERIFY(power);
    QVERIFY(tax);
    QVERIFY(hybrid);
    QVERIFY(grows);
    // The CLI lists the bundled examples and prints one to start a plan from.
    const Run list = run({QStringLiteral("example")});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.contains(QStringLiteral("growing-team")));
    const Run printed = run({QStringLiteral("example"), QStringLiteral("growing-team")});
    QCOMPARE(printed.exitCode, 0);
    QFile bundled(path);
    QVERIFY(bundled.open(QIODevice::ReadOnly));
    QCOMPARE(printed.out.toUtf8(), bundled.readAll());
    const Run byName = run({QStringLiteral("evaluate"), QStringLiteral("example:growing-team")});
    QCOMPARE(byName.out, j.out);
    QCOMPARE(run({QStringLiteral("example"), QStringLiteral("nope")}).exitCode, 1);
}

// mltco-cli analyze: the JSON keys issue 11 names, the same output for the same seed, and the audit trail.
void TestCliEvaluate::analyzeGivesTheDocumentedKeys()
{
    const QString plan = QStringLiteral(MLTCO_TEST_DATA_DIR "/analysis/uncertain-plan.json");
    const QString samples = m_home.filePath(QStringLiteral("samples.csv"));
    const QStringList args{QStringLiteral("analyze"), plan, QStringLiteral("--trials"), QStringLiteral("2000"),
                           QStringLiteral("--seed"), QStringLiteral("11"), QStringLiteral("--format"), QStringLiteral("json")};
    const Run r = run(args + QStringList{QStringLiteral("--samples-csv"), samples});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o.value(QStringLiteral("trials")).toInt(), 2000);
    QCOMPARE(o.value(QStringLiteral("seed")).toString(), QStringLiteral("11"));
    const QJsonArray scenarios = o.value(QStringLiteral("scenarios")).toArray();
    QCOMPARE(scenarios.size(), 3);
    for (const char *key : {"name", "mean", "p10", "p50", "p90", "p_cheapest", "npv_mean", "npv_p10", "npv_p50", "npv_p90"})
        QVERIFY2(scenarios.at(0).toObject().contains(QLatin1String(key)), key);
    const QJsonArray pairs = o.value(QStringLiteral("pairs")).toArray();
    QCOMPARE(pairs.size(), 3);
    for (const char *key : {"a", "b", "p_a_cheaper", "p10", "p50", "p90"})
        QVERIFY2(pairs.at(0).toObject().contains(QLatin1String(key)), key);
    const QJsonArray tornado = o.value(QStringLiteral("tornado")).toArray();
    QVERIFY(!tornado.isEmpty());
    for (const char *key : {"scenario", "target", "parameter", "low", "high", "total_low", "total_high", "swing"})
        QVERIFY2(tornado.at(0).toObject().contains(QLatin1String(key)), key);
    const QJsonArray fan = o.value(QStringLiteral("fan")).toArray();
    QCOMPARE(fan.size(), 3);
    QCOMPARE(fan.at(0).toObject().value(QStringLiteral("p50")).toArray().size(), 36);
    const QJsonArray months = o.value(QStringLiteral("breakeven_month")).toArray();
    QCOMPARE(months.size(), 1);
    QVERIFY(months.at(0).toObject().contains(QStringLiteral("p_never")));

    QCOMPARE(run(args).out, r.out); // the same seed, the same bytes
    QFile file(samples);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.size(), 2002); // header, 2000 trials, and the empty piece after the last line break
    QVERIFY2(lines.first().startsWith("trial,workload.demand_gpu_hours,\"Cloud, pay per use.rate_per_hour\""),
             lines.first().constData());
    QCOMPARE(lines.at(1).split(',').size(), 1 + 4 + 3);
}

void TestCliEvaluate::analyzeRefusals()
{
    const QString plan = QStringLiteral(MLTCO_TEST_DATA_DIR "/analysis/uncertain-plan.json");
    for (const QStringList &bad : {QStringList{QStringLiteral("--trials"), QStringLiteral("0")},
                                   QStringList{QStringLiteral("--swing"), QStringLiteral("1.5")},
                                   QStringList{QStringLiteral("--sampling"), QStringLiteral("sobol")},
                                   QStringList{QStringLiteral("--seed"), QStringLiteral("-3")}})
        QCOMPARE(run(QStringList{QStringLiteral("analyze"), plan} + bad).exitCode, 2);
    const QString broken = writePlan(R"({"name": "u", "scenarios": [{"name": "c", "kind": "elastic", "rate_per_hour": 3,
        "gpus_per_instance": 1, "speedup": 1}], "uncertainty": [{"target": "c", "parameter": "rate_per_hour",
        "distribution": "pert", "low": 4, "mode": 3, "high": 5}]})");
    const Run r = run({QStringLiteral("analyze"), broken});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("uncertainty[0]: needs low <= mode <= high")), qPrintable(r.err));
}

MLTCO_TEST_GUILESS_MAIN(TestCliEvaluate)
#include "tst_cli_evaluate.moc"
