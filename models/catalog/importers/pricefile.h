#pragma once

#include "models/catalog/importers/importdata.h"
#include "models/common/expected.h"

#include <QStringList>

#include <optional>

class QIODevice;

namespace mltco::catalog {

enum class PriceFileFormat { GenericCsv, SkyPilot, AwsPriceList, AzureRetail, SpareCores };

/// The key a format is named by on the command line and in an import's record: csv, skypilot, aws-pricelist,
/// azure-retail, sparecores.
QString priceFileFormatKey(PriceFileFormat format);

/// Whether the feed dates each of its prices (Azure's effectiveStartDate, Spare Cores' observed_at): an import of it
/// needs no observation date, and one given dates every price.
bool formatDatesItsPrices(PriceFileFormat format);

/// The files an import of `path` reads, in the order they are read: the file itself, or for Azure Retail Prices a
/// folder's page files (*.json, by name). An Error when a folder is given for another format or holds no pages.
Expected<QStringList> priceInputFiles(const QString &path, PriceFileFormat format);

/// Parses a price file of any format read as one stream (already open); with a `sink`, its prices go there as they
/// are read. An Azure Retail Prices stream is one page; a Spare Cores database is not a stream (parseSpareCores()).
Expected<ImportData> parsePriceFile(QIODevice &device, PriceFileFormat format, const ImportOptions &options,
                                    PriceSink *sink = nullptr);

} // namespace mltco::catalog
