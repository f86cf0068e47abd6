#include "models/catalog/pricequery.h"

#include "models/catalog/importrunner.h"
#include "models/store/sqlutil.h"

#include <sqlite3.h>

#include <memory>

namespace mltco::catalog {
namespace {

QByteArray orderOf(const PriceQuery &q)
{
    QByteArray column;
    switch (q.sortBy) {
    case PriceQuery::SortBy::Added:
        return q.descending ? "pp.id DESC" : "pp.id";
    case PriceQuery::SortBy::Provider:
        column = "p.name COLLATE NOCASE";
        break;
    case PriceQuery::SortBy::Instance:
        column = "i.name COLLATE NOCASE";
        break;
    case PriceQuery::SortBy::Region:
        column = "pp.region COLLATE NOCASE";
        break;
    case PriceQuery::SortBy::Zone:
        column = "pp.zone COLLATE NOCASE";
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
        column = "s.key COLLATE NOCASE";
        break;
    case PriceQuery::SortBy::Note:
        column = "pp.note COLLATE NOCASE";
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
    sqlite3 *handle = store::sqliteHandle(db);
    if (!handle)
        return Error{QStringLiteral("The document's database connection is not SQLite."), {}};
    QByteArray sql = "SELECT pp.id FROM price_point pp JOIN instance_type i ON i.id = pp.instance_type_id "
                     "JOIN provider p ON p.id = i.provider_id JOIN source s ON s.id = pp.source_id WHERE 1";
    std::vector<QByteArray> values;
    if (!query.provider.isEmpty()) {
        sql += " AND p.name = ?";
        values.push_back(query.provider.toUtf8());
    }
    if (query.pricing) {
        sql += " AND pp.pricing_model = ?";
        values.push_back(pricingModelKey(*query.pricing).toLatin1());
    }
    if (!query.text.isEmpty()) {
        const QByteArray like = " LIKE ?" + QByteArray::number(static_cast<qsizetype>(values.size()) + 1) + " ESCAPE '\\'";
        QByteArrayList any;
        for (const char *column : {"p.name", "i.name", "pp.region", "pp.zone", "s.key", "s.title", "pp.note"})
            any << column + like;
        sql += " AND (" + any.join(" OR ") + ')';
        values.push_back(containsPattern(query.text));
    }
    sql += " ORDER BY " + orderOf(query);
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(handle, sql.constData(), static_cast<int>(sql.size()), &stmt, nullptr) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return store::damage(QString::fromUtf8(sqlite3_errmsg(handle)));
    }
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> finalizer(stmt, sqlite3_finalize);
    for (std::size_t i = 0; i < values.size(); ++i)
        sqlite3_bind_text(stmt, static_cast<int>(i) + 1, values[i].constData(), static_cast<int>(values[i].size()),
                          SQLITE_STATIC);
    std::vector<qint64> ids;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
        ids.push_back(sqlite3_column_int64(stmt, 0));
    if (rc != SQLITE_DONE)
        return store::damage(QString::fromUtf8(sqlite3_errmsg(handle)));
    return ids;
}

Expected<std::vector<qint64>> readPriceIdsAt(const QString &documentPath, const PriceQuery &query)
{
    return withWorkerConnection(documentPath, [&](const QSqlDatabase &db) { return readPriceIds(db, query); });
}

} // namespace mltco::catalog
