#include "models/catalog/pricefile.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/genericcsvimporter.h"
#include "models/catalog/skypilotimporter.h"

#include <future>

namespace mltco::catalog {

Expected<ParsedPriceFile> readPriceFile(const QString &path, QIODevice &device, PriceFileFormat format,
                                        const ImportOptions &options)
{
    std::future<Expected<QString>> hash = std::async(std::launch::async, [path] { return fileSha256(path); });
    Expected<ImportData> data = format == PriceFileFormat::GenericCsv ? parseGenericCsv(device, options)
                                                                      : parseSkyPilotCsv(device, options);
    Expected<QString> sha = hash.get();
    if (!data)
        return data.error();
    if (!sha)
        return sha.error();
    return ParsedPriceFile{std::move(*data), std::move(*sha)};
}

} // namespace mltco::catalog
