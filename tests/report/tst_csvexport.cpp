// CSV exports: RFC 4180 quoting, full precision, one row per month/year/sweep point, and writes that
// never leave a half-written file behind.
#include "models/report/csvexport.h"
#include "models/report/reportdata.h"
#include "models/plan/planreader.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace mltco;

namespace {

// One on-prem server against a GCP node, 14 months (a partial second year). Hand-worked figures:
// purchase capex month 1 = 150,000; facilities 3,000/12 = 250 a month; failures 15,000/12 = 1,250;
// staff 100,000/12 = 8,333.33...; residual credit at month 14 = -150,000 (1 - 0.7 * 14/36).
const QByteArray kPlan = R"({
  "name": "Report test, plan",
  "workload": { "engineers": 1, "demand_gpu_hours": 100, "horizon_months": 14 },
  "scenarios": [
    { "name": "On-prem, one server", "kind": "purchase", "servers": 1, "server_price": 150000,
      "resale_fraction": 0.3, "facilities_per_server_year": 3000, "failures_per_server_year": 15000,
      "fte_annual_cost": 100000, "servers_per_fte": 10, "holding_months": 36 },
    { "name": "GCP node", "kind": "dedicated", "boxes": 1, "rate_per_hour": 7.990867579908676,
      "gpus_per_instance": 8, "speedup": 4 } ],
  "breakeven": [ { "purchase": "On-prem, one server", "cloud": "GCP node", "max_servers": 3 } ]
})";

tco::PlanResult evaluated()
{
    auto plan = tco::readPlan(kPlan);
    if (!plan)
        qFatal("%s", qPrintable(plan.error().message + plan.error().details.join(QLatin1Char('\n'))));
    auto result = tco::evaluatePlan(*plan);
    if (!result)
        qFatal("%s", qPrintable(result.error().message + result.error().details.join(QLatin1Char('\n'))));
    return *result;
}

QList<QByteArray> lines(const QByteArray &csv)
{
    QList<QByteArray> out = csv.split('\n');
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

} // namespace

class TestCsvExport final : public QObject
{
    Q_OBJECT

private slots:
    void quoting()
    {
        QCOMPARE(report::csvField(QStringLiteral("plain")), QStringLiteral("plain"));
        QCOMPARE(report::csvField(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(report::csvField(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
        QCOMPARE(report::csvField(QStringLiteral("two\nlines")), QStringLiteral("\"two\nlines\""));
    }

    void formulasAreNeutralisedNumbersAreNot_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        // OWASP CSV injection: a spreadsheet runs cells that start with =, +, -, @, tab or CR.
        QTest::newRow("hyperlink") << "=HYPERLINK(\"http://x\",\"y\")" << "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"";
        QTest::newRow("plus") << "+cmd|' /C calc'!A0" << "'+cmd|' /C calc'!A0";
        QTest::newRow("minus formula") << "-2+3+cmd|' /C calc'!A0" << "'-2+3+cmd|' /C calc'!A0";
        QTest::newRow("at") << "@SUM(1+1)" << "'@SUM(1+1)";
        QTest::newRow("tab") << "\t=1" << "'\t=1";
        QTest::newRow("carriage return") << "\r=1" << "\"'\r=1\"";
        // Numbers stay numbers, and a sign inside a name is harmless.
        QTest::newRow("negative number") << "-62000" << "-62000";
        QTest::newRow("signed exponent") << "+1.5e3" << "+1.5e3";
        QTest::newRow("name with a dash") << "g1-gpu-rtx6000-1" << "g1-gpu-rtx6000-1";
    }

    void formulasAreNeutralisedNumbersAreNot()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(report::csvField(text), field);
    }

    void injectedNameIsNeutralisedInExports()
    {
        catalog::PricePoint p;
        p.provider = QStringLiteral("=HYPERLINK(\"http://x\",\"y\")");
        p.instance = QStringLiteral("@evil");
        p.amount = 1.5;
        p.observedAt = QDate(2025, 1, 28);
        const QList<QByteArray> rows = lines(report::priceHistoryCsv({p}));
        QVERIFY2(rows.at(1).startsWith("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'@evil,"), rows.at(1).constData());
        QVERIFY(rows.at(1).contains(",1.5,USD,hour,1.5,")); // the price is still a number
    }

    void numbersRoundTrip()
    {
        for (double v : {268000.0, 7.990867579908676, -62000.0, 1.0 / 3.0, 0.1 + 0.2, 1e-7, 123456789.123, 5e20})
            QCOMPARE(report::csvNumber(v).toDouble(), v);
        // Plain decimals, never an exponent a person must decode.
        QCOMPARE(report::csvNumber(268000.0), QStringLiteral("268000"));
        QCOMPARE(report::csvNumber(500000.0), QStringLiteral("500000"));
        QCOMPARE(report::csvNumber(1e-7), QStringLiteral("0.0000001"));
        QCOMPARE(report::csvNumber(0.25), QStringLiteral("0.25"));
        QCOMPARE(report::csvNumber(-0.0), QStringLiteral("0"));
        QCOMPARE(report::csvNumber(5e20), QStringLiteral("500000000000000000000"));
        // Random values of every size read back exactly, with no exponent below 1e21.
        quint64 state = 12345;
        for (int i = 0; i < 20000; ++i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const double mantissa = static_cast<double>(state >> 11) / 9007199254740992.0;
            const double v = (i % 2 ? -1 : 1) * mantissa * std::pow(10.0, (i % 40) - 20);
            const QString text = report::csvNumber(v);
            QCOMPARE(text.toDouble(), v);
            QVERIFY2(!text.contains(QLatin1Char('e')), qPrintable(text));
        }
    }

    void moneyHasCents()
    {
        QCOMPARE(report::csvMoney(458999.99999999965), QStringLiteral("459000.00"));
        QCOMPARE(report::csvMoney(500000.0), QStringLiteral("500000.00"));
        QCOMPARE(report::csvMoney(-45000.0), QStringLiteral("-45000.00"));
        QCOMPARE(report::csvMoney(8333.333333333334), QStringLiteral("8333.33"));
        QCOMPARE(report::csvMoney(0.005), QStringLiteral("0.01")); // 0.005 is just above half a cent in binary
        QCOMPARE(report::csvMoney(-0.001), QStringLiteral("0.00")); // never "-0.00"
        QCOMPARE(report::csvMoney(0.0), QStringLiteral("0.00"));
    }

    void readmeNamesThePlanDateModelAndUnits()
    {
        const QString text = QString::fromUtf8(report::csvReadme(QStringLiteral("Seed 000"), QStringLiteral("team.mltco"),
                                                                 QDate(2026, 11, 26), {QStringLiteral("yearly.csv"),
                                                                                       QStringLiteral("monthly.csv")}));
        QVERIFY(text.contains(QStringLiteral("Plan: Seed 000\r\nFrom: team.mltco\r\nMade: 2026-11-26\r\n")));
        QVERIFY(text.contains(QStringLiteral("version %1").arg(report::kModelVersion)));
        QVERIFY(text.contains(QStringLiteral("rounded to cents, in columns whose names end in _usd")));
        // The files in the order written, and only those.
        QVERIFY(text.indexOf(QStringLiteral("\r\nyearly.csv\r\n")) < text.indexOf(QStringLiteral("\r\nmonthly.csv\r\n")));
        QVERIFY(text.indexOf(QStringLiteral("\r\nyearly.csv\r\n")) > 0);
        QVERIFY(!text.contains(QStringLiteral("breakeven.csv")));
    }

    void monthlyRows()
    {
        const QByteArray csv = report::monthlyCsv(evaluated());
        const QList<QByteArray> rows = lines(csv);
        QCOMPARE(rows.size(), 1 + 2 * 14);
        QVERIFY(rows.first().startsWith("scenario,kind,month,total_usd,compute_usd,capex_usd,resale_usd,financing_usd,facilities_usd,"
                                        "power_usd,failures_usd,staff_usd,overhead_usd,tax_usd,capacity_gpu_hours,"
                                        "demand_gpu_hours,servers,nodes,burst_usd"));
        QVERIFY(csv.contains("\r\n"));
        // Month 1 of the purchase: 150,000 capex + 250 + 1,250 + 8,333.33...
        QVERIFY(rows.at(1).startsWith("\"On-prem, one server\",purchase,1,"));
        const QList<QByteArray> f = rows.at(1).trimmed().split(',');
        // The quoted name splits into two fields here: 4 = total, 5 = compute, 6 = capex, ...
        QCOMPARE(f.at(4), QByteArray("159833.33")); // 150,000 + 250 + 1,250 + 8,333.33, in cents
        QCOMPARE(f.at(5).toDouble(), 0.0);                 // compute
        QCOMPARE(f.at(6).toDouble(), 150000.0);            // capex
        QCOMPARE(f.at(8).toDouble(), 0.0);                 // financing: bought for cash
        QCOMPARE(f.at(9).toDouble(), 250.0);               // facilities
        QCOMPARE(f.at(10).toDouble(), 0.0);                // power (inside facilities by default)
        QCOMPARE(f.at(11).toDouble(), 1250.0);             // failures
        QCOMPARE(f.at(12), QByteArray("8333.33"));         // staff, rounded to cents
        QCOMPARE(f.at(14).toDouble(), 0.0);                // tax: the pre-tax view
        QCOMPARE(f.at(17).toDouble(), 1.0);                // servers
        // Month 14 carries the residual credit.
        const QList<QByteArray> last = rows.at(14).trimmed().split(',');
        QCOMPARE(last.at(3).toInt(), 14);
        QCOMPARE(last.at(7).toDouble(), std::round(-150000.0 * (1.0 - 0.7 * 14.0 / 36.0) * 100) / 100); // resale: the residual credit
    }

    void yearlyRowsMarkThePartialYear()
    {
        const tco::PlanResult result = evaluated();
        const QList<QByteArray> rows = lines(report::yearlyCsv(result));
        QCOMPARE(rows.size(), 1 + 2 * 2);
        QVERIFY(rows.at(1).contains(",1,12,false,"));
        QVERIFY(rows.at(2).contains(",2,2,true,"));
        // Year totals equal the engine's.
        const QList<QByteArray> y1 = rows.at(1).trimmed().split(',');
        QCOMPARE(y1.at(6), report::csvMoney(result.scenarios.front().result.years.front().total).toUtf8());
    }

    void breakEvenSweep()
    {
        const QList<QByteArray> rows = lines(report::breakEvenCsv(evaluated()));
        QCOMPARE(rows.size(), 1 + 3);
        QVERIFY(rows.first().startsWith("purchase,cloud,servers,purchase_total_usd,cloud_total_usd,purchase_cheaper,on_dashboard"));
        // The plan's own request is the one the dashboard shows.
        for (qsizetype i = 1; i < rows.size(); ++i)
            QVERIFY2(rows.at(i).trimmed().endsWith(",true"), rows.at(i).constData());
    }

    // A plan that asks for no break-even: the one the dashboard shows (the purchase against the cheapest cloud option,
    // worked out with the defaults) is still in the file, marked as such, with the dashboard's own figures.
    void breakEvenShownOnTheDashboardIsExported()
    {
        QByteArray json = kPlan;
        json.replace(R"(,
  "breakeven": [ { "purchase": "On-prem, one server", "cloud": "GCP node", "max_servers": 3 } ])", "");
        const auto plan = tco::readPlan(json);
        QVERIFY(plan);
        QVERIFY(plan->breakeven.isEmpty());
        const auto result = tco::evaluatePlan(*plan);
        QVERIFY(result);
        const std::optional<tco::HeadlineBreakEven> headline = tco::headlineBreakEven(*result);
        QVERIFY(headline && !headline->index);
        const QList<QByteArray> rows = lines(report::breakEvenCsv(*result));
        QCOMPARE(rows.size(), qsizetype(1 + headline->breakEven.result.sweep.size()));
        QVERIFY(rows.size() > 1);
        const QList<QByteArray> first = rows.at(1).trimmed().split(',');
        QVERIFY2(rows.at(1).startsWith("\"On-prem, one server\",GCP node,1,"), rows.at(1).constData());
        QCOMPARE(first.last(), QByteArray("true"));
        QCOMPARE(first.at(first.size() - 4),
                 report::csvMoney(headline->breakEven.result.sweep.front().purchaseTotal).toUtf8());
    }

    void priceHistory()
    {
        catalog::PricePoint p;
        p.provider = QStringLiteral("linode");
        p.instance = QStringLiteral("g1-gpu-rtx6000-1");
        p.amount = 1000;
        p.unit = catalog::PriceUnit::Month;
        p.pricing = catalog::PricingModel::Monthly;
        p.observedAt = QDate(2022, 3, 13);
        p.source = QStringLiteral("seed-000");
        p.note = QStringLiteral("just over $1000 / GPU per month, per the article");
        catalog::PricePoint missing = p;
        missing.amount.reset();
        const QList<QByteArray> rows = lines(report::priceHistoryCsv({p, missing}));
        QCOMPARE(rows.size(), 3);
        const QByteArray expected = QByteArray(",1000,USD,month,") + report::csvNumber(1000.0 / 730.0).toUtf8() + ",2022-03-13,seed-000,";
        QVERIFY2(rows.at(1).contains(expected),
                 rows.at(1).constData());
        QVERIFY(rows.at(2).contains(",monthly,,USD,month,,2022-03-13,")); // missing stays empty, never 0
    }

    void writeFailureReportsTheDeviceError()
    {
        QBuffer readOnly;
        QVERIFY(readOnly.open(QIODevice::ReadOnly));
        const Status s = report::writeAll(readOnly, "x");
        QVERIFY(!s);
        QVERIFY(s.error().message.startsWith(QStringLiteral("Writing failed")));
    }

    void unwritableTargetLeavesNoFile()
    {
        QTemporaryDir dir;
        const QString notAFolder = dir.filePath(QStringLiteral("plain-file"));
        QFile f(notAFolder);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString target = notAFolder + QStringLiteral("/monthly.csv");
        const Status s = report::writeFileAtomically(target, "a,b\r\n");
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(QStringLiteral("monthly.csv")), qPrintable(s.error().message));
        QVERIFY(!QFile::exists(target));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{QStringLiteral("plain-file")});
    }

    void atomicWriteReplacesWholeFile()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("out.csv"));
        QVERIFY(report::writeFileAtomically(target, "old\r\n"));
        QVERIFY(report::writeFileAtomically(target, "new,content\r\n"));
        QFile f(target);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("new,content\r\n"));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCsvExport)
#include "tst_csvexport.moc"
