#include "models/catalog/importers/genericcsvimporter.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QFile>
#include <QTest>

using namespace mltco;
using namespace mltco::catalog;

namespace {

const QDate kImportDate(2024, 7, 1);

ImportOptions options(const QString &fileName = QStringLiteral("prices.csv"))
{
    ImportOptions o;
    o.fileName = fileName;
    o.observedAt = kImportDate;
    return o;
}

Expected<ImportData> parse(const QByteArray &bytes, const ImportOptions &o = options())
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return parseGenericCsv(buffer, o);
}

Expected<ImportData> parseFixture(const QString &name)
{
    QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/import/") + name);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot open fixture %1").arg(name), {}};
    return parseGenericCsv(file, options(name));
}

const QByteArray kHeader = "provider,instance_type,region,pricing_model,price,observed_at\n";

QString failure(const Expected<ImportData> &result)
{
    return result ? QString() : result.error().message + u'\n' + result.error().details.join(u'\n');
}

} // namespace

class TestGenericCsvImporter final : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryColumnInAnyOrder()
    {
        const auto result = parseFixture(QStringLiteral("generic-prices.csv"));
        QVERIFY2(result, qPrintable(failure(result)));
        const ImportData &data = *result;
        QCOMPARE(data.format, QStringLiteral("csv"));
        QCOMPARE(data.rowsRead, 7);
        QCOMPARE(data.rowsSkipped, 0);

        QCOMPARE(data.providers.size(), 3);
        QCOMPARE(data.providers[0].name, QStringLiteral("aws"));
        QCOMPARE(data.providers[0].displayName, QStringLiteral("Amazon Web Services"));
        QCOMPARE(data.providers[0].kind, ProviderKind::Hyperscaler);
        QCOMPARE(data.providers[1].name, QStringLiteral("linode")); // "linode" and "Linode" are one provider
        QCOMPARE(data.providers[1].kind, ProviderKind::GpuCloud);
        QCOMPARE(data.providers[2].name, QStringLiteral("mycolo"));
        QCOMPARE(data.providers[2].displayName, QStringLiteral("MyColo"));
        QCOMPARE(data.providers[2].kind, ProviderKind::OnPrem);

        QCOMPARE(data.instances.size(), 4);
        const InstanceType &p3 = data.instances[0];
        QCOMPARE(p3.provider, QStringLiteral("aws"));
        QCOMPARE(p3.name, QStringLiteral("p3.8xlarge"));
        QCOMPARE(p3.gpu, QStringLiteral("V100 16GB"));
        QCOMPARE(p3.gpuCount, 4.0);
        QCOMPARE(p3.vcpus, 32.0);
        QCOMPARE(p3.memoryGb, 244.0);
        QVERIFY(p3.source.isEmpty());
        QCOMPARE(data.instances[3].gpuCount, 8.0);
        QCOMPARE(data.instances[3].vcpus, 0.0);

        QCOMPARE(data.prices.size(), 7);
        const PricePoint &first = data.prices[0];
        QCOMPARE(first.provider, QStringLiteral("aws"));
        QCOMPARE(first.instance, QStringLiteral("p3.8xlarge"));
        QCOMPARE(first.region, QStringLiteral("us-east-1"));
        QCOMPARE(first.zone, QStringLiteral("use1-az1"));
        QCOMPARE(first.pricing, PricingModel::OnDemand);
        QCOMPARE(first.amount, std::optional(12.24));
        QCOMPARE(first.unit, PriceUnit::Hour);
        QCOMPARE(first.observedAt, QDate(2024, 5, 1));
        QCOMPARE(first.note, QStringLiteral("list price"));
        QVERIFY(first.source.isEmpty());
        QCOMPARE(data.prices[2].zone, QStringLiteral("use1-az2"));
        QCOMPARE(data.prices[2].amount, std::optional(3.9));
        QCOMPARE(data.prices[4].observedAt, QDate(2024, 5, 2));
    }

    void quotedCommasAndQuotesSurvive()
    {
        const auto result = parseFixture(QStringLiteral("generic-prices.csv"));
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices[3].note, QStringLiteral("price not published, ask sales"));
        QCOMPARE(result->prices[4].note, QStringLiteral("billed \"monthly\", capped at 730 h"));
    }

    void zeroOrEmptyPriceIsMissingNotFree_data()
    {
        QTest::addColumn<QByteArray>("price");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("zero") << QByteArray("0");
        QTest::newRow("zero with decimals") << QByteArray("0.000");
        QTest::newRow("negative zero") << QByteArray("-0");
        QTest::newRow("quoted blank") << QByteArray("\" \"");
    }
    void zeroOrEmptyPriceIsMissingNotFree()
    {
        QFETCH(QByteArray, price);
        const auto result = parse(kHeader + "aws,p3.2xlarge,us-east-1,on_demand," + price + ",2024-05-01\n");
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices.size(), 1);
        QCOMPARE(result->prices[0].amount, std::nullopt);
        QCOMPARE(result->prices[0].hourly(), std::nullopt);
        QVERIFY(result->notes.join(u' ').contains(QStringLiteral("1 of 1 row has no price (empty or 0); it is kept as missing, never as free.")));
    }

    void monthlyPricesKeepTheirUnit()
    {
        const auto result = parseFixture(QStringLiteral("generic-prices.csv"));
        QVERIFY2(result, qPrintable(failure(result)));
        const PricePoint &monthly = result->prices[4];
        QCOMPARE(monthly.pricing, PricingModel::Monthly);
        QCOMPARE(monthly.unit, PriceUnit::Month); // the monthly pricing model implies the unit
        QCOMPARE(monthly.amount, std::optional(1000.0));
        QCOMPARE(*monthly.hourly(), 1000.0 / 730.0);
        QCOMPARE(result->prices[6].unit, PriceUnit::Month);
        QCOMPARE(result->prices[6].amount, std::nullopt);
    }

    void byteOrderMarkAndCrlfAreAccepted()
    {
        const auto result = parseFixture(QStringLiteral("generic-bom-crlf.csv"));
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices.size(), 2);
        QCOMPARE(result->prices[0].provider, QStringLiteral("lambda"));
        QCOMPARE(result->prices[0].note, QStringLiteral("eight A100s,\r\nper hour"));
        QCOMPARE(result->prices[1].instance, QStringLiteral("gpu_1x_a10"));
        QCOMPARE(result->prices[1].note, QString());
        QCOMPARE(result->providers[0].kind, ProviderKind::GpuCloud);
    }

    void emptyObservedAtTakesTheImportDate()
    {
        const QByteArray bytes = kHeader + "aws,p3.2xlarge,us-east-1,on_demand,3.06,\n";
        const auto result = parse(bytes);
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices[0].observedAt, kImportDate);

        ImportOptions noDate = options();
        noDate.observedAt = {};
        const auto rejected = parse(bytes, noDate);
        QVERIFY(!rejected);
        QCOMPARE(rejected.error().details,
                 QStringList{QStringLiteral("prices.csv:2: missing required field observed_at (and the import "
                                            "gives no date for it)")});
    }

    void repeatedNamesShareOneString()
    {
        const auto result = parse(kHeader + "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01\n"
                                            "aws,p3.2xlarge,us-east-1,spot,0.9,2024-05-01\n");
        QVERIFY2(result, qPrintable(failure(result)));
        const auto &prices = result->prices;
        QCOMPARE(prices[0].instance.constData(), prices[1].instance.constData());
        QCOMPARE(prices[0].region.constData(), prices[1].region.constData());
        QCOMPARE(prices[0].provider.constData(), prices[1].provider.constData());
    }

    void rejectsInvalidRows_data()
    {
        QTest::addColumn<QByteArray>("rows");
        QTest::addColumn<QString>("reason");
        const auto row = [](const char *name, const QByteArray &rows, const QString &reason) {
            QTest::newRow(name) << rows << reason;
        };
        row("too few fields", "aws,p3.2xlarge,us-east-1,on_demand,3.06\n",
            QStringLiteral("wrong column count: expected 6 fields as in the header, found 5"));
        row("too many fields", "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01,x\n",
            QStringLiteral("wrong column count: expected 6 fields as in the header, found 7"));
        row("no provider", ",p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01\n",
            QStringLiteral("missing required field provider"));
        row("no instance type", "aws,  ,us-east-1,on_demand,3.06,2024-05-01\n",
            QStringLiteral("missing required field instance_type"));
        row("no region", "aws,p3.2xlarge,,on_demand,3.06,2024-05-01\n",
            QStringLiteral("missing required field region"));
        row("no pricing model", "aws,p3.2xlarge,us-east-1,,3.06,2024-05-01\n",
            QStringLiteral("missing required field pricing_model"));
        row("unknown pricing model", "aws,p3.2xlarge,us-east-1,hourly,3.06,2024-05-01\n",
            QStringLiteral("unknown pricing model \"hourly\" (allowed: on_demand, spot, preemptible, reserved_1y, "
                           "reserved_3y, savings_plan_1y, savings_plan_3y, monthly)"));
        row("text price", "aws,p3.2xlarge,us-east-1,on_demand,$3.06,2024-05-01\n",
            QStringLiteral("price \"$3.06\" is not a number"));
        row("decimal comma", "aws,p3.2xlarge,us-east-1,on_demand,\"3,06\",2024-05-01\n",
            QStringLiteral("price \"3,06\" is not a number"));
        row("negative price", "aws,p3.2xlarge,us-east-1,on_demand,-3.06,2024-05-01\n",
            QStringLiteral("price -3.06 is negative"));
        row("NaN price", "aws,p3.2xlarge,us-east-1,on_demand,nan,2024-05-01\n",
            QStringLiteral("price is NaN (not a number)"));
        row("infinite price", "aws,p3.2xlarge,us-east-1,on_demand,inf,2024-05-01\n",
            QStringLiteral("price \"inf\" is infinite"));
        row("overflowing price", "aws,p3.2xlarge,us-east-1,on_demand,1e999,2024-05-01\n",
            QStringLiteral("price \"1e999\" is infinite"));
        row("impossible date", "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-02-30\n",
            QStringLiteral("bad date \"2024-02-30\" in observed_at (expected YYYY-MM-DD)"));
        row("US date", "aws,p3.2xlarge,us-east-1,on_demand,3.06,05/01/2024\n",
            QStringLiteral("bad date \"05/01/2024\" in observed_at (expected YYYY-MM-DD)"));
        row("invalid UTF-8", "aws,p3.2xlarge,M\xFCnchen,on_demand,3.06,2024-05-01\n",
            QStringLiteral("invalid UTF-8 (save the file as UTF-8)"));
        row("stray quote", "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01\"\n",
            QStringLiteral("malformed quoting: a quote inside an unquoted field, or text after a closing quote "
                           "(write a quote inside a quoted field as \"\")"));
    }
    void rejectsInvalidRows()
    {
        QFETCH(QByteArray, rows);
        QFETCH(QString, reason);
        const auto result = parse(kHeader + "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01\n" + rows);
        QVERIFY(!result);
        QCOMPARE(result.error().message,
                 QStringLiteral("prices.csv was rejected: 1 row is invalid. Nothing was imported; fix the row listed "
                                "below and import the file again."));
        QCOMPARE(result.error().details, QStringList{QStringLiteral("prices.csv:3: ") + reason});
    }

    void pricesKeepTheirCurrency()
    {
        // A currency column (ISO 4217) keeps each price in its own money; a file without it is in US dollars. The
        // plausibility bounds scale with the currency's units: ¥1,200,000 an hour for an 8-GPU node is ¥150,000 a
        // GPU-hour, within the yen's 10,000,000; ¥120,000,000 is not.
        const QByteArray header = "provider,instance_type,region,pricing_model,price,observed_at,gpu_count,currency\n";
        const auto result = parse(header + "ovhcloud,h100-380,gra,on_demand,2.80,2026-01-05,1,EUR\n"
                                           "sakura,h100x8,tk1,on_demand,1200000,2026-01-05,8,JPY\n"
                                           "lambda,gpu_1x_h100,us,on_demand,2.49,2026-01-05,1,\n");
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->prices.size(), 3);
        QCOMPARE(result->prices[0].currency, QStringLiteral("EUR"));
        QCOMPARE(result->prices[1].currency, QStringLiteral("JPY"));
        QCOMPARE(result->prices[2].currency, QStringLiteral("USD")); // an empty cell: dollars
        const auto plain = parse(kHeader + "lambda,gpu_1x_h100,us,on_demand,2.49,2026-01-05\n");
        QVERIFY(plain && plain->prices.first().currency == QStringLiteral("USD"));

        const auto bad = parse(header + "ovhcloud,h100-380,gra,on_demand,2.80,2026-01-05,1,euro\n",
                               options(QStringLiteral("p.csv")));
        QVERIFY(!bad);
        QCOMPARE(bad.error().details,
                 QStringList{QStringLiteral("p.csv:2: currency \"euro\" is not a currency code (three capital letters, "
                                            "as USD or EUR)")});
        const auto implausible = parse(header + "sakura,h100x8,tk1,on_demand,120000000,2026-01-05,8,JPY\n",
                                       options(QStringLiteral("p.csv")));
        QVERIFY(!implausible);
        QVERIFY2(implausible.error().details.value(0).contains(QStringLiteral("JPY/hour for 8 GPUs")),
                 qPrintable(failure(implausible)));
    }

    void rejectsInvalidOptionalColumns_data()
    {
        QTest::addColumn<QByteArray>("rows");
        QTest::addColumn<QString>("detail");
        const QByteArray ok = "aws,p3.8xlarge,on_demand,12.24,2024-05-01,hour,hyperscaler,V100 16GB,4\n";
        QTest::newRow("unknown unit") << ok + "aws,p3.8xlarge,on_demand,12.24,2024-05-01,week,,,\n"
                                      << QStringLiteral("p.csv:3: unknown unit \"week\" (allowed: hour, month)");
        QTest::newRow("unknown kind") << ok + "aws,p3.8xlarge,on_demand,12.24,2024-05-01,,cloud,,\n"
                                      << QStringLiteral("p.csv:3: unknown provider_kind \"cloud\" (allowed: "
                                                        "hyperscaler, gpu_cloud, marketplace, on_prem)");
        QTest::newRow("conflicting kind") << ok + "AWS,p3.8xlarge,on_demand,12.24,2024-05-01,,gpu_cloud,,\n"
                                          << QStringLiteral("p.csv:3: provider_kind gpu_cloud conflicts with "
                                                            "hyperscaler given for provider \"aws\" on line 2");
        QTest::newRow("conflicting gpu") << ok + "aws,p3.8xlarge,spot,3.6,2024-05-01,,,A100 40GB,\n"
                                         << QStringLiteral("p.csv:3: gpu \"A100 40GB\" conflicts with \"V100 16GB\" "
                                                           "given for p3.8xlarge on line 2");
        QTest::newRow("conflicting count") << ok + "aws,p3.8xlarge,spot,3.6,2024-05-01,,,,8\n"
                                           << QStringLiteral("p.csv:3: gpu_count 8 conflicts with 4 given for "
                                                             "p3.8xlarge on line 2");
        QTest::newRow("bad count") << ok + "aws,p3.8xlarge,spot,3.6,2024-05-01,,,,four\n"
                                   << QStringLiteral("p.csv:3: gpu_count \"four\" is not a number");
    }
    void rejectsInvalidOptionalColumns()
    {
        QFETCH(QByteArray, rows);
        QFETCH(QString, detail);
        const QByteArray header = "provider,instance_type,pricing_model,price,observed_at,unit,provider_kind,gpu,"
                                  "gpu_count,region\n";
        QByteArray withRegion;
        for (const QByteArray &line : rows.split('\n'))
            if (!line.isEmpty())
                withRegion += line + ",us-east-1\n";
        const auto result = parse(header + withRegion, options(QStringLiteral("p.csv")));
        QVERIFY(!result);
        QCOMPARE(result.error().details, QStringList{detail});
    }

    void reportsEveryBadRowWithItsStartLine()
    {
        const auto result = parseFixture(QStringLiteral("generic-bad-rows.csv"));
        QVERIFY(!result);
        QCOMPARE(result.error().message,
                 QStringLiteral("generic-bad-rows.csv was rejected: 3 rows are invalid. Nothing was imported; fix "
                                "the rows listed below and import the file again."));
        const QStringList expected{
            QStringLiteral("generic-bad-rows.csv:6: unknown pricing model \"hourly\" (allowed: on_demand, spot, "
                           "preemptible, reserved_1y, reserved_3y, savings_plan_1y, savings_plan_3y, monthly)"),
            QStringLiteral("generic-bad-rows.csv:7: price -3 is negative"),
            QStringLiteral("generic-bad-rows.csv:8: bad date \"2024-06-31\" in observed_at (expected YYYY-MM-DD)"),
        };
        QCOMPARE(result.error().details, expected);
    }

    void badRowAfterMultiLineFieldHasItsOwnLine()
    {
        const QByteArray bytes = "provider,instance_type,region,pricing_model,price,observed_at,note\n"
                                 "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01,\"first\nsecond\n\nfourth\"\n"
                                 "aws,p3.8xlarge,us-east-1,on_demand,x,2024-05-01,\"a\nb\"\n";
        const auto result = parse(bytes);
        QVERIFY(!result);
        QCOMPARE(result.error().details, QStringList{QStringLiteral("prices.csv:6: price \"x\" is not a number")});
    }

    void implausibleValuesAreRefusedWithLineAndColumn_data()
    {
        QTest::addColumn<QByteArray>("row");
        QTest::addColumn<QString>("problem");
        const QByteArray ok = "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1";
        static constexpr char kNul[] = "aws,p3\0x,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1";
        QTest::newRow("NUL in a name") << QByteArray(kNul, sizeof(kNul) - 1)
                                       << "instance_type holds the control character U+0000 at character 3; names are one "
                                          "line of printable text";
        QTest::newRow("ESC in a name") << QByteArray("aws,p3\x1b[31m,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1")
                                       << "instance_type holds the control character U+001B at character 3; names are one "
                                          "line of printable text";
        QTest::newRow("C1 CSI in a provider") << QByteArray("a\xc2\x9bws,p3,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1")
                                              << "provider holds the control character U+009B at character 2; names are "
                                                 "one line of printable text";
        QTest::newRow("line break in a region") << QByteArray("aws,p3,\"us\neast\",on_demand,3.06,2024-05-01,V100 16GB,1")
                                                << "region holds the control character U+000A at character 3; names are "
                                                   "one line of printable text";
        // Found by fuzzing: a provider made only of U+FEFF, which a UTF-8 reader drops, became an empty name.
        QTest::newRow("byte order mark as a provider") << QByteArray("\xef\xbb\xbf,p3,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1")
                                                       << "provider holds the invisible character U+FEFF at character 1; "
                                                          "names are one line of printable text";
        QTest::newRow("right-to-left override in a name")
            << QByteArray("aws,p3\xe2\x80\xae" "egral,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1")
            << "instance_type holds the invisible character U+202E at character 3; names are one line of printable text";
        QTest::newRow("zero-width space in a region") << QByteArray("aws,p3,us\xe2\x80\x8b-east-1,on_demand,3.06,2024-05-01,V100 16GB,1")
                                                      << "region holds the invisible character U+200B at character 3; names "
                                                         "are one line of printable text";
        QTest::newRow("10 MB name") << "aws," + QByteArray(10 * 1024 * 1024, 'x') + ",us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1"
                                    << "instance_type is 10485760 characters long; at most 200 are allowed";
        QTest::newRow("price 1e308") << QByteArray("aws,p3,us-east-1,on_demand,1e308,2024-05-01,V100 16GB,1")
                                     << "price 1e+308 USD/hour is not plausible: allowed 0.0001 to 10000 USD/hour";
        QTest::newRow("price 1e-7") << QByteArray("aws,p3,us-east-1,on_demand,0.0000001,2024-05-01,V100 16GB,1")
                                    << "price 1e-07 USD/hour is not plausible: allowed 0.0001 to 10000 USD/hour";
        QTest::newRow("monthly price beyond 7.3M") << QByteArray("linode,g1,us-east,monthly,8000000,2024-05-01,V100 16GB,1")
                                                   << "price 8000000 USD/month is not plausible: allowed 0.073 to 7300000 "
                                                      "USD/month";
        QTest::newRow("a billion GPUs") << QByteArray("aws,p3,us-east-1,on_demand,3.06,2024-05-01,V100 16GB,1e9")
                                        << "gpu_count 1000000000 GPUs is not plausible: allowed 0 to 1024 GPUs";
        // Judged per GPU-hour: a 16-GPU node may cost up to 16 x $10,000 an hour, a 2-GPU box up to $20,000.
        QTest::newRow("16-GPU node at $12,000/h") << QByteArray("aws,p5,us-east-1,on_demand,12000,2024-05-01,H100 SXM 80GB,16")
                                                  << "";
        QTest::newRow("2-GPU box beyond $20,000/h")
            << QByteArray("aws,p3x2,us-east-1,on_demand,20000.5,2024-05-01,V100 16GB,2")
            << "price 20000.5 USD/hour for 2 GPUs is not plausible: allowed 0.0001 to 20000 USD/hour for 2 GPUs";
        QTest::newRow("fine") << ok << "";
    }

    void implausibleValuesAreRefusedWithLineAndColumn()
    {
        QFETCH(QByteArray, row);
        QFETCH(QString, problem);
        const QByteArray bytes = "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n" + row + "\n";
        const auto result = parse(bytes);
        if (problem.isEmpty()) {
            QVERIFY(result);
            return;
        }
        QVERIFY(!result);
        QCOMPARE(result.error().details, QStringList{QStringLiteral("prices.csv:2: ") + problem});
    }

    void capsMessagesAtFifty()
    {
        QByteArray bytes = kHeader;
        for (int i = 0; i < 120; ++i)
            bytes += "aws,p3.2xlarge,us-east-1,on_demand,abc,2024-05-01\r\n";
        const auto result = parse(bytes);
        QVERIFY(!result);
        QCOMPARE(result.error().message,
                 QStringLiteral("prices.csv was rejected: 120 rows are invalid. Nothing was imported; fix the rows "
                                "listed below and import the file again."));
        const QStringList &details = result.error().details;
        QCOMPARE(details.size(), kMaxImportErrors + 1);
        QCOMPARE(details.first(), QStringLiteral("prices.csv:2: price \"abc\" is not a number"));
        QCOMPARE(details[kMaxImportErrors - 1], QStringLiteral("prices.csv:51: price \"abc\" is not a number"));
        QCOMPARE(details.last(), QStringLiteral("... and 70 more invalid rows"));
    }

    void rejectsBadFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("detail");
        QTest::newRow("empty") << QByteArray()
                               << QStringLiteral("f.csv:1: the file is empty (a header line naming the columns is "
                                                 "required)");
        QTest::newRow("only a BOM and blank lines")
            << QByteArray("\xEF\xBB\xBF\r\n\r\n")
            << QStringLiteral("f.csv:1: the file is empty (a header line naming the columns is required)");
        QTest::newRow("header only") << kHeader << QStringLiteral("f.csv:1: the file has a header but no data rows");
        QTest::newRow("no header") << QByteArray("aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01\n")
                                   << QStringLiteral("f.csv:1: missing header: the first line must name the columns "
                                                     "(provider, instance_type, region, pricing_model, price, "
                                                     "observed_at)");
        QTest::newRow("missing column") << QByteArray("provider,instance_type,region,price,observed_at\n")
                                        << QStringLiteral("f.csv:1: missing required column pricing_model");
        QTest::newRow("missing columns") << QByteArray("provider,instance_type,price\n")
                                         << QStringLiteral("f.csv:1: missing required columns region, pricing_model, "
                                                           "observed_at");
        QTest::newRow("duplicate column")
            << QByteArray("provider,instance_type,region,pricing_model,price,observed_at,Price\n")
            << QStringLiteral("f.csv:1: duplicate column \"price\" (columns 5 and 7)");
        QTest::newRow("header not UTF-8")
            << QByteArray("provider,instance_type,region,pricing_model,price,observed_at,r\xE9gion\n")
            << QStringLiteral("f.csv:1: invalid UTF-8 in the header (save the file as UTF-8)");
        QTest::newRow("header after blank lines") << QByteArray("\n\nprovider,price\n")
                                                  << QStringLiteral("f.csv:3: missing required columns instance_type, "
                                                                    "region, pricing_model, observed_at");
    }
    void rejectsBadFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, detail);
        const auto result = parse(bytes, options(QStringLiteral("f.csv")));
        QVERIFY(!result);
        QCOMPARE(result.error().details, QStringList{detail});
        QVERIFY(result.error().message.startsWith(QStringLiteral("f.csv was rejected: ")));
    }

    // A file that is not text at all is named for what it is, not taken for a CSV with bad UTF-8: the ECB's own ZIP
    // (tests/data/fx), a gzip, a mltco document, a PDF. No line is named: it is the whole file.
    void aFileThatIsNotTextIsNamedForWhatItIs_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("says");
        QFile zip(QStringLiteral(MLTCO_TEST_DATA_DIR "/fx/eurofxref-hist.zip"));
        QVERIFY(zip.open(QIODevice::ReadOnly));
        QTest::newRow("zip") << zip.read(4096) << QStringLiteral("it is a ZIP archive, not a CSV file");
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03provider,price\n", 25)
                              << QStringLiteral("it is a gzip-compressed file, not a CSV file: unpack it first");
        QTest::newRow("sqlite") << QByteArray("SQLite format 3\0\x80\x00\x01\x01", 20)
                                << QStringLiteral("it is an SQLite database, not a CSV file");
        QTest::newRow("pdf") << QByteArray("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n") << QStringLiteral("it is a PDF, not a CSV file");
    }
    void aFileThatIsNotTextIsNamedForWhatItIs()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, says);
        const auto result = parse(bytes, options(QStringLiteral("f.csv")));
        QVERIFY(!result);
        QVERIFY2(result.error().message.startsWith(QStringLiteral("f.csv was rejected: ") + says), qPrintable(failure(result)));
        QCOMPARE(result.error().details.size(), 1);
        QVERIFY2(result.error().details.first().startsWith(QStringLiteral("f.csv: ") + says), qPrintable(failure(result)));
    }

    void unknownColumnsAreIgnoredWithANote()
    {
        const auto result = parse("provider,instance_type,region,pricing_model,price,observed_at,colour,\n"
                                  "aws,p3.2xlarge,us-east-1,on_demand,3.06,2024-05-01,red,\n");
        QVERIFY2(result, qPrintable(failure(result)));
        QVERIFY(result->notes.contains(QStringLiteral("Columns mltco does not know were ignored: colour.")));
    }

    void unknownProviderWithoutKindIsAGpuCloudWithANote()
    {
        const auto result = parse(kHeader + "TensorCo,t1,eu,on_demand,1,2024-05-01\n");
        QVERIFY2(result, qPrintable(failure(result)));
        QCOMPARE(result->providers[0].kind, ProviderKind::GpuCloud);
        QVERIFY(result->notes.contains(
            QStringLiteral("Provider \"tensorco\" has no provider_kind; it is taken to be a GPU cloud.")));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestGenericCsvImporter)
#include "tst_genericcsvimporter.moc"
