#include "models/catalog/importers/importwriter.h"
#include "models/catalog/sourcelicence.h"

#include "models/catalog/gputable.h"
#include "models/common/numbertext.h"
#include "models/store/location.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <optional>

namespace mltco::catalog {
namespace {

using store::exec;

const QString kFindBatch = QStringLiteral("SELECT id FROM import_batch WHERE sha256 = ? AND observed_at = ?");
const QString kInsertSource = QStringLiteral(
    "INSERT INTO source (key, kind, title, reference, published_on) VALUES (?, 'import', ?, ?, ?) RETURNING id");
const QString kFindSource = QStringLiteral("SELECT id FROM source WHERE key = ?");
const QString kNameSource = QStringLiteral("UPDATE source SET key = ?, sha256 = ? WHERE id = ?");
const QString kSourceLicence = QStringLiteral("UPDATE source SET note = ? WHERE id = ?");
const QString kInsertBatch = QStringLiteral(
    "INSERT INTO import_batch (source_id, format, file_name, sha256, observed_at, imported_at, rows_added, origin, "
    "etag, last_modified, retrieved_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id");
const QString kNameBatch = QStringLiteral("UPDATE import_batch SET sha256 = ?, rows_added = ? WHERE id = ?");
const QString kInsertProvider =
    QStringLiteral("INSERT INTO provider (name, display_name, kind) VALUES (?, ?, ?) RETURNING id");
const QString kUpdateProvider = QStringLiteral("UPDATE provider SET display_name = ?, kind = ? WHERE id = ?");
const QString kInsertGpu = QStringLiteral("INSERT INTO gpu (name, source_id) VALUES (?, ?) RETURNING id");
const QString kDescribeGpu = QStringLiteral("UPDATE gpu SET vendor = ?, memory_gb = ? WHERE id = ?");
const QString kInsertInstance =
    QStringLiteral("INSERT INTO instance_type (provider_id, name, gpu_id, gpu_count, vcpus, memory_gb, source_id) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id");
const QString kUpdateInstance = QStringLiteral(
    "UPDATE instance_type SET gpu_id = ?, gpu_count = ?, vcpus = ?, memory_gb = ? WHERE id = ?");
// A source of that name without its batch (batches are never deleted, so this does not happen in a document mltco
// wrote): the import's rows move to it and the provisional one goes.
const char *const kRepointSource[] = {
    "UPDATE price_point SET source_id = :to WHERE batch_id = :batch",
    "UPDATE import_batch SET source_id = :to WHERE id = :batch",
    "UPDATE instance_type SET source_id = :to WHERE source_id = :from",
    "UPDATE gpu SET source_id = :to WHERE source_id = :from",
    "DELETE FROM source WHERE id = :from",
};

bool sameDescription(const InstanceType &a, const InstanceType &b)
{
    return a.gpu == b.gpu && a.gpuCount == b.gpuCount && a.vcpus == b.vcpus && a.memoryGb == b.memoryGb;
}

} // namespace

QString describeAdded(const ImportSummary &summary)
{
    return QStringLiteral("%1, %2, %3, %4")
        .arg(countOf(summary.pricesAdded, u"price point", u"price points"),
             countOf(summary.instancesAdded, u"new instance type", u"new instance types"),
             countOf(summary.providersAdded, u"new provider", u"new providers"),
             countOf(summary.gpusAdded, u"new GPU model", u"new GPU models"));
}

struct ImportWriter::Impl
{
    ~Impl() { end(); }
    /// Rolls back what is not committed, then turns foreign keys back on (ignored inside a transaction).
    void end()
    {
        prices.abandonCopy(); // a team store's COPY left open ends (refused) before the rollback can be sent
        tx.reset();
        part.reset();
        if (restoreForeignKeys)
            (void)store::execPlain(db, QStringLiteral("PRAGMA foreign_keys = ON"));
        restoreForeignKeys = false;
    }

    QSqlDatabase db;
    bool restoreForeignKeys = false;
    std::optional<store::Transaction> tx;
    std::optional<store::Savepoint> part; ///< Nesting::InsideCallersTransaction
    ImportWriter::Nesting nesting = ImportWriter::Nesting::OwnTransaction;
    bool active() const { return (tx && tx->isActive()) || (part && part->isActive()); }
    QString format, fileName;
    QDate observedAt;
    qint64 sourceId = 0;
    QHash<QString, qint64> providerIds;
    QHash<QString, qint64> gpuIds;
    QHash<QString, qint64> instanceIds;
    std::vector<qint64> idByOrdinal; ///< the row id of each instance type the chunks listed, in their order
    std::vector<qint64> chunkIds;    ///< a chunk's prices' instance type ids
    std::vector<qsizetype> chunkOrder; ///< the order a chunk's prices are written in
    PriceWriteOrder writeOrder;
    QHash<QString, Provider> createdProviders;     ///< as inserted, by name
    QHash<QString, InstanceType> createdInstances; ///< as inserted, by importInstanceKey
    QHash<QString, qint64> createdGpus;            ///< the GPUs this import added, by name
    ImportSummary summary;
    PriceInserter prices;

    /// ImportWriter::write(); a chunk that fails part-way may leave some of its rows written.
    Status write(const PriceChunk &chunk, const ImportProgressFn &progress);
    bool writeFailed = false; ///< a write failed or was cancelled: the import may not be finished
    Error fail(const Error &e) const
    {
        return Error{QStringLiteral("The import was not saved: %1").arg(e.message), e.details};
    }
    Status addProvider(const Provider &p);
    Expected<QVariant> gpuId(const QString &name);
    Status addInstance(const InstanceType &i);
    Status describeCreated(const ImportData &whole);
    Status nameSource(const QString &sha256);
    Status checkReferences();
    Expected<ImportSummary> finish(const ImportData &whole, const QString &sha256, const std::function<bool()> &cancelled);
};

ImportWriter::ImportWriter(const QSqlDatabase &db, Nesting nesting) : d(std::make_unique<Impl>())
{
    d->db = db;
    d->nesting = nesting;
}
ImportWriter::~ImportWriter() = default; // an unfinished transaction rolls back with its guard

qint64 ImportWriter::written() const { return d->prices.written(); }

Status ImportWriter::begin(const QString &format, const QString &fileName, const QDate &observedAt,
                           const ImportOrigin &origin)
{
    d->format = format;
    d->fileName = fileName;
    d->observedAt = observedAt;
    // SQLite checks a foreign key by looking its parent up for every row: three lookups per price, a fifth of the
    // write. Every parent a price can name is one this writer read or wrote inside its own transaction, so the rows
    // are written unchecked and checkReferences() proves each parent once, before the commit.
    // (PostgreSQL checks every key itself, and cheaply: nothing to turn off there.)
    const bool sqlite = store::backendOf(d->db) == store::Backend::Sqlite;
    Expected<qint64> foreignKeys =
        sqlite ? store::queryInt(d->db, QStringLiteral("PRAGMA foreign_keys")) : Expected<qint64>(0);
    if (foreignKeys && *foreignKeys == 1) {
        if (Status s = store::execPlain(d->db, QStringLiteral("PRAGMA foreign_keys = OFF")); !s)
            return Error{QStringLiteral("The import could not start: %1").arg(s.error().message), {}};
        d->restoreForeignKeys = true;
    }
    if (d->nesting == Nesting::OwnTransaction) {
        d->tx.emplace(d->db);
        if (!d->tx->isActive())
            return Error{QStringLiteral("The import could not start: %1").arg(d->tx->errorString()), {}};
    } else {
        d->part.emplace(d->db);
        if (!d->part->isActive())
            return Error{QStringLiteral("The import could not start: %1").arg(d->part->errorString()), {}};
    }
    const QString date = observedAt.toString(Qt::ISODate);
    const QString provisional = QStringLiteral("import:pending:") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    // The source first: new GPUs and instance types cite the file that introduced them.
    Expected<QSqlQuery> src = exec(d->db, kInsertSource,
                                   {provisional, QStringLiteral("%1 (%2 import, observed %3)").arg(fileName, format, date),
                                    fileName, date});
    if (!src)
        return d->fail(src.error());
    d->sourceId = store::insertedId(*src);
    Expected<QSqlQuery> batch = exec(d->db, kInsertBatch,
                                     {d->sourceId, format, fileName, provisional, date,
                                      QDateTime::currentDateTimeUtc().toString(Qt::ISODate), ImportOrigin::column(origin.address),
                                      ImportOrigin::column(origin.etag), ImportOrigin::column(origin.lastModified),
                                      origin.retrievedAt.isValid()
                                          ? QVariant(origin.retrievedAt.toUTC().toString(Qt::ISODate))
                                          : QVariant(QMetaType(QMetaType::QString))});
    if (!batch)
        return d->fail(batch.error());
    d->summary.batchId = store::insertedId(*batch);

    // The id maps must be whole: a read that fails part-way fails the import.
    const auto readMap = [this](const QString &sql, int keyColumns, QHash<QString, qint64> &map) -> Status {
        Expected<QSqlQuery> q = exec(d->db, sql);
        if (!q)
            return store::readFailure(d->db, q.error().message);
        while (q->next())
            map.insert(keyColumns == 1 ? q->value(0).toString()
                                       : importInstanceKey(q->value(0).toString(), q->value(1).toString()),
                       q->value(keyColumns).toLongLong());
        if (q->lastError().isValid())
            return store::readFailure(d->db, q->lastError());
        return {};
    };
    for (Status s : {readMap(QStringLiteral("SELECT name, id FROM provider"), 1, d->providerIds),
                     readMap(QStringLiteral("SELECT name, id FROM gpu"), 1, d->gpuIds),
                     readMap(QStringLiteral("SELECT p.name, i.name, i.id FROM instance_type i "
                                            "JOIN provider p ON p.id = i.provider_id"),
                             2, d->instanceIds)})
        if (!s)
            return d->fail(s.error());
    if (Status s = d->prices.prepare(d->db, d->sourceId, d->summary.batchId, observedAt); !s)
        return d->fail(s.error());
    return {};
}

Status ImportWriter::Impl::addProvider(const Provider &p)
{
    if (providerIds.contains(p.name))
        return {};
    Expected<QSqlQuery> q = exec(db, kInsertProvider, {p.name, p.displayName, providerKindKey(p.kind)});
    if (!q)
        return fail(q.error());
    providerIds.insert(p.name, store::insertedId(*q));
    createdProviders.insert(p.name, p);
    ++summary.providersAdded;
    return {};
}

Expected<QVariant> ImportWriter::Impl::gpuId(const QString &name)
{
    if (name.isEmpty())
        return QVariant(QMetaType(QMetaType::LongLong));
    // Price files spell GPUs many ways ("NVIDIA H100", "H100 80GB HBM3"): the GPU table's aliases put them on one
    // row, with its datasheet figures (model.md §10.8).
    const QString gpu = GpuTable::canonicalName(name);
    if (!gpuIds.contains(gpu)) {
        Expected<QSqlQuery> q = exec(db, kInsertGpu, {gpu, sourceId});
        if (!q)
            return fail(q.error());
        gpuIds.insert(gpu, store::insertedId(*q));
        createdGpus.insert(gpu, gpuIds.value(gpu));
        ++summary.gpusAdded;
    }
    return QVariant(gpuIds.value(gpu));
}

Status ImportWriter::Impl::addInstance(const InstanceType &i)
{
    const QString key = importInstanceKey(i.provider, i.name);
    if (instanceIds.contains(key))
        return {};
    if (!providerIds.contains(i.provider))
        return Error{QStringLiteral("The import names instance %1 of an unknown provider %2.").arg(i.name, i.provider), {}};
    Expected<QVariant> gpu = gpuId(i.gpu);
    if (!gpu)
        return gpu.error();
    Expected<QSqlQuery> q =
        exec(db, kInsertInstance, {providerIds.value(i.provider), i.name, *gpu, i.gpuCount, i.vcpus, i.memoryGb, sourceId});
    if (!q)
        return fail(q.error());
    instanceIds.insert(key, store::insertedId(*q));
    createdInstances.insert(key, i);
    ++summary.instancesAdded;
    return {};
}

Status ImportWriter::write(const PriceChunk &chunk, const ImportProgressFn &progress)
{
    if (!d->active())
        return Error{QStringLiteral("The import has not started."), {}};
    if (d->writeFailed)
        return Error{QStringLiteral("The import was not saved: an earlier part of it could not be written."), {}};
    Status written = d->write(chunk, progress);
    d->writeFailed = !written;
    return written;
}

Status ImportWriter::Impl::write(const PriceChunk &chunk, const ImportProgressFn &progress)
{
    // New providers and instance types are statements of their own: a team store's open COPY of prices ends first.
    if (!chunk.providers.isEmpty() || !chunk.instances.isEmpty())
        if (Status s = prices.endCopy(); !s)
            return Status(fail(s.error()));
    for (const Provider &p : chunk.providers)
        if (Status s = addProvider(p); !s)
            return s;
    for (const InstanceType &i : chunk.instances) {
        if (Status s = addInstance(i); !s)
            return s;
        idByOrdinal.push_back(instanceIds.value(importInstanceKey(i.provider, i.name)));
    }
    Status written;
    if (chunk.instanceOrdinals.empty()) {
        written = prices.write(chunk.prices, instanceIds, progress);
    } else {
        // Each price names its instance type by its place among the chunks' ones: no lookup by name here.
        if (chunk.instanceOrdinals.size() != static_cast<std::size_t>(chunk.prices.size()))
            return Status(fail(Error{QStringLiteral("The prices to write do not name their instance types."), {}}));
        std::vector<qint64> &ids = chunkIds; // its room kept from chunk to chunk
        ids.clear();
        for (std::size_t row = 0; row < chunk.instanceOrdinals.size(); ++row) {
            const qsizetype ordinal = chunk.instanceOrdinals[row];
            if (ordinal < 0 || static_cast<std::size_t>(ordinal) >= idByOrdinal.size()) {
                const PricePoint &p = chunk.prices[static_cast<qsizetype>(row)];
                return Status(fail(Error{
                    QStringLiteral("The import prices instance %1 of %2, which it does not list.").arg(p.instance, p.provider),
                    {}}));
            }
            ids.push_back(idByOrdinal[static_cast<std::size_t>(ordinal)]);
        }
        writeOrder(chunk.prices, ids, observedAt, chunkOrder);
        written = prices.write(chunk.prices, chunkOrder, ids, progress);
    }
    if (!written)
        return written.error().message == importCancelledMessage() ? written : Status(fail(written.error()));
    return {};
}

Status ImportWriter::Impl::describeCreated(const ImportData &whole)
{
    for (const Provider &p : whole.providers) {
        if (Status s = addProvider(p); !s)
            return s;
        const auto created = createdProviders.find(p.name);
        if (created == createdProviders.end() || (created->displayName == p.displayName && created->kind == p.kind))
            continue;
        if (Expected<QSqlQuery> q = exec(db, kUpdateProvider, {p.displayName, providerKindKey(p.kind), providerIds.value(p.name)}); !q)
            return fail(q.error());
        *created = p;
    }
    for (const InstanceType &i : whole.instances) {
        if (Status s = addInstance(i); !s)
            return s;
        const QString key = importInstanceKey(i.provider, i.name);
        const auto created = createdInstances.find(key);
        if (created == createdInstances.end() || sameDescription(*created, i))
            continue;
        Expected<QVariant> gpu = gpuId(i.gpu);
        if (!gpu)
            return gpu.error();
        if (Expected<QSqlQuery> q = exec(db, kUpdateInstance, {*gpu, i.gpuCount, i.vcpus, i.memoryGb, instanceIds.value(key)}); !q)
            return fail(q.error());
        *created = i;
    }
    // A GPU the import added is described as the file describes it; one the catalog had keeps its own description.
    for (const Gpu &g : whole.gpus) {
        const auto created = createdGpus.constFind(GpuTable::canonicalName(g.name));
        if (created == createdGpus.cend() || (g.vendor.isEmpty() && !(g.memoryGb > 0)))
            continue;
        if (Expected<QSqlQuery> q = exec(db, kDescribeGpu, {g.vendor, g.memoryGb > 0 ? QVariant(g.memoryGb) : QVariant(),
                                                            *created});
            !q)
            return fail(q.error());
    }
    return {};
}

Status ImportWriter::Impl::nameSource(const QString &sha256)
{
    const QString key = QStringLiteral("import:%1:%2").arg(sha256, observedAt.toString(Qt::ISODate));
    Expected<QSqlQuery> existing = exec(db, kFindSource, {key});
    if (!existing)
        return fail(existing.error());
    if (!existing->next()) {
        if (Expected<QSqlQuery> q = exec(db, kNameSource, {key, sha256, sourceId}); !q)
            return fail(q.error());
        return {};
    }
    const qint64 to = existing->value(0).toLongLong();
    existing->finish();
    for (const char *sql : kRepointSource) {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.prepare(QString::fromLatin1(sql)))
            return fail(Error{store::errorInWords(db, q.lastError()), {}});
        const QString text = q.lastQuery();
        if (text.contains(QLatin1String(":to")))
            q.bindValue(QStringLiteral(":to"), to);
        if (text.contains(QLatin1String(":from")))
            q.bindValue(QStringLiteral(":from"), sourceId);
        if (text.contains(QLatin1String(":batch")))
            q.bindValue(QStringLiteral(":batch"), summary.batchId);
        if (!q.exec())
            return fail(Error{store::errorInWords(db, q.lastError()), {}});
    }
    sourceId = to;
    return {};
}

Status ImportWriter::Impl::checkReferences()
{
    // The parents of the written prices: their instance types, source and batch.
    QStringList ids;
    const QList<qint64> used = prices.instanceIdsWritten();
    for (qint64 id : used)
        ids << QString::number(id);
    Expected<qint64> found = store::queryInt(
        db, QStringLiteral("SELECT (SELECT COUNT(*) FROM instance_type WHERE id IN (%1)) + (SELECT COUNT(*) FROM source "
                           "WHERE id = %2) + (SELECT COUNT(*) FROM import_batch WHERE id = %3 AND source_id = %2)")
                .arg(ids.isEmpty() ? QStringLiteral("NULL") : ids.join(QLatin1Char(',')))
                .arg(sourceId)
                .arg(summary.batchId));
    if (!found)
        return fail(found.error());
    if (*found != used.size() + 2)
        return fail(Error{QStringLiteral("a price names an instance type, source or batch the document does not hold"), {}});
    // The rows this import added to the small tables, checked as SQLite would have (PostgreSQL checked them).
    if (store::backendOf(db) != store::Backend::Sqlite)
        return {};
    for (const char *table : {"provider", "gpu", "instance_type", "import_batch"}) {
        Expected<QSqlQuery> q = exec(db, QStringLiteral("PRAGMA foreign_key_check(%1)").arg(QLatin1String(table)));
        if (!q)
            return fail(q.error());
        if (q->next())
            return fail(Error{QStringLiteral("a row of %1 refers to a row the document does not hold").arg(QLatin1String(table)), {}});
    }
    return {};
}

Status ImportWriter::flush()
{
    if (Status s = d->prices.endCopy(); !s)
        return Status(d->fail(s.error()));
    return {};
}

std::optional<qint64> ImportWriter::importedBefore(const QString &sha256) const
{
    // A statement of its own: a team store's open COPY of prices ends first (the next write starts another). Its
    // failure comes back from the next write or finish.
    (void)d->prices.endCopy();
    Expected<QSqlQuery> q = exec(d->db, kFindBatch, {sha256, d->observedAt.toString(Qt::ISODate)});
    if (q && q->next())
        return q->value(0).toLongLong();
    return std::nullopt;
}

Expected<ImportSummary> ImportWriter::finish(const ImportData &whole, const QString &sha256,
                                             const std::function<bool()> &cancelled)
{
    if (!d->active())
        return Error{QStringLiteral("The import has not started."), {}};
    if (d->writeFailed) { // some of its rows may be missing: never committed
        d->end();
        return Error{QStringLiteral("The import was not saved: a part of it could not be written."), {}};
    }
    Expected<ImportSummary> summary = d->finish(whole, sha256, cancelled);
    d->end(); // committed, or rolled back however it failed
    return summary;
}

Expected<ImportSummary> ImportWriter::Impl::finish(const ImportData &whole, const QString &sha256,
                                                   const std::function<bool()> &cancelled)
{
    const auto stop = [&cancelled] { return cancelled && cancelled(); };
    const QString date = observedAt.toString(Qt::ISODate);
    if (Status s = prices.endCopy(); !s) // the prices' COPY (a team store) ends before any other statement
        return fail(s.error());
    {
        Expected<QSqlQuery> q = exec(db, kFindBatch, {sha256, date});
        if (!q)
            return fail(q.error());
        if (q->next()) {
            ImportSummary before;
            before.alreadyImported = true;
            before.batchId = q->value(0).toLongLong();
            q->finish();
            return before; // rolled back by the caller
        }
    }
    if (Status s = describeCreated(whole); !s)
        return s.error();
    if (Status s = nameSource(sha256); !s)
        return s.error();
    if (!whole.licence.isEmpty())
        if (Expected<QSqlQuery> q =
                exec(db, kSourceLicence, {licenceNote(whole.licence), sourceId});
            !q)
            return fail(q.error());
    summary.pricesAdded = static_cast<int>(prices.written());
    summary.pricesByProvider = prices.writtenByProvider();
    if (Expected<QSqlQuery> q = exec(db, kNameBatch, {sha256, summary.pricesAdded, summary.batchId}); !q)
        return fail(q.error());
    if (stop())
        return Error{importCancelledMessage(), {}};
    if (Status s = prices.finish(); !s)
        return fail(s.error());
    if (Status s = checkReferences(); !s)
        return s.error();
    if (stop())
        return Error{importCancelledMessage(), {}};
    if (tx ? !tx->commit() : !part->release())
        return Error{QStringLiteral("The import was not saved: %1").arg(tx ? tx->errorString() : part->errorString()),
                     {}};
    return summary;
}

Expected<ImportSummary> applyImport(const QSqlDatabase &db, const ImportData &data, const ImportSource &source,
                                    const ImportProgressFn &progress)
{
    ImportWriter writer(db);
    if (Status s = writer.begin(data.format, source.fileName, source.observedAt); !s)
        return s.error();
    if (const std::optional<qint64> before = writer.importedBefore(source.sha256)) {
        ImportSummary summary; // nothing written: the writer rolls back its batch
        summary.alreadyImported = true;
        summary.batchId = *before;
        return summary;
    }
    // The whole file as one chunk: every row goes in the price index's order.
    if (Status s = writer.write(PriceChunk{data.providers, data.instances, data.prices, {}}, progress); !s)
        return s.error();
    return writer.finish(data, source.sha256);
}

} // namespace mltco::catalog
