// Money and percent formatting shared by the GUI, the PDF report and the CLI tables.
#include "models/report/format.h"
#include "tests/support/testmain.h"

#include <QLocale>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <random>

using namespace mltco::report;

class TestFormat final : public QObject
{
    Q_OBJECT

private slots:
    void exportsSuggestAFileName()
    {
        const QDate day(2026, 11, 28);
        QCOMPARE(suggestedFileName(QStringLiteral("Growing team"), day, QStringLiteral("pdf")),
                 QStringLiteral("Growing team \u2013 TCO report 2026-11-28.pdf"));
        // What no file system takes becomes "-"; nothing is lost but those characters.
        QCOMPARE(suggestedFileName(QStringLiteral("A/B: 8x\"A100\"?"), day, QStringLiteral("pdf")),
                 QStringLiteral("A-B- 8x-A100-- \u2013 TCO report 2026-11-28.pdf"));
        QCOMPARE(suggestedFileName(QString(), day, QStringLiteral("pdf")), QStringLiteral("TCO report 2026-11-28.pdf"));
        QVERIFY(suggestedFileName(QString(300, QLatin1Char('x')), day, {}).size() < 120);
    }

    // The grouped digits are QLocale's (C locale, grouping on) for every magnitude money and GPU-hours take, at every
    // number of decimals the app shows; only the way they are made changed.
    void groupedDigitsAreQLocales()
    {
        QLocale c(QLocale::C);
        c.setNumberOptions(QLocale::DefaultNumberOptions);
        std::mt19937_64 random(5);
        std::uniform_real_distribution<double> exponent(-3, 13), unit(0, 1);
        for (int i = 0; i < 100000; ++i) {
            const double v = std::pow(10.0, exponent(random)) * (unit(random) < 0.3 ? -1 : 1);
            for (int decimals : {0, 1, 2, 4}) {
                const double scale = std::pow(10.0, decimals);
                const double rounded = std::round(v * scale) / scale;
                const QString expected = (rounded < 0 ? QStringLiteral("-") : QString()) + c.toString(std::fabs(rounded), 'f', decimals);
                if (mltco::report::grouped(v, decimals) != expected)
                    QFAIL(qPrintable(QStringLiteral("%1 at %2 decimals: %3, QLocale %4")
                                         .arg(v, 0, 'g', 17)
                                         .arg(decimals)
                                         .arg(mltco::report::grouped(v, decimals), expected)));
                const QString money = (rounded < 0 ? QStringLiteral("-$") : QStringLiteral("$")) + c.toString(std::fabs(rounded), 'f', 2);
                if (decimals == 2 && mltco::report::money(v) != money)
                    QFAIL(qPrintable(QStringLiteral("money(%1): %2, QLocale %3").arg(v, 0, 'g', 17).arg(mltco::report::money(v), money)));
            }
        }
        QCOMPARE(mltco::report::money(1e300), QStringLiteral("$") + c.toString(1e300, 'f', 2));
        QCOMPARE(mltco::report::money(1234567.891), QStringLiteral("$1,234,567.89"));
        QCOMPARE(mltco::report::money(-999.999), QStringLiteral("-$1,000.00"));
    }

    void money_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("thousands") << 1234567.891 << "$1,234,567.89";
        QTest::newRow("negative") << -62000.0 << "-$62,000.00";
        QTest::newRow("rounds half up to cents") << 0.125 << "$0.13";
        QTest::newRow("no negative zero") << -0.004 << "$0.00";
        QTest::newRow("zero") << 0.0 << "$0.00";
    }
    void money()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(mltco::report::money(value), text);
    }

    void moneyCompact_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("hundreds") << 950.0 << "$950";
        QTest::newRow("thousands") << 372900.0 << "$372.9k";
        QTest::newRow("just under a million") << 999960.0 << "$1.00M";
        QTest::newRow("millions") << 1803428.57 << "$1.80M";
        QTest::newRow("tens of millions") << 12345678.0 << "$12.3M";
        QTest::newRow("negative") << -62000.0 << "-$62.0k";
        QTest::newRow("billions") << 2.5e9 << "$2.50B";
        QTest::newRow("tiny negative") << -0.2 << "$0";
    }
    void moneyCompact()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(mltco::report::moneyCompact(value), text);
    }

    void unitPrice_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("hourly rate with mills") << 0.526 << "$0.526";
        QTest::newRow("cents") << 12.24 << "$12.24";
        QTest::newRow("whole") << 1000.0 << "$1,000.00";
        QTest::newRow("monthly plan per hour: four decimals") << 1000.0 / 730.0 << "$1.3699";
    }
    void unitPrice()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(mltco::report::unitPrice(value), text);
        QCOMPARE(mltco::report::unitPrice(0.00099, 6), QStringLiteral("$0.00099"));
    }

    void percentAndGrouped()
    {
        QCOMPARE(percent(0.751), QStringLiteral("75.1 %"));
        QCOMPARE(percent(std::nullopt), QStringLiteral("n/a"));
        QCOMPARE(grouped(-1234.56, 1), QStringLiteral("-1,234.6"));
        QCOMPARE(mltco::report::money(std::optional<double>()), QStringLiteral("n/a"));
        QCOMPARE(moneyWhole(153000.4), QStringLiteral("$153,000"));
    }

    // model.md §13: a figure carries its currency's sign, or its code apart from the digits; the minus first.
    void otherCurrencies_data()
    {
        QTest::addColumn<QString>("currency");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("money");
        QTest::addColumn<QString>("compact");
        QTest::newRow("euro") << "EUR" << 1234567.891 << "\u20ac1,234,567.89" << "\u20ac1.23M";
        QTest::newRow("euro negative") << "EUR" << -62000.0 << "-\u20ac62,000.00" << "-\u20ac62.0k";
        QTest::newRow("pound") << "GBP" << 950.0 << "\u00a3950.00" << "\u00a3950";
        QTest::newRow("yen") << "JPY" << 372900.0 << "\u00a5372,900.00" << "\u00a5372.9k";
        QTest::newRow("franc") << "CHF" << -0.004 << "CHF 0.00" << "CHF 0";
        QTest::newRow("franc negative") << "CHF" << -1803428.57 << "-CHF 1,803,428.57" << "-CHF 1.80M";
        QTest::newRow("dollar as before") << "USD" << -62000.0 << "-$62,000.00" << "-$62.0k";
    }
    void otherCurrencies()
    {
        QFETCH(QString, currency);
        QFETCH(double, value);
        QFETCH(QString, money);
        QFETCH(QString, compact);
        QCOMPARE(mltco::report::money(value, currency), money);
        QCOMPARE(mltco::report::moneyCompact(value, currency), compact);
        QCOMPARE(mltco::report::unitPrice(0.526, 4, currency).right(5), QStringLiteral("0.526"));
        QVERIFY(mltco::report::moneyWhole(value, currency).startsWith(money.left(money.indexOf(QRegularExpression(QStringLiteral("[0-9]"))))));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
