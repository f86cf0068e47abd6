#pragma once

#include <QSqlDatabase>
#include <QString>

namespace mltco::store {

/// How long a writer waits for another one to finish before giving up with a message (PRAGMA busy_timeout).
inline constexpr int kBusyTimeoutMs = 30000;

/// Which writers take turns with which. A file has one write lock whatever is written. A team store has one for
/// plans apart from the rest, so that saving a plan never waits behind a colleague's import: a plan save checks its
/// own revision, whatever else is being written.
enum class WriteLock { Document, Plans };

/// RAII transaction guard: every write to a document goes through one. It begins IMMEDIATE, so writers
/// from several processes take turns (each waits up to kBusyTimeoutMs). The transaction rolls back when the
/// guard is destroyed without a successful commit(), so an early return or a failed statement never leaves
/// half an operation behind.
class Transaction final
{
public:
    explicit Transaction(QSqlDatabase db, WriteLock lock = WriteLock::Document);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    /// False when BEGIN failed (see errorString()); the caller must not write then.
    bool isActive() const { return m_active; }
    bool commit();
    void rollback();
    QString errorString() const { return m_error; }

private:
    QSqlDatabase m_db;
    bool m_active = false;
    QString m_error;
};

/// RAII savepoint inside a transaction the caller holds: one part of a larger write (one file of an update that
/// lands several in one transaction) that can be undone alone. Destroyed without release(), it rolls its part back
/// and leaves the rest of the transaction as it was.
class Savepoint final
{
public:
    explicit Savepoint(QSqlDatabase db);
    ~Savepoint();
    Savepoint(const Savepoint &) = delete;
    Savepoint &operator=(const Savepoint &) = delete;

    bool isActive() const { return m_active; }
    /// Keeps the part in the enclosing transaction (committed or not with it).
    bool release();
    QString errorString() const { return m_error; }

private:
    QSqlDatabase m_db;
    QString m_name;
    bool m_active = false;
    QString m_error;
};

} // namespace mltco::store
