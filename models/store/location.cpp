#include "models/store/location.h"

#include "models/store/dialect.h"
#include "models/store/linkwatch.h"
#include "models/store/sqlutil.h"

#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

namespace mltco::store {
namespace {

QMutex g_passwordsMutex;
QHash<QString, QString> &passwords()
{
    static QHash<QString, QString> known;
    return known;
}

constexpr int kDefaultConnectTimeoutSeconds = 10;

} // namespace

Backend backendOf(const QSqlDatabase &db)
{
    return db.driverName() == QLatin1String("QPSQL") ? Backend::PostgreSql : Backend::Sqlite;
}

bool isStoreUrl(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://"), Qt::CaseInsensitive) ||
           location.startsWith(QLatin1String("postgres://"), Qt::CaseInsensitive);
}

QStringList storeUrlOptions()
{
    return {QStringLiteral("sslmode"),
            QStringLiteral("sslrootcert"),
            QStringLiteral("sslcert"),
            QStringLiteral("sslkey"),
            QStringLiteral("sslcrl"),
            QStringLiteral("sslsni"),
            QStringLiteral("channel_binding"),
            QStringLiteral("gssencmode"),
            QStringLiteral("connect_timeout"),
            QStringLiteral("application_name"),
            QStringLiteral("target_session_attrs"),
            QStringLiteral("passfile"),
            QStringLiteral("host"),
            QStringLiteral("hostaddr"),
            QStringLiteral("keepalives")};
}

Expected<StoreAddress> parseStoreUrl(const QString &text)
{
    // Said with the address as given but never its password (user:password@ becomes user@): messages reach logs
    // and dialogs.
    static const QRegularExpression password(QStringLiteral("^([A-Za-z]+://[^:/@?#]*):[^@/?#]*@"));
    const QString shown = text.section(QLatin1Char('?'), 0, 0).replace(password, QStringLiteral("\\1@"));
    const auto refuse = [&](const QString &why) {
        return Error{QStringLiteral("Cannot open the team store \"%1\": %2").arg(shown, why), {}};
    };
    if (!isStoreUrl(text))
        return refuse(QStringLiteral("a team store's address starts with postgresql://"));
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return refuse(
            QStringLiteral("it is not a valid URL (check the characters of the user, host and database names; "
                           "write a character such as @ or / inside a name as %40 or %2F)."));
    StoreAddress a;
    a.host = url.host(QUrl::FullyDecoded);
    if (url.port() == 0)
        return refuse(QStringLiteral("the port must be between 1 and 65535."));
    a.port = url.port(5432);
    a.user = url.userName(QUrl::FullyDecoded);
    a.password = url.password(QUrl::FullyDecoded);
    a.database = url.path(QUrl::FullyDecoded).mid(1);
    if (a.database.isEmpty() || a.database.contains(QLatin1Char('/')))
        return refuse(QStringLiteral("name the database after the host, e.g. postgresql://me@db.example.com/mltco"));
    const QStringList allowed = storeUrlOptions();
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!allowed.contains(key))
            return refuse(QStringLiteral("\"%1\" is not an option mltco passes to PostgreSQL; the options are %2.")
                              .arg(key, allowed.join(QStringLiteral(", "))));
        if (value.isEmpty() || value.contains(QLatin1Char(';')) || value.contains(QLatin1Char(' ')) ||
            value.contains(QLatin1Char('\'')) || value.contains(QLatin1Char('\\')))
            return refuse(
                QStringLiteral("the option %1 needs a value without spaces, quotes, backslashes or \";\".").arg(key));
        if (key == QLatin1String("host")) {
            if (!a.host.isEmpty())
                return refuse(QStringLiteral("give the host either before the database or as ?host=, not both."));
            a.host = value;
            continue;
        }
        a.options << key + QLatin1Char('=') + value;
    }
    return a;
}

QString StoreAddress::displayUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("postgresql"));
    const bool socket = host.startsWith(QLatin1Char('/'));
    if (!socket)
        url.setHost(host);
    if (port != 5432)
        url.setPort(port);
    url.setUserName(user);
    url.setPath(QLatin1Char('/') + database);
    QUrlQuery query;
    if (socket)
        query.addQueryItem(QStringLiteral("host"), host);
    for (const QString &option : options)
        query.addQueryItem(option.section(QLatin1Char('='), 0, 0), option.section(QLatin1Char('='), 1));
    url.setQuery(query);
    return url.toString(QUrl::FullyEncoded);
}

QString StoreAddress::displayName() const
{
    return QStringLiteral("%1 on %2")
        .arg(database, host.isEmpty() || host.startsWith(QLatin1Char('/')) ? QStringLiteral("this machine") : host);
}

void rememberPassword(const QString &displayUrl, const QString &password)
{
    const QMutexLocker lock(&g_passwordsMutex);
    if (password.isEmpty())
        passwords().remove(displayUrl);
    else
        passwords().insert(displayUrl, password);
}

QString rememberedPassword(const QString &displayUrl)
{
    const QMutexLocker lock(&g_passwordsMutex);
    return passwords().value(displayUrl);
}

namespace {

/// Every statement is written for READ COMMITTED; a server set to another default must not change what they see.
Status prepareSession(const QSqlDatabase &db)
{
    // No JIT compilation: mltco's statements are short, or stream a listing whose compile time (a third of a second on
    // a million prices) the server never earns back.
    for (const char *setting : {"SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED",
                                "SET client_min_messages = warning", "SET jit = off"}) {
        if (Status s = execPlain(db, QString::fromLatin1(setting)); !s)
            return s;
    }
    return {};
}

} // namespace

QString storeConninfo(const QSqlDatabase &db)
{
    const auto quoted = [](QString value) {
        return QStringLiteral("'%1'").arg(value.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
                                               .replace(QLatin1Char('\''), QLatin1String("\\'")));
    };
    QStringList conninfo{QStringLiteral("host=") + quoted(db.hostName()),
                         QStringLiteral("port=%1").arg(db.port() > 0 ? db.port() : 5432),
                         QStringLiteral("dbname=") + quoted(db.databaseName()),
                         QStringLiteral("user=") + quoted(db.userName())};
    if (!db.password().isEmpty())
        conninfo << QStringLiteral("password=") + quoted(db.password());
    const QStringList options = db.connectOptions().split(QLatin1Char(';'), Qt::SkipEmptyParts);
    for (const QString &option : options) {
        const QString key = option.section(QLatin1Char('='), 0, 0).trimmed();
        if (key != QLatin1String("connect_timeout") && key != QLatin1String("application_name"))
            conninfo << key + QLatin1Char('=') + quoted(option.section(QLatin1Char('='), 1));
    }
    return conninfo.join(QLatin1Char(' '));
}

Status reopenStore(QSqlDatabase &db)
{
    unwatchConnection(db.connectionName());
    db.close();
    if (!db.open()) {
        const QString message = db.lastError().databaseText().trimmed();
        return Error{message.isEmpty() ? QStringLiteral("the server did not answer.") : message, {}};
    }
    markReopened(db);
    watchConnection(db, storeConninfo(db));
    return prepareSession(db);
}

Expected<QSqlDatabase> connectStore(const StoreAddress &address, const QString &connectionName)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return Error{QStringLiteral("Cannot open the team store %1: this installation has no PostgreSQL driver for Qt "
                                    "(on Debian, install libqt6sql6-psql).")
                         .arg(address.displayUrl()),
                     {}};
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
    db.setHostName(address.host);
    db.setPort(address.port);
    db.setUserName(address.user);
    db.setDatabaseName(address.database);
    const QString password = address.password.isEmpty() ? rememberedPassword(address.displayUrl()) : address.password;
    if (!password.isEmpty())
        db.setPassword(password);
    QStringList options = address.options;
    const auto given = [&](QLatin1String key) {
        return std::any_of(options.cbegin(), options.cend(),
                           [&](const QString &o) { return o.section(QLatin1Char('='), 0, 0) == key; });
    };
    if (!given(QLatin1String("connect_timeout")))
        options << QStringLiteral("connect_timeout=%1").arg(kDefaultConnectTimeoutSeconds);
    if (!given(QLatin1String("application_name")))
        options << QStringLiteral("application_name=mltco");
    db.setConnectOptions(options.join(QLatin1Char(';')));
    if (!db.open()) {
        const QString message = db.lastError().databaseText().trimmed();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connectionName);
        return Error{
            QStringLiteral("Cannot open the team store %1: %2")
                .arg(address.displayUrl(), message.isEmpty() ? QStringLiteral("the server did not answer.") : message),
            {}};
    }
    if (!address.password.isEmpty())
        rememberPassword(address.displayUrl(), address.password);
    // The client's own deadline for the server's answers (linkwatch.h): the watch asks the server through a
    // connection of its own, made as this one was.
    watchConnection(db, storeConninfo(db));
    if (Status s = prepareSession(db); !s) {
        unwatchConnection(connectionName);
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connectionName);
        return s.error();
    }
    return db;
}

Expected<QSqlDatabase> connectLocation(const QString &location, const QString &connectionName, int busyTimeoutMs)
{
    if (isStoreUrl(location)) {
        Expected<StoreAddress> address = parseStoreUrl(location);
        if (!address)
            return address.error();
        Expected<QSqlDatabase> db = connectStore(*address, connectionName);
        if (db)
            dialect::setBusyTimeout(*db, busyTimeoutMs);
        return db;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connectionName);
    db.setDatabaseName(location);
    if (!db.open()) {
        const QString message = db.lastError().text();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connectionName);
        return Error{message, {}};
    }
    for (const QString &pragma :
         {QStringLiteral("PRAGMA foreign_keys = ON"), QStringLiteral("PRAGMA synchronous = FULL"),
          QStringLiteral("PRAGMA busy_timeout = %1").arg(busyTimeoutMs)}) {
        if (Status s = execPlain(db, pragma); !s) {
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(connectionName);
            return s.error();
        }
    }
    return db;
}

void disconnectDatabase(const QString &connectionName)
{
    unwatchConnection(connectionName);
    {
        QSqlDatabase db = QSqlDatabase::database(connectionName, false);
        // Closed whatever isOpen() says: a team-store driver whose connection was lost may call itself closed while
        // it still holds the notifier of its LISTEN, which only close() frees.
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(connectionName);
}

} // namespace mltco::store
