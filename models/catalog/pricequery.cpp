#include "models/catalog/pricequery.h"

#include "models/catalog/pricerecords.h"
#include "models/store/dialect.h"
#include "models/store/rowreader.h"

#include <memory>

namespace mltco::catalog {
namespace {

QByteArray orderOf(const PriceQuery &q, store::Backend backend)
{
    const auto noCase = [backend](const char *column) {
        return store::dialect::noCase(QLatin1String(column), backend).toLatin1();
    };
    QByteArray column;
    switch (q.sortBy) {
    case PriceQuery::SortBy::Added:
        return q.descending ? "pp.id DESC" : "pp.id";
    case PriceQuery::SortBy::Provider:
        column = noCase("p.name");
        break;
    case PriceQuery::SortBy::Instance:
        column = noCase("i.name");
        break;
    case PriceQuery::SortBy::Region:
        column = noCase("pp.region");
        break;
    case PriceQuery::SortBy::Zone:
        column = noCase("pp.zone");
        break;
    case PriceQuery::SortBy::Pricing: {
        // The pricing models in the order of their enum, as the page lists them.
        column = "CASE pp.pricing_model";
        const QStringList keys = pricingModelKeys();
        for (qsizetype i = 0; i < keys.size(); ++i)
            column += " WHEN '" + keys[i].toLatin1() + "' THEN " + QByteArray::number(i);
        column += " END";
        break;
    }
    case PriceQuery::SortBy::Hourly:
        // Per hour, a month at 730 hours; a missing price (none, or not above 0) before every real one.
        column = "CASE WHEN pp.amount > 0 THEN (CASE pp.unit WHEN 'month' THEN pp.amount / 730.0 ELSE pp.amount END) "
                 "ELSE -1 END";
        break;
    case PriceQuery::SortBy::ObservedAt:
        column = "pp.observed_at";
        break;
    case PriceQuery::SortBy::Source:
        column = noCase("s.key");
        break;
    case PriceQuery::SortBy::Note:
        column = noCase("pp.note");
        break;
    }
    return column + (q.descending ? " DESC, pp.id" : ", pp.id");
}

// LIKE's pattern for "contains `text`", with % _ and \ taken literally.
QByteArray containsPattern(const QString &text)
{
    QByteArray pattern = "%";
    for (const char c : text.toUtf8()) {
        if (c == '%' || c == '_' || c == '\\')
            pattern += '\\';
        pattern += c;
    }
    return pattern + '%';
}

} // namespace

Expected<std::vector<qint64>> readPriceIds(const QSqlDatabase &db, const PriceQuery &query)
{
    const store::Backend backend = store::backendOf(db);
    QByteArray sql = "SELECT pp.id FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id "
                     "JOIN provider p ON p.id = i.provider_id JOIN source s ON s.id = pp.source_id WHERE 1 = 1";
    QVariantList values;
    if (!query.provider.isEmpty()) {
        sql += " AND p.name = ?";
        values << query.provider;
    }
    if (query.pricing) {
        sql += " AND pp.pricing_model = ?";
        values << pricingModelKey(*query.pricing);
    }
    if (!query.text.isEmpty()) {
        const QByteArray like = ' ' + store::dialect::likeNoCase(backend).toLatin1() + " ? ESCAPE '\\'";
        const QString pattern = QString::fromUtf8(containsPattern(query.text));
        QByteArrayList any;
        for (const char *column : {"p.name", "i.name", "pp.region", "pp.zone", "s.key", "s.title", "pp.note"}) {
            any << column + like;
            values << pattern;
        }
        sql += " AND (" + any.join(" OR ") + ')';
    }
    sql += " ORDER BY " + orderOf(query, backend);
    Expected<std::unique_ptr<store::RowReader>> rows = store::RowReader::start(db, sql, values);
    if (!rows)
        return rows.error();
    std::vector<qint64> ids;
    while ((*rows)->next())
        ids.push_back((*rows)->int64(0));
    if ((*rows)->error())
        return *(*rows)->error();
    return ids;
}

Expected<std::vector<qint64>> readPriceIdsAt(const QString &documentPath, const PriceQuery &query)
{
    return withWorkerConnection(documentPath, [&](const QSqlDatabase &db) { return readPriceIds(db, query); });
}

} // namespace mltco::catalog
