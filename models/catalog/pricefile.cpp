#include "models/catalog/pricefile.h"

#include "models/catalog/awspricelistimporter.h"
#include "models/catalog/genericcsvimporter.h"
#include "models/catalog/skypilotimporter.h"

namespace mltco::catalog {

Expected<ImportData> parsePriceFile(QIODevice &device, PriceFileFormat format, const ImportOptions &options,
                                    PriceSink *sink)
{
    switch (format) {
    case PriceFileFormat::GenericCsv:
        return parseGenericCsv(device, options, sink);
    case PriceFileFormat::SkyPilot:
        return parseSkyPilotCsv(device, options, sink);
    case PriceFileFormat::AwsPriceList:
        return parseAwsPriceList(device, options, sink);
    }
    return Error{QStringLiteral("Unknown price file format"), {}};
}

QString priceFileFormatKey(PriceFileFormat format)
{
    switch (format) {
    case PriceFileFormat::GenericCsv:
        return QStringLiteral("csv");
    case PriceFileFormat::SkyPilot:
        return QStringLiteral("skypilot");
    case PriceFileFormat::AwsPriceList:
        return QStringLiteral("aws-pricelist");
    }
    return {};
}

} // namespace mltco::catalog
