#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

class QIODevice;

namespace mltco::catalog {

/// Parses mltco's own price CSV (docs/import-formats.md, "Generic price CSV"): RFC 4180, UTF-8 with an
/// optional byte-order mark, a header naming the columns in any order, one price observation per row.
///
/// Validation is all or nothing: any invalid row rejects the file, and the Error lists one
/// `file:line: reason` per bad row (the first kMaxImportErrors of them). A price of 0 or an empty price
/// is kept as a missing observation (PricePoint::amount is nullopt), never as free. Empty
/// `observed_at` cells take ImportOptions::observedAt. PricePoint::source is left empty.
/// With a `sink`, prices go to it as they are read and ImportData::prices stays empty.
Expected<ImportData> parseGenericCsv(QIODevice &in, const ImportOptions &options, PriceSink *sink = nullptr);

} // namespace mltco::catalog
