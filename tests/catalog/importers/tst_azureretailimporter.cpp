// The Azure Retail Prices importer, on hand-made pages in the real layout (the API's envelope and item fields): Linux
// kept and Windows left out by the productName, Spot and Low Priority told by the meter's suffix, reservations whose
// price is the term's total, savings-plan rates, prices of 0, other units, services, types and regions, the GPU
// size table, a folder of pages imported as one, and a refused page that leaves a document on disk as it was.
#include "feedfixtures.h"
#include "models/catalog/importers/azureretailimporter.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "tests/support/testmain.h"
#include "tests/support/teststore.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace mltco;
using namespace mltco::catalog;
using testing::documentContents;
using testing::importFixture;

namespace {

QByteArray readFixture(const char *name)
{
    QFile file(importFixture(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Expected<ImportData> parse(const QByteArray &bytes, bool gpuOnly = false, QDate observedAt = {})
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    ImportOptions o;
    o.fileName = QStringLiteral("prices.json");
    o.observedAt = observedAt;
    o.skipCpuOnly = gpuOnly;
    return parseAzureRetail(buffer, o);
}

QString failure(const Expected<ImportData> &result)
{
    return result ? QString() : result.error().message + u'\n' + result.error().details.join(u'\n');
}

QList<PricePoint> prices(const ImportData &data, const QString &instance, PricingModel pricing)
{
    QList<PricePoint> out;
    for (const PricePoint &p : data.prices)
        if (p.instance == instance && p.pricing == pricing)
            out << p;
    return out;
}

const InstanceType *instance(const ImportData &data, const QString &name)
{
    for (const InstanceType &i : data.instances)
        if (i.name == name)
            return &i;
    return nullptr;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

const QString kH100 = QStringLiteral("Standard_ND96isr_H100_v5");
const QString kA100 = QStringLiteral("Standard_NC24ads_A100_v4");
const QString kD4 = QStringLiteral("Standard_D4ds_v5");

} // namespace

class TestAzureRetailImporter final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void linuxOnDemandAndSpotAreKeptWindowsAndLowPriorityLeftOut()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"));
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->format, QStringLiteral("azure-retail"));
        const QList<PricePoint> onDemand = prices(*data, kH100, PricingModel::OnDemand);
        QCOMPARE(onDemand.size(), 1); // 102.736 is the Windows meter of the same name
        QCOMPARE(*onDemand.first().amount, 98.32);
        QCOMPARE(onDemand.first().region, QStringLiteral("eastus"));
        QCOMPARE(onDemand.first().observedAt, QDate(2023, 8, 1)); // effectiveStartDate
        const QList<PricePoint> spot = prices(*data, kH100, PricingModel::Spot);
        QCOMPARE(spot.size(), 1); // the Low Priority meters (41.094 Windows, 19.664 Linux) are not Spot
        QCOMPARE(*spot.first().amount, 18.169536);
        QCOMPARE(*prices(*data, kA100, PricingModel::OnDemand).value(0).amount, 3.673);
        QCOMPARE(*prices(*data, kA100, PricingModel::Spot).value(0).amount, 0.7345);
        for (const PricePoint &p : data->prices) {
            QVERIFY(*p.amount != 102.736 && *p.amount != 41.094 && *p.amount != 19.664);
            QCOMPARE(p.provider, QStringLiteral("azure"));
        }
        QVERIFY(data->notes.join(u'\n').contains(QStringLiteral("2 Windows prices left out")));
        QVERIFY(data->notes.join(u'\n').contains(QStringLiteral("1 Low Priority price left out")));
    }

    void aReservationIsTheTermsTotalPaidAllUpfront()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"));
        QVERIFY2(data, qPrintable(failure(data)));
        const QList<PricePoint> oneYear = prices(*data, kD4, PricingModel::Reserved1y);
        const QList<PricePoint> threeYears = prices(*data, kD4, PricingModel::Reserved3y);
        QCOMPARE(oneYear.size(), 1);
        QCOMPARE(threeYears.size(), 1);
        QCOMPARE(oneYear.first().purchase, PurchaseOption::AllUpfront);
        QCOMPARE(*oneYear.first().amount, 0.0); // nothing by the hour: a real price, not a missing one
        QCOMPARE(*oneYear.first().upfront, 1168.0);
        QCOMPARE(*threeYears.first().upfront, 2257.0);
        QCOMPARE(oneYear.first().offering, OfferingClass::None);
        QVERIFY(qFuzzyCompare(*oneYear.first().hourly(), 1168.0 / 8760));
        QVERIFY(qFuzzyCompare(*threeYears.first().hourly(), 2257.0 / 26280));
    }

    void savingsPlanRatesAreHourlyPricesOfTheirTerm()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"));
        QVERIFY2(data, qPrintable(failure(data)));
        const QList<PricePoint> one = prices(*data, kD4, PricingModel::SavingsPlan1y);
        const QList<PricePoint> three = prices(*data, kD4, PricingModel::SavingsPlan3y);
        QCOMPARE(one.size(), 1);
        QCOMPARE(three.size(), 1);
        QCOMPARE(*one.first().amount, 0.154471);
        QCOMPARE(*three.first().amount, 0.1032142);
        QCOMPARE(one.first().purchase, PurchaseOption::None);
        QVERIFY(!one.first().upfront);
        QCOMPARE(*one.first().hourly(), 0.154471);
        QCOMPARE(*prices(*data, kD4, PricingModel::OnDemand).value(0).amount, 0.226);
    }

    void zeroPricesOtherUnitsServicesTypesAndRegionsAreSkippedAndCounted()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"));
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->rowsRead, 15);
        // Windows x2, Low Priority (Linux), DevTestConsumption, 0.0, "100 Hours", not primary, Storage
        QCOMPARE(data->rowsSkipped, 8);
        QCOMPARE(data->prices.size(), 9);
        const QString notes = data->notes.join(u'\n');
        for (const char *expected :
             {"1 price of 0 left out", "1 price per a unit other than \"1 Hour\"",
              "1 item of a service other than Virtual Machines",
              "1 item of a type other than Consumption and Reservation", "1 item outside its primary meter region",
              "2 reservations recorded", "2 savings-plan rates"})
            QVERIFY2(notes.contains(QLatin1String(expected)), qPrintable(notes));
        for (const PricePoint &p : data->prices)
            QVERIFY(p.region != QLatin1String("westus") && p.region != QLatin1String("usgovvirginia"));
    }

    void instanceTypesTakeTheirSizeFromTheGpuTable()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"));
        QVERIFY2(data, qPrintable(failure(data)));
        const InstanceType *h100 = instance(*data, kH100);
        QVERIFY(h100);
        QCOMPARE(h100->gpu, QStringLiteral("H100 SXM 80GB"));
        QCOMPARE(h100->gpuCount, 8.0);
        QCOMPARE(h100->vcpus, 96.0);
        QCOMPARE(h100->memoryGb, 1900.0);
        const InstanceType *a100 = instance(*data, kA100);
        QVERIFY(a100);
        QCOMPARE(a100->gpu, QStringLiteral("A100 80GB"));
        QCOMPARE(a100->gpuCount, 1.0);
        const InstanceType *d4 = instance(*data, kD4);
        QVERIFY(d4);
        QVERIFY(d4->gpu.isEmpty());
        QCOMPARE(d4->gpuCount, 0.0);
    }

    void theSizeTableIgnoresCase_data()
    {
        QTest::addColumn<QString>("sku");
        QTest::addColumn<double>("gpus");
        QTest::addColumn<QString>("gpu");
        QTest::newRow("ND A100 v4") << "standard_nd96asr_v4" << 8.0 << "A100 40GB";
        QTest::newRow("NDm A100 v4") << "Standard_ND96amsr_A100_v4" << 8.0 << "A100 80GB";
        QTest::newRow("NC A100 v4 x4") << "Standard_NC96ads_A100_v4" << 4.0 << "A100 80GB";
        QTest::newRow("NCv3") << "Standard_NC12s_v3" << 2.0 << "V100 16GB";
        QTest::newRow("NCasT4_v3") << "STANDARD_NC64AS_T4_V3" << 4.0 << "T4 16GB";
        QTest::newRow("NVads A10 v5 share") << "Standard_NV18ads_A10_v5" << 0.5 << "A10 24GB";
    }
    void theSizeTableIgnoresCase()
    {
        QFETCH(QString, sku);
        QFETCH(double, gpus);
        QFETCH(QString, gpu);
        const std::optional<AzureVmSize> size = azureVmSize(sku);
        QVERIFY(size);
        QCOMPARE(size->gpuCount, gpus);
        QCOMPARE(size->gpu, gpu);
        QVERIFY(!azureVmSize(QStringLiteral("Standard_D4ds_v5")));
    }

    void aGivenDateDatesEveryPrice()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"), false, QDate(2025, 11, 3));
        QVERIFY2(data, qPrintable(failure(data)));
        for (const PricePoint &p : data->prices)
            QCOMPARE(p.observedAt, QDate(2025, 11, 3));
    }

    void gpuOnlyLeavesOutSizesWithoutGpus()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-vms.json"), true);
        QVERIFY2(data, qPrintable(failure(data)));
        QVERIFY(!instance(*data, kD4));
        for (const PricePoint &p : data->prices)
            QVERIFY(p.instance != kD4);
        QCOMPARE(data->prices.size(), 4);
        // Every item of the D4 size is left out before its price is looked at: its on-demand and two reserved prices,
        // and the free and the per-100-hours items that without --gpu-only fall out as a zero price and another unit.
        QVERIFY2(data->notes.join(u'\n').contains(QStringLiteral("5 prices of sizes without GPUs left out")),
                 qPrintable(data->notes.join(u'\n')));
    }

    // A page that mixes currencies (a euro item on a page billed in dollars) is refused, naming the item.
    void aPageMixingCurrenciesIsRefusedWithTheFileAndItem()
    {
        const Expected<ImportData> data = parse(readFixture("azure-retail-eur.json"));
        QVERIFY(!data);
        QCOMPARE(data.error().details.size(), 1);
        QVERIFY2(data.error().details.first().startsWith(
                     QStringLiteral("prices.json: Items[1]: currencyCode is EUR but the page's BillingCurrency is USD")),
                 qPrintable(data.error().details.first()));
        QVERIFY(data.error().message.contains(QStringLiteral("1 item is invalid")));
    }

    // model.md §13: a page asked for in euros (currencyCode='EUR': BillingCurrency and every item in EUR; the fixture
    // is azure-retail-vms.json as such a page writes it) imports, every price keeping its currency; a code that is not
    // one is refused.
    void aPageInEurosImportsInEuros()
    {
        const Expected<ImportData> usd = parse(readFixture("azure-retail-vms.json"));
        const Expected<ImportData> eur = parse(readFixture("azure-retail-vms-eur.json"));
        QVERIFY2(eur, qPrintable(failure(eur)));
        QVERIFY(usd);
        QCOMPARE(eur->prices.size(), usd->prices.size());
        for (qsizetype i = 0; i < eur->prices.size(); ++i) {
            QCOMPARE(eur->prices[i].currency, QStringLiteral("EUR"));
            QCOMPARE(usd->prices[i].currency, QStringLiteral("USD"));
            QCOMPARE(eur->prices[i].instance, usd->prices[i].instance);
            QCOMPARE(eur->prices[i].pricing, usd->prices[i].pricing);
        }
        const auto h100 = std::find_if(eur->prices.cbegin(), eur->prices.cend(), [](const PricePoint &p) {
            return p.instance == QLatin1String("Standard_ND96isr_H100_v5") && p.pricing == PricingModel::OnDemand;
        });
        QVERIFY(h100 != eur->prices.cend() && h100->amount == 90.4544);

        QByteArray bad = readFixture("azure-retail-vms-eur.json");
        bad.replace("\"BillingCurrency\": \"EUR\"", "\"BillingCurrency\": \"euro\"");
        const Expected<ImportData> refused = parse(bad);
        QVERIFY(!refused);
        QVERIFY2(refused.error().details.join(u'\n').contains(QStringLiteral("BillingCurrency \"euro\" is not a currency code")),
                 qPrintable(refused.error().details.join(u'\n')));
    }

    void aMalformedItemIsRefused_data()
    {
        QTest::addColumn<QByteArray>("page");
        QTest::addColumn<QString>("reason");
        const QByteArray item = R"({"currencyCode":"USD","retailPrice":%PRICE%,"unitPrice":1,"armRegionName":"eastus",
            "effectiveStartDate":"2024-01-01T00:00:00Z","meterName":"NC6s v3","productName":"Virtual Machines NCSv3
            Series","skuName":"NC6s v3","serviceName":"Virtual Machines","unitOfMeasure":"1 Hour","type":"%TYPE%",
            "armSkuName":"Standard_NC6s_v3"})";
        const auto page = [&](const char *price, const char *type) -> QByteArray {
            QByteArray i = item;
            i.replace("%PRICE%", price).replace("%TYPE%", type).replace('\n', ' ');
            return QByteArray(R"({"BillingCurrency":"USD","Items":[)") + i + "],\"NextPageLink\":null,\"Count\":1}";
        };
        QTest::newRow("negative") << page("-1", "Consumption") << "retailPrice -1 is negative";
        QTest::newRow("text price") << page("\"3.06\"", "Consumption") << "retailPrice is not a number";
        QTest::newRow("implausible") << page("1e9", "Consumption")
                                     << "retailPrice 1000000000 USD/hour is not plausible";
        QTest::newRow("reservation without term") << page("3000", "Reservation") << "without its reservationTerm";
        QTest::newRow("not JSON") << QByteArray("{\"Items\": [") << "not JSON";
        QTest::newRow("not a page") << QByteArray("[1, 2]") << "not an Azure Retail Prices page";
        QTest::newRow("empty") << QByteArray() << "the file is empty";
    }
    void aPriceIsJudgedPerGpuHour()
    {
        // $12,000 an hour is implausible for a one-GPU NC6s v3 and plausible for an eight-GPU ND H100 v5 ($1,500 a
        // GPU-hour): the bound is $10,000 per accelerator-hour.
        const auto page = [](const char *sku, const char *meter) {
            QByteArray item = R"({"currencyCode":"USD","retailPrice":12000,"unitPrice":12000,"armRegionName":"eastus",
                "effectiveStartDate":"2024-01-01T00:00:00Z","meterName":"%METER%","productName":"Virtual Machines
                Series","skuName":"%METER%","serviceName":"Virtual Machines","unitOfMeasure":"1 Hour",
                "type":"Consumption","armSkuName":"%SKU%"})";
            item.replace("%SKU%", sku).replace("%METER%", meter).replace('\n', ' ');
            return QByteArray(QByteArray(R"({"BillingCurrency":"USD","Items":[)") + item +
                              "],\"NextPageLink\":null,\"Count\":1}");
        };
        const Expected<ImportData> one = parse(page("Standard_NC6s_v3", "NC6s v3"));
        QVERIFY(!one);
        QVERIFY2(one.error().details.join(u'\n').contains(QStringLiteral("retailPrice 12000 USD/hour is not plausible")),
                 qPrintable(one.error().details.join(u'\n')));
        const Expected<ImportData> eight = parse(page("Standard_ND96isr_H100_v5", "ND96isr H100 v5"));
        QVERIFY2(eight, qPrintable(failure(eight)));
        QCOMPARE(eight->prices.size(), 1);
        QCOMPARE(*eight->prices.first().amount, 12000.0);
        const Expected<ImportData> tooMuch = parse(page("Standard_ND96isr_H100_v5", "ND96isr H100 v5").replace(
            "\"retailPrice\":12000", "\"retailPrice\":90000"));
        QVERIFY(!tooMuch);
        QVERIFY2(tooMuch.error().details.join(u'\n').contains(QStringLiteral("USD/hour for 8 accelerators")),
                 qPrintable(tooMuch.error().details.join(u'\n')));
    }

    void aMalformedItemIsRefused()
    {
        QFETCH(QByteArray, page);
        QFETCH(QString, reason);
        const Expected<ImportData> data = parse(page);
        QVERIFY(!data);
        QVERIFY2(data.error().details.join(u'\n').contains(reason), qPrintable(data.error().details.join(u'\n')));
    }

    void aFolderOfPagesIsOneImport()
    {
        ImportOptions o;
        o.fileName = QStringLiteral("azure-retail-pages");
        AzureRetailReader reader(o);
        for (const char *name : {"page-0001.json", "page-0002.json"}) {
            QFile page(importFixture("azure-retail-pages/") + QLatin1String(name));
            QVERIFY(page.open(QIODevice::ReadOnly));
            reader.readPage(page, QLatin1String(name));
        }
        const Expected<ImportData> data = reader.finish();
        QVERIFY2(data, qPrintable(failure(data)));
        QCOMPARE(data->rowsRead, 5);
        QCOMPARE(data->prices.size(), 5);
        QCOMPARE(prices(*data, kA100, PricingModel::OnDemand).size(), 2); // eastus and westeurope
        const InstanceType *nd = instance(*data, QStringLiteral("Standard_ND96asr_v4"));
        QVERIFY(nd);
        QCOMPARE(nd->gpu, QStringLiteral("A100 40GB"));
        QVERIFY2(data->notes.join(u'\n').contains(QStringLiteral("Standard_NC8ads_A10_v4")),
                 qPrintable(data->notes.join(u'\n')));
    }

    void theImportOfAFolderWithABadPageLeavesTheDocumentAsItWas()
    {
        auto opened = catalog::openDocument(test::newStoreLocation(m_dir, QStringLiteral("azure")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        std::unique_ptr<store::Document> doc = std::move(*opened);

        ImportRequest first;
        first.path = importFixture("azure-retail-vms.json");
        first.format = PriceFileFormat::AzureRetail;
        ImportProgress progress;
        Expected<ImportResult> imported = importPriceFile(doc->database(), first, progress);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(imported->summary.pricesAdded, 9);
        const QStringList before = documentContents(doc->database());
        QVERIFY(before.join(u'\n').contains(QStringLiteral("reserved_1y|0|hour|2021-11-01||all_upfront|1168")));

        // A folder of pages: the second page has a euro price in its last item.
        const QString folder = m_dir.filePath(QStringLiteral("pages"));
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QFile::copy(importFixture("azure-retail-pages/page-0001.json"), folder + "/page-0001.json"));
        QVERIFY(writeFile(folder + "/page-0002.json", readFixture("azure-retail-eur.json")));
        ImportRequest bad;
        bad.path = folder;
        bad.format = PriceFileFormat::AzureRetail;
        ImportProgress again;
        Expected<ImportResult> refused = importPriceFile(doc->database(), bad, again);
        QVERIFY(!refused);
        QVERIFY2(refused.error().details.join(u'\n').contains(
                     QStringLiteral("pages: page-0002.json: Items[1]: currencyCode is EUR but the page's BillingCurrency is USD")),
                 qPrintable(refused.error().details.join(u'\n')));
        QCOMPARE(documentContents(doc->database()), before);

        // The same folder with a good second page imports as one batch, once.
        QVERIFY(QFile::remove(folder + "/page-0002.json"));
        QVERIFY(QFile::copy(importFixture("azure-retail-pages/page-0002.json"), folder + "/page-0002.json"));
        ImportProgress third;
        Expected<ImportResult> pages = importPriceFile(doc->database(), bad, third);
        QVERIFY2(pages, pages ? "" : qPrintable(pages.error().message));
        QCOMPARE(pages->summary.pricesAdded, 5);
        QVERIFY(pages->observedAt.isValid());
        ImportProgress fourth;
        Expected<ImportResult> repeat = importPriceFile(doc->database(), bad, fourth);
        QVERIFY(repeat);
        QVERIFY(repeat->summary.alreadyImported);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestAzureRetailImporter)
#include "tst_azureretailimporter.moc"
