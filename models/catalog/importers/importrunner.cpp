#include "models/catalog/importers/importrunner.h"

#include <QtGlobal>
#if defined(Q_OS_LINUX) && defined(__GLIBC__)
#include <malloc.h> // malloc_trim
#define MLTCO_TRIM_MALLOC 1
#endif

#include "models/catalog/importers/azureretailimporter.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/filehash.h"
#include "models/catalog/importers/importwriter.h"
#include "models/catalog/importers/pricebulkinsert.h"
#include "models/catalog/importers/pricefile.h"
#include "models/catalog/importers/sparecoresimporter.h"
#include "models/store/location.h"
#include "models/store/workerconnection.h"
#include "models/store/sqlutil.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QUuid>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <sqlite3.h>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace mltco::catalog {
namespace {

/// Chunks of price rows from the parser thread to the writer. Holding a few at most keeps memory flat: a parser
/// ahead of the writer waits. abort() releases a waiting parser and makes it stop (its reads fail).
class ChunkQueue final
{
public:
    bool push(PriceChunk &&chunk)
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_aborted || m_chunks.size() < kMaxChunks; });
        if (m_aborted)
            return false;
        m_chunks.push_back(std::move(chunk));
        m_changed.notify_all();
        return true;
    }
    /// The next chunk, or nullopt once the parser is done and every chunk taken.
    std::optional<PriceChunk> pop()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_closed || m_aborted || !m_chunks.empty(); });
        if (m_chunks.empty() || m_aborted)
            return std::nullopt;
        PriceChunk chunk = std::move(m_chunks.front());
        m_chunks.pop_front();
        m_changed.notify_all();
        return chunk;
    }
    void close()
    {
        const std::lock_guard lock(m_mutex);
        m_closed = true;
        m_changed.notify_all();
    }
    void abort()
    {
        const std::lock_guard lock(m_mutex);
        m_aborted = true;
        m_chunks.clear();
        m_changed.notify_all();
    }
    bool isAborted() const
    {
        const std::lock_guard lock(m_mutex);
        return m_aborted;
    }
    /// A written chunk handed back, its room kept: the parser fills it again rather than asking the system for fresh
    /// pages (touching them cost the parser a tenth of its time, and their return after each chunk more).
    void giveBack(PriceChunk &&chunk)
    {
        const std::lock_guard lock(m_mutex);
        m_spare.push_back(std::move(chunk));
        m_changed.notify_all();
    }
    /// An emptied chunk to fill; nullopt while fewer than kPooled chunks were made (make one), or once the writer
    /// stopped. Otherwise it waits for the writer to hand one back: the same few chunks go round, and their pages stay
    /// the process's.
    std::optional<PriceChunk> takeSpare()
    {
        std::optional<PriceChunk> chunk;
        {
            std::unique_lock lock(m_mutex);
            if (m_spare.empty() && m_made < kPooled) {
                ++m_made;
                return std::nullopt;
            }
            m_changed.wait(lock, [this] { return m_aborted || !m_spare.empty(); });
            if (m_spare.empty())
                return std::nullopt;
            chunk.emplace(std::move(m_spare.back()));
            m_spare.pop_back();
        }
        // Emptied here, on the parser's thread: the writer's, which puts each chunk in order, is the busier one.
        chunk->providers.clear();
        chunk->instances.clear();
        chunk->prices.clear(); // keeps its capacity
        chunk->instanceOrdinals.clear();
        return chunk;
    }

private:
    static constexpr std::size_t kMaxChunks = 2;
    /// Chunks in all: the parser's, the queue's and the writer's (one more is never waited for).
    static constexpr std::size_t kPooled = kMaxChunks + 2;
    std::size_t m_made = 1; // the parser's first
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<PriceChunk> m_chunks;
    std::vector<PriceChunk> m_spare;
    bool m_closed = false;
    bool m_aborted = false;
};

/// Gathers the parser's rows into chunks, each with the providers and instance types first named since the last,
/// and names each price's instance type by its place among the file's (the writer puts the rows in order by it).
class ChunkingSink final : public PriceSink
{
public:
    ChunkingSink(ChunkQueue &queue, qsizetype chunkRows) : m_queue(queue), m_chunkRows(std::max<qsizetype>(1, chunkRows))
    {
        m_chunk.prices.reserve(m_chunkRows);
    }
    void add(PricePoint &&price, const ImportData &soFar) override
    {
        for (; m_providers < soFar.providers.size(); ++m_providers)
            m_chunk.providers.append(soFar.providers[m_providers]);
        for (; m_instances < soFar.instances.size(); ++m_instances) {
            const InstanceType &instance = soFar.instances[m_instances];
            m_ordinalByKey.insert(importInstanceKey(instance.provider, instance.name), m_instances);
            m_chunk.instances.append(instance);
        }
        m_chunk.instanceOrdinals.push_back(ordinalOf(price));
        m_chunk.prices.append(std::move(price));
        if (m_chunk.prices.size() >= m_chunkRows)
            flush();
    }
    void flush()
    {
        if (m_chunk.prices.isEmpty() && m_chunk.instances.isEmpty() && m_chunk.providers.isEmpty())
            return;
        m_ordinalByAddress.clear(); // the addresses were the chunk's strings, on their way to the writer
        (void)m_queue.push(std::move(m_chunk)); // false once the writer has stopped: the parser's reads fail next
        if (std::optional<PriceChunk> spare = m_queue.takeSpare()) {
            m_chunk = std::move(*spare);
        } else {
            m_chunk = PriceChunk(); // the first few, or a writer that stopped
            m_chunk.prices.reserve(m_chunkRows);
        }
    }

private:
    /// The price's instance type's place among the file's, looked up by the names' addresses (a parser shares one
    /// string per name) and else by their text; -1 for one the file does not list.
    qsizetype ordinalOf(const PricePoint &price)
    {
        const Address address{price.provider.constData(), price.provider.size(), price.instance.constData(),
                              price.instance.size()};
        if (const auto known = m_ordinalByAddress.find(address); known != m_ordinalByAddress.end())
            return known->second;
        const qsizetype ordinal = m_ordinalByKey.value(importInstanceKey(price.provider, price.instance), -1);
        m_ordinalByAddress.emplace(address, ordinal);
        return ordinal;
    }
    using Address = std::tuple<const QChar *, qsizetype, const QChar *, qsizetype>;
    struct AddressHash final
    {
        std::size_t operator()(const Address &a) const noexcept
        {
            return std::hash<const void *>{}(std::get<0>(a)) * 31u ^ std::hash<const void *>{}(std::get<2>(a)) ^
                   static_cast<std::size_t>(std::get<1>(a) + 7 * std::get<3>(a));
        }
    };

    ChunkQueue &m_queue;
    qsizetype m_chunkRows; ///< ImportRequest::chunkRows
    PriceChunk m_chunk;
    qsizetype m_providers = 0;
    qsizetype m_instances = 0;
    QHash<QString, qsizetype> m_ordinalByKey; ///< importInstanceKey() to that order
    std::unordered_map<Address, qsizetype, AddressHash> m_ordinalByAddress; ///< within the chunk being gathered
};

/// The SHA-256 that names an import's input: the file's own, or for several files one over their names and hashes,
/// so that the same pages import once.
Expected<QString> inputSha256(const QStringList &files)
{
    if (files.size() == 1)
        return fileSha256(files.first());
    QCryptographicHash combined(QCryptographicHash::Sha256);
    for (const QString &path : files) {
        Expected<QString> one = fileSha256(path);
        if (!one)
            return one.error();
        combined.addData(QByteArray(QFileInfo(path).fileName().toUtf8() + '\0' + one->toLatin1() + '\n'));
    }
    return QString::fromLatin1(combined.result().toHex());
}

/// Parses an import's input files on the parser thread: a stream format through parsePriceFile(), Azure's pages one
/// after another into one import, a Spare Cores database through SQLite. A cancel, or a writer that has stopped,
/// stops the reading.
Expected<ImportData> parseInputs(const QStringList &files, PriceFileFormat format, const ImportOptions &options,
                                 ChunkingSink &sink, ImportProgress &progress, const ChunkQueue &queue,
                                 qint64 totalBytes, const std::function<std::unique_ptr<QIODevice>()> &openInput)
{
    if (openInput && format != PriceFileFormat::SpareCores && format != PriceFileFormat::AzureRetail) {
        std::unique_ptr<QIODevice> input = openInput();
        if (!input || !input->isOpen())
            return Error{QStringLiteral("Cannot read \"%1\"").arg(QDir::toNativeSeparators(files.first())), {}};
        ProgressReader watched(*input, progress, [&queue] { return queue.isAborted(); });
        watched.open(QIODevice::ReadOnly | QIODevice::Unbuffered);
        return parsePriceFile(watched, format, options, &sink);
    }
    if (format == PriceFileFormat::SpareCores) {
        return parseSpareCores(files.first(), options, &sink, [&](qint64 done, qint64 total) {
            progress.start(ImportProgress::Stage::Reading, totalBytes);
            progress.advance(total > 0 ? totalBytes * done / total : 0);
            return !progress.isCancelled() && !queue.isAborted();
        });
    }
    const auto open = [](QFile &file) -> std::optional<Error> {
        if (file.open(QIODevice::ReadOnly))
            return std::nullopt;
        return Error{
            QStringLiteral("Cannot read \"%1\": %2").arg(QDir::toNativeSeparators(file.fileName()), file.errorString()),
            {}};
    };
    if (format == PriceFileFormat::AzureRetail) {
        AzureRetailReader reader(options, &sink);
        for (const QString &path : files) {
            QFile file(path);
            if (std::optional<Error> e = open(file))
                return *e;
            ProgressReader watched(file, progress, [&queue] { return queue.isAborted(); });
            watched.open(QIODevice::ReadOnly | QIODevice::Unbuffered);
            reader.readPage(watched, files.size() == 1 ? options.fileName : QFileInfo(path).fileName());
            if (progress.isCancelled() || queue.isAborted())
                return Error{QStringLiteral("cancelled"), {}};
        }
        return reader.finish();
    }
    QFile file(files.first());
    if (std::optional<Error> e = open(file))
        return *e;
    ProgressReader watched(file, progress, [&queue] { return queue.isAborted(); });
    watched.open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    return parsePriceFile(watched, format, options, &sink);
}


} // namespace


Expected<ImportResult> importPriceFile(const QSqlDatabase &db, const ImportRequest &request, ImportProgress &progress)
{
    ImportResult result;
    ImportOptions options = request.options;
    if (options.fileName.isEmpty())
        options.fileName =
            QFileInfo(request.path).isDir() ? QDir(request.path).dirName() : QFileInfo(request.path).fileName();
    const bool datedFeed = formatDatesItsPrices(request.format);
    if (!options.observedAt.isValid() && !datedFeed)
        return Error{QStringLiteral("Say when the prices in %1 were observed.").arg(options.fileName), {}};
    if (request.format == PriceFileFormat::SkyPilot && options.provider.isEmpty())
        return Error{QStringLiteral("Say which cloud %1 lists (e.g. aws, gcp, lambda).").arg(options.fileName), {}};

    Expected<QStringList> inputs = priceInputFiles(request.path, request.format);
    if (!inputs)
        return inputs.error();
    const QStringList files = *inputs;
    qint64 totalBytes = 0;
    QDate newest;
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error{
                QStringLiteral("Cannot read \"%1\": %2").arg(QDir::toNativeSeparators(path), file.errorString()), {}};
        totalBytes += file.size();
        newest = std::max(newest, QFileInfo(path).lastModified().toUTC().date());
    }
    // The import's own date: the one given, else the feed's snapshot (Spare Cores' newest observation) or the day its
    // pages were saved. Each price keeps the feed's date for it.
    result.observedAt = options.observedAt;
    if (!result.observedAt.isValid())
        result.observedAt = request.format == PriceFileFormat::SpareCores
                                ? spareCoresSnapshotDate(files.first()).value_or(newest)
                                : newest;
    ImportWriter writer(db, request.nesting);
    if (Status s = writer.begin(priceFileFormatKey(request.format), options.fileName, result.observedAt,
                                options.origin);
        !s)
        return s.error();

    progress.start(ImportProgress::Stage::Reading, totalBytes);
    progress.setRowsWritten(0);
    ChunkQueue queue;
    std::atomic<bool> parseFailed = false;
    std::future<Expected<QString>> hash = std::async(std::launch::async, [&parseFailed, files, known = request.sha256] {
        return known ? known([&parseFailed] { return parseFailed.load(); }) : inputSha256(files);
    });
    std::optional<Expected<ImportData>> parsed;
    std::thread parser([&] {
        ChunkingSink sink(queue, request.chunkRows);
        parsed.emplace(parseInputs(files, request.format, options, sink, progress, queue, totalBytes, request.openInput));
        if (*parsed) {
            sink.flush();
            queue.close();
        } else {
            parseFailed = true;
            queue.abort(); // a refused file: the writer need not write what will be rolled back
        }
    });
    // The writer takes chunks until the parser is done; a failed write stops the parser (its reads fail). Once the
    // file's SHA-256 is known (long before the last chunk), a file imported before for this date stops the import.
    std::optional<Error> writeError;
    std::optional<Expected<QString>> sha;
    std::optional<qint64> importedBefore;
    bool askedBefore = false;
    const auto hashIfReady = [&] {
        if (!sha && hash.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
            sha.emplace(hash.get());
    };
    while (std::optional<PriceChunk> chunk = queue.pop()) {
        if (progress.isCancelled())
            break;
        hashIfReady();
        // Asked once, as soon as the file's SHA-256 is known (on a team store it ends the COPY under way).
        if (sha && *sha && !askedBefore) {
            askedBefore = true;
            if ((importedBefore = writer.importedBefore(**sha)))
                break;
        }
        if (Status s = writer.write(*chunk, [&](qint64, qint64) { return !progress.isCancelled(); }); !s) {
            writeError = s.error();
            break;
        }
        progress.setRowsWritten(writer.written());
        queue.giveBack(std::move(*chunk));
        chunk.reset();
#ifdef MLTCO_TRIM_MALLOC
        // glibc keeps memory freed in a thread's own arena mapped: before the chunks went round, the rows the parser
        // thread allocated and this one freed made the process grow with the file. Given back after every chunk
        // still (measured: no cost in time) for what a parser allocates beyond the chunks. Elsewhere the system's
        // allocator hands freed pages back by itself (macOS's and Windows' heaps, musl).
        malloc_trim(0);
#endif
    }
    // Whether a failed write came before the parser refused the file (the failure then made the parser's reads fail).
    const bool writerFailedFirst = writeError && !queue.isAborted();
    queue.abort();
    parser.join();
    if (!sha)
        sha.emplace(hash.get());
    if (progress.isCancelled()) {
        result.cancelled = true;
        return result;
    }
    if (importedBefore) {
        result.summary.alreadyImported = true;
        result.summary.batchId = *importedBefore;
        return result; // the writer rolls back what it wrote
    }
    // A refused file names its rows; a write that failed first (and so stopped the parser) gives its own reason.
    if (writeError && (*parsed || writerFailedFirst))
        return *writeError;
    if (!*parsed)
        return parsed->error();
    if (!*sha)
        return sha->error();
    const ImportData &whole = **parsed;
    result.rowsRead = whole.rowsRead;
    result.rowsSkipped = whole.rowsSkipped;
    result.notes = whole.notes;
    progress.start(ImportProgress::Stage::Finishing, 0);
    Expected<ImportSummary> summary = writer.finish(whole, **sha, [&progress] { return progress.isCancelled(); });
    if (!summary) {
        if (summary.error().message != importCancelledMessage())
            return summary.error();
        result.cancelled = true;
        return result;
    }
    result.summary = *summary;
    return result;
}

Expected<ImportResult> runImport(const ImportRequest &request, ImportProgress &progress)
{
    store::WorkerConnection connection(request.documentPath);
    if (!connection.errorString().isEmpty())
        return Error{QStringLiteral("The document cannot be opened for the import: %1").arg(connection.errorString()),
                     {}};
    return importPriceFile(connection.database(), request, progress);
}


QStringList skyPilotClouds()
{
    return {QStringLiteral("aws"),        QStringLiteral("gcp"),        QStringLiteral("azure"),
            QStringLiteral("lambda"),     QStringLiteral("oci"),        QStringLiteral("ibm"),
            QStringLiteral("runpod"),     QStringLiteral("fluidstack"), QStringLiteral("cudo"),
            QStringLiteral("paperspace"), QStringLiteral("do"),         QStringLiteral("vast"),
            QStringLiteral("nebius"),     QStringLiteral("hyperbolic"), QStringLiteral("scp")};
}

QString guessSkyPilotCloud(const QString &path)
{
    const QStringList clouds = skyPilotClouds();
    const QFileInfo info(path);
    const QString folder = info.absoluteDir().dirName().toLower();
    if (clouds.contains(folder))
        return folder;
    static const QRegularExpression separators(QStringLiteral("[^a-z0-9]+"));
    QString found;
    for (const QString &word : info.completeBaseName().toLower().split(separators, Qt::SkipEmptyParts)) {
        if (!clouds.contains(word))
            continue;
        if (!found.isEmpty() && found != word)
            return {};
        found = word;
    }
    return found;
}

} // namespace mltco::catalog
