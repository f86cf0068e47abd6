#pragma once
// A generated AWS Price List CSV for EC2, for bench_import: the same bytes on every run.

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QString>

#include <array>
#include <cmath>

namespace mltco::bench {

/// The columns of AWS's EC2 price list (September 2025 layout), in order; docs/import-formats.md.
inline constexpr std::array<const char *, 91> kAwsColumns{"SKU",
                                                          "OfferTermCode",
                                                          "RateCode",
                                                          "TermType",
                                                          "PriceDescription",
                                                          "EffectiveDate",
                                                          "StartingRange",
                                                          "EndingRange",
                                                          "Unit",
                                                          "PricePerUnit",
                                                          "Currency",
                                                          "RelatedTo",
                                                          "LeaseContractLength",
                                                          "PurchaseOption",
                                                          "OfferingClass",
                                                          "Product Family",
                                                          "serviceCode",
                                                          "Location",
                                                          "Location Type",
                                                          "Instance Type",
                                                          "Current Generation",
                                                          "Instance Family",
                                                          "vCPU",
                                                          "Physical Processor",
                                                          "Clock Speed",
                                                          "Memory",
                                                          "Storage",
                                                          "Network Performance",
                                                          "Processor Architecture",
                                                          "Storage Media",
                                                          "Volume Type",
                                                          "Max Volume Size",
                                                          "Max IOPS/volume",
                                                          "Max IOPS Burst Performance",
                                                          "Max throughput/volume",
                                                          "Provisioned",
                                                          "Tenancy",
                                                          "EBS Optimized",
                                                          "Operating System",
                                                          "License Model",
                                                          "Group",
                                                          "Group Description",
                                                          "Transfer Type",
                                                          "From Location",
                                                          "From Location Type",
                                                          "To Location",
                                                          "To Location Type",
                                                          "usageType",
                                                          "operation",
                                                          "AvailabilityZone",
                                                          "CapacityStatus",
                                                          "ClassicNetworkingSupport",
                                                          "Dedicated EBS Throughput",
                                                          "ECU",
                                                          "Elastic Graphics Type",
                                                          "Enhanced Networking Supported",
                                                          "From Region Code",
                                                          "GPU",
                                                          "GPU Memory",
                                                          "Instance",
                                                          "Instance Capacity - 10xlarge",
                                                          "Instance Capacity - 12xlarge",
                                                          "Instance Capacity - 16xlarge",
                                                          "Instance Capacity - 18xlarge",
                                                          "Instance Capacity - 24xlarge",
                                                          "Instance Capacity - 2xlarge",
                                                          "Instance Capacity - 32xlarge",
                                                          "Instance Capacity - 4xlarge",
                                                          "Instance Capacity - 8xlarge",
                                                          "Instance Capacity - 9xlarge",
                                                          "Instance Capacity - large",
                                                          "Instance Capacity - medium",
                                                          "Instance Capacity - metal",
                                                          "Instance Capacity - xlarge",
                                                          "instanceSKU",
                                                          "Intel AVX2 Available",
                                                          "Intel AVX Available",
                                                          "Intel Turbo Available",
                                                          "MarketOption",
                                                          "Normalization Size Factor",
                                                          "Physical Cores",
                                                          "Pre Installed S/W",
                                                          "Processor Features",
                                                          "Product Type",
                                                          "Region Code",
                                                          "Resource Type",
                                                          "serviceName",
                                                          "SnapshotArchiveFeeType",
                                                          "To Region Code",
                                                          "Volume API Name",
                                                          "VPCNetworkingSupport"};

/// An AWS Price List CSV for EC2 of about `megabytes` MB in the real layout (the five metadata rows, the 2025 header,
/// the columns filled as AWS fills them): per instance type and region an on-demand Linux row, the rows an import
/// leaves out (Windows, RHEL, dedicated, unused reservations, Capacity Blocks) and the twelve reserved terms with their
/// Upfront Fee rows.
inline bool writeAwsPriceList(const QString &path, qint64 megabytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    constexpr std::array families{"p3", "p4d", "p5", "g5", "g6", "m5", "c6i", "r7g"};
    constexpr std::array sizes{"xlarge", "2xlarge", "8xlarge", "16xlarge", "24xlarge", "48xlarge"};
    constexpr std::array regions{"us-east-1",      "us-east-2",      "us-west-2",    "eu-west-1", "eu-central-1",
                                 "ap-northeast-1", "ap-southeast-1", "ca-central-1", "sa-east-1", "eu-north-1"};
    QByteArray buffer;
    buffer.reserve(1 << 20);
    buffer += "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"This pricing list is for informational purposes only.\"\n"
              "\"Publication Date\",\"2025-09-12T22:53:08Z\"\n\"Version\",\"20250912225308\"\n"
              "\"OfferCode\",\"AmazonEC2\"\n";
    for (std::size_t c = 0; c < kAwsColumns.size(); ++c)
        buffer += (c ? ",\"" : "\"") + QByteArray(kAwsColumns[c]) + '"';
    buffer += '\n';
    QHash<QByteArray, std::size_t> at;
    for (std::size_t c = 0; c < kAwsColumns.size(); ++c)
        at.insert(kAwsColumns[c], c);
    std::array<QByteArray, kAwsColumns.size()> row;
    const auto put = [&](const char *column, const QByteArray &value) { row[at.value(column)] = value; };
    qint64 written = 0;
    const auto emitRow = [&] {
        for (std::size_t c = 0; c < row.size(); ++c)
            buffer += (c ? ",\"" : "\"") + row[c] + '"';
        buffer += '\n';
        if (buffer.size() > (1 << 20) - 8192) {
            written += file.write(buffer);
            buffer.clear();
        }
    };
    const qint64 limit = megabytes * 1024 * 1024;
    quint32 state = 4242;
    for (qint64 sku = 0; written + buffer.size() < limit; ++sku) {
        state = state * 1664525u + 1013904223u;
        const std::size_t f = std::size_t(sku) % families.size();
        const std::size_t z = std::size_t(sku / qint64(families.size())) % sizes.size();
        const std::size_t r = std::size_t(sku / qint64(families.size() * sizes.size())) % regions.size();
        const qint64 generation = sku / qint64(families.size() * sizes.size() * regions.size());
        // Past the first 480 types, more sizes of the same families ("p4d.24xlarge-7"), so the GPU is still known.
        const QByteArray instance = QByteArray(families[f]) + '.' + sizes[z] +
                                    (generation ? '-' + QByteArray::number(generation) : QByteArray());
        const bool gpu = f < 5;
        const int gpus = gpu ? 1 << int(z % 4) : 0;
        const double hourly = (gpu ? 3.06 * gpus : 0.096 * double(z + 1)) * (1.0 + double(state % 100) / 400.0);
        const QByteArray skuText = "SKU" + QByteArray::number(sku).rightJustified(13, '0');
        for (QByteArray &cell : row)
            cell.clear();
        put("SKU", skuText);
        put("Currency", "USD");
        put("Product Family", "Compute Instance");
        put("serviceCode", "AmazonEC2");
        put("Location", "Region " + QByteArray(regions[r]));
        put("Location Type", "AWS Region");
        put("Instance Type", instance);
        put("Current Generation", "Yes");
        put("Instance Family", gpu ? "GPU instance" : "General purpose");
        put("vCPU", QByteArray::number(4 << int(z % 5)));
        put("Physical Processor", "Intel Xeon Platinum 8275L");
        put("Clock Speed", "3 GHz");
        put("Memory", QByteArray::number(16 << int(z % 5)) + " GiB");
        put("Storage", "EBS only");
        put("Network Performance", "Up to 25 Gigabit");
        put("Processor Architecture", "64-bit");
        put("Tenancy", "Shared");
        put("EBS Optimized", "Yes");
        put("Operating System", "Linux");
        put("License Model", "No License required");
        put("usageType", "BoxUsage:" + instance);
        put("operation", "RunInstances");
        put("CapacityStatus", "Used");
        put("ClassicNetworkingSupport", "false");
        put("Dedicated EBS Throughput", "Up to 19000 Mbps");
        put("ECU", "NA");
        put("Enhanced Networking Supported", "Yes");
        put("GPU", gpu ? QByteArray::number(gpus) : QByteArray());
        put("GPU Memory", gpu ? QByteArray::number(16 * gpus) + " GiB" : QByteArray("NA"));
        put("instanceSKU", skuText);
        put("Intel AVX2 Available", "Yes");
        put("Intel AVX Available", "Yes");
        put("Intel Turbo Available", "Yes");
        put("MarketOption", "OnDemand");
        put("Normalization Size Factor", QByteArray::number(8 << int(z % 5)));
        put("Physical Cores", QByteArray::number(2 << int(z % 5)));
        put("Pre Installed S/W", "NA");
        put("Processor Features", "Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo");
        put("Region Code", regions[r]);
        put("serviceName", "Amazon Elastic Compute Cloud");
        put("VPCNetworkingSupport", "true");
        put("EffectiveDate", "2025-09-01T00:00:00Z");
        const auto onDemand = [&](double price, const char *description) {
            put("OfferTermCode", "JRTCKXETXF");
            put("RateCode", skuText + ".JRTCKXETXF.6YS6EN2CT7");
            put("TermType", "OnDemand");
            put("PriceDescription", "$" + QByteArray::number(price, 'f', 4) + " per On Demand " + description + ' ' +
                                        instance + " Instance Hour");
            put("StartingRange", "0");
            put("EndingRange", "Inf");
            put("Unit", "Hrs");
            put("PricePerUnit", QByteArray::number(price, 'f', 10));
            emitRow();
        };
        // On demand, then what an import leaves out, then the reserved terms.
        onDemand(hourly, "Linux");
        put("Operating System", "Windows");
        put("operation", "RunInstances:0002");
        onDemand(hourly + 0.092 * double(z + 1), "Windows");
        put("Operating System", "RHEL");
        put("operation", "RunInstances:0010");
        onDemand(hourly + 0.06, "RHEL");
        put("Operating System", "Linux");
        put("operation", "RunInstances");
        put("Tenancy", "Dedicated");
        onDemand(hourly * 1.1, "Linux Dedicated");
        put("Tenancy", "Shared");
        put("CapacityStatus", "UnusedCapacityReservation");
        onDemand(hourly, "Linux Unused Reservation");
        put("CapacityStatus", "Used");
        if (gpu && z >= 4) {
            put("MarketOption", "CapacityBlock");
            put("operation", "RunInstances:CB");
            onDemand(0.0, "Capacity Block Linux");
            put("MarketOption", "OnDemand");
            put("operation", "RunInstances");
        }
        int term = 0;
        for (const char *lease : {"1yr", "3yr"}) {
            const double years = lease[0] == '1' ? 1 : 3;
            for (const char *klass : {"standard", "convertible"}) {
                for (const char *option : {"No Upfront", "Partial Upfront", "All Upfront"}) {
                    const QByteArray code = "TERM" + QByteArray::number(term++).rightJustified(6, '0');
                    const double discount = (klass[0] == 's' ? 0.6 : 0.7) * (years == 1 ? 1.0 : 0.75);
                    const double upfront = option[0] == 'N' ? 0 : option[0] == 'P' ? 0.5 : 1.0;
                    put("TermType", "Reserved");
                    put("OfferTermCode", code);
                    put("LeaseContractLength", lease);
                    put("PurchaseOption", option);
                    put("OfferingClass", klass);
                    put("StartingRange", "");
                    put("EndingRange", "");
                    put("RateCode", skuText + '.' + code + ".6YS6EN2CT7");
                    put("PriceDescription", "Linux/UNIX (" + instance + ") reserved instance applied");
                    put("Unit", "Hrs");
                    put("PricePerUnit", QByteArray::number(hourly * discount * (1 - upfront), 'f', 10));
                    emitRow();
                    if (upfront > 0) {
                        put("RateCode", skuText + '.' + code + ".2TG2D8R56U");
                        put("PriceDescription", "Upfront Fee");
                        put("Unit", "Quantity");
                        put("PricePerUnit",
                            QByteArray::number(std::round(hourly * discount * upfront * 8760 * years), 'f', 0));
                        emitRow();
                    }
                }
            }
        }
        put("LeaseContractLength", "");
        put("PurchaseOption", "");
        put("OfferingClass", "");
    }
    file.write(buffer);
    return file.error() == QFile::NoError;
}

} // namespace mltco::bench
