#pragma once

#include "models/catalog/importdata.h"
#include "models/common/expected.h"

class QIODevice;

namespace mltco::catalog {

enum class PriceFileFormat { GenericCsv, SkyPilot, AwsPriceList };

/// The key a format is named by on the command line and in an import's record: csv, skypilot, aws-pricelist.
QString priceFileFormatKey(PriceFileFormat format);

/// Parses a price file of any format (already open); with a `sink`, its prices go there as they are read.
Expected<ImportData> parsePriceFile(QIODevice &device, PriceFileFormat format, const ImportOptions &options,
                                    PriceSink *sink = nullptr);

} // namespace mltco::catalog
