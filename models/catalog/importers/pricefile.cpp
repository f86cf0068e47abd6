#include "models/catalog/importers/pricefile.h"

#include "models/catalog/importers/awspricelistimporter.h"
#include "models/catalog/importers/azureretailimporter.h"
#include "models/catalog/importers/genericcsvimporter.h"
#include "models/catalog/importers/skypilotimporter.h"

#include <QDir>
#include <QFileInfo>

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
    case PriceFileFormat::AzureRetail:
        return parseAzureRetail(device, options, sink);
    case PriceFileFormat::SpareCores:
        return Error{QStringLiteral("A Spare Cores database is read from its file, not as a stream"), {}};
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
    case PriceFileFormat::AzureRetail:
        return QStringLiteral("azure-retail");
    case PriceFileFormat::SpareCores:
        return QStringLiteral("sparecores");
    }
    return {};
}

bool formatDatesItsPrices(PriceFileFormat format)
{
    return format == PriceFileFormat::AzureRetail || format == PriceFileFormat::SpareCores;
}

Expected<QStringList> priceInputFiles(const QString &path, PriceFileFormat format)
{
    const QFileInfo info(path);
    if (!info.isDir())
        return QStringList{path};
    if (format != PriceFileFormat::AzureRetail)
        return Error{QStringLiteral("%1 is a folder; a %2 import reads one file")
                         .arg(QDir::toNativeSeparators(path), priceFileFormatKey(format)),
                     {}};
    const QDir dir(path);
    QStringList files;
    for (const QFileInfo &page :
         dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files | QDir::Readable, QDir::Name | QDir::IgnoreCase))
        files << page.absoluteFilePath();
    if (files.isEmpty())
        return Error{
            QStringLiteral("%1 holds no Azure Retail Prices pages (*.json files)").arg(QDir::toNativeSeparators(path)),
            {}};
    return files;
}

} // namespace mltco::catalog
