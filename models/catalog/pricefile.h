#pragma once

#include "models/catalog/importdata.h"
#include "models/common/expected.h"

class QIODevice;

namespace mltco::catalog {

enum class PriceFileFormat { GenericCsv, SkyPilot };

/// Parses a price file of either format (already open); with a `sink`, its prices go there as they are read.
Expected<ImportData> parsePriceFile(QIODevice &device, PriceFileFormat format, const ImportOptions &options,
                                    PriceSink *sink = nullptr);

} // namespace mltco::catalog
