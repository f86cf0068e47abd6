#include "models/catalog/pricebulkinsert.h"

#include "models/store/schema.h"
#include "models/store/sqlutil.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <vector>

namespace mltco::catalog {
namespace {

constexpr qint64 kProgressEvery = 4096;
constexpr qsizetype kRebuildIndexFrom = 20000; // rows; below this, updating the index as we go is cheaper
constexpr int kImportCachePages = -262144;     // 256 MiB while importing (negative = KiB)

const char kInsertPrice[] =
    "INSERT INTO price_point (instance_type_id, region, zone, pricing_model, amount, unit, observed_at, source_id, "
    "batch_id, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";

Error sqliteError(sqlite3 *db, const char *what)
{
    return Error{QStringLiteral("%1: %2").arg(QLatin1String(what), QString::fromUtf8(sqlite3_errmsg(db))), {}};
}

/// Binds text as UTF-8, converting each distinct string once: regions, zones and notes repeat across
/// a price file, and converting them row by row cost more than the insert itself.
class TextBinder final
{
public:
    int bind(sqlite3_stmt *stmt, int index, const QString &text)
    {
        if (text.isEmpty())
            return sqlite3_bind_text(stmt, index, "", 0, SQLITE_STATIC);
        auto it = m_utf8.constFind(text);
        if (it == m_utf8.constEnd())
            it = m_utf8.insert(text, text.toUtf8());
        return sqlite3_bind_text(stmt, index, it->constData(), static_cast<int>(it->size()), SQLITE_STATIC);
    }

private:
    // A rehash moves the QByteArray objects but not their shared byte buffers, so a pointer bound for
    // the current row stays valid until the row is stepped.
    QHash<QString, QByteArray> m_utf8;
};

/// Restores the page cache size however the import ends.
class CacheSizeGuard final
{
public:
    explicit CacheSizeGuard(const QSqlDatabase &db) : m_db(db)
    {
        m_previous = store::queryInt(db, QStringLiteral("PRAGMA cache_size")).hasValue()
                         ? *store::queryInt(db, QStringLiteral("PRAGMA cache_size"))
                         : -2000;
        (void)store::execPlain(db, QStringLiteral("PRAGMA cache_size = %1").arg(kImportCachePages));
    }
    ~CacheSizeGuard() { (void)store::execPlain(m_db, QStringLiteral("PRAGMA cache_size = %1").arg(m_previous)); }

private:
    QSqlDatabase m_db;
    qint64 m_previous = -2000;
};

class Statement final
{
public:
    ~Statement() { sqlite3_finalize(m_stmt); }
    sqlite3_stmt **out() { return &m_stmt; }
    sqlite3_stmt *get() const { return m_stmt; }

private:
    sqlite3_stmt *m_stmt = nullptr;
};

// The order rows are written in: the price_point_lookup index's (instance type, pricing model, region, date), the
// file's order among equals. The table is stored in the order rows are added, so a document whose rows follow its
// index reads a listing (and the price history of one instance) from consecutive pages: listing a million prices
// took a quarter of the time. Regions and pricing models sort as SQLite compares their text (bytes of UTF-8).
Expected<std::vector<qsizetype>> writeOrder(const QList<PricePoint> &prices, const PriceBatch &batch,
                                            std::vector<qint64> &instanceIdOf)
{
    QHash<QString, quint32> regionRank;
    for (const PricePoint &p : prices)
        regionRank.insert(p.region, 0);
    std::vector<std::pair<QByteArray, QString>> regions;
    for (auto it = regionRank.cbegin(); it != regionRank.cend(); ++it)
        regions.emplace_back(it.key().toUtf8(), it.key());
    std::sort(regions.begin(), regions.end());
    for (std::size_t i = 0; i < regions.size(); ++i)
        regionRank[regions[i].second] = static_cast<quint32>(i);
    std::array<int, 8> pricingRank{};
    {
        std::array<std::pair<QByteArray, int>, 8> keys;
        for (int i = 0; i < 8; ++i)
            keys[static_cast<std::size_t>(i)] = {pricingModelKey(static_cast<PricingModel>(i)).toLatin1(), i};
        std::sort(keys.begin(), keys.end());
        for (int rank = 0; rank < 8; ++rank)
            pricingRank[static_cast<std::size_t>(keys[static_cast<std::size_t>(rank)].second)] = rank;
    }
    struct Key final
    {
        qint64 instance;
        int pricing;
        quint32 region;
        qint64 day;
        qsizetype index;
        bool operator<(const Key &o) const
        {
            return std::tie(instance, pricing, region, day, index) < std::tie(o.instance, o.pricing, o.region, o.day, o.index);
        }
    };
    std::vector<Key> keys;
    keys.reserve(static_cast<std::size_t>(prices.size()));
    instanceIdOf.resize(static_cast<std::size_t>(prices.size()));
    const PricePoint *previous = nullptr;
    qint64 instanceId = 0;
    for (qsizetype i = 0; i < prices.size(); ++i) {
        const PricePoint &p = prices[i];
        if (!previous || p.instance != previous->instance || p.provider != previous->provider) {
            const auto id = batch.instanceIds.constFind(importInstanceKey(p.provider, p.instance));
            if (id == batch.instanceIds.constEnd())
                return Error{QStringLiteral("The import prices instance %1 of %2, which it does not list.").arg(p.instance, p.provider), {}};
            instanceId = *id;
        }
        previous = &p;
        instanceIdOf[static_cast<std::size_t>(i)] = instanceId;
        const QDate date = p.observedAt.isValid() ? p.observedAt : batch.defaultObservedAt;
        keys.push_back({instanceId, pricingRank[static_cast<std::size_t>(p.pricing)], regionRank.value(p.region), date.toJulianDay(), i});
    }
    std::sort(keys.begin(), keys.end());
    std::vector<qsizetype> order;
    order.reserve(keys.size());
    for (const Key &k : keys)
        order.push_back(k.index);
    return order;
}

} // namespace

QString importCancelledMessage() { return QStringLiteral("The import was cancelled; nothing was written."); }

Expected<qint64> insertPrices(const QSqlDatabase &db, const PriceBatch &batch, const ImportProgressFn &progress,
                              QHash<QString, int> *pricesByProvider)
{
    sqlite3 *handle = store::sqliteHandle(db);
    if (!handle)
        return Error{QStringLiteral("The document's database connection is not SQLite."), {}};
    const QList<PricePoint> &prices = *batch.prices;
    const qint64 total = prices.size();
    CacheSizeGuard cache(db);

    const bool rebuildIndex = prices.size() >= kRebuildIndexFrom;
    if (rebuildIndex) {
        if (Status s = store::execPlain(db, QStringLiteral("DROP INDEX IF EXISTS %1").arg(QLatin1String(store::kPricePointIndexName)));
            !s)
            return s.error();
    }

    Statement insert;
    if (sqlite3_prepare_v2(handle, kInsertPrice, -1, insert.out(), nullptr) != SQLITE_OK)
        return sqliteError(handle, "preparing the price insert");
    sqlite3_stmt *stmt = insert.get();
    sqlite3_bind_int64(stmt, 8, batch.sourceId);
    sqlite3_bind_int64(stmt, 9, batch.batchId);

    std::vector<qint64> instanceIdOf;
    const Expected<std::vector<qsizetype>> order = writeOrder(prices, batch, instanceIdOf);
    if (!order)
        return order.error();

    // Consecutive rows usually repeat the date: remember the last one.
    QDate lastDate;
    QByteArray dateText;
    qint64 written = 0;
    TextBinder text;
    // Counts per provider, tallied per run of equal providers rather than hashed per row.
    QString runProvider;
    int runCount = 0;
    auto flushRun = [&] {
        if (pricesByProvider && runCount > 0)
            (*pricesByProvider)[runProvider] += runCount;
        runCount = 0;
    };
    static const std::array<QByteArray, 8> pricingKeys = [] {
        std::array<QByteArray, 8> keys;
        for (int i = 0; i < 8; ++i)
            keys[static_cast<std::size_t>(i)] = pricingModelKey(static_cast<PricingModel>(i)).toLatin1();
        return keys;
    }();
    for (const qsizetype index : *order) {
        const PricePoint &p = prices[index];
        const qint64 instanceId = instanceIdOf[static_cast<std::size_t>(index)];
        const QDate date = p.observedAt.isValid() ? p.observedAt : batch.defaultObservedAt;
        if (date != lastDate) {
            lastDate = date;
            dateText = date.toString(Qt::ISODate).toLatin1();
        }
        const QByteArray &pricing = pricingKeys[static_cast<std::size_t>(p.pricing)];

        sqlite3_bind_int64(stmt, 1, instanceId);
        text.bind(stmt, 2, p.region);
        text.bind(stmt, 3, p.zone);
        sqlite3_bind_text(stmt, 4, pricing.constData(), static_cast<int>(pricing.size()), SQLITE_STATIC);
        if (p.amount)
            sqlite3_bind_double(stmt, 5, *p.amount);
        else
            sqlite3_bind_null(stmt, 5);
        sqlite3_bind_text(stmt, 6, p.unit == PriceUnit::Month ? "month" : "hour", -1, SQLITE_STATIC);
        sqlite3_bind_text(stmt, 7, dateText.constData(), static_cast<int>(dateText.size()), SQLITE_STATIC);
        text.bind(stmt, 10, p.note);
        if (sqlite3_step(stmt) != SQLITE_DONE)
            return sqliteError(handle, "writing a price");
        sqlite3_reset(stmt);
        ++written;
        if (pricesByProvider) {
            if (p.provider != runProvider) {
                flushRun();
                runProvider = p.provider;
            }
            ++runCount;
        }
        if (progress && written % kProgressEvery == 0 && !progress(written, total))
            return Error{importCancelledMessage(), {}};
    }
    flushRun();
    if (progress && !progress(written, total))
        return Error{importCancelledMessage(), {}};
    if (rebuildIndex) {
        if (Status s = store::execPlain(db, QString::fromLatin1(store::kCreatePricePointIndex)); !s)
            return s.error();
    }
    return written;
}

} // namespace mltco::catalog
