#include "models/store/sqlutil.h"

#include "models/store/linkwatch.h"

#include <QSqlDriver>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QStorageInfo>

#include <sqlite3.h>

#include <atomic>
#include <optional>

namespace mltco::store {

namespace {
// Less than this free on a document's disk, and a failed write is the full disk's doing.
constexpr qint64 kNearlyFullBytes = 1024 * 1024;

/// A failed statement's message. What the machine or the network did (a full disk, a lost server: errorInWords has
/// words for it) is said alone, or after `what`: the statement's text would tell the reader nothing. Any other error
/// (the driver's own text) follows `what`, or the statement itself, which is what whoever reads a report of it needs.
QString failedStatement(const QSqlDatabase &db, const QSqlError &error, const QString &sql, const QString &what)
{
    const QString words = errorInWords(db, error);
    if (!what.isEmpty())
        return QStringLiteral("%1: %2").arg(what, words);
    return words == error.text() ? QStringLiteral("%1: %2").arg(sql, words) : words;
}

constexpr char kReading[] = "mltcoReading";
std::atomic<int> g_reading{0}; // connections marked by setReading(): none, and no statement looks further

/// A statement sent on a connection whose read is still streaming its rows would never end (Qt's driver waits for
/// the stream's end) or would swallow the rest of it: refused in words instead.
std::optional<Error> readUnderWay(const QSqlDatabase &db)
{
    if (g_reading.load(std::memory_order_relaxed) == 0 || !db.driver() || !db.driver()->property(kReading).toBool())
        return std::nullopt;
    return Error{QStringLiteral("Another read on this connection of the team store is still under way; the statement "
                                "was not sent."),
                 {}};
}
} // namespace

void setReading(const QSqlDatabase &db, bool reading)
{
    if (!db.driver() || db.driver()->property(kReading).toBool() == reading)
        return;
    db.driver()->setProperty(kReading, reading ? QVariant(true) : QVariant());
    g_reading.fetch_add(reading ? 1 : -1, std::memory_order_relaxed);
    setStreaming(db, reading);
}

Expected<QSqlQuery> exec(const QSqlDatabase &db, const QString &sql, std::initializer_list<QVariant> values,
                         const QString &what)
{
    if (std::optional<Error> busy = readUnderWay(db))
        return *busy;
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return Error{failedStatement(db, query.lastError(), sql, what), {}};
    int i = 0;
    for (const QVariant &v : values)
        query.bindValue(i++, v);
    if (!query.exec())
        return Error{failedStatement(db, query.lastError(), sql, what), {}};
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
    if (std::optional<Error> busy = readUnderWay(db))
        return *busy;
    QSqlQuery query(db);
    if (!query.exec(sql))
        return Error{failedStatement(db, query.lastError(), sql, {}), {}};
    return {};
}

Expected<qint64> queryInt(const QSqlDatabase &db, const QString &sql)
{
    if (std::optional<Error> busy = readUnderWay(db))
        return *busy;
    QSqlQuery query(db);
    if (!query.exec(sql) || !query.next())
        return Error{failedStatement(db, query.lastError(), sql, {}), {}};
    return query.value(0).toLongLong();
}

Status checkpointFully(const QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")) || !q.next())
        return Error{errorInWords(db, q.lastError()), {}};
    // busy, pages in the log, pages moved: (0, 0, 0) once the log is empty; (0, -1, -1) for a file without one.
    const qint64 busy = q.value(0).toLongLong();
    const qint64 logged = q.value(1).toLongLong();
    const qint64 moved = q.value(2).toLongLong();
    if (busy != 0 || moved != logged)
        return Error{QStringLiteral("its write-ahead log could not be moved into the file (%1 of %2 pages)")
                         .arg(moved)
                         .arg(logged),
                     {}};
    return {};
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

QString diskFull(const QString &path)
{
    return QStringLiteral("the disk holding \"%1\" is full").arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath()));
}

namespace {

QString sqliteInWords(int code, const QString &path, const QString &text)
{
    switch (code) {
    case SQLITE_FULL:
        return diskFull(path);
    case SQLITE_IOERR: {
        // Growing the shared-memory index of a document on a disk with no room left fails as an I/O error, not as
        // SQLITE_FULL: with (nearly) nothing free, the full disk is the reason.
        const QString folder = QFileInfo(path).absolutePath();
        QStorageInfo disk(folder);
        if (disk.isValid() && disk.bytesAvailable() < kNearlyFullBytes)
            return diskFull(path);
        return QStringLiteral("the disk holding \"%1\" failed to read or write (%2)")
            .arg(QDir::toNativeSeparators(folder), text);
    }
    default:
        return text;
    }
}

} // namespace

bool connectionLost(const QSqlDatabase &db, const QSqlError &error)
{
    if (db.driverName() == QLatin1String("QSQLITE"))
        return false;
    if (cutForNoAnswer(db) || !db.isOpen())
        return true;
    // Class 08 (connection exception), or libpq's words for a connection that broke without a code.
    const QString said = error.databaseText() + error.driverText();
    return error.nativeErrorCode().startsWith(QLatin1String("08")) ||
           said.contains(QLatin1String("server closed the connection")) ||
           said.contains(QLatin1String("no connection to the server")) ||
           said.contains(QLatin1String("connection to server was lost")) ||
           said.contains(QLatin1String("could not receive data from server")) ||
           said.contains(QLatin1String("could not send data to server"));
}

QString errorInWords(const QSqlDatabase &db, const QSqlError &error)
{
    const QString code = error.nativeErrorCode();
    if (db.driverName() == QLatin1String("QSQLITE")) {
        bool ok = false;
        int rc = code.toInt(&ok);
        if (!ok) {
            // A failed COMMIT comes without SQLite's code: its words name it.
            const QString said = error.databaseText().trimmed();
            if (said == QLatin1String(sqlite3_errstr(SQLITE_FULL)))
                rc = SQLITE_FULL, ok = true;
            else if (said.startsWith(QLatin1String(sqlite3_errstr(SQLITE_IOERR))))
                rc = SQLITE_IOERR, ok = true;
        }
        return ok ? sqliteInWords(rc & 0xff, db.databaseName(), error.text()) : error.text();
    }
    const QString said = error.databaseText().trimmed().isEmpty() ? error.text() : error.databaseText().trimmed();
    if (closedUnanswered(db))
        return QStringLiteral("the team store does not answer; mltco keeps trying and reconnects when it does");
    if (cutForNoAnswer(db))
        return QStringLiteral("the team store did not answer for %1 seconds, so mltco closed the connection (a "
                              "network link that stopped forwarding, or a server that stopped)")
            .arg(roundTripDeadlineSeconds());
    if (code == QLatin1String("53100")) // disk_full
        return QStringLiteral("the team store's server has no disk space left (%1)").arg(said);
    if (connectionLost(db, error))
        return said.trimmed().isEmpty() ? QStringLiteral("the connection to the team store was lost")
                                        : QStringLiteral("the connection to the team store was lost (%1)")
                                              .arg(said.simplified());
    if (code == QLatin1String("57P01") || code == QLatin1String("57P02") || code == QLatin1String("57P03"))
        return QStringLiteral("the team store's server shut down or restarted (%1)").arg(said);
    return error.text();
}

QString sqliteErrorInWords(sqlite3 *handle, const QString &what)
{
    const char *file = sqlite3_db_filename(handle, "main");
    return QStringLiteral("%1: %2").arg(what, sqliteInWords(sqlite3_errcode(handle) & 0xff,
                                                            file ? QString::fromUtf8(file) : QString(),
                                                            QString::fromUtf8(sqlite3_errmsg(handle))));
}

Error readFailure(const QSqlDatabase &db, const QString &detail, const QString &sqlState)
{
    if (db.driverName() != QLatin1String("QPSQL") || sqlState.startsWith(QLatin1String("XX")))
        return damage(detail);
    if (connectionBroken(db))
        return Error{QStringLiteral("Cannot read the team store: %1. What is shown may be out of date.")
                         .arg(errorInWords(db, QSqlError(QString(), detail, QSqlError::ConnectionError))),
                     {}};
    if (sqlState == QLatin1String("42501")) // insufficient_privilege
        return Error{QStringLiteral("Cannot read the team store: your login may not read this (%1). The store's owner "
                                    "grants reading with the mltco_reader role (docs/team-store-roles.sql).")
                         .arg(detail),
                     {}};
    return Error{QStringLiteral("Cannot read the team store: the server refused the read (%1). Nothing was changed.")
                     .arg(detail),
                 {}};
}

Error readFailure(const QSqlDatabase &db, const QSqlError &error)
{
    return readFailure(db, error.text(), error.nativeErrorCode());
}

Error damage(const QString &detail)
{
    return Error{QStringLiteral("the document is damaged: %1. Restore it from a backup; mltco will not read or write it.")
                     .arg(detail),
                 {}};
}

} // namespace mltco::store
