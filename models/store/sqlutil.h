#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <QByteArrayView>

#include <initializer_list>

struct sqlite3;
struct sqlite3_stmt;

namespace mltco::store {

/// Prepares `sql` on `db`, binds `values` positionally and executes it, forward-only (rows are read once, never
/// cached: a result of a million rows costs no memory). On failure returns an Error
/// naming `what` and the SQLite message. Every statement in the project goes through this or a
/// prepared QSqlQuery whose result is checked.
Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values = {},
                         const QString &what = {});

/// The id an `INSERT … RETURNING id` gave its row (both databases write RETURNING alike; QSqlQuery::lastInsertId()
/// has nothing to say on PostgreSQL). 0 when no row came back.
qint64 insertedId(QSqlQuery &query);

/// Runs one statement that needs no bound values (PRAGMA, DDL).
Status execPlain(const QSqlDatabase &db, const QString &sql);

/// "the document is damaged: DETAIL. Restore it from a backup; mltco will not read or write it." For a
/// statement that failed on a document that passed its check when it was opened.
Error damage(const QString &detail);

/// Reads a single integer (e.g. a PRAGMA); nullopt-like Error on failure.
Expected<qint64> queryInt(const QSqlDatabase &db, const QString &sql);

/// The SQLite handle under a QSQLITE connection, for the few reads where QSqlQuery's QVariant per value is the cost
/// (a million prices); nullptr for another driver.
sqlite3 *sqliteHandle(const QSqlDatabase &db);
/// A text column of the current row, without copying (valid until the next step).
QByteArrayView columnBytes(sqlite3_stmt *stmt, int column);

} // namespace mltco::store
