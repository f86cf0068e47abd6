#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

#include <QDate>

#include <optional>

class QIODevice;

namespace mltco::catalog {

/// Parses an AWS Price List bulk CSV offer file for EC2 (global or regional; docs/import-formats.md, "AWS Price List
/// bulk CSV"): five metadata rows (FormatVersion, Disclaimer, Publication Date, Version, OfferCode), then the header.
///
/// Columns are found by name, never by position: older files lack RelatedTo, MarketOption, Region Code and
/// CapacityStatus (missing ones read as MarketOption OnDemand and CapacityStatus Used; the region comes from
/// Location, "US East (N. Virginia)" -> us-east-1). Kept: Product Family "Compute Instance", Linux, shared tenancy,
/// no pre-installed software, used capacity, "No License required", operation RunInstances, MarketOption OnDemand
/// (p4d/p5 Capacity Block SKUs are priced 0.00 and are not on-demand prices). Other rows, and rows without an
/// instance type (every file's free-tier row), are skipped and counted, never refused.
///
/// An OnDemand term (Unit Hrs) gives an `on_demand` price of the row's region, observed on
/// ImportOptions::observedAt (awsPublicationDate() by default). A Reserved term (1yr/3yr x No/Partial/All Upfront x
/// standard/convertible) is its hourly row and, for Partial and All Upfront, its Upfront Fee row (Unit Quantity),
/// matched on the SKU and the term columns (never the offer-term code), in either order: one `reserved_1y` or
/// `reserved_3y` price with its purchase option, offering class and upfront. All Upfront's hourly 0 is a real
/// price. A term without one of its rows is refused at its line. Instance types carry vCPUs, memory and the GPU
/// count of the file and the GPU model of their family (p4d = A100 40GB); ImportOptions::skipCpuOnly leaves out
/// types without GPUs. Currency must be USD. Validation is all or nothing, as for parseGenericCsv().
Expected<ImportData> parseAwsPriceList(QIODevice &in, const ImportOptions &options, PriceSink *sink = nullptr);

/// The Publication Date of an AWS Price List CSV (its third metadata row), read from the start of `in`; nullopt when
/// the file does not start like one.
std::optional<QDate> awsPublicationDate(QIODevice &in);

/// The region code of an AWS Location name ("US East (N. Virginia)" -> "us-east-1"), for files without Region Code;
/// nullopt for names not in the table.
std::optional<QString> awsRegionForLocation(const QString &location);

/// The catalog's GPU name for an EC2 instance family's accelerators ("p4d" -> "A100 40GB"), empty for families
/// without GPUs or unknown to the table.
QString awsFamilyGpu(const QString &instanceType);

} // namespace mltco::catalog
