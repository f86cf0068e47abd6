// mltco-cli actuals: the real binary on real FOCUS fixtures and a document on disk.
#include "../cli/clirunner.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QJsonObject>
#include <QTest>

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/actuals/") + QLatin1String(name);
}

QString samplePlan()
{
    return QStringLiteral(MLTCO_TEST_DATA_DIR "/../../resources/plans/sample-plan.json");
}

QString details(const CliRun &r)
{
    return QStringLiteral("exit %1\nout: %2\nerr: %3").arg(r.exitCode).arg(r.out, r.err);
}

} // namespace

class TestCliActuals : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QString m_doc;

    CliRun cli(QStringList args) { return runCli(args << QStringLiteral("--document") << m_doc, m_home.path()); }

private slots:
    void init()
    {
        m_doc = m_home.filePath(QStringLiteral("doc-%1.mltco").arg(QTest::currentTestFunction()));
        QFile::remove(m_doc);
    }

    void importListAndBills()
    {
        const CliRun imported =
            cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv")});
        QVERIFY2(imported.exitCode == 0, qPrintable(details(imported)));
        QVERIFY2(
            imported.out.contains(QStringLiteral("Imported bill 1 (FOCUS 1.2): 11 rows read, 8 GPU rows in 6 monthly "
                                                 "sums, covering 2026-01 to 2026-02.")),
            qPrintable(imported.out));
        QVERIFY(imported.out.contains(QStringLiteral("note: 1 correction row was added to the month it corrects")));
        // A bill of one row: counts that agree with their nouns.
        const CliRun one = runCli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-eur.csv"),
                                   QStringLiteral("--document"), m_home.filePath(QStringLiteral("one-row.mltco"))},
                                  m_home.path());
        QVERIFY2(one.exitCode == 0, qPrintable(details(one)));
        QVERIFY2(one.out.contains(QStringLiteral("(FOCUS 1.2): 1 row read, 1 GPU row in 1 monthly sum, covering 2026-01.")),
                 qPrintable(one.out));
        QVERIFY2(one.out.contains(QStringLiteral("note: GPU spend held against a plan, \u20ac300.00 on 1 instance type: "
                                                 "p4d.24xlarge \u20ac300.00")),
                 qPrintable(one.out));

        const CliRun csv =
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(csv.exitCode == 0, qPrintable(details(csv)));
        const QStringList lines = csv.out.trimmed().split(QStringLiteral("\r\n")); // RFC 4180 line ends
        QCOMPARE(lines.size(), 7);
        QCOMPARE(lines[0],
                 QStringLiteral(
                     "month,provider,service,instance_type,pricing_category,effective_cost,billed_cost,currency,gpu_hours"));
        QVERIFY2(lines.contains(
                     QStringLiteral("2026-01,AWS,Amazon Elastic Compute Cloud,p4d.24xlarge,committed,1620,10000,USD,400")),
                 qPrintable(csv.out));
        QVERIFY2(lines.contains(QStringLiteral(
                     "2026-01,AWS,Amazon Elastic Compute Cloud,p4d.24xlarge,unspecified,-327.73,-327.73,USD,-80")),
                 qPrintable(csv.out));

        const CliRun json = cli(
            {QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(json.exitCode == 0, qPrintable(details(json)));
        const QJsonArray rows = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(rows.size(), 6);
        double effective = 0;
        for (const QJsonValue &row : rows)
            effective += row.toObject().value(QStringLiteral("effective_cost")).toDouble();
        QVERIFY(qFuzzyCompare(effective, 3277.26 + 80 + 1620 - 327.73 + 6554.52 + 30.60));
        QCOMPARE(rows.first().toObject().value(QStringLiteral("month")).toString(), QStringLiteral("2026-01"));
        QCOMPARE(rows.first().toObject().value(QStringLiteral("currency")).toString(), QStringLiteral("USD"));

        const CliRun table = cli({QStringLiteral("actuals"), QStringLiteral("list")});
        QVERIFY(table.exitCode == 0 && table.out.startsWith(QStringLiteral("month ")));

        // The whole bill by FOCUS ServiceCategory: January's Compute (its GPU spend 4,649.53 and an m5.large's 2.30),
        // its Other (a tax of 50), February's Compute (GPU 6,585.12 and a credit of -100), worked from the rows.
        const CliRun whole = cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--by"),
                                  QStringLiteral("service-category"), QStringLiteral("--format"),
                                  QStringLiteral("csv")});
        QVERIFY2(whole.exitCode == 0, qPrintable(details(whole)));
        QCOMPARE(whole.out.trimmed().split(QStringLiteral("\r\n")),
                 QStringList({QStringLiteral("month,provider,service_category,gpu_cost,gpu_unsized_cost,not_gpu_cost,"
                                             "tax_credit_adjustment_cost,effective_cost,billed_cost,currency,rows"),
                              QStringLiteral("2026-01,AWS,Compute,4649.53,0,2.3,0,4651.83,13031.83,USD,7"),
                              QStringLiteral("2026-01,AWS,Other,0,0,0,50,50,50,USD,1"),
                              QStringLiteral("2026-02,AWS,Compute,6585.12,0,0,-100,6485.12,6485.12,USD,3")}));
        const CliRun wholeJson = cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--by"),
                                      QStringLiteral("service-category"), QStringLiteral("--format"),
                                      QStringLiteral("json")});
        QVERIFY2(wholeJson.exitCode == 0, qPrintable(details(wholeJson)));
        const QJsonObject january = QJsonDocument::fromJson(wholeJson.out.toUtf8()).array().first().toObject();
        QCOMPARE(january.value(QStringLiteral("service_category")).toString(), QStringLiteral("Compute"));
        QCOMPARE(january.value(QStringLiteral("gpu_cost")).toDouble(), 4649.53);
        QCOMPARE(
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--by"), QStringLiteral("service")})
                .exitCode,
            2);

        const CliRun billList = cli(
            {QStringLiteral("actuals"), QStringLiteral("bills"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(billList.exitCode == 0, qPrintable(details(billList)));
        const QJsonObject bill = QJsonDocument::fromJson(billList.out.toUtf8()).array().first().toObject();
        QCOMPARE(bill.value(QStringLiteral("file")).toString(), QStringLiteral("focus-1.2-aws-gpu.csv"));
        QCOMPARE(bill.value(QStringLiteral("first_month")).toString(), QStringLiteral("2026-01"));
        QCOMPARE(bill.value(QStringLiteral("last_month")).toString(), QStringLiteral("2026-02"));
    }

    // Money in the listings is to the cent, in every format, as `actuals compare` gives it: the real FinOps sample's
    // sub-cent charges summed per month and category read 15.27, not 15.2721782545 (or 8.58006e-05).
    void listedMoneyIsToTheCent()
    {
        const CliRun imported = cli({QStringLiteral("actuals"), QStringLiteral("import"),
                                     fixture("finops-focus-sample/focus_sample.csv")});
        QVERIFY2(imported.exitCode == 0, qPrintable(details(imported)));
        for (const QStringList &by : {QStringList{}, QStringList{QStringLiteral("--by"), QStringLiteral("service-category")}}) {
            const CliRun listed = cli(QStringList{QStringLiteral("actuals"), QStringLiteral("list")} + by +
                                      QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
            QVERIFY2(listed.exitCode == 0, qPrintable(details(listed)));
            const QStringList lines = listed.out.trimmed().split(QStringLiteral("\r\n"));
            QVERIFY(lines.size() > 2);
            const QStringList header = lines.first().split(u',');
            for (const QString &line : lines.mid(1)) {
                const QStringList cells = line.split(u',');
                QCOMPARE(cells.size(), header.size()); // no commas inside these names
                for (qsizetype c = 0; c < header.size(); ++c)
                    if (header[c].endsWith(QLatin1String("_cost")))
                        QVERIFY2(QRegularExpression(QStringLiteral("^-?[0-9]+(\\.[0-9]{1,2})?$")).match(cells[c]).hasMatch(),
                                 qPrintable(header[c] + QStringLiteral(": ") + line));
            }
        }
    }

    void refusalsLeaveTheDocumentAsItWas()
    {
        QVERIFY(cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv")}).exitCode ==
                0);
        const QString before =
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("csv")})
                .out;

        const CliRun again =
            cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains(QStringLiteral("was imported before")), qPrintable(again.err));
        const CliRun overlap =
            cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv.gz")});
        QCOMPARE(overlap.exitCode, 1);
        QVERIFY2(overlap.err.contains(QStringLiteral("Remove that bill first")), qPrintable(overlap.err));
        // A bill mixing currencies (the euro bill with a row in dollars added) is refused with the line.
        QFile eurFile(fixture("focus-1.2-eur.csv"));
        QVERIFY(eurFile.open(QIODevice::ReadOnly));
        QByteArray mixed = eurFile.readAll();
        mixed += mixed.mid(mixed.indexOf('\n') + 1).replace(",EUR,", ",USD,");
        const QString mixedPath = m_home.filePath(QStringLiteral("mixed.csv"));
        {
            QFile out(mixedPath);
            QVERIFY(out.open(QIODevice::WriteOnly) && out.write(mixed) == mixed.size());
        }
        const CliRun eur = cli({QStringLiteral("actuals"), QStringLiteral("import"), mixedPath});
        QCOMPARE(eur.exitCode, 1);
        QVERIFY2(eur.err.contains(QStringLiteral("mixes currencies")) && eur.err.contains(QStringLiteral("mixed.csv:3:")),
                 qPrintable(eur.err));
        const CliRun prices = cli({QStringLiteral("actuals"), QStringLiteral("import"),
                                   QStringLiteral(MLTCO_TEST_DATA_DIR "/import/aws-pricelist-ec2-2025.csv")});
        QCOMPARE(prices.exitCode, 1);
        QVERIFY2(prices.err.contains(QStringLiteral("not a FOCUS cost export")), qPrintable(prices.err));
        QCOMPARE(
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("csv")})
                .out,
            before);

        // Usage errors: exit 2, nothing opened.
        QCOMPARE(cli({QStringLiteral("actuals")}).exitCode, 2);
        QCOMPARE(cli({QStringLiteral("actuals"), QStringLiteral("forget")}).exitCode, 2);
        QCOMPARE(cli({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("one")}).exitCode, 2);
        QCOMPARE(
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("xml")})
                .exitCode,
            2);

        // A missing file is refused before any document is created.
        const QString fresh = m_home.filePath(QStringLiteral("never.mltco"));
        const CliRun missing = runCli({QStringLiteral("actuals"), QStringLiteral("import"),
                                       QStringLiteral("/nonexistent/bill.csv"), QStringLiteral("--document"), fresh},
                                      m_home.path());
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(!QFile::exists(fresh));

        // Remove, then the gzipped export of the same months goes in.
        const CliRun removed = cli({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("1")});
        QVERIFY2(removed.exitCode == 0, qPrintable(details(removed)));
        QCOMPARE(cli({QStringLiteral("actuals"), QStringLiteral("remove"), QStringLiteral("1")}).exitCode, 1);
        const CliRun gz =
            cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv.gz")});
        QVERIFY2(gz.exitCode == 0, qPrintable(details(gz)));
        QCOMPARE(
            cli({QStringLiteral("actuals"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("csv")})
                .out,
            before);
    }

    void comparePlanWithActuals()
    {
        QVERIFY(cli({QStringLiteral("actuals"), QStringLiteral("import"), fixture("focus-1.2-aws-gpu.csv")}).exitCode ==
                0);
        // The plan's own months, to hold the comparison's planned column against.
        const CliRun plan =
            cli({QStringLiteral("evaluate"), samplePlan(), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(plan.exitCode == 0, qPrintable(details(plan)));
        const QStringList planLines = plan.out.split(QLatin1Char('\n'));
        const QString scenario = planLines.value(1).section(QLatin1Char(','), 0, 0);
        QVERIFY(!scenario.isEmpty());
        const double month1 = planLines.value(1).section(QLatin1Char(','), 4, 4).toDouble();
        QVERIFY(month1 > 0);

        const CliRun compared =
            cli({QStringLiteral("actuals"), QStringLiteral("compare"), samplePlan(), QStringLiteral("--scenario"),
                 scenario, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(compared.exitCode == 0, qPrintable(details(compared)));
        const QJsonArray rows = QJsonDocument::fromJson(compared.out.toUtf8()).array();
        QCOMPARE(rows.size(), 36);
        const QJsonObject jan = rows[0].toObject();
        QCOMPARE(jan.value(QStringLiteral("month")).toString(), QStringLiteral("2026-01"));
        QCOMPARE(jan.value(QStringLiteral("plan_month")).toInt(), 1);
        QVERIFY(qFuzzyCompare(jan.value(QStringLiteral("planned_usd")).toDouble(), month1));
        const double actual = 3277.26 + 80 + 1620 - 327.73;
        QVERIFY(qFuzzyCompare(jan.value(QStringLiteral("actual_usd")).toDouble(), actual));
        QVERIFY(qFuzzyCompare(jan.value(QStringLiteral("variance_usd")).toDouble(), actual - month1));
        QVERIFY(rows[2].toObject().value(QStringLiteral("actual_usd")).isNull());

        // --start puts the plan's month 1 elsewhere: January 2026 is then month 3.
        const CliRun shifted = cli({QStringLiteral("actuals"), QStringLiteral("compare"), samplePlan(),
                                    QStringLiteral("--scenario"), scenario, QStringLiteral("--start"),
                                    QStringLiteral("2025-11"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(shifted.exitCode == 0, qPrintable(details(shifted)));
        QVERIFY2(shifted.out.split(QStringLiteral("\r\n")).value(3).startsWith(QStringLiteral("3,2026-01,")),
                 qPrintable(shifted.out));

        const CliRun unknown = cli({QStringLiteral("actuals"), QStringLiteral("compare"), samplePlan(),
                                    QStringLiteral("--scenario"), QStringLiteral("Nobody")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QStringLiteral("no scenario named 'Nobody'")) && unknown.err.contains(scenario),
                 qPrintable(unknown.err));
        QCOMPARE(cli({QStringLiteral("actuals"), QStringLiteral("compare"), samplePlan()}).exitCode, 2);

        // A plan that links a scenario to the bills needs no --scenario; its start month applies too.
        QFile sample(samplePlan());
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QJsonObject linked = QJsonDocument::fromJson(sample.readAll()).object();
        linked.insert(QStringLiteral("actuals"), QJsonObject{{QStringLiteral("scenario"), scenario},
                                                             {QStringLiteral("start"), QStringLiteral("2025-11")}});
        const QString linkedPath = m_home.filePath(QStringLiteral("linked.json"));
        QFile out(linkedPath);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(linked).toJson());
        out.close();
        const CliRun byLink = cli({QStringLiteral("actuals"), QStringLiteral("compare"), linkedPath,
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(byLink.exitCode == 0, qPrintable(details(byLink)));
        QCOMPARE(byLink.out, shifted.out);

        // The PDF of the linked plan has its "Plan vs actual" page: the sentence and the variance table's months.
        const QString pdf = m_home.filePath(QStringLiteral("linked.pdf"));
        const CliRun report = cli({QStringLiteral("report"), linkedPath, QStringLiteral("--pdf"), pdf});
        QVERIFY2(report.exitCode == 0, qPrintable(details(report)));
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QString pages = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(pages.contains(QStringLiteral("Plan vs actual")), qPrintable(pages.left(2000)));
        QVERIFY(pages.contains(QStringLiteral("Over the 2 months the bills cover")));
        QVERIFY(pages.contains(QStringLiteral("Jan 2026")) && pages.contains(QStringLiteral("$4,649.53")));
        // Without a link there is no such page.
        const QString plain = m_home.filePath(QStringLiteral("plain.pdf"));
        QVERIFY(cli({QStringLiteral("report"), samplePlan(), QStringLiteral("--pdf"), plain}).exitCode == 0);
        text.start(QStringLiteral("pdftotext"), {plain, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        QVERIFY(!QString::fromUtf8(text.readAllStandardOutput()).contains(QStringLiteral("Plan vs actual")));
        QCOMPARE(cli({QStringLiteral("actuals"), QStringLiteral("compare"), samplePlan(), QStringLiteral("--scenario"),
                      scenario, QStringLiteral("--start"), QStringLiteral("2026-13")})
                     .exitCode,
                 2);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliActuals)
#include "tst_cli_actuals.moc"
