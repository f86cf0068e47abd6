// The Azure Retail Prices importer (docs/import-formats.md, "Azure Retail Prices"): bytes read as one saved API page,
// keeping every VM size and only those with GPUs, then as the second page of a folder after a good one.
#include "importinvariants.h"
#include "models/catalog/importers/azureretailimporter.h"

#include <QBuffer>

using namespace mltco;

namespace {

const QByteArray kGoodPage =
    R"({"BillingCurrency":"USD","Items":[{"currencyCode":"USD","retailPrice":3.673,"unitPrice":3.673,)"
    R"("armRegionName":"eastus","effectiveStartDate":"2022-06-01T00:00:00Z","meterName":"NC24ads A100 v4",)"
    R"("productName":"Virtual Machines NCads A100 v4 Series","skuName":"NC24ads A100 v4",)"
    R"("serviceName":"Virtual Machines","unitOfMeasure":"1 Hour","type":"Consumption",)"
    R"("armSkuName":"Standard_NC24ads_A100_v4"}],"NextPageLink":null,"Count":1})";

void check(const Expected<catalog::ImportData> &parsed)
{
    if (!parsed) {
        if (parsed.error().message.isEmpty())
            fuzz::fail("refusal without a message");
        return;
    }
    fuzz::checkImport(*parsed);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (const bool gpuOnly : {false, true}) {
        QByteArray input = fuzz::bytes(data, size);
        QBuffer in(&input);
        in.open(QIODevice::ReadOnly);
        catalog::ImportOptions options;
        options.fileName = QStringLiteral("prices.json");
        options.skipCpuOnly = gpuOnly;
        check(catalog::parseAzureRetail(in, options));
    }
    catalog::ImportOptions options;
    options.fileName = QStringLiteral("pages");
    options.observedAt = QDate(2026, 1, 15);
    catalog::AzureRetailReader reader(options);
    QByteArray good = kGoodPage;
    QBuffer first(&good);
    first.open(QIODevice::ReadOnly);
    reader.readPage(first, QStringLiteral("page-1.json"));
    QByteArray input = fuzz::bytes(data, size);
    QBuffer second(&input);
    second.open(QIODevice::ReadOnly);
    reader.readPage(second, QStringLiteral("page-2.json"));
    const Expected<catalog::ImportData> both = reader.finish();
    check(both);
    if (both && both->prices.isEmpty())
        fuzz::fail("the good page's price was lost");
    return 0;
}
