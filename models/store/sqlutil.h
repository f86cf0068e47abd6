#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <initializer_list>

namespace mltco::store {

/// Prepares `sql` on `db`, binds `values` positionally and executes it. On failure returns an Error
/// naming `what` and the SQLite message. Every statement in the project goes through this or a
/// prepared QSqlQuery whose result is checked.
Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values = {},
                         const QString &what = {});

/// Runs one statement that needs no bound values (PRAGMA, DDL).
Status execPlain(const QSqlDatabase &db, const QString &sql);

/// "the document is damaged: DETAIL. Restore it from a backup; mltco will not read or write it." For a
/// statement that failed on a document that passed its check when it was opened.
Error damage(const QString &detail);

/// Reads a single integer (e.g. a PRAGMA); nullopt-like Error on failure.
Expected<qint64> queryInt(const QSqlDatabase &db, const QString &sql);

} // namespace mltco::store
