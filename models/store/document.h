#pragma once

#include "models/common/expected.h"

#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <memory>

namespace mltco::store {

/// Fills a freshly created document (inside one transaction) before it appears at its path.
using Initializer = std::function<Status(const QSqlDatabase &db)>;

/// One open .mltco document: a SQLite database with foreign keys on, a WAL journal,
/// `PRAGMA application_id` = kApplicationId and the schema version in `PRAGMA user_version`.
///
/// A file that is not SQLite, a SQLite file that is not a mltco document, or a document from a newer
/// schema is refused with a message naming the file and the reason, and is left byte-for-byte as it
/// was (the header is read directly before SQLite ever opens the file for writing).
class Document final
{
public:
    ~Document();
    Document(const Document &) = delete;
    Document &operator=(const Document &) = delete;

    /// Opens `path`; when no file is there, creates a new document at it (built under a temporary
    /// name and renamed into place, so a crash never leaves half a document) and runs `init` on it.
    static Expected<std::unique_ptr<Document>> open(const QString &path, const Initializer &init = {});

    /// Opens an existing document; a missing file is an error.
    static Expected<std::unique_ptr<Document>> openExisting(const QString &path);

    /// Checks that `path` holds a mltco document this build can open, without opening it for writing.
    static Status inspect(const QString &path);

    /// The default document under QStandardPaths::AppDataLocation ("default.mltco").
    static QString defaultPath();
    /// The absolute path of a document file, or a refusal in words: a document is a regular file path, never
    /// a folder, a device, a URI (`file:...`) or a name SQLite or Qt would read otherwise (`:memory:`, a
    /// resource `:/...`).
    static Expected<QString> documentPath(const QString &path);

    QSqlDatabase database() const;
    QString path() const { return m_path; }
    QString displayName() const;

    /// Writes a consistent copy of the document to `target` (VACUUM INTO a temporary file beside the
    /// target, then an atomic rename). The document stays open at its own path.
    Status copyTo(const QString &target) const;

private:
    explicit Document(QString path, QString connection);
    static Expected<std::unique_ptr<Document>> openFile(const QString &path);
    static Status create(const QString &path, const Initializer &init);

    QString m_path;
    QString m_connection;
};

} // namespace mltco::store
