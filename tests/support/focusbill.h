#pragma once
// A generated FOCUS 1.2 cost export of any size, for bench_import and the tests of a large bill's import (progress,
// cancel): the 57 columns of an AWS FOCUS 1.2 export (tests/data/actuals/focus-1.2-aws-gpu.csv), the same bytes on
// every run. Its rows cycle through ten charges of one AWS account: four GPU (p4d.24xlarge and g5.xlarge, on-demand,
// spot and a savings plan), six not (m5 and t3 instances, S3, EBS, data transfer, tax), spread over 12 months of 2026.

#include <QByteArray>
#include <QFile>
#include <QString>

#include <array>
#include <cmath>

namespace mltco::test {

/// What the generated bill holds, for checking an import of it.
struct FocusBillFigures final
{
    qint64 rows = 0;      ///< data rows written
    qint64 gpuRows = 0;   ///< usage rows of GPU instances
    double gpuCost = 0.0; ///< their EffectiveCost, summed
    qint64 bytes = 0;
};

namespace focusgen {

inline constexpr const char *kHeader =
    "AvailabilityZone,BilledCost,BillingAccountId,BillingAccountName,BillingAccountType,BillingCurrency,"
    "BillingPeriodEnd,BillingPeriodStart,CapacityReservationId,CapacityReservationStatus,ChargeCategory,ChargeClass,"
    "ChargeDescription,ChargeFrequency,ChargePeriodEnd,ChargePeriodStart,CommitmentDiscountCategory,"
    "CommitmentDiscountId,CommitmentDiscountName,CommitmentDiscountQuantity,CommitmentDiscountStatus,"
    "CommitmentDiscountType,CommitmentDiscountUnit,ConsumedQuantity,ConsumedUnit,ContractedCost,ContractedUnitPrice,"
    "EffectiveCost,InvoiceId,InvoiceIssuerName,ListCost,ListUnitPrice,PricingCategory,PricingCurrency,"
    "PricingCurrencyContractedUnitPrice,PricingCurrencyEffectiveCost,PricingCurrencyListUnitPrice,PricingQuantity,"
    "PricingUnit,ProviderName,PublisherName,RegionId,RegionName,ResourceId,ResourceName,ResourceType,ServiceCategory,"
    "ServiceName,ServiceSubcategory,SkuId,SkuMeter,SkuPriceDetails,SkuPriceId,SubAccountId,SubAccountName,"
    "SubAccountType,Tags\n";

struct Charge final
{
    const char *category;    // ChargeCategory
    const char *description; // ChargeDescription
    double unitPrice;        // per ConsumedUnit
    const char *unit;
    const char *pricing; // PricingCategory
    const char *serviceCategory;
    const char *service;
    const char *subcategory;
    const char *skuDetails; // SkuPriceDetails, CSV-quoted JSON or empty
    const char *resourceType;
    bool gpu;
};

inline constexpr std::array<Charge, 10> kCharges{{
    {"Usage", "$32.7726 per On Demand Linux p4d.24xlarge Instance Hour", 32.7726, "Hours", "Standard", "Compute",
     "Amazon Elastic Compute Cloud", "Virtual Machines",
     R"("{""InstanceType"":""p4d.24xlarge"",""GpuCount"":8,""CoreCount"":96,""MemorySize"":1152}")", "Instance", true},
    {"Usage", "Spot usage g5.xlarge", 0.4024, "Hours", "Dynamic", "Compute", "Amazon Elastic Compute Cloud",
     "Virtual Machines", R"("{""InstanceType"":""g5.xlarge"",""GpuCount"":1}")", "Instance", true},
    {"Usage", "$0.096 per On Demand Linux m5.large Instance Hour", 0.096, "Hours", "Standard", "Compute",
     "Amazon Elastic Compute Cloud", "Virtual Machines",
     R"("{""InstanceType"":""m5.large"",""CoreCount"":2,""MemorySize"":8}")", "Instance", false},
    {"Usage", "$0.0023 per GB-Month of snapshot data stored", 0.0023, "GB-Mo", "Standard", "Storage",
     "Amazon Simple Storage Service", "Object Storage", "", "Bucket", false},
    {"Usage", "Savings Plan covered usage p4d.24xlarge", 19.2224, "Hours", "Committed", "Compute",
     "Amazon Elastic Compute Cloud", "Virtual Machines",
     R"("{""InstanceType"":""p4d.24xlarge"",""GpuCount"":8}")", "Instance", true},
    {"Usage", "$0.09 per GB - data transfer out", 0.09, "GB", "Standard", "Networking", "AWS Data Transfer",
     "Network Traffic", "", "", false},
    {"Usage", "$1.006 per On Demand Linux g5.xlarge Instance Hour", 1.006, "Hours", "Standard", "Compute",
     "Amazon Elastic Compute Cloud", "Virtual Machines", R"("{""InstanceType"":""g5.xlarge"",""GpuCount"":1}")",
     "Instance", true},
    {"Usage", "$0.08 per GB-month of General Purpose SSD (gp3) provisioned storage", 0.08, "GB-Mo", "Standard",
     "Storage", "Amazon Elastic Block Store", "Block Storage", "", "Volume", false},
    {"Usage", "$0.0104 per On Demand Linux t3.micro Instance Hour", 0.0104, "Hours", "Standard", "Compute",
     "Amazon Elastic Compute Cloud", "Virtual Machines", R"("{""InstanceType"":""t3.micro"",""CoreCount"":2}")",
     "Instance", false},
    {"Tax", "Sales tax", 1.0, "", "", "Other", "Tax", "Other (Other)", "", "", false},
}};

/// An amount as an export writes it: up to 6 decimals, no trailing zeros beyond 2.
inline QByteArray amount(double value)
{
    QByteArray text = QByteArray::number(value, 'f', 6);
    while (text.endsWith('0') && text.indexOf('.') < text.size() - 3)
        text.chop(1);
    return text;
}

} // namespace focusgen

/// Writes a FOCUS 1.2 export of about `targetBytes` (at least one row of each charge) to `path`; what it holds, or
/// rows -1 when the file cannot be written.
inline FocusBillFigures writeFocusBill(const QString &path, qint64 targetBytes)
{
    using namespace focusgen;
    FocusBillFigures figures;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        figures.rows = -1;
        return figures;
    }
    QByteArray buffer(kHeader);
    buffer.reserve(1 << 20);
    qint64 written = 0;
    for (qint64 i = 0; written + buffer.size() < targetBytes || i < qint64(kCharges.size()); ++i) {
        const Charge &c = kCharges[std::size_t(i % qint64(kCharges.size()))];
        const int month = int((i / qint64(kCharges.size())) % 12) + 1;
        const int day = int((i / 120) % 28) + 1;
        // Quantities vary row by row but stay exact in cents: 1 to 24 hours, GB in whole units.
        const double quantity = double(1 + (i * 7) % 24);
        const double cost = std::round(c.unitPrice * quantity * 100.0) / 100.0;
        const QByteArray start = QByteArray("2026-") + (month < 10 ? "0" : "") + QByteArray::number(month) + "-" +
                                 (day < 10 ? "0" : "") + QByteArray::number(day) + "T00:00:00Z";
        const QByteArray period = QByteArray("2026-") + (month < 10 ? "0" : "") + QByteArray::number(month) +
                                  "-01T00:00:00Z";
        const bool tax = QByteArray(c.category) == "Tax";
        const QByteArray qty = tax ? QByteArray() : QByteArray::number(quantity, 'f', 0);
        QByteArray row;
        row.reserve(900);
        row += "us-east-1a,";                                        // AvailabilityZone
        row += amount(cost) + ',';                                   // BilledCost
        row += "111122223333,Research ML,Billing Account,USD,";       // account, currency
        row += period + ',' + period + ",,,";                         // BillingPeriodEnd/Start (same: generated)
        row += QByteArray(c.category) + ",,";                         // ChargeCategory, ChargeClass
        row += QByteArray(c.description) + ",Usage-Based,";           // ChargeDescription, ChargeFrequency
        row += start + ',' + start + ",,,,,,,,";                      // ChargePeriodEnd/Start, commitment columns
        row += qty + ',' + (tax ? "" : c.unit) + ',';                 // ConsumedQuantity, ConsumedUnit
        row += amount(cost) + ',' + amount(c.unitPrice) + ',';         // ContractedCost, ContractedUnitPrice
        row += amount(cost) + ",INV-2026-" + QByteArray::number(month) + ",AWS,"; // EffectiveCost, InvoiceId, issuer
        row += amount(cost) + ',' + amount(c.unitPrice) + ',';         // ListCost, ListUnitPrice
        row += QByteArray(c.pricing) + ",USD,,,,";                    // PricingCategory, PricingCurrency...
        row += qty + ',' + (tax ? "" : c.unit) + ',';                 // PricingQuantity, PricingUnit
        row += "AWS,AWS,us-east-1,US East (N. Virginia),";             // Provider, Publisher, Region
        row += "i-0a1b2c3d4e5f" + QByteArray::number(100000 + i % 50000) + ",train-" + QByteArray::number(i % 64) +
               ',' + c.resourceType + ',';                            // ResourceId, ResourceName, ResourceType
        row += QByteArray(c.serviceCategory) + ',' + c.service + ',' + c.subcategory + ','; // service columns
        row += "JH68FS4ABA2SQB" + QByteArray::number(i % 10) + ",Compute Usage,"; // SkuId, SkuMeter
        row += QByteArray(c.skuDetails) + ",,444455556666,training,Account,"; // SkuPriceDetails ... SubAccountType
        row += R"("{""team"":""ml"",""project"":""llm-pretraining""}")"; // Tags
        row += '\n';
        buffer += row;
        ++figures.rows;
        if (c.gpu) {
            ++figures.gpuRows;
            figures.gpuCost += cost;
        }
        if (buffer.size() >= (1 << 20)) {
            if (file.write(buffer) != buffer.size()) {
                figures.rows = -1;
                return figures;
            }
            written += buffer.size();
            buffer.clear();
        }
    }
    if (file.write(buffer) != buffer.size() || !file.flush()) {
        figures.rows = -1;
        return figures;
    }
    written += buffer.size();
    figures.bytes = written;
    return figures;
}

} // namespace mltco::test
