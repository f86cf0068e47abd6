#pragma once

#include "models/common/expected.h"
#include "models/store/location.h"

#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>

namespace mltco::store {

/// Fills a freshly created document (inside one transaction) before it appears at its path.
using Initializer = std::function<Status(const QSqlDatabase &db)>;

/// Whether a document may be written. A document also opens read-only, whatever was asked, when its
/// file's permissions allow no writing (even for root) or its folder cannot be written (SQLite keeps its
/// journal beside the file).
enum class Access { ReadWrite, ReadOnly };

/// One open document: a .mltco file, or a team store on PostgreSQL (docs/team-store.md).
///
/// A file is a SQLite database with foreign keys on, a WAL journal, `PRAGMA application_id` = kApplicationId and
/// the schema version in `PRAGMA user_version`. A team store is a PostgreSQL database (its current schema, usually
/// "public") holding the same tables and a table mltco_document with the application id and schema version; writers
/// take turns through an advisory lock as SQLite's writers do, and the server's GRANTs decide who may write.
///
/// A file that is not SQLite, a SQLite file that is not a mltco document, or a document from a newer
/// schema is refused with a message naming the file and the reason, and is left byte-for-byte as it
/// was (the header is read directly before SQLite ever opens the file for writing).
///
/// A read-only document is opened through SQLite's read-only mode (`mode=ro`, or `immutable=1` when no
/// journal can be kept beside it), so no statement can change it whatever the caller does.
class Document final
{
public:
    ~Document();
    Document(const Document &) = delete;
    Document &operator=(const Document &) = delete;

    /// Opens `path`, a file path or a team store URL (`postgresql://…`); when no file is there, or the database is
    /// empty, creates a new document in it (built under a temporary
    /// name and renamed into place, so a crash never leaves half a document) and runs `init` on it.
    /// With Access::ReadOnly a missing file is an error; `reason` says why it was asked for ("it is open
    /// for editing in another mltco window") and becomes readOnlyReason().
    static Expected<std::unique_ptr<Document>> open(const QString &path, const Initializer &init = {},
                                                    Access access = Access::ReadWrite, const QString &reason = {});

    /// Opens an existing document; a missing file is an error.
    static Expected<std::unique_ptr<Document>> openExisting(const QString &path, Access access = Access::ReadWrite,
                                                            const QString &reason = {});

    /// Checks that `path` holds a mltco document this build can open, without opening it for writing.
    static Status inspect(const QString &path);

    /// The default document under QStandardPaths::AppDataLocation ("default.mltco").
    static QString defaultPath();
    /// The absolute path of a document file, or a refusal in words: a document is a regular file path, never
    /// a folder, a device, a URI (`file:...`) or a name SQLite or Qt would read otherwise (`:memory:`, a
    /// resource `:/...`).
    static Expected<QString> documentPath(const QString &path);

    QSqlDatabase database() const;
    /// The file's absolute path, or the team store's URL without a password.
    QString path() const { return m_path; }
    Backend backend() const { return m_backend; }
    bool isTeamStore() const { return m_backend == Backend::PostgreSql; }
    /// What the window's title and the reports call it: a file's name without ".mltco", "Default document" for
    /// the one the app opens by itself, a team store's database and host.
    QString displayName() const;

    bool isReadOnly() const { return !m_readOnlyReason.isEmpty(); }
    /// Why the document is read-only ("the file's permissions allow no writing"), empty when it is not.
    QString readOnlyReason() const { return m_readOnlyReason; }
    /// Ok when the document may be written; otherwise "Cannot <action> "PATH": the document is read-only
    /// (REASON). Nothing was written."
    Status checkWritable(const QString &action) const;

    /// A team store's connection made again after its link or its server failed (the window's reconnection once the
    /// store answers again): the same address and session, read-only if it was, following changes again. The reason
    /// in words when it cannot, and the connection is then left closed (setUnreachable() as before). Nothing to do for a
    /// file.
    Status reconnect();
    /// While a team store does not answer (a window's StoreProbe says so), its connection is closed, so that reads
    /// and writes fail at once in words rather than wait on the link for its deadline; checkWritable() says `why`.
    /// reconnect() lifts it.
    void setUnreachable(const QString &why);
    bool isUnreachable() const { return !m_unreachable.isEmpty(); }

    /// Writes a consistent copy of a document file to the file `target` (VACUUM INTO a temporary file beside the
    /// target, then an atomic rename). The document stays open where it is. A team store is copied table by table,
    /// which sits above the document: store::saveCopy() (models/store/copy/storecopy.h) takes either.
    Status copyTo(const QString &target) const;

private:
    explicit Document(QString path, QString connection, QString readOnlyReason, Backend backend = Backend::Sqlite,
                      QString displayName = {});
    static Expected<std::unique_ptr<Document>> openFile(const QString &path, Access access, const QString &reason);
    static Expected<std::unique_ptr<Document>> openStore(const QString &url, const Initializer *init, Access access,
                                                         const QString &reason);
    static Status create(const QString &path, const Initializer &init);

    QString m_path;
    QString m_connection;
    QString m_readOnlyReason;
    QString m_unreachable;
    Backend m_backend = Backend::Sqlite;
    QString m_displayName;
};

} // namespace mltco::store
