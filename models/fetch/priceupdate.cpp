#include "models/fetch/priceupdate.h"

#include "models/catalog/importers/awspricelistimporter.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/catalog/importers/pricefile.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <chrono>
#include <thread>

namespace mltco::fetch {
namespace {

/// The download of one address, waiting for its import.
struct Download final
{
    QUrl url;
    Fetched fetched;
    QString path;      ///< the file, or Azure's folder of pages
    int pages = 1;
    QString lastSha;   ///< of the last import from this address
    qint64 lastBatch = 0;
    QString cloud;     ///< SkyPilot
};

/// What the last import from an address kept.
struct LastImport final
{
    Validators validators;
    QString sha256;
    qint64 batchId = 0;
};

Expected<LastImport> lastImportFrom(const QSqlDatabase &db, const QString &address)
{
    Expected<QSqlQuery> q = store::exec(db,
                                        QStringLiteral("SELECT etag, last_modified, sha256, id FROM import_batch WHERE "
                                                       "origin = ? ORDER BY imported_at DESC, id DESC LIMIT 1"),
                                        {address});
    if (!q)
        return q.error();
    LastImport last;
    if (q->next()) {
        last.validators = {q->value(0).toString(), q->value(1).toString()};
        last.sha256 = q->value(2).toString();
        last.batchId = q->value(3).toLongLong();
    }
    return last;
}

/// The day an HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT") names, else null.
QDate httpDay(const QString &text)
{
    const QDateTime when = QLocale::c().toDateTime(text.trimmed(), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"));
    return when.isValid() ? when.date() : QDate();
}

QString withoutSlash(QString root)
{
    while (root.endsWith(QLatin1Char('/')))
        root.chop(1);
    return root;
}

FetchFailure refused(FailureKind kind, const QString &message, const QStringList &details = {})
{
    return FetchFailure{kind, message, details};
}

/// Follows an Azure Retail Prices answer page by page (NextPageLink) into `folder` as page-0001.json, … (the layout
/// `catalog import --format azure-retail FOLDER` reads); the first page is asked with the validators.
std::variant<Download, FetchFailure> fetchAzurePages(const QUrl &first, const LastImport &last, const QString &folder,
                                                     const UpdateRequest &request, FetchProgress &progress)
{
    Download d;
    d.url = first;
    d.path = folder;
    QUrl next = first;
    QSet<QString> seen;
    for (int page = 1; next.isValid(); ++page) {
        if (page > request.maxPages)
            return refused(FailureKind::Content, QStringLiteral("%1 kept sending NextPageLink after %2 pages; mltco "
                                                                "stops there (narrow the query's $filter)")
                                                     .arg(addressText(first))
                                                     .arg(request.maxPages));
        if (seen.contains(next.toString()))
            return refused(FailureKind::Content, QStringLiteral("%1: NextPageLink of page %2 leads back to %3, a page "
                                                                "already read")
                                                     .arg(addressText(first))
                                                     .arg(page - 1)
                                                     .arg(addressText(next)));
        seen.insert(next.toString());
        const QString path = QDir(folder).filePath(QStringLiteral("page-%1.json").arg(page, 4, 10, QLatin1Char('0')));
        FetchOutcome got = fetchToFile(next, page == 1 ? last.validators : Validators{}, path, request.settings, progress);
        if (auto *failure = std::get_if<FetchFailure>(&got))
            return *failure;
        Fetched &f = std::get<Fetched>(got);
        if (page == 1) {
            d.fetched = f;
            if (f.notModified)
                return d;
        }
        d.pages = page;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return refused(FailureKind::Local, QStringLiteral("cannot read the page kept at %1").arg(path));
        QJsonParseError error{};
        const QJsonDocument json = QJsonDocument::fromJson(file.readAll(), &error);
        if (error.error != QJsonParseError::NoError || !json.isObject())
            return refused(FailureKind::Content,
                           QStringLiteral("%1 (page %2) is not an Azure Retail Prices answer: %3")
                               .arg(addressText(next))
                               .arg(page)
                               .arg(error.error != QJsonParseError::NoError ? error.errorString()
                                                                            : QStringLiteral("not a JSON object")));
        const QJsonValue link = json.object().value(QStringLiteral("NextPageLink"));
        next = link.isString() && !link.toString().isEmpty() ? QUrl(link.toString()) : QUrl();
        if (link.isString() && !link.toString().isEmpty() && !next.isValid())
            return refused(FailureKind::Content, QStringLiteral("%1 (page %2): NextPageLink is not an address")
                                                     .arg(addressText(first))
                                                     .arg(page));
    }
    return d;
}

/// Lands one downloaded price file (or Azure's pages) inside the caller's transaction.
std::variant<AddressOutcome, FetchFailure> importDownload(const QSqlDatabase &db, const UpdateRequest &request,
                                                          const Download &d, UpdateProgress &progress)
{
    AddressOutcome outcome;
    outcome.address = addressText(d.url);
    outcome.sha256 = d.fetched.sha256;
    outcome.bytes = d.fetched.bytes;
    outcome.pages = d.pages;
    catalog::ImportRequest import;
    import.path = d.path;
    import.nesting = catalog::ImportWriter::Nesting::InsideCallersTransaction;
    import.options.fileName = outcome.address;
    import.options.skipCpuOnly = request.gpuOnly;
    import.options.origin = {outcome.address, d.fetched.etag, d.fetched.lastModified, d.fetched.retrievedAt};
    // The day the prices held: the server's Last-Modified, else the day they were fetched (a price list says when AWS
    // published it; Azure dates every price).
    const QDate served = httpDay(d.fetched.lastModified);
    const QDate fetchedOn = d.fetched.retrievedAt.toUTC().date();
    switch (request.source) {
    case UpdateSource::SkyPilot:
        import.format = catalog::PriceFileFormat::SkyPilot;
        import.options.provider = d.cloud;
        import.options.observedAt = served.isValid() ? served : fetchedOn;
        break;
    case UpdateSource::AwsPriceList: {
        import.format = catalog::PriceFileFormat::AwsPriceList;
        QFile file(d.path);
        if (file.open(QIODevice::ReadOnly))
            import.options.observedAt = catalog::awsPublicationDate(file).value_or(QDate());
        if (!import.options.observedAt.isValid())
            import.options.observedAt = served.isValid() ? served : fetchedOn;
        break;
    }
    case UpdateSource::AzureRetail:
        import.format = catalog::PriceFileFormat::AzureRetail;
        break;
    case UpdateSource::EcbRates:
        break; // not a price file
    }
    Expected<catalog::ImportResult> result = catalog::importPriceFile(db, import, progress.import);
    if (!result)
        return refused(FailureKind::Content,
                       QStringLiteral("%1 was refused, so nothing was imported: %2").arg(outcome.address, result.error().message),
                       result.error().details);
    if (result->cancelled)
        return refused(FailureKind::Cancelled, QStringLiteral("the update was cancelled; nothing was imported"));
    outcome.summary = result->summary;
    outcome.batchId = result->summary.batchId;
    outcome.observedAt = result->observedAt;
    outcome.rowsSkipped = result->rowsSkipped;
    outcome.notes = result->notes;
    outcome.what = result->summary.alreadyImported ? AddressOutcome::What::SameBytes : AddressOutcome::What::Imported;
    return outcome;
}

/// A file a download is still writing, read as it grows: a read at its end waits for more bytes until the download
/// is done (then the end is the end) or failed or cancelled (then the read fails, and the import with it).
class GrowingFile final : public QIODevice
{
public:
    enum State { Running, Done, Failed };
    GrowingFile(const QString &path, const std::atomic<int> &state, const FetchProgress &progress)
        : m_file(path), m_state(state), m_progress(progress)
    {
    }
    bool open(OpenMode mode) override
    {
        return m_file.open(QIODevice::ReadOnly | QIODevice::Unbuffered) && QIODevice::open(mode | QIODevice::Unbuffered);
    }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        for (;;) {
            const int state = m_state.load(); // before the read: once Done, a read that finds nothing is the end
            const qint64 n = m_file.read(data, maxSize);
            if (n != 0)
                return n;
            if (state == Done)
                return 0;
            if (state == Failed || m_progress.isCancelled()) {
                setErrorString(QStringLiteral("the download stopped"));
                return -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QFile m_file;
    const std::atomic<int> &m_state;
    const FetchProgress &m_progress;
};

/// One AWS region's price list (hundreds of megabytes) fetched on a thread of its own and, once it is clearly
/// arriving, imported as it arrives under a savepoint of the caller's transaction. What is whole before
/// `streamAfterBytes` (or not modified, or failed) comes back as a Download for the usual path.
std::variant<AddressOutcome, Download, FetchFailure> streamAwsRegion(const QSqlDatabase &db, const UpdateRequest &request,
                                                                      const QUrl &url, const LastImport &last,
                                                                      const QString &path, UpdateProgress &progress)
{
    std::atomic<int> state = GrowingFile::Running;
    FetchOutcome fetched = FetchFailure{};
    FetchSettings settings = request.settings;
    settings.endsWithNewline = true;
    progress.download.setAddress(addressText(url));
    std::unique_ptr<QThread> thread(QThread::create([&] {
        fetched = fetchToFile(url, last.validators, path, settings, progress.download);
        state = std::holds_alternative<Fetched>(fetched) ? GrowingFile::Done : GrowingFile::Failed;
    }));
    thread->start();
    while (state == GrowingFile::Running &&
           !(progress.download.httpStatus() == 200 && progress.download.received() >= request.streamAfterBytes))
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (state != GrowingFile::Running) {
        thread->wait();
        if (auto *failure = std::get_if<FetchFailure>(&fetched))
            return *failure;
        Download d;
        d.url = url;
        d.path = path;
        d.fetched = std::get<Fetched>(fetched);
        return d;
    }

    // Arriving: the head says when AWS published the list, and the rest streams into the importer.
    AddressOutcome outcome;
    outcome.address = addressText(url);
    outcome.streamed = true;
    catalog::ImportRequest import;
    import.path = path;
    import.format = catalog::PriceFileFormat::AwsPriceList;
    import.nesting = catalog::ImportWriter::Nesting::InsideCallersTransaction;
    import.options.fileName = outcome.address;
    import.options.skipCpuOnly = request.gpuOnly;
    {
        QFile head(path);
        if (head.open(QIODevice::ReadOnly))
            import.options.observedAt = catalog::awsPublicationDate(head).value_or(QDate());
    }
    if (!import.options.observedAt.isValid())
        import.options.observedAt = QDateTime::currentDateTimeUtc().date();
    import.openInput = [&]() -> std::unique_ptr<QIODevice> {
        auto file = std::make_unique<GrowingFile>(path, state, progress.download);
        if (!file->open(QIODevice::ReadOnly))
            return nullptr;
        return file;
    };
    import.sha256 = [&](const std::function<bool()> &stopped) -> Expected<QString> {
        while (state == GrowingFile::Running && !stopped())
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (state == GrowingFile::Done)
            return std::get<Fetched>(fetched).sha256;
        return Error{QStringLiteral("the download stopped"), {}};
    };
    // The origin's validators are known once the download is whole; the batch is named then (below).
    std::optional<store::Savepoint> part(std::in_place, db);
    if (!part->isActive())
        return refused(FailureKind::Local, QStringLiteral("the update could not start writing: %1").arg(part->errorString()));
    Expected<catalog::ImportResult> result = catalog::importPriceFile(db, import, progress.import);
    // A download that failed first made the import fail: its reason is the one to give. An import that stopped by
    // itself (a refused row, a cancel) needs no more of the download.
    const bool downloadFailedFirst = state == GrowingFile::Failed;
    if (!result || result->cancelled)
        progress.download.stop();
    thread->wait();
    progress.download.clearStop();
    if (auto *failure = std::get_if<FetchFailure>(&fetched); failure && downloadFailedFirst)
        return *failure;
    if (!result)
        return refused(FailureKind::Content,
                       QStringLiteral("%1 was refused, so nothing was imported: %2").arg(outcome.address, result.error().message),
                       result.error().details);
    if (result->cancelled || progress.isCancelled())
        return refused(FailureKind::Cancelled, QStringLiteral("the update was cancelled; nothing was imported"));
    const Fetched &f = std::get<Fetched>(fetched);
    outcome.sha256 = f.sha256;
    outcome.bytes = f.bytes;
    outcome.observedAt = result->observedAt;
    if (f.sha256 == last.sha256 || result->summary.alreadyImported) {
        outcome.what = AddressOutcome::What::SameBytes;
        outcome.batchId = last.batchId;
        return outcome; // the savepoint takes back what the import wrote
    }
    if (Expected<QSqlQuery> q = store::exec(db,
                                            QStringLiteral("UPDATE import_batch SET origin = ?, etag = ?, last_modified = ?, "
                                                           "retrieved_at = ? WHERE id = ?"),
                                            {outcome.address, catalog::ImportOrigin::column(f.etag),
                                             catalog::ImportOrigin::column(f.lastModified),
                                             f.retrievedAt.toUTC().toString(Qt::ISODate), result->summary.batchId});
        !q)
        return refused(FailureKind::Local, QStringLiteral("the update could not be recorded: %1").arg(q.error().message));
    if (!part->release())
        return refused(FailureKind::Local, QStringLiteral("the update could not be kept: %1").arg(part->errorString()));
    outcome.what = AddressOutcome::What::Imported;
    outcome.summary = result->summary;
    outcome.batchId = result->summary.batchId;
    outcome.rowsSkipped = result->rowsSkipped;
    outcome.notes = result->notes;
    return outcome;
}

} // namespace

QString sourceKey(UpdateSource source)
{
    switch (source) {
    case UpdateSource::SkyPilot:
        return QStringLiteral("skypilot");
    case UpdateSource::AzureRetail:
        return QStringLiteral("azure-retail");
    case UpdateSource::AwsPriceList:
        return QStringLiteral("aws-pricelist");
    case UpdateSource::EcbRates:
        return QStringLiteral("ecb");
    }
    return {};
}

QString sourceTitle(UpdateSource source)
{
    switch (source) {
    case UpdateSource::SkyPilot:
        return QStringLiteral("SkyPilot's hosted catalog");
    case UpdateSource::AzureRetail:
        return QStringLiteral("Azure Retail Prices");
    case UpdateSource::AwsPriceList:
        return QStringLiteral("AWS Price List (EC2)");
    case UpdateSource::EcbRates:
        return QStringLiteral("ECB reference rates");
    }
    return {};
}

QString defaultAddress(UpdateSource source)
{
    switch (source) {
    case UpdateSource::SkyPilot:
        // The schema version the SkyPilot importer reads (docs/import-formats.md).
        return QStringLiteral("https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8");
    case UpdateSource::AzureRetail:
        // Virtual machines of the N families (the GPU ones), every region's primary meter, savings plans included.
        return QStringLiteral("https://prices.azure.com/api/retail/prices?api-version=2023-01-01-preview&meterRegion="
                              "'primary'&$filter=serviceName eq 'Virtual Machines' and contains(armSkuName, "
                              "'Standard_N')");
    case UpdateSource::AwsPriceList:
        return QStringLiteral("https://pricing.us-east-1.amazonaws.com");
    case UpdateSource::EcbRates:
        return QStringLiteral("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip");
    }
    return {};
}

std::vector<QUrl> updateAddresses(const UpdateRequest &request)
{
    const QString address = request.address.isEmpty() ? defaultAddress(request.source) : request.address;
    std::vector<QUrl> urls;
    switch (request.source) {
    case UpdateSource::SkyPilot:
        for (const QString &cloud : request.clouds)
            urls.emplace_back(withoutSlash(address) + QLatin1Char('/') + cloud + QStringLiteral("/vms.csv"));
        break;
    case UpdateSource::AwsPriceList:
        for (const QString &region : request.regions)
            urls.emplace_back(withoutSlash(address) + QStringLiteral("/offers/v1.0/aws/AmazonEC2/current/") + region +
                              QStringLiteral("/index.csv"));
        break;
    case UpdateSource::AzureRetail:
    case UpdateSource::EcbRates:
        urls.emplace_back(address);
        break;
    }
    return urls;
}

bool UpdateResult::changed() const
{
    return std::any_of(addresses.begin(), addresses.end(),
                       [](const AddressOutcome &a) { return a.what == AddressOutcome::What::Imported; });
}

UpdateOutcome updatePrices(const QSqlDatabase &db, const UpdateRequest &request, UpdateProgress &progress)
{
    const std::vector<QUrl> urls = updateAddresses(request);
    if (urls.empty())
        return refused(FailureKind::Content, request.source == UpdateSource::SkyPilot
                                                 ? QStringLiteral("say which clouds to fetch (--cloud aws, …)")
                                                 : QStringLiteral("say which regions to fetch (--region us-east-1, …)"));
    QTemporaryDir work(request.workFolder.isEmpty() ? QDir::tempPath() + QStringLiteral("/mltco-update-XXXXXX")
                                                    : QDir(request.workFolder).filePath(QStringLiteral("mltco-update-XXXXXX")));
    if (!work.isValid())
        return refused(FailureKind::Local, QStringLiteral("no folder to keep the downloads in: %1").arg(work.errorString()));

    UpdateResult result;
    // AWS's lists are hundreds of megabytes: each is imported as it arrives, in one transaction for every region.
    if (request.source == UpdateSource::AwsPriceList) {
        store::Transaction tx(db);
        if (!tx.isActive())
            return refused(FailureKind::Local, QStringLiteral("the update could not start writing: %1").arg(tx.errorString()));
        for (std::size_t i = 0; i < urls.size(); ++i) {
            Expected<LastImport> last = lastImportFrom(db, addressText(urls[i]));
            if (!last)
                return refused(FailureKind::Local, QStringLiteral("the document could not be read: %1").arg(last.error().message));
            const QString path = work.filePath(QStringLiteral("download-%1").arg(i));
            auto got = streamAwsRegion(db, request, urls[i], *last, path, progress);
            if (auto *failure = std::get_if<FetchFailure>(&got))
                return *failure;
            if (auto *streamed = std::get_if<AddressOutcome>(&got)) {
                result.addresses.push_back(*streamed);
                QFile::remove(path);
                continue;
            }
            Download d = std::get<Download>(std::move(got));
            d.lastSha = last->sha256;
            AddressOutcome outcome;
            outcome.address = addressText(d.url);
            outcome.batchId = last->batchId;
            if (d.fetched.notModified || (!d.lastSha.isEmpty() && d.fetched.sha256 == d.lastSha)) {
                outcome.what = d.fetched.notModified ? AddressOutcome::What::NotModified : AddressOutcome::What::SameBytes;
                outcome.sha256 = d.fetched.sha256;
                result.addresses.push_back(outcome);
                continue;
            }
            auto landed = importDownload(db, request, d, progress);
            if (auto *failure = std::get_if<FetchFailure>(&landed))
                return *failure;
            result.addresses.push_back(std::get<AddressOutcome>(std::move(landed)));
            QFile::remove(path);
        }
        if (progress.isCancelled())
            return refused(FailureKind::Cancelled, QStringLiteral("the update was cancelled; nothing was imported"));
        if (!tx.commit())
            return refused(FailureKind::Local,
                           QStringLiteral("the update could not be saved, so nothing was imported: %1").arg(tx.errorString()));
        return result;
    }

    // 1. Every download first, each asked with what its last import kept: nothing is written while the network is
    //    slow, and a failure of any address leaves the document untouched.
    std::vector<Download> downloads;
    for (std::size_t i = 0; i < urls.size(); ++i) {
        const QUrl &url = urls[i];
        Expected<LastImport> last = lastImportFrom(db, addressText(url));
        if (!last)
            return refused(FailureKind::Local, QStringLiteral("the document could not be read: %1").arg(last.error().message));
        Download d;
        if (request.source == UpdateSource::AzureRetail) {
            const QString folder = work.filePath(QStringLiteral("azure-%1").arg(i));
            QDir().mkpath(folder);
            auto got = fetchAzurePages(url, *last, folder, request, progress.download);
            if (auto *failure = std::get_if<FetchFailure>(&got))
                return *failure;
            d = std::get<Download>(std::move(got));
        } else {
            d.url = url;
            d.path = work.filePath(QStringLiteral("download-%1").arg(i));
            FetchSettings settings = request.settings;
            settings.endsWithNewline = request.source != UpdateSource::EcbRates; // the CSVs; the zip checks itself
            FetchOutcome got = fetchToFile(url, last->validators, d.path, settings, progress.download);
            if (auto *failure = std::get_if<FetchFailure>(&got))
                return *failure;
            d.fetched = std::get<Fetched>(got);
        }
        if (request.source == UpdateSource::SkyPilot)
            d.cloud = request.clouds.value(static_cast<qsizetype>(i));
        d.lastSha = last->sha256;
        d.lastBatch = last->batchId;
        AddressOutcome outcome;
        outcome.address = addressText(url);
        outcome.batchId = d.lastBatch;
        if (d.fetched.notModified) {
            outcome.what = AddressOutcome::What::NotModified;
            result.addresses.push_back(outcome);
            continue;
        }
        // Azure's pages are named by the hash over all of them, which only the import computes.
        if (request.source != UpdateSource::AzureRetail && !d.lastSha.isEmpty() && d.fetched.sha256 == d.lastSha) {
            outcome.what = AddressOutcome::What::SameBytes;
            outcome.sha256 = d.fetched.sha256;
            outcome.bytes = d.fetched.bytes;
            result.addresses.push_back(outcome);
            continue;
        }
        downloads.push_back(std::move(d));
        result.addresses.push_back(outcome); // filled in by the import
    }
    if (downloads.empty())
        return result;

    // 2. The rates: one file, imported in a transaction of its own.
    if (request.source == UpdateSource::EcbRates) {
        const Download &d = downloads.front();
        AddressOutcome &outcome = result.addresses.back();
        Expected<catalog::EcbImportResult> imported = catalog::importEcbRates(
            db, d.path, {addressText(d.url), d.fetched.etag, d.fetched.lastModified, d.fetched.retrievedAt},
            addressText(d.url));
        if (!imported)
            return refused(FailureKind::Content,
                           QStringLiteral("%1 was refused, so nothing was imported: %2")
                               .arg(addressText(d.url), imported.error().message),
                           imported.error().details);
        outcome.sha256 = d.fetched.sha256;
        outcome.bytes = d.fetched.bytes;
        outcome.batchId = imported->batchId;
        outcome.observedAt = imported->rates.last;
        outcome.ratesAdded = imported->written.added;
        outcome.ratesChanged = imported->written.changed;
        outcome.what = imported->written.added + imported->written.changed > 0 ? AddressOutcome::What::Imported
                                                                               : AddressOutcome::What::SameBytes;
        return result;
    }

    // 3. Every price file in ONE transaction: all of them land, or none.
    store::Transaction tx(db);
    if (!tx.isActive())
        return refused(FailureKind::Local, QStringLiteral("the update could not start writing: %1").arg(tx.errorString()));
    for (const Download &d : downloads) {
        auto landed = importDownload(db, request, d, progress);
        if (auto *failure = std::get_if<FetchFailure>(&landed))
            return *failure;
        AddressOutcome outcome = std::get<AddressOutcome>(std::move(landed));
        for (AddressOutcome &slot : result.addresses)
            if (slot.address == outcome.address)
                slot = outcome;
    }
    if (progress.isCancelled())
        return refused(FailureKind::Cancelled, QStringLiteral("the update was cancelled; nothing was imported"));
    if (!tx.commit())
        return refused(FailureKind::Local,
                       QStringLiteral("the update could not be saved, so nothing was imported: %1").arg(tx.errorString()));
    return result;
}

Status visitImports(const QSqlDatabase &db, const std::function<bool(const ImportRecord &)> &visit)
{
    Expected<QSqlQuery> q = store::exec(db, QStringLiteral("SELECT id, format, file_name, origin, sha256, observed_at, "
                                                           "imported_at, rows_added, etag, last_modified, retrieved_at "
                                                           "FROM import_batch ORDER BY id"));
    if (!q)
        return q.error();
    while (q->next()) {
        ImportRecord r;
        r.id = q->value(0).toLongLong();
        r.format = q->value(1).toString();
        const QString origin = q->value(3).toString();
        r.origin = origin.isEmpty() ? q->value(2).toString() : origin;
        r.sha256 = q->value(4).toString();
        r.observedAt = q->value(5).toString();
        r.importedAt = q->value(6).toString();
        r.rows = q->value(7).toLongLong();
        r.etag = q->value(8).toString();
        r.lastModified = q->value(9).toString();
        r.retrievedAt = q->value(10).toString();
        if (!visit(r))
            return {};
    }
    if (q->lastError().isValid())
        return store::readFailure(db, q->lastError());
    return {};
}

Expected<std::vector<ImportRecord>> latestImports(const QSqlDatabase &db)
{
    std::vector<ImportRecord> latest;
    QHash<QString, std::size_t> at;
    Status s = visitImports(db, [&](const ImportRecord &r) {
        const auto found = at.constFind(r.origin);
        if (found == at.cend()) {
            at.insert(r.origin, latest.size());
            latest.push_back(r);
        } else {
            latest[*found] = r; // visited oldest first
        }
        return true;
    });
    if (!s)
        return s.error();
    return latest;
}

} // namespace mltco::fetch
