#include "models/store/sqlutil.h"

#include <QSqlDriver>
#include <QSqlError>

#include <sqlite3.h>

namespace mltco::store {

Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values,
                         const QString &what)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return Error{QStringLiteral("%1: %2").arg(what.isEmpty() ? sql : what, query.lastError().text()), {}};
    int i = 0;
    for (const QVariant &v : values)
        query.bindValue(i++, v);
    if (!query.exec())
        return Error{QStringLiteral("%1: %2").arg(what.isEmpty() ? sql : what, query.lastError().text()), {}};
    return query;
}

qint64 insertedId(QSqlQuery &query)
{
    const qint64 id = query.next() ? query.value(0).toLongLong() : 0;
    query.finish(); // SQLite will not commit while a statement with RETURNING is still open
    return id;
}

Status execPlain(const QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    if (!query.exec(sql))
        return Error{QStringLiteral("%1: %2").arg(sql, query.lastError().text()), {}};
    return {};
}

Expected<qint64> queryInt(const QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    if (!query.exec(sql) || !query.next())
        return Error{QStringLiteral("%1: %2").arg(sql, query.lastError().text()), {}};
    return query.value(0).toLongLong();
}

sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    const QVariant v = db.driver()->handle();
    if (v.isValid() && qstrcmp(v.typeName(), "sqlite3*") == 0)
        return *static_cast<sqlite3 *const *>(v.constData());
    return nullptr;
}

QByteArrayView columnBytes(sqlite3_stmt *stmt, int column)
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(stmt, column));
    return text ? QByteArrayView(text, sqlite3_column_bytes(stmt, column)) : QByteArrayView();
}

Error damage(const QString &detail)
{
    return Error{QStringLiteral("the document is damaged: %1. Restore it from a backup; mltco will not read or write it.")
                     .arg(detail),
                 {}};
}

} // namespace mltco::store
