#include "models/store/document.h"

#include "models/store/dialect.h"
#include "models/store/linkwatch.h"
#include "models/store/schema.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <QUuid>
#include <QtEndian>

#include <cstdio>

namespace mltco::store {
namespace {

constexpr char kSqliteMagic[] = "SQLite format 3";
constexpr int kHeaderSize = 100;
constexpr int kUserVersionOffset = 60;
constexpr int kApplicationIdOffset = 68;

QString nativeName(const QString &path) { return QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()); }

Error refusal(const QString &path, const QString &reason)
{
    return Error{QStringLiteral("Cannot open \"%1\": %2").arg(nativeName(path), reason), {}};
}

QString newConnectionName() { return QStringLiteral("mltco-") + QUuid::createUuid().toString(QUuid::WithoutBraces); }

// How SQLite is to open a file: for writing, read-only (seeing other programs' commits), or immutable
// (read-only with no journal or shared-memory file beside it, for a folder that cannot be written).
enum class OpenMode { ReadWrite, ReadOnly, Immutable };

Expected<QSqlDatabase> connect(const QString &connection, const QString &path, OpenMode mode = OpenMode::ReadWrite)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    if (mode == OpenMode::ReadWrite) {
        db.setDatabaseName(path);
    } else {
        // A URI (percent-encoded, so '?', '#' and '%' in a path stay part of it) carries SQLite's own
        // read-only mode: no statement on this connection can write, whatever the caller does.
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
        db.setDatabaseName(QString::fromLatin1(QUrl::fromLocalFile(path).toEncoded()) +
                           (mode == OpenMode::Immutable ? QStringLiteral("?mode=ro&immutable=1")
                                                        : QStringLiteral("?mode=ro")));
    }
    if (!db.open()) {
        const QString message = db.lastError().text();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connection);
        return Error{message, {}};
    }
    return db;
}

// The page cache a document works with (see configure()), and the small one its integrity check reads through: the
// check reads every page once, and through the large cache it spent half its time allocating pages it never reads
// again (0.41 s against 0.27 s for a million prices).
constexpr int kDocumentPageSize = 32768; // bytes, for documents created from now on (see create())
constexpr char kWorkingCache[] = "PRAGMA cache_size = -32768";
constexpr char kCheckCache[] = "PRAGMA cache_size = -2000";

Status configure(const QSqlDatabase &db, bool readOnly)
{
    // A 32 MiB page cache (SQLite's default is 2 MiB; pages are allocated as they are read): listing a million
    // prices in the order of their index reads the table's pages out of order, and with the default cache it spent
    // a third of its time reading pages again.
    QStringList pragmas{QStringLiteral("PRAGMA foreign_keys = ON"), QStringLiteral("PRAGMA busy_timeout = %1").arg(kBusyTimeoutMs),
                        QLatin1String(kWorkingCache)};
    if (!readOnly) // the journal mode is a write to the file's header
        pragmas << QStringLiteral("PRAGMA journal_mode = WAL") << QStringLiteral("PRAGMA synchronous = FULL");
    for (const QString &pragma : std::as_const(pragmas)) {
        if (Status s = execPlain(db, pragma); !s)
            return s;
    }
    return {};
}

// Why a file can only be read, whoever asks: its permissions allow nobody to write it (root included, who
// could write it anyway: a `chmod 444` is a statement), or SQLite cannot keep its journal beside it.
QString readOnlyReasonOf(const QFileInfo &file)
{
    // (WriteUser is left out: for root it is always set.)
    constexpr auto anyWrite = QFile::WriteOwner | QFile::WriteGroup | QFile::WriteOther;
    if (!(file.permissions() & anyWrite) || !file.isWritable())
        return QStringLiteral("the file is read-only");
    const QFileInfo folder(file.absolutePath());
    if (!folder.isWritable())
        return QStringLiteral("its folder %1 cannot be written, and SQLite keeps its journal there")
            .arg(QDir::toNativeSeparators(folder.absoluteFilePath()));
    return {};
}

// PRAGMA quick_check: "ok", or up to a few lines saying what is wrong. A failure to run it at all (a page
// that cannot be read) is damage too.
Status checkIntact(const QSqlDatabase &db)
{
    // Where the schema itself cannot be read this fails too: the check below then says so as damage.
    const bool smallCache = bool(execPlain(db, QLatin1String(kCheckCache)));
    const auto restore = qScopeGuard([&db, smallCache] {
        if (smallCache)
            (void)execPlain(db, QLatin1String(kWorkingCache));
    });
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA quick_check(5)")))
        return Error{QStringLiteral("the document is damaged: %1. Restore it from a backup; mltco will not read or "
                                    "write it.")
                         .arg(q.lastError().text()),
                     {}};
    QStringList problems;
    while (q.next())
        problems << q.value(0).toString();
    if (q.lastError().isValid())
        problems << q.lastError().text();
    if (problems == QStringList{QStringLiteral("ok")})
        return {};
    return Error{QStringLiteral("the document is damaged (%1). Restore it from a backup; mltco will not read or write "
                                "it.")
                     .arg(problems.join(QStringLiteral("; "))),
                 {}};
}

// checkIntact() through a read-only connection of its own, for a document opened for writing: SQLite reads every page
// about twice as fast there (0.25 s against 0.45 s for a million prices). The document's own connection checks when
// that one cannot be opened.
Status checkIntactReadOnly(const QString &path, const QSqlDatabase &own)
{
    const QString checker = newConnectionName();
    Status intact;
    {
        Expected<QSqlDatabase> readOnly = connect(checker, path, OpenMode::ReadOnly);
        if (!readOnly)
            return checkIntact(own);
        intact = checkIntact(*readOnly);
    }
    disconnectDatabase(checker);
    return intact;
}

} // namespace

Document::Document(QString path, QString connection, QString readOnlyReason, Backend backend, QString displayName)
    : m_path(std::move(path)), m_connection(std::move(connection)), m_readOnlyReason(std::move(readOnlyReason)),
      m_backend(backend), m_displayName(std::move(displayName))
{
}

Document::~Document() { disconnectDatabase(m_connection); }

QSqlDatabase Document::database() const { return QSqlDatabase::database(m_connection, false); }

QString Document::displayName() const
{
    if (m_backend == Backend::PostgreSql)
        return m_displayName;
    // The document the app opens by itself lives in a hidden folder; its users know it by what the app calls it.
    if (QFileInfo(m_path).absoluteFilePath() == QFileInfo(defaultPath()).absoluteFilePath())
        return QStringLiteral("Default document");
    return QFileInfo(m_path).completeBaseName();
}

QString Document::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/default.mltco");
}

Expected<QString> Document::documentPath(const QString &path)
{
    if (path.trimmed().isEmpty())
        return Error{QStringLiteral("A document needs a file name."), {}};
    // Said with the text as given: resolving it as a path is exactly what must not happen.
    const auto asGiven = [&](const QString &reason) {
        return Error{QStringLiteral("Cannot open \"%1\": %2").arg(path, reason), {}};
    };
    if (path.startsWith(QLatin1Char(':')))
        return asGiven(QStringLiteral("a document is a file path; a name starting with \":\" is an in-memory "
                                      "database or a resource, not a file."));
    if (path.startsWith(QLatin1String("file:"), Qt::CaseInsensitive) || path.contains(QLatin1String("://")))
        return asGiven(QStringLiteral("a document is a file path, not a URI; give the path itself (e.g. "
                                      "/home/me/plans/team.mltco)."));
    const QFileInfo info(path);
    if (path.endsWith(QLatin1Char('/')) || info.isDir())
        return refusal(path, QStringLiteral("it is a folder; give the path of a .mltco file."));
    if (info.exists() && !info.isFile())
        return refusal(path, QStringLiteral("it is not a regular file (a device, pipe or socket)."));
    return QDir::cleanPath(info.absoluteFilePath());
}

Status Document::inspect(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return refusal(path, QStringLiteral("the file does not exist."));
    if (!file.open(QIODevice::ReadOnly))
        return refusal(path, QStringLiteral("the file cannot be read (%1).").arg(file.errorString()));
    const QByteArray header = file.read(kHeaderSize);
    if (header.isEmpty())
        return refusal(path, QStringLiteral("the file is empty, so it is not a mltco document."));
    if (header.size() < kHeaderSize || !header.startsWith(QByteArray(kSqliteMagic)))
        return refusal(path, QStringLiteral("it is not a mltco document (not a SQLite database)."));
    const auto *bytes = reinterpret_cast<const uchar *>(header.constData());
    const auto applicationId = qFromBigEndian<qint32>(bytes + kApplicationIdOffset);
    const auto userVersion = qFromBigEndian<qint32>(bytes + kUserVersionOffset);
    if (applicationId != kApplicationId)
        return refusal(path, QStringLiteral("it is a SQLite database but not a mltco document."));
    if (userVersion > kNewestFileSchemaRead)
        return refusal(path, QStringLiteral("it was saved by a newer version of mltco (document version %1; this "
                                            "version reads up to %2). Open it with a newer mltco.")
                                 .arg(userVersion)
                                 .arg(kNewestFileSchemaRead));
    return {};
}

Expected<std::unique_ptr<Document>> Document::open(const QString &given, const Initializer &init, Access access,
                                                   const QString &reason)
{
    if (isStoreUrl(given))
        return openStore(given, &init, access, reason);
    const Expected<QString> path = documentPath(given);
    if (!path)
        return path.error();
    if (!QFileInfo::exists(*path)) {
        if (access == Access::ReadOnly)
            return refusal(*path, QStringLiteral("the file does not exist."));
        if (Status s = create(*path, init); !s)
            return s.error();
    }
    return openFile(*path, access, reason);
}

Expected<std::unique_ptr<Document>> Document::openExisting(const QString &given, Access access, const QString &reason)
{
    if (isStoreUrl(given))
        return openStore(given, nullptr, access, reason);
    const Expected<QString> path = documentPath(given);
    if (!path)
        return path.error();
    if (!QFileInfo::exists(*path))
        return refusal(*path, QStringLiteral("the file does not exist."));
    return openFile(*path, access, reason);
}

Status Document::checkWritable(const QString &action) const
{
    if (!m_unreachable.isEmpty())
        return Error{QStringLiteral("Cannot %1 %2: the team store is unreachable (%3). Nothing was written; mltco "
                                    "keeps trying and says when it is back.")
                         .arg(action, m_path, m_unreachable),
                     {}};
    if (!isReadOnly())
        return {};
    return Error{
        QStringLiteral("Cannot %1 \"%2\": the document is read-only (%3). Nothing was written.")
            .arg(action, m_backend == Backend::Sqlite ? QDir::toNativeSeparators(m_path) : m_path, m_readOnlyReason),
        {}};
}

Expected<std::unique_ptr<Document>> Document::openFile(const QString &path, Access access, const QString &reason)
{
    if (Status s = inspect(path); !s)
        return s.error();

    const QFileInfo info(path);
    OpenMode mode = OpenMode::ReadWrite;
    QString readOnlyReason = readOnlyReasonOf(info);
    if (!readOnlyReason.isEmpty()) {
        // Nobody writes this file, so nothing needs to be kept beside it: immutable, unless a journal of
        // an earlier writer is there and must be read (SQLite then reads it without writing).
        mode = QFileInfo::exists(path + QStringLiteral("-wal")) ? OpenMode::ReadOnly : OpenMode::Immutable;
    } else if (access == Access::ReadOnly) {
        readOnlyReason = reason.isEmpty() ? QStringLiteral("opened read-only") : reason;
        mode = OpenMode::ReadOnly; // others may write it: their commits stay visible
    }

    const QString connection = newConnectionName();
    Expected<QSqlDatabase> db = connect(connection, path, mode);
    if (!db)
        return refusal(path, db.error().message);
    std::unique_ptr<Document> doc(new Document(info.absoluteFilePath(), connection, readOnlyReason));
    const Status checked = [&]() -> Status {
        // The header check above saw the main file; the authoritative values may sit in the WAL.
        const Expected<qint64> appId = queryInt(*db, QStringLiteral("PRAGMA application_id"));
        const Expected<qint64> version = queryInt(*db, QStringLiteral("PRAGMA user_version"));
        if (!appId || !version)
            return (appId ? version.error() : appId.error());
        if (*appId != kApplicationId)
            return Error{QStringLiteral("it is a SQLite database but not a mltco document."), {}};
        if (*version > kNewestFileSchemaRead)
            return Error{QStringLiteral("it was saved by a newer version of mltco (document version %1; this "
                                        "version reads up to %2). Open it with a newer mltco.")
                             .arg(*version)
                             .arg(kNewestFileSchemaRead),
                         {}};
        if (Status s = configure(*db, mode != OpenMode::ReadWrite); !s) {
            // Damage where SQLite reads the schema (the first pages) fails the first statement: said as damage.
            if (Status intact = checkIntact(*db); !intact)
                return intact;
            return s;
        }
        // A damaged file is refused before anything reads it as empty or writes into it (quick_check reads
        // every page: about 0.2 s for a million prices, see docs/benchmarks.md).
        if (Status s = mode == OpenMode::ReadWrite ? checkIntactReadOnly(path, *db) : checkIntact(*db); !s)
            return s;
        if (mode != OpenMode::ReadWrite && *version < kFileSchemaVersion)
            return Error{QStringLiteral("it was saved by an older version of mltco and must be upgraded before it "
                                        "can be read, which a read-only document cannot be; copy it somewhere "
                                        "writable first."),
                         {}};
        if (mode != OpenMode::ReadWrite || *version >= kFileSchemaVersion)
            return {};
        // Every step of the upgrade in one transaction: a step the file cannot take (a damaged older document) leaves
        // it as it was, refused, never half upgraded (the fuzzer's finding, tests/fuzz/regressions/document).
        Transaction tx(*db);
        if (!tx.isActive())
            return Error{QStringLiteral("the upgrade to this version of mltco could not start: %1").arg(tx.errorString()),
                         {}};
        if (Status s = upgradeSchema(*db, static_cast<int>(*version), SchemaSteps::InCallersTransaction); !s)
            return s; // rolled back with `tx`
        if (!tx.commit())
            return Error{QStringLiteral("the upgrade to this version of mltco could not be saved: %1").arg(tx.errorString()),
                         {}};
        return {};
    }();
    // Let go of this handle first: a refused document's connection is removed with it.
    *db = QSqlDatabase();
    if (!checked)
        return refusal(path, checked.error().message);
    return doc;
}

Status Document::create(const QString &path, const Initializer &init)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return refusal(path, QStringLiteral("the folder %1 cannot be created.").arg(info.absolutePath()));
    const QString temp = info.absolutePath() + QStringLiteral("/.") + info.fileName() + QStringLiteral(".creating-") +
                         QUuid::createUuid().toString(QUuid::Id128).left(8);
    const QString connection = newConnectionName();
    Status result = [&]() -> Status {
        Expected<QSqlDatabase> db = connect(connection, temp);
        if (!db)
            return Error{db.error().message, {}};
        // Set before the first table: a file's page size is fixed once it holds one (documents made before this
        // keep SQLite's 4 KiB). A catalog is mostly one large table read and written in long runs: with 32 KiB pages
        // a million-price import writes, checksums and copies an eighth of the pages of 4 KiB ones (2.48 s against
        // 2.85 s), and listing it reads a fifth faster (2.11 s against 2.67 s; docs/benchmarks.md).
        if (Status s = execPlain(*db, QStringLiteral("PRAGMA page_size = %1").arg(kDocumentPageSize)); !s)
            return s;
        if (Status s = execPlain(*db, QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId)); !s)
            return s;
        if (Status s = execPlain(*db, QStringLiteral("PRAGMA foreign_keys = ON")); !s)
            return s;
        if (Status s = upgradeSchema(*db, 0); !s)
            return s;
        if (init) {
            Transaction tx(*db);
            if (Status s = init(*db); !s)
                return s;
            if (!tx.commit())
                return Error{tx.errorString(), {}};
        }
        return checkpointFully(*db);
    }();
    disconnectDatabase(connection);
    if (result && QFileInfo(temp + QStringLiteral("-wal")).size() > 0)
        result = Error{QStringLiteral("its write-ahead log was not emptied when it was closed."), {}};
    if (result && std::rename(QFile::encodeName(temp).constData(), QFile::encodeName(path).constData()) != 0)
        result = Error{QStringLiteral("the new document could not be moved into place."), {}};
    if (!result) {
        for (const char *suffix : {"", "-journal", "-wal", "-shm"})
            QFile::remove(temp + QLatin1String(suffix));
        return Error{QStringLiteral("Cannot create \"%1\": %2").arg(nativeName(path), result.error().message),
                     result.error().details};
    }
    return {};
}

Expected<std::unique_ptr<Document>> Document::openStore(const QString &url, const Initializer *init, Access access,
                                                        const QString &reason)
{
    Expected<StoreAddress> address = parseStoreUrl(url);
    if (!address)
        return address.error();
    const QString shown = address->displayUrl();
    const auto refuse = [&](const QString &why) {
        return Error{QStringLiteral("Cannot open the team store %1: %2").arg(shown, why), {}};
    };
    const QString connection = newConnectionName();
    Expected<QSqlDatabase> db = connectStore(*address, connection);
    if (!db)
        return db.error();
    std::unique_ptr<Document> doc(new Document(shown, connection, {}, Backend::PostgreSql, address->displayName()));
    const Status checked = [&]() -> Status {
        Expected<dialect::SchemaMark> mark = dialect::readSchemaMark(*db);
        if (!mark)
            return mark.error();
        if (mark->isEmpty || (mark->isMltco && mark->version < kStoreSchemaVersion)) {
            if (mark->isEmpty && !init)
                return Error{QStringLiteral("the database %1 holds no mltco store yet. Copy a document into it "
                                            "(mltco-cli store copy FILE URL) or open it to create one.")
                                 .arg(address->database),
                             {}};
            if (access == Access::ReadOnly)
                return Error{mark->isEmpty
                                 ? QStringLiteral("the database %1 holds no mltco store yet, and a store opened "
                                                  "read-only cannot be created.")
                                       .arg(address->database)
                                 : QStringLiteral("it was written by an older version of mltco and must be "
                                                  "upgraded, which a read-only connection cannot do."),
                             {}};
            if (QString role = mark->isEmpty ? dialect::cannotCreate(*db) : dialect::readOnlyRole(*db); !role.isEmpty())
                return Error{QStringLiteral("it %1, and %2.")
                                 .arg(mark->isEmpty ? QStringLiteral("holds no mltco store yet")
                                                    : QStringLiteral("must be upgraded to this version of mltco"),
                                      role),
                             {}};
            // Created or upgraded in one transaction (PostgreSQL's DDL is transactional), under the writers' lock:
            // a second client doing the same at the same moment waits, then finds the work done.
            Transaction tx(*db);
            if (!tx.isActive())
                return Error{tx.errorString(), {}};
            Expected<dialect::SchemaMark> again = dialect::readSchemaMark(*db);
            if (!again)
                return again.error();
            if (again->isEmpty) {
                if (Status s = dialect::markNew(*db); !s)
                    return s;
                if (Status s = upgradeSchema(*db, 0, SchemaSteps::InCallersTransaction); !s)
                    return s;
                if (init && *init) {
                    if (Status s = (*init)(*db); !s)
                        return s;
                }
            } else if (again->isMltco && again->version < kStoreSchemaVersion) {
                if (Status s = upgradeSchema(*db, again->version, SchemaSteps::InCallersTransaction); !s)
                    return s;
            }
            if (!tx.commit())
                return Error{tx.errorString(), {}};
            mark = dialect::readSchemaMark(*db);
            if (!mark)
                return mark.error();
        }
        if (!mark->isMltco)
            return Error{QStringLiteral("the database %1 belongs to another application (it holds tables but no "
                                        "mltco_document); mltco leaves it as it is. Give the name of an empty database "
                                        "or of a mltco store.")
                             .arg(address->database),
                         {}};
        if (mark->version > kStoreSchemaVersion)
            return Error{QStringLiteral("it was written by a newer version of mltco (store version %1; this version "
                                        "reads up to %2). Use a newer mltco.")
                             .arg(mark->version)
                             .arg(kStoreSchemaVersion),
                         {}};
        QString readOnly = access == Access::ReadOnly ? (reason.isEmpty() ? QStringLiteral("opened read-only") : reason)
                                                      : dialect::readOnlyRole(*db);
        if (!readOnly.isEmpty()) {
            // The server refuses every write of this session from now on, whatever the caller does.
            if (Status s = execPlain(*db, QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")); !s)
                return s;
            doc->m_readOnlyReason = readOnly;
        }
        // A read-only standby cannot LISTEN: its window then shows the store without following changes.
        if (Status s = dialect::subscribeToChanges(*db); !s && doc->m_readOnlyReason.isEmpty())
            return s;
        return {};
    }();
    *db = QSqlDatabase();
    if (!checked)
        return refuse(checked.error().message);
    return doc;
}

void Document::setUnreachable(const QString &why)
{
    if (m_backend != Backend::PostgreSql || why.isEmpty())
        return;
    m_unreachable = why;
    QSqlDatabase db = database();
    closeWithoutWaiting(db);
}

Status Document::reconnect()
{
    if (m_backend != Backend::PostgreSql)
        return {};
    QSqlDatabase db = database();
    const Status reopened = [&]() -> Status {
        if (Status s = reopenStore(db); !s)
            return s;
        if (!m_readOnlyReason.isEmpty()) {
            if (Status s = execPlain(db, QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")); !s)
                return s;
        }
        if (Status s = dialect::subscribeToChanges(db); !s && m_readOnlyReason.isEmpty())
            return s;
        return {};
    }();
    if (!reopened) {
        // Opened but not set up as it was (read-only, following changes): never used half-made.
        closeWithoutWaiting(db);
        return Error{QStringLiteral("Cannot reconnect to the team store %1: %2").arg(m_path, reopened.error().message),
                     reopened.error().details};
    }
    m_unreachable.clear();
    return {};
}

Status Document::copyTo(const QString &given) const
{
    if (m_backend == Backend::PostgreSql)
        return Error{QStringLiteral("Cannot save to \"%1\": a team store is copied to a file table by table "
                                    "(store::saveCopy).")
                         .arg(nativeName(given)),
                     {}};
    const Expected<QString> checked = documentPath(given);
    if (!checked)
        return Error{QStringLiteral("Cannot save to \"%1\": %2").arg(nativeName(given), checked.error().message), {}};
    const QString &target = *checked;
    const QFileInfo info(target);
    if (info.absoluteFilePath() == QFileInfo(m_path).absoluteFilePath())
        return {};
    if (!QDir().mkpath(info.absolutePath()))
        return Error{QStringLiteral("Cannot save to \"%1\": the folder cannot be created.").arg(nativeName(target)), {}};
    const QString temp = info.absolutePath() + QStringLiteral("/.") + info.fileName() + QStringLiteral(".saving-") +
                         QUuid::createUuid().toString(QUuid::Id128).left(8);
    QSqlQuery vacuum(database());
    if (!vacuum.prepare(QStringLiteral("VACUUM INTO ?")) || (vacuum.addBindValue(temp), !vacuum.exec())) {
        // The copy is written on the target's disk, so a full disk is that one.
        const QSqlError error = vacuum.lastError();
        vacuum = QSqlQuery();
        QFile::remove(temp);
        const QString why = error.nativeErrorCode() == QLatin1String("13") ? diskFull(target) + QStringLiteral(". Nothing was written under that name.")
                                                                           : errorInWords(database(), error);
        return Error{QStringLiteral("Cannot save to \"%1\": %2").arg(nativeName(target), why), {}};
    }
    if (std::rename(QFile::encodeName(temp).constData(), QFile::encodeName(target).constData()) != 0) {
        QFile::remove(temp);
        return Error{QStringLiteral("Cannot save to \"%1\": the file could not be replaced.").arg(nativeName(target)), {}};
    }
    return {};
}

} // namespace mltco::store
