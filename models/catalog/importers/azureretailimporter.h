#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

#include <QString>

#include <memory>
#include <optional>

class QIODevice;

namespace mltco::catalog {

/// Reads pages of the Azure Retail Prices API saved as JSON (docs/import-formats.md, "Azure Retail Prices"): each an
/// object with BillingCurrency, Items, NextPageLink and Count. The pages of one import are read one after another
/// and make one import: a bad item in any page refuses them all.
///
/// Kept: serviceName "Virtual Machines" items of type Consumption and Reservation, in their primary meter region,
/// with an armSkuName, for Linux (a productName ending in " Windows" is the Windows meter). A Consumption item is an
/// `on_demand` price, or a `spot` one when its meterName or skuName ends in " Spot"; Low Priority meters (" Low
/// Priority", a product being retired in favour of Spot) are left out. Its savingsPlan rates ("1 Year", "3 Years")
/// are `savings_plan_1y`/`savings_plan_3y` prices by the hour. A Reservation item's price is the total for its term
/// although its unit says "1 Hour": a `reserved_1y` or `reserved_3y` price paid All Upfront (upfront = that total,
/// 0 by the hour). Prices of 0, Consumption units other than "1 Hour", other services, types (DevTestConsumption),
/// terms (5 Years) and Windows and Low Priority meters are skipped and counted in the notes; a currency other than
/// USD, a missing or malformed field and an implausible price are refused with the file and the item's index.
///
/// Each price is observed on its effectiveStartDate unless ImportOptions::observedAt is set. Instance types are the
/// armSkuName; vCPUs, memory and GPUs come from azureVmSize() (the feed has none), and ImportOptions::skipCpuOnly
/// leaves out the sizes without GPUs.
class AzureRetailReader final
{
public:
    explicit AzureRetailReader(const ImportOptions &options, PriceSink *sink = nullptr);
    ~AzureRetailReader();
    AzureRetailReader(const AzureRetailReader &) = delete;
    AzureRetailReader &operator=(const AzureRetailReader &) = delete;

    /// Reads one page from `in`; `fileName` names it in messages.
    void readPage(QIODevice &in, const QString &fileName);
    /// What the pages read so far make, or why they are refused (ImportOptions::fileName names them all).
    Expected<ImportData> finish();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// One page read as a whole import (ImportOptions::fileName names it).
Expected<ImportData> parseAzureRetail(QIODevice &in, const ImportOptions &options, PriceSink *sink = nullptr);

/// What an Azure VM size holds, from Microsoft's size tables (docs/import-formats.md lists the sizes and sources).
struct AzureVmSize final
{
    double vcpus = 0;
    double memoryGb = 0;
    double gpuCount = 0; ///< fractional for a share of one GPU (NVads A10 v5)
    QString gpu;         ///< the catalog's GPU name
};

/// The size of a GPU armSkuName ("Standard_ND96isr_H100_v5": 96 vCPUs, 1,900 GiB, 8 x H100 SXM 80GB), case
/// ignored; nullopt for sizes not in the table.
std::optional<AzureVmSize> azureVmSize(const QString &armSkuName);

} // namespace mltco::catalog
