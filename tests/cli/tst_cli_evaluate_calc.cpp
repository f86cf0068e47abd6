// mltco-cli calc: the real binary on model.md §9's calculator figures and on bad options.
#include "tests/support/testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

struct Run final
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList &args, const QString &home)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home);
    env.insert(QStringLiteral("HOME"), home);
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), QStringList{QStringLiteral("calc")} + args);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestCliCalc final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }
    void seedFigures_data();
    void seedFigures();
    void tableOutput_data();
    void tableOutput();
    void refusals_data();
    void refusals();
    void budgetOfThePlan();
    void tflopsPriceOfACatalogInstance();

private:
    QTemporaryDir m_home;
};

void TestCliCalc::seedFigures_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance"); // the seed's printed precision

    // $ per 1000 TF32 TFLOPS-hour (seed 002): 14.90, 12.34, 3.36, -72.8 %.
    QTest::newRow("p4d") << QStringList{"tflops-price", "--rate", "32.77", "--node-tflops", "2200"}
                         << "price_per_1000_tflops_hour" << 14.90 << 0.005;
    QTest::newRow("a3") << QStringList{"tflops-price", "--rate", "87.83", "--node-tflops", "7120"}
                        << "price_per_1000_tflops_hour" << 12.34 << 0.005;
    QTest::newRow("Lambda per GPU") << QStringList{"tflops-price", "--gpu-rate", "2.99", "--gpus", "8", "--node-tflops", "7120"}
                                    << "price_per_1000_tflops_hour" << 3.36 << 0.005;
    QTest::newRow("Lambda vs Hopper") << QStringList{"tflops-price", "--gpu-rate", "2.99", "--gpus", "8",
                                                     "--node-tflops", "7120", "--baseline", "12.34"}
                                      << "change_vs_baseline" << -0.728 << 0.0005;
    QTest::newRow("per-GPU figure") << QStringList{"tflops-price", "--rate", "32.77", "--gpus", "8", "--gpu-tflops", "275"}
                                    << "price_per_1000_tflops_hour" << 14.90 << 0.005;
    // Commitment (seed 004): u 69.4 %, break-even 60 %, savings 16,320.
    const QStringList commitment{"commitment", "--used-hours", "500", "--month-hours", "720", "--rate", "20",
                                 "--discount", "40%"};
    QTest::newRow("commitment u") << commitment << "utilization" << 0.694 << 0.0005;
    QTest::newRow("commitment break-even") << commitment << "break_even_utilization" << 0.60 << 1e-12;
    QTest::newRow("commitment savings") << commitment << "annual_savings" << 16320.0 << 0.005;
    // Utilization + spot (seed 004's example, compounded): 150,285.71 / 1,803,428.57 / 75.1 %.
    const QStringList spot{"utilization-spot", "--monthly-spend", "200000", "--current-utilization", "0.3",
                           "--target-utilization", "0.7", "--spot-share", "0.6", "--spot-discount", "0.7"};
    QTest::newRow("spot monthly") << spot << "monthly_savings" << 150285.71 << 0.005;
    QTest::newRow("spot annual") << spot << "annual_savings" << 1803428.57 << 0.005;
    QTest::newRow("spot rate") << spot << "savings_rate" << 0.751 << 0.0005;
    QTest::newRow("spot defaults are seed 004's") << QStringList{"utilization-spot", "--monthly-spend", "200000",
                                                                 "--current-utilization", "30%", "--target-utilization", "70%"}
                                                  << "monthly_savings" << 150285.71 << 0.005;
    // Egress (seed 004, compounded): 650/month, 7,800/yr.
    const QStringList egress{"egress", "--gb-per-month", "10000", "--cost-per-gb", "0.10", "--locality", "0.3",
                             "--compression", "0.5"};
    QTest::newRow("egress monthly") << egress << "monthly_savings" << 650.0 << 0.005;
    QTest::newRow("egress annual") << egress << "annual_savings" << 7800.0 << 0.005;
    // Multi-GPU (seed 003): 5x on 8 GPUs.
    QTest::newRow("multi-gpu") << QStringList{"multi-gpu", "--gpus", "8"} << "speedup" << 5.0 << 1e-12;
    QTest::newRow("multi-gpu job cost") << QStringList{"multi-gpu", "--gpus", "8", "--job-gpu-hours", "40",
                                                       "--gpu-rate", "1"}
                                        << "job_cost" << 64.0 << 1e-9; // 40 / (5/8) x $1
    // Storage (seed 003 lifecycle): 1,000 GB a month -> all-hot 24,000 GB x 0.023 = 552.
    QTest::newRow("storage all hot") << QStringList{"storage", "--inflow-gb", "1000"} << "all_hot_monthly_cost" << 552.0
                                     << 1e-9;
    // model.md §12's acceptance figures: NAL -87.68 and +1,341.05; IRR 8.66 % and -2.12 %.
    const QStringList lease{"lease-vs-buy", "--price", "10000", "--life-years", "5", "--tax-rate", "0.34",
                            "--borrowing-rate", "0.0757575"};
    QTest::newRow("NAL, lease 2,500") << lease + QStringList{"--lease-payment", "2500"} << "nal" << -87.68 << 0.005;
    QTest::newRow("NAL, lease 2,000") << lease + QStringList{"--lease-payment", "2000"} << "nal" << 1341.05 << 0.005;
    QTest::newRow("IRR, six flows") << QStringList{"irr", "--flows=-70000,12000,15000,18000,21000,26000"} << "irr"
                                    << 0.0866 << 0.00005;
    QTest::newRow("IRR, five flows") << QStringList{"irr", "--flows=-70000,12000,15000,18000,21000"} << "irr" << -0.0212
                                     << 0.00005;
}

void TestCliCalc::seedFigures()
{
    QFETCH(QStringList, args);
    QFETCH(QString, key);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    const Run r = run(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")}, m_home.path());
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(json.contains(key), qPrintable(r.out));
    const double got = json.value(key).toDouble();
    QVERIFY2(std::abs(got - expected) <= tolerance, qPrintable(QString::number(got, 'g', 17)));
}

void TestCliCalc::tableOutput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("lines");
    QTest::newRow("commitment") << QStringList{"commitment", "--used-hours", "500", "--month-hours", "720", "--rate",
                                               "20", "--discount", "0.4"}
                                << QStringList{"Utilization             69.4 %", "Break-even utilization  60.0 %",
                                               "Recommendation          reserve", "Savings per year        $16,320.00"};
    QTest::newRow("spot") << QStringList{"utilization-spot", "--monthly-spend", "200000", "--current-utilization", "0.3",
                                         "--target-utilization", "0.7"}
                          << QStringList{"Savings per month        $150,285.71", "Savings per year         $1,803,428.57",
                                         "Savings rate             75.1 %"};
    QTest::newRow("egress") << QStringList{"egress", "--gb-per-month", "10000", "--cost-per-gb", "0.10", "--locality",
                                           "0.3", "--compression", "0.5"}
                            << QStringList{"Savings per month  $650.00", "Savings per year   $7,800.00"};
    QTest::newRow("tflops") << QStringList{"tflops-price", "--gpu-rate", "2.99", "--gpus", "8", "--node-tflops", "7120",
                                           "--baseline", "12.34"}
                            << QStringList{"$ per 1000 TFLOPS-hour  $3.36", "Change vs baseline      -72.8 %"};
}

void TestCliCalc::tableOutput()
{
    QFETCH(QStringList, args);
    QFETCH(QStringList, lines);
    const Run r = run(args, m_home.path());
    QCOMPARE(r.exitCode, 0);
    const QStringList out = r.out.split(QLatin1Char('\n'));
    for (const QString &line : lines)
        QVERIFY2(out.contains(line), qPrintable(line + QStringLiteral("\nin:\n") + r.out));
}

void TestCliCalc::refusals_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("firstLine");
    QTest::newRow("no calculator") << QStringList{} << 2 << "mltco-cli: calc needs a calculator";
    QTest::newRow("unknown calculator") << QStringList{"npv"} << 2 << "mltco-cli: unknown calculator \"npv\"";
    QTest::newRow("missing options") << QStringList{"commitment", "--rate", "20"} << 2
                                     << "mltco-cli: missing --used-hours, --discount";
    QTest::newRow("unknown option") << QStringList{"egress", "--gb", "1"} << 2 << "mltco-cli: Unknown option 'gb'.";
    QTest::newRow("bad format") << QStringList{"multi-gpu", "--gpus", "8", "--format", "xml"} << 2
                                << "mltco-cli: unknown format \"xml\" (json or table)";
    QTest::newRow("stray argument") << QStringList{"multi-gpu", "8"} << 2 << "mltco-cli: unexpected argument \"8\"";
    QTest::newRow("discount over 1") << QStringList{"commitment", "--used-hours", "500", "--rate", "20", "--discount", "1.5"}
                                     << 1 << "mltco-cli: --discount: must be a number from 0 to 1 (e.g. 0.4 or 40%), not \"1.5\"";
    QTest::newRow("rate not a number") << QStringList{"tflops-price", "--rate", "cheap", "--node-tflops", "2200"} << 1
                                       << "mltco-cli: --rate: must be a number greater than 0, not \"cheap\"";
    QTest::newRow("rate zero") << QStringList{"tflops-price", "--rate", "0", "--node-tflops", "2200"} << 1
                               << "mltco-cli: --rate: must be a number greater than 0, not \"0\"";
    QTest::newRow("NaN") << QStringList{"egress", "--gb-per-month", "nan", "--cost-per-gb", "0.1"} << 1
                         << "mltco-cli: --gb-per-month: must be a number from 0 to 1000000000000000, not \"nan\"";
    QTest::newRow("used more than the month") << QStringList{"commitment", "--used-hours", "730", "--month-hours", "720",
                                                             "--rate", "20", "--discount", "0.4"}
                                              << 1 << "mltco-cli: --used-hours: must be at most --month-hours (720)";
    QTest::newRow("two problems") << QStringList{"utilization-spot", "--monthly-spend", "-1", "--current-utilization",
                                                 "0", "--target-utilization", "0.7"}
                                  << 1 << "mltco-cli: invalid options";
    QTest::newRow("rate twice") << QStringList{"tflops-price", "--rate", "1", "--gpu-rate", "1", "--node-tflops", "1"}
                                << 2 << "mltco-cli: give exactly one of --rate (per instance-hour) and --gpu-rate (per GPU-hour), or name a catalog --instance";
    QTest::newRow("no throughput figure") << QStringList{"tflops-price", "--rate", "12.24"} << 2
                                          << "mltco-cli: give exactly one of --gpu-tflops (per GPU) and --node-tflops (whole node)";
    QTest::newRow("multi-gpu without a rule") << QStringList{"multi-gpu", "--gpus", "4"} << 2
                                              << "mltco-cli: give --efficiency or --speedup (seed 003's 5x rule is for 8 GPUs only)";
    QTest::newRow("bad tiers") << QStringList{"storage", "--inflow-gb", "1", "--tiers", "90:0.01,30:0.02"} << 1
                               << "mltco-cli: --tiers: tier 2 (\"30:0.02\") must be DAYS:PRICE with DAYS above the "
                                  "previous tier's (at most 36500) and PRICE a USD per GB-month from 0 to 1000000";
    QTest::newRow("budget without costs") << QStringList{"budget", "--budget", "1000"} << 2
                                          << "mltco-cli: give exactly one of --plan PLAN.json and --monthly-costs A,B,...";
}

void TestCliCalc::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, firstLine);
    const Run r = run(args, m_home.path());
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.err.section(QLatin1Char('\n'), 0, 0), firstLine);
    QCOMPARE(r.out, QString());
}

void TestCliCalc::budgetOfThePlan()
{
    // The sample plan's on-prem server costs 150,000 + 9,833.33 in month 1: against a $40,000 budget every
    // threshold is crossed in month 1, 25 % after 10,000 / 159,833.33 of it.
    const Run r = run({QStringLiteral("budget"), QStringLiteral("--budget"), QStringLiteral("40000"), QStringLiteral("--plan"),
                       QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/sample-plan.json"),
                       QStringLiteral("--format"), QStringLiteral("json")},
                      m_home.path());
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QJsonArray scenarios = json.value("scenarios").toArray();
    QCOMPARE(scenarios.size(), 6);
    const QJsonArray onPrem = scenarios.at(4).toObject().value("crossings").toArray();
    QCOMPARE(onPrem.at(0).toObject().value("month").toInt(), 1);
    const double day = onPrem.at(0).toObject().value("day_of_month").toDouble();
    QVERIFY(std::abs(day - 10000.0 / (150000 + 9833.0 + 1.0 / 3) * 365 / 12) < 1e-9);
    // The GCP node ($5,833.33 a month) never reaches 25 % of $40,000.
    QVERIFY(scenarios.at(5).toObject().value("crossings").toArray().at(0).toObject().value("month").isNull());

    const Run costs = run({QStringLiteral("budget"), QStringLiteral("--budget"), QStringLiteral("10000"),
                           QStringLiteral("--monthly-costs"), QStringLiteral("2000,6000,12000")},
                          m_home.path());
    QCOMPARE(costs.exitCode, 0);
    QVERIFY2(costs.out.contains(QStringLiteral("month 2, day 12.7")), qPrintable(costs.out)); // 2500/6000 x 30.42
}

void TestCliCalc::tflopsPriceOfACatalogInstance()
{
    // model.md §9 from the seed catalog, naming the instances instead of typing their figures: p4d.24xlarge
    // $32.77 / 2.2 = 14.90; Lambda 8 x H100 $2.99/GPU = $23.92 / 7.12 = 3.36, -77.4 % against 14.90.
    const QString document = m_home.filePath(QStringLiteral("tflops.mltco"));
    const Run p4d = run({QStringLiteral("tflops-price"), QStringLiteral("--instance"), QStringLiteral("aws/p4d.24xlarge"),
                         QStringLiteral("--document"), document, QStringLiteral("--format"), QStringLiteral("json")},
                        m_home.path());
    QVERIFY2(p4d.exitCode == 0, qPrintable(p4d.err));
    const QJsonObject a = QJsonDocument::fromJson(p4d.out.toUtf8()).object();
    QVERIFY(std::abs(a.value("price_per_1000_tflops_hour").toDouble() - 32.77 / 2.2) < 1e-9);
    QCOMPARE(a.value("node_tflops").toDouble(), 2200.0);
    QVERIFY(a.value("tflops_basis").toString().contains(QLatin1String("hardware-perspective-2025")));
    const Run lambda = run({QStringLiteral("tflops-price"), QStringLiteral("--instance"),
                            QStringLiteral("lambda/gpu_8x_h100_sxm5"), QStringLiteral("--baseline"), QStringLiteral("14.90"),
                            QStringLiteral("--document"), document},
                           m_home.path());
    QVERIFY2(lambda.exitCode == 0, qPrintable(lambda.err));
    QVERIFY2(lambda.out.contains(QStringLiteral("$3.36")), qPrintable(lambda.out));
    QVERIFY(lambda.out.contains(QStringLiteral("-77.4 %")));
    // Per-GPU figures instead of the node figure: 8 x 156 dense TF32 for the p4d.
    const Run dense = run({QStringLiteral("tflops-price"), QStringLiteral("--instance"), QStringLiteral("aws/p4d.24xlarge"),
                           QStringLiteral("--metric"), QStringLiteral("tf32_dense"), QStringLiteral("--document"), document,
                           QStringLiteral("--format"), QStringLiteral("json")},
                          m_home.path());
    QCOMPARE(QJsonDocument::fromJson(dense.out.toUtf8()).object().value("node_tflops").toDouble(), 8 * 156.0);
    // An unknown instance is invalid input; typed figures with --instance are a usage error.
    const Run unknown = run({QStringLiteral("tflops-price"), QStringLiteral("--instance"), QStringLiteral("aws/nope"),
                             QStringLiteral("--document"), document},
                            m_home.path());
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY(unknown.err.contains(QStringLiteral("no instance type nope of provider aws")));
    const Run both = run({QStringLiteral("tflops-price"), QStringLiteral("--instance"), QStringLiteral("aws/p4d.24xlarge"),
                          QStringLiteral("--rate"), QStringLiteral("3")},
                         m_home.path());
    QCOMPARE(both.exitCode, 2);
}

MLTCO_TEST_GUILESS_MAIN(TestCliCalc)
#include "tst_cli_evaluate_calc.moc"
