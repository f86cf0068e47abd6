// mltco-cli catalog update skypilot|azure-retail|aws-pricelist and fx update: the providers' price files and the
// ECB's rates fetched from their own addresses (or a company's mirror, --url) and imported in one transaction.
#include "cliio.h"

#include "models/common/numbertext.h"
#include "models/fetch/priceupdate.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>

namespace mltco::cli {
namespace {

const QString kCatalogUpdateUsage = QStringLiteral(
    "mltco-cli catalog update skypilot [--url ROOT] --cloud C [--cloud C2 …] | azure-retail [--url ENDPOINT] | "
    "aws-pricelist [--url ROOT] --region R [--region R2 …] [--gpu-only] [--timeout SECONDS] [--ca-file PEM] "
    "[--document PATH]");
const QString kFxUpdateUsage =
    QStringLiteral("mltco-cli fx update [--url URL] [--timeout SECONDS] [--ca-file PEM] [--document PATH]");

int exitFor(const fetch::FetchFailure &failure)
{
    switch (failure.kind) {
    case fetch::FailureKind::Network:
        return ExitNetwork;
    case fetch::FailureKind::Content:
    case fetch::FailureKind::Local:
    case fetch::FailureKind::Cancelled:
        break;
    }
    return ExitInvalidInput;
}

QString bytesText(qint64 bytes)
{
    return QLocale::system().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

/// What each address came to, one paragraph each; the last line says whether anything changed.
void printOutcome(Io &io, const fetch::UpdateResult &result, bool rates)
{
    using What = fetch::AddressOutcome::What;
    for (const fetch::AddressOutcome &a : result.addresses) {
        switch (a.what) {
        case What::NotModified:
            io.out << a.address << ": not modified since the last update (HTTP 304); nothing imported.\n";
            continue;
        case What::SameBytes:
            io.out << a.address << ": the same file as the last update";
            if (!a.sha256.isEmpty())
                io.out << " (sha256 " << a.sha256.left(12) << "…)";
            io.out << "; nothing imported.\n";
            continue;
        case What::Imported:
            break;
        }
        io.out << "Fetched " << a.address << " (" << bytesText(a.bytes);
        if (a.pages > 1)
            io.out << " in " << a.pages << " pages";
        io.out << ", sha256 " << a.sha256.left(12) << "…), observed " << a.observedAt.toString(Qt::ISODate) << ": ";
        if (rates) {
            io.out << a.ratesAdded << " rates added, " << a.ratesChanged << " changed.\n";
        } else {
            io.out << catalog::describeAdded(a.summary) << ".\n";
        }
        if (a.rowsSkipped > 0)
            io.out << "  " << countOf(a.rowsSkipped, u"row left out", u"rows left out") << " (see the notes, or --gpu-only)\n";
        for (const QString &note : a.notes)
            io.out << "  note: " << note << '\n';
    }
    if (result.changed())
        io.out << (rates ? "Rates updated" : "Prices updated") << "; every import is listed by `mltco-cli catalog list imports`.\n";
    else
        io.out << "The " << (rates ? "rates" : "prices") << " are already current; nothing was imported.\n";
}

/// Reads the options every update takes; an empty string when they are fine, else the usage problem.
QString readSettings(const QCommandLineParser &parser, fetch::UpdateRequest &request)
{
    request.address = parser.value(QStringLiteral("url"));
    if (!request.address.isEmpty()) {
        const QUrl url(request.address);
        if (!url.isValid() || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
            return QStringLiteral("--url must be an http or https address, not '%1'").arg(request.address);
    }
    if (parser.isSet(QStringLiteral("timeout"))) {
        bool ok = false;
        const double seconds = parser.value(QStringLiteral("timeout")).toDouble(&ok);
        if (!ok || seconds < 0.1 || seconds > 3600)
            return QStringLiteral("--timeout must be a number of seconds from 0.1 to 3600, not '%1'")
                .arg(parser.value(QStringLiteral("timeout")));
        request.settings.stallTimeout = std::chrono::milliseconds(static_cast<qint64>(seconds * 1000));
    }
    request.settings.caFile = parser.value(QStringLiteral("ca-file"));
    if (!request.settings.caFile.isEmpty() && !QFileInfo(request.settings.caFile).isReadable())
        return QStringLiteral("--ca-file %1 cannot be read").arg(request.settings.caFile);
    return {};
}

void addCommonOptions(QCommandLineParser &parser, const QString &urlHelp)
{
    parser.addOption({QStringLiteral("url"), urlHelp, QStringLiteral("URL")});
    parser.addOption({QStringLiteral("timeout"),
                      QStringLiteral("Give up when the server sends nothing for this long (default 60)."),
                      QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("ca-file"),
                      QStringLiteral("Trust the certificates in this PEM file too (a mirror signed by the company's "
                                     "own authority)."),
                      QStringLiteral("PEM")});
    parser.addOption({QStringLiteral("document"), QStringLiteral("Document path."), QStringLiteral("PATH")});
}

int runUpdate(Io &io, const QString &document, const fetch::UpdateRequest &request)
{
    auto opened = openDocumentOption(document);
    if (!opened)
        return inputError(io, opened.error().message);
    if (Status s = (*opened)->checkWritable(QStringLiteral("update the prices of")); !s)
        return inputError(io, s.error().message);
    fetch::UpdateProgress progress;
    fetch::UpdateOutcome outcome = fetch::updatePrices((*opened)->database(), request, progress);
    if (const auto *failure = std::get_if<fetch::FetchFailure>(&outcome)) {
        io.err << "mltco-cli: " << failure->message << '\n';
        for (const QString &detail : failure->details)
            io.err << "  " << detail << '\n';
        io.err << "The document was left as it was.\n";
        io.err.flush();
        return exitFor(*failure);
    }
    printOutcome(io, std::get<fetch::UpdateResult>(outcome), request.source == fetch::UpdateSource::EcbRates);
    return ExitOk;
}

} // namespace

int runCatalogUpdate(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("source"), QStringLiteral("skypilot, azure-retail or aws-pricelist"));
    addCommonOptions(parser, QStringLiteral("Where to fetch from instead of the provider's own address (a mirror)."));
    parser.addOption({QStringLiteral("cloud"), QStringLiteral("SkyPilot: a cloud to fetch (repeat for more)."),
                      QStringLiteral("C")});
    parser.addOption({QStringLiteral("region"), QStringLiteral("AWS: a region to fetch (repeat for more)."),
                      QStringLiteral("R")});
    parser.addOption({QStringLiteral("gpu-only"), QStringLiteral("Leave out instance types without a GPU.")});
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kCatalogUpdateUsage);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return usageError(io, QStringLiteral("catalog update takes one source: skypilot, azure-retail or aws-pricelist"),
                          kCatalogUpdateUsage);
    fetch::UpdateRequest request;
    const QString source = positional.first();
    if (source == QLatin1String("skypilot"))
        request.source = fetch::UpdateSource::SkyPilot;
    else if (source == QLatin1String("azure-retail"))
        request.source = fetch::UpdateSource::AzureRetail;
    else if (source == QLatin1String("aws-pricelist"))
        request.source = fetch::UpdateSource::AwsPriceList;
    else
        return usageError(io, QStringLiteral("unknown source '%1' (skypilot, azure-retail or aws-pricelist)").arg(source),
                          kCatalogUpdateUsage);
    if (const QString problem = readSettings(parser, request); !problem.isEmpty())
        return usageError(io, problem, kCatalogUpdateUsage);
    request.gpuOnly = parser.isSet(QStringLiteral("gpu-only"));
    static const QRegularExpression word(QStringLiteral("^[a-z0-9][a-z0-9-]*$"));
    for (const QString &cloud : parser.values(QStringLiteral("cloud"))) {
        if (!word.match(cloud.toLower()).hasMatch())
            return usageError(io, QStringLiteral("--cloud must be a cloud's name such as aws, gcp or lambda, not '%1'").arg(cloud),
                              kCatalogUpdateUsage);
        request.clouds << cloud.toLower();
    }
    for (const QString &region : parser.values(QStringLiteral("region"))) {
        if (!word.match(region).hasMatch())
            return usageError(io, QStringLiteral("--region must be a region such as us-east-1, not '%1'").arg(region),
                              kCatalogUpdateUsage);
        request.regions << region;
    }
    if (request.source == fetch::UpdateSource::SkyPilot && request.clouds.isEmpty())
        return usageError(io, QStringLiteral("catalog update skypilot needs --cloud (e.g. --cloud aws --cloud gcp)"),
                          kCatalogUpdateUsage);
    if (request.source != fetch::UpdateSource::SkyPilot && !request.clouds.isEmpty())
        return usageError(io, QStringLiteral("--cloud is for skypilot"), kCatalogUpdateUsage);
    if (request.source == fetch::UpdateSource::AwsPriceList && request.regions.isEmpty())
        return usageError(io, QStringLiteral("catalog update aws-pricelist needs --region (e.g. --region us-east-1)"),
                          kCatalogUpdateUsage);
    if (request.source != fetch::UpdateSource::AwsPriceList && !request.regions.isEmpty())
        return usageError(io, QStringLiteral("--region is for aws-pricelist"), kCatalogUpdateUsage);
    return runUpdate(io, parser.value(QStringLiteral("document")), request);
}

int runFxUpdate(const QStringList &args, Io &io)
{
    QCommandLineParser parser;
    addCommonOptions(parser, QStringLiteral("Where to fetch eurofxref-hist.zip from instead of the ECB (a mirror)."));
    if (!parser.parse(QStringList{QStringLiteral("mltco-cli")} + args))
        return usageError(io, parser.errorText(), kFxUpdateUsage);
    if (!parser.positionalArguments().isEmpty())
        return usageError(io, QStringLiteral("fx update takes no file; --url names another address"), kFxUpdateUsage);
    fetch::UpdateRequest request;
    request.source = fetch::UpdateSource::EcbRates;
    if (const QString problem = readSettings(parser, request); !problem.isEmpty())
        return usageError(io, problem, kFxUpdateUsage);
    return runUpdate(io, parser.value(QStringLiteral("document")), request);
}

} // namespace mltco::cli
