#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <QByteArrayView>

#include <initializer_list>

struct sqlite3;
struct sqlite3_stmt;

namespace mltco::store {

/// Prepares `sql` on `db`, binds `values` positionally and executes it, forward-only (rows are read once, never
/// cached: a result of a million rows costs no memory). On failure returns an Error naming `what` and the failure in
/// words (errorInWords); without `what`, a failure of the machine or the network (a full disk, a lost server) is said
/// alone, and any other failure after the statement's text. Every statement in the project goes through this or a
/// prepared QSqlQuery whose result is checked.
Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values = {},
                         const QString &what = {});

/// The id an `INSERT … RETURNING id` gave its row (both databases write RETURNING alike; QSqlQuery::lastInsertId()
/// has nothing to say on PostgreSQL). 0 when no row came back.
qint64 insertedId(QSqlQuery &query);

/// Runs one statement that needs no bound values (PRAGMA, DDL).
Status execPlain(const QSqlDatabase &db, const QString &sql);

/// Marks a team store's connection as streaming a read's rows (RowReader) or not. While it streams, exec(),
/// execPlain() and queryInt() refuse in words ("Another read on this connection … is still under way") instead of
/// sending a statement that Qt's driver would wait on forever.
void setReading(const QSqlDatabase &db, bool reading);

/// "the document is damaged: DETAIL. Restore it from a backup; mltco will not read or write it." For a
/// statement that failed on a document that passed its check when it was opened.
Error damage(const QString &detail);
/// A read through `db` that failed, in words. On a team store: its connection down (closed while the store does not
/// answer, lost, or cut by the link watch), "Cannot read the team store: …"; a role that may not read (SQLSTATE
/// 42501) says so and which role reads; the server's own report of damaged data (class XX) is damage(detail); any other
/// refusal (a statement cancelled or timed out, a lock not granted) is the server's words, never "damaged". On a file,
/// damage(detail): SQLite fails a read only on a damaged file or disk. `sqlState` is the server's code where known.
Error readFailure(const QSqlDatabase &db, const QString &detail, const QString &sqlState = {});
/// The same for a statement's error (its text, and its SQLSTATE on a team store).
Error readFailure(const QSqlDatabase &db, const QSqlError &error);

/// A failed statement's error in words a person can act on. A full disk is "the disk holding "FOLDER" is full", an
/// I/O error names the folder too; on a team store a full disk on the server, a lost connection and an answer that
/// never came are said as such. Any other error is the driver's own text.
QString errorInWords(const QSqlDatabase &db, const QSqlError &error);
/// Whether a team store's statement failed because its connection broke (or the link watch closed it): what it was
/// writing is then rolled back by the server, unless the break came while it committed.
bool connectionLost(const QSqlDatabase &db, const QSqlError &error);
/// The same for a statement run through the SQLite handle itself: `what` and SQLite's words for its last error.
QString sqliteErrorInWords(sqlite3 *handle, const QString &what);
/// "the disk holding "FOLDER" is full", for the folder of `path`.
QString diskFull(const QString &path);

/// Moves everything a document's write-ahead log holds into the document file itself and empties the log
/// (`PRAGMA wal_checkpoint(TRUNCATE)`), or says in words why it could not: a new file is renamed into place only once
/// the file alone holds all of it. (SQLite checkpoints when the last connection closes, but a checkpoint that fails
/// there, on a full disk, is silent and leaves the data in the log, which a file renamed without it lacks.)
Status checkpointFully(const QSqlDatabase &db);

/// Reads a single integer (e.g. a PRAGMA); nullopt-like Error on failure.
Expected<qint64> queryInt(const QSqlDatabase &db, const QString &sql);

/// The SQLite handle under a QSQLITE connection, for the few reads where QSqlQuery's QVariant per value is the cost
/// (a million prices); nullptr for another driver.
sqlite3 *sqliteHandle(const QSqlDatabase &db);
/// A text column of the current row, without copying (valid until the next step).
QByteArrayView columnBytes(sqlite3_stmt *stmt, int column);

} // namespace mltco::store
