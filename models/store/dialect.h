#pragma once

#include "models/common/expected.h"
#include "models/store/location.h"
#include "models/store/transaction.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

/// Every difference between the two databases a document may live in, SQLite and PostgreSQL, in one place. The rest
/// of the code writes SQL both run: `?` placeholders, `INSERT … RETURNING id`, `ON CONFLICT … DO …`, COALESCE, text
/// dates in ISO form. What cannot be written once is asked of this module.
namespace mltco::store::dialect {

/// A schema statement as written for SQLite (docs/architecture.md, schema.cpp), in `backend`'s words. For PostgreSQL:
/// `INTEGER PRIMARY KEY` is a BIGINT identity, INTEGER is BIGINT, REAL is DOUBLE PRECISION, and a month check
/// (`@MONTH(column)@`) is a regular expression instead of GLOB patterns.
QString schemaStatement(const char *sqliteSql, Backend backend);

/// Statements a schema step adds on `backend` alone (PostgreSQL's change notifications); empty for most.
QStringList extraSchemaStatements(int toVersion, Backend backend);

/// What marks a database as a mltco document: its application id and schema version (SQLite's header fields
/// `application_id` and `user_version`; on PostgreSQL the one row of table mltco_document).
struct SchemaMark final
{
    bool isEmpty = false; ///< nothing is in it yet: a new store to be created
    bool isMltco = false;
    int version = 0;
};
Expected<SchemaMark> readSchemaMark(const QSqlDatabase &db);
/// Marks a new, empty database as a mltco document of version 0 (inside the caller's transaction on PostgreSQL).
Status markNew(const QSqlDatabase &db);
Status writeSchemaVersion(const QSqlDatabase &db, int version);

/// Takes the document's write lock inside the transaction just begun: SQLite's BEGIN IMMEDIATE does it itself; on
/// PostgreSQL a transaction-scoped advisory lock makes writers take turns just the same, waiting up to `timeoutMs`.
/// Returns the driver's error when the lock was not taken.
QSqlError lockForWriting(const QSqlDatabase &db, int timeoutMs, WriteLock lock = WriteLock::Document);
/// How long a writer on this connection waits for another one (SQLite's busy_timeout; on PostgreSQL the lock_timeout
/// of the write lock), in ms: kBusyTimeoutMs unless set.
void setBusyTimeout(const QSqlDatabase &db, int ms);
int busyTimeout(const QSqlDatabase &db);
/// The words of BEGIN for a write transaction.
QString beginWrite(Backend backend);
/// Why a write transaction could not start, in words, from the driver's error (busy, read-only, or as it said).
QString writeRefusal(const QSqlDatabase &db, const QString &nativeCode, const QString &text, int timeoutMs);

/// `column` compared and sorted without regard to case (ASCII letters, as SQLite's NOCASE).
QString noCase(const QString &column, Backend backend);
/// LIKE without regard to case (SQLite's LIKE already ignores ASCII case; PostgreSQL's ILIKE).
QString likeNoCase(Backend backend);

/// A join that keeps its tables in the order written (`a <join> b ON …`): SQLite's CROSS JOIN, which its planner never
/// reorders, so a listing is read in its index's order and nothing is sorted; a plain JOIN on PostgreSQL, where CROSS
/// JOIN takes no ON and the planner sorts as the ORDER BY asks.
QString orderedJoin(Backend backend);

/// Starts counting the changes other connections commit (on PostgreSQL: LISTEN on kChangeChannel; the driver
/// delivers each notification in the connection's thread's event loop). Nothing to do for SQLite.
Status subscribeToChanges(const QSqlDatabase &db);
/// A number that changes whenever another connection commits a change to the document (SQLite's data_version;
/// on PostgreSQL the notifications from other sessions counted since subscribeToChanges). -1 when unreadable.
/// `what`: every change, or only the plans' (SQLite's data_version cannot tell them apart: -1 for Plans there).
enum class Changes { All, Plans };
qint64 dataVersion(const QSqlDatabase &db, Changes what = Changes::All);

/// Why the connected role may not write the store (a role without INSERT on its tables), empty when it may.
/// Always empty for SQLite, whose file permissions are checked by the document.
QString readOnlyRole(const QSqlDatabase &db);

/// Why the connected role may not create a store's tables in the database (no CREATE on its schema), empty when it
/// may.
QString cannotCreate(const QSqlDatabase &db);

/// The notification channel PostgreSQL's triggers send a table's name on when it changes.
inline constexpr char kChangeChannel[] = "mltco_changed";

} // namespace mltco::store::dialect
