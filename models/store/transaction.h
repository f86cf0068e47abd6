#pragma once

#include <QSqlDatabase>
#include <QString>

namespace mltco::store {

/// RAII transaction guard: every write to a document goes through one. The transaction rolls back
/// when the guard is destroyed without a successful commit(), so an early return or a failed
/// statement never leaves half an operation behind.
class Transaction final
{
public:
    explicit Transaction(QSqlDatabase db);
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

} // namespace mltco::store
