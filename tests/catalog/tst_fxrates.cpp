// Exchange rates (model.md §13): the rate table's lookups against cases worked by hand (crosses through EUR, the
// previous ECB day for a weekend, the 14-day limit, a month's average), the European Central Bank's real history
// imported into a document (tests/data/fx), files refused with their line and the document left as it was, and rates
// typed in by hand with their source.
#include "models/catalog/fxrates.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/catalog/seedcatalog.h"
#include "models/common/zipfile.h"
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace mltco;
using namespace mltco::catalog;

namespace {

const QString kHistory = QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip");

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}

// A small table worked by hand: USD and GBP per 1 EUR on three ECB days of a week (Mon 2026-03-02, Tue 03-03,
// Fri 03-06) and CHF only on Monday.
RateTable handTable()
{
    RateTable t;
    t.add(QStringLiteral("USD"), QDate(2026, 3, 2), 1.20, QStringLiteral("a"));
    t.add(QStringLiteral("USD"), QDate(2026, 3, 6), 1.10, QStringLiteral("a"));
    t.add(QStringLiteral("USD"), QDate(2026, 3, 3), 1.15, QStringLiteral("a")); // out of order: placed by day
    t.add(QStringLiteral("GBP"), QDate(2026, 3, 2), 0.80, QStringLiteral("b"));
    t.add(QStringLiteral("GBP"), QDate(2026, 3, 3), 0.85, QStringLiteral("b"));
    t.add(QStringLiteral("CHF"), QDate(2026, 3, 2), 0.95, QStringLiteral("a"));
    return t;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestFxRates final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_documents = 0;
    std::unique_ptr<store::Document> m_doc;

    qint64 rates() const
    {
        return *store::queryInt(m_doc->database(), QStringLiteral("SELECT count(*) FROM fx_rate"));
    }
    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return {};
        return path;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        auto doc = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("fx-%1").arg(++m_documents)));
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        m_doc = std::move(*doc);
    }
    void cleanup() { m_doc.reset(); }

    // Units of TO per 1 FROM = rate_TO / rate_FROM, each the latest on or before the day asked.
    void crossRatesGoThroughTheEuro()
    {
        const RateTable t = handTable();
        Expected<FxRate> r = t.rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 3, 3));
        QVERIFY(r);
        QVERIFY(near(r->rate, 1.15));
        QCOMPARE(r->rateDate, QDate(2026, 3, 3));
        QCOMPARE(r->source, QStringLiteral("a"));
        r = t.rate(QStringLiteral("USD"), QStringLiteral("EUR"), QDate(2026, 3, 3));
        QVERIFY(r && near(r->rate, 1.0 / 1.15));
        // GBP -> USD on Tuesday: 1.15 / 0.85 = 1.352941…; both sources named.
        r = t.rate(QStringLiteral("GBP"), QStringLiteral("USD"), QDate(2026, 3, 3));
        QVERIFY(r && near(r->rate, 1.15 / 0.85));
        QCOMPARE(r->source, QStringLiteral("b + a"));
        // Thursday 03-05 has no ECB day in the table: Tuesday's rates (GBP) and Tuesday's (USD).
        r = t.rate(QStringLiteral("GBP"), QStringLiteral("USD"), QDate(2026, 3, 5));
        QVERIFY(r && near(r->rate, 1.15 / 0.85));
        QCOMPARE(r->rateDate, QDate(2026, 3, 3));
        // Saturday 03-07: USD from Friday, GBP still from Tuesday; the rate's day is the older of the two.
        r = t.rate(QStringLiteral("USD"), QStringLiteral("GBP"), QDate(2026, 3, 7));
        QVERIFY(r && near(r->rate, 0.85 / 1.10));
        QCOMPARE(r->rateDate, QDate(2026, 3, 3));
        // Same currency: 1, no table needed.
        r = t.rate(QStringLiteral("JPY"), QStringLiteral("JPY"), QDate(2026, 3, 3));
        QVERIFY(r && r->rate == 1.0 && r->source.isEmpty());
    }

    void aRateIsNeverInventedAndTooOldIsNone()
    {
        const RateTable t = handTable();
        // Before the first rate.
        Expected<FxRate> r = t.rate(QStringLiteral("USD"), QStringLiteral("EUR"), QDate(2026, 3, 1));
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(QLatin1String("USD")) && r.error().message.contains(QLatin1String("2026-03-01")),
                 qPrintable(r.error().message));
        // A currency the table does not hold.
        r = t.rate(QStringLiteral("USD"), QStringLiteral("SEK"), QDate(2026, 3, 3));
        QVERIFY(!r);
        QVERIFY(r.error().message.contains(QLatin1String("SEK")));
        // CHF was last quoted on 03-02: 14 days later still counts, 15 days later is refused naming that day.
        QVERIFY(t.rate(QStringLiteral("CHF"), QStringLiteral("EUR"), QDate(2026, 3, 16)));
        r = t.rate(QStringLiteral("CHF"), QStringLiteral("EUR"), QDate(2026, 3, 17));
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(QLatin1String("CHF")) &&
                     r.error().message.contains(QLatin1String("2026-03-17")) &&
                     r.error().message.contains(QLatin1String("2026-03-02")),
                 qPrintable(r.error().message));
    }

    // March 2026 by hand: USD per GBP on the days both are quoted, (1.20/0.80 + 1.15/0.85) / 2 = 1.426470588…
    void aMonthAverageIsTheMeanOfItsEcbDays()
    {
        const RateTable t = handTable();
        Expected<FxRate> r = t.monthAverage(QStringLiteral("GBP"), QStringLiteral("USD"), 2026, 3);
        QVERIFY(r);
        QVERIFY(near(r->rate, (1.20 / 0.80 + 1.15 / 0.85) / 2));
        QCOMPARE(r->days, 2);
        // EUR -> USD over its three days: (1.20 + 1.15 + 1.10) / 3 = 1.15.
        r = t.monthAverage(QStringLiteral("EUR"), QStringLiteral("USD"), 2026, 3);
        QVERIFY(r && near(r->rate, 1.15));
        QCOMPARE(r->days, 3);
        // USD -> EUR: the mean of the day's rate in that direction, (1/1.20 + 1/1.15 + 1/1.10) / 3.
        r = t.monthAverage(QStringLiteral("USD"), QStringLiteral("EUR"), 2026, 3);
        QVERIFY(r && near(r->rate, (1 / 1.20 + 1 / 1.15 + 1 / 1.10) / 3));
        QVERIFY(!t.monthAverage(QStringLiteral("EUR"), QStringLiteral("USD"), 2026, 4));
    }

    // The ECB's whole history, the real file: every day and rate read, N/A days left out, and the figures of
    // tests/data/fx/README.md found where the file has them.
    void theEcbHistoryImports()
    {
        Expected<EcbImportResult> result = importEcbRates(m_doc->database(), kHistory);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message + result.error().details.join('\n')));
        QCOMPARE(result->rates.currencies.size(), 41);
        QCOMPARE(result->rates.days, 6983);
        QCOMPARE(result->rates.notAvailable, 68748);
        QCOMPARE(qint64(result->rates.quotes.size()), qint64(217555));
        QCOMPARE(result->written.added, qint64(217555));
        QCOMPARE(result->rates.first, QDate(1999, 1, 4));
        QCOMPARE(result->rates.last, QDate(2026, 4, 13));
        QCOMPARE(rates(), qint64(217555));

        Expected<RateTable> table = readRateTable(m_doc->database());
        QVERIFY(table);
        QCOMPARE(table->size(), qsizetype(217555));
        Expected<FxRate> r = table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 13));
        QVERIFY(r && r->rate == 1.1684);
        QVERIFY(r->source.startsWith(QLatin1String("import:")));
        // Saturday 2026-04-11 takes Friday's rate.
        r = table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 11));
        QVERIFY(r && r->rate == 1.1711);
        QCOMPARE(r->rateDate, QDate(2026, 4, 10));
        r = table->rate(QStringLiteral("GBP"), QStringLiteral("USD"), QDate(2026, 4, 10));
        QVERIFY(r && near(r->rate, 1.1711 / 0.87105));
        r = table->monthAverage(QStringLiteral("EUR"), QStringLiteral("USD"), 2026, 3);
        QVERIFY(r && near(r->rate, 1.1558318182, 1e-10));
        QCOMPARE(r->days, 22);
        // The Cyprus pound ended with 2007: its last rate serves two weeks, then the currency is refused in words.
        r = table->rate(QStringLiteral("CYP"), QStringLiteral("EUR"), QDate(2008, 1, 14));
        QVERIFY(r && near(r->rate, 1 / 0.585274));
        r = table->rate(QStringLiteral("CYP"), QStringLiteral("EUR"), QDate(2010, 6, 1));
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(QLatin1String("2007-12-31")), qPrintable(r.error().message));

        // Imported again: nothing added or changed.
        Expected<EcbImportResult> again = importEcbRates(m_doc->database(), kHistory);
        QVERIFY(again);
        QCOMPARE(again->written.added, qint64(0));
        QCOMPARE(again->written.changed, qint64(0));
        QCOMPARE(again->written.unchanged, qint64(217555));
    }

    // The history again with one figure revised and a day more (as the next day's file is): the new day's rates are
    // added, the revised one takes the new figure and the new file as its source, every other keeps its own. Over 2,000
    // rates, so a team store takes its COPY path.
    void aRevisedHistoryChangesOnlyWhatChanged()
    {
        QVERIFY(importEcbRates(m_doc->database(), kHistory));
        Expected<QByteArray> csv = readZipMember(readFile(kHistory), QStringLiteral(".csv"), kMaxRateFileBytes);
        QVERIFY(csv);
        QList<QByteArray> lines = csv->split('\n');
        QVERIFY(lines[1].startsWith("2026-04-13,1.1684,"));
        QByteArray nextDay = lines[1];
        nextDay.replace("2026-04-13,1.1684,", "2026-04-14,1.1702,");
        lines[1].replace("2026-04-13,1.1684,", "2026-04-13,1.1685,");
        lines.insert(1, nextDay);
        Expected<EcbImportResult> revised = importEcbRates(m_doc->database(), writeFile(QStringLiteral("revised.csv"),
                                                                                        lines.join('\n')));
        QVERIFY2(revised, revised ? "" : qPrintable(revised.error().message));
        QCOMPARE(revised->written.added, qint64(29));
        QCOMPARE(revised->written.changed, qint64(1));
        QCOMPARE(revised->written.unchanged, qint64(217555 - 1));
        QCOMPARE(rates(), qint64(217555 + 29));
        const auto sourceOf = [&](const char *currency, const char *day) {
            return *store::queryInt(m_doc->database(),
                                    QStringLiteral("SELECT s.id FROM fx_rate r JOIN source s ON s.id = r.source_id "
                                                   "WHERE r.currency = '%1' AND r.day = '%2'")
                                        .arg(QLatin1String(currency), QLatin1String(day)));
        };
        const qint64 newest = sourceOf("USD", "2026-04-14");
        QCOMPARE(sourceOf("USD", "2026-04-13"), newest);
        QVERIFY(sourceOf("JPY", "2026-04-13") != newest);
        QVERIFY(sourceOf("USD", "2026-04-10") != newest);
        Expected<RateTable> table = readRateTable(m_doc->database(), {QStringLiteral("USD")});
        QVERIFY(table);
        QCOMPARE(table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 13))->rate, 1.1685);
        QCOMPARE(table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 14))->rate, 1.1702);
        QCOMPARE(table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 10))->rate, 1.1711);
    }

    // The CSV inside the zip and the single-day file (its own layout: blanks after the commas, "13 April 2026").
    void theCsvAndTheSingleDayFileImport()
    {
        Expected<QByteArray> csv = readZipMember(readFile(kHistory), QStringLiteral(".csv"), kMaxRateFileBytes);
        QVERIFY(csv);
        QCOMPARE(csv->size(), 1891690);
        const QList<QByteArray> lines = csv->split('\n');
        // The header and the two newest days, as a file of their own.
        const QString recent = writeFile(QStringLiteral("recent.csv"), lines[0] + '\n' + lines[1] + '\n' + lines[2] + '\n');
        Expected<EcbImportResult> result = importEcbRates(m_doc->database(), recent);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QCOMPARE(result->rates.days, 2);
        QCOMPARE(result->written.added, qint64(2 * 29)); // 29 of the 41 currencies quoted on each of those days

        const QString daily = writeFile(
            QStringLiteral("eurofxref.csv"),
            "Date, USD, JPY, BGN, CZK, DKK, GBP, HUF, \n14 April 2026, 1.1702, 187.01, N/A, 24.37, 7.4728, 0.8712, "
            "367.1, \n");
        result = importEcbRates(m_doc->database(), daily);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message + result.error().details.join('\n')));
        QCOMPARE(result->rates.days, 1);
        QCOMPARE(result->rates.first, QDate(2026, 4, 14));
        QCOMPARE(result->written.added, qint64(6));
        Expected<RateTable> table = readRateTable(m_doc->database(), {QStringLiteral("USD")});
        QVERIFY(table);
        QCOMPARE(table->currencies(), QStringList{QStringLiteral("USD")});
        QVERIFY(table->rate(QStringLiteral("EUR"), QStringLiteral("USD"), QDate(2026, 4, 14))->rate == 1.1702);
    }

    void aBadFileIsRefusedWithItsLineAndNothingLands_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray header = "Date,USD,JPY,\n";
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("not ECB") << QByteArray("provider,instance\naws,p3\n") << QStringLiteral("not an ECB rate file");
        QTest::newRow("bad code") << QByteArray("Date,US Dollar,\n2026-01-02,1.1,\n") << QStringLiteral("not a currency code");
        QTest::newRow("twice") << QByteArray("Date,USD,USD,\n") << QStringLiteral("comes twice");
        QTest::newRow("bad rate") << header + "2026-01-05,1.1,160,\n2026-01-02,abc,161,\n" << QStringLiteral(":3:");
        QTest::newRow("zero") << header + "2026-01-02,0,161,\n" << QStringLiteral("above 0");
        QTest::newRow("negative") << header + "2026-01-02,-1.1,161,\n" << QStringLiteral(":2:");
        QTest::newRow("bad day") << header + "2026-13-02,1.1,161,\n" << QStringLiteral("not a date");
        QTest::newRow("same day") << header + "2026-01-02,1.1,161,\n2026-01-02,1.2,161,\n" << QStringLiteral("comes twice");
        QTest::newRow("cells") << header + "2026-01-02,1.1\n" << QStringLiteral("2 cells where the header has 3");
        QTest::newRow("no days") << header << QStringLiteral("no day of rates");
        QTest::newRow("zip without csv") << QByteArray("PK\x03\x04garbage") << QStringLiteral("zip");
    }
    void aBadFileIsRefusedWithItsLineAndNothingLands()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QVERIFY(importEcbRates(m_doc->database(),
                               writeFile(QStringLiteral("good.csv"), "Date,USD,\n2026-01-02,1.1,\n")));
        const qint64 before = rates();
        Expected<EcbImportResult> result = importEcbRates(m_doc->database(), writeFile(QStringLiteral("bad.csv"), bytes));
        QVERIFY(!result);
        const QString text = result.error().message + QLatin1Char('\n') + result.error().details.join(QLatin1Char('\n'));
        QVERIFY2(text.contains(expected), qPrintable(text));
        QCOMPARE(rates(), before);
    }

    void aRateTypedInNeedsItsSourceAndAValidFigure()
    {
        Expected<FxWriteResult> r = addRateByHand(m_doc->database(), {QStringLiteral("CHF"), QDate(2026, 5, 4), 0.93, {}},
                                                  QStringLiteral("  "));
        QVERIFY(!r);
        QVERIFY(r.error().message.contains(QLatin1String("source")));
        for (const FxQuote &bad : {FxQuote{QStringLiteral("EUR"), QDate(2026, 5, 4), 1.0, {}},
                                   FxQuote{QStringLiteral("chf"), QDate(2026, 5, 4), 0.93, {}},
                                   FxQuote{QStringLiteral("CHF"), QDate(), 0.93, {}},
                                   FxQuote{QStringLiteral("CHF"), QDate(2026, 5, 4), 0.0, {}},
                                   FxQuote{QStringLiteral("CHF"), QDate(2026, 5, 4), std::nan(""), {}}}) {
            QVERIFY(!addRateByHand(m_doc->database(), bad, QStringLiteral("Bank statement")));
        }
        QCOMPARE(rates(), qint64(0));
        r = addRateByHand(m_doc->database(), {QStringLiteral("CHF"), QDate(2026, 5, 4), 0.93, {}},
                          QStringLiteral("Bank statement of 4 May 2026"));
        QVERIFY2(r, r ? "" : qPrintable(r.error().message));
        QCOMPARE(r->added, qint64(1));
        r = addRateByHand(m_doc->database(), {QStringLiteral("CHF"), QDate(2026, 5, 4), 0.94, {}},
                          QStringLiteral("Corrected statement"));
        QVERIFY(r);
        QCOMPARE(r->changed, qint64(1));
        QList<FxQuote> seen;
        QVERIFY(visitRates(m_doc->database(), QStringLiteral("CHF"), {}, {}, [&](const FxQuote &q) {
            seen << q;
            return true;
        }));
        QCOMPARE(seen.size(), 1);
        QCOMPARE(seen[0].perEur, 0.94);
        QCOMPARE(seen[0].source, QStringLiteral("fx:Corrected statement"));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestFxRates)
#include "tst_fxrates.moc"
