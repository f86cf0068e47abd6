// mltco-cli catalog import: read a price-catalog file and write it to the document as it is read, in one
// transaction. A bad file is refused whole, with `file:line: reason` for each bad row.
#include "cliio.h"
#include "models/catalog/importers/awspricelistimporter.h"
#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/catalog/importers/pricefile.h"
#include "models/common/numbertext.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <optional>

namespace mltco::cli {
namespace {

const QString kImportUsage =
    QStringLiteral("mltco-cli catalog import --format skypilot|csv|aws-pricelist|azure-retail|sparecores FILE|DIR "
                   "[--observed-at YYYY-MM-DD] [--provider P] [--skip-cpu-only|--gpu-only] [--document PATH]");

struct FormatName final
{
    const char *key;
    catalog::PriceFileFormat format;
};
constexpr FormatName kFormats[] = {
    {"skypilot", catalog::PriceFileFormat::SkyPilot},          {"csv", catalog::PriceFileFormat::GenericCsv},
    {"aws-pricelist", catalog::PriceFileFormat::AwsPriceList}, {"azure-retail", catalog::PriceFileFormat::AzureRetail},
    {"sparecores", catalog::PriceFileFormat::SpareCores},
};
const QString kFormatList = QStringLiteral("skypilot, csv, aws-pricelist, azure-retail or sparecores");

} // namespace

int runImport(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("The catalog file (azure-retail: a page or a folder of pages)."));
    parser.addOption({QStringLiteral("format"), kFormatList + QLatin1Char('.'), QStringLiteral("F")});
    parser.addOption({QStringLiteral("observed-at"), QStringLiteral("Date the prices were observed."), QStringLiteral("DATE")});
    parser.addOption({QStringLiteral("provider"), QStringLiteral("SkyPilot: the cloud the file lists."), QStringLiteral("P")});
    parser.addOption({QStringLiteral("skip-cpu-only"), QStringLiteral("Leave out instance types without a GPU.")});
    parser.addOption({QStringLiteral("gpu-only"), QStringLiteral("The same as --skip-cpu-only.")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kImportUsage);
    if (parser.positionalArguments().size() != 1)
        return usageError(io, QStringLiteral("catalog import takes exactly one FILE"), kImportUsage);
    const QString format = parser.value(QStringLiteral("format"));
    std::optional<catalog::PriceFileFormat> chosen;
    for (const FormatName &f : kFormats)
        if (format == QLatin1String(f.key))
            chosen = f.format;
    if (!chosen)
        return usageError(io,
                          format.isEmpty() ? QStringLiteral("--format is required (%1)").arg(kFormatList)
                                           : QStringLiteral("--format must be %1, not '%2'").arg(kFormatList, format),
                          kImportUsage);
    const bool aws = *chosen == catalog::PriceFileFormat::AwsPriceList;
    const bool datedFeed = catalog::formatDatesItsPrices(*chosen);
    const QString path = parser.positionalArguments().first();

    catalog::ImportOptions options;
    options.fileName = QFileInfo(path).isDir() ? QDir(path).dirName() : QFileInfo(path).fileName();
    options.skipCpuOnly = parser.isSet(QStringLiteral("skip-cpu-only")) || parser.isSet(QStringLiteral("gpu-only"));
    if (parser.isSet(QStringLiteral("observed-at"))) {
        options.observedAt = QDate::fromString(parser.value(QStringLiteral("observed-at")), Qt::ISODate);
        if (!options.observedAt.isValid())
            return usageError(io, QStringLiteral("--observed-at must be a date like 2025-01-28, not '%1'")
                                      .arg(parser.value(QStringLiteral("observed-at"))),
                              kImportUsage);
    }
    if (format == QLatin1String("skypilot")) {
        options.provider = parser.isSet(QStringLiteral("provider")) ? parser.value(QStringLiteral("provider")).toLower()
                                                                     : catalog::guessSkyPilotCloud(path);
        if (options.provider.isEmpty())
            return usageError(io, QStringLiteral("cannot tell which cloud %1 lists; say it with --provider (e.g. aws, gcp, lambda)")
                                      .arg(options.fileName),
                              kImportUsage);
    }

    QFileInfo info(path);
    const bool folder = info.isDir() && *chosen == catalog::PriceFileFormat::AzureRetail;
    if (!(info.isFile() || folder) || !info.isReadable())
        return inputError(io, QStringLiteral("cannot read %1: %2").arg(path, info.exists() ? QStringLiteral("not a readable file")
                                                                                            : QStringLiteral("no such file")));
    if (!options.observedAt.isValid() && aws) {
        // An AWS price list says when it was published; that is when its prices held.
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            options.observedAt = catalog::awsPublicationDate(file).value_or(QDate());
    }
    // Azure and Spare Cores date each price; a date given overrides theirs.
    if (!options.observedAt.isValid() && !datedFeed)
        options.observedAt = info.lastModified().date();

    auto document = openDocumentOption(parser.value(QStringLiteral("document")));
    if (!document)
        return inputError(io, document.error().message);
    if (Status s = (*document)->checkWritable(QStringLiteral("import into")); !s)
        return inputError(io, s.error().message);
    // Read, checked and written in one pass and one transaction: a refused file leaves the document as it was.
    catalog::ImportRequest request;
    request.path = path;
    request.format = *chosen;
    request.options = options;
    catalog::ImportProgress progress;
    Expected<catalog::ImportResult> result = catalog::importPriceFile((*document)->database(), request, progress);
    if (!result)
        return inputError(io, result.error().message, result.error().details);
    const catalog::ImportSummary *summary = &result->summary;

    const QString observed =
        datedFeed && !options.observedAt.isValid()
            ? QStringLiteral("each price dated by the feed, newest %1").arg(result->observedAt.toString(Qt::ISODate))
            : QStringLiteral("observed %1").arg(result->observedAt.toString(Qt::ISODate));
    if (summary->alreadyImported) {
        io.out << options.fileName << " (" << observed << ") was imported before; nothing added.\n";
        return ExitOk;
    }
    io.out << "Imported " << options.fileName << " (" << observed << "): " << catalog::describeAdded(*summary) << ".\n";
    QStringList providers = summary->pricesByProvider.keys();
    providers.sort();
    for (const QString &p : providers)
        io.out << "  " << p << ": " << countOf(summary->pricesByProvider.value(p), u"price point", u"price points") << '\n';
    if (result->rowsSkipped > 0)
        io.out << "  "
               << countOf(result->rowsSkipped, u"row left out", u"rows left out")
               << (aws ? " (other products, operating systems, tenancies and terms)\n" : " (see the notes)\n");
    for (const QString &note : result->notes)
        io.out << "  note: " << note << '\n';
    return ExitOk;
}

} // namespace mltco::cli
