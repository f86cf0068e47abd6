#include "models/catalog/importers/pricebulkinsert.h"

#include "models/store/location.h"
#include "models/store/pgcopy.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"

#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <sqlite3.h>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace mltco::catalog {
namespace {

constexpr qint64 kProgressEvery = 4096;
constexpr qsizetype kRebuildIndexFrom = 20000; // rows; below this, updating the index as we go is cheaper
constexpr int kIndexSortCachePages = -8192; // 8 MiB per sorter thread while the price index is built
constexpr int kImportCachePages = -32768; // 32 MiB while importing (negative = KiB): rows are appended, the index built last

// OR FAIL: a row refused by a constraint fails its statement without undoing the statement's earlier rows, which the
// import's rollback undoes anyway. A statement that may undo itself keeps a journal of the page it begins on, written
// to a temporary file: with the table's CHECKs (which call functions) in SQLite, 94,000 writes for a million prices.
#define MLTCO_INSERT_PRICE_COLUMNS                                                                                     \
    "INSERT OR FAIL INTO price_point (instance_type_id, region, zone, pricing_model, amount, unit, observed_at, source_id, "   \
    "batch_id, note, purchase_option, offering_class, upfront, currency)"
const char kInsertPriceColumns[] = MLTCO_INSERT_PRICE_COLUMNS;
const char kInsertPrice[] =
    MLTCO_INSERT_PRICE_COLUMNS " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)";
#undef MLTCO_INSERT_PRICE_COLUMNS
constexpr int kColumns = 14;       // values a row binds
// Rows one statement inserts, as many as SQLite's limit on a statement's values allows (999 before SQLite 3.32:
// 71 rows; 32,766 since) up to this many: each statement costs a start.
constexpr int kMaxRowsPerInsert = 256;

Error sqliteError(sqlite3 *db, const char *what)
{
    return Error{store::sqliteErrorInWords(db, QLatin1String(what)), {}};
}

/// The identity of a string's characters. Parsers intern the names a file repeats, so within one batch of rows equal
/// regions, zones and instance types share their characters: a lookup by address is a pointer hash instead of a
/// string hash per row. Addresses are keys only while the batch holds the strings (per write()).
struct TextId final
{
    const QChar *data;
    qsizetype size;
    bool operator==(const TextId &) const = default;
};
struct TextIdHash final
{
    std::size_t operator()(const TextId &id) const noexcept
    {
        return std::hash<const void *>{}(id.data) ^ static_cast<std::size_t>(id.size);
    }
};
template<typename T> using ByText = std::unordered_map<TextId, T, TextIdHash>;
TextId textId(const QString &s) { return {s.constData(), s.size()}; }

/// Which of the price table's CHECKs (models/store/schema.cpp) a price would break, judged on its typed values;
/// nullptr when it keeps them all. The bulk insert has SQLite skip its own CHECKs, which compare the texts and call
/// functions (length(), GLOB) on every row: a quarter of the writer's time for a million prices. SQLite stores a NaN
/// as NULL, and these rules take it so.
const char *priceTableRuleBroken(const PricePoint &p)
{
    const auto missing = [](const std::optional<double> &v) { return !v || std::isnan(*v); };
    const bool reservation = p.pricing == PricingModel::Reserved1y || p.pricing == PricingModel::Reserved3y ||
                             p.pricing == PricingModel::SavingsPlan1y || p.pricing == PricingModel::SavingsPlan3y;
    const bool paidUpfront = p.purchase == PurchaseOption::PartialUpfront || p.purchase == PurchaseOption::AllUpfront;
    if (static_cast<unsigned>(p.pricing) > static_cast<unsigned>(PricingModel::Monthly))
        return "pricing_model is one of the eight pricing models";
    if (!missing(p.amount) && !(*p.amount > 0) && !(*p.amount == 0 && p.purchase == PurchaseOption::AllUpfront))
        return "amount is missing or above 0 (0 only for All Upfront)";
    if (p.unit != PriceUnit::Hour && p.unit != PriceUnit::Month)
        return "unit is hour or month";
    if (p.purchase != PurchaseOption::None &&
        (static_cast<unsigned>(p.purchase) > static_cast<unsigned>(PurchaseOption::AllUpfront) || !reservation))
        return "purchase_option is given only for a reserved term or savings plan";
    if (p.offering != OfferingClass::None &&
        (static_cast<unsigned>(p.offering) > static_cast<unsigned>(OfferingClass::Convertible) ||
         p.purchase == PurchaseOption::None))
        return "offering_class is given only with a purchase option";
    if (missing(p.upfront) ? paidUpfront : !(*p.upfront > 0 && paidUpfront))
        return "upfront is above 0 exactly for Partial and All Upfront";
    if (!p.currency.isEmpty() &&
        (p.currency.size() != 3 || !std::all_of(p.currency.begin(), p.currency.end(), [](QChar c) {
             return c >= QLatin1Char('A') && c <= QLatin1Char('Z');
         })))
        return "currency is three capital letters";
    return nullptr;
}

/// Sets an SQLite connection's ignore_check_constraints for a while, and back however that ends. A change makes
/// SQLite prepare the connection's statements again at their next run, with or without their CHECKs.
class ChecksSkipped final
{
public:
    explicit ChecksSkipped(const QSqlDatabase &db) : m_db(db)
    {
        m_on = bool(store::execPlain(m_db, QStringLiteral("PRAGMA ignore_check_constraints = ON")));
    }
    ~ChecksSkipped()
    {
        if (m_on)
            (void)store::execPlain(m_db, QStringLiteral("PRAGMA ignore_check_constraints = OFF"));
    }
    ChecksSkipped(const ChecksSkipped &) = delete;
    ChecksSkipped &operator=(const ChecksSkipped &) = delete;

private:
    QSqlDatabase m_db;
    bool m_on = false;
};

/// What each parameter of a statement was last bound to, where that is a constant living as long as the program (a
/// key's text, an empty text, NULL). SQLite keeps a statement's bindings from run to run, so a parameter whose
/// constant is the one bound last time is left as it is: a price binds mostly such values, and each call to SQLite
/// takes its connection's lock (a million prices made twelve million calls).
class Bindings final
{
public:
    void reset(int parameters) { m_constant.assign(static_cast<std::size_t>(parameters) + 1, nullptr); }
    void constantText(sqlite3_stmt *stmt, int index, const char *text, int size)
    {
        const void *&last = m_constant[static_cast<std::size_t>(index)];
        if (last == text)
            return;
        sqlite3_bind_text(stmt, index, text, size, SQLITE_STATIC);
        last = text;
    }
    void null(sqlite3_stmt *stmt, int index)
    {
        const void *&last = m_constant[static_cast<std::size_t>(index)];
        if (last == &m_constant)
            return;
        sqlite3_bind_null(stmt, index);
        last = &m_constant; // an address no text has
    }
    /// Before binding anything else: the parameter holds no constant any more.
    void forget(int index) { m_constant[static_cast<std::size_t>(index)] = nullptr; }

private:
    std::vector<const void *> m_constant;
};

/// Binds text as UTF-8, converting each distinct string once: regions, zones and notes repeat across
/// a price file, and converting them row by row cost more than the insert itself.
class TextBinder final
{
public:
    /// Forgets the addresses of the previous batch's strings (the strings may be gone).
    void newBatch() { m_byAddress.clear(); }
    int bind(sqlite3_stmt *stmt, Bindings &bindings, int index, const QString &text)
    {
        if (text.isEmpty()) {
            bindings.constantText(stmt, index, "", 0);
            return SQLITE_OK;
        }
        bindings.forget(index);
        auto it = m_byAddress.find(textId(text));
        if (it == m_byAddress.end()) {
            auto utf8 = m_utf8.constFind(text);
            if (utf8 == m_utf8.constEnd()) {
                if (m_utf8.size() >= kMaxRemembered) // notes may all differ: keep memory flat
                    m_utf8.clear();
                utf8 = m_utf8.insert(text, text.toUtf8());
            }
            it = m_byAddress.emplace(textId(text), *utf8).first;
        }
        return sqlite3_bind_text(stmt, index, it->second.constData(), static_cast<int>(it->second.size()), SQLITE_STATIC);
    }

private:
    static constexpr qsizetype kMaxRemembered = 65536;
    // The QByteArrays share their bytes with m_utf8's, and keep them alive when m_utf8 is cleared, so a pointer bound
    // for the current row stays valid until the row is stepped.
    ByText<QByteArray> m_byAddress;
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

/// Each price's instance type id, looked up by the names' addresses (parsers share one string per name), else by
/// their text; an instance type the chunk does not list is an error.
Expected<std::vector<qint64>> instanceIdsOf(const QList<PricePoint> &prices, const QHash<QString, qint64> &instanceIds)
{
    struct PairHash final
    {
        std::size_t operator()(const std::pair<TextId, TextId> &k) const noexcept
        {
            return TextIdHash{}(k.first) * 31u ^ TextIdHash{}(k.second);
        }
    };
    std::unordered_map<std::pair<TextId, TextId>, qint64, PairHash> idByName;
    std::vector<qint64> ids;
    ids.reserve(static_cast<std::size_t>(prices.size()));
    for (const PricePoint &p : prices) {
        const std::pair<TextId, TextId> name{textId(p.provider), textId(p.instance)};
        auto known = idByName.find(name);
        if (known == idByName.end()) {
            const auto id = instanceIds.constFind(importInstanceKey(p.provider, p.instance));
            if (id == instanceIds.constEnd())
                return Error{QStringLiteral("The import prices instance %1 of %2, which it does not list.").arg(p.instance, p.provider), {}};
            known = idByName.emplace(name, *id).first;
        }
        ids.push_back(known->second);
    }
    return ids;
}

} // namespace

// The order rows are written in: the price_point_lookup index's (instance type, pricing model, region, date), the
// file's order among equals. The table is stored in the order rows are added, so a document whose rows follow its
// index reads a listing (and the price history of one instance) from consecutive pages: listing a million prices
// took a quarter of the time. Regions and pricing models sort as SQLite compares their text (bytes of UTF-8).
void PriceWriteOrder::operator()(const QList<PricePoint> &prices, const std::vector<qint64> &instanceRank,
                                 const QDate &defaultObservedAt, std::vector<qsizetype> &order)
{
    const std::size_t n = static_cast<std::size_t>(prices.size());
    // The fields are packed into one 64-bit key (the instance type's id and the day as offsets from the chunk's
    // smallest, the region and pricing model as ranks) and the keys sorted by radix, which keeps the file's order
    // among equals: comparing tuples field by field took most of the writer's time beside SQLite's.
    const auto bitsFor = [](quint64 distinct) {
        int bits = 0;
        while (bits < 64 && (quint64(1) << bits) < distinct)
            ++bits;
        return bits;
    };
    ByText<quint32> regionRank;
    for (const PricePoint &p : prices)
        regionRank.emplace(textId(p.region), 0);
    std::size_t regionCount = 0;
    {
        std::vector<std::pair<QByteArray, TextId>> regions;
        regions.reserve(regionRank.size());
        for (const auto &[id, rank] : regionRank)
            regions.emplace_back(QStringView(id.data, id.size).toUtf8(), id);
        std::sort(regions.begin(), regions.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        // Equal texts at different addresses share one rank.
        quint32 rank = 0;
        for (std::size_t i = 0; i < regions.size(); ++i) {
            if (i > 0 && regions[i].first != regions[i - 1].first)
                ++rank;
            regionRank[regions[i].second] = rank;
        }
        regionCount = regions.empty() ? 0 : rank + 1;
    }
    static const std::array<int, 8> pricingRank = [] {
        std::array<std::pair<QByteArray, int>, 8> keys;
        for (int i = 0; i < 8; ++i)
            keys[static_cast<std::size_t>(i)] = {pricingModelKey(static_cast<PricingModel>(i)).toLatin1(), i};
        std::sort(keys.begin(), keys.end());
        std::array<int, 8> ranks{};
        for (int rank = 0; rank < 8; ++rank)
            ranks[static_cast<std::size_t>(keys[static_cast<std::size_t>(rank)].second)] = rank;
        return ranks;
    }();
    // A model out of range (which the writer then refuses) sorts last rather than reading past the table.
    const auto pricingRankOf = [](PricingModel model) {
        const auto i = static_cast<std::size_t>(model);
        return i < pricingRank.size() ? pricingRank[i] : 7;
    };
    std::vector<qint64> &days = m_days;
    days.resize(n);
    {
        QDate lastDate;
        qint64 lastDay = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const PricePoint &p = prices[static_cast<qsizetype>(i)];
            const QDate date = p.observedAt.isValid() ? p.observedAt : defaultObservedAt;
            if (date != lastDate) {
                lastDate = date;
                lastDay = date.toJulianDay();
            }
            days[i] = lastDay;
        }
    }
    const auto [minInstance, maxInstance] = n ? std::minmax_element(instanceRank.begin(), instanceRank.end())
                                              : std::make_pair(instanceRank.end(), instanceRank.end());
    const auto [minDay, maxDay] = n ? std::minmax_element(days.begin(), days.end()) : std::make_pair(days.end(), days.end());
    const int instanceBits = n ? bitsFor(quint64(*maxInstance - *minInstance) + 1) : 0;
    const int regionBits = bitsFor(regionCount);
    const int dayBits = n ? bitsFor(quint64(*maxDay - *minDay) + 1) : 0;
    const int keyBits = instanceBits + 3 + regionBits + dayBits;
    order.resize(n);
    if (n > 0 && keyBits <= 64) {
        std::vector<std::pair<quint64, qsizetype>> &keys = m_keys;
        keys.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const PricePoint &p = prices[static_cast<qsizetype>(i)];
            quint64 key = quint64(instanceRank[i] - *minInstance);
            key = (key << 3) | static_cast<quint64>(pricingRankOf(p.pricing));
            key = regionBits ? (key << regionBits) | regionRank.at(textId(p.region)) : key;
            key = dayBits ? (key << dayBits) | quint64(days[i] - *minDay) : key;
            keys[i] = {key, static_cast<qsizetype>(i)};
        }
        // Least significant byte first, each pass stable: equal keys stay in the file's order.
        std::vector<std::pair<quint64, qsizetype>> &other = m_sorted;
        other.resize(n);
        for (int shift = 0; shift < keyBits; shift += 8) {
            std::array<std::size_t, 257> start{};
            for (const auto &k : keys)
                ++start[((k.first >> shift) & 0xff) + 1];
            for (std::size_t b = 1; b < start.size(); ++b)
                start[b] += start[b - 1];
            for (const auto &k : keys)
                other[start[(k.first >> shift) & 0xff]++] = k;
            keys.swap(other);
        }
        for (std::size_t i = 0; i < n; ++i)
            order[i] = keys[i].second;
    } else { // ids or days too far apart for 64 bits: compare the fields
        for (std::size_t i = 0; i < n; ++i)
            order[i] = static_cast<qsizetype>(i);
        const auto field = [&](qsizetype i) {
            const PricePoint &p = prices[i];
            return std::make_tuple(instanceRank[static_cast<std::size_t>(i)], pricingRankOf(p.pricing),
                                   regionRank.at(textId(p.region)), days[static_cast<std::size_t>(i)], i);
        };
        std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return field(a) < field(b); });
    }
}


struct PriceInserter::Impl
{
    QSqlDatabase db;
    sqlite3 *handle = nullptr;
    Statement insert;
    Statement insertMany;
    Bindings insertBound;
    Bindings insertManyBound;
    std::optional<CacheSizeGuard> cache;
    QDate defaultObservedAt;
    qint64 sourceId = 0;
    qint64 batchId = 0;
    bool indexDropped = false;
    int rowsPerInsert = 1; ///< rows insertMany inserts
    qint64 written = 0;
    TextBinder text;
    QHash<QString, int> byProvider;
    QSet<qint64> instanceIds;
    std::unordered_map<qint64, QByteArray> dateTexts;
    PriceWriteOrder writeOrder;
    std::unique_ptr<store::PgCopyIn> copy; ///< a team store's COPY, open across write() calls
    std::optional<Error> copyFailed;        ///< why a COPY ended badly, said by the next write() or finish()
};

PriceInserter::PriceInserter() : d(std::make_unique<Impl>()) {}
PriceInserter::~PriceInserter() = default;

qint64 PriceInserter::written() const { return d->written; }
const QHash<QString, int> &PriceInserter::writtenByProvider() const { return d->byProvider; }
QList<qint64> PriceInserter::instanceIdsWritten() const { return d->instanceIds.values(); }

QString importCancelledMessage() { return QStringLiteral("The import was cancelled; nothing was written."); }

Status PriceInserter::prepare(const QSqlDatabase &db, qint64 sourceId, qint64 batchId, const QDate &defaultObservedAt)
{
    d->db = db;
    d->defaultObservedAt = defaultObservedAt;
    d->sourceId = sourceId;
    d->batchId = batchId;
    if (store::backendOf(db) == store::Backend::PostgreSql)
        return {}; // rows go by COPY, one per write(); the index stays (dropping it would lock readers out)
    d->handle = store::sqliteHandle(db);
    if (!d->handle)
        return Error{QStringLiteral("The document's database connection is neither SQLite nor PostgreSQL."), {}};
    d->cache.emplace(db);
    if (sqlite3_prepare_v2(d->handle, kInsertPrice, -1, d->insert.out(), nullptr) != SQLITE_OK)
        return sqliteError(d->handle, "preparing the price insert");
    d->insertBound.reset(kColumns);
    sqlite3_bind_int64(d->insert.get(), 8, sourceId);
    sqlite3_bind_int64(d->insert.get(), 9, batchId);
    QByteArray many = kInsertPriceColumns;
    d->rowsPerInsert =
        std::clamp(sqlite3_limit(d->handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1) / kColumns, 1, kMaxRowsPerInsert);
    for (int row = 0; row < d->rowsPerInsert; ++row) {
        many += row == 0 ? " VALUES " : ", ";
        many += '(';
        for (int column = 1; column <= kColumns; ++column)
            many += column > 1 ? ", ?" : "?"; // numbered in order; "?N" made SQLite search its names for each
        many += ')';
    }
    if (sqlite3_prepare_v2(d->handle, many.constData(), -1, d->insertMany.out(), nullptr) != SQLITE_OK)
        return sqliteError(d->handle, "preparing the price insert");
    d->insertManyBound.reset(d->rowsPerInsert * kColumns);
    for (int row = 0; row < d->rowsPerInsert; ++row) {
        sqlite3_bind_int64(d->insertMany.get(), row * kColumns + 8, sourceId);
        sqlite3_bind_int64(d->insertMany.get(), row * kColumns + 9, batchId);
    }
    return {};
}

Status PriceInserter::write(const QList<PricePoint> &prices, const QHash<QString, qint64> &instanceIds,
                            const ImportProgressFn &progress)
{
    Expected<std::vector<qint64>> ids = instanceIdsOf(prices, instanceIds);
    if (!ids)
        return ids.error();
    std::vector<qsizetype> order;
    d->writeOrder(prices, *ids, d->defaultObservedAt, order);
    return write(prices, order, *ids, progress);
}

Status PriceInserter::write(const QList<PricePoint> &prices, const std::vector<qsizetype> &rows,
                            const std::vector<qint64> &instanceIdOf, const ImportProgressFn &progress)
{
    if (rows.size() != static_cast<std::size_t>(prices.size()) || instanceIdOf.size() != rows.size())
        return Error{QStringLiteral("The prices to write do not match their order."), {}};
    if (!d->handle && d->db.isValid())
        return writeByCopy(prices, rows, instanceIdOf, progress);
    sqlite3_stmt *stmt = d->insert.get();
    if (!stmt)
        return Error{QStringLiteral("The price insert was not prepared."), {}};
    if (!d->indexDropped && d->written + prices.size() >= kRebuildIndexFrom) {
        if (Status s = store::execPlain(d->db, QStringLiteral("DROP INDEX IF EXISTS %1").arg(QLatin1String(store::kPricePointIndexName)));
            !s)
            return s.error();
        d->indexDropped = true;
    }
    d->text.newBatch();
    // The table's CHECKs, made here on every row of the chunk before any is written; SQLite skips its own below.
    for (const qsizetype index : rows) {
        const PricePoint &p = prices[index];
        if (const char *rule = priceTableRuleBroken(p))
            return Error{QStringLiteral("writing a price: the price of %1 (%2) in %3 breaks the document's rule: %4.")
                             .arg(p.instance, pricingModelKey(p.pricing), p.region, QLatin1String(rule)),
                         {}};
    }
    const ChecksSkipped skipped(d->db);

    // Counts per provider, tallied per run of equal providers rather than hashed per row.
    QString runProvider;
    int runCount = 0;
    auto flushRun = [&] {
        if (runCount > 0)
            d->byProvider[runProvider] += runCount;
        runCount = 0;
    };
    static const std::array<QByteArray, 8> pricingKeys = [] {
        std::array<QByteArray, 8> keys;
        for (int i = 0; i < 8; ++i)
            keys[static_cast<std::size_t>(i)] = pricingModelKey(static_cast<PricingModel>(i)).toLatin1();
        return keys;
    }();
    static const std::array<QByteArray, 4> purchaseKeys = [] {
        std::array<QByteArray, 4> keys;
        for (int i = 0; i < 4; ++i)
            keys[static_cast<std::size_t>(i)] = purchaseOptionKey(static_cast<PurchaseOption>(i)).toLatin1();
        return keys;
    }();
    static const std::array<QByteArray, 3> offeringKeys = [] {
        std::array<QByteArray, 3> keys;
        for (int i = 0; i < 3; ++i)
            keys[static_cast<std::size_t>(i)] = offeringClassKey(static_cast<OfferingClass>(i)).toLatin1();
        return keys;
    }();
    qint64 done = 0;
    const qint64 total = prices.size();
    qint64 lastInstance = 0;
    // Binds row `index` as the `slot`-th row of a statement (13 values a row; source and batch are bound once).
    const auto bindRow = [&](sqlite3_stmt *statement, Bindings &bound, int slot, qsizetype index) {
        const PricePoint &p = prices[index];
        const qint64 instanceId = instanceIdOf[static_cast<std::size_t>(index)];
        const int base = slot * kColumns;
        // A file holds few dates, but rows in the index's order change date at almost every row: each date's text
        // is made once, and stays put until the next batch (a statement of several rows binds several).
        const QDate date = p.observedAt.isValid() ? p.observedAt : d->defaultObservedAt;
        auto dateText = d->dateTexts.find(date.toJulianDay());
        if (dateText == d->dateTexts.end())
            dateText = d->dateTexts.emplace(date.toJulianDay(), date.toString(Qt::ISODate).toLatin1()).first;
        const QByteArray &pricing = pricingKeys[static_cast<std::size_t>(p.pricing)];
        if (instanceId != lastInstance) {
            d->instanceIds.insert(instanceId);
            lastInstance = instanceId;
        }
        sqlite3_bind_int64(statement, base + 1, instanceId);
        d->text.bind(statement, bound, base + 2, p.region);
        d->text.bind(statement, bound, base + 3, p.zone);
        bound.constantText(statement, base + 4, pricing.constData(), static_cast<int>(pricing.size()));
        if (p.amount) {
            bound.forget(base + 5);
            sqlite3_bind_double(statement, base + 5, *p.amount);
        } else {
            bound.null(statement, base + 5);
        }
        static const char kHour[] = "hour";
        static const char kMonth[] = "month";
        if (p.unit == PriceUnit::Month)
            bound.constantText(statement, base + 6, kMonth, 5);
        else
            bound.constantText(statement, base + 6, kHour, 4);
        bound.forget(base + 7); // the dates' texts are not kept for good
        sqlite3_bind_text(statement, base + 7, dateText->second.constData(), static_cast<int>(dateText->second.size()),
                          SQLITE_STATIC);
        d->text.bind(statement, bound, base + 10, p.note);
        const QByteArray &purchase = purchaseKeys[static_cast<std::size_t>(p.purchase)];
        const QByteArray &offering = offeringKeys[static_cast<std::size_t>(p.offering)];
        bound.constantText(statement, base + 11, purchase.constData(), static_cast<int>(purchase.size()));
        bound.constantText(statement, base + 12, offering.constData(), static_cast<int>(offering.size()));
        if (p.upfront) {
            bound.forget(base + 13);
            sqlite3_bind_double(statement, base + 13, *p.upfront);
        } else {
            bound.null(statement, base + 13);
        }
        // Nearly every price is in US dollars: a constant; another currency's code is copied by SQLite.
        static const char kUsd[] = "USD";
        if (p.currency.isEmpty() || p.currency == u"USD") {
            bound.constantText(statement, base + 14, kUsd, 3);
        } else {
            const QByteArray code = p.currency.toLatin1();
            bound.forget(base + 14);
            sqlite3_bind_text(statement, base + 14, code.constData(), static_cast<int>(code.size()), SQLITE_TRANSIENT);
        }
        if (p.provider != runProvider) {
            flushRun();
            runProvider = p.provider;
        }
        ++runCount;
    };
    const auto step = [&](sqlite3_stmt *statement) -> Status {
        const int rc = sqlite3_step(statement);
        const Status status = rc == SQLITE_DONE ? Status() : Status(sqliteError(d->handle, "writing a price"));
        sqlite3_reset(statement);
        return status;
    };
    if (d->dateTexts.size() >= 65536) // keep memory flat; nothing bound points into it between batches
        d->dateTexts.clear();
    // Rows go in rowsPerInsert at a time: one statement per row spent a third of the write starting statements.
    std::size_t next = 0;
    while (next < rows.size()) {
        const bool group = rows.size() - next >= static_cast<std::size_t>(d->rowsPerInsert);
        sqlite3_stmt *statement = group ? d->insertMany.get() : stmt;
        Bindings &bound = group ? d->insertManyBound : d->insertBound;
        const int count = group ? d->rowsPerInsert : 1;
        for (int slot = 0; slot < count; ++slot)
            bindRow(statement, bound, slot, rows[next + static_cast<std::size_t>(slot)]);
        if (Status s = step(statement); !s)
            return s;
        next += static_cast<std::size_t>(count);
        const qint64 before = done;
        done += count;
        d->written += count;
        if (progress && done / kProgressEvery != before / kProgressEvery && !progress(done, total))
            return Error{importCancelledMessage(), {}};
    }
    flushRun();
    if (progress && !progress(done, total))
        return Error{importCancelledMessage(), {}};
    return {};
}

Status PriceInserter::writeByCopy(const QList<PricePoint> &prices, const std::vector<qsizetype> &order,
                                  const std::vector<qint64> &instanceIdOf, const ImportProgressFn &progress)
{
    if (d->copyFailed)
        return *d->copyFailed;
    // One COPY for the whole import, not one per chunk: the server's statement-level work (the proof of the rows'
    // parents, the change notice) runs once, and it is never left waiting between chunks for a COPY to start.
    if (!d->copy) {
        Expected<std::unique_ptr<store::PgCopyIn>> copy = store::PgCopyIn::start(
            d->db, QStringLiteral("price_point"),
            {QStringLiteral("instance_type_id"), QStringLiteral("region"), QStringLiteral("zone"),
             QStringLiteral("pricing_model"), QStringLiteral("amount"), QStringLiteral("unit"),
             QStringLiteral("observed_at"), QStringLiteral("source_id"), QStringLiteral("batch_id"), QStringLiteral("note"),
             QStringLiteral("purchase_option"), QStringLiteral("offering_class"), QStringLiteral("upfront"),
             QStringLiteral("currency")});
        if (!copy)
            return copy.error();
        d->copy = std::move(*copy);
    }
    store::PgCopyIn &out = *d->copy;
    qint64 done = 0;
    const qint64 total = prices.size();
    for (const qsizetype index : order) {
        const PricePoint &p = prices[index];
        const qint64 instanceId = instanceIdOf[static_cast<std::size_t>(index)];
        d->instanceIds.insert(instanceId);
        const QDate date = p.observedAt.isValid() ? p.observedAt : d->defaultObservedAt;
        out.addInt(instanceId);
        out.addText(p.region.toUtf8());
        out.addText(p.zone.toUtf8());
        out.addText(pricingModelKey(p.pricing).toLatin1());
        if (p.amount)
            out.addDouble(*p.amount);
        else
            out.addNull();
        out.addText(p.unit == PriceUnit::Month ? "month" : "hour");
        out.addText(date.toString(Qt::ISODate).toLatin1());
        out.addInt(d->sourceId);
        out.addInt(d->batchId);
        out.addText(p.note.toUtf8());
        out.addText(purchaseOptionKey(p.purchase).toLatin1());
        out.addText(offeringClassKey(p.offering).toLatin1());
        if (p.upfront)
            out.addDouble(*p.upfront);
        else
            out.addNull();
        out.addText(p.currency.isEmpty() ? QByteArrayLiteral("USD") : p.currency.toLatin1());
        if (Status s = out.endRow(); !s) {
            // The COPY ends refused here, never later with this row in it; the import is refused with this reason.
            d->copyFailed = Error{QStringLiteral("writing a price: %1").arg(s.error().message), {}};
            abandonCopy();
            return *d->copyFailed;
        }
        d->byProvider[p.provider] += 1;
        ++done;
        ++d->written;
        if (progress && done % kProgressEvery == 0 && !progress(done, total))
            return Error{importCancelledMessage(), {}};
    }
    // What is gathered goes now: the server works on it while the next chunk is read and put in order.
    if (Status s = out.flush(); !s) {
        d->copyFailed = Error{QStringLiteral("writing a price: %1").arg(s.error().message), {}};
        abandonCopy();
        return *d->copyFailed;
    }
    if (progress && !progress(done, total))
        return Error{importCancelledMessage(), {}};
    return {};
}

Status PriceInserter::endCopy()
{
    if (d->copyFailed)
        return *d->copyFailed;
    if (!d->copy)
        return {};
    const Status ended = d->copy->finish();
    d->copy.reset();
    if (!ended)
        d->copyFailed = Error{QStringLiteral("writing a price: %1").arg(ended.error().message), {}};
    return d->copyFailed ? Status(*d->copyFailed) : Status{};
}

void PriceInserter::abandonCopy()
{
    d->copy.reset(); // PgCopyIn's destructor ends it with an error and reads the server's answer
}

Status PriceInserter::finish()
{
    if (Status s = endCopy(); !s)
        return s;
    if (!d->indexDropped)
        return {};
    // The reading and parsing threads are done by now: SQLite's sorter may use every core to build the index.
    const int threads = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, 8);
    (void)store::execPlain(d->db, QStringLiteral("PRAGMA threads = %1").arg(threads));
    // SQLite's sorter keeps up to cache_size of rows in memory per thread before it writes sorted runs to a temporary
    // file and merges them: with the import's page cache that grew with the file. A small cache while the index is
    // built keeps memory flat whatever the number of prices.
    const Expected<qint64> cache = store::queryInt(d->db, QStringLiteral("PRAGMA cache_size"));
    (void)store::execPlain(d->db, QStringLiteral("PRAGMA cache_size = %1").arg(kIndexSortCachePages));
    const Status built = store::execPlain(d->db, QString::fromLatin1(store::kCreatePricePointIndex));
    if (cache)
        (void)store::execPlain(d->db, QStringLiteral("PRAGMA cache_size = %1").arg(*cache));
    (void)store::execPlain(d->db, QStringLiteral("PRAGMA threads = 0"));
    if (!built)
        return built.error();
    d->indexDropped = false;
    return {};
}

} // namespace mltco::catalog
