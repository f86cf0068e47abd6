#pragma once

#include "models/catalog/importers/importrunner.h"
#include "models/common/progress.h"
#include "models/fetch/httpfetch.h"

#include <QDate>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <variant>
#include <vector>

namespace mltco::fetch {

/// The providers' own addresses mltco updates from.
enum class UpdateSource {
    SkyPilot,     ///< SkyPilot's hosted catalog: ROOT/<cloud>/vms.csv for each cloud
    AzureRetail,  ///< the Azure Retail Prices API, every NextPageLink followed
    AwsPriceList, ///< AWS's price list: ROOT/offers/v1.0/aws/AmazonEC2/current/<region>/index.csv
    EcbRates,     ///< the European Central Bank's eurofxref-hist.zip
};

/// "skypilot", "azure-retail", "aws-pricelist", "ecb": the command-line word and the import format.
QString sourceKey(UpdateSource source);
/// A person's name for the source: "SkyPilot's hosted catalog".
QString sourceTitle(UpdateSource source);
/// The public address an update uses when none is given (the root for SkyPilot and AWS, the endpoint for Azure,
/// the file for the ECB).
QString defaultAddress(UpdateSource source);

struct UpdateRequest final
{
    UpdateSource source = UpdateSource::SkyPilot;
    QString address;     ///< --url: a root, an endpoint or a file as defaultAddress(); empty for the default
    QStringList clouds;  ///< SkyPilot: the clouds to fetch ("aws", "gcp", "lambda", …)
    QStringList regions; ///< AWS: the regions to fetch ("us-east-1", …)
    bool gpuOnly = false; ///< leave out instance types without a GPU, as `catalog import --gpu-only`
    FetchSettings settings;
    /// Where downloads wait for their import (removed afterwards); empty: the system's temporary folder.
    QString workFolder;
    /// Azure: the most pages followed (a link that never ends is refused).
    int maxPages = 20000;
    /// AWS: a price list still arriving once this many bytes are in is imported as it arrives (the rest streams
    /// into the importer); one that is whole by then is imported as a file.
    qint64 streamAfterBytes = 256 * 1024;
};

/// The addresses an update fetches, in order (Azure: the first page; the rest follow its links).
std::vector<QUrl> updateAddresses(const UpdateRequest &request);

/// What became of one address.
struct AddressOutcome final
{
    enum class What {
        Imported,    ///< new prices (or rates) landed
        NotModified, ///< the server answered 304 to the validators of the last fetch
        SameBytes,   ///< the same bytes as the last import from this address: nothing added
    };
    What what = What::Imported;
    QString address;
    QString sha256;
    qint64 bytes = 0;
    int pages = 1;          ///< Azure: pages followed
    QDate observedAt;       ///< the import's date
    qint64 batchId = 0;     ///< the import batch (the earlier one when nothing was added)
    catalog::ImportSummary summary; ///< price files
    qint64 ratesAdded = 0, ratesChanged = 0; ///< rate files
    int rowsSkipped = 0;
    QStringList notes;
    bool streamed = false; ///< imported while it was still arriving
};

struct UpdateResult final
{
    std::vector<AddressOutcome> addresses;
    /// Whether anything landed (false: the prices were already current).
    bool changed() const;
};

using UpdateOutcome = std::variant<UpdateResult, FetchFailure>;

/// Progress of a whole update: the download under way (FetchProgress) and the import after it.
class UpdateProgress final
{
public:
    FetchProgress download;
    ImportProgress import;
    void cancel()
    {
        download.cancel();
        import.cancel();
    }
    bool isCancelled() const { return download.isCancelled(); }
};

/// Fetches every address of `request` (each asked with the validators its last import kept), then lands what
/// changed in ONE transaction on `db`: each file through the same importer as `catalog import` / `fx import`, so the
/// rows, notes and refusals are those of the same files imported from disk, each recorded as an import batch whose
/// origin is its address, with the server's ETag and Last-Modified, the retrieval time and the SHA-256. Any failure
/// (network, content, a refused row, a cancel) leaves the document exactly as it was and names the address and the
/// reason. Blocks, running its own event loop; call it on the thread that owns `db`.
UpdateOutcome updatePrices(const QSqlDatabase &db, const UpdateRequest &request, UpdateProgress &progress);

/// One import batch as `catalog list imports` lists it.
struct ImportRecord final
{
    qint64 id = 0;
    QString format;
    QString origin; ///< the address fetched from, else the file's name
    QString sha256;
    QString observedAt;
    QString importedAt;
    qint64 rows = 0;
    QString etag, lastModified, retrievedAt;
    bool fetched() const { return !retrievedAt.isEmpty(); }
};

/// Every import batch of the document, oldest first, handed to `visit` one at a time.
Status visitImports(const QSqlDatabase &db, const std::function<bool(const ImportRecord &)> &visit);

/// The newest import from each origin (an address, or a file name) of the format: when it was imported, its
/// newest price's day. For the update dialog's "last fetched" column.
Expected<std::vector<ImportRecord>> latestImports(const QSqlDatabase &db);

} // namespace mltco::fetch
