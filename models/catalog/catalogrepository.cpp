#include "models/catalog/catalogrepository.h"
#include "models/catalog/sourcelicence.h"

#include "models/catalog/gputable.h"
#include "models/store/dialect.h"
#include "models/store/rowreader.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>

#include <memory>

namespace mltco::catalog {
namespace {

using store::exec;

const QString kSelectSources =
    QStringLiteral("SELECT key, kind, title, reference, published_on, COALESCE(sha256, '') FROM source ORDER BY id");
const QString kSelectProviders = QStringLiteral("SELECT name, display_name, kind FROM provider ORDER BY name");
const QString kSelectGpus = QStringLiteral(
    "SELECT g.id, g.name, g.vendor, g.architecture, COALESCE(g.year, 0), COALESCE(g.memory_gb, 0), "
    "COALESCE(g.tdp_w, 0), g.speedup, COALESCE(s.key, ''), COALESCE(ss.key, '') FROM gpu g "
    "LEFT JOIN source s ON s.id = g.source_id LEFT JOIN source ss ON ss.id = g.speedup_source_id ORDER BY g.name");
const QString kSelectThroughput = QStringLiteral(
    "SELECT t.gpu_id, t.metric, t.tflops, t.gpu_count, s.key FROM throughput t JOIN source s ON s.id = t.source_id "
    "ORDER BY t.gpu_id, t.metric, t.gpu_count");
const QString kSelectInstances = QStringLiteral(
    "SELECT p.name, i.name, COALESCE(g.name, ''), i.gpu_count, i.vcpus, i.memory_gb, COALESCE(s.key, '') "
    "FROM instance_type i JOIN provider p ON p.id = i.provider_id LEFT JOIN gpu g ON g.id = i.gpu_id "
    "LEFT JOIN source s ON s.id = i.source_id WHERE (? = '' OR p.name = ?) ORDER BY p.name, i.name");
// The price listing walks providers by name, their instance types by name (the UNIQUE (provider_id, name)
// index) and each type's prices through price_point_lookup, so its ORDER BY is the order SQLite reads the rows in:
// nothing is sorted, rows stream. An ordered join (SQLite's CROSS JOIN) fixes that join order; the WHERE holds only
// the filters given (a condition like (? = '' OR col = ?) would keep SQLite from using an index for it).
// PostgreSQL's listing is written differently, see priceListingSql.
QByteArray selectPricesFrom(store::Backend backend)
{
    const QByteArray join = store::dialect::orderedJoin(backend).toLatin1();
    return "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, pp.observed_at, s.key, "
           "pp.note, pp.purchase_option, pp.offering_class, pp.upfront, pp.currency FROM provider p " +
           join + " instance_type i ON i.provider_id = p.id " + join +
           " price_point pp ON pp.instance_type_id = i.id JOIN source s ON s.id = pp.source_id";
}
const char kSelectPricesStored[] =
    "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, pp.observed_at, s.key, pp.note, "
    "pp.purchase_option, pp.offering_class, pp.upfront, pp.currency "
    "FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id JOIN provider p ON p.id = i.provider_id "
    "JOIN source s ON s.id = pp.source_id";
const char kPricesOrder[] = " ORDER BY p.name, i.name, pp.pricing_model, pp.region, pp.observed_at, pp.id";
const QString kSelectLatestPrice = QStringLiteral(
    "SELECT p.name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, pp.observed_at, s.key, pp.note, "
    "pp.purchase_option, pp.offering_class, pp.upfront, pp.currency "
    "FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id JOIN provider p ON p.id = i.provider_id "
    "JOIN source s ON s.id = pp.source_id "
    // A plan's price is an hourly rate with nothing paid up front: a reserved term's No Upfront (standard) rate, or a
    // reserved price stored without a purchase option. Partial and All Upfront rows are read only where asked for.
    "WHERE p.name = ? AND i.name = ? AND pp.region = ? AND pp.pricing_model = ? AND pp.observed_at <= ? "
    "AND pp.upfront IS NULL AND pp.offering_class <> 'convertible' "
    "ORDER BY pp.observed_at DESC, pp.id DESC LIMIT 1");
const QString kSelectListPrice = QStringLiteral(
    "SELECT i.list_price FROM instance_type i JOIN provider p ON p.id = i.provider_id WHERE p.name = ? AND i.name = ?");
const QString kUpsertSource =
    QStringLiteral("INSERT INTO source (key, kind, title, reference, published_on, sha256) VALUES (?, ?, ?, ?, ?, ?) "
                   "ON CONFLICT(key) DO UPDATE SET title = excluded.title RETURNING id");
const QString kInsertPrice = QStringLiteral(
    "INSERT INTO price_point (instance_type_id, region, zone, pricing_model, amount, unit, observed_at, source_id, "
    "batch_id, note, purchase_option, offering_class, upfront, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "RETURNING id");

QVariant nullable(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
}

PricePoint readPrice(const QSqlQuery &q)
{
    PricePoint p;
    p.provider = q.value(0).toString();
    p.instance = q.value(1).toString();
    p.region = q.value(2).toString();
    p.zone = q.value(3).toString();
    p.pricing = pricingModelFromKey(q.value(4).toString()).value_or(PricingModel::OnDemand);
    if (!q.value(5).isNull())
        p.amount = q.value(5).toDouble();
    p.unit = priceUnitFromKey(q.value(6).toString()).value_or(PriceUnit::Hour);
    p.observedAt = QDate::fromString(q.value(7).toString(), Qt::ISODate);
    p.source = q.value(8).toString();
    p.note = q.value(9).toString();
    p.purchase = purchaseOptionFromKey(q.value(10).toString()).value_or(PurchaseOption::None);
    p.offering = offeringClassFromKey(q.value(11).toString()).value_or(OfferingClass::None);
    if (!q.value(12).isNull())
        p.upfront = q.value(12).toDouble();
    p.currency = q.value(13).toString();
    return p;
}

// Calls fn for every row. A statement that fails, at the start or part-way (a page that cannot be read),
// is recorded in `failure` (the first one wins), so the caller never takes a short list for the whole.
template <typename Fn>
void forEachRow(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values, Fn fn,
                std::optional<Error> &failure)
{
    Expected<QSqlQuery> q = exec(db, sql, values);
    if (!q) {
        if (!failure)
            failure = store::readFailure(db, q.error().message);
        return;
    }
    while (q->next())
        fn(*q);
    if (q->lastError().isValid() && !failure)
        failure = store::readFailure(db, q->lastError());
}

} // namespace

CatalogRepository::CatalogRepository(QSqlDatabase db) : m_db(std::move(db)) {}

Status CatalogRepository::readStatus() const
{
    if (m_readError)
        return *m_readError;
    return {};
}

QList<Source> CatalogRepository::sources() const
{
    QList<Source> out;
    forEachRow(
        m_db, kSelectSources, {},
        [&](const QSqlQuery &q) {
            out.append(Source{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                              q.value(3).toString(), QDate::fromString(q.value(4).toString(), Qt::ISODate),
                              q.value(5).toString()});
        },
        m_readError);
    return out;
}

QHash<QString, QString> CatalogRepository::sourceLicences() const
{
    QHash<QString, QString> out;
    forEachRow(
        m_db, QStringLiteral("SELECT key, note FROM source WHERE note LIKE 'Licence: %'"), {},
        [&](const QSqlQuery &q) {
            if (const QString licence = licenceOfNote(q.value(1).toString()); !licence.isEmpty())
                out.insert(q.value(0).toString(), licence);
        },
        m_readError);
    return out;
}

QList<Provider> CatalogRepository::providers() const
{
    QList<Provider> out;
    forEachRow(
        m_db, kSelectProviders, {},
        [&](const QSqlQuery &q) {
            out.append(Provider{q.value(0).toString(), q.value(1).toString(),
                                providerKindFromKey(q.value(2).toString()).value_or(ProviderKind::GpuCloud)});
        },
        m_readError);
    return out;
}

QList<Gpu> CatalogRepository::gpus() const
{
    QList<Gpu> out;
    QHash<qint64, qsizetype> indexById;
    forEachRow(
        m_db, kSelectGpus, {},
        [&](const QSqlQuery &q) {
            Gpu g;
            g.name = q.value(1).toString();
            g.vendor = q.value(2).toString();
            g.architecture = q.value(3).toString();
            g.year = q.value(4).toInt();
            g.memoryGb = q.value(5).toDouble();
            g.tdpW = q.value(6).toDouble();
            if (!q.value(7).isNull())
                g.speedup = q.value(7).toDouble();
            g.source = q.value(8).toString();
            g.speedupSource = q.value(9).toString();
            indexById.insert(q.value(0).toLongLong(), out.size());
            out.append(g);
        },
        m_readError);
    forEachRow(
        m_db, kSelectThroughput, {},
        [&](const QSqlQuery &q) {
            const auto it = indexById.constFind(q.value(0).toLongLong());
            if (it != indexById.constEnd())
                out[*it].throughput.append(ThroughputFigure{q.value(1).toString(), q.value(2).toDouble(),
                                                            q.value(3).toInt(), q.value(4).toString()});
        },
        m_readError);
    return out;
}

std::optional<Gpu> CatalogRepository::gpu(const QString &name) const
{
    for (const Gpu &g : gpus())
        if (g.name == name)
            return g;
    return std::nullopt;
}

QList<InstanceType> CatalogRepository::instanceTypes(const QString &provider) const
{
    QList<InstanceType> out;
    const QString p = provider.isNull() ? QStringLiteral("") : provider;
    forEachRow(
        m_db, kSelectInstances, {p, p},
        [&](const QSqlQuery &q) {
            out.append(InstanceType{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                                    q.value(3).toDouble(), q.value(4).toDouble(), q.value(5).toDouble(),
                                    q.value(6).toString()});
        },
        m_readError);
    return out;
}

std::optional<InstanceType> CatalogRepository::instanceType(const QString &provider, const QString &name) const
{
    for (const InstanceType &i : instanceTypes(provider))
        if (i.name == name)
            return i;
    return std::nullopt;
}

std::optional<double> CatalogRepository::listPrice(const QString &provider, const QString &instance) const
{
    Expected<QSqlQuery> q = exec(m_db, kSelectListPrice, {provider, instance});
    if (!q || !q->next() || q->value(0).isNull())
        return std::nullopt;
    return q->value(0).toDouble();
}

QList<CatalogRepository::Offer> CatalogRepository::offers(const QString &provider) const
{
    QList<Offer> out;
    const QString join = store::dialect::orderedJoin(store::backendOf(m_db));
    forEachRow(
        m_db,
        QStringLiteral(
            "SELECT i.name, pp.region, pp.pricing_model FROM provider p %1 instance_type i ON i.provider_id = p.id "
            "%1 price_point pp ON pp.instance_type_id = i.id WHERE p.name = ? AND pp.amount > 0 "
            "GROUP BY i.name, pp.pricing_model, pp.region ORDER BY i.name, pp.pricing_model, pp.region")
            .arg(join),
        {provider},
        [&](const QSqlQuery &q) {
            out.append({q.value(0).toString(), q.value(1).toString(),
                        pricingModelFromKey(q.value(2).toString()).value_or(PricingModel::OnDemand)});
        },
        m_readError);
    return out;
}

QHash<QString, QHash<QString, int>> CatalogRepository::regionCounts() const
{
    QHash<QString, QHash<QString, int>> out;
    const QString join = store::dialect::orderedJoin(store::backendOf(m_db));
    forEachRow(
        m_db,
        QStringLiteral("SELECT p.name, pp.region, COUNT(*) FROM provider p %1 instance_type i ON i.provider_id = p.id "
                       "%1 price_point pp ON pp.instance_type_id = i.id GROUP BY p.name, pp.region")
            .arg(join),
        {}, [&](const QSqlQuery &q) { out[q.value(0).toString()][q.value(1).toString()] = q.value(2).toInt(); },
        m_readError);
    return out;
}

QList<PricePoint> CatalogRepository::prices(const PriceFilter &filter) const
{
    QList<PricePoint> out;
    forEachPrice(filter, [&](const PricePoint &p) {
        out.append(p);
        return true;
    });
    return out;
}

namespace {

// A text column as a QString, reusing the previous row's when the bytes are the same (the listing's order
// repeats provider, instance, region and source over long runs): no allocation for most rows, and no memory
// that grows with the rows.
class RepeatedText final
{
public:
    const QString &operator()(QByteArrayView bytes)
    {
        if (!m_valid || bytes != QByteArrayView(m_bytes)) {
            m_bytes = bytes.toByteArray();
            m_text = QString::fromUtf8(m_bytes);
            m_valid = true;
        }
        return m_text;
    }

private:
    bool m_valid = false;
    QByteArray m_bytes;
    QString m_text;
};

} // namespace

QByteArray CatalogRepository::priceListingSql(const PriceFilter &filter, PriceOrder order, store::Backend backend)
{
    // On PostgreSQL the listing's order comes from a nested loop, never a sort: the instance types in name order (a
    // derived table), and for each, LATERAL, its prices through price_point_lookup in the index's order, the id last
    // (ties in the index are few, and sorted as they come). A plain join's ORDER BY made the server sort each type's
    // prices again (its planner does not carry the inner side's order through a join): 2.3 s of server time for a
    // million prices, where this takes about 1 s (docs/benchmarks.md). The loop's order is the result's: the outer
    // query has no ORDER BY of its own, which the planner may answer with a sort after the loop (it did, with a
    // provider named), and a sort keeps no order among a type's rows. The reader (Plan::FirstRowsSoon) rules out
    // parallel workers, whose rows would interleave; tst_catalogrepository checks the plan and the order. Filters go
    // where they narrow: provider and instance on the types, region and pricing model on the prices.
    if (order == PriceOrder::Listing && backend == store::Backend::PostgreSql) {
        QByteArray types = "SELECT i.id, p.name AS provider_name, i.name FROM provider p JOIN instance_type i ON "
                           "i.provider_id = p.id";
        QByteArray prices = "SELECT pp.id, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, pp.observed_at, "
                            "s.key, pp.note, pp.purchase_option, pp.offering_class, pp.upfront, pp.currency FROM "
                            "price_point pp JOIN source s ON s.id = pp.source_id WHERE pp.instance_type_id = i.id";
        if (!filter.provider.isEmpty())
            types += " WHERE p.name = ?";
        if (!filter.instance.isEmpty())
            types += filter.provider.isEmpty() ? " WHERE i.name = ?" : " AND i.name = ?";
        if (!filter.region.isEmpty())
            prices += " AND pp.region = ?";
        if (filter.pricing)
            prices += " AND pp.pricing_model = ?";
        return "SELECT i.provider_name, i.name, pp.region, pp.zone, pp.pricing_model, pp.amount, pp.unit, "
               "pp.observed_at, pp.key, pp.note, pp.purchase_option, pp.offering_class, pp.upfront, pp.currency FROM (" +
               types + " ORDER BY p.name, i.name) i CROSS JOIN LATERAL (" + prices +
               " ORDER BY pp.pricing_model, pp.region, pp.observed_at, pp.id) pp";
    }
    QByteArray sql = order == PriceOrder::Listing ? selectPricesFrom(backend) : QByteArray(kSelectPricesStored);
    bool first = true;
    const auto where = [&](const char *condition) {
        sql += first ? " WHERE " : " AND ";
        sql += condition;
        first = false;
    };
    if (!filter.provider.isEmpty())
        where("p.name = ?");
    if (!filter.instance.isEmpty())
        where("i.name = ?");
    if (!filter.region.isEmpty())
        where("pp.region = ?");
    if (filter.pricing) {
        where("pp.pricing_model = ?");
    } else if (!filter.region.isEmpty() && order == PriceOrder::Listing) {
        // The index holds the pricing model before the region: a region alone can narrow its search (and keep its
        // order) only once every pricing model is named. The schema's CHECK allows no other, so no row is lost.
        QByteArray every = "pp.pricing_model IN ('" + pricingModelKeys().join(QStringLiteral("','")).toLatin1() + "')";
        where(every.constData());
    }
    if (order == PriceOrder::Listing)
        sql += kPricesOrder;
    return sql;
}

void CatalogRepository::forEachPriceRow(const PriceFilter &filter, PriceOrder order,
                                        const std::function<bool(const PriceRowView &)> &visit) const
{
    const auto fail = [&](const Error &error) {
        if (!m_readError)
            m_readError = error;
    };
    const QByteArray sql = priceListingSql(filter, order, store::backendOf(m_db));
    // The values of the conditions priceListingSql wrote, in its order.
    QVariantList values;
    for (const QString &value : {filter.provider, filter.instance, filter.region})
        if (!value.isEmpty())
            values << value;
    if (filter.pricing)
        values << pricingModelKey(*filter.pricing);
    // Through SQLite's own statement on a file (no QVariant per value), row by row on PostgreSQL.
    // The listing's rows are used as they come: the first ones soonest (on a store, a plan that streams).
    Expected<std::unique_ptr<store::RowReader>> reader = store::RowReader::start(
        m_db, sql, values,
        order == PriceOrder::Listing ? store::RowReader::Plan::FirstRowsSoon : store::RowReader::Plan::AllRows);
    if (!reader) {
        fail(reader.error());
        return;
    }
    store::RowReader &rows = **reader;
    PriceRowView row;
    while (rows.next()) {
        row.provider = rows.text(0);
        row.instance = rows.text(1);
        row.region = rows.text(2);
        row.zone = rows.text(3);
        row.pricing = rows.text(4);
        row.amount = rows.isNull(5) ? std::nullopt : std::optional<double>(rows.real(5));
        row.unit = rows.text(6);
        row.observedAt = rows.text(7);
        row.source = rows.text(8);
        row.note = rows.text(9);
        row.purchase = rows.text(10);
        row.offering = rows.text(11);
        row.upfront = rows.isNull(12) ? std::nullopt : std::optional<double>(rows.real(12));
        row.currency = rows.text(13);
        if (!visit(row))
            return;
    }
    if (rows.error())
        fail(*rows.error());
}

void CatalogRepository::forEachPrice(const PriceFilter &filter,
                                     const std::function<bool(const PricePoint &)> &visit) const
{
    RepeatedText provider, instance, region, zone, source;
    QByteArray lastCurrency;
    QString currency;
    QByteArray lastDateText;
    QDate lastDate;
    PricePoint p;
    forEachPriceRow(filter, PriceOrder::Listing, [&](const PriceRowView &row) {
        p.provider = provider(row.provider);
        p.instance = instance(row.instance);
        p.region = region(row.region);
        p.zone = zone(row.zone);
        p.pricing = pricingModelFromKey(QString::fromLatin1(row.pricing)).value_or(PricingModel::OnDemand);
        p.amount = row.amount;
        p.unit = row.unit == "month" ? PriceUnit::Month : PriceUnit::Hour;
        if (row.observedAt != QByteArrayView(lastDateText)) {
            lastDateText = row.observedAt.toByteArray();
            lastDate = QDate::fromString(QString::fromLatin1(lastDateText), Qt::ISODate);
        }
        p.observedAt = lastDate;
        p.source = source(row.source);
        p.note = row.note.isEmpty() ? QString() : QString::fromUtf8(row.note);
        p.purchase = purchaseOptionFromKey(QString::fromLatin1(row.purchase)).value_or(PurchaseOption::None);
        p.offering = offeringClassFromKey(QString::fromLatin1(row.offering)).value_or(OfferingClass::None);
        p.upfront = row.upfront;
        if (row.currency != QByteArrayView(lastCurrency)) {
            lastCurrency = row.currency.toByteArray();
            currency = QString::fromLatin1(lastCurrency);
        }
        p.currency = currency;
        return visit(p);
    });
}

Expected<PricePoint> CatalogRepository::latestPrice(const QString &provider, const QString &instance,
                                                    const QString &region, PricingModel pricing,
                                                    const QDate &asOf) const
{
    const QString what = QStringLiteral("%1 %2 in %3 (%4) on or before %5")
                             .arg(provider, instance, region, pricingModelKey(pricing), asOf.toString(Qt::ISODate));
    // A null QString binds as SQL NULL, which equals nothing: a price without a region is stored as ''.
    Expected<QSqlQuery> q = exec(m_db, kSelectLatestPrice,
                                 {provider, instance, region.isNull() ? QStringLiteral("") : region,
                                  pricingModelKey(pricing), asOf.toString(Qt::ISODate)});
    if (!q)
        return q.error();
    if (!q->next())
        return Error{QStringLiteral("No price for %1 in the catalog.").arg(what), {}};
    PricePoint p = readPrice(*q);
    if (!p.hourly())
        return Error{QStringLiteral("The price of %1 is missing (the latest observation, %2 from %3, gives none).")
                         .arg(what, p.observedAt.toString(Qt::ISODate), p.source),
                     {}};
    return p;
}


Expected<qint64> CatalogRepository::addUserPrice(const PricePoint &price)
{
    store::Transaction tx(m_db);
    if (!tx.isActive())
        return Error{tx.errorString(), {}};
    Expected<QSqlQuery> src = exec(m_db, kUpsertSource,
                                   {QStringLiteral("user"), QStringLiteral("user"), QStringLiteral("Entered by hand"),
                                    QStringLiteral(""), QVariant(), QVariant()});
    if (!src || !src->next())
        return Error{
            QStringLiteral("The price was not saved: %1").arg(src ? store::errorInWords(m_db, src->lastError()) : src.error().message), {}};
    const qint64 sourceId = src->value(0).toLongLong();
    src->finish();
    Expected<QSqlQuery> id =
        exec(m_db,
             QStringLiteral("SELECT i.id FROM instance_type i JOIN provider p ON p.id = i.provider_id "
                            "WHERE p.name = ? AND i.name = ?"),
             {price.provider, price.instance});
    if (!id || !id->next())
        return Error{
            QStringLiteral("The price was not saved: no instance type %1 of %2.").arg(price.instance, price.provider),
            {}};
    Expected<QSqlQuery> q =
        exec(m_db, kInsertPrice,
             {id->value(0).toLongLong(), price.region, price.zone.isNull() ? QStringLiteral("") : price.zone,
              pricingModelKey(price.pricing), nullable(price.amount), priceUnitKey(price.unit),
              price.observedAt.toString(Qt::ISODate), sourceId, QVariant(),
              price.note.isNull() ? QStringLiteral("") : price.note, purchaseOptionKey(price.purchase),
              offeringClassKey(price.offering), nullable(price.upfront),
              price.currency.isEmpty() ? QStringLiteral("USD") : price.currency});
    if (!q)
        return Error{QStringLiteral("The price was not saved: %1").arg(q.error().message), {}};
    const qint64 rowId = store::insertedId(*q);
    if (!tx.commit())
        return Error{QStringLiteral("The price was not saved: %1").arg(tx.errorString()), {}};
    return rowId;
}


} // namespace mltco::catalog
