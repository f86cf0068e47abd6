#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

#include <QDate>
#include <QString>

#include <functional>
#include <optional>

namespace mltco::catalog {

/// The licence of the Spare Cores data (sc-data, sc-data-all.db), recorded on every price imported from it.
inline constexpr char kSpareCoresLicence[] = "CC BY-SA 4.0";

/// Reads the server prices of a Spare Cores database (sc-data-all.db; docs/import-formats.md, "Spare Cores"), opened
/// read-only: table `server_price` joined with `server` on vendor_id and server_id. The GPU columns are read under
/// either name (gpu_count, gpu_model, gpu_memory_min or accelerator_count, accelerator_model, ...), and enum columns
/// in either case (ONDEMAND or ondemand).
///
/// Kept: active prices of active servers, per hour, in USD, for Linux, of allocation ondemand (`on_demand`) and spot
/// (`spot`). Reserved prices (no term length in the data), other units and currencies, inactive rows, prices of 0
/// and other operating systems are skipped and counted in the notes. A file that is not SQLite or lacks a table or
/// column is refused naming what is missing; a negative or implausible price is refused naming its row.
///
/// The provider is the vendor_id (ovh = ovhcloud), the instance type the server's api_reference, the region its
/// region_id and the zone its zone_id (when it is not the region). Each price is observed on its observed_at unless
/// ImportOptions::observedAt is set. Every price's note and ImportData::licence carry kSpareCoresLicence.
/// `progress(done, total)` is called as rows are read; false stops the import (an Error is returned).
Expected<ImportData> parseSpareCores(const QString &path, const ImportOptions &options, PriceSink *sink = nullptr,
                                     const std::function<bool(qint64 done, qint64 total)> &progress = {});

/// The date of the newest price in a Spare Cores database (its snapshot), nullopt when it does not read as one.
std::optional<QDate> spareCoresSnapshotDate(const QString &path);

/// The catalog's name for a GPU named by a feed ("A100" with 80 GiB per GPU -> "A100 80GB"): the GPU table's name
/// for `model` and its memory when the table knows it, `model` itself otherwise.
QString feedGpuName(const QString &model, double memoryGbPerGpu);

} // namespace mltco::catalog
