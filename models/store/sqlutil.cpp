#include "models/store/sqlutil.h"

#include <QSqlError>

namespace mltco::store {

Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values,
                         const QString &what)
{
    QSqlQuery query(db);
    if (!query.prepare(sql))
        return Error{QStringLiteral("%1: %2").arg(what.isEmpty() ? sql : what, query.lastError().text()), {}};
    int i = 0;
    for (const QVariant &v : values)
        query.bindValue(i++, v);
    if (!query.exec())
        return Error{QStringLiteral("%1: %2").arg(what.isEmpty() ? sql : what, query.lastError().text()), {}};
    return query;
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

Error damage(const QString &detail)
{
    return Error{QStringLiteral("the document is damaged: %1. Restore it from a backup; mltco will not read or write it.")
                     .arg(detail),
                 {}};
}

} // namespace mltco::store
