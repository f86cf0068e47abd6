#include "models/catalog/pricefile.h"

#include "models/catalog/genericcsvimporter.h"
#include "models/catalog/skypilotimporter.h"

namespace mltco::catalog {

Expected<ImportData> parsePriceFile(QIODevice &device, PriceFileFormat format, const ImportOptions &options,
                                    PriceSink *sink)
{
    return format == PriceFileFormat::GenericCsv ? parseGenericCsv(device, options, sink)
                                                 : parseSkyPilotCsv(device, options, sink);
}

} // namespace mltco::catalog
