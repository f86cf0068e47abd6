// mltco-cli fx and plans in another currency (model.md §13), through the real binary: the ECB's history imported,
// rates asked on a weekend and for a discontinued currency, a rate typed in; a euro plan that prices a dollar catalog
// price equals the dollar plan divided by the USD-per-EUR rate of the price's day, the plan's own fx_rates win, and a
// missing rate is an error naming the currency, never a silent 1.
#include "tests/cli/clirunner.h"
#include "tests/support/testmain.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

namespace {

const QString kHistory = QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip");

// p3.8xlarge's seed price: $12.24 an hour observed on 2023-11-01, 4 boxes over 36 months of 730 hours.
const QByteArray kPlan = R"({"name": "p", %1 "scenarios": [{"name": "aws", "kind": "dedicated",
    "instance": {"provider": "aws", "name": "p3.8xlarge", "region": "us-east-1", "pricing": "on_demand"}}]})";
constexpr double kUsdTotal = 4 * 12.24 * 730 * 36;
constexpr double kUsdPerEurOn20231101 = 1.0537; // eurofxref-hist.csv, line of 2023-11-01

} // namespace

class TestCliFx final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QString document() const { return m_home.filePath(QStringLiteral("fx.mltco")); }
    CliRun run(QStringList args)
    {
        args << QStringLiteral("--document") << document();
        return runCli(args, m_home.path());
    }
    QString writePlan(const QByteArray &topLevel)
    {
        static int count = 0;
        const QString path = m_home.filePath(QStringLiteral("plan%1.json").arg(++count));
        QFile f(path);
        const QByteArray json = QByteArray(kPlan).replace("%1", topLevel);
        if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }
    QJsonObject evaluate(const QString &plan, CliRun *out = nullptr)
    {
        const CliRun r = run({QStringLiteral("evaluate"), plan, QStringLiteral("--format"), QStringLiteral("json")});
        if (out)
            *out = r;
        return QJsonDocument::fromJson(r.out.toUtf8()).object();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // Before any rate: a euro plan on a dollar price is refused, naming the currency and what to do.
        CliRun refused;
        evaluate(writePlan(R"("currency": "EUR",)"), &refused);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QLatin1String("scenarios[0].instance: the catalog's price of aws p3.8xlarge in "
                                                    "us-east-1 (on_demand) is in USD and the plan in EUR")),
                 qPrintable(refused.err));
        QVERIFY(refused.err.contains(QLatin1String("fx import")));

        const CliRun imported = run({QStringLiteral("fx"), QStringLiteral("import"), kHistory});
        QCOMPARE(imported.exitCode, 0);
        QVERIFY2(imported.out.startsWith(QLatin1String("Imported the ECB's rates of 41 currencies over 6983 days "
                                                       "(1999-01-04 to 2026-04-13): 217555 rates added")),
                 qPrintable(imported.out + imported.err));
    }

    void aRateOnAWeekendIsFridays()
    {
        const CliRun r = run({QStringLiteral("fx"), QStringLiteral("rate"), QStringLiteral("GBP"), QStringLiteral("USD"),
                              QStringLiteral("--date"), QStringLiteral("2026-04-11"), QStringLiteral("--format"),
                              QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.keys(), (QStringList{"date", "from", "rate", "rate_date", "source", "to"}));
        QCOMPARE(o.value("date").toString(), QStringLiteral("2026-04-11"));
        QCOMPARE(o.value("rate_date").toString(), QStringLiteral("2026-04-10"));
        QVERIFY(std::abs(o.value("rate").toDouble() - 1.1711 / 0.87105) < 1e-12);
        QVERIFY(o.value("source").toString().startsWith(QLatin1String("import:")));
    }

    // A copy of the document says what it carried, its exchange rates among it (counts grouped by thousands).
    void aCopySaysTheExchangeRatesItCarried()
    {
        const QString copy = m_home.filePath(QStringLiteral("fx-copy.mltco"));
        const CliRun r = runCli({QStringLiteral("store"), QStringLiteral("copy"), document(), copy}, m_home.path());
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral(", 217,555 exchange rates, ")), qPrintable(r.out + r.err));
    }

    void aDiscontinuedCurrencyIsRefusedInWords()
    {
        const CliRun r = run({QStringLiteral("fx"), QStringLiteral("rate"), QStringLiteral("CYP"), QStringLiteral("EUR"),
                              QStringLiteral("--date"), QStringLiteral("2012-01-02")});
        QCOMPARE(r.exitCode, 1);
        // The line in full (other lines Qt may print on standard error, e.g. about XDG_RUNTIME_DIR, are not ours).
        QVERIFY2(r.err.split(QLatin1Char('\n')).contains(
                     QStringLiteral("mltco-cli: There is no exchange rate for CYP on 2012-01-02: its last rate before "
                                    "that is of 2007-12-31, more than 14 days earlier (a currency no longer quoted?).")),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void theListingStreamsTheDaysAsked()
    {
        const CliRun r = run({QStringLiteral("fx"), QStringLiteral("list"), QStringLiteral("--currency"),
                              QStringLiteral("GBP"), QStringLiteral("--from"), QStringLiteral("2026-04-09"),
                              QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(rows.size(), 3); // 04-09, 04-10 and 04-13: no weekend rows
        QCOMPARE(rows[1].toObject().keys(), (QStringList{"currency", "date", "per_eur", "source"}));
        QCOMPARE(rows[1].toObject().value("per_eur").toDouble(), 0.87105);
        QCOMPARE(rows[2].toObject().value("date").toString(), QStringLiteral("2026-04-13"));
    }

    void aRateTypedInKeepsItsSource()
    {
        CliRun r = run({QStringLiteral("fx"), QStringLiteral("add"), QStringLiteral("CHF"), QStringLiteral("0.9301"),
                        QStringLiteral("--date"), QStringLiteral("2026-05-04")});
        QCOMPARE(r.exitCode, 2); // no --source
        r = run({QStringLiteral("fx"), QStringLiteral("add"), QStringLiteral("CHF"), QStringLiteral("0.9301"),
                 QStringLiteral("--date"), QStringLiteral("2026-05-04"), QStringLiteral("--source"),
                 QStringLiteral("Treasury desk, 4 May 2026")});
        QCOMPARE(r.exitCode, 0);
        r = run({QStringLiteral("fx"), QStringLiteral("rate"), QStringLiteral("EUR"), QStringLiteral("CHF"),
                 QStringLiteral("--date"), QStringLiteral("2026-05-05"), QStringLiteral("--format"),
                 QStringLiteral("json")});
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("rate").toDouble(), 0.9301);
        QCOMPARE(o.value("source").toString(), QStringLiteral("fx:Treasury desk, 4 May 2026"));
        r = run({QStringLiteral("fx"), QStringLiteral("add"), QStringLiteral("CHF"), QStringLiteral("0"),
                 QStringLiteral("--date"), QStringLiteral("2026-05-04"), QStringLiteral("--source"), QStringLiteral("x")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("above 0")), qPrintable(r.err));
    }

    // The acceptance of model.md §13: EUR total = USD total / (USD per EUR on the price's observation day).
    void aEuroPlanIsTheDollarPlanAtThePricesRate()
    {
        CliRun r;
        const QJsonObject usd = evaluate(writePlan(""), &r);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(usd.value("currency").toString(), QStringLiteral("USD"));
        QCOMPARE(usd.value("fx_used").toArray().size(), 0);
        const double usdTotal = usd.value("scenarios").toArray().at(0).toObject().value("total").toDouble();
        QVERIFY(std::abs(usdTotal - kUsdTotal) < 1e-6);

        const QJsonObject eur = evaluate(writePlan(R"("currency": "EUR",)"), &r);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(eur.value("currency").toString(), QStringLiteral("EUR"));
        const double eurTotal = eur.value("scenarios").toArray().at(0).toObject().value("total").toDouble();
        QVERIFY2(std::abs(eurTotal - usdTotal / kUsdPerEurOn20231101) < 1e-6 * eurTotal,
                 qPrintable(QString::number(eurTotal, 'f', 6)));
        const QJsonArray used = eur.value("fx_used").toArray();
        QCOMPARE(used.size(), 1);
        const QJsonObject fx = used.at(0).toObject();
        QCOMPARE(fx.keys(), (QStringList{"currency", "date", "rate", "source"}));
        QCOMPARE(fx.value("currency").toString(), QStringLiteral("USD"));
        QCOMPARE(fx.value("date").toString(), QStringLiteral("2023-11-01"));
        QCOMPARE(fx.value("rate").toDouble(), kUsdPerEurOn20231101);

        // The plan's own rate wins over the table, and says so.
        const QJsonObject fixed = evaluate(writePlan(R"("currency": "EUR", "fx_rates": {"USD": 1.25},)"), &r);
        QCOMPARE(r.exitCode, 0);
        const double fixedTotal = fixed.value("scenarios").toArray().at(0).toObject().value("total").toDouble();
        QVERIFY(std::abs(fixedTotal - usdTotal / 1.25) < 1e-6 * fixedTotal);
        QCOMPARE(fixed.value("fx_used").toArray().at(0).toObject().value("source").toString(),
                 QStringLiteral("plan fx_rates"));

        // A pound plan crosses through the euro on the price's day.
        const QJsonObject gbp = evaluate(writePlan(R"("currency": "GBP",)"), &r);
        QCOMPARE(r.exitCode, 0);
        const double gbpRate = gbp.value("fx_used").toArray().at(0).toObject().value("rate").toDouble();
        const double gbpTotal = gbp.value("scenarios").toArray().at(0).toObject().value("total").toDouble();
        QVERIFY(std::abs(gbpTotal - usdTotal / gbpRate) < 1e-6 * gbpTotal);

        // People read the currency: the table's figures and its rate line, the CSV's columns.
        r = run({QStringLiteral("evaluate"), writePlan(R"("currency": "EUR",)"), QStringLiteral("--format"),
                 QStringLiteral("table")});
        QVERIFY2(r.out.contains(QLatin1String("All figures in EUR.")), qPrintable(r.out));
        QVERIFY(r.out.contains(QLatin1String("Exchange rate used: 1 EUR = 1.0537 USD (rate of 2023-11-01;")));
        QVERIFY(r.out.contains(QStringLiteral("\u20ac1,221,095.95")));
        QVERIFY(!r.out.contains(QLatin1Char('$')));
        r = run({QStringLiteral("evaluate"), writePlan(R"("currency": "EUR",)"), QStringLiteral("--format"),
                 QStringLiteral("csv")});
        QVERIFY(r.out.startsWith(QLatin1String("scenario,kind,month,total_eur,compute_eur,")));
        QVERIFY(!r.out.contains(QLatin1String("_usd")));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliFx)
#include "tst_cli_fx.moc"
