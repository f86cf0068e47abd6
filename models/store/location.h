#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace mltco::store {

/// Where a document lives: a .mltco file, or a team store on a PostgreSQL server.
enum class Backend { Sqlite, PostgreSql };

/// The backend behind an open connection (by its Qt driver: QSQLITE or QPSQL).
Backend backendOf(const QSqlDatabase &db);

/// True for a team store's address: `postgresql://…` or `postgres://…` (as libpq writes them).
bool isStoreUrl(const QString &location);

/// A team store's address taken apart: `postgresql://[user[:password]@][host][:port]/database[?option=value&…]`.
/// The options are libpq's TLS and connection settings, passed through as given; any other option is refused,
/// so a typing slip is reported rather than ignored.
struct StoreAddress final
{
    QString host; ///< a host name or address; empty = the local socket (or the `host` option, a socket folder)
    int port = 5432;
    QString user;
    QString password; ///< from the URL itself; usually empty (libpq reads ~/.pgpass, or the keyring supplies it)
    QString database;
    QStringList options; ///< libpq "key=value" settings, e.g. sslmode=verify-full

    /// The address as a URL without its password: what is shown, remembered and written in messages.
    QString displayUrl() const;
    /// "database on host" for window titles.
    QString displayName() const;
};

/// The libpq options a URL may carry.
QStringList storeUrlOptions();

/// Parses a team store's URL; a refusal says what is wrong in words.
Expected<StoreAddress> parseStoreUrl(const QString &url);

/// Opens a new Qt connection named `connectionName` to `address` (the QPSQL driver). A password given here, or one
/// remembered for the address earlier in this process (rememberPassword), is used; otherwise libpq looks in
/// ~/.pgpass (or PGPASSFILE). On failure the connection is removed again and the error names the server.
Expected<QSqlDatabase> connectStore(const StoreAddress &address, const QString &connectionName);

/// The libpq connection string of a connection made by connectStore(): host, port, database, user, password and the
/// URL's own options. What the link watch and a StoreProbe connect with.
QString storeConninfo(const QSqlDatabase &db);

/// Closes a connection made by connectStore() and opens it again with the same settings (a window reconnecting after
/// the link or the server failed); the link watch follows the new socket. The reason in words when it cannot.
Status reopenStore(QSqlDatabase &db);

/// Keeps a password for `displayUrl` in this process's memory only, so that worker threads opening their own
/// connections to the same store need not ask again. Never written anywhere. An empty password forgets it.
void rememberPassword(const QString &displayUrl, const QString &password);
QString rememberedPassword(const QString &displayUrl);

/// Opens a connection to `location`, a .mltco file path or a team store URL, on the calling thread (an import's
/// writer, a background listing). A file is opened for writing with foreign keys on, waiting up to `busyTimeoutMs`
/// for another writer.
Expected<QSqlDatabase> connectLocation(const QString &location, const QString &connectionName, int busyTimeoutMs);

/// Closes and removes a connection made by connectStore() or connectLocation().
void disconnectDatabase(const QString &connectionName);

} // namespace mltco::store
