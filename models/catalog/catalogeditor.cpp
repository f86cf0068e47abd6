#include "models/catalog/catalogeditor.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/pricerecords.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

namespace mltco::catalog {
namespace {

using store::exec;

const QString kSelectEditableInstances = QStringLiteral(
    "SELECT i.id, p.name, i.name, COALESCE(g.name, ''), i.gpu_count, i.vcpus, i.memory_gb, COALESCE(s.key, ''), "
    "i.list_price FROM instance_type i JOIN provider p ON p.id = i.provider_id LEFT JOIN gpu g ON g.id = i.gpu_id "
    "LEFT JOIN source s ON s.id = i.source_id ORDER BY p.name, i.name");
const QString kSelectPrices = QStringLiteral("WHERE (? = 0 OR pp.batch_id = ?) ORDER BY pp.id");
// The newest date per instance type and region comes from the lookup index; each row is then one probe.
const QString kSelectLatestPrices =
    QStringLiteral("JOIN (SELECT instance_type_id AS it, region AS rg, MAX(observed_at) AS d FROM price_point "
                   "WHERE pricing_model = ? GROUP BY instance_type_id, region) latest "
                   "ON pp.instance_type_id = latest.it AND pp.region = latest.rg AND pp.observed_at = latest.d "
                   "WHERE pp.pricing_model = ? ORDER BY pp.id");
const QString kSelectHistory =
    QStringLiteral("WHERE pp.instance_type_id = ? AND pp.pricing_model = ? ORDER BY pp.observed_at, pp.id");
const QString kPriceCounts =
    QStringLiteral("SELECT instance_type_id, COUNT(*) FROM price_point GROUP BY instance_type_id");
const QString kUpsertUserSource =
    QStringLiteral("INSERT INTO source (key, kind, title, reference) VALUES (?, 'user', 'Entered by hand', '') "
                   "ON CONFLICT(key) DO UPDATE SET title = excluded.title RETURNING id");
const QString kSourceId = QStringLiteral("SELECT id FROM source WHERE key = ?");
const QString kProviderId = QStringLiteral("SELECT id FROM provider WHERE name = ?");
const QString kGpuId = QStringLiteral("SELECT id FROM gpu WHERE name = ?");
const QString kGpuNameTaken = QStringLiteral("SELECT 1 FROM gpu WHERE name = ? AND id <> ?");
const QString kInstanceNameTaken = QStringLiteral("SELECT 1 FROM instance_type i JOIN provider p ON p.id = "
                                                  "i.provider_id WHERE p.name = ? AND i.name = ? AND i.id <> ?");
const QString kInsertGpu = QStringLiteral(
    "INSERT INTO gpu (name, vendor, architecture, year, memory_gb, tdp_w, speedup, speedup_source_id, source_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
const QString kUpdateGpu = QStringLiteral(
    "UPDATE gpu SET name = ?, vendor = ?, architecture = ?, year = ?, memory_gb = ?, tdp_w = ?, speedup = ?, "
    "speedup_source_id = ?, source_id = ? WHERE id = ?");
const QString kGpuSpeedup = QStringLiteral("SELECT speedup, speedup_source_id FROM gpu WHERE id = ?");
const QString kInsertThroughput =
    QStringLiteral("INSERT INTO throughput (gpu_id, metric, tflops, gpu_count, source_id) VALUES (?, ?, ?, ?, ?)");
const QString kGpuThroughput = QStringLiteral(
    "SELECT t.id, t.metric, t.tflops, t.gpu_count, s.key FROM throughput t JOIN source s ON s.id = t.source_id "
    "WHERE t.gpu_id = ?");
const QString kDeleteThroughputRow = QStringLiteral("DELETE FROM throughput WHERE id = ?");
const QString kInsertInstance = QStringLiteral(
    "INSERT INTO instance_type (provider_id, name, gpu_id, gpu_count, vcpus, memory_gb, list_price, source_id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
const QString kUpdateInstance = QStringLiteral(
    "UPDATE instance_type SET provider_id = ?, name = ?, gpu_id = ?, gpu_count = ?, vcpus = ?, memory_gb = ?, "
    "list_price = ?, source_id = ? WHERE id = ?");
const QString kInstancesUsingGpu = QStringLiteral(
    "SELECT p.name || ' ' || i.name FROM instance_type i JOIN provider p ON p.id = i.provider_id WHERE i.gpu_id = ? "
    "ORDER BY p.name, i.name");
const QString kInstancePriceCount = QStringLiteral("SELECT COUNT(*) FROM price_point WHERE instance_type_id = ?");

const QString kNothingSaved = QStringLiteral("Nothing was saved: %1");
const QVariant kNullDouble{QMetaType(QMetaType::Double)};
const QVariant kNullId{QMetaType(QMetaType::LongLong)};
const QVariant kNullInt{QMetaType(QMetaType::Int)};
const char *const kTableNames[] = {"gpu", "instance_type", "price_point"}; // by CatalogTable

// Small value helpers (lambdas keep them one line each).
const auto optionalOrNull = [](const std::optional<double> &v) { return v ? QVariant(*v) : kNullDouble; };
const auto positiveOrNull = [](double v) { return v > 0 ? QVariant(v) : kNullDouble; };
const auto nonNull = [](const QString &s) { return s.isNull() ? QStringLiteral("") : s; };
const auto tableName = [](CatalogTable table) { return QString::fromLatin1(kTableNames[static_cast<int>(table)]); };

Expected<StoredRow> readRow(const QSqlDatabase &db, const QString &table, qint64 id)
{
    Expected<QSqlQuery> q = exec(db, QStringLiteral("SELECT * FROM %1 WHERE id = ?").arg(table), {id});
    if (!q)
        return q.error();
    if (!q->next())
        return Error{QStringLiteral("The %1 row %2 no longer exists.").arg(table).arg(id), {}};
    StoredRow row{table, {}, {}};
    const QSqlRecord rec = q->record();
    for (int i = 0; i < rec.count(); ++i) {
        row.columns << rec.fieldName(i);
        row.values << rec.value(i);
    }
    return row;
}

Expected<QSqlQuery> execList(const QSqlDatabase &db, const QString &sql, const QVariantList &values)
{
    QSqlQuery q(db);
    if (!q.prepare(sql))
        return Error{store::errorInWords(db, q.lastError()), {}};
    for (qsizetype i = 0; i < values.size(); ++i)
        q.bindValue(static_cast<int>(i), values.at(i));
    if (!q.exec())
        return Error{store::errorInWords(db, q.lastError()), {}};
    return q;
}

// Column names come from the schema (SELECT *), table names from tableName(): nothing user-typed.
// Without `keepId` the row gets a fresh id, written back into it.
Status insertRow(const QSqlDatabase &db, StoredRow &row, bool keepId)
{
    QStringList columns = row.columns;
    QVariantList values = row.values;
    const qsizetype idAt = columns.indexOf(QLatin1String("id"));
    if (!keepId) {
        columns.removeAt(idAt);
        values.removeAt(idAt);
    }
    const QString marks = QStringList(columns.size(), QStringLiteral("?")).join(QLatin1Char(','));
    Expected<QSqlQuery> q = execList(db,
                                     QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)%4")
                                         .arg(row.table, columns.join(QLatin1Char(',')), marks,
                                              keepId ? QString() : QStringLiteral(" RETURNING id")),
                                     values);
    if (!q)
        return q.error();
    if (!keepId)
        row.values[idAt] = store::insertedId(*q);
    return {};
}

Status upsertRow(const QSqlDatabase &db, const StoredRow &row)
{
    QStringList sets;
    for (const QString &c : row.columns)
        if (c != QLatin1String("id"))
            sets << QStringLiteral("%1 = excluded.%1").arg(c);
    const QString marks = QStringList(row.columns.size(), QStringLiteral("?")).join(QLatin1Char(','));
    const QString sql = QStringLiteral("INSERT INTO %1 (%2) VALUES (%3) ON CONFLICT(id) DO UPDATE SET %4")
                            .arg(row.table, row.columns.join(QLatin1Char(',')), marks, sets.join(QStringLiteral(", ")));
    Expected<QSqlQuery> q = execList(db, sql, row.values);
    return q ? Status() : Status(q.error());
}

bool idTaken(const QSqlDatabase &db, const QString &table, const QVariant &id)
{
    Expected<QSqlQuery> q = exec(db, QStringLiteral("SELECT 1 FROM %1 WHERE id = ?").arg(table), {id});
    return !q || q->next();
}

bool exists(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values)
{
    Expected<QSqlQuery> q = exec(db, sql, values);
    return q && q->next();
}

Expected<qint64> lookupId(const QSqlDatabase &db, const QString &sql, const QVariant &key, const QString &what)
{
    Expected<QSqlQuery> q = exec(db, sql, {key});
    if (!q)
        return q.error();
    if (!q->next())
        return Error{what, {}};
    return q->value(0).toLongLong();
}

Expected<qint64> userSourceId(const QSqlDatabase &db)
{
    Expected<QSqlQuery> q = exec(db, kUpsertUserSource, {QString::fromLatin1(kUserSourceKey)});
    if (!q)
        return q.error();
    if (!q->next())
        return Error{store::errorInWords(db, q->lastError()), {}};
    const qint64 id = q->value(0).toLongLong();
    q->finish();
    return id;
}

/// Source id for a source key; empty (or "user") is the user's own source.
Expected<qint64> sourceId(const QSqlDatabase &db, const QString &key)
{
    if (key.isEmpty() || key == QLatin1String(kUserSourceKey))
        return userSourceId(db);
    return lookupId(db, kSourceId, key, QStringLiteral("There is no source \"%1\" in the catalog.").arg(key));
}

Error notSaved(const QString &what, const Error &e)
{
    return Error{QStringLiteral("%1 was not saved: %2").arg(what, e.message), {}};
}

Status checkGpu(const QSqlDatabase &db, const Gpu &gpu, qint64 id)
{
    if (gpu.name.trimmed().isEmpty())
        return Error{QStringLiteral("A GPU needs a name."), {}};
    if (exists(db, kGpuNameTaken, {gpu.name, id}))
        return Error{QStringLiteral("A GPU named \"%1\" is already in the catalog.").arg(gpu.name), {}};
    if (gpu.speedup && *gpu.speedup <= 0)
        return Error{QStringLiteral("The speedup must be above 0."), {}};
    for (const ThroughputFigure &f : gpu.throughput) {
        if (f.metric.trimmed().isEmpty() || f.tflops <= 0 || f.gpuCount < 1)
            return Error{QStringLiteral("Every throughput figure needs a metric, TFLOPS above 0 and at least 1 GPU."),
                         {}};
    }
    return {};
}

Status writeThroughput(const QSqlDatabase &db, qint64 gpuId, const QList<ThroughputFigure> &figures)
{
    // Figures that did not change keep their rows (and ids); the rest are replaced.
    QList<ThroughputFigure> wanted = figures;
    Expected<QSqlQuery> q = exec(db, kGpuThroughput, {gpuId});
    if (!q)
        return q.error();
    QList<qint64> stale;
    while (q->next()) {
        const auto same = [&](const ThroughputFigure &f) {
            return f.metric == q->value(1).toString() && f.tflops == q->value(2).toDouble() &&
                   f.gpuCount == q->value(3).toInt() &&
                   (f.source.isEmpty() ? QString::fromLatin1(kUserSourceKey) : f.source) == q->value(4).toString();
        };
        if (const auto it = std::find_if(wanted.begin(), wanted.end(), same); it != wanted.end())
            wanted.erase(it);
        else
            stale << q->value(0).toLongLong();
    }
    for (qint64 id : stale)
        if (Expected<QSqlQuery> d = exec(db, kDeleteThroughputRow, {id}); !d)
            return d.error();
    for (const ThroughputFigure &f : wanted) {
        Expected<qint64> src = sourceId(db, f.source);
        if (!src)
            return src.error();
        if (Expected<QSqlQuery> i = exec(db, kInsertThroughput, {gpuId, f.metric, f.tflops, f.gpuCount, *src}); !i)
            return i.error();
    }
    return {};
}

struct InstanceIds final
{
    qint64 provider = 0;
    QVariant gpu;
    qint64 source = 0;
};

Expected<InstanceIds> checkInstance(const QSqlDatabase &db, const InstanceType &t, std::optional<double> listPrice,
                                    qint64 id)
{
    if (t.name.trimmed().isEmpty())
        return Error{QStringLiteral("An instance type needs a name."), {}};
    if (exists(db, kInstanceNameTaken, {t.provider, t.name, id}))
        return Error{QStringLiteral("%1 already has an instance type named \"%2\".").arg(t.provider, t.name), {}};
    if (t.gpuCount < 0 || t.vcpus < 0 || t.memoryGb < 0)
        return Error{QStringLiteral("GPU count, vCPUs and memory cannot be negative."), {}};
    if (!t.gpu.isEmpty() && t.gpuCount <= 0)
        return Error{QStringLiteral("An instance type with a GPU needs a GPU count above 0."), {}};
    if (listPrice && *listPrice <= 0)
        return Error{QStringLiteral("A list price must be above $0; leave it empty when there is none."), {}};
    InstanceIds ids;
    Expected<qint64> provider = lookupId(db, kProviderId, t.provider,
                                         QStringLiteral("There is no provider \"%1\" in the catalog.").arg(t.provider));
    if (!provider)
        return provider.error();
    ids.provider = *provider;
    ids.gpu = kNullId;
    if (!t.gpu.isEmpty()) {
        Expected<qint64> gpu =
            lookupId(db, kGpuId, t.gpu, QStringLiteral("There is no GPU \"%1\" in the catalog.").arg(t.gpu));
        if (!gpu)
            return gpu.error();
        ids.gpu = *gpu;
    }
    Expected<qint64> src = sourceId(db, t.source);
    if (!src)
        return src.error();
    ids.source = *src;
    return ids;
}

/// Runs `write` in one transaction: an error, or a commit that fails, leaves nothing behind.
/// `nothing` words the failure ("Nothing was deleted: %1").
template <typename Fn> auto inTransaction(const QSqlDatabase &db, const QString &nothing, Fn write) -> decltype(write())
{
    store::Transaction tx(db);
    if (!tx.isActive())
        return Error{nothing.arg(tx.errorString()), {}};
    auto result = write();
    if (result && !tx.commit())
        return Error{nothing.arg(tx.errorString()), {}};
    return result;
}

/// Inserts (id 0) or updates a GPU and its figures; the caller holds the transaction.
Expected<qint64> writeGpu(const QSqlDatabase &db, qint64 id, const Gpu &gpu)
{
    const QString what = QStringLiteral("The GPU \"%1\"").arg(gpu.name);
    if (Status s = checkGpu(db, gpu, id); !s)
        return s.error();
    // A speedup keeps its source while unchanged; a new value is the user's.
    QVariant speedupSource = kNullId;
    // A flag and a number rather than std::optional: GCC 12 at -O2 misreads the optional here
    // (-Wmaybe-uninitialized).
    bool hadSpeedup = false;
    double oldSpeedup = 0;
    if (id != 0) {
        Expected<QSqlQuery> old = exec(db, kGpuSpeedup, {id});
        if (!old || !old->next())
            return notSaved(what, Error{QStringLiteral("it is no longer in the catalog."), {}});
        speedupSource = old->value(1);
        hadSpeedup = !old->value(0).isNull();
        oldSpeedup = old->value(0).toDouble();
    }
    if (gpu.speedup.has_value() != hadSpeedup || (hadSpeedup && *gpu.speedup != oldSpeedup)) {
        Expected<qint64> user = userSourceId(db);
        if (!user)
            return notSaved(what, user.error());
        speedupSource = gpu.speedup ? QVariant(*user) : kNullId;
    }
    Expected<qint64> src = sourceId(db, gpu.source);
    if (!src)
        return notSaved(what, src.error());
    QVariantList values{gpu.name.trimmed(),
                        nonNull(gpu.vendor),
                        nonNull(gpu.architecture),
                        gpu.year > 0 ? QVariant(gpu.year) : kNullInt,
                        positiveOrNull(gpu.memoryGb),
                        positiveOrNull(gpu.tdpW),
                        optionalOrNull(gpu.speedup),
                        speedupSource,
                        *src};
    if (id != 0)
        values << id;
    Expected<QSqlQuery> q = execList(db, id != 0 ? kUpdateGpu : kInsertGpu, values);
    if (!q)
        return notSaved(what, q.error());
    const qint64 written = id != 0 ? id : store::insertedId(*q);
    if (Status s = writeThroughput(db, written, gpu.throughput); !s)
        return notSaved(what, s.error());
    return written;
}

/// Inserts (id 0) or updates an instance type; the caller holds the transaction.
Expected<qint64> writeInstance(const QSqlDatabase &db, qint64 id, const InstanceType &type,
                               std::optional<double> listPrice)
{
    const QString what = QStringLiteral("The instance type \"%1\"").arg(type.name);
    Expected<InstanceIds> ids = checkInstance(db, type, listPrice, id);
    if (!ids)
        return ids.error();
    QVariantList values{ids->provider, type.name.trimmed(),       ids->gpu,   type.gpuCount, type.vcpus,
                        type.memoryGb, optionalOrNull(listPrice), ids->source};
    if (id != 0)
        values << id;
    Expected<QSqlQuery> q = execList(db, id != 0 ? kUpdateInstance : kInsertInstance, values);
    if (!q)
        return notSaved(what, q.error());
    if (id != 0 && q->numRowsAffected() != 1)
        return notSaved(what, Error{QStringLiteral("it is no longer in the catalog."), {}});
    return id != 0 ? id : store::insertedId(*q);
}

/// Why a row cannot be deleted: a GPU that instance types use, an instance type with prices.
std::optional<Error> removalRefused(const QSqlDatabase &db, const CatalogImage &image)
{
    const QString name = image.row.value(QStringLiteral("name")).toString();
    if (image.table == CatalogTable::Gpu) {
        QStringList users;
        if (Expected<QSqlQuery> q = exec(db, kInstancesUsingGpu, {image.id}); q)
            while (q->next())
                users << q->value(0).toString();
        if (users.isEmpty())
            return std::nullopt;
        const QString list =
            users.mid(0, 3).join(QStringLiteral(", ")) + (users.size() > 3 ? QStringLiteral(", …") : QString());
        return Error{QStringLiteral("The GPU \"%1\" cannot be deleted: %2 (%3). Delete those instance types or give "
                                    "them another GPU first.")
                         .arg(name,
                              users.size() == 1 ? QStringLiteral("1 instance type uses it")
                                                : QStringLiteral("%1 instance types use it").arg(users.size()),
                              list),
                     {}};
    }
    if (image.table == CatalogTable::InstanceType) {
        Expected<QSqlQuery> q = exec(db, kInstancePriceCount, {image.id});
        const int n = q && q->next() ? q->value(0).toInt() : 0;
        if (n > 0)
            return Error{QStringLiteral("The instance type \"%1\" cannot be deleted: the price history has %2 of "
                                        "it. Delete its prices first.")
                             .arg(name, n == 1 ? QStringLiteral("1 observation")
                                               : QStringLiteral("%1 observations").arg(n)),
                         {}};
    }
    return std::nullopt;
}

} // namespace

CatalogEditor::CatalogEditor(QSqlDatabase db) : m_db(std::move(db)) {}

QList<GpuRecord> CatalogEditor::gpus() const
{
    QHash<QString, qint64> ids; // GPU names are unique
    if (Expected<QSqlQuery> q = exec(m_db, QStringLiteral("SELECT name, id FROM gpu")); q)
        while (q->next())
            ids.insert(q->value(0).toString(), q->value(1).toLongLong());
    QList<GpuRecord> out;
    for (Gpu &g : CatalogRepository(m_db).gpus())
        out.append(GpuRecord{ids.value(g.name), std::move(g)});
    return out;
}

QList<InstanceRecord> CatalogEditor::instanceTypes() const
{
    QList<InstanceRecord> out;
    Expected<QSqlQuery> q = exec(m_db, kSelectEditableInstances);
    if (!q)
        return out;
    while (q->next()) {
        InstanceRecord r;
        r.id = q->value(0).toLongLong();
        r.type =
            InstanceType{q->value(1).toString(), q->value(2).toString(), q->value(3).toString(), q->value(4).toDouble(),
                         q->value(5).toDouble(), q->value(6).toDouble(), q->value(7).toString()};
        if (!q->value(8).isNull())
            r.listPrice = q->value(8).toDouble();
        out.append(r);
    }
    return out;
}

QList<PriceRecord> CatalogEditor::prices(qint64 batchId) const
{
    return readPriceRecords(m_db, kSelectPrices, {batchId, batchId}, &m_readError);
}

QList<PriceRecord> CatalogEditor::latestPrices(PricingModel pricing) const
{
    return readPriceRecords(m_db, kSelectLatestPrices, {pricingModelKey(pricing), pricingModelKey(pricing)},
                            &m_readError);
}

QList<PriceRecord> CatalogEditor::history(qint64 instanceId, PricingModel pricing) const
{
    return readPriceRecords(m_db, kSelectHistory, {instanceId, pricingModelKey(pricing)}, &m_readError);
}

Status CatalogEditor::readStatus() const
{
    if (m_readError)
        return *m_readError;
    return {};
}

qint64 CatalogEditor::priceCount() const
{
    const Expected<qint64> n = store::queryInt(m_db, QStringLiteral("SELECT COUNT(*) FROM price_point"));
    return n ? *n : 0;
}

QHash<qint64, int> CatalogEditor::priceCounts() const
{
    QHash<qint64, int> out;
    if (Expected<QSqlQuery> q = exec(m_db, kPriceCounts); q)
        while (q->next())
            out.insert(q->value(0).toLongLong(), q->value(1).toInt());
    return out;
}

QList<PriceRecord> CatalogEditor::pricesWithIds(const QList<qint64> &ids) const
{
    QList<PriceRecord> out;
    constexpr qsizetype kChunk = 500;
    for (qsizetype from = 0; from < ids.size(); from += kChunk) {
        QStringList numbers;
        for (qint64 id : ids.mid(from, kChunk))
            numbers << QString::number(id);
        // Built from numbers only; a bound list would need one placeholder per id anyway.
        out += readPriceRecords(
            m_db, QStringLiteral("WHERE pp.id IN (%1) ORDER BY pp.id").arg(numbers.join(QLatin1Char(','))), {},
            &m_readError);
    }
    return out;
}

Expected<qint64> CatalogEditor::addGpu(const Gpu &gpu)
{
    return inTransaction(m_db, kNothingSaved, [&] { return writeGpu(m_db, 0, gpu); });
}

Status CatalogEditor::updateGpu(qint64 id, const Gpu &gpu)
{
    const Expected<qint64> written = inTransaction(m_db, kNothingSaved, [&] { return writeGpu(m_db, id, gpu); });
    return written ? Status() : Status(written.error());
}

Expected<qint64> CatalogEditor::addInstanceType(const InstanceType &type, std::optional<double> listPrice)
{
    return inTransaction(m_db, kNothingSaved, [&] { return writeInstance(m_db, 0, type, listPrice); });
}

Status CatalogEditor::updateInstanceType(qint64 id, const InstanceType &type, std::optional<double> listPrice)
{
    const Expected<qint64> written =
        inTransaction(m_db, kNothingSaved, [&] { return writeInstance(m_db, id, type, listPrice); });
    return written ? Status() : Status(written.error());
}

Expected<qint64> CatalogEditor::addPrice(const PricePoint &price)
{
    if (!price.amount || *price.amount <= 0)
        return Error{QStringLiteral("A price must be above $0 (a missing price is not entered)."), {}};
    if (!price.observedAt.isValid())
        return Error{QStringLiteral("A price needs the date it was observed."), {}};
    CatalogRepository repo(m_db);
    return repo.addUserPrice(price);
}

Expected<CatalogImage> CatalogEditor::image(CatalogTable table, qint64 id) const
{
    CatalogImage image;
    image.table = table;
    image.id = id;
    Expected<StoredRow> row = readRow(m_db, tableName(table), id);
    if (!row)
        return row.error();
    image.row = *row;
    if (table == CatalogTable::Gpu) {
        // The ids first, then each row: a connection to PostgreSQL reads one result at a time, and a second
        // statement would cut the first one's rows short.
        QList<qint64> children;
        {
            Expected<QSqlQuery> q =
                exec(m_db, QStringLiteral("SELECT id FROM throughput WHERE gpu_id = ? ORDER BY id"), {id});
            if (!q)
                return q.error();
            while (q->next())
                children << q->value(0).toLongLong();
            if (q->lastError().isValid())
                return Error{store::errorInWords(m_db, q->lastError()), {}};
        }
        for (qint64 child : std::as_const(children)) {
            Expected<StoredRow> figure = readRow(m_db, QStringLiteral("throughput"), child);
            if (!figure)
                return figure.error();
            image.children << *figure;
        }
    }
    return image;
}

Expected<QList<CatalogImage>> CatalogEditor::remove(CatalogTable table, const QList<qint64> &ids)
{
    const QString nothing = QStringLiteral("Nothing was deleted: %1");
    return inTransaction(m_db, nothing, [&]() -> Expected<QList<CatalogImage>> {
        QList<CatalogImage> images;
        for (qint64 id : ids) {
            Expected<CatalogImage> img = image(table, id);
            if (!img)
                return Error{nothing.arg(img.error().message), {}};
            if (std::optional<Error> refusal = removalRefused(m_db, *img))
                return *refusal;
            // Throughput rows would cascade; deleting them explicitly keeps the statements obvious.
            if (table == CatalogTable::Gpu)
                if (Expected<QSqlQuery> q = exec(m_db, QStringLiteral("DELETE FROM throughput WHERE gpu_id = ?"), {id});
                    !q)
                    return Error{nothing.arg(q.error().message), {}};
            if (Expected<QSqlQuery> q =
                    exec(m_db, QStringLiteral("DELETE FROM %1 WHERE id = ?").arg(tableName(table)), {id});
                !q)
                return Error{nothing.arg(q.error().message), {}};
            images << *img;
        }
        return images;
    });
}

Status CatalogEditor::reinsert(QList<CatalogImage> &images)
{
    const QString nothing = QStringLiteral("Nothing was restored: %1");
    QList<CatalogImage> done = images;
    const Status restored = inTransaction(m_db, nothing, [&]() -> Status {
        for (CatalogImage &img : done) {
            if (Status s = insertRow(m_db, img.row, !idTaken(m_db, img.row.table, img.id)); !s)
                return Error{nothing.arg(s.error().message), {}};
            img.id = img.row.value(QStringLiteral("id")).toLongLong();
            for (StoredRow &child : img.children) {
                child.values[child.columns.indexOf(QLatin1String("gpu_id"))] = img.id;
                if (Status s = insertRow(m_db, child, !idTaken(m_db, child.table, child.value(QStringLiteral("id"))));
                    !s)
                    return Error{nothing.arg(s.error().message), {}};
            }
        }
        return {};
    });
    if (restored)
        images = done;
    return restored;
}

Status CatalogEditor::overwrite(const CatalogImage &image)
{
    const QString nothing = QStringLiteral("Nothing was changed: %1");
    return inTransaction(m_db, nothing, [&]() -> Status {
        if (Status s = upsertRow(m_db, image.row); !s)
            return Error{nothing.arg(s.error().message), {}};
        if (image.table != CatalogTable::Gpu)
            return {};
        QStringList keep; // numbers read back from the rows themselves
        for (const StoredRow &child : image.children)
            keep << QString::number(child.value(QStringLiteral("id")).toLongLong());
        const QString sql = QStringLiteral("DELETE FROM throughput WHERE gpu_id = ? AND id NOT IN (%1)")
                                .arg(keep.join(QLatin1Char(',')));
        if (Expected<QSqlQuery> q = exec(m_db, sql, {image.id}); !q)
            return Error{nothing.arg(q.error().message), {}};
        for (const StoredRow &child : image.children)
            if (Status s = upsertRow(m_db, child); !s)
                return Error{nothing.arg(s.error().message), {}};
        return {};
    });
}

} // namespace mltco::catalog
